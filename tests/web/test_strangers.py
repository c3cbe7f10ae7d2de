"""Issue 37, item 6: "A stranger floods the lobby and the disk". Under ``--lan`` one address made
~35,000 games in 45 s; at ~60,000 the list was 21 MB and the lobby took 18 s to draw; the
write-ahead log reached 561 MB and was never emptied. Now creations are limited per address
(the machine the server runs on is not), the lists come a page at a time, games made from the
network expire once untouched, and the log is emptied when the server is idle."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from autodromo_web import create_app, store

GAME = {"game": "mille_bornes", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}


def lan_app(db: Path, **config: Any) -> Any:
    return create_app({"DB": str(db), "AUTODROMO_LAN": True, **config})


def client_at(app: Any, address: str) -> Any:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_a_stranger_is_refused_new_games_past_the_limit_and_nothing_is_made(db: Path) -> None:
    app = lan_app(db, AUTODROMO_CREATE_BURST=3, AUTODROMO_CREATE_PER_MINUTE=1)
    phone = client_at(app, "192.168.1.50")
    made = [phone.post("/api/games", json=GAME) for _ in range(3)]
    assert [r.status_code for r in made] == [201, 201, 201]
    r = phone.post("/api/games", json=GAME)
    assert r.status_code == 429 and "too many new games from this device" in r.json["error"]
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    # "Play again", an import and a championship draw from the same allowance.
    gid = made[0].json["id"]
    again = phone.post(f"/api/games/{gid}/again", headers={"X-Autodromo-Token": made[0].json["owner_token"]})
    assert again.status_code == 429
    assert phone.post("/api/events", json={"game": "legend"}).status_code == 429
    host = client_at(app, "127.0.0.1")
    assert len(host.get("/api/games").json["games"]) == 3
    # The host screen (this machine) and another phone are not limited by it.
    assert host.post("/api/games", json=GAME).status_code == 201
    assert client_at(app, "192.168.1.51").post("/api/games", json=GAME).status_code == 201


def test_without_lan_nothing_is_limited(db: Path) -> None:
    app = create_app({"DB": str(db), "AUTODROMO_CREATE_BURST": 1, "AUTODROMO_CREATE_PER_MINUTE": 1})
    c = client_at(app, "127.0.0.1")
    assert [c.post("/api/games", json=GAME).status_code for _ in range(3)] == [201, 201, 201]


def test_the_games_list_comes_a_page_at_a_time_newest_first(client: Any) -> None:
    made = [client.post("/api/games", json=GAME).json["id"] for _ in range(5)]
    seen: list[str] = []
    page = client.get("/api/games?limit=2").json
    while True:
        assert len(page["games"]) <= 2
        seen += [g["id"] for g in page["games"]]
        if page["next"] is None:
            break
        page = client.get("/api/games", query_string={"limit": 2, "before": page["next"]}).json
    assert seen == made[::-1]
    assert client.get("/api/games").json["next"] is None  # the default page holds these five
    r = client.get("/api/games?limit=100000")
    assert r.status_code == 400 and "limit must be at most" in r.json["error"]
    r = client.get("/api/games?before=yesterday")
    assert r.status_code == 400 and "before" in r.json["error"]


def test_the_championships_list_is_paged_too(client: Any) -> None:
    doc = client.get("/api/events?limit=1").json
    assert doc["events"] == [] and doc["next"] is None


def test_games_made_from_the_network_expire_once_untouched(db: Path) -> None:
    app = lan_app(db, AUTODROMO_EXPIRE_SECONDS=0.5)
    theirs = client_at(app, "192.168.1.50").post("/api/games", json=GAME).json["id"]
    host = client_at(app, "127.0.0.1")
    mine = host.post("/api/games", json=GAME).json["id"]
    tables = app.extensions["autodromo.tables"]
    assert tables.expire() == []  # not yet
    time.sleep(0.7)
    assert tables.expire() == [theirs]
    assert [g["id"] for g in host.get("/api/games").json["games"]] == [mine]
    assert host.get(f"/api/games/{theirs}").status_code == 404


def test_the_write_ahead_log_is_emptied_once_idle(db: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(store, "CHECKPOINT_SECONDS", 0.05)
    monkeypatch.setattr(store, "WAL_IDLE_SECONDS", 0.3)
    app = create_app({"DB": str(db)})
    c = app.test_client()
    for _ in range(20):
        c.post("/api/games", json=GAME)
    wal = Path(f"{db}-wal")
    assert wal.exists() and os.path.getsize(wal) > 0
    deadline = time.monotonic() + 5
    while os.path.getsize(wal) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert os.path.getsize(wal) == 0
    # And the games are all there.
    assert len(c.get("/api/games").json["games"]) == 20


def test_the_lobby_shows_a_page_of_games_and_reads_the_older_ones(live: Any, page: Any) -> None:
    client = live.app.test_client()
    made = [client.post("/api/games", json=GAME).json["id"] for _ in range(53)]
    pg = page.page
    pg.goto(live.url + "/")
    rows = "() => document.querySelectorAll('[data-testid=saved] tr').length"
    pg.wait_for_function(f"{rows} === 50")
    # Newest first: the oldest three are on the next page only.
    assert pg.locator("[data-testid=saved] tr").first.get_attribute("data-game") == made[-1]
    assert pg.get_by_test_id(f"continue-{made[0]}").count() == 0
    pg.get_by_test_id("older-games").click()
    pg.wait_for_function(f"{rows} === 53")
    pg.get_by_test_id(f"continue-{made[0]}").wait_for()
    assert pg.get_by_test_id("older-games").is_hidden()
    assert page.errors == []
