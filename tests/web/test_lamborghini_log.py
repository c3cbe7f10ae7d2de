"""Lamborghini's log on the page (issue 29): one line per movement. The book moves a car square by
square ("each player moves his Murciélago a number of squares equal to the total speed"); the page
told the square that ended a turn under the next turn's heading ("Alice: moves 6 squares / Turn 3 /
Alice: moves 1 square"). Each seat's decisions of a turn are one line, its squares one movement,
and the words name cards by name, never by content id."""

from __future__ import annotations

from collections import Counter
from typing import Any


def test_each_movement_is_one_line_under_its_own_turn(client: Any) -> None:
    body = {"game": "lamborghini", "options": {"laps": 1}, "seed": 5,
            "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"},
                      {"kind": "bot", "bot": "heuristic"}]}
    gid = client.post("/api/games", json=body).json["id"]
    table = client.application.extensions["autodromo.tables"].get(gid)
    client.post(f"/api/games/{gid}/advance", json={"steps": 4000})
    assert table.finished
    log = table.module.log(table, None)
    names = table.names()
    # The core's squares per seat and turn: what the lines must add up to.
    squares = Counter((e["seat"], e["turn"]) for e in table.state.log(None) if e["kind"] == "stepped")
    told: Counter[tuple[int, int]] = Counter()
    lines: Counter[tuple[int, str]] = Counter()
    for entry in log:
        text = entry["text"]
        if entry["who"] is None or "moves " not in text:
            continue
        assert text.startswith(f"{names[entry['who']]}: "), text
        turn = int(entry["round"].removeprefix("Turn "))
        lines[(entry["who"], entry["round"])] += 1
        n = int(text.split("moves ", 1)[1].split(" ", 1)[0])
        assert text.count("moves ") == 1, text
        told[(entry["who"], turn)] += n
    assert told == squares
    assert lines and max(lines.values()) == 1, [k for k, v in lines.items() if v > 1]
    ids = {e["card"]["id"] for e in table.state.log(None) if "card" in e}
    words = {w.strip(",.():") for e in log for w in e["text"].split()}
    assert not ids & words, ids & words


def test_the_timeline_and_the_plans_are_worded_from_moves_and_events(client: Any) -> None:
    body = {"game": "lamborghini", "options": {"laps": 1}, "seed": 6,
            "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]}
    gid = client.post("/api/games", json=body).json["id"]
    table = client.application.extensions["autodromo.tables"].get(gid)
    plans_seen = 0
    for _ in range(400):
        if table.finished:
            break
        client.post(f"/api/games/{gid}/advance", json={"steps": 1})
        seat = table.state.current_player()
        if seat < 0 or table.state.view(None)["phase"] != "Drive":
            continue
        for plan in table.module.plan(table, seat):
            # The plan's ids, played, take the car where the plan says (no label read back).
            probe = table.state.clone()
            for a in plan["ids"]:
                probe.apply_action(a)
            assert len(plan["ids"]) == len(plan["steps"]) == plan["speed"]
            assert all(s.startswith("Move ") for s in plan["steps"])
            plans_seen += 1
    assert plans_seen > 0
    client.post(f"/api/games/{gid}/advance", json={"steps": 4000})
    assert table.finished
    steps = client.get(f"/api/games/{gid}/steps").json["steps"]
    ids = {e["card"]["id"] for e in table.state.log(None) if "card" in e}
    labels = {"move ahead", "move left", "move right", "take the check"}
    for s in steps:
        text = s["text"]
        assert not {w.strip(",.():") for w in text.split()} & ids, text
        assert not any(text.endswith(": " + label) for label in labels), text
    assert any(s["text"].startswith("Speed card for ") for s in steps)
