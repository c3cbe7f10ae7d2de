"""A device emulator over a pty: a dashboard or an LED track board that speaks bridge v1 through
``wire.WireDevice`` (the same device session the firmware runs) on the master end of a pty, so
the host opens the slave path like any serial port. It shows its state in the terminal (text,
ANSI colours for the strip) or as a PNG.

Unplug, replug and power-cycle are the pty's: :meth:`Emulator.unplug` closes the master (the
host's next read fails as after a USB unplug), :meth:`Emulator.replug` opens a new pty with the
same device behind it, and :meth:`Emulator.power_cycle` restarts the device with a new boot id.
"""

from __future__ import annotations

import errno
import os
import random
import threading
import time
import tty
from pathlib import Path
from typing import Any

from autodromo import wire

from .clock import Clock, MonotonicClock
from .devices import DASHBOARD, TRACK
from . import games
from .render import DEFAULT_FACE, Face


def face_of(game: str) -> Face:
    """The face the game's dashboards print (``FACE`` of the module that draws them, see
    ``games.dashboard_fact``); DASH_STATE's fields and the shared lamps for a game that gives
    none or a game the bridge does not follow."""
    face = games.dashboard_fact(game, "FACE")
    return face if isinstance(face, Face) else DEFAULT_FACE


#: WS2812: 30 us per LED to latch (hardware.md).
US_PER_LED = 30


def caps(kind: int, led_count: int = 300, window: int = 2048, max_frame: int = 1024,
         formats: int = 3) -> dict[str, int]:
    if kind == DASHBOARD:
        return {"max_frame": 256, "rx_window": 0, "led_count": 0, "led_formats": 0,
                "outputs": 8, "inputs": 9}
    return {"max_frame": max_frame, "rx_window": window, "led_count": led_count,
            "led_formats": formats, "outputs": 0, "inputs": 0}


class Emulator:
    """One emulated device on its own pty. Call :meth:`pump` often (or :meth:`start` a thread)."""

    def __init__(
        self, kind: int, uid: bytes | None = None, clock: Clock | None = None,
        boot_id: int | None = None, seed: int | None = None, **cap: int,
    ) -> None:
        if kind not in (DASHBOARD, TRACK):
            raise ValueError(f"kind {kind}: 1 (dashboard) or 2 (track)")
        self.rng = random.Random(seed)
        self.kind = kind
        self.uid = uid if uid is not None else bytes(self.rng.randrange(256) for _ in range(16))
        self.clock = clock or MonotonicClock()
        self.caps = caps(kind, **cap)
        self.dev = self._new_device(boot_id)
        self.master = -1
        self.slave = -1
        self.path = ""
        self._out = bytearray()
        self._latch: tuple[int, int] | None = None  # (frame id, due ms)
        self.shown: list[tuple[int, int]] = []  # (frame id, ms) of frames latched
        self.events: list[dict[str, Any]] = []
        #: The game's face a dashboard prints (:func:`face_of`: its gauges, label and full scale
        #: in DASH_STATE's order, and its lamps): DASH_STATE's own names until told.
        self.face = DEFAULT_FACE
        self.lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.plug()

    def _new_device(self, boot_id: int | None) -> wire.WireDevice:
        self.boot_id = boot_id if boot_id is not None else self.rng.randrange(1, 2**32)
        return wire.WireDevice({"kind": self.kind, "uid": self.uid, "fw_version": 1,
                                 "boot_id": self.boot_id, "caps": dict(self.caps)})

    # --- the cable -------------------------------------------------------------------------

    def plug(self) -> str:
        """Opens a pty: the host opens :attr:`path`."""
        self.master, self.slave = os.openpty()
        # Raw at once: with the default line discipline the slave would echo the device's own
        # frames back to it before the host opened the port.
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)
        self._out.clear()
        return self.path

    def unplug(self) -> None:
        with self.lock:
            for fd in (self.master, self.slave):
                if fd >= 0:
                    os.close(fd)
            self.master = self.slave = -1
            self._out.clear()

    def replug(self) -> str:
        """A new pty (a new port path), the same device and its state."""
        with self.lock:
            self.unplug()
            return self.plug()

    def power_cycle(self, boot_id: int | None = None) -> None:
        """The device restarts: a new boot id, every state forgotten, input numbering anew."""
        with self.lock:
            self.dev = self._new_device(boot_id)
            self._latch = None
            self._out.clear()

    @property
    def plugged(self) -> bool:
        return self.master >= 0

    # --- the loop --------------------------------------------------------------------------

    def pump(self) -> None:
        with self.lock:
            now = self.clock.now_ms()
            data = self._read()
            if data:
                self.dev.receive(data, now)
            else:
                self.dev.tick(now)
            for e in self.dev.poll_events():
                self.events.append(e)
                if e["event"] == "show":
                    # The strip latches while the firmware cannot listen (interrupts off).
                    ms = (self.dev.led_count * US_PER_LED + 999) // 1000
                    self._latch = (e["frame_id"], now + ms)
            if self._latch is not None and now >= self._latch[1]:
                fid = self._latch[0]
                self._latch = None
                if self.dev.frame_shown(fid, self.dev.led_count * US_PER_LED, now):
                    self.shown.append((fid, now))
            self._out += self.dev.poll_transmit(now)
            self._write()

    def _read(self) -> bytes:
        if self.master < 0:
            return b""
        chunks = []
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except BlockingIOError:
                break
            except OSError as e:
                if e.errno == errno.EIO:  # nobody has the slave open
                    break
                raise
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)

    def _write(self) -> None:
        if self.master < 0:
            self._out.clear()
            return
        while self._out:
            try:
                n = os.write(self.master, self._out)
            except (BlockingIOError, OSError):
                return  # the host is not reading: keep it for later
            del self._out[:n]

    def start(self, period_s: float = 0.0005) -> None:
        """Pumps in a background thread until :meth:`stop`."""
        def loop() -> None:
            while not self._stop.is_set():
                self.pump()
                time.sleep(period_s)
        self._stop.clear()
        self._thread = threading.Thread(target=loop, daemon=True, name=f"emulator-{self.uid.hex()[:6]}")
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def close(self) -> None:
        self.stop()
        self.unplug()

    # --- the controls ----------------------------------------------------------------------

    def press(self, control: int) -> int:
        """A button pressed; returns the event's sequence number."""
        with self.lock:
            return self.dev.push_input(control, 0, 0, self.clock.now_ms())

    def release(self, control: int) -> int:
        with self.lock:
            return self.dev.push_input(control, 1, 0, self.clock.now_ms())

    def turn(self, control: int, detents: int) -> int:
        with self.lock:
            return self.dev.push_input(control, 2, detents, self.clock.now_ms())

    # --- what it shows ---------------------------------------------------------------------

    @property
    def dash(self) -> dict[str, int]:
        return self.dev.dash

    def pixels(self) -> list[tuple[int, int, int]]:
        with self.lock:
            return [self.dev.pixel(i) for i in range(self.dev.led_count)]

    def text(self) -> str:
        """The device's face as text (ANSI colours for a strip)."""
        with self.lock:
            return self._text()

    def _text(self) -> str:
        head = f"{'dashboard' if self.kind == DASHBOARD else 'track'} {self.uid.hex()[:8]}"
        if self.dev.in_failsafe:
            head += "  [LINK LOST]"
        if self.kind == DASHBOARD:
            d = self.dev.dash
            lamps = [n for bit, n in self.face.lamps.items() if d["lamps"] & bit]
            fields = ("speed", "turn_pins", "temperature", "engine", "brakes", "tyres")
            gauges = "  ".join(f"{label} {d[f]}" for f, (label, _) in zip(fields, self.face.gauges))
            return (f"{head}\n  {gauges}  switches {d['switches']:02b}  selector {d['pace']}\n"
                    f"  lamps: {', '.join(lamps) or '-'}")
        lines = [head + f"  frame {self.dev.shown_frame_id}"]
        px = self.pixels()
        for start in range(0, len(px), 60):
            lines.append("  " + "".join(f"\x1b[38;2;{r};{g};{b}m\u2588" for r, g, b in px[start:start + 60])
                         + "\x1b[0m")
        return "\n".join(lines)

    def save_png(self, path: str | Path, scale: int = 12) -> Path:
        """The device's face as a PNG: the strip as rows of 60 LEDs (brightened so dim track
        colours show), or the dashboard's gauges and lamps."""
        from PIL import Image, ImageDraw

        with self.lock:
            return self._png(Path(path), scale, Image, ImageDraw)

    def _png(self, path: Path, scale: int, Image: Any, ImageDraw: Any) -> Path:
        if self.kind == TRACK:
            px = self.pixels()
            per_row = 60
            rows = max(1, (len(px) + per_row - 1) // per_row)
            img = Image.new("RGB", (per_row * scale, rows * scale), (20, 20, 20))
            draw = ImageDraw.Draw(img)
            for i, (r, g, b) in enumerate(px):
                x, y = (i % per_row) * scale, (i // per_row) * scale
                lift = (min(255, r * 3), min(255, g * 3), min(255, b * 3))
                draw.ellipse((x + 1, y + 1, x + scale - 2, y + scale - 2), fill=lift)
        else:
            d = self.dev.dash
            img = Image.new("RGB", (420, 155 + 22 * ((len(self.face.lamps) + 3) // 4)), (15, 15, 15))
            draw = ImageDraw.Draw(img)
            fields = ("speed", "turn_pins", "temperature", "engine", "brakes", "tyres")
            gauges = [(label, d[f], top) for f, (label, top) in zip(fields, self.face.gauges)]
            for k, (label, value, top) in enumerate(gauges):
                x = 15 + k * 67
                draw.rectangle((x, 20, x + 40, 120), outline=(120, 120, 120))
                h = int(100 * min(value, top) / top)
                draw.rectangle((x, 120 - h, x + 40, 120), fill=(200, 160, 40))
                draw.text((x, 125), f"{label} {value}", fill=(230, 230, 230))
            for k, (bit, label) in enumerate(self.face.lamps.items()):
                x = 15 + (k % 4) * 100
                y = 150 + (k // 4) * 22
                on = bool(d["lamps"] & bit)
                draw.ellipse((x, y, x + 12, y + 12), fill=(230, 40, 40) if on else (50, 50, 50))
                draw.text((x + 16, y), label, fill=(230, 230, 230))
            if self.dev.in_failsafe:
                draw.text((300, 4), "LINK LOST", fill=(255, 60, 60))
        img.save(path)
        return path
