"""A server of several processes (``--workers N``): each worker is the whole app in its own
interpreter, so N cores answer at once instead of the one a single interpreter's lock allows.

The parent checks the saved games once (the app it makes first: content hashes, older databases
brought up to date), binds the listening socket once, then forks the workers, which all accept on
that socket; a kept connection stays with the worker that accepted it. Any worker serves any game:
the SQLite file is the arbiter (``store.py``: each game's revision, writes made only on top of the
revision they read, ``Stale`` otherwise), and each worker brings its copy of a game up to date
before using it (``tables.Tables._sync``). Commits are serialised between workers by a lock
of their own (``CommitLock``). A worker tells the others of each committed change by a datagram to each
(``Hub``), so a live stream (Server-Sent Events) held by one worker hears a change made by another.

The parent does nothing but watch: Ctrl-C or SIGTERM stops every worker; a worker that dies is
reported and started again (the server stops, saying why, if they keep dying at once); a worker
whose parent dies (kill -9) exits at once (it reads a pipe only the parent writes to).
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .languages import Later

#: A worker that dies sooner than this after starting, again and again, stops the server.
EARLY_DEATH_SECONDS = 5.0
EARLY_DEATHS = 3


def default_workers() -> int:
    """``AUTODROMO_WORKERS``, else the machine's cores (1 where processes cannot be forked)."""
    given = os.environ.get("AUTODROMO_WORKERS")
    if given:
        try:
            count = int(given)
        except ValueError:
            raise SystemExit(f"autodromo: AUTODROMO_WORKERS must be a whole number, not {given!r}") from None
        if count < 1:
            raise SystemExit("autodromo: AUTODROMO_WORKERS must be at least 1")
        return count
    return (os.cpu_count() or 1) if hasattr(os, "fork") else 1


class Hub:
    """The workers' channel for "this changed": one datagram socket per worker, each told the
    keys (a game's id, an event's stream key) another worker committed a change to. A datagram to
    a live worker whose queue is full waits for room (nothing is lost); to a dead one it fails at
    once (it has no listeners left)."""

    def __init__(self, count: int) -> None:
        self.count = count
        if sys.platform.startswith("linux"):
            # Linux's abstract names: nothing left in the file system by a killed server.
            self.addresses = [f"\0autodromo-{os.getpid()}-{time.monotonic_ns()}-{i}" for i in range(count)]
            self._dir = None
        else:
            self._dir = tempfile.mkdtemp(prefix="autodromo-")
            self.addresses = [os.path.join(self._dir, f"w{i}") for i in range(count)]

    def join(self, me: int, heard: Callable[[list[str]], None]) -> Callable[[list[str]], None]:
        """(In worker ``me``.) Listens for the others' changes (``heard`` with their keys) and
        returns what tells them of this worker's."""
        inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        if self._dir is not None and os.path.exists(self.addresses[me]):
            os.unlink(self.addresses[me])
        inbox.bind(self.addresses[me])

        def listen() -> None:
            while True:
                keys = inbox.recv(65536).decode().split("\n")
                # Whatever else waits is taken at once: one turn of the interpreter for them all
                # (a busy worker gives this thread the interpreter only now and then, and a full
                # queue makes the senders wait).
                while True:
                    try:
                        keys += inbox.recv(65536, socket.MSG_DONTWAIT).decode().split("\n")
                    except BlockingIOError:
                        break
                heard(sorted(set(keys)))

        threading.Thread(target=listen, name="autodromo-hub", daemon=True).start()
        out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        # A worker too busy to read for this long is stuck: its listeners miss this one change.
        out.settimeout(2.0)
        others = [a for i, a in enumerate(self.addresses) if i != me]

        def publish(keys: list[str]) -> None:
            data = "\n".join(keys).encode()
            for address in others:
                try:
                    out.sendto(data, address)
                except OSError:
                    pass  # that worker is down (being started again): nobody listens there yet

        return publish

    def close(self) -> None:
        if self._dir is not None:
            import shutil

            shutil.rmtree(self._dir, ignore_errors=True)


class CommitLock:
    """Held around each commit by the workers (one at a time): a POSIX record lock on a file of
    its own, which the kernel releases when the process holding it dies. (A semaphore held by a
    worker killed mid-commit would stay taken, and every other worker's next commit would wait
    for ever.) Each process opens the file itself: a lock belongs to a process, not to a file
    descriptor inherited across the fork. The commits of one process are already one at a time
    (the store's own lock)."""

    def __init__(self) -> None:
        fd, self.path = tempfile.mkstemp(prefix="autodromo-commit-", suffix=".lock")
        if os.path.isdir("/proc/self/fd"):
            # Linux: the file is opened again through the descriptor every worker inherits, so
            # it can leave the folder at once (nothing left behind by a server killed with -9).
            os.unlink(self.path)
            self.path = f"/proc/self/fd/{fd}"
        else:
            os.close(fd)
        self._fd: int | None = None
        self._pid = 0

    def __enter__(self) -> CommitLock:
        import fcntl

        if self._pid != os.getpid():
            self._fd, self._pid = os.open(self.path, os.O_RDWR), os.getpid()
        assert self._fd is not None
        fcntl.lockf(self._fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc: Any) -> None:
        import fcntl

        assert self._fd is not None
        fcntl.lockf(self._fd, fcntl.LOCK_UN)

    def remove(self) -> None:
        if not self.path.startswith("/proc/"):
            try:
                os.unlink(self.path)
            except OSError:
                pass


class _Stop(Exception):
    pass


def serve(host: str, port: int, count: int, config: dict[str, Any], announce: Callable[[int], dict[str, Any]],
          after_start: Callable[[], None] | None = None) -> None:
    """Runs ``count`` workers on ``host:port`` until Ctrl-C or SIGTERM. ``config`` is the app's;
    ``announce(port)`` prints the addresses once the socket is bound, and returns what the app's
    config gains from them (the join address)."""
    from . import create_app, serving

    # The startup checks, once: content hashes of saved games, older databases brought up to date.
    checker = create_app(config)
    broken = dict(checker.extensions["autodromo.tables"].broken)
    checker.extensions["autodromo.tables"].store.close()
    del checker

    listener = serving.listen(host, port)
    port = listener.getsockname()[1]
    config = {**config, **announce(port)}
    lock = CommitLock()
    hub = Hub(count)
    alive_r, alive_w = os.pipe()

    def start(i: int) -> int:
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(alive_w)
                code = _worker(i, listener, config, broken, lock, hub, alive_r)
            except _Stop:
                code = 0  # stopped while starting
            except BaseException:  # noqa: BLE001 - a worker must never return into the parent's loop
                import traceback

                traceback.print_exc()
            finally:
                os._exit(code)
        return pid

    def stop(signum: int, frame: Any) -> None:
        raise _Stop

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    running: dict[int, tuple[int, float]] = {}
    early = 0
    try:
        for i in range(count):
            running[start(i)] = (i, time.monotonic())
        if after_start is not None:
            after_start()
        while True:
            pid, status = os.wait()
            if pid not in running:
                continue
            i, began = running.pop(pid)
            how = (f"killed by signal {signal.Signals(os.WTERMSIG(status)).name}" if os.WIFSIGNALED(status)
                   else f"exited with status {os.WEXITSTATUS(status)}")
            early = early + 1 if time.monotonic() - began < EARLY_DEATH_SECONDS else 0
            if early >= EARLY_DEATHS:
                print(f"autodromo: worker {i + 1} of {count} (pid {pid}) {how}; {early} workers in a row died within "
                      f"{EARLY_DEATH_SECONDS:.0f} s of starting: stopping the server (see the errors above)",
                      file=sys.stderr, flush=True)
                raise SystemExit(1)
            print(f"autodromo: worker {i + 1} of {count} (pid {pid}) {how}; starting another "
                  "(its open connections were dropped; games are safe in the database)", file=sys.stderr, flush=True)
            running[start(i)] = (i, time.monotonic())
    except _Stop:
        print("\nstopped", flush=True)
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for pid in running:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 10
        for pid in list(running):
            while time.monotonic() < deadline:
                done, _ = os.waitpid(pid, os.WNOHANG)
                if done:
                    break
                time.sleep(0.05)
            else:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        listener.close()
        hub.close()
        lock.remove()
        os.close(alive_w)


def _worker(i: int, listener: socket.socket, config: dict[str, Any], broken: dict[str, Later], lock: CommitLock,
            hub: Hub, alive_r: int) -> int:
    """One worker: the app, accepting on the shared socket until told to stop."""
    from . import create_app, serving

    serving_now: list[Any] = []

    def stop(signum: int, frame: Any) -> None:
        # Once serving, the loop is asked to end rather than interrupted: an exception raised
        # here lands in whatever the main thread runs, and waitress takes it for a broken
        # connection, closes that one and serves on (the parent then waited 10 s to kill us).
        if serving_now:
            serving_now[0].request_stop()
        else:
            raise _Stop

    signal.signal(signal.SIGTERM, stop)
    # Ctrl-C reaches every process of the terminal's group: the parent alone answers it (by
    # stopping the workers), so that it never takes a worker's exit for a death to report.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def orphaned() -> None:
        # Returns only when the parent is gone (the pipe's only writer): a server killed with
        # kill -9 leaves no worker behind still answering.
        os.read(alive_r, 1)
        os._exit(1)

    threading.Thread(target=orphaned, name="autodromo-parent", daemon=True).start()
    app = create_app({**config, "AUTODROMO_CHECKED": broken, "AUTODROMO_PROCESS_LOCK": lock})
    tables = app.extensions["autodromo.tables"]
    tables.publish = hub.join(i, tables.heard)
    server = serving.make(listener.getsockname()[0], 0, app, fd=listener.fileno())
    # Every worker is woken by a new connection; those that lose the race to accept it go back to
    # waiting (waitress's loop takes the refusal of a non-blocking accept for nothing to do).
    server.socket.setblocking(False)
    serving_now.append(server)
    try:
        server.serve_forever()
    except _Stop:
        pass
    finally:
        tables.close_streams()
        server.server_close()
    return 0
