"""The games being played: each table holds its race in memory and its actions in the store.

The table plays through :class:`autodromo.Race`, the one game loop: chance and bots are drawn
from the race's RNG seeded by the game's seed, so a game is its set-up plus its actions. A
restart, an import or an undo rebuilds it with ``Race.follow``, and the replay file of a web game
played again by ``Race`` from its seed gives the same game. Each table has a lock; every request
that reads or changes a table holds it, so concurrent posts to one game are applied one after
the other (and the core's state is never shared by threads).
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any

import autodromo
from autodromo import Race, locale, replay
from autodromo.errors import AutodromoError, IllegalActionError, ReplayError

from . import games, limits, lobby
from .access import Access
from .errors import ApiError, bad, conflict, missing
from .languages import Later, N_, say as _
from .store import Saved, Stale, Store
from .throttle import Budget

CHANCE = games.base.CHANCE
#: A bot or chance loop that runs longer than this is a bug, not a game.
MAX_STEPS = 200_000
#: Seconds a game made from the network (``--lan``) lives untouched (``AUTODROMO_EXPIRE_SECONDS``).
EXPIRE_SECONDS = 24 * 3600.0
#: A change refused because another request changed the game first (through another process of
#: the server, since one process applies a game's requests one after the other).
class Concurrent(ApiError):
    """The 409 of a change another request made first: nothing was applied (read it again)."""


def concurrent() -> Concurrent:
    return Concurrent(409, _("the game changed at the same moment (another device's request came first): nothing was "
                             "applied; read it again"))


def unresumable(game: str, error: Exception) -> Later:
    """Why a saved game is listed as broken, worded for each reader of the list."""
    module = games.REGISTRY.get(game)
    return N_("{game}: cannot be resumed: {reason}", game=module.title if module else game, reason=error)


@dataclass
class Table:
    id: str
    game_id: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    race: Race
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: What a game module keeps between requests (its log, say); cleared when the past changes.
    memo: dict[str, Any] = field(default_factory=dict)
    #: Set (under the lock) when the game is deleted: a request that waited for the lock stops.
    deleted: bool = False
    #: The event (a championship) this game is a race of, if any.
    event: str | None = None
    #: The position the game started from, when not the beginning (kept for saving).
    position: dict[str, Any] | None = None
    #: When a request last held it (``time.monotonic``), and how many hold it now: eviction's.
    used: float = field(default_factory=time.monotonic)
    pins: int = 0
    #: Its owner's and its seats' tokens, and whether it is played by join links.
    access: Access = field(default_factory=lambda: Access("", {}))
    #: Counts the changes of its access (a link re-issued, a consent): the live stream tells them.
    access_version: int = 0
    #: The saved revision this copy is at (-1: unknown, read it whole before use): a process
    #: brings its copy up to date before each use, and writes only on top of this revision.
    rev: int = 0
    #: What a copy read again from the store keeps of the copy it replaces.
    _KEPT = ("lock", "pins", "used", "deleted")

    def adopt(self, fresh: Table) -> None:
        """(Under the lock.) Becomes ``fresh``, the same game read again from the store."""
        for name in self.__dataclass_fields__:
            if name not in self._KEPT and not (name == "event" and fresh.event is None):
                setattr(self, name, getattr(fresh, name))

    @classmethod
    def new(cls, table_id: str, game_id: str, options: dict[str, Any], seats: list[dict[str, Any]],
            seed: int, game: autodromo.Game, position: dict[str, Any] | None = None,
            access: Access | None = None, **extra: Any) -> Table:
        module = games.get(game_id)
        start = start_state(game, position) if position is not None else None
        race = Race(game, [module.race_seat(s) for s in seats], seed=seed, start=start)
        if access is None:
            access = Access.new([i for i, s in enumerate(seats) if s["kind"] == "human"], links=False)
        return cls(table_id, game_id, options, seats, seed, race, position=position, access=access, **extra)

    def first_state(self) -> autodromo.State:
        """The state the game started from (the beginning, or its position)."""
        start = self.race.start
        return start.clone() if start is not None else self.game.new_state()

    @property
    def module(self) -> games.GameModule:
        return games.get(self.game_id)

    @property
    def game(self) -> autodromo.Game:
        return self.race.game

    @property
    def state(self) -> autodromo.State:
        return self.race.state

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def actions(self) -> list[int]:
        """Every action of the game, as its race applied them (read only)."""
        return self.race.actions

    @property
    def actors(self) -> list[int]:
        """Who took each action (a seat, or ``CHANCE``): the race's own record, kept as it
        applies them, so the store and undo know chance from seats."""
        return self.race.actors

    def game_options(self) -> dict[str, Any]:
        """Every option in force, defaults included (the core's own account)."""
        options: dict[str, Any] = json.loads(self.game.options_json)
        return options

    def is_human(self, seat: int) -> bool:
        return self.race.is_human(seat)

    def names(self) -> list[str]:
        return [str(s["name"]) for s in self.seats]

    def public_view(self) -> dict[str, Any]:
        """The spectator's view now, built once per position (a page answer reads it for
        each decision's risk and for the plan): callers must not change it."""
        version = len(self.actions)
        cached = self.memo.get("public_view")
        if cached is None or cached[0] != version:
            cached = (version, self.state.view(None))
            self.memo["public_view"] = cached
        view: dict[str, Any] = cached[1]
        return view

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        """The seat's log in names, one entry per decision (the module's, kept per version and
        per reader's language: one table may be read in several at once)."""
        key = f"log:{seat}:{locale.language()}"
        version = len(self.actions)
        cached = self.memo.get(key)
        if cached is None or cached[0] != version:
            cached = (version, self.module.log(self, seat))
            self.memo[key] = cached
        entries: list[dict[str, Any]] = cached[1]
        return entries

    # --- playing --------------------------------------------------------------------------

    def advance(self, bot_turns: int | None, budget: Budget | None = None) -> int:
        """Applies chance freely and up to ``bot_turns`` bot turns (None: until a human acts),
        within ``budget``: one whole turn at a time until it is spent (issue 37, item 4)."""
        if budget is None or bot_turns == 0:
            return self.race.advance(bot_turns, max_steps=MAX_STEPS)
        done = 0
        while bot_turns is None or done < bot_turns:
            turn = self.race.advance(1, max_steps=MAX_STEPS)
            done += turn
            if not turn or budget.spent():
                break
        return done

    @property
    def has_bots(self) -> bool:
        return any(s["kind"] == "bot" for s in self.seats)

    def bots_to_play(self) -> bool:
        """Whether chance or a bot is to act (what ``/advance`` would move on)."""
        s = self.state
        return not s.is_terminal() and (s.is_chance_node() or not self.is_human(s.current_player()))

    def resolve(self, seat: int, choice: Any) -> int:
        """The action id of ``choice`` (an id or a label) if ``seat`` is to decide now. Whether
        the action is legal is the core's to judge when it is applied (``play``)."""
        if self.finished:
            raise conflict(_("the game is over"))
        if not self.is_human(seat):
            raise bad(_("{name} is not a human seat of this game", name=self.seat_name(seat)))
        if self.state.current_player() != seat or self.state.is_chance_node():
            raise conflict(_("it is not {name}'s turn", name=self.seat_name(seat)))
        if isinstance(choice, bool) or not isinstance(choice, (int, str)):
            raise bad(_("action must be an action id or its label"))
        try:
            action = choice if isinstance(choice, int) else self.state.string_to_action(choice)
        except AutodromoError as e:
            raise bad(str(e)) from None
        return action

    def seat_name(self, seat: int) -> str:
        return str(self.seats[seat]["name"]) if 0 <= seat < len(self.seats) else f"seat {seat + 1}"

    def play(self, seat: int, choices: list[Any]) -> int:
        """Applies the seat's decisions in order while it is still the seat's turn; returns how
        many were applied. The first must be legal (else a 409 with the core's reason); the rest
        of a plan stops at chance or at the first the core refuses. The reason is worded in the
        reader's language by the game's module."""
        applied = 0
        for i, choice in enumerate(choices):
            if i and (self.state.current_player() != seat or self.state.is_chance_node()):
                break
            try:
                self.race.play(self.resolve(seat, choice))
            except IllegalActionError as e:
                if i == 0:
                    raise conflict(self.module.refusal(self, e)) from None
                break
            except ApiError:
                if i == 0:
                    raise
                break
            applied += 1
        return applied

    # --- undo -----------------------------------------------------------------------------

    def undo_target(self, seat: int | None) -> tuple[int | None, str]:
        """Where an undo by ``seat`` would go back to (the index of its last decision), or why
        it cannot: once chance was used or hidden information shown, the past is fixed."""
        if seat is None or not self.is_human(seat):
            return None, _("only a human seat can undo")
        if self.finished:
            return None, _("the game is over")
        last = next((i for i in range(len(self.actors) - 1, -1, -1) if self.actors[i] == seat), None)
        if last is None:
            return None, _("nothing of yours to undo")
        for who in self.actors[last + 1:]:
            if who == CHANCE:
                return None, _("chance was used since (a card drawn or a die rolled)")
            if who != seat and self.is_human(who):
                return None, _("{name} has decided since", name=self.seats[who]["name"])
            if who != seat and self.module.hidden_information:
                return None, _("{name} has played since: hidden information was shown", name=self.seats[who]["name"])
        return last, ""

    def rebuild(self, length: int) -> None:
        """Back to the first ``length`` actions: the race is played again from its seed."""
        race = Race(self.game, self.race.seats, seed=self.seed, start=self.race.start)
        race.follow(self.actions[:length])
        self.race = race
        self.memo.clear()

    def saved(self) -> Saved:
        return Saved(
            self.id, self.game_id, self.options, self.seats, self.seed, self.game.content_hash,
            self.created, self.updated, list(self.actions), list(self.actors), self.position,
            self.access.as_json(),
        )


def start_state(game: autodromo.Game, position: Any) -> autodromo.State:
    """The state a position (``State.position()``'s JSON) describes, checked by the core; a 400
    with its reason otherwise."""
    state_from = getattr(game, "state_from", None)
    if state_from is None:
        raise bad(_("this build cannot start a game from a position"))
    if not isinstance(position, dict):
        raise bad(_("position must be a JSON object, as State.position() writes it"))
    try:
        state: autodromo.State = state_from(json.dumps(position))
    except AutodromoError as e:
        raise bad(_("position: {error}", error=e)) from None
    return state


@dataclass
class Shelved:
    """A saved game not in memory, as the games list shows it (its actions only counted)."""

    id: str
    game_id: str
    seats: list[dict[str, Any]]
    seed: int
    created: float
    updated: float
    finished: bool
    #: The actions' count, as a sequence its length is read from.
    actions: range
    event: str | None = None

    @property
    def module(self) -> games.GameModule:
        return games.get(self.game_id)


class Tables:
    """The saved games. A game is loaded (replayed from the store) when a request first asks for
    it, and leaves memory after ``idle`` seconds without a request, or when more than
    ``max_loaded`` games are in memory (the least recently used first); a game a request holds is
    never evicted. Each game has its own lock; the one lock here guards only the dictionary, never
    a game's replay or commit."""

    def __init__(self, store: Store, idle: float = 600.0, max_loaded: int = 256,
                 checked: dict[str, Later] | None = None) -> None:
        self.store = store
        self.idle = idle
        self.max_loaded = max_loaded
        self._tables: OrderedDict[str, Table] = OrderedDict()
        #: One lock per game being loaded, so two requests for it replay it once.
        self._loading: dict[str, threading.Lock] = {}
        #: Games that cannot be resumed (content changed, say): id -> reason.
        self.broken: dict[str, Later] = {}
        #: The event each game is a race of, kept while the game is out of memory.
        self.event_of: dict[str, str] = {}
        self._lock = threading.Lock()
        self._swept = 0.0
        #: A game made from the network is deleted once untouched this long (issue 37).
        self.expire_seconds = EXPIRE_SECONDS
        self._expiry_swept = 0.0
        #: Each game's count of changes, and the condition its watchers (Server-Sent Events)
        #: wait on; kept apart from the tables so a watcher never holds a game in memory.
        self._news = threading.Condition()
        self._changes: dict[str, int] = {}
        #: Set when the server stops: every stream ends, so its listeners see the server gone.
        self.closing = False
        #: Tells the server's other processes which keys changed (set by a server of several).
        self.publish: Callable[[list[str]], None] | None = None
        if checked is not None:
            # A worker of a server of several processes: its parent checked the saved games once.
            self.broken = dict(checked)
            return
        # Changed content is found at start without replaying anything: one game per set-up.
        built: dict[str, autodromo.Game] = {}
        for row in store.listing():
            key = json.dumps([row.game, row.options], sort_keys=True)
            try:
                if key not in built:
                    built[key] = autodromo.game(row.game, **row.options)
                if not built[key].accepts_content_hash(row.content_hash):
                    Tables._game_of(row.game, row.options, row.content_hash)
            except Exception as e:  # a bad save must not stop the server: it is listed
                self.broken[row.id] = unresumable(row.game, e)
        if store.unknown_status:
            # Once, for a database older than the flag: each game replayed to know if it is over.
            for row in store.listing():
                if row.id not in self.broken:
                    try:
                        store.set_finished(row.id, self.get(row.id).finished)
                    except ApiError:
                        pass  # now listed as broken, with its reason
            store.unknown_status = False
            self.sweep(time.monotonic() + self.idle + 1)

    @staticmethod
    def _game_of(name: str, options: dict[str, Any], saved_hash: str) -> tuple[autodromo.Game, dict[str, Any]]:
        """The game a save goes on under: as saved, or under the options its package gives the
        rules version it was played under (the package's ``older_options``); else the
        reason it cannot."""
        try:
            return replay.saved_game(name, options, saved_hash)
        except ReplayError as e:
            if str(e).startswith("content hash differs"):
                raise ValueError("the content files changed since this game was saved, or it was "
                                 "played under an older version of the game's rules") from None
            raise ValueError(str(e)) from None

    @staticmethod
    def _resume(saved: Saved) -> Table:
        game, options = Tables._game_of(saved.game, saved.options, saved.content_hash)
        access = None if saved.access is None else Access.from_json(saved.access)
        table = Table.new(saved.id, saved.game, options, saved.seats, saved.seed, game,
                          saved.position, access, created=saved.created, updated=saved.updated)
        table.race.follow(saved.actions)
        table.rev, table.access_version, table.event = saved.rev, saved.access_changes, saved.event
        return table

    def _sync(self, table: Table) -> None:
        """(Under the table's lock.) Brings the copy in memory up to the saved game: another
        process may have changed it. One read when nothing changed; the new actions followed when
        only actions were appended; else the game read again whole."""
        rev = self.store.rev(table.id)
        if rev is None:
            self._gone(table)
        if rev == table.rev:
            return
        caught = self.store.since(table.id, table.rev, len(table.actions)) if table.rev >= 0 else None
        if caught is not None:
            revision, actions, _actors = caught
            try:
                table.race.follow(actions)
            except AutodromoError:
                caught = None  # cannot happen for a saved game; read it whole rather than guess
            else:
                table.rev, table.updated = revision.rev, revision.updated
                table.access_version = revision.access_changes
                table.event = revision.event or table.event
                return
        saved = self.store.load(table.id)
        if saved is None:
            self._gone(table)
        assert saved is not None
        try:
            table.adopt(self._resume(saved))
        except Exception as e:
            reason = unresumable(saved.game, e)
            with self._lock:
                self.broken[table.id] = reason
                self._tables.pop(table.id, None)
            raise conflict(str(reason)) from None

    def _gone(self, table: Table) -> None:
        """(Under the table's lock.) The game was deleted (by another process)."""
        table.deleted = True
        with self._lock:
            if self._tables.get(table.id) is table:
                del self._tables[table.id]
        raise missing(_("no game {id}: it was deleted", id=repr(table.id)))

    def get(self, game_id: str) -> Table:
        """The game, loaded if it was not in memory, up to date with the saved game."""
        table = self._fetch(game_id, pin=False)
        with table.lock:
            if table.deleted:
                raise missing(_("no game {id}: it was deleted", id=repr(game_id)))
            self._sync(table)
        return table

    def _fetch(self, game_id: str, pin: bool) -> Table:
        with self._lock:
            table = self._hit(game_id, pin)
            if table is not None:
                return table
            if game_id in self.broken:
                raise conflict(str(self.broken[game_id]))
            loading = self._loading.setdefault(game_id, threading.Lock())
        with loading:
            with self._lock:
                table = self._hit(game_id, pin)
                if table is not None:
                    return table
            try:
                saved = self.store.load(game_id)
                if saved is None:
                    raise missing(_("no game {id}", id=repr(game_id)))
                try:
                    table = self._resume(saved)
                    if saved.access is None:
                        # Saved before seats had tokens: they are made now, and kept (unless
                        # another process made them first: then they are read again).
                        try:
                            table.rev, table.access_version = self.store.set_access(
                                saved.id, table.access.as_json(), saved.rev)
                        except Stale:
                            table.rev = -1
                except Exception as e:
                    reason = unresumable(saved.game, e)
                    with self._lock:
                        self.broken[game_id] = reason
                    raise conflict(str(reason)) from None
            finally:
                with self._lock:
                    self._loading.pop(game_id, None)
            table.event = self.event_of.get(game_id) or table.event
            with self._lock:
                self._tables[game_id] = table
                self._hit(game_id, pin)
        self.sweep()
        return table

    def _hit(self, game_id: str, pin: bool) -> Table | None:
        """(Under the dictionary's lock.) The game if in memory, marked as just used."""
        table = self._tables.get(game_id)
        if table is not None:
            self._tables.move_to_end(game_id)
            table.used = time.monotonic()
            table.pins += pin
        return table

    def sweep(self, now: float | None = None) -> list[str]:
        """Evicts the games idle too long, and the least recently used beyond the bound; returns
        their ids. Runs at most once a second unless over the bound."""
        now = time.monotonic() if now is None else now
        gone: list[str] = []
        with self._lock:
            if len(self._tables) <= self.max_loaded and now - self._swept < 1.0:
                return gone
            self._swept = now
            for gid in list(self._tables):
                table = self._tables[gid]
                over = len(self._tables) > self.max_loaded
                if not over and now - table.used <= self.idle:
                    break  # the rest were used more recently
                if table.pins or table.lock.locked():
                    continue
                del self._tables[gid]
                gone.append(gid)
        return gone

    def loaded(self) -> list[str]:
        with self._lock:
            return list(self._tables)

    def link_event(self, game_id: str, event_id: str) -> None:
        with self._lock:
            new = self.event_of.get(game_id) != event_id
            self.event_of[game_id] = event_id
            table = self._tables.get(game_id)
            if table is not None:
                table.event = event_id
        if new:
            # Kept with the game, so that every process tells the event's listeners of its changes.
            self.store.set_event(game_id, event_id)

    def all(self, limit: int = -1, before: tuple[float, str] | None = None) -> list[Table | Shelved]:
        """The games for the list, newest first (a page: ``limit`` created before ``before``):
        those in memory as they are, the others as saved."""
        with self._lock:
            loaded = dict(self._tables)
        out: list[Table | Shelved] = []
        for row in self.store.listing(limit, before):
            if row.id in self.broken:
                continue
            table = loaded.get(row.id)
            if table is not None and (len(table.actions), table.finished) != (row.actions, row.finished):
                table = None  # changed by another process since: the list reads the saved game
            out.append(table if table is not None else Shelved(
                row.id, row.game, row.seats, row.seed, row.created, row.updated, row.finished,
                range(row.actions), self.event_of.get(row.id)))
        return out

    def expire_later(self, game_id: str) -> None:
        """A game made from the network: deleted once untouched for ``expire_seconds``; the
        expired are looked for here, at most once a minute."""
        self.store.mark_network(game_id)
        now = time.monotonic()
        if now - self._expiry_swept >= 60.0:
            self._expiry_swept = now
            self.expire()

    def expire(self) -> list[str]:
        """Deletes the network games untouched for ``expire_seconds``; returns their ids."""
        gone = []
        for game_id in self.store.expired(time.time() - self.expire_seconds):
            try:
                self.delete(game_id)
            except ApiError:
                continue  # deleted meanwhile
            gone.append(game_id)
        return gone

    def create(self, body: Any) -> Table:
        game_id, options, seats, seed = lobby.check(body)
        game = lobby.build(game_id, options)
        if len(seats) != game.num_players:
            raise bad(_("{game} with these options has {n} seats, not {given}", game=game_id, n=game.num_players,
                        given=len(seats)))
        position = body.get("position") if isinstance(body, dict) else None
        if isinstance(position, str):
            position = limits.parse(position, "position")
        seating = body.get("seating", "hotseat") if isinstance(body, dict) else "hotseat"
        if seating not in ("hotseat", "links"):
            raise bad(_("seating must be \"hotseat\" (one device) or \"links\" (a join link per seat), not {given}",
                        given=repr(seating)))
        if seating == "links" and isinstance(body, dict) and body.get("seed") not in (None, ""):
            # Whoever chose the seed could tell every card to come: with each player on their own
            # device, chance is drawn from the server's secret only.
            raise bad(_("seed: a game played by join links draws its chance from the server's secret; "
                        "a seed cannot be chosen"))
        humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
        table = Table.new(secrets.token_hex(6), game_id, options, seats, seed, game, position,
                          Access.new(humans, links=seating == "links"))
        # Chance only: bots wait for the page's pace (or a script's /advance).
        table.advance(0)
        self.store.create(table.saved(), table.finished)
        with self._lock:
            self._tables[table.id] = table
        self.sweep()
        return table

    def import_replay(self, text: Any, seats: Any = None) -> Table:
        """A game from a replay file; seats default to all human (the replay names none)."""
        if not isinstance(text, str):
            raise bad(_("replay must be the text of a replay file"))
        limits.parse(text, "replay")
        try:
            r = replay.loads(text)
        except AutodromoError as e:
            raise bad(str(e)) from None
        if r.options.get("content_dir") is not None:
            raise bad(_("replay options name a content folder"))
        given = seats if seats is not None else [{"kind": "human"}] * r.game.num_players
        seat_list = lobby.seats_of(r.game.name, given)
        if len(seat_list) != r.game.num_players:
            raise bad(_("the replay's game has {n} seats, not {given}", n=r.game.num_players, given=len(seat_list)))
        seed = lobby.seed_of(r.seed if r.seed is not None and 0 <= r.seed < lobby.SEED_LIMIT else None)
        options = {k: v for k, v in r.options.items() if v is not None}
        table = Table.new(secrets.token_hex(6), r.game.name, options, seat_list, seed, r.game)
        table.race.follow(r.actions)
        self.store.create(table.saved(), table.finished)
        with self._lock:
            self._tables[table.id] = table
        self.sweep()
        return table

    @contextmanager
    def locked(self, game_id: str) -> Iterator[Table]:
        """The game, held for one request: other requests to it wait."""
        table = self._fetch(game_id, pin=True)
        try:
            with table.lock:
                if table.deleted:
                    raise missing(_("no game {id}: it was deleted", id=repr(game_id)))
                self._sync(table)
                yield table
        finally:
            with self._lock:
                table.pins -= 1
                table.used = time.monotonic()

    def broken_games(self) -> dict[str, Later]:
        """The saved games that cannot be resumed, as the file has them: one deleted through
        another process of the server is gone from here too."""
        for game_id in list(self.broken):
            if self.store.rev(game_id) is None:
                with self._lock:
                    self.broken.pop(game_id, None)
        return dict(self.broken)

    def broken_access(self, game_id: str) -> tuple[Access, list[str]] | None:
        """A game that cannot be resumed still has its tokens (and its players' names), which
        changing it needs: None when it is not such a game."""
        if game_id not in self.broken_games():
            return None
        saved = self.store.load(game_id)
        if saved is None:
            return None
        try:
            found = Access.from_json(saved.access) if saved.access else Access("", {})
        except (KeyError, TypeError, ValueError, AttributeError):
            found = Access("", {})  # unreadable tokens: nobody's token is its owner's
        return found, [str(s.get("name", "")) for s in saved.seats]

    def delete(self, game_id: str) -> None:
        with self._lock:
            broken = self.broken.pop(game_id, None)
        if broken is not None:
            self.store.delete(game_id)
            # The other processes of the server list it no more (broken_games reads the file).
            self.changed(game_id)
            return
        with self.locked(game_id) as table:
            table.deleted = True
            self.store.delete(game_id)
            with self._lock:
                self._tables.pop(game_id, None)
                self.event_of.pop(game_id, None)
        self.changed(game_id)

    # --- watching: what a Server-Sent Events stream waits on --------------------------------

    def changed(self, game_id: str) -> None:
        """Tells the key's listeners (a game's id, or an event's stream key), in this process
        and the server's others, that it changed (once committed)."""
        keys = [game_id]
        # A race of an event changes its event too (a race over moves the event on).
        table = self._tables.get(game_id)
        event = self.event_of.get(game_id) or (table.event if table is not None else None)
        if event is not None:
            keys.append(f"event:{event}")
        self.heard(keys)
        if self.publish is not None:
            self.publish(keys)

    def heard(self, keys: list[str]) -> None:
        """Wakes the listeners of ``keys`` in this process (a change made here or told by
        another process of the server)."""
        with self._news:
            for key in keys:
                self._changes[key] = self._changes.get(key, 0) + 1
            self._news.notify_all()

    def changes(self, game_id: str) -> int:
        with self._news:
            return self._changes.get(game_id, 0)

    def wait_change(self, game_id: str, seen: int, timeout: float) -> int:
        """The game's count of changes once it differs from ``seen`` (or after ``timeout``)."""
        with self._news:
            self._news.wait_for(lambda: self._changes.get(game_id, 0) != seen or self.closing, timeout)
            return self._changes.get(game_id, 0)

    def close_streams(self) -> None:
        with self._news:
            self.closing = True
            self._news.notify_all()

    def save_access(self, table: Table) -> None:
        try:
            table.rev, table.access_version = self.store.set_access(table.id, table.access.as_json(), table.rev)
        except Stale:
            table.rev = -1  # its access in memory is not the saved one: read it whole next time
            raise concurrent() from None
        self.changed(table.id)

    # --- changes, each committed before it is reported -------------------------------------

    def commit_from(self, table: Table, start: int, key: str | None = None) -> None:
        try:
            rev = self.store.append(table.id, start, table.actions[start:], table.actors[start:], table.finished,
                                    table.rev, key)
        except Stale:
            # Another process changed the game since this copy was read: nothing was written;
            # the memory goes back to that copy, brought up to date at its next use.
            table.rebuild(start)
            raise concurrent() from None
        except Exception:
            # The memory must not run ahead of the disk: go back to what was saved.
            table.rebuild(start)
            raise
        if rev is not None:
            table.rev = rev
        table.updated = time.time()
        if len(table.actions) != start:
            self.changed(table.id)

    def play(self, table: Table, seat: int, choices: list[Any], bots: bool, budget: Budget | None = None,
             gate: Callable[[], AbstractContextManager[bool]] | None = None, key: str | None = None) -> int:
        """The seat's decisions, then chance, then (``bots``) the bots within ``budget`` once
        ``gate`` gives them a slot (else they wait for ``/advance``); one commit for it all, with
        ``key``, the identity of the input they answer, when given."""
        start = len(table.actions)
        try:
            applied = table.play(seat, choices)
            if bots and table.has_bots and table.bots_to_play():
                with gate() if gate is not None else nullcontext(True) as slot:
                    table.advance(None if slot else 0, budget if slot else None)
            else:
                table.advance(0)
        except AutodromoError as e:
            table.rebuild(start)
            raise conflict(str(e)) from None
        self.commit_from(table, start, key)
        return applied

    def advance(self, table: Table, steps: int | None, budget: Budget | None = None) -> int:
        start = len(table.actions)
        done = table.advance(steps, budget)
        self.commit_from(table, start)
        return done

    def undo(self, table: Table, seat: int) -> None:
        target, reason = table.undo_target(seat)
        if target is None:
            raise conflict(_("cannot undo: {reason}", reason=reason))
        try:
            rev = self.store.truncate(table.id, target, table.rev)
        except Stale:
            raise concurrent() from None
        table.rebuild(target)
        table.rev = rev
        table.updated = time.time()
        self.changed(table.id)
