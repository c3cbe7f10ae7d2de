"""Issue 34, the faults and the first try: the bridge's default speed is the firmware's, an
input event is applied once across a bridge that dies before the device hears its
acknowledgement (its identity goes with it to the web server, which refuses a repeat), the
bridge rides out a web server restart, a numbering jump of 40,000 is logged and resynchronised
with no event lost, and a double Ctrl-C ends the bridge cleanly."""

from __future__ import annotations

import inspect
import json
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import autodromo_web
import pytest
from autodromo_bridge import cli, render
from autodromo_bridge.binding import CONFIRM, Binding, WebSource
from autodromo_bridge.devices import DASHBOARD, Bridge
from autodromo_bridge.transport import SerialTransport, Transport

from .conftest import Rig
from .taps import _frames, decode
from .test_c_firmware_codec import FIRMWARE

UID = bytes(range(16))


class Server:
    """The web page in this process, on a fixed port once known: stopped and started again on
    the same port and database, as a restarted server is."""

    def __init__(self, db: Path, port: int = 0) -> None:
        from autodromo_web import serving

        self.db = db
        self.srv = serving.make("127.0.0.1", port, autodromo_web.create_app({"DB": str(db)}))
        self.port = self.srv.server_port
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.srv.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.srv.app.extensions["autodromo.tables"].close_streams()
            self.srv.shutdown()
            self.srv.server_close()
            self.thread.join()

    def again(self) -> Server:
        self.stop()
        return Server(self.db, self.port)

    def actors(self, game_id: str) -> list[int]:
        """Who took each action of the game, as the server holds it."""
        with self.srv.app.extensions["autodromo.tables"].locked(game_id) as table:
            return list(table.actors)


@pytest.fixture
def web(tmp_path: Path) -> Iterator[list[Server]]:
    servers = [Server(tmp_path / "games.sqlite3")]
    yield servers
    servers[-1].stop()


def call(base: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    req = urllib.request.Request(base + path, method="POST" if body is not None else "GET",
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        out: dict[str, Any] = json.load(r)
        return out


def legend_game(base: str) -> str:
    game = call(base, "/api/games", {
        "game": "legend", "options": {"cars": ["bugatti_type_35", "alfa_8c_2300"]},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], "seed": 4})
    return str(game["id"])


class NoAcks:
    """The host's port with every ACK_INPUT lost on its way to the device."""

    def __init__(self, inner: Transport) -> None:
        self.inner = inner
        self.url = inner.url
        self._out = bytearray()

    def write(self, data: bytes) -> None:
        self._out += data
        for frame in _frames(self._out):
            msg = decode(frame) if len(frame) > 1 else None
            if msg is None or msg["type"] != "ACK_INPUT":
                self.inner.write(frame)

    def read(self) -> bytes:
        return self.inner.read()

    def close(self) -> None:
        self.inner.close()


def test_the_bridge_and_the_shipped_firmware_agree_on_the_speed_out_of_the_box() -> None:
    serial_h = (FIRMWARE / "avr" / "serial.h").read_text()
    firmware = int(re.search(r"#define BAUD (\d+)ul", serial_h).group(1))  # type: ignore[union-attr]
    assert cli.parser().parse_args([]).baud == firmware
    assert inspect.signature(Bridge).parameters["baudrate"].default == firmware
    assert SerialTransport.__init__.__defaults__ == (firmware,)
    assert f"default: {firmware}" in " ".join(cli.parser().format_help().split())


def test_a_host_killed_between_delivery_and_ack_applies_no_press_twice(
        rig: Rig, web: list[Server]) -> None:
    """The first bridge applies a press, then dies before its ACK_INPUT reaches the device; the
    device gives the press to the next bridge, whose post the server refuses as a repeat."""
    server = web[-1]
    game = legend_game(server.url)
    emu = rig.emulator(DASHBOARD, UID)
    first_src = WebSource(server.url, game, retry_ms=50)
    first = Binding(rig.bridge(opener=lambda url: NoAcks(SerialTransport(url))), first_src)
    rig.until(lambda: bool(emu.dash["lamps"] & render.LAMP_YOUR_TURN), host=first.pump, seconds=5)
    emu.press(CONFIRM)  # the first choice: "engine 1"
    rig.until(lambda: first.applied == [(0, "engine 1")], host=first.pump, seconds=5)
    rig.run(0.3, host=first.pump)
    assert emu.dev.inputs_pending == 1, "the device never heard the acknowledgement"
    applied = server.actors(game).count(0)
    before = call(server.url, f"/api/games/{game}")
    # The host dies: its port closes, nothing more is said.
    first.bridge.close()
    first_src.close()
    rig.bridges.remove(first.bridge)
    rig.log.clear()
    second_src = WebSource(server.url, game, retry_ms=50)
    second = Binding(rig.bridge(), second_src)
    rig.until(lambda: emu.dev.inputs_pending == 0, host=second.pump, seconds=5,
              what="the press delivered again and acknowledged")
    rig.run(0.3, host=second.pump)
    assert second.applied == [] and second.refusals == [], rig.log
    assert any("already applied" in line for line in rig.log), rig.log
    assert server.actors(game).count(0) == applied
    assert call(server.url, f"/api/games/{game}")["version"] == before["version"]
    assert not emu.dash["lamps"] & render.LAMP_REFUSED
    second_src.close()


def test_the_bridge_rides_out_a_web_server_restart_and_resumes_the_race(
        rig: Rig, web: list[Server]) -> None:
    server = web[-1]
    game = legend_game(server.url)
    emu = rig.emulator(DASHBOARD, UID)
    src = WebSource(server.url, game, retry_ms=50, timeout=1.0)
    binding = Binding(rig.bridge(), src)
    host = binding.pump
    rig.until(lambda: bool(emu.dash["lamps"] & render.LAMP_YOUR_TURN), host=host, seconds=5)
    emu.press(CONFIRM)
    rig.until(lambda: len(binding.applied) == 1, host=host, seconds=5)
    rig.until(lambda: bool(emu.dash["lamps"] & render.LAMP_YOUR_TURN), host=host, seconds=5)
    server.stop()
    rig.run(0.5, host=host)
    assert any("the web page does not answer" in line for line in rig.log)
    web.append(server.again())
    # The stream is heard again, the game read again: the race goes on from where it stood.
    rig.until(lambda: bool(emu.dash["lamps"] & render.LAMP_YOUR_TURN), host=host, seconds=5,
              what="YOUR TURN again after the restart")
    for _ in range(3):
        done = len(binding.applied)
        emu.press(CONFIRM)
        rig.until(lambda: len(binding.applied) == done + 1, host=host, seconds=5)
        rig.until(lambda: bool(emu.dash["lamps"] & render.LAMP_YOUR_TURN)
                  and emu.dev.inputs_pending == 0, host=host, seconds=5)
    assert len(binding.applied) == 4 and binding.refusals == []
    assert web[-1].actors(game).count(0) == 4, "every press applied once, none lost"
    src.close()


def test_a_numbering_jump_of_40000_is_logged_and_no_event_lost(rig: Rig) -> None:
    emu = rig.emulator(DASHBOARD, UID)
    bridge = rig.bridge()
    got: list[int] = []
    bridge.on_input = lambda _d, e: got.append(int(e["ev_seq"]))
    rig.until(lambda: UID in bridge.devices and bridge.devices[UID].connected)
    emu.press(1)
    emu.press(2)
    rig.until(lambda: got == [0, 1] and emu.dev.inputs_pending == 0)
    emu.dev.set_next_input_seq(40_001)
    for control in (1, 2, 3):
        emu.press(control)
        rig.run(0.02)
    rig.until(lambda: got == [0, 1, 40_001, 40_002, 40_003], seconds=3,
              what="the presses after the jump")
    said = [line for line in rig.log if "jumped" in line]
    assert said == [f"dashboard {UID.hex()}: input numbering jumped from 2 to 40001: "
                    "resynchronised, the events from 40001 on are heard"], rig.log


def _bridge_cli(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "autodromo_bridge.cli", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_web_game_goes_on_when_the_server_stops_answering(web: list[Server]) -> None:
    server = web[-1]
    game = legend_game(server.url)
    proc = _bridge_cli("--game", game, "--web", server.url, "--emulate", "track", "--quiet",
                       "--seconds", "6")
    time.sleep(2.5)
    assert proc.poll() is None
    server.stop()
    time.sleep(1.5)
    assert proc.poll() is None, "the bridge ended when the page stopped answering"
    web.append(server.again())
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "does not answer" in out and "Traceback" not in err, (out, err)


def test_a_double_ctrl_c_ends_the_bridge_cleanly(tmp_path: Path) -> None:
    proc = _bridge_cli("lamborghini", "--emulate", "track,dashboard", "--watch", "--quiet",
                       "--png-dir", str(tmp_path))
    time.sleep(3)
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert "Traceback" not in err, err
    assert proc.returncode == 0, err
    assert "dashboard e0010000000000000000000000000000: bridge closed" in out, "the ports closed"
