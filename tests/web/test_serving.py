"""The server keeps a connection open between requests, as a phone's browser expects (issue 18,
item 6: a new connection and thread per decision was a large share of the server's time), and
that never lets one request's leftovers become the next request: a refused body is read whole,
an over-long body closes the connection, and stopping the server closes every kept connection."""

from __future__ import annotations

import http.client
import json
from typing import Any

import pytest

from .conftest import LiveServer

JSON = {"Content-Type": "application/json"}


def connect(live: LiveServer) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", int(live.url.rsplit(":", 1)[1]), timeout=10)


def ask(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None,
        headers: dict[str, str] | None = None) -> tuple[http.client.HTTPResponse, bytes]:
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    conn.request(method, path, body=data, headers=headers or {})
    r = conn.getresponse()
    return r, r.read()


def test_one_connection_carries_a_game_from_creation_to_decisions(live: LiveServer) -> None:
    conn = connect(live)
    r, raw = ask(conn, "POST", "/api/games", {"game": "mille_bornes", "seats": [{"kind": "human"}] * 2}, JSON)
    assert r.status == 201 and not r.will_close
    game = json.loads(raw)
    sock = conn.sock
    for _ in range(3):
        r, raw = ask(conn, "GET", f"/api/games/{game['id']}?seat=0", headers={"X-Autodromo-Token": game["owner_token"]})
        assert r.status == 200 and json.loads(raw)["id"] == game["id"]
    # The same socket all along: the server kept it.
    assert conn.sock is sock
    conn.close()


def test_a_refused_body_is_read_whole_and_the_next_request_is_answered(live: LiveServer) -> None:
    conn = connect(live)
    # Refused before the app reads it (not JSON): its bytes must not be taken for a request.
    junk = b"GET /api/catalogue HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 3
    r, raw = ask(conn, "POST", "/api/games", junk, {"Content-Type": "text/plain"})
    assert r.status == 415, raw
    r, raw = ask(conn, "POST", "/api/games", {"game": "no such game"}, {**JSON, "Host": "attacker.example"})
    assert r.status == 403
    r, raw = ask(conn, "GET", "/api/openapi.json")
    assert r.status == 200 and "paths" in json.loads(raw)
    conn.close()


def test_a_body_over_the_limit_is_refused_and_its_connection_closed(live: LiveServer) -> None:
    conn = connect(live)
    limit = live.app.config["MAX_CONTENT_LENGTH"]
    conn.putrequest("POST", "/api/games")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Content-Length", str(limit + 1))
    conn.endheaders()
    r = conn.getresponse()
    assert r.status == 413 and r.will_close
    conn.close()


def test_stopping_the_server_closes_its_kept_connections(app: Any) -> None:
    live = LiveServer(app)
    conn = connect(live)
    r, _ = ask(conn, "GET", "/api/catalogue")
    assert r.status == 200 and not r.will_close
    live.stop()
    with pytest.raises((ConnectionError, http.client.HTTPException, OSError)):
        ask(conn, "GET", "/api/catalogue")
    conn.close()

