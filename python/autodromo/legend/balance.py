"""Legend's balance rotation: every car of ``cars.toml`` (car/driver pairs would take the driver
too; the shipped content has no drivers). Races of ``field`` cars; in each block of races a seeded
shuffle of the roster is dealt so that every car takes every seat once, beside other cars each
block.

>>> from autodromo.balance import balance
>>> b = balance("legend", circuits=["example"], n=36, laps=1, field=4)
>>> b.entries["example"][0].races > 0
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..balance import Entry, Leg, Rotation, add_cars, blocks, circuit_name
from ..errors import OptionError
from ..sim import simulate


def roster() -> list[tuple[str, str]]:
    """(id, name) of every car of the content."""
    from .racing_day import cars

    return [(c["id"], c["name"]) for c in cars()]


def race(leg: Leg) -> tuple[list[Entry], npt.NDArray[Any], str]:
    cars_of = roster()
    m = len(cars_of)
    if not 2 <= leg.field <= m:
        raise OptionError(f"--field must be between 2 and {m} (the roster), not {leg.field}")
    by_id = {cid: Entry(name) for cid, name in cars_of}
    count, per = blocks(leg.n, m)
    lengths = []
    for b in range(count):
        order = [cid for cid, _ in cars_of]
        leg.rng.shuffle(order)
        for r in range(m):
            cars = [order[(r + s) % m] for s in range(leg.field)]
            options: dict[str, Any] = {"circuit": leg.circuit, "cars": cars}
            if leg.laps is not None:
                options["laps"] = leg.laps
            res = simulate("legend", per, seed=leg.seed + b * m + r, policies=leg.bot, threads=leg.threads,
                           progress=False, **options)
            add_cars(by_id, cars, res)
            lengths.append(res.length)
    name = circuit_name("legend", circuit=leg.circuit, cars=[cars_of[0][0], cars_of[1][0]])
    return list(by_id.values()), np.concatenate(lengths), name


def how(bot: str, field: int) -> str:
    return (f"Every car of the roster, {field} to a race, the {bot} bot driving every car. In each "
            "block of races a seeded shuffle of the roster is dealt so that every car takes every "
            "seat once, so no car keeps a grid place or an opponent. A car that did not finish is "
            "counted out after a crash when it crashed in that race, out with no crash when it "
            "retired otherwise, and still running when the round cap ended the race.")


ROTATION = Rotation(
    race=race, field=lambda field, _players: field, how=how, ranked=True,
    wear="wear points lost by the finish",
)
