"""Legend championships: the same cars over several circuits, points by finishing position, and
the repairs between races ("Championship", "Repairing Between Two Races").

Each race is a full Legend race in the Rust core; between races the cars keep their wear (passed
to the next race as its ``condition`` option) after the repairs the book allows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import game as make_game
from ..race import Policy, Race
from .auction import PARTS

__all__ = [
    "POINTS", "Championship", "Repair", "default_repair", "places_of", "repair_between_races", "standings",
]

#: Points for 1st to 6th; further places and retired cars score nothing.
POINTS = (9, 6, 4, 2, 1, 0)


def points_for(place: int | None) -> int:
    """The book's points for a finishing place (from 0); a retired car (None) scores nothing."""
    return POINTS[place] if place is not None and place < len(POINTS) else 0


def places_of(final: Any) -> list[int | None]:
    """Each seat's finishing place in a finished race (0 for the winner), None for a retired car."""
    ranking = final.ranking()
    return [ranking[s] if car["finish"] is not None else None for s, car in enumerate(final.view(None)["cars"])]


def standings(places: Sequence[Sequence[int | None]], seats: int) -> list[tuple[int, int, int]]:
    """(seat, points, place from 1) for every seat, best first, from each race's finishing places.

    The book ("Championship") gives the title to the highest total and says nothing of a tie; we
    break it as a careful player would (docs/rules/legend.md, decision 39): more wins, then more
    second places, and so on down the places; then the better finish in the last race, then in the
    race before it. Seats still equal (no finish to tell them apart) share the place.
    """
    def record(s: int) -> tuple[Any, ...]:
        total = sum(points_for(race[s]) for race in places)
        finishes = [race[s] for race in places if race[s] is not None]
        counts = [-finishes.count(k) for k in range(seats)]
        latest = [race[s] if race[s] is not None else seats for race in reversed(places)]
        return (-total, counts, latest)

    order = sorted(range(seats), key=lambda s: (record(s), s))
    out: list[tuple[int, int, int]] = []
    for i, s in enumerate(order):
        shared = i and record(order[i - 1]) == record(s)
        place = out[-1][2] if shared else i + 1
        out.append((s, -record(s)[0], place))
    return out

#: The six spare parts, in the order the core uses.
SPARES = PARTS


@dataclass(frozen=True)
class Repair:
    """A driver's choice between races: a spare part to collect (index into ``SPARES``), wear
    points to repair, and spare parts to spend on full repairs."""

    collect: int | None = None
    engine: int = 0
    brakes: int = 0
    tires: int = 0
    spend: tuple[int, ...] = ()


def default_repair(car: dict[str, Any], podium: bool) -> Repair:
    """Repairs the most worn parts first; spends a part where it restores at least half."""
    worn = {
        "engine": car["engine_max"] - car["engine"],
        "brakes": car["brakes_max"] - car["brakes"],
        "tires": 16 - max(car["tires"], 0),
    }
    spares = car["spares"]
    lacking = [i for i in (1, 2, 3, 4, 5, 0) if spares[SPARES[i]] <= 1]
    collect = lacking[0] if lacking else None
    allowed = ("engine", "brakes") if podium else ("engine", "brakes", "tires")
    points = {k: 0 for k in worn}
    budget = 4
    for part in sorted(allowed, key=lambda k: -worn[k]):
        take = min(budget, worn[part])
        points[part] = take
        budget -= take
    if podium and (points["engine"] + points["brakes"] >= 2 or collect is None):
        collect = None
    elif podium:
        points = {k: 0 for k in worn}
    spend = []
    if car["engine"] + points["engine"] < car["engine_max"] // 2 and spares[SPARES[1]] > 0:
        spend.append(1)
    if car["brakes"] + points["brakes"] < car["brakes_max"] // 2 and spares[SPARES[2]] > 0:
        spend.append(2)
    if car["tires"] + points["tires"] < 8 and spares[SPARES[3]] > 0:
        spend.append(3)
    if not car["battery_ok"] and spares[SPARES[4]] > 0:
        spend.append(4)
    if not car["headlights_ok"] and spares[SPARES[5]] > 0:
        spend.append(5)
    return Repair(collect, points["engine"], points["brakes"], points["tires"], tuple(spend))


def repair_between_races(car: dict[str, Any], podium: bool, repair: Repair) -> dict[str, Any]:
    """The car's condition for the next race after ``repair``, checked against the book.

    Podium finishers either collect one spare part or repair up to 4 points among Engine and
    Brakes; the others may do both, repairing among Engine, Brakes or Tires. A part may be
    collected only by a car that holds at most one of that type. Spare parts then repair their
    component fully. Repairs never exceed Reliability. A refusal carries a key and values as
    the core's do ("refusal.repair_*" in the words), so each reader gets it in their language.
    """
    from ..errors import IllegalActionError

    spares = [car["spares"][name] for name in SPARES]
    points = repair.engine + repair.brakes + repair.tires
    if min(repair.engine, repair.brakes, repair.tires) < 0 or points > 4:
        raise IllegalActionError("between races: repair at most 4 wear points", "repair_points")
    if podium and repair.tires:
        raise IllegalActionError("between races: a podium finisher repairs Engine or Brakes only", "repair_podium_tires")
    if podium and points and repair.collect is not None:
        raise IllegalActionError("between races: a podium finisher collects a part or repairs, not both",
                                 "repair_podium_both")
    if repair.collect is not None:
        if not 0 <= repair.collect < len(SPARES) or spares[repair.collect] > 1:
            raise IllegalActionError("between races: collect a part only while holding at most one of it",
                                     "repair_collect")
        spares[repair.collect] += 1
    condition = {
        "engine": min(car["engine"] + repair.engine, car["engine_max"]),
        "engine_max": car["engine_max"],
        "brakes": min(car["brakes"] + repair.brakes, car["brakes_max"]),
        "brakes_max": car["brakes_max"],
        "tires": min(max(car["tires"], -1) + repair.tires, 16),
        "battery_ok": car["battery_ok"],
        "headlights_ok": car["headlights_ok"],
    }
    for part in repair.spend:
        if not 0 <= part < len(SPARES):
            raise IllegalActionError(f"between races: no spare part {part}", "repair_part_unknown", {"part": part})
        if spares[part] == 0:
            raise IllegalActionError(f"between races: no {SPARES[part]} to spend", "repair_spend",
                                     {"part": SPARES[part]})
        spares[part] -= 1
        if part == 1:
            condition["engine"] = condition["engine_max"]
        elif part == 2:
            condition["brakes"] = condition["brakes_max"]
        elif part == 3:
            condition["tires"] = 16
        elif part == 4:
            condition["battery_ok"] = True
        elif part == 5:
            condition["headlights_ok"] = True
    condition["spares"] = spares
    return condition


@dataclass
class Championship:
    """Races ``cars`` over ``circuits`` ((circuit, laps) pairs) with the same seats.

    >>> import autodromo.legend.championship as ch
    >>> c = ch.Championship([("example", 1), ("castelrosso", 1)],
    ...                     ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"],
    ...                     ["greedy", "greedy", "neutral"], neutral=[False, False, True], seed=3)
    >>> len(c.run())
    3
    """

    circuits: Sequence[tuple[str, int]]
    cars: list[str]
    seats: Sequence[str | Policy]
    neutral: list[bool] | None = None
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    repair: Callable[[int, dict[str, Any], bool], Repair] | None = None
    #: Per seat the Spare Part cards kept after the auction (``Auction.spares()``; None: one of
    #: each): the first race's option ``spares``; later races carry them in ``condition``.
    spares: Sequence[Sequence[int] | None] | None = None
    points: list[list[int]] = field(default_factory=list)
    places: list[list[int | None]] = field(default_factory=list)
    finals: list[Any] = field(default_factory=list)

    def run(self) -> list[tuple[int, str, int]]:
        """Runs every race; returns (seat, car, points), best first (ties broken by
        :func:`standings`)."""
        rng = random.Random(self.seed)
        neutral = self.neutral or [False] * len(self.cars)
        condition: list[dict[str, Any] | None] = [None] * len(self.cars)
        for k, (circuit, laps) in enumerate(self.circuits):
            # "Each player will start the game with the Spare part cards left after the auction."
            first: dict[str, Any] = {}
            if k == 0 and self.spares:
                first["spares"] = [list(h) if h is not None else None for h in self.spares]
            g = make_game(
                "legend", circuit=circuit, laps=laps, cars=self.cars, neutral=neutral,
                condition=condition, **first, **self.options,
            )
            race = Race(g, self.seats, seed=rng.getrandbits(63))
            final = race.run()
            self.finals.append(final)
            view = final.view(None)
            ranking = final.ranking()
            self.places.append(places_of(final))
            self.points.append([points_for(p) for p in self.places[-1]])
            condition = []
            for seat, car in enumerate(view["cars"]):
                if neutral[seat]:
                    condition.append(None)
                    continue
                podium = car["finish"] is not None and ranking[seat] < 3
                choose = self.repair or (lambda _seat, c, p: default_repair(c, p))
                condition.append(repair_between_races(car, podium, choose(seat, car, podium)))
        return [(s, self.cars[s], total) for s, total, _ in standings(self.places, len(self.cars))]
