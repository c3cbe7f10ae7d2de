"""The bridge over bad and slow lines, at the Python level on real ptys (issue 7): every input
event arrives exactly once through a transport that drops, duplicates, flips and inserts bytes,
writes one byte at a time and stalls; a strip on a 115200-baud line never has more LED bytes in
flight than its window, counted independently from the bytes on the wire."""

from __future__ import annotations

import random
from typing import Any

from autodromo import _core
from autodromo_bridge.clock import Clock
from autodromo_bridge.devices import DASHBOARD, TRACK
from autodromo_bridge.transport import FaultyTransport, PacedTransport, SerialTransport, Transport

from .conftest import Rig

UID_A = bytes(range(16))
UID_T = bytes(range(200, 216))
LED_TYPES = ("LED_KEY", "LED_DELTA")


def test_every_input_event_arrives_exactly_once_through_a_faulty_line(rig: Rig) -> None:
    rng = random.Random(7)
    faulty: list[FaultyTransport] = []

    def opener(url: str) -> Transport:
        t = FaultyTransport(SerialTransport(url), rng, p=0.004, clock=rig.clock)
        faulty.append(t)
        return t

    emu = rig.emulator(DASHBOARD, UID_A)
    bridge = rig.bridge(opener=opener)
    got: list[tuple[int, int, int]] = []
    bridge.on_input = lambda dev, e: got.append((e["control"], e["kind"], e["value"]))
    rig.until(lambda: UID_A in bridge.devices and bridge.devices[UID_A].connected, seconds=5)
    pushed: list[tuple[int, int, int]] = []
    events = [(rng.randrange(9), rng.randrange(3), rng.randrange(-3, 4)) for _ in range(60)]
    while events:
        control, kind, value = events[0]
        try:
            emu.dev.push_input(control, kind, value if kind == 2 else 0, rig.clock.now_ms())
        except ValueError:
            rig.run(0.01)  # 16 waiting for their acknowledgement: press again shortly
            continue
        pushed.append((control, kind, value if kind == 2 else 0))
        events.pop(0)
        rig.run(0.005)
    rig.run(0.5)
    for t in faulty:
        t.faults_on = False
    rig.until(lambda: emu.dev.inputs_pending == 0 and len(got) >= len(pushed), seconds=5,
              what="every event acknowledged")
    rig.run(0.3)
    assert got == pushed
    assert sum(t.damaged for t in faulty) > 20, "the line did damage bytes"
    counters = emu.dev.counters()
    assert counters["crc_err"] + counters["cobs_err"] > 0, "and frames were lost to it"


# PROTOCOL.md, LED transfers: a piece unanswered for 250 ms is lost and leaves the window. On a
# starved machine the emulator may read its pty late, so the watch applies the same rule itself.
ACK_TIMEOUT_MS = 250


class WireWatch:
    """Reads the host's bytes on their way out and the device's on their way in, and keeps its
    own count of LED-message bytes sent and neither acknowledged nor timed out."""

    def __init__(self, inner: Transport, clock: Clock) -> None:
        self.inner = inner
        self.clock = clock
        self.url = inner.url
        self.sent = bytearray()
        self.inflight: list[tuple[int, int, int]] = []  # (seq, wire bytes, sent at ms)
        self.decoder = _core.WireDecoder()
        self.max_inflight = 0
        self.nacks = 0
        self.shown = 0

    def write(self, data: bytes) -> None:
        self.inner.write(data)
        self.sent += data
        while b"\x00" in self.sent:
            end = self.sent.index(0) + 1
            frame = bytes(self.sent[:end])
            del self.sent[:end]
            if len(frame) == 1:
                continue  # the extra delimiter before a HELLO
            seq, msg = _core.wire_decode(frame)
            if msg["type"] in LED_TYPES:
                self.inflight.append((seq, len(frame), self.clock.now_ms()))
        self.expire()
        self.max_inflight = max(self.max_inflight, sum(n for _, n, _ in self.inflight))

    def expire(self) -> None:
        now = self.clock.now_ms()
        self.inflight = [(s, n, at) for s, n, at in self.inflight if (now - at) & 0xFFFFFFFF < ACK_TIMEOUT_MS]

    def read(self) -> bytes:
        data = self.inner.read()
        for _, msg in self.decoder.feed(data):
            if msg["type"] == "FRAME_SHOWN":
                # Acknowledges its LED message and every earlier one (wrapping 16-bit seqs).
                ack = msg["ack_seq"]
                self.inflight = [(s, n, at) for s, n, at in self.inflight if ((ack - s) & 0xFFFF) >= 0x8000]
                self.shown += msg["shown"]
            elif msg["type"] == "NACK":
                self.nacks += 1
        return data

    def close(self) -> None:
        self.inner.close()


def test_a_slow_strip_never_gets_more_bytes_than_its_window(rig: Rig) -> None:
    window = 600
    watches: list[WireWatch] = []

    def opener(url: str) -> Transport:
        w = WireWatch(SerialTransport(url), rig.clock)
        watches.append(w)
        return PacedTransport(w, 115_200, rig.clock)

    track = rig.emulator(TRACK, UID_T, window=window, max_frame=256)
    bridge = rig.bridge(opener=opener)
    rig.until(lambda: UID_T in bridge.devices and bridge.devices[UID_T].connected)
    dev = bridge.devices[UID_T]
    rng = random.Random(3)
    palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(16)]
    frame: Any = None

    def host() -> None:
        bridge.pump()
        link = dev.link
        assert link is not None
        assert link.host.led_in_flight_bytes <= window

    for k in range(40):  # a new picture every 25 ms, faster than the line can carry
        frame = bytes(rng.randrange(16) for _ in range(300))
        dev.set_leds(palette, 1, frame)
        rig.run(0.025, host=host)
    rig.until(lambda: track.dev.led_data == frame and track.dev.shown_frame_id != 0, host=host)
    w = watches[-1]
    assert 0 < w.max_inflight <= window
    assert w.nacks == 0, "never sent while the strip was latching"
    assert w.shown >= 5
