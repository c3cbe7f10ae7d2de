"""`make bench`: strangers against a server with a table in play (issue 37, items 4-6).

A real server (``python -m autodromo_web --lan``, two worker processes, loopback only) and one
table: a phone (source address 127.0.0.9) plays against a bot in the page's form,
deciding 50 ms after each answer, for the whole run; a probe opens a new connection every
100 ms. Strangers come from other loopback addresses (Linux routes all of 127/8 to this
machine; a stranger on a network has an address of its own):

1. **quiet** (5 s): the table alone.
2. **flood** (10 s): 6,000 half-sent requests (300 from each of 20 addresses) held open, and
   50 connections (10 from each of 5 addresses) posting ``/advance`` without pause on all-bot
   games that last for hours; then every half-sent request is closed at once.
3. **after** (5 s): the table alone again; the server must be back to normal within 5 s.
4. **creations**: one address asks for 60,000 new games on 8 kept connections (at most 120 s);
   everything past its allowance must be refused.

Printed: the table's round trip (median, p95, max) in each phase, the probe's time back to normal
after the flood, the strangers' answers, and the creations made and refused. Targets: the
table's p95 under 100 ms in every phase, back to normal (every probe under 100 ms) within 5 s of
the flood's end, and at most the allowance created (``2 x (burst + what refills)``: each of the
two workers keeps its own). Exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from game_cases import cases

TABLE_P95_MS = 100.0
RECOVERY_SECONDS = 5.0
#: The table and the strangers' heavy games, from the first game (in the core's order) with a
#: ``benches/<game>/web_flood.py`` (``TABLE``, ``HEAVY``).
_GAME, _CASES = cases("web_flood")[0]
TABLE = {"game": _GAME, **_CASES.TABLE}
HEAVY = {"game": _GAME, **_CASES.HEAVY}
PACE = 0.05


class Client:
    """A kept connection from ``source``; answers as (status, JSON or None)."""

    def __init__(self, port: int, source: str, timeout: float = 30) -> None:
        self.port, self.source, self.timeout = port, source, timeout
        self.conn: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout,
                                                   source_address=(self.source, 0))
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Autodromo-Token"] = token
        try:
            self.conn.request(method, path, body=None if body is None else json.dumps(body).encode(), headers=headers)
            r = self.conn.getresponse()
            raw = r.read()
        except (OSError, http.client.HTTPException):
            self.close()
            return 0, None
        if r.will_close:
            self.close()
        try:
            return r.status, json.loads(raw)
        except ValueError:
            return r.status, None

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, db: Path, workers: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "autodromo_web", "--lan", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(db), "--workers", str(workers)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    probe = Client(port, "127.0.0.1", timeout=2)
    while probe.call("GET", "/api/catalogue")[0] != 200:
        if time.monotonic() > deadline or server.poll() is not None:
            os.killpg(server.pid, signal.SIGKILL)
            raise RuntimeError("the server did not start")
        time.sleep(0.1)
    probe.close()
    return server


def table(port: int, stop: threading.Event, times: list[tuple[float, float]], errors: list[str]) -> None:
    """The honest table: the host (127.0.0.1) makes each game, the phone (127.0.0.9) plays it."""
    host, phone = Client(port, "127.0.0.1"), Client(port, "127.0.0.9")
    while not stop.is_set():
        status, g = host.call("POST", "/api/games", TABLE)
        if status != 201:
            errors.append(f"table: new game {status}")
            time.sleep(0.5)
            continue
        gid, token = g["id"], g["owner_token"]
        status, p = phone.call("GET", f"/api/games/{gid}?seat=0&page=1", token=token)
        while not stop.is_set() and status == 200 and p["status"] != "finished":
            if not p["decisions"]:
                status, p = phone.call("POST", f"/api/games/{gid}/advance", {"seat": 0, "page": True}, token)
                continue
            time.sleep(PACE)
            began = time.perf_counter()
            status, p = phone.call("POST", f"/api/games/{gid}/actions",
                                   {"seat": 0, "action": p["decisions"][0]["id"], "page": True}, token)
            times.append((time.monotonic(), (time.perf_counter() - began) * 1000))
            if status != 200:
                errors.append(f"table: decision {status}")
        if status not in (200, 201):
            errors.append(f"table: {status}")
            time.sleep(0.2)


def probe(port: int, stop: threading.Event, out: list[tuple[float, float]]) -> None:
    """A new connection every 100 ms (a phone opening the page): (when, ms; inf if refused)."""
    while not stop.is_set():
        began = time.perf_counter()
        c = Client(port, "127.0.0.10", timeout=10)
        status, _ = c.call("GET", "/api/catalogue")
        c.close()
        out.append((time.monotonic(), (time.perf_counter() - began) * 1000 if status == 200 else float("inf")))
        time.sleep(0.1)


def bots(port: int, source: str, gid: str, token: str, stop: threading.Event, answers: list[int]) -> None:
    c = Client(port, source)
    while not stop.is_set():
        answers.append(c.call("POST", f"/api/games/{gid}/advance", {}, token)[0])
    c.close()


def half_sent(port: int, count: int, addresses: int) -> list[socket.socket]:
    held = []
    for i in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                         source_address=(f"127.0.1.{1 + i % addresses}", 0))
            s.setblocking(False)
            s.send(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n")
        except OSError:
            continue  # refused or closed at once: the server's cap at work
        held.append(s)
    return held


def still_open(s: socket.socket) -> bool:
    """Whether the server still holds the connection (it closes those past an address's cap)."""
    try:
        return s.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def creations(port: int, total: int, threads: int, limit_s: float) -> dict[str, int]:
    counts: dict[str, int] = {}
    lock = threading.Lock()
    left = [total]
    deadline = time.monotonic() + limit_s

    def run() -> None:
        c = Client(port, "127.0.0.40")
        while time.monotonic() < deadline:
            with lock:
                if left[0] <= 0:
                    break
                left[0] -= 1
            status = c.call("POST", "/api/games", TABLE)[0]
            with lock:
                counts[str(status)] = counts.get(str(status), 0) + 1
        c.close()

    pool = [threading.Thread(target=run) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return counts


def summary(times: list[tuple[float, float]], start: float, end: float) -> str:
    ms = sorted(m for t, m in times if start <= t < end)
    if not ms:
        return "no decisions"
    return (f"{len(ms)} decisions, median {statistics.median(ms):.1f} / p95 {ms[int(len(ms) * 0.95)]:.1f} / "
            f"max {ms[-1]:.1f} ms")


def p95(times: list[tuple[float, float]], start: float, end: float) -> float:
    ms = sorted(m for t, m in times if start <= t < end)
    return ms[int(len(ms) * 0.95)] if ms else float("inf")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--half-open", type=int, default=6000)
    parser.add_argument("--bot-requests", type=int, default=50)
    parser.add_argument("--creations", type=int, default=60000)
    args = parser.parse_args()
    port = free_port()
    failed: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(port, Path(tmp) / "games.sqlite3", args.workers)
        stop, probing = threading.Event(), threading.Event()
        times: list[tuple[float, float]] = []
        probes: list[tuple[float, float]] = []
        errors: list[str] = []
        answers: list[int] = []
        try:
            print(f"web_flood: {args.workers} workers, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
                  flush=True)
            player = threading.Thread(target=table, args=(port, stop, times, errors))
            prober = threading.Thread(target=probe, args=(port, probing, probes))
            player.start()
            prober.start()
            quiet = time.monotonic()
            heavy = []
            for k in range(5):
                status, g = Client(port, f"127.0.0.{30 + k}").call("POST", "/api/games", HEAVY)
                heavy.append((f"127.0.0.{30 + k}", g["id"], g["owner_token"]))
            time.sleep(5)
            flood = time.monotonic()
            stop_bots = threading.Event()
            hammer = [threading.Thread(target=bots, args=(port, heavy[i % 5][0], heavy[i % 5][1], heavy[i % 5][2],
                                                          stop_bots, answers))
                      for i in range(args.bot_requests)]
            for t in hammer:
                t.start()
            held = half_sent(port, args.half_open, 20)
            opened = time.monotonic() - flood
            time.sleep(max(0.0, 10 - (time.monotonic() - flood)))
            stop_bots.set()
            kept = sum(1 for s in held if still_open(s))
            for s in held:
                s.close()
            ended = time.monotonic()
            for t in hammer:
                t.join(timeout=30)
            time.sleep(5)
            after = time.monotonic()
            made = creations(port, args.creations, 8, 120.0)
            done = time.monotonic()
            stop.set()
            probing.set()
            player.join(timeout=30)
            prober.join(timeout=30)
        finally:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    slow = [t for t, m in probes if t >= ended and m > TABLE_P95_MS]
    back = max(slow) - ended if slow else 0.0
    print(f"  quiet (5 s):       the table {summary(times, quiet, flood)}")
    print(f"  flood (10 s):      the table {summary(times, flood, ended)}; {len(held)} of {args.half_open} "
          f"half-sent requests sent in {opened:.1f} s, {kept} still held by the server at the end; "
          f"a new connection every 100 ms answered in at most {max((m for t, m in probes if flood <= t < ended), default=0):.0f} ms; "
          f"{args.bot_requests} bot connections: "
          f"{answers.count(200)} advanced, {answers.count(429)} refused (429), {answers.count(503)} busy (503), "
          f"others {sorted(Counter(a for a in answers if a not in (200, 429, 503)).items())}")
    print(f"  after (5 s):       the table {summary(times, ended, after)}; back to normal "
          f"{back:.1f} s after the flood (probes over {TABLE_P95_MS:.0f} ms after it: {len(slow)})")
    refused = made.get("429", 0)
    print(f"  creations:         {sum(made.values()):,} asked in {done - after:.1f} s by one address: "
          f"{made.get('201', 0)} made, {refused:,} refused (429), others {sum(v for k, v in made.items() if k not in ('201', '429'))}; "
          f"the table {summary(times, after, done)}")
    print(f"  errors at the table: {len(errors)}{': ' + '; '.join(errors[:5]) if errors else ''}")
    for name, (a, b) in {"quiet": (quiet, flood), "flood": (flood, ended), "after": (ended, after),
                         "creations": (after, done)}.items():
        if p95(times, a, b) >= TABLE_P95_MS:
            failed.append(f"the table's p95 {p95(times, a, b):.1f} ms in the {name} phase (target < {TABLE_P95_MS:.0f})")
    if back > RECOVERY_SECONDS:
        failed.append(f"back to normal {back:.1f} s after the flood (target {RECOVERY_SECONDS:.0f} s)")
    allowance = args.workers * (30 + 10 * (done - after) / 60 + 1)
    if made.get("201", 0) > allowance:
        failed.append(f"{made.get('201', 0)} games made by one address (allowance {allowance:.0f})")
    if errors:
        failed.append(f"{len(errors)} errors at the table")
    for f in failed:
        print(f"web_flood: MISSED: {f}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
