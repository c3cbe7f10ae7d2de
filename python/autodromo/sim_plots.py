"""The panels a batch is drawn with, shared by ``autodromo simulate --plot`` and the balance
report: win rates with their Wilson intervals written beside the bars (a bar at 0% or 100% still
says its figure), finishing places, finish times or scores, and the length of a race or game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from . import game_module

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: Okabe–Ito, a colour-blind-safe palette.
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]


def words(game: str) -> dict[str, str]:
    """The words a game's figures are counted in: races of game turns, unless the game's package
    says otherwise (games of hands)."""
    return game_module.words(game)


def title(game: str) -> str:
    """A game's name for a heading, as its package spells it (its ``TITLE``)."""
    from . import game_module

    return game_module.title(game)


def figure(rows: int, cols: int, width: float, height: float) -> tuple[Figure, Any]:
    """A figure drawn off screen (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(rows, cols, figsize=(width, height), squeeze=False)
    return fig, axes


def save(fig: Figure, path: Any, dpi: int = 110) -> None:
    """PNG or SVG by the suffix; an SVG keeps its words as text (searchable, editable)."""
    import matplotlib

    with matplotlib.rc_context({"svg.fonttype": "none"}):
        fig.savefig(path, dpi=dpi)


def close(fig: Figure) -> None:
    import matplotlib.pyplot as plt

    plt.close(fig)


def win_rates(
    ax: Axes, names: Sequence[str], wins: Sequence[float], n: int, lows: Sequence[float],
    highs: Sequence[float], title: str,
) -> None:
    """One horizontal bar per row, its 95% interval as an error bar and the figures written at
    its end: at 0% the text sits beside the axis, at 100% inside the bar."""
    y = np.arange(len(names))
    rates = np.array([w / n if n else 0.0 for w in wins])
    err = np.clip(np.array([rates - np.array(lows), np.array(highs) - rates]), 0.0, 1.0)
    ax.barh(y, rates, xerr=err, capsize=3, color=[PALETTE[i % len(PALETTE)] for i in range(len(y))])
    for i, rate in enumerate(rates):
        text = f"{100 * rate:.1f}%  ({100 * lows[i]:.1f}–{100 * highs[i]:.1f})"
        # Past about 60% the words no longer fit beside the bar: they go inside it, from its
        # start, clear of the error bar at its end.
        inside = highs[i] > 0.62
        ax.text(
            0.02 if inside else highs[i] + 0.01, i, text, va="center", ha="left", fontsize=8,
            color="white" if inside else "black",
        )
    ax.set_yticks(y, list(names), fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
    ax.set_xlabel(f"win rate, 95% interval, of {n:,}")
    ax.set_title(title, fontsize=10)


def places(ax: Axes, names: Sequence[str], ranking: npt.NDArray[Any], title: str) -> None:
    """Each row's share of each finishing place, stacked from first to last, and its mean place
    (1 = first) with a 95% interval."""
    n, rows = ranking.shape if ranking.ndim == 2 else (0, len(names))
    y = np.arange(rows)
    left = np.zeros(rows)
    top = int(ranking.max()) + 1 if n else 1
    greys = ["#1b7837", "#7fbf7b", "#d9f0d3", "#e7d4e8", "#af8dc3", "#762a83"]
    for place in range(top):
        share = (ranking == place).mean(axis=0) if n else np.zeros(rows)
        colour = greys[min(place * (len(greys) - 1) // max(top - 1, 1), len(greys) - 1)]
        ax.barh(y, share, left=left, color=colour, label=_ordinal(place + 1), edgecolor="white")
        left += share
    for i in range(rows):
        if not n:
            continue
        mean = ranking[:, i].mean() + 1
        half = 1.959964 * ranking[:, i].std(ddof=1) / np.sqrt(n) if n > 1 else 0.0
        ax.text(1.01, i, f"mean {mean:.2f} ± {half:.2f}", va="center", fontsize=8)
    ax.set_yticks(y, list(names), fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1.38)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
    ax.set_xlabel("share of each place")
    ax.legend(fontsize=7, ncol=min(top, 6), loc="lower center", bbox_to_anchor=(0.4, 1.0), frameon=False)
    ax.set_title(title, fontsize=10, pad=22)


def spread(
    ax: Axes, names: Sequence[str], samples: Sequence[npt.NDArray[Any]], missing: Sequence[float],
    xlabel: str, title: str, missing_word: str = "did not finish",
) -> None:
    """One box per row (median, quartiles, 5–95% whiskers); ``missing`` is each row's share
    with no value (a car that did not finish), written beside its box."""
    y = np.arange(len(names))
    filled = [np.asarray(s, dtype=np.float64) for s in samples]
    present = [i for i, s in enumerate(filled) if len(s)]
    if present:
        ax.boxplot(
            [filled[i] for i in present], positions=[y[i] for i in present], **_horizontal(),
            whis=(5, 95), showfliers=False, widths=0.6, patch_artist=True,
            boxprops={"facecolor": "#56B4E9", "alpha": 0.6}, medianprops={"color": "black"},
        )
    ax.set_yticks(y, list(names), fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    notes = [(i, share) for i, share in enumerate(missing) if share > 0 or not len(filled[i])]
    if notes and present:
        # The shares are written inside the panel, at its right edge, past the longest whisker:
        # outside it they ran into the next panel's names.
        low = min(float(np.percentile(filled[i], 5)) for i in present)
        high = max(float(np.percentile(filled[i], 95)) for i in present)
        ax.set_xlim(right=high + 0.45 * max(high - low, 1.0))
    for i, share in notes:
        ax.annotate(
            f"{100 * share:.1f}% {missing_word}", (1.0, y[i]), xycoords=("axes fraction", "data"),
            xytext=(-4, 0), textcoords="offset points", ha="right", va="center", fontsize=7,
            color="#D55E00",
        )


def _horizontal() -> dict[str, Any]:
    """Horizontal boxes: ``orientation`` since Matplotlib 3.10, ``vert`` (deprecated) before."""
    import matplotlib

    major, minor = (int(x) for x in matplotlib.__version__.split(".")[:2])
    return {"orientation": "horizontal"} if (major, minor) >= (3, 10) else {"vert": False}


def lengths(ax: Axes, length: npt.NDArray[Any], game: str) -> None:
    """How long the races (games) were."""
    w = words(game)
    if len(length):
        # A few very long races (a safety cap reached) would squash the rest into one bar: the
        # histogram stops three interquartile ranges past the upper quartile and says how many
        # it leaves out.
        q1, q3 = np.percentile(length, [25, 75])
        top = float(q3 + 3 * max(q3 - q1, 1))
        shown = length[length <= top]
        edges = np.arange(shown.min(), shown.max() + 2) - 0.5
        bins: int | list[float] = [float(e) for e in edges] if len(edges) < 80 else 40
        ax.hist(shown, bins=bins, color="#0072B2")
        if len(shown) < len(length):
            ax.text(0.98, 0.8, f"{len(length) - len(shown):,} longer, up to {length.max():,}", ha="right",
                    transform=ax.transAxes, fontsize=8, color="#D55E00")
        ax.axvline(float(np.median(length)), color="black", linestyle="--", linewidth=1)
        ax.text(float(np.median(length)), ax.get_ylim()[1] * 0.95, f" median {np.median(length):.0f}", fontsize=8)
    ax.set_xlabel(w["length"])
    ax.set_ylabel(w["many"])
    ax.set_title(f"length of a {w['one']}", fontsize=10)


def _ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"
