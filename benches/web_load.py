"""`make bench`: the web page under load, then killed under it (issue 18, item 6).

A real server (``python -m autodromo_web``, loopback HTTP, its SQLite file as it runs by default:
WAL, ``synchronous=NORMAL``, as many worker processes as the machine has cores unless
``--workers`` says otherwise). ``--clients`` clients (default 20), each on its own game, play for
``--seconds`` (default 30): each posts its human seat's decision as the page does (its form, in
names), the server applies it, lets the bots and chance play up to that seat's next decision,
commits and answers. A client whose game ends starts another. The games cycle through every game
with a ``benches/<game>/web_load.py`` (one human seat, the others bots).

Two runs, each on a fresh server:
- **capacity**: no pause, each decision posted as soon as the last is answered. The server is
  saturated: it shows the most actions a second it carries. Its round trip is the clients' own
  queue (twenty requests always waiting: by Little's law the round trip is the clients divided by
  the throughput, whatever the server), not the target's figure.
- **the target's run**: each client posts its next decision ``--think`` seconds (default
  ``PACE``, 50 ms) after its answer: faster than any player can read a page and tap (a simple
  visual reaction alone takes about 200 ms), so twenty such clients still ask for most of what the
  server can carry (the run reports its share of the capacity). Target: p95 under 50 ms and no
  error.

Each client runs in its own process (each player is on their own device) and keeps its
connection between requests, as a phone's browser does. Reported: the action
round trip's median, p95 and max over every action of the window, the errors (any answer but
200), and the server's own share from each answer's ``Server-Timing`` header (its wall time, its
thread's CPU, its wait for the commit) with the machine's load average. After each run, with the
clients still firing, the server is killed (SIGKILL to every one of its processes), started again
on the same file, and every action it had acknowledged must be there: each game's saved actions
hold, in order, every decision a client was told was applied. Exits 1 when a target or a check
fails. ``--think T`` alone runs only the paced run at that pause (``--think 0``: only the capacity
run, judged by the target).
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from game_cases import cases

TARGET_P95_MS = 50.0
#: Seconds between an answer and a client's next decision in the target's run: below any
#: player's reaction time, so the load stays near the server's capacity (the run reports its share).
PACE = 0.05
#: Each game's new-game form, from ``benches/<game>/web_load.py`` (``SETUP``), in the core's order.
GAMES: list[dict[str, Any]] = [{"game": name, **module.SETUP} for name, module in cases("web_load")]


class Refused(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(f"{status}: {reason}")
        self.status = status


#: The header a seat's (or the game's owner's) token travels in, when the server gives one.
TOKEN = "X-Autodromo-Token"


def server_timing(header: str | None) -> tuple[float, float, float] | None:
    """(wall, CPU, commit wait) in ms from the server's ``Server-Timing: app;dur=W, cpu;dur=C, db;dur=D``."""
    if not header:
        return None
    found = dict(part.strip().split(";dur=") for part in header.split(",") if ";dur=" in part)
    return float(found.get("app", "nan")), float(found.get("cpu", "nan")), float(found.get("db", "nan"))


def call(base: str, path: str, body: dict[str, Any] | None = None, timeout: float = 30, token: str | None = None,
         timing: list[tuple[float, float, float]] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers[TOKEN] = token
    req = urllib.request.Request(base + path, data=data, method="GET" if body is None else "POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            raw = r.read()
            if timing is not None:
                t = server_timing(r.headers.get("Server-Timing"))
                if t is not None:
                    timing.append(t)
            return json.loads(raw)
    except urllib.error.HTTPError as e:
        raise Refused(e.code, e.read().decode(errors="replace")[:200]) from None


class Connection:
    """One client's connection, kept between requests as a phone's browser keeps it (HTTP/1.1);
    opened again after the server closed it or an error."""

    def __init__(self, base: str, timeout: float = 30) -> None:
        self.host, port = base.removeprefix("http://").rsplit(":", 1)
        self.port = int(port)
        self.timeout = timeout
        self.conn: http.client.HTTPConnection | None = None

    def call(self, path: str, body: dict[str, Any] | None = None, token: str | None = None,
             timing: list[tuple[float, float, float]] | None = None) -> Any:
        # orjson, as a phone's browser parses natively: the clients share this machine's cores
        # with the server (measured: 0.9-1.1 -> 0.7-0.8 ms of them per action).
        data = None if body is None else orjson.dumps(body)
        headers = {"Content-Type": "application/json"}
        if token:
            headers[TOKEN] = token
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            self.conn.request("GET" if body is None else "POST", path, body=data, headers=headers)
            r = self.conn.getresponse()
            raw = r.read()
        except BaseException:
            self.close()
            raise
        if r.will_close:
            self.close()
        if r.status != 200 and r.status != 201:
            raise Refused(r.status, raw.decode(errors="replace")[:200])
        if timing is not None:
            t = server_timing(r.getheader("Server-Timing"))
            if t is not None:
                timing.append(t)
        return orjson.loads(raw)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def default_workers() -> int:
    """The server's own default (``AUTODROMO_WORKERS``, else the machine's cores)."""
    from autodromo_web.workers import default_workers as server_default

    return server_default()


def start_server(port: int, db: Path, workers: int) -> subprocess.Popen[bytes]:
    """The server in a session of its own, so that one signal reaches all its processes."""
    server = subprocess.Popen(
        [sys.executable, "-m", "autodromo_web", "--port", str(port), "--db", str(db), "--workers", str(workers)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            call(base, "/api/catalogue", timeout=2)
            return server
        except OSError:
            if time.time() > deadline or server.poll() is not None:
                kill(server)
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)


@dataclass
class Client:
    """One player on their own game: every decision the server acknowledged, per game."""

    base: str
    setup: dict[str, Any]
    #: Seconds between an answer and the next decision (0: as fast as the server answers).
    think: float = 0.0
    times: list[float] = field(default_factory=list)
    #: The server's own (wall, CPU) milliseconds of each measured action (its Server-Timing).
    server: list[tuple[float, float, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acknowledged: dict[str, list[int]] = field(default_factory=dict)
    #: Each game's owner token (a hot-seat game on loopback: it acts for the human seat).
    tokens: dict[str, str | None] = field(default_factory=dict)
    connection: Connection | None = None

    def run(self, stop: threading.Event, measuring: threading.Event) -> None:
        while not stop.is_set():
            try:
                self.play(stop, measuring)
            except (OSError, http.client.HTTPException, Refused) as e:
                if not stop.is_set():
                    self.errors.append(f"{time.time():.3f} {e}")
                    time.sleep(0.05)

    def play(self, stop: threading.Event, measuring: threading.Event) -> None:
        if self.connection is None:
            self.connection = Connection(self.base)
        call = self.connection.call
        game = call("/api/games", {**self.setup, "page": True})
        gid = game["id"]
        token = self.tokens[gid] = game.get("owner_token")
        mine = self.acknowledged.setdefault(gid, [])
        p = call(f"/api/games/{gid}?seat=0&page=1", token=token)
        step = 0
        while p["status"] != "finished" and not stop.is_set():
            decisions = p["decisions"]
            if not decisions:
                p = call(f"/api/games/{gid}/advance", {"seat": 0, "page": True}, token=token)
                continue
            if self.think:
                time.sleep(self.think)
            choice = decisions[step % len(decisions)]["id"]
            since = max(0, p["log_length"] - 1)
            timing: list[tuple[float, float, float]] = []
            start = time.perf_counter()
            p = call(f"/api/games/{gid}/actions", {"seat": 0, "action": choice, "since": since, "page": True},
                     token=token, timing=timing)
            took = (time.perf_counter() - start) * 1000
            mine.append(choice)
            if measuring.is_set():
                self.times.append(took)
                self.server.extend(timing)
            step += 1


def _client_process(base: str, i: int, think: float, stop: Any, measuring: Any, results: Any) -> None:
    client = Client(base, GAMES[i % len(GAMES)], think)
    client.run(stop, measuring)
    if client.connection is not None:
        client.connection.close()
        client.connection = None
    results.put(client)


def kill(server: subprocess.Popen[bytes]) -> None:
    """SIGKILL to the server's every process (its workers too) at once."""
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.wait()


def process_cpu(pid: int) -> float:
    """Seconds of CPU the process used so far, all its threads (Linux's /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def tree_cpu(pid: int) -> dict[int, float]:
    """Seconds of CPU so far of the process and each of its children (a server's workers)."""
    found = {pid: process_cpu(pid)}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found[int(stat.parent.name)] = process_cpu(int(stat.parent.name))
    return found


def saved_actions(db: Path, gid: str) -> list[int]:
    with sqlite3.connect(db) as conn:
        return [a for (a,) in conn.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY idx", (gid,))]


def holds_in_order(saved: list[int], mine: list[int]) -> bool:
    it = iter(saved)
    return all(any(a == b for b in it) for a in mine)


def run(clients: int, seconds: float, warmup: float = 2.0, think: float = 0.0,
        workers: int | None = None) -> dict[str, Any]:
    """The load, the kill and the check; returns the figures and what went wrong."""
    workers = default_workers() if workers is None else workers
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.sqlite3"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(port, db, workers)
        # Each client in its own process, as each player is on their own device: one process
        # of twenty threads would measure its own lock (the GIL) and starve, not the server.
        ctx = multiprocessing.get_context("fork")
        stop, measuring = ctx.Event(), ctx.Event()
        results = ctx.Queue()
        procs = [ctx.Process(target=_client_process, args=(base, i, think, stop, measuring, results), daemon=True)
                 for i in range(clients)]
        players: list[Client] = []
        try:
            for p in procs:
                p.start()
            time.sleep(warmup)
            load_before = os.getloadavg()[0]
            cpu_before = tree_cpu(server.pid)
            clients_before = sum(process_cpu(p.pid or 0) for p in procs)
            measuring.set()
            time.sleep(seconds)
            measuring.clear()
            cpu_after = tree_cpu(server.pid)
            # A worker started again meanwhile counts from zero.
            server_cpu = sum(c - cpu_before.get(p, 0.0) for p, c in cpu_after.items())
            clients_cpu = sum(process_cpu(p.pid or 0) for p in procs) - clients_before
            # Killed mid-load: the clients are still posting.
            killed = time.time()
            kill(server)
            stop.set()
            for _ in procs:
                players.append(results.get(timeout=120))
            for p in procs:
                p.join(timeout=30)
        finally:
            if server.poll() is None:
                kill(server)
            for p in procs:
                if p.is_alive():
                    p.kill()
        errors = [e.split(" ", 1)[1] for c in players for e in c.errors if float(e.split(" ", 1)[0]) < killed]
        acknowledged = {gid: list(mine) for c in players for gid, mine in c.acknowledged.items()}
        tokens = {gid: t for c in players for gid, t in c.tokens.items()}
        server = start_server(port, db, workers)
        lost = []
        try:
            for gid, mine in acknowledged.items():
                if not holds_in_order(saved_actions(db, gid), mine):
                    lost.append(gid)
                    continue
                # The restarted server resumes it, with at least what it acknowledged.
                if mine:
                    version = call(base, f"/api/games/{gid}?seat=0", token=tokens.get(gid))["version"]
                    if version < len(mine):
                        lost.append(gid)
        finally:
            server.terminate()
            server.wait(timeout=30)
            kill(server)
    times = sorted(t for c in players for t in c.times)
    walls = sorted(w for c in players for w, _, _ in c.server)
    cpus = sorted(u for c in players for _, u, _ in c.server)
    dbs = sorted(d for c in players for _, _, d in c.server)

    def pct(xs: list[float], q: float) -> float:
        return xs[max(0, round(q * len(xs)) - 1)] if xs else float("nan")

    return {
        "server_median": pct(walls, 0.5), "server_p95": pct(walls, 0.95),
        "db_median": pct(dbs, 0.5), "db_p95": pct(dbs, 0.95),
        "cpu_median": pct(cpus, 0.5), "cpu_p95": pct(cpus, 0.95), "cpu_total_s": sum(cpus) / 1000,
        "load": os.getloadavg(), "load_before": load_before, "workers": workers, "server_cpu_s": server_cpu, "clients_cpu_s": clients_cpu,
        "actions": len(times),
        "median": statistics.median(times) if times else float("nan"),
        "p95": times[max(0, round(0.95 * len(times)) - 1)] if times else float("nan"),
        "max": times[-1] if times else float("nan"),
        "errors": errors,
        "games": len(acknowledged),
        "acknowledged": sum(len(m) for m in acknowledged.values()),
        "lost": lost,
    }


def report(r: dict[str, Any], clients: int, seconds: float, think: float, title: str) -> None:
    pace = (f"{think:g} s between an answer and the next decision" if think
            else "no pause: each decision as soon as the last is answered")
    print(f"web load, {title}: {clients} clients, each on its own game, in its own process, one kept connection "
          f"each; {pace}; the server with {r['workers']} worker process{'es' if r['workers'] != 1 else ''}; "
          f"{seconds:.0f} s measured on {os.cpu_count()} cores, machine load average "
          f"{r['load_before']:.1f} at the start, {r['load'][0]:.1f} at the end")
    print(
        f"  round trip: {r['actions']} actions ({r['actions'] / seconds:.0f}/s), median {r['median']:.1f} ms, "
        f"p95 {r['p95']:.1f} ms, max {r['max']:.1f} ms, {len(r['errors'])} errors"
    )
    print(
        f"  inside the server (Server-Timing): median {r['server_median']:.1f} ms, p95 {r['server_p95']:.1f} ms "
        f"(its share of the round trip: {r['server_median'] / r['median']:.0%} at the median); waiting for its "
        f"commit median {r['db_median']:.1f} ms, p95 {r['db_p95']:.1f} ms; the request thread's CPU per action "
        f"median {r['cpu_median']:.1f} ms, p95 {r['cpu_p95']:.1f} ms, mean "
        f"{1000 * r['cpu_total_s'] / max(1, r['actions']):.1f} ms ({r['cpu_total_s']:.1f} s in {seconds:.0f} s); "
        f"the whole server (every process and thread) {r['server_cpu_s']:.1f} s of CPU, "
        f"{1000 * r['server_cpu_s'] / max(1, r['actions']):.1f} ms per action; the clients' processes "
        f"{1000 * r['clients_cpu_s'] / max(1, r['actions']):.1f} ms per action"
    )
    print(
        f"  kill -9 under load, then restart: {r['acknowledged']} acknowledged decisions in {r['games']} games, "
        f"{len(r['lost'])} games missing one" + (f": {r['lost']}" if r["lost"] else "")
    )
    for e in r["errors"][:5]:
        print("  error:", e)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=None,
                        help=f"only the run with this pause, in seconds, between an answer and the next decision "
                             f"(default: the capacity run, no pause, then the target's, {PACE:g} s)")
    parser.add_argument("--workers", type=int, default=None,
                        help="the server's worker processes (default: the server's own, the machine's cores)")
    args = parser.parse_args()
    capacity = None
    if args.think is None:
        capacity = run(args.clients, args.seconds, think=0.0, workers=args.workers)
        report(capacity, args.clients, args.seconds, 0.0,
               "capacity (saturated; its round trip is the clients' own queue, not the target's)")
    think = PACE if args.think is None else args.think
    r = run(args.clients, args.seconds, think=think, workers=args.workers)
    report(r, args.clients, args.seconds, think, "the target's run")
    share = f", {r['actions'] / capacity['actions']:.0%} of the capacity run's" if capacity and capacity["actions"] else ""
    met = r["p95"] < TARGET_P95_MS and not r["errors"]
    print(f"target: p95 < {TARGET_P95_MS:.0f} ms and 0 errors with {args.clients} clients deciding {think:g} s after "
          f"each answer: p95 {r['p95']:.1f} ms, {len(r['errors'])} errors, {r['actions'] / args.seconds:.0f} "
          f"actions/s{share}: {'met' if met else 'NOT met'}")
    checked = [r] + ([capacity] if capacity else [])
    return 0 if met and not any(x["lost"] or x["errors"] for x in checked) else 1


if __name__ == "__main__":
    sys.exit(main())
