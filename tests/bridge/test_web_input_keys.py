"""Issue 34 item 3, on a web game: an input carries its identity (``key``: the device, its boot,
its number) to ``POST /actions``, and the server refuses a key it has applied, so a bridge
restarted before its device heard the acknowledgement cannot apply a press twice."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import autodromo_web
import pytest
from flask.testing import FlaskClient


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    app = autodromo_web.create_app({"DB": str(tmp_path / "games.sqlite3"), "TESTING": True})
    client: FlaskClient = app.test_client()
    return client


def legend_game(client: FlaskClient) -> str:
    r = client.post("/api/games", json={
        "game": "legend", "options": {"cars": ["bugatti_type_35", "alfa_8c_2300"]},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], "seed": 4})
    assert r.status_code == 201, r.json
    return str(r.json["id"])  # type: ignore[index]


def post(client: FlaskClient, game: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    r = client.post(f"/api/games/{game}/actions", json=body)
    doc: dict[str, Any] = r.get_json()
    return r.status_code, doc


def get(client: FlaskClient, path: str) -> dict[str, Any]:
    doc: dict[str, Any] = client.get(path).get_json()
    return doc


def test_the_server_refuses_an_input_key_it_has_applied_and_changes_nothing(
        client: FlaskClient) -> None:
    game = legend_game(client)
    code, first = post(client, game, {"seat": 0, "action": "engine 1", "key": "00ff-0000000a-3"})
    assert code == 200 and first["applied"] == 1, first
    version = get(client, f"/api/games/{game}")["version"]
    code, again = post(client, game, {"seat": 0, "action": 0, "key": "00ff-0000000a-3"})
    assert code == 409, again
    assert again["repeat"] is True
    assert again["error"] == "this input was already applied (key 00ff-0000000a-3): not again"
    assert get(client, f"/api/games/{game}")["version"] == version
    # Another input (the next number) is applied as usual.
    legal = get(client, f"/api/games/{game}/legal?seat=0")["legal"]
    assert legal, "the human seat decides again after the bot"
    code, nxt = post(client, game, {"seat": 0, "action": legal[0]["id"], "key": "00ff-0000000a-4"})
    assert code == 200, nxt


@pytest.mark.parametrize("key", ["", 7, "x" * 101])
def test_a_key_that_is_no_identity_is_refused_with_the_reason(client: FlaskClient, key: Any) -> None:
    game = legend_game(client)
    version = get(client, f"/api/games/{game}")["version"]
    code, doc = post(client, game, {"seat": 0, "action": "engine 1", "key": key})
    assert code == 400
    assert doc["error"] == "key must be a string of 1 to 100 characters: the input's identity"
    assert get(client, f"/api/games/{game}")["version"] == version


def test_a_key_applied_before_a_restart_or_by_another_worker_is_refused(tmp_path: Path) -> None:
    # The key is saved with the actions it answered, in one transaction: a server restarted (a new
    # app on the same file) and a second worker process (another app on it) both refuse it.
    db = str(tmp_path / "games.sqlite3")
    first: FlaskClient = autodromo_web.create_app({"DB": db, "TESTING": True}).test_client()
    game = legend_game(first)
    code, doc = post(first, game, {"seat": 0, "action": "engine 1", "key": "00ff-0000000a-3"})
    assert code == 200, doc
    other: FlaskClient = autodromo_web.create_app({"DB": db, "TESTING": True}).test_client()
    version = get(other, f"/api/games/{game}")["version"]
    for client in (other, first):
        code, again = post(client, game, {"seat": 0, "action": 0, "key": "00ff-0000000a-3"})
        assert code == 409 and again["repeat"] is True, again
    assert get(other, f"/api/games/{game}")["version"] == version
    # Deleting the game deletes its keys with it.
    assert first.delete(f"/api/games/{game}").status_code == 200
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT COUNT(*) FROM input_keys").fetchone() == (0,)
