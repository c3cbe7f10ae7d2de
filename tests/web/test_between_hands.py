"""Issue 32 item 8, the long formats told as played: Mille Bornes in teams shows the score table of
the hand just played during the next one ("Score after hand 1": the book's scoring rows, the
hand's total and the running total per team), not only at the end; the results hold every
hand's. Played in chromium on a phone and a desktop, one person and three bots in two teams
(partners alternate: seats 1 and 3, 2 and 4), to 2,000 points so that the game takes a few hands.
Screenshots: tests/web/artifacts/between-hands-*.png."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer, Page
from .test_api import act, view

BODY = {"game": "mille_bornes", "options": {"teams": 2, "score_to_win": 2000}, "seed": 1,
        "seats": [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "medium", "name": n}
                                                      for n in ("Bruno", "Carla", "Dario")]}


def play_until(client: Any, gid: str, done: Any) -> dict[str, Any]:
    """The person takes their first legal move until ``done(view)`` holds."""
    for _ in range(3000):
        v = view(client, gid, seat=0)
        if done(v):
            return v
        assert v["status"] != "finished", "the game ended first"
        act(client, gid, 0, v["legal"][0]["id"])
    raise AssertionError("not reached")


def test_mille_bornes_in_teams_shows_each_hands_score_until_the_end(live: LiveServer, browser: Any) -> None:
    client = live.app.test_client()
    gid = client.post("/api/games", json=BODY).json["id"]
    play_until(client, gid, lambda v: v["view"]["hand_number"] == 2)
    doc = client.get(f"/api/games/{gid}?seat=0&page=1").json
    last = doc["table"]["last_hand"]
    assert last["title"] == "Score after hand 1"
    assert last["sides"] == [s["name"] for s in doc["table"]["sides"]] and len(last["sides"]) == 2
    rows = {r["label"]: r["values"] for r in last["rows"]}
    assert rows["Hand total"] == rows["Running total"]
    # The running total is each team's score now.
    assert rows["Running total"] == [f"{s['score']:,}" for s in doc["table"]["sides"]]
    for size, name in (({"width": 390, "height": 844}, "phone"), ({"width": 1366, "height": 768}, "desktop")):
        p = Page(browser, viewport=size)
        try:
            p.page.goto(f"{live.url}/play/{gid}?seat=0")
            panel = p.page.get_by_test_id("hand-score")
            panel.wait_for()
            assert "Score after hand 1" in panel.inner_text() and "Running total" in panel.inner_text()
            p.shot(f"between-hands-mille-bornes-{name}")
        finally:
            p.context.close()
    # Hand 2 over: the table now says hand 2's score, its running total the sum of both hands.
    v = play_until(client, gid, lambda v: v["view"]["hand_number"] == 3 or v["status"] == "finished")
    doc = client.get(f"/api/games/{gid}?seat=0&page=1").json
    if v["status"] != "finished":
        assert doc["table"]["last_hand"]["title"] == "Score after hand 2"
    v = play_until(client, gid, lambda v: v["status"] == "finished")
    doc = client.get(f"/api/games/{gid}?seat=0&page=1").json
    assert "last_hand" not in doc["table"]
    hands = doc["results"]["scores"]
    assert len(hands) >= 2 and [h["title"] for h in hands] == [f"Hand {k}" for k in range(1, len(hands) + 1)]
