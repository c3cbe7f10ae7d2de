"""A hot-seat game page opened at `/play/<id>?seat=N` (N numbered as the API's) stays on that
human seat, as a phone does: it shows that seat's hand, decides only for it and waits while
another human decides, saying so; the page without `?seat=` follows the turn as before. (A
screenshot script once opened `?seat=1` and was switched to the seat to move.) Chromium."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer, Page

MILLE = {"game": "mille_bornes", "options": {"score_to_win": 0}, "seed": 5,
         "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]}


def to_move(live: LiveServer, gid: str) -> int:
    return int(live.app.test_client().get(f"/api/games/{gid}").json["to_move"])


def watched(page: Page) -> Any:
    """Another tab of the page's browser, its errors counted with the page's."""
    pg = page.context.new_page()
    pg.set_default_timeout(15_000)
    pg.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: page.errors.append(str(e)))
    return pg


def test_the_seat_in_the_address_keeps_the_page_on_that_seat_at_a_hot_seat_table(live: LiveServer, page: Page) -> None:
    created = live.app.test_client().post("/api/games", json=MILLE)
    assert created.status_code == 201, created.json
    gid = created.json["id"]
    mover = to_move(live, gid)
    other = 1 - mover
    names = ["Ada", "Bea"]
    waiting, deciding = page.page, watched(page)
    waiting.goto(f"{live.url}/play/{gid}?seat={other}")
    deciding.goto(f"{live.url}/play/{gid}?seat={mover}")
    for pg, seat in ((waiting, other), (deciding, mover)):
        pg.get_by_test_id("hand").wait_for()
        assert pg.locator("#title").inner_text().endswith(f"you are {names[seat]}")
        assert pg.get_by_text(f"{names[seat]}'s hand").count() == 1
        assert pg.get_by_text(f"{names[1 - seat]}'s hand").count() == 0
        assert pg.get_by_test_id("handoff").is_hidden(), "no hand-off: the page is this seat's"
    # The waiting page shows no decision and says who decides; it did not switch to the mover.
    assert waiting.get_by_test_id("decision").count() == 0
    note = waiting.get_by_test_id("nothing-to-decide").inner_text()
    assert note.startswith(f"{names[mover]} decides.") and f"{names[other]}'s seat" in note
    assert waiting.get_by_test_id("follow-turn").get_attribute("href") == f"/play/{gid}"
    # The mover decides on their page; the turn passes and the waiting page, told by the live
    # stream, now decides for its own seat, while the other page waits in its turn.
    deciding.get_by_test_id("decision").first.click()
    waiting.get_by_test_id("decision").first.wait_for()
    assert to_move(live, gid) == other
    assert waiting.get_by_test_id("to-move").inner_text() == f"Your turn, {names[other]}"
    deciding.get_by_test_id("nothing-to-decide").wait_for()
    assert deciding.get_by_text(f"{names[mover]}'s hand").count() == 1
    # Without `?seat=` the hot-seat page follows the turn: the hand-off to the seat to move.
    plain = watched(page)
    plain.goto(f"{live.url}/play/{gid}")
    plain.get_by_test_id("handoff").wait_for()
    assert plain.get_by_test_id("handoff-ready").inner_text() == f"I am {names[other]}: show my hand"
    assert page.errors == []
