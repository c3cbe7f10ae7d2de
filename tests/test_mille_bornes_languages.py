"""Issue 31, item 2 for Mille Bornes: the game complete in Italian and Portuguese, its cards and
terms in Italian as the Italian book ("1000 miglia", /work/shared/rules) names them, and the
terminal in the language asked for (``--lang``) or the locale's."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from autodromo import cli, locale
from autodromo.mille_bornes import words

BOOK = Path("/work/shared/rules/mille-bornes-1000-miglia.it.txt")

#: The cards the Italian book names, as it names them.
BOOK_NAMES = {
    "roll": "Semaforo verde",  # "dovete giocare un Semaforo verde"
    "stop": "Semaforo rosso",  # "Semaforo rosso, se l'avversario ha giocato una carta Veicolo con priorità"
    "right_of_way": "Veicolo con priorità",
    "accident": "Incidente",  # "o Incidente, se ha giocato una carta Campione del volante"
    "driving_ace": "Campione del volante",
    "wrong_way": "Senso contrario",  # "quella di Senso contrario, alla quale corrisponde ... Fine del senso contrario"
    "end_of_wrong_way": "Fine del senso contrario",
}


def english_sentences(lang: str) -> set[str]:
    """The words of every English message between its fields, where it reads as a sentence (two
    words or more) and its translations differ from it: what must not show in another language."""
    with locale.catalogue_path("mille_bornes", lang).open("rb") as f:
        translated = {(str(m.context), str(m.id)): str(m.string) for m in read_po(f) if m.id}
    out = set()
    for (key, english), text in translated.items():
        if text == english:
            continue
        for literal, *_ in string.Formatter().parse(english):
            piece = literal.strip(" :;,.()—")
            if " " in piece and len(piece) >= 8 and piece not in text:
                out.add(piece)
    return out


def play(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert cli.main(["play", "mille_bornes", "--watch", "--single-hand", "--seed", "3", *args]) == 0
    return capsys.readouterr().out


def test_the_cards_the_italian_book_names_are_named_as_it_names_them() -> None:
    book = BOOK.read_text(encoding="utf-8") if BOOK.is_file() else ""
    with locale.use("it"):
        for card_id, name in BOOK_NAMES.items():
            assert words.say(f"card.name.{card_id}") == name
            if book:
                assert name in book, name
        assert words.say("turn") == "Manche"  # "La manche termina quando…"
        assert words.say("move.coup_fourre") == "Colpo scambievole!"  # "quello che si chiama 'Colpo scambievole'"


@pytest.mark.parametrize("lang", ["it", "pt"])
def test_a_game_in_the_terminal_speaks_the_language_asked_for(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    out = play(capsys, "--lang", lang)
    sentences = english_sentences(lang)
    assert len(sentences) >= 90 and "Game over" in sentences
    english = {s for s in sentences if s in out}
    assert english == set(), f"English in the {lang} game"
    with locale.use(lang):
        assert words.say("card.name.roll") in out
        assert words.say("log.game_over", winners="").split(":")[0] in out
    assert play(capsys, "--lang", "en").count("Game over") == 1


def test_the_terminal_follows_the_locale_when_no_language_is_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert "Fim de jogo" in play(capsys)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert "Partita finita" in play(capsys, "--lang", "it")
    assert "Game over" in play(capsys, "--lang", "en")


def test_the_prompt_and_its_refusals_speak_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    from io import StringIO

    import autodromo
    from autodromo.tui.mille_bornes import prompt_policy

    s = autodromo.game("mille_bornes", players=2).new_state()
    while s.current_player() < 0:
        s.apply_action(s.legal_actions()[0])
    out = StringIO()
    answers = iter(["", "99", "draw 25", "1"])
    with locale.use("it"):
        choose = prompt_policy(["Ada", "Bo"], read=lambda _: next(answers), out=out)
        choose(s, s.current_player())
    text = out.getvalue()
    assert "non si può: scrivi un numero" in text and "non si può: " in text.split("scrivi un numero")[1]
    # a label the core refuses: its refusal worded in Italian (issue 31), not the core's English
    assert "non si può: le carte si pescano solo quando decide il caso" in text
    assert not re.search(r"not possible|type a number|your hand|chance node", text)


def test_scores_are_written_as_the_language_writes_numbers() -> None:
    from autodromo.mille_bornes.words import Names

    names = Names(["Ada", "Bo"], [[0], [1]])
    event = {"kind": "hand_over", "hand": 1, "scores": [{"total": 2300}, {"total": 450}]}
    assert words.event_words(event, names) == "Hand 1 is over: Ada 2,300, Bo 450"
    with locale.use("it"):
        assert words.event_words(event, names) == "Fine della manche 1: Ada 2.300, Bo 450"
    with locale.use("pt"):
        assert words.event_words(event, names) == "Fim da mão 1: Ada 2.300, Bo 450"
