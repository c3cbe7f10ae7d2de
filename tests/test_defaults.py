"""Defaults that play (issue 11, item 6): every game builds with no options and plays to the end,
and `autodromo simulate <game>` needs no game option."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import autodromo
from autodromo import Race, content
from autodromo.cli import main

GAMES = autodromo.games()


def test_every_game_is_covered() -> None:
    assert {"mille_bornes", "legend", "lamborghini", "formula90"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_with_no_options_plays_to_the_end_with_bots(name: str) -> None:
    g = autodromo.game(name)
    assert g.num_players >= 2
    state = Race(g, ["medium"] * g.num_players, seed=3).run()
    assert state.is_terminal()
    assert sorted(set(state.ranking()))[0] == 0


def test_legend_with_no_cars_races_the_first_four_cars_of_the_roster() -> None:
    roster = tomllib.loads((Path(content.__file__).parent / "legend" / "cars.toml").read_text())["car"]
    options = autodromo.game_options(autodromo.game("legend"))
    assert options["cars"] == [c["id"] for c in roster[:4]]
    assert options["neutral"] == [False] * 4


def test_legend_per_seat_options_without_cars_name_the_option() -> None:
    with pytest.raises(autodromo.OptionError, match="neutral.*cars"):
        autodromo.game("legend", neutral=[False, True])


@pytest.mark.parametrize("name", GAMES)
def test_simulate_runs_with_no_game_option(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Only the count is set, to keep the suite short; every game option is the game's default.
    assert main(["simulate", name, "--n", "8", "--no-progress"]) == 0
    assert f"{name}: 8 " in capsys.readouterr().out
