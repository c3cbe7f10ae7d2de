//! Issue 17, item 5: the handshake and an LED keyframe through a line that loses 10% of its
//! bytes in both directions. Target: linked, and the strip showing the whole frame through its
//! palette, within 5 s of the host's first HELLO. A short soak here (`cargo test`, part of
//! `make test`); `AUTODROMO_SOAK_SEEDS=500` for the long one (`make fuzz`).
mod common;

use autodromo_wire::host::LinkState;
use autodromo_wire::*;
use common::{track_info, Faults, Sim};

/// 250 000 baud (the firmware's rate) and 1 000 000 (the bridge's default), in bytes per ms.
const RATES: [usize; 2] = [25, 100];
const TARGET_MS: u32 = 5000;

/// (ms to link, ms to the keyframe on the strip) for one seed.
fn run(seed: u64, rate: usize) -> (u32, u32) {
    // The track board's own numbers (firmware_bridge/firmware/README.md): 300 LEDs, PAL8.
    let mut sim = Sim::new(seed, track_info(0xB000 + seed as u32, 1100), rate);
    sim.set_faults(Faults {
        drop: 0.10,
        ..Faults::default()
    });
    let colors: Vec<[u8; 3]> = (0..22u32)
        .map(|i| [(37 * i) as u8, (91 * i) as u8, 13])
        .collect();
    sim.host.set_palette(&colors).unwrap();
    let frame: Vec<u8> = (0..300).map(|i| (i * 7 % 22) as u8).collect();
    sim.host.set_leds(led_format::PAL8, &frame).unwrap();
    let start = sim.now;
    let mut link = None;
    while sim.now - start < TARGET_MS + 5000 {
        sim.step();
        if link.is_none() && sim.host.state() == LinkState::Linked {
            link = Some(sim.now - start);
        }
        if let Some(at) = link.filter(|_| sim.converged()) {
            return (at, sim.now - start);
        }
    }
    panic!(
        "seed {seed} at {rate} bytes/ms: link {link:?}, no keyframe in {} ms",
        sim.now - start
    );
}

fn percentile(sorted: &[u32], p: usize) -> u32 {
    sorted[(sorted.len() - 1) * p / 100]
}

#[test]
fn a_link_and_a_keyframe_within_5_s_at_10_percent_byte_loss() {
    let seeds: u64 = std::env::var("AUTODROMO_SOAK_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    for rate in RATES {
        let (mut links, mut keys): (Vec<u32>, Vec<u32>) = (0..seeds).map(|s| run(s, rate)).unzip();
        links.sort_unstable();
        keys.sort_unstable();
        eprintln!(
            "{rate} bytes/ms, {seeds} seeds: link median {} ms, p90 {}, max {}; keyframe median {} ms, p90 {}, max {}",
            percentile(&links, 50),
            percentile(&links, 90),
            links[links.len() - 1],
            percentile(&keys, 50),
            percentile(&keys, 90),
            keys[keys.len() - 1],
        );
        assert!(
            keys[keys.len() - 1] <= TARGET_MS,
            "{rate} bytes/ms: {keys:?}"
        );
    }
}
