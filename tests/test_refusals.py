"""Issue 11, item 5, through the binding: a refusal names the check that failed, with the cards
and numbers in play, and leaves the state as it was."""

from __future__ import annotations

import pytest

import autodromo
from autodromo import IllegalActionError, State
from scripting import deal, draw, mb


def refused(state: State, label: str) -> str:
    before = state.clone()
    before_text = state.serialize()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(label)
    assert state == before
    assert state.serialize() == before_text
    assert state.why_illegal(label) == str(info.value)
    return str(info.value)


def test_mille_bornes_names_the_hazard_and_its_remedy() -> None:
    s = deal(
        mb(players=2, score_to_win=0),
        [
            ["Roll", "Spare Tire", "25", "50", "100", "200"],
            ["Flat Tire", "25", "50", "75", "75", "50"],
        ],
    )
    draw(s, "25")
    s.apply_action("play Roll")
    draw(s, "25")
    s.apply_action("play Flat Tire on player 1")
    draw(s, "25")
    assert refused(s, "play 100") == "Flat Tire: play a Spare Tire first"
    assert refused(s, "play Gasoline") == "you hold no Gasoline card"
    s.apply_action("play Spare Tire")
    assert s.view(None)["sides"][0]["miles"] == 0


def test_lamborghini_names_the_card_that_is_not_face_up() -> None:
    s = autodromo.game("lamborghini", players=3).new_state()
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    assert s.view(None)["phase"] == "Draft"
    names = {"murcielago_roadster": "Murciélago Roadster", "murcielago": "Murciélago",
             "murcielago_lp640": "Murciélago LP 640"}
    face_up = s.view(None)["face_up"]
    card = next(c for c in names if c not in face_up)
    assert refused(s, f"pick {card}") == f"{names[card]} is not face up"
    assert refused(s, "move ahead") == "moving a square is not open now: the draft: pick a face-up card"
