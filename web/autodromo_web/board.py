"""The board as the page draws it, from the core's board (``Game.board()``): every row of a
circuit with its cells' centres, turn marker, entry and exit lines, best line, slope and Box.
Nothing here reads a content file: the page shows the circuit exactly as the rules built it.
"""

from __future__ import annotations

from typing import Any

import autodromo


def page_board(game: autodromo.Game) -> dict[str, Any] | None:
    """The board of ``game`` in the page's shape, or None (cards only, or an open road)."""
    board = game.board()
    if board is None or board.get("kind") != "circuit":
        return None
    turns = board["turns"]
    rows = []
    for r in board["rows"]:
        turn = turns[r["turn"]] if r["turn"] is not None else None
        rows.append({
            "turn": turn["marker"] if turn else None,
            "entry": bool(turn and turn["entry"] == r["row"]),
            "exit": bool(turn and turn["exit"] == r["row"]),
            "best": r["best_lane"],
            "slope": r["slope"],
            "box": r["box"],
            "cells": r["cells"],
        })
    return {
        "name": board["name"],
        "laps": board["laps"],
        "lanes": board["lanes"],
        "length": board["length"],
        "rows": rows,
        "bounds": board["bounds"],
    }
