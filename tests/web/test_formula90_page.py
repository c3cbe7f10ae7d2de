"""Race! Formula 90 in the browser: a race against a bot and the robots, chosen in the lobby and
played to its results by clicking, in Debian's chromium; the API's page form in names."""

from __future__ import annotations

import re
from typing import Any

from .conftest import LiveServer, Page
from .test_e2e import await_change, confirm_if_asked, shown_version, wait_for_my_turn_or_end


def test_a_formula90_race_played_to_the_results_by_clicking(live: LiveServer, page: Page) -> None:
    pg = page.page
    pg.goto(live.url + "/")
    pg.get_by_test_id("game-formula90").check()
    assert pg.get_by_test_id("seat-0-kind").input_value() == "human"
    pg.get_by_test_id("option-turns").fill("3")
    pg.get_by_test_id("seed").fill("7")
    pg.get_by_test_id("start").click()
    pg.wait_for_url("**/play/*")
    assert wait_for_my_turn_or_end(pg) == "decide"
    # The section track as the core laid it out (the cars take their places on the grid after
    # qualifying).
    assert pg.get_by_test_id("section").count() == 24
    places = pg.get_by_test_id("cars").locator("tbody tr td:first-child").all_inner_texts()
    assert places and set(places) == {"—"}, "no car has a place before the grid"
    # The hand as card faces: a number, its movement points.
    hand = pg.get_by_test_id("hand").locator("li")
    assert hand.count() == 6
    assert re.fullmatch(r"\d+", hand.first.locator("strong").inner_text())
    assert "MP" in hand.first.inner_text()
    page.shot("formula90-qualifying")
    clicks = 0
    saw_plan = False
    while wait_for_my_turn_or_end(pg) == "decide":
        buttons = pg.get_by_test_id("decision")
        kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
        if "play" in kinds and not saw_plan:
            # Each card play says where it lands and what it costs.
            detail = buttons.nth(kinds.index("play")).inner_text()
            assert re.search(r"\(-?\d+ MP\)", detail) and "to section " in detail, detail
            # Every car drawn on the track, in its section.
            assert pg.get_by_test_id("car").count() == pg.get_by_test_id("cars").locator("tbody tr").count()
            page.shot("formula90-play")
            saw_plan = True
        old = shown_version(pg)
        buttons.first.click()
        confirm_if_asked(pg)
        clicks += 1
        await_change(pg, old)
        assert clicks < 400, "the race never ended"
    assert saw_plan
    pg.get_by_test_id("results-table").wait_for()
    rows = pg.get_by_test_id("results-table").locator("tbody tr")
    assert rows.count() == pg.get_by_test_id("car").count()
    assert rows.first.locator("td").first.inner_text() == "1st"
    text = pg.locator("body").inner_text()
    assert not re.search(r"\b(seat|player) \d", text), "names, never ids"
    page.shot("formula90-results")
    assert page.errors == []


def test_the_page_form_speaks_in_names_and_hides_the_other_hand(client: Any) -> None:
    body = {"game": "formula90", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
            "seed": 2, "options": {"turns": 2, "robots": "one_each"}}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.json
    gid = made.json["id"]
    ann = client.get(f"/api/games/{gid}?seat=0&page=1&board=1").json
    bo = client.get(f"/api/games/{gid}?seat=1&page=1").json
    assert len(ann["table"]["cars"]) == 5, "two players and one robot of each kind"
    assert ann["table"]["hand"] and bo["table"]["hand"]
    assert {c["name"] for c in ann["table"]["hand"]}.isdisjoint({c["name"] for c in bo["table"]["hand"]})
    spectator = client.get(f"/api/games/{gid}?page=1").json
    assert spectator["table"]["hand"] is None
    titles = {c["title"] for c in ann["table"]["cars"]}
    assert "Blue (Ann)" in titles and "Orange (Bo)" in titles
    assert ann["board"]["sections"][0]["outline"]
    bad = client.post("/api/games", json={**body, "options": {"track": "monza"}})
    assert bad.status_code == 400 and "track" in bad.json["error"]
