"""No response for one seat carries another human seat's hand; concurrent posts to one game are
applied one at a time, and what was answered is what was saved."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any

from autodromo_web import create_app

from .conftest import LiveServer, legend_body


def hands_in(doc: Any, found: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Every value stored under a key that holds cards, anywhere in a response."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k in ("hand", "cards"):
                found.append((k, v))
            hands_in(v, found)
    elif isinstance(doc, list):
        for v in doc:
            hands_in(v, found)
    return found


SEEN_HANDS: list[int] = []


def check_seat_response(game: str, doc: dict[str, Any], seat: int | None, own: list[str] | None) -> None:
    if own:
        SEEN_HANDS.append(len(own))
    for key, value in hands_in(doc, []):
        # (An integer under "hand" is a hand number, in the log.)
        if game == "mille_bornes" and key == "hand" and isinstance(value, list):
            assert value == (own if seat is not None else []), "a hand other than the seat's own"
    if game == "lamborghini":
        for p in doc["view"]["players"]:
            if p["seat"] != seat:
                assert p["cards"] is None, f"seat {p['seat']}'s cards sent to seat {seat}"
    for entry in doc["log"]:
        e = entry["event"]
        if game == "mille_bornes" and e.get("kind") == "drew" and e["seat"] != seat:
            assert e["card"] is None, f"seat {e['seat']}'s draw shown to seat {seat}"
    assert doc["legal"] == [] or doc["to_move"] == seat


def check_page_response(game: str, doc: dict[str, Any], seat: int | None, names: list[str],
                        own: list[str] | None) -> None:
    """The page's form: the seat's own hand only, and another seat's draw only as "a card"."""
    table = doc["table"]
    if game == "mille_bornes":
        shown = [c["name"] for c in table.get("hand", [])]
        assert ("hand" in table) == (seat is not None)
        if own is not None:
            assert len(shown) == len(own)
        for e in doc["log"]:
            for i, name in enumerate(names):
                if i != seat and e["text"].startswith(f"{name} draws"):
                    assert e["text"].startswith(f"{name} draws a card"), e["text"]
    if game == "lamborghini":
        for p in table["players"]:
            if p["seat"] != seat:
                assert p["cards"] is None, f"seat {p['seat']}'s cards shown to seat {seat}"


def play_checking(client: Any, gid: str, game: str, humans: list[int], max_moves: int) -> int:
    tables = client.application.extensions["autodromo.tables"]
    moves = 0
    while moves < max_moves:
        table = tables.get(gid)
        for seat in [*humans, None]:
            q = "" if seat is None else f"seat={seat}&"
            doc = client.get(f"/api/games/{gid}?{q}since=0").json
            own = table.state.view(seat)["hand"] if game == "mille_bornes" and seat is not None else None
            check_seat_response(game, doc, seat, own)
            page = client.get(f"/api/games/{gid}?{q}since=0&page=1").json
            check_page_response(game, page, seat, table.names(), own)
        if table.finished:
            break
        mover = table.state.current_player()
        doc = client.get(f"/api/games/{gid}?seat={mover}").json
        r = client.post(f"/api/games/{gid}/actions",
                        json={"seat": mover, "action": doc["legal"][moves % len(doc["legal"])]["id"], "since": 0})
        assert r.status_code == 200, r.json
        own = table.state.view(mover)["hand"] if game == "mille_bornes" else None
        check_seat_response(game, r.json, mover, own)
        moves += 1
    return moves


def test_no_mille_bornes_response_for_a_seat_holds_another_humans_hand(client: Any) -> None:
    body = {"game": "mille_bornes", "options": {"score_to_win": 0},
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], "seed": 11}
    gid = client.post("/api/games", json=body).json["id"]
    SEEN_HANDS.clear()
    moves = play_checking(client, gid, "mille_bornes", [0, 1], 400)
    assert moves > 20
    # The seats' own hands were really there to compare with, most of the time.
    assert len(SEEN_HANDS) > 2 * moves


def test_no_lamborghini_response_for_a_seat_holds_another_humans_cards(client: Any) -> None:
    body = {"game": "lamborghini", "options": {"laps": 1},
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 3}
    gid = client.post("/api/games", json=body).json["id"]
    assert play_checking(client, gid, "lamborghini", [0, 1], 120) == 120


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_concurrent_posts_to_one_game_are_serialized_and_all_saved(live: LiveServer) -> None:
    client = live.app.test_client()
    gid = client.post("/api/games", json=legend_body()).json["id"]
    start = client.get(f"/api/games/{gid}?seat=0").json
    label = start["legal"][0]["label"]
    results: list[tuple[int, dict[str, Any]]] = []
    barrier = threading.Barrier(8)

    def shoot() -> None:
        barrier.wait()
        results.append(post(f"{live.url}/api/games/{gid}/actions", {"seat": 0, "action": label, "bots": False}))

    threads = [threading.Thread(target=shoot) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(code for code, _ in results)
    assert codes.count(200) >= 1 and set(codes) <= {200, 409}, results
    # Every success took one more decision; the refusals changed nothing.
    final = client.get(f"/api/games/{gid}?seat=0").json
    assert final["version"] == start["version"] + codes.count(200)
    resumed = create_app({"DB": live.app.config["DB"]}).test_client()
    again = resumed.get(f"/api/games/{gid}?seat=0").json
    assert (again["version"], again["view"]) == (final["version"], final["view"])


def test_a_mille_bornes_hot_seat_game_asks_every_attacked_seat_about_a_coup_fourre() -> None:
    # Two humans at one screen: who holds a safety must not show in the question itself.
    from autodromo_web import lobby

    seats = [{"kind": "human", "bot": None, "name": "A"}, {"kind": "human", "bot": None, "name": "B"}]
    assert lobby.options_of("mille_bornes", {}, seats)["secret_coup_fourre"] is True
    one_human = [seats[0], {"kind": "bot", "bot": "heuristic", "name": "b"}]
    assert "secret_coup_fourre" not in lobby.options_of("mille_bornes", {}, one_human)
