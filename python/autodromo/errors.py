"""Exceptions raised by Autodromo. The Rust core's errors arrive as these classes."""

from __future__ import annotations

__all__ = [
    "AutodromoError",
    "IllegalActionError",
    "OptionError",
    "ContentError",
    "ReplayError",
    "ProtocolError",
]


class AutodromoError(Exception):
    """Base class; also what a Rust panic becomes (the interpreter lives on)."""


class IllegalActionError(AutodromoError, ValueError):
    """An action the rules forbid now; the message is the rule, the state is unchanged."""


class OptionError(AutodromoError, ValueError):
    """An unknown game, an unknown option or an option out of range."""


class ContentError(AutodromoError, ValueError):
    """Content (cards, tracks, cars) that breaks a rule; names the file and the key."""


class ReplayError(AutodromoError, ValueError):
    """A save or replay that is malformed, tampered with, or for other content or options."""


class ProtocolError(AutodromoError, ValueError):
    """A serial-bridge message or frame that breaks the protocol (firmware_bridge/PROTOCOL.md);
    names the field. A corrupt frame is rejected whole."""
