"""Lamborghini: The Official Race Game in Python: what the shared layers ask of the game (see
:mod:`autodromo.game_module`)."""

TITLE = "Lamborghini"
#: The per-seat column of a batch: the seat's money.
SEAT_EXTRA = "money"


def SIM_COLUMNS(options: dict[str, object]) -> dict[str, str]:  # noqa: N802  # a fact, named as the others
    """The figures a batch's table shows: damages (a car's crashes and its wear are both its
    damages), retirements, and money in the long game only (the short game pays none)."""
    shown = {"crashes": "damages", "retired": "retired"}
    return {"seat_extra": "mean money", **shown} if options.get("long") else shown
