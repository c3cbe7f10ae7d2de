"""Saved games in SQLite: each game's set-up (game, options, seats, seed, content hash) and its
action list. A game is its set-up plus its actions: resuming replays them, so nothing else needs
saving, and every accepted action is committed before the page hears about it."""

from __future__ import annotations

import json
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
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
    position TEXT,
    finished INTEGER NOT NULL DEFAULT 0,
    access TEXT
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

#: Commits between two checkpoints, at most (and at most ``CHECKPOINT_SECONDS`` apart when any).
CHECKPOINT_EVERY = 100
CHECKPOINT_SECONDS = 5.0


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
    #: Its tokens and seating (``access.Access.as_json``); None in a database older than them.
    access: dict[str, Any] | None = None


@dataclass(frozen=True)
class Listed:
    """A saved game's line in the list: its set-up and how far it went, without its actions."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    content_hash: str
    created: float
    updated: float
    finished: bool
    actions: int


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


class _Pending:
    """One write waiting for the commit that holds it."""

    __slots__ = ("work", "done", "wake", "result", "error")

    def __init__(self, work: Callable[[sqlite3.Connection], Any]) -> None:
        self.work = work
        #: Committed (or failed); ``wake`` is set once it is, or when its thread is to lead.
        self.done = False
        self.wake = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None


class Store:
    """Writes are committed in groups (group commit): SQLite lets one writer at a time, so
    twenty games committing one by one would queue behind each other (and, with
    ``synchronous=FULL``, behind twenty flushes). A write joins the waiting list; if no commit is
    under way its own thread leads one: it commits everything waiting in one transaction, wakes
    those writers, and hands the lead to one that came meanwhile. The commit runs in a request's
    own thread: with a writer thread of its own, every commit waited for that thread to be woken
    and given the interpreter. A write returns only once its transaction is in the file, so no
    acknowledged action is lost to a killed server. Reads use a small pool of connections (WAL:
    readers never wait for the writer). Nothing here is locked across games but the commit
    itself: a game's own lock is the tables'."""

    def __init__(self, path: str | os.PathLike[str], synchronous: str = "NORMAL") -> None:
        if synchronous.upper() not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")
        #: NORMAL (the default, in WAL): a commit is written to the file before the answer, so an
        #: acknowledged action survives a killed server; the disk is flushed at checkpoints, so a
        #: power cut may lose the last moves (never the file). FULL: each commit also waits for
        #: the disk's flush, which on a busy disk was most of an answer's time (docs/web.md).
        self.synchronous = synchronous.upper()
        self.path = Path(path)
        self._memory = str(path) == ":memory:"
        if not self._memory:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._readers: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        #: Writes waiting for a commit (guarded by ``_waiting_lock``); the commit lock is held
        #: by the thread committing them.
        self._waiting: list[_Pending] = []
        self._waiting_lock = threading.Lock()
        #: True while a thread commits (or is woken to): the others wait to be woken.
        self._leading = False
        self._commit_lock = threading.Lock()
        self._db = self._connect()
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        if "position" not in columns:
            # A database made before games could start from a position.
            self._db.execute("ALTER TABLE games ADD COLUMN position TEXT")
        #: True when the games' ``finished`` flags are unknown (a database made before the list
        #: could show a game without loading it): the tables fill them in once.
        self.unknown_status = "finished" not in columns
        if self.unknown_status:
            self._db.execute("ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0")
        if "access" not in columns:
            # A database made before seats had tokens: each game gets its tokens when next loaded.
            self._db.execute("ALTER TABLE games ADD COLUMN access TEXT")
        #: Per thread: milliseconds spent waiting for commits (the Server-Timing header's ``db``).
        self.waited = threading.local()
        # Checkpoints (copying the log into the file, with a flush) run in a thread of their
        # own: left to SQLite, one commit in a thousand pages ran one and made every commit
        # behind it wait for the disk.
        self._commits = 0
        self._closing = False
        self._checkpoint_due = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if not self._memory:
            self._db.execute("PRAGMA wal_autocheckpoint = 0")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA busy_timeout = 10000")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute(f"PRAGMA synchronous = {self.synchronous}")
        return db

    def close(self) -> None:
        with self._commit_lock:
            self._closing = True
        if self._checkpointer is not None:
            self._checkpoint_due.set()
            self._checkpointer.join(timeout=30)
        with self._commit_lock:
            self._db.close()
        while not self._readers.empty():
            self._readers.get().close()

    # --- writes: one transaction for whatever waits, committed before anyone hears ------------

    def _commit(self, batch: list[_Pending]) -> None:
        """(Under the commit lock.) One transaction for the batch; if a write in it fails, each
        is committed again alone, so that one bad write fails alone."""
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            results = [p.work(db) for p in batch]
            db.execute("COMMIT")
        except Exception as e:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if len(batch) > 1:
                for p in batch:
                    self._commit([p])
                return
            batch[0].error = e
        else:
            for p, result in zip(batch, results):
                p.result = result
        for p in batch:
            p.done = True
        self._commits += 1
        if self._checkpointer is None and not self._memory and not self._closing:
            self._checkpointer = threading.Thread(target=self._checkpoints, name="autodromo-checkpoint", daemon=True)
            self._checkpointer.start()
        elif self._commits % CHECKPOINT_EVERY == 0:
            self._checkpoint_due.set()

    def _checkpoints(self) -> None:
        """The checkpointer's loop: copies the log into the file (and flushes it) off the
        requests' path; a passive checkpoint never blocks a commit."""
        db = self._connect()
        try:
            while not self._closing:
                self._checkpoint_due.wait(timeout=CHECKPOINT_SECONDS)
                self._checkpoint_due.clear()
                db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        finally:
            db.close()

    def _write(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        pending = _Pending(work)
        started = time.perf_counter()
        with self._waiting_lock:
            self._waiting.append(pending)
            follow = self._leading
            self._leading = True
        if follow:
            # Woken once committed by the leader, or to lead the next commit itself.
            pending.wake.wait()
        if not pending.done:
            self._lead()
        self.waited.ms = getattr(self.waited, "ms", 0.0) + (time.perf_counter() - started) * 1000
        if pending.error is not None:
            raise pending.error
        return pending.result

    def _lead(self) -> None:
        """Commits whatever waits, then wakes its writers, and the first of those that came
        meanwhile to lead the next commit. Each waiter is woken once: when each took a lock in
        turn, each woken and given the interpreter after the one before, they queued for tens of
        milliseconds behind commits of a tenth of one (measured under load)."""
        with self._waiting_lock:
            batch, self._waiting = self._waiting, []
        with self._commit_lock:
            self._commit(batch)
        with self._waiting_lock:
            following = self._waiting[0] if self._waiting else None
            if following is None:
                self._leading = False
        for p in batch:
            p.wake.set()
        if following is not None:
            following.wake.set()

    def _read(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        if self._memory:
            # Every connection to ":memory:" is a database of its own: read through the writer.
            return self._write(work)
        try:
            db = self._readers.get_nowait()
        except queue.Empty:
            db = self._connect()
        try:
            return work(db)
        finally:
            self._readers.put(db)

    # --- games --------------------------------------------------------------------------------

    def create(self, saved: Saved, finished: bool = False) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO games (id, game, options, seats, seed, content_hash, created, updated, position,"
                " finished, access) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    saved.id, saved.game, json.dumps(saved.options), json.dumps(saved.seats),
                    saved.seed, saved.content_hash, saved.created, saved.updated,
                    None if saved.position is None else json.dumps(saved.position), int(finished),
                    None if saved.access is None else json.dumps(saved.access),
                ),
            )
            _insert(db, saved.id, 0, saved.actions, saved.actors)

        self._write(work)

    def append(self, game_id: str, start: int, actions: list[int], actors: list[int], finished: bool = False) -> None:
        """Adds actions from index ``start`` on, in one transaction."""
        if not actions:
            return

        def work(db: sqlite3.Connection) -> None:
            _insert(db, game_id, start, actions, actors)
            db.execute("UPDATE games SET updated = ?, finished = ? WHERE id = ?", (time.time(), int(finished), game_id))

        self._write(work)

    def set_access(self, game_id: str, access: dict[str, Any]) -> None:
        """A game's tokens, seating and consents (a re-issued link, a seat's consent)."""
        text = json.dumps(access)
        self._write(lambda db: db.execute("UPDATE games SET access = ? WHERE id = ?", (text, game_id)))

    def set_finished(self, game_id: str, finished: bool) -> None:
        self._write(lambda db: db.execute("UPDATE games SET finished = ? WHERE id = ?", (int(finished), game_id)))

    def truncate(self, game_id: str, length: int) -> None:
        """Keeps the first ``length`` actions (undo)."""

        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM actions WHERE game_id = ? AND idx >= ?", (game_id, length))
            db.execute("UPDATE games SET updated = ?, finished = 0 WHERE id = ?", (time.time(), game_id))

        self._write(work)

    def delete(self, game_id: str) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            return bool(db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount)

        gone: bool = self._write(work)
        return gone

    def listing(self) -> list[Listed]:
        """Every saved game's line, without its actions (nothing is replayed for the list)."""

        def work(db: sqlite3.Connection) -> list[Listed]:
            rows = db.execute(
                "SELECT g.id, g.game, g.options, g.seats, g.seed, g.content_hash, g.created, g.updated, g.finished,"
                " (SELECT count(*) FROM actions a WHERE a.game_id = g.id) FROM games g ORDER BY g.created"
            ).fetchall()
            return [Listed(i, g, json.loads(o), json.loads(s), seed, h, c, u, bool(f), n)
                    for i, g, o, s, seed, h, c, u, f, n in rows]

        found: list[Listed] = self._read(work)
        return found

    def load(self, game_id: str) -> Saved | None:
        """One saved game with its actions, or None."""

        def work(db: sqlite3.Connection) -> Saved | None:
            row = db.execute(
                "SELECT id, game, options, seats, seed, content_hash, created, updated, position, access"
                " FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            moves = db.execute("SELECT action, actor FROM actions WHERE game_id = ? ORDER BY idx", (game_id,)).fetchall()
            return _saved(row, [a for a, _ in moves], [w for _, w in moves])

        found: Saved | None = self._read(work)
        return found

    def all(self) -> list[Saved]:
        def work(db: sqlite3.Connection) -> list[Saved]:
            rows = db.execute(
                "SELECT id, game, options, seats, seed, content_hash, created, updated, position, access"
                " FROM games ORDER BY created"
            ).fetchall()
            moves = db.execute("SELECT game_id, action, actor FROM actions ORDER BY game_id, idx").fetchall()
            by_game: dict[str, tuple[list[int], list[int]]] = {}
            for game_id, action, actor in moves:
                acts, who = by_game.setdefault(game_id, ([], []))
                acts.append(action)
                who.append(actor)
            return [_saved(row, *by_game.get(row[0], ([], []))) for row in rows]

        found: list[Saved] = self._read(work)
        return found

    # --- events: several games and the decisions between them (a championship, say) ----------

    def save_event(self, event: SavedEvent) -> None:
        """Creates or replaces an event's record (its decisions and races so far)."""
        row = (event.id, event.game, json.dumps(event.setup), json.dumps(event.decisions),
               json.dumps(event.races), event.created, time.time())
        self._write(lambda db: db.execute("INSERT OR REPLACE INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", row))

    def events(self) -> list[SavedEvent]:
        rows = self._read(lambda db: db.execute("SELECT * FROM events ORDER BY created").fetchall())
        return [SavedEvent(i, g, json.loads(s), json.loads(d), json.loads(r), c, u) for i, g, s, d, r, c, u in rows]

    def delete_event(self, event_id: str) -> None:
        self._write(lambda db: db.execute("DELETE FROM events WHERE id = ?", (event_id,)))



def _insert(db: sqlite3.Connection, game_id: str, start: int, actions: list[int], actors: list[int]) -> None:
    db.executemany(
        "INSERT INTO actions VALUES (?, ?, ?, ?)",
        [(game_id, start + i, a, w) for i, (a, w) in enumerate(zip(actions, actors))],
    )


def _saved(row: tuple[Any, ...], actions: list[int], actors: list[int]) -> Saved:
    gid, game, options, seats, seed, content_hash, created, updated, position, access = row
    return Saved(gid, game, json.loads(options), json.loads(seats), seed, content_hash, created, updated,
                 actions, actors, None if position is None else json.loads(position),
                 None if access is None else json.loads(access))
