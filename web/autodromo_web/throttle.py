"""What one client may ask of the server's CPU (issue 37, item 4): the bots' and chance's work
for a request runs within a time budget and in one of a few slots, handed out fairly, so that a
stranger asking for a 100,000-point all-bot game cannot slow the seats at a table.

- **A budget per request** (``AUTODROMO_BOT_SECONDS``, default 0.5 s): ``/advance`` and the bots
  that follow a decision stop after the bot turn that crosses it (a turn is never cut in two), as
  soon as the client is gone, or when a fairer claimant waits for the slot (below); the answer
  says ``more`` and the page (or a script) asks again.
- **Slots** (``AUTODROMO_BOT_SLOTS``, default 1 per worker process, and
  ``AUTODROMO_BOT_SLOTS_PER_ADDRESS``, default 1): bot work runs in a slot (the machine itself,
  ``TRUSTED``, takes none). A second ``/advance`` from an address already running one is a 429 at
  once. With every slot taken a request waits up to ``AUTODROMO_BOT_WAIT`` (0.5 s), then is a
  503; both say ``Retry-After``. The bots after a decision wait the same way, but the decision
  is never refused: if no slot came, its bots wait for the page's ``/advance``.
- **Fairness**: each address's bot time is remembered (halved every ``HALF_LIFE`` seconds). A
  free slot goes to the waiting address that used the least, and a holder that used more than a
  waiter stops at the end of its current bot turn. A table whose bots take milliseconds a turn
  thus waits for one stranger's bot turn at most, not for the stranger's budget.

Why bound it at all now that the bots decide outside Python's interpreter lock: the machine has
few cores, and fifty strangers' bots running at once would each take their share of them.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, Response

from .errors import ApiError
from .languages import say as _

BOT_SECONDS = 0.5
#: Addresses never limited (``AUTODROMO_TRUSTED``): the machine the server runs on (its host
#: screen). Another loopback address (127.0.0.2) counts as a stranger: the tests and the bench
#: play strangers from there.
TRUSTED = ("127.0.0.1", "::1")
BOT_SLOTS = 1
BOT_SLOTS_PER_ADDRESS = 1
BOT_WAIT = 0.5
#: Seconds over which an address's remembered bot time halves.
HALF_LIFE = 30.0


class Busy(ApiError):
    """A refusal that tells the client when to ask again (``Retry-After``, in seconds)."""

    def __init__(self, status: int, reason: str, retry_after: int = 1) -> None:
        super().__init__(status, reason)
        self.retry_after = retry_after


class BotSlots:
    def __init__(self, slots: int = BOT_SLOTS, per_address: int = BOT_SLOTS_PER_ADDRESS,
                 wait: float = BOT_WAIT, budget: float = BOT_SECONDS, trusted: tuple[str, ...] = ()) -> None:
        #: The machine itself (the host screen, a script on it) takes no slot; its bots are still
        #: cut at the budget.
        self.trusted = frozenset(trusted)
        self.slots = slots
        self.per_address = per_address
        self.wait = wait
        self.budget = budget
        self._held: dict[str, int] = {}
        #: Each holder's address and when it took its slot.
        self._holders: dict[int, tuple[str, float]] = {}
        self._used: dict[str, tuple[float, float]] = {}
        self._waiting: dict[int, str] = {}
        self._ids = itertools.count()
        self._free = threading.Condition()

    @classmethod
    def from_config(cls, config: Any) -> BotSlots:
        return cls(int(config.get("AUTODROMO_BOT_SLOTS", BOT_SLOTS)),
                   int(config.get("AUTODROMO_BOT_SLOTS_PER_ADDRESS", BOT_SLOTS_PER_ADDRESS)),
                   float(config.get("AUTODROMO_BOT_WAIT", BOT_WAIT)),
                   float(config.get("AUTODROMO_BOT_SECONDS", BOT_SECONDS)),
                   tuple(config.get("AUTODROMO_TRUSTED", TRUSTED)))

    def _usage(self, address: str, now: float) -> float:
        used, at = self._used.get(address, (0.0, now))
        return float(used * 0.5 ** ((now - at) / HALF_LIFE))

    def _first(self, me: int, now: float) -> bool:
        """Whether waiter ``me`` is the one a free slot goes to (least used, then first come)."""
        mine = (self._usage(self._waiting[me], now), me)
        return all(mine <= (self._usage(a, now), w) for w, a in self._waiting.items())

    def _acquire(self, address: str, refuse: bool) -> int | None:
        """(Under the condition.) A slot's ticket, or None; ``refuse``: 429/503 instead of None."""
        if self._held.get(address, 0) >= self.per_address:
            if refuse:
                raise Busy(429, _("the bots of another of your requests are still playing: ask again in a second"))
            return None
        me = next(self._ids)
        self._waiting[me] = address
        try:
            if not self._free.wait_for(lambda: len(self._holders) < self.slots and self._first(me, time.monotonic()),
                                       self.wait):
                if refuse:
                    raise Busy(503, _("the server is busy playing other tables' bots: ask again in a second"))
                return None
        finally:
            del self._waiting[me]
            self._free.notify_all()  # the next waiter may be first now
        self._holders[me] = (address, time.monotonic())
        self._held[address] = self._held.get(address, 0) + 1
        return me

    def _release(self, ticket: int) -> None:
        with self._free:
            address, began = self._holders.pop(ticket)
            now = time.monotonic()
            self._used[address] = (self._usage(address, now) + (now - began), now)
            left = self._held[address] - 1
            if left:
                self._held[address] = left
            else:
                del self._held[address]
            if len(self._used) > 10_000:
                self._used = {a: u for a, u in self._used.items() if self._usage(a, now) > 0.01}
            self._free.notify_all()

    def yield_to(self, ticket: int) -> bool:
        """Whether the holder of ``ticket`` should stop for a waiter that used less than it."""
        with self._free:
            if not self._waiting or ticket not in self._holders:
                return False
            now = time.monotonic()
            address, began = self._holders[ticket]
            mine = self._usage(address, now) + (now - began)
            return any(self._usage(a, now) < mine for a in self._waiting.values())

    @contextmanager
    def held(self, address: str, budget: Budget | None = None) -> Iterator[None]:
        """A slot for ``address``'s bot work, or a 429 (this address runs its own already) or a
        503 (no slot for ``wait`` seconds). ``budget`` then also ends when a fairer claimant waits."""
        if address in self.trusted:
            yield
            return
        with self._free:
            ticket = self._acquire(address, refuse=True)
        assert ticket is not None
        if budget is not None:
            budget.yields = lambda: self.yield_to(ticket)
        try:
            yield
        finally:
            self._release(ticket)

    @contextmanager
    def maybe(self, address: str, budget: Budget | None = None) -> Iterator[bool]:
        """A slot after waiting at most ``wait`` seconds (True), else nothing (False)."""
        if address in self.trusted:
            yield True
            return
        with self._free:
            ticket = self._acquire(address, refuse=False)
        if ticket is None:
            yield False
            return
        if budget is not None:
            budget.yields = lambda: self.yield_to(ticket)
        try:
            yield True
        finally:
            self._release(ticket)


class Budget:
    """When a request's bot work stops: its time is spent, its client is gone, or (``yields``)
    its slot is owed to a fairer claimant."""

    def __init__(self, seconds: float, gone: Callable[[], bool] | None = None) -> None:
        self.deadline = time.monotonic() + seconds
        self.gone = gone
        self.yields: Callable[[], bool] | None = None

    def spent(self) -> bool:
        return (time.monotonic() >= self.deadline or (self.gone is not None and bool(self.gone()))
                or (self.yields is not None and self.yields()))


#: Live streams open at once per worker process, and per address: each holds one of the
#: server's threads for its life (``serving.THREADS``), so the requests keep the rest.
STREAMS = 16
STREAMS_PER_ADDRESS = 8


class Streams:
    """The live streams (Server-Sent Events) open now. Past a cap a new stream is a 503 with
    ``Retry-After``: the page then reads the game every few seconds instead, and tries the
    stream again later."""

    def __init__(self, total: int = STREAMS, per_address: int = STREAMS_PER_ADDRESS,
                 trusted: tuple[str, ...] = ()) -> None:
        self.total = total
        self.per_address = per_address
        #: The machine itself (a host screen's tabs) has no cap of its own, only the server's.
        self.trusted = frozenset(trusted)
        self._open: dict[str, int] = {}
        self._count = 0
        self._lock = threading.Lock()

    @classmethod
    def from_config(cls, config: Any) -> Streams:
        return cls(int(config.get("AUTODROMO_STREAMS", STREAMS)),
                   int(config.get("AUTODROMO_STREAMS_PER_ADDRESS", STREAMS_PER_ADDRESS)),
                   tuple(config.get("AUTODROMO_TRUSTED", TRUSTED)))

    def open(self, address: str) -> Callable[[], None]:
        """Counts a stream from ``address`` (or refuses it); returns what closes it (once)."""
        with self._lock:
            if self._open.get(address, 0) >= self.per_address and address not in self.trusted:
                raise Busy(503, _("this device has {n} live streams open already: the page reads "
                                  "the game every few seconds instead", n=self.per_address), retry_after=10)
            if self._count >= self.total:
                raise Busy(503, _("the server has as many live streams open as it keeps: the page reads the game "
                                  "every few seconds instead"), retry_after=10)
            self._count += 1
            self._open[address] = self._open.get(address, 0) + 1
        closed = False

        def close() -> None:
            nonlocal closed
            with self._lock:
                if closed:
                    return
                closed = True
                self._count -= 1
                left = self._open[address] - 1
                if left:
                    self._open[address] = left
                else:
                    del self._open[address]

        return close


#: Creations (games, championships, imports, "play again") an address may make at once under
#: ``--lan``, and how fast its allowance comes back (per minute).
CREATE_BURST = 30
CREATE_PER_MINUTE = 10
#: The requests that make something new (endpoint names).
CREATING = frozenset({"api.create", "api.again", "api.import_replay", "events.create"})


class Rates:
    """Per address, a bucket of ``burst`` creations that refills at ``per_minute`` (issue 37,
    item 6): a stranger on the network made 35,000 games in 45 s; a table of friends makes a
    handful an evening. Past it a creation is a 429 that says when to try again."""

    def __init__(self, burst: int = CREATE_BURST, per_minute: float = CREATE_PER_MINUTE) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()
        #: Refusals so far (the bench reads them).
        self.refused = 0

    @classmethod
    def from_config(cls, config: Any) -> Rates:
        return cls(int(config.get("AUTODROMO_CREATE_BURST", CREATE_BURST)),
                   float(config.get("AUTODROMO_CREATE_PER_MINUTE", CREATE_PER_MINUTE)))

    def take(self, address: str) -> None:
        now = time.monotonic()
        with self._lock:
            left, at = self._buckets.get(address, (float(self.burst), now))
            left = min(float(self.burst), left + (now - at) * self.rate)
            if left < 1.0:
                self.refused += 1
                self._buckets[address] = (left, now)
                wait = max(1, int((1.0 - left) / self.rate + 0.999)) if self.rate > 0 else 3600
                raise Busy(429, _("too many new games from this device: {burst} at once, then "
                                  "{rate} a minute; try again in {wait} s", burst=self.burst,
                                  rate=format(self.rate * 60, "g"), wait=wait), retry_after=wait)
            self._buckets[address] = (left - 1.0, now)
            if len(self._buckets) > 10_000:
                # Full buckets say nothing: forget them (a flood of addresses keeps this bounded).
                self._buckets = {a: b for a, b in self._buckets.items() if b[0] + (now - b[1]) * self.rate < self.burst}


def stranger(config: Any, address: str | None) -> bool:
    """Whether a request comes from the network under ``--lan`` (not from the machine itself)."""
    return bool(config.get("AUTODROMO_LAN")) and (address or "?") not in config.get("AUTODROMO_TRUSTED", TRUSTED)


def install(app: Flask) -> None:
    """Creation limits for strangers (``--lan``), and the expiry of what they made."""
    from flask import g, request

    rates = Rates.from_config(app.config)
    app.extensions["autodromo.rates"] = rates

    @app.before_request
    def _creation_rate() -> None:
        if request.method == "POST" and request.endpoint in CREATING and stranger(app.config, request.remote_addr):
            rates.take(request.remote_addr or "?")
            g.autodromo_network = True

    @app.after_request
    def _expiring(response: Response) -> Response:
        # A game made from the network is deleted once untouched for a day (``AUTODROMO_EXPIRE_SECONDS``).
        if g.get("autodromo_network") and response.status_code == 201 and request.endpoint != "events.create":
            made = response.get_json(silent=True) or {}
            if isinstance(made.get("id"), str):
                app.extensions["autodromo.tables"].expire_later(made["id"])
        return response
