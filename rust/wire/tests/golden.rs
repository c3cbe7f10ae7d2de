//! The checked-in golden frames are exactly what the codec produces from the fixed values in
//! `src/golden.rs`, and decode back to them. `AUTODROMO_BLESS=1` rewrites the file after an
//! intended change (which must also change `SCHEMA` and `PROTOCOL.md`).
use autodromo_wire::{decode_frame, encode_frame, golden, Message, MAX_WIRE, SCHEMA_HASH};
use std::fmt::Write as _;

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/golden/frames.txt");

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn render() -> String {
    let mut text = String::from(
        "# Bridge v1 golden frames, one per message type: <NAME> <envelope seq> <wire bytes in hex,\n\
         # trailing 0x00 delimiter included>. The values are in rust/wire/src/golden.rs and\n\
         # firmware_bridge/PROTOCOL.md (\"Golden vectors\"). Regenerate: AUTODROMO_BLESS=1 cargo test -p autodromo-wire --test golden\n",
    );
    let _ = writeln!(text, "# schema_hash 0x{SCHEMA_HASH:08x}");
    for (i, (name, msg)) in golden::samples().iter().enumerate() {
        let mut buf = [0u8; MAX_WIRE];
        let n = encode_frame(msg, golden::seq(i), &mut buf).unwrap();
        let _ = writeln!(text, "{name} {} {}", golden::seq(i), hex(&buf[..n]));
    }
    text
}

#[test]
fn golden_file_is_byte_identical() {
    let expect = render();
    if std::env::var_os("AUTODROMO_BLESS").is_some() {
        std::fs::write(PATH, &expect).unwrap();
    }
    let actual = std::fs::read_to_string(PATH).expect("golden/frames.txt is checked in");
    assert_eq!(
        actual, expect,
        "golden frames changed: rerun with AUTODROMO_BLESS=1 if intended"
    );
}

#[test]
fn golden_frames_decode_to_their_values() {
    let text = std::fs::read_to_string(PATH).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let samples = golden::samples();
    assert_eq!(lines.len(), samples.len());
    let mut seen_types = std::collections::BTreeSet::new();
    for (line, (name, msg)) in lines.iter().zip(samples.iter()) {
        let parts: Vec<&str> = line.split(' ').collect();
        assert_eq!(parts[0], *name);
        let bytes: Vec<u8> = (0..parts[2].len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&parts[2][i..i + 2], 16).unwrap())
            .collect();
        let frame = decode_frame(&bytes).unwrap();
        assert_eq!(frame.seq.to_string(), parts[1]);
        assert_eq!(&frame.message, msg);
        assert_eq!(frame.message.name(), *name);
        seen_types.insert(frame.message.type_id());
    }
    assert_eq!(seen_types.len(), 14, "one golden frame per message type");
}

#[test]
fn golden_frames_cross_the_sequence_wrap() {
    assert_eq!(golden::seq(0), 65530);
    assert_eq!(golden::seq(6), 0);
    let _: Message = golden::samples()[0].1;
}
