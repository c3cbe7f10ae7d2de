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


def _tracks() -> list[str]:
    """Formula 90's tracks: a folder each under ``tracks/`` (not files under ``circuits/``)."""
    found = sorted(p.parent.name for p in (content.directory("formula90") / "tracks").glob("*/track.toml"))
    assert found, "no Formula 90 track found"
    return found


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


#: Every game's board (issue 11 item 2): the same keys for the same things, whatever the track
#: is made of: a lane grid (Legend, Lamborghini) or a loop of sections (Formula 90, one cell a
#: section, its extra keys beside). A Legend Stage race's board is its route: each of its stages
#: is a board with the same keys, an open road from its start to its finish.
COMMON = {"geometry", "game", "kind", "id", "name", "laps", "closed", "lanes", "length", "grid_rows",
          "rows", "turns", "sections", "finish", "bounds"}
ROUTE = {"geometry", "game", "kind", "id", "name", "stages"}
STAGE_CARS = ["osca_mt4", "fiat_1100s"]
BOARDS: dict[str, tuple[str, dict[str, object]]] = {
    "legend circuit": ("legend", {"circuit": "castelrosso", "cars": CARS}),
    **{f"legend route {r}": ("legend", {"route": r, "cars": STAGE_CARS})
       for r in sorted(p.stem for p in (content.directory("legend") / "routes").glob("*.toml"))},
    "lamborghini": ("lamborghini", {}),
    **{f"formula90 {t}": ("formula90", {"track": t}) for t in _tracks()},
}


def _dist(a: list[float], b: list[float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def _between(b: dict, line: list[list[float]], row: int) -> None:
    """A line across the road just before ``row``: its middle is nearer to that row's cells and
    the row before's than to any other row's. An open road's last line (before row ``length``)
    lies past its last row: nearest to that row."""
    mid = [(line[0][0] + line[1][0]) / 2, (line[0][1] + line[1][1]) / 2]
    n = b["length"]
    if b["geometry"] == "sections":
        # One cell a section, at its centre, and sections differ in length (a corner of 3 beside
        # a straight of 7): the line lies half a section from each of the two centres.
        for k in (row % n, (row - 1) % n):
            half = b["sections"][k]["length"] / 2
            assert _dist(mid, b["rows"][k]["cells"][0]) <= half + 0.05, (row, k, mid)
        return
    near = sorted(range(n), key=lambda i: min(_dist(mid, c) for c in b["rows"][i]["cells"]))
    if not b["closed"] and row == n:
        assert near[0] == n - 1, (row, near[:2])
        return
    assert set(near[:2]) == {row % n, (row - 1) % n}, (row, near[:2])


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_board_has_the_common_keys_with_the_same_meaning(name: str) -> None:
    game, options = BOARDS[name]
    b = autodromo.game(game, **options).board()
    assert b is not None
    if b["geometry"] == "route":
        assert ROUTE <= b.keys(), ROUTE - set(b)
        assert (b["game"], b["kind"], b["id"]) == (game, "route", options["route"])
        assert isinstance(b["name"], str) and b["stages"]
        for stage in b["stages"]:
            assert stage["kind"] == "stage" and stage["laps"] is None
            _check_board(stage, game)
        return
    _check_board(b, game)


def _check_board(b: dict, game: str) -> None:
    assert COMMON <= b.keys(), COMMON - set(b)
    assert b["game"] == game and b["geometry"] in ("grid", "sections")
    # A circuit is a loop finishing on its row 0; a stage an open road finishing past its end.
    assert (b["kind"], b["closed"]) in (("circuit", True), ("stage", False))
    assert b["finish"]["row"] == (0 if b["closed"] else b["length"])
    assert isinstance(b["id"], str) and isinstance(b["name"], str) and b["lanes"] >= 1
    x0, y0, x1, y1 = b["bounds"]
    assert b["length"] == len(b["rows"]) > 0
    for i, r in enumerate(b["rows"]):
        assert r["row"] == i and len(r["cells"]) == b["lanes"]
        assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in r["cells"])
        assert isinstance(r["box"], bool)
        assert r["turn"] is None or b["turns"][r["turn"]]["entry"] <= i <= b["turns"][r["turn"]]["exit"]
        s = b["sections"][r["section"]]
        assert s["first_row"] <= i < s["first_row"] + s["rows"], (i, s)
    first = 0
    for s in b["sections"]:
        assert s["first_row"] == first and s["rows"] >= 1 and s["length"] > 0
        assert isinstance(s["angle"], (int, float))
        first += s["rows"]
    assert first == b["length"]
    for t in b["turns"]:
        assert 0 <= t["entry"] <= t["exit"] < b["length"]
        assert all(b["rows"][i]["turn"] == b["turns"].index(t) for i in range(t["entry"], t["exit"] + 1))
        _between(b, t["entry_line"], t["entry"])
        _between(b, t["exit_line"], t["exit"] + 1)
        assert len(t["marker_at"]) == 2 and t["marker"]
    _between(b, b["finish"]["line"], b["finish"]["row"])
    if game == "formula90":
        # Each section is one row of one cell, at the section's centre; the Box is nowhere on
        # this track (a pit stop goes back `pit` sections from anywhere).
        assert b["lanes"] == 1 and len(b["sections"]) == b["length"]
        assert all(r["cells"] == [s["centre"]] for r, s in zip(b["rows"], b["sections"]))
        assert not any(r["box"] for r in b["rows"]) and b["pit"] > 0
        # A turn is a corner: its sections in a row (an S bend is two), named and numbered.
        groups: dict[int, list[int]] = {}
        for i, s in enumerate(b["sections"]):
            if s["kind"] == "corner":
                groups.setdefault(s["corner"], []).append(i)
        assert [(t["entry"], t["exit"]) for t in b["turns"]] == [(g[0], g[-1]) for g in groups.values()]
        assert [t["name"] for t in b["turns"]] == [b["sections"][g[0]]["name"] for g in groups.values()]
