"""Bridge figures (make bench): the median latency from a dashboard state change to its frame at
the device end of a pty, and the LED frame rate for 300 LEDs on a paced link (10 bits a byte):
full RGB888 keyframes at 1 Mbaud, PAL8 keyframes and PAL8 deltas at 115200 baud. The emulated
strip takes 9 ms to latch each frame (300 x 30 us), as a WS2812 does. Targets (issue 7):
latency <= 5 ms, each frame rate >= 30 fps (the 115200 target by palette *or* delta frames)."""

from __future__ import annotations

import random
import statistics
import sys
import time

from autodromo_bridge.clock import MonotonicClock
from autodromo_bridge.devices import DASHBOARD, TRACK, Bridge, Device
from autodromo_bridge.emulator import Emulator
from autodromo_bridge.transport import PacedTransport, SerialTransport, Transport
from game_cases import cases

LEDS = 300


def linked(kind: int, baud: int | None, **caps: int) -> tuple[Emulator, Bridge, Device]:
    clock = MonotonicClock()
    emu = Emulator(kind, uid=bytes([kind]) * 16, clock=clock, seed=kind, **caps)

    def opener(url: str) -> Transport:
        t = SerialTransport(url)
        return PacedTransport(t, baud, clock) if baud else t

    bridge = Bridge(lambda: [emu.path], clock=clock, opener=opener)
    end = time.monotonic() + 3
    while time.monotonic() < end:
        bridge.pump()
        emu.pump()
        dev = bridge.devices.get(emu.uid)
        if dev is not None and dev.connected and emu.dev.is_linked:
            return emu, bridge, dev
    sys.exit("bench: the emulator did not link")


def latency(baud: int | None, samples: int = 300) -> list[float]:
    emu, bridge, dev = linked(DASHBOARD, baud)
    out = []
    try:
        for k in range(samples):
            want = {"speed": k % 12, "turn_pins": 3, "temperature": k % 9, "engine": 4, "brakes": 3,
                    "tyres": 16, "switches": 0, "pace": 0, "lamps": k}
            t0 = time.perf_counter()
            dev.set_dash(want)  # the session writes the DASH_STATE at once
            while emu.dash["lamps"] != k:
                bridge.pump()  # a paced line lets the bytes out as the baud rate allows
                emu.pump()
            out.append((time.perf_counter() - t0) * 1000)
            for _ in range(3):
                bridge.pump()
                emu.pump()
    finally:
        bridge.close()
        emu.close()
    return out


def frame_rate(baud: int, fmt: int, moving: bool, seconds: float = 3.0) -> tuple[float, float]:
    """Frames shown per second and the line's use (bytes sent / what the baud rate carries)."""
    emu, bridge, dev = linked(TRACK, baud, led_count=LEDS, formats=1 << fmt, window=2048)
    rng = random.Random(1)
    palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(32)]
    bpl = 3 if fmt == 0 else 1
    frame = bytearray(rng.randrange(32) if fmt else rng.randrange(256) for _ in range(LEDS * bpl))
    cars = [rng.randrange(LEDS) for _ in range(10)]

    def next_frame(k: int) -> bytes:
        if not moving:  # every LED changes: only a keyframe carries it
            return bytes((b + 1 + k) % (32 if fmt else 256) for b in frame)
        # A race: ten cars move on by one LED each frame over a fixed track picture.
        out = bytearray(frame)
        for i, c in enumerate(cars):
            out[((c + k) % LEDS) * bpl:((c + k) % LEDS) * bpl + bpl] = bytes([i + 1]) * bpl
        return bytes(out)

    k = 0
    dev.set_leds(palette, fmt, next_frame(k))
    try:
        while not emu.shown:
            bridge.pump()
            emu.pump()
        start_shown = len(emu.shown)
        link = dev.link
        assert link is not None
        sent0 = link.bytes_out
        t0 = time.monotonic()
        seen = len(emu.shown)
        k += 1
        dev.set_leds(palette, fmt, next_frame(k))
        while time.monotonic() - t0 < seconds:
            bridge.pump()
            emu.pump()
            if len(emu.shown) != seen:
                seen = len(emu.shown)
                k += 1
                dev.set_leds(palette, fmt, next_frame(k))
        took = time.monotonic() - t0
        fps = (len(emu.shown) - start_shown) / took
        use = (link.bytes_out - sent0) / (baud / 10 * took)
    finally:
        bridge.close()
        emu.close()
    return fps, use


def main() -> int:
    ok = True
    for baud in (None, 1_000_000, 115_200):
        lat = latency(baud)
        line = f"{baud} baud" if baud else "an unpaced pty"
        print(f"bridge: dashboard state change -> DASH_STATE at the device, {line}: median "
              f"{statistics.median(lat):.3f} ms, p95 {sorted(lat)[int(len(lat) * 0.95)]:.3f} ms "
              f"over {len(lat)} changes (target <= 5 ms)")
        ok = ok and statistics.median(lat) <= 5
    # Each game's own figures (benches/<game>/bridge.py): a decision or a step of its race.
    for _, module in cases("bridge"):
        for line, within in module.figures(linked):
            print(line)
            ok = ok and within
    rows = [("RGB888 keyframes", 1_000_000, 0, False), ("PAL8 keyframes", 115_200, 1, False),
            ("PAL8 deltas, 10 cars", 115_200, 1, True)]
    rates = {}
    for name, baud, fmt, moving in rows:
        fps, use = frame_rate(baud, fmt, moving)
        rates[name] = fps
        print(f"bridge: {LEDS} LEDs, {name} at {baud} baud: {fps:.1f} fps, line {use:.0%} busy")
    ok = ok and rates["RGB888 keyframes"] >= 30
    ok = ok and max(rates["PAL8 keyframes"], rates["PAL8 deltas, 10 cars"]) >= 30
    print("bridge: targets " + ("met" if ok else "NOT met"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
