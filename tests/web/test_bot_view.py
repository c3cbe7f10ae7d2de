"""Issue 32, item 7: "A bot seat's view is never served, on loopback or not." Before, on loopback
``GET /api/games/<id>?seat=1`` answered a bot seat's hand with no token. A human seat's own view
still reaches the one screen of a hot-seat game without a token (how the page shows each human
their hand in turn), and a phone's token still reads its own seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autodromo_web import create_app

from .conftest import LiveServer, Page

T = "X-Autodromo-Token"
#: Two humans and a bot at Mille Bornes: a hand is hidden information.
TABLE = {"game": "mille_bornes", "options": {"score_to_win": 0},
         "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"},
                   {"kind": "bot", "bot": "medium", "name": "Cleo"}], "seed": 3}


def made(client: Any, **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={**TABLE, **extra})
    assert r.status_code == 201, r.json
    doc: dict[str, Any] = r.json
    return doc


def refused_for_the_bot(client: Any, gid: str, headers: dict[str, str]) -> None:
    for path in (f"/api/games/{gid}?seat=2", f"/api/games/{gid}/legal?seat=2", f"/api/games/{gid}/steps?seat=2",
                 f"/api/games/{gid}/replay?seat=2"):
        r = client.get(path, headers=headers)
        assert r.status_code == 403, (path, r.status_code, r.get_data(as_text=True)[:200])
        assert "Cleo" in r.json["error"] and "bot" in r.json["error"], r.json
        assert "hand" not in r.get_data(as_text=True).lower().replace("its hand stays hidden", "")
    for path, body in ((f"/api/games/{gid}/advance", {"seat": 2, "steps": 0}),
                       (f"/api/games/{gid}/actions", {"seat": 2, "action": 0}),
                       (f"/api/games/{gid}/undo", {"seat": 2})):
        r = client.post(path, json=body, headers=headers)
        # (On the network a post with no token is refused before the seat is looked at.)
        assert r.status_code == 403 and "bot" in r.json["error"] or r.status_code == 401 and not headers, (path, r.json)


def test_on_loopback_a_bot_seats_view_is_refused_and_each_humans_still_served(client: Any) -> None:
    g = made(client)
    gid = g["id"]
    before = client.get(f"/api/games/{gid}").json["version"]
    refused_for_the_bot(client, gid, {})
    # ... with the owner's token too: the one screen of a hot-seat game shows human hands only.
    refused_for_the_bot(client, gid, {T: g["owner_token"]})
    # The hot-seat page reads each human's own view, on loopback with no token (as before).
    for seat, name in ((0, "Ada"), (1, "Bea")):
        r = client.get(f"/api/games/{gid}?seat={seat}&page=1")
        assert r.status_code == 200, r.json
        assert r.json["table"]["hand_of"] == name and len(r.json["table"]["hand"]) >= 6
    assert client.get(f"/api/games/{gid}").json["version"] == before, "nothing changed"


def test_on_the_network_a_bot_seats_view_is_refused_with_any_token(db: Path) -> None:
    client: Any = create_app({"DB": str(db), "TESTING": True, "AUTODROMO_LAN": True}).test_client()
    g = made(client, seed=None, seating="links")
    tokens = [j["url"].split("#t=", 1)[1] for j in g["join"]]
    assert [j["seat"] for j in g["join"]] == [0, 1], "a join link per human seat, none for the bot"
    for headers in ({}, {T: g["owner_token"]}, {T: tokens[0]}, {T: tokens[1]}):
        refused_for_the_bot(client, g["id"], headers)
    r = client.get(f"/api/games/{g['id']}?seat=0&page=1", headers={T: tokens[0]})
    assert r.status_code == 200 and r.json["table"]["hand_of"] == "Ada"


def test_a_championships_bot_seat_is_refused_too(client: Any) -> None:
    body = {"game": "legend", "mode": "balanced", "cars": ["osca_mt4", "porsche_550"], "circuits": ["example"],
            "laps": 1, "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "medium", "name": "Cleo"}],
            "seed": 2}
    r = client.post("/api/events", json=body)
    assert r.status_code == 201, r.json
    eid = r.json["id"]
    r = client.get(f"/api/events/{eid}?seat=1")
    assert r.status_code == 403 and "Cleo" in r.json["error"] and "bot" in r.json["error"], r.json
    assert client.get(f"/api/events/{eid}?seat=0").status_code == 200


def test_the_hot_seat_page_shows_each_human_and_a_bot_view_is_refused_in_chromium(live: LiveServer, page: Page) -> None:
    """The browser's own fetch of a bot's view is refused; the page plays on for the humans."""
    client = live.app.test_client()
    g = made(client)
    pg = page.page
    pg.goto(f"{live.url}/play/{g['id']}")
    pg.wait_for_selector("#play[data-version]")
    got = pg.evaluate("""async (gid) => {
        const bot = await fetch(`/api/games/${gid}?seat=2`);
        const ada = await fetch(`/api/games/${gid}?seat=0&page=1`);
        return [bot.status, (await bot.json()).error, ada.status, (await ada.json()).table.hand_of];
    }""", g["id"])
    assert got[0] == 403 and "Cleo" in got[1] and "bot" in got[1], got
    assert got[2:] == [200, "Ada"], got
    # The one screen hands over between the humans: the hand-off asks, then shows that seat's hand.
    pg.get_by_test_id("handoff-ready").click()
    pg.locator("[data-testid=hand]").first.wait_for()
    assert "'s hand" in pg.locator("h3", has_text="'s hand").inner_text()
    page.shot("bot-view-refused-hot-seat")
    # The one error is the refused fetch the test made itself.
    assert [e for e in page.errors if "403" not in e] == [] and len(page.errors) == 1, page.errors
