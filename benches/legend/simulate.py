"""Legend in `benches/simulate.py`: races a second of six Neutral Cars over two laps."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

import autodromo

RUNS = 5
SIX = ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm", "maserati_300s", "mercedes_ssk", "alfa_6c_1750_gs"]


def races_per_second() -> float:
    g = autodromo.game("legend", circuit="example", laps=2, cars=SIX, neutral=[True] * 6)
    t = time.perf_counter()
    r = autodromo.simulate(g, 2000, seed=1, policies="heuristic", threads=1, progress=False)
    return r.n / (time.perf_counter() - t)


def throughput() -> Iterator[str]:
    median = statistics.median(races_per_second() for _ in range(RUNS))
    yield f"  Legend, 6 Neutral Cars, 2 laps           median {median:8.0f} races/s"
