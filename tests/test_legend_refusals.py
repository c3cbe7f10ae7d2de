"""Issue 31, Legend: the core's refusals (a race's and the car auction's) in each reader's language,
from their meaning (key and values), at the terminal's prompt too. tests/test_refusal_words.py
holds every key of the game to its wording; this file checks what a person reads."""

from __future__ import annotations

import re
from io import StringIO
from typing import Any

import autodromo
from autodromo import locale, refusal_words
from autodromo._core import CarAuction
from autodromo.legend import words
from autodromo.tui.legend import prompt_policy

OPTIONS: dict[str, Any] = {"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"], "laps": 1}


def test_a_refusal_names_its_numbers_and_the_phase_in_each_language() -> None:
    said = {}
    for lang in locale.LANGUAGES:
        with locale.use(lang):
            said[lang] = (words.refusal_words("brake_limiter", {"k": 3, "b": 2}),
                          words.refusal_words("stop_to_cool", {"phase": "entry line"}))
    assert said == {
        "en": ("brake 3: the Braking limiter allows 2",
               "stopping to cool is chosen at the start of the round (now: entry line)"),
        "it": ("frena di 3: il limitatore di Frenata consente 2",
               "la sosta per raffreddare si sceglie all'inizio del turno (ora: linea d'ingresso)"),
        "pt": ("frear 3: o limitador de Frenagem permite 2",
               "parar para esfriar é escolhido no início da rodada (agora: linha de entrada)"),
    }


def test_the_auctions_refusal_carries_its_key_and_reads_in_the_readers_language() -> None:
    auction = CarAuction(["bugatti_type_35", "alfa_8c_2300"], 2, 1)
    attach = 8  # a part attached to the first car: only its winner does, after winning it
    refusal = auction.refusal(attach)
    assert refusal is not None and refusal.key == "auction_winner_assigns"
    assert str(refusal) == auction.why_illegal(attach)
    with locale.use("it"):
        assert refusal_words.words("legend", refusal) == (
            "solo chi vince un'auto ne assegna le carte d'offerta, dopo averla vinta")
    before = auction.view()
    try:
        auction.apply_action(attach)
    except autodromo.IllegalActionError as raised:
        assert (raised.key, raised.values, str(raised)) == (refusal.key, refusal.values, str(refusal))
    else:
        raise AssertionError("the auction took an attachment before any car was won")
    assert auction.view() == before


def test_the_prompt_words_a_refused_answer_in_the_readers_language() -> None:
    state = autodromo.game("legend", **OPTIONS).new_state()
    while state.is_chance_node() or state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    legal = set(state.legal_actions())
    label = next(state.action_to_string(a) for a in range(state.game.num_distinct_actions) if a not in legal)
    answers = iter(["", label, "1"])
    out = StringIO()
    with locale.use("it"):
        choose = prompt_policy(read=lambda _: next(answers), out=out)
        choose(state, state.current_player())
        refusal = state.refusal(label)
        assert refusal is not None
        reason = refusal_words.words("legend", refusal)
    text = out.getvalue()
    assert "non si può: scrivi un numero" in text
    assert f"non si può: {reason}" in text and reason != str(refusal)
    assert not re.search(r"not possible|type a number|\(now: ", text)
