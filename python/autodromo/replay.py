"""Replay files: game, options, content hash, seed, and every action as id and label.

A replay reproduces a game exactly. Loading checks everything first (format, digest, content,
every action replayed and its label matched) and returns nothing unless all of it holds.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from typing import Any

from . import content, game_module
from ._core import Game, State, load_game
from .errors import AutodromoError, ReplayError

__all__ = ["Replay", "save", "load", "dumps", "loads", "saved_game"]

FORMAT = "autodromo-replay"
VERSION = 1


@dataclass(frozen=True)
class Replay:
    """A loaded, verified replay; ``state`` is the position after its last action."""

    game: Game
    options: dict[str, Any]
    seed: int | None
    actions: list[int]
    labels: list[str]
    state: State


def _older_spelling(game: str, label: str) -> str | None:
    """How a replay written before a label's last rewording spells ``label``, if it differs (the
    game's package says, by ``older_label``)."""
    older = game_module.fact(game, "older_label")
    return older(label) if older is not None else None


def _build(name: str, options: dict[str, Any], files: Any) -> Game:
    try:
        return load_game(name, json.dumps(options), files)
    except AutodromoError as e:
        raise ReplayError(f"the saved game names a game that cannot be built: {e}") from None


def saved_game(name: str, options: dict[str, Any], saved_hash: str,
               content_dir: str | os.PathLike[str] | None = None) -> tuple[Game, dict[str, Any]]:
    """The game a saved game (a replay, a table of the web page) with ``saved_hash`` goes on
    under, and its options: as saved when the hash is today's, else the options its package gives
    an earlier rules version (``older_options``, which may refuse with the reason). Raises
    :class:`ReplayError` with the reason when neither holds."""
    try:
        files = content.load_files(name, content_dir) if name in content.GAMES else None
    except AutodromoError as e:
        raise ReplayError(f"the saved game's content cannot be read: {e}") from None
    game = _build(name, options, files)
    if game.accepts_content_hash(saved_hash):
        return game, options
    older = game_module.fact(name, "older_options")
    then = older(options) if older is not None else None
    if then is not None:
        game = _build(name, then, files)
        if game.accepts_content_hash(saved_hash):
            return game, then
    raise ReplayError(
        "content hash differs: the game was saved with other content or under an older"
        " version of the game's rules"
    )


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def dumps(state: State, seed: int | None = None) -> str:
    """The replay of ``state`` (its whole history) as JSON text."""
    game = state.game
    replayer = game.new_state()
    actions = []
    for a in state.history():
        actions.append({"id": a, "label": replayer.action_to_string(a)})
        replayer.apply_action(a)
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "options": json.loads(game.options_json),
        "content_hash": game.content_hash,
        "seed": seed,
        "actions": actions,
    }
    return json.dumps({**body, "digest": _digest(body)}, indent=1, ensure_ascii=False)


def save(path: str | os.PathLike[str], state: State, seed: int | None = None) -> None:
    """Writes ``state``'s replay to ``path`` (atomically: a crash leaves the old file)."""
    text = dumps(state, seed)
    tmp = f"{os.fspath(path)}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def _field(doc: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in doc:
        raise ReplayError(f"replay has no {key!r}")
    value = doc[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ReplayError(f"replay field {key!r} has the wrong type")
    return value


def _at(i: int) -> str:
    """The replay's action ``i`` as an error names it: counted from 1, and where it is in the file."""
    return f"action {i + 1} (actions[{i}])"


def loads(text: str, content_dir: str | os.PathLike[str] | None = None) -> Replay:
    """Parses and verifies a replay; raises :class:`ReplayError` naming what is wrong."""
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ReplayError(f"replay is not JSON: {e}") from None
    if not isinstance(doc, dict):
        raise ReplayError("replay is not a JSON object")
    if doc.get("format") != FORMAT or doc.get("version") != VERSION:
        raise ReplayError(f"not an {FORMAT} version {VERSION} file")
    digest = _field(doc, "digest", str)
    body = {k: v for k, v in doc.items() if k != "digest"}
    if _digest(body) != digest:
        raise ReplayError("digest mismatch: the replay was altered or damaged")
    name = _field(doc, "game", str)
    options = _field(doc, "options", dict)
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ReplayError("replay field 'seed' has the wrong type")
    entries = _field(doc, "actions", list)
    game, _ = saved_game(name, options, _field(doc, "content_hash", str), content_dir)
    state = game.new_state()
    ids: list[int] = []
    labels: list[str] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ReplayError(f"{_at(i)} is not an object")
        a, label = entry.get("id"), entry.get("label")
        if not isinstance(a, int) or isinstance(a, bool) or not isinstance(label, str):
            raise ReplayError(f"{_at(i)} needs an integer id and a label")
        if not 0 <= a < game.num_distinct_actions:
            raise ReplayError(f"{_at(i)}: id {a} is no action of this game")
        now = state.action_to_string(a)
        if label not in (now, _older_spelling(name, now)):
            raise ReplayError(f"{_at(i)}: id {a} is {now!r}, not {label!r}")
        try:
            state.apply_action(a)
        except AutodromoError as e:
            raise ReplayError(f"{_at(i)} ({label}): {e}") from None
        ids.append(a)
        labels.append(now)
    return Replay(game, options, seed, ids, labels, state)


def load(
    path: str | os.PathLike[str], content_dir: str | os.PathLike[str] | None = None
) -> Replay:
    """Reads and verifies the replay at ``path``."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError as e:
        raise ReplayError(f"replay is not UTF-8 text: {e}") from None
    return loads(text, content_dir)
