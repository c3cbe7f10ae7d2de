"""Issue 18, item 6: a server of several processes (``--workers``), tried for real: the server
started as a player starts it, its workers accepting on one port, requests on kept connections
that the test places on one worker or the other (Linux's /proc tells which worker holds a
connection). Two phones at one join-link table on different workers act and both hear every
change over the live stream; two posts at once through two workers give one success and one
409 with the game as the success left it; a worker killed is reported and started again; SIGTERM
stops every worker."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from autodromo_web import create_app

MILLE = {"game": "mille_bornes", "options": {"score_to_win": 0},
         "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]}
T = "X-Autodromo-Token"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``python -m autodromo_web --workers 2`` on a free port, in a session of its own."""

    def __init__(self, db: Path, workers: int = 2) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "autodromo_web", "--port", str(self.port), "--db", str(db),
             "--workers", str(workers)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        self.output: list[str] = []
        self.conns: list[Conn] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        deadline = time.time() + 60
        while len(self.workers()) < workers or not self._answers():
            assert self.proc.poll() is None, "".join(self.output)
            assert time.time() < deadline, "the server did not start: " + "".join(self.output)
            time.sleep(0.1)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.output.append(line)

    def _answers(self) -> bool:
        try:
            c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            c.request("GET", "/api/catalogue")
            ok = c.getresponse().status == 200
            c.close()
            return ok
        except OSError:
            return False

    def workers(self) -> list[int]:
        """The worker processes' ids (the server process's children)."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:
                found.append(int(stat.parent.name))
        return sorted(found)

    def connect(self) -> Conn:
        conn = Conn(self)
        self.conns.append(conn)
        return conn

    def stop(self) -> None:
        # The server goes first: a stream's reader thread holds its response's lock until a line
        # or the end comes, so closing its connection before would wait for the next heartbeat.
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        for conn in self.conns:
            conn.http.close()
        self._reader.join(timeout=10)
        assert self.proc.stdout is not None
        self.proc.stdout.close()


class Conn:
    """A kept connection, as a phone's browser keeps one, and the worker that holds it."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.http = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
        self.http.connect()
        self.worker = self._worker()

    def _worker(self) -> int:
        """The worker holding the server's end of this connection: the socket's inode in
        /proc/net/tcp, found among the workers' open files."""
        mine = self.http.sock.getsockname()[1]
        server_end = f"0100007F:{self.server.port:04X}"
        client_end = f"0100007F:{mine:04X}"
        deadline = time.time() + 10
        while time.time() < deadline:
            inode = next((line.split()[9] for line in Path("/proc/net/tcp").read_text().splitlines()[1:]
                          if line.split()[1] == server_end and line.split()[2] == client_end), None)
            for pid in self.server.workers():
                try:
                    fds = list(Path(f"/proc/{pid}/fd").iterdir())
                except OSError:
                    continue
                for fd in fds:
                    try:
                        if inode is not None and os.readlink(fd) == f"socket:[{inode}]":
                            return pid
                    except OSError:
                        continue
            time.sleep(0.05)  # not accepted yet
        raise AssertionError("no worker holds this connection")

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers[T] = token
        self.http.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        r = self.http.getresponse()
        return r.status, json.loads(r.read())

    def stream(self, path: str) -> Iterator[dict[str, Any]]:
        """The Server-Sent Events of ``path``: each event's data."""
        self.http.request("GET", path)
        r = self.http.getresponse()
        assert r.status == 200
        kind = None
        while True:
            try:
                line = r.readline().decode()
            except (OSError, ValueError, AttributeError):
                return  # closed at the test's end
            if not line:
                return
            if line.startswith("event: "):
                kind = line[7:].strip()
            elif line.startswith("data: ") and kind is not None:
                yield {"kind": kind, **json.loads(line[6:])}


def on_workers(server: Server, count: int) -> list[list[Conn]]:
    """Connections grouped by the worker holding them, ``count`` on each of two workers."""
    held: dict[int, list[Conn]] = {}
    for _ in range(200):
        c = server.connect()
        held.setdefault(c.worker, []).append(c)
        full = [conns for conns in held.values() if len(conns) >= count]
        if len(full) >= 2:
            return [full[0][:count], full[1][:count]]
    raise AssertionError(f"two workers never both accepted: {[len(v) for v in held.values()]}")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "games.sqlite3")
    yield s
    s.stop()


def tok(game: dict[str, Any], seat: int) -> str:
    return str(next(j for j in game["join"] if j["seat"] == seat)["url"].split("#t=")[1])


def test_two_phones_on_two_workers_play_one_table_and_both_hear_every_change(server: Server) -> None:
    (a_act, b_listen), (b_act, a_listen) = on_workers(server, 2)
    assert a_act.worker == b_listen.worker != b_act.worker == a_listen.worker
    status, g = a_act.call("POST", "/api/games", {**MILLE, "seating": "links"})
    assert status == 201
    gid = g["id"]
    # Each phone listens on the worker the other phone acts through.
    heard: dict[str, list[dict[str, Any]]] = {"Ada": [], "Bea": []}
    for name, conn in (("Ada", a_listen), ("Bea", b_listen)):
        events = conn.stream(f"/api/games/{gid}/stream")
        threading.Thread(target=lambda n=name, e=events: [heard[n].append(x) for x in e], daemon=True).start()
    phones = {0: (a_act, tok(g, 0)), 1: (b_act, tok(g, 1))}
    moves = {0: 0, 1: 0}
    for _ in range(12):
        status, view = a_act.call("GET", f"/api/games/{gid}")
        seat = view["to_move"]
        conn, token = phones[seat]
        status, mine = conn.call("GET", f"/api/games/{gid}?seat={seat}", token=token)
        assert status == 200, mine
        status, done = conn.call("POST", f"/api/games/{gid}/actions",
                                 {"seat": seat, "action": mine["legal"][0]["label"]}, token=token)
        assert status == 200, done
        moves[seat] += 1
        version = done["version"]
        deadline = time.time() + 10
        while not all(any(e["kind"] == "game" and e["version"] == version for e in heard[n]) for n in heard):
            assert time.time() < deadline, f"a phone missed version {version}: {heard}"
            time.sleep(0.01)
        # Each worker answers with the game as committed, whichever worker committed it.
        for other in (a_act, b_act):
            assert other.call("GET", f"/api/games/{gid}")[1]["version"] == version
    assert moves[0] and moves[1], "both phones acted"


def test_two_posts_at_once_through_two_workers_one_applied_one_409_nothing_half_done(server: Server) -> None:
    (first, *_), (second, *_) = on_workers(server, 1)
    status, g = first.call("POST", "/api/games", {**MILLE, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})
    assert status == 201
    gid = g["id"]
    for _ in range(8):
        # Both read the same position, then post the same decision at the same moment (the
        # bots wait, so once one is applied it is no longer the seat's turn).
        status, view = first.call("GET", f"/api/games/{gid}?seat=0")
        if view["to_move"] != 0:
            assert first.call("POST", f"/api/games/{gid}/advance", {})[0] == 200
            continue
        assert second.call("GET", f"/api/games/{gid}?seat=0")[1]["version"] == view["version"]
        body = {"seat": 0, "action": view["legal"][0]["label"], "bots": False}
        results: dict[str, tuple[int, Any]] = {}
        go = threading.Barrier(2)

        def post(name: str, conn: Conn) -> None:
            go.wait()
            results[name] = conn.call("POST", f"/api/games/{gid}/actions", body)

        threads = [threading.Thread(target=post, args=(n, c)) for n, c in (("first", first), ("second", second))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(code for code, _ in results.values())
        assert codes == [200, 409], results
        applied = next(doc for code, doc in results.values() if code == 200)
        refused = next(doc for code, doc in results.values() if code == 409)
        assert "error" in refused
        # The game is as the applied post left it, on both workers and in the file.
        for conn in (first, second):
            assert conn.call("GET", f"/api/games/{gid}?seat=0")[1]["version"] == applied["version"]
        assert first.call("POST", f"/api/games/{gid}/advance", {})[0] == 200


def test_a_write_based_on_an_older_copy_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """The race the test above can only provoke: two processes' copies of one game (two apps on
    one file), the second committing after the first did, on the position both read."""
    db = str(tmp_path / "games.sqlite3")
    one, two = create_app({"DB": db, "TESTING": True}), create_app({"DB": db, "TESTING": True})
    a, b = one.test_client(), two.test_client()
    gid = a.post("/api/games", json={**MILLE, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}).json["id"]
    while a.get(f"/api/games/{gid}?seat=0").json["to_move"] != 0:
        a.post(f"/api/games/{gid}/advance", json={})
    view = b.get(f"/api/games/{gid}?seat=0").json
    body = {"seat": 0, "action": view["legal"][0]["label"], "bots": False}
    store = two.extensions["autodromo.tables"].store
    append = store.append
    answers = []

    def first_the_other(*args: Any, **kwargs: Any) -> Any:
        answers.append(a.post(f"/api/games/{gid}/actions", json=body))  # lands between b's read and write
        return append(*args, **kwargs)

    store.append = first_the_other
    refused = b.post(f"/api/games/{gid}/actions", json=body)
    store.append = append
    assert answers[0].status_code == 200
    assert refused.status_code == 409 and "same moment" in refused.json["error"]
    after = answers[0].json["version"]
    assert b.get(f"/api/games/{gid}?seat=0").json["version"] == after
    assert a.get(f"/api/games/{gid}?seat=0").json["version"] == after
    assert len(one.extensions["autodromo.tables"].store.load(gid).actions) == after


def test_a_dead_worker_is_reported_and_replaced_and_sigterm_stops_every_worker(server: Server) -> None:
    (conn, *_), _ = on_workers(server, 1)
    status, g = conn.call("POST", "/api/games", {**MILLE, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]})
    assert status == 201
    os.kill(conn.worker, signal.SIGKILL)
    deadline = time.time() + 30
    while conn.worker in server.workers() or len(server.workers()) < 2:
        assert time.time() < deadline, "".join(server.output)
        time.sleep(0.05)
    while not any("killed by signal SIGKILL" in line for line in server.output):
        assert time.time() < deadline, "".join(server.output)
        time.sleep(0.05)
    # The game is safe: any worker serves it.
    again = server.connect()
    assert again.call("GET", f"/api/games/{g['id']}")[1]["id"] == g["id"]
    workers = server.workers()
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(timeout=30) == 0
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers), "a worker outlived the server"


def test_a_championship_is_played_through_two_workers_and_its_stream_hears_both(server: Server) -> None:
    (a, a_listen), (b, b_listen) = on_workers(server, 2)
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}, {"kind": "bot", "bot": "greedy"}]
    status, made = a.call("POST", "/api/events", {
        "game": "legend", "mode": "balanced", "cars": ["osca_mt4", "porsche_550", "mercedes_ssk"],
        "circuits": ["example"], "laps": 1, "seats": seats, "seating": "links"})
    assert status == 201, made
    eid = made["id"]
    tokens = [j["url"].split("#t=", 1)[1] for j in made["join"]]
    heard: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    for k, conn in ((0, a_listen), (1, b_listen)):
        events = conn.stream(f"/api/events/{eid}/stream")
        threading.Thread(target=lambda k=k, e=events: [heard[k].append(x) for x in e], daemon=True).start()
    # Ada decides through the worker that did not make the championship, Bea through the other.
    for seat, conn in ((0, b), (1, a)):
        status, e = conn.call("GET", f"/api/events/{eid}?seat={seat}", token=tokens[seat])
        assert status == 200 and e["stage"] == "split" and e["to_decide"] == seat, e
        status, e = conn.call("POST", f"/api/events/{eid}/decisions",
                              {"seat": seat, "choice": e["decisions"][0]["id"]}, token=tokens[seat])
        assert status == 200, e
    views = [conn.call("GET", f"/api/events/{eid}")[1] for conn in (a, b)]
    assert views[0]["stage"] == views[1]["stage"] == "race"
    assert views[0]["races"] == views[1]["races"] and len(views[0]["races"]) == 1
    deadline = time.time() + 10
    while not all(any(x["kind"] == "event" and x["stage"] == "race" for x in heard[k]) for k in heard):
        assert time.time() < deadline, f"a listener missed the race's start: {heard}"
        time.sleep(0.01)


def test_a_worker_killed_while_committing_leaves_the_commit_lock_free() -> None:
    from autodromo_web.workers import CommitLock

    lock = CommitLock()
    try:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # a worker that dies in the middle of its commit
            try:
                with lock:
                    os.write(write, b"x")
                    time.sleep(60)
            finally:
                os._exit(0)
        assert os.read(read, 1) == b"x"
        held = threading.Event()

        def commit() -> None:
            with lock:
                held.set()

        waiting = threading.Thread(target=commit, daemon=True)
        waiting.start()
        assert not held.wait(0.3), "the lock is one committer's at a time"
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        assert held.wait(10), "the commit lock stayed taken after its holder was killed"
        waiting.join()
        os.close(read)
        os.close(write)
    finally:
        lock.remove()
