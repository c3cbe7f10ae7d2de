"""What a batch says: win rates with confidence intervals, finishing places, race length, crashes
and wear, as a table, a plot (PNG and SVG) and raw rows (CSV or Parquet)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from . import game_module
from .errors import OptionError
from .sim import SimResult, seat_extra_name

#: 95% two-sided normal quantile.
Z95 = 1.959964


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion: sound near 0 and 1, unlike the normal one."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At 0 and n the bound is exactly 0 or 1; rounding must not move it.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return (low, high)


@dataclass
class SeatLine:
    seat: int
    name: str
    policy: str
    wins: int
    win_rate: float
    low: float
    high: float
    mean_place: float
    extra: float
    crashes: float
    wear: float
    retired: float
    #: Stage races over a route: mean racing time (seconds) of the seat's cars that finished the
    #: route, mean Check Point penalty (seconds), mean Historical points; NaN elsewhere.
    racing_time: float = float("nan")
    penalty: float = float("nan")
    points: float = float("nan")


def seat_lines(r: SimResult) -> list[SeatLine]:
    seats = r.ranking.shape[1] if r.ranking.ndim == 2 else 0
    lines = []
    for s in range(seats):
        wins = int((r.winner == s).sum())
        low, high = wilson(wins, r.n)
        cars = r.car_seat == s

        def per_car(col: npt.NDArray[Any], cars: npt.NDArray[np.bool_] = cars) -> float:
            return float(col[cars].mean()) if cars.any() else float("nan")

        name = r.car_names[s] if s < len(r.car_names) else f"seat {s + 1}"
        lines.append(
            SeatLine(
                seat=s,
                name=name,
                policy=r.policies[s],
                wins=wins,
                win_rate=wins / r.n if r.n else float("nan"),
                low=low,
                high=high,
                mean_place=float(r.ranking[:, s].mean()) + 1 if r.n else float("nan"),
                extra=float(r.seat_extra[:, s].mean()) if r.n else float("nan"),
                crashes=per_car(r.crashes.astype(np.float64)),
                wear=per_car(r.wear.astype(np.float64)),
                retired=per_car(r.retired.astype(np.float64)),
                **_stage_figures(r, cars),
            )
        )
    return lines


def _stage_figures(r: SimResult, cars: npt.NDArray[np.bool_]) -> dict[str, float]:
    """A Stage race's means for one seat's cars (nothing for other races)."""
    out: dict[str, float] = {}
    for name in ("racing_time", "penalty", "points"):
        if name in r.columns and cars.any():
            values = r.columns[name][cars].astype(np.float64)
            finite = values[np.isfinite(values)]
            out[name] = float(finite.mean()) if finite.size else float("nan")
    return out


def _clock(seconds: float) -> str:
    """Racing time as the Time Chart writes it: hours, minutes and seconds."""
    if not math.isfinite(seconds):
        return "–"
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


#: The per-car and per-seat figures a table may show, each with its header and what it means.
#: A game's package keeps those that mean something for it (``SIM_COLUMNS``: their keys, or a
#: function of the game's options giving them); the default is every one.
FIGURES = ("seat_extra", "crashes", "wear", "retired")
_HEADERS = {"crashes": "crashes", "wear": "wear", "retired": "retired"}
_MEANINGS = {
    "crashes": "crashes: mean a race, per car",
    "wear": "wear: mean at the end of a race, per car, as the game counts it",
    "retired": "retired: share of its car-races that did not finish",
}


def figures_of(game: str, options: dict[str, Any]) -> dict[str, str]:
    """The figures that mean something for ``game`` with these options, in table order, each
    with its header. A package's ``SIM_COLUMNS`` gives their keys, or a dict of key to header
    (a game's own word: "damages"), or a function of the options giving either."""
    chosen = game_module.fact(game, "SIM_COLUMNS", FIGURES)
    if callable(chosen):
        chosen = chosen(options)
    named = chosen if isinstance(chosen, dict) else {}
    headers = {**_HEADERS, "seat_extra": f"mean {seat_extra_name(game)}"}
    return {f: str(named.get(f, headers[f])) for f in FIGURES if f in chosen}


def summary(r: SimResult) -> str:
    """The table the CLI prints: one row per seat, only the game's meaningful columns, full
    names, and a line saying what each header means."""
    extra = seat_extra_name(r.game)
    w = game_module.words(r.game)
    head = (
        f"{r.game}: {r.n:,} {w['many']}, seed {r.seed}"
        f"{'' if r.complete else ' (interrupted: the races that finished)'}, "
        f"{r.seconds:.1f} s"
    )
    lines = seat_lines(r)
    headers = figures_of(r.game, r.options)
    figures = list(headers)
    label = "car" if r.car_names else "seat"
    name_w = max([len(label), *(len(line.name) for line in lines)])
    policy_w = max([len("policy"), *(len(line.policy) for line in lines)])
    row = f"{label:<{name_w}} {'policy':<{policy_w}} {'wins':>8} {'win rate (95% CI)':>24} {'mean place':>10}"
    row += "".join(f" {headers[f]:>{max(8, len(headers[f]))}}" for f in figures)
    stage = "racing_time" in r.columns
    points = "points" in r.columns
    if stage:
        row += f" {'racing time':>11} {'penalty min':>11}" + (f" {'points':>7}" if points else "")
    rows = [row]
    for line in lines:
        text = (
            f"{line.name:<{name_w}} {line.policy:<{policy_w}} {line.wins:>8,} "
            f"{100 * line.win_rate:>7.1f}% [{100 * line.low:5.1f}, {100 * line.high:5.1f}]% "
            f"{line.mean_place:>10.2f}"
        )
        value = {"seat_extra": line.extra, "crashes": line.crashes, "wear": line.wear}
        for f in figures:
            width = max(8, len(headers[f]))
            if f == "retired":
                text += f" {100 * line.retired:>{width - 1}.1f}%"
            else:
                text += f" {value[f]:>{width}.{1 if f == 'seat_extra' else 2}f}"
        if stage:
            text += f" {_clock(line.racing_time):>11} {line.penalty / 60:>11.2f}"
            text += f" {line.points:>7.2f}" if points else ""
        rows.append(text)
    length = r.length.astype(np.float64)
    unit, many = w["length"], w["many"]
    if r.n:
        others = int((r.winner < 0).sum())
        if others:
            rows.append(f"won by a car no seat drives (a robot): {others:,} {many} ({100 * others / r.n:.1f}%)")
        p5, p50, p95 = np.percentile(length, [5, 50, 95])
        rows.append(
            f"length ({unit}): mean {length.mean():.2f}, median {p50:.0f}, 5–95% {p5:.0f}–{p95:.0f}; "
            f"actions per {many[:-1]}: mean {r.actions.mean():,.0f}"
        )
    field = _field(r)
    whole = f" of the whole field ({field} cars, every car counted)" if field > len(lines) else ""
    rows.append(f"wins: {many} its {label} was first{whole}; win rate: their share, Wilson 95% interval")
    rows.append(f"mean place: 1 = first, {max(field, len(lines))} = last, averaged over the {many}")
    for f in figures:
        if f == "seat_extra":
            rows.append(f"{headers[f]}: the seat's {extra} at the end, averaged over the {many}")
        else:
            rows.append(headers[f] + _MEANINGS[f][len(f):])
    return "\n".join([head, *rows])


def _field(r: SimResult) -> int:
    """The cars a seat's place is counted among: every car of the race where each seat's place
    is its best car's (robots and Neutral Cars counted), else 0 (places among the seats)."""
    place = r.columns.get("place")
    if place is None or place.ndim != 2 or r.n == 0 or r.ranking.ndim != 2:
        return 0
    seats = r.ranking.shape[1]
    best = np.stack(
        [np.where(r.car_seat == s, place, np.iinfo(place.dtype).max).min(axis=1) for s in range(seats)], axis=1
    )
    return int(place.shape[1]) if np.array_equal(best, r.ranking) else 0


def plot(r: SimResult, stem: str | Path) -> list[Path]:
    """Four panels as ``stem.png`` and ``stem.svg``: win rates with their 95% intervals written
    out, the share of each finishing place with the mean place, finish times (a game that ends
    on scores: the scores) and the length of a race (game)."""
    from . import sim_plots

    w = sim_plots.words(r.game)
    lines = seat_lines(r)
    names = [f"{line.name}\n{line.policy}" for line in lines]
    fig, axes = sim_plots.figure(2, 2, 13, 3.2 + 0.9 * max(len(lines), 2))
    sim_plots.win_rates(
        axes[0][0], names, [line.wins for line in lines], r.n, [line.low for line in lines],
        [line.high for line in lines], f"{sim_plots.title(r.game)}: wins over {r.n:,} {w['many']}",
    )
    sim_plots.places(axes[0][1], names, r.ranking, "finishing places")
    scores = game_module.fact(r.game, "SCORES")
    if scores:
        sim_plots.spread(
            axes[1][0], names, [r.seat_extra[:, line.seat] for line in lines], [0.0] * len(lines),
            *scores,
        )
    else:
        times, missing = finish_times(r)
        sim_plots.spread(axes[1][0], names, times, missing, "game turn of the finish", "finish times")
    sim_plots.lengths(axes[1][1], r.length, r.game)
    fig.tight_layout()
    stem = Path(stem)
    out = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
    for path in out:
        sim_plots.save(fig, path)
    sim_plots.close(fig)
    return out


def finish_times(r: SimResult) -> tuple[list[npt.NDArray[Any]], list[float]]:
    """Per seat, the finish turns of its cars that finished, and the share that did not."""
    times, missing = [], []
    seats = r.ranking.shape[1] if r.ranking.ndim == 2 else 0
    for s in range(seats):
        t = r.time[r.car_seat == s]
        done = t[~np.isnan(t)]
        times.append(done)
        missing.append(1 - len(done) / len(t) if len(t) else 1.0)
    return times, missing


def check_outputs(plot_stem: str | Path | None, rows: str | Path | None) -> None:
    """Refuses, before a run, an output it could not write after it: a missing folder, a
    suffix the rows cannot take, a Parquet file without pyarrow."""
    if rows is not None:
        path = Path(rows)
        if path.suffix not in (".csv", ".parquet"):
            raise OptionError(f"--out: write .csv or .parquet, not {path.suffix or 'no suffix'}")
        if path.suffix == ".parquet":
            try:
                import pyarrow  # noqa: F401
            except ImportError:
                raise OptionError("--out: .parquet needs pyarrow (pip install pyarrow), or write .csv") from None
        writable_folder("--out", path)
    if plot_stem is not None:
        writable_folder("--plot", Path(plot_stem))


def writable_folder(flag: str, path: str | Path) -> None:
    """Refuses a file path whose folder is missing or closed to us, or that is a folder."""
    import os

    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OptionError(f"{flag}: no folder {str(folder)!r} to write {path.name!r} in")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OptionError(f"{flag}: cannot write in {str(folder)!r}")
    if path.is_dir():
        raise OptionError(f"{flag}: {str(path)!r} is a folder, not a file name")


def write_rows(r: SimResult, path: str | Path) -> Path:
    """The raw columns, one row per race: ``.csv`` or ``.parquet``."""
    path = Path(path)
    frame = r.to_pandas()
    if path.suffix == ".csv":
        frame.to_csv(path, index=False)
    elif path.suffix == ".parquet":
        frame.to_parquet(path, index=False)
    else:
        raise OptionError(f"--out: write .csv or .parquet, not {path.suffix or 'no suffix'}")
    return path
