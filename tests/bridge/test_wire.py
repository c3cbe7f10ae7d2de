"""The bridge codec through PyO3 (`autodromo._core.wire_*`): golden frames byte-identical,
round trips across the sequence wrap, integrity and resynchronisation (issue 7)."""

from __future__ import annotations

import os
import random
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autodromo import _core

from .wire_fixtures import GOLDEN_VALUES, cobs_decode, golden_lines, golden_message

FUZZ = bool(os.environ.get("AUTODROMO_FUZZ"))
EXAMPLES = 5000 if FUZZ else 200


def test_every_message_type_has_one_golden_frame() -> None:
    names = [name for name, _, _ in golden_lines()]
    assert names == list(GOLDEN_VALUES)
    assert sorted(names) == sorted(_core.wire_constants()["TYPES"])


@pytest.mark.parametrize(("name", "seq", "wire"), golden_lines())
def test_golden_frames_are_byte_identical_through_pyo3(name: str, seq: int, wire: bytes) -> None:
    assert _core.wire_encode(golden_message(name), seq) == wire
    assert _core.wire_decode(wire) == (seq, golden_message(name))


@pytest.mark.parametrize(("name", "seq", "wire"), golden_lines())
def test_golden_frames_follow_the_spec_byte_by_byte(name: str, seq: int, wire: bytes) -> None:
    # PROTOCOL.md, checked with Python's own zlib and a reference COBS decoder.
    assert wire.endswith(b"\x00") and b"\x00" not in wire[:-1]
    body = cobs_decode(wire[:-1])
    envelope, payload, crc = body[:4], body[4:-4], body[-4:]
    assert crc == zlib.crc32(body[:-4]).to_bytes(4, "little")
    assert envelope[0] == 0x10
    assert envelope[1] == _core.wire_constants()["TYPES"][name]
    assert int.from_bytes(envelope[2:4], "little") == seq
    assert len(payload) > 0


def test_the_schema_hash_is_fnv1a_of_the_schema_text() -> None:
    c = _core.wire_constants()
    h = 0x811C9DC5
    for b in c["SCHEMA"].encode():
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    assert h == c["SCHEMA_HASH"] == GOLDEN_VALUES["HELLO"]["schema_hash"]


def test_bad_messages_raise_naming_the_field() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"type": "NOPE"}, "unknown type"),
        ({"host_ms": 1}, "missing 'type'"),
        ({"type": "HEARTBEAT"}, "missing field 'host_ms'"),
        ({"type": "HEARTBEAT", "host_ms": -1}, "host_ms"),
        ({"type": "HEARTBEAT", "host_ms": 2**32}, "host_ms"),
        ({"type": "HEARTBEAT", "host_ms": 1, "extra": 2}, "unknown field 'extra'"),
        ({"type": "ACK_INPUT", "upto": "7"}, "upto"),
        ({**golden_message("LED_KEY"), "data": b"\x01\x02"}, "LED_KEY.len"),
        ({**golden_message("LED_PALETTE"), "colors": []}, "colors"),
        ({**golden_message("LED_PALETTE"), "first": 20}, "LED_PALETTE.count"),
        ({**golden_message("HELLO_PART"), "offset": 50}, "HELLO_PART.len"),
        ({**golden_message("INPUT_EVENT"), "kind": 3}, "INPUT_EVENT.kind"),
        ({**golden_message("HELLO_ACK"), "uid": b"short"}, "uid"),
    ]
    for message, words in cases:
        with pytest.raises(ValueError, match=words):
            _core.wire_encode(message, 0)


def test_broken_frames_raise_on_decode() -> None:
    _, _, wire = golden_lines()[0]
    bad = bytearray(wire)
    bad[3] ^= 0x40
    with pytest.raises(ValueError, match="CRC"):
        _core.wire_decode(bytes(bad))
    with pytest.raises(ValueError):
        _core.wire_decode(b"")


# ---- Round trips (hypothesis) ----

u8 = st.integers(0, 255)
u16 = st.integers(0, 65535)
u32 = st.integers(0, 2**32 - 1)
i16 = st.integers(-32768, 32767)
seqs = st.one_of(u16, st.integers(65530, 65535), st.integers(0, 5))


@st.composite
def led_keys(draw: st.DrawFn) -> dict[str, Any]:
    fmt = draw(st.sampled_from([0, 1]))
    bpl = 3 if fmt == 0 else 1
    led_count = draw(st.integers(0, 512))
    leds = draw(st.integers(0, min(led_count, 960 // bpl)))
    offset = draw(st.integers(0, led_count - leds))
    return {
        "type": "LED_KEY",
        "frame_id": draw(u16),
        "format": fmt,
        "led_count": led_count,
        "offset": offset,
        "data": draw(st.binary(min_size=leds * bpl, max_size=leds * bpl)),
    }


@st.composite
def palette_parts(draw: st.DrawFn) -> dict[str, Any]:
    colors = draw(st.lists(st.tuples(u8, u8, u8), min_size=1, max_size=256))
    first = draw(st.integers(0, 256 - len(colors)))
    size = draw(st.integers(first + len(colors), 256))
    return {"type": "LED_PALETTE", "palette_id": draw(u8), "size": size, "first": first, "colors": colors}


@st.composite
def hello_parts(draw: st.DrawFn) -> dict[str, Any]:
    total = draw(st.integers(1, 52))
    data = draw(st.binary(max_size=min(16, total)))
    offset = draw(st.integers(0, total - len(data)))
    return {"type": "HELLO_PART", "check": draw(u16), "total": total, "offset": offset, "data": data}


def plain(name: str, **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"type": st.just(name), **fields})


caps = st.fixed_dictionaries(
    {k: st.integers(0, 65535 if k in ("max_frame", "rx_window", "led_count") else 255)
     for k in ("max_frame", "rx_window", "led_count", "led_formats", "outputs", "inputs")}
)

messages = st.one_of(
    plain("HELLO", major=u8, minor=u8, schema_hash=u32, nonce=u32),
    plain(
        "HELLO_ACK", major=u8, minor=u8, schema_hash=u32, nonce=u32, kind=st.sampled_from([1, 2]),
        uid=st.binary(min_size=16, max_size=16), fw_version=u16, boot_id=u32, input_base=u16,
        caps=caps,
    ),
    plain("CONFIG", failsafe_ms=u16, brightness=u8, status_interval_ms=u16),
    plain("HEARTBEAT", host_ms=u32),
    plain(
        "STATUS", uptime_ms=u32, boot_id=u32, rx_ok=u32, crc_err=u32, cobs_err=u32, overflow=u32,
        bad_payload=u32, shown_frame_id=u16, state_id=u16, palette_id=u8, failsafe=st.booleans(),
        inputs=u32, encoder=i16,
    ),
    plain(
        "DASH_STATE", state_id=u16, speed=u16, turn_pins=u8, temperature=u8, engine=u8, brakes=u8,
        tyres=u8, switches=u16, pace=u8, lamps=u32,
    ),
    palette_parts(),
    led_keys(),
    plain("LED_DELTA", frame_id=u16, base_id=u16, runs=st.lists(st.tuples(u16, u16, u32), max_size=64)),
    plain("FRAME_SHOWN", frame_id=u16, ack_seq=u16, ack_bits=u32, shown=st.booleans(), show_us=u32),
    hello_parts(),
    plain("INPUT_EVENT", ev_seq=u16, t_ms=u32, control=u8, kind=st.sampled_from([0, 1, 2]), value=i16),
    plain("ACK_INPUT", upto=u16),
    plain("NACK", ref_seq=u16, code=u8),
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=messages, seq=seqs)
def test_every_message_round_trips_at_any_sequence(message: dict[str, Any], seq: int) -> None:
    wire = _core.wire_encode(message, seq)
    assert len(wire) <= _core.wire_constants()["MAX_WIRE"]
    assert b"\x00" not in wire[:-1] and wire[-1] == 0
    assert _core.wire_decode(wire) == (seq, message)
    # And through the streaming decoder, split at a random point.
    cut = len(wire) // 2
    dec = _core.WireDecoder()
    assert dec.feed(wire[:cut]) == []
    assert dec.feed(wire[cut:]) == [(seq, message)]


# ---- Integrity and resynchronisation ----


@pytest.mark.parametrize(("name", "seq", "wire"), golden_lines())
def test_every_single_bit_flip_is_rejected(name: str, seq: int, wire: bytes) -> None:
    for bit in range(len(wire) * 8):
        bad = bytearray(wire)
        bad[bit // 8] ^= 1 << (bit % 8)
        dec = _core.WireDecoder()
        assert dec.feed(b"\x00" + bytes(bad) + b"\x00") == [], f"{name}: bit {bit}"


@pytest.mark.parametrize(("name", "seq", "wire"), golden_lines())
def test_every_burst_up_to_32_bits_is_rejected(name: str, seq: int, wire: bytes) -> None:
    # All-ones bursts of every length at every position (the Rust suite adds the inner patterns).
    value = int.from_bytes(wire, "little")
    nbits = len(wire) * 8
    stream = bytearray()
    for length in range(2, 33):
        for start in range(nbits - length + 1):
            bad = value ^ (((1 << length) - 1) << start)
            stream += b"\x00" + bad.to_bytes(len(wire), "little") + b"\x00"
    dec = _core.WireDecoder()
    assert dec.feed(bytes(stream)) == []
    assert dec.counters()["rx_ok"] == 0


def test_random_bytes_yield_no_frame() -> None:
    # Issue 7: 100 MB of random bytes, no accepted frame (about 2 s through the release build).
    rng = random.Random(2026)
    dec = _core.WireDecoder()
    megabytes = 1000 if FUZZ else 100
    for _ in range(megabytes):
        assert dec.feed(rng.randbytes(1 << 20)) == []
        assert dec.buffered <= _core.wire_constants()["MAX_FRAME"]
    c = dec.counters()
    assert c["rx_ok"] == 0
    assert c["crc_err"] + c["cobs_err"] + c["overflow"] + c["bad_payload"] > megabytes * 3000


@settings(max_examples=EXAMPLES, deadline=None)
@given(garbage=st.binary(max_size=3000), index=st.integers(0, 13))
def test_after_any_garbage_the_next_intact_frame_decodes(garbage: bytes, index: int) -> None:
    lines = golden_lines()
    _, _, first = lines[index]
    name, seq, second = lines[(index + 1) % len(lines)]
    dec = _core.WireDecoder()
    frames = dec.feed(garbage + first + second)
    assert frames[-1] == (seq, golden_message(name))
    assert dec.buffered == 0


def test_a_long_run_without_delimiter_stays_within_max_frame() -> None:
    dec = _core.WireDecoder()
    dec.feed(bytes([0x5A]) * 100_000)
    assert dec.buffered <= _core.wire_constants()["MAX_FRAME"]
    assert dec.counters()["overflow"] == 1
    name, seq, wire = golden_lines()[0]
    assert dec.feed(b"\x00" + wire) == [(seq, golden_message(name))]


def test_the_public_wire_module_and_its_example() -> None:
    import doctest

    from autodromo import wire

    assert wire.WireHost is _core.WireHost and wire.wire_encode is _core.wire_encode
    result = doctest.testmod(wire)
    assert result.attempted > 0 and result.failed == 0
