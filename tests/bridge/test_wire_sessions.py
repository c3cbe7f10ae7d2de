"""The sans-IO host and device sessions through PyO3, on a fake clock: handshake, 1 s timeouts,
a fault-injection transport after which the device matches the host and every input event
arrives exactly once, and a slow strip kept within its window (issue 7)."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import pytest

from autodromo import _core

WINDOW = 700


def device_info(boot_id: int = 1, window: int = 2048) -> dict[str, Any]:
    return {
        "kind": 2,
        "uid": bytes(range(16)),
        "fw_version": 3,
        "boot_id": boot_id,
        "caps": {
            "max_frame": 1024,
            "rx_window": window,
            "led_count": 300,
            "led_formats": 3,
            "outputs": 0,
            "inputs": 8,
        },
    }


@dataclass
class Line:
    """One direction of a serial line: faults per byte, paced, delivered one byte at a time."""

    rng: random.Random
    bytes_per_ms: int
    faults: float = 0.0
    queue: deque[int] = field(default_factory=deque)
    stalled_until: int = 0

    def write(self, data: bytes) -> None:
        for b in data:
            r = self.rng.random()
            if r < self.faults:  # drop
                continue
            if r < 2 * self.faults:  # flip a bit
                b ^= 1 << self.rng.randrange(8)
            self.queue.append(b)
            if r > 1 - self.faults:  # duplicate
                self.queue.append(b)
            if self.rng.random() < self.faults:  # insert noise
                self.queue.append(self.rng.randrange(256))

    def deliver(self, now: int) -> list[int]:
        if now < self.stalled_until:
            return []
        if self.rng.random() < self.faults:  # a delay of up to 20 ms
            self.stalled_until = now + self.rng.randrange(1, 20)
            return []
        return [self.queue.popleft() for _ in range(min(self.bytes_per_ms, len(self.queue)))]


class Link:
    """A WireHost and a WireDevice joined by two Lines; the strip takes `show_ms` to latch."""

    def __init__(self, seed: int, rate: int = 100, window: int = 2048, show_ms: int = 9) -> None:
        self.rng = random.Random(seed)
        self.now = 1000
        self.host = _core.WireHost(seed)
        self.dev = _core.WireDevice(device_info(window=window))
        self.h2d = Line(self.rng, rate)
        self.d2h = Line(self.rng, rate)
        self.show_ms = show_ms
        self.showing: tuple[int, int] | None = None
        self.host_events: list[dict[str, Any]] = []
        self.dev_events: list[dict[str, Any]] = []
        self.inputs: list[tuple[int, int, int]] = []
        self.host_sent: list[bytes] = []

    def faults(self, p: float) -> None:
        self.h2d.faults = self.d2h.faults = p

    def step(self) -> None:
        self.now += 1
        now = self.now
        self.host.tick(now)
        for b in self.d2h.deliver(now):
            self.host.receive(bytes([b]), now)
        for e in self.host.poll_events():
            if e["event"] == "input":
                self.inputs.append((e["control"], e["kind"], e["value"]))
            self.host_events.append(e)
        out = self.host.poll_transmit(now)
        if out:
            self.host_sent.append(out)
            self.h2d.write(out)
        self.dev.tick(now)
        for b in self.h2d.deliver(now):
            self.dev.receive(bytes([b]), now)
        for e in self.dev.poll_events():
            if e["event"] == "show":
                assert self.showing is None
                self.showing = (e["frame_id"], now + self.show_ms)
            self.dev_events.append(e)
        if self.showing and now >= self.showing[1]:
            assert self.dev.frame_shown(self.showing[0], self.show_ms * 1000, now)
            self.showing = None
        self.d2h.write(self.dev.poll_transmit(now))

    def run(self, ms: int) -> None:
        for _ in range(ms):
            self.step()

    def converged(self, dash: dict[str, int], palette: list[tuple[int, int, int]], leds: tuple[int, bytes]) -> bool:
        return (
            self.dev.dash == dash
            and self.dev.palette[1] == palette
            and self.showing is None
            and self.dev.shown_frame_id != 0
            and (self.dev.led_format, self.dev.led_data) == leds
        )


def dash(speed: int) -> dict[str, int]:
    return {"speed": speed, "turn_pins": 2, "temperature": 3, "engine": 5, "brakes": 4, "tyres": 6,
            "switches": 1, "pace": 1, "lamps": 0}


def test_handshake_then_state_reaches_the_device() -> None:
    link = Link(1)
    link.run(20)
    assert link.host.state == "linked"
    assert link.host_events[0]["event"] == "linked"
    assert link.host_events[0]["uid"] == bytes(range(16))
    stored = link.host.set_dash(dash(150))
    assert stored["state_id"] == 1
    link.host.set_palette([(0, 0, 0), (255, 0, 0)])
    link.host.set_leds(1, bytes([1, 0]) * 150)
    link.run(50)
    assert link.dev.dash == stored
    assert link.dev.pixel(0) == (255, 0, 0) and link.dev.pixel(1) == (0, 0, 0)
    assert {"event": "linked"} in link.dev_events


def test_bad_session_input_raises_and_changes_nothing() -> None:
    host = _core.WireHost(1)
    with pytest.raises(ValueError, match="unknown field 'gear'"):
        host.set_dash({**dash(1), "gear": 3})
    with pytest.raises(ValueError, match="speed"):
        host.set_dash({**dash(1), "speed": 70000})
    with pytest.raises(ValueError):
        host.set_leds(9, b"\x00")
    with pytest.raises(ValueError):
        host.set_leds(0, b"\x00\x00")  # not whole RGB LEDs
    with pytest.raises(ValueError, match="kind"):
        _core.WireDevice({**device_info(), "kind": 5})
    dev = _core.WireDevice(device_info())
    for _ in range(16):
        dev.push_input(1, 0, 0, 0)
    with pytest.raises(ValueError, match="queue full"):
        dev.push_input(1, 0, 0, 0)
    assert dev.inputs_pending == 16


def test_link_lost_and_failsafe_at_one_second_on_a_fake_clock() -> None:
    host = _core.WireHost(3)
    dev = _core.WireDevice(device_info())
    assert dev.in_failsafe
    dev.receive(host.poll_transmit(0), 0)
    assert not dev.in_failsafe
    host.receive(dev.poll_transmit(5), 5)
    assert host.state == "linked"
    host.tick(1004)
    dev.tick(999)
    assert host.state == "linked" and not dev.in_failsafe
    host.tick(1005)
    dev.tick(1000)
    assert host.state == "handshaking" and dev.in_failsafe
    assert host.poll_events()[-1] == {"event": "link_lost"}
    assert [e["event"] for e in dev.poll_events()] == ["restored", "linked", "failsafe"]


@pytest.mark.parametrize("seed", range(4))
def test_after_faults_stop_the_device_matches_the_host_and_inputs_arrive_once(seed: int) -> None:
    link = Link(seed, rate=11 if seed % 2 else 100)
    link.run(20)
    rng = random.Random(seed)
    link.faults(0.01)
    pushed: list[tuple[int, int, int]] = []
    pending: tuple[int, int, int] | None = None
    palette: list[tuple[int, int, int]] = []
    for _ in range(1500):
        if rng.random() < 0.02:
            link.host.set_dash(dash(rng.randrange(300)))
            palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(4)]
            link.host.set_palette(palette)
            link.host.set_leds(1, bytes(rng.randrange(4) for _ in range(300)))
        if pending is None and rng.random() < 0.05:
            pending = (rng.randrange(8), rng.randrange(3), rng.randrange(-3, 4))
        if pending is not None:
            try:
                link.dev.push_input(*pending, link.now)
                pushed.append(pending)
                pending = None
            except ValueError:
                pass  # 16 waiting: the button press retries next millisecond
        link.step()
    link.faults(0.0)
    target_dash = link.host.set_dash(dash(77))
    target_leds = (1, bytes(300))
    link.host.set_leds(*target_leds)
    frames_before = sum(len(b) for b in link.host_sent)
    for ms in range(3000):
        if link.converged(target_dash, palette, target_leds):
            break
        link.step()
    else:
        pytest.fail("no convergence within 3 s after the faults stopped")
    # Bounded: a few keyframes' worth of bytes after the faults stopped, and the window of
    # copies a host still taking the line for a lossy one may send before the first answers.
    assert sum(len(b) for b in link.host_sent) - frames_before < 4 * 1030 + 2048
    link.run(1000)
    assert link.dev.inputs_pending == 0
    assert link.inputs == pushed
    assert len(pushed) > 20
    counters = link.dev.counters()
    assert counters["crc_err"] + counters["cobs_err"] > 0, "the faults did break frames"


def test_a_slow_strip_never_gets_more_than_its_window() -> None:
    link = Link(5, rate=11, window=WINDOW, show_ms=30)
    link.run(20)
    for i in range(1500):
        if i % 5 == 0:
            link.host.set_leds(0, bytes((i + k) % 256 for k in range(900)))
        link.step()
        assert link.host.led_in_flight_bytes <= WINDOW
    shown = [e for e in link.host_events if e["event"] == "frame_shown"]
    assert len(shown) >= 10
    assert not [e for e in link.host_events if e["event"] == "nack"], "never sent while the strip was busy"
