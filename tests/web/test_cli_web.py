"""`autodromo play` with no game serves the page; with a game (or terminal options) it plays in
the terminal as before; web options with a terminal game are refused."""

from __future__ import annotations

import http.client
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from .test_e2e import free_port


def test_autodromo_play_serves_the_page_on_loopback(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "mine.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-m", "autodromo.cli", "play", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.time() + 30
        page = ""
        while time.time() < deadline and not page:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as r:
                    page = r.read().decode()
            except OSError:
                time.sleep(0.1)
        assert "New game" in page
        assert str(db) in page  # the page shows where games are saved
        assert db.exists()
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/" in out


def test_a_stop_during_requests_ends_every_worker_at_once(tmp_path: Path) -> None:
    """Ctrl-C or SIGTERM while pages are being answered: a worker's stop used to land as an
    exception inside waitress's handling of a connection, which closed that connection and
    served on, so the server took 10 s (the parent's wait before SIGKILL) to stop."""
    for attempt in range(3):
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "autodromo.cli", "play", "--port", str(port),
             "--db", str(tmp_path / f"stop{attempt}.sqlite3")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        busy = threading.Event()
        done = threading.Event()

        def ask() -> None:
            while not done.is_set():
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2) as r:
                        r.read()
                        busy.set()
                except (OSError, http.client.HTTPException):  # cut off by the stop
                    time.sleep(0.01)

        askers = [threading.Thread(target=ask) for _ in range(4)]
        for t in askers:
            t.start()
        try:
            assert busy.wait(30), "the server never answered"
            time.sleep(0.3)
            began = time.monotonic()
            proc.terminate()
            _, err = proc.communicate(timeout=30)
            took = time.monotonic() - began
        finally:
            done.set()
            for t in askers:
                t.join()
            if proc.poll() is None:
                proc.kill()
        assert proc.returncode == 0, err
        assert took < 5, f"stopping took {took:.1f} s: {err[-300:]}"
        assert "uncaptured python exception" not in err, err


def test_web_options_with_a_terminal_game_are_refused(tmp_path: Path) -> None:
    p = subprocess.run(
        [sys.executable, "-m", "autodromo.cli", "play", "mille_bornes", "--port", "9"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )
    assert p.returncode == 2
    assert "web page" in p.stderr


def test_terminal_options_alone_still_play_mille_bornes(tmp_path: Path) -> None:
    p = subprocess.run(
        [sys.executable, "-m", "autodromo.cli", "play", "--watch", "--single-hand", "--seed", "5"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("Mille Bornes, 2 players, seed 5")
