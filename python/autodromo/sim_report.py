"""What a batch says: win rates with confidence intervals, finishing places, race length, crashes
and wear, as a table, a plot (PNG and SVG) and raw rows (CSV or Parquet)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .errors import OptionError
from .sim import SEAT_EXTRA, SimResult

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


def seat_lines(r: SimResult) -> list[SeatLine]:
    seats = r.ranking.shape[1] if r.ranking.ndim == 2 else 0
    lines = []
    for s in range(seats):
        wins = int((r.winner == s).sum())
        low, high = wilson(wins, r.n)
        cars = r.car_seat == s

        def per_car(col: npt.NDArray[Any], cars: npt.NDArray[np.bool_] = cars) -> float:
            return float(col[cars].mean()) if cars.any() else float("nan")

        name = r.car_names[s] if s < len(r.car_names) else f"seat {s}"
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
            )
        )
    return lines


def summary(r: SimResult) -> str:
    """The table the CLI prints."""
    extra = SEAT_EXTRA.get(r.game, "extra")
    head = (
        f"{r.game}: {r.n:,} {'games' if r.game == 'mille_bornes' else 'races'}, seed {r.seed}"
        f"{'' if r.complete else ' (interrupted: the races that finished)'}, "
        f"{r.seconds:.1f} s"
    )
    rows = [
        f"{'seat':<22} {'policy':<12} {'wins':>8} {'win rate (95% CI)':>24} {'mean place':>10} "
        f"{'mean ' + extra:>14} {'crashes':>8} {'wear':>7} {'retired':>8}"
    ]
    for line in seat_lines(r):
        rows.append(
            f"{line.name[:22]:<22} {line.policy[:12]:<12} {line.wins:>8,} "
            f"{100 * line.win_rate:>7.1f}% [{100 * line.low:5.1f}, {100 * line.high:5.1f}]% "
            f"{line.mean_place:>10.2f} {line.extra:>14.1f} {line.crashes:>8.2f} {line.wear:>7.2f} "
            f"{100 * line.retired:>7.1f}%"
        )
    length = r.length.astype(np.float64)
    unit = "hands" if r.game == "mille_bornes" else "game turns"
    if r.n:
        p5, p50, p95 = np.percentile(length, [5, 50, 95])
        rows.append(
            f"length ({unit}): mean {length.mean():.2f}, median {p50:.0f}, 5–95% {p5:.0f}–{p95:.0f}; "
            f"actions per race: mean {r.actions.mean():,.0f}"
        )
    return "\n".join([head, *rows])


def plot(r: SimResult, stem: str | Path) -> list[Path]:
    """Win rates with 95% error bars and the race-length distribution, as ``stem.png`` and
    ``stem.svg``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    lines = seat_lines(r)
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    x = np.arange(len(lines))
    rates = np.array([line.win_rate for line in lines])
    err = np.array([[line.win_rate - line.low for line in lines], [line.high - line.win_rate for line in lines]])
    err = np.clip(np.nan_to_num(err), 0.0, 1.0)  # rounding at 0% and 100% must not go negative
    # Okabe–Ito, a colour-blind-safe palette.
    palette = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]
    ax1.bar(x, rates, yerr=err, capsize=4, color=[palette[i % len(palette)] for i in x])
    ax1.set_xticks(x, [f"{line.name}\n{line.policy}" for line in lines], fontsize=8)
    ax1.set_ylabel("win rate (95% CI)")
    ax1.set_ylim(0, 1)
    ax1.set_title(f"{r.game}: wins over {r.n:,}")
    length = r.length
    if r.n:
        bins = np.arange(length.min(), length.max() + 2) - 0.5
        ax2.hist(length, bins=bins if len(bins) < 80 else 40, color="#0072B2")
    ax2.set_xlabel("hands" if r.game == "mille_bornes" else "game turns")
    ax2.set_ylabel("races")
    ax2.set_title("length")
    fig.tight_layout()
    stem = Path(stem)
    out = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
    for path in out:
        fig.savefig(path)
    plt.close(fig)
    return out


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
