"""Mille Bornes in `benches/python_loop.py`: single hands, two players and two teams of two."""

CASES = [
    ("2 players, single hand", {"players": 2, "score_to_win": 0}),
    ("4 players in 2 teams, single hand", {"players": 4, "teams": 2, "score_to_win": 0}),
]
