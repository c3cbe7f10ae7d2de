"""A game's log kept between requests (issue 18, item 6: no request rebuilds what the last one
read) is the log built from scratch, at every step of a whole game."""

from __future__ import annotations

from typing import Any


def test_the_lamborghini_log_read_step_by_step_is_the_log_built_from_scratch(client: Any) -> None:
    body = {"game": "lamborghini", "options": {"laps": 1}, "seed": 4,
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}
    gid = client.post("/api/games", json=body).json["id"]
    table = client.application.extensions["autodromo.tables"].get(gid)
    strong = 0
    for _ in range(400):
        if table.finished:
            break
        client.post(f"/api/games/{gid}/advance", json={"steps": 1})
        # Each seat's log (its own draws shown) and the spectator's, each kept on its own.
        kept = [table.module.log(table, seat) for seat in (None, 0, 1)]
        table.memo.clear()
        fresh = [table.module.log(table, seat) for seat in (None, 0, 1)]
        assert kept == fresh
        strong = sum(1 for e in fresh[0] if e.get("strong"))
    assert table.finished
    # The log told of damages or wrecks, which are what is kept.
    assert strong > 0


def test_the_formula90_log_read_step_by_step_is_the_log_built_from_scratch(client: Any) -> None:
    body = {"game": "formula90", "options": {"turns": 3}, "seed": 7,
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}
    gid = client.post("/api/games", json=body).json["id"]
    table = client.application.extensions["autodromo.tables"].get(gid)
    moves = 0
    for _ in range(3000):
        if table.finished:
            break
        client.post(f"/api/games/{gid}/advance", json={"steps": 1})
        # Each seat's log (its own hand shown) and the spectator's, each kept on its own; read
        # after every step, so a car's move is read while still under way.
        kept = [table.module.log(table, seat) for seat in (None, 0, 1)]
        table.memo.clear()
        fresh = [table.module.log(table, seat) for seat in (None, 0, 1)]
        assert kept == fresh
        moves = sum(1 for e in fresh[0] if "→" in e["text"])
    assert table.finished
    # The log told of cars' moves across sections, which are what is gathered and kept.
    assert moves > 0


def test_the_mille_bornes_log_read_step_by_step_is_the_log_built_from_scratch(client: Any) -> None:
    body = {"game": "mille_bornes", "options": {"score_to_win": 2000}, "seed": 3,
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}
    gid = client.post("/api/games", json=body).json["id"]
    table = client.application.extensions["autodromo.tables"].get(gid)
    for _ in range(3000):
        if table.finished:
            break
        client.post(f"/api/games/{gid}/advance", json={"steps": 1})
        # Each seat's log (its own draws shown) and the spectator's, each kept on its own; read
        # after every step, so a draw is read before the play that follows it.
        kept = [table.module.log(table, seat) for seat in (None, 0, 1)]
        table.memo.clear()
        fresh = [table.module.log(table, seat) for seat in (None, 0, 1)]
        assert kept == fresh
    assert table.finished
    # More than one hand was played and told, each hand's end with its scores.
    assert sum(1 for e in fresh[0] if e["text"].startswith("Hand ")) > 1


def test_the_legend_log_read_step_by_step_is_the_log_built_from_scratch(client: Any) -> None:
    body = {"game": "legend", "seed": 5,
            "options": {"circuit": "example", "laps": 1, "cars": ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"]},
            "seats": [{"kind": "bot", "bot": "random"}] * 3}
    gid = client.post("/api/games", json=body).json["id"]
    table = client.application.extensions["autodromo.tables"].get(gid)
    for _ in range(150):
        client.post(f"/api/games/{gid}/advance", json={"steps": 1})
        # The log's last step reads the spectator's view the page reads anyway (kept per
        # position): the same as the view its own copy of the game would give.
        kept = [table.log(seat) for seat in (None, 0, 2)]
        table.memo.clear()
        fresh = [table.module.log(table, seat) for seat in (None, 0, 2)]
        assert kept == fresh
    # The log told of whole moves, each with the spaces the car covered.
    assert sum(1 for e in fresh[0] if " space" in e["text"]) > 3
