"""Issue 18, item 5: bad input within limits. Deep JSON, huge integers and oversized texts, in a
body, a query string or a replay's text, are answered with a JSON 4xx naming the field, never a
500 or an exception's text, and change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from autodromo_web import create_app, limits

from .conftest import legend_body

HUGE = "9" * 5001


@pytest.fixture
def game(client: Any) -> str:
    gid: str = client.post("/api/games", json=legend_body()).json["id"]
    return gid


def refused(r: Any, status: int, *words: str) -> str:
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.is_json
    reason: str = r.json["error"]
    for w in words:
        assert w in reason, reason
    assert "Traceback" not in reason and "Exceeds the limit" not in reason
    return reason


def post_raw(client: Any, path: str, text: str) -> Any:
    return client.post(path, data=text, headers={"Content-Type": "application/json"})


def test_a_5001_digit_seat_in_a_body_is_refused_by_name(client: Any, game: str) -> None:
    before = client.get(f"/api/games/{game}?seat=0").json["version"]
    r = post_raw(client, f"/api/games/{game}/actions", f'{{"seat": {HUGE}, "action": 0}}')
    reason = refused(r, 400, "seat", "5,001 digits")
    assert len(reason) < 200
    assert client.get(f"/api/games/{game}?seat=0").json["version"] == before


def test_a_5001_digit_seat_in_a_query_string_is_refused_by_name(client: Any, game: str) -> None:
    reason = refused(client.get(f"/api/games/{game}?seat={HUGE}"), 400, "seat", "digits")
    assert len(reason) < 200
    refused(client.get(f"/api/games/{game}/legal?seat=-{HUGE}"), 400, "seat")
    refused(client.get(f"/api/games/{game}?since={HUGE}"), 400, "since")


def test_huge_but_short_counts_are_bounded(client: Any, game: str) -> None:
    refused(client.post(f"/api/games/{game}/advance", json={"steps": 10**19}), 400, "steps")
    refused(client.post(f"/api/games/{game}/actions", json={"seat": 0, "action": 10**19}), 409)
    refused(client.post("/api/games", json={**legend_body(), "seed": 10**19}), 400, "seed")


def test_a_huge_integer_deep_in_a_body_is_named_by_its_path(client: Any) -> None:
    body = json.dumps(legend_body()).replace('"laps": 1', f'"laps": {HUGE}')
    refused(post_raw(client, "/api/games", body), 400, "options.laps", "5,001 digits")
    body = json.dumps(legend_body()).replace('"seats": [{', f'"seats": [{{"x": {HUGE}, ')
    refused(post_raw(client, "/api/games", body), 400, "seats.0.x")
    assert client.get("/api/games").json["games"] == []


@pytest.mark.parametrize("depth", [limits.MAX_DEPTH + 1, 5_000, 200_000])
def test_deeply_nested_json_in_a_body_is_refused(client: Any, game: str, depth: int) -> None:
    nested = "[" * depth + "]" * depth
    before = client.get(f"/api/games/{game}?seat=0").json["version"]
    refused(post_raw(client, f"/api/games/{game}/actions", f'{{"seat": 0, "plan": {nested}}}'), 400,
            "plan: nested deeper")
    refused(post_raw(client, "/api/games", nested), 400, "body", "nested deeper")
    assert client.get(f"/api/games/{game}?seat=0").json["version"] == before


def test_nesting_within_the_limit_is_read(client: Any, game: str) -> None:
    nested = "[" * (limits.MAX_DEPTH - 1) + "1" + "]" * (limits.MAX_DEPTH - 1)
    # Read, then refused for what it is: a plan is a list of actions.
    refused(post_raw(client, f"/api/games/{game}/actions", f'{{"seat": 0, "plan": {nested}}}'), 400, "action must be")


def test_a_replay_text_too_deep_too_long_or_with_huge_numbers_is_refused_by_name(client: Any, game: str) -> None:
    good = client.get(f"/api/games/{game}/replay").get_data(as_text=True)
    doc = json.loads(good)
    deep = json.dumps({**doc, "extra": "X"}).replace('"X"', "[" * 100_000 + "]" * 100_000)
    refused(client.post("/api/replays", json={"replay": deep}), 400, "replay", "nested deeper")
    big = json.dumps({**doc, "seed": 1}).replace('"seed": 1', f'"seed": {HUGE}')
    refused(client.post("/api/replays", json={"replay": big}), 400, "replay.seed", "5,001 digits")
    long = json.dumps({**doc, "pad": "x" * (limits.MAX_TEXT + 1)})
    refused(client.post("/api/replays", json={"replay": long}), 413, "replay", "MiB")
    refused(client.post("/api/replays", json={"replay": "[1, NaN]"}), 400, "NaN")
    # The same text within the limits imports.
    assert client.post("/api/replays", json={"replay": good}).status_code == 201


def test_a_position_text_too_deep_is_refused_by_name(client: Any) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    refused(client.post("/api/games", json={**legend_body(), "position": deep}), 400, "position", "nested deeper")


def test_a_body_over_the_size_limit_is_refused_by_name(db: Any) -> None:
    app = create_app({"DB": str(db), "MAX_CONTENT_LENGTH": 1024})
    r = post_raw(app.test_client(), "/api/games", json.dumps({**legend_body(), "pad": "x" * 2000}))
    refused(r, 413, "body", "MiB")


def test_an_unexpected_error_never_sends_the_exception_text(db: Any) -> None:
    app = create_app({"DB": str(db)})

    def boom() -> str:
        raise RuntimeError("secret path /home/someone/games.sqlite3")

    app.add_url_rule("/api/boom", view_func=boom)
    r = app.test_client().get("/api/boom")
    assert r.status_code == 500 and r.is_json
    assert "secret" not in r.get_data(as_text=True)
