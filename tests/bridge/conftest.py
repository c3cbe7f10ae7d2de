"""The bridge rig for host-side tests: emulated devices on real ptys, a host bridge opening them
through pyserial, and a loop that pumps both until a condition holds (or fails the test)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # imported when used: the codec tests here run without the bridge package
    from autodromo_bridge.clock import Clock
    from autodromo_bridge.devices import Bridge
    from autodromo_bridge.emulator import Emulator


class Rig:
    def __init__(self, clock: Clock | None = None) -> None:
        from autodromo_bridge.clock import MonotonicClock

        self.clock = clock or MonotonicClock()
        self.emulators: list[Emulator] = []
        self.extra_ports: list[str] = []
        self.bridges: list[Bridge] = []
        self.log: list[str] = []

    def emulator(self, kind: int, uid: bytes, **kw: Any) -> Emulator:
        from autodromo_bridge.emulator import Emulator

        e = Emulator(kind, uid=uid, clock=self.clock, seed=len(self.emulators), **kw)
        self.emulators.append(e)
        return e

    def ports(self) -> list[str]:
        return [e.path for e in self.emulators if e.plugged] + self.extra_ports

    def bridge(self, **kw: Any) -> Bridge:
        from autodromo_bridge.devices import Bridge

        b = Bridge(self.ports, clock=self.clock, log=self.log.append, **kw)
        self.bridges.append(b)
        return b

    def pump(self, host: Callable[[], None] | None = None) -> None:
        for b in self.bridges:
            if host is None:
                b.pump()
        if host is not None:
            host()
        for e in self.emulators:
            e.pump()

    def until(self, cond: Callable[[], bool], seconds: float = 3.0, what: str = "",
              host: Callable[[], None] | None = None) -> float:
        """Pumps host and devices until ``cond()``; returns the seconds it took."""
        start = time.monotonic()
        while not cond():
            if time.monotonic() - start > seconds:
                pytest.fail(f"not within {seconds} s: {what or cond}\nlog: {self.log[-8:]}")
            self.pump(host)
            time.sleep(0.0005)
        return time.monotonic() - start

    def run(self, seconds: float, host: Callable[[], None] | None = None) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(host)
            time.sleep(0.0005)

    def close(self) -> None:
        for b in self.bridges:
            b.close()
        for e in self.emulators:
            e.close()


@pytest.fixture
def rig() -> Iterator[Rig]:
    r = Rig()
    yield r
    r.close()
