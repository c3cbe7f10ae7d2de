"""Clocks for the sans-IO sessions: the protocol takes the time as an argument, so a test can
drive every timeout with a fake clock and the bridge with a real one."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now_ms(self) -> int:
        """Milliseconds on a wrapping 32-bit clock (the protocol's ``now_ms``)."""
        ...


class MonotonicClock:
    """Real time, from ``time.monotonic`` (never jumps with the wall clock)."""

    def __init__(self) -> None:
        self._start = time.monotonic()

    def now_ms(self) -> int:
        return int((time.monotonic() - self._start) * 1000) & 0xFFFFFFFF


class FakeClock:
    """Time that moves only when told to."""

    def __init__(self, start_ms: int = 0) -> None:
        self.t = start_ms

    def now_ms(self) -> int:
        return self.t & 0xFFFFFFFF

    def advance(self, ms: int) -> None:
        self.t += ms
