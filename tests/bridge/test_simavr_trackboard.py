"""The LED track board firmware (firmware_bridge/firmware/trackboard, ATmega2560) in simavr,
driven by the Rust host session over its pty (issue 7): a palette keyframe, then a delta,
land in the frame buffer and on the WS2812 line (decoded from the pin's edges by the harness,
timing checked), and each is reported by FRAME_SHOWN."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .test_simavr_dashboard import Host, Simulator, build_firmware

LEDS = 512  # the firmware's LED_COUNT: the protocol's most, every LED map fits
PALETTE = [(0, 0, 0), (255, 0, 0), (0, 128, 255), (10, 200, 30), (255, 255, 255)]


@pytest.fixture(scope="module", autouse=True)
def _built() -> None:
    build_firmware()


@pytest.fixture
def sim() -> Iterator[Simulator]:
    s = Simulator("trackboard.elf", "atmega2560", "--ws2812", "A0")
    try:
        yield s
    finally:
        s.close()


def grb(frame: bytes) -> bytes:
    """What the strip must receive for a PAL8 frame: green, red, blue per LED."""
    return b"".join(bytes((PALETTE[i][1], PALETTE[i][0], PALETTE[i][2])) for i in frame)


def strip_line(sim: Simulator) -> tuple[int, int, bytes]:
    """(frames latched, bits out of WS2812 timing, the last frame's bytes) on pin PA0."""
    _, frames, bad, *data = sim.cmd("strip").split()
    return int(frames), int(bad), bytes.fromhex(data[0] if data else "")


def test_the_track_board_reports_its_strip(sim: Simulator) -> None:
    linked = Host(sim).link()
    assert linked["kind"] == 2 and linked["uid"].startswith(b"AUTODROMOTRK")
    assert linked["caps"]["led_count"] == LEDS and linked["caps"]["led_formats"] == 0b11
    assert linked["caps"]["max_frame"] == 1024 and linked["caps"]["rx_window"] >= 1024


def test_a_keyframe_then_a_delta_reach_the_strip_and_are_reported_shown(sim: Simulator) -> None:
    host = Host(sim)
    host.link()
    host.host.set_config({"failsafe_ms": 1000, "brightness": 255, "status_interval_ms": 250})
    host.host.set_palette(PALETTE)
    first = bytes(i % 4 for i in range(LEDS))
    host.host.set_leds(1, first)
    assert host.pump(3, lambda: bool(host.named("frame_shown")))
    shown = host.named("frame_shown")[-1]["frame_id"]
    assert any(m["type"] == "LED_KEY" and m["frame_id"] == shown for m in host.sent)
    assert sim.cmd(f"dump strip {3 * LEDS}") == "mem " + grb(first).hex()
    frames, bad, data = strip_line(sim)
    assert (frames, bad, data) == (1, 0, grb(first))

    second = bytearray(first)
    second[10:20] = bytes([4]) * 10
    second[299] = 2
    host.host.set_leds(1, bytes(second))
    assert host.pump(3, lambda: host.named("frame_shown")[-1]["frame_id"] != shown)
    delta = [m for m in host.sent if m["type"] == "LED_DELTA"]
    assert delta and delta[-1]["base_id"] == shown
    assert delta[-1]["frame_id"] == host.named("frame_shown")[-1]["frame_id"]
    assert sim.cmd(f"dump strip {3 * LEDS}") == "mem " + grb(bytes(second)).hex()
    assert strip_line(sim) == (2, 0, grb(bytes(second)))
    assert host.pump(1, lambda: host.last_status()["shown_frame_id"] == delta[-1]["frame_id"])
    # No frame with a good CRC was refused. (A CRC error can happen when the machine is loaded:
    # simavr then runs slower than the host's wall clock, so a resent keyframe can overlap a
    # strip push, whose interrupts-off window drops bytes; the resend after it recovers, which is
    # what the frames checked above show.)
    assert host.last_status()["bad_payload"] == 0


def test_in_failsafe_the_strip_dims_and_a_frame_restores_it(sim: Simulator) -> None:
    host = Host(sim)
    host.link()
    host.host.set_config({"failsafe_ms": 1000, "brightness": 255, "status_interval_ms": 250})
    host.host.set_palette(PALETTE)
    frame = bytes(1 + i % 4 for i in range(LEDS))
    host.host.set_leds(1, frame)
    assert host.pump(3, lambda: bool(host.named("frame_shown")))
    host.muted = True
    assert host.pump(2.5, lambda: strip_line(sim)[0] == 2)
    dim = bytes(v * 32 // 255 for v in grb(frame))
    assert strip_line(sim) == (2, 0, dim)
    assert host.pump(1, lambda: host.last_status()["failsafe"])
    host.muted = False
    assert host.pump(2, lambda: strip_line(sim)[0] >= 3)
    assert strip_line(sim)[2] == grb(frame)
