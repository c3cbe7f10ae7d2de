"""Issue 31: Formula 90's refusal of a move (the page's 409) in the reader's language, worded by
formula90/words.py from the refusal's key and values: the car by its colour in the reader's words,
the step of the turn as the status line says it; nothing is applied."""

from __future__ import annotations

from typing import Any

from .test_api import create, view

PT = {"Accept-Language": "pt-BR,pt;q=0.9"}
IT = {"Accept-Language": "it-IT,it;q=0.9"}


def refused(client: Any, gid: str, seat: int, action: int, headers: dict[str, str]) -> str:
    r = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": action}, headers=headers)
    assert r.status_code == 409, r.json
    reason: str = r.json["error"]
    return reason


def test_a_refused_move_is_answered_in_the_readers_language(client: Any) -> None:
    gid = create(client, {"game": "formula90", "options": {"players": 2, "turns": 3},
                          "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}],
                          "seed": 1})["id"]
    before = view(client, gid)
    seat = before["to_move"]
    legal = {a["id"] for a in view(client, gid, seat)["legal"]}
    # The first decision (Free Practice's skill) and every nearby id it refuses: the other skills'
    # neighbours, the setups, the strategies; none in the core's English.
    asked = sorted({a + d for a in legal for d in range(-30, 31) if a + d >= 0} - legal)
    said = {refused(client, gid, seat, a, PT): refused(client, gid, seat, a, {}) for a in asked}
    assert len(said) > 10
    assert all(pt != en for pt, en in said.items()), [en for pt, en in said.items() if pt == en]
    assert any(pt.endswith("não é uma escolha de Azul (Free Practice: a habilidade)") for pt in said), list(said)
    assert not any("is not a choice" in pt for pt in said)
    italian = {refused(client, gid, seat, a, IT) for a in asked[:5]}
    assert all("non è una scelta di Blu" in it for it in italian), italian
    assert view(client, gid)["version"] == before["version"]  # nothing was applied
