"""Is a car too strong? Every car of the content raced by the same bot through rotated seats,
per circuit: the figures a designer reads before changing a card.

Legend: every car of ``cars.toml`` (car/driver pairs would take the driver too; the shipped
content has no drivers). Races of ``field`` cars; in each block of races a seeded shuffle of the
roster is dealt so that every car takes every seat once, beside other cars each block.
Lamborghini: every car is a Murciélago, so what is balanced is the seat: each seat races with
each seat choosing first in turn. Mille Bornes: the seat that plays first in the first hand, and
the scores.

>>> from autodromo.balance import balance
>>> b = balance("legend", circuits=["example"], n=36, laps=1, field=4)
>>> b.entries["example"][0].races > 0
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from . import content
from .errors import OptionError
from .sim import SimResult, simulate

#: Games the report knows how to rotate.
GAMES = ("legend", "lamborghini", "mille_bornes")


@dataclass
class Entry:
    """One car (Legend), seat (Lamborghini) or seat order (Mille Bornes) over every race it ran."""

    name: str
    places: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    wear: list[float] = field(default_factory=list)
    crashes: list[int] = field(default_factory=list)
    #: Races it did not finish: out after a crash (Lamborghini: damage), out with none (worn
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
    """Per circuit (Mille Bornes: one, ``"game"``), the entries; ``lengths`` per circuit."""

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


def _legend_roster() -> list[tuple[str, str]]:
    from .legend.racing_day import cars

    return [(c["id"], c["name"]) for c in cars()]


def _blocks(n: int, configs_per_block: int) -> tuple[int, int]:
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
) -> Balance:
    """Races about ``n`` races (games) per circuit with ``bot`` on every seat."""
    import time

    if game not in GAMES:
        raise OptionError(f"balance: unknown game {game!r}; known: {', '.join(GAMES)}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise OptionError(f"n must be a whole number of at least 1, not {n!r}")
    start = time.perf_counter()
    rng = random.Random(seed)
    entries: dict[str, list[Entry]] = {}
    lengths: dict[str, npt.NDArray[Any]] = {}
    names: dict[str, str] = {}
    if game == "mille_bornes":
        if circuits:
            raise OptionError("--circuit: Mille Bornes has no circuits")
        entries["game"], lengths["game"] = _mille_bornes(n, bot, seed, players or 2, threads)
        names["game"] = f"{players or 2} players"
    else:
        chosen = circuits or circuits_of(game)
        known = circuits_of(game)
        unknown = [c for c in chosen if c not in known]
        if unknown:
            raise OptionError(f"--circuit: unknown {', '.join(unknown)}; known: {', '.join(known)}")
        for k, circuit in enumerate(chosen):
            circuit_seed = seed + 1_000_003 * k
            if game == "legend":
                entries[circuit], lengths[circuit], names[circuit] = _legend(
                    circuit, n, bot, circuit_seed, laps, field, rng, threads
                )
            else:
                entries[circuit], lengths[circuit], names[circuit] = _lamborghini(
                    circuit, n, bot, circuit_seed, laps, players or 4, threads
                )
    return Balance(
        game=game, bot=bot, seed=seed, entries=entries, lengths=lengths, circuit_names=names,
        field=field if game == "legend" else (players or (2 if game == "mille_bornes" else 4)),
        seconds=time.perf_counter() - start,
    )


def _add_cars(by_key: dict[str, Entry], keys: list[str], r: SimResult) -> None:
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


def _legend(
    circuit: str, n: int, bot: str, seed: int, laps: int | None, field: int, rng: random.Random,
    threads: int | None,
) -> tuple[list[Entry], npt.NDArray[Any], str]:
    roster = _legend_roster()
    m = len(roster)
    if not 2 <= field <= m:
        raise OptionError(f"--field must be between 2 and {m} (the roster), not {field}")
    by_id = {cid: Entry(name) for cid, name in roster}
    blocks, per = _blocks(n, m)
    lengths = []
    for b in range(blocks):
        order = [cid for cid, _ in roster]
        rng.shuffle(order)
        for r in range(m):
            cars = [order[(r + s) % m] for s in range(field)]
            options: dict[str, Any] = {"circuit": circuit, "cars": cars}
            if laps is not None:
                options["laps"] = laps
            res = simulate("legend", per, seed=seed + b * m + r, policies=bot, threads=threads,
                           progress=False, **options)
            _add_cars(by_id, cars, res)
            lengths.append(res.length)
    circuit_name = _circuit_name("legend", circuit=circuit, cars=[roster[0][0], roster[1][0]])
    return list(by_id.values()), np.concatenate(lengths), circuit_name


def _lamborghini(
    circuit: str, n: int, bot: str, seed: int, laps: int | None, players: int, threads: int | None
) -> tuple[list[Entry], npt.NDArray[Any], str]:
    # One car a seat (two players drive two each): seat k is car k's grid place.
    entries = {str(s): Entry(f"seat {s + 1}") for s in range(players)}
    per = max(1, round(n / players))
    lengths = []
    for first in range(players):
        options: dict[str, Any] = {"circuit": circuit, "players": players, "first_player": first}
        if laps is not None:
            options["laps"] = laps
        res = simulate("lamborghini", per, seed=seed + first, policies=bot, threads=threads,
                       progress=False, **options)
        cars = res.car_seat.shape[1]
        _add_cars(entries, [str(int(res.car_seat[0, c])) for c in range(cars)] if res.n else [], res)
        lengths.append(res.length)
    return list(entries.values()), np.concatenate(lengths), _circuit_name("lamborghini", circuit=circuit)


def _mille_bornes(
    n: int, bot: str, seed: int, players: int, threads: int | None
) -> tuple[list[Entry], npt.NDArray[Any]]:
    res = simulate("mille_bornes", n, seed=seed, policies=bot, players=players, threads=threads,
                   progress=False)
    entries = []
    for s in range(players):
        e = Entry("plays first" if s == 0 else f"plays {_nth(s + 1)}")
        e.places.extend(int(p) for p in res.ranking[:, s])
        e.scores.extend(float(x) for x in res.seat_extra[:, s])
        entries.append(e)
    return entries, res.length


def _circuit_name(game: str, **options: Any) -> str:
    """The circuit's name as its content prints it (the core's board of it)."""
    from . import game as make

    board = make(game, **options).board()
    name = board.get("name") if isinstance(board, dict) else None
    return str(name) if name else str(options["circuit"])


def _nth(k: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(k, f"{k}th")


def write(b: Balance, path: str | Path, figures: str | Path | None = None) -> Path:
    """The HTML report; with ``figures``, each plot also as a PNG file in that folder."""
    from .balance_report import render

    out = Path(path)
    out.write_text(render(b, figures), encoding="utf-8")
    return out
