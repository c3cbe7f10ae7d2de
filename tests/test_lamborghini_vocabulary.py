"""Lamborghini's vocabulary through the package (issue 29): ``State.moves(seat)`` gives one move per
legal action, and ``autodromo.lamborghini.words`` words every move and every event without a
content id; a manoeuvre check's chance of an accident is said before the click."""

from __future__ import annotations

import random
from typing import Any

import pytest

import autodromo
from autodromo.errors import OptionError
from autodromo.lamborghini import words

NAMES = words.Names(seat=lambda p: f"Seat {p + 1}", car=lambda c: f"Car {c + 1}")


def play(seed: int, **options: Any) -> tuple[autodromo.State, list[tuple[str, str, str]]]:
    g = autodromo.game("lamborghini", **options)
    s = g.new_state()
    rng = random.Random(seed)
    said = []
    while not s.is_terminal() and len(s.history()) < 1500:
        seat = s.current_player()
        if seat >= 0:
            moves = s.moves(seat)
            assert [m["action"] for m in moves] == s.legal_actions()
            said += [words.move_words(m, NAMES) for m in moves]
        s.apply_action(rng.choice(s.legal_actions()))
    return s, said


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 3, "long": True, "races": 1, "laps": 1}])
def test_every_move_and_event_is_worded_without_an_id(options: dict[str, object]) -> None:
    s, said = play(7, **options)
    ids = {e["card"]["id"] for e in s.log(None) if "card" in e}
    texts = [t for triple in said for t in triple if t]
    lines = [words.table_words(e, NAMES) for e in s.log(None) if e["seat"] is None]
    lines += [words.act_words(e, NAMES) for e in s.log(None) if e["seat"] is not None]
    for text in texts + lines:
        assert text and not {w.strip(",.():") for w in text.split()} & ids, text
    # A check the move leads to, and the chance of an accident, said before the click.
    assert any("chance of an accident" in t for t in texts)


def test_moves_are_empty_for_a_seat_not_to_act_and_refused_for_a_seat_not_in_the_game() -> None:
    s = autodromo.game("lamborghini", players=3).new_state()
    while s.current_player() < 0:
        s.apply_action(s.legal_actions()[0])
    seat = s.current_player()
    assert s.moves((seat + 1) % 3) == []
    with pytest.raises(OptionError):
        s.moves(3)
