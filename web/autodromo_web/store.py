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
    access TEXT,
    rev INTEGER NOT NULL DEFAULT 0,
    cut INTEGER NOT NULL DEFAULT 0,
    access_changes INTEGER NOT NULL DEFAULT 0,
    event TEXT
);
CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    decisions TEXT NOT NULL,
    races TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    rev INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    action INTEGER NOT NULL,
    actor INTEGER NOT NULL,
    PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS input_keys (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    PRIMARY KEY (game_id, key)
);
"""

#: Commits between two checkpoints, at most (and at most ``CHECKPOINT_SECONDS`` apart when any).
CHECKPOINT_EVERY = 100
CHECKPOINT_SECONDS = 5.0
#: Seconds without a commit after which the write-ahead log is emptied.
WAL_IDLE_SECONDS = 30.0


def default_path() -> Path:
    """The database in the user's data directory (XDG on Linux, the usual places elsewhere)."""
    if os.name == "nt":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif os.uname().sysname == "Darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "autodromo" / "games.sqlite3"


def private(path: Path) -> None:
    """The database readable by its owner only (issue 37: it holds every game's tokens): the
    file 0600 (SQLite gives its -wal and -shm files the file's mode), a folder made for it
    0700, and the data directory's own folder made so too."""
    folder = path.parent
    if not folder.exists():
        folder.mkdir(parents=True, mode=0o700)
    elif path == default_path():
        folder.chmod(0o700)
    os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
    for part in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if part.exists():
            part.chmod(0o600)


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
    #: Its revision (bumped by every write to it) and how many times its access changed.
    rev: int = 0
    access_changes: int = 0
    #: The event (a championship) it is a race of, if any.
    event: str | None = None


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
    #: Its revision, bumped by every save.
    rev: int = 0


class Stale(Exception):
    """A write based on a revision another process (or thread) has moved past: nothing was
    written; the caller answers it as a concurrent change (409) and reads the game again."""


@dataclass(frozen=True)
class Revision:
    """How far a saved game is: its revision, the last revision that did more than append
    actions (an undo, an access change: what following the new actions cannot catch up with),
    its action count and finished flag."""

    rev: int
    cut: int
    actions: int
    finished: bool
    updated: float
    access_changes: int
    event: str | None


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

    def __init__(self, path: str | os.PathLike[str], synchronous: str = "NORMAL", process_lock: Any = None) -> None:
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
            private(self.path)
        self._readers: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        #: Writes waiting for a commit (guarded by ``_waiting_lock``); the commit lock is held
        #: by the thread committing them.
        self._waiting: list[_Pending] = []
        self._waiting_lock = threading.Lock()
        #: True while a thread commits (or is woken to): the others wait to be woken.
        self._leading = False
        self._commit_lock = threading.Lock()
        #: Held around each commit when several processes share the file (a server of several
        #: workers, ``workers.CommitLock``): SQLite's own lock, when busy, sleeps 1 ms and more
        #: before trying again; a lock waited for in the kernel wakes the next committer as soon
        #: as the last one is done.
        self._process_lock = process_lock
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
        for name, kind in (("rev", "INTEGER NOT NULL DEFAULT 0"), ("cut", "INTEGER NOT NULL DEFAULT 0"),
                           ("access_changes", "INTEGER NOT NULL DEFAULT 0"), ("event", "TEXT")):
            if name not in columns:
                # A database made before several processes could serve one game.
                self._db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
        if "rev" not in {row[1] for row in self._db.execute("PRAGMA table_info(events)")}:
            self._db.execute("ALTER TABLE events ADD COLUMN rev INTEGER NOT NULL DEFAULT 0")
        if "network" not in columns:
            # Issue 37: a game made from the network (``--lan``) expires once untouched for long.
            self._db.execute("ALTER TABLE games ADD COLUMN network INTEGER NOT NULL DEFAULT 0")
        # The lists are read a page at a time, newest first; the expiry looks at network games only.
        self._db.execute("CREATE INDEX IF NOT EXISTS games_by_created ON games(created, id)")
        self._db.execute("CREATE INDEX IF NOT EXISTS events_by_created ON events(created, id)")
        self._db.execute("CREATE INDEX IF NOT EXISTS games_network ON games(updated) WHERE network = 1")
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
        requests' path; a passive checkpoint never blocks a commit. Once no commit came for
        ``WAL_IDLE_SECONDS``, the log is emptied (a TRUNCATE checkpoint): a passive one never
        shrinks it, and a flood of games left it at 561 MB (issue 37)."""
        db = self._connect()
        seen, quiet, truncated = -1, time.monotonic(), False
        try:
            while not self._closing:
                self._checkpoint_due.wait(timeout=CHECKPOINT_SECONDS)
                self._checkpoint_due.clear()
                now = time.monotonic()
                if self._commits != seen:
                    seen, quiet, truncated = self._commits, now, False
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                elif not truncated and now - quiet >= WAL_IDLE_SECONDS:
                    # Waits for readers and writers only briefly: busy now, tried again later.
                    db.execute("PRAGMA busy_timeout = 200")
                    busy = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
                    db.execute("PRAGMA busy_timeout = 10000")
                    truncated = busy == 0
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
            if self._process_lock is None:
                self._commit(batch)
            else:
                with self._process_lock:
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

    # --- games ----------------------------------------------------------------------------------
    #
    # Every write to a game bumps its revision (``rev``), and a write given ``base`` is made only
    # if the game is still at that revision (the one its writer's copy was read at): else
    # ``Stale`` and nothing is written. So any process may serve any game: it brings its copy up to date from
    # the file before using it, and a write based on an older copy is refused, never half made.

    def create(self, saved: Saved, finished: bool = False) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO games (id, game, options, seats, seed, content_hash, created, updated, position,"
                " finished, access, event) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    saved.id, saved.game, json.dumps(saved.options), json.dumps(saved.seats),
                    saved.seed, saved.content_hash, saved.created, saved.updated,
                    None if saved.position is None else json.dumps(saved.position), int(finished),
                    None if saved.access is None else json.dumps(saved.access), saved.event,
                ),
            )
            _insert(db, saved.id, 0, saved.actions, saved.actors)

        self._write(work)

    def append(self, game_id: str, start: int, actions: list[int], actors: list[int], finished: bool = False,
               base: int | None = None, key: str | None = None) -> int | None:
        """Adds actions from index ``start`` on, in one transaction, if the game is still at
        revision ``base`` (None: whatever it is); returns the new revision. ``key``, the identity
        of the input they answer (a dashboard's press), is saved in the same transaction: once
        the actions are on disk, so is the key, and a repeat of it is refused after any restart."""
        if not actions:
            return base

        def work(db: sqlite3.Connection) -> int:
            rev = _bump(db, game_id, base, "updated = ?, finished = ?", (time.time(), int(finished)))
            _insert(db, game_id, start, actions, actors)
            if key is not None:
                db.execute("INSERT INTO input_keys VALUES (?, ?)", (game_id, key))
            return rev

        rev: int = self._write(work)
        return rev

    def set_access(self, game_id: str, access: dict[str, Any], base: int | None = None) -> tuple[int, int]:
        """A game's tokens, seating and consents (a re-issued link, a seat's consent); returns its
        new revision and its count of access changes."""
        text = json.dumps(access)

        def work(db: sqlite3.Connection) -> tuple[int, int]:
            rev = _bump(db, game_id, base, "access = ?, access_changes = access_changes + 1, cut = rev + 1", (text,))
            changes: int = db.execute("SELECT access_changes FROM games WHERE id = ?", (game_id,)).fetchone()[0]
            return rev, changes

        done: tuple[int, int] = self._write(work)
        return done

    def set_finished(self, game_id: str, finished: bool) -> None:
        self._write(lambda db: _bump(db, game_id, None, "finished = ?", (int(finished),)))

    def set_event(self, game_id: str, event_id: str) -> None:
        """The event a game is a race of (every process then tells the event's listeners of the
        race's changes)."""
        self._write(lambda db: db.execute("UPDATE games SET event = ? WHERE id = ? AND event IS NOT ?",
                                          (event_id, game_id, event_id)))

    def truncate(self, game_id: str, length: int, base: int | None = None) -> int:
        """Keeps the first ``length`` actions (undo) if the game is still at revision ``base``;
        returns its new revision."""

        def work(db: sqlite3.Connection) -> int:
            rev = _bump(db, game_id, base, "updated = ?, finished = 0, cut = rev + 1", (time.time(),))
            db.execute("DELETE FROM actions WHERE game_id = ? AND idx >= ?", (game_id, length))
            return rev

        rev: int = self._write(work)
        return rev

    def applied_key(self, game_id: str, key: str) -> bool:
        """Whether an input with this identity was applied to the game (by any process, before
        any restart)."""

        def work(db: sqlite3.Connection) -> bool:
            found = db.execute("SELECT 1 FROM input_keys WHERE game_id = ? AND key = ?", (game_id, key))
            return found.fetchone() is not None

        applied: bool = self._read(work)
        return applied

    def delete(self, game_id: str) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            db.execute("DELETE FROM input_keys WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            return bool(db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount)

        gone: bool = self._write(work)
        return gone

    def rev(self, game_id: str) -> int | None:
        """The saved game's revision alone, or None if it is not saved: the check before each use
        of a game kept in memory."""

        def work(db: sqlite3.Connection) -> int | None:
            row = db.execute("SELECT rev FROM games WHERE id = ?", (game_id,)).fetchone()
            return None if row is None else int(row[0])

        found: int | None = self._read(work)
        return found

    def since(self, game_id: str, rev: int, start: int) -> tuple[Revision, list[int], list[int]] | None:
        """(In one read, so that they agree.) The game's revision and its actions from index
        ``start`` on, if only actions were appended since revision ``rev``; else None (read it
        whole)."""

        def work(db: sqlite3.Connection) -> tuple[Revision, list[int], list[int]] | None:
            db.execute("BEGIN")
            try:
                row = db.execute("SELECT rev, cut, finished, updated, access_changes, event FROM games WHERE id = ?",
                                 (game_id,)).fetchone()
                if row is None or row[1] > rev:
                    return None
                moves = db.execute("SELECT action, actor FROM actions WHERE game_id = ? AND idx >= ? ORDER BY idx",
                                   (game_id, start)).fetchall()
            finally:
                db.execute("COMMIT")
            revision = Revision(row[0], row[1], start + len(moves), bool(row[2]), row[3], row[4], row[5])
            return revision, [a for a, _ in moves], [w for _, w in moves]

        if self._memory:
            return None
        found: tuple[Revision, list[int], list[int]] | None = self._read(work)
        return found

    def listing(self, limit: int = -1, before: tuple[float, str] | None = None) -> list[Listed]:
        """The saved games' lines, newest first, without their actions (nothing is replayed for
        the list): at most ``limit`` (-1: all), created before ``before`` (created, id)."""

        def work(db: sqlite3.Connection) -> list[Listed]:
            after = "WHERE (g.created, g.id) < (?, ?)" if before is not None else ""
            rows = db.execute(
                "SELECT g.id, g.game, g.options, g.seats, g.seed, g.content_hash, g.created, g.updated, g.finished,"
                f" (SELECT count(*) FROM actions a WHERE a.game_id = g.id) FROM games g {after}"
                " ORDER BY g.created DESC, g.id DESC LIMIT ?", (*(before or ()), limit)
            ).fetchall()
            return [Listed(i, g, json.loads(o), json.loads(s), seed, h, c, u, bool(f), n)
                    for i, g, o, s, seed, h, c, u, f, n in rows]

        found: list[Listed] = self._read(work)
        return found

    def mark_network(self, game_id: str) -> None:
        """The game was made from the network: it expires once untouched (``expired``)."""
        self._write(lambda db: db.execute("UPDATE games SET network = 1 WHERE id = ?", (game_id,)))

    def expired(self, untouched_since: float) -> list[str]:
        """The games made from the network and not changed since ``untouched_since``."""

        def work(db: sqlite3.Connection) -> list[str]:
            return [r[0] for r in db.execute("SELECT id FROM games WHERE network = 1 AND updated < ?",
                                             (untouched_since,))]

        found: list[str] = self._read(work)
        return found

    def event_page(self, limit: int, before: tuple[float, str] | None = None) -> list[tuple[str, float]]:
        """The championships' ids (and creation times), newest first, a page at a time."""

        def work(db: sqlite3.Connection) -> list[tuple[str, float]]:
            after = "WHERE (created, id) < (?, ?)" if before is not None else ""
            return [(r[0], r[1]) for r in db.execute(
                f"SELECT id, created FROM events {after} ORDER BY created DESC, id DESC LIMIT ?",
                (*(before or ()), limit))]

        found: list[tuple[str, float]] = self._read(work)
        return found

    def load(self, game_id: str) -> Saved | None:
        """One saved game with its actions, or None."""

        def work(db: sqlite3.Connection) -> Saved | None:
            if not self._memory:
                db.execute("BEGIN")  # the game's row and its actions from one snapshot
            try:
                row = db.execute(
                    "SELECT id, game, options, seats, seed, content_hash, created, updated, position, access,"
                    " rev, access_changes, event FROM games WHERE id = ?", (game_id,)
                ).fetchone()
                if row is None:
                    return None
                moves = db.execute("SELECT action, actor FROM actions WHERE game_id = ? ORDER BY idx",
                                   (game_id,)).fetchall()
            finally:
                if not self._memory:
                    db.execute("COMMIT")
            return _saved(row, [a for a, _ in moves], [w for _, w in moves])

        found: Saved | None = self._read(work)
        return found

    def all(self) -> list[Saved]:
        def work(db: sqlite3.Connection) -> list[Saved]:
            rows = db.execute(
                "SELECT id, game, options, seats, seed, content_hash, created, updated, position, access,"
                " rev, access_changes, event FROM games ORDER BY created"
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

    def save_event(self, event: SavedEvent, base: int | None = None) -> int:
        """Creates (``base`` 0) or replaces an event's record (its decisions and races so far) if
        it is still at revision ``base`` (None: whatever it is); returns its new revision."""
        row = (event.game, json.dumps(event.setup), json.dumps(event.decisions),
               json.dumps(event.races), event.created, time.time())

        def work(db: sqlite3.Connection) -> int:
            if base == 0:
                try:
                    db.execute("INSERT INTO events (game, setup, decisions, races, created, updated, rev, id)"
                               " VALUES (?, ?, ?, ?, ?, ?, 1, ?)", (*row, event.id))
                except sqlite3.IntegrityError:
                    raise Stale(f"event {event.id} exists") from None
                return 1
            where = "" if base is None else " AND rev = ?"
            done = db.execute("UPDATE events SET game = ?, setup = ?, decisions = ?, races = ?, created = ?,"
                              f" updated = ?, rev = rev + 1 WHERE id = ?{where}",
                              (*row, event.id) + (() if base is None else (base,)))
            if not done.rowcount:
                raise Stale(f"event {event.id} changed since revision {base}")
            rev: int = db.execute("SELECT rev FROM events WHERE id = ?", (event.id,)).fetchone()[0]
            return rev

        rev: int = self._write(work)
        return rev

    def events(self) -> list[SavedEvent]:
        rows = self._read(lambda db: db.execute(
            "SELECT id, game, setup, decisions, races, created, updated, rev FROM events ORDER BY created").fetchall())
        return [SavedEvent(i, g, json.loads(s), json.loads(d), json.loads(r), c, u, v)
                for i, g, s, d, r, c, u, v in rows]

    def event_revs(self) -> dict[str, int]:
        """Every saved event's revision (what a process checks its copies against)."""
        rows = self._read(lambda db: db.execute("SELECT id, rev FROM events").fetchall())
        return {i: v for i, v in rows}

    def event_rev(self, event_id: str) -> int | None:
        row = self._read(lambda db: db.execute("SELECT rev FROM events WHERE id = ?", (event_id,)).fetchone())
        return None if row is None else int(row[0])

    def load_event(self, event_id: str) -> SavedEvent | None:
        row = self._read(lambda db: db.execute(
            "SELECT id, game, setup, decisions, races, created, updated, rev FROM events WHERE id = ?",
            (event_id,)).fetchone())
        if row is None:
            return None
        i, g, st, d, r, c, u, v = row
        return SavedEvent(i, g, json.loads(st), json.loads(d), json.loads(r), c, u, v)

    def delete_event(self, event_id: str) -> None:
        self._write(lambda db: db.execute("DELETE FROM events WHERE id = ?", (event_id,)))


def _insert(db: sqlite3.Connection, game_id: str, start: int, actions: list[int], actors: list[int]) -> None:
    db.executemany(
        "INSERT INTO actions VALUES (?, ?, ?, ?)",
        [(game_id, start + i, a, w) for i, (a, w) in enumerate(zip(actions, actors))],
    )


def _bump(db: sqlite3.Connection, game_id: str, base: int | None, assign: str, values: tuple[Any, ...]) -> int:
    """(In a write.) Moves the game to its next revision with ``assign``'s changes, if it is at
    ``base`` (None: any); its new revision, or ``Stale``."""
    if base is None:
        done = db.execute(f"UPDATE games SET rev = rev + 1, {assign} WHERE id = ?", (*values, game_id))
    else:
        done = db.execute(f"UPDATE games SET rev = rev + 1, {assign} WHERE id = ? AND rev = ?",
                          (*values, game_id, base))
    if not done.rowcount:
        raise Stale(f"game {game_id} changed since revision {base}" if base is not None else f"no game {game_id}")
    rev: int = db.execute("SELECT rev FROM games WHERE id = ?", (game_id,)).fetchone()[0]
    return rev


def _saved(row: tuple[Any, ...], actions: list[int], actors: list[int]) -> Saved:
    gid, game, options, seats, seed, content_hash, created, updated, position, access, rev, changes, event = row
    return Saved(gid, game, json.loads(options), json.loads(seats), seed, content_hash, created, updated,
                 actions, actors, None if position is None else json.loads(position),
                 None if access is None else json.loads(access), rev, changes, event)
