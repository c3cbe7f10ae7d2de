"""Legend's whole event on the page: the Racing Day choice (historical cars of an era, sold in
the Spare Part auction, or a balanced choice), the Engine/Brakes split, then a championship of
races with the book's points, the repairs between races and the standings.

An event is its set-up plus its decisions (auction bids, splits, repairs) plus its races, each a
saved game of the page; everything is rebuilt from them, so an event survives a restart too.
Decisions where the book is silent are in docs/web.md ("Legend's Racing Day and championship").
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from autodromo.legend.championship import (
    POINTS,
    Repair,
    default_repair,
    places_of,
    points_for,
    repair_between_races,
    standings,
)
from autodromo import refusal_words
from autodromo.errors import AutodromoError, IllegalActionError
from autodromo.legend import PARTS, Auction, balanced
from autodromo.legend import words as legend_words

from ...errors import bad, conflict
from ...languages import N_, WordedError
from ...languages import say as _
from ..base import circuits
from . import cars

if TYPE_CHECKING:
    from ...tables import Table, Tables

#: The auction a historical event's decisions are replayed on: the core's (4d80bef). An event
#: saved before it has no such mark and cannot be resumed.
AUCTION_RULES = "core-1"

#: Eras of the roster for historical play: our content has one to three cars a year, too few
#: for an auction, so the Racing Day offers the cars of an era.
#: Each era's id and its years; its name is worded by legend/words.py (era.<id>).
ERAS = [("prewar", 1900, 1939), ("postwar", 1940, 1953), ("fifties", 1954, 1999)]
TITLE = "Legend championship"


def _car(car_id: str) -> dict[str, Any]:
    return next(c for c in cars() if c["id"] == car_id)


def era_roster(era: str) -> list[str]:
    """The cars of an era, highest Performance first (the auction's order)."""
    _, lo, hi = next(e for e in ERAS if e[0] == era)
    roster = [c for c in cars() if lo <= int(c["year"]) <= hi]
    return [c["id"] for c in sorted(roster, key=lambda c: (-int(c["performance"]), c["id"]))]


def fields() -> list[dict[str, Any]]:
    """The lobby's fields for an event."""
    say = legend_words.say
    return [
        {"key": "mode", "kind": "choice", "label": say("event.option.mode"), "default": "historical",
         # The Racing Day's auction sells the cars: the lobby then offers no car to choose.
         "choices": [{"id": "historical", "label": say("event.option.historical"), "sells_cars": True},
                     {"id": "balanced", "label": say("event.option.balanced")}]},
        {"key": "era", "kind": "choice", "label": say("event.option.era"), "default": "fifties",
         "only_when": {"mode": "historical"},
         "choices": [{"id": e[0], "label": legend_words.era_choice(e[0], len(era_roster(e[0])))} for e in ERAS]},
        {"key": "circuits", "kind": "circuits", "label": say("event.option.circuits"),
         "default": [c["id"] for c in circuits("legend")][:2],
         "choices": [{"id": c["id"], "label": c["name"]} for c in circuits("legend")]},
        {"key": "laps", "kind": "int", "label": say("event.option.laps"), "default": 1, "min": 1, "max": 5},
    ]


def tie_words(places: list[list[int | None]], names: list[str], above: tuple[int, int, int],
          this: tuple[int, int, int]) -> str:
    """Why a seat level on points with the one above it stands below it, in the order
    championship.standings breaks the tie: wins, then each lower place, then the last race."""
    (a, points, place_a), (b, _, place_b) = above, this
    if points != this[1]:
        return ""
    say, ordinal, driver = legend_words.say, legend_words.ordinal, names[a]
    if place_a == place_b:
        return say("standings.tie.shared", points=points)
    for j in range(len(names)):
        na = sum(race[a] == j for race in places)
        nb = sum(race[b] == j for race in places)
        if na != nb:
            if j == 0:
                return say("standings.tie.wins", points=points, driver=driver, a=na, b=nb)
            return say("standings.tie.places", points=points, driver=driver, place=ordinal(j + 1), a=na, b=nb)

    def finish(p: int | None) -> str:
        return ordinal(p + 1) if p is not None else say("standings.no_finish")

    for k in reversed(range(len(places))):
        if places[k][a] != places[k][b]:
            return say("standings.tie.latest", points=points, driver=driver, k=k + 1,
                       a=finish(places[k][a]), b=finish(places[k][b]))
    return ""


@dataclass
class LegendEvent:
    """One event: set-up, decisions so far, races so far; ``tables`` holds the races."""

    id: str
    setup: dict[str, Any]
    tables: Tables
    decisions: list[dict[str, Any]] = field(default_factory=list)
    races: list[str] = field(default_factory=list)
    created: float = 0.0
    auction: Auction | None = None
    log: list[dict[str, Any]] = field(default_factory=list)

    # --- set-up ----------------------------------------------------------------------------

    @staticmethod
    def check(body: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
        """The set-up of a create request, checked: a 400 naming what is wrong."""
        if any(s["bot"] == "neutral" for s in seats):
            raise bad(_("a championship seats players and bots, not Neutral Cars"))
        mode = body.get("mode", "historical")
        setup: dict[str, Any] = {"mode": mode, "seats": seats}
        if mode == "historical":
            era = body.get("era", "fifties")
            if era not in {e[0] for e in ERAS}:
                raise bad(_("unknown era {given}; known: {known}", given=repr(era), known=", ".join(e[0] for e in ERAS)))
            roster = era_roster(era)
            if 2 * len(roster) < len(seats):
                raise bad(_("{n} players are too many for the {cars} cars of that era", n=len(seats), cars=len(roster)))
            setup["era"] = era
            setup["auction"] = AUCTION_RULES
        elif mode == "balanced":
            chosen = body.get("cars")
            if not isinstance(chosen, list) or len(chosen) != len(seats):
                raise bad(_("balanced play: name one car for every seat"))
            try:
                setup["cars"] = balanced([str(c) for c in chosen])
            except AutodromoError as e:
                raise bad(str(e)) from None
        else:
            raise bad(_("mode must be \"historical\" or \"balanced\""))
        known = {c["id"] for c in circuits("legend")}
        races = body.get("circuits")
        if not isinstance(races, list) or not 1 <= len(races) <= 6 or any(r not in known for r in races):
            raise bad(_("circuits: one to six of {known}", known=", ".join(sorted(known))))
        laps = body.get("laps", 1)
        if isinstance(laps, bool) or not isinstance(laps, int) or not 1 <= laps <= 5:
            raise bad(_("laps must be a whole number from 1 to 5"))
        setup["circuits"] = races
        setup["laps"] = laps
        return setup

    # --- replaying -------------------------------------------------------------------------

    def rebuild(self) -> None:
        """The auction and the log again from the decisions (after a restart)."""
        decisions, self.decisions = self.decisions, []
        self.log = []
        self.auction = None
        self._start_auction()
        for d in decisions:
            self._apply(d)

    def _start_auction(self) -> None:
        if self.setup["mode"] == "historical":
            if self.setup.get("auction") != AUCTION_RULES:
                # Its bids are positions in the older auction's lists, with its own first bidder:
                # replayed here they would buy other cars, or fail half-way.
                raise WordedError(N_("its auction was saved by an older version of the game, whose bids "
                                     "cannot be replayed; delete it and start a new championship"))
            self.auction = Auction(era_roster(self.setup["era"]), len(self.setup["seats"]), seed=self.setup["seed"])

    def names(self) -> list[str]:
        return [str(s["name"]) for s in self.setup["seats"]]

    def is_human(self, seat: int) -> bool:
        return bool(self.setup["seats"][seat]["kind"] == "human")

    # --- where the event stands --------------------------------------------------------------

    def stage(self) -> str:
        if self.auction is not None and not self.auction.is_over():
            return "auction"
        if not self.races:
            return "split"
        k = len(self.races) - 1
        race = self.tables.get(self.races[k])
        if not race.finished:
            return "race"
        if k + 1 < len(self.setup["circuits"]):
            return "repairs"
        return "over"

    def to_decide(self) -> int | None:
        """The seat that decides now (auction turn, split or repairs), or None."""
        stage = self.stage()
        if stage == "auction":
            assert self.auction is not None
            return self.auction.current_player()
        if stage == "split":
            return next((s for s in range(len(self.setup["seats"])) if s not in self._done("split")), None)
        if stage == "repairs":
            return next((s for s in range(len(self.setup["seats"])) if s not in self._done("repair")), None)
        return None

    def _done(self, kind: str) -> set[int]:
        race = len(self.races)
        return {d["seat"] for d in self.decisions if d["kind"] == kind and d.get("race", 0) == race}

    def cars(self) -> list[str]:
        """The car of every seat (after the auction, or as chosen)."""
        if self.setup["mode"] == "balanced":
            return list(self.setup["cars"])
        assert self.auction is not None
        result = self.auction.result()
        out = [car for car, _ in result]
        spare = list(self.auction.unassigned) or [c for c in era_roster(self.setup["era"])]
        # A seat the auction left without a car takes one nobody bid for (or shares the last).
        return [car if car is not None else spare[i % len(spare)] for i, car in enumerate(out)]

    def spares(self) -> list[list[int]]:
        if self.auction is None:
            return [[1] * len(PARTS) for _ in self.setup["seats"]]
        return [hand for _, hand in self.auction.result()]

    # --- deciding --------------------------------------------------------------------------

    def options_for(self, seat: int) -> list[dict[str, Any]]:
        """The seat's choices now, as buttons: an index and the words (auction, split)."""
        stage = self.stage()
        if self.to_decide() != seat:
            return []
        if stage == "auction":
            assert self.auction is not None
            return [{"id": i, "text": self._auction_words(move)} for i, move in enumerate(self.auction.moves())]
        if stage == "split":
            r = int(_car(self.cars()[seat])["reliability"])
            # The even split first, then by how far each leans (issue 32, item 5), as in a race.
            even = -(-r // 2)
            return [{"id": k, "text": legend_words.say("move.split_reliability", engine=k, brakes=r - k)}
                    for k in sorted(range(1, r), key=lambda k: (abs(k - even), -k))]
        return []

    def _auction_words(self, move: dict[str, str]) -> str:
        assert self.auction is not None
        car = str(_car(move["car"])["name"]) if "car" in move else ""
        bid = self.auction.bid_of(self.auction.current_player() or 0)
        return legend_words.auction_choice(move["kind"], part=move.get("part", ""), car=car, bid=bid)

    def _auction_told(self, name: str, move: dict[str, str]) -> str:
        """An auction decision in the log, before it is applied: "Ada adds Luxor to her bid"."""
        assert self.auction is not None
        car = self.auction.car_up()
        # An attached part goes to a car further down the sale, not the car up.
        target = move.get("car") or car
        car_name = str(_car(target)["name"]) if target else None
        bid = self.auction.bid_of(self.auction.current_player() or 0)
        return legend_words.auction_told(move["kind"], name, car_name, part=move.get("part", ""), bid=bid)

    def decide(self, seat: int, choice: Any) -> None:
        """A human seat's decision; a 409 with the reason when it is not theirs or not legal."""
        if not 0 <= seat < len(self.setup["seats"]) or not self.is_human(seat):
            raise bad(_("only a human seat of this event decides here"))
        if self.to_decide() != seat:
            raise conflict(_("it is not {name}'s decision now", name=self.names()[seat]))
        stage = self.stage()
        if stage == "repairs":
            self._apply({"kind": "repair", "seat": seat, "race": len(self.races), "repair": self._repair_of(seat, choice)})
            return
        options = self.options_for(seat)
        if isinstance(choice, bool) or not isinstance(choice, int) or not any(o["id"] == choice for o in options):
            raise conflict(_("choose one of the offered decisions"))
        if stage == "auction":
            self._apply({"kind": "auction", "seat": seat, "choice": choice})
        else:
            self._apply({"kind": "split", "seat": seat, "engine": choice, "race": 0})

    def _repair_of(self, seat: int, choice: Any) -> dict[str, Any]:
        if not isinstance(choice, dict):
            raise bad(_("repairs: {shape}", shape='{"collect": part or null, "engine", "brakes", "tires", "spend": [parts]}'))
        repair = {"collect": choice.get("collect"), "engine": choice.get("engine", 0), "brakes": choice.get("brakes", 0),
                  "tires": choice.get("tires", 0), "spend": choice.get("spend", [])}
        for k in ("engine", "brakes", "tires"):
            if isinstance(repair[k], bool) or not isinstance(repair[k], int):
                raise bad(_("repairs: {field} must be a whole number", field=k))
        if repair["collect"] is not None and (isinstance(repair["collect"], bool) or not isinstance(repair["collect"], int)):
            raise bad(_("repairs: collect must be a part's number or null"))
        if not isinstance(repair["spend"], list) or any(isinstance(p, bool) or not isinstance(p, int) for p in repair["spend"]):
            raise bad(_("repairs: spend must be a list of part numbers"))
        car, podium = self._last_race_car(seat)
        try:
            repair_between_races(car, podium, self._repair(repair))
        except IllegalActionError as e:
            raise conflict(refusal_words.words("legend", e)) from None
        return repair

    @staticmethod
    def _repair(r: dict[str, Any]) -> Repair:
        return Repair(r["collect"], r["engine"], r["brakes"], r["tires"], tuple(r["spend"]))

    def _apply(self, d: dict[str, Any]) -> None:
        names = self.names()
        if d["kind"] == "auction":
            assert self.auction is not None
            move = self.auction.moves()[d["choice"]]
            told = self._auction_told(names[d["seat"]], move)
            self.auction.apply(move["label"])
            self.log.append({"text": told})
            self._note_sales()
        elif d["kind"] == "split":
            r = int(_car(self.cars()[d["seat"]])["reliability"])
            car_name = str(_car(self.cars()[d["seat"]])["name"])
            self.log.append({"text": legend_words.split_set(names[d["seat"]], car_name, d["engine"], r - d["engine"])})
        elif d["kind"] == "repair":
            self.log.append({"text": legend_words.repaired(names[d["seat"]], self._repair_words(d["repair"]))})
        self.decisions.append(d)

    def _note_sales(self) -> None:
        assert self.auction is not None
        sold = {s: car for s, car in self.auction.owner.items()}
        told = {x["seat"] for x in self.log if "sold" in x}
        for s, car in sold.items():
            if s not in told:
                self.log.append({"text": legend_words.wins_car(self.names()[s], str(_car(car)["name"])), "sold": True,
                                 "seat": s})

    @staticmethod
    def _repair_words(r: dict[str, Any]) -> str:
        return legend_words.repair_words(PARTS[r["collect"]] if r["collect"] is not None else None,
                                         {k: int(r[k]) for k in ("engine", "brakes", "tires")},
                                         [PARTS[p] for p in r["spend"]])

    # --- bots, and starting races ---------------------------------------------------------

    def advance(self) -> bool:
        """Bots decide, races start; True if anything changed (the caller saves)."""
        changed = False
        for _ in range(10_000):
            stage = self.stage()
            seat = self.to_decide()
            if stage == "auction" and seat is not None and not self.is_human(seat):
                assert self.auction is not None
                label = self.auction.bot()
                self._apply({"kind": "auction", "seat": seat, "choice": self.auction.legal_actions().index(label)})
            elif stage == "split" and seat is not None and not self.is_human(seat):
                r = int(_car(self.cars()[seat])["reliability"])
                self._apply({"kind": "split", "seat": seat, "engine": math.ceil(r / 2), "race": 0})
            elif stage == "split" and seat is None:
                self._start_race()
            elif stage == "repairs" and seat is not None and not self.is_human(seat):
                car, podium = self._last_race_car(seat)
                chosen = default_repair(car, podium)
                self._apply({"kind": "repair", "seat": seat, "race": len(self.races),
                             "repair": {"collect": chosen.collect, "engine": chosen.engine, "brakes": chosen.brakes,
                                        "tires": chosen.tires, "spend": list(chosen.spend)}})
            elif stage == "repairs" and seat is None:
                self._start_race()
            else:
                return changed
            changed = True
        raise RuntimeError("the event does not settle")

    def _last_race_car(self, seat: int) -> tuple[dict[str, Any], bool]:
        race = self.tables.get(self.races[-1])
        view = race.state.view(None)
        ranking = race.state.ranking()
        car = view["cars"][seat]
        return car, car["finish"] is not None and ranking[seat] < 3

    def _conditions(self) -> list[dict[str, Any]]:
        k = len(self.races)
        if k == 0:
            out: list[dict[str, Any]] = []
            for seat, car_id in enumerate(self.cars()):
                engine = next(d["engine"] for d in self.decisions if d["kind"] == "split" and d["seat"] == seat)
                r = int(_car(car_id)["reliability"])
                out.append({"engine": engine, "engine_max": engine, "brakes": r - engine, "brakes_max": r - engine,
                            "tires": 16, "spares": self.spares()[seat], "battery_ok": True, "headlights_ok": True})
            return out
        after = []
        for seat in range(len(self.setup["seats"])):
            car, podium = self._last_race_car(seat)
            repair = next(d["repair"] for d in self.decisions if d["kind"] == "repair" and d["seat"] == seat and d["race"] == k)
            after.append(repair_between_races(car, podium, self._repair(repair)))
        return after

    def _start_race(self) -> None:
        k = len(self.races)
        seed = random.Random(f"{self.setup['seed']}:race:{k}").randrange(2**53)
        body = {"game": "legend", "seed": seed, "seats": self.setup["seats"],
                "options": {"circuit": self.setup["circuits"][k], "laps": self.setup["laps"],
                            "cars": self.cars(), "condition": self._conditions()}}
        race = self.tables.create(body)
        self.races.append(race.id)
        self.log.append({"text": legend_words.race_starts(k, len(self.setup["circuits"]), self._circuit(k))})

    def _circuit(self, k: int) -> str:
        cid = self.setup["circuits"][k]
        return next(str(c["name"]) for c in circuits("legend") if c["id"] == cid)

    # --- what the page shows -----------------------------------------------------------------

    def standings(self) -> dict[str, Any]:
        n = len(self.setup["seats"])
        places: list[list[int | None]] = []
        for rid in self.races:
            race = self.tables.get(rid)
            if not race.finished:
                break
            places.append(places_of(race.state))
        points = [[points_for(p) for p in race] for race in places]
        car_names = [str(_car(c)["name"]) for c in self.cars()] if self.stage() != "auction" else [""] * n
        rows = []
        # Equal points are parted by wins, then places, then the last race (championship.standings).
        order = standings(places, n)
        ties = [tie_words(places, self.names(), order[k - 1], order[k]) if k else "" for k in range(len(order))]
        for (s, total, place), tie in zip(order, ties):
            cells = [legend_words.ordinal(place), self.names()[s], car_names[s], *[str(p[s]) for p in points], str(total)]
            rows.append({"seat": s, "cells": cells + ([tie] if any(ties) else [])})
        columns = legend_words.standings_columns(len(points))
        return {"columns": columns + ([legend_words.say("column.tie")] if any(ties) else []),
                "rows": rows, "races_done": len(points)}

    def payload(self, seat: int | None) -> dict[str, Any]:
        stage = self.stage()
        decider = self.to_decide()
        out: dict[str, Any] = {
            "id": self.id, "game": "legend", "title": TITLE, "stage": stage,
            "stage_text": legend_words.championship_stage(stage, len(self.races), len(self.setup["circuits"])),
            "seats": [{"seat": i, "name": s["name"], "kind": s["kind"]} for i, s in enumerate(self.setup["seats"])],
            "races": [{"number": k + 1, "circuit": self._circuit(k), "laps": self.setup["laps"],
                       "id": self.races[k] if k < len(self.races) else None,
                       "status": ("finished" if self.tables.get(self.races[k]).finished else "racing")
                       if k < len(self.races) else "to come"} for k in range(len(self.setup["circuits"]))],
            "standings": self.standings(),
            "to_decide": decider, "to_decide_name": self.names()[decider] if decider is not None else None,
            "decisions": self.options_for(seat) if seat is not None else [],
            "log": self.log[-60:],
            "points": list(POINTS),
        }
        out["words"] = legend_words.event_script_words()
        if stage == "over":
            out["champion"] = legend_words.champion(str(out["standings"]["rows"][0]["cells"][1]))
        if stage == "auction":
            out["auction"] = self._auction_view()
        if stage == "repairs" and seat is not None and decider == seat:
            out["repair"] = self._repair_view(seat)
        if stage in ("race", "repairs", "over") and self.races:
            out["race"] = self.races[-1]
        return out

    def _auction_view(self) -> dict[str, Any]:
        a = self.auction
        assert a is not None
        up = a.car_up()
        car = _car(up) if up else None
        owned = {s: str(_car(a.owner[s])["name"]) for s in a.owner}
        attached = [(str(_car(c)["name"]), [PARTS[p] for p in ps]) for c, ps in a.attached.items() if ps]
        return {
            "car": {"name": car["name"], "year": car["year"], "performance": car["performance"],
                    "ranking": car["ranking"], "reliability": car["reliability"], "top_speed": car["top_speed"],
                    "words": legend_words.sale_words(car, a.lot + 1, len(a.cars), a.winner_to_assign is not None)}
            if car else None,
            "lot": a.lot + 1, "lots": len(a.cars),
            "attaching": a.winner_to_assign is not None,
            "players": [{"seat": s, "name": self.names()[s], "bid": a.bid_of(s), "out": s in a.out,
                         "car": owned.get(s), "status": legend_words.bidder_words(owned.get(s), s in a.out, a.bid_of(s)),
                         "hand": [{"name": PARTS[p], "count": a.hands[s][p]} for p in range(len(PARTS)) if a.hands[s][p]]}
                        for s in range(a.players)],
            "attached": [{"car": c, "parts": ps} for c, ps in attached],
            "attached_text": legend_words.attached_words(attached),
            "rules": legend_words.say("event.rules.auction"),
        }

    def _repair_view(self, seat: int) -> dict[str, Any]:
        car, podium = self._last_race_car(seat)
        return {
            "car": car["name"], "podium": podium,
            "engine": [car["engine"], car["engine_max"]], "brakes": [car["brakes"], car["brakes_max"]],
            "tires": car["tires"], "battery_ok": car["battery_ok"], "headlights_ok": car["headlights_ok"],
            "spares": [{"part": i, "name": name, "count": car["spares"][name], "choice": legend_words.spare_choice(name),
                        "use": legend_words.spare_use(name, car["spares"][name])} for i, name in enumerate(PARTS)],
            # The parts the auction left (and earlier repairs collected or used), in view.
            "held": legend_words.spares_words(car["spares"]),
            "text": legend_words.repair_car_words(car, podium),
            "rules": legend_words.say("event.rules.repair_podium" if podium else "event.rules.repair"),
        }
