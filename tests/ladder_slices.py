"""The ladder's matches in small seeded slices (docs/simulation.md has the 1,000-game figures)."""

from __future__ import annotations

from typing import Any

import numpy as np

import autodromo

#: Legend's ladder: two laps of `example`, these models in turn (rust/core/examples/legend/ladder.rs).
MODELS = ["alfa_8c_2900b", "aston_db3s", "jaguar_c_type", "maserati_300s"]


def head_to_head(game: str, a: str, b: str, n: int, seed: int, **options: Any) -> float:
    """Side A's score over ``n`` games (1 a win, ½ a tie), seats alternating; Legend: two cars of
    one model, the model rotating."""
    score = 0.0
    configs: list[dict[str, Any]] = (
        [{"cars": [m, m], "circuit": "example", "laps": 2} for m in MODELS] if game == "legend" else [options]
    )
    per = n // (2 * len(configs))
    for k, opts in enumerate(configs):
        for first in (0, 1):
            policies = [a, b] if first == 0 else [b, a]
            r = autodromo.simulate(game, per, seed=seed + 2 * k + first, policies=policies, progress=False, **opts)
            mine, theirs = r.ranking[:, first], r.ranking[:, 1 - first]
            score += float((mine < theirs).sum() + 0.5 * (mine == theirs).sum())
    return score


def against_neutral_cars(bot: str, n: int, seed: int) -> float:
    """Races of 2 ``bot`` cars against 2 Neutral Cars, every model through every seat; a race
    counts when a bot's car finishes ahead of both Neutral Cars."""
    m = len(MODELS)
    per = n // (2 * m)
    score = 0.0
    for r in range(2 * m):
        cars = [MODELS[(k + r) % m] for k in range(m)]
        side = np.array([(k < m // 2) == (r < m) for k in range(m)])
        res = autodromo.simulate("legend", per, seed=seed + r, policies=bot, progress=False,
                                 circuit="example", laps=2, cars=cars, neutral=[bool(not x) for x in side])
        best_bot = res.ranking[:, side].min(axis=1)
        best_neutral = res.ranking[:, ~side].min(axis=1)
        score += float((best_bot < best_neutral).sum() + 0.5 * (best_bot == best_neutral).sum())
    return score
