"""The caption under Legend's board tells the space pointed at, and only that (issue 32,
"Smaller": a stale caption described an option not taken). After a click on a space the car
stands there, and the next round's "Stop to cool" space is drawn under the pointer that has not
moved: the caption said "row 19, right lane: speed 0, Temperature -1. The way: Stop to cool", as
if that were the move just made. A space is told when the pointer moves onto it or the keyboard
reaches it."""

from __future__ import annotations

from .clicking import furthest_safe_space, shown_version, wait_for_turn
from .conftest import LiveServer, Page, legend_body

DEFAULT = "Point at or tab to a highlighted space to see its cost; click it to drive there."


def test_the_caption_under_the_board_tells_no_space_nobody_pointed_at(live: LiveServer, page: Page) -> None:
    client = live.app.test_client()
    body = legend_body(humans=1, bots=1, seed=5)
    body["options"].update(qualifying=False, choose_split=False)
    gid = client.post("/api/games", json=body).json["id"]
    pg = page.page
    pg.goto(f"{live.url}/play/{gid}")
    told = []
    for _ in range(6):
        assert wait_for_turn(pg) == "decide"
        space = furthest_safe_space(pg)
        if space is None:
            old = shown_version(pg)
            pg.get_by_test_id("decision").first.click()
        else:
            old = shown_version(pg)
            pg.locator(f'[data-testid=reach][data-row="{space[0]}"][data-lane="{space[1]}"]').click()
        pg.wait_for_function(f"() => Number(document.getElementById('play').dataset.version) > {old}")
        assert wait_for_turn(pg) == "decide"
        pg.wait_for_timeout(300)
        info = pg.locator("#reach-info")
        if info.count():
            told.append(info.inner_text())
    assert told and all(t == DEFAULT for t in told), told
    page.shot("legend-reach-caption")

    # Pointing at a space, or tabbing to it, still tells it: the one under the pointer too, once
    # the pointer has left it and come back.
    pg.mouse.move(5, 5)
    cell = pg.locator("[data-testid=reach]").first
    cell.hover()
    assert pg.locator("#reach-info").inner_text().split(". The way: ")[0] in cell.get_attribute("aria-label")
    pg.mouse.move(5, 5)
    cell = pg.locator("[data-testid=reach]").last
    cell.focus()
    assert ". The way: " in pg.locator("#reach-info").inner_text()
    assert page.errors == []
