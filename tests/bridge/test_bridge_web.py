"""A dashboard bound to a game of the web page by its id, through the JSON API of a real server
(issue 7, item 4): the dashboard shows its seat's car, its buttons become actions in the web
game, and a refused input changes nothing there."""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import autodromo_web
import pytest
from autodromo_bridge import render
from autodromo_bridge.binding import CONFIRM, Binding, WebSource
from autodromo_bridge.devices import DASHBOARD

from .conftest import Rig

UID = bytes(range(16))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    from werkzeug.serving import make_server

    app = autodromo_web.create_app({"DB": str(tmp_path / "games.sqlite3")})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()
    srv.server_close()
    t.join()


def call(base: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    req = urllib.request.Request(base + path, method="POST" if body is not None else "GET",
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        out: dict[str, Any] = json.load(r)
        return out


def test_a_dashboard_plays_a_web_game_by_its_id(rig: Rig, server: str) -> None:
    game = call(server, "/api/games", {
        "game": "legend", "options": {"cars": ["bugatti_type_35", "alfa_8c_2300"]},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], "seed": 4})
    emu = rig.emulator(DASHBOARD, UID)
    src = WebSource(server, game["id"], poll_ms=50)
    binding = Binding(rig.bridge(), src)
    host = binding.pump
    rig.until(lambda: emu.dash["state_id"] != 0, host=host, seconds=5)
    assert binding.bridge.devices[UID].seat == 0
    rig.until(lambda: emu.dash["lamps"] & render.LAMP_YOUR_TURN, host=host, seconds=5)
    before = call(server, f"/api/games/{game['id']}")["version"]
    emu.press(1)  # "maintain" during the reliability split: refused by the page's rules
    rig.until(lambda: emu.dash["lamps"] & render.LAMP_REFUSED, host=host, seconds=5)
    assert call(server, f"/api/games/{game['id']}")["version"] == before
    emu.press(CONFIRM)  # the first choice: "engine 1"
    rig.until(lambda: binding.applied == [(0, "engine 1")], host=host, seconds=5)
    after = call(server, f"/api/games/{game['id']}?seat=0")
    assert after["version"] > before
    assert after["view"]["cars"][0]["engine"] == 1
    rig.until(lambda: emu.dash["engine"] == 1 and not emu.dash["lamps"] & render.LAMP_REFUSED,
              host=host, seconds=5)


def test_an_unknown_web_game_is_a_clear_error(server: str) -> None:
    from autodromo_bridge.errors import BridgeError

    with pytest.raises(BridgeError, match="no game .nope."):
        WebSource(server, "nope")
