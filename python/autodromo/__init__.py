"""Autodromo: one rules engine for four tabletop racing games.

>>> import autodromo
>>> g = autodromo.game("mille_bornes", players=2, score_to_win=0)
>>> s = g.new_state()
>>> s.is_chance_node()
True
"""

from __future__ import annotations

import json
from typing import Any

from . import errors, replay
from ._core import CHANCE, TERMINAL, Game, State
from .errors import (
    AutodromoError,
    ContentError,
    IllegalActionError,
    OptionError,
    ReplayError,
)
from .race import Race

__all__ = [
    "CHANCE",
    "TERMINAL",
    "AutodromoError",
    "ContentError",
    "Game",
    "IllegalActionError",
    "OptionError",
    "Race",
    "ReplayError",
    "State",
    "errors",
    "game",
    "games",
    "replay",
]

__version__ = "0.1.0"


def games() -> list[str]:
    """The ids of the games this build plays."""
    from . import _core

    return _core.games()


def game(name: str, **options: Any) -> Game:
    """A game by id with its options, e.g. ``game("mille_bornes", players=4, teams=2)``.

    Unknown games and options raise :class:`OptionError` naming the key.
    """
    from . import _core

    return _core.load_game(name, json.dumps(options))


def game_options(g: Game) -> dict[str, Any]:
    """Every option of ``g`` in force, defaults included."""
    options: dict[str, Any] = json.loads(g.options_json)
    return options
