"""Legend in `benches/ladder_rows.py`: two cars of one model, the ladder's four models in turn,
two laps of `example`."""

MODELS = ["alfa_8c_2900b", "aston_db3s", "jaguar_c_type", "maserati_300s"]
CONFIGS = [{"cars": [m, m], "circuit": "example", "laps": 2} for m in MODELS]
