"""Byte pipes under the sessions: a serial port (pyserial ``serial_for_url``: a device path, a
pty, ``socket://``, ``loop://``), a pacer that lets bytes out no faster than a UART would, and a
fault injector (drops, duplicates, bit flips, inserted bytes, 1-byte writes, delays) for tests.

Every transport is non-blocking to read: ``read()`` returns what has arrived (maybe nothing).
A port that goes away raises :class:`LinkClosed` from ``read`` or ``write``, the same way for a
USB unplug and for a closed pty master.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Protocol

import serial

from .clock import Clock, MonotonicClock
from .errors import BridgeError, LinkClosed

#: A UART byte costs 10 bits on the wire: start bit, 8 data bits, stop bit.
BITS_PER_BYTE = 10
#: The speed the shipped firmware runs at (``firmware/avr/serial.h``, ``BAUD``): exact on a
#: 16 MHz AVR (U2X, UBRR 7), so a bridge and a board out of the box agree.
DEFAULT_BAUD = 250_000


class Transport(Protocol):
    url: str

    def read(self) -> bytes: ...
    def write(self, data: bytes) -> None: ...
    def close(self) -> None: ...


class SerialTransport:
    """A pyserial port opened by URL, non-blocking reads, exclusive on POSIX (ports are not
    locked otherwise, and two bridges on one device would interleave frames)."""

    def __init__(self, url: str, baudrate: int = DEFAULT_BAUD) -> None:
        self.url = url
        if baudrate == 1200:
            # 1200 baud is the bootloader "touch" of 32U4/SAMD/RP2040 boards: never open at it.
            raise BridgeError(f"{url}: 1200 baud would reset the board into its bootloader")
        try:
            self.port = serial.serial_for_url(
                url, baudrate=baudrate, timeout=0, write_timeout=2, exclusive=True
            )
        except (serial.SerialException, ValueError, OSError) as e:
            raise LinkClosed(f"{url}: cannot open: {e}") from None

    def read(self) -> bytes:
        try:
            waiting = self.port.in_waiting
            data: bytes = self.port.read(max(waiting, 1))
            return data
        except (serial.SerialException, OSError) as e:
            raise LinkClosed(f"{self.url}: {e}") from None

    def write(self, data: bytes) -> None:
        try:
            self.port.write(data)
        except (serial.SerialException, OSError) as e:
            raise LinkClosed(f"{self.url}: {e}") from None

    def close(self) -> None:
        try:
            self.port.close()
        except (serial.SerialException, OSError):
            pass


class PacedTransport:
    """Lets written bytes out at ``baudrate`` (10 bits a byte), as a UART's shift register
    would, without blocking: what cannot go yet waits here and leaves on later calls. A pty has
    no baud rate of its own, so this is what makes a pty as slow as the wire it stands for."""

    def __init__(self, inner: Transport, baudrate: int, clock: Clock | None = None) -> None:
        self.inner = inner
        self.url = inner.url
        self.bytes_per_ms = baudrate / BITS_PER_BYTE / 1000
        self.clock = clock or MonotonicClock()
        self.pending = bytearray()
        self._credit = 0.0
        self._last = self.clock.now_ms()

    def _drain(self) -> None:
        now = self.clock.now_ms()
        self._credit = min(self._credit + (now - self._last) * self.bytes_per_ms, 4096.0)
        self._last = now
        n = min(int(self._credit), len(self.pending))
        if n:
            chunk = bytes(self.pending[:n])
            del self.pending[:n]
            self._credit -= n
            self.inner.write(chunk)
        if not self.pending:
            # An idle line banks no credit beyond one byte: bursts are paced from their start.
            self._credit = min(self._credit, 1.0)

    def read(self) -> bytes:
        self._drain()
        return self.inner.read()

    def write(self, data: bytes) -> None:
        self.pending += data
        self._drain()

    @property
    def busy(self) -> bool:
        return bool(self.pending)

    def close(self) -> None:
        self.inner.close()


class FaultyTransport:
    """Damages both directions of ``inner`` with probability ``p`` per byte for each fault:
    drop, duplicate, flip one bit, insert a random byte; writes go out one byte at a time, and
    now and then the line stalls for up to ``max_delay_ms``. ``faults_on = False`` makes it a
    clean (still 1-byte, still delayed) line."""

    def __init__(
        self, inner: Transport, rng: random.Random, p: float, clock: Clock, max_delay_ms: int = 20
    ) -> None:
        self.inner = inner
        self.url = inner.url
        self.rng = rng
        self.p = p
        self.clock = clock
        self.max_delay_ms = max_delay_ms
        self.faults_on = True
        self.damaged = 0
        self._out: deque[tuple[int, int]] = deque()  # (due ms, byte)

    def _damage(self, data: bytes) -> bytes:
        if not self.faults_on:
            return data
        out = bytearray()
        for b in data:
            r = self.rng.random()
            if r < self.p:
                self.damaged += 1
                continue  # dropped
            if r < 2 * self.p:
                self.damaged += 1
                b ^= 1 << self.rng.randrange(8)
            out.append(b)
            if r > 1 - self.p:
                self.damaged += 1
                out.append(b)
            if self.rng.random() < self.p:
                self.damaged += 1
                out.append(self.rng.randrange(256))
        return bytes(out)

    def _flush(self) -> None:
        now = self.clock.now_ms()
        while self._out and self._out[0][0] <= now:
            self.inner.write(bytes([self._out.popleft()[1]]))

    def read(self) -> bytes:
        self._flush()
        return self._damage(self.inner.read())

    def write(self, data: bytes) -> None:
        now = self.clock.now_ms()
        due = self._out[-1][0] if self._out else now
        if self.faults_on and self.rng.random() < self.p * 10:
            due = max(due, now + self.rng.randrange(1, self.max_delay_ms + 1))
        for b in self._damage(data):
            self._out.append((due, b))
        self._flush()

    def close(self) -> None:
        self.inner.close()
