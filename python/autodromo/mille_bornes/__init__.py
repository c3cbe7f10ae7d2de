"""Mille Bornes in Python: what the shared layers ask of the game (see :mod:`autodromo.game_module`).

A game is played in hands and ends on points:

>>> import autodromo
>>> r = autodromo.simulate("mille_bornes", 20, seed=1, policies=["heuristic", "random"], players=2)
>>> r.n, int((r.winner == 0).sum()) > 10
(20, True)
"""

import re
from typing import Any

from ..errors import ReplayError

TITLE = "Mille Bornes"
#: The per-seat column of a batch: the seat's points at the end of the game.
SEAT_EXTRA = "points"
WORDS = {"one": "game", "many": "games", "length": "hands", "Many": "Games"}
SCORES = ("points at the end of the game", "points")
#: The figures a batch's table shows: points (no car crashes, wears or retires).
SIM_COLUMNS = ("seat_extra",)

#: Attack labels counted sides from 0 until December 2026 ("play Stop on player 0" is today's
#: "play Stop on player 1"); replays of that time are still read, by their ids.
_SIDE_FROM_ONE = re.compile(r"^(play .+ on (?:player|team) )(\d+)$")


def older_label(label: str) -> str | None:
    """How a replay written before the labels counted sides from 1 spells ``label``, if it differs."""
    m = _SIDE_FROM_ONE.match(label)
    return f"{m.group(1)}{int(m.group(2)) - 1}" if m else None


def older_options(options: dict[str, Any]) -> dict[str, Any] | None:
    """The options a replay written under rules version 1 (until 7 December 2026) plays again
    with: a Speed Limit then hit any car, as ``independent_speed_limit`` does today. A Wrong Way
    then hit a car that had not started, which no option gives back: such a replay is refused."""
    if "independent_speed_limit" in options:
        return None
    if options.get("wrong_way"):
        raise ReplayError(
            "this game was played under Mille Bornes rules version 1, when a Wrong Way could "
            "hit a car that had not started: version 2 cannot play it again"
        )
    return {**options, "independent_speed_limit": True}
