//! Shared by the integration tests: a seeded generator, the golden frames, and a simulated
//! serial link between a host and a device session with fault injection.
#![allow(dead_code)]

use autodromo_wire::device::{DeviceEvent, DeviceInfo, DeviceSession};
use autodromo_wire::host::{HostEvent, HostSession};
use autodromo_wire::{encode_frame, golden, Caps, InputEvent, MAX_WIRE};
use std::collections::VecDeque;

/// xorshift64*: deterministic, no dependency.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p && p > 0.0
    }
    pub fn fill(&mut self, buf: &mut [u8]) {
        for chunk in buf.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

/// Every golden frame as wire bytes.
pub fn golden_frames() -> Vec<(&'static str, Vec<u8>)> {
    golden::samples()
        .iter()
        .enumerate()
        .map(|(i, (name, msg))| {
            let mut buf = [0u8; MAX_WIRE];
            let n = encode_frame(msg, golden::seq(i), &mut buf).unwrap();
            (*name, buf[..n].to_vec())
        })
        .collect()
}

pub fn track_info(boot_id: u32, window: u16) -> DeviceInfo {
    DeviceInfo {
        kind: autodromo_wire::device_kind::TRACK,
        uid: [7; 16],
        fw_version: 1,
        boot_id,
        caps: Caps {
            max_frame: 1024,
            rx_window: window,
            led_count: 300,
            led_formats: 0b11,
            outputs: 0,
            inputs: 4,
        },
    }
}

/// Per-byte fault probabilities of one direction.
#[derive(Debug, Clone, Copy, Default)]
pub struct Faults {
    pub drop: f64,
    pub duplicate: f64,
    pub flip: f64,
    pub insert: f64,
    /// Chance per millisecond that the line stalls for up to 20 ms.
    pub stall: f64,
}

/// One direction of a serial line: a FIFO paced at `bytes_per_ms`, delivered in 1-byte writes.
#[derive(Debug, Default)]
pub struct Line {
    pub queue: VecDeque<u8>,
    pub faults: Faults,
    pub bytes_per_ms: usize,
    stalled_until: u32,
    pub sent: usize,
}

impl Line {
    pub fn new(bytes_per_ms: usize) -> Self {
        Line {
            bytes_per_ms,
            ..Line::default()
        }
    }

    pub fn write(&mut self, bytes: &[u8], rng: &mut Rng) {
        self.sent += bytes.len();
        for &b in bytes {
            let f = self.faults;
            if rng.chance(f.drop) {
                continue;
            }
            let b = if rng.chance(f.flip) {
                b ^ (1 << rng.below(8))
            } else {
                b
            };
            self.queue.push_back(b);
            if rng.chance(f.duplicate) {
                self.queue.push_back(b);
            }
            if rng.chance(f.insert) {
                self.queue.push_back(rng.below(256) as u8);
            }
        }
    }

    /// The bytes that arrive during this millisecond.
    pub fn deliver(&mut self, now: u32, rng: &mut Rng) -> Vec<u8> {
        if now < self.stalled_until {
            return Vec::new();
        }
        if rng.chance(self.faults.stall) {
            self.stalled_until = now + 1 + rng.below(20) as u32;
            return Vec::new();
        }
        let n = self.bytes_per_ms.min(self.queue.len());
        self.queue.drain(..n).collect()
    }

    /// Room left before the sender should hold back (a UART's transmit buffer).
    pub fn has_room(&self) -> bool {
        self.queue.len() < 4 * MAX_WIRE
    }
}

/// A host and a device joined by two lines, on a fake millisecond clock. The device's "strip"
/// takes `show_ms` to latch a frame.
pub struct Sim {
    pub now: u32,
    pub host: HostSession,
    pub dev: DeviceSession,
    pub h2d: Line,
    pub d2h: Line,
    pub rng: Rng,
    pub show_ms: u32,
    pub showing: Option<(u16, u32)>,
    pub host_events: Vec<HostEvent>,
    pub dev_events: Vec<DeviceEvent>,
    pub inputs_received: Vec<InputEvent>,
    /// Hook on every byte chunk the host sends (for observers).
    pub host_tx_log: Vec<(u32, Vec<u8>)>,
    pub dev_tx_log: Vec<(u32, Vec<u8>)>,
    pub log_tx: bool,
    /// When a delimiter (the end of a frame) last reached each end.
    pub host_last_delimiter: u32,
    pub dev_last_delimiter: u32,
}

impl Sim {
    pub fn new(seed: u64, info: DeviceInfo, bytes_per_ms: usize) -> Self {
        Sim {
            now: 1000,
            host: HostSession::new(0xC0FF_EE00 ^ seed as u32),
            dev: DeviceSession::new(info),
            h2d: Line::new(bytes_per_ms),
            d2h: Line::new(bytes_per_ms),
            rng: Rng::new(seed),
            show_ms: 9,
            showing: None,
            host_events: Vec::new(),
            dev_events: Vec::new(),
            inputs_received: Vec::new(),
            host_tx_log: Vec::new(),
            dev_tx_log: Vec::new(),
            log_tx: false,
            host_last_delimiter: 0,
            dev_last_delimiter: 0,
        }
    }

    pub fn set_faults(&mut self, f: Faults) {
        self.h2d.faults = f;
        self.d2h.faults = f;
    }

    /// One millisecond of both ends running.
    pub fn step(&mut self) {
        self.now += 1;
        let now = self.now;
        let mut buf = vec![0u8; MAX_WIRE + 1];
        // Host: a read that returns nothing still advances its clock.
        self.host.tick(now);
        for b in self.d2h.deliver(now, &mut self.rng) {
            if b == 0 {
                self.host_last_delimiter = now;
            }
            self.host.receive(&[b], now);
        }
        while let Some(e) = self.host.poll_event() {
            if let HostEvent::Input(ev) = e {
                self.inputs_received.push(ev);
            }
            self.host_events.push(e);
        }
        while self.h2d.has_room() {
            let n = self.host.poll_transmit(now, &mut buf);
            if n == 0 {
                break;
            }
            if self.log_tx {
                self.host_tx_log.push((now, buf[..n].to_vec()));
            }
            self.h2d.write(&buf[..n], &mut self.rng);
        }
        // Device.
        self.dev.tick(now);
        for b in self.h2d.deliver(now, &mut self.rng) {
            if b == 0 {
                self.dev_last_delimiter = now;
            }
            self.dev.receive(&[b], now);
        }
        while let Some(e) = self.dev.poll_event() {
            if let DeviceEvent::Show { frame_id } = e {
                assert!(
                    self.showing.is_none(),
                    "a second Show before the strip latched"
                );
                self.showing = Some((frame_id, now + self.show_ms));
            }
            self.dev_events.push(e);
        }
        if let Some((id, at)) = self.showing {
            if now >= at {
                assert!(self.dev.frame_shown(id, self.show_ms * 1000, now));
                self.showing = None;
            }
        }
        while self.d2h.has_room() {
            let n = self.dev.poll_transmit(now, &mut buf);
            if n == 0 {
                break;
            }
            if self.log_tx {
                self.dev_tx_log.push((now, buf[..n].to_vec()));
            }
            self.d2h.write(&buf[..n], &mut self.rng);
        }
    }

    pub fn run(&mut self, ms: u32) {
        for _ in 0..ms {
            self.step();
        }
    }

    /// The device shows exactly what the host wants: dashboard, palette, LED frame.
    pub fn converged(&self) -> bool {
        let dash_ok = self.host.dash().is_none_or(|d| d == self.dev.dash());
        let pal_ok = self.host.palette().is_none_or(|p| p == self.dev.palette());
        let leds_ok = self.host.leds().is_none_or(|(fmt, count, data)| {
            self.dev.shown_frame_id() != 0
                && self.showing.is_none()
                && self.dev.led_format() == fmt
                && self.dev.led_count() == count
                && self.dev.led_data() == data
        });
        dash_ok && pal_ok && leds_ok
    }
}
