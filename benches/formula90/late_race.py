"""Formula 90 late in a race: the CPU a web request spends in the core for its log and its view.

The page reads each seat's new log lines after every decision (``State.log(seat, since=n)``) and
the view of the seat to act. A random race (the default race, two players and the line-up's
robots, seeded) is played to a few action counts; at each the bench times, on this thread's CPU
clock (a machine shared with other work still gives the single-core figure), the last five
events' log for a seat and the spectator, and the seat's view. Medians of many calls, in ms.

    .venv/bin/python benches/formula90/late_race.py [--seed N] [--reps N]
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import autodromo

MARKS = (100, 200, 400, 600)


def cpu_ms(call: Callable[[], Any], reps: int) -> float:
    times = []
    for _ in range(reps):
        start = time.thread_time_ns()
        call()
        times.append((time.thread_time_ns() - start) / 1e6)
    return statistics.median(times)


def step(state: autodromo.State, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        ids = [a for a, _ in outcomes]
        state.apply_action(rng.choices(ids, weights=[p for _, p in outcomes])[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--reps", type=int, default=30)
    args = ap.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    g = autodromo.game("formula90", players=2)
    rng = random.Random(args.seed)
    s = g.new_state()
    done = 0
    print("actions  events  log, seat (ms)  log, spectator (ms)  view of the seat to act (ms)")
    for mark in MARKS:
        while done < mark and not s.is_terminal():
            step(s, rng)
            done += 1
        # The seat to act's view, as the page reads it (a seat at a decision, not chance).
        while s.is_chance_node() and not s.is_terminal():
            step(s, rng)
            done += 1
        if s.is_terminal():
            break
        seat = max(s.current_player(), 0)
        n = len(s.log(seat))
        since = max(n - 5, 0)
        log_seat = cpu_ms(lambda: s.log(seat, since=since), args.reps)
        log_all = cpu_ms(lambda: s.log(None, since=since), args.reps)
        view = cpu_ms(lambda: s.view(seat), args.reps)
        print(f"{done:>7}  {n:>6}  {log_seat:>14.3f}  {log_all:>19.3f}  {view:>28.3f}")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
