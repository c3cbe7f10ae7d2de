"""Issue 29 on the page: Mille Bornes' buttons, help and log come from the core's moves and events
through ``autodromo.mille_bornes.words``: one decision a move, worded as the book says."""

from __future__ import annotations

from typing import Any

from autodromo.mille_bornes import words

from .test_api import act, create, view

NAMES = ["Ada", "Bo", "Cy"]


def play_until(client: Any, gid: str, wanted: Any, moves: int = 600) -> tuple[int, dict[str, Any]]:
    """Plays the first legal choice until the seat to act is offered a decision ``wanted`` accepts;
    returns that seat and its page."""
    for _ in range(moves):
        seat = view(client, gid)["to_move"]
        page = client.get(f"/api/games/{gid}?seat={seat}&page=1").json
        if any(wanted(d) for d in page["decisions"]):
            return seat, page
        act(client, gid, seat, view(client, gid, seat=seat)["legal"][0]["id"])
    raise AssertionError("never offered")


def test_the_speed_limit_button_limits_and_does_not_stop(client: Any) -> None:
    body = {"game": "mille_bornes", "options": {"score_to_win": 0},
            "seats": [{"kind": "human", "name": n} for n in NAMES], "seed": 7}
    gid = create(client, body)["id"]
    seat, page = play_until(client, gid, lambda d: d["text"].startswith("Speed Limit on "))
    limit = next(d for d in page["decisions"] if d["text"].startswith("Speed Limit on "))
    assert limit["kind"] == "attack"
    # The book's Speed Limit caps each distance card at 50 (shared/rules/README.md).
    assert limit["detail"].startswith("limits them to 25 and 50 mile cards until they play End of Limit")
    assert "stops them" not in limit["detail"]
    assert "stops them until they play End of Limit" not in str(page["help"])
    assert page["help"]["attack"] == words.help_texts("play")["attack"]
    # One decision a legal action, in the core's order.
    assert [d["id"] for d in page["decisions"]] == [a["id"] for a in view(client, gid, seat=seat)["legal"]]


def test_a_safety_and_its_extra_turn_are_one_log_line(client: Any) -> None:
    body = {"game": "mille_bornes", "options": {"score_to_win": 0},
            "seats": [{"kind": "human", "name": n} for n in NAMES], "seed": 3}
    gid = create(client, body)["id"]
    seat, page = play_until(client, gid, lambda d: d["kind"] == "safety")
    safety = next(d for d in page["decisions"] if d["kind"] == "safety")
    assert "another turn" in safety["detail"]
    act(client, gid, seat, safety["id"])
    log = client.get(f"/api/games/{gid}?seat={seat}&page=1").json["log"]
    told = [e["text"] for e in log if e["text"].startswith(f"{NAMES[seat]} draws ")
            and f"plays {safety['text']}" in e["text"]]
    assert told and told[-1].endswith(f"plays {safety['text']} and plays again"), told
