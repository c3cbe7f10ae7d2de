"""Mille Bornes in `benches/web_load.py`: a single hand, the human against the heuristic bot."""

SETUP = {"options": {"score_to_win": 0}, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}
