"""`make bench`: the round trip of one action on the web page, as the browser pays it.

An 8-car Legend race (one human, seven greedy bots, the example circuit, 2 laps) on a real server
in its own process, over loopback HTTP. Each sample is one POST of the human's decision, as the
page sends it (its form, in names): the server checks it, applies it, lets the bots and chance
play up to the human's next decision, commits every action to SQLite (synchronous=FULL) and
answers with the seat's table, its decisions with their cost and risk (each risk looked ahead to
the end of the round on a copy), the reachable spaces and the new log entries. Target: p95 under
50 ms. Exits 1 when the target is missed.
"""

from __future__ import annotations

import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

TARGET_MS = 50.0
CARS = [
    "bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm", "maserati_300s",
    "fiat_1100s", "osca_mt4", "porsche_550", "jaguar_c_type",
]


def call(url: str, method: str = "GET", body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def race(base: str, seed: int) -> list[float]:
    body = {
        "game": "legend", "seed": seed,
        "options": {"circuit": "example", "cars": CARS, "laps": 2},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 7,
    }
    gid = call(f"{base}/api/games", "POST", body)["id"]
    p = call(f"{base}/api/games/{gid}?seat=0&page=1")
    since = p["log_length"]
    times = []
    step = 0
    while p["status"] != "finished":
        # A player who mostly keeps the pace and sometimes takes the last offer.
        legal = p["decisions"]
        choice = legal[-1] if step % 5 == 4 else legal[0]
        start = time.perf_counter()
        p = call(f"{base}/api/games/{gid}/actions", "POST",
                 {"seat": 0, "action": choice["id"], "since": since, "page": True})
        times.append((time.perf_counter() - start) * 1000)
        since = max(0, p["log_length"] - 1)
        step += 1
    return times


def main() -> int:
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "autodromo_web", "--port", str(port), "--db", str(Path(tmp) / "bench.sqlite3")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    call(f"{base}/api/games")
                    break
                except OSError:
                    time.sleep(0.1)
            times = race(base, 1) + race(base, 2)
        finally:
            server.terminate()
            server.wait(timeout=10)
    times.sort()
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    print(
        f"web round trip, 8-car Legend race (1 human, 7 greedy bots), {len(times)} actions: "
        f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms "
        f"(target p95 < {TARGET_MS:.0f} ms)"
    )
    return 0 if p95 < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
