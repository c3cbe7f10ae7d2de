"""Batch simulation: whole races in Rust on every core, results as NumPy columns.

>>> import autodromo
>>> r = autodromo.simulate(autodromo.games()[0], 20, seed=1, policies=["heuristic", "random"], players=2)
>>> r.n, int((r.winner == 0).sum()) > 10
(20, True)

Each game's package says what its ``seat_extra`` column holds (:func:`seat_extra_name`).
"""

from __future__ import annotations

import json
import math
import re
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
import numpy.typing as npt

from . import _core, game_module
from ._core import Game
from .errors import OptionError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: A Python policy, called once per step for every race waiting on it:
#: ``policy(observations [B, L] float32, legal masks [B, A] bool, seats [B] int32) -> actions [B]``.
BatchPolicy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]], Any]
PolicySpec: TypeAlias = "str | BatchPolicy"


def seat_extra_name(game: str) -> str:
    """What the per-seat ``seat_extra`` column of ``game`` holds, as its package names it."""
    return str(game_module.fact(game, "SEAT_EXTRA", "extra"))


def __getattr__(name: str) -> Any:
    # SEAT_EXTRA, each game's seat_extra name by id, is built on first use: the games' packages
    # are imported after this module.
    if name == "SEAT_EXTRA":
        from . import games

        return {g: seat_extra_name(g) for g in games()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_BUILT_IN = re.compile(r"random|easy|medium|hard|heuristic|greedy|mcts(:\d+(ms)?)?")
#: Seconds a chunk of races should take: short enough for a live progress bar and a prompt
#: Ctrl-C, long enough that the per-call cost does not show.
_CHUNK_SECONDS = 0.25


@dataclass
class SimResult:
    """The columns of a batch: per race ``winner`` (the seat whose car is first of the whole
    field, -1 when a robot won), ``winner_car``, ``length``, ``actions``; per seat
    (``[n, seats]``) ``ranking`` (places among every car), ``order`` (seats by finishing place),
    ``seat_extra``; per car (``[n, cars]``) ``car_seat``, ``place``, ``time``, ``wear``,
    ``crashes``, ``retired`` (docs/simulation.md says what each means); in a Stage race
    over a route (``route=…``) also per car ``racing_time`` (seconds, NaN for a car that did not finish
    the route), ``penalty`` (seconds of Check Point penalties) and, with the Historical points
    option, ``points``. ``complete`` is
    False when the run was interrupted: the columns hold the races that finished, in order."""

    game: str
    seed: int
    policies: list[str]
    columns: dict[str, npt.NDArray[Any]]
    complete: bool = True
    seconds: float = 0.0
    car_names: list[str] = field(default_factory=list)
    #: Every option of the game raced, defaults included.
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return int(self.columns["winner"].shape[0])

    def __getattr__(self, name: str) -> npt.NDArray[Any]:
        columns = self.__dict__.get("columns", {})
        if name in columns:
            return columns[name]  # type: ignore[no-any-return]
        raise AttributeError(name)

    def __getitem__(self, name: str) -> npt.NDArray[Any]:
        return self.columns[name]

    def to_pandas(self) -> pd.DataFrame:
        """One row per race; per-seat and per-car columns split as ``ranking_0``, ``time_1``…"""
        import pandas as pd

        flat: dict[str, npt.NDArray[Any]] = {}
        for name, col in self.columns.items():
            label = seat_extra_name(self.game) if name == "seat_extra" else name
            if col.ndim == 1:
                flat[label] = col
            else:
                for j in range(col.shape[1]):
                    flat[f"{label}_{j}"] = col[:, j]
        return pd.DataFrame(flat)


#: Most threads a run may ask for: past the cores they only cost memory.
MAX_THREADS = 1024


def _whole(name: str, value: Any, low: int, high: int | None = None) -> None:
    """``value`` must be an ``int`` (NumPy's too, never a bool or a float) in ``[low, high]``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OptionError(f"{name} must be a whole number, not {value!r} ({type(value).__name__})")
    if value < low or (high is not None and value > high):
        bound = f"at least {low}" if high is None else f"between {low} and {high:,}"
        raise OptionError(f"{name} must be {bound}, not {value}")


#: Most races a run may ask for: a race's index is a 64-bit number, and its row is in memory.
MAX_RACES = 2**63 - 1


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    import os

    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else (os.cpu_count() or 1)


def _capped_threads(threads: int | None) -> int | None:
    """A thread count past the cores runs on the cores, with a note: the results are the same for
    any count, and more threads than cores only cost memory."""
    have = cores()
    if threads is None or threads <= have:
        return threads
    warnings.warn(
        f"threads={threads}: this machine gives {have} cores, so {have} threads run "
        "(the results are the same for any count)",
        RuntimeWarning,
        stacklevel=3,
    )
    return have


def _check_arguments(
    *, n: Any, seed: Any, threads: Any, backend: Any, progress: Any, window: Any
) -> None:
    """Every argument checked before anything runs, each refusal naming the argument."""
    _whole("n", n, 0, MAX_RACES)
    _whole("seed", seed, 0, 2**64 - 1)
    if threads is not None:
        _whole("threads", threads, 1, MAX_THREADS)
    _whole("window", window, 1, 1 << 20)
    if not isinstance(backend, str):
        raise OptionError(f"backend must be 'local' or 'ray', not {backend!r}")
    if progress is not None and not isinstance(progress, bool):
        raise OptionError(f"progress must be True, False or None, not {progress!r}")


def _seat_policies(policies: Any, seats: int) -> list[Any]:
    if isinstance(policies, str) or callable(policies):
        chosen: list[Any] = [policies] * seats
    elif isinstance(policies, (list, tuple)):
        chosen = list(policies)
    else:
        raise OptionError(
            f"policies must be a bot name, a callable, or a list with one per seat, not {policies!r}"
        )
    if len(chosen) != seats:
        raise OptionError(f"policies: {len(chosen)} for {seats} seats")
    for p in chosen:
        if isinstance(p, str) and not _BUILT_IN.fullmatch(p):
            raise OptionError(
                f"unknown policy {p!r}; known: random, easy, medium, hard, heuristic (= medium), "
                "mcts, mcts:<iterations>, mcts:<ms>ms, "
                "or a Python callable"
            )
        if not isinstance(p, str) and not callable(p):
            raise OptionError(f"a policy is a bot name or a callable, not {p!r}")
    return chosen


def _label(p: Any) -> str:
    return p if isinstance(p, str) else getattr(p, "__name__", type(p).__name__)


def _make_game(game: str | Game, options: dict[str, Any]) -> Game:
    if not isinstance(game, (str, Game)):
        raise OptionError(f"game must be a game's name or a Game, not {game!r}")
    if isinstance(game, Game):
        if options:
            raise OptionError("options go with a game name, not with a Game object")
        return game
    from . import game as make

    return make(game, **options)


class _Progress:
    """Progress on stderr, shown once a run has taken a couple of seconds: a bar redrawn in place
    on a terminal; elsewhere (CI logs, pipes, files) a plain line at each tenth of the run or
    every 10 s, never a carriage return."""

    def __init__(self, total: int, label: str, show: bool | None) -> None:
        self.total, self.label, self.show = total, label, show
        self.start = time.perf_counter()
        self.shown = False
        isatty = getattr(sys.stderr, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.last_line = (-1, self.start)

    def update(self, done: int) -> None:
        now = time.perf_counter()
        elapsed = now - self.start
        if self.show is False or (self.show is None and elapsed < 2.0):
            return
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else math.inf
        eta_text = f"{eta:,.0f} s left" if math.isfinite(eta) else ""
        if self.tty:
            bar = "#" * int(30 * done / max(self.total, 1))
            sys.stderr.write(
                f"\r{self.label} [{bar:<30}] {done:,}/{self.total:,} {rate:,.0f}/s {eta_text}   "
            )
        else:
            tenth = 10 * done // max(self.total, 1)
            last_tenth, last_at = self.last_line
            if tenth <= last_tenth and now - last_at < 10.0:
                return
            self.last_line = (tenth, now)
            percent = 100 * done // max(self.total, 1)
            sys.stderr.write(
                f"{self.label}: {done:,}/{self.total:,} ({percent}%) {rate:,.0f}/s {eta_text}".rstrip()
                + "\n"
            )
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown and self.tty:
            sys.stderr.write("\n")


class _Columns:
    """The result columns, allocated once from the first chunk's shapes and filled in place
    (a million-race run never holds two copies)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.cols: dict[str, npt.NDArray[Any]] = {}
        self.filled = 0

    def add(self, chunk: dict[str, npt.NDArray[Any]]) -> None:
        k = int(chunk["winner"].shape[0])
        if k == 0:
            return
        if not self.cols:
            row = sum(col[0].nbytes for col in chunk.values())
            try:
                for name, col in chunk.items():
                    self.cols[name] = np.empty((self.n, *col.shape[1:]), dtype=col.dtype)
            except (MemoryError, ValueError):
                self.cols.clear()
                raise OptionError(
                    f"n={self.n:,}: the results of {self.n:,} races take {row:,} bytes each "
                    f"({self.n * row / 2**30:,.0f} GiB), more than this machine can hold; "
                    "run fewer races, or several runs with different seeds"
                ) from None
        for name, col in chunk.items():
            self.cols[name][self.filled : self.filled + k] = col
        self.filled += k

    def result(self) -> dict[str, npt.NDArray[Any]]:
        return {name: col[: self.filled] for name, col in self.cols.items()}


def simulate(
    game: str | Game,
    n: int,
    *,
    seed: int = 0,
    policies: PolicySpec | Sequence[PolicySpec] = "medium",
    threads: int | None = None,
    backend: str = "local",
    progress: bool | None = None,
    window: int = 1024,
    **options: Any,
) -> SimResult:
    """Plays ``n`` races (or games) of ``game`` and returns their results as columns.

    Race ``i`` is seeded from ``(seed, i)`` alone, so the columns are identical for any
    ``threads`` and for ``backend="ray"``. ``policies`` is one policy for every seat or one per
    seat: a built-in bot (``"random"``, a level ``"easy"``, ``"medium"`` (``"heuristic"``),
    ``"hard"``, or ``"mcts"``, ``"mcts:<iterations>"``)
    or a Python :data:`BatchPolicy`, called once per step with the decisions of every race
    waiting on it (``window`` races run at once). Ctrl-C stops the run and returns the races
    that finished (``complete`` False). ``progress`` None shows a bar for runs over 2 s.
    ``threads`` past the machine's cores runs on the cores (a ``RuntimeWarning`` says so); the
    threads a run starts are reused by the next run, or end when it asks for another count.
    """
    _check_arguments(n=n, seed=seed, threads=threads, backend=backend, progress=progress, window=window)
    if backend == "local":
        threads = _capped_threads(threads)
    g = _make_game(game, options)
    seats = _seat_policies(policies, g.num_players)
    labels = [_label(p) for p in seats]
    start = time.perf_counter()
    if backend == "ray":
        from .sim_ray import simulate_ray

        if any(not isinstance(p, str) for p in seats):
            raise OptionError("the Ray backend runs built-in bots only")
        cols, complete = simulate_ray(g, n, seed, labels, threads), True
    elif backend != "local":
        raise OptionError(f"unknown backend {backend!r}; known: local, ray")
    elif all(isinstance(p, str) for p in seats):
        cols, complete = _run_built_in(g, n, seed, labels, threads, progress)
    else:
        cols, complete = _run_batched(g, n, seed, seats, threads, progress, window)
    return SimResult(
        game=g.name,
        seed=seed,
        policies=_driver_labels(g, labels),
        columns=cols,
        complete=complete,
        seconds=time.perf_counter() - start,
        car_names=_car_names(g),
        options=json.loads(g.options_json),
    )


#: What drives a seat the rules drive (a Neutral Car), in place of a policy's name.
NEUTRAL_CAR = "Neutral Car"


def _driver_labels(g: Game, labels: list[str]) -> list[str]:
    """Per seat, what drives it: the policy, or the book's Neutral Car rules where the options
    make a seat one (the policy given for such a seat is never asked)."""
    neutral = json.loads(g.options_json).get("neutral") or []
    return [NEUTRAL_CAR if s < len(neutral) and neutral[s] else p for s, p in enumerate(labels)]


def _car_names(g: Game) -> list[str]:
    """Each car's name as its content prints it (a car model's name), else its id; a game whose
    field is not chosen by option but has seats and cars of its own (robots too) names each car
    as its view does."""
    cars = json.loads(g.options_json).get("cars")
    if not (isinstance(cars, list) and all(isinstance(c, str) for c in cars)):
        shown = g.new_state().view(None).get("cars")
        if isinstance(shown, list) and len(shown) > g.num_players:
            names = [c.get("name") if isinstance(c, dict) else None for c in shown]
            if all(isinstance(name, str) and name for name in names):
                return [str(name) for name in names]
        return []
    shown = g.new_state().view().get("cars")
    if isinstance(shown, list) and len(shown) == len(cars):
        names = [c.get("name") if isinstance(c, dict) else None for c in shown]
        if all(isinstance(name, str) and name for name in names):
            return [str(name) for name in names]
    return list(cars)


def _run_built_in(
    g: Game, n: int, seed: int, labels: list[str], threads: int | None, progress: bool | None
) -> tuple[dict[str, npt.NDArray[Any]], bool]:
    out = _Columns(n)
    bar = _Progress(n, f"simulate {game_module.title(g.name)}", progress)
    chunk, done = 16, 0
    try:
        while done < n:
            k = min(chunk, n - done)
            t = time.perf_counter()
            out.add(_core.simulate_chunk(g, seed, done, k, labels, threads))
            done += k
            bar.update(done)
            took = time.perf_counter() - t
            # Grow the chunk towards _CHUNK_SECONDS: few calls, yet a prompt Ctrl-C.
            if took < _CHUNK_SECONDS / 2:
                chunk = min(chunk * 2, 1 << 20)
            elif took > _CHUNK_SECONDS * 2 and chunk > 1:
                chunk //= 2
    except KeyboardInterrupt:
        bar.close()
        return out.result(), False
    bar.close()
    if n == 0:
        return _core.simulate_chunk(g, seed, 0, 0, labels, threads), True
    return out.result(), True


def _run_batched(
    g: Game,
    n: int,
    seed: int,
    seats: list[Any],
    threads: int | None,
    progress: bool | None,
    window: int,
) -> tuple[dict[str, npt.NDArray[Any]], bool]:
    specs = [p if isinstance(p, str) else None for p in seats]
    batch = _core.SimBatch(g, seed, 0, n, specs, window=window, threads=threads)
    bar = _Progress(n, f"simulate {game_module.title(g.name)}", progress)
    out = _Columns(n)
    in_order = _InOrder(out)
    complete = True
    try:
        while batch.advance():
            obs, mask, who, _races = batch.pending()
            actions = np.empty(len(who), dtype=np.int64)
            for policy in {id(p): p for p in seats if not isinstance(p, str)}.values():
                rows = np.flatnonzero(
                    np.isin(who, [s for s, p in enumerate(seats) if p is policy])
                )
                if len(rows) == 0:
                    continue
                actions[rows] = _actions_of(policy, policy(obs[rows], mask[rows], who[rows]), len(rows))
            batch.apply(actions)
            bar.update(in_order.drain(batch))
    except KeyboardInterrupt:
        complete = False
    in_order.drain(batch)
    bar.close()
    if n == 0 or out.filled == 0:
        return _empty(g, seed, specs, threads), complete
    return out.result(), complete


def _actions_of(policy: Any, returned: Any, rows: int) -> npt.NDArray[np.int64]:
    """A policy's answer as action ids: whole numbers, one per decision. A float is refused, not
    truncated (1.9 is no more action 1 than action 2)."""
    chosen = np.asarray(returned)
    if chosen.shape != (rows,):
        raise OptionError(f"policy {_label(policy)} returned shape {chosen.shape} for {rows} decisions")
    if chosen.dtype.kind not in "iu":
        raise OptionError(
            f"policy {_label(policy)} returned {chosen.dtype} actions; an action is a whole "
            "number (an id of the legal mask)"
        )
    if chosen.dtype.kind == "u" and rows and int(chosen.max()) > np.iinfo(np.int64).max:
        raise OptionError(f"policy {_label(policy)} returned an action id out of range")
    return chosen.astype(np.int64, copy=False)


class _InOrder:
    """Moves finished races into the columns in race order: a race that finished ahead of an
    earlier one waits until the earlier one is in, so the columns are always a prefix."""

    def __init__(self, out: _Columns) -> None:
        self.out = out
        self.next = 0
        self.held: list[tuple[npt.NDArray[Any], dict[str, npt.NDArray[Any]]]] = []

    def drain(self, batch: Any) -> int:
        index, cols = batch.take_results()
        if len(index):
            self.held.append((index, cols))
        if not self.held:
            return self.next
        idx = np.concatenate([h[0] for h in self.held])
        order = np.argsort(idx, kind="stable")
        idx = idx[order]
        merged = {k: np.concatenate([h[1][k] for h in self.held])[order] for k in self.held[0][1]}
        run = int(np.count_nonzero(idx == self.next + np.arange(len(idx))))
        # Indices are unique and sorted: the matching ones are exactly the leading run.
        if run:
            self.out.add({k: v[:run] for k, v in merged.items()})
        self.held = [(idx[run:], {k: v[run:] for k, v in merged.items()})] if run < len(idx) else []
        self.next += run
        return self.next


def _empty(g: Game, seed: int, specs: list[str | None], threads: int | None) -> dict[str, Any]:
    labels = [s or "random" for s in specs]
    return _core.simulate_chunk(g, seed, 0, 0, labels, threads)
