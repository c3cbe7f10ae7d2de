"""A game the web page saved under an older version of a game's rules (Mille Bornes' version 1,
when a Speed Limit hit any car) goes on after an upgrade under the option that keeps that rule,
or is listed with the reason it cannot (issue 36): never as "the content files changed"."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import autodromo
from autodromo_web import create_app

from test_replay import _rules_v1_hash


def _saved_as_version_1(db: Path, options: dict[str, Any]) -> str:
    """A two-seat Mille Bornes game with three actions played, then its row rewritten as the
    server of rules version 1 saved it: that version's content hash, no independent_speed_limit."""
    client: Any = create_app({"DB": str(db)}).test_client()
    body = {"game": "mille_bornes", "options": options, "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.json
    gid: str = r.json["id"]
    for _ in range(3):
        seat = client.get(f"/api/games/{gid}").json["to_move"]
        seen = client.get(f"/api/games/{gid}?seat={seat}").json
        r = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": seen["legal"][0]["id"]})
        assert r.status_code == 200, r.json
    game = autodromo.game("mille_bornes", **options)
    with sqlite3.connect(db) as con:
        (stored,) = con.execute("SELECT options FROM games WHERE id = ?", (gid,)).fetchone()
        assert '"independent_speed_limit"' not in stored  # saved as the lobby sent them
        con.execute("UPDATE games SET content_hash = ? WHERE id = ?", (_rules_v1_hash(game), gid))
    return gid


def test_a_version_1_game_goes_on_with_the_speed_limit_of_its_time(db: Path) -> None:
    gid = _saved_as_version_1(db, {"score_to_win": 0, "players": 2})
    client: Any = create_app({"DB": str(db)}).test_client()
    listed = client.get("/api/games").json
    assert listed["broken"] == []
    r = client.get(f"/api/games/{gid}")
    assert r.status_code == 200, r.json
    doc = r.json
    assert doc is not None and doc["options"]["independent_speed_limit"] is True
    assert len(client.get(f"/api/games/{gid}/steps").json["steps"]) >= 3
    seat = doc["to_move"]
    legal = client.get(f"/api/games/{gid}?seat={seat}").json["legal"]
    assert client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": legal[0]["id"]}).status_code == 200


def test_a_version_1_game_with_wrong_way_is_listed_with_the_rules_reason(db: Path) -> None:
    gid = _saved_as_version_1(db, {"score_to_win": 0, "players": 2, "wrong_way": True})
    client: Any = create_app({"DB": str(db)}).test_client()
    broken = client.get("/api/games").json["broken"]
    assert [b["id"] for b in broken] == [gid]
    assert "rules version 1, when a Wrong Way could hit a car that had not started" in broken[0]["error"]
    assert "content files changed" not in broken[0]["error"]
