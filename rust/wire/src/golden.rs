//! The fixed messages behind `golden/frames.txt`: one per type, with values chosen to exercise
//! multi-byte varints, zigzag, zero bytes (COBS) and every field. The C test
//! (`rust/ffi/tests/c/golden.c`) and the Python test (`tests/bridge/test_wire.py`) build the same
//! values on their own and must produce the same bytes.
use crate::messages::*;
use crate::{SCHEMA_HASH, VERSION_MAJOR, VERSION_MINOR};

/// Number of golden frames.
pub const COUNT: usize = 14;

/// The sequence number of golden frame `i` (crosses the 16-bit wrap on purpose).
pub fn seq(i: usize) -> u16 {
    65530u16.wrapping_add(i as u16)
}

fn led_key() -> LedKey {
    let mut m = LedKey {
        frame_id: 7,
        format: led_format::RGB888,
        led_count: 300,
        offset: 296,
        len: 12,
        ..LedKey::default()
    };
    m.data[..12].copy_from_slice(&[255, 0, 0, 0, 255, 0, 0, 0, 255, 16, 32, 48]);
    m
}

fn palette() -> LedPalette {
    let mut m = LedPalette {
        palette_id: 3,
        size: 22,
        first: 18,
        count: 4,
        ..LedPalette::default()
    };
    m.colors[..4].copy_from_slice(&[[0, 0, 0], [255, 0, 0], [0, 128, 255], [255, 255, 255]]);
    m
}

fn hello_part() -> HelloPart {
    let mut m = HelloPart {
        check: 0xBEEF,
        total: 52,
        offset: 48,
        len: 4,
        ..HelloPart::default()
    };
    m.data[..4].copy_from_slice(&[0x00, 0x01, 0xFF, 0x80]);
    m
}

fn delta() -> LedDelta {
    let mut m = LedDelta {
        frame_id: 8,
        base_id: 7,
        count: 3,
        ..LedDelta::default()
    };
    m.runs[..3].copy_from_slice(&[
        LedRun {
            start: 0,
            len: 1,
            value: 0x00FF_0000,
        },
        LedRun {
            start: 120,
            len: 5,
            value: 0x0000_80FF,
        },
        LedRun {
            start: 299,
            len: 1,
            value: 0,
        },
    ]);
    m
}

/// `(name, message)` for every golden frame, in file order.
pub fn samples() -> [(&'static str, Message); COUNT] {
    [
        (
            "HELLO",
            Message::Hello(Hello {
                major: VERSION_MAJOR,
                minor: VERSION_MINOR,
                schema_hash: SCHEMA_HASH,
                nonce: 0x1234_5678,
            }),
        ),
        (
            "HELLO_ACK",
            Message::HelloAck(HelloAck {
                major: VERSION_MAJOR,
                minor: VERSION_MINOR,
                schema_hash: SCHEMA_HASH,
                nonce: 0x1234_5678,
                kind: device_kind::TRACK,
                uid: [
                    0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0, 0, 0, 0, 0x0C, 0x0D, 0x0E,
                    0x0F,
                ],
                fw_version: 0x0102,
                boot_id: 0xDEAD_BEEF,
                input_base: 65535,
                caps: Caps {
                    max_frame: 1024,
                    rx_window: 2048,
                    led_count: 300,
                    led_formats: 0b11,
                    outputs: 0,
                    inputs: 2,
                },
            }),
        ),
        (
            "CONFIG",
            Message::Config(Config {
                failsafe_ms: 1000,
                brightness: 128,
                status_interval_ms: 250,
            }),
        ),
        (
            "HEARTBEAT",
            Message::Heartbeat(Heartbeat { host_ms: 123_456 }),
        ),
        (
            "STATUS",
            Message::Status(Status {
                uptime_ms: 3_600_000,
                boot_id: 0xDEAD_BEEF,
                rx_ok: 1000,
                crc_err: 3,
                cobs_err: 2,
                overflow: 1,
                bad_payload: 0,
                shown_frame_id: 7,
                state_id: 42,
                palette_id: 3,
                failsafe: 0,
                inputs: 0b101,
                encoder: -3,
            }),
        ),
        ("HELLO_PART", Message::HelloPart(hello_part())),
        (
            "DASH_STATE",
            Message::DashState(DashState {
                state_id: 42,
                speed: 180,
                turn_pins: 3,
                temperature: 5,
                engine: 4,
                brakes: 2,
                tyres: 0,
                switches: 0x0101,
                pace: 2,
                lamps: 0x8000_0001,
            }),
        ),
        ("LED_PALETTE", Message::LedPalette(palette())),
        ("LED_KEY", Message::LedKey(led_key())),
        ("LED_DELTA", Message::LedDelta(delta())),
        (
            "FRAME_SHOWN",
            Message::FrameShown(FrameShown {
                frame_id: 7,
                ack_seq: 65535,
                ack_bits: 0x8000_0005,
                shown: 1,
                show_us: 9000,
            }),
        ),
        (
            "INPUT_EVENT",
            Message::InputEvent(InputEvent {
                ev_seq: 65535,
                t_ms: 5000,
                control: 2,
                kind: input_kind::TURN,
                value: -2,
            }),
        ),
        ("ACK_INPUT", Message::AckInput(AckInput { upto: 65535 })),
        (
            "NACK",
            Message::Nack(Nack {
                ref_seq: 300,
                code: nack_code::NEED_KEYFRAME,
            }),
        ),
    ]
}
