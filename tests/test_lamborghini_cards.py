"""Lamborghini's cards named by the core (issue 29, item 5: "views carry the content names"):
``Game.board()["cards"]`` (``autodromo.lamborghini.cards``) describes every card of the game's
content, so the page's card faces, the terminal's table and prompt and the bridge's screen name a
card from the id a view or a label gives, and no surface reads ``cards.toml``."""

from __future__ import annotations

import io
import random

import autodromo
from autodromo.lamborghini import cards, words
from autodromo.tui import lamborghini as tui

DECKS = {"car", "driver", "technology", "manoeuvre", "banknote"}


def drafting(seed: int = 3) -> autodromo.State:
    """A three-player game in its draft, a few picks in (cards face up and in hands)."""
    s = autodromo.game("lamborghini", players=3).new_state()
    rng = random.Random(seed)
    while len(s.history()) < 12 or s.current_player() < 0:
        s.apply_action(rng.choice(s.legal_actions()))
    return s


def test_every_card_a_game_shows_is_named_as_its_events_name_it() -> None:
    g = autodromo.game("lamborghini", players=3)
    deck = cards(g)
    assert {c["kind"] for c in deck.values()} == DECKS
    s = g.new_state()
    rng = random.Random(5)
    while not s.is_terminal() and len(s.history()) < 1500:
        s.apply_action(rng.choice(s.legal_actions()))
    # The log's card references are the core's own naming: the board's entry says the same.
    for e in s.log(None):
        if isinstance(e.get("card"), dict):
            ref = e["card"]
            assert deck[ref["id"]]["name"] == ref["name"]
            for key in ("speed", "crazy"):
                if key in ref:
                    assert deck[ref["id"]][key] == ref[key]


def test_a_face_says_the_numbers_printed_on_the_card() -> None:
    deck = cards()
    # cards.toml: the Murciélago LP 640 is speed 2, manoeuvre 1, price 20000.
    assert words.card_face(deck["murcielago_lp640"]) == {
        "name": "Murciélago LP 640", "kind": "car", "value": "speed +2, manoeuvre +1", "price": "20,000 $"}
    engine = next(c for c in deck.values() if c["kind"] == "technology" and c["effect"] == "engine")
    face = words.card_face(engine)
    assert face is not None and face["value"] == f"+{engine['value']} squares"
    assert face["name"] == f"{engine['supplier'].capitalize()} Engine"


def test_the_terminal_table_and_prompt_name_cards_and_word_moves() -> None:
    s = drafting()
    seat = s.current_player()
    ids = set(cards())
    out = io.StringIO()
    answers = iter(["1"])
    choose = tui.prompt_policy(read=lambda _: next(answers), out=out, show=tui.renderer(s.game))
    assert choose(s, seat) == s.legal_actions()[0]
    text = out.getvalue()
    assert not ids & set(text.replace(",", " ").split()), "a content id on the terminal"
    labels = [s.action_to_string(a) for a in s.legal_actions()]
    worded = [words.move_words(m, tui._names(s.view(None)["cars"], cards(s.game)))[0] for m in s.moves(seat)]
    for label, said in zip(labels, worded):
        assert f"] {said}" in text
        if label != said:
            assert f"] {label}\n" not in text
