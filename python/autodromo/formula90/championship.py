"""Formula 90 championships: the same seats over several tracks, points by place in each race.

The manual prints no championship (the 1st edition's came in an expansion), so the points and the
tie-break are **ours**: the points of the early-1990s Grand Prix season the game is named after,
10-6-4-3-2-1 for the first six places of the whole field (robots take places too, and their points
are not kept), nothing for a retired car; ties on points go to the driver with more wins, then
more second places and so on, then the lower seat. Each race is a fresh Formula 90 race in the
Rust core (skills, setups and strategies are chosen again in its Free Practice); nothing carries
over but the points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import game as make_game
from ..race import Policy, Race

__all__ = ["POINTS", "Championship", "race_points"]

#: Ours (labelled so in docs/rules/formula90.md): points for 1st to 6th in the whole field.
POINTS = (10, 6, 4, 3, 2, 1)


def race_points(final: Any) -> list[int]:
    """Each seat's points in a finished race: by its place in the whole field, robots included;
    a retired car scores nothing."""
    row = []
    for car in final.view(None)["cars"]:
        if car["driver"] != "player":
            continue
        place = int(car["place"]) - 1
        scored = car["status"] != "retired" and place < len(POINTS)
        row.append(POINTS[place] if scored else 0)
    return row


@dataclass
class Championship:
    """Races ``seats`` (policy names or functions) over ``tracks`` (track ids, or (track id,
    options) pairs) with the same players.

    >>> from autodromo.formula90.championship import Championship
    >>> c = Championship(["lago", "colline"], ["medium", "medium"], seed=3, options={"turns": 3})
    >>> len(c.run())
    2
    """

    tracks: Sequence[str | tuple[str, dict[str, Any]]]
    seats: Sequence[str | Policy]
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    points: list[list[int]] = field(default_factory=list)
    places: list[list[int]] = field(default_factory=list)
    finals: list[Any] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def run(self) -> list[tuple[int, str, int]]:
        """Runs every race; returns (seat, car name, points) in championship order."""
        rng = random.Random(self.seed)
        for entry in self.tracks:
            track, extra = (entry, {}) if isinstance(entry, str) else entry
            g = make_game("formula90", track=track, players=len(self.seats), **{**self.options, **extra})
            final = Race(g, list(self.seats), seed=rng.getrandbits(63)).run()
            self.finals.append(final)
            cars = [c for c in final.view(None)["cars"] if c["driver"] == "player"]
            self.names = [str(c["name"]) for c in cars]
            self.points.append(race_points(final))
            self.places.append([int(c["place"]) if c["status"] != "retired" else 0 for c in cars])
        return self.standings()

    def standings(self) -> list[tuple[int, str, int]]:
        """(seat, car name, points), best first: points, then wins, seconds... (countback)."""
        n = len(self.seats)
        totals = [sum(r[s] for r in self.points) for s in range(n)]
        field_size = max((max(p) for p in self.places), default=0)

        def countback(s: int) -> tuple[int, ...]:
            return tuple(-sum(1 for p in self.places if p[s] == k) for k in range(1, field_size + 1))

        order = sorted(range(n), key=lambda s: (-totals[s], countback(s), s))
        return [(s, self.names[s] if s < len(self.names) else str(s + 1), totals[s]) for s in order]
