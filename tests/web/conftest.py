"""Fixtures of the web tests: an app on a fresh database, a real server on a free loopback port,
and Debian's chromium driven by Playwright (no browser download)."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from playwright import sync_api

from autodromo_web import create_app

ARTIFACTS = Path(__file__).parent / "artifacts"
LEGEND_CARS = ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm", "maserati_300s"]


def legend_body(humans: int = 1, bots: int = 3, seed: int = 5, laps: int = 1) -> dict[str, Any]:
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "greedy"}] * bots
    return {
        "game": "legend",
        "options": {"circuit": "example", "cars": LEGEND_CARS[: humans + bots], "laps": laps},
        "seats": seats,
        "seed": seed,
    }


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def app(db: Path) -> Any:
    return create_app({"DB": str(db), "TESTING": True})


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


class LiveServer:
    """A real server on a free port: on loopback, or (``network``) on every interface as
    ``--lan`` serves it, its address the machine's network one, as phones open it."""

    def __init__(self, app: Any, network: bool = False) -> None:
        from autodromo_web import security, serving

        self.app = app
        self._server = serving.make("0.0.0.0" if network else "127.0.0.1", 0, app)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        if network:
            joined = security.lan_address("0.0.0.0")
            self.url = f"http://{joined}:{self._server.server_port}"
            # What `serve(lan=True)` tells the app once it listens (the join address).
            app.config.update(AUTODROMO_LAN=True, AUTODROMO_JOIN_URL=self.url + "/",
                              AUTODROMO_HOSTS=tuple(security.lan_names() | {joined}))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.app.extensions["autodromo.tables"].close_streams()
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture
def live(app: Any) -> Iterator[LiveServer]:
    server = LiveServer(app)
    yield server
    server.stop()


@pytest.fixture
def lan_live(db: Path) -> Iterator[LiveServer]:
    """A server on the network (``--lan``): join links name the machine's network address."""
    server = LiveServer(create_app({"DB": str(db), "TESTING": True, "AUTODROMO_LAN": True}), network=True)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is needed: `make setup` installs it (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        yield b
        b.close()


class Page:
    """A browser page that records every console error and uncaught exception."""

    def __init__(self, browser: Any, **context: Any) -> None:
        self.context = browser.new_context(**context)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture
def page(browser: Any) -> Iterator[Page]:
    p = Page(browser, viewport={"width": 1280, "height": 900})
    yield p
    p.context.close()
