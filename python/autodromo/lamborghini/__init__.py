"""Lamborghini: The Official Race Game in Python: what the shared layers ask of the game (see
:mod:`autodromo.game_module`)."""

from __future__ import annotations

from typing import Any

from .._core import Game

TITLE = "Lamborghini"
#: The per-seat column of a batch: the seat's money.
SEAT_EXTRA = "money"


def SIM_COLUMNS(options: dict[str, object]) -> dict[str, str]:  # noqa: N802  # a fact, named as the others
    """The figures a batch's table shows: damages (a car's crashes and its wear are both its
    damages), retirements, and money in the long game only (the short game pays none)."""
    shown = {"crashes": "damages", "retired": "retired"}
    return {"seat_extra": "mean money", **shown} if options.get("long") else shown



def cards(game: Game | None = None) -> dict[str, dict[str, Any]]:
    """Every card of a Lamborghini game's content by its id, as the core describes it (its
    board's ``cards``: name, deck and printed numbers); ``game`` None: the shipped content.
    A surface names a card by the id a view or a label gives through this, and reads no
    content file (issue 29)."""
    from .. import game as make

    board = (make("lamborghini") if game is None else game).board() or {}
    found: dict[str, dict[str, Any]] = board["cards"]
    return found


def card_names(game: Game | None = None) -> dict[str, str]:
    """Every card's name by its id (``cards``)."""
    return {k: str(c["name"]) for k, c in cards(game).items()}
