"""Issue 31: a move the core refuses is answered (409) with the core's refusal in the reader's
language, worded by the game's words module from the refusal's meaning (its key and values),
an attacked side named by its players; the page shows that reason as it comes (common.js)."""

from __future__ import annotations

from typing import Any

import autodromo

from .test_api import create, view

IT = {"Accept-Language": "it-IT,it;q=0.9"}
PT = {"Accept-Language": "pt-BR,pt;q=0.9"}


def refused(client: Any, gid: str, seat: int, action: int, headers: dict[str, str]) -> str:
    r = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": action}, headers=headers)
    assert r.status_code == 409, r.json
    reason: str = r.json["error"]
    return reason


def test_a_refused_move_is_answered_in_the_readers_language(client: Any) -> None:
    gid = create(client, {"game": "mille_bornes", "seats": [{"kind": "human", "name": "Ada"},
                                                             {"kind": "human", "name": "Bo"}], "seed": 1})["id"]
    before = view(client, gid)
    seat = before["to_move"]
    draw = 0  # "draw 25": a draw is chance's, never a seat's decision
    assert refused(client, gid, seat, draw, IT) == "le carte si pescano solo quando decide il caso"
    assert refused(client, gid, seat, draw, PT) == "as cartas só são compradas quando o acaso decide"
    assert refused(client, gid, seat, draw, {}) == "cards are drawn only at a chance node"
    # Every refusal of this turn in Italian: none is the core's English, a side is named by its people.
    legal = {a["id"] for a in view(client, gid, seat)["legal"]}
    game = autodromo.game("mille_bornes", players=2)
    said = {refused(client, gid, seat, a, IT): refused(client, gid, seat, a, {})
            for a in range(game.num_distinct_actions) if a not in legal}
    assert all(it != en for it, en in said.items()), [en for it, en in said.items() if it == en]
    attacks = [it for it in said if "non ha ancora giocato un Semaforo verde" in it]
    assert attacks and all(": Ada " in it or ": Bo " in it for it in attacks), attacks
    assert view(client, gid)["version"] == before["version"]  # nothing was applied


def test_a_lamborghini_refusal_names_the_car_by_its_player(client: Any) -> None:
    gid = create(client, {"game": "lamborghini", "options": {"laps": 1, "players": 2},
                          "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}], "seed": 1})["id"]
    game = autodromo.game("lamborghini", players=2, laps=1)
    # Take each seat's first decision until a car drives: its refusals name the car by its player.
    for _ in range(200):
        now = view(client, gid)
        if now["view"]["phase"] == "Drive":
            break
        seat = now["to_move"]
        first = view(client, gid, seat)["legal"][0]["id"]
        r = client.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": first})
        assert r.status_code == 200, r.json
    else:
        raise AssertionError("no car drives")
    seat = now["to_move"]
    legal = {a["id"] for a in view(client, gid, seat)["legal"]}
    said = {refused(client, gid, seat, a, IT): refused(client, gid, seat, a, {})
            for a in range(game.num_distinct_actions) if a not in legal}
    assert all(it != en for it, en in said.items()), [en for it, en in said.items() if it == en]
    moving = [it for it in said if it.startswith("un'offerta: non ora. Adesso: il movimento di ")]
    assert moving and all("Ada" in it or "Bo" in it for it in moving), moving
    assert view(client, gid)["version"] == now["version"]  # nothing was applied
