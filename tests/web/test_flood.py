"""Issue 37, item 5: "A connection flood takes the server down". werkzeug gave each connection a
thread, with no cap and a 120 s timeout that covered unfinished headers too: 6,000 half-sent
requests closed at once left it unanswering for 45 s. The server is waitress now: a silent
connection costs no thread, one address holds a bounded number of connections, unfinished
headers are dropped after a short timeout, and live streams are capped so that requests always
find a thread. (``benches/web_flood.py`` floods a real server of two workers.)"""

from __future__ import annotations

import http.client
import json
import socket
import time
from pathlib import Path

from autodromo_web import create_app

from .conftest import LiveServer


def port_of(live: LiveServer) -> int:
    return int(live.url.rsplit(":", 1)[1])


def half_sent(port: int, source: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    s.sendall(b"GET /api/catalogue HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return s


def closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def timed_get(port: int, path: str = "/api/catalogue") -> tuple[int, float]:
    began = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path)
    r = conn.getresponse()
    r.read()
    conn.close()
    return r.status, time.perf_counter() - began


def test_headers_trickled_in_are_dropped_after_the_header_timeout(db: Path) -> None:
    live = LiveServer(create_app({"DB": str(db), "AUTODROMO_HEADER_SECONDS": 1.0}))
    try:
        s = half_sent(port_of(live), "127.0.0.1")
        began, closed = time.monotonic(), False
        # A byte every 0.3 s keeps the connection busy: only the header timeout ends it.
        while time.monotonic() - began < 6 and not closed:
            try:
                s.sendall(b"X")
            except OSError:
                closed = True
                break
            closed = closed_by_server(s, 0.3)
        assert closed and time.monotonic() - began < 4.0
        s.close()
    finally:
        live.stop()


def test_one_address_holds_a_bounded_number_of_connections(db: Path) -> None:
    live = LiveServer(create_app({"DB": str(db), "AUTODROMO_PER_ADDRESS": 5}))
    port = port_of(live)
    try:
        held = [half_sent(port, "127.0.0.3") for _ in range(8)]
        time.sleep(0.3)
        shut = [closed_by_server(s, 0.5) for s in held]
        assert shut.count(True) == 3 and shut[:5] == [False] * 5
        # Another address is answered meanwhile.
        assert timed_get(port)[0] == 200
        for s in held:
            s.close()
        time.sleep(0.5)
        # Once closed, the address may connect again.
        s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.3", 0))
        s.sendall(b"GET /api/catalogue HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert s.recv(64).startswith(b"HTTP/1.1 200")
        s.close()
    finally:
        live.stop()


def test_a_thousand_half_sent_requests_cost_the_others_nothing(db: Path) -> None:
    live = LiveServer(create_app({"DB": str(db), "AUTODROMO_PER_ADDRESS": 2000,
                                  "AUTODROMO_CONNECTIONS": 3000}))
    port = port_of(live)
    try:
        flood = [half_sent(port, f"127.0.1.{1 + i % 50}") for i in range(1000)]
        times = [timed_get(port)[1] for _ in range(20)]
        assert max(times) < 1.0, times
        for s in flood:
            s.close()
        # Closed at once: the server is straight back (werkzeug took 45 s for 6,000).
        time.sleep(0.2)
        assert timed_get(port)[1] < 0.5
    finally:
        live.stop()


def test_live_streams_are_capped_per_address_and_the_refusal_says_when_to_retry(db: Path) -> None:
    app = create_app({"DB": str(db), "AUTODROMO_STREAMS_PER_ADDRESS": 2})
    live = LiveServer(app)
    port = port_of(live)
    try:
        setup = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        setup.request("POST", "/api/games", body=json.dumps({"game": "mille_bornes", "seats": [{"kind": "human"}] * 2}),
                      headers={"Content-Type": "application/json"})
        gid = json.loads(setup.getresponse().read())["id"]
        def stream() -> tuple[socket.socket, bytes]:
            s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0))
            s.sendall(f"GET /api/games/{gid}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            head = b""
            while b"\r\n\r\n" not in head:
                head += s.recv(4096)
            return s, head

        streams = [stream() for _ in range(2)]
        assert all(head.startswith(b"HTTP/1.1 200") for _, head in streams)
        refused, head = stream()
        assert head.startswith(b"HTTP/1.1 503") and b"\r\nRetry-After: 10\r\n" in head
        refused.close()
        # A listener that leaves frees its place (noticed within a second).
        streams[0][0].close()
        deadline, status = time.monotonic() + 5, b""
        while time.monotonic() < deadline:
            again, status = stream()
            again.close()
            if status.startswith(b"HTTP/1.1 200"):
                break
            time.sleep(0.3)
        assert status.startswith(b"HTTP/1.1 200")
        streams[1][0].close()
        setup.close()
    finally:
        live.stop()


def test_an_advance_whose_client_left_stops_playing(db: Path) -> None:
    app = create_app({"DB": str(db), "AUTODROMO_BOT_SECONDS": 60})
    live = LiveServer(app)
    port = port_of(live)
    long = {"game": "mille_bornes", "options": {"score_to_win": 100000},
            "seats": [{"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "hard"}]}
    try:
        setup = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        setup.request("POST", "/api/games", body=json.dumps(long), headers={"Content-Type": "application/json"})
        gid = json.loads(setup.getresponse().read())["id"]
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(f"POST /api/games/{gid}/advance HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  "Content-Length: 2\r\n\r\n{}".encode())
        time.sleep(0.5)
        s.close()  # the client leaves with its budget far from spent
        began = time.monotonic()

        def version() -> int:
            setup.request("GET", f"/api/games/{gid}")
            v: int = json.loads(setup.getresponse().read())["version"]
            return v

        first = version()  # waits for the game's lock: the advance has stopped
        assert time.monotonic() - began < 5
        time.sleep(0.5)
        assert version() == first
        setup.close()
    finally:
        live.stop()

