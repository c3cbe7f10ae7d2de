"""Saved games in SQLite: each game's set-up (game, options, seats, seed, content hash) and its
action list. A game is its set-up plus its actions: resuming replays them, so nothing else needs
saving, and every accepted action is committed before the page hears about it."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    content_hash TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    position TEXT
);
CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    decisions TEXT NOT NULL,
    races TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    action INTEGER NOT NULL,
    actor INTEGER NOT NULL,
    PRIMARY KEY (game_id, idx)
);
"""


def default_path() -> Path:
    """The database in the user's data directory (XDG on Linux, the usual places elsewhere)."""
    if os.name == "nt":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif os.uname().sysname == "Darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "autodromo" / "games.sqlite3"


@dataclass(frozen=True)
class Saved:
    """One saved game as stored: its set-up and its actions with who took each."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    content_hash: str
    created: float
    updated: float
    actions: list[int]
    actors: list[int]
    #: The position the game started from (``State.position()``), when not the beginning.
    position: dict[str, Any] | None = None


@dataclass(frozen=True)
class SavedEvent:
    """An event as stored: its set-up, every decision taken between games, its games' ids."""

    id: str
    game: str
    setup: dict[str, Any]
    decisions: list[Any]
    races: list[str]
    created: float
    updated: float


class Store:
    """One connection shared by the server's threads, used under one lock."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.execute("PRAGMA journal_mode = WAL")
        # FULL: an acknowledged action survives a power cut, not only a killed server.
        self._db.execute("PRAGMA synchronous = FULL")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        if "position" not in columns:
            # A database made before games could start from a position.
            self._db.execute("ALTER TABLE games ADD COLUMN position TEXT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, saved: Saved) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games (id, game, options, seats, seed, content_hash, created, updated, position)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    saved.id, saved.game, json.dumps(saved.options), json.dumps(saved.seats),
                    saved.seed, saved.content_hash, saved.created, saved.updated,
                    None if saved.position is None else json.dumps(saved.position),
                ),
            )
            self._insert(saved.id, 0, saved.actions, saved.actors)

    def append(self, game_id: str, start: int, actions: list[int], actors: list[int]) -> None:
        """Adds actions from index ``start`` on, in one transaction."""
        if not actions:
            return
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._insert(game_id, start, actions, actors)
            self._db.execute("UPDATE games SET updated = ? WHERE id = ?", (time.time(), game_id))

    def truncate(self, game_id: str, length: int) -> None:
        """Keeps the first ``length`` actions (undo)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM actions WHERE game_id = ? AND idx >= ?", (game_id, length))
            self._db.execute("UPDATE games SET updated = ? WHERE id = ?", (time.time(), game_id))

    def delete(self, game_id: str) -> bool:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            gone = self._db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount
        return bool(gone)

    def all(self) -> list[Saved]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, options, seats, seed, content_hash, created, updated, position"
                " FROM games ORDER BY created"
            ).fetchall()
            moves = self._db.execute(
                "SELECT game_id, action, actor FROM actions ORDER BY game_id, idx"
            ).fetchall()
        by_game: dict[str, tuple[list[int], list[int]]] = {}
        for game_id, action, actor in moves:
            acts, who = by_game.setdefault(game_id, ([], []))
            acts.append(action)
            who.append(actor)
        out = []
        for gid, game, options, seats, seed, content_hash, created, updated, position in rows:
            acts, who = by_game.get(gid, ([], []))
            out.append(
                Saved(
                    gid, game, json.loads(options), json.loads(seats), seed, content_hash,
                    created, updated, acts, who, None if position is None else json.loads(position),
                )
            )
        return out

    # --- events: several games and the decisions between them (a championship, say) ----------

    def save_event(self, event: SavedEvent) -> None:
        """Creates or replaces an event's record (its decisions and races so far)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT OR REPLACE INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
                (event.id, event.game, json.dumps(event.setup), json.dumps(event.decisions),
                 json.dumps(event.races), event.created, time.time()),
            )

    def events(self) -> list[SavedEvent]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM events ORDER BY created").fetchall()
        return [SavedEvent(i, g, json.loads(s), json.loads(d), json.loads(r), c, u) for i, g, s, d, r, c, u in rows]

    def delete_event(self, event_id: str) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM events WHERE id = ?", (event_id,))

    def _insert(self, game_id: str, start: int, actions: list[int], actors: list[int]) -> None:
        self._db.executemany(
            "INSERT INTO actions VALUES (?, ?, ?, ?)",
            [(game_id, start + i, a, w) for i, (a, w) in enumerate(zip(actions, actors))],
        )
