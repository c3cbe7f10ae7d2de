"""Lamborghini on the bridge: track boards on its circuits (LED maps; its cars in their owners'
colours)."""

from __future__ import annotations

import argparse
from typing import Any

BOARD = "cells"
BOT = "greedy"


def add_local_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=None,
                   help="local Lamborghini race: the number of players (default: the game's)")


def local_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"circuit": args.circuit, "players": args.players}
