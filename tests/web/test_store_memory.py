"""Issue 18, item 6: idle games leave memory and come back on demand, as they were; concurrent
commits of many games share the disk's flushes without losing one."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from autodromo_web import create_app
from autodromo_web.store import Store

from . import conftest
from .conftest import legend_body


def make_app(db: Path, **config: Any) -> Any:
    """An app like the ``app`` fixture's (its test client too), with these settings."""
    app = create_app({"DB": str(db), "TESTING": True, **config})
    client_class = getattr(conftest, "OwnerClient", None)
    if client_class is not None:
        app.test_client_class = client_class
    return app


def play_one(client: Any, gid: str) -> dict[str, Any]:
    doc = client.get(f"/api/games/{gid}?seat=0").json
    r = client.post(f"/api/games/{gid}/actions", json={"seat": 0, "action": doc["legal"][0]["id"]})
    assert r.status_code == 200, r.json
    return client.get(f"/api/games/{gid}?seat=0").json


def test_an_idle_game_leaves_memory_and_comes_back_as_it_was(db: Path) -> None:
    app = make_app(db, AUTODROMO_IDLE_SECONDS=0.0)
    client = app.test_client()
    tables = app.extensions["autodromo.tables"]
    gid = client.post("/api/games", json=legend_body()).json["id"]
    before = play_one(client, gid)
    assert tables.sweep(now=time.monotonic() + 5) == [gid]
    assert tables.loaded() == []
    # The list shows it without loading it.
    listed = client.get("/api/games").json["games"]
    assert [(g["id"], g["actions"], g["status"]) for g in listed] == [(gid, before["version"], "playing")]
    assert tables.loaded() == []
    again = client.get(f"/api/games/{gid}?seat=0").json
    assert (again["version"], again["view"], again["legal"]) == (before["version"], before["view"], before["legal"])
    assert tables.loaded() == [gid]
    assert play_one(client, gid)["version"] > before["version"]


def test_beyond_the_bound_the_least_recently_used_game_leaves_first(db: Path) -> None:
    app = make_app(db, AUTODROMO_MAX_LOADED=2)
    client = app.test_client()
    tables = app.extensions["autodromo.tables"]
    ids = [client.post("/api/games", json=legend_body(seed=s)).json["id"] for s in range(3)]
    assert tables.loaded() == ids[1:]
    client.get(f"/api/games/{ids[1]}")
    client.get(f"/api/games/{ids[0]}")
    assert tables.loaded() == [ids[1], ids[0]]


def test_a_game_in_use_is_never_evicted(db: Path) -> None:
    app = make_app(db, AUTODROMO_IDLE_SECONDS=0.0)
    tables = app.extensions["autodromo.tables"]
    gid = app.test_client().post("/api/games", json=legend_body()).json["id"]
    with tables.locked(gid):
        assert tables.sweep(now=time.monotonic() + 5) == []
    assert tables.sweep(now=time.monotonic() + 10) == [gid]


def test_a_restart_replays_no_game_until_asked(db: Path) -> None:
    client = make_app(db).test_client()
    ids = [client.post("/api/games", json=legend_body(seed=s)).json["id"] for s in range(3)]
    app = make_app(db)
    assert app.extensions["autodromo.tables"].loaded() == []
    assert len(app.test_client().get("/api/games").json["games"]) == 3
    app.test_client().get(f"/api/games/{ids[2]}")
    assert app.extensions["autodromo.tables"].loaded() == [ids[2]]


def test_concurrent_writes_of_many_games_are_all_committed(tmp_path: Path) -> None:
    from autodromo_web.store import Saved

    store = Store(tmp_path / "s.sqlite3")
    for g in range(16):
        store.create(Saved(f"g{g}", "legend", {}, [], 1, "h", 0.0, 0.0, [], []))

    def writer(g: int) -> None:
        for i in range(25):
            store.append(f"g{g}", i, [i], [0])

    threads = [threading.Thread(target=writer, args=(g,)) for g in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    again = Store(tmp_path / "s.sqlite3")
    assert {s.id: s.actions for s in again.all()} == {f"g{g}": list(range(25)) for g in range(16)}
    # A write that fails is refused alone: the others of its batch are kept.
    try:
        store.append("g0", 0, [99], [0])
        raise AssertionError("a duplicate action index was accepted")
    except Exception as e:
        assert "UNIQUE" in str(e)
    store.append("g1", 25, [25], [0])
    assert again.load("g1") is not None and again.load("g1").actions == list(range(26))  # type: ignore[union-attr]


def test_a_database_older_than_the_finished_flag_lists_finished_games_as_finished(db: Path) -> None:
    import sqlite3

    client = make_app(db).test_client()
    body = {**legend_body(humans=0, bots=2), "seed": 3}
    gid = client.post("/api/games", json=body).json["id"]
    client.post(f"/api/games/{gid}/advance", json={})
    other = client.post("/api/games", json=legend_body()).json["id"]
    assert {g["id"]: g["status"] for g in client.get("/api/games").json["games"]} == {gid: "finished", other: "playing"}
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE games DROP COLUMN finished")
    app = make_app(db)
    listed = {g["id"]: g["status"] for g in app.test_client().get("/api/games").json["games"]}
    assert listed == {gid: "finished", other: "playing"}
    assert app.extensions["autodromo.tables"].loaded() == []
