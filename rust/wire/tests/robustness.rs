//! Integrity and resynchronisation of the framing (issue 7, "What it must show", codec part).
mod common;

use autodromo_wire::frame::{decode_body, Decoder};
use autodromo_wire::{crc32, decode_frame, Error, Frame, MAX_FRAME};
use common::{golden_frames, Rng};

/// Every frame a fresh decoder accepts from `bytes` (after a leading delimiter).
fn accepted(bytes: &[u8]) -> Vec<Frame> {
    let mut d = Decoder::new();
    let mut out = Vec::new();
    for &b in [0u8].iter().chain(bytes).chain([0u8].iter()) {
        if let Some(Ok(f)) = d.feed(b) {
            out.push(f);
        }
        assert!(d.buffered() <= MAX_FRAME);
    }
    out
}

fn flip(frame: &[u8], start_bit: usize, pattern: u64, len: usize) -> Vec<u8> {
    let mut v = frame.to_vec();
    for k in 0..len {
        if pattern >> k & 1 == 1 {
            let bit = start_bit + k;
            v[bit / 8] ^= 1 << (bit % 8);
        }
    }
    v
}

#[test]
fn every_single_bit_flip_is_rejected() {
    for (name, frame) in golden_frames() {
        assert_eq!(accepted(&frame).len(), 1, "{name} intact");
        for bit in 0..frame.len() * 8 {
            let bad = flip(&frame, bit, 1, 1);
            assert!(
                accepted(&bad).is_empty(),
                "{name}: flip of bit {bit} accepted"
            );
        }
    }
}

#[test]
fn every_burst_up_to_32_bits_is_rejected() {
    // A burst of length L flips its first and last bit; the bits between take every value in
    // the exhaustive sweep for L <= 8, and all-ones plus four seeded patterns above that.
    let mut rng = Rng::new(32);
    let mut tried = 0u64;
    for (name, frame) in golden_frames() {
        let bits = frame.len() * 8;
        for len in 2..=32usize {
            for start in 0..=bits.saturating_sub(len) {
                let edges = 1u64 | (1u64 << (len - 1));
                let inner_bits = len - 2;
                let mut patterns: Vec<u64> = if inner_bits <= 6 {
                    (0..1u64 << inner_bits).map(|m| edges | (m << 1)).collect()
                } else {
                    let mask = ((1u64 << inner_bits) - 1) << 1;
                    let mut p = vec![edges | mask];
                    p.extend((0..4).map(|_| edges | (rng.next_u64() << 1 & mask)));
                    p
                };
                patterns.dedup();
                for pattern in patterns {
                    tried += 1;
                    let bad = flip(&frame, start, pattern, len);
                    assert!(
                        accepted(&bad).is_empty(),
                        "{name}: burst len {len} at bit {start} ({pattern:#x}) accepted"
                    );
                }
            }
        }
    }
    assert!(tried > 300_000, "only {tried} bursts tried");
}

/// Random bytes never produce a frame; the budget is `AUTODROMO_FUZZ_MB` (4 MB by default,
/// 100 MB in `make fuzz`).
#[test]
fn random_bytes_yield_no_frame() {
    let mb: usize = std::env::var("AUTODROMO_FUZZ_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let mut rng = Rng::new(0xF022);
    let mut d = Decoder::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut errors = 0u64;
    for _ in 0..mb {
        rng.fill(&mut buf);
        for &b in &buf {
            match d.feed(b) {
                Some(Ok(f)) => panic!("random bytes accepted as {f:?}"),
                Some(Err(_)) => errors += 1,
                None => {}
            }
        }
        assert!(d.buffered() <= MAX_FRAME);
    }
    // About one delimiter per 256 random bytes: each ends a rejected candidate frame.
    assert!(
        errors as usize > mb * 3000,
        "{errors} candidates in {mb} MB"
    );
}

#[test]
fn after_garbage_of_any_length_the_next_intact_frame_decodes() {
    let mut rng = Rng::new(7);
    let frames = golden_frames();
    for len in
        (0..3000)
            .step_by(37)
            .chain([MAX_FRAME - 1, MAX_FRAME, MAX_FRAME + 1, 10 * MAX_FRAME])
    {
        for with_zeros in [false, true] {
            let mut garbage = vec![0u8; len];
            rng.fill(&mut garbage);
            if !with_zeros {
                garbage
                    .iter_mut()
                    .filter(|b| **b == 0)
                    .for_each(|b| *b = 0x5A);
            }
            let (_, f1) = &frames[(len / 37) % frames.len()];
            let (name, f2) = &frames[(len / 37 + 1) % frames.len()];
            // Garbage then two frames: the first may merge with the garbage, the second
            // (after the first's delimiter) must decode.
            let mut d = Decoder::new();
            let mut got = Vec::new();
            for &b in garbage.iter().chain(f1).chain(f2) {
                if let Some(Ok(f)) = d.feed(b) {
                    got.push(f);
                }
                assert!(d.buffered() <= MAX_FRAME);
            }
            let expect = decode_frame(f2).unwrap();
            assert_eq!(
                got.last(),
                Some(&expect),
                "{name} after {len} bytes of garbage"
            );
            // Garbage, a delimiter, then a frame: that frame decodes.
            let mut d = Decoder::new();
            let mut got = Vec::new();
            for &b in garbage.iter().chain([0u8].iter()).chain(f1) {
                if let Some(Ok(f)) = d.feed(b) {
                    got.push(f);
                }
            }
            assert_eq!(got, vec![decode_frame(f1).unwrap()]);
        }
    }
}

#[test]
fn ten_megabytes_without_a_delimiter_stay_within_max_frame() {
    let mut d = Decoder::new();
    let mut rng = Rng::new(10);
    let mut buf = vec![0u8; 1 << 20];
    let mut overflows = 0;
    for _ in 0..10 {
        rng.fill(&mut buf);
        for &b in &buf {
            match d.feed(b.max(1)) {
                Some(Err(Error::FrameTooLong)) => overflows += 1,
                Some(other) => panic!("{other:?}"),
                None => {}
            }
            assert!(d.buffered() <= MAX_FRAME);
        }
    }
    assert_eq!(
        overflows, 1,
        "one overflow reported, then silence until a delimiter"
    );
    assert_eq!(d.counters().overflow, 1);
    let (_, frame) = &golden_frames()[0];
    let mut got = None;
    for &b in [0u8].iter().chain(frame) {
        if let Some(r) = d.feed(b) {
            got = Some(r);
        }
    }
    assert_eq!(got, Some(decode_frame(frame)));
}

// Regression vectors modelled on MAVLink's parser bugs.

#[test]
fn a_good_crc_with_flag_bits_in_the_version_is_refused() {
    let mut body = vec![0x11, 0x04, 0, 0, 0x05];
    body.extend_from_slice(&crc32(&body).to_le_bytes());
    assert_eq!(decode_body(&body), Err(Error::Version));
}

#[test]
fn a_truncated_header_is_refused() {
    for len in 0..8 {
        assert_eq!(decode_body(&[0x10; 8][..len]), Err(Error::TooShort));
    }
    // One code byte then the delimiter: an empty body.
    assert_eq!(decode_frame(&[0x01, 0x00]), Err(Error::TooShort));
}

#[test]
fn a_frame_cut_by_a_delimiter_is_refused_and_the_next_decodes() {
    let frames = golden_frames();
    let (_, f) = &frames[1];
    let (_, g) = &frames[2];
    for cut in 1..f.len() - 1 {
        let mut stream = f[..cut].to_vec();
        stream.push(0);
        stream.extend_from_slice(g);
        let got = accepted(&stream);
        assert_eq!(got, vec![decode_frame(g).unwrap()], "cut at {cut}");
    }
}

#[test]
fn a_bad_crc_never_costs_the_following_frame() {
    // pymavlink #881: a frame with a bad CRC whose bytes look like a start of frame.
    let frames = golden_frames();
    let (_, f) = &frames[3];
    let (_, g) = &frames[4];
    let mut bad = f.clone();
    let n = bad.len();
    bad[n - 2] ^= 0xFF;
    let mut stream = bad;
    stream.extend_from_slice(g);
    assert_eq!(accepted(&stream), vec![decode_frame(g).unwrap()]);
}

#[test]
fn unknown_types_and_trailing_bytes_are_refused_and_counted() {
    let mut body = vec![0x10, 0x6E, 1, 0];
    body.extend_from_slice(&crc32(&body).to_le_bytes());
    assert_eq!(decode_body(&body), Err(Error::UnknownType(0x6E)));
    let mut body = vec![0x10, 0x31, 1, 0, 0x05, 0x00];
    body.extend_from_slice(&crc32(&body).to_le_bytes());
    assert_eq!(decode_body(&body), Err(Error::TrailingBytes));
    let mut stuffed = [0u8; 32];
    let n = autodromo_wire::frame::cobs_encode(&body, &mut stuffed).unwrap();
    let mut d = Decoder::new();
    for &b in stuffed[..n].iter().chain([0u8].iter()) {
        d.feed(b);
    }
    assert_eq!(d.counters().bad_payload, 1);
}

/// Resync costs O(1): under byte drops, bit flips and inserted bytes, every fault costs at most
/// the frame it hit, plus the next one when it hit that frame's delimiter; and no damaged frame
/// is ever accepted.
#[test]
fn losses_stay_close_to_the_frames_damaged() {
    use autodromo_wire::{encode_frame, golden, MAX_WIRE};
    let samples = golden::samples();
    for (model, p) in [("drop", 1e-3f64), ("flip", 1e-2), ("insert", 1e-3)] {
        let mut rng = Rng::new(p.to_bits());
        let mut stream = Vec::new();
        let mut sent = Vec::new();
        let mut damaged = 0usize;
        let mut delimiters_hit = 0usize;
        for i in 0..20_000u32 {
            let msg = samples[(rng.below(samples.len() as u64)) as usize].1;
            let mut buf = [0u8; MAX_WIRE];
            let n = encode_frame(&msg, i as u16, &mut buf).unwrap();
            let mut hit = false;
            for (j, &b) in buf[..n].iter().enumerate() {
                if rng.chance(p) {
                    hit = true;
                    delimiters_hit += usize::from(j == n - 1);
                    match model {
                        "drop" => continue,
                        "flip" => stream.push(b ^ (1 << rng.below(8))),
                        _ => {
                            stream.push(b);
                            stream.push(rng.below(256) as u8);
                        }
                    }
                } else {
                    stream.push(b);
                }
            }
            damaged += usize::from(hit);
            sent.push((i as u16, msg));
        }
        let mut d = Decoder::new();
        let mut got = Vec::new();
        for &b in &stream {
            if let Some(Ok(f)) = d.feed(b) {
                got.push(f);
            }
        }
        for f in &got {
            assert_eq!(
                sent[usize::from(f.seq)].1,
                f.message,
                "{model}: a damaged frame was accepted"
            );
        }
        let lost = sent.len() - got.len();
        assert!(damaged > 100, "{model}: {damaged} damaged");
        assert!(
            lost <= damaged + delimiters_hit,
            "{model}: {lost} lost, {damaged} damaged, {delimiters_hit} delimiters hit"
        );
        assert!(
            lost as f64 <= damaged as f64 * 1.1,
            "{model}: {lost} lost for {damaged} damaged"
        );
    }
}
