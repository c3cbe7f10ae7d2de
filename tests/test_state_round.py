"""``State.round()``: the round or turn a game's view shows, read without building the view (the
web page plays a Legend round out after each step to warn of its end)."""

from __future__ import annotations

import random

import autodromo

#: The view's key for each game's count, or None where the game counts no rounds or turns.
KEY = {"legend": "round", "lamborghini": "turn", "formula90": "turn", "mille_bornes": None}


def test_round_is_the_round_or_turn_the_view_shows_at_every_step() -> None:
    for name, key in KEY.items():
        state = autodromo.game(name).new_state()
        rng = random.Random(7)
        seen = set()
        for _ in range(400):
            if state.is_terminal():
                break
            expected = None if key is None else state.view(None)[key]
            assert state.round() == expected, (name, len(state.history()))
            seen.add(state.round())
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        # The count moved on during the walk (a walk that never left round 0 tests little).
        assert key is None or len(seen) > 1, name
