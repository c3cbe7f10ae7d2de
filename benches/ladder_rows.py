"""The ladder's rows that need no search, from Python (issue 35, docs/simulation.md "The ladder"):
each level against the one below it and `easy` against `random` and the always-first-legal policy,
1,000 games a row, seats alternating, two players unless ``benches/<game>/ladder_rows.py`` gives
the game's set-ups (``CONFIGS``); with a game's own automata in the field, a game is won by the
car placed ahead of the other's.

    .venv/bin/python benches/ladder_rows.py [games] [row ...]

A row is `a:b` (`easy:random`, `easy:first`, `medium:easy`, `hard:medium`); each line prints the
score of `a` (a win 1, a tie ½) with its Wilson 95% interval."""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np
import numpy.typing as npt

import autodromo
from autodromo.sim_report import wilson
from game_cases import cases

SEED = 2026
#: Each game's set-ups, where its ``benches/<game>/ladder_rows.py`` gives them.
CONFIGS: dict[str, list[dict[str, Any]]] = {game: module.CONFIGS for game, module in cases("ladder_rows")}


def first_legal(obs: Any, masks: npt.NDArray[np.bool_], seats: Any) -> npt.NDArray[np.int64]:
    """The always-first-legal policy: the lowest legal action id."""
    ids: npt.NDArray[np.int64] = np.argmax(masks, axis=1).astype(np.int64)
    return ids


def configs(game: str) -> list[dict[str, Any]]:
    return CONFIGS.get(game, [{"players": 2}])


def score(game: str, a: str, b: str, n: int) -> tuple[float, int]:
    pa: Any = first_legal if a == "first" else a
    pb: Any = first_legal if b == "first" else b
    total, played = 0.0, 0
    cfgs = configs(game)
    per = max(1, n // (2 * len(cfgs)))
    for k, opts in enumerate(cfgs):
        for first in (0, 1):
            policies = [pa, pb] if first == 0 else [pb, pa]
            r = autodromo.simulate(game, per, seed=SEED + 2 * k + first, policies=policies, progress=False, **opts)
            mine, theirs = r.ranking[:, first], r.ranking[:, 1 - first]
            total += float((mine < theirs).sum() + 0.5 * (mine == theirs).sum())
            played += r.n
    return total, played


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 1000
    rows = argv[1:] or ["easy:random", "easy:first", "medium:easy"]
    for game in autodromo.games():
        for row in rows:
            a, b = row.split(":")
            start = time.perf_counter()
            s, played = score(game, a, b, n)
            low, high = wilson(round(s), played)
            print(f"{game:<13} {a:>6} vs {b:<6} {s:7.1f} of {played:,} = {100 * s / played:5.1f}% "
                  f"({100 * low:.1f}–{100 * high:.1f}%)  {time.perf_counter() - start:6.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
