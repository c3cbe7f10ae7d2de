"""The host bridge and the device emulator over real ptys (issue 7, items 4 and 5): handshake,
a state change on the dashboard, the 1 s timeouts on a fake clock, unplug and replug, reconnect
by uid, and a device reset answered with a keyframe and the full state."""

from __future__ import annotations

import time

from autodromo_bridge.clock import FakeClock
from autodromo_bridge.devices import DASHBOARD, TRACK, Bridge, Device
from autodromo_bridge.emulator import Emulator

from .conftest import Rig

UID_A = bytes(range(16))
UID_B = bytes(range(100, 116))
UID_T = bytes(range(200, 216))


def dash(speed: int, lamps: int = 0) -> dict[str, int]:
    return {"speed": speed, "turn_pins": 3, "temperature": 2, "engine": 4, "brakes": 3,
            "tyres": 16, "switches": 1, "pace": 0, "lamps": lamps}


def shown(emu: Emulator) -> dict[str, int]:
    d = dict(emu.dash)
    d.pop("state_id")
    return d


def device(bridge: Bridge, uid: bytes) -> Device:
    return bridge.devices[uid]


def test_handshake_over_a_pty_with_the_emulator(rig: Rig) -> None:
    emu = rig.emulator(DASHBOARD, UID_A)
    bridge = rig.bridge()
    rig.until(lambda: UID_A in bridge.devices and bridge.devices[UID_A].connected, what="linked")
    dev = bridge.devices[UID_A]
    assert dev.kind == DASHBOARD
    assert dev.info["boot_id"] == emu.boot_id
    assert dev.link is not None and dev.link.url == emu.path
    rig.until(lambda: emu.dev.is_linked and not emu.dev.in_failsafe, what="device out of failsafe")


def test_a_state_change_reaches_the_emulated_dashboard(rig: Rig) -> None:
    emu = rig.emulator(DASHBOARD, UID_A)
    bridge = rig.bridge()
    rig.until(lambda: UID_A in bridge.devices and bridge.devices[UID_A].connected)
    bridge.devices[UID_A].set_dash(dash(5))
    rig.until(lambda: shown(emu) == dash(5), what="first state shown")
    bridge.devices[UID_A].set_dash(dash(7, lamps=2))
    took = rig.until(lambda: shown(emu) == dash(7, lamps=2), what="change shown")
    assert took < 0.5
    assert "speed 7" in emu.text() and "REFUSED" in emu.text()


def _linked_on_a_fake_clock() -> tuple[FakeClock, Emulator, Bridge]:
    clock = FakeClock(10_000)
    emu = Emulator(DASHBOARD, uid=UID_A, clock=clock, seed=1)
    bridge = Bridge(lambda: [emu.path], clock=clock)
    for _ in range(100):
        bridge.pump()
        time.sleep(0.001)  # the pty hands the bytes over
        emu.pump()
        clock.advance(10)
        if UID_A in bridge.devices and bridge.devices[UID_A].connected:
            break
    assert bridge.devices[UID_A].connected
    return clock, emu, bridge


def _settle(bridge: Bridge, emu: Emulator) -> None:
    """Lets every byte already written cross the pty (the clock does not move)."""
    for _ in range(3):
        time.sleep(0.005)
        emu.pump()
        bridge.pump()


def test_the_host_declares_the_link_lost_at_one_second_on_a_fake_clock() -> None:
    clock, emu, bridge = _linked_on_a_fake_clock()
    try:
        # The device's last frame: an input event sent and received at time t.
        emu.press(0)
        _settle(bridge, emu)
        t = clock.now_ms()
        detached: list[str] = []
        bridge.on_detach = lambda d, e: detached.append(e["why"])
        clock.t = t + 999  # the device says nothing more
        bridge.pump()
        assert bridge.devices[UID_A].connected and not detached
        clock.t = t + 1000
        bridge.pump()
        assert detached == ["link lost (no valid frame for 1 s)"]
        assert not bridge.devices[UID_A].connected and emu.path not in bridge.links
    finally:
        bridge.close()
        emu.close()


def test_the_emulated_device_enters_failsafe_at_one_second_on_a_fake_clock() -> None:
    clock, emu, bridge = _linked_on_a_fake_clock()
    try:
        bridge.devices[UID_A].set_dash(dash(4))  # the host's last frame, at time t
        t = clock.now_ms()
        _settle(bridge, emu)
        assert not emu.dev.in_failsafe
        clock.t = t + 999  # the host says nothing more
        emu.pump()
        assert not emu.dev.in_failsafe
        clock.t = t + 1000
        emu.pump()
        assert emu.dev.in_failsafe and "[LINK LOST]" in emu.text()
        assert shown(emu) == dash(4), "needles hold in failsafe"
    finally:
        bridge.close()
        emu.close()


def _frame(k: int) -> bytes:
    return bytes((i * 7 + k) % 4 for i in range(300))


PALETTE = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)]


def test_unplug_and_replug_restores_the_full_state(rig: Rig) -> None:
    dash_emu = rig.emulator(DASHBOARD, UID_A)
    track_emu = rig.emulator(TRACK, UID_T)
    bridge = rig.bridge()
    rig.until(lambda: all(u in bridge.devices and bridge.devices[u].connected for u in (UID_A, UID_T)))
    bridge.devices[UID_A].set_dash(dash(6))
    bridge.devices[UID_T].set_leds(PALETTE, 1, _frame(1))
    rig.until(lambda: shown(dash_emu) == dash(6) and track_emu.dev.led_data == _frame(1)
              and track_emu.dev.shown_frame_id != 0)
    for e in (dash_emu, track_emu):
        e.unplug()
    rig.until(lambda: not bridge.devices[UID_A].connected and not bridge.devices[UID_T].connected,
              what="the bridge sees both unplugged")
    # The game goes on while they are away.
    bridge.devices[UID_A].set_dash(dash(9))
    bridge.devices[UID_T].set_leds(PALETTE, 1, _frame(2))
    # Plugged back in: they were powered by USB, so they boot afresh, on new ports.
    for e in (dash_emu, track_emu):
        e.power_cycle()
        e.replug()
    assert track_emu.dev.led_data != _frame(2) and shown(dash_emu) != dash(9)
    rig.until(lambda: shown(dash_emu) == dash(9) and track_emu.dev.led_data == _frame(2)
              and track_emu.dev.shown_frame_id != 0 and track_emu.dev.palette[1] == PALETTE,
              what="full state back after the replug")
    assert bridge.devices[UID_A].connects == 2 and bridge.devices[UID_T].connects == 2


def test_devices_are_matched_by_uid_when_they_come_back_on_other_ports(rig: Rig) -> None:
    a = rig.emulator(DASHBOARD, UID_A)
    b = rig.emulator(DASHBOARD, UID_B)
    bridge = rig.bridge()
    rig.until(lambda: len(bridge.devices) == 2 and all(d.connected for d in bridge.devices.values()))
    bridge.devices[UID_A].set_dash(dash(1))
    bridge.devices[UID_B].set_dash(dash(2))
    rig.until(lambda: shown(a) == dash(1) and shown(b) == dash(2))
    a.unplug()
    b.unplug()
    rig.until(lambda: not any(d.connected for d in bridge.devices.values()))
    # Back in the other order, so each may get the other's old port path.
    b.power_cycle()
    b.replug()
    a.power_cycle()
    a.replug()
    rig.until(lambda: shown(a) == dash(1) and shown(b) == dash(2), what="each its own state")
    assert len(bridge.devices) == 2
    assert bridge.devices[UID_A].link is not None and bridge.devices[UID_A].link.url == a.path
    assert bridge.devices[UID_B].link is not None and bridge.devices[UID_B].link.url == b.path


def test_a_device_reset_gets_a_keyframe_and_the_full_state(rig: Rig) -> None:
    track = rig.emulator(TRACK, UID_T)
    dash_emu = rig.emulator(DASHBOARD, UID_A)
    bridge = rig.bridge()
    rig.until(lambda: all(u in bridge.devices and bridge.devices[u].connected for u in (UID_A, UID_T)))
    bridge.devices[UID_A].set_dash(dash(3))
    bridge.devices[UID_T].set_leds(PALETTE, 1, _frame(1))
    rig.until(lambda: track.dev.led_data == _frame(1) and track.dev.shown_frame_id != 0)
    # A small change goes as a delta against the frame on the strip.
    changed = bytearray(_frame(1))
    changed[10] = (changed[10] + 1) % 4
    bridge.devices[UID_T].set_leds(PALETTE, 1, bytes(changed))
    rig.until(lambda: track.dev.led_data == bytes(changed) and track.dev.shown_frame_id != 0)
    # Both reboot on the same ports (a brown-out): new boot ids, empty buffers.
    track.power_cycle()
    dash_emu.power_cycle()
    assert track.dev.shown_frame_id == 0 and dash_emu.dash["state_id"] == 0
    rig.until(lambda: track.dev.led_data == bytes(changed) and track.dev.shown_frame_id != 0
              and track.dev.palette[1] == PALETTE and shown(dash_emu) == dash(3),
              what="keyframe and full state after the reset")
    assert bridge.devices[UID_T].resets == 1 and bridge.devices[UID_A].resets == 1
    # The new buffer was filled by a keyframe: a delta on a base the device lacks would have
    # been refused with NEED_KEYFRAME.
    assert bridge.devices[UID_T].nacks == 0
    assert any(e["event"] == "show" for e in track.events[-5:])
