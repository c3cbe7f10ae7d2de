"""Mille Bornes in `benches/simulate.py`: random play's actions a second, a Python batched
policy's cost per decision, and the peak memory of a million games on every core."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt

import autodromo

RUNS = 5


def median_of(f: Callable[[], float], runs: int = RUNS) -> float:
    return statistics.median(f() for _ in range(runs))


def actions_per_second() -> float:
    t = time.perf_counter()
    r = autodromo.simulate("mille_bornes", 3000, seed=1, policies="random", threads=1, players=2, progress=False)
    return float(r.actions.sum()) / (time.perf_counter() - t)


def python_policy_cost() -> tuple[float, float]:
    """Microseconds per Python decision and per policy call, with 1,024 races waiting at once."""
    calls = [0, 0]

    def policy(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_], seats: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
        calls[0] += 1
        calls[1] += len(seats)
        return np.argmax(mask, axis=1)

    t = time.perf_counter()
    autodromo.simulate("mille_bornes", 4096, seed=1, policies=[policy, policy], players=2, threads=1, progress=False)
    took = time.perf_counter() - t
    return 1e6 * took / calls[1], 1e6 * took / calls[0]


PEAK = """
import resource, autodromo
r = autodromo.simulate("mille_bornes", 1_000_000, seed=1, policies="random", players=2, progress=False)
assert r.n == 1_000_000
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, r.seconds)
"""


def throughput() -> Iterator[str]:
    yield f"  Mille Bornes, 2 players, random          median {median_of(actions_per_second) / 1e6:8.2f} M actions/s"


def more(quick: bool) -> Iterator[str]:
    per_decision = [python_policy_cost() for _ in range(3)]
    yield (
        f"  Python batched policy (numpy argmax)     median "
        f"{statistics.median(p[0] for p in per_decision):8.2f} µs per decision, "
        f"{statistics.median(p[1] for p in per_decision):8.0f} µs per call"
    )
    if not quick:
        out = subprocess.run([sys.executable, "-c", PEAK], capture_output=True, text=True, check=True)
        peak, seconds = (float(x) for x in out.stdout.split())
        yield f"  Mille Bornes, 1,000,000 games, all cores peak RSS {peak:8.0f} MB ({seconds:.0f} s)"
