"""Lamborghini on the bridge: track boards on its circuits (LED maps; its cars in their owners'
colours) and its own dashboards, drawn by ``render.py``: its face, its buttons (left, ahead,
right, the check, each taking the core's moves of its kind and direction), choices worded for people."""

from __future__ import annotations

import argparse
from types import ModuleType
from typing import Any

BOARD = "cells"
BOT = "greedy"


def dashboard() -> ModuleType:
    """The module that draws its dashboards (its face, DASH_STATE, buttons, card names and
    needles): imported when asked, as it imports the shared bridge, which reads this module as
    it loads."""
    from . import render

    return render


def add_local_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=None,
                   help="local Lamborghini race: the number of players (default: the game's)")


def local_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"circuit": args.circuit, "players": args.players}
