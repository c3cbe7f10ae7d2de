"""The games the page plays: one package per game (``games/<game>/``, with its script
``static/games/<game>.js``) registers itself here when imported. :func:`load` imports every
module of this package, so adding a game to the page is adding its folder and its script."""

from __future__ import annotations

import importlib
import pkgutil

from .base import REGISTRY, Decision, GameModule, every, get, register

__all__ = ["REGISTRY", "Decision", "GameModule", "every", "get", "load", "register"]


def load() -> None:
    """Imports every game module of this package (each registers itself)."""
    for info in pkgutil.iter_modules(__path__):
        if info.name != "base" and not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


load()
