"""Each game's bench cases, found by the game's id: ``benches/<game>/<bench>.py`` beside this file.

The shared bench scripts name no game: they run the cases of every game the core lists
(``autodromo.games()``) that has a file for that bench."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import autodromo

HERE = Path(__file__).resolve().parent


def cases(bench: str) -> list[tuple[str, ModuleType]]:
    """(game, its cases module) for every game with ``benches/<game>/<bench>.py``, in the core's order."""
    out = []
    for game in autodromo.games():
        path = HERE / game / f"{bench}.py"
        if not path.is_file():
            continue
        spec = importlib.util.spec_from_file_location(f"bench_{game}_{bench}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        out.append((game, module))
    return out
