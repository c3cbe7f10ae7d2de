"""Issue 37, items 2, 3 and 7: what a stranger (no token, or a foreign one) tries at a table on a
LAN is refused with a reason and changes nothing; a deletion made through one process of the
server is seen by the others."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from autodromo_web import create_app

from .conftest import LiveServer, Page, legend_body

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}, {"kind": "bot", "bot": "greedy", "name": "Cid"}]
CARS = ["osca_mt4", "porsche_550", "mercedes_ssk"]


def h(token: str | None) -> dict[str, str]:
    return {"X-Autodromo-Token": token} if token else {}


def lan_app(db: Path) -> Any:
    return create_app({"DB": str(db), "TESTING": True, "AUTODROMO_LAN": True})


def break_game(db: Path, gid: str) -> None:
    """The game's content changed since it was saved: the server can no longer load it."""
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET content_hash = 'other' WHERE id = ?", (gid,))


def count(db: Path, table: str, key: str) -> int:
    with sqlite3.connect(db) as con:
        found: int = con.execute(f"SELECT COUNT(*) FROM {table} WHERE id = ?", (key,)).fetchone()[0]
    return found


# --- item 3: every change needs its token ---------------------------------------------------


def test_a_stranger_cannot_delete_a_game_the_server_cannot_load(db: Path) -> None:
    client = lan_app(db).test_client()
    made = client.post("/api/games", json=legend_body()).json
    gid, owner = made["id"], made["owner_token"]
    break_game(db, gid)
    client = lan_app(db).test_client()  # restarted: the game is listed as broken
    assert [b["id"] for b in client.get("/api/games", headers=h(owner)).json["broken"]] == [gid]
    r = client.delete(f"/api/games/{gid}")
    assert r.status_code == 401 and "needs a token" in r.json["error"]
    r = client.delete(f"/api/games/{gid}", headers=h("not-a-token-of-this-game"))
    assert r.status_code == 403 and "not one of this game's" in r.json["error"]
    assert count(db, "games", gid) == 1  # nothing gone
    assert client.delete(f"/api/games/{gid}", headers=h(owner)).status_code == 200
    assert count(db, "games", gid) == 0


def test_a_broken_game_deleted_through_one_process_is_listed_by_no_other(db: Path) -> None:
    first = lan_app(db).test_client()
    made = first.post("/api/games", json=legend_body()).json
    break_game(db, made["id"])
    # Two processes of one server: two apps on one file, each found the game broken at start.
    one, other = lan_app(db).test_client(), lan_app(db).test_client()
    assert [b["id"] for b in other.get("/api/games").json["broken"]] == [made["id"]]
    assert one.delete(f"/api/games/{made['id']}", headers=h(made["owner_token"])).status_code == 200
    assert other.get("/api/games").json["broken"] == []


def test_a_stranger_cannot_delete_a_championship_the_server_cannot_load(db: Path) -> None:
    client = lan_app(db).test_client()
    r = client.post("/api/events", json={"game": "legend", "mode": "balanced", "cars": CARS,
                                         "circuits": ["example"], "laps": 1, "seats": SEATS, "seating": "links"})
    assert r.status_code == 201, r.json
    eid, owner = r.json["id"], r.json["owner_token"]
    with sqlite3.connect(db) as con:
        con.execute("UPDATE events SET game = 'mille_bornes' WHERE id = ?", (eid,))  # no longer loads
    one, other = lan_app(db).test_client(), lan_app(db).test_client()
    assert [b["id"] for b in other.get("/api/events").json["broken"]] == [eid]
    r = one.delete(f"/api/events/{eid}")
    assert r.status_code == 401 and "needs a token" in r.json["error"]
    seat = r = one.delete(f"/api/events/{eid}", headers=h("a-foreign-token"))
    assert seat.status_code == 403
    assert count(db, "events", eid) == 1
    assert one.delete(f"/api/events/{eid}", headers=h(owner)).status_code == 200
    assert count(db, "events", eid) == 0
    assert other.get("/api/events").json["broken"] == []


@pytest.mark.parametrize("finished", [False, True])
def test_every_change_of_a_links_game_needs_its_token(client: Any, finished: bool) -> None:
    """Every route that changes a game, tried with no token: each refused, nothing changed."""
    made = client.post("/api/games", json={**legend_body(humans=1, bots=3), "seed": None, "seating": "links"}).json
    gid = made["id"]
    seat_token = made["join"][0]["url"].split("#t=", 1)[1]
    if finished:
        for _ in range(400):
            p = client.post(f"/api/games/{gid}/advance", json={"seat": 0}, headers=h(seat_token)).json
            if p["status"] == "finished":
                break
            legal = client.get(f"/api/games/{gid}/legal?seat=0", headers=h(seat_token)).json["legal"]
            if legal:
                client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": legal[0]["id"]},
                            headers=h(seat_token))
        assert client.get(f"/api/games/{gid}").json["status"] == "finished"
    before = client.get(f"/api/games/{gid}").json["version"]
    for method, path, body in [
        ("post", f"/api/games/{gid}/actions", {"seat": 0, "action": 0}),
        ("post", f"/api/games/{gid}/advance", {}),
        ("post", f"/api/games/{gid}/undo", {"seat": 0}),
        ("post", f"/api/games/{gid}/again", {}),
        ("post", f"/api/games/{gid}/seats/0/reissue", {}),
        ("post", f"/api/games/{gid}/consent", {"seat": 0}),
        ("delete", f"/api/games/{gid}", None),
    ]:
        r = getattr(client, method)(path, json=body)
        assert r.status_code == 401, (path, r.status_code, r.json)
    assert client.get(f"/api/games/{gid}").json["version"] == before
    assert len(client.get("/api/games").json["games"]) == 1


# --- item 2: a join link is claimed once ---------------------------------------------------------


def links_game(client: Any) -> tuple[str, str, list[str]]:
    """A Mille Bornes game by join links for Ada and Bea: its id, the owner's token, the links' tokens."""
    r = client.post("/api/games", json={"game": "mille_bornes", "seating": "links",
                                        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]})
    assert r.status_code == 201, r.json
    return r.json["id"], r.json["owner_token"], [j["url"].split("#t=", 1)[1] for j in r.json["join"]]


def test_a_join_link_is_claimed_by_the_first_device_only(client: Any) -> None:
    gid, owner, links = links_game(client)
    r = client.post(f"/api/games/{gid}/claim", headers=h(links[0]))
    assert r.status_code == 200 and r.json["seat"] == 0
    device = r.json["token"]
    assert device != links[0]
    hand = client.get(f"/api/games/{gid}?seat=0", headers=h(device))
    assert hand.status_code == 200 and hand.json["view"]["hand"]
    # The same device asking again keeps its token; a second device with the link is refused.
    assert client.post(f"/api/games/{gid}/claim", headers=h(device)).json["token"] == device
    r = client.post(f"/api/games/{gid}/claim", headers=h(links[0]))
    assert r.status_code == 409
    assert r.json["error"] == ("This seat was already taken on another device; ask the host to issue a new link (Ada)")
    # The link's token no longer reads the seat's hand, nor acts for it.
    assert client.get(f"/api/games/{gid}?seat=0", headers=h(links[0])).status_code == 403
    assert client.get(f"/api/games/{gid}/legal?seat=0", headers=h(links[0])).status_code == 403
    # The owner's list of links has no code for a claimed seat: its token never reaches Ada's hand.
    listed = {j["seat"]: j for j in client.get(f"/api/games/{gid}/links", headers=h(owner)).json["join"]}
    assert listed[0]["claimed"] and listed[0]["url"] is None and listed[0]["qr"] is None
    assert not listed[1]["claimed"] and listed[1]["url"].endswith(links[1])
    assert client.get(f"/api/games/{gid}?seat=0", headers=h(owner)).status_code == 403
    # A foreign token, the owner's, or none claims nothing.
    assert client.post(f"/api/games/{gid}/claim").status_code == 401
    assert client.post(f"/api/games/{gid}/claim", headers=h("foreign")).status_code == 403
    assert client.post(f"/api/games/{gid}/claim", headers=h(owner)).status_code == 403


def test_the_owner_reissues_a_claimed_seat_and_its_device_is_refused(client: Any) -> None:
    gid, owner, links = links_game(client)
    device = client.post(f"/api/games/{gid}/claim", headers=h(links[1])).json["token"]
    new = client.post(f"/api/games/{gid}/seats/1/reissue", headers=h(owner)).json
    assert not new["claimed"]
    token = new["url"].split("#t=", 1)[1]
    assert client.get(f"/api/games/{gid}?seat=1", headers=h(device)).status_code == 403
    assert client.post(f"/api/games/{gid}/claim", headers=h(links[1])).status_code == 403
    again = client.post(f"/api/games/{gid}/claim", headers=h(token)).json["token"]
    assert client.get(f"/api/games/{gid}?seat=1", headers=h(again)).status_code == 200


def test_a_second_device_opening_a_claimed_link_is_told_why(lan_live: LiveServer, browser: Any) -> None:
    # Phones join a server on the network (issue 32: its shared screen shows codes only there).
    live = lan_live
    client = live.app.test_client()
    gid, owner, links = links_game(client)
    url = f"{live.url}/play/{gid}#t={links[0]}"
    first, second = Page(browser), Page(browser)
    try:
        first.page.goto(url)
        first.page.wait_for_selector("#play[data-role=seat][data-seat='0']")
        assert "#t=" not in first.page.url, "the link's token leaves the address once claimed"
        first.page.reload()  # the same device comes back: still Ada
        first.page.wait_for_selector("#play[data-role=seat][data-seat='0']")
        second.page.goto(url)
        second.page.get_by_test_id("play-error").filter(has_text="already taken on another device").wait_for()
        assert second.page.locator("#play").get_attribute("data-role") != "seat"
        assert second.page.locator("[data-testid=hand]").count() == 0
        second.shot("attack-second-device-refused")
        # The shared screen shows no code for Ada's claimed seat, Bea's still.
        shared = Page(browser)
        shared.page.goto(f"{live.url}/")
        shared.page.evaluate(f"localStorage.setItem('autodromo.owner.{gid}', '{owner}')")
        shared.page.goto(f"{live.url}/play/{gid}")
        shared.page.get_by_test_id("join-claimed").wait_for()
        assert shared.page.get_by_test_id("join-qr").count() == 1
        assert shared.page.locator("[data-seat='0'] [data-testid=join-qr]").count() == 0
        # Bea claims hers: the shared screen hears it and her code goes too.
        client.post(f"/api/games/{gid}/claim", headers=h(links[1]))
        shared.page.wait_for_function("() => document.querySelectorAll('[data-testid=join-qr]').length === 0")
        shared.shot("attack-shared-screen-claimed")
        shared.context.close()
    finally:
        first.context.close()
        second.context.close()


def test_a_championship_link_is_claimed_once_and_the_device_plays_its_races(db: Path) -> None:
    client = lan_app(db).test_client()
    r = client.post("/api/events", json={"game": "legend", "mode": "balanced", "cars": CARS,
                                         "circuits": ["example"], "laps": 1, "seats": SEATS, "seating": "links"})
    eid, owner = r.json["id"], r.json["owner_token"]
    links = [j["url"].split("#t=", 1)[1] for j in r.json["join"]]
    device = client.post(f"/api/events/{eid}/claim", headers=h(links[0])).json["token"]
    r = client.post(f"/api/events/{eid}/claim", headers=h(links[0]))
    assert r.status_code == 409 and "already taken on another device" in r.json["error"]
    assert client.get(f"/api/events/{eid}?seat=0", headers=h(links[0])).status_code == 403
    assert client.get(f"/api/events/{eid}?seat=0", headers=h(device)).status_code == 200
    listed = {j["seat"]: j for j in client.get(f"/api/events/{eid}/links", headers=h(owner)).json["join"]}
    assert listed[0]["claimed"] and listed[0]["url"] is None and not listed[1]["claimed"]
    # The split decided by each seat starts the first race, where the device's token is Ada's.
    for seat, token in ((0, device), (1, links[1])):
        e = client.get(f"/api/events/{eid}?seat={seat}", headers=h(token)).json
        assert client.post(f"/api/events/{eid}/decisions", json={"seat": seat, "choice": e["decisions"][0]["id"]},
                           headers=h(token)).status_code == 200
    race = client.get(f"/api/events/{eid}").json["race"]
    assert client.get(f"/api/games/{race}?seat=0", headers=h(device)).status_code == 200
    assert client.get(f"/api/games/{race}?seat=0", headers=h(links[0])).status_code == 403
    assert client.post(f"/api/games/{race}/claim", headers=h(links[0])).status_code == 409


# --- item 7: the low items ----------------------------------------------------------------------


def test_a_token_beyond_ascii_is_a_foreign_token_not_an_error(db: Path) -> None:
    client = lan_app(db).test_client()
    gid = client.post("/api/games", json=legend_body()).json["id"]
    for path in (f"/api/games/{gid}?seat=0", f"/api/games/{gid}/legal?seat=0"):
        r = client.get(path, headers=h("tökén-ÿ"))
        assert r.status_code == 403 and "not one of this game's" in r.json["error"], (path, r.status_code)
    r = client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": 0}, headers=h("ÿ" * 24))
    assert r.status_code == 403


def test_a_token_in_the_address_is_not_read(db: Path) -> None:
    """A token rides in a header only: in an address the server's log and the history keep it."""
    client = lan_app(db).test_client()
    made = client.post("/api/games", json={"game": "mille_bornes", "seats": [{"kind": "human"}] * 2}).json
    gid, owner = made["id"], made["owner_token"]
    assert client.get(f"/api/games/{gid}?seat=0", headers=h(owner)).status_code == 200
    r = client.get(f"/api/games/{gid}?seat=0&token={owner}")
    assert r.status_code == 401
    assert client.get(f"/api/games/{gid}/replay?seat=0&token={owner}").status_code == 401


def test_the_database_is_its_owners_alone(tmp_path: Path) -> None:
    db = tmp_path / "data" / "autodromo" / "games.sqlite3"
    client = create_app({"DB": str(db), "TESTING": True}).test_client()
    client.post("/api/games", json=legend_body())  # written: the -wal file exists now
    assert db.parent.stat().st_mode & 0o777 == 0o700
    for part in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        assert part.exists() and part.stat().st_mode & 0o777 == 0o600, part
    # A file an older server left readable by everyone is made private when opened again.
    db.chmod(0o644)
    create_app({"DB": str(db), "TESTING": True})
    assert db.stat().st_mode & 0o777 == 0o600


def test_a_player_on_the_network_is_not_told_the_servers_folders(db: Path) -> None:
    lan = lan_app(db).test_client()
    for path in ("/", "/api/games"):
        text = lan.get(path).get_data(as_text=True)
        assert str(db) not in text and str(db.parent) not in text, path
    # At the server's own machine (loopback) the lobby says where the games are saved.
    local = create_app({"DB": str(db), "TESTING": True}).test_client()
    assert str(db) in local.get("/").get_data(as_text=True)


def test_a_links_game_from_a_position_is_played_once_every_player_agrees(db: Path) -> None:
    """Its creator wrote every hand: with each player on their own device, nobody plays until
    each agreed that the creator may know every card (the same agreement as a whole export)."""
    client = lan_app(db).test_client()
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
    hot = client.post("/api/games", json={"game": "mille_bornes", "seats": seats, "seed": 5}).json
    owner = h(hot["owner_token"])
    for seat in (0, 1):
        assert client.post(f"/api/games/{hot['id']}/consent", json={"seat": seat}, headers=owner).status_code == 200
    position = client.get(f"/api/games/{hot['id']}/position", headers=owner).get_data(as_text=True)
    r = client.post("/api/games", json={"game": "mille_bornes", "seats": seats, "seating": "links",
                                        "position": position})
    assert r.status_code == 201, r.json
    gid = r.json["id"]
    tokens = [j["url"].split("#t=", 1)[1] for j in r.json["join"]]
    p = client.get(f"/api/games/{gid}?seat=1", headers=h(tokens[1])).json
    seat = p["to_move"]
    move = {"seat": seat, "action": client.get(f"/api/games/{gid}/legal?seat={seat}",
                                               headers=h(tokens[seat])).json["legal"][0]["id"]}
    r = client.post(f"/api/games/{gid}/actions", json=move, headers=h(tokens[seat]))
    assert r.status_code == 409 and "every player agrees" in r.json["error"] and "Ada, Bea" in r.json["error"]
    assert client.post(f"/api/games/{gid}/consent", json={"seat": 0}, headers=h(tokens[0])).status_code == 200
    r = client.post(f"/api/games/{gid}/actions", json=move, headers=h(tokens[seat]))
    assert r.status_code == 409 and "waiting for Bea" in r.json["error"]
    assert client.get(f"/api/games/{gid}").json["version"] == 0
    assert client.post(f"/api/games/{gid}/consent", json={"seat": 1}, headers=h(tokens[1])).status_code == 200
    assert client.post(f"/api/games/{gid}/actions", json=move, headers=h(tokens[seat])).status_code == 200


def test_the_file_keeps_tokens_as_their_hashes(db: Path) -> None:
    """A copy of the database names no owner's or device's token, nor a claimed link's; only a
    join link nobody claimed yet is kept as it is (the owner's screen shows it)."""
    client = lan_app(db).test_client()
    gid, owner, links = links_game(client)
    device = client.post(f"/api/games/{gid}/claim", headers=h(links[0])).json["token"]
    with sqlite3.connect(db) as con:
        text = "".join(str(row) for row in con.execute("SELECT * FROM games"))
    for secret in (owner, device, links[0]):
        assert secret not in text
    assert links[1] in text
    restarted = lan_app(db).test_client()
    assert restarted.get(f"/api/games/{gid}/links", headers=h(owner)).status_code == 200
    assert restarted.get(f"/api/games/{gid}?seat=0", headers=h(device)).status_code == 200
    assert restarted.post(f"/api/games/{gid}/claim", headers=h(links[0])).status_code == 409


def test_the_server_tells_no_version(live: LiveServer) -> None:
    import urllib.request

    with urllib.request.urlopen(f"{live.url}/api/games", timeout=10) as r:
        banner = r.headers.get("Server", "")
    assert banner == "autodromo", banner
