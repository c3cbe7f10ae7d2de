"""Race! Formula 90's results as numbers: laps, the gap to the winner, pit stops, points and the
tie a place was decided by, read from a finished race's view and its log, and worded through
:mod:`.words` for the page and the terminal alike.

The order is the core's (``view["results"]``); nothing here ranks a car again. The points are
the championship's (docs/rules/formula90.md decision 53): the place in the whole field, nothing
for a retired car.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .championship import POINTS
from .words import car_name, car_section, laps, ordinal, say, steps, term

__all__ = ["Row", "columns", "cells", "gap", "rows", "tie"]


@dataclass(frozen=True)
class Row:
    """One car's line of the results."""

    place: int
    car: dict[str, Any]  # the view's car
    status: str  # the core's: finished or retired
    laps: int  # laps completed (crossings of the line after the start's)
    sections_behind: int  # 0 for the winner and a car in the winner's section
    laps_down: int
    pits: int
    points: int
    #: The car ahead of it on the same lap and section: the order there decided between them.
    level_with: str | None


def _distance(car: dict[str, Any], length: int) -> int:
    return int(car["lap"]) * length + int(car["section"]) - 1


def rows(view: dict[str, Any], entries: Sequence[dict[str, Any]]) -> list[Row]:
    """The results of a finished race, first to last; [] while it runs."""
    by_name = {c["name"]: c for c in view["cars"]}
    length = len(view["sections"])
    pits = Counter(str(e["car"]["name"]) for e in steps(entries) if e["kind"] == "pit" and e.get("car"))
    final = view.get("results") or []
    ordered = [by_name[r["car"]] for r in final]
    out: list[Row] = []
    for k, car in enumerate(ordered):
        racing = final[k]["status"] != "retired"
        ahead = ordered[k - 1] if k else None
        level = (ahead is not None and racing and final[k - 1]["status"] != "retired"
                 and _distance(ahead, length) == _distance(car, length))
        behind = _distance(ordered[0], length) - _distance(car, length) if racing else 0
        place = k + 1
        out.append(Row(
            place=place, car=car, status=str(final[k]["status"]), laps=max(0, int(car["lap"]) - 1),
            sections_behind=behind,
            laps_down=int(car["laps_down"]), pits=pits[str(car["name"])],
            points=POINTS[k] if racing and k < len(POINTS) else 0,
            level_with=str(ahead["name"]) if level and ahead is not None else None))
    return out


def gap(row: Row) -> str:
    """How far behind the winner, in laps down or sections (a retired car's line has none)."""
    if row.status == "retired":
        return ""
    if row.place == 1:
        return say("gap.first")
    if row.laps_down:
        return say("gap.down", laps=laps(row.laps_down))
    if row.sections_behind == 0:
        return say("gap.same")
    return say("gap.one") if row.sections_behind == 1 else say("gap.many", n=row.sections_behind)


def tie(row: Row) -> str:
    """What put the car ahead of it in front, when both stand on the same lap and section."""
    if row.level_with is None:
        return ""
    section = say("section", number=row.car["section"], name=car_section(row.car))
    return say("tie.section", lap=max(1, int(row.car["lap"])), section=section, car=car_name(row.level_with))


def columns(ties: bool) -> list[str]:
    keys = ["place", "car", "laps", "gap", "pits", "points", "status"] + (["tie"] if ties else [])
    return [say(f"results.{k}") for k in keys]


def cells(row: Row, car_title: str, ties: bool) -> list[str]:
    out = [ordinal(row.place), car_title, str(row.laps), gap(row), str(row.pits), str(row.points),
           term("status", row.status)]
    return out + [tie(row)] if ties else out
