"""Issue 34, the first try on the real firmware in simavr: every shipped LED map of every game
drawn by the track board firmware (ATmega2560) as the bridge renders it, and every example of
docs/bridge.md run as written, with the shipped speed and no --baud, on the dashboard and
track board firmware (their ports in place of --emulate, /dev/ttyUSB0 and --usb)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from autodromo import replay as replay_mod
from autodromo_bridge import ledmap as ledmap_mod
from autodromo_bridge.binding import CONFIRM, Binding, RaceSource
from autodromo_bridge.devices import DASHBOARD, TRACK, Bridge

from .test_bridge_restarts import Server, legend_game
from .test_simavr_dashboard import Simulator, build_firmware

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "python" / "autodromo" / "content"
#: Every map a track board may be given: the shipped files, and those generated from a
#: Legend route or a Formula 90 track.
MAPS: list[tuple[str, dict[str, Any]]] = [
    ("legend", {"circuit": "castelrosso"}), ("legend", {"circuit": "example"}),
    ("legend", {"route": "coppa_breve"}), ("legend", {"route": "mille_miglia"}),
    ("lamborghini", {"circuit": "imola_like"}), ("lamborghini", {"circuit": "sant_agata"}),
    ("formula90", {"track": "lago"}), ("formula90", {"track": "colline"}),
]


@pytest.fixture(scope="module", autouse=True)
def _built() -> None:
    build_firmware()


def board_sim() -> Simulator:
    """A track board in simavr, its pty left to the bridge."""
    s = Simulator("trackboard.elf", "atmega2560", "--ws2812", "A0")
    s.line.close()
    return s


def dash_sim() -> Simulator:
    s = Simulator("dashboard.elf", "atmega328p")
    s.line.close()
    return s


@pytest.fixture
def track() -> Iterator[Simulator]:
    s = board_sim()
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def dashboard() -> Iterator[Simulator]:
    s = dash_sim()
    try:
        yield s
    finally:
        s.close()


def test_the_list_is_every_shipped_map() -> None:
    listed = {(g, str(next(iter(o.values())))) for g, o in MAPS}
    files = {(p.parent.name, p.stem) for p in (Path(ledmap_mod.__file__).parent / "ledmaps").glob("*/*.toml")}
    routes = {("legend", p.stem) for p in (CONTENT / "legend" / "routes").glob("*.toml")}
    tracks = {("formula90", p.name) for p in (CONTENT / "formula90" / "tracks").iterdir() if p.is_dir()}
    assert listed == files | routes | tracks


def strip_now(sim: Simulator, leds: int) -> bytes:
    reply = sim.cmd(f"dump strip {3 * leds}")
    return bytes.fromhex(reply.split()[1])


@pytest.mark.parametrize(("game", "options"), MAPS, ids=[f"{g}-{next(iter(o.values()))}" for g, o in MAPS])
def test_every_shipped_map_is_drawn_by_the_track_board_firmware(
        track: Simulator, game: str, options: dict[str, Any]) -> None:
    if game == "legend":
        options = {**options, "cars": ["bugatti_type_35", "alfa_8c_2300"]}
    src = RaceSource.new(game, [], seed=3, **options)
    for _ in range(12):  # a few moves in: cars on the track
        src.race.step()
    log: list[str] = []
    bridge = Bridge(lambda: [track.line.port], log=log.append)  # the default speed
    binding = Binding(bridge, src)
    want = binding.ledmap.led_count
    end = time.monotonic() + 20
    shown = b""
    expected = b""
    while time.monotonic() < end:
        binding.bridge.pump()
        dev = next((d for d in bridge.devices.values() if d.kind == TRACK and d.connected), None)
        if dev is not None and dev.leds is not None and dev.palette is not None:
            fmt, data = dev.leds
            pixels = ([dev.palette[i] for i in data] if fmt == 1
                      else [tuple(data[i:i + 3]) for i in range(0, len(data), 3)])
            expected = b"".join(bytes((g, r, b)) for r, g, b in pixels)
            shown = strip_now(track, want)
            if shown == expected and int(track.cmd("strip").split()[1]) > 0:
                break
        time.sleep(0.01)
    bridge.close()
    assert any(f"{want} LEDs of the 512 its firmware holds" in line for line in log), log
    assert not any("not driven" in line for line in log), log
    assert len(expected) == 3 * want and shown == expected, (game, options, log[-5:])
    _, frames, bad, *data = track.cmd("strip").split()
    assert int(bad) == 0 and bytes.fromhex(data[0])[:3 * want] == expected, "the WS2812 line"
    assert any(c != b"\x00\x00\x00" for c in (expected[i:i + 3] for i in range(0, len(expected), 3)))


def docs_examples() -> list[str]:
    text = (ROOT / "docs" / "bridge.md").read_text()
    block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in block.splitlines()
            if line.startswith("autodromo bridge")]


def as_on_the_boards(command: str, dash: str, board: str, web: tuple[str, str],
                     replay: str) -> list[str]:
    """The example with the simulated boards' ports where it names emulators or hardware,
    --watch where a dashboard's seat waits for presses (no terminal here), and an end."""
    words = shlex.split(command)[2:]
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w == "--emulate":
            kinds = words[i + 1].split(",")
            out += [x for k in kinds for x in ("--port", dash if k == "dashboard" else board)]
            i += 2
            continue
        if w == "--usb":
            out += ["--port", dash, "--port", board]
        elif w == "/dev/ttyUSB0":
            out.append(dash)
        elif w == "/dev/ttyACM0":
            out.append(board)
        elif w == "3f2a9c":
            out += [web[0], "--web", web[1]]
        elif w == "race.json":
            out.append(replay)
        else:
            out.append(w)
        i += 1
    return out


def test_every_line_of_the_docs_first_example_block_is_run_here() -> None:
    text = (ROOT / "docs" / "bridge.md").read_text()
    block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]
    assert [line for line in lines if line not in docs_examples()] == ["make setup"]
    assert len(docs_examples()) == 9


@pytest.mark.parametrize("example", docs_examples())
def test_each_example_of_the_docs_runs_on_the_firmware_at_its_default_speed(
        example: str, tmp_path: Path) -> None:
    assert "--baud" not in example
    server = Server(tmp_path / "games.sqlite3")
    game = legend_game(server.url)
    # A replay: the start of a Legend race.
    played = RaceSource.new("legend", [], seed=4, cars=["bugatti_type_35", "alfa_8c_2300"])
    for _ in range(40):
        played.race.step()
    replay = tmp_path / "race.json"
    replay.write_text(replay_mod.dumps(played.race.state, 4))
    dash, board = dash_sim(), board_sim()
    try:
        args = as_on_the_boards(example, dash.line.port, board.line.port, (game, server.url),
                                str(replay))
        if "--watch" not in args:
            args.append("--watch")
        args += ["--quiet", "--seconds", "8", "--step-ms", "150"]
        proc = subprocess.run([sys.executable, "-m", "autodromo_bridge.cli", *args],
                              capture_output=True, text=True, timeout=90, cwd=tmp_path)
        log = proc.stdout
        frames = int(board.cmd("strip").split()[1])
    finally:
        dash.close()
        board.close()
        server.stop()
    assert proc.returncode == 0, (args, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    ports = [a for a in args if a.startswith("/dev/")]
    for port in ports:
        assert re.search(rf"on {re.escape(port)}: linked", log), (args, log)
    if board.line.port in ports:
        assert "its firmware holds" in log and "not driven" not in log, log
        assert frames > 0, "the strip showed the race"


#: The dashboard firmware's buttons (README: controls 0 to 3 on PD2, PD4, PD7, PB4).
BUTTON_PINS = {0: "D 2", 1: "D 4", 2: "D 7", 3: "B 4"}


def test_a_lamborghini_race_driven_by_the_real_dashboards_buttons(
        dashboard: Simulator, track: Simulator) -> None:
    """Seat 1 of a Lamborghini race on the dashboard firmware (ATmega328P) and the track board
    firmware (ATmega2560), at the default speed: its buttons left / ahead / right steer and
    CONFIRM takes the rest, each press applied once as what it means; the speed needle reads the
    squares covered and lamps 0 to 3 the seat's; the strip shows the race."""
    src = RaceSource.new("lamborghini", [0], seed=12, circuit="imola_like")
    log: list[str] = []
    bridge = Bridge(lambda: [dashboard.line.port, track.line.port], log=log.append)
    binding = Binding(bridge, src)

    def until(cond: Any, seconds: float, what: str) -> None:
        end = time.monotonic() + seconds
        while not cond():
            assert time.monotonic() < end, f"not within {seconds} s: {what}\n{log[-6:]}"
            binding.pump()
            time.sleep(0.002)

    moves = 0

    def dash() -> Any:
        return next((d for d in bridge.devices.values() if d.kind == DASHBOARD), None)

    def your_turn_shown() -> bool:
        d = dash()
        return (src.to_move() == 0 and d is not None and d.dash is not None
                and bool(d.dash["lamps"] & 1)
                and dashboard.pins()["PORTC"] & 0x0F == d.dash["lamps"] & 0x0F)

    try:
        while moves < 6:
            until(your_turn_shown, 10, "YOUR TURN lit on the board")
            labels = [label for _, label in src.legal(0)]
            control, label = next(((c, x) for c in (2, 1, 3) for x in labels
                                   if x in lam_buttons()[c]), (CONFIRM, labels[0]))
            done = len(binding.applied)
            dashboard.cmd(f"press {BUTTON_PINS[control]}")
            until(lambda: len(binding.applied) > done, 5, f"button {control} for {label!r}")
            dashboard.cmd(f"release {BUTTON_PINS[control]}")
            time.sleep(0.03)  # past the firmware's 5 ms debounce before the next press
            assert binding.applied[done:] == [(0, label)], "applied once, as the button means"
            moves += control != CONFIRM
        view = src.view()
        car = next(c for c in view["cars"] if c["owner"] == 0)
        dev = dash()
        until(lambda: dev.status is not None and dev.dash is not None
              and dev.status.get("state_id") is not None
              and dashboard.pins()["OCR1A"] == min(dev.dash["speed"], 400) * 1999 // 400, 5,
              "the speed needle at the squares covered")
        assert dev.dash["speed"] == max(0, car["progress"]) > 0
        assert dashboard.pins()["PORTC"] & 0x0F == dev.dash["lamps"] & 0x0F
        until(lambda: int(track.cmd("strip").split()[1]) > 0, 5, "the strip latched a frame")
        assert binding.refusals == []
        assert any("336 LEDs of the 512 its firmware holds" in line for line in log), log
    finally:
        bridge.close()


def lam_buttons() -> dict[int, tuple[str, ...]]:
    """The labels (the stable names) of the actions Lamborghini's steering buttons take: the
    bridge binds them to moves (kind and direction); the test reads which action was taken."""
    return {1: ("move left", "direction left", "slipstream left"), 2: ("move ahead", "direction ahead"),
            3: ("move right", "direction right", "slipstream right")}
