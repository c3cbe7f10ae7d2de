"""Shared by the bridge codec tests: the golden frames file, the golden values rebuilt here by
hand (as in rust/wire/src/golden.rs), and the C library of rust/ffi loaded with cffi."""

from __future__ import annotations

import os
import re
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "rust" / "wire" / "golden" / "frames.txt"
HEADER = ROOT / "rust" / "ffi" / "include" / "autodromo_wire.h"
SCHEMA_HASH = 0xEDC6806A


def golden_lines() -> list[tuple[str, int, bytes]]:
    """(name, seq, wire bytes) of every golden frame, in file order."""
    out = []
    for line in GOLDEN.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, seq, hexa = line.split()
        out.append((name, int(seq), bytes.fromhex(hexa)))
    return out


# The fixed values of every golden frame, written out independently of the Rust source.
GOLDEN_VALUES: dict[str, dict[str, Any]] = {
    "HELLO": {"major": 1, "minor": 1, "schema_hash": SCHEMA_HASH, "nonce": 0x12345678},
    "HELLO_ACK": {
        "major": 1,
        "minor": 1,
        "schema_hash": SCHEMA_HASH,
        "nonce": 0x12345678,
        "kind": 2,
        "uid": bytes([0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0, 0, 0, 0, 12, 13, 14, 15]),
        "fw_version": 0x0102,
        "boot_id": 0xDEADBEEF,
        "input_base": 65535,
        "caps": {
            "max_frame": 1024,
            "rx_window": 2048,
            "led_count": 300,
            "led_formats": 3,
            "outputs": 0,
            "inputs": 2,
        },
    },
    "CONFIG": {"failsafe_ms": 1000, "brightness": 128, "status_interval_ms": 250},
    "HEARTBEAT": {"host_ms": 123456},
    "STATUS": {
        "uptime_ms": 3_600_000,
        "boot_id": 0xDEADBEEF,
        "rx_ok": 1000,
        "crc_err": 3,
        "cobs_err": 2,
        "overflow": 1,
        "bad_payload": 0,
        "shown_frame_id": 7,
        "state_id": 42,
        "palette_id": 3,
        "failsafe": False,
        "inputs": 0b101,
        "encoder": -3,
    },
    "HELLO_PART": {"check": 0xBEEF, "total": 52, "offset": 48, "data": bytes([0, 1, 255, 128])},
    "DASH_STATE": {
        "state_id": 42,
        "speed": 180,
        "turn_pins": 3,
        "temperature": 5,
        "engine": 4,
        "brakes": 2,
        "tyres": 0,
        "switches": 0x0101,
        "pace": 2,
        "lamps": 0x80000001,
    },
    "LED_PALETTE": {
        "palette_id": 3,
        "size": 22,
        "first": 18,
        "colors": [(0, 0, 0), (255, 0, 0), (0, 128, 255), (255, 255, 255)],
    },
    "LED_KEY": {
        "frame_id": 7,
        "format": 0,
        "led_count": 300,
        "offset": 296,
        "data": bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 16, 32, 48]),
    },
    "LED_DELTA": {
        "frame_id": 8,
        "base_id": 7,
        "runs": [(0, 1, 0xFF0000), (120, 5, 0x0080FF), (299, 1, 0)],
    },
    "FRAME_SHOWN": {
        "frame_id": 7,
        "ack_seq": 65535,
        "ack_bits": 0x80000005,
        "shown": True,
        "show_us": 9000,
    },
    "INPUT_EVENT": {"ev_seq": 65535, "t_ms": 5000, "control": 2, "kind": 2, "value": -2},
    "ACK_INPUT": {"upto": 65535},
    "NACK": {"ref_seq": 300, "code": 1},
}


def golden_message(name: str) -> dict[str, Any]:
    return {"type": name, **GOLDEN_VALUES[name]}


def cobs_decode(data: bytes) -> bytes:
    """Reference COBS decoder (PROTOCOL.md, "Framing"), independent of the Rust one."""
    out = bytearray()
    i = 0
    while i < len(data):
        code = data[i]
        if code == 0 or i + code > len(data):
            raise ValueError("bad COBS")
        out += data[i + 1 : i + code]
        i += code
        if code < 0xFF and i < len(data):
            out.append(0)
    return bytes(out)


# ---- The C library (rust/ffi) through cffi ----


def _cdef_source() -> str:
    """The header as cffi's cdef takes it: no preprocessor lines but integer #defines."""
    keep = []
    for line in HEADER.read_text().splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            if re.match(r"#define AW_\w+ -?\d+$", stripped):
                keep.append(stripped)
            continue
        keep.append(line)
    return "\n".join(keep)


@cache
def c_library() -> tuple[Any, Any]:
    """(ffi, lib) for target/debug/libautodromo_ffi.so, built first if needed."""
    import cffi

    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    subprocess.run(
        ["cargo", "build", "--quiet", "-p", "autodromo-ffi"], cwd=ROOT, check=True
    )
    ffi = cffi.FFI()
    ffi.cdef(_cdef_source())
    lib = ffi.dlopen(str(target / "debug" / "libautodromo_ffi.so"))
    return ffi, lib


def _fill(ffi: Any, struct: Any, values: dict[str, Any]) -> None:
    """Writes a message dict's fields into a cffi struct (lengths and counts included)."""
    for key, value in values.items():
        if key == "type":
            continue
        if isinstance(value, bool):
            setattr(struct, key, int(value))
        elif isinstance(value, int):
            setattr(struct, key, value)
        elif isinstance(value, bytes) and key == "uid":
            ffi.memmove(struct.uid, value, len(value))
        elif isinstance(value, bytes):  # LED_KEY.data, HELLO_PART.data
            ffi.memmove(struct.data, value, len(value))
            struct.len = len(value)
        elif key == "caps":
            _fill(ffi, struct.caps, value)
        elif key == "colors":
            for i, rgb in enumerate(value):
                for j in range(3):
                    struct.colors[i][j] = rgb[j]
            struct.count = len(value)
        elif key == "runs":
            for i, (start, length, v) in enumerate(value):
                struct.runs[i].start = start
                struct.runs[i].len = length
                struct.runs[i].value = v
            struct.count = len(value)
        else:
            raise KeyError(key)


MEMBER = {
    "HELLO": "hello",
    "HELLO_ACK": "hello_ack",
    "CONFIG": "config",
    "HEARTBEAT": "heartbeat",
    "STATUS": "status",
    "HELLO_PART": "hello_part",
    "DASH_STATE": "dash_state",
    "LED_PALETTE": "led_palette",
    "LED_KEY": "led_key",
    "LED_DELTA": "led_delta",
    "FRAME_SHOWN": "frame_shown",
    "INPUT_EVENT": "input_event",
    "ACK_INPUT": "ack_input",
    "NACK": "nack",
}


def c_message(ffi: Any, lib: Any, message: dict[str, Any]) -> Any:
    """A zeroed `AwMsg` holding a message dict."""
    msg = ffi.new("AwMsg *")
    msg.msg_type = getattr(lib, "AW_" + message["type"])
    _fill(ffi, getattr(msg.payload, MEMBER[message["type"]]), message)
    return msg


def c_to_python(ffi: Any, value: Any) -> Any:
    """Every field of a cffi struct (recursively), for comparisons."""
    if not isinstance(value, ffi.CData):
        return value
    kind = ffi.typeof(value).kind
    if kind == "struct":
        return {name: c_to_python(ffi, getattr(value, name)) for name, _ in ffi.typeof(value).fields}
    if kind == "array":
        return [c_to_python(ffi, v) for v in value]
    return value
