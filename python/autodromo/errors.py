"""Exceptions raised by Autodromo. The Rust core's errors arrive as these classes."""

from __future__ import annotations

from typing import Any

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
    """An action the rules forbid now; the message is the rule (in English), the state is
    unchanged. ``key`` and ``values`` are the refusal's meaning, which the game's words module
    words in the reader's language (``refusal_words``); ``key`` is empty for a refusal the core
    has not keyed yet (``Game.refusal_keys`` lists a game's keys)."""

    def __init__(self, message: str, key: str = "", values: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.values: dict[str, Any] = dict(values or {})


class OptionError(AutodromoError, ValueError):
    """An unknown game, an unknown option or an option out of range."""


class ContentError(AutodromoError, ValueError):
    """Content (cards, tracks, cars) that breaks a rule; names the file and the key."""


class ReplayError(AutodromoError, ValueError):
    """A save or replay that is malformed, tampered with, or for other content or options."""


class ProtocolError(AutodromoError, ValueError):
    """A serial-bridge message or frame that breaks the protocol (firmware_bridge/PROTOCOL.md);
    names the field. A corrupt frame is rejected whole."""
