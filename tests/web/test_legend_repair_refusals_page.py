"""Issue 31, Legend's championship: the page's 409 on a repair the book refuses between races is
worded in the reader's language (legend/words.py, from the refusal's key), not in English."""

from __future__ import annotations

from typing import Any

from autodromo_web import create_app

from .test_events import bid, body, drive

HEADERS = {"it": {"Accept-Language": "it-IT,it;q=0.9"}, "pt": {"Accept-Language": "pt-BR,pt;q=0.9"}}
TOO_MANY = {"collect": None, "engine": 3, "brakes": 3, "tires": 0, "spend": []}
NO_SUCH_PART = {"collect": None, "engine": 0, "brakes": 0, "tires": 0, "spend": [9]}


def to_repairs(client: Any) -> tuple[str, dict[str, Any]]:
    """A championship played in English by its first seat up to the repairs after race 1."""
    eid = client.post("/api/events", json=body()).json["id"]
    for _ in range(400):
        e = client.get(f"/api/events/{eid}?seat=0").json
        if e["stage"] == "repairs":
            return eid, e
        if e["stage"] == "race":
            drive(client, e["race"])
            continue
        choice = bid(e) if e["stage"] == "auction" else e["decisions"][len(e["decisions"]) // 2]["id"]
        assert client.post(f"/api/events/{eid}/decisions", json={"seat": 0, "choice": choice}).status_code == 200
    raise AssertionError("no repairs stage")


def test_a_refused_repair_is_answered_in_each_readers_language(tmp_path: Any) -> None:
    client = create_app({"DB": str(tmp_path / "db.sqlite3")}).test_client()
    eid, before = to_repairs(client)
    said: dict[str, list[str]] = {}
    for lang, headers in {"en": {}, **HEADERS}.items():
        said[lang] = []
        for choice in (TOO_MANY, NO_SUCH_PART):
            r = client.post(f"/api/events/{eid}/decisions", json={"seat": 0, "choice": choice}, headers=headers)
            assert r.status_code == 409, r.json
            said[lang].append(r.json["error"])
    assert said["en"] == ["between races: repair at most 4 wear points", "between races: no spare part 9"]
    assert said["it"] == ["tra le gare: ripara al massimo 4 punti d'usura", "tra le gare: non c'è il ricambio 9"]
    assert said["pt"] == ["entre as corridas: repare no máximo 4 pontos de desgaste",
                          "entre as corridas: não existe a peça de reposição 9"]
    assert client.get(f"/api/events/{eid}?seat=0").json["stage"] == "repairs"  # nothing was applied
    assert client.get(f"/api/events/{eid}?seat=0").json["log"] == before["log"]
