"""Lamborghini in `benches/ladder_rows.py`: two players on `sant_agata`."""

CONFIGS = [{"players": 2, "circuit": "sant_agata"}]
