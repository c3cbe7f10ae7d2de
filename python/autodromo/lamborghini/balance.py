"""Lamborghini's balance rotation: every car on the board is a Murciélago, but each drafts a Car
card (its model) and a Driver card, and those are what a designer balances. Each race is played
to the end with every seat choosing first in turn, and every Murciélago's result is counted for
the Car card it drafted, by the card's name."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..balance import Entry, Leg, Rotation, circuit_name
from ..race import Race
from . import card_names

#: Players in a race unless ``--players`` says otherwise.
PLAYERS = 4


def race(leg: Leg) -> tuple[list[Entry], npt.NDArray[Any], str]:
    from .. import game as make

    players = leg.players or PLAYERS
    names = card_names()
    entries: dict[str, Entry] = {}
    per = max(1, round(leg.n / players))
    lengths: list[int] = []
    for first in range(players):
        options: dict[str, Any] = {"circuit": leg.circuit, "players": players, "first_player": first}
        if leg.laps is not None:
            options["laps"] = leg.laps
        g = make("lamborghini", **options)
        for i in range(per):
            # The same seeds as one run of the whole: race i of the seat choosing first.
            state = Race(g, [leg.bot] * players, seed=leg.seed + 1_000 * first + i).run()
            _count(entries, names, state.view(None), state.ranking())
            lengths.append(int(state.view(None)["turn"]))
    ordered = [entries[k] for k in sorted(entries)]
    return ordered, np.array(lengths, dtype=np.int64), circuit_name("lamborghini", circuit=leg.circuit)


def _count(entries: dict[str, Entry], names: dict[str, str], view: dict[str, Any], ranking: list[int]) -> None:
    """Each Murciélago's race into the entry of the Car card it drafted."""
    for car in view["cars"]:
        card = car.get("card")
        name = names.get(card, card) if card else "no Car card"
        e = entries.setdefault(name, Entry(name))
        e.places.append(int(ranking[int(car["owner"])]))
        damages = int(car.get("damages", 0))
        e.crashes.append(damages)
        finish = car.get("finish")
        if finish is not None:
            e.times.append(float(finish["turn"]))
            e.wear.append(float(damages))
        elif car.get("wrecked") or car.get("stopped"):
            if damages > 0:
                e.out_after_crash += 1
            else:
                e.out_otherwise += 1
        else:
            e.still_running += 1


def how(bot: str, _field: int) -> str:
    return (f"Every Lamborghini car is a Murciélago; what differs is the Car card each drafts, so the "
            f"rows are the Car cards by name: the {bot} bot plays every seat, each seat chooses first "
            "in turn, and each Murciélago's place, finish time, damages and retirement count for the "
            "Car card it drafted (its Driver card varies from race to race).")


ROTATION = Rotation(race=race, field=lambda _field, players: players or PLAYERS, how=how, ranked=True)
