"""Each game's part of the bridge, found by the game's id: ``autodromo_bridge.games.<id>``, a
module or a package of the game's own drawing (``games/<id>/``).

The shared bridge (binding, LED maps, the command, the terminal screen) names no game: the games
it follows are those the core lists (``autodromo.games()``) that have a module here. What a
module says:

``BOARD``
    ``"cells"``: a circuit of rows and lanes, shown through an LED map (``ledmap.py``);
    ``"sections"``: a track of sections, shown through the map its own ``track_board()``
    generates from it;
``BOARD_OPTIONS``
    the options a race needs before its board can be built (a map is checked against it);
``MAP_DEFAULT``
    True for the game an LED map file is for when it names none (maps made before the key);
``BOT``
    the bot that drives a local race's seats no dashboard drives;
``HEADING``
    the game's name at the head of the terminal screen (default: its name);
``dashboard()``
    the bridge's module that draws its dashboards (``games/<id>/render.py``), imported when
    called; what it says is read with :func:`dashboard_fact`:

    ``FACE``
        what they print (``render.Face``: gauges, lamps, what each lamp means; default
        ``render.DEFAULT_FACE``, DASH_STATE's fields and the shared lamps);
    ``dash_state(view, seat, circuit, *, deciding, cursor, refused, game_over)``
        a dashboard's DASH_STATE for its seat (``circuit``: the race's circuit of lanes and
        rows, ``ledmap.Circuit``, None on a route or a track of sections);
    ``BUTTONS``
        its buttons, control -> (word, the core's moves it takes: a ``frozenset`` of kinds, or
        shapes, each a kind and the references a move must have; ``binding.takes``); without
        them only the selector and CONFIRM decide;
    ``ONE_MOVE_BUTTONS``
        True when each button is named for the one move it takes (the screen says its word once);
    ``BUTTONS_NAME``
        what the screen calls them (default ``"buttons"``);
    ``words(move, view)``
        a choice as people read it, from its move, through the game's words module (default:
        the action's label);
    ``needles(dash)``
        the needles of a dashboard on the emulator's screen, a line of text;
``track_board()``
    for a track of sections, the module that lays it on a strip and draws it, imported when
    called (see ``ledmap.own_drawing``): ``map_for(board)``, ``load_map(path, board)`` (a
    map with ``source``, ``led_count``, ``name`` and ``to_toml()``), ``palette(map, view)``,
    ``track_frame(view, map)`` and ``board_lines(view)``, the board in words for the terminal;
``add_local_options(parser)``, ``local_options(args)``
    the options of ``autodromo bridge <game>`` for a local race, and the race's options from them;
``LOCAL_DEFAULT``
    True for the game ``autodromo bridge`` races when no game is given.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import autodromo
from autodromo import game_module


def of(game: str) -> ModuleType | None:
    """The game's bridge module, or None for a game the bridge does not follow."""
    return game_module.find(__name__, game)


def followed() -> tuple[str, ...]:
    """The games the bridge follows, in the core's order."""
    return tuple(g for g in autodromo.games() if of(g) is not None)


def with_board(kind: str) -> tuple[str, ...]:
    """The games whose board is of ``kind`` (``"cells"`` or ``"sections"``)."""
    return tuple(g for g in followed() if fact(g, "BOARD") == kind)


def fact(game: str, name: str, default: Any = None) -> Any:
    return getattr(of(game), name, default)


def dashboard_fact(game: str, name: str, default: Any = None) -> Any:
    """What the module that draws the game's dashboards (``dashboard()``) says of ``name``; the
    default when it says nothing of it, or the game has no such module. The game's module imports it only when
    asked: the shared bridge reads the game modules as it loads, and that module imports the
    shared bridge."""
    drawing = fact(game, "dashboard")
    return default if drawing is None else getattr(drawing(), name, default)


def first(flag: str) -> str:
    """The game whose module sets ``flag`` True (the default game of a map, of the command)."""
    return next(g for g in followed() if fact(g, flag, False))


def names(games: tuple[str, ...] | list[str]) -> str:
    """The games by name, as a sentence lists them: "A, B and C"."""
    titles = [game_module.title(g) for g in games]
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
