"""The board as the page draws it: every row of a circuit with its cells' centres, turn markers,
entry and exit lines, best line, slope and Box, read from the same content files the rules load.

The core lays the track out with ``grid::geometry::lay_out`` but does not hand the centres to
Python; this walk is the same one (half the turn before a row, half after, lane 0 on the left), so
the page and an LED map agree on where a cell is.
"""

from __future__ import annotations

import math
import tomllib
from functools import lru_cache
from typing import Any

from autodromo import content

RATINGS = "ABCDE"


def _lay_out(pieces: list[tuple[int, float, float]], lanes: int) -> list[list[list[float]]]:
    rows = []
    x = y = heading = 0.0
    for count, length, left_degrees in pieces:
        step = length / max(count, 1)
        turn = math.radians(left_degrees) / max(count, 1)
        for _ in range(count):
            heading += turn / 2
            x += step * math.cos(heading)
            y += step * math.sin(heading)
            cells = []
            for lane in range(lanes):
                offset = (lanes - 1) / 2 - lane
                cells.append([round(x - offset * math.sin(heading), 3),
                              round(y + offset * math.cos(heading), 3)])
            rows.append(cells)
            heading += turn / 2
    return rows


def _read(game: str, path: str) -> dict[str, Any]:
    text = (content.directory(game) / path).read_text(encoding="utf-8")
    return tomllib.loads(text)


def circuits(game: str) -> list[dict[str, Any]]:
    """Every shipped circuit of ``game``: id, name and default laps."""
    out = []
    for path in sorted((content.directory(game) / "circuits").glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        out.append({"id": path.stem, "name": doc.get("name", path.stem), "laps": doc.get("laps")})
    return out


@lru_cache(maxsize=16)
def legend(circuit: str) -> dict[str, Any]:
    tiles = {t["id"]: t for t in _read("legend", "tiles.toml")["tile"]}
    lanes = int(_read("legend", "tiles.toml").get("lanes", 3))
    doc = _read("legend", f"circuits/{circuit}.toml")
    pieces: list[tuple[int, float, float]] = []
    rows: list[dict[str, Any]] = []
    for placed in doc["tiles"]:
        tile = tiles[placed["tile"]]
        angle = float(tile.get("angle", 0.0)) * (1 if tile.get("inside") == "left" else -1)
        pieces.append((int(tile["rows"]), float(tile["length"]), angle))
        turn = tile.get("kind") == "turn"
        best = tile.get("best_line", [])
        for k in range(int(tile["rows"])):
            inside = turn and tile["entry"] <= k <= tile["exit"]
            rows.append({
                "turn": placed.get("rating") if inside else None,
                "entry": bool(turn and k == tile["entry"]),
                "exit": bool(turn and k == tile["exit"]),
                "best": best[k - tile["entry"]] if inside and k - tile["entry"] < len(best) else None,
                "slope": placed.get("slope", "flat"),
                "box": bool(placed.get("box", False)),
            })
    out = _finish(rows, pieces, lanes, doc)
    dash = _read("legend", "dashboard.toml")
    out["dashboard"] = {k: dash[k] for k in ("tachometer_max", "temperature_max", "tires_max")}
    return out


@lru_cache(maxsize=16)
def lamborghini(circuit: str) -> dict[str, Any]:
    doc = _read("lamborghini", f"circuits/{circuit}.toml")
    lanes = int(doc.get("lanes", 3))
    pieces = [(int(s["rows"]), float(s["length"]), float(s.get("angle", 0.0))) for s in doc["section"]]
    rows = [
        {"turn": None, "entry": False, "exit": False, "best": None, "slope": "flat",
         "box": False, "bend": s.get("angle", 0.0) != 0.0}
        for s in doc["section"] for _ in range(int(s["rows"]))
    ]
    return _finish(rows, pieces, lanes, doc)


def _finish(
    rows: list[dict[str, Any]], pieces: list[tuple[int, float, float]], lanes: int, doc: dict[str, Any]
) -> dict[str, Any]:
    for row, cells in zip(rows, _lay_out(pieces, lanes)):
        row["cells"] = cells
    grid = int(doc.get("grid_rows", 0))
    for row in rows[len(rows) - grid:]:
        row["grid"] = True
    xs = [c[0] for r in rows for c in r["cells"]]
    ys = [c[1] for r in rows for c in r["cells"]]
    return {
        "name": doc.get("name", ""),
        "laps": doc.get("laps"),
        "lanes": lanes,
        "length": len(rows),
        "rows": rows,
        "bounds": [min(xs), min(ys), max(xs), max(ys)],
    }


def for_game(game: str, options: dict[str, Any]) -> dict[str, Any] | None:
    """The board of a game with these options (as the core reports them), or None (cards only)."""
    if game == "legend":
        return legend(str(options["circuit"]))
    if game == "lamborghini":
        return lamborghini(str(options["circuit"]))
    return None
