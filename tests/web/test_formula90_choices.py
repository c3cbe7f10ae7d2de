"""Formula 90's choices on the page come from the core's moves (issue 29): a yellow flag's
help, the same for every place the flag may go, is told once above the choices, each choice one
line (the issue found the same paragraph under each of eight choices); a blind check says its
chance of failing before the click. Through the API's page form, from positions of random races."""

from __future__ import annotations

import json
import random
from typing import Any

import autodromo
from autodromo_web.games.formula90.glossary import FLAGS

OPTIONS: dict[str, Any] = {"players": 2, "turns": 8}


def position_where(wanted: str) -> tuple[int, dict[str, Any]]:
    """A position of a seeded random race where a seat is offered moves of the ``wanted`` kind."""
    for seed in range(200):
        rng = random.Random(seed)
        s = autodromo.game("formula90", **OPTIONS).new_state()
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_chance_at(rng.random())
                continue
            if sum(m["kind"] == wanted for m in s.moves(p)) >= 2:
                position: dict[str, Any] = json.loads(s.position())
                return p, position
            s.apply_action(rng.choice(s.legal_actions()))
    raise AssertionError(f"no {wanted} in 200 races")


def page_at(client: Any, position: dict[str, Any], seat: int) -> dict[str, Any]:
    body = {"game": "formula90", "options": {"turns": OPTIONS["turns"]}, "seed": 1,
            "seats": [{"kind": "human"}, {"kind": "human"}], "position": position}
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.json
    doc: dict[str, Any] = client.get(f"/api/games/{made.json['id']}?since=0&page=1&seat={seat}").json
    return doc


def test_a_yellow_flags_help_is_told_once_and_each_place_is_one_line(client: Any) -> None:
    seat, position = position_where("yellow_flag")
    p = page_at(client, position, seat)
    flags = [d for d in p["decisions"] if d["kind"] == "flag"]
    assert len(flags) >= 3, p["decisions"]
    yellow = FLAGS["yellow"]["text"]
    for d in flags:
        assert yellow not in d["detail"] and "\n" not in d["text"], d
    assert p["prompt"] is not None and p["prompt"]["text"].count(yellow) == 1, p["prompt"]


def test_a_blind_check_says_its_chance_of_failing_before_the_click(client: Any) -> None:
    seat, position = position_where("check")
    p = page_at(client, position, seat)
    checks = [d for d in p["decisions"] if d["kind"] == "check"]
    assert checks and all(d["detail"] for d in checks), checks
    blind = [d for d in checks if d["text"].endswith("blind")]
    for d in blind:
        assert "chance to fail" in d["detail"] or d["detail"] in ("passes",) or d["detail"].startswith("fails"), d


def test_the_timeline_words_each_step_from_its_events(client: Any) -> None:
    body = {"game": "formula90", "options": {"turns": 3}, "seed": 5,
            "seats": [{"kind": "bot", "bot": "medium"}, {"kind": "bot", "bot": "medium"}]}
    gid = client.post("/api/games", json=body).json["id"]
    table = client.application.extensions["autodromo.tables"].get(gid)
    client.post(f"/api/games/{gid}/advance", json={"steps": 5000})
    assert table.finished
    steps = client.get(f"/api/games/{gid}/steps").json["steps"]
    assert len(steps) == len(table.actions)
    for s in steps:
        assert s["text"] and "{" not in s["text"] and "None" not in s["text"], s
    # Told as the page's log tells it (the label said "play 46 + 74 (6 MP)"): the car plays its
    # cards, and moves from section to section.
    texts = [s["text"] for s in steps]
    assert any(" plays " in t for t in texts) and any(" moves (" in t and " → " in t for t in texts), texts[:40]


def test_the_moves_endpoint_answers_the_seat_to_act_what_its_bridge_buttons_read(client: Any) -> None:
    body = {"game": "formula90", "options": {"turns": 3}, "seed": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    gid = client.post("/api/games", json=body).json["id"]
    legal = client.get(f"/api/games/{gid}/legal?seat=0").json
    seat = 0 if legal["legal"] else 1
    legal = client.get(f"/api/games/{gid}/legal?seat={seat}").json["legal"]
    moves = client.get(f"/api/games/{gid}/moves?seat={seat}").json["moves"]
    assert [m["action"] for m in moves] == [a["id"] for a in legal] and all(m["kind"] for m in moves)
    assert client.get(f"/api/games/{gid}/moves?seat={1 - seat}").json["moves"] == []
    assert client.get(f"/api/games/{gid}/moves?seat=7").status_code == 400
