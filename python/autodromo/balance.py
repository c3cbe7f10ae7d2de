"""Is a car too strong? Every car of the content raced by the same bot through rotated seats,
per circuit: the figures a designer reads before changing a card.

What is rotated is the game's own (its module ``autodromo.<id>.balance`` gives a :class:`Rotation`):
the cars of its roster through every seat, the seat that chooses first, or the seat that plays
first in a game without circuits, where the scores are compared too.

>>> from autodromo.balance import balance, circuits_of, games_balanced, rotation
>>> name = next(g for g in games_balanced() if rotation(g).circuits)
>>> b = balance(name, circuits=circuits_of(name)[:1], n=36, laps=1, field=4, players=4)
>>> b.entries[circuits_of(name)[0]][0].races > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from . import content, game_module
from .errors import OptionError
from .sim import SimResult, simulate



def games_balanced() -> tuple[str, ...]:
    """The games the report knows how to rotate: those whose package has a balance module."""
    from . import games

    return tuple(g for g in games() if _rotation(g) is not None)


def __getattr__(name: str) -> Any:
    # GAMES is built on first use: the games' balance modules import this one.
    if name == "GAMES":
        return games_balanced()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass
class Entry:
    """One car, seat or seat order (as the game rotates them) over every race it ran."""

    name: str
    places: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    wear: list[float] = field(default_factory=list)
    crashes: list[int] = field(default_factory=list)
    #: Races it did not finish: out after a crash (or damage), out with none (worn
    #: out, stopped), or still running when the race ended (the round cap).
    out_after_crash: int = 0
    out_otherwise: int = 0
    still_running: int = 0
    scores: list[float] = field(default_factory=list)

    @property
    def races(self) -> int:
        return len(self.places)

    @property
    def wins(self) -> int:
        return sum(1 for p in self.places if p == 0)

    @property
    def unfinished(self) -> int:
        return self.out_after_crash + self.out_otherwise + self.still_running


@dataclass
class Balance:
    """Per circuit (a game without circuits: one, ``"game"``), the entries; ``lengths`` per
    circuit."""

    game: str
    bot: str
    seed: int
    entries: dict[str, list[Entry]]
    lengths: dict[str, npt.NDArray[Any]]
    circuit_names: dict[str, str]
    field: int
    seconds: float = 0.0


def circuits_of(game: str) -> list[str]:
    """The circuits shipped with a game's content (file names under ``circuits/``)."""
    folder = content.directory(game) / "circuits"
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def blocks(n: int, configs_per_block: int) -> tuple[int, int]:
    """(blocks, races per configuration) for about ``n`` races: enough blocks to mix the
    opponents, few enough configurations that each runs a batch."""
    blocks = max(1, min(12, n // max(configs_per_block, 1)))
    per = max(1, round(n / (blocks * configs_per_block)))
    return blocks, per


def balance(
    game: str,
    *,
    circuits: list[str] | None = None,
    n: int = 2000,
    bot: str = "medium",
    seed: int = 0,
    laps: int | None = None,
    field: int = 6,
    players: int | None = None,
    threads: int | None = None,
    compare: tuple[str, ...] | None = None,
) -> Balance:
    """Races about ``n`` races (games) per circuit with ``bot`` on every seat (a game that
    compares bots: also ``compare``, each against ``bot``)."""
    import time

    rotation = _rotation(game)
    if rotation is None:
        raise OptionError(f"balance: unknown game {game!r}; known: {', '.join(games_balanced())}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise OptionError(f"n must be a whole number of at least 1, not {n!r}")
    start = time.perf_counter()
    rng = random.Random(seed)
    entries: dict[str, list[Entry]] = {}
    lengths: dict[str, npt.NDArray[Any]] = {}
    names: dict[str, str] = {}
    if not rotation.circuits:
        if circuits:
            raise OptionError(f"--circuit: {game_module.title(game)} has no circuits")
        chosen = ["game"]
    else:
        chosen = circuits or circuits_of(game)
        known = circuits_of(game)
        unknown = [c for c in chosen if c not in known]
        if unknown:
            raise OptionError(f"--circuit: unknown {', '.join(unknown)}; known: {', '.join(known)}")
    for k, circuit in enumerate(chosen):
        entries[circuit], lengths[circuit], names[circuit] = rotation.race(
            Leg(circuit, n, bot, seed + 1_000_003 * k, laps, field, players, rng, threads, compare)
        )
    return Balance(
        game=game, bot=bot, seed=seed, entries=entries, lengths=lengths, circuit_names=names,
        field=rotation.field(field, players), seconds=time.perf_counter() - start,
    )


@dataclass(frozen=True)
class Leg:
    """What one circuit's share of a balance run asks of the game's rotation (``circuit`` is
    ``"game"`` for a game without circuits; ``players`` None for the game's default)."""

    circuit: str
    n: int
    bot: str
    seed: int
    laps: int | None
    field: int
    players: int | None
    rng: random.Random
    threads: int | None
    #: The bots compared with ``bot`` where the game compares bots (None: its own choice).
    compare: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Rotation:
    """How a game is balanced: its module ``autodromo.<id>.balance`` names one ``ROTATION``.

    ``race`` runs one circuit's races and returns the entries, the lengths and the circuit's
    name; ``field`` is the number of cars (seats) in a race; ``how`` is the report's paragraph on
    what was rotated. ``ranked``: the entries are cars, sorted strongest first (seats stay in seat
    order). ``scores``: the game ends on scores, compared instead of finish times. ``wear``: what
    the wear column counts."""

    race: Callable[[Leg], tuple[list[Entry], npt.NDArray[Any], str]]
    field: Callable[[int, int | None], int]
    how: Callable[[str, int], str]
    circuits: bool = True
    ranked: bool = False
    scores: bool = False
    wear: str = "damages at the finish"
    #: Table columns that mean nothing for the game (always 0 or always the last turn), by header.
    hidden: tuple[str, ...] = ()


def _rotation(game: str) -> Rotation | None:
    rotation = getattr(game_module.of(game, part="balance"), "ROTATION", None)
    return rotation if isinstance(rotation, Rotation) else None


def rotation(game: str) -> Rotation:
    """The game's rotation; :class:`OptionError` for a game the report cannot rotate."""
    found = _rotation(game)
    if found is None:
        raise OptionError(f"balance: unknown game {game!r}; known: {', '.join(games_balanced())}")
    return found


def add_cars(by_key: dict[str, Entry], keys: list[str], r: SimResult) -> None:
    """Each car's rows of a batch into its entry (``keys[i]``: the entry of car ``i``)."""
    for car, key in enumerate(keys):
        seat = int(r.car_seat[0, car]) if r.n else -1
        e = by_key[key]
        e.places.extend(int(p) for p in r.ranking[:, seat])
        t = r.time[:, car]
        e.times.extend(float(x) for x in t[~np.isnan(t)])
        e.wear.extend(float(x) for x in r.wear[~np.isnan(t), car])
        e.crashes.extend(int(x) for x in r.crashes[:, car])
        unfinished = np.isnan(t)
        out = unfinished & r.retired[:, car]
        e.out_after_crash += int((out & (r.crashes[:, car] > 0)).sum())
        e.out_otherwise += int((out & (r.crashes[:, car] == 0)).sum())
        e.still_running += int((unfinished & ~r.retired[:, car]).sum())


def circuit_name(game: str, **options: Any) -> str:
    """The circuit's name as its content prints it (the core's board of it)."""
    from . import game as make

    board = make(game, **options).board()
    name = board.get("name") if isinstance(board, dict) else None
    return str(name) if name else str(options["circuit"])


def nth(k: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(k, f"{k}th")


def write(b: Balance, path: str | Path, figures: str | Path | None = None) -> Path:
    """The HTML report; with ``figures``, each plot also as a PNG file in that folder."""
    from .balance_report import render

    out = Path(path)
    out.write_text(render(b, figures), encoding="utf-8")
    return out
