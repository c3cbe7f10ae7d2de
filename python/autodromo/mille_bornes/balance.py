"""Mille Bornes' balance rotation: the seat that plays first in the first hand, and the scores
(a game has no circuits: its one leg is ``"game"``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..balance import Entry, Leg, Rotation, nth
from ..sim import simulate

#: Players at the table unless ``--players`` says otherwise.
PLAYERS = 2


#: The bots compared with ``--bot`` (each in every seat in turn, the others ``--bot``); ``hard``
#: searches and takes about a second a game on two cores, so it is compared only when asked
#: (``autodromo balance mille_bornes --bot medium --compare random,easy,hard``).
COMPARED = ("random", "easy", "medium")


def race(leg: Leg) -> tuple[list[Entry], npt.NDArray[Any], str]:
    players = leg.players or PLAYERS
    res = simulate("mille_bornes", leg.n, seed=leg.seed, policies=leg.bot, players=players,
                   threads=leg.threads, progress=False)
    entries = []
    for s in range(players):
        e = Entry(f"{leg.bot}, plays first" if s == 0 else f"{leg.bot}, plays {nth(s + 1)}")
        e.places.extend(int(p) for p in res.ranking[:, s])
        e.scores.extend(float(x) for x in res.seat_extra[:, s])
        entries.append(e)
    lengths = [res.length]
    per = max(1, leg.n // players)
    for k, other in enumerate(b for b in (leg.compare or COMPARED) if b != leg.bot):
        e = Entry(f"{other} against {leg.bot}")
        for s in range(players):
            seats = [other if p == s else leg.bot for p in range(players)]
            r = simulate("mille_bornes", per, seed=leg.seed + 7_919 * (k + 1) + s, policies=seats,
                         players=players, threads=leg.threads, progress=False)
            e.places.extend(int(p) for p in r.ranking[:, s])
            e.scores.extend(float(x) for x in r.seat_extra[:, s])
            lengths.append(r.length)
        entries.append(e)
    return entries, np.concatenate(lengths), f"{players} players"


def how(bot: str, _field: int) -> str:
    return (f"The {bot} bot on every seat; the first seat plays first in the first hand (the turn "
            "to lead then passes round). Its win rate above an even share is the first player's "
            f"advantage. Then each other bot in every seat in turn against the {bot} bot on the "
            "others: its win rate against an even share says how much stronger or weaker it is.")


ROTATION = Rotation(
    race=race, field=lambda _field, players: players or PLAYERS, how=how, circuits=False, scores=True,
)
