"""Issue 29: Legend's words (autodromo/legend/words.py) word every move and every event the core
gives, from their kinds and references alone: no kind left as a raw name, no id, and the Check
Point's six minutes said before the click."""

from __future__ import annotations

import random
from typing import Any

import autodromo
from autodromo.legend import words

CARS = ["bugatti_type_35", "alfa_8c_2300", "fiat_1100s"]


def play(options: dict[str, Any], seed: int) -> tuple[list[str], list[str]]:
    """A random race: every move's line and every event's lines."""
    g = autodromo.game("legend", cars=CARS, **options)
    s = g.new_state()
    rng = random.Random(seed)
    lines: list[str] = []
    while not s.is_terminal() and len(s.history()) < 1200:
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        seat = s.current_player()
        moves = s.moves(seat)
        lines += [words.move_line(m) for m in moves]
        s.apply_action(rng.choice(moves)["action"])
    names = [c["name"] for c in s.view(None)["cars"]]
    logged = [line for e in s.log() for line in words.event_words(e, lambda k: names[k])]
    return lines, logged


def test_every_move_and_event_is_worded_without_a_raw_kind_or_id() -> None:
    ids = set(CARS)
    races: list[tuple[dict[str, Any], int]] = [({"circuit": "example", "laps": 1}, 1), ({"route": "coppa_breve"}, 2)]
    told: list[str] = []
    for options, seed in races:
        lines, logged = play(options, seed)
        assert lines and logged
        told += logged
        for line in lines + logged:
            assert "_" not in line, line
            assert not any(i in line for i in ids), line
    # A Damage card says what it does from its face in the event: no surface reads the deck.
    assert any(line.startswith("Damage card for ") and line.endswith(")") for line in told), told
    assert any(line.startswith("Weather: the die shows ") for line in told)


def test_the_check_point_penalty_is_worded_with_its_time() -> None:
    move = {"kind": "brake", "by": 0, "car": 0, "leads_to": {"car": {"speed": 4}, "movement_points": 2},
            "costs": {"time": 360, "time_parts": {"check_point": 360}},
            "risks": [{"kind": "check_point_penalty", "car": 0, "speed": 4, "speed_limit": 2, "time": 360,
                       "probability": 1.0, "rule": "Check Point"}]}
    assert words.move_line(move) == ("no braking  (speed 4, 2 MP to move, +6 min Check Point penalty)"
                                     " — Check Point: crossing at speed 4 over its limit 2 costs +6 min")


def test_a_length_of_time_is_said_in_its_units() -> None:
    assert [words.duration(s) for s in (360, 45, 3630, 3600, -45, None)] == [
        "6 min", "45 s", "1 h 00 min 30 s", "1 h 00 min", "-45 s", "—"]
