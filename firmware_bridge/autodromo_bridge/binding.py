"""Binding devices to a race of a game the bridge follows (``games/``): each dashboard shows its
car and turns its buttons into actions; each track board shows every car on the circuit, through
an LED map checked against the core's board of the race (``Game.board()``), or for a track of
sections the section map generated from it.

A race comes from a *source*: a Python :class:`autodromo.Race` (:class:`RaceSource`), a game
of the web page through its JSON API (:class:`WebSource`), or a replay file played back for
show (:class:`ReplaySource`). A dashboard's input is judged against the seat's legal actions
before anything is applied: a refused input lights the REFUSED lamp and changes nothing.

Dashboard controls (INPUT_EVENT ``control``):

=========  ==========================================================================
0          CONFIRM (press): take the choice under the selector
1..4       the game's buttons (press; ``BUTTONS`` of its dashboard module): each takes
           the legal action it means (the pace, say; left, ahead, right, the check;
           yes, no, pit)
8          selector (rotary encoder, turn by ``value`` detents): moves through the
           seat's legal actions, wrapping
=========  ==========================================================================
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeAlias

import autodromo
from autodromo import replay as replay_mod
from autodromo.errors import AutodromoError
from autodromo.race import HUMAN, Policy, Race

from . import games, render
from .devices import DASHBOARD, TRACK, Bridge, Device
from .errors import BridgeError
from .ledmap import Circuit, LedMap, TrackMap, is_section_track, map_for, own_drawing

CONFIRM = 0
#: The games the bridge follows (a module of each in ``games/``): on their circuits' LED maps, or
#: on a section map.
GAMES = games.followed()


SELECTOR = 8
PRESS, RELEASE, TURN = 0, 1, 2

#: What a game's button takes (``BUTTONS`` of its dashboard module): the core's moves
#: (``State.moves``) of these kinds, a ``frozenset``; or of these shapes, each a move's kind and
#: the references it must have (``{"kind": "accelerate", "by": 1, "push": False}``). No label
#: is read: labels are the actions' stable names, not their meaning.
Means: TypeAlias = frozenset[str] | tuple[Mapping[str, Any], ...]
#: A game's buttons: control -> (its word for people, what it takes).
Buttons: TypeAlias = dict[int, tuple[str, Means]]


def takes(means: Means, move: Mapping[str, Any] | None) -> bool:
    """Whether a button that ``means`` these kinds or shapes of move takes ``move``."""
    if move is None:
        return False
    if isinstance(means, frozenset):
        return move.get("kind") in means
    return any(all(k in move and move[k] == v for k, v in shape.items()) for shape in means)


#: A game's DASH_STATE (``dash_state`` of its dashboard module): ``(view, seat, circuit, *,
#: deciding, cursor, refused, game_over)``, ``circuit`` the race's circuit of lanes and rows
#: (None for a route or a track of sections).
DashState: TypeAlias = Callable[..., dict[str, int]]


class Refused(BridgeError):
    """An input that is not a legal action now; nothing was applied."""


class AlreadyApplied(BridgeError):
    """An input the game has applied already (its identity seen before, e.g. by a bridge that
    stopped before the device heard the acknowledgement); nothing was applied again."""


class Source(Protocol):
    """A race the devices follow."""

    circuit: str

    def board(self) -> dict[str, Any]: ...
    def view(self) -> dict[str, Any]: ...
    def seat_view(self, seat: int) -> dict[str, Any]: ...
    def version(self) -> int: ...
    def to_move(self) -> int | None: ...
    def human_seats(self) -> list[int]: ...
    def legal(self, seat: int) -> list[tuple[int, str]]: ...
    def moves(self, seat: int) -> dict[int, dict[str, Any]]: ...
    def act(self, seat: int, action: int, key: str | None = None) -> None: ...
    def advance(self) -> None: ...
    def finished(self) -> bool: ...
    def ranking(self) -> list[int]: ...


def _game_board(game: autodromo.Game, what: str) -> dict[str, Any]:
    if game.name not in GAMES:
        raise BridgeError(f"the bridge shows {games.names(GAMES)} races, not {what} "
                          f"of {game.name}")
    board = game.board()
    assert board is not None
    return board


def _track_id(board: dict[str, Any]) -> str:
    """The circuit's id (a circuit, a route, a track of sections: every board has one)."""
    return str(board["id"])


class RaceSource:
    """A local race: seats in ``humans`` are driven from dashboards (the race's ``"human"``
    seats), the others by their bots; chance is dealt by the race's seeded RNG. The race is the
    one loop: it judges, applies and records every action (issue 30)."""

    def __init__(self, race: Race, humans: Sequence[int], step_ms: int = 0) -> None:
        self._board = _game_board(race.game, "a race")
        self.race = race
        self.humans = sorted(set(humans))
        if self.humans != [i for i in range(race.game.num_players) if race.is_human(i)]:
            raise BridgeError("the dashboards' seats must be the race's human seats")
        self.circuit = _track_id(self._board)
        # Bots may be slowed down so people can watch them (0: as fast as they go).
        self.step_ms = step_ms
        self._last_step = 0.0

    @classmethod
    def new(
        cls, game: str, humans: Sequence[int], bot: str | None = None, seed: int | None = None,
        step_ms: int = 0, **options: Any,
    ) -> RaceSource:
        """A race of ``game`` with ``options`` (None values left out): the seats in ``humans``
        from dashboards, the other seats by ``bot`` (default: the game's, ``games/<game>.py``)."""
        if game not in GAMES:
            raise BridgeError(f"the bridge shows {games.names(GAMES)} races, not {game}")
        options = {k: v for k, v in options.items() if v is not None}
        g = autodromo.game(game, **options)
        chosen = bot or str(games.fact(game, "BOT", "medium"))
        seats: list[str | Policy] = [
            HUMAN if i in humans else chosen for i in range(g.num_players)]
        return cls(Race(g, seats, seed=seed), humans, step_ms)

    def board(self) -> dict[str, Any]:
        return self._board

    def view(self) -> dict[str, Any]:
        v: dict[str, Any] = self.race.state.view(None)
        return v

    def seat_view(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s driver can read (at night or in fog, only the markers near the car)."""
        v: dict[str, Any] = self.race.state.view(seat)
        return v

    def version(self) -> int:
        return len(self.race.actions)

    def to_move(self) -> int | None:
        p = self.race.state.current_player()
        return p if p >= 0 else None

    def human_seats(self) -> list[int]:
        return list(self.humans)

    def finished(self) -> bool:
        return bool(self.race.state.is_terminal())

    def ranking(self) -> list[int]:
        """Each seat's place once the race is over, from 0 (the core's ranking); else empty."""
        s = self.race.state
        return [int(p) for p in s.ranking()] if s.is_terminal() else []

    def legal(self, seat: int) -> list[tuple[int, str]]:
        s = self.race.state
        if self.to_move() != seat:
            return []
        return [(a, s.action_to_string(a)) for a in s.legal_actions()]

    def moves(self, seat: int) -> dict[int, dict[str, Any]]:
        """The core's move of each legal action (``State.moves``: kind, references, what it
        leads to), by the action's id."""
        if self.to_move() != seat:
            return {}
        return {int(m["action"]): m for m in self.race.state.moves(seat)}

    def act(self, seat: int, action: int, key: str | None = None) -> None:
        """Applies ``action`` for ``seat``; ``key``, the input's identity, is for sources that
        outlive the bridge (a web game): a local race ends with it."""
        if self.finished():
            raise Refused("the race is over")
        if self.to_move() != seat:
            raise Refused(f"seat {seat + 1}: not your turn")
        try:
            self.race.play(action)
        except AutodromoError as e:
            raise Refused(str(e)) from None

    def advance(self) -> None:
        """Lets chance and the bots play until a dashboard's seat must decide (at most one
        step per ``step_ms``, so people can watch them)."""
        self.race.advance(pace=self._paced if self.step_ms else None)

    def _paced(self) -> bool:
        now = time.monotonic()
        if (now - self._last_step) * 1000 < self.step_ms:
            return False
        self._last_step = now
        return True


class WebSource:
    """A game of the web page (``autodromo play``), through its JSON API at ``base_url``:
    the page and the dashboards play the same game, each seeing the other's moves. The server
    owns the game (locks, bots, saves); the bridge only reads views and posts actions.

    It hears of every change over the game's Server-Sent Events stream (``/stream``) and asks
    for the game again only then: no polling. ``retry_ms`` is the wait before the stream is
    opened again after it broke (and the game is read again, since a change may have been
    missed). ``token``: the game owner's (a hot-seat game) or a seat's (its join link's), sent
    with every request, as the server asks on a LAN or for a game played by join links."""

    def __init__(self, base_url: str, game_id: str, retry_ms: int = 250, timeout: float = 5.0,
                 token: str | None = None) -> None:
        self.base = base_url.rstrip("/")
        self.game_id = game_id
        self.retry_ms = retry_ms
        self.timeout = timeout
        self.token = token
        self._payload: dict[str, Any] = {}
        self._stale = threading.Event()
        self._closed = threading.Event()
        #: Counts the stream's change events (tests and the log read it).
        self.events_heard = 0
        self._fetch()
        name = str(self._payload.get("game"))
        if name not in GAMES:
            raise BridgeError(f"web game {game_id}: the bridge shows {games.names(GAMES)} "
                              f"games, not {name}")
        # The same game built here: its board is the one the server's core built.
        try:
            self._board = _game_board(autodromo.game(name, **self._payload["options"]), "a game")
        except AutodromoError as e:
            raise BridgeError(f"web game {game_id}: {e}") from None
        self.circuit = _track_id(self._board)
        self._listener = threading.Thread(target=_listen, args=(weakref.ref(self), self._closed),
                                          name=f"autodromo-web-{game_id}", daemon=True)
        self._listener.start()

    def close(self) -> None:
        """Stops listening to the stream (the thread ends at its next event or keep-alive)."""
        self._closed.set()

    def board(self) -> dict[str, Any]:
        return self._board

    def _call(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["X-Autodromo-Token"] = self.token
        req = urllib.request.Request(
            self.base + path, method="POST" if body is not None else "GET",
            data=json.dumps(body).encode() if body is not None else None, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as r:
                out: dict[str, Any] = json.load(r)
                return out
        except urllib.error.HTTPError as e:
            try:
                doc = json.load(e)
                reason = doc.get("error", str(e))
            except (ValueError, AttributeError):
                doc, reason = {}, str(e)
            if body is not None and e.code == 409 and doc.get("repeat") is True:
                raise AlreadyApplied(reason) from None
            if body is not None and 400 <= e.code < 500:
                raise Refused(reason) from None
            raise BridgeError(f"{self.base}{path}: {reason}") from None
        except (urllib.error.URLError, OSError) as e:
            raise BridgeError(f"{self.base}: the web page does not answer ({e})") from None

    def _fetch(self) -> None:
        self._payload = self._call(f"/api/games/{self.game_id}")

    def _fresh(self) -> dict[str, Any]:
        # Cleared before the read: a change heard during it is read next time. A read that
        # fails leaves it set: while the page is away, every call says so.
        if self._stale.is_set():
            self._stale.clear()
            try:
                self._fetch()
            except BridgeError:
                self._stale.set()
                raise
        return self._payload

    def view(self) -> dict[str, Any]:
        v: dict[str, Any] = self._fresh()["view"]
        return v

    def seat_view(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s driver can read, as the page shows that seat (asked when drawn)."""
        v: dict[str, Any] = self._call(f"/api/games/{self.game_id}?seat={seat}")["view"]
        return v

    def version(self) -> int:
        return int(self._fresh()["version"])

    def to_move(self) -> int | None:
        t = self._fresh()["to_move"]
        return int(t) if t is not None else None

    def human_seats(self) -> list[int]:
        return [s["seat"] for s in self._payload["seats"] if s["kind"] == "human"]

    def finished(self) -> bool:
        return bool(self._fresh()["status"] == "finished")

    def ranking(self) -> list[int]:
        result = self._fresh().get("result") or {}
        return [int(p) for p in result.get("ranking", [])]

    def legal(self, seat: int) -> list[tuple[int, str]]:
        doc = self._call(f"/api/games/{self.game_id}/legal?seat={seat}")
        return [(int(a["id"]), str(a["label"])) for a in doc["legal"]]

    def moves(self, seat: int) -> dict[int, dict[str, Any]]:
        doc = self._call(f"/api/games/{self.game_id}/moves?seat={seat}")
        return {int(m["action"]): m for m in doc["moves"]}

    def act(self, seat: int, action: int, key: str | None = None) -> None:
        """Posts the action; ``key`` (the input's identity) lets the server refuse a repeat."""
        body: dict[str, Any] = {"seat": seat, "action": action}
        if key is not None:
            body["key"] = key
        self._payload = {**self._payload, **self._call(f"/api/games/{self.game_id}/actions", body)}

    def advance(self) -> None:
        p = self._fresh()
        if p["status"] == "playing" and p["to_move_kind"] == "bot":
            self._payload = {**p, **self._call(f"/api/games/{self.game_id}/advance", {})}


def _listen(ref: Callable[[], WebSource | None], closed: threading.Event) -> None:
    """The stream's reader (its own thread): marks the source stale at each change. It holds the
    source only weakly, so a source nobody keeps stops its thread."""
    while not closed.is_set():
        src = ref()
        if src is None:
            return
        url, retry, timeout = f"{src.base}/api/games/{src.game_id}/stream", src.retry_ms / 1000, src.timeout
        del src
        try:
            # Longer than the server's keep-alive (15 s): a silent stream is a dead one.
            with urllib.request.urlopen(url, timeout=max(timeout, 45.0)) as stream:
                kind = ""
                for raw in stream:
                    line = raw.decode("utf-8", "replace").rstrip("\r\n")
                    src = ref()
                    if src is None or closed.is_set():
                        return
                    if line.startswith("event:"):
                        kind = line[6:].strip()
                    elif line.startswith("data:") and kind in ("game", "gone"):
                        src.events_heard += 1
                        src._stale.set()
                        if kind == "gone":
                            return
                    del src
        except (OSError, ValueError):
            pass
        src = ref()
        if src is None:
            return
        # A change may have come while the stream was down.
        src._stale.set()
        del src
        closed.wait(retry)


class ReplaySource:
    """A replay file played back for show, one action every ``step_ms``; no seat is driven."""

    def __init__(self, path: str | Path, step_ms: int = 300, clock: Callable[[], float] = time.monotonic) -> None:
        self.replay = replay_mod.load(path)
        self._board = _game_board(self.replay.game, f"{path}, a replay")
        self.state = self.replay.game.new_state()
        self.step = 0
        self.step_ms = step_ms
        self.clock = clock
        self._start = clock()
        self.circuit = _track_id(self._board)

    def board(self) -> dict[str, Any]:
        return self._board

    def view(self) -> dict[str, Any]:
        v: dict[str, Any] = self.state.view(None)
        return v

    def seat_view(self, seat: int) -> dict[str, Any]:
        v: dict[str, Any] = self.state.view(seat)
        return v

    def version(self) -> int:
        return self.step

    def to_move(self) -> int | None:
        return None

    def human_seats(self) -> list[int]:
        return list(range(len(self.view()["cars"])))

    def finished(self) -> bool:
        return self.step >= len(self.replay.actions)

    def ranking(self) -> list[int]:
        return [int(p) for p in self.state.ranking()] if self.state.is_terminal() else []

    def legal(self, seat: int) -> list[tuple[int, str]]:
        return []

    def moves(self, seat: int) -> dict[int, dict[str, Any]]:
        return {}

    def act(self, seat: int, action: int, key: str | None = None) -> None:
        raise Refused("a replay is watched, not played")

    def advance(self) -> None:
        due = round((self.clock() - self._start) * 1000) // max(self.step_ms, 1)
        while not self.finished() and self.step < due:
            self.state.apply_action(self.replay.actions[self.step])
            self.step += 1


class Binding:
    """Keeps every device of ``bridge`` showing ``source`` and feeds dashboard inputs back.

    ``seats``: dashboard uid -> seat; other dashboards take the free human seats in the order
    they link, and keep them (by uid) across unplugs and resets.
    """

    def __init__(
        self, bridge: Bridge, source: Source, ledmap: TrackMap | None = None,
        seats: dict[bytes, int] | None = None, log: Callable[[str], None] | None = None,
    ) -> None:
        self.bridge = bridge
        self.source = source
        board = source.board()
        #: A race on a track of sections: its dashboards show a seat's chart.
        self.sections = is_section_track(board)
        #: The race's game: the module that draws its dashboards may give them their own
        #: buttons, DASH_STATE and words for the labels (``games.dashboard_fact``).
        self.game = str(board.get("game"))
        #: The game's buttons (control -> word, the kinds or shapes of move it takes), or None:
        #: only the selector and CONFIRM.
        self.buttons: Buttons | None = games.dashboard_fact(self.game, "BUTTONS")
        #: Each button is named for the one move it takes (``ONE_MOVE_BUTTONS``): the screen
        #: says its word once, and a press with no such move says the word is not legal now.
        self.one_move_buttons = bool(games.dashboard_fact(self.game, "ONE_MOVE_BUTTONS", False))
        dash_state: DashState | None = games.dashboard_fact(self.game, "dash_state")
        if dash_state is None:
            raise BridgeError(f"{self.game}: its bridge module draws no dashboard (dash_state)")
        self._dash_state: DashState = dash_state
        self._words: Callable[[dict[str, Any], dict[str, Any]], str] | None = games.dashboard_fact(
            self.game, "words")
        #: The game's own drawing of its track of sections (``ledmap.own_drawing``; None: an
        #: LED map, drawn by render.py).
        self.track_board = own_drawing(board)
        if ledmap is not None and self.sections == isinstance(ledmap, LedMap):
            raise BridgeError(f"{ledmap.source}: a {games.names(games.with_board('sections'))} track board takes a "
                              "section map (its own or the one generated from its track); an LED map of lanes "
                              "and rows is for circuits")
        # A route's stages change under the cars; its dashboards read the turn ahead from the view.
        self.circuit = (None if board.get("kind") == "route" or self.sections
                        else Circuit.from_board(board))
        self._ledmap: TrackMap | None = ledmap
        self.seats = dict(seats or {})
        self.log = log or bridge.log
        self.cursor: dict[bytes, int] = {}
        self.refused: dict[bytes, bool] = {}
        self.refusals: list[tuple[bytes, str]] = []
        self.applied: list[tuple[int, str]] = []
        self._version = -1
        self._last_error = ""
        self._view: dict[str, Any] | None = None
        #: Track boards told whether the LED map fits them.
        self._told: set[bytes] = set()
        bridge.on_attach = self._attach
        bridge.on_input = self._input
        for dev in list(bridge.devices.values()):
            if dev.link is not None:  # linked before this binding existed
                self._attach(dev, {"event": "linked"})

    @property
    def ledmap(self) -> TrackMap:
        if self._ledmap is None:
            self._ledmap = map_for(self.source.board())
        return self._ledmap

    def who(self, seat: int) -> str:
        """A seat as people read it: its car's name on a track of sections (the book names cars
        by their colours), else its number from 1."""
        if self.sections:
            try:
                cars = (self._view or self.source.view())["cars"]
            except BridgeError:
                cars = []
            if seat < len(cars):
                return str(cars[seat]["name"])
        return f"seat {seat + 1}"

    def words(self, move: dict[str, Any] | None, label: str) -> str:
        """A choice as people read it: its move (``State.moves``) worded by the game's words
        module when its dashboard module gives ``words(move, view)``; else the action's label."""
        if self._words is None or move is None:
            return label
        try:
            view = self._view or self.source.view()
        except BridgeError:
            return label
        return self._words(move, view)

    def _attach(self, dev: Device, _event: dict[str, Any]) -> None:
        if dev.kind == DASHBOARD and dev.seat is None:
            taken = {d.seat for d in self.bridge.devices.values() if d.seat is not None}
            wanted = self.seats.get(dev.uid)
            # Drivers' seats first; a dashboard beyond them shows another car.
            try:
                cars = range(len(self.source.view()["cars"]))
            except BridgeError:
                cars = range(0)
            free = [s for s in [*self.source.human_seats(), *cars] if s not in taken]
            dev.seat = wanted if wanted is not None else free[0] if free else 0
            self.seats[dev.uid] = dev.seat
            self.log(f"{dev.name}: seat {dev.seat + 1}"
                     + (f" ({self.who(dev.seat)})" if self.sections else ""))
        elif dev.kind == TRACK and dev.uid not in self._told:
            self._told.add(dev.uid)
            try:
                self.log(self.fits(dev))
            except AutodromoError as e:  # no map for this circuit: render says so too
                self.log(f"{dev.name}: {e}")
        self.render(dev)

    def fits(self, dev: Device) -> str:
        """Whether the race's LED map fits the track board ``dev``, and why: said when it links,
        before the race is drawn on it."""
        m = self.ledmap
        if m.led_count > dev.led_count:
            return (f"{dev.name}: the LED map {m.source} needs {m.led_count} LEDs, this board's "
                    f"firmware holds {dev.led_count}: not driven (flash the track board firmware "
                    f"of this bridge, which holds 512, or give --ledmap a map of at most "
                    f"{dev.led_count} LEDs)")
        return (f"{dev.name}: shows the LED map {m.source}: {m.led_count} LEDs of the "
                f"{dev.led_count} its firmware holds (the strip needs at least {m.led_count})")

    def _refuse(self, dev: Device, why: str) -> None:
        self.refused[dev.uid] = True
        self.refusals.append((dev.uid, why))
        self.log(f"{dev.name}: refused: {why}")
        self.render(dev)

    def _input(self, dev: Device, ev: dict[str, Any]) -> None:
        if dev.kind != DASHBOARD or dev.seat is None:
            return
        control, kind = int(ev["control"]), int(ev["kind"])
        if kind == RELEASE:
            return
        seat = dev.seat
        try:
            legal = self.source.legal(seat)
        except BridgeError as e:
            self._refuse(dev, str(e))
            return
        if control == SELECTOR and kind == TURN:
            if legal:
                self.cursor[dev.uid] = (self.cursor.get(dev.uid, 0) + int(ev["value"])) % len(legal)
                self.render(dev)
            else:
                self._refuse(dev, f"{self.who(seat)}: nothing to choose now")
            return
        if kind != PRESS:
            self._refuse(dev, f"control {control}: a button is pressed, not turned")
            return
        moves: dict[int, dict[str, Any]] = {}
        if control == CONFIRM:
            cur = self.cursor.get(dev.uid, 0)
            choice = legal[cur] if cur < len(legal) else None
            if choice is not None and self._words is not None:  # for the log's words
                try:
                    moves = self.source.moves(seat)
                except BridgeError:
                    pass
        elif self.buttons is not None and control in self.buttons:
            word, means = self.buttons[control]
            try:
                moves = self.source.moves(seat) if legal else {}
            except BridgeError as e:
                self._refuse(dev, str(e))
                return
            choice = next((a for a in legal if takes(means, moves.get(a[0]))), None)
            if choice is None and self.one_move_buttons:
                self._refuse(dev, f"{self.who(seat)}: {word!r} is not a legal choice now")
                return
            if choice is None:
                whose = "car" if self.sections else "seat"
                self._refuse(dev, f"{self.who(seat)}: the {word!r} button means no legal choice "
                             "now" + (f" (not this {whose}'s turn)" if not legal else ""))
                return
        else:
            self._refuse(dev, f"control {control} means nothing")
            return
        if choice is None:
            self._refuse(dev, f"{self.who(seat)}: nothing to decide now")
            return
        try:
            self.source.act(seat, choice[0], key=ev.get("input_key"))
        except AlreadyApplied as e:  # a bridge before this one applied it: the game moved on
            self.log(f"{self.who(seat)}: {e}")
            self.render_all()
            return
        except BridgeError as e:  # refused by the rules, or the web page did not answer
            self._refuse(dev, str(e))
            return
        self.applied.append((seat, choice[1]))
        self.log(f"{self.who(seat)}: {self.words(moves.get(choice[0]), choice[1])}")
        self.refused[dev.uid] = False
        self.cursor[dev.uid] = 0
        try:
            self.source.advance()
        except BridgeError as e:
            self.log(str(e))
        self.render_all()

    def render(self, dev: Device) -> None:
        """Sets what ``dev`` should show. Runs inside the bridge's event handling, so a source
        that fails is logged here: the events after this one must still be handled."""
        try:
            self._render(dev)
        except AutodromoError as e:  # the source failed, or the device refused the state
            self.log(f"{dev.name}: not updated: {e}")

    def _render(self, dev: Device) -> None:
        try:
            view = self._view = self.source.view()
            live = True
        except BridgeError:
            if self._view is None:
                raise
            # The source is away: show the last state (nothing to decide), lamps still work.
            view, live = self._view, False
        if dev.kind == DASHBOARD and dev.seat is not None:
            if dev.seat >= len(view["cars"]):
                return
            # YOUR TURN lights only for a seat a dashboard drives, never for a bot's.
            human = dev.seat in self.source.human_seats()
            legal = self.source.legal(dev.seat) if live and human and self.source.to_move() == dev.seat else []
            cur = self.cursor.get(dev.uid, 0)
            if cur >= len(legal):
                cur = self.cursor[dev.uid] = 0
            if live and human and (self.sections or view.get("stage") is not None):
                # What the seat's driver reads: a Stage race's markers, a chart's sealed fuel. A
                # bot's seat shows what everyone sees: the page serves no bot's own view.
                view = self.source.seat_view(dev.seat)
            over = live and self.source.finished()
            refused = self.refused.get(dev.uid, False)
            state = self._dash_state(view, dev.seat, self.circuit, deciding=bool(legal),
                                     cursor=cur, refused=refused, game_over=over)
            if over:  # the finishing order: the seat's podium lamp
                ranking = self.source.ranking()
                state["lamps"] |= render.podium(ranking[dev.seat] if dev.seat < len(ranking) else None)
            dev.set_dash(state)
        elif dev.kind == TRACK:
            m = self.ledmap
            if m.led_count > dev.led_count:
                return  # said when it linked (fits)
            if isinstance(m, LedMap):
                colors = render.palette(m)
                frame = render.track_frame(view, m)
            else:  # a map of the game's own drawing
                assert self.track_board is not None
                colors = self.track_board.palette(m, view)
                frame = self.track_board.track_frame(view, m)
            if dev.led_formats & 2:
                dev.set_leds(colors, 1, frame)
            else:
                dev.set_leds(colors, 0, render.to_rgb(frame, colors))

    def render_all(self) -> None:
        self._version = self.source.version()
        for dev in self.bridge.devices.values():
            if dev.link is not None:
                self.render(dev)

    def pump(self) -> None:
        """One loop turn: the ports, then the race (bots, chance, other players' moves). A
        source that fails (the web page stopped) is logged and asked again next turn; the
        devices keep showing the last state meanwhile."""
        self.bridge.pump()
        try:
            self.source.advance()
            if self.source.version() != self._version:
                self.render_all()
        except BridgeError as e:
            if str(e) != self._last_error:
                self.log(str(e))
            self._last_error = str(e)
        else:
            self._last_error = ""
