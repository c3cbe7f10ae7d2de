"""Mille Bornes' balance rotation: the seat that plays first in the first hand, and the scores
(a game has no circuits: its one leg is ``"game"``)."""

from __future__ import annotations

from typing import Any

import numpy.typing as npt

from ..balance import Entry, Leg, Rotation, nth
from ..sim import simulate

#: Players at the table unless ``--players`` says otherwise.
PLAYERS = 2


def race(leg: Leg) -> tuple[list[Entry], npt.NDArray[Any], str]:
    players = leg.players or PLAYERS
    res = simulate("mille_bornes", leg.n, seed=leg.seed, policies=leg.bot, players=players,
                   threads=leg.threads, progress=False)
    entries = []
    for s in range(players):
        e = Entry("plays first" if s == 0 else f"plays {nth(s + 1)}")
        e.places.extend(int(p) for p in res.ranking[:, s])
        e.scores.extend(float(x) for x in res.seat_extra[:, s])
        entries.append(e)
    return entries, res.length, f"{players} players"


def how(bot: str, _field: int) -> str:
    return (f"The {bot} bot on every seat; the first seat plays first in the first hand (the turn "
            "to lead then passes round). Its win rate above an even share is the first player's "
            "advantage.")


ROTATION = Rotation(
    race=race, field=lambda _field, players: players or PLAYERS, how=how, circuits=False, scores=True,
)
