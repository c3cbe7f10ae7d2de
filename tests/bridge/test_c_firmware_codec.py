"""The firmware's hand-written C codec and device session (firmware_bridge/firmware/common),
built as a host library and loaded with cffi (issue 7): every golden frame decodes and
re-encodes byte-identical; it encodes any message exactly as the Rust codec (PyO3); fuzzed
input never crashes it, is never accepted when corrupted and never writes past a buffer (the
library aborts on undefined behaviour; a corpus also runs through an AddressSanitizer driver);
and the C device session, joined to the Rust host session over a faulty line, converges and
delivers every input event exactly once."""

from __future__ import annotations

import os
import random
import re
import struct
import subprocess
import tempfile
import zlib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from autodromo import _core
from autodromo.errors import ProtocolError

from .test_wire import messages, seqs
from .wire_fixtures import ROOT, golden_lines, golden_message

FIRMWARE = ROOT / "firmware_bridge" / "firmware"
COMMON = FIRMWARE / "common"
HOST_BUILD = FIRMWARE / "build" / "host"
CANARY = b"\xa5" * 64
# `make fuzz` sets AUTODROMO_FUZZ: many more hypothesis examples and a larger sanitizer corpus.
FUZZ = bool(os.environ.get("AUTODROMO_FUZZ"))
SCALE = 25 if FUZZ else 1
TYPES = {
    "HELLO": 0x01, "HELLO_ACK": 0x02, "CONFIG": 0x03, "HEARTBEAT": 0x04, "STATUS": 0x05,
    "HELLO_PART": 0x06, "DASH_STATE": 0x10, "LED_PALETTE": 0x20, "LED_KEY": 0x21, "LED_DELTA": 0x22,
    "FRAME_SHOWN": 0x23, "INPUT_EVENT": 0x30, "ACK_INPUT": 0x31, "NACK": 0x7F,
}
NAMES = {v: k for k, v in TYPES.items()}
UNION = {
    "HELLO": "hello", "HELLO_ACK": "hello_ack", "CONFIG": "config", "HEARTBEAT": "heartbeat",
    "STATUS": "status", "HELLO_PART": "hello_part", "DASH_STATE": "dash", "LED_PALETTE": "palette", "LED_KEY": "key",
    "LED_DELTA": "delta", "FRAME_SHOWN": "frame_shown", "INPUT_EVENT": "input",
    "ACK_INPUT": "ack_input", "NACK": "nack",
}
CAPS = ("max_frame", "rx_window", "led_count", "led_formats", "outputs", "inputs")
BOOLS = {"failsafe", "shown"}


def build_host() -> None:
    subprocess.run(["make", "-s", "-C", str(FIRMWARE), "host"], check=True)


def _cdef() -> str:
    """awc_device.h as cffi's cdef takes it: preprocessed against empty std headers, array sizes
    folded to integers, integer #defines kept."""
    with tempfile.TemporaryDirectory() as fake:
        for name in ("stddef.h", "stdint.h"):
            Path(fake, name).write_text("")
        text = subprocess.run(
            ["gcc", "-E", "-P", "-nostdinc", "-I", fake, "-I", str(COMMON), str(COMMON / "awc_device.h")],
            check=True, capture_output=True, text=True,
        ).stdout

    def fold(m: re.Match[str]) -> str:
        return "[%d]" % eval(m.group(1).replace("u", ""))  # noqa: S307 - our own header's sizes

    text = re.sub(r"\[([0-9u +*/()]+)\]", fold, text)
    return text + "\n#define AWC_MAX_WIRE 1030\n#define AWC_MAX_FRAME_RX 1024\n"


@cache
def awc() -> tuple[Any, Any]:
    """(ffi, lib) of build/host/libawc.so, built first if needed."""
    import cffi

    build_host()
    ffi = cffi.FFI()
    ffi.cdef(_cdef())
    lib = ffi.dlopen(str(HOST_BUILD / "libawc.so"))
    return ffi, lib


def guarded(ffi: Any, ctype: str) -> tuple[Any, Any]:
    """A zeroed `ctype` followed by canary bytes; (pointer, raw buffer)."""
    size = ffi.sizeof(ctype)
    raw = ffi.new("uint8_t[]", size + len(CANARY))
    ffi.memmove(raw + size, CANARY, len(CANARY))
    return ffi.cast(ctype + " *", raw), raw


def canary_intact(ffi: Any, ctype: str, raw: Any) -> bool:
    size = ffi.sizeof(ctype)
    return bytes(ffi.buffer(raw + size, len(CANARY))) == CANARY


def c_msg(message: dict[str, Any], seq: int) -> tuple[Any, list[Any]]:
    """An AwcMsg from a message dict (field names of PROTOCOL.md); the second value keeps the
    arrays it points to alive."""
    ffi, _ = awc()
    m = ffi.new("AwcMsg *")
    m.type = TYPES[message["type"]]
    m.seq = seq
    body = getattr(m.u, UNION[message["type"]])
    keep: list[Any] = []
    for key, value in message.items():
        if key == "type":
            continue
        if key == "caps":
            for k in CAPS:
                setattr(body, k, value[k])
        elif key == "uid":
            ffi.memmove(body.uid, value, 16)
        elif key == "data":
            buf = ffi.new("uint8_t[]", value or b"\0")
            keep.append(buf)
            body.data = buf
            body.len = len(value)
        elif key == "colors":
            buf = ffi.new("uint8_t[]", bytes(c for rgb in value for c in rgb))
            keep.append(buf)
            body.colors = buf
            body.count = len(value)
        elif key == "runs":
            runs = ffi.new("AwcLedRun[]", max(1, len(value)))
            for i, (start, length, v) in enumerate(value):
                runs[i].start, runs[i].len, runs[i].value = start, length, v
            keep.append(runs)
            body.runs = runs
            body.count = len(value)
        else:
            setattr(body, key, int(value))
    return m, keep


def py_msg(m: Any) -> dict[str, Any]:
    """A decoded AwcMsg back as a message dict."""
    ffi, lib = awc()
    name = NAMES[m.type]
    body = getattr(m.u, UNION[name])
    out: dict[str, Any] = {"type": name}
    for field, _ in ffi.typeof(body).fields:
        value = getattr(body, field)
        if name == "HELLO_ACK" and field in CAPS:
            out.setdefault("caps", {})[field] = value
        elif field == "uid":
            out["uid"] = bytes(value)
        elif field == "data":
            out["data"] = bytes(ffi.buffer(value, body.len)) if body.len else b""
        elif field == "colors":
            raw = bytes(ffi.buffer(value, 3 * body.count))
            out["colors"] = [tuple(raw[i : i + 3]) for i in range(0, len(raw), 3)]
        elif name == "LED_DELTA" and field in ("runs", "wire", "wire_len"):
            continue
        elif field in ("len", "count") and name in ("LED_KEY", "LED_PALETTE", "LED_DELTA", "HELLO_PART"):
            continue
        else:
            out[field] = bool(value) if field in BOOLS else value
    if name == "LED_DELTA":
        it = ffi.new("AwcRunIter *")
        run = ffi.new("AwcLedRun *")
        lib.awc_run_iter_init(it, ffi.addressof(body))
        out["runs"] = []
        while lib.awc_run_next(it, run):
            out["runs"].append((run.start, run.len, run.value))
    return out


def encode(message: dict[str, Any], seq: int) -> bytes:
    ffi, lib = awc()
    m, _keep = c_msg(message, seq)
    out = ffi.new("uint8_t[]", 1030)
    n = lib.awc_encode(m, out, 1030)
    assert n > 0, n
    return bytes(ffi.buffer(out, n))


def decode(wire: bytes) -> tuple[int, Any, Any]:
    """(return code, AwcMsg, decoder buffer kept alive) of awc_decode_frame."""
    ffi, lib = awc()
    scratch, raw = guarded(ffi, "AwcDecoder")
    m = ffi.new("AwcMsg *")
    rc = lib.awc_decode_frame(scratch, wire, len(wire), m)
    assert canary_intact(ffi, "AwcDecoder", raw)
    return rc, m, raw


# ---- Golden vectors ----


@pytest.mark.parametrize(("name", "seq", "wire"), golden_lines())
def test_golden_frames_decode_and_reencode_byte_identical(name: str, seq: int, wire: bytes) -> None:
    ffi, lib = awc()
    rc, m, _raw = decode(wire)
    assert rc == 0
    assert (m.type, m.seq) == (TYPES[name], seq)
    assert py_msg(m) == golden_message(name)
    out = ffi.new("uint8_t[]", 1030)
    n = lib.awc_encode(m, out, 1030)
    assert bytes(ffi.buffer(out, n)) == wire
    assert encode(golden_message(name), seq) == wire


def test_the_crc_is_zlibs() -> None:
    _, lib = awc()
    assert lib.awc_crc32(b"123456789", 9) == 0xCBF43926


# ---- Round trips against the Rust codec ----


@settings(max_examples=200 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=messages, seq=seqs)
def test_c_encodes_every_message_as_the_rust_codec_and_decodes_it_back(message: dict[str, Any], seq: int) -> None:
    ffi, lib = awc()
    wire = encode(message, seq)
    assert wire == _core.wire_encode(message, seq)
    rc, m, _raw = decode(wire)
    assert (rc, m.seq) == (0, seq)
    assert py_msg(m) == message
    out = ffi.new("uint8_t[]", 1030)
    assert bytes(ffi.buffer(out, lib.awc_encode(m, out, 1030))) == wire


def test_invalid_fields_and_small_buffers_are_refused_without_writing_past_the_buffer() -> None:
    ffi, lib = awc()
    m, _keep = c_msg({"type": "INPUT_EVENT", "ev_seq": 1, "t_ms": 2, "control": 3, "kind": 3, "value": 0}, 0)
    out = ffi.new("uint8_t[]", 1030)
    assert lib.awc_encode(m, out, 1030) == lib.AWC_ERR_INVALID
    m, _keep = c_msg({"type": "LED_PALETTE", "palette_id": 1, "colors": []}, 0)
    assert lib.awc_encode(m, out, 1030) == lib.AWC_ERR_INVALID
    m.type = 0x42
    assert lib.awc_encode(m, out, 1030) == lib.AWC_ERR_INVALID
    big = {"type": "LED_KEY", "frame_id": 1, "format": 0, "led_count": 320, "offset": 0,
           "data": bytes(range(256)) * 3 + bytes(192)}
    assert encode(big, 0) == _core.wire_encode(big, 0)  # the longest chunk fits one frame
    assert lib.awc_encode(c_msg({**big, "offset": 1}, 0)[0], out, 1030) == lib.AWC_ERR_INVALID
    for name, seq, wire in golden_lines():
        m, _keep = c_msg(golden_message(name), seq)
        for cap in range(len(wire)):
            raw = ffi.new("uint8_t[]", cap + len(CANARY))
            ffi.memmove(raw + cap, CANARY, len(CANARY))
            assert lib.awc_encode(m, raw, cap) == lib.AWC_ERR_BUFFER
            assert bytes(ffi.buffer(raw + cap, len(CANARY))) == CANARY


def frame_of(msg_type: int, seq: int, payload: bytes, version: int = 0x10) -> bytes:
    """A wire frame around any payload, with a correct CRC (COBS written out independently)."""
    body = bytes([version, msg_type]) + seq.to_bytes(2, "little") + payload
    body += zlib.crc32(body).to_bytes(4, "little")
    out, block = bytearray(), bytearray()
    for b in body:
        if b == 0:
            out += bytes([len(block) + 1]) + block
            block.clear()
        else:
            block.append(b)
            if len(block) == 254:
                out += b"\xff" + block
                block.clear()
    return bytes(out + bytes([len(block) + 1]) + block + b"\x00")


def rust_accepts(wire: bytes) -> bool:
    try:
        _core.wire_decode(wire)
    except (ProtocolError, ValueError):
        return False
    return True


def payload_of(wire: bytes) -> bytes:
    """The payload of a wire frame (COBS undone by hand, envelope and CRC cut)."""
    data, out, i = wire[:-1], bytearray(), 0
    while i < len(data):
        code = data[i]
        out += data[i + 1 : i + code]
        i += code
        if code < 0xFF and i < len(data):
            out.append(0)
    return bytes(out[4:-4])


@settings(max_examples=400 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=messages, cut=st.integers(0, 40), flips=st.lists(st.tuples(st.integers(0, 2000), st.integers(0, 255)), max_size=3),
       extra=st.binary(max_size=3), msg_type=st.one_of(st.none(), st.integers(0, 255)))
def test_c_and_rust_accept_and_refuse_the_same_payloads(
    message: dict[str, Any], cut: int, flips: list[tuple[int, int]], extra: bytes, msg_type: int | None
) -> None:
    """Payload-level checks (varint form and range, bools, kinds, counts, lengths, trailing
    bytes, unknown types) behind a good CRC: the C decoder agrees with the Rust one."""
    ffi, lib = awc()
    body = bytearray(payload_of(_core.wire_encode(message, 0)))
    for pos, value in flips:
        if body:
            body[pos % len(body)] = value
    body = body[: max(0, len(body) - cut)] if cut < 8 else body + extra
    wire = frame_of(TYPES[message["type"]] if msg_type is None else msg_type, 77, bytes(body))
    rc, m, _raw = decode(wire)
    event("accepted" if rc == 0 else "refused")
    assert (rc == 0) == rust_accepts(wire), (rc, wire.hex())
    if rc == 0:
        out = ffi.new("uint8_t[]", 1030)
        assert bytes(ffi.buffer(out, lib.awc_encode(m, out, 1030))) == wire


# Payloads behind a good CRC that both decoders must refuse (PROTOCOL.md, section 3 and 4).
REFUSED = {
    "varint with a zero last byte": (0x04, b"\x80\x00"),
    "u32 varint of six bytes": (0x04, b"\x80\x80\x80\x80\x80\x00"),
    "u32 varint above 2^32-1": (0x04, b"\xff\xff\xff\xff\x10"),
    "u16 varint above 65535": (0x31, b"\xff\xff\x04"),
    "u16 varint of four bytes": (0x31, b"\x81\x80\x80\x00"),
    "truncated varint": (0x31, b"\x80"),
    "trailing byte": (0x31, b"\x05\x00"),
    "empty payload": (0x31, b""),
    "unknown type": (0x42, b""),
    "bool of 2": (0x23, b"\x01\x02\x02\x00"),
    "input kind 3": (0x30, b"\x01\x02\x03\x03\x00"),
    "hello_ack kind 3": (0x02, b"\x01\x00\x01\x01\x03" + bytes(16) + b"\x00" * 10),
    "palette of 0 colours": (0x20, b"\x01\x00"),
    "palette of 257 colours": (0x20, b"\x01\x81\x02" + b"\x01" * 771),
    "keyframe chunk not whole LEDs": (0x21, b"\x01\x00\x0a\x00\x01\x02\x01\x01"),
    "keyframe format 2": (0x21, b"\x01\x02\x0a\x00\x01\x01\x01"),
    "keyframe past its led_count": (0x21, b"\x01\x01\x02\x02\x01\x01\x01"),
    "keyframe led_count above 512": (0x21, b"\x01\x01\x81\x04\x00\x01\x00"),
    "delta of 65 runs": (0x22, b"\x02\x01\x41" + b"\x00\x01\x00" * 65),
    "delta run cut short": (0x22, b"\x02\x01\x01\x00\x01"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_malformed_payloads_behind_a_good_crc_are_refused_by_both(case: str) -> None:
    msg_type, payload = REFUSED[case]
    wire = frame_of(msg_type, 9, payload)
    assert decode(wire)[0] == awc()[1].AWC_ERR_PAYLOAD
    assert not rust_accepts(wire)


def test_a_frame_with_an_unknown_version_is_refused() -> None:
    wire = frame_of(0x31, 1, b"\x05", version=0x11)
    assert decode(frame_of(0x31, 1, b"\x05"))[0] == 0
    assert decode(wire)[0] == awc()[1].AWC_ERR_VERSION
    assert not rust_accepts(wire)


# ---- Integrity and fuzzing ----


def test_every_single_bit_flip_of_every_golden_frame_is_rejected() -> None:
    for _name, _seq, wire in golden_lines():
        for bit in range(8 * (len(wire) - 1)):
            bad = bytearray(wire)
            bad[bit // 8] ^= 1 << (bit % 8)
            assert decode(bytes(bad))[0] < 0


@settings(max_examples=300 * SCALE, deadline=None)
@given(index=st.integers(0, 13), start=st.integers(0, 10_000), burst=st.integers(1, 2**32 - 1))
def test_bursts_up_to_32_bits_in_a_golden_frame_are_rejected(index: int, start: int, burst: int) -> None:
    _name, _seq, wire = golden_lines()[index]
    bits = 8 * (len(wire) - 1)
    start %= bits
    value = int.from_bytes(wire, "little") ^ ((burst << start) & ((1 << bits) - 1))
    bad = value.to_bytes(len(wire), "little")
    if bad != wire:
        assert decode(bad)[0] < 0


edits = st.lists(st.tuples(st.integers(0, 200), st.sampled_from(["insert", "delete", "replace"]), st.integers(0, 255)),
                 min_size=1, max_size=6)


@settings(max_examples=300 * SCALE, deadline=None)
@given(index=st.integers(0, 13), changes=edits)
def test_edited_golden_frames_are_never_accepted(index: int, changes: list[tuple[int, str, int]]) -> None:
    _name, _seq, wire = golden_lines()[index]
    bad = bytearray(wire)
    for pos, op, byte in changes:
        pos %= len(bad) + 1
        if op == "insert":
            bad.insert(pos, byte)
        elif pos < len(bad) and op == "delete":
            del bad[pos]
        elif pos < len(bad):
            bad[pos] = byte
    if bytes(bad).removesuffix(b"\x00") != wire.removesuffix(b"\x00"):
        assert decode(bytes(bad))[0] < 0


@settings(max_examples=300 * SCALE, deadline=None)
@given(data=st.binary(max_size=2100))
def test_random_bytes_never_yield_a_frame_nor_overflow_the_decoder(data: bytes) -> None:
    ffi, lib = awc()
    assert decode(data)[0] < 0
    dec, raw = guarded(ffi, "AwcDecoder")
    lib.awc_decoder_init(dec)
    m = ffi.new("AwcMsg *")
    for b in b"\x00" + data + b"\x00":
        assert lib.awc_decoder_feed(dec, b, m) <= 0
        assert dec.len <= 1024
    assert canary_intact(ffi, "AwcDecoder", raw)
    assert dec.counters.rx_ok == 0


@settings(max_examples=200 * SCALE, deadline=None)
@given(garbage=st.binary(max_size=1500), index=st.integers(0, 13))
def test_after_any_garbage_the_next_intact_frame_is_decoded(garbage: bytes, index: int) -> None:
    ffi, lib = awc()
    name, seq, wire = golden_lines()[index]
    dec, _raw = guarded(ffi, "AwcDecoder")
    lib.awc_decoder_init(dec)
    m = ffi.new("AwcMsg *")
    got = [lib.awc_decoder_feed(dec, b, m) for b in garbage + b"\x00" + wire]
    assert got[-1] == 1 and (NAMES[m.type], m.seq) == (name, seq)
    assert got.count(1) <= 1 + garbage.count(0)


def corpus(seed: int) -> tuple[list[bytes], int]:
    """Records for the sanitizer driver: the golden frames (the only ones that may be accepted),
    then every bit flip and truncation of each, bursts, inserted zeros and random bytes."""
    rng = random.Random(seed)
    goldens = [wire for _, _, wire in golden_lines()]
    records = list(goldens)
    for wire in goldens:
        for bit in range(8 * (len(wire) - 1)):
            bad = bytearray(wire)
            bad[bit // 8] ^= 1 << (bit % 8)
            records.append(bytes(bad))
        records += [wire[:n] for n in range(len(wire) - 1)]
        for _ in range(40):
            bad = bytearray(wire)
            start = rng.randrange(8 * (len(wire) - 1) - 1)
            for bit in range(start, min(start + rng.randint(2, 32), 8 * (len(wire) - 1))):
                if rng.random() < 0.5 or bit == start:
                    bad[bit // 8] ^= 1 << (bit % 8)
            records.append(bytes(bad))
        records.append(wire[:5] + b"\x00" + wire[5:])
    records += [rng.randbytes(rng.randrange(3000)) for _ in range(400 * SCALE)]
    records += [b"\x01" * 2000, b"\xff" * 5000, bytes([0xFF] + [1] * 300)]
    return records, len(goldens)


@pytest.mark.parametrize("driver", ["fuzz_driver", "fuzz_driver_128"])
def test_a_fuzz_corpus_under_address_sanitizer_accepts_only_the_intact_frames(driver: str, tmp_path: Path) -> None:
    build_host()
    records, intact = corpus(7)
    path = tmp_path / "corpus.bin"
    path.write_bytes(b"".join(struct.pack("<I", len(r)) + r for r in records))
    run = subprocess.run([str(HOST_BUILD / driver), str(path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    # The 128-byte build refuses the two golden frames longer than its buffer (HELLO_ACK fits).
    fitting = sum(1 for r in records[:intact] if len(r) - 2 <= 128) if driver.endswith("128") else intact
    assert run.stdout.split() == ["records", str(len(records)), "whole", str(fitting), "stream",
                                  str(fitting), "bad", "0"]


# ---- The C device session against the Rust host session ----


class CDevice:
    """awc_device_* behind the same methods as _core.WireDevice."""

    def __init__(self, info: dict[str, Any]) -> None:
        self.ffi, self.lib = awc()
        self.dev, self._raw = guarded(self.ffi, "AwcDevice")
        i = self.ffi.new("AwcDeviceInfo *")
        i.kind, i.fw_version, i.boot_id = info["kind"], info["fw_version"], info["boot_id"]
        self.ffi.memmove(i.uid, info["uid"], 16)
        for k in CAPS:
            setattr(i, k, info["caps"][k])
        self.lib.awc_device_init(self.dev, i)
        self.tx = self.ffi.new("uint8_t[]", 72)

    def receive(self, data: bytes, now: int) -> None:
        self.lib.awc_device_receive(self.dev, data, len(data), now)

    def tick(self, now: int) -> None:
        self.lib.awc_device_tick(self.dev, now)

    def poll_transmit(self, now: int) -> bytes:
        out = b""
        while n := self.lib.awc_device_poll_transmit(self.dev, now, self.tx, 72):
            out += bytes(self.ffi.buffer(self.tx, n))
        assert canary_intact(self.ffi, "AwcDevice", self._raw)
        return out

    def poll_events(self) -> list[dict[str, Any]]:
        ev = self.ffi.new("AwcEvent *")
        out = []
        names = {1: "linked", 2: "config", 3: "dash", 4: "palette", 5: "show", 6: "failsafe", 7: "restored"}
        while self.lib.awc_device_poll_event(self.dev, ev):
            e: dict[str, Any] = {"event": names[ev.kind]}
            if ev.kind == 5:
                e["frame_id"] = ev.frame_id
            out.append(e)
        return out

    def frame_shown(self, frame_id: int, show_us: int, now: int) -> bool:
        return bool(self.lib.awc_device_frame_shown(self.dev, frame_id, show_us, now))

    def push_input(self, control: int, kind: int, value: int, now: int) -> int:
        return int(self.lib.awc_device_push_input(self.dev, control, kind, value, now))

    @property
    def in_failsafe(self) -> bool:
        return bool(self.dev.failsafe)

    @property
    def dash(self) -> dict[str, int]:
        d = self.dev.dash
        return {k: getattr(d, k) for k, _ in self.ffi.typeof(d).fields}

    @property
    def shown_frame_id(self) -> int:
        return int(self.dev.shown_id)

    def pixel(self, i: int) -> tuple[int, int, int]:
        rgb = self.ffi.new("uint8_t[3]")
        self.lib.awc_device_pixel(self.dev, i, rgb)
        return (rgb[0], rgb[1], rgb[2])


def dev_info() -> dict[str, Any]:
    return {"kind": 2, "uid": bytes(range(16)), "fw_version": 1, "boot_id": 77,
            "caps": {"max_frame": 1024, "rx_window": 2048, "led_count": 300, "led_formats": 3,
                     "outputs": 0, "inputs": 8}}


def dash(speed: int) -> dict[str, int]:
    return {"speed": speed, "turn_pins": 2, "temperature": 3, "engine": 5, "brakes": 4, "tyres": 6,
            "switches": 1, "pace": 1, "lamps": 0}


def test_the_c_device_fails_safe_at_exactly_one_second_on_a_fake_clock() -> None:
    host = _core.WireHost(3)
    dev = CDevice(dev_info())
    assert dev.in_failsafe
    dev.receive(host.poll_transmit(0), 0)
    assert not dev.in_failsafe
    host.receive(dev.poll_transmit(5), 5)
    assert host.state == "linked"
    dev.tick(999)
    assert not dev.in_failsafe
    dev.tick(1000)
    assert dev.in_failsafe
    assert [e["event"] for e in dev.poll_events()] == ["restored", "linked", "failsafe"]


@pytest.mark.parametrize("seed", range(3))
def test_c_device_and_rust_host_converge_after_faults_and_inputs_arrive_once(seed: int) -> None:
    rng = random.Random(seed)
    host = _core.WireHost(seed + 1)
    dev = CDevice(dev_info())
    h2d: list[int] = []
    d2h: list[int] = []
    showing: tuple[int, int] | None = None
    received: list[tuple[int, int, int]] = []
    pushed: list[tuple[int, int, int]] = []
    faults = 0.0

    def line(queue: list[int], data: bytes) -> None:
        for b in data:
            r = rng.random()
            if r < faults:
                continue
            queue.append(b ^ (1 << rng.randrange(8)) if r < 2 * faults else b)
            if rng.random() < faults:
                queue.append(rng.randrange(256))

    def step(now: int) -> None:
        nonlocal showing
        host.receive(bytes(d2h[:100]), now)
        del d2h[:100]
        for e in host.poll_events():
            if e["event"] == "input":
                received.append((e["control"], e["kind"], e["value"]))
        line(h2d, host.poll_transmit(now))
        dev.receive(bytes(h2d[:100]), now)
        del h2d[:100]
        for e in dev.poll_events():
            if e["event"] == "show":
                showing = (e["frame_id"], now + 9)
        if showing and now >= showing[1]:
            assert dev.frame_shown(showing[0], 9000, now)
            showing = None
        line(d2h, dev.poll_transmit(now))

    now = 1
    for now in range(1, 30):
        step(now)
    assert host.state == "linked"
    faults = 0.01
    stored: dict[str, int] = {}
    leds = b""
    palette: list[tuple[int, int, int]] = []
    for now in range(30, 1500):
        if rng.random() < 0.02:
            stored = host.set_dash(dash(rng.randrange(300)))
            palette = [(rng.randrange(256), rng.randrange(256), 0) for _ in range(4)]
            host.set_palette(palette)
            leds = bytes(rng.randrange(4) for _ in range(300))
            host.set_leds(1, leds)
        if rng.random() < 0.01 and dev.lib.awc_device_inputs_pending(dev.dev) < 16:
            ev = (rng.randrange(8), rng.randrange(2), 0)
            pushed.append(ev)
            assert dev.push_input(*ev, now) >= 0
        step(now)
    faults = 0.0
    for now in range(1500, 3500):
        step(now)
    assert host.state == "linked"
    assert received == pushed and len(pushed) > 5, (len(pushed), len(received))
    assert dev.dash == stored
    assert dev.shown_frame_id != 0 and showing is None
    assert bytes(dev.dev.leds[0:300]) == leds
    assert [dev.pixel(i) for i in range(300)] == [palette[i] for i in leds]


class Wire:
    """The Rust host session and the C device session on a fake millisecond clock, joined by a
    line of `rate` bytes per ms each way that loses each byte with probability `loss`."""

    def __init__(self, seed: int, rate: int = 25, loss: float = 0.0, boot_id: int = 77) -> None:
        self.rng = random.Random(seed)
        self.host = _core.WireHost(seed + 1)
        self.dev = CDevice({**dev_info(), "boot_id": boot_id})
        self.rate, self.loss = rate, loss
        self.h2d: list[int] = []
        self.d2h: list[int] = []
        self.showing: tuple[int, int] | None = None
        self.received: list[int] = []
        self.host_events: list[dict[str, Any]] = []
        self.now = 0

    def line(self, queue: list[int], data: bytes) -> None:
        queue.extend(b for b in data if self.rng.random() >= self.loss)

    def step(self) -> None:
        self.now += 1
        now = self.now
        self.host.receive(bytes(self.d2h[: self.rate]), now)
        del self.d2h[: self.rate]
        for e in self.host.poll_events():
            self.host_events.append(e)
            if e["event"] == "input":
                self.received.append(e["ev_seq"])
        self.line(self.h2d, self.host.poll_transmit(now))
        self.dev.receive(bytes(self.h2d[: self.rate]), now)
        del self.h2d[: self.rate]
        for e in self.dev.poll_events():
            if e["event"] == "show":
                self.showing = (e["frame_id"], now + 9)
        if self.showing and now >= self.showing[1]:
            assert self.dev.frame_shown(self.showing[0], 9000, now)
            self.showing = None
        self.line(self.d2h, self.dev.poll_transmit(now))


def test_the_c_device_after_a_reset_whose_hello_ack_is_lost_gets_every_press_through() -> None:
    w = Wire(5, rate=100)
    for _ in range(50):
        w.step()
    assert w.host.state == "linked"
    for k in range(4):
        w.dev.push_input(1, 0, 0, w.now)
        for _ in range(20):
            w.step()
    assert w.received == [0, 1, 2, 3]
    # Power cycle: a new C session, its boot HELLO_ACK lost on the line (the STATUS after it
    # goes through).
    w.dev = CDevice({**dev_info(), "boot_id": 78})
    boot = w.dev.poll_transmit(w.now)
    w.d2h.extend(boot[boot.index(b"\x00", 1) + 1 :])
    w.received.clear()
    for k in range(10):
        w.dev.push_input(1, 0, 0, w.now)
        for _ in range(20):
            w.step()
    for _ in range(300):
        w.step()
    assert w.received == list(range(10))
    assert any(e["event"] == "device_reset" and e["boot_id"] == 78 for e in w.host_events)


def test_the_c_device_whose_numbering_jumps_by_40000_gets_every_press_through_logged() -> None:
    """Issue 34: 2 + 40000 is 'behind' 2 to a 16-bit comparison; the host acknowledged the
    events as repeats and the device dropped them unheard. Now the host asks where the device
    stands, says so, and hears them; the device takes no acknowledgement that seems to cover
    more than its ring."""
    w = Wire(6, rate=100)
    for _ in range(50):
        w.step()
    for _ in range(2):
        w.dev.push_input(1, 0, 0, w.now)
        for _ in range(20):
            w.step()
    assert w.received == [0, 1]
    w.dev.dev.next_ev_seq = 40_002
    for _ in range(3):
        w.dev.push_input(1, 0, 0, w.now)
        for _ in range(20):
            w.step()
    for _ in range(300):
        w.step()
    assert w.received == [0, 1, 40_002, 40_003, 40_004]
    assert w.dev.lib.awc_device_inputs_pending(w.dev.dev) == 0
    said = [e["reason"] for e in w.host_events if e["event"] == "dropped"]
    assert said == ["input numbering jumped from 2 to 40002: resynchronised, the events from "
                    "40002 on are heard"]
    # On its own, the device takes an acknowledgement from before the jump as covering nothing.
    w.dev.dev.next_ev_seq = 60_000
    w.dev.push_input(1, 0, 0, w.now)
    w.dev.poll_transmit(w.now)  # sent, so an acknowledgement could cover it
    # 60000 - 40001: 'after' 60000 to a 16-bit comparison, and far more than the ring.
    w.dev.receive(_core.wire_encode({"type": "ACK_INPUT", "upto": 19_999}, 500), w.now)
    assert w.dev.lib.awc_device_inputs_pending(w.dev.dev) == 1


@pytest.mark.parametrize("seed", range(6 * SCALE))
def test_the_c_device_links_and_shows_a_keyframe_within_5_s_at_10_percent_byte_loss(seed: int) -> None:
    w = Wire(seed, rate=25, loss=0.10)
    palette = [((37 * i) % 256, (91 * i) % 256, 13) for i in range(22)]
    frame = bytes(i * 7 % 22 for i in range(300))
    w.host.set_palette(palette)
    w.host.set_leds(1, frame)
    while w.now < 5000:
        w.step()
        if (w.host.state == "linked" and w.dev.shown_frame_id != 0 and w.showing is None
                and bytes(w.dev.dev.leds[0:300]) == frame
                and [w.dev.pixel(i) for i in range(300)] == [palette[i] for i in frame]):
            break
    else:
        pytest.fail(f"seed {seed}: no link and keyframe within 5 s (host {w.host.state})")
