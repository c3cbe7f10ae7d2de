"""Lamborghini's balance rotation: every car is a Murciélago, so what is balanced is the seat:
each seat races with each seat choosing first in turn."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..balance import Entry, Leg, Rotation, add_cars, circuit_name
from ..sim import simulate

#: Players in a race unless ``--players`` says otherwise.
PLAYERS = 4


def race(leg: Leg) -> tuple[list[Entry], npt.NDArray[Any], str]:
    players = leg.players or PLAYERS
    # One car a seat (two players drive two each): seat k is car k's grid place.
    entries = {str(s): Entry(f"seat {s + 1}") for s in range(players)}
    per = max(1, round(leg.n / players))
    lengths = []
    for first in range(players):
        options: dict[str, Any] = {"circuit": leg.circuit, "players": players, "first_player": first}
        if leg.laps is not None:
            options["laps"] = leg.laps
        res = simulate("lamborghini", per, seed=leg.seed + first, policies=leg.bot, threads=leg.threads,
                       progress=False, **options)
        cars = res.car_seat.shape[1]
        add_cars(entries, [str(int(res.car_seat[0, c])) for c in range(cars)] if res.n else [], res)
        lengths.append(res.length)
    return list(entries.values()), np.concatenate(lengths), circuit_name("lamborghini", circuit=leg.circuit)


def how(bot: str, _field: int) -> str:
    return (f"Every Lamborghini car is the same Murciélago, so the seats are compared: the {bot} "
            "bot plays every seat, and each seat chooses first in turn. A seat's finish times, wear "
            "and retirements are its cars'.")


ROTATION = Rotation(race=race, field=lambda _field, players: players or PLAYERS, how=how)
