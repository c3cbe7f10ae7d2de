"""Issue 31 for Formula 90's words (``autodromo.formula90.words``, the gettext domain
``formula90``): the terminal in the language asked for, the Portuguese manual's terms (its
"Desaceleração", "Bandeira Amarela", "atraso de freada", "teste cego"), and no text of the words
that bypasses the catalogue."""

from __future__ import annotations

import random
from functools import partial

import pytest

import autodromo
from autodromo import cli, locale
from autodromo.formula90 import words
from catalogue_english import english_phrases


english_sentences = partial(english_phrases, "formula90")


@pytest.mark.parametrize("lang", ["pt", "it"])
def test_a_race_in_the_terminal_speaks_the_language_asked_for(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    assert cli.main(["race", "formula90", "--watch", "--turns", "4", "--seed", "3", "--lang", lang]) == 0
    out = capsys.readouterr().out
    sentences = english_sentences(lang)
    assert len(sentences) >= 60
    assert {s for s in sentences if s in out} == set()
    with locale.use(lang):
        assert words.say("event.race_end") in out and words.say("screen.results") in out


def test_the_portuguese_terms_are_the_manuals() -> None:
    # The car too: the manual's "carro laranja" (its names in cars.toml, docs/content/names.md).
    yellow = {"kind": "yellow_passed", "car": {"id": "c", "name": "Orange"},
              "section": {"number": 3, "name": "Curva Prima"}}
    brake = {"kind": "check", "car": {"id": "c", "name": "Orange"}, "why": "late_brake",
             "card": {"id": "40", "name": "40"}, "target": 75, "pass": True}
    with locale.use("pt"):
        assert words.event_words(yellow) == "Laranja passa a bandeira amarela em Curva Prima (Desaceleração, 1 PM)"
        assert words.event_words(brake) == "Laranja atraso de freada: compra 40, precisa de 75 ou menos: passou"
        assert words.term("sky", "drizzle") == "garoa" and words.term("tyre", "soft") == "macios"
    with locale.use("it"):
        assert words.event_words(brake) == "Arancione staccata ritardata: pesca 40, serve 75 o meno: superato"
    assert words.event_words(yellow) == "Orange gets past the yellow flag in Curva Prima (1 MP)"


def test_every_word_of_a_race_goes_through_the_catalogue() -> None:
    # In the pseudo-language every text say() makes is bracketed: a plain word is one that was not.
    rng = random.Random(5)
    state = autodromo.game("formula90", players=2, turns=3).new_state()
    while not state.is_terminal():
        if state.current_player() < 0:
            state.apply_chance_at(rng.random())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    with locale.use(locale.PSEUDO):
        lines = [words.event_words(e) for e in words.steps(state.log(None))]
        lines += words.board_lines(state.view(None), None)
    assert lines and all(line.startswith("[") and line.endswith("]") for line in lines), [
        line for line in lines if not line.startswith("[")][:5]


def test_the_prompt_words_the_cores_refusal_in_the_language() -> None:
    from io import StringIO

    from autodromo.tui.formula90 import prompt_policy

    s = autodromo.game("formula90", players=2, turns=3).new_state()
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    out, answers = StringIO(), iter(["drive", "1"])
    with locale.use("pt"):
        prompt_policy(read=lambda _: next(answers), out=out)(s, s.current_player())
    # Free Practice's skill is chosen first: driving is another step's choice (issue 31); the
    # label stays the one typed, the car and the step are in Portuguese
    assert "não é possível: drive não é uma escolha de Azul (Free Practice: a habilidade)" in out.getvalue()
    assert "is not a choice of" not in out.getvalue()


def test_a_refusal_names_the_car_skill_and_flag_in_the_language() -> None:
    with locale.use("pt"):
        assert words.refusal_words("not_the_skill", {"car": "Orange", "skill": "Wise Driving"}) == (
            "Habilidades: Laranja não tem a habilidade Wise Driving")
        assert words.refusal_words("sixth_used", {"flag": "yellow"}) == (
            "Sixth Sense: o token da bandeira amarela foi usado; os tokens voltam no próximo pit stop")
    with locale.use("it"):
        assert words.refusal_words("must_pit", {"car": "Blue"}) == (
            "Benzina: la pedina del turno ha raggiunto il segnalino rifornimento di Blu: deve fermarsi ai box "
            "in questo turno")
