"""Mille Bornes in Python: what the shared layers ask of the game (see :mod:`autodromo.game_module`).

A game is played in hands and ends on points:

>>> import autodromo
>>> r = autodromo.simulate("mille_bornes", 20, seed=1, policies=["heuristic", "random"], players=2)
>>> r.n, int((r.winner == 0).sum()) > 10
(20, True)
"""

TITLE = "Mille Bornes"
#: The per-seat column of a batch: the seat's points at the end of the game.
SEAT_EXTRA = "points"
WORDS = {"one": "game", "many": "games", "length": "hands", "Many": "Games"}
SCORES = ("points at the end of the game", "points")
