"""Legend in `benches/web_load.py`: one lap of the example circuit, the human against three greedy bots."""

SETUP = {
    "options": {"circuit": "example", "laps": 1,
                "cars": ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm", "maserati_300s"]},
    "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 3,
}
