"""Mille Bornes in `benches/web_flood.py`: the table a phone plays (one hand against the medium
bot), and the strangers' heavy games (two hard bots to 100,000 points: hours of bot turns)."""

TABLE = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "medium"}]}
HEAVY = {"options": {"score_to_win": 100000},
         "seats": [{"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "hard"}]}
