"""Formula 90 in `benches/web_load.py`: the default race, the human against the random bot."""

SETUP = {"options": {}, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
