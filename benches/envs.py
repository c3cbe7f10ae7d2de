"""`make bench`: the learning envs' agent steps per second, per game (issue 35): one
`SingleSeatEnv` and a 64-env `VectorEnv`, seat 0 against the `medium` bot, 3 s each, with two
agents: the first legal id (`argmax` of the mask: the env's own cost, the agent's almost
nothing) and a random legal id (drawn among the set ids: `np.flatnonzero` of a single env's
mask, `np.nonzero` of the batch's; a scan that grows with the width of the action space). The opponents' moves and every chance outcome are inside each step.
Options: the envs' defaults."""

from __future__ import annotations

import sys
import time

import numpy as np

import autodromo
from autodromo.envs import SingleSeatEnv, VectorEnv

SECONDS = 3.0


def single(name: str, rand: bool) -> float:
    env = SingleSeatEnv(name, opponents="medium")
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        mask = info["action_mask"]
        if rand:
            legal = np.flatnonzero(mask)
            action = legal[rng.integers(len(legal))]
        else:
            action = np.argmax(mask)
        _, _, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            _, info = env.reset()
    return steps / (time.perf_counter() - start)


def vector(name: str, rand: bool, num_envs: int = 64) -> float:
    envs = VectorEnv(name, num_envs, seed=0, opponents="medium")
    _, infos = envs.reset()
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        mask = infos["action_mask"]
        # A finished env's row (all False) gives any action: next-step autoreset ignores it.
        actions = random_legal(mask, rng) if rand else mask.argmax(1)
        _, _, _, _, infos = envs.step(actions)
        steps += num_envs
    return steps / (time.perf_counter() - start)


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal id per row, drawn among the row's set ids as the single env's agent
    draws (not a random score per id: the widest game's rows are 35,461 wide with a few dozen set);
    0 for a row with none."""
    rows, ids = np.nonzero(mask)
    counts = np.bincount(rows, minlength=len(mask))
    starts = np.cumsum(counts) - counts
    pick = starts + (rng.random(len(mask)) * counts).astype(np.int64)
    return np.where(counts > 0, ids[np.minimum(pick, len(ids) - 1)], 0)


def main() -> None:
    for name in sys.argv[1:] or autodromo.games():
        print(
            f"  envs, {name:<13} first legal: single {single(name, False):>8,.0f}  VectorEnv(64) "
            f"{vector(name, False):>8,.0f};  random legal: single {single(name, True):>8,.0f}  "
            f"VectorEnv(64) {vector(name, True):>8,.0f} agent steps/s",
            flush=True,
        )


if __name__ == "__main__":
    main()
