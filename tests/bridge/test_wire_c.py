"""The bridge codec through its C ABI (rust/ffi, the library C firmware links), loaded with
cffi: golden frames byte-identical, the same bytes as PyO3 for any message, and a decoder that
never accepts, crashes or overflows on arbitrary input (issue 7)."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autodromo import _core

from .test_wire import messages, seqs
from .wire_fixtures import MEMBER, c_library, c_message, c_to_python, golden_lines, golden_message

FUZZ = bool(os.environ.get("AUTODROMO_FUZZ"))
EXAMPLES = 5000 if FUZZ else 200


def encode_c(message: dict[str, Any], seq: int) -> bytes:
    ffi, lib = c_library()
    out = ffi.new("uint8_t[]", lib.AW_MAX_WIRE)
    n = lib.aw_encode(c_message(ffi, lib, message), seq, out, lib.AW_MAX_WIRE)
    assert n > 0, ffi.string(lib.aw_error_name(n))
    return bytes(ffi.buffer(out, n))


def decode_c(wire: bytes) -> tuple[int, Any, Any]:
    """(return code, seq, AwMsg) of aw_decode_frame."""
    ffi, lib = c_library()
    msg = ffi.new("AwMsg *")
    seq = ffi.new("uint16_t *")
    rc = lib.aw_decode_frame(wire, len(wire), msg, seq)
    return rc, seq[0], msg


@pytest.mark.parametrize(("name", "seq", "wire"), golden_lines())
def test_golden_frames_are_byte_identical_through_the_c_library(name: str, seq: int, wire: bytes) -> None:
    ffi, lib = c_library()
    assert encode_c(golden_message(name), seq) == wire
    rc, got_seq, msg = decode_c(wire)
    assert (rc, got_seq) == (0, seq)
    assert msg.msg_type == getattr(lib, "AW_" + name)
    expected = c_message(ffi, lib, golden_message(name))
    member = MEMBER[name]
    assert c_to_python(ffi, getattr(msg.payload, member)) == c_to_python(ffi, getattr(expected.payload, member))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=messages, seq=seqs)
def test_c_and_pyo3_encode_every_message_identically(message: dict[str, Any], seq: int) -> None:
    wire = encode_c(message, seq)
    assert wire == _core.wire_encode(message, seq)
    rc, got_seq, _ = decode_c(wire)
    assert (rc, got_seq) == (0, seq)


@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.binary(max_size=2048))
def test_the_c_decoder_never_accepts_or_overflows_on_arbitrary_bytes(data: bytes) -> None:
    ffi, lib = c_library()
    rc, _, _ = decode_c(data)
    assert rc < 0
    dec = lib.aw_decoder_new()
    try:
        msg = ffi.new("AwMsg *")
        for b in b"\x00" + data + b"\x00":
            assert lib.aw_decoder_feed(dec, b, msg, ffi.NULL) <= 0
        counters = ffi.new("AwCounters *")
        assert lib.aw_decoder_counters(dec, counters) == 0
        assert counters.rx_ok == 0
    finally:
        lib.aw_decoder_free(dec)


@settings(max_examples=EXAMPLES, deadline=None)
@given(index=st.integers(0, 12), edits=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=6))
def test_the_c_decoder_refuses_edited_golden_frames(index: int, edits: list[tuple[int, int]]) -> None:
    name, seq, wire = golden_lines()[index]
    bad = bytearray(wire)
    for at, value in edits:
        bad[at % len(bad)] = value
    rc, got_seq, msg = decode_c(bytes(bad))
    if bytes(bad) == wire:
        assert rc == 0
    else:
        assert rc < 0, f"{name}: edited frame accepted"


def test_random_bytes_yield_no_frame_in_c() -> None:
    ffi, lib = c_library()
    rng = random.Random(7)
    dec = lib.aw_decoder_new()
    msg = ffi.new("AwMsg *")
    data = rng.randbytes((8 if FUZZ else 1) << 18)
    accepted = sum(1 for b in data if lib.aw_decoder_feed(dec, b, msg, ffi.NULL) == 1)
    lib.aw_decoder_free(dec)
    assert accepted == 0


def test_null_pointers_and_short_buffers_are_refused() -> None:
    ffi, lib = c_library()
    msg = c_message(ffi, lib, golden_message("HEARTBEAT"))
    out = ffi.new("uint8_t[]", 4)
    assert lib.aw_encode(msg, 0, out, 4) == lib.AW_ERR_BUFFER_TOO_SMALL
    assert lib.aw_encode(ffi.NULL, 0, out, 4) == lib.AW_ERR_NULL
    assert lib.aw_encode(msg, 0, ffi.NULL, 100) == lib.AW_ERR_NULL
    assert lib.aw_decode_frame(ffi.NULL, 3, msg, ffi.NULL) == lib.AW_ERR_NULL
    assert lib.aw_device_new(ffi.NULL) == ffi.NULL
    assert ffi.string(lib.aw_error_name(lib.AW_ERR_CRC)) == b"CRC"
    bad = c_message(ffi, lib, golden_message("HEARTBEAT"))
    bad.msg_type = 0x55
    assert lib.aw_encode(bad, 0, ffi.new("uint8_t[]", 64), 64) == lib.AW_ERR_UNKNOWN_TYPE
    bad = c_message(ffi, lib, golden_message("FRAME_SHOWN"))
    bad.payload.frame_shown.shown = 7
    assert lib.aw_encode(bad, 0, ffi.new("uint8_t[]", 64), 64) == lib.AW_ERR_INVALID_FIELD
