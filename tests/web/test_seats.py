"""Issue 18, items 1 and 4: seats joined by link. Each refusal is an attack the issue names: a
seat's view or action without a token, with another seat's token, with the shared screen's, with a
re-issued link's old token; a mid-game export or position holding another seat's hand; the seed
(which tells every card to come) shown before the end. Each refused request changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from autodromo import replay
from autodromo_web import create_app
from autodromo_web.seats import SEAT_RECORD

from .conftest import legend_body

MILLE = {"game": "mille_bornes", "options": {"score_to_win": 0},
         "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]}
T = "X-Autodromo-Token"


def links_game(client: Any, body: dict[str, Any] = MILLE) -> dict[str, Any]:
    r = client.post("/api/games", json={**body, "seating": "links"})
    assert r.status_code == 201, r.json
    return dict(r.json)


def tok(game: dict[str, Any], seat: int) -> str:
    return str(next(j for j in game["join"] if j["seat"] == seat)["url"].split("#t=")[1])


def get(client: Any, gid: str, seat: int | None, token: str | None, page: bool = False) -> Any:
    q = "" if seat is None else f"seat={seat}&"
    return client.get(f"/api/games/{gid}?{q}since=0{'&page=1' if page else ''}",
                      headers={T: token} if token else {})


def own_hand(client: Any, gid: str, seat: int) -> list[str]:
    table = client.application.extensions["autodromo.tables"].get(gid)
    return list(table.state.view(seat)["hand"])


def test_creating_a_linked_game_gives_the_owner_a_token_and_a_link_and_qr_code_per_human_seat(client: Any) -> None:
    g = links_game(client, {**MILLE, "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}]})
    assert g["seating"] == "links" and g["owner_token"]
    assert [j["name"] for j in g["join"]] == ["Ada"], "a link for each human seat, none for a bot"
    link = g["join"][0]
    # A server on this machine only gives no loopback address and no QR code a phone cannot reach
    # (issue 32): the link's path, and the command that serves the table on the network
    # (test_phones_connect.py: the network address and its QR code).
    assert link["url"].startswith("/play/" + g["id"] + "#t=") and link["qr"] is None
    assert g["network"] is False and g["command"] == 'make play ARGS="--lan"'
    # Nothing a seat is sent names a token.
    seat_doc = get(client, g["id"], 0, tok(g, 0)).get_data(as_text=True)
    assert tok(g, 0) not in seat_doc and g["owner_token"] not in seat_doc
    # The owner (only) may read the links again, say after a reload of the shared screen.
    assert client.get(f"/api/games/{g['id']}/links", headers={T: g["owner_token"]}).json["join"][0]["url"] == link["url"]
    assert client.get(f"/api/games/{g['id']}/links").status_code == 401
    assert client.get(f"/api/games/{g['id']}/links", headers={T: tok(g, 0)}).status_code == 403


def test_a_seats_view_needs_that_seats_token(client: Any) -> None:
    g = links_game(client)
    gid = g["id"]
    for page in (False, True):
        r = get(client, gid, 1, None, page)
        assert r.status_code == 401 and "needs a token" in r.json["error"]
        r = get(client, gid, 1, tok(g, 0), page)
        assert r.status_code == 403 and "Ada's" in r.json["error"], "seat 1's hand with Ada's token"
        # The shared screen sees the board, never a hand.
        r = get(client, gid, 1, g["owner_token"], page)
        assert r.status_code == 403 and "owner's" in r.json["error"]
        r = get(client, gid, 1, "made-up", page)
        assert r.status_code == 403 and "not one of this game's" in r.json["error"]
    mine = get(client, gid, 1, tok(g, 1)).json
    assert mine["view"]["hand"] == own_hand(client, gid, 1)
    public = get(client, gid, None, None, page=True).json
    assert "hand" not in public["table"], "the public board shows no hand"
    legal = client.get(f"/api/games/{gid}/legal?seat=1", headers={T: tok(g, 0)})
    assert legal.status_code == 403


def test_a_seat_action_without_its_token_or_with_another_seats_is_refused_and_changes_nothing(client: Any) -> None:
    g = links_game(client)
    gid = g["id"]
    p = get(client, gid, None, None).json
    seat = p["to_move"]
    other = 1 - seat
    label = get(client, gid, seat, tok(g, seat)).json["legal"][0]["label"]
    for headers, status in (({}, 401), ({T: tok(g, other)}, 403), ({T: g["owner_token"]}, 403)):
        r = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": label}, headers=headers)
        assert r.status_code == status, r.json
        assert get(client, gid, None, None).json["version"] == p["version"], "a refused action changed the game"
        r = client.post(f"/api/games/{gid}/undo", json={"seat": seat}, headers=headers)
        assert r.status_code == status
    r = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": label}, headers={T: tok(g, seat)})
    assert r.status_code == 200 and r.json["applied"] == 1
    # Deleting or starting the game again is the owner's.
    assert client.delete(f"/api/games/{gid}", headers={T: tok(g, seat)}).status_code == 403
    assert client.post(f"/api/games/{gid}/again", headers={T: tok(g, seat)}).status_code == 403
    again = client.post(f"/api/games/{gid}/again", headers={T: g["owner_token"]})
    assert again.status_code == 201 and again.json["seating"] == "links" and again.json["owner_token"] != g["owner_token"]
    assert client.delete(f"/api/games/{gid}").status_code == 401
    assert client.delete(f"/api/games/{gid}", headers={T: g["owner_token"]}).status_code == 200


def test_a_reissued_link_refuses_the_old_token(client: Any) -> None:
    g = links_game(client)
    gid = g["id"]
    old = tok(g, 0)
    assert client.post(f"/api/games/{gid}/seats/0/reissue", headers={T: old}).status_code == 403
    r = client.post(f"/api/games/{gid}/seats/0/reissue", headers={T: g["owner_token"]})
    assert r.status_code == 200
    new = r.json["url"].split("#t=")[1]
    assert new != old
    assert get(client, gid, 0, old).status_code == 403
    assert get(client, gid, 0, new).json["view"]["hand"] == own_hand(client, gid, 0)
    assert client.get(f"/api/games/{gid}/me", headers={T: old}).json["role"] is None
    assert client.get(f"/api/games/{gid}/me", headers={T: new}).json == {
        "role": "seat", "seat": 0, "seating": "links", "tokens_required": True, "consent": []}
    # Kept: a restarted server refuses the old token too.
    again = create_app({"DB": client.application.config["DB"]}).test_client()
    assert get(again, gid, 0, old).status_code == 403 and get(again, gid, 0, new).status_code == 200
    assert client.post(f"/api/games/{gid}/seats/5/reissue", headers={T: g["owner_token"]}).status_code == 400


def test_on_a_lan_a_hot_seat_game_needs_the_owners_token_which_stands_for_every_human_seat(db: Path) -> None:
    client = create_app({"DB": str(db), "AUTODROMO_LAN": True}).test_client()
    r = client.post("/api/games", json=MILLE)
    assert r.status_code == 201 and "join" not in r.json
    gid, owner = r.json["id"], r.json["owner_token"]
    assert get(client, gid, 0, None).status_code == 401
    assert get(client, gid, 0, owner).status_code == 200 and get(client, gid, 1, owner).status_code == 200
    seat = get(client, gid, None, None).json["to_move"]
    r = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": 0})
    assert r.status_code == 401
    assert client.post(f"/api/games/{gid}/advance", json={}).status_code == 401
    assert client.post(f"/api/games/{gid}/advance", json={}, headers={T: owner}).status_code == 200


def test_on_loopback_a_hot_seat_game_asks_for_no_token(client: Any) -> None:
    gid = client.post("/api/games", json=MILLE).json["id"]
    assert get(client, gid, 1, None).status_code == 200
    assert client.get(f"/api/games/{gid}/me").json["tokens_required"] is False


def play_to_the_end(client: Any, g: dict[str, Any], before: Any = None) -> None:
    gid = g["id"]
    for _ in range(2000):
        p = get(client, gid, None, None).json
        if p["status"] == "finished":
            return
        if before is not None:
            before(p)
        if p["to_move"] is None:
            client.post(f"/api/games/{gid}/advance", json={}, headers={T: g["owner_token"]})
            continue
        seat = p["to_move"]
        legal = get(client, gid, seat, tok(g, seat)).json["legal"]
        r = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": legal[0]["id"]},
                        headers={T: tok(g, seat)})
        assert r.status_code == 200, r.json
    pytest.fail("the hand did not end")


def test_the_seed_is_shown_only_once_the_game_is_over_and_cannot_be_chosen_with_links(client: Any) -> None:
    r = client.post("/api/games", json={**MILLE, "seating": "links", "seed": 5})
    assert r.status_code == 400 and r.json["error"].startswith("seed:")
    g = links_game(client)
    gid = g["id"]
    assert get(client, gid, None, None).json["seed"] is None
    assert get(client, gid, 0, tok(g, 0), page=True).json["seed"] is None
    assert all(x["seed"] is None for x in client.get("/api/games").json["games"])
    play_to_the_end(client, g)
    assert isinstance(get(client, gid, None, None).json["seed"], int)


def hands_of(doc: Any, out: list[Any]) -> list[Any]:
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k in ("hand", "hands"):
                out.append(v)
            hands_of(v, out)
    elif isinstance(doc, list):
        for v in doc:
            hands_of(v, out)
    return out


def test_a_mid_game_export_holds_only_what_the_asking_seat_may_see(client: Any) -> None:
    g = links_game(client)
    gid = g["id"]
    play_moves = 0

    def export(headers: dict[str, str], seat: int | None = None) -> Any:
        q = "" if seat is None else f"?seat={seat}"
        return client.get(f"/api/games/{gid}/replay{q}", headers=headers)

    def check(p: dict[str, Any]) -> None:
        nonlocal play_moves
        play_moves += 1
        if play_moves % 7:
            return
        state = client.application.extensions["autodromo.tables"].get(gid).state
        for seat in (0, 1):
            doc = json.loads(export({T: tok(g, seat)}).data)
            # Exactly what the core shows this seat (its own hand, the others' draws as "a card"):
            # no action list (it would name every card drawn) and no seed.
            assert doc["format"] == SEAT_RECORD and doc["seat"] == seat
            assert "actions" not in doc and "seed" not in doc
            seen = state.view(seat)
            seen.pop("legal_actions", None)
            assert doc["view"] == seen and doc["log"] == state.log(seat)
            assert doc["view"]["hand"] == own_hand(client, gid, seat)
            assert json.dumps(doc).count('"hand": [') == 1, "one hand in the record: the seat's own"
        # Another seat's record with one's own token, or with none: refused.
        assert export({T: tok(g, 0)}, seat=1).status_code == 403
        assert export({}, seat=1).status_code == 401
        # The shared screen gets the spectator's record: no hand at all.
        doc = json.loads(export({T: g["owner_token"]}).data)
        assert doc["seat"] is None and doc["view"]["hand"] == []
        assert all(h == [] for h in hands_of(doc, []) if isinstance(h, list)), "a hand in the spectator's record"

    play_to_the_end(client, g, check)
    assert play_moves > 7
    r = replay.loads(export({}).get_data(as_text=True))
    assert r.seed is not None, "the whole replay, seed included, once the game is over"


def test_the_whole_replay_or_the_position_before_the_end_needs_every_human_seats_consent(client: Any) -> None:
    g = links_game(client)
    gid = g["id"]
    owner = {T: g["owner_token"]}
    r = client.get(f"/api/games/{gid}/position", headers=owner)
    assert r.status_code == 403 and "Ada, Bea must agree" in r.json["error"]
    assert client.post(f"/api/games/{gid}/consent", json={"seat": 1}, headers={T: tok(g, 0)}).status_code == 403
    assert client.post(f"/api/games/{gid}/consent", json={"seat": 0}, headers={T: tok(g, 0)}).json["complete"] is False
    r = client.get(f"/api/games/{gid}/position", headers=owner)
    assert r.status_code == 403 and "Bea must agree" in r.json["error"]
    assert client.post(f"/api/games/{gid}/consent", json={"seat": 1}, headers={T: tok(g, 1)}).json["complete"] is True
    # Agreed: the owner's, and only the owner's.
    assert client.get(f"/api/games/{gid}/position", headers={T: tok(g, 0)}).status_code == 403
    assert client.get(f"/api/games/{gid}/position", headers=owner).status_code == 200
    whole = replay.loads(client.get(f"/api/games/{gid}/replay", headers=owner).get_data(as_text=True))
    assert whole.seed is None, "the seed still waits for the end"
    assert json.loads(client.get(f"/api/games/{gid}/replay", headers={T: tok(g, 0)}).data)["format"] == SEAT_RECORD


def test_a_legend_race_has_no_hidden_cards_its_replay_so_far_is_everyones_but_not_its_seed(client: Any) -> None:
    gid = client.post("/api/games", json=legend_body(bots=1)).json["id"]
    r = replay.loads(client.get(f"/api/games/{gid}/replay").get_data(as_text=True))
    assert r.seed is None and r.actions == client.application.extensions["autodromo.tables"].get(gid).actions


def test_a_link_for_a_bot_or_a_seat_past_the_end_is_refused_by_name_or_in_the_apis_numbering(client: Any) -> None:
    g = links_game(client, {**MILLE, "seats": [{"kind": "human", "name": "Ada"},
                                                {"kind": "bot", "bot": "heuristic", "name": "Robo"}]})
    owner = {T: g["owner_token"]}
    r = client.post(f"/api/games/{g['id']}/seats/1/reissue", headers=owner)
    assert r.status_code == 400 and r.json["error"] == "Robo is not a human seat of this game (its human players: Ada)"
    r = client.post(f"/api/games/{g['id']}/seats/2/reissue", headers=owner)
    assert r.status_code == 400 and r.json["error"] == "no seat 2: the API numbers this game's 2 seats 0 to 1"
    assert client.get(f"/api/games/{g['id']}/me", headers={T: tok(g, 0)}).json["role"] == "seat", "Ada's link stands"
