"""Issue 32, item 6: the lessons from the books. Each game's lessons load, their position is one
the core builds (``Game.state_from`` checks it against the rules), the seat that decides is the
one to act there, and every answer a lesson speaks of is a legal action there: the right one and
the wrong ones alike. Each lesson has its words (title, the book's section, the explanation, the
question, a reason per answer) in every language the lessons catalogue claims."""

from __future__ import annotations

import pytest

from autodromo import lessons, locale
from autodromo.lessons import Lesson, words

#: The games with lessons, each with at least six (issue 32: "at least six per game").
GAMES = ["mille_bornes", "lamborghini", "legend", "formula90"]


def check(lesson: Lesson) -> None:
    state = lesson.state()
    assert not state.is_terminal() and not state.is_chance_node(), lesson.id
    assert state.current_player() == lesson.seat, lesson.id
    legal = state.legal_actions()
    assert [a for a in lesson.answers if a.right], f"{lesson.id}: no right answer"
    assert [a for a in lesson.answers if not a.right], f"{lesson.id}: no wrong answer"
    for answer in lesson.answers:
        assert lesson.action(state, answer) in legal, f"{lesson.id}: {answer.label} is not legal there"
        assert lesson.answer_to(state, lesson.action(state, answer)) == answer
    assert len(lesson.names) == lesson.build().num_players


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_loads_and_its_answers_are_legal_there(game: str) -> None:
    found = lessons.every(game)
    assert len(found) >= 6, f"{game}: {len(found)} lessons"
    for lesson in found:
        check(lesson)


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_has_its_words_in_every_language(game: str) -> None:
    for lang in words.COMPLETE:
        with locale.use(lang):
            for lesson in lessons.every(game):
                texts = [lesson.title, lesson.section, lesson.explain, lesson.ask, *(lesson.say(a.why) for a in lesson.answers)]
                assert all(t.strip() for t in texts), (lang, lesson.id)
    with locale.use("it"):
        first = lessons.every(game)[0]
        assert first.explain != words.ENGLISH[f"{first.id}.explain"], "Italian is read from its catalogue"


def test_the_check_fails_on_an_answer_that_is_not_legal() -> None:
    # A planted case: a stopped car's lesson offering 100 miles, which needs a Roll first.
    lesson = lessons.find("mille_bornes", "green-light")
    planted = Lesson(lesson.game, lesson.id, lesson.options, lesson.position, lesson.seat, lesson.names,
                     (*lesson.answers, lessons.Answer("play 100", False, "wrong")))
    with pytest.raises(AssertionError, match="is not legal there"):
        check(planted)


def test_lesson_ids_are_unique_and_a_missing_one_is_named() -> None:
    ids = [lesson.id for lesson in lessons.every()]
    assert len(ids) == len(set(ids))
    with pytest.raises(ValueError, match="no lesson 'nowhere'"):
        lessons.find("mille_bornes", "nowhere")
