"""Any JSON at all, sent to any endpoint, is answered without a 500 and changes nothing it
refuses."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from autodromo_web import create_app

from .conftest import legend_body

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
KEYS = ["game", "options", "seats", "seed", "seat", "action", "plan", "bots", "since", "steps", "replay",
        "kind", "bot", "name", "cars", "circuit", "laps", "players", "target", "teams"]
BODY = st.dictionaries(st.sampled_from(KEYS), JSON, max_size=6) | JSON
GAMES = st.sampled_from(["legend", "lamborghini", "mille_bornes", "chess"])


FUZZ = settings(max_examples=80, deadline=None)


@FUZZ
@given(
    game=GAMES,
    options=st.dictionaries(st.sampled_from(KEYS[13:] + ["long", "races", "qualifying"]), JSON, max_size=4) | JSON,
    seats=st.just([{"kind": "human"}, {"kind": "bot", "bot": "random"}]) | JSON,
    seed=st.none() | JSON,
)
def test_creating_with_any_json_is_never_a_500(game: str, options: Any, seats: Any, seed: Any) -> None:
    app = create_app({"DB": ":memory:"})
    r = app.test_client().post("/api/games", json={"game": game, "options": options, "seats": seats, "seed": seed})
    assert r.status_code in (201, 400), r.get_data(as_text=True)
    assert r.is_json


@FUZZ
@given(path=st.sampled_from(["actions", "advance", "undo"]), body=BODY)
def test_posting_any_json_to_a_game_is_never_a_500(path: str, body: Any) -> None:
    app = create_app({"DB": ":memory:"})
    client = app.test_client()
    gid = client.post("/api/games", json=legend_body()).json["id"]
    before = client.get(f"/api/games/{gid}?seat=0").json
    r = client.post(f"/api/games/{gid}/{path}", json=body)
    assert r.status_code < 500, r.get_data(as_text=True)
    assert r.is_json
    if r.status_code >= 400:
        after = client.get(f"/api/games/{gid}?seat=0").json
        assert (after["version"], after["view"]) == (before["version"], before["view"])


@FUZZ
@given(query=st.dictionaries(st.sampled_from(["seat", "since", "board"]), st.text(max_size=8), max_size=3))
def test_any_query_string_is_never_a_500(query: dict[str, str]) -> None:
    app = create_app({"DB": ":memory:"})
    client = app.test_client()
    gid = client.post("/api/games", json=legend_body()).json["id"]
    r = client.get(f"/api/games/{gid}", query_string=query)
    assert r.status_code < 500 and r.is_json, r.get_data(as_text=True)
