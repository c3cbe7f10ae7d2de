"""Issue 32 item 8: one control for a bid. Lamborghini's long game opens with sealed bids of 0 to
60,000 $ in steps of 1,000 (61 bids): the page shows one slider with the amount and its unit
("5,000 $", not "bid 5 $") and one button that bids it, not a button per amount, on a phone
(the layout check: nothing too small or clipped) and on a desktop."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer, Page
from .test_phone_layout import LAYOUT, PHONE

BODY = {"game": "lamborghini", "options": {"long": True}, "seed": 3,
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "easy", "name": "Bruno"}]}


def test_a_bid_is_one_slider_with_its_price_and_one_button(live: LiveServer, browser: Any) -> None:
    client = live.app.test_client()
    gid = client.post("/api/games", json=BODY).json["id"]
    legal = client.get(f"/api/games/{gid}?seat=0").json["legal"]
    assert len(legal) == 61 and all("bid" in a["label"] for a in legal)
    phone = Page(browser, **PHONE)
    try:
        pg = phone.page
        pg.goto(f"{live.url}/play/{gid}?seat=0")
        slider = pg.get_by_test_id("bid-amount")
        slider.wait_for()
        assert pg.get_by_test_id("decision").count() == 0, "no button per amount"
        assert pg.get_by_test_id("bid-shown").inner_text() == "0 $"
        assert pg.get_by_test_id("bid-button").inner_text() == "Bid nothing"
        slider.fill("5")
        assert pg.get_by_test_id("bid-shown").inner_text() == "5,000 $"
        assert slider.get_attribute("aria-valuetext") == "5,000 $"
        assert pg.get_by_test_id("bid-button").inner_text() == "Bid 5,000 $"
        found = pg.evaluate(LAYOUT, {})
        assert found["small"] == [] and found["clipped"] == [] and max(found["wide"]) <= 390, found
        phone.shot("bid-control-phone")
        pg.get_by_test_id("bid-button").tap()
        # The bid is the seat's: 5,000 $ went in (sealed to the others until every bid is in).
        pg.wait_for_function("() => !document.querySelector('[data-testid=bid-amount]')")
        log = [e["text"] for e in client.get(f"/api/games/{gid}?seat=0&page=1").json["log"]]
        assert any("Ada" in t and "5,000 $" in t for t in log), log
        assert phone.errors == []
    finally:
        phone.context.close()
