"""`autodromo simulate`: the summary table, the plot files and the raw rows."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from autodromo import sim_report
from autodromo.cli import main


def test_simulate_prints_win_rates_with_intervals_and_writes_plot_and_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stem, rows = tmp_path / "mb", tmp_path / "mb.parquet"
    code = main(["simulate", "mille_bornes", "--n", "400", "--players", "2",
                 "--policy", "heuristic,random", "--plot", str(stem), "--out", str(rows)])
    out = capsys.readouterr().out
    assert code == 0
    assert "mille_bornes: 400 games, seed 0" in out
    # Every game goes to the heuristic: 400 wins, a Wilson interval that stops at 100%.
    assert "heuristic" in out and "100.0% [ 99.0, 100.0]%" in out
    assert "length (hands)" in out
    assert (tmp_path / "mb.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = (tmp_path / "mb.svg").read_text()
    # The bars at 100% and 0% say their figures; the panels count games of hands, not races.
    assert "100.0%  (99.0–100.0)" in svg and "0.0%  (0.0–1.0)" in svg
    assert "finishing places" in svg and "mean 1.00" in svg and "points at the end of the game" in svg
    assert ">hands<" in svg and ">games<" in svg and "races" not in svg
    frame = pd.read_parquet(rows)
    assert len(frame) == 400 and (frame["winner"] == 0).all()
    assert {"points_0", "points_1", "ranking_1", "length"} <= set(frame.columns)


def test_simulate_legend_names_the_cars_and_writes_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = tmp_path / "legend.csv"
    code = main(["simulate", "legend", "--n", "6", "--laps", "1", "--circuit", "example",
                 "--cars", "bugatti_type_35,alfa_8c_2300,mercedes_ssk", "--neutral", "3",
                 "--out", str(rows)])
    out = capsys.readouterr().out
    assert code == 0
    for car in ("Bugatti Type 35", "Alfa Romeo 8C 2300", "Mercedes-Benz SSK"):
        assert car in out
    frame = pd.read_csv(rows)
    assert len(frame) == 6 and list(frame["car_seat_2"].unique()) == [2]
    # The seat the book's rules drive says so, with its crashes, wear and retirements.
    neutral = next(line for line in out.splitlines() if line.startswith("Mercedes-Benz SSK"))
    assert "Neutral Car" in neutral and "nan" not in neutral


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--out", "rows.txt"], "write .csv or .parquet"),
        (["--policy", "oracle"], "unknown policy"),
        (["--n", "-3"], "--n must be"),
        (["--option", "players=99"], "players"),
    ],
)
def test_bad_arguments_exit_2_with_the_reason(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "mille_bornes", "--n", "3", *args]) == 2
    assert message in capsys.readouterr().err


def test_a_legend_plot_shows_places_and_finish_times_in_races(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stem = tmp_path / "legend"
    assert main(["simulate", "legend", "--n", "4", "--laps", "1", "--circuit", "example",
                 "--cars", "bugatti_type_35,alfa_8c_2300", "--plot", str(stem)]) == 0
    svg = (tmp_path / "legend.svg").read_text()
    assert "game turn of the finish" in svg and "finishing places" in svg
    assert ">races<" in svg and ">game turns<" in svg and "games" not in svg


@pytest.mark.parametrize("flag", ["--out", "--plot"])
def test_an_output_into_a_missing_folder_is_refused_before_the_run(
    flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no" / "such" / ("rows.csv" if flag == "--out" else "wins")
    assert main(["simulate", "mille_bornes", "--n", "50", "--players", "2", flag, str(target)]) == 2
    out, err = capsys.readouterr()
    assert f"{flag}: no folder" in err and str(tmp_path / "no" / "such") in err
    assert out == "", "the summary is printed after a run: there must have been none"


def test_wilson_interval_matches_known_values() -> None:
    # 50 of 100: 40.4%–59.6% (Wilson, z = 1.96).
    low, high = sim_report.wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert sim_report.wilson(0, 10)[0] == 0.0 and sim_report.wilson(10, 10)[1] == 1.0


def header_of(out: str, first: str) -> list[str]:
    line = next(line for line in out.splitlines() if line.startswith(first))
    return line.split()


def test_tables_show_a_games_meaningful_columns_with_full_names_and_say_what_they_mean(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Issue 35: Mille Bornes printed crashes and wear (always 0), Lamborghini money in the short
    # game (always 0) and crashes beside wear (the same damages), names cut at 22 characters
    # under "seat", and "mean position" unexplained.
    assert main(["simulate", "mille_bornes", "--n", "20", "--players", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    head = header_of(out, "seat ")
    assert "crashes" not in head and "wear" not in head and "retired" not in head and "points" in head
    assert "mean place: 1 = first, 2 = last" in out
    assert main(["simulate", "lamborghini", "--n", "6", "--players", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    head = header_of(out, "seat ")
    assert "money" not in head and "crashes" not in head and "damages" in head
    assert main(["simulate", "legend", "--n", "4", "--laps", "1", "--circuit", "example", "--no-progress",
                 "--cars", "alfa_8c_2300,bugatti_type_35"]) == 0
    out = capsys.readouterr().out
    assert header_of(out, "car ")[0] == "car"
    assert "Alfa Romeo 8C 2300 Mille Miglia" in out, "the whole name, past 22 characters"
    assert "crashes: mean a race, per car" in out


def test_a_formula90_table_counts_the_robots(capsys: pytest.CaptureFixture[str]) -> None:
    # The issue: "wins 200, 100.0%, mean place 1.00" for a random car 8.9th of 9 on average.
    assert main(["simulate", "formula90", "--players", "1", "--n", "60", "--policy", "random", "--no-progress"]) == 0
    out = capsys.readouterr().out
    blue = header_of(out, "Blue ")
    assert blue[:3] == ["Blue", "random", "0"] and float(blue[7]) > 8
    assert "won by a car no seat drives (a robot): 60 races (100.0%)" in out
    assert "first of the whole field (9 cars, every car counted)" in out and "9 = last" in out
    assert "position" not in out and "crashes" not in out
