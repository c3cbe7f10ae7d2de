"""Issue 32 item 8, the long formats told as they are played, each to its end, its between-races
screens read in chromium (screenshots in tests/web/artifacts/long-*.png):

- Lamborghini's long game (two races, the shortest legal race: one lap, three players): between
  the races a results screen with places, prizes and each player's money through the race, and
  what decides the game (money); the next race's bid made on the page; at the end the money of
  every race and the winner on money.
- Mille Bornes in teams to the book's 5,000 points: every hand's score between hands.

The person's moves in the races are posted through the API (the page's own form of it) to keep
the time modest; the screens between races are the page's, in chromium. The Legend
championship with the auction: test_legend_repairs_spares.py."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer, Page
from .test_api import act, view

LAMBORGHINI: dict[str, Any] = {"game": "lamborghini", "options": {"long": True, "laps": 1, "races": 2}, "seed": 11,
               "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "medium", "name": "Bruno"},
                         {"kind": "bot", "bot": "medium", "name": "Carla"}]}


def play_until(client: Any, gid: str, done: Any) -> dict[str, Any]:
    """The person takes their first legal move (the bots theirs) until ``done(view)`` holds."""
    for _ in range(5000):
        v = view(client, gid, seat=0)
        if done(v):
            return v
        assert v["status"] != "finished", "the game ended first"
        act(client, gid, 0, v["legal"][0]["id"])
    raise AssertionError("not reached")


def test_lamborghini_long_game_between_races_and_at_the_end(live: LiveServer, browser: Any) -> None:
    client = live.app.test_client()
    gid = client.post("/api/games", json=LAMBORGHINI).json["id"]
    play_until(client, gid, lambda v: v["view"].get("races_run") == 1)
    doc = client.get(f"/api/games/{gid}?seat=0&page=1").json
    table = doc["table"]
    assert table["race"] == "Race 2 of 2"
    last = table["last_race"]
    assert last["title"].startswith("Results of race 1 of 2")
    # Places 1st to 3rd, each with its prize (decision 33: 30,000, 20,000, 10,000 $ to finishers).
    assert [r["cells"][0] for r in last["rows"]] == ["1st", "2nd", "3rd"]
    core = view(client, gid, seat=0)["view"]["results"][0]
    for row, car in zip(last["rows"], sorted(core["cars"], key=lambda c: c["place"])):
        assert row["cells"][-1] == f"{car['prize']:,}\u00a0$"
        assert car["prize"] == ((30_000, 20_000, 10_000)[car["place"] - 1] if car["finish"] else 0)
    rows = {r["label"]: r["values"] for r in last["money"]}
    assert last["sides"] == ["Ada", "Bruno", "Carla"]
    for seat, m in enumerate(core["money"]):
        # The money's way through the race: before, the bid and cards lost, the prize won, after.
        assert m["start"] - m["bid"] - m["paid"] + m["prize"] == m["end"]
        assert rows["Money after the race"][seat] == f"{m['end']:,}\u00a0$"
        assert rows["Prizes"][seat] == (f"+{m['prize']:,}\u00a0$" if m["prize"] else "0\u00a0$")
    assert rows["Money before the race"] == ["60,000\u00a0$"] * 3
    assert "won on money" in last["decides"] and last["open"]
    # The log says the race ended and who won what.
    assert any(e["text"].startswith("Race 1 of 2 is over. Prizes: ") for e in doc["log"])
    p = Page(browser, viewport={"width": 1366, "height": 768})
    try:
        p.page.goto(f"{live.url}/play/{gid}?seat=0")
        panel = p.page.get_by_test_id("race-results")
        panel.wait_for()
        text = panel.inner_text()
        assert "Results of race 1 of 2" in text and "Money after the race" in text and "won on money" in text
        assert p.page.get_by_test_id("race-of").inner_text().startswith("Race 2 of 2")
        p.shot("long-lamborghini-between-races")
        phone = Page(browser, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
        try:
            phone.page.goto(f"{live.url}/play/{gid}?seat=0")
            phone.page.get_by_test_id("race-results").wait_for()
            phone.shot("long-lamborghini-between-races-phone")
        finally:
            phone.context.close()
        # Race 2's bid, made on the page with its one control.
        p.page.get_by_test_id("bid-amount").fill("2")
        p.page.get_by_test_id("bid-button").click()
        p.page.wait_for_function("() => !document.querySelector('[data-testid=bid-control]')")
        assert not p.errors, p.errors
    finally:
        p.context.close()
    assert view(client, gid, seat=0)["view"]["players"][0]["bid"] == 2
    v = play_until(client, gid, lambda v: v["status"] == "finished")
    doc = client.get(f"/api/games/{gid}?seat=0&page=1").json
    assert "last_race" not in doc["table"]
    results = doc["results"]
    money = [pl["money"] for pl in v["view"]["players"]]
    best = money.index(max(money))
    assert results["headline"] == f"{LAMBORGHINI['seats'][best]['name']} wins the long game with {max(money):,} $"
    assert [t["title"].split(":")[0] for t in results["scores"]] == ["Race 1 of 2", "Race 2 of 2"]
    after = {r["label"]: r["values"] for r in results["scores"][1]["rows"]}["Money after the race"]
    assert after == [f"{m:,}\u00a0$" for m in money]
    # The final order is on money, richest first, each race's places beside it.
    assert results["columns"] == ["Place", "Player", "Money", "Race 1", "Race 2"]
    assert [r["cells"][2] for r in results["rows"]] == [f"{m:,} $" for m in sorted(money, reverse=True)]
    assert results["rows"][0]["cells"][1] == LAMBORGHINI["seats"][best]["name"]
    p = Page(browser, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        p.page.goto(f"{live.url}/play/{gid}?seat=0")
        p.page.locator("#results:not([hidden])").wait_for()
        assert "wins the long game" in p.page.locator("#results").inner_text()
        assert p.page.get_by_test_id("score-table").count() == 2
        p.shot("long-lamborghini-results-phone")
    finally:
        p.context.close()


def test_mille_bornes_in_teams_to_5000_shows_every_hands_score(live: LiveServer, browser: Any) -> None:
    """Four players in two teams to the book's 5,000: after every hand but the last the table
    holds that hand's score ("Score after hand N") with the running total; the results every
    hand's."""
    client = live.app.test_client()
    body = {"game": "mille_bornes", "options": {"teams": 2, "score_to_win": 5000}, "seed": 3,
            "seats": [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "medium", "name": n}
                                                          for n in ("Bruno", "Carla", "Dario")]}
    gid = client.post("/api/games", json=body).json["id"]
    p = Page(browser, viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    hand = 1
    try:
        while True:
            v = play_until(client, gid, lambda v: v["status"] == "finished" or v["view"]["hand_number"] > hand)
            if v["status"] == "finished":
                break
            hand = v["view"]["hand_number"]
            p.page.goto(f"{live.url}/play/{gid}?seat=0")
            panel = p.page.get_by_test_id("hand-score")
            panel.wait_for()
            text = panel.inner_text()
            assert f"Score after hand {hand - 1}" in text and "Running total" in text
            p.shot(f"long-mille-bornes-after-hand-{hand - 1}")
        p.page.goto(f"{live.url}/play/{gid}?seat=0")
        p.page.locator("#results:not([hidden])").wait_for()
        titles = p.page.get_by_test_id("score-table").count()
        assert titles == hand
        p.shot("long-mille-bornes-results")
        assert not p.errors, p.errors
    finally:
        p.context.close()
    doc = client.get(f"/api/games/{gid}?seat=0&page=1").json
    totals = {r["label"]: r["values"] for r in doc["results"]["scores"][-1]["rows"]}["Running total"]
    assert max(int(t.replace(",", "")) for t in totals) >= 5000
