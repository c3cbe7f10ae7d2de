"""autodromo balance: every car through every seat with the same bot, one HTML report."""

from __future__ import annotations

import base64
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest

from autodromo import content
from autodromo.balance import balance, write
from autodromo.cli import main
from autodromo.legend.racing_day import cars


def embedded_pngs(html: str) -> list[bytes]:
    return [base64.b64decode(m) for m in re.findall(r"src='data:image/png;base64,([A-Za-z0-9+/=]+)'", html)]


def test_legend_rotates_every_car_through_every_seat_and_reports_each(tmp_path: Path) -> None:
    b = balance("legend", circuits=["example"], n=36, laps=1, field=4, seed=2)
    entries = b.entries["example"]
    roster = [c["name"] for c in cars()]
    assert sorted(e.name for e in entries) == sorted(roster)
    # Each block deals every car into every one of the 4 seats once: the same count for all.
    assert len({e.races for e in entries}) == 1 and entries[0].races > 0
    races = len(b.lengths["example"])
    assert entries[0].races * len(roster) == races * 4
    assert sum(e.wins for e in entries) >= races, "every race has a winner"
    for e in entries:
        assert len(e.times) + e.unfinished == e.races and len(e.wear) == len(e.times)
    html = write(b, tmp_path / "report.html", tmp_path).read_text()
    assert "Circuito dell&#x27;Esempio" in html
    for name in roster:
        assert f"<td>{name}</td>" in html.replace("&#x27;", "'")
    pngs = embedded_pngs(html)
    assert len(pngs) == 1 and pngs[0][:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "balance_legend.png").read_bytes() == pngs[0]
    for column in ("win rate (95%)", "mean place (95%)", "median finish turn", "mean wear at the finish",
                   "out after a crash", "out with no crash", "running at the end"):
        assert f"<th>{column}</th>" in html, column


def test_the_cli_writes_a_lamborghini_report_by_car_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "lambo.html"
    assert main(["balance", "lamborghini", "--circuit", "sant_agata", "--n", "40", "--out", str(out)]) == 0
    html = out.read_text().replace("&#x27;", "'")
    assert "Circuito di Sant'Agata" in html
    cards = tomllib.loads((content.directory("lamborghini") / "cards.toml").read_text(encoding="utf-8"))
    named = [f"<td>{c['name']}</td>" for c in cards["car"]]
    # Rows are the Car cards the Murciélagos drafted, by their names: no seat, no content id.
    assert sum(row in html for row in named) >= 3
    assert "<td>seat" not in html and "murcielago_" not in html
    assert "report:" in capsys.readouterr().out


def test_lamborghini_rows_count_every_murcielago_once() -> None:
    b = balance("lamborghini", circuits=["sant_agata"], n=12, seed=3)
    entries = b.entries["sant_agata"]
    # 12 races of 4 players (3 with each seat choosing first), one Murciélago each.
    assert sum(e.races for e in entries) == 48
    for e in entries:
        assert len(e.times) + e.unfinished == e.races and len(e.wear) == len(e.times)


def test_a_mille_bornes_report_shows_the_first_players_advantage_the_bots_and_scores(tmp_path: Path) -> None:
    b = balance("mille_bornes", n=60, seed=1)
    first, second, *bots = b.entries["game"]
    assert first.name == "medium, plays first" and first.races == second.races == 60
    assert first.wins + second.wins >= 60
    assert all(s >= 0 for s in first.scores) and max(first.scores + second.scores) >= 5000
    # Issue 35: the bots compared, each in every seat in turn against the medium one.
    assert [e.name for e in bots] == ["random against medium", "easy against medium"]
    assert all(e.races == 60 for e in bots)
    random_bot, easy = bots
    assert random_bot.wins < easy.wins < 30, "random and easy lose to medium"
    html = write(b, tmp_path / "mb.html").read_text()
    assert "mean points" in html and len(embedded_pngs(html)) == 1


def test_a_formula90_report_has_every_strategy_skill_and_setup_as_a_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 35: "autodromo balance has no Formula 90"; --figures into a folder not yet made.
    figures = tmp_path / "plots" / "f90"
    assert main(["balance", "formula90", "--n", "40", "--out", str(tmp_path / "f90.html"),
                 "--figures", str(figures)]) == 0
    assert "40 races" in capsys.readouterr().out and any(figures.glob("*.png"))
    b = balance("formula90", n=40, seed=2)
    rows = b.entries["game"]
    names = [e.name for e in rows]
    for kind, count in (("strategy", 9), ("skill", 10)):
        assert len([n for n in names if n.startswith(kind + " ")]) == count
    assert "strategy Chase" in names and "skill Lapping" in names
    assert any(n.startswith("setup 10 tyres") for n in names)
    # Each player's car counts once a kind: 40 races of 2 players.
    for kind in ("strategy", "skill", "setup"):
        assert sum(e.races for e in rows if e.name.startswith(kind + " ")) == 80
    # Places among every car, robots included: some rows average past 2nd.
    assert b.field == 9 and max(np.mean(e.places) for e in rows if e.places) + 1 > 2
    html = (tmp_path / "f90.html").read_text()
    assert "Formula 90: balance report" in html and "out after a crash" not in html


def test_the_help_says_95_percent_once(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("balance", "simulate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert "95%" in text and "%%" not in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["legend", "--circuit", "monza"], "--circuit: unknown monza; known: castelrosso, example"),
        (["mille_bornes", "--circuit", "example"], "Mille Bornes has no circuits"),
        (["legend", "--field", "40"], "--field must be between 2 and"),
        (["legend", "--n", "0"], "n must be a whole number of at least 1"),
        (["legend", "--out", "no/such/folder/report.html"], "--out: no folder"),
    ],
)
def test_bad_arguments_are_refused_before_any_race(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["balance", *args]) == 2
    assert message in capsys.readouterr().err


def test_a_cars_did_not_finish_share_stays_inside_its_own_panel() -> None:
    # Written past the panel's right edge, the shares ran into the next panel's car names.
    import numpy as np

    from autodromo import sim_plots

    fig, ax = sim_plots.figure(1, 2, 15, 4)
    names = ["Maserati 450S", "Fiat 1100 S", "Mercedes-Benz SSK"]
    times = [np.array([20.0, 24, 34]), np.array([28.0, 31, 38]), np.array([])]
    sim_plots.spread(ax[0][0], names, times, [0.026, 0.0, 1.0], "game turn of the finish", "finish times")
    sim_plots.spread(ax[0][1], names, times, [0.0] * 3, "wear", "wear at the finish")
    fig.tight_layout()
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    panel = ax[0][0].get_window_extent(renderer)
    notes = [t for t in ax[0][0].texts if "did not finish" in t.get_text()]
    assert [t.get_text() for t in notes] == ["2.6% did not finish", "100.0% did not finish"]
    for t in notes:
        box = t.get_window_extent(renderer)
        assert panel.x0 <= box.x0 and box.x1 <= panel.x1, t.get_text()
    sim_plots.close(fig)
