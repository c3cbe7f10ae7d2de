"""Race! Formula 90 on the page: the section track as the core lays it out with the cars in
order in each section, the activation order, the duel, each car's chart, the hand as card faces,
every card play with where it lands and what it costs, the log and the results."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import autodromo
from autodromo import content, locale

from ..base import Decision, GameModule, field, hand_places, register
from autodromo.formula90 import results, words

from . import choices, conditions
from .glossary import MODULES, line

if TYPE_CHECKING:
    from ...tables import Table

GAME = "formula90"

#: The lobby's robot choices and what each asks of the core ("lineup": the book's table).
ROBOTS: dict[str, Any] = {
    "lineup": None,
    "none": [],
    "one_each": {"superfast": 1, "fast": 1, "slow": 1},
}

@lru_cache(maxsize=1)
def core_options() -> dict[str, Any]:
    """The options this build of the core knows, with their defaults (a module being built is
    offered once the core has it)."""
    options: dict[str, Any] = json.loads(autodromo.game(GAME).options_json)
    return options


def tracks() -> list[dict[str, str]]:
    """Every shipped track by id and name."""
    return [{"id": t["id"], "label": t["name"]} for t in content.shipped(GAME, "tracks")]


def face(card: dict[str, Any] | None) -> dict[str, Any] | None:
    """A Race or Track Card as the page's card face: its number, MP and costs."""
    if not card:
        return None
    return {"name": str(card["name"]), "value": words.card_value(card), "note": words.card_note(card),
            "kind": f"f90-{card['colour']}", "colour": card["colour"]}


def duel_cards(car: dict[str, Any]) -> str:
    """A car's duel cards on the table (words.duel_cards_words)."""
    return " · ".join(words.duel_cards_words(car))


class Formula90(GameModule):
    id = GAME
    title = "Race! Formula 90"
    hidden_information = True
    # The book races alone against the robots too; the page seats at least two, as every game.
    seats = {"min": 2, "max": 6, "default": 2}
    turn_word = "Turn"

    def options(self) -> list[dict[str, Any]]:
        say = words.say
        return [
            field("track", "choice", say("option.track"), "lago", choices=tracks()),
            field("turns", "int", say("option.turns"), None, min=2, max=60),
            field("robots", "choice", say("option.robots"), "lineup", choices=[
                {"id": "lineup", "label": say("option.robots.lineup")},
                {"id": "one_each", "label": say("option.robots.one_each")},
                {"id": "none", "label": say("option.robots.none")},
            ]),
            field("race_length", "choice", say("option.race_length"), "full", help=line(MODULES["race_length"], titled=False), choices=[
                {"id": "full", "label": say("option.race_length.full")},
                {"id": "short", "label": say("option.race_length.short")},
            ]),
            field("free_practice", "bool", say("option.free_practice"), True,
                  help=line(MODULES["free_practice"], titled=False)),
            field("strategies", "choice", say("option.strategies"), "all", help=line(MODULES["strategies"], titled=False), choices=[
                {"id": "all", "label": say("option.strategies.all")},
                {"id": "basic", "label": say("option.strategies.basic")},
            ]),
            # A choice, not a box: on by default only where the track prints a weather table.
            field("weather", "choice", say("option.weather"), "printed", help=line(MODULES["weather"], titled=False), choices=[
                {"id": "printed", "label": say("option.weather.printed")},
                {"id": "off", "label": say("option.weather.off")},
            ]),
            field("flags", "bool", say("option.flags"), True, help=line(MODULES["flags"], titled=False)),
            field("safety_car", "bool", say("option.safety_car"), True, help=line(MODULES["safety_car"], titled=False)),
            *([field("extreme", "bool", say("option.extreme"), True, help=line(MODULES["extreme"], titled=False))]
              if "extreme" in core_options() else []),
            field("track_powers", "bool", say("option.track_powers"), True,
                  help=line(MODULES["track_powers"], titled=False)),
            field("tyre_table", "choice", say("option.tyre_table"), "corrected", help=line(MODULES["tyre_table"], titled=False), choices=[
                {"id": "corrected", "label": say("option.tyre_table.corrected")},
                {"id": "as_printed", "label": say("option.tyre_table.as_printed")},
            ]),
        ]

    def check_options(self, options: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
        robots = options.get("robots")
        if isinstance(robots, str) and robots in ROBOTS:
            if ROBOTS[robots] is None:
                options.pop("robots")
            else:
                options["robots"] = ROBOTS[robots]
        weather = options.get("weather")
        if weather == "printed":
            options.pop("weather")
        elif weather == "off":
            options["weather"] = False
        return super().check_options(options, seats)

    def _on(self, table: Table, option: str) -> bool:
        """Whether a module is on in this race (the core's account of its options, defaults included)."""
        opts = table.memo.get("options")
        if opts is None:
            opts = table.memo["options"] = table.game_options()
        return bool(opts.get(option))

    def board(self, game: autodromo.Game) -> dict[str, Any] | None:
        board: dict[str, Any] | None = game.board()
        return board

    def turn(self, view: dict[str, Any]) -> dict[str, Any]:
        if view["over"]:
            return {"label": words.say("page.turn.over"), "value": ""}
        if view["turn"] == 0:
            return {"label": words.say("round.before_start"), "value": ""}
        return {"label": words.say("page.turn"), "value": words.say("page.turn.value", turn=view["turn"],
                                                                       turns=view["turns"])}

    def phase(self, view: dict[str, Any]) -> str:
        phase = words.phase_name(str(view["phase"]))
        return phase[:1].upper() + phase[1:]

    def _seat_of(self, view: dict[str, Any]) -> dict[str, int]:
        return {c["name"]: c["seat"] for c in view["cars"] if c.get("seat") is not None}

    def _car_title(self, table: Table, car: dict[str, Any]) -> str:
        if car.get("seat") is not None:
            return words.say("page.car.seat", car=words.car_name(car["name"]), seat=table.seats[car["seat"]]["name"])
        return words.say("page.car.robot", car=words.car_name(car["name"]))

    def seat_colours(self, table: Table, view: dict[str, Any]) -> list[str] | None:
        # The cars are named by their colour in the content: each seat is drawn in its car's.
        by_seat = {c["seat"]: str(c["colour"]) for c in view["cars"] if c.get("seat") is not None}
        return [by_seat.get(i, "") for i in range(len(table.seats))]

    def distance(self, table: Table, view: dict[str, Any]) -> list[dict[str, Any]]:
        if view["turn"] == 0:
            return []
        return [{"who": self._car_title(table, c), "seat": c["seat"],
                 "note": words.say("page.distance", place=words.ordinal(c["place"]), where=words.where(c))}
                for c in sorted(view["cars"], key=lambda c: c["place"]) if c.get("seat") is not None]

    def table(self, table: Table, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        # Before the grid is formed no car stands in a section, and none has a place yet.
        on_track = {name for s in view["sections"] for name in s["cars"]}
        # Before the race a car's strategy and tyres are the chart's defaults until its player
        # chooses them (from pole, in grid order): the log says who has.
        chosen = {(str(e["kind"]), words.name(e["car"])) for e in words.steps(table.state.log(None))
                  if e["kind"] in ("strategy", "tyres")} if view["turn"] == 0 else None
        cars = []
        index = {c["name"]: k for k, c in enumerate(view["cars"])}
        for c in sorted(view["cars"], key=lambda c: c["place"]):
            human = c.get("seat") is not None
            gridded = view["turn"] > 0 or c["name"] in on_track
            car: dict[str, Any] = {
                "name": c["name"], "title": self._car_title(table, c), "seat": c.get("seat"), "spot": f"car:{index[c['name']]}",
                "colour": c["colour"], "driver": table.seats[c["seat"]]["name"] if human else words.say("page.driver.robot", driver=c["driver"]),
                "place": words.ordinal(c["place"]) if gridded else "—", "where": words.where(c, gridded),
                "section": c["section"], "on_extreme": bool(c.get("on_extreme")),
                "status": c["status"], "played": bool(c["played"]) and view["turn"] > 0, "mine": human and c["seat"] == seat,
                "duel_cards": duel_cards(c),
            }
            if human:
                car.update({
                    "tyres": c["tyres"], "wear": words.wear_words(c), "fuel": words.fuel_words(c),
                    "target": face(c.get("target")), "cards": words.count("n.card", int(c["hand_size"])),
                    "skill": conditions.skill(c), "flags": conditions.car_flags(c),
                    "chasing": c.get("chasing"),
                })
                strategy = c["strategy"] if chosen is None or ("strategy", c["name"]) in chosen else ""
                car.update({"strategy": strategy, "strategy_help": conditions.strategy_help(strategy),
                            "tyre": conditions.tyres(c, view) if chosen is None or ("tyres", c["name"]) in chosen else None})
            else:
                car.update({"tyres": "", "wear": "", "fuel": words.say("fuel.refuelled") if c.get("robot_refuelled") else "",
                            "target": None, "strategy": "", "cards": "", "skill": None, "flags": [],
                            "tyre": conditions.robot_tyres(view)})
            car["tip"] = self._car_tip(car)
            if car.get("chasing"):
                car["chasing_text"] = words.say("page.chasing", car=car["chasing"])
            cars.append(car)
        out: dict[str, Any] = {
            "track": view["track"], "phase": self.phase(view), "leader": view.get("leader"),
            "sections": [{"number": s["number"], "name": words.section_name(s), "kind": s["kind"], "cars": s["cars"],
                          "duel": s["duel"] if s["kind"] == "corner" else None, "yellow": s.get("yellow_flag"),
                          "safety_car": bool(s.get("safety_car")), "safety_car_point": bool(s.get("safety_car_point")),
                          "extreme": conditions.extreme(s), "tip": self._section_tip(s)}
                         for s in view["sections"]],
            "conditions": {"weather": conditions.weather(view), "flags": conditions.flags(view, self._on(table, "flags")),
                           "stage": conditions.stage(view), "safety_car": conditions.safety_car(view)},
            "cars": cars,
            "activation": [{**a, "car": words.car_name(str(a["car"]))} for a in view.get("activation") or []],
            "decks": words.say("page.decks", race=view["race_deck"], discards=view["race_discard"],
                               track=view["track_deck"], red=view["wear_bag"]["red"], brown=view["wear_bag"]["brown"]),
            "hand": self._hand(view),
        }
        out["glossary"] = conditions.glossary(out)
        out["words"] = words.script_words()
        head = {"track": view["track"], "phase": out["phase"], "decks": out["decks"]}
        out["headline"] = (words.say("page.headline.leader", leader=view["leader"], **head) if view.get("leader")
                           else words.say("page.headline", **head))
        weather = out["conditions"]["weather"]
        n = len(view["sections"])
        out["board_label"] = (words.say("page.board.sky", track=view["track"], n=n, sky=weather["sky_text"]) if weather
                              else words.say("page.board", track=view["track"], n=n))
        duel = view.get("duel")
        if duel:
            by_name = {c["name"]: c for c in view["cars"]}
            members = [words.duel_member_words(m, by_name.get(m["car"], {}).get("sealed") or 0)
                       for m in duel["members"]]
            where = words.say("section", number=duel["section"], name=words.section_name(
                {"number": duel["section"], "kind": duel["kind"], "name": duel["name"]}))
            out["duel"] = {"where": where, "title": words.say("page.duel", where=where), "members": members,
                           "revealed": duel["revealed"]}
        current = view.get("current")
        if current and current.get("car"):
            out["current"] = {
                "car": current["car"], "cards": [face(c) for c in current["cards"]], "mp": current["mp"],
                "title": words.say("page.current", car=current["car"]), "mp_text": words.say("page.mp", mp=current["mp"]),
                "checks": [words.check_against(c) for c in current["checks"]],
            }
        return out

    @staticmethod
    def _hand(view: dict[str, Any]) -> list[dict[str, Any] | None] | None:
        """The hand as card faces, each with its place (what a decision's place names)."""
        if "hand" not in view:
            return None
        places = hand_places(view["hand"], lambda c: c["name"])
        return [{**(face(c) or {}), "place": places[c["name"]]} for c in view["hand"]]

    @staticmethod
    def _place(move: dict[str, Any], cards: dict[str, str], cars: dict[str, str]) -> tuple[str, ...]:
        """Where a move is made (issue 32): a play on the section it lands in, a yellow flag on its
        section, a trajectory on its corner; a card discarded, paid, checked with or played for
        its power in the hand, a duel's cards there too; driving, pitting or skipping the turn on
        the car. Read from the core's move, not its label."""
        k = move["kind"]
        if k in ("drive", "pit", "skip"):
            car = cars.get(str((move.get("car") or {}).get("name")))
            return (car,) if car else ()
        if k == "play":
            return (f"section:{move['leads_to']['landing']['number']}",)
        if k == "yellow_flag":
            return (f"section:{move['section']['number']}",)
        if k in ("trajectory", "no_trajectory", "take_extreme"):
            return (f"section:{move['leads_to']['section']['number']}",)
        played = move.get("cards") if k == "duel_cards" else [move.get("with" if k == "check" else "card")]
        keys = tuple(cards.get(str(c["name"]), "") for c in played or [] if c)
        return keys if keys and all(keys) else ()

    @staticmethod
    def _weather_places(table: Table, moves: list[dict[str, Any]], seat: int) -> dict[int, str]:
        """A weather step's place: the weather track's space the pawn then stands on, as the core
        moves it (played on a copy; one, two or three such choices at most)."""
        out = {}
        for m in moves:
            if m["kind"] == "weather_step":
                after = table.state.clone()
                after.apply_action(m["action"])
                w = after.view(seat).get("weather")
                if w:
                    out[int(m["action"])] = f"weather:{w['space']}"
        return out

    @staticmethod
    def _car_tip(car: dict[str, Any]) -> str:
        """A car's line when the pointer rests on it on the board."""
        text = words.say("page.car.tip", title=car["title"], place=car["place"], where=car["where"])
        if car.get("tyre"):
            text = words.say("page.car.tip.tyres", text=text, tyre=car["tyre"]["text"])
        for f in car.get("flags") or []:
            text = words.say("page.car.tip.more", text=text, more=f["text"])
        return words.say("page.car.tip.extreme", text=text) if car.get("on_extreme") else text

    @staticmethod
    def _section_tip(s: dict[str, Any]) -> str:
        """A section's line when the pointer rests on it: number, name, kind, a corner's duel box, its cars."""
        args = {"number": s["number"], "name": words.section_name(s), "kind": words.term("section", s["kind"])}
        duel = s["duel"] if s["kind"] == "corner" else None
        text = (words.say("page.section.tip.duel", duel=duel, **args) if duel is not None
                else words.say("page.section.tip", **args))
        return words.say("page.section.tip.cars", text=text, cars=words.joined([words.car_name(str(c)) for c in s["cars"]])) if s["cars"] else text

    def decisions(self, table: Table, view: dict[str, Any], seat: int) -> list[Decision]:
        plans = {p["id"]: p for p in view.get("plans") or []}
        moves = table.state.moves(seat)
        kinds = {str(m["kind"]) for m in moves}
        cards = hand_places(view.get("hand") or [], lambda c: c["name"])
        # A car off the track (in the pits, before the grid) is drawn in no section: no place.
        on_track = {name for s in view["sections"] for name in s["cars"]}
        cars = {c["name"]: f"car:{k}" for k, c in enumerate(view["cars"]) if c["name"] in on_track}
        weather = self._weather_places(table, moves, seat)
        out = []
        for m in moves:
            # The button says the move in the reader's words; the core's label stays its stable name.
            text = words.move_words(m, view, kinds)
            plan = plans.get(m["action"])
            if plan:
                detail = words.plan_words(plan)
            elif m["kind"] == "weather_step":
                detail = words.weather_step_words(m, view.get("weather"))
            else:
                detail = choices.meaning(m) or words.move_detail(m)
            out.append(Decision(m["action"], text[:1].upper() + text[1:], detail=detail, kind=choices.kind(m, view),
                                place=(weather[m["action"]],) if m["action"] in weather else self._place(m, cards, cars)))
        return out

    def prompt(self, table: Table, view: dict[str, Any], seat: int, decisions: list[Decision]) -> dict[str, Any] | None:
        # A flag's, the orange pawn's or an Extreme Trajectory's help is the same for every
        # choice: told once, above them, not under each.
        return choices.shared([d.kind for d in decisions])

    def _fixed(self, table: Table) -> tuple[dict[str, int], dict[int, dict[str, Any]]]:
        """Which car each seat drives and the sections (the core's references, worded for each
        reader by :meth:`_section_names`): they never change during a race,
        so they are read from one view, not from a view at each request (a Formula 90 view is
        the dearest)."""
        fixed = table.memo.get("formula90_fixed")
        if fixed is None:
            view = table.public_view()
            fixed = table.memo["formula90_fixed"] = (
                self._seat_of(view), {s["number"]: {k: s[k] for k in ("number", "kind", "name")}
                                      for s in view["sections"]})
        return fixed

    def _section_names(self, table: Table) -> dict[int, str]:
        """The sections by number, in the reader's language."""
        return {n: words.section_name(ref) for n, ref in self._fixed(table)[1].items()}

    def step_text(self, table: Table, state: autodromo.State, action: int, actor: int) -> str:
        after = state.clone()
        since = len(state.log(None))
        after.apply_action(action)
        events = words.steps(after.log(None, since=since))
        # Asked only for what its reader could see: a card drawn into a hand, by its owner.
        owner = next((e["seat"] for e in events if e["kind"] == "draw" and e.get("seat") is not None), None)
        if owner is not None:
            events = words.steps(after.log(int(owner), since=since))
        if events or actor < 0:
            # The sentences name the cars; the consequences (the next car's declaration, the
            # robots' moves) are told with the action that led to them.
            return words.step_words(events, self._section_names(table))
        kind = next((m["kind"] for m in state.moves(actor) if m["action"] == action), None)
        return words.say("line.seat", seat=table.seats[actor]["name"], text=words.step_words([], {}, kind))

    def log(self, table: Table, seat: int | None) -> list[dict[str, Any]]:
        """One entry per car's move, one per other event told. Built as the race goes on: what
        was read is kept per seat (cleared with the past on an undo, read again at the end,
        which reveals), so a request reads only the events since the last one (``since``); the move under
        way is worded again at each request, as it may still grow. Built from scratch at each
        request, this log was most of a Formula 90 answer's time (docs/web.md, "Under load")."""
        seats = self._fixed(table)[0]
        section_names = self._section_names(table)
        names = table.names()
        # Worded lines are kept per reader's language: one table, several languages at once.
        key = f"formula90_log:{seat}:{locale.language()}"
        memo: dict[str, Any] | None = table.memo.get(key)
        if memo is None or table.finished:
            # "where": each car's last section the log told.
            memo = {"n": 0, "out": [], "when": words.round_words(0), "move": None, "where": {}}
            table.memo[key] = memo
        out: list[dict[str, Any]] = memo["out"]
        where: dict[str, int] = memo["where"]

        def entry(move: words.CarTurn) -> dict[str, Any]:
            who = seats.get(move.name)
            text = move.text(section_names, where.get(move.name))
            return {"who": who, "round": move.when,
                    "text": words.say("line.seat", seat=names[who], text=text) if who is not None else text,
                    "detail": move.detail(), "strong": False}

        def flush() -> None:
            move: words.CarTurn | None = memo["move"]
            if move is not None:
                out.append(entry(move))
                if move.entered:
                    where[move.name] = move.entered[-1]
                memo["move"] = None

        # Only the entries not read yet leave the core.
        entries = table.state.log(seat, since=memo["n"])
        for e in words.steps(entries):
            kind = e["kind"]
            car = words.name(e.get("car"))
            move = memo["move"]
            if kind == "reenter" and car:
                where[car] = int(e["section"]["number"])
            # A car's turn, from its declaration to the last section it enters, is one entry.
            if words.opens_turn(e, move):
                if words.starts_new_turn(e, move):
                    flush()
                    move = memo["move"] = words.CarTurn(e["car"], memo["when"])
                assert move is not None
                move.add(e)
                continue
            flush()
            if kind == "turn":
                memo["when"] = words.round_words(int(e["turn"]))
            elif kind in ("pit", "off_track"):
                where.pop(car, None)
            text = words.event_words(e)
            who = seats.get(car)
            if who is not None:
                text = words.say("line.seat", seat=names[who], text=text)
            out.append({"who": who, "round": memo["when"], "text": text, "strong": kind in words.STRONG})
        memo["n"] += len(entries)
        under_way: words.CarTurn | None = memo["move"]
        return out + [entry(under_way)] if under_way is not None else list(out)

    def results(self, table: Table) -> dict[str, Any]:
        v = table.state.view(None)
        lines = results.rows(v, table.state.log(None))
        ties = any(r.level_with for r in lines)
        rows = []
        for r in lines:
            row: dict[str, Any] = {"cells": results.cells(r, self._car_title(table, r.car), ties)}
            if r.car.get("seat") is not None:
                row["seat"] = r.car["seat"]  # a robot has no seat, and so no seat colour
            rows.append(row)
        first = lines[0].car if lines else None
        humans = [r.car for r in lines if r.car.get("seat") is not None]
        headline = words.say("results.wins", car=self._car_title(table, first)) if first else words.say("page.turn.over")
        if first is not None and first.get("seat") is None and humans:
            headline = words.say("results.first_player", headline=headline, car=self._car_title(table, humans[0]))
        return {"headline": headline, "columns": results.columns(ties), "rows": rows}

    def how_to_play(self) -> list[str]:
        return words.how_to_play()

    def help(self, view: dict[str, Any]) -> dict[str, str]:
        out = {"phase": words.say("decision.phase", phase=words.phase_name(str(view["phase"]))) if view.get("legal_actions")
               else words.say("decision.wait")}
        out.update({k[len("decision."):]: words.help_text(k) for k in words.HELP
                    if k.startswith("decision.") and k not in ("decision.hand", "decision.wear")})
        return {**out, **choices.help_texts()}


register(Formula90())
