"""Every answer's JSON (orjson, issue 18 item 6): the same values as the standard library's."""

from __future__ import annotations

import json
from typing import Any


def test_a_name_beyond_ascii_reads_back_as_it_was_given(client: Any) -> None:
    name = "Zoë → «Ünal» 赛车"
    body = {"game": "mille_bornes", "options": {}, "seed": 3,
            "seats": [{"kind": "human", "name": name}, {"kind": "bot", "bot": "heuristic"}]}
    r = client.post("/api/games", json={**body, "page": True})
    assert r.status_code == 201
    assert r.json["seats"][0]["name"] == name
    # Written as UTF-8, which is what the answer says it is.
    assert name.encode() in r.data
    assert r.mimetype == "application/json"


def test_what_orjson_cannot_write_the_standard_library_still_writes(app: Any) -> None:
    big = {"n": 2**70, 3: ["a", 1.5, None, True]}
    assert json.loads(app.json.encode(big)) == {"n": 2**70, "3": ["a", 1.5, None, True]}
    with app.test_request_context():
        r = app.json.response(big)
    assert json.loads(r.get_data()) == {"n": 2**70, "3": ["a", 1.5, None, True]}
