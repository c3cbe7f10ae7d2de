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
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import autodromo
from autodromo import Race, replay
from autodromo.errors import AutodromoError

from . import games, lobby
from .errors import ApiError, bad, conflict, missing
from .store import Saved, Store

CHANCE = games.base.CHANCE
#: A bot or chance loop that runs longer than this is a bug, not a game.
MAX_STEPS = 200_000


@dataclass
class Table:
    id: str
    game_id: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    race: Race
    actions: list[int] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)
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

    @classmethod
    def new(cls, table_id: str, game_id: str, options: dict[str, Any], seats: list[dict[str, Any]],
            seed: int, game: autodromo.Game, position: dict[str, Any] | None = None, **extra: Any) -> Table:
        module = games.get(game_id)
        start = start_state(game, position) if position is not None else None
        race = Race(game, [module.race_seat(s) for s in seats], seed=seed, start=start)
        return cls(table_id, game_id, options, seats, seed, race, position=position, **extra)

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

    def game_options(self) -> dict[str, Any]:
        """Every option in force, defaults included (the core's own account)."""
        options: dict[str, Any] = json.loads(self.game.options_json)
        return options

    def is_human(self, seat: int) -> bool:
        return self.race.is_human(seat)

    def names(self) -> list[str]:
        return [str(s["name"]) for s in self.seats]

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        """The seat's log in names, one entry per decision (the module's, kept per version)."""
        key = f"log:{seat}"
        version = len(self.actions)
        cached = self.memo.get(key)
        if cached is None or cached[0] != version:
            cached = (version, self.module.log(self, seat))
            self.memo[key] = cached
        entries: list[dict[str, Any]] = cached[1]
        return entries

    # --- playing --------------------------------------------------------------------------

    def _record(self, start: int, before: autodromo.State) -> None:
        """Notes who took each action the race applied since ``start`` (``before``: the state
        then), so the store and undo know chance from seats."""
        history = self.state.history()
        replayer = before
        for a in history[start:]:
            who = replayer.current_player()
            self.actions.append(a)
            self.actors.append(who if who >= 0 and not replayer.is_chance_node() else CHANCE)
            replayer.apply_action(a)

    def advance(self, bot_turns: int | None) -> int:
        """Applies chance freely and up to ``bot_turns`` bot turns (None: until a human acts)."""
        start, before = len(self.actions), self.state.clone()
        try:
            done = self.race.advance(bot_turns, max_steps=MAX_STEPS)
        finally:
            self._record(start, before)
        return done

    def resolve(self, seat: int, choice: Any) -> int:
        """The action id of ``choice`` (an id or a label) if ``seat`` may take it now."""
        if self.finished:
            raise conflict("the game is over")
        if not self.is_human(seat):
            raise bad(f"{self.seat_name(seat)} is not a human seat of this game")
        if self.state.current_player() != seat or self.state.is_chance_node():
            raise conflict(f"it is not {self.seat_name(seat)}'s turn")
        if isinstance(choice, bool) or not isinstance(choice, (int, str)):
            raise bad("action must be an action id or its label")
        try:
            action = choice if isinstance(choice, int) else self.state.string_to_action(choice)
        except AutodromoError as e:
            raise bad(str(e)) from None
        if action not in self.state.legal_actions():
            reason = None
            if 0 <= action < self.game.num_distinct_actions:
                reason = self.state.why_illegal(action)
            raise conflict(reason or f"action {choice!r} is not legal now")
        return action

    def seat_name(self, seat: int) -> str:
        return str(self.seats[seat]["name"]) if 0 <= seat < len(self.seats) else f"seat {seat + 1}"

    def play(self, seat: int, choices: list[Any]) -> int:
        """Applies the seat's decisions in order while it is still the seat's turn; returns how
        many were applied. The first must be legal; the rest of a plan stops at chance."""
        applied = 0
        for i, choice in enumerate(choices):
            if i and (self.state.current_player() != seat or self.state.is_chance_node()):
                break
            try:
                action = self.resolve(seat, choice)
            except ApiError:
                if i == 0:
                    raise
                break
            start, before = len(self.actions), self.state.clone()
            self.race.play(action)
            self._record(start, before)
            applied += 1
        return applied

    # --- undo -----------------------------------------------------------------------------

    def undo_target(self, seat: int | None) -> tuple[int | None, str]:
        """Where an undo by ``seat`` would go back to (the index of its last decision), or why
        it cannot: once chance was used or hidden information shown, the past is fixed."""
        if seat is None or not self.is_human(seat):
            return None, "only a human seat can undo"
        if self.finished:
            return None, "the game is over"
        last = next((i for i in range(len(self.actors) - 1, -1, -1) if self.actors[i] == seat), None)
        if last is None:
            return None, "nothing of yours to undo"
        for who in self.actors[last + 1:]:
            if who == CHANCE:
                return None, "chance was used since (a card drawn or a die rolled)"
            if who != seat and self.is_human(who):
                return None, f"{self.seats[who]['name']} has decided since"
            if who != seat and self.module.hidden_information:
                return None, f"{self.seats[who]['name']} has played since: hidden information was shown"
        return last, ""

    def rebuild(self, length: int) -> None:
        """Back to the first ``length`` actions: the race is played again from its seed."""
        race = Race(self.game, self.race.seats, seed=self.seed, start=self.race.start)
        race.follow(self.actions[:length])
        self.race = race
        del self.actions[length:]
        del self.actors[length:]
        self.memo.clear()

    def saved(self) -> Saved:
        return Saved(
            self.id, self.game_id, self.options, self.seats, self.seed, self.game.content_hash,
            self.created, self.updated, list(self.actions), list(self.actors), self.position,
        )


def start_state(game: autodromo.Game, position: Any) -> autodromo.State:
    """The state a position (``State.position()``'s JSON) describes, checked by the core; a 400
    with its reason otherwise."""
    state_from = getattr(game, "state_from", None)
    if state_from is None:
        raise bad("this build cannot start a game from a position")
    if not isinstance(position, dict):
        raise bad("position must be a JSON object, as State.position() writes it")
    try:
        state: autodromo.State = state_from(json.dumps(position))
    except AutodromoError as e:
        raise bad(f"position: {e}") from None
    return state


class Tables:
    """Every game of the store, resumed by replay when the server starts."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tables: dict[str, Table] = {}
        #: Games that could not be resumed (content changed, say): id -> reason.
        self.broken: dict[str, str] = {}
        self._lock = threading.Lock()
        for saved in store.all():
            try:
                self._tables[saved.id] = self._resume(saved)
            except Exception as e:  # a bad save must not stop the server: it is listed
                self.broken[saved.id] = f"{saved.game}: cannot be resumed: {e}"

    @staticmethod
    def _resume(saved: Saved) -> Table:
        game = autodromo.game(saved.game, **saved.options)
        if not game.accepts_content_hash(saved.content_hash):
            raise ValueError("the content files changed since this game was saved")
        table = Table.new(saved.id, saved.game, saved.options, saved.seats, saved.seed, game,
                          saved.position, created=saved.created, updated=saved.updated)
        table.race.follow(saved.actions)
        table.actions.extend(saved.actions)
        table.actors.extend(saved.actors)
        return table

    def get(self, game_id: str) -> Table:
        with self._lock:
            table = self._tables.get(game_id)
        if table is None:
            if game_id in self.broken:
                raise conflict(self.broken[game_id])
            raise missing(f"no game {game_id!r}")
        return table

    def all(self) -> list[Table]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: t.created)

    def create(self, body: Any) -> Table:
        game_id, options, seats, seed = lobby.check(body)
        game = lobby.build(game_id, options)
        if len(seats) != game.num_players:
            raise bad(f"{game_id} with these options has {game.num_players} seats, not {len(seats)}")
        position = body.get("position") if isinstance(body, dict) else None
        if isinstance(position, str):
            try:
                position = json.loads(position)
            except json.JSONDecodeError as e:
                raise bad(f"position: not JSON: {e}") from None
        table = Table.new(secrets.token_hex(6), game_id, options, seats, seed, game, position)
        # Chance only: bots wait for the page's pace (or a script's /advance).
        table.advance(0)
        self.store.create(table.saved())
        with self._lock:
            self._tables[table.id] = table
        return table

    def import_replay(self, text: Any, seats: Any = None) -> Table:
        """A game from a replay file; seats default to all human (the replay names none)."""
        if not isinstance(text, str):
            raise bad("replay must be the text of a replay file")
        try:
            r = replay.loads(text)
        except AutodromoError as e:
            raise bad(str(e)) from None
        if r.options.get("content_dir") is not None:
            raise bad("replay options name a content folder")
        given = seats if seats is not None else [{"kind": "human"}] * r.game.num_players
        seat_list = lobby.seats_of(r.game.name, given)
        if len(seat_list) != r.game.num_players:
            raise bad(f"the replay's game has {r.game.num_players} seats, not {len(seat_list)}")
        seed = lobby.seed_of(r.seed if r.seed is not None and 0 <= r.seed < lobby.SEED_LIMIT else None)
        options = {k: v for k, v in r.options.items() if v is not None}
        table = Table.new(secrets.token_hex(6), r.game.name, options, seat_list, seed, r.game)
        table.race.follow(r.actions)
        table._record(0, r.game.new_state())
        self.store.create(table.saved())
        with self._lock:
            self._tables[table.id] = table
        return table

    @contextmanager
    def locked(self, game_id: str) -> Iterator[Table]:
        """The game, held for one request: other requests to it wait."""
        table = self.get(game_id)
        with table.lock:
            if table.deleted:
                raise missing(f"no game {game_id!r}: it was deleted")
            yield table

    def delete(self, game_id: str) -> None:
        with self._lock:
            table = self._tables.get(game_id)
            known = table is not None or game_id in self.broken
        if not known:
            raise missing(f"no game {game_id!r}")
        if table is None:
            self.broken.pop(game_id, None)
            self.store.delete(game_id)
            return
        with table.lock:
            if table.deleted:
                raise missing(f"no game {game_id!r}")
            table.deleted = True
            self.store.delete(game_id)
            with self._lock:
                self._tables.pop(game_id, None)

    # --- changes, each committed before it is reported -------------------------------------

    def commit_from(self, table: Table, start: int) -> None:
        try:
            self.store.append(table.id, start, table.actions[start:], table.actors[start:])
        except Exception:
            # The memory must not run ahead of the disk: go back to what was saved.
            table.rebuild(start)
            raise
        table.updated = time.time()

    def play(self, table: Table, seat: int, choices: list[Any], bots: bool) -> int:
        start = len(table.actions)
        try:
            applied = table.play(seat, choices)
            table.advance(None if bots else 0)
        except AutodromoError as e:
            table.rebuild(start)
            raise conflict(str(e)) from None
        self.commit_from(table, start)
        return applied

    def advance(self, table: Table, steps: int | None) -> int:
        start = len(table.actions)
        done = table.advance(steps)
        self.commit_from(table, start)
        return done

    def undo(self, table: Table, seat: int) -> None:
        target, reason = table.undo_target(seat)
        if target is None:
            raise conflict(f"cannot undo: {reason}")
        self.store.truncate(table.id, target)
        table.rebuild(target)
        table.updated = time.time()
