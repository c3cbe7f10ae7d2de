"""Issue 32 item 8: a Legend championship with the Spare Part auction, played to its end; between
the races the repairs form shows the player's Spare Parts as the auction left them ("Each player
will start the game with the Spare part cards left after the auction") and what each brand
repairs, in the held parts' line, the parts to collect and the parts to use. The person's race
moves go through the API (test_events.drive); the repairs screen is read in chromium
(tests/web/artifacts/long-legend-repairs-*.png)."""

from __future__ import annotations

from typing import Any

from autodromo.legend import words as legend_words

from .conftest import LiveServer, Page
from .test_events import bid, drive


def test_legend_championship_repairs_show_the_auctions_spare_parts(live: LiveServer, browser: Any) -> None:
    client = live.app.test_client()
    body = {"game": "legend", "mode": "historical", "era": "fifties", "circuits": ["example", "castelrosso"],
            "laps": 1, "seed": 4,
            "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "greedy", "name": "Bruno"},
                      {"kind": "bot", "bot": "random", "name": "Carla"}]}
    created = client.post("/api/events", json=body)
    assert created.status_code == 201, created.json
    eid = created.json["id"]
    shots = 0
    for _ in range(400):
        e = client.get(f"/api/events/{eid}?seat=0").json
        if e["stage"] == "over":
            break
        if e["stage"] == "race":
            drive(client, e["race"])
            continue
        if e["stage"] == "repairs":
            spares = e["repair"]["spares"]
            held = {s["name"]: s["count"] for s in spares}
            assert e["repair"]["held"] == legend_words.spares_words(held)
            p = Page(browser, viewport={"width": 1366, "height": 768})
            try:
                p.page.goto(f"{live.url}/event/{eid}")
                form = p.page.get_by_test_id("repairs")
                form.wait_for()
                shown = p.page.get_by_test_id("repair-spares").inner_text()
                assert shown == e["repair"]["held"]
                for name, pid in legend_words.SPARE_PARTS:
                    if held[name]:
                        # What the brand repairs, beside it (Candele Folgore: the Engine).
                        assert name in shown and legend_words.say(f"spares.repairs.{pid}") in shown
                options = p.page.get_by_test_id("repair-collect").locator("option").all_inner_texts()
                assert any("Engine to full Reliability" in o for o in options) or held["Candele Folgore"] > 1
                p.shot(f"long-legend-repairs-{shots}")
                shots += 1
                assert not p.errors, p.errors
            finally:
                p.context.close()
            choice: Any = {"collect": None, "engine": 0, "brakes": 0, "tires": 0, "spend": []}
        elif e["stage"] == "auction":
            choice = bid(e)
        else:
            choice = e["decisions"][len(e["decisions"]) // 2]["id"]
        r = client.post(f"/api/events/{eid}/decisions", json={"seat": 0, "choice": choice})
        assert r.status_code == 200, r.json
    assert e["stage"] == "over" and shots == 1
    p = Page(browser, viewport={"width": 1366, "height": 768})
    try:
        p.page.goto(f"{live.url}/event/{eid}")
        p.page.get_by_text(e["champion"]).wait_for()
        p.shot("long-legend-over")
    finally:
        p.context.close()
