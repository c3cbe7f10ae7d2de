"""`simulate(..., backend="ray")`: seed ranges spread over an existing Ray cluster.

Each task rebuilds the game from its id, options and content files and runs a range of race
indices with the same Rust runner as a local run, so the columns are identical to a local run of
the same seed. Ray is an optional extra (``pip install autodromo[ray]``); with no cluster
running, ``ray.init()`` starts a local one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from . import _core
from ._core import Game
from .errors import OptionError

#: Races per Ray task: large enough that scheduling costs little, small enough to spread.
TASK_RACES = 2_000


def _chunk(
    name: str,
    options_json: str,
    content: list[tuple[str, str]] | None,
    seed: int,
    start: int,
    count: int,
    policies: list[str],
) -> dict[str, npt.NDArray[Any]]:
    g = _core.load_game(name, options_json, content)
    return _core.simulate_chunk(g, seed, start, count, policies, None)


def simulate_ray(
    g: Game, n: int, seed: int, policies: list[str], threads: int | None
) -> dict[str, npt.NDArray[Any]]:
    try:
        import ray
    except ImportError as e:
        raise OptionError("backend='ray' needs Ray: pip install 'autodromo[ray]'") from e
    from . import content

    files = content.load_files(g.name) if g.name in content.GAMES else None
    rebuilt = _core.load_game(g.name, g.options_json, files)
    if rebuilt.content_hash != g.content_hash:
        raise OptionError(
            "backend='ray' ships the game's shipped content to the workers; this game was built "
            "from other content files"
        )
    if not ray.is_initialized():
        ray.init(ignore_reinit_error=True, include_dashboard=False)
    task = ray.remote(num_cpus=threads or 1)(_chunk)
    refs = [
        task.remote(g.name, g.options_json, files, seed, start, min(TASK_RACES, n - start), policies)
        for start in range(0, n, TASK_RACES)
    ]
    chunks: list[dict[str, npt.NDArray[Any]]] = ray.get(refs)
    if not chunks:
        return _core.simulate_chunk(g, seed, 0, 0, policies, 1)
    return {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}
