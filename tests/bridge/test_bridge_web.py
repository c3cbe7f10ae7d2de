"""A dashboard bound to a game of the web page by its id, through the JSON API of a real server
(issue 7, item 4): the dashboard shows its seat's car, its buttons become actions in the web
game, and a refused input changes nothing there."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import autodromo_web
import pytest
from autodromo_bridge import render
from autodromo_bridge.games.legend import render as legend
from autodromo_bridge.binding import CONFIRM, Binding, WebSource
from autodromo_bridge.devices import DASHBOARD

from .conftest import Rig

UID = bytes(range(16))


class Server:
    def __init__(self, db: Path) -> None:
        from autodromo_web import serving

        self.srv = serving.make("127.0.0.1", 0, autodromo_web.create_app({"DB": str(db)}))
        self.url = f"http://127.0.0.1:{self.srv.server_port}"
        self.thread = threading.Thread(target=self.srv.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            # As a server process that stops: its live streams end with it.
            self.srv.app.extensions["autodromo.tables"].close_streams()
            self.srv.shutdown()
            self.srv.server_close()
            self.thread.join()


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "games.sqlite3")
    yield s
    s.stop()


@pytest.fixture
def server(web: Server) -> str:
    return web.url


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
    src = WebSource(server, game["id"], retry_ms=50)
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


def test_a_web_page_that_stops_answering_is_logged_and_never_a_crash(rig: Rig, web: Server) -> None:
    game = call(web.url, "/api/games", {
        "game": "legend", "options": {"cars": ["bugatti_type_35", "alfa_8c_2300"]},
        "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4})
    emu = rig.emulator(DASHBOARD, UID)
    src = WebSource(web.url, game["id"], retry_ms=50, timeout=1.0)
    binding = Binding(rig.bridge(), src)
    host = binding.pump
    rig.until(lambda: emu.dash["lamps"] & render.LAMP_YOUR_TURN, host=host, seconds=5)
    shown = dict(emu.dash)
    web.stop()
    rig.run(0.3, host=host)  # the polls fail: logged, the dashboard keeps its state
    assert any("the web page does not answer" in line for line in rig.log)
    emu.press(CONFIRM)
    rig.until(lambda: emu.dash["lamps"] & render.LAMP_REFUSED, host=host, seconds=5)
    assert "does not answer" in binding.refusals[-1][1]
    # The car as last seen; nothing offered to decide while the page is away.
    car = ("speed", "turn_pins", "temperature", "engine", "brakes", "tyres", "switches")
    assert {k: emu.dash[k] for k in car} == {k: shown[k] for k in car}
    assert emu.dash["pace"] == 0 and not emu.dash["lamps"] & render.LAMP_YOUR_TURN


def test_a_track_board_shows_a_lamborghini_web_game(rig: Rig, server: str) -> None:
    from autodromo_bridge.devices import TRACK
    from autodromo_bridge.ledmap import LedMap

    game = call(server, "/api/games", {
        "game": "lamborghini", "options": {"circuit": "imola_like", "players": 2},
        "seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}], "seed": 6})
    src = WebSource(server, game["id"], retry_ms=20)
    m = LedMap.for_board(src.board())
    assert (m.circuit.game, m.circuit.id, m.circuit.lanes) == ("lamborghini", "imola_like", 4)
    track = rig.emulator(TRACK, bytes(range(200, 216)), led_count=m.led_count)
    binding = Binding(rig.bridge(), src)
    # The bots play on the server; the strip follows until some car is past the start.
    rig.until(lambda: any(c["progress"] > 0 for c in src.view()["cars"]), host=binding.pump, seconds=20)
    colors = render.palette(m)

    def matches() -> bool:
        want = render.track_frame(src.view(), m)
        return track.dev.shown_frame_id != 0 and track.pixels() == [colors[i] for i in want]

    rig.until(matches, host=binding.pump, seconds=10, what="the strip shows the web game")


def test_a_dashboard_on_a_web_stage_race_reads_its_seats_view(rig: Rig, server: str) -> None:
    """Issue 16: in fog the dashboard shows no turn pins for a marker its car cannot read, from
    the seat's own view as the page serves it."""
    game = call(server, "/api/games", {
        "game": "legend", "options": {"cars": ["bugatti_type_35", "alfa_8c_2300"], "route": "coppa_breve"},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], "seed": 1})
    emu = rig.emulator(DASHBOARD, UID)
    src = WebSource(server, game["id"], retry_ms=50)
    binding = Binding(rig.bridge(), src)
    rig.until(lambda: emu.dash["lamps"] & render.LAMP_YOUR_TURN, host=binding.pump, seconds=5)
    view = call(server, f"/api/games/{game['id']}?seat=0")["view"]
    car = view["cars"][0]
    assert view["chrono"]["fog"] and car["next_turn"]["rating"] is None, "seed 1 starts in fog"
    assert emu.dash["turn_pins"] == 0 and emu.dash["lamps"] & legend.LAMP_FOG
    assert bool(emu.dash["lamps"] & legend.LAMP_TURN_UNSEEN) == (car["status"] in ("racing", "off_road"))


def test_a_dashboard_and_a_track_board_follow_a_formula90_web_game(rig: Rig, server: str) -> None:
    """Issue 15: a Formula 90 game of the page, its first seat driven from a dashboard (its chart
    from the seat's own view), the strip showing the section map of the page's track."""
    from autodromo_bridge.games.formula90 import render as render_f90
    from autodromo_bridge.devices import TRACK
    from autodromo_bridge.games.formula90.sectionmap import SectionMap

    game = call(server, "/api/games", {
        "game": "formula90", "options": {"track": "colline"},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "medium"}], "seed": 3})
    src = WebSource(server, game["id"], retry_ms=20)
    m = SectionMap.for_board(src.board())
    assert m.track == "colline" and len(m.sections) == 22
    emu = rig.emulator(DASHBOARD, UID)
    track = rig.emulator(TRACK, bytes(range(200, 216)), led_count=m.led_count)
    binding = Binding(rig.bridge(), src)
    host = binding.pump
    rig.until(lambda: emu.dash["lamps"] & render_f90.LAMP_YOUR_TURN, host=host, seconds=10)
    first = src.legal(0)[0][1]
    emu.press(CONFIRM)
    rig.until(lambda: binding.applied == [(0, first)], host=host, seconds=5)
    assert any(line == f"Blue: {first}" for line in rig.log), rig.log
    # Decisions by CONFIRM until the cars stand on the track.
    while not any(s["cars"] for s in src.view()["sections"]):
        rig.until(lambda: src.to_move() == 0, host=host, seconds=10, what="Blue to decide")
        n = len(binding.applied)
        emu.press(CONFIRM)
        rig.until(lambda: len(binding.applied) == n + 1, host=host, seconds=5)

    def matches() -> bool:
        view = src.view()
        want = render_f90.palette(m, view)
        return track.dev.shown_frame_id != 0 and track.pixels() == [want[i] for i in render_f90.track_frame(view, m)]

    rig.until(matches, host=host, seconds=10, what="the strip shows the web game")
    view = call(server, f"/api/games/{game['id']}?seat=0")["view"]
    want = render_f90.dash_state(view, 0, deciding=src.to_move() == 0, cursor=0, refused=False)
    rig.until(lambda: emu.dash["tyres"] == want["tyres"] and emu.dash["turn_pins"] == want["turn_pins"],
              host=host, seconds=5, what="the chart on the needles")


def test_the_binding_hears_the_pages_moves_over_the_live_stream_and_does_not_poll(web: Server) -> None:
    from flask import request

    reads: list[str] = []
    web.srv.app.before_request(lambda: reads.append(request.path) if request.method == "GET" else None)
    game = call(web.url, "/api/games", {
        "game": "legend", "options": {"cars": ["bugatti_type_35", "alfa_8c_2300"]},
        "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4})
    gid = game["id"]
    src = WebSource(web.url, gid)
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:  # a binding's loop asks all the time
        src.version()
        src.to_move()
        time.sleep(0.005)
    # Its first read, and one more when the stream opened (a change might have come between).
    assert reads.count(f"/api/games/{gid}") <= 2, reads
    assert reads.count(f"/api/games/{gid}/stream") == 1
    before = src.version()
    seat = call(web.url, f"/api/games/{gid}")["to_move"]
    label = call(web.url, f"/api/games/{gid}?seat={seat}")["legal"][0]["label"]
    call(web.url, f"/api/games/{gid}/actions", {"seat": seat, "action": label})  # the page's move
    deadline = time.monotonic() + 5.0
    while src.version() == before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert src.version() > before and src.events_heard >= 2
    src.close()


def test_a_dashboard_on_a_bots_seat_shows_what_everyone_sees(rig: Rig, server: str) -> None:
    """Issue 32, item 7: the page never serves a bot seat's own view. A dashboard bound to a bot's
    car (every seat a bot) draws that car from the public view instead of failing to update."""
    from autodromo_bridge.games.formula90 import render as render_f90

    game = call(server, "/api/games", {
        "game": "formula90", "options": {"track": "colline"},
        "seats": [{"kind": "bot", "bot": "medium"}, {"kind": "bot", "bot": "medium"}], "seed": 3})
    src = WebSource(server, game["id"], retry_ms=20)
    emu = rig.emulator(DASHBOARD, UID)
    binding = Binding(rig.bridge(), src)
    rig.until(lambda: binding.bridge.devices.get(UID) is not None and binding.bridge.devices[UID].seat == 0,
              host=binding.pump, seconds=5, what="the dashboard on the first car")

    def shows_the_public_chart() -> bool:
        view = src.view()
        want = render_f90.dash_state(view, 0, deciding=False, cursor=0, refused=False)
        return bool(emu.dash) and emu.dash["tyres"] == want["tyres"] and emu.dash["turn_pins"] == want["turn_pins"]

    rig.until(shows_the_public_chart, host=binding.pump, seconds=10, what="the first car's chart")
    rig.run(0.5, host=binding.pump)
    assert not any("not updated" in line or "403" in line for line in rig.log), rig.log
