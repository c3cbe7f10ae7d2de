"""Lamborghini in `benches/web_load.py`: one lap, the human against the random bot."""

SETUP = {"options": {"laps": 1}, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
