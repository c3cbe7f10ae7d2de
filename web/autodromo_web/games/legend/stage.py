"""Legend's Stage races on the page: the route's stages as the core laid them (open roads with
their Arrivo or Check Point line and Technical Assistance tiles), the Chrono (day, night, fog),
start times, the Time Chart, distances to the line and the final classification, in names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import autodromo
from autodromo.legend import words as legend_words

if TYPE_CHECKING:
    from ...tables import Table

#: Rows are never wrapped on an open road: the page's arithmetic modulo the track length uses this.
OPEN_ROAD = 1_000_000


def is_stage_race(view: dict[str, Any]) -> bool:
    return bool(view.get("route"))


def _stage_board(b: dict[str, Any]) -> dict[str, Any]:
    """One stage in the page's shape: rows with their cells, marker, lines, slope and
    assistance; the turns' markers and lines and the finish line as the core placed them."""
    turns = b["turns"]
    rows = []
    for r in b["rows"]:
        turn = turns[r["turn"]] if r["turn"] is not None else None
        rows.append({
            "turn": turn["marker"] if turn else None,
            "turn_index": r["turn"],
            "entry": bool(turn and turn["entry"] == r["row"]),
            "exit": bool(turn and turn["exit"] == r["row"]),
            "best": r["best_lane"],
            "slope": r["slope"],
            "assistance": r["assistance"],
            "box": False,
            "cells": r["cells"],
        })
    return {
        "name": b["name"], "lanes": b["lanes"], "length": b["length"], "rows": rows, "bounds": b["bounds"],
        "turns": [{"entry_line": t["entry_line"], "exit_line": t["exit_line"], "marker_at": t["marker_at"],
                   "entry": t["entry"], "exit": t["exit"]} for t in turns],
        "finish_line": b["finish"]["line"],
    }


def route_board(game: autodromo.Game) -> dict[str, Any] | None:
    """The route as the page draws it: every stage's open road (the page shows the current one)."""
    board = game.board()
    if board is None or board.get("kind") != "route":
        return None
    stages = [_stage_board(s) for s in board["stages"]]
    return {"kind": "route", "name": board["name"], "stages": stages,
            "lanes": stages[0]["lanes"], "length": OPEN_ROAD}


def finish_words(stage: dict[str, Any]) -> str:
    return legend_words.finish_line(stage)


def clock(chrono: dict[str, Any], weather: str) -> dict[str, Any]:
    """The Chrono board: the time, day or night, and fog."""
    fog = bool(chrono["fog"]) or weather == "fog"
    words = legend_words.chrono(str(chrono["clock"]), bool(chrono["night"]), fog)
    return {"time": chrono["clock"], "night": bool(chrono["night"]), "fog": fog, "words": words,
            "label": legend_words.chrono_label(words)}


def duration(seconds: int) -> str:
    """A length of time in its units ("18 min", "1 h 00 min 30 s"), never "18:00": beside the
    Chrono's clock times ("17:33 → 17:51") that read as 6 pm (issue 32); said by Legend's words,
    as the terminal says it."""
    return legend_words.duration(seconds)


def racing_time(chart: dict[str, Any]) -> str:
    """The racing time so far: a duration (the Time Chart's finish minus start, penalties and
    bonus included), or "—" before the first stage ends."""
    return legend_words.racing_time(chart.get("racing_time"))


def where(car: dict[str, Any], chart: dict[str, Any], stage: dict[str, Any], lanes: int) -> str:
    return legend_words.stage_where(car, chart, stage, lanes)


def _stage_cell(st: dict[str, Any]) -> dict[str, Any]:
    notes = legend_words.time_added(st["penalty"], st["time_cards"], st["bonus"])
    return {"stage": st["stage"], "start": st["start"] if st["started"] else legend_words.starts(st["start"]),
            "finish": st["finish"] or "", "speed": "" if st["speed"] is None else str(st["speed"]),
            "notes": ", ".join(notes)}


def time_chart(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The Time Chart in names: a line per car in the provisional order."""
    cars = view["cars"]
    place = {seat: k for k, seat in enumerate(view["standings"])}
    out = []
    for row in sorted(view["time_chart"], key=lambda r: place[r["seat"]]):
        seat = row["seat"]
        out.append({"seat": seat, "name": cars[seat]["name"], "place": legend_words.ordinal(place[seat] + 1),
                    "stages": [_stage_cell(st) for st in row["stages"]],
                    "racing_time": racing_time(row),
                    "retired": cars[seat]["status"] == "retired",
                    "retired_time": legend_words.time_chart_retired(racing_time(row))})
    return out


def table(view: dict[str, Any], lanes: int, mover: str | None = None, left: int | None = None) -> dict[str, Any]:
    """What the page adds for a Stage race: the route and stage, the Chrono, the markers as this
    seat can read them, start times and the Time Chart, with their words (``mover``: the car
    acting, ``left``: its movement points left)."""
    stage, markers = view["stage"], view["markers"]
    charts = {r["seat"]: r for r in view["time_chart"]}
    starts = sorted(((charts[s]["starts_at"], s) for s in range(len(view["cars"])) if charts[s]["starts_at"]))
    return {
        "stage_title": legend_words.stage_title(str(view["route"]["name"]), stage),
        "line": legend_words.stage_line(stage, str(view["weather"]), bool(markers["face_down"]), mover, left),
        "stage_board": legend_words.stage_board(stage),
        "start_times": legend_words.start_times([(str(view["cars"][s]["name"]), str(at)) for at, s in starts]),
        "time_chart_columns": legend_words.time_chart_columns(int(stage["of"])),
        "route": view["route"]["name"],
        "stage": {"index": stage["index"], "number": stage["number"], "of": stage["of"], "name": stage["name"],
                  "finish": finish_words(stage), "checkpoint": stage["finish"] == "checkpoint",
                  "speed_limit": stage["speed_limit"], "length": stage["length"]},
        "clock": clock(view["chrono"], view["weather"]),
        "markers": {"face_down": markers["face_down"],
                    "turns": [t["rating"] for t in markers["turns"]]},
        "starts": sorted(({"seat": s, "name": view["cars"][s]["name"], "at": charts[s]["starts_at"]}
                          for s in range(len(view["cars"])) if charts[s]["starts_at"]),
                         key=lambda x: (x["at"], x["seat"])),
        "time_chart": time_chart(view),
        "where": [where(view["cars"][s], charts[s], stage, lanes) for s in range(len(view["cars"]))],
    }


def distance(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows to this stage's line and the stages after it, or where the car stands."""
    stage = view["stage"]
    after = stage["of"] - stage["number"]
    charts = {r["seat"]: r for r in view["time_chart"]}
    out = []
    for car in view["cars"]:
        chart = charts[car["seat"]]
        note = legend_words.distance_note(car, chart)
        left = max(0, stage["length"] - car["row"])
        unit = legend_words.rows_to(stage, after)
        out.append({"who": car["name"], "seat": car["seat"], "left": left, "unit": unit, "note": note})
    return out


def turn(view: dict[str, Any]) -> dict[str, Any]:
    if view["round"] == 0:
        return {"label": legend_words.round_words(0), "value": ""}
    stage = view["stage"]
    return {"label": legend_words.round_label(),
            "value": legend_words.stage_turn(view["round"], view["chrono"]["clock"], stage["number"], stage["of"])}


def tie(view: dict[str, Any], drivers: list[str], ahead: int | None, car: int) -> str:
    """How ``car`` came behind the car placed just ahead of it when the first measure was equal
    (docs/rules/legend.md decision 61: by racing time, equal times by the earlier crossing of the
    final line, then by seat; with the Historical points, equal totals by that order)."""
    if ahead is None:
        return ""
    charts = {r["seat"]: r for r in view["time_chart"]}
    a, b = charts[ahead], charts[car]
    stages = view["stage"]["of"]
    if a["stages_done"] != stages or b["stages_done"] != stages:
        return ""
    points = {p["seat"]: p["total"] for p in view.get("points") or []}
    if points and points[ahead] != points[car]:
        return ""
    if not points and a["racing_time"] != b["racing_time"]:
        return ""
    return legend_words.stage_tie(points[car] if points else None, a["racing_time"], b["racing_time"],
                                  a["stages"][-1]["finish"], b["stages"][-1]["finish"], drivers[ahead])


def results(table_: Table, view: dict[str, Any], ranking: list[int], causes: dict[int, str]) -> dict[str, Any]:
    """The final classification: by racing time (Historical points beside it when counted)."""
    cars = view["cars"]
    charts = {r["seat"]: r for r in view["time_chart"]}
    points = {p["seat"]: p for p in view.get("points") or []}
    stages = view["stage"]["of"]
    order = sorted(range(len(cars)), key=lambda i: (ranking[i], i))
    drivers = [table_.seats[i]["name"] for i in range(len(cars))]
    ties = [tie(view, drivers, a, b) for a, b in zip([None, *order], order)]
    rows = []
    for i, tied in zip(order, ties):
        chart = charts[i]
        done = chart["stages_done"] == stages
        penalty = sum(st["penalty"] for st in chart["stages"])
        cards = sum(st["time_cards"] for st in chart["stages"])
        bonus = sum(st["bonus"] for st in chart["stages"])
        cells = [legend_words.result_place(ranking[i] + 1, done), cars[i]["name"], table_.seats[i]["name"],
                 racing_time(chart) if done else legend_words.result_time(None),
                 ", ".join(legend_words.time_added(penalty, cards, bonus))
                 or legend_words.say("stage.nothing_added"),
                 legend_words.stages_done(chart["stages_done"], stages),
                 legend_words.result_status(done, causes.get(i))]
        if points:
            cells.insert(4, str(points[i]["total"]))
        if any(ties):
            cells.insert(5 if points else 4, tied)
        rows.append({"seat": i, "cells": cells})
    winner = order[0]
    won = charts[winner]["stages_done"] == stages
    return {
        "headline": legend_words.stage_headline(table_.seats[winner]["name"] if won else None, view["route"]["name"],
                                                cars[winner]["name"], bool(points),
                                                charts[winner].get("racing_time")),
        "columns": legend_words.stage_columns(bool(points), any(ties)),
        "rows": rows,
    }
