"""One open port and the host's protocol session on it: ``wire.WireHost`` (sans-IO, in Rust)
driven with a clock, fed what the port reads, writing what it has to send."""

from __future__ import annotations

import secrets
from typing import Any

from autodromo import wire

from .clock import Clock
from .transport import Transport


class HostLink:
    """``pump()`` once per loop turn: read, hand the bytes and the time to the session, collect
    its events, write what is due. Raises ``LinkClosed`` when the port goes away."""

    def __init__(self, transport: Transport, clock: Clock, nonce: int | None = None) -> None:
        self.transport = transport
        self.clock = clock
        # A fresh nonce per session: a HELLO_ACK meant for an earlier session is ignored.
        self.host = wire.WireHost(secrets.randbits(32) if nonce is None else nonce)
        self.bytes_out = 0
        self.bytes_in = 0
        #: When bytes last came from the device (clock ms), None before any.
        self.heard_ms: int | None = None

    @property
    def url(self) -> str:
        return self.transport.url

    @property
    def state(self) -> str:
        return self.host.state

    @property
    def device(self) -> dict[str, Any] | None:
        return self.host.device

    def pump(self) -> list[dict[str, Any]]:
        now = self.clock.now_ms()
        data = self.transport.read()
        if data:
            self.bytes_in += len(data)
            self.heard_ms = now
            self.host.receive(data, now)
        else:
            self.host.tick(now)
        events = list(self.host.poll_events())
        self.flush()
        return events

    def flush(self) -> None:
        """Writes whatever the session has due now (call right after a state change: the
        change then leaves in the same loop turn)."""
        out = self.host.poll_transmit(self.clock.now_ms())
        if out:
            self.bytes_out += len(out)
            self.transport.write(out)

    def close(self) -> None:
        self.transport.close()
