"""A championship played by join links, and its tokens (issue 18 for events): the owner's token
given once at creation, a join link per human seat that follows the event into each of its
races, re-issued by the owner (the old token refused in the event and every race); every refusal
on the event's endpoints (no token, another seat's token, the owner's on a seat, an old token, a
cross-origin post, a foreign Host), each changing nothing; a hot-seat championship on a LAN (the
owner's token stands for every human seat) and on loopback (no token, as before)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from autodromo_web import create_app

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}, {"kind": "bot", "bot": "greedy", "name": "Cid"}]
CARS = ["osca_mt4", "porsche_550", "mercedes_ssk"]


def body(**extra: Any) -> dict[str, Any]:
    return {"game": "legend", "mode": "balanced", "cars": CARS, "circuits": ["example", "castelrosso"], "laps": 1,
            "seats": SEATS, **extra}


def h(token: str | None) -> dict[str, str]:
    return {"X-Autodromo-Token": token} if token else {}


@pytest.fixture
def lan(db: Path) -> Any:
    return create_app({"DB": str(db), "TESTING": True, "AUTODROMO_LAN": True}).test_client()


def by_links(client: Any) -> tuple[str, str, list[str]]:
    """A championship by join links: its id, the owner's token, Ada's and Bea's tokens."""
    r = client.post("/api/events", json=body(seating="links"))
    assert r.status_code == 201, r.json
    tokens = [j["url"].split("#t=", 1)[1] for j in r.json["join"]]
    return r.json["id"], r.json["owner_token"], tokens


def split_both(client: Any, eid: str, tokens: list[str]) -> str:
    """Ada and Bea each split their car's Reliability (each with their own token): race 1 starts."""
    for seat in (0, 1):
        e = client.get(f"/api/events/{eid}?seat={seat}", headers=h(tokens[seat])).json
        assert e["stage"] == "split" and e["to_decide"] == seat, e
        r = client.post(f"/api/events/{eid}/decisions", json={"seat": seat, "choice": e["decisions"][0]["id"]},
                        headers=h(tokens[seat]))
        assert r.status_code == 200, r.json
    e = client.get(f"/api/events/{eid}").json
    assert e["stage"] == "race"
    return str(e["race"])


def snapshot(client: Any, eid: str) -> Any:
    e = client.get(f"/api/events/{eid}").json
    return e["stage"], e["to_decide"], e["log"], e["races"]


def test_creating_a_championship_by_links_gives_the_owner_token_and_a_join_link_per_human_seat(client: Any) -> None:
    r = client.post("/api/events", json=body(seating="links"))
    assert r.status_code == 201, r.json
    doc = r.json
    eid, owner = doc["id"], doc["owner_token"]
    assert doc["seating"] == "links"
    assert [j["name"] for j in doc["join"]] == ["Ada", "Bea"], "a link per human seat, none for the bot"
    for j in doc["join"]:
        # On loopback: the path alone, no QR code (issue 32; test_phones_connect.py on the network).
        assert j["url"].startswith(f"/event/{eid}#t="), "the token rides in the fragment"
        assert j["qr"] is None and doc["network"] is False
    tokens = [j["url"].split("#t=", 1)[1] for j in doc["join"]]
    assert len({owner, *tokens}) == 3
    for token, role, seat in ((owner, "owner", None), (tokens[0], "seat", 0), (tokens[1], "seat", 1), (None, None, None)):
        me = client.get(f"/api/events/{eid}/me", headers=h(token)).json
        assert (me["role"], me["seat"], me["seating"], me["tokens_required"]) == (role, seat, "links", True)
    # Nothing else ever holds a token: the public view, the list, the owner's view.
    for path in (f"/api/events/{eid}", "/api/events", f"/api/events/{eid}/me"):
        text = client.get(path, headers=h(owner)).get_data(as_text=True)
        assert not any(t in text for t in (owner, *tokens)), path
    links = client.get(f"/api/events/{eid}/links", headers=h(owner))
    assert links.status_code == 200 and [j["url"] for j in links.json["join"]] == [j["url"] for j in doc["join"]]


def test_a_championship_by_links_refuses_a_chosen_seed(client: Any) -> None:
    r = client.post("/api/events", json=body(seating="links", seed=4))
    assert r.status_code == 400 and "server's secret" in r.json["error"]
    assert client.get("/api/events").json["events"] == []
    bad = client.post("/api/events", json=body(seating="phones"))
    assert bad.status_code == 400 and "seating" in bad.json["error"]


def test_every_refusal_on_a_seats_view_and_decision_names_whose_token_it_was_and_changes_nothing(client: Any) -> None:
    eid, owner, tokens = by_links(client)
    before = snapshot(client, eid)
    view = f"/api/events/{eid}?seat=0"
    cases = [(None, 401, "needs a token"), (tokens[1], 403, "Bea's"), (owner, 403, "the owner's"),
             ("not-a-token", 403, "not one of")]
    for token, status, words in cases:
        r = client.get(view, headers=h(token))
        assert r.status_code == status and words in r.json["error"] and "Ada" in r.json["error"], (token, r.json)
        r = client.post(f"/api/events/{eid}/decisions", json={"seat": 0, "choice": 1}, headers=h(token))
        assert r.status_code == status and words in r.json["error"], (token, r.json)
    assert snapshot(client, eid) == before
    # Its own token sees its decisions; the public view holds none.
    assert client.get(view, headers=h(tokens[0])).json["decisions"]
    assert client.get(f"/api/events/{eid}", headers=h(tokens[0])).json["decisions"] == []
    # The owner's things: the links, a new link, deleting the championship.
    for token, status in ((None, 401), (tokens[0], 403)):
        assert client.get(f"/api/events/{eid}/links", headers=h(token)).status_code == status
        assert client.post(f"/api/events/{eid}/seats/1/reissue", headers=h(token)).status_code == status
        r = client.delete(f"/api/events/{eid}", headers=h(token))
        assert r.status_code == status and "deleting the championship" in r.json["error"]
    assert client.get(f"/api/events/{eid}/me", headers=h(tokens[1])).json["role"] == "seat", "Bea's link still works"
    assert snapshot(client, eid) == before
    no_seat = client.post(f"/api/events/{eid}/seats/2/reissue", headers=h(owner))
    assert no_seat.status_code == 400 and "Ada, Bea" in no_seat.json["error"]
    # A person reads the player's name, not the API's index (the bot Cid is seat 2 from 0).
    assert no_seat.json["error"].startswith("Cid is not a human seat"), no_seat.json
    past = client.post(f"/api/events/{eid}/seats/3/reissue", headers=h(owner))
    assert past.status_code == 400
    assert past.json["error"] == "no seat 3: the API numbers this championship's 3 seats 0 to 2"
    r = client.get(f"/api/events/{eid}?seat=7", headers=h(owner))
    assert r.status_code == 400 and "no seat 7: the API numbers this championship's 3 seats 0 to 2" == r.json["error"]
    assert client.delete(f"/api/events/{eid}", headers=h(owner)).status_code == 200
    assert client.get(f"/api/events/{eid}").status_code == 404


def test_a_seats_link_follows_the_championship_into_its_race_and_acts_only_for_that_seat(client: Any) -> None:
    eid, owner, tokens = by_links(client)
    race = split_both(client, eid, tokens)
    me = [client.get(f"/api/games/{race}/me", headers=h(t)).json for t in (*tokens, owner)]
    assert [(m["role"], m["seat"], m["seating"]) for m in me] == [("seat", 0, "links"), ("seat", 1, "links"),
                                                                  ("owner", None, "links")]
    assert client.get(f"/api/games/{race}?seat=0", headers=h(tokens[0])).status_code == 200
    for token, status, words in ((None, 401, "needs a token"), (tokens[1], 403, "Bea's"), (owner, 403, "the owner's")):
        r = client.get(f"/api/games/{race}?seat=0", headers=h(token))
        assert r.status_code == status and words in r.json["error"], r.json
        r = client.post(f"/api/games/{race}/actions", json={"seat": 0, "action": 0}, headers=h(token))
        assert r.status_code == status, r.json
    # The race's link is the championship's: re-issued there only.
    r = client.post(f"/api/games/{race}/seats/0/reissue", headers=h(owner))
    assert r.status_code == 409 and f"/event/{eid}" in r.json["error"]


def test_a_reissued_link_is_refused_in_the_championship_and_in_every_race_at_once(client: Any) -> None:
    eid, owner, tokens = by_links(client)
    race = split_both(client, eid, tokens)
    r = client.post(f"/api/events/{eid}/seats/0/reissue", headers=h(owner))
    assert r.status_code == 200 and r.json["name"] == "Ada"
    new = r.json["url"].split("#t=", 1)[1]
    assert new != tokens[0]
    for path in (f"/api/events/{eid}?seat=0", f"/api/games/{race}?seat=0", f"/api/games/{race}/legal?seat=0"):
        old = client.get(path, headers=h(tokens[0]))
        assert old.status_code == 403 and "re-issued" in old.json["error"], (path, old.json)
        assert client.get(path, headers=h(new)).status_code == 200, path
    assert client.get(f"/api/events/{eid}/me", headers=h(tokens[0])).json["role"] is None
    r = client.post(f"/api/events/{eid}/decisions", json={"seat": 0, "choice": 1}, headers=h(tokens[0]))
    assert r.status_code == 403 and "re-issued" in r.json["error"]
    r = client.post(f"/api/games/{race}/undo", json={"seat": 0}, headers=h(tokens[0]))
    assert r.status_code == 403
    assert client.get(f"/api/games/{race}?seat=1", headers=h(tokens[1])).status_code == 200, "Bea's link still works"


def test_the_tokens_of_a_championship_and_its_races_survive_a_restart(db: Path) -> None:
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    eid, owner, tokens = by_links(client)
    race = split_both(client, eid, tokens)
    new = client.post(f"/api/events/{eid}/seats/1/reissue", headers=h(owner)).json["url"].split("#t=", 1)[1]
    again = create_app({"DB": str(db), "TESTING": True}).test_client()
    assert again.application.extensions["autodromo.tables"].loaded() == [], "no race is replayed at start"
    assert again.get(f"/api/events/{eid}/me", headers=h(owner)).json["role"] == "owner"
    assert again.get(f"/api/events/{eid}/me", headers=h(tokens[0])).json["seat"] == 0
    assert again.get(f"/api/games/{race}?seat=1", headers=h(new)).status_code == 200
    assert again.get(f"/api/games/{race}?seat=1", headers=h(tokens[1])).status_code == 403, "the old link stays refused"
    assert again.get(f"/api/events/{eid}?seat=1", headers=h(tokens[1])).status_code == 403


def test_cross_origin_posts_and_a_foreign_host_are_refused_on_the_championship(client: Any) -> None:
    eid, owner, tokens = by_links(client)
    before = snapshot(client, eid)
    decision = {"seat": 0, "choice": client.get(f"/api/events/{eid}?seat=0", headers=h(tokens[0])).json["decisions"][0]["id"]}
    # Even with Ada's own token (a page elsewhere cannot read it, but it is the worst case).
    r = client.post(f"/api/events/{eid}/decisions", json=decision,
                    headers={**h(tokens[0]), "Origin": "http://attacker.example"})
    assert r.status_code == 403 and "Origin" in r.json["error"]
    r = client.post(f"/api/events/{eid}/decisions", data=f'{{"seat": 0, "choice": {decision["choice"]}}}',
                    headers={**h(tokens[0]), "Content-Type": "text/plain"})
    assert r.status_code == 415
    r = client.post(f"/api/events/{eid}/decisions", json=decision, headers={**h(tokens[0]), "Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    r = client.post(f"/api/events/{eid}/seats/0/reissue", headers={**h(owner), "Origin": "http://attacker.example"})
    assert r.status_code == 403
    r = client.delete(f"/api/events/{eid}", headers={**h(owner), "Origin": "null"})
    assert r.status_code == 403
    r = client.post("/api/events", data='{"game": "legend"}', headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    for path in (f"/api/events/{eid}", f"/api/events/{eid}/links", f"/event/{eid}"):
        r = client.get(path, headers={**h(owner), "Host": "attacker.example"})
        assert r.status_code == 403, path
    assert snapshot(client, eid) == before
    assert client.get(f"/api/events/{eid}/me", headers=h(tokens[0])).json["role"] == "seat"
    # From this server's own page, the same decision goes through.
    ok = client.post(f"/api/events/{eid}/decisions", json=decision, headers={**h(tokens[0]), "Origin": "http://localhost"})
    assert ok.status_code == 200, ok.json


def test_a_hot_seat_championship_on_a_lan_needs_the_owners_token_for_every_human_seat(lan: Any) -> None:
    r = lan.post("/api/events", json=body(seed=4))
    assert r.status_code == 201 and r.json["seating"] == "hotseat" and "join" not in r.json
    eid, owner = r.json["id"], r.json["owner_token"]
    assert lan.get(f"/api/events/{eid}/me").json["tokens_required"] is True
    assert lan.get(f"/api/events/{eid}?seat=0").status_code == 401
    r = lan.post(f"/api/events/{eid}/decisions", json={"seat": 0, "choice": 1})
    assert r.status_code == 401 and "none was given" in r.json["error"]
    assert lan.delete(f"/api/events/{eid}").status_code == 401
    race = split_both(lan, eid, [owner, owner])
    assert lan.get(f"/api/games/{race}/me", headers=h(owner)).json["seating"] == "hotseat"
    for seat in (0, 1):
        assert lan.get(f"/api/games/{race}?seat={seat}", headers=h(owner)).status_code == 200
        assert lan.get(f"/api/games/{race}?seat={seat}").status_code == 401
    assert lan.post(f"/api/games/{race}/advance", json={}).status_code == 401
    assert lan.post(f"/api/games/{race}/advance", json={}, headers=h(owner)).status_code == 200


def test_a_hot_seat_championship_on_loopback_needs_no_token_as_before(client: Any) -> None:
    r = client.post("/api/events", json=body(seed=4))
    eid = r.json["id"]
    assert client.get(f"/api/events/{eid}/me").json == {"role": None, "seat": None, "seating": "hotseat",
                                                       "tokens_required": False}
    race = split_both(client, eid, ["", ""])
    assert client.get(f"/api/games/{race}?seat=0").status_code == 200
    # The links stay the owner's, even here.
    assert client.get(f"/api/events/{eid}/links").status_code == 401


def test_the_championships_stream_tells_a_race_started_and_holds_no_token(client: Any) -> None:
    eid, owner, tokens = by_links(client)
    tables = client.application.extensions["autodromo.tables"]
    r = client.get(f"/api/events/{eid}/stream", buffered=False)
    first = next(r.response).decode()
    assert first.startswith("retry:") and "event: event" in first and '"stage": "split"' in first
    assert not any(t in first for t in (owner, *tokens))
    seen = tables.changes(f"event:{eid}")
    race = split_both(client, eid, tokens)
    assert tables.changes(f"event:{eid}") > seen
    news = next(r.response).decode()
    assert '"stage": "race"' in news and race in news
    r.close()
    # Each move of its race is news for the championship's page too (a race's end moves it on).
    seen = tables.changes(f"event:{eid}")
    p = client.get(f"/api/games/{race}").json
    if p["to_move_kind"] == "human":
        seat = p["to_move"]
        mine = client.get(f"/api/games/{race}?seat={seat}&page=1", headers=h(tokens[seat])).json
        r = client.post(f"/api/games/{race}/actions", json={"seat": seat, "action": mine["decisions"][0]["id"], "page": True},
                        headers=h(tokens[seat]))
    else:
        r = client.post(f"/api/games/{race}/advance", json={"turns": 1}, headers=h(owner))
    assert r.status_code == 200, r.json
    assert tables.changes(f"event:{eid}") > seen
