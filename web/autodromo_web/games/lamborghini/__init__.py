"""Lamborghini on the page: the draft as card faces with their numbers, the cars on the
circuit, one log entry per decision (a whole movement), and the results of the race."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import autodromo
from autodromo import content, locale, refusal_words
from autodromo.errors import IllegalActionError
from autodromo.lamborghini import cards, words

from ... import board as boards
from ..base import Decision, GameModule, field, hand_places, register, trace

if TYPE_CHECKING:
    from ...tables import Table

GAME = "lamborghini"


def _look(view: dict[str, Any]) -> list[dict[str, Any]]:
    """What the log and the results read of each car before and after an action."""
    return [{**{k: c[k] for k in ("owner", "card", "damages", "wrecked", "row", "lane")}, "home": bool(c.get("finish"))}
            for c in view["cars"]]


class Lamborghini(GameModule):
    id = GAME
    hidden_information = True
    seats = {"min": 2, "max": 5, "default": 3}

    @property  # the title in the reader's language
    def title(self) -> str:  # type: ignore[override]
        return words.say("page.title")

    def options(self) -> list[dict[str, Any]]:
        say = words.say
        return [
            field("circuit", "choice", say("option.circuit"), "sant_agata",
                  choices=[{"id": c["id"], "label": c["name"]} for c in content.circuits(GAME)]),
            field("laps", "int", say("option.laps"), None, min=1, max=10),
            field("long", "bool", say("option.long"), False),
            field("accident_table", "choice", say("option.accident_table"), "split", choices=[
                {"id": key, "label": say(f"option.accident_table.{key}")} for key in ("split", "right_first", "left_first")
            ]),
        ]

    def board(self, game: autodromo.Game) -> dict[str, Any] | None:
        out = boards.page_board(game)
        if out is None:
            return None
        out["lane_names"] = [words.lane_words(i, out["lanes"]) for i in range(out["lanes"])]
        return out

    def face(self, table: Table, card_id: str | None) -> dict[str, Any] | None:
        """A card of this table's content as its face shows it (``words.card_face``)."""
        if card_id is None:
            return None
        return words.card_face(self._deck(table).get(card_id, {}))

    @staticmethod
    def _deck(table: Table) -> dict[str, dict[str, Any]]:
        """This table's cards by id (``autodromo.lamborghini.cards``), read once."""
        deck: dict[str, dict[str, Any]] | None = table.memo.get("cards")
        if deck is None:
            deck = table.memo["cards"] = cards(table.game)
        return deck

    def phase(self, view: dict[str, Any]) -> str:
        return words.phase_words(view["phase"])

    def turn(self, view: dict[str, Any]) -> dict[str, Any]:
        if view["turn"] == 0:
            return {"label": words.say("round.before_start"), "value": ""}
        return {"label": words.say("page.turn"), "value": view["turn"]}

    def car_label(self, table: Table, view: dict[str, Any], car: dict[str, Any]) -> str:
        owner = table.seats[car["owner"]]["name"]
        model = self.face(table, car["card"])
        mine = [c for c in view["cars"] if c["owner"] == car["owner"]]
        if len(mine) > 1:
            nth = words.say("nth.0" if car is mine[0] else "nth.1")
            if model:
                return words.say("page.car.nth.model", owner=owner, nth=nth, model=model["name"])
            return words.say("page.car.nth", owner=owner, nth=nth)
        return words.say("page.car", owner=owner, model=model["name"]) if model else words.say("page.car.plain", owner=owner)

    def distance(self, table: Table, view: dict[str, Any]) -> list[dict[str, Any]]:
        track = self.track(table)
        laps = table.game_options().get("laps") or track["laps"] or 1
        total = int(laps) * int(track["length"])
        return [{"who": self.car_label(table, view, c), "seat": c["owner"],
                 "left": 0 if c.get("finish") else max(0, total - int(c["progress"])), "unit": words.say("page.unit")}
                for c in view["cars"]]

    @staticmethod
    def _waiting_on_grid(view: dict[str, Any], length: int, lanes: int) -> list[tuple[int, int]] | None:
        """Before qualifying places the grid every car reads row 1, left lane (one spot for all):
        each waits on the grid's place of its car number instead, as the grid is laid out
        (decision 8: two cars a row, the first in lane 0 of the last row before the line, the
        second in the last lane of that row) until qualifying sets the order."""
        if view["turn"] != 0 or view.get("order"):
            return None
        return [(length - 1 - k // 2, 0 if k % 2 == 0 else lanes - 1) for k in range(len(view["cars"]))]

    def table(self, table: Table, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        track = self.track(table)
        lanes = int(track["lanes"])
        waiting = self._waiting_on_grid(view, int(track["length"]), lanes)
        cars = []
        for k, c in enumerate(view["cars"]):
            hand = c.get("cards")
            row, lane = waiting[k] if waiting else (c["row"], c["lane"])
            where = (words.say("page.where.finished") if c.get("finish") else
                     words.say("page.where.grid") if waiting else
                     words.say("page.where", row=row + 1, lane=words.lane_words(lane, lanes)))
            cars.append({
                "seat": c["owner"], "name": self.car_label(table, view, c), "row": row, "lane": lane,
                "model": self.face(table, c["card"]), "driver": self.face(table, c["driver"]),
                "supplier": words.say(f"supplier.{c['supplier']}") if c["supplier"] else None,
                "damage_words": words.counted(c["damages"], "page.damages"),
                "where": where,
                "damages": c["damages"], "wrecked": c["wrecked"], "stopped": c["stopped"],
                "hand": self._hand(table, hand, f"card:{k}.") if isinstance(hand, list) else None,
                "hand_count": hand if isinstance(hand, int) else len(hand or []),
            })
        players = []
        for p in view["players"]:
            players.append({
                "seat": p["seat"], "name": table.seats[p["seat"]]["name"], "money": words.money(p["money"]),
                "bid": words.money(p["bid"]) if isinstance(p.get("bid"), int) else None,
                "mine": p["seat"] == seat,
                "cards": self._hand(table, p["cards"]) if p.get("cards") is not None else None,
                "card_count": p["card_count"],
            })
        out = {"circuit": self.track(table)["name"], "phase": self.phase(view), "speed_deck": view["speed_deck"],
               "face_up": [{**(self.face(table, x) or {}), "place": f"draft:{i}"} for i, x in enumerate(view.get("face_up") or [])],
               "cars": cars, "players": players,
               "long": bool(table.game_options().get("long"))}
        if "races" in view:
            self._long_game(table, view, out)
        bids = [m for m in table.state.moves(seat) if m["kind"] == "bid"] if seat is not None and view.get("legal_actions") else []
        if bids:
            # One control for the sealed bid (issue 32: one button per amount made 61 of them):
            # each step its amount with the unit and the button's words; the page draws no
            # button per bid (``controls``).
            out["bid"] = {"label": words.say("help.bid"), "amounts": [
                {"id": m["action"], "text": words.money(int(m["amount"])),
                 "button": words.move_words(m, self._names(table, seat))[0]} for m in bids]}
            out["controls"] = ["bid"]
        return out

    def _long_game(self, table: Table, view: dict[str, Any], out: dict[str, Any]) -> None:
        """The long game on the table: which race this is, and until the game is over the race
        just run (places, prizes, each player's money through it) with what decides the game."""
        out["race"] = words.race_words(view)
        results = view.get("results") or []
        if not results or view["phase"] == "Over":
            return
        last = self._race_table(table, view, results[-1], words.say(
            "page.last_race", race=len(results), races=view["races"], circuit=self._circuit_name(results[-1])))
        money = [words.say("page.money_of", who=table.seats[p["seat"]]["name"], money=words.money(p["money"]))
                 for p in sorted(view["players"], key=lambda p: -int(p["money"]))]
        last["decides"] = words.say("page.won_on_money", races=view["races"], money=words.commas(money))
        # Open while the next race's cards are chosen, folded once it is on the track.
        last["open"] = not view["order"]
        out["last_race"] = last

    @staticmethod
    def _circuit_name(race: dict[str, Any]) -> str:
        names = {c["id"]: c["name"] for c in content.circuits(GAME)}
        return str(names.get(race["circuit"], race["circuit_name"]))

    def _race_table(self, table: Table, view: dict[str, Any], race: dict[str, Any], title: str) -> dict[str, Any]:
        """A race of the long game as it ended: each car's place, time, damage and prize, then
        each player's money through it (``words.purse_rows``)."""
        cars = race["cars"]
        ran = {"cars": cars}
        rows = []
        for c in sorted(cars, key=lambda c: int(c["place"])):
            f = c.get("finish")
            time = (words.say("results.time", turn=f["turn"], squares=words.counted(f["past_line"], "page.squares"))
                    if f else words.say("results.not_finished"))
            rows.append({"seat": c["owner"], "cells": [
                words.ordinal(c["place"]), self.car_label(table, ran, c), time,
                words.say("results.wrecked") if c["wrecked"] else words.counted(c["damages"], "page.damages"),
                # One line in a narrow column: "30,000 $", never "30,000" over "$".
                words.money(c["prize"]).replace(" ", "\u00a0")]})
        return {"title": title, "columns": [words.say(k) for k in ("results.place", "results.car", "results.time.column",
                                                                    "results.damage", "results.prize")],
                "rows": rows, "sides": [table.seats[m["seat"]]["name"] for m in race["money"]],
                "money": words.purse_rows(race)}

    def decisions(self, table: Table, view: dict[str, Any], seat: int) -> list[Decision]:
        names = self._names(table, seat)
        moves = table.state.moves(seat)
        places = self._places(moves, view.get("face_up") or [], view["cars"])
        out = []
        for m in moves:
            text, detail, risk = words.move_words(m, names)
            out.append(Decision(m["action"], text, detail, risk, kind=words.GROUPS[m["kind"]], place=places.get(m["action"], ())))
        return out

    def _hand(self, table: Table, cards: list[str], prefix: str = "card:") -> list[dict[str, Any] | None]:
        """Cards as faces, each with its place: a player's ("card:i") or a car's ("card:k.i")."""
        places = hand_places(cards)
        return [{**(self.face(table, x) or {}), "place": places[x].replace("card:", prefix)} for x in cards]

    @staticmethod
    def _places(moves: list[dict[str, Any]], face_up: list[str], cars: list[dict[str, Any]]) -> dict[int, tuple[str, ...]]:
        """Where each move is made (issue 32): a pick on its face-up card, a card played from the
        hand of the car it is played for, a driver linked to a car on that car, a push or a crash
        on the car it meets (the core's target). A step is the board's highlighted squares
        (``plan``); the other choices have no place."""
        out: dict[int, tuple[str, ...]] = {}
        for m in moves:
            card = (m.get("card") or {}).get("id")
            if m["kind"] == "pick" and card in face_up:
                out[m["action"]] = (f"draft:{face_up.index(card)}",)
            elif m["kind"] == "play_card":
                hand = cars[int(m["car"])].get("cards")
                if isinstance(hand, list) and card in hand:
                    out[m["action"]] = (hand_places(hand)[card].replace("card:", f"card:{m['car']}."),)
            elif m["kind"] == "link" and m.get("to_car") is not None:
                out[m["action"]] = (f"car:{m['to_car']}",)
            elif m["kind"] in ("push", "crash") and m.get("target") is not None:
                out[m["action"]] = (f"car:{m['target']}",)
        return out

    def plan(self, table: Table, seat: int) -> list[dict[str, Any]]:
        lanes = int(self.track(table)["lanes"])
        out = []
        for p in table.state.plan_moves():
            out.append({
                "row": p["row"], "lane": p["lane"], "progress": p["progress"], "speed": p["speed"],
                "decisions": p["decisions"], "ids": p["actions"], "where": words.say("page.where", row=p["row"] % self.track(table)["length"] + 1,
                                    lane=words.lane_words(p["lane"], lanes)), "steps": [words.plan_step_words(d) for d in p["directions"]],
                "cost": words.counted(len(p["actions"]), "page.squares"),
                "risk": words.say("risk.squeeze") if p.get("check") else "",
                "engine": 0, "brakes": 0, "tires": 0, "temperature": 0, "damage": p.get("check", False),
                "off_road": False,
            })
        return out

    def _names(self, table: Table, seat: int | None) -> words.Names:
        view = table.public_view() if seat is None else table.state.view(seat)
        seats = table.names()
        return words.Names(seat=lambda p: seats[p], car=lambda c: self.car_label(table, view, view["cars"][c]),
                           cards=self._deck(table))

    def log(self, table: Table, seat: int | None) -> list[dict[str, Any]]:
        """One line per seat a turn (its cards, bids and a whole movement together), one per card
        the table draws, one per damage, wreck and finish. Built as the game goes on: the lines
        before the open one are kept per seat (cleared with the past on an undo), so a request
        words only the events since the last one."""
        names = self._names(table, seat)
        view = table.public_view()
        memo = table.memo.setdefault(f"lamborghini_log:{seat}:{locale.language()}", {"n": 0, "closed": [], "group": None})
        if table.finished:
            # The end revealed it: read the whole game again (an undo clears the memo).
            memo.update(n=0, closed=[], group=None)
        start = memo["n"]
        # Only the events not read yet leave the core.
        events = table.state.log(seat, since=start)
        closed: list[dict[str, Any]] = memo["closed"]

        def effects(group: dict[str, Any]) -> list[dict[str, Any]]:
            out = [{"who": self._owner(table, car), "round": group["when"], "text": text, "strong": True}
                   for e in group["events"] for car, text in words.effect_words(e, names)]
            # A race of the long game ended: its prizes (the next race's set-up cleared its cars).
            out.extend({"who": None, "round": group["when"], "text": words.race_over_words(e, view, names), "strong": True}
                       for e in group["events"] if e.get("race_over"))
            return out

        def entries(group: dict[str, Any]) -> list[dict[str, Any]]:
            path = group["path"]
            return [{"who": group["who"], "round": group["when"],
                     "text": words.line_words(group["who"], group["events"], names),
                     "car": group["car"], "path": path if len(path) > 1 else None}, *effects(group)]

        def flush() -> None:
            if memo["group"] is not None:
                closed.extend(entries(memo["group"]))
                memo["group"] = None

        for e in events:
            who = e["seat"]
            when = words.round_words(e["turn"])
            if who is None or e["kind"] not in words.ACTS:
                flush()
                line = {"who": None, "round": when, "text": words.table_words(e, names)}
                closed.extend([line, *effects({"when": when, "events": [e]})])
                continue
            group = memo["group"]
            if group is None or group["who"] != who or group["when"] != when:
                flush()
                group = memo["group"] = {"who": who, "when": when, "events": [], "car": None, "path": []}
            group["events"].append(e)
            if e["kind"] in ("stepped", "slipstreamed") and group["car"] in (None, e["car"]):
                # The car this decision moved, square by square, for the board to animate.
                if not group["path"]:
                    group["path"].append([e["from"]["row"], e["from"]["lane"]])
                group["car"] = e["car"]
                group["path"].append([e["to"]["row"], e["to"]["lane"]])
        memo["n"] = start + len(events)
        # The open line may still grow: shown, not kept.
        out = list(closed)
        if memo["group"] is not None:
            out.extend(entries(memo["group"]))
        return out

    @staticmethod
    def _owner(table: Table, car: int) -> int:
        return int(table.public_view()["cars"][car]["owner"])

    def step_text(self, table: Table, state: autodromo.State, action: int, actor: int) -> str:
        names = self._names(table, None)
        if actor >= 0:
            move = next(m for m in state.moves(actor) if m["action"] == action)
            return words.step_words(move, actor, names)
        after = state.clone()
        after.apply_action(action)
        since = len(state.history())
        event = after.log(None, since=since)[0]
        if event["kind"] == "dealt":
            # Asked only for what its reader could see: a set-up card its owner reads.
            event = after.log(int(event["owner"]), since=since)[0]
        return words.table_words(event, names)

    def _crossed(self, table: Table, cars: int) -> list[int]:
        """Per car, the action at which it crossed the finishing line of the last race (the
        game's length if not): a long game's cars cross once a race."""
        steps = trace(table, _look)
        out = [len(steps)] * cars
        for i, st in enumerate(steps):
            for k, (b, a) in enumerate(zip(st["before"], st["after"])):
                if a["home"] and not b["home"]:
                    out[k] = i
        return out

    def results(self, table: Table) -> dict[str, Any]:
        s = table.state
        v = s.view(None)
        returns = s.returns()
        cars = v["cars"]
        crossed = self._crossed(table, len(cars))

        def key(i: int) -> tuple[Any, ...]:
            # Decision 28 (End of the Race): the turn the car crossed the line, the squares past
            # it, then (level past it, D16) who crossed first; cars not home by distance.
            f = cars[i].get("finish")
            if f:
                return (0, f["turn"], -f["past_line"], crossed[i])
            return (1, 0, -cars[i]["progress"], 0)

        order = sorted(range(len(cars)), key=key)
        names = {i: self.car_label(table, v, cars[i]) for i in order}
        ties = [self._tie(names, cars, a, b) for a, b in zip([None, *order], order)]
        rows = []
        for place, (i, tie) in enumerate(zip(order, ties), 1):
            c = cars[i]
            finish = c.get("finish")
            time = (words.say("results.time", turn=finish["turn"], squares=words.counted(finish["past_line"], "page.squares"))
                    if finish else words.say("results.not_finished"))
            status = words.say("results.wrecked" if c["wrecked"] else "results.finished" if finish else "results.racing")
            cells = [words.ordinal(place), names[i], time, words.counted(c["damages"], "page.damages"), status]
            if any(ties):
                cells.insert(3, tie)
            rows.append({"seat": c["owner"], "cells": cells})
        best = max(range(len(returns)), key=lambda i: returns[i])
        columns = [words.say(k) for k in ("results.place", "results.car", "results.time.column", "results.damage",
                                          "results.status")]
        if any(ties):
            columns.insert(3, words.say("results.tie"))
        out: dict[str, Any] = {
            "headline": words.say("results.wins", who=table.seats[best]["name"]),
            "columns": columns,
            "rows": rows,
        }
        out["hands"] = [{"name": table.seats[p["seat"]]["name"],
                         "cards": [self.face(table, x) for x in s.view(p["seat"])["players"][p["seat"]]["cards"] or []]}
                        for p in v["players"]]
        if "races" in v:
            # The long game is won on money (decision 34): each race's places and money.
            out["headline"] = words.say("results.wins.money", who=table.seats[best]["name"],
                                        money=words.money(v["players"][best]["money"]))
            out["columns"], out["rows"] = self._money_standings(table, v)
            out["sides"] = [table.seats[p["seat"]]["name"] for p in v["players"]]
            out["scores"] = [{"title": words.say("page.race_results", race=r["race"], races=v["races"],
                                                 circuit=self._circuit_name(r)), "rows": words.purse_rows(r)}
                             for r in v["results"]]
        return out

    @staticmethod
    def _money_standings(table: Table, v: dict[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
        """The long game's final order, on money (decision 34): equal money shares a place; each
        race's places beside it, and below it each race's money (`scores`)."""
        players = sorted(v["players"], key=lambda p: -int(p["money"]))
        rows = []
        for p in players:
            place = 1 + sum(int(q["money"]) > int(p["money"]) for q in players)
            rows.append({"seat": p["seat"], "cells": [
                words.ordinal(place), table.seats[p["seat"]]["name"], words.money(p["money"]),
                *(words.seat_places(r, p["seat"]) for r in v["results"])]})
        columns = [words.say(k) for k in ("results.place", "results.player", "results.money")]
        columns += [words.say("results.race_column", race=r["race"]) for r in v["results"]]
        return columns, rows

    @staticmethod
    def _tie(names: dict[int, str], cars: list[dict[str, Any]], ahead: int | None, car: int) -> str:
        """How ``car`` came behind the car placed just ahead of it when both crossed the line in
        the same turn (the book: "The car who first crosses the finishing line and in the same
        turn is not overtaken by another car is declared the winner"; its example: 7 squares past
        the line lose to 10)."""
        if ahead is None:
            return ""
        a, b = cars[ahead].get("finish"), cars[car].get("finish")
        if not a or not b or a["turn"] != b["turn"]:
            return ""
        if a["past_line"] != b["past_line"]:
            return words.say("results.tie.further", turn=b["turn"], ahead=names[ahead], a=a["past_line"], b=b["past_line"])
        return words.say("results.tie.level", turn=b["turn"], ahead=names[ahead],
                         squares=words.counted(b["past_line"], "page.squares"))

    def how_to_play(self) -> list[str]:
        return words.how_to_play()

    def help(self, view: dict[str, Any]) -> dict[str, str]:
        return words.help_texts(view["phase"])

    def refusal(self, table: Table, error: IllegalActionError) -> str:
        """A car is named by its player and a card from the table's deck, as the page names them."""
        return refusal_words.words(self.id, error, self._names(table, None))

register(Lamborghini())
