"""``autodromo bridge``: dashboards and LED track boards on a race of a game the bridge follows
(``games/<game>.py``: its local race's options, its board's kind).

    autodromo bridge --game 3f2a9c --port /dev/ttyUSB0 --port /dev/ttyACM0   # a web game
    autodromo bridge --game race.json --config bridge.toml                     # a replay, shown
    autodromo bridge --emulate dashboard,track                                 # no hardware
    autodromo bridge <game> --emulate track --circuit <circuit>                # bots on the board

docs/bridge.md has each game's examples.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any
from pathlib import Path

from autodromo import locale
from autodromo.errors import AutodromoError

from . import games
from .binding import (CONFIRM, GAMES, SELECTOR, Binding, Buttons, RaceSource, ReplaySource,
                      Source, WebSource)
from .clock import MonotonicClock
from .devices import DASHBOARD, TRACK, Bridge, BridgeConfig, PortMatch, matching_ports
from .emulator import Emulator, face_of
from .errors import BridgeError
from . import screen as screen_mod
from .ledmap import LedMap, TrackMap, is_section_track, map_for
from .transport import DEFAULT_BAUD

#: pid.codes test PID until the boards get their own (hardware.md, risks).
DEFAULT_VID, DEFAULT_PID = 0x1209, 0x0001


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="autodromo bridge", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    local = games.first("LOCAL_DEFAULT")
    p.add_argument("race", nargs="?", default=local, choices=GAMES,
                   help=f"local race: the game (default: {local})")
    p.add_argument("--game", help="a web game id (see --web) or a replay file; "
                   f"default: a local {games.names([local])} race")
    p.add_argument("--port", action="append", default=[],
                   help="a serial port URL (a path, a pty, socket://host:port); repeatable")
    p.add_argument("--config", help="a TOML file: [[port]] url or vid/pid/serial, [seats] uid = seat")
    p.add_argument("--usb", action="store_true",
                   help=f"also use every USB port with VID:PID {DEFAULT_VID:04x}:{DEFAULT_PID:04x}")
    p.add_argument("--emulate", help="emulated devices on ptys, e.g. dashboard,track or dashboard,dashboard")
    p.add_argument("--web", default="http://127.0.0.1:8000", help="the web page's address (for --game ID)")
    p.add_argument("--token", help="the web game's token (the owner's, or a seat's join link's #t=...), needed on a "
                   "LAN (--lan) or for a game played by join links; default: $AUTODROMO_TOKEN")
    sections = games.names(games.with_board("sections"))
    p.add_argument("--ledmap", help="the track board's LED map (default: the circuit's shipped map, "
                   f"or the one generated from a {sections} track)")
    p.add_argument("--write-ledmap", metavar="FILE",
                   help=f"write the race's {sections} track map to FILE (a start for --ledmap) and exit")
    p.add_argument("--baud", type=int, default=DEFAULT_BAUD,
                   help=f"the ports' speed (default: {DEFAULT_BAUD}, the shipped firmware's, "
                   "firmware/avr/serial.h; give the BAUD you built it with if you changed it)")
    p.add_argument("--circuit", "--track", dest="circuit",
                   help="local race: the circuit, or the track of a game of sections (see "
                   "docs/bridge.md); default: the game's own")
    # Each game's own options of a local race (games/<game>.py).
    for game in GAMES:
        add = games.fact(game, "add_local_options")
        if add is not None:
            add(p)
    p.add_argument("--seats", help="local race: the seats the dashboards drive, counting from 1, comma "
                   "separated (default: 1 up to the number of dashboards); bots drive the others")
    p.add_argument("--seed", type=int, default=None, help="local race: the seed")
    p.add_argument("--watch", action="store_true",
                   help="local race: bots drive every car, the dashboards only show them")
    p.add_argument("--step-ms", type=int, default=150,
                   help="local race: milliseconds between the bots' moves (0: no wait)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this long")
    p.add_argument("--png-dir", help="emulator: write each device's face here as PNG (once a second)")
    p.add_argument("--quiet", action="store_true", help="emulator: do not draw in the terminal")
    p.add_argument("--lang", help="the emulator screen's language (en, it, pt; default: the environment's locale)")
    return p


def _humans(args: argparse.Namespace, dashboards: int, seats: int) -> list[int]:
    """The seats the dashboards drive (from 0): --seats, else the first ones."""
    if args.watch:
        return []
    if args.seats is None:
        return list(range(min(dashboards, seats)))
    try:
        chosen = sorted({int(w) - 1 for w in args.seats.split(",") if w.strip()})
    except ValueError:
        raise BridgeError(f"--seats: {args.seats!r} is not seat numbers such as 1,3") from None
    wrong = [s + 1 for s in chosen if not 0 <= s < seats]
    if wrong:
        raise BridgeError(f"--seats: seat {wrong[0]} is not one of the race's seats 1 to {seats}")
    return chosen


def _source(args: argparse.Namespace, dashboards: int) -> Source:
    if getattr(args, "route", None) is not None:
        routed = [g for g in GAMES if games.fact(g, "add_local_options") is not None
                  and "route" in games.fact(g, "local_options")(args)]
        if args.game is not None or args.race not in routed or args.circuit is not None:
            raise BridgeError(f"--route: a local {games.names(routed)} race runs on a route of stages "
                              "or on a --circuit, not both, and not in a web game or a replay")
    if args.game is None:
        options = games.fact(args.race, "local_options")(args)
        probe = RaceSource.new(args.race, [], **options)
        humans = _humans(args, dashboards, probe.race.game.num_players)
        return RaceSource.new(args.race, humans, seed=args.seed, step_ms=args.step_ms, **options)
    if Path(args.game).is_file():
        return ReplaySource(args.game)
    return WebSource(args.web, args.game, token=args.token or os.environ.get("AUTODROMO_TOKEN"))


def run(args: argparse.Namespace) -> int:
    # The screen is drawn in this thread: its words follow --lang, else the environment's locale.
    locale.activate(locale.choose(getattr(args, "lang", None)))
    config = BridgeConfig.load(args.config) if args.config else BridgeConfig()
    matches = list(config.ports) + [PortMatch(url=u) for u in args.port]
    if args.usb:
        matches.append(PortMatch(vid=DEFAULT_VID, pid=DEFAULT_PID))
    clock = MonotonicClock()
    kinds = [w.strip() for w in args.emulate.split(",")] if args.emulate else []
    for word in kinds:
        if word not in ("dashboard", "track"):
            raise BridgeError(f"--emulate: {word!r} is neither dashboard nor track")
    if args.write_ledmap:  # no device needed: the race's board gives the map
        board = _source(args, 0).board()
        return _write_ledmap(args.write_ledmap, map_for(board))
    if not matches and not kinds:
        raise BridgeError("no device: give --port URL, --config FILE, --usb or --emulate")
    # A port may be a dashboard; emulated track boards drive no seat.
    dashboards = kinds.count("dashboard") + len(matches)
    source = _source(args, dashboards)
    if args.ledmap and source.board().get("kind") == "route":
        raise BridgeError(f"--ledmap {args.ledmap}: a Stage race's track board takes the map "
                          "generated from its route's stages; --ledmap is for circuits")
    board = source.board()
    ledmap: TrackMap | None = None
    if args.ledmap:  # a track of sections takes its game's map, a circuit an LED map
        ledmap = map_for(board, args.ledmap)
    elif "track" in kinds:
        ledmap = map_for(board)
    strip_leds = ledmap.led_count if ledmap is not None else 0
    emulators: list[Emulator] = []
    for i, word in enumerate(kinds):
        uid = bytes([0xE0, i]) + bytes(14)
        if word == "dashboard":
            emulators.append(Emulator(DASHBOARD, uid=uid, clock=clock, seed=i))
        else:  # the emulated strip is as long as the map needs
            leds = max(300, strip_leds)
            emulators.append(Emulator(TRACK, uid=uid, clock=clock, seed=i, led_count=leds))

    def ports() -> list[str]:
        return matching_ports(matches) + [e.path for e in emulators if e.plugged]

    dash_emus = [e for e in emulators if e.kind == DASHBOARD]
    driving = bool(dash_emus) and bool(source.human_seats())
    screen = bool(emulators) and not args.quiet
    if driving and not sys.stdin.isatty():
        raise BridgeError("the emulated dashboard drives seat "
                          f"{source.human_seats()[0] + 1}, but there is no terminal to press its "
                          "buttons from: run it in a terminal, or add --watch to let bots drive")
    log: list[str] = []
    bridge = Bridge(ports, clock=clock, baudrate=args.baud, log=log.append if screen else print)
    binding = Binding(bridge, source, ledmap, seats=config.seats)
    # Each game's dashboard prints its own gauges and lamps.
    face = face_of(str(board.get("game")))
    for e in emulators:
        e.face = face
    for e in emulators:
        e.start()
    if driving:
        threading.Thread(target=_keyboard, args=(dash_emus[0], log, binding.buttons),
                         daemon=True).start()
    game = str(board.get("game"))
    title = (screen_mod.say(game, "title", race=_title(source)) if args.seed is None
             else screen_mod.say(game, "title.seed", race=_title(source), seed=args.seed))
    start = time.monotonic()
    last_png, shown = 0.0, ""
    finished_at = 0.0
    # Ctrl-C (once or more) asks the loop to end: raised as KeyboardInterrupt it could land
    # between an emulator's lock and its release, and the closing would wait on it for ever.
    stop = threading.Event()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, lambda _signum, _frame: stop.set())
    try:
        while not stop.is_set() and (args.seconds is None or time.monotonic() - start < args.seconds):
            binding.pump()
            now = time.monotonic()
            if screen:
                text = screen_mod.render(binding, emulators, log, title, keys=driving)
                if text != shown:  # redrawn in place, only when something changed
                    shown = text
                    print(screen_mod.HOME_CLEAR + text, flush=True)
            if args.png_dir and now - last_png >= 1.0:
                last_png = now
                _pngs(emulators, args.png_dir)
            # Only a local race or a replay ends the loop; a web game's end is the page's, and
            # asking it while the page is away would raise (the binding logs that and goes on).
            if isinstance(source, (RaceSource, ReplaySource)) and source.finished():
                # A local race ends once the emulated strips show its last frame (a loaded
                # machine may link them late), or 5 s after it ended.
                finished_at = finished_at or now
                if now - start > 1 and (_strips_show_last(binding, emulators)
                                        or now - finished_at > 5):
                    binding.pump()
                    break
            time.sleep(0.01 if screen else 0.001)
    finally:
        if threading.current_thread() is threading.main_thread():
            # Stopping already: a later Ctrl-C is ignored, also while Python shuts down (it
            # puts a handler of its own back to the default then, which would kill the process).
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        if args.png_dir:
            _pngs(emulators, args.png_dir)
        bridge.close()
        for e in emulators:
            e.close()
    if args.quiet and emulators:
        print("\n".join(log))
    for msg in bridge.errors:
        print(f"autodromo bridge: {msg}", file=sys.stderr)
    return 0


def buttons_help(buttons: Mapping[int, tuple[str, object]] | None) -> str:
    """The keys of a dashboard whose buttons say their words (its game's, ``Binding.buttons``)."""
    return ("keys for the first emulated dashboard, then Enter: c confirm, "
            + "".join(f"{c} {word}, " for c, (word, _) in (buttons or {}).items())
            + "+ / - the selector (++ two steps)")


def press_keys(emu: Emulator, line: str, buttons: Buttons | None = None) -> str:
    """Turns a typed line into the dashboard's button presses; returns what it did. ``buttons``:
    the game's (``Binding.buttons``), whose words say what a press did."""
    word = line.strip()
    try:
        if word == "c":
            emu.press(CONFIRM)
            return "CONFIRM"
        if word in ("1", "2", "3", "4"):
            emu.press(int(word))
            return buttons[int(word)][0] if buttons and int(word) in buttons else f"button {word}"
        if word and set(word) <= {"+"}:
            emu.turn(SELECTOR, len(word))
            return f"selector +{len(word)}"
        if word and set(word) <= {"-"}:
            emu.turn(SELECTOR, -len(word))
            return f"selector -{len(word)}"
    except ValueError as e:  # 16 presses not yet acknowledged
        return str(e)
    return "? " + buttons_help(buttons)


def _keyboard(emu: Emulator, log: list[str], buttons: Buttons | None = None) -> None:
    for line in sys.stdin:
        log.append("you: " + press_keys(emu, line, buttons))


def _write_ledmap(path: str, ledmap: TrackMap) -> int:
    """Writes a track of sections' map in its file's form: a circuit's shipped file is the start
    for a circuit (ledmaps/), a route's map is generated from its stages and takes no file."""
    if isinstance(ledmap, LedMap):
        raise BridgeError(f"--write-ledmap writes a {games.names(games.with_board('sections'))} "
                          f"track's map; a circuit's shipped map is a file already ({ledmap.source})")
    own: Any = ledmap  # a map of its game's own drawing writes itself in its file's form
    Path(path).write_text(own.to_toml(), encoding="utf-8")
    print(f"{path}: the map of track {own.name!r}, {own.led_count} LEDs")
    return 0


def _title(source: Source) -> str:
    view = source.view()
    game_id = str(view.get("game", ""))
    game = game_id.replace("_", " ").title()
    board = source.board()
    if board.get("kind") == "route":
        return screen_mod.say(game_id, "race.route", title=game, route=board["name"])
    if is_section_track(board):
        heading = games.fact(game_id, "HEADING") or game
        return screen_mod.say(game_id, "race.sections", heading=heading, track=board.get("name", source.circuit))
    circuit = source.circuit.replace("_", " ").title()
    return screen_mod.say(game_id, "race.circuit", title=game, circuit=circuit) if circuit else game


def _strips_show_last(binding: Binding, emulators: list[Emulator]) -> bool:
    """Every emulated track board shows the frame the bridge last gave it."""
    for e in emulators:
        if e.kind != TRACK:
            continue
        dev = binding.bridge.devices.get(e.uid)
        if dev is None or dev.leds is None or dev.palette is None:
            return False
        fmt, data = dev.leds
        want = ([dev.palette[i] for i in data] if fmt == 1
                else [tuple(data[i:i + 3]) for i in range(0, len(data), 3)])
        if e.pixels()[:len(want)] != want:
            return False
    return True


def _pngs(emulators: list[Emulator], folder: str) -> None:
    os.makedirs(folder, exist_ok=True)
    for i, e in enumerate(emulators):
        e.save_png(Path(folder) / f"{i}-{'dashboard' if e.kind == DASHBOARD else 'track'}.png")


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return run(args)
    except (AutodromoError, OSError) as e:
        print(f"autodromo bridge: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C before the loop (opening a web game, say)
        print("autodromo bridge: stopped", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
