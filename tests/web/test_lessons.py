"""Issue 32, item 6, "every lesson played through in chromium, with a wrong answer and the right
one": from the lobby's "Learn to play" link to each game's lessons, each lesson is opened, a wrong
answer is tapped (the feedback says it is not the one, and why), then the right one (the
feedback says right, and why), each time with what the rules did. On a phone (390×844) the
lesson pages do not scroll sideways and every control is at least 44 CSS px. A lesson plays on
from its position as a game of its own, on the game's board."""

from __future__ import annotations

from typing import Any

import pytest

from autodromo import lessons, locale

from .conftest import LiveServer, Page
from .test_e2e import wait_for_my_turn_or_end
from .test_phone_layout import LAYOUT, PHONE, problems

GAMES = ["mille_bornes", "lamborghini", "legend", "formula90"]


def answer(pg: Any, lesson: lessons.Lesson, found: lessons.Answer) -> None:
    action = lesson.action(lesson.state(), found)
    pg.locator(f"[data-testid=lesson-decision][data-action='{action}']").click()
    feedback = pg.get_by_test_id("lesson-feedback")
    why = lesson.say(found.why)
    feedback.get_by_test_id("lesson-why").filter(has_text=why).wait_for()
    verdict = feedback.get_by_test_id("lesson-verdict").inner_text()
    assert verdict.startswith("Right." if found.right else "Not this one."), (lesson.id, verdict)
    assert feedback.locator("[data-testid=lesson-happened] li").count() >= 1, lesson.id


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_is_played_wrong_then_right_from_the_lobby(live: LiveServer, page: Page, game: str) -> None:
    pg = page.page
    pg.goto(live.url + "/")
    pg.get_by_test_id(f"learn-{game}").click()
    pg.wait_for_url(f"**/lessons/{game}")
    links = pg.get_by_test_id("lesson-link")
    links.first.wait_for()
    found = lessons.every(game)
    assert links.count() == len(found) >= 6
    with locale.use("en"):
        for n, lesson in enumerate(found):
            pg.goto(f"{live.url}/lessons/{game}")
            pg.get_by_test_id("lesson-link").nth(n).click()
            pg.get_by_role("heading", name=lesson.title, exact=True).wait_for()
            assert lesson.explain in pg.get_by_test_id("lesson-explain").inner_text()
            assert lesson.section in pg.get_by_test_id("lesson-section").inner_text()
            answer(pg, lesson, next(a for a in lesson.answers if not a.right))
            answer(pg, lesson, next(a for a in lesson.answers if a.right))
            page.shot(f"lesson-{game}-{lesson.id}")
    assert page.errors == []


def test_the_lesson_pages_fit_a_phone(live: LiveServer, browser: Any) -> None:
    phone = Page(browser, **PHONE)
    try:
        pg = phone.page
        for game in GAMES:
            for path in ("/lessons", f"/lessons/{game}", *(f"/lessons/{game}/{lesson.id}" for lesson in lessons.every(game))):
                pg.goto(live.url + path)
                sels = {"decision": "[data-testid=lesson-decision]"} if path.count("/") == 3 else {}
                found = pg.evaluate(LAYOUT, sels)
                assert problems(found) == [], path
            first = lessons.every(game)[0]
            pg.goto(f"{live.url}/lessons/{game}/{first.id}")
            answer(pg, first, next(a for a in first.answers if not a.right))
            assert problems(pg.evaluate(LAYOUT, {})) == []
            phone.shot(f"lesson-phone-{game}")
        assert phone.errors == []
    finally:
        phone.context.close()


def test_an_answer_that_is_no_decision_is_refused(live: LiveServer) -> None:
    client = live.app.test_client()
    lesson = lessons.every(GAMES[0])[0]
    assert client.post(f"/api/lessons/{lesson.game}/{lesson.id}", json={"action": 10_000}).status_code == 400
    assert client.post(f"/api/lessons/{lesson.game}/{lesson.id}", json={"action": "x"}).status_code == 400
    assert client.post(f"/api/lessons/{lesson.game}/nowhere", json={"action": 0}).status_code == 404
    assert client.get(f"/lessons/{lesson.game}/nowhere").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_plays_on_from_its_position_on_the_board(live: LiveServer, page: Page, game: str) -> None:
    # Its position becomes a game of its own: the play page, the same decision to make.
    lesson = lessons.every(game)[-1]
    pg = page.page
    pg.goto(f"{live.url}/lessons/{game}/{lesson.id}")
    offered = pg.get_by_test_id("lesson-decision").count()
    pg.get_by_test_id("lesson-play-on").click()
    pg.wait_for_url("**/play/*")
    assert wait_for_my_turn_or_end(pg) == "decide"
    assert pg.get_by_test_id("decision").count() == offered
    assert page.errors == []
