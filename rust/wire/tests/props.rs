//! Property tests: every message round-trips byte-exactly at any sequence number (the wrap
//! included), and the decoder survives arbitrary input within its memory bound.
use autodromo_wire::frame::Decoder;
use autodromo_wire::*;
use proptest::prelude::*;

fn arb_caps() -> impl Strategy<Value = Caps> {
    (
        any::<u16>(),
        any::<u16>(),
        any::<u16>(),
        any::<u8>(),
        any::<u8>(),
        any::<u8>(),
    )
        .prop_map(
            |(max_frame, rx_window, led_count, led_formats, outputs, inputs)| Caps {
                max_frame,
                rx_window,
                led_count,
                led_formats,
                outputs,
                inputs,
            },
        )
}

fn arb_key() -> impl Strategy<Value = LedKey> {
    (any::<u16>(), 0u8..=1, 0usize..=MAX_LEDS, any::<u64>()).prop_flat_map(
        |(frame_id, format, led_count, seed)| {
            let bpl = led_format::bytes_per_led(format).unwrap();
            let max_leds = led_count.min(LED_CHUNK_MAX / bpl);
            (0..=max_leds).prop_flat_map(move |leds| {
                (0..=led_count - leds).prop_map(move |offset| {
                    let mut k = LedKey {
                        frame_id,
                        format,
                        led_count: led_count as u16,
                        offset: offset as u16,
                        len: (leds * bpl) as u16,
                        ..LedKey::default()
                    };
                    for (i, b) in k.data[..leds * bpl].iter_mut().enumerate() {
                        *b = (seed >> (i % 8 * 8)) as u8 ^ i as u8;
                    }
                    k
                })
            })
        },
    )
}

fn arb_message() -> impl Strategy<Value = Message> {
    prop_oneof![
        (any::<u8>(), any::<u8>(), any::<u32>(), any::<u32>()).prop_map(
            |(major, minor, schema_hash, nonce)| Message::Hello(Hello {
                major,
                minor,
                schema_hash,
                nonce
            })
        ),
        (
            any::<[u8; 16]>(),
            1u8..=2,
            any::<(u8, u8, u32, u32, u16, u32, u16)>(),
            arb_caps()
        )
            .prop_map(
                |(
                    uid,
                    kind,
                    (major, minor, schema_hash, nonce, fw_version, boot_id, input_base),
                    caps,
                )| {
                    Message::HelloAck(HelloAck {
                        major,
                        minor,
                        schema_hash,
                        nonce,
                        kind,
                        uid,
                        fw_version,
                        boot_id,
                        input_base,
                        caps,
                    })
                }
            ),
        (any::<u16>(), any::<u8>(), any::<u16>()).prop_map(
            |(failsafe_ms, brightness, status_interval_ms)| {
                Message::Config(Config {
                    failsafe_ms,
                    brightness,
                    status_interval_ms,
                })
            }
        ),
        any::<u32>().prop_map(|host_ms| Message::Heartbeat(Heartbeat { host_ms })),
        (any::<[u32; 8]>(), any::<(u16, u16, u8, bool, i16)>()).prop_map(
            |(w, (shown_frame_id, state_id, palette_id, failsafe, encoder))| Message::Status(
                Status {
                    uptime_ms: w[0],
                    boot_id: w[1],
                    rx_ok: w[2],
                    crc_err: w[3],
                    cobs_err: w[4],
                    overflow: w[5],
                    bad_payload: w[6],
                    shown_frame_id,
                    state_id,
                    palette_id,
                    failsafe: u8::from(failsafe),
                    inputs: w[7],
                    encoder,
                }
            )
        ),
        (any::<(u16, u16, u16, u32)>(), any::<[u8; 7]>()).prop_map(
            |((state_id, speed, switches, lamps), b)| {
                Message::DashState(DashState {
                    state_id,
                    speed,
                    turn_pins: b[0],
                    temperature: b[1],
                    engine: b[2],
                    brakes: b[3],
                    tyres: b[4],
                    switches,
                    pace: b[5],
                    lamps,
                })
            }
        ),
        (
            any::<u8>(),
            prop::collection::vec(any::<[u8; 3]>(), 1..=PALETTE_MAX),
            any::<(u8, u16)>()
        )
            .prop_map(|(palette_id, colors, (first, extra))| {
                // A part of `colors.len()` colours from `first`, in a palette at least as long.
                let first = usize::from(first).min(PALETTE_MAX - colors.len());
                let size = (first + colors.len() + usize::from(extra)).min(PALETTE_MAX);
                let mut p = LedPalette {
                    palette_id,
                    size: size as u16,
                    first: first as u8,
                    count: colors.len() as u16,
                    ..LedPalette::default()
                };
                p.colors[..colors.len()].copy_from_slice(&colors);
                Message::LedPalette(p)
            }),
        (
            any::<u16>(),
            1u8..=HELLO_ACK_MAX_PAYLOAD as u8,
            any::<u8>(),
            prop::collection::vec(any::<u8>(), 0..=HELLO_PART_MAX)
        )
            .prop_map(|(check, total, offset, data)| {
                let len = data.len().min(usize::from(total));
                let offset = usize::from(offset) % (usize::from(total) - len + 1);
                let mut p = HelloPart {
                    check,
                    total,
                    offset: offset as u8,
                    len: len as u8,
                    ..HelloPart::default()
                };
                p.data[..len].copy_from_slice(&data[..len]);
                Message::HelloPart(p)
            }),
        arb_key().prop_map(Message::LedKey),
        (
            any::<u16>(),
            any::<u16>(),
            prop::collection::vec(any::<(u16, u16, u32)>(), 0..=MAX_RUNS)
        )
            .prop_map(|(frame_id, base_id, runs)| {
                let mut d = LedDelta {
                    frame_id,
                    base_id,
                    count: runs.len() as u16,
                    ..LedDelta::default()
                };
                for (slot, (start, len, value)) in d.runs.iter_mut().zip(runs) {
                    *slot = LedRun { start, len, value };
                }
                Message::LedDelta(d)
            }),
        (
            any::<u16>(),
            any::<u16>(),
            any::<u32>(),
            any::<bool>(),
            any::<u32>()
        )
            .prop_map(|(frame_id, ack_seq, ack_bits, shown, show_us)| {
                Message::FrameShown(FrameShown {
                    frame_id,
                    ack_seq,
                    ack_bits,
                    shown: u8::from(shown),
                    show_us,
                })
            }),
        (
            any::<u16>(),
            any::<u32>(),
            any::<u8>(),
            0u8..=2,
            any::<i16>()
        )
            .prop_map(|(ev_seq, t_ms, control, kind, value)| Message::InputEvent(
                InputEvent {
                    ev_seq,
                    t_ms,
                    control,
                    kind,
                    value
                }
            )),
        any::<u16>().prop_map(|upto| Message::AckInput(AckInput { upto })),
        (any::<u16>(), any::<u8>())
            .prop_map(|(ref_seq, code)| Message::Nack(Nack { ref_seq, code })),
    ]
}

/// Sequence numbers biased to the wrap.
fn arb_seq() -> impl Strategy<Value = u16> {
    prop_oneof![any::<u16>(), 65530u16..=65535, 0u16..=5]
}

/// 500 cases per property in `make test`, 20 000 under `make fuzz` (AUTODROMO_FUZZ=1).
fn cases() -> u32 {
    if std::env::var_os("AUTODROMO_FUZZ").is_some() {
        20_000
    } else {
        500
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn every_message_round_trips(msg in arb_message(), seq in arb_seq()) {
        let mut buf = [0u8; MAX_WIRE];
        let n = encode_frame(&msg, seq, &mut buf).unwrap();
        prop_assert!(n <= MAX_WIRE);
        prop_assert_eq!(buf[n - 1], 0);
        prop_assert!(!buf[..n - 1].contains(&0));
        let frame = decode_frame(&buf[..n]).unwrap();
        prop_assert_eq!(frame.seq, seq);
        prop_assert_eq!(frame.message, msg);
        let mut again = [0u8; MAX_WIRE];
        let m = encode_frame(&frame.message, frame.seq, &mut again).unwrap();
        prop_assert_eq!(&buf[..n], &again[..m]);
    }

    #[test]
    fn the_decoder_reassembles_frames_split_anywhere(
        msgs in prop::collection::vec((arb_message(), arb_seq()), 1..6),
        cuts in prop::collection::vec(1usize..64, 1..40),
    ) {
        let mut stream = Vec::new();
        for (m, s) in &msgs {
            let mut buf = [0u8; MAX_WIRE];
            let n = encode_frame(m, *s, &mut buf).unwrap();
            stream.extend_from_slice(&buf[..n]);
        }
        let mut d = Decoder::new();
        let mut got = Vec::new();
        let mut rest = &stream[..];
        let mut i = 0;
        while !rest.is_empty() {
            let (piece, tail) = rest.split_at(cuts[i % cuts.len()].min(rest.len()));
            for &b in piece {
                if let Some(r) = d.feed(b) {
                    got.push(r.unwrap());
                }
            }
            rest = tail;
            i += 1;
        }
        let expect: Vec<Frame> = msgs.iter().map(|(m, s)| Frame { seq: *s, message: *m }).collect();
        prop_assert_eq!(got, expect);
    }

    #[test]
    fn the_decoder_never_panics_nor_grows(bytes in prop::collection::vec(any::<u8>(), 0..4096)) {
        let mut d = Decoder::new();
        for &b in &bytes {
            let _ = d.feed(b);
            prop_assert!(d.buffered() <= MAX_FRAME);
        }
        let _ = decode_frame(&bytes);
        let _ = frame::decode_body(&bytes);
    }

    #[test]
    fn mutated_frames_never_panic_and_rarely_pass(
        msg in arb_message(), seq in arb_seq(),
        edits in prop::collection::vec((any::<u16>(), any::<u8>()), 1..8),
    ) {
        let mut buf = [0u8; MAX_WIRE];
        let n = encode_frame(&msg, seq, &mut buf).unwrap();
        let mut bytes = buf[..n].to_vec();
        for (at, v) in edits {
            let i = usize::from(at) % bytes.len();
            bytes[i] = v;
        }
        let mut d = Decoder::new();
        for &b in &bytes {
            if let Some(Ok(f)) = d.feed(b) {
                // Only the untouched frame may come out (an edit that wrote the same byte).
                prop_assert_eq!(f, Frame { seq, message: msg });
            }
            prop_assert!(d.buffered() <= MAX_FRAME);
        }
    }

    #[test]
    fn payload_decoding_never_panics(type_id in any::<u8>(), payload in prop::collection::vec(any::<u8>(), 0..1100)) {
        let _ = Message::decode_payload(type_id, &payload);
    }
}

#[test]
fn out_of_range_fields_are_refused_when_encoding() {
    let mut buf = [0u8; MAX_WIRE];
    let bad = [
        Message::FrameShown(FrameShown {
            shown: 2,
            ..FrameShown::default()
        }),
        Message::LedPalette(LedPalette::default()),
        // A part running past the palette's size.
        Message::LedPalette(LedPalette {
            size: 4,
            first: 2,
            count: 3,
            ..LedPalette::default()
        }),
        Message::HelloPart(HelloPart {
            total: 10,
            offset: 8,
            len: 4,
            ..HelloPart::default()
        }),
        Message::LedKey(LedKey {
            format: 9,
            ..LedKey::default()
        }),
        Message::LedKey(LedKey {
            led_count: 4,
            offset: 3,
            len: 6,
            ..LedKey::default()
        }),
        Message::LedKey(LedKey {
            led_count: 4,
            len: 5,
            ..LedKey::default()
        }),
        Message::LedDelta(LedDelta {
            count: MAX_RUNS as u16 + 1,
            ..LedDelta::default()
        }),
        Message::InputEvent(InputEvent {
            kind: 3,
            ..InputEvent::default()
        }),
        Message::HelloAck(HelloAck {
            kind: 0,
            ..HelloAck::default()
        }),
    ];
    for m in bad {
        assert!(
            matches!(encode_frame(&m, 0, &mut buf), Err(Error::InvalidField(_))),
            "{m:?}"
        );
    }
    let hb = Message::Heartbeat(Heartbeat { host_ms: 1 });
    assert_eq!(
        encode_frame(&hb, 0, &mut buf[..5]),
        Err(Error::BufferTooSmall)
    );
}
