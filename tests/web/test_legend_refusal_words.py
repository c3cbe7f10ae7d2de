"""Issue 31, Legend: a move the core refuses is answered (409) with the core's refusal in the
reader's language, worded by legend/words.py from the refusal's meaning (its key and values): the
phase the race is in by its name in that language, never the core's English."""

from __future__ import annotations

from typing import Any

import autodromo
from autodromo import locale
from autodromo.legend import words

from .test_api import create, view

HEADERS = {"it": {"Accept-Language": "it-IT,it;q=0.9"}, "pt": {"Accept-Language": "pt-BR,pt;q=0.9"}}
OPTIONS: dict[str, Any] = {"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"], "laps": 1}


def refused(client: Any, gid: str, seat: int, action: int, headers: dict[str, str]) -> str:
    r = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": action}, headers=headers)
    assert r.status_code == 409, r.json
    reason: str = r.json["error"]
    return reason


def test_every_refused_move_of_a_decision_is_answered_in_the_readers_language(client: Any) -> None:
    gid = create(client, {"game": "legend", "options": OPTIONS, "seed": 1,
                          "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]})["id"]
    before = view(client, gid)
    seat = before["to_move"]
    legal = {a["id"] for a in view(client, gid, seat)["legal"]}
    refusable = [a for a in range(autodromo.game("legend", **OPTIONS).num_distinct_actions) if a not in legal]
    english = {a: refused(client, gid, seat, a, {}) for a in refusable}
    phase = english[refusable[0]].rsplit("(now: ", 1)[-1].rstrip(")")  # the race's first decision
    for lang, headers in HEADERS.items():
        said = {a: refused(client, gid, seat, a, headers) for a in refusable}
        assert [a for a in refusable if said[a] == english[a]] == [], lang
        with locale.use(lang):
            now = words.say(f"phase_name.{phase}")
        named = [text for text in said.values() if text.endswith(f": {now})")]
        assert now != phase and len(named) > len(refusable) // 2, (lang, now, sorted(set(said.values()))[:5])
    assert view(client, gid)["version"] == before["version"]  # nothing was applied
