"""The bridge's own errors: each message says what to fix."""

from __future__ import annotations

from autodromo.errors import AutodromoError


class BridgeError(AutodromoError):
    """A bridge set-up problem: a bad LED map, an unknown port, a game that cannot be bound."""


class LinkClosed(BridgeError):
    """The port went away (unplugged, or the emulator closed its end)."""
