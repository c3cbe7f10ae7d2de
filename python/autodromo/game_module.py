"""Each game's own Python package, found by the game's id: ``autodromo.<id>``.

The shared layers (simulate and its report, the envs, balance, the CLI) name no game: the list of
games comes from the core (:func:`autodromo.games`), and what differs between games is asked of the
game's package by name, with a default for a game that does not say. What a package may say:

``TITLE``
    the game's name in a heading or a help line (default: its id in title case);
``SEAT_EXTRA``
    what the per-seat ``seat_extra`` column of :func:`autodromo.simulate` holds (default ``extra``);
``WORDS``
    the words its batches are counted in (default: races of game turns, see :data:`RACE_WORDS`);
``SCORES``
    ``(title, label)`` when a game ends on scores (``seat_extra``) rather than finish times, for
    the plots;
``ENV_OPTIONS``
    the options its learning envs build it with when the caller passes none;
``SIMULATE_FLAGS``
    the options of ``autodromo simulate`` that only some games take (``cars``, ``neutral``);
``older_label``
    a function from an action's label to how replays written before its last rewording spell
    it (None when they spell it the same), so that :mod:`autodromo.replay` still reads them;
``older_options``
    a function from a replay's options to the options it plays again with today when its content
    hash is not today's (written under an older rules version), None when there are none; it
    raises :class:`~autodromo.errors.ReplayError` with the reason when no options can;

Its module ``autodromo.<id>.balance`` says how ``autodromo balance`` rotates it (``ROTATION``, see
:mod:`autodromo.balance`), and its terminal (``autodromo.tui.<id>``) adds its own ``autodromo``
subcommands (``add_commands``, or ``add_play_options`` and ``play`` for ``autodromo play <id>``)
and shows a table (``screen``).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

#: How a race's batch is counted, unless the game's package says otherwise.
RACE_WORDS = {"one": "race", "many": "races", "length": "game turns", "Many": "Races"}


def of(game: str, layer: str = "", part: str = "") -> ModuleType | None:
    """The game's package (``layer="tui"``: its terminal module; ``part="balance"``: the module
    ``autodromo.<id>.balance``), or None for an unknown game or a game without one."""
    return find(".".join(p for p in (__package__, layer) if p), game, part)


def find(package: str, game: str, part: str = "") -> ModuleType | None:
    """The module ``<package>.<game>`` (``.<part>`` after it, if given) of any package that keeps
    one module per game (this one's layers, the bridge's games), or None for a game the core does
    not list or a game without one. An import error inside the module is raised, not hidden."""
    from . import games

    if game not in games():
        return None
    name = ".".join(p for p in (package, game, part) if p)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise


def fact(game: str, name: str, default: Any = None) -> Any:
    """What the game's package says under ``name``, or ``default``."""
    return getattr(of(game), name, default)


def title(game: str) -> str:
    """The game's name for a heading."""
    return str(fact(game, "TITLE", game.replace("_", " ").title()))


def words(game: str) -> dict[str, str]:
    """The words a game's batches are counted in."""
    return dict(fact(game, "WORDS", RACE_WORDS))
