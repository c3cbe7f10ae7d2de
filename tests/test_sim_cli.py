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
    assert "<svg" in (tmp_path / "mb.svg").read_text()
    frame = pd.read_parquet(rows)
    assert len(frame) == 400 and (frame["winner"] == 0).all()
    assert {"points_0", "points_1", "ranking_1", "length"} <= set(frame.columns)


def test_simulate_legend_names_the_cars_and_writes_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = tmp_path / "legend.csv"
    code = main(["simulate", "legend", "--n", "6", "--laps", "1", "--circuit", "example",
                 "--cars", "bugatti_type_35,alfa_8c_2300,mercedes_ssk", "--neutral", "2",
                 "--out", str(rows)])
    out = capsys.readouterr().out
    assert code == 0
    for car in ("bugatti_type_35", "alfa_8c_2300", "mercedes_ssk"):
        assert car in out
    frame = pd.read_csv(rows)
    assert len(frame) == 6 and list(frame["car_seat_2"].unique()) == [-1]


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


def test_wilson_interval_matches_known_values() -> None:
    # 50 of 100: 40.4%–59.6% (Wilson, z = 1.96).
    low, high = sim_report.wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert sim_report.wilson(0, 10)[0] == 0.0 and sim_report.wilson(10, 10)[1] == 1.0
