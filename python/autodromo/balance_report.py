"""The balance report as one self-contained HTML file: the plots embedded as PNG, a table per
circuit. Cars are sorted by win rate, strongest first, so the outlier is at the top."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from . import sim_plots
from .balance import Balance, Entry, rotation
from .sim_report import Z95, wilson

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def pooled(b: Balance) -> list[Entry]:
    """Every circuit's races of an entry together, strongest first."""
    merged: dict[str, Entry] = {}
    for entries in b.entries.values():
        for e in entries:
            m = merged.setdefault(e.name, Entry(e.name))
            m.places += e.places
            m.times += e.times
            m.wear += e.wear
            m.crashes += e.crashes
            m.scores += e.scores
            m.out_after_crash += e.out_after_crash
            m.out_otherwise += e.out_otherwise
            m.still_running += e.still_running
    return ranked(b, list(merged.values()))


def ranked(b: Balance, entries: list[Entry]) -> list[Entry]:
    """Cars strongest first, so an outlier is at the top; seats stay in seat order."""
    if not rotation(b.game).ranked:
        return entries
    return sorted(entries, key=lambda e: (-e.wins / max(e.races, 1), _mean_place(e)))


def _mean_place(e: Entry) -> float:
    return float(np.mean(e.places)) + 1 if e.places else float("nan")


def _place_half(e: Entry) -> float:
    return Z95 * float(np.std(e.places, ddof=1)) / np.sqrt(len(e.places)) if len(e.places) > 1 else 0.0


def mean_places(ax: Axes, entries: list[Entry], field: int) -> None:
    """Mean place (1 = first) with its 95% interval; the dashed line is an even share."""
    y = np.arange(len(entries))
    means = [_mean_place(e) for e in entries]
    halves = [_place_half(e) for e in entries]
    ax.errorbar(means, y, xerr=halves, fmt="o", color="#0072B2", capsize=3)
    ax.axvline((field + 1) / 2, color="grey", linestyle="--", linewidth=1)
    for i, (m, h) in enumerate(zip(means, halves)):
        ax.annotate(f"{m:.2f} ± {h:.2f}", (m + h, i), xytext=(4, 0), textcoords="offset points",
                    va="center", fontsize=7)
    ax.set_yticks(y, [e.name for e in entries], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0.8, field + 0.6)
    ax.set_xlabel(f"mean place, 95% interval (1 = first; dashed: {(field + 1) / 2:g}, an even share)")
    ax.set_title("mean place", fontsize=10)


def retirements(ax: Axes, entries: list[Entry], one: str) -> None:
    """The share of races each car did not finish, by what the columns tell of the cause: out
    after a crash (or damage), out with no crash (worn out, stopped), or still
    running when the race ended (the safety cap on rounds)."""
    from matplotlib.ticker import PercentFormatter

    y = np.arange(len(entries))
    left = np.zeros(len(entries))
    kinds = [
        ("out after a crash or damage", "#D55E00", "out_after_crash"),
        ("out with no crash (worn out, stopped)", "#E69F00", "out_otherwise"),
        ("still running at the end (round cap)", "#999999", "still_running"),
    ]
    for label, colour, attribute in kinds:
        share = np.array([getattr(e, attribute) / max(e.races, 1) for e in entries])
        ax.barh(y, share, left=left, color=colour, label=label)
        left += share
    bounds = [wilson(e.unfinished, e.races) for e in entries]
    lows = np.array([lo for lo, _ in bounds])
    highs = np.array([hi for _, hi in bounds])
    ax.errorbar(left, y, xerr=[np.maximum(left - lows, 0), np.maximum(highs - left, 0)], fmt="none",
                ecolor="black", capsize=2, linewidth=1)
    for i in range(len(entries)):
        ax.annotate(f"{100 * left[i]:.1f}%  ({100 * lows[i]:.1f}–{100 * highs[i]:.1f})", (highs[i], i),
                    xytext=(4, 0), textcoords="offset points", va="center", fontsize=7)
    ax.set_xlim(0, min(1.0, max(float(highs.max(initial=0.0)) * 1.6, 0.05)))
    ax.xaxis.set_major_formatter(PercentFormatter(xmax=1.0))
    ax.set_yticks(y, [e.name for e in entries], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(f"{one}s not finished, 95% interval")
    # Below the axis label, one cause a line: above the axis, three in a row ran into the title
    # and past a narrow panel's edge; just below the axis they covered its label.
    ax.legend(fontsize=7, ncol=1, loc="upper left", bbox_to_anchor=(0.0, -0.2), frameon=False)
    ax.set_title("retirements and their causes", fontsize=10)


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    sim_plots.close(fig)
    return buf.getvalue()


def racing_figure(b: Balance) -> bytes:
    """A racing game: six panels over every circuit."""
    from matplotlib.ticker import MaxNLocator

    w = sim_plots.words(b.game)
    entries = pooled(b)
    names = [e.name for e in entries]
    height = 2.2 + 0.32 * max(len(entries), 3)
    fig, ax = sim_plots.figure(3, 2, 15, 3 * height)
    n = sum(len(v) for v in b.lengths.values())
    bounds = [wilson(e.wins, e.races) for e in entries]
    sim_plots.win_rates(
        ax[0][0], names, [e.wins / max(e.races, 1) for e in entries], 1, [lo for lo, _ in bounds],
        [hi for _, hi in bounds], f"win rate ({b.bot} bot on every seat, {n:,} {w['many']})",
    )
    ax[0][0].set_xlabel("win rate, 95% interval")
    ax[0][0].axvline(1 / b.field, color="grey", linestyle="--", linewidth=1)
    mean_places(ax[0][1], entries, b.field)
    sim_plots.spread(
        ax[1][0], names, [np.array(e.times) for e in entries],
        [1 - len(e.times) / max(e.races, 1) for e in entries], "game turn of the finish",
        "finish times (cars that finished)",
    )
    sim_plots.spread(ax[1][1], names, [np.array(e.wear) for e in entries], [0.0] * len(entries),
                     rotation(b.game).wear,
                     "wear at the finish")
    ax[1][1].xaxis.set_major_locator(MaxNLocator(integer=True))  # whole wear points
    retirements(ax[2][0], entries, w["one"])
    sim_plots.lengths(ax[2][1], np.concatenate(list(b.lengths.values())), b.game)
    fig.tight_layout()
    return _png(fig)


def scores_figure(b: Balance) -> bytes:
    """A game of scores: the first player's advantage, the scores, the length of a game."""
    entries = b.entries["game"]
    names = [e.name for e in entries]
    fig, ax = sim_plots.figure(2, 2, 13, 7.5)
    bounds = [wilson(e.wins, e.races) for e in entries]
    sim_plots.win_rates(
        ax[0][0], names, [e.wins / max(e.races, 1) for e in entries], 1, [lo for lo, _ in bounds],
        [hi for _, hi in bounds], f"wins by seat order ({b.bot} bot on every seat)",
    )
    ax[0][0].axvline(1 / len(entries), color="grey", linestyle="--", linewidth=1)
    ax[0][0].set_xlabel("win rate, 95% interval (dashed: an even share)")
    sim_plots.spread(ax[0][1], names, [np.array(e.scores) for e in entries], [0.0] * len(entries),
                     "points at the end of the game", "score of each seat")
    allscores = np.concatenate([np.array(e.scores) for e in entries])
    for i, e in enumerate(entries):
        ax[1][0].hist(e.scores, bins=40, range=(0, float(allscores.max()) if len(allscores) else 1.0),
                      histtype="step", linewidth=1.5, color=sim_plots.PALETTE[i % 8], label=e.name)
    ax[1][0].set_xlabel("points at the end of the game")
    ax[1][0].set_ylabel("games")
    ax[1][0].legend(fontsize=8)
    ax[1][0].set_title("score distributions", fontsize=10)
    sim_plots.lengths(ax[1][1], b.lengths["game"], b.game)
    fig.tight_layout()
    return _png(fig)


def _table(entries: list[Entry], b: Balance) -> str:
    one = sim_plots.words(b.game)["one"]
    mb = rotation(b.game).scores
    hidden = set(rotation(b.game).hidden)
    head = ["", f"{one}s", "wins", "win rate (95%)", "mean place (95%)"]
    head += ["mean points", "median points"] if mb else [
        "finished", "median finish turn", "mean wear at the finish", "out after a crash",
        "out with no crash", "running at the end",
    ]
    rows = []
    for e in ranked(b, entries):
        low, high = wilson(e.wins, e.races)
        cells = [
            e.name, f"{e.races:,}", f"{e.wins:,}",
            f"{100 * e.wins / max(e.races, 1):.1f}% ({100 * low:.1f}–{100 * high:.1f})",
            f"{_mean_place(e):.2f} ± {_place_half(e):.2f}",
        ]
        if mb:
            cells += [f"{np.mean(e.scores):,.0f}", f"{np.median(e.scores):,.0f}"]
        else:
            cells += [
                f"{100 * len(e.times) / max(e.races, 1):.1f}%",
                f"{np.median(e.times):.0f}" if e.times else "—",
                f"{np.mean(e.wear):.2f}" if e.wear else "—",
                f"{100 * e.out_after_crash / max(e.races, 1):.1f}%",
                f"{100 * e.out_otherwise / max(e.races, 1):.1f}%",
                f"{100 * e.still_running / max(e.races, 1):.1f}%",
            ]
        rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c, h in zip(cells, head) if h not in hidden) + "</tr>")
    return (
        "<table><thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head if h not in hidden)
        + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1500px; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 2em; font-size: 0.9em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; }
.note { color: #555; max-width: 60em; }
"""


def render(b: Balance, figures: str | Path | None = None) -> str:
    """The whole report; ``figures``: a folder to write each plot to as a PNG as well."""
    title = f"{sim_plots.title(b.game)}: balance report"
    rot = rotation(b.game)
    png = scores_figure(b) if rot.scores else racing_figure(b)
    if figures is not None:
        Path(figures, f"balance_{b.game}.png").write_bytes(png)
    w = sim_plots.words(b.game)
    total = sum(len(v) for v in b.lengths.values())
    how = rot.how(b.bot, b.field)
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p class='note'>{html.escape(how)} {total:,} {w['many']}, seed {b.seed}, "
        f"{b.seconds:,.0f} s. Intervals are 95%: Wilson's for shares, the normal one for means.</p>",
        f"<img alt='{html.escape(title)}: plots' src='data:image/png;base64,{base64.b64encode(png).decode()}'>",
    ]
    if rot.circuits and len(b.entries) > 1:
        parts.append(f"<h2>Every circuit</h2>{_table(pooled(b), b)}")
    for key, entries in b.entries.items():
        heading = b.circuit_names.get(key, key)
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        parts.append(f"<p class='note'>{len(b.lengths[key]):,} {w['many']}, median length "
                     f"{np.median(b.lengths[key]):.0f} {w['length']}.</p>")
        parts.append(_table(entries, b))
    parts.append("</body></html>")
    return "\n".join(parts)
