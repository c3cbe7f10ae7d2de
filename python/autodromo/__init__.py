"""Autodromo: one rules engine for four tabletop racing games.

>>> import autodromo
>>> name = autodromo.games()[0]
>>> g = autodromo.game(name, players=2)
>>> s = g.new_state()
>>> s.is_chance_node()
True

Each game's own Python code is in its package, ``autodromo.<id>``, and its terminal in
``autodromo.tui.<id>``; the shared code finds them by the game's id (:mod:`autodromo.game_module`).
"""

from __future__ import annotations

import json
from typing import Any

from . import errors, replay

from ._core import CHANCE, TERMINAL, Game, State
from . import pickling  # noqa: F401,E402  # registers pickle and copy for Game and State
from .errors import (
    AutodromoError,
    ContentError,
    IllegalActionError,
    OptionError,
    ProtocolError,
    ReplayError,
)
from .race import Race
from .sim import SimResult, simulate

__all__ = [
    "CHANCE",
    "TERMINAL",
    "AutodromoError",
    "ContentError",
    "Game",
    "IllegalActionError",
    "OptionError",
    "ProtocolError",
    "Race",
    "ReplayError",
    "SimResult",
    "State",
    "errors",
    "game",
    "games",
    "replay",
    "simulate",
]

__version__ = "0.1.0"


def games() -> list[str]:
    """The ids of the games this build plays."""
    from . import _core

    return _core.games()


def game(name: str, content_dir: str | None = None, **options: Any) -> Game:
    """A game by id with its options.

    ``game(name, players=4)``; each game's options are in ``docs/rules/<game>.md``.
    Games with content read it from ``content_dir`` (default: the shipped files). Unknown games
    and options raise :class:`OptionError` naming the key; bad content raises
    :class:`ContentError` naming the file and the key.
    """
    from . import _core, content

    if name in content.GAMES:
        return _core.load_game(name, json.dumps(options), content.load_files(name, content_dir))
    if content_dir is not None:
        raise OptionError(f"{name} has no content files")
    return _core.load_game(name, json.dumps(options))


def game_options(g: Game) -> dict[str, Any]:
    """Every option of ``g`` in force, defaults included."""
    options: dict[str, Any] = json.loads(g.options_json)
    return options
