"""Autodromo on the table: the host bridge to physical dashboards and LED track boards over
serial (protocol: ``firmware_bridge/PROTOCOL.md``), and a device emulator for people without
hardware and for tests. See ``docs/bridge.md``."""

from __future__ import annotations

from .clock import FakeClock, MonotonicClock
from .errors import BridgeError

__all__ = ["BridgeError", "FakeClock", "MonotonicClock"]
