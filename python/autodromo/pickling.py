"""``pickle`` and ``copy`` for :class:`~autodromo.Game` and :class:`~autodromo.State` (issue 35):
checkpoints, process pools and envs that hold them.

A game pickles as its id, options and content hash, with its content files only when they are
not the shipped ones; a state as its game and ``serialize()`` (a state started from a position,
as that position and the actions since). Unpickling rebuilds them and checks the content hash,
so a pickle never quietly becomes another game: content that changed since raises
:class:`~autodromo.ReplayError`. Registered with :mod:`copyreg` when ``autodromo`` is imported.

>>> import pickle, autodromo
>>> s = autodromo.game(autodromo.games()[0], players=2).new_state()
>>> pickle.loads(pickle.dumps(s)) == s
True
"""

from __future__ import annotations

import copyreg
import functools
from typing import Any

from . import _core, content, game_module
from ._core import Game, State
from .errors import ReplayError

Files = list[tuple[str, str]]


@functools.lru_cache(maxsize=64)
def _shipped_hash(name: str, options_json: str) -> str | None:
    """The content hash of ``name`` built from the shipped files, or None when they cannot build
    it (a game without content, or options the shipped content lacks)."""
    if name not in content.GAMES:
        return None
    try:
        return _core.load_game(name, options_json, content.load_files(name)).content_hash
    except Exception:  # noqa: BLE001  # any refusal means: ship the files
        return None


def _files_to_ship(g: Game) -> Files | None:
    files = g._content_files
    if files is None or _shipped_hash(g.name, g.options_json) == g.content_hash:
        return None
    return files


def restore_game(name: str, options_json: str, content_hash: str, files: Files | None) -> Game:
    """A pickled game built again: from ``files`` or, without them, the shipped content."""
    if files is None and name in content.GAMES:
        files = content.load_files(name)
    g = _core.load_game(name, options_json, files)
    if g.content_hash != content_hash:
        raise ReplayError(
            f"this {game_module.title(name)} game was pickled with content {content_hash}; the "
            f"content here is {g.content_hash}: unpickle it where its content is installed"
        )
    return g


def restore_state(game: Game, saved: str, start: str | None, history: list[int]) -> State:
    """A pickled state built again: its save replayed, or its position and the actions since."""
    if start is None:
        return game.deserialize_state(saved)
    s = game.state_from(start)
    for a in history:
        s.apply_action(a)
    return s


def _reduce_game(g: Game) -> tuple[Any, tuple[Any, ...]]:
    return restore_game, (g.name, g.options_json, g.content_hash, _files_to_ship(g))


def _reduce_state(s: State) -> tuple[Any, tuple[Any, ...]]:
    start = s._start_position
    if start is None:
        return restore_state, (s.game, s.serialize(), None, [])
    return restore_state, (s.game, "", start, s.history())


copyreg.pickle(Game, _reduce_game)
copyreg.pickle(State, _reduce_state)
