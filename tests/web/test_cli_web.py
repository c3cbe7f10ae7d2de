"""`autodromo play` with no game serves the page; with a game (or terminal options) it plays in
the terminal as before; web options with a terminal game are refused."""

from __future__ import annotations

import subprocess
import sys
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
