"""`make bench`: the batch runner from Python (issue 5's figures). Medians of several runs.

What is raced is each game's own (``benches/<game>/simulate.py``): ``throughput()`` lines first,
for every game, then each game's ``more(quick)`` lines (the Python policy's cost, peak memory)."""

from __future__ import annotations

import platform
import sys

from game_cases import cases


def main() -> None:
    print(f"machine: {platform.processor() or platform.machine()}, {platform.python_version()}")
    print("Batch runner from Python (autodromo.simulate), one thread:")
    games = cases("simulate")
    for _, module in games:
        for line in module.throughput():
            print(line)
    for _, module in games:
        for line in getattr(module, "more", lambda _quick: [])("--quick" in sys.argv):
            print(line)


if __name__ == "__main__":
    main()
