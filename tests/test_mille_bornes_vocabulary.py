"""Issue 29 for Mille Bornes: ``State.moves`` from the core, and the words the page and the
terminal make of moves and events (``autodromo.mille_bornes.words``), checked against the book
and docs/rules/mille_bornes.md."""

from __future__ import annotations

import random

import pytest
from scripting import deal, draw, mb

import autodromo
from autodromo import OptionError
from autodromo.mille_bornes import words
from autodromo.mille_bornes.words import Names



def people(s: autodromo.State) -> Names:
    """Ada and Bea, with the view's cards (what each card is)."""
    return Names.of_view(["Ada", "Bea"], s.view(None))


def rolling_against_speed_limit() -> autodromo.State:
    """Ada holds a Speed Limit, a Stop and an Accident; Bea has rolled and holds no safety."""
    s = deal(
        mb(players=2, score_to_win=0),
        [
            ["Roll", "Speed Limit", "Stop", "Accident", "25", "50"],
            ["Roll", "75", "75", "100", "100", "25"],
        ],
    )
    draw(s, "25")
    s.apply_action("play Roll")
    draw(s, "50")
    s.apply_action("play Roll")
    draw(s, "50")
    return s


def test_moves_name_each_legal_action_once_with_todays_label() -> None:
    s = rolling_against_speed_limit()
    moves = s.moves(0)
    assert [m["action"] for m in moves] == s.legal_actions()
    assert [m["label"] for m in moves] == [s.action_to_string(a) for a in s.legal_actions()]
    kinds = {m["label"]: m["kind"] for m in moves}
    assert kinds["play 50"] == "play_distance"
    assert kinds["play Speed Limit on player 2"] == "play_hazard"
    assert kinds["discard Stop"] == "discard"
    attack = next(m for m in moves if m["label"] == "play Speed Limit on player 2")
    assert attack["card"] == {"id": "speed_limit", "name": "Speed Limit"}
    assert attack["target"] == {"side": 1, "seats": [1]}
    # A Speed Limit does not stop the car: it still rolls, limited.
    assert attack["leads_to"]["battle"] == "rolling" and attack["leads_to"]["speed_limit"] is True
    assert attack["leads_to"]["remedy"] == {"id": "end_of_limit", "name": "End of Limit"}
    stop = next(m for m in moves if m["label"] == "play Stop on player 2")
    assert stop["leads_to"]["battle"] == "stopped"
    assert stop["leads_to"]["hazards"] == [{"id": "stop", "name": "Stop"}]


def test_a_seat_not_to_act_has_no_moves_and_a_seat_not_in_the_game_is_refused() -> None:
    s = rolling_against_speed_limit()
    assert s.moves(1) == []
    with pytest.raises(OptionError, match="no seat 2"):
        s.moves(2)


def test_the_speed_limit_button_says_it_limits_and_does_not_stop() -> None:
    # The book's Speed Limit (shared/rules/README.md): "caps each distance card at 50"; it
    # does not stop the car (the issue found "stops them until they play End of Limit").
    s = rolling_against_speed_limit()
    moves = s.moves(0)
    limit = next(m for m in moves if m["kind"] == "play_hazard" and m["card"]["id"] == "speed_limit")
    text, detail = words.move_words(limit, moves, 0, people(s))
    assert text == "Speed Limit on Bea"
    assert detail.startswith("limits them to 25 and 50 mile cards until they play End of Limit")
    assert "stop" not in detail.lower()
    stop = next(m for m in moves if m["kind"] == "play_hazard" and m["card"]["id"] == "stop")
    assert words.move_words(stop, moves, 0, people(s))[1].startswith("stops them until they play Roll")
    accident = next(m for m in moves if m["kind"] == "play_hazard" and m["card"]["id"] == "accident")
    # After Repairs a new Roll is needed ("dopo ognuno di questi avvenimenti siete fermi").
    assert words.move_words(accident, moves, 0, people(s))[1].startswith(
        "stops them until they play Repairs, then a Roll")


def test_distance_words_come_from_where_the_move_leads() -> None:
    s = rolling_against_speed_limit()
    moves = s.moves(0)
    fifty = next(m for m in moves if m["label"] == "play 50")
    assert fifty["leads_to"]["miles"] == 50
    assert words.move_words(fifty, moves, 0, people(s)) == ("50 miles", "0 + 50 = 50 of 1000")


def test_every_move_and_event_of_random_games_has_words() -> None:
    rng = random.Random(29)
    for i in range(6):
        g = mb(players=rng.choice([2, 3, 4]), score_to_win=0, wrong_way=True, target=700)
        s = g.new_state()
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_chance_at(rng.random())
                continue
            view = s.view(p)
            people = Names.of_view([f"P{k + 1}" for k in range(g.num_players)], view)
            moves = s.moves(p)
            for m in moves:
                assert m["kind"] in words.GROUPS
                text, detail = words.move_words(m, moves, view["sides"][view["side"]]["miles"], people)
                assert text and detail
                assert words.step_words(m, "P1", people)
            s.apply_action(rng.choice(s.legal_actions()))
        people = Names.of_view([f"P{k + 1}" for k in range(g.num_players)], s.view(None))
        lines = [words.event_words(e, people) for e in s.log(None)]
        assert lines[-1] is not None and lines[-1].startswith("Game over")


def test_one_decision_is_one_event() -> None:
    # A safety played on one's turn: one "played" event that carries its extra turn.
    s = deal(
        mb(players=2, score_to_win=0),
        [["Extra Tank", "25", "50", "75", "100", "Roll"], ["Roll", "75", "75", "100", "100", "25"]],
    )
    draw(s, "25")
    before = len(s.log(None))
    s.apply_action("play Extra Tank")
    new = s.log(None)[before:]
    assert new == [{"kind": "played", "seat": 0, "extra_turn": True,
                    "card": {"id": "extra_tank", "name": "Extra Tank"}}]
    assert words.event_words(new[0], people(s)) == "Ada plays Extra Tank and plays again"


def test_every_string_goes_through_say() -> None:
    # The catalogue holds every text: swapping it swaps the words (issue 31 adds Italian).
    saved = dict(words.CATALOGUE)
    try:
        for key in words.CATALOGUE:
            words.CATALOGUE[key] = f"<{key}>"
        s = rolling_against_speed_limit()
        moves = s.moves(0)
        for m in moves:
            text, detail = words.move_words(m, moves, 0, people(s))
            assert text.startswith("<") and detail.startswith("<"), (text, detail)
        assert all(line.startswith("<") for line in words.how_to_play())
        assert all(v.startswith("<") for v in words.help_texts("play").values())
    finally:
        words.CATALOGUE.update(saved)


def test_card_faces_come_from_what_the_view_says_each_card_is() -> None:
    cards = rolling_against_speed_limit().view(0)["cards"]
    assert words.card_face("Speed Limit", cards) == {"name": "Speed Limit", "kind": "hazard",
                                                     "note": "cured by End of Limit"}
    assert words.card_face("Right of Way", cards) == {"name": "Right of Way", "kind": "safety",
                                                      "note": "against Speed Limit and Stop"}
    assert words.card_face("75", cards) == {"name": "75", "kind": "distance", "value": "miles"}
    assert words.card_face("Roll", cards) == {"name": "Roll", "kind": "remedy"}
    # Without the Wrong Way variant its cards are not in the deck.
    assert "Wrong Way" not in cards
