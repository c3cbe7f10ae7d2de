"""Game.board(): the board the core built, as Python data, for every game that has one."""

from __future__ import annotations

import json
import tomllib

import pytest

import autodromo
from autodromo import content

CARS = ["bugatti_type_35", "alfa_8c_2300"]


def _circuits(game: str) -> list[str]:
    return sorted(p.stem for p in (content.directory(game) / "circuits").glob("*.toml"))


@pytest.mark.parametrize("circuit", _circuits("legend"))
def test_a_legend_board_has_its_circuits_rows_and_turns(circuit: str) -> None:
    b = autodromo.game("legend", circuit=circuit, cars=CARS).board()
    assert b is not None
    doc = tomllib.loads((content.directory("legend") / "circuits" / f"{circuit}.toml").read_text())
    tiles = {t["id"]: t for t in tomllib.loads(
        (content.directory("legend") / "tiles.toml").read_text())["tile"]}
    assert (b["game"], b["kind"], b["id"], b["name"]) == ("legend", "circuit", circuit, doc["name"])
    assert b["length"] == len(b["rows"]) == sum(tiles[p["tile"]]["rows"] for p in doc["tiles"])
    assert all(len(r["cells"]) == b["lanes"] == 3 for r in b["rows"])
    assert [t["marker"] for t in b["turns"]] == [p["rating"] for p in doc["tiles"] if "rating" in p]
    assert b["finish"]["row"] == 0 and len(b["finish"]["line"]) == 2


@pytest.mark.parametrize("circuit", _circuits("lamborghini"))
def test_a_lamborghini_board_has_its_sections(circuit: str) -> None:
    b = autodromo.game("lamborghini", circuit=circuit).board()
    assert b is not None
    doc = tomllib.loads((content.directory("lamborghini") / "circuits" / f"{circuit}.toml").read_text())
    assert [s["rows"] for s in b["sections"]] == [s["rows"] for s in doc["section"]]
    assert b["length"] == len(b["rows"]) == sum(s["rows"] for s in doc["section"])
    assert all(len(r["cells"]) == b["lanes"] == doc["lanes"] for r in b["rows"])
    assert b["turns"] == []


def test_the_board_is_the_same_every_time() -> None:
    a = autodromo.game("legend", circuit="castelrosso", cars=CARS).board()
    b = autodromo.game("legend", circuit="castelrosso", cars=CARS[::-1]).board()
    assert json.dumps(a) == json.dumps(b)


def test_mille_bornes_has_no_board() -> None:
    assert autodromo.game("mille_bornes").board() is None
