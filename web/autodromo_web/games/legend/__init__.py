"""Legend on the page: the circuit and the cars, each car's Dashboard, decisions in words with
their cost and risk, one log entry per decision (the whole move), every retirement, crash and
Damage card with its cause, and the results of the race."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import autodromo
from autodromo import locale
from autodromo.legend import catalogue
from autodromo.legend import words as legend_words

from ... import board as boards
from ..base import CHANCE, Decision, GameModule, circuits, field, register, trace
from . import stage as stages

if TYPE_CHECKING:
    from ...tables import Table

GAME = "legend"
CARS_PER_LOOK = ("row", "lane", "speed", "temperature", "engine", "brakes", "tires", "status",
                 "crashes", "battery_ok", "headlights_ok", "progress", "lap")


def cars() -> list[dict[str, Any]]:
    return catalogue.roster()


car_name = catalogue.car_name
routes = catalogue.routes


#: The page's group of a decision (how its button is laid out), by its move's kind.
GROUP = {"split_reliability": "split", "challenge": "challenge", "no_challenge": "challenge",
         "match_challenge": "challenge", "yield_position": "challenge", "bid_priority": "bid", "no_bid": "bid",
         "match_bid": "bid", "concede_priority": "bid", "accelerate": "pace", "maintain": "pace",
         "lift_and_coast": "pace", "stop_to_cool": "pace", "roadside_stop": "pace",
         "technical_assistance": "pace", "pit": "pit", "brake": "entry", "lift_at_entry": "entry",
         "emergency_brake": "entry", "drift": "entry", "drive_to": "move", "regain_best_line": "move",
         "power_out": "exit", "slipstream": "slipstream", "slipstream_drift": "slipstream",
         "resist_with_tire": "slipstream", "use_part": "pit", "set_setup": "pit", "leave_pit": "pit",
         "end_stop": "pit", "take_part": "pit"}


def _at_pace(view: dict[str, Any]) -> bool:
    return bool((view.get("phase") or {}).get("name") == "set the pace")


def group_of(move: dict[str, Any], view: dict[str, Any]) -> str:
    # Stopping to Cool with the coolant is one pace choice of a Track race.
    if move["kind"] == "use_part" and _at_pace(view):
        return "pace"
    return GROUP.get(str(move["kind"]), "")


def compact(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: c[k] for k in CARS_PER_LOOK} for c in view["cars"]]


#: The lobby's cars, seat by seat (issue 32, item 5: the first seat, a newcomer's, had the Fiat 508 S
#: Balilla, top speed 6, against faster bots, and won 0 of 400 races played by the medium bot).
#: The Porsche 550 and the Ferrari 166 MM carry the same Dashboard (Reliability 10, top speed 8,
#: the same pins and Neutral columns), two seats each at most: four seats race four equal cars.
#: Seats past the fourth take cars of the same balanced group (Rankings 13-16) that are no
#: faster, so the first seat is never the slowest. Measured with the medium bot on every seat,
#: the default lobby (4 seats, example circuit, qualifying, the split chosen), 2,000 races: the
#: first seat wins 479 (24.0%), the others 530, 475 and 516.
DEFAULT_CARS = ("porsche_550", "ferrari_166_mm", "porsche_550", "ferrari_166_mm", "alfa_8c_2300", "alfa_8c_2300",
                "osca_mt4", "osca_mt4", "mercedes_ssk", "mercedes_ssk", "lancia_aurelia_b20", "lancia_aurelia_b20")


class Legend(GameModule):
    id = GAME
    title = "Legend: History of 1000 Miglia"
    seats = {"min": 2, "max": 12, "default": 4}
    bot_levels = (("easy", "easy"), ("medium", "medium"), ("hard", "hard"), ("random", "random"),
                  ("neutral", "Neutral Car (rules-driven)"))
    turn_word = "Round"

    def bots(self) -> list[dict[str, str]]:
        levels = super().bots()
        names = {b["id"] for b in levels}
        if "neutral" not in names:
            levels.append({"id": "neutral", "label": legend_words.say("bot.neutral")})
        return [{**b, "label": b["label"] if b["id"] != "neutral" else legend_words.say("bot.neutral")} for b in levels]

    def options(self) -> list[dict[str, Any]]:
        say = legend_words.say
        return [
            field("route", "choice", say("option.route"), None,
                  choices=[{"id": None, "label": say("option.track_race")},
                           *({"id": r["id"], "label": say("option.stage_race", route=r["name"])} for r in routes())]),
            field("circuit", "choice", say("option.circuit"), "example",
                  choices=[{"id": c["id"], "label": c["name"]} for c in circuits(GAME)]),
            field("laps", "int", say("option.laps"), None, min=1, max=10),
            *(field(key, "bool", say(f"option.{key}"), default) for key, default in (
                ("qualifying", True), ("choose_split", True), ("slipstream_in_turns", False),
                ("realistic_collisions", False), ("priority_bid", False), ("residual_mps", False),
                ("historical_points", False))),
        ]

    def lobby(self) -> dict[str, Any]:
        return {"cars": [{"id": c["id"], "name": c["name"], "year": c.get("year"), "ranking": c.get("ranking")}
                         for c in cars()],
                "default_cars": list(DEFAULT_CARS)}

    def event_fields(self) -> list[dict[str, Any]] | None:
        from .event import fields

        return fields()

    def check_options(self, options: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
        from ...errors import bad
        from ...languages import say as _

        chosen = options.get("cars")
        if not isinstance(chosen, list) or len(chosen) != len(seats):
            raise bad(_("option \"cars\": name one car for every seat"))
        options["neutral"] = [s["bot"] == "neutral" for s in seats]
        if options.get("route"):
            # A route is a Stage race: the Track race's own options do not apply to it.
            for key in ("circuit", "laps", "qualifying", "choose_split"):
                options.pop(key, None)
        else:
            options.pop("route", None)
            for key in ("residual_mps", "historical_points"):
                if not options.get(key):
                    options.pop(key, None)
        return options

    def race_seat(self, seat: dict[str, Any]) -> str:
        return super().race_seat(seat)

    def board(self, game: autodromo.Game) -> dict[str, Any] | None:
        out = boards.page_board(game) or stages.route_board(game)
        if out is None:
            return None
        # The scales as the core's view gives them (the race's own content).
        dash = game.new_state().view(None)["dashboard"]
        out["dashboard"] = {k: dash[k] for k in ("tachometer_max", "temperature_max", "tires_max")}
        out["lane_names"] = [legend_words.lane(i, out["lanes"]) for i in range(out["lanes"])]
        return out

    def _lanes(self, table: Table) -> int:
        return int(self.track(table)["lanes"])

    def turn(self, view: dict[str, Any]) -> dict[str, Any]:
        if stages.is_stage_race(view):
            return stages.turn(view)
        if view["round"] == 0:
            return {"label": legend_words.round_words(0), "value": ""}
        return {"label": legend_words.round_label(), "value": view["round"]}

    def phase(self, view: dict[str, Any]) -> str:
        return legend_words.phase_name(str(view["phase"]["name"]))

    def distance(self, table: Table, view: dict[str, Any]) -> list[dict[str, Any]]:
        if stages.is_stage_race(view):
            return stages.distance(view)
        track = self.track(table)
        total = int(view["laps"]) * int(track["length"])
        out = []
        for car in view["cars"]:
            left = 0 if car.get("finish") else max(0, total - int(car["progress"]))
            unit, note = legend_words.distance_words(str(car["status"]))
            out.append({"who": car["name"], "seat": car["seat"], "left": left, "unit": unit, "note": note})
        return out

    # --- the table -------------------------------------------------------------------------

    def where(self, car: dict[str, Any], lanes: int) -> str:
        return legend_words.where(car, lanes)

    @staticmethod
    def _before_grid(view: dict[str, Any]) -> list[str] | None:
        """Per car, where it stands before a Track race's grid is placed (every car reads row 1,
        left lane until then): its place in the qualifying order once that is sorted."""
        if view["round"] != 0 or stages.is_stage_race(view):
            return None
        cars = view["cars"]
        if view["phase"]["name"] in ("qualifying challenge", "answer to a challenge"):
            out = [""] * len(cars)
            for place, car in enumerate(view["grid"]):
                out[car] = legend_words.grid_place(place, len(cars))
            return out
        return [legend_words.not_on_grid()] * len(cars)

    def table(self, table: Table, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        lanes = self._lanes(table)
        track = self.track(table)
        active = view["phase"].get("seat")
        before = self._before_grid(view)
        cars_out = []
        for i, c in enumerate(view["cars"]):
            cars_out.append({
                "seat": c["seat"], "name": c["name"], "driver": table.seats[c["seat"]]["name"],
                "neutral": c["neutral"], "row": c["row"], "lane": c["lane"], "status": c["status"],
                "placed": before is None,
                "where": before[i] if before is not None else self.where(c, lanes),
                "speed": c["speed"], "top_speed": c["top_speed"],
                "acceleration": c["acceleration"], "braking": c["braking"],
                "temperature": c["temperature"], "engine": c["engine"], "engine_max": c["engine_max"],
                "brakes": c["brakes"], "brakes_max": c["brakes_max"], "tires": c["tires"],
                "flat_tire": c["flat_tire"], "battery_ok": c["battery_ok"], "headlights_ok": c["headlights_ok"],
                "best_line": c["best_line"], "safe_speeds": c["safe_speeds"], "crashes": c["crashes"],
                "spares": [{"name": k, "count": v} for k, v in c["spares"].items()],
                "lap": c["lap"], "active": c["seat"] == active,
                "next_turn": self._next_turn(c.get("next_turn")),
            })
        left = max(0, view["active"]["allowance"] - view["active"]["spent"]) if active is not None else None
        mover = str(view["cars"][active]["name"]) if active is not None else None
        out = {
            "circuit": track["name"], "laps": view["laps"], "weather": view["weather"],
            "phase": view["phase"]["name"], "cars": cars_out, "active": active,
            "order": [view["cars"][i]["name"] for i in view.get("order") or []],
            "moves_left": left,
            "words": legend_words.script_words(),
        }
        if stages.is_stage_race(view):
            extra = stages.table(view, lanes, mover, left)
            for car in cars_out:
                car["where"] = extra["where"][car["seat"]]
            out.update(extra)
        else:
            out["line"] = legend_words.track_line(str(track["name"]), int(view["laps"]), str(view["weather"]), mover, left)
        dash = view["dashboard"]
        for car in cars_out:
            car["words"] = legend_words.car_words(car, dash)
        return out

    def notice(self, table: Table, view: dict[str, Any], seat: int | None) -> str:
        if seat is None or view["cars"][seat]["status"] != "retired":
            return ""
        cause = self._retirements(table).get(seat, "")
        return legend_words.retired_notice(str(view["cars"][seat]["name"]), cause)

    def _retirements(self, table: Table) -> dict[int, str]:
        names = [c["name"] for c in table.state.view(None)["cars"]]
        lanes = self._lanes(table)
        causes: dict[int, str] = {}
        events = table.state.log(None)
        for k, st in enumerate(self.trace(table)):
            for seat, kind, cause in self._effect_kinds(st, events[k] if k < len(events) else None, names, lanes):
                if kind == "retires":
                    causes[seat] = cause
        return causes

    @staticmethod
    def _next_turn(turn: dict[str, Any] | None) -> str:
        """The turn a car is in or meets next, as its Dashboard's pin says it."""
        return legend_words.next_turn(turn)

    # --- decisions and their risks ---------------------------------------------------------

    def decisions(self, table: Table, view: dict[str, Any], seat: int) -> list[Decision]:
        lanes = self._lanes(table)
        rows, line, end = self._road(table)
        out = []
        # What each decision is, leads to, costs and risks comes from its move (issue 29): the
        # core computes it, the words say it; the page plays nothing out on a copy.
        moves = table.state.moves(seat)
        for move in moves:
            detail = legend_words.commas(legend_words.leads_words(move) + legend_words.cost_words(move))
            risk = legend_words.commas(legend_words.risk_words(move))
            text = legend_words.step_words(move, lanes, rows, line, end)
            out.append(Decision(int(move["action"]), text, detail, risk, group_of(move, view)))
        return self._balanced_first(moves, out)

    def _road(self, table: Table, view: dict[str, Any] | None = None) -> tuple[int, str | None, int | None]:
        """The circuit's rows and, on a stage, the line that ends it and the row it stands at
        (``view``: the position asked about, else the table's)."""
        rows = int(self.track(table)["length"])
        stage = (view if view is not None else table.public_view()).get("stage")
        if not stage:
            return rows, None, None
        return rows, stages.finish_words(stage), int(stage["length"])

    @staticmethod
    def _balanced_first(moves: list[dict[str, Any]], out: list[Decision]) -> list[Decision]:
        """The Engine/Brakes split offered from the even one out (issue 32, item 5): the first,
        highlighted choice was "Engine 1, Brakes 10", the worst a newcomer could take. Half the
        car's Reliability to the Engine (rounded up, the medium bot's split) comes first, then
        the others by how far they lean."""
        if not moves or any(m["kind"] != "split_reliability" for m in moves):
            return out
        engines = [int(m["engine"]) for m in moves]
        even = -(-(engines[0] + int(moves[0]["brakes"])) // 2)
        order = sorted(range(len(out)), key=lambda i: (abs(engines[i] - even), -engines[i]))
        return [out[i] for i in order]

    def plan(self, table: Table, seat: int) -> list[dict[str, Any]]:
        """The reachable spaces, each with the way there in words, its wear and its risk (from
        the plan's own figures; the end of the round is looked ahead only for a hot car)."""
        lanes = self._lanes(table)
        rows = int(self.track(table)["length"])
        s = table.state
        spectator = table.public_view()
        car = spectator["cars"][seat]
        # On a stage the road ends at the line: a move past it ends the car's stage.
        stage = spectator.get("stage")
        line = legend_words.over_line(stages.finish_words(stage)) if stage else ""
        end = int(stage["length"]) if stage else rows
        out = []
        rows, line_words, _ = self._road(table)
        for p in s.plan_moves():
            # Each step is worded from the typed event the core says it logs.
            ids = [int(a) for a in p["actions"]]
            steps = [legend_words.step_words(e, lanes, rows, line_words, end) for e in p["steps"]
                     if e.get("seat") is not None]
            out.append({
                "row": p["row"], "lane": p["lane"], "progress": p["progress"], "speed": p["speed"],
                "decisions": p["decisions"], "ids": ids,
                "where": (legend_words.line_lane(line, p["lane"], lanes) if p["progress"] >= end and stage
                          else legend_words.cell(p["row"] % rows, p["lane"], lanes)),
                "steps": steps, "cost": legend_words.plan_cost_words(p),
                "risk": legend_words.plan_risk_words(car, p),
                "engine": p["engine"], "brakes": p["brakes"], "tires": p["tires"],
                "temperature": p["temperature"], "damage": p["damage"], "off_road": p["off_road"],
            })
        return out

    # --- the log ---------------------------------------------------------------------------

    def trace(self, table: Table) -> list[dict[str, Any]]:
        """Per action: the phase before it, the round, and every car before and after."""
        def pick(v: dict[str, Any]) -> dict[str, Any]:
            return {"phase": v["phase"]["name"], "seat": v["phase"].get("seat"), "round": v["round"],
                    "weather": v["weather"], "cars": compact(v), "allowance": v["active"]["allowance"],
                    "red_zone": v["dashboard"]["temperature_red_zone"]}

        steps = trace(table, pick)
        flat: list[dict[str, Any]] = table.memo.setdefault("legend_trace", [])
        flat.extend({"phase": st["before"]["phase"], "seat": st["before"]["seat"], "round": st["before"]["round"],
                     "actor": st["actor"], "before": st["before"]["cars"],
                     "after": st["after"]["cars"], "weather": st["after"]["weather"], "next_round": st["after"]["round"],
                     "allowance": st["after"]["allowance"], "red_zone": st["after"]["red_zone"]}
                    for st in steps[len(flat):])
        return flat

    def log(self, table: Table, seat: int | None) -> list[dict[str, Any]]:
        """One entry per decision (a car's whole activation is one), chance outcomes, and the
        retirements, crashes and needles at their last point with their cause. Built as the
        game goes on: only the actions since the last request are read."""
        steps = self.trace(table)
        # Worded lines are kept per reader's language: one table, several languages at once.
        memo = table.memo.setdefault(f"legend_log:{locale.language()}", {"n": 0, "closed": [], "group": None, "last_actor": None})
        lanes = self._lanes(table)
        rows = int(self.track(table)["length"])
        names = [c["name"] for c in table.public_view()["cars"]]
        closed: list[dict[str, Any]] = memo["closed"]
        # The core's typed events, one per action as the steps are (issue 29): the table's rolls
        # and draws are worded from them.
        events = table.state.log(None, since=memo["n"])
        for k, st in enumerate(steps[memo["n"]:]):
            who = st["actor"]
            rnd = st["round"]
            when = legend_words.round_words(rnd)
            group = memo["group"]
            if who >= 0:
                if group is None or group["who"] != who or group["round"] != rnd:
                    if group is not None:
                        closed.append(self._entry(group, names, lanes, rows, table))
                    group = memo["group"] = {"who": who, "round": rnd, "when": when, "steps": [],
                                             "start": st["before"][who]}
                group["steps"].append({"event": events[k] if k < len(events) else {"kind": "unknown"},
                                       "before": st["before"][who], "car": st["after"][who],
                                       "allowance": st["allowance"], "phase": st["phase"]})
                memo["last_actor"] = who
            else:
                if group is not None:
                    closed.append(self._entry(group, names, lanes, rows, table))
                    memo["group"] = None
                closed.append({"who": None, "round": when,
                               "text": self._chance(st, events[k] if k < len(events) else None, names)})
            effects = self._effects(st, events[k] if k < len(events) else None, names, lanes)
            if effects and memo["group"] is not None:
                closed.append(self._entry(memo["group"], names, lanes, rows, table))
                memo["group"] = None
            closed.extend({"who": w, "round": when, "text": text, "strong": True} for w, text in effects)
        memo["n"] = len(steps)
        if memo["group"] is not None:
            return [*closed, self._entry(memo["group"], names, lanes, rows, table)]
        return list(closed)

    @staticmethod
    def _cost(step: dict[str, Any]) -> str:
        """What a decision did to the Dashboard: "speed 4 → 7, Temperature +1, 1 Engine, 7 MP"."""
        b, c = step["before"], step["car"]
        paced = step["phase"] == "set the pace" and c["speed"] > 0
        return legend_words.dashboard_change(b, c, step["allowance"] if paced else None)

    def _entry(self, group: dict[str, Any], names: list[str], lanes: int, rows: int, table: Table) -> dict[str, Any]:
        who = group["who"]
        parts: list[str] = []
        path = [[group["start"]["row"], group["start"]["lane"]]]
        moved = 0
        for st in group["steps"]:
            event = st["event"]
            car = st["car"]
            if event["kind"] in ("drive_to", "slipstream"):
                moved += 1
                path.append([car["row"], car["lane"]])
                continue
            text = legend_words.step_words(event, lanes)
            cost = self._cost(st)
            parts.append(legend_words.with_cost(text, cost))
            if [car["row"], car["lane"]] != path[-1]:
                path.append([car["row"], car["lane"]])
        end = group["steps"][-1]["car"]
        start = group["start"]
        spaces = end["progress"] - start["progress"]
        if moved and spaces > 0:
            parts.append(legend_words.moved(spaces, legend_words.cell(start["row"] % rows, start["lane"], lanes),
                                            legend_words.cell(end["row"] % rows, end["lane"], lanes)))
        text = legend_words.log_entry(table.seats[who]["name"], names[who], parts)
        # A stage's moves are not animated: the page's animation follows a circuit's rows.
        animated = moved and self.track(table).get("kind") != "route"
        return {"who": who, "round": group["when"], "text": text,
                "path": path if animated else None, "car": who,
                "detail": legend_words.car_now(end)}

    @staticmethod
    def _chance(st: dict[str, Any], event: dict[str, Any] | None, names: list[str]) -> str:
        """A roll or a draw, from its typed event; the weather as the view names it (fog)."""
        if event is None:
            return ""
        return legend_words.chance_words(event, lambda k: names[k], str(st["weather"]))

    def _effects(self, st: dict[str, Any], event: dict[str, Any] | None, names: list[str],
                 lanes: int) -> list[tuple[int, str]]:
        """Retirements, crashes and needles at their last point caused by this action, worded."""
        return [(i, legend_words.effect(kind, names[i], **({"cause": arg} if kind == "retires" else
                                                           {"cell": arg} if kind == "crashes" else {})))
                for i, kind, arg in self._effect_kinds(st, event, names, lanes)]

    @staticmethod
    def _effect_kinds(st: dict[str, Any], event: dict[str, Any] | None, names: list[str],
                      lanes: int) -> list[tuple[int, str, str]]:
        """Per car hit by this action: the effect's kind (legend_words.effect) and its cause or space."""
        out = []
        end_of_round = st["next_round"] != st["round"]
        red = st["red_zone"]
        for i, (b, a) in enumerate(zip(st["before"], st["after"])):
            if a["status"] == "retired" and b["status"] != "retired":
                if end_of_round and b["status"] in ("racing", "off_road") and a["engine"] == 0 and b["engine"] <= 2:
                    cause = legend_words.retirement_cause("round_end", st["round"], a["temperature"],
                                                          bool(red[a["temperature"]]))
                elif (event or {}).get("kind") in ("damage_card", "event_card"):
                    cause = legend_words.retirement_cause(str((event or {})["kind"]))
                else:
                    cause = legend_words.retirement_cause("round_limit" if end_of_round else "push")
                out.append((i, "retires", cause))
            elif a["crashes"] > b["crashes"]:
                out.append((i, "crashes", legend_words.cell(a["row"], a["lane"], lanes)))
            else:
                for key in ("engine", "brakes"):
                    if b[key] > 0 and a[key] == 0:
                        out.append((i, f"no_{key}", ""))
                if b["tires"] >= 0 > a["tires"]:
                    out.append((i, "flat_tire", ""))
                for key, kind in (("battery_ok", "battery"), ("headlights_ok", "headlights")):
                    if b[key] and not a[key]:
                        out.append((i, kind, ""))
        return out

    def step_text(self, table: Table, state: autodromo.State, action: int, actor: int) -> str:
        """The action's typed event, worded: played on a copy of ``state`` (before it)."""
        before = state.view(None)
        names = [c["name"] for c in before["cars"]]
        after = state.clone()
        after.apply_action(action)
        events = after.log(None, since=len(state.history()))
        if not events:
            return ""
        if actor < 0:
            return legend_words.chance_words(events[0], lambda k: names[k], str(after.view(None)["weather"]))
        rows, line, end = self._road(table, before)
        text = legend_words.step_words(events[0], self._lanes(table), rows, line, end)
        return legend_words.log_entry(table.seats[actor]["name"], names[actor], [text])

    # --- the end ---------------------------------------------------------------------------

    def results(self, table: Table) -> dict[str, Any]:
        s = table.state
        v = s.view(None)
        ranking = s.ranking()
        names = [c["name"] for c in v["cars"]]
        causes = self._retirements(table)
        if stages.is_stage_race(v):
            return stages.results(table, v, ranking, causes)
        order = sorted(range(len(v["cars"])), key=lambda i: (ranking[i], i))
        drivers = [str(seat["name"]) for seat in table.seats]
        ties = [self._tie(v["cars"], drivers, a, b) for a, b in zip([None, *order], order)]
        rows = []
        for i, tied in zip(order, ties):
            c = v["cars"][i]
            finish = c.get("finish")
            cells = [legend_words.result_place(ranking[i] + 1, bool(finish)), c["name"], table.seats[i]["name"],
                     legend_words.result_time(finish), legend_words.result_wear(c), legend_words.result_damage(c),
                     legend_words.result_status(bool(finish), causes.get(i))]
            if any(ties):
                cells.insert(4, tied)
            rows.append({"seat": i, "cells": cells})
        winner = order[0]
        return {
            "headline": legend_words.headline(table.seats[winner]["name"] if v["cars"][winner].get("finish") else None,
                                              names[winner]),
            "columns": legend_words.columns(any(ties)),
            "rows": rows,
        }

    @staticmethod
    def _tie(cars: list[dict[str, Any]], drivers: list[str], ahead: int | None, car: int) -> str:
        """How ``car`` came behind the car placed just ahead of it when both crossed the line in
        the same round: "the winner is the car that has advanced the farthest beyond the finish
        line; if a tie still remains, use the activation hierarchy as the tie-breaker" (Track
        Race; docs/rules/legend.md decision 31)."""
        if ahead is None:
            return ""
        a, b = cars[ahead].get("finish"), cars[car].get("finish")
        if not a or not b or a["round"] != b["round"]:
            return ""
        return legend_words.tie_words(int(b["round"]), drivers[ahead], int(a["past_line"]), int(b["past_line"]))

    # --- help ------------------------------------------------------------------------------

    def how_to_play(self) -> list[str]:
        return legend_words.how_to_play()

    def help(self, view: dict[str, Any]) -> dict[str, str]:
        return {"phase": legend_words.phase_help(str(view["phase"]["name"])), **legend_words.decisions_help()}


def _register() -> None:
    from .event import LegendEvent

    module = Legend()
    module.event = LegendEvent
    register(module)


_register()
