"""`make bench`: random play driven from a Python per-step loop (the cost users pay per call).

The games and their options are each game's own: ``CASES`` in ``benches/<game>/python_loop.py``."""

from __future__ import annotations

import platform
import random
import statistics
import time

import autodromo
from game_cases import cases

RUNS = 7


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, Python {platform.python_version()}"


def python_loop(game: autodromo.Game, games: int, seed: int) -> float:
    """Actions per second of the plain OpenSpiel-style loop, chance sampled in Python."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rng.random()
                for a, p in outcomes:
                    r -= p
                    if r < 0:
                        break
            else:
                a = rng.choice(state.legal_actions())
            state.apply_action(a)
            actions += 1
    return actions / (time.perf_counter() - start)


def main() -> None:
    print(f"machine: {machine()}")
    for name, module in cases("python_loop"):
        for label, options in module.CASES:
            g = autodromo.game(name, **options)
            runs = [python_loop(g, 200, seed) for seed in range(RUNS)]
            print(f"  Python per-step loop, {label:<36} median {statistics.median(runs):>10.0f} actions/s")


if __name__ == "__main__":
    main()
