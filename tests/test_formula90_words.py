"""Formula 90 in words (issue 29): every event of random races is worded by
``autodromo.formula90.words`` from its kind and references alone, the log holds no sentence of
the core's, and one car's turn is gathered into one line as the page shows it."""

from __future__ import annotations

import random
from typing import Any

import autodromo
from autodromo.formula90 import words


def random_race(seed: int, **options: Any) -> autodromo.State:
    rng = random.Random(seed)
    s = autodromo.game("formula90", **options).new_state()
    while not s.is_terminal():
        if s.current_player() < 0:
            s.apply_chance_at(rng.random())
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return s


def test_every_event_of_random_races_has_words() -> None:
    kinds = set()
    races: list[dict[str, Any]] = [{"players": 2}, {"players": 3, "robots": {"fast": 2}}, {"players": 4}]
    for seed, options in enumerate(races):
        s = random_race(seed, **options)
        for viewer in (None, 0):
            for e in words.steps(s.log(viewer)):
                assert "text" not in e and "event" not in e, e
                kinds.add(e["kind"])
                line = words.event_words(e)
                assert line and "{" not in line and "None" not in line, (e, line)
    assert {"turn", "play", "enter", "check", "duel", "race_end"} <= kinds


def test_the_words_are_the_books_and_hide_another_seats_draw() -> None:
    orange = {"id": 3, "name": "Orange"}
    assert words.event_words({"kind": "draw", "car": orange, "seat": None, "card": None}) == "Orange draws a card"
    assert words.event_words({"kind": "draw", "car": orange, "seat": 3, "card": {"id": 40, "name": "41"}}) \
        == "Orange draws 41"
    assert words.event_words({"kind": "pass", "car": orange, "seat": 3, "other": {"id": 0, "name": "Blue"},
                              "relation": "lap", "cost": 2}) == "Orange laps Blue (2 MP)"
    assert words.event_words({"kind": "check", "car": orange, "seat": 3, "why": "late_brake",
                              "card": {"id": 9, "name": "10"}, "target": 35, "pass": False}) \
        == "Orange late brake: draws 10, needs 35 or less: failed"
    assert words.event_words({"kind": "check", "car": orange, "seat": 3, "why": "card", "card": None, "target": 35,
                              "pass": False}) == "Orange card check: no card left to draw: failed"
    duel = {"kind": "duel", "section": {"number": 4, "name": "Abbey"}, "result": [
        {"car": orange, "total": 6, "cards": [{"card": {"id": 96, "name": "97"}, "mp": 4},
                                              {"card": {"id": 97, "name": "98"}, "mp": 4}], "modifiers": -2}]}
    assert words.event_words(duel) == ("Duel at Abbey: Orange 6 MP with 97 (4 MP) + 98 (4 MP), -2 from the corner's "
                                       "duel box or a strategy")


def test_a_duel_says_who_comes_out_ahead_and_a_tie_keeps_the_order() -> None:
    """Issue 32 item 4's duel line, told as a player would (decisions 5 and 6: participants by
    total, ties keep their order and take wear)."""
    def car(name: str, total: int, cards: list[tuple[str, int]], modifiers: int = 0) -> dict[str, Any]:
        return {"car": {"id": 0, "name": name}, "total": total, "modifiers": modifiers,
                "cards": [{"card": {"id": 0, "name": c}, "mp": mp} for c, mp in cards]}
    section = {"number": 18, "name": "Variante"}
    won = {"kind": "duel", "section": section, "result": [car("Blue", 5, [("41", 2), ("45", 3)]),
                                                          car("SuperFast 2", 2, [("75", 2), ("89", 2)], -2)]}
    assert words.event_words(won) == ("Duel at Variante: Blue comes out ahead: 5 MP with 41 (2 MP) + 45 (3 MP); "
                                      "SuperFast 2 2 MP with 75 (2 MP) + 89 (2 MP), -2 from the corner's duel box or a "
                                      "strategy")
    tied = {"kind": "duel", "section": section, "result": [car("Orange", 8, [("96", 4), ("T14", 4)]),
                                                           car("Green", 8, [("72", 4), ("T4", 5)], -1),
                                                           car("Blue", 3, [("17", 3)])]}
    assert words.event_words(tied) == (
        "Duel at Variante: Orange, Green tie on 8 MP, keep their order and take wear (not a robot): "
        "Orange 8 MP with 96 (4 MP) + T14 (4 MP), Green 8 MP with 72 (4 MP) + T4 (5 MP), -1 from the corner's duel box "
        "or a strategy; Blue 3 MP with 17 (3 MP)")


def test_a_cars_turn_is_one_line() -> None:
    car = {"id": 1, "name": "Red"}
    turn = words.CarTurn(car, words.round_words(3))
    sections = {1: "Start", 2: "Curva 1", 3: "Straight", 4: "Curva 2"}
    for e in [{"kind": "plays", "car": car, "seat": 1},
              {"kind": "play", "car": car, "seat": 1, "cards": [{"id": 4, "name": "5"}], "trajectory": False},
              {"kind": "pay_token", "car": car, "seat": 1},
              {"kind": "movement", "car": car, "seat": 1, "mp": 3},
              {"kind": "enter", "car": car, "seat": 1, "section": {"number": 3, "name": "Straight"}},
              {"kind": "enter", "car": car, "seat": 1, "section": {"number": 4, "name": "Curva 2"}}]:
        assert words.opens_turn(e, turn)
        turn.add(e)
    assert turn.text(sections, 2) == "Red plays 5 (3 MP): Curva 1 → Curva 2"
    assert turn.detail() == "pays a tyre token"


def test_the_terminal_tells_a_checks_chance_before_the_choice() -> None:
    import io

    from autodromo.tui import formula90 as tui

    rng = random.Random(5)
    s = autodromo.game("formula90", players=2).new_state()
    while True:
        assert not s.is_terminal(), "no blind check in the race"
        p = s.current_player()
        if p >= 0 and any(m["kind"] == "check" and m["blind"] for m in s.moves(p)):
            break
        if p < 0:
            s.apply_chance_at(rng.random())
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    out = io.StringIO()
    tui.prompt_policy(read=lambda _: "1", out=out)(s, p)
    blind = next(m for m in s.moves(p) if m["kind"] == "check" and m["blind"])
    line = next(x for x in out.getvalue().splitlines() if x.strip().endswith(words.check_words(blind)))
    assert words.move_words(blind, s.view(p)) in line


def test_the_terminal_log_tells_a_cars_turn_in_one_line() -> None:
    import io

    from autodromo.race import Race
    from autodromo.tui import formula90 as tui

    race = Race(autodromo.game("formula90", players=2, turns=3), ["medium", "medium"], seed=4)
    out = io.StringIO()
    assert tui.run(race, None, None, out=out) == 0
    lines = out.getvalue().splitlines()
    # The cards, the movement points and the way in one line (was a line per event: "plays",
    # "has 5 MP", "enters" each section).
    assert any(" plays " in x and " MP): " in x and " → " in x for x in lines), lines[:60]
    assert not any(x.strip().endswith(" MP") and " has " in x for x in lines), lines[:60]
