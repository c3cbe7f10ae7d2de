"""Transports for tests that watch or damage a link on its way through the host's port: a tap
that sees every frame in both directions (and can drop or inject some), and a line that loses
bytes at random. Both wrap the host's real pyserial port on a pty."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from autodromo_bridge.transport import Transport

from .wire_fixtures import cobs_decode

Message = dict[str, Any]


def _frames(buf: bytearray) -> list[bytes]:
    """Pops the whole frames (delimiter included) at the front of ``buf``."""
    out = []
    while b"\x00" in buf:
        end = buf.index(0) + 1
        out.append(bytes(buf[:end]))
        del buf[:end]
    return out


def decode(frame: bytes) -> Message | None:
    from autodromo import _core

    try:
        return dict(_core.wire_decode(frame)[1])
    except ValueError:
        return None


class Tap:
    """Sees every frame both ways. ``drop_in(msg)`` returning True drops a device frame before
    the host reads it; :meth:`inject` hands the host bytes as if the device had sent them."""

    def __init__(self, inner: Transport) -> None:
        self.inner = inner
        self.url = inner.url
        self.sent: list[tuple[int, Message | None]] = []  # (body length, message) host -> device
        self.received: list[Message] = []
        self.dropped: list[Message] = []
        self.drop_in: Callable[[Message], bool] = lambda _m: False
        self._out = bytearray()
        self._in = bytearray()
        self._inject = bytearray()

    def write(self, data: bytes) -> None:
        self.inner.write(data)
        self._out += data
        for frame in _frames(self._out):
            if len(frame) > 1:
                self.sent.append((len(cobs_decode(frame[:-1])), decode(frame)))

    def read(self) -> bytes:
        self._in += self.inner.read()
        out = bytearray(self._inject)
        self._inject.clear()
        for frame in _frames(self._in):
            msg = decode(frame) if len(frame) > 1 else None
            if msg is not None and self.drop_in(msg):
                self.dropped.append(msg)
                continue
            if msg is not None:
                self.received.append(msg)
            out += frame
        return bytes(out)

    def inject(self, frame: bytes) -> None:
        self._inject += frame

    def close(self) -> None:
        self.inner.close()


class LossyLine:
    """Loses each byte, either way, with probability ``p`` (nothing else: no flips, no
    duplicates), as a noisy cable whose UART drops framing-error bytes does."""

    def __init__(self, inner: Transport, p: float, seed: int) -> None:
        self.inner = inner
        self.url = inner.url
        self.p = p
        self.rng = random.Random(seed)
        self.lost = 0

    def _lose(self, data: bytes) -> bytes:
        kept = bytes(b for b in data if self.rng.random() >= self.p)
        self.lost += len(data) - len(kept)
        return kept

    def write(self, data: bytes) -> None:
        self.inner.write(self._lose(data))

    def read(self) -> bytes:
        return self._lose(self.inner.read())

    def close(self) -> None:
        self.inner.close()
