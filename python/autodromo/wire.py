"""The serial bridge protocol (firmware_bridge/PROTOCOL.md), for the bridge and for scripts: the
codec and the sans-IO sessions of ``rust/wire``.

>>> from autodromo import wire
>>> frame = wire.wire_encode({"type": "HEARTBEAT", "host_ms": 5}, 7)
>>> wire.wire_decode(frame)
(7, {'type': 'HEARTBEAT', 'host_ms': 5})
"""

from __future__ import annotations

from ._core import WireDecoder, WireDevice, WireHost, wire_constants, wire_decode, wire_encode

__all__ = ["WireDecoder", "WireDevice", "WireHost", "wire_constants", "wire_decode", "wire_encode"]
