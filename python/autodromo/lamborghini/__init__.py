"""Lamborghini: The Official Race Game in Python: what the shared layers ask of the game (see
:mod:`autodromo.game_module`)."""

TITLE = "Lamborghini"
#: The per-seat column of a batch: the seat's money.
SEAT_EXTRA = "money"
