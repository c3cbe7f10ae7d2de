//! The host side of a link, sans-IO. The host holds the *desired* state (dashboard, palette,
//! LED frame); the session keeps the device converging to it over a lossy link: HELLO until
//! answered, latest-wins state refreshed on change and on timers, LED frames as keyframes or
//! deltas under flow control (`leds`), input events acknowledged and delivered exactly once.
//!
//! ```text
//! host.set_dash(state);                      // whenever the game changes
//! host.receive(&port_bytes, now_ms);
//! while let Some(ev) = host.poll_event() { /* Input → game action, LinkLost → reconnect… */ }
//! let n = host.poll_transmit(now_ms, &mut tx);   // tx: at least MAX_WIRE + 1 bytes
//! port.write(&tx[..n]);
//! ```
mod leds;

use core::fmt;

use crate::frame::{wire_len, Decoder, Out, MAX_FRAME};
use crate::messages::*;
use crate::queue::Queue;
use crate::seq;
use crate::timing::{self, elapsed};
use crate::{crc32, Error, SCHEMA_HASH, VERSION_MAJOR, VERSION_MINOR};
use leds::{LedChannel, Limits, Outcome};

/// The smallest `max_frame` a device may advertise: every message but LED data fits (HELLO
/// is 20 bytes, DASH_STATE at most 28), and LED data is split to fit.
pub const MIN_FRAME: u16 = 64;

/// Where the link stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkState {
    /// Sending HELLO until a HELLO_ACK with our nonce arrives.
    Handshaking,
    Linked,
    /// The device speaks another major version or schema: the session stays silent.
    Incompatible,
    /// The device's HELLO_ACK describes a device this host cannot drive: silent too.
    Refused,
}

/// Why a compatible device is refused at the handshake.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// `max_frame` below [`MIN_FRAME`].
    MaxFrame(u16),
    /// `led_count` above `MAX_LEDS`.
    LedCount(u16),
    /// LEDs, but neither RGB888 nor PAL8 among `led_formats`.
    LedFormats(u8),
    /// LEDs, but an `rx_window` smaller than the smallest LED message.
    Window { rx_window: u16, needed: u16 },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::MaxFrame(n) => write!(
                f,
                "max_frame {n} is below the protocol's minimum of {MIN_FRAME} bytes"
            ),
            Refusal::LedCount(n) => {
                write!(f, "led_count {n} is above the protocol's {MAX_LEDS} LEDs")
            }
            Refusal::LedFormats(b) => write!(
                f,
                "led_formats {b:#04x} offers neither RGB888 (bit 0) nor PAL8 (bit 1)"
            ),
            Refusal::Window { rx_window, needed } => write!(
                f,
                "rx_window {rx_window} is below the {needed} bytes of the smallest LED message"
            ),
        }
    }
}

/// Something the host received and did not use, with its cause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dropped {
    /// A frame (HELLO_ACK, HELLO_PART or STATUS) from a boot the device has since left.
    OlderBoot { boot_id: u32 },
    /// Input events `first ..= first + count - 1` never came: the device numbered past them.
    InputsSkipped { first: u16, count: u16 },
    /// The device's numbering jumped from `from` to `to`, too far to tell from a repeat: the host
    /// asked where it stands and follows it from `to`; the events from `to` on are heard.
    InputsRenumbered { from: u16, to: u16 },
}

impl fmt::Display for Dropped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Dropped::OlderBoot { boot_id } => write!(
                f,
                "a frame from an older boot ({boot_id:#010x}) of the device, ignored"
            ),
            Dropped::InputsSkipped { first, count } => write!(
                f,
                "input events {first} to {} never came: the device numbered past them",
                first.wrapping_add(count - 1)
            ),
            Dropped::InputsRenumbered { from, to } => write!(
                f,
                "input numbering jumped from {from} to {to}: resynchronised, \
                 the events from {to} on are heard"
            ),
        }
    }
}

/// What the application must act on.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostEvent {
    /// Handshake done (first time, or again after a link loss with the same boot).
    Linked(HelloAck),
    /// The device rebooted (new boot id) or another device answered: state is resent in full.
    DeviceReset(HelloAck),
    /// Major version or schema hash differ; nothing more is sent.
    Incompatible(HelloAck),
    /// A compatible device this host cannot drive; nothing more is sent.
    Refused(HelloAck, Refusal),
    /// No valid frame for 1 s (5 s while damaged frames keep coming); back to handshaking.
    LinkLost,
    /// A control changed on the device; each arrives exactly once, in order.
    Input(InputEvent),
    Status(Status),
    /// The strip shows frame `frame_id`.
    FrameShown(u16),
    /// The device refused a message.
    Nack(Nack),
    /// Something received was not used (counted in `dropped()`).
    Dropped(Dropped),
}

/// A HELLO_ACK arriving in parts.
#[derive(Debug, Clone, Copy)]
struct Parts {
    check: u16,
    total: usize,
    bytes: [u8; HELLO_ACK_MAX_PAYLOAD],
    have: u64,
}

impl Parts {
    const EMPTY: Parts = Parts {
        check: 0,
        total: 0,
        bytes: [0; HELLO_ACK_MAX_PAYLOAD],
        have: 0,
    };

    /// Adds a part; the whole HELLO_ACK once every byte has come and checks.
    fn add(&mut self, p: &HelloPart) -> Option<HelloAck> {
        let total = usize::from(p.total);
        if total > HELLO_ACK_MAX_PAYLOAD {
            return None;
        }
        if p.check != self.check || total != self.total {
            *self = Parts {
                check: p.check,
                total,
                ..Parts::EMPTY
            };
        }
        let off = usize::from(p.offset);
        self.bytes[off..off + p.data().len()].copy_from_slice(p.data());
        for i in off..off + p.data().len() {
            self.have |= 1 << i;
        }
        let all = if total == 64 {
            u64::MAX
        } else {
            (1u64 << total) - 1
        };
        if self.have & all != all || crc32(&self.bytes[..total]) as u16 != self.check {
            return None;
        }
        match Message::decode_payload(msg_type::HELLO_ACK, &self.bytes[..total]) {
            Ok(Message::HelloAck(a)) => Some(a),
            _ => None,
        }
    }
}

/// Boot ids a device has left (newest last): their late frames are dropped.
const RETIRED: usize = 4;

/// The protocol state of the host's end of one link.
#[derive(Debug, Clone)]
pub struct HostSession {
    decoder: Decoder,
    tx_seq: u16,
    state: LinkState,
    nonce: u32,
    device: Option<HelloAck>,
    retired: [Option<u32>; RETIRED],
    dropped: u32,
    parts: Parts,
    last_hello_ms: Option<u32>,
    hello_interval_ms: u32,
    last_heard_ms: Option<u32>,
    hello_now: bool,
    /// Linked, asking the device where its input numbering stands (a HELLO).
    asking: bool,
    last_rx_ms: u32,
    last_noise_ms: Option<u32>,
    last_tx_ms: u32,
    config: Config,
    config_dirty: bool,
    dash: Option<DashState>,
    dash_dirty: bool,
    last_dash_ms: u32,
    leds: LedChannel,
    /// Next input event sequence expected (set from HELLO_ACK.input_base).
    expected: u16,
    /// Since when an event ahead of `expected` keeps coming without `expected`.
    gap_since: Option<u32>,
    ack_due: bool,
    events: Queue<HostEvent, 32>,
}

impl HostSession {
    /// `nonce`: a random value from the caller (the session has no entropy of its own); 0 marks
    /// a device's boot announcement, so a 0 given here is taken as 1.
    pub fn new(nonce: u32) -> Self {
        let nonce = nonce.max(1);
        HostSession {
            decoder: Decoder::new(),
            tx_seq: 0,
            state: LinkState::Handshaking,
            nonce,
            device: None,
            retired: [None; RETIRED],
            dropped: 0,
            parts: Parts::EMPTY,
            last_hello_ms: None,
            hello_interval_ms: timing::HELLO_RETRY_MS,
            last_heard_ms: None,
            hello_now: false,
            asking: false,
            last_rx_ms: 0,
            last_noise_ms: None,
            last_tx_ms: 0,
            config: Config {
                failsafe_ms: timing::FAILSAFE_MS,
                brightness: 255,
                status_interval_ms: timing::STATUS_INTERVAL_MS,
            },
            config_dirty: true,
            dash: None,
            dash_dirty: false,
            last_dash_ms: 0,
            leds: LedChannel::new(),
            expected: 0,
            gap_since: None,
            ack_due: false,
            events: Queue::new(),
        }
    }

    pub fn state(&self) -> LinkState {
        self.state
    }
    /// The last HELLO_ACK of the device.
    pub fn device(&self) -> Option<&HelloAck> {
        self.device.as_ref()
    }
    /// Wire bytes of LED messages sent and not yet acknowledged (never above the device's
    /// `rx_window`).
    pub fn led_in_flight_bytes(&self) -> usize {
        self.leds.inflight_bytes
    }
    /// The frame the strip is known to show (0: none or unknown).
    pub fn confirmed_frame_id(&self) -> u16 {
        self.leds.confirmed_id
    }
    /// Frames received and not used (from an older boot of the device).
    pub fn dropped(&self) -> u32 {
        self.dropped
    }
    pub fn dash(&self) -> Option<&DashState> {
        self.dash.as_ref()
    }
    /// The whole palette (`count` colours from index 0).
    pub fn palette(&self) -> Option<&LedPalette> {
        self.leds.palette.as_ref()
    }
    /// The desired LED frame: (format, count, data).
    pub fn leds(&self) -> Option<(u8, u16, &[u8])> {
        let f = &self.leds.desired;
        self.leds.led_set.then(|| (f.format, f.count, f.bytes()))
    }

    pub fn poll_event(&mut self) -> Option<HostEvent> {
        self.events.pop()
    }

    /// Sets the device's settings (sent now and after every reconnect).
    pub fn set_config(&mut self, config: Config) {
        self.config = config;
        self.config_dirty = true;
    }

    /// Sets what the dashboard shows. `state_id` is assigned by the session (a new id whenever
    /// the content changes); the stored state is returned.
    pub fn set_dash(&mut self, mut dash: DashState) -> DashState {
        let current = self.dash.unwrap_or_default();
        dash.state_id = current.state_id;
        if self.dash.is_none() || dash != current {
            dash.state_id = seq::next_id(current.state_id);
            self.dash = Some(dash);
            self.dash_dirty = true;
        }
        dash
    }

    /// Sets the palette; `palette_id` is assigned by the session (1..=255, new on change).
    pub fn set_palette(&mut self, colors: &[[u8; 3]]) -> Result<u8, Error> {
        if colors.is_empty() || colors.len() > PALETTE_MAX {
            return Err(Error::InvalidField("LED_PALETTE.count"));
        }
        let mut p = LedPalette {
            size: colors.len() as u16,
            count: colors.len() as u16,
            ..LedPalette::default()
        };
        p.colors[..colors.len()].copy_from_slice(colors);
        let old = self.leds.palette.unwrap_or_default();
        p.palette_id = old.palette_id;
        if self.leds.palette.is_none() || p != old {
            p.palette_id = match old.palette_id.wrapping_add(1) {
                0 => 1,
                n => n,
            };
            self.leds.set_palette(p);
        }
        Ok(p.palette_id)
    }

    /// Sets the LED frame: `data` holds `data.len() / bytes_per_led(format)` LEDs (at least one),
    /// in a format the device shows and no more LEDs than it has.
    pub fn set_leds(&mut self, format: u8, data: &[u8]) -> Result<(), Error> {
        let bpl = led_format::bytes_per_led(format).ok_or(Error::InvalidField("LED_KEY.format"))?;
        if data.is_empty() || data.len() % bpl != 0 || data.len() / bpl > MAX_LEDS {
            return Err(Error::InvalidField("LED_KEY.led_count"));
        }
        if let Some(dev) = &self.device {
            if dev.caps.led_formats & (1 << format) == 0 {
                return Err(Error::InvalidField("LED_KEY.format"));
            }
            if data.len() / bpl > usize::from(dev.caps.led_count) {
                return Err(Error::InvalidField("LED_KEY.led_count"));
            }
        }
        self.leds.set_leds(format, data);
        Ok(())
    }

    fn event(&mut self, e: HostEvent) -> bool {
        self.events.push(e).is_ok()
    }

    /// Forgets what the device holds, so everything is sent again.
    fn resync(&mut self) {
        self.config_dirty = true;
        self.dash_dirty = self.dash.is_some();
        self.leds.resync();
    }

    /// Back to the handshake, saying HELLO at once (the device is gone, or it rebooted).
    fn rehandshake(&mut self) {
        self.state = LinkState::Handshaking;
        self.hello_now = true;
        self.asking = false;
        self.ack_due = false;
        self.gap_since = None;
        self.resync();
    }

    /// Advances the clock: the link-lost timer. A line that stays silent loses the link after
    /// 1 s; one that keeps bringing damaged frames (a device is there) after 5 s.
    pub fn tick(&mut self, now_ms: u32) {
        if self.state != LinkState::Linked
            || !elapsed(now_ms, self.last_rx_ms, timing::LINK_LOST_MS)
        {
            return;
        }
        let noisy = self
            .last_noise_ms
            .is_some_and(|t| !elapsed(now_ms, t, timing::LINK_LOST_MS));
        if noisy && !elapsed(now_ms, self.last_rx_ms, timing::LINK_LOST_NOISY_MS) {
            return;
        }
        self.rehandshake();
        self.hello_now = false;
        self.last_hello_ms = None;
        self.event(HostEvent::LinkLost);
    }

    /// Feeds received bytes (any split).
    pub fn receive(&mut self, bytes: &[u8], now_ms: u32) {
        self.tick(now_ms);
        if !bytes.is_empty() {
            self.last_heard_ms = Some(now_ms);
        }
        for &b in bytes {
            match self.decoder.feed(b) {
                Some(Ok(_)) if self.state == LinkState::Incompatible => {}
                Some(Ok(frame)) => {
                    if self.state == LinkState::Linked {
                        self.last_rx_ms = now_ms;
                    }
                    self.handle(frame.message, now_ms);
                }
                Some(Err(_)) => self.last_noise_ms = Some(now_ms),
                None => {}
            }
        }
    }

    fn is_retired(&self, boot_id: u32) -> bool {
        self.retired.contains(&Some(boot_id))
    }

    fn retire(&mut self, boot_id: u32) {
        if !self.is_retired(boot_id) {
            self.retired.rotate_left(1);
            self.retired[RETIRED - 1] = Some(boot_id);
        }
    }

    /// A frame from a boot the device has left: dropped, counted, reported.
    fn stale(&mut self, boot_id: u32) -> bool {
        if !self.is_retired(boot_id) {
            return false;
        }
        self.dropped = self.dropped.wrapping_add(1);
        self.event(HostEvent::Dropped(Dropped::OlderBoot { boot_id }));
        true
    }

    /// The device says it runs boot `boot_id`: a new one means it reset, whatever the message
    /// (its own HELLO_ACK may have been lost).
    fn boot_seen(&mut self, boot_id: u32) {
        let Some(dev) = self.device else { return };
        if self.state == LinkState::Linked && dev.boot_id != boot_id {
            self.retire(dev.boot_id);
            self.rehandshake();
        }
    }

    fn handle(&mut self, msg: Message, now_ms: u32) {
        match msg {
            Message::HelloAck(ack) => self.hello_ack(ack, now_ms),
            Message::HelloPart(p) => {
                if let Some(ack) = self.parts.add(&p) {
                    self.hello_ack(ack, now_ms);
                }
            }
            Message::Status(st) => {
                if self.stale(st.boot_id) {
                    return;
                }
                self.boot_seen(st.boot_id);
                if self.state != LinkState::Linked {
                    return;
                }
                self.leds.status(&st);
                if self.dash.is_some_and(|d| d.state_id != st.state_id) {
                    self.dash_dirty = true;
                }
                self.event(HostEvent::Status(st));
            }
            _ if self.state != LinkState::Linked => {}
            Message::InputEvent(ev) => self.input(ev, now_ms),
            Message::FrameShown(fs) => {
                if let Outcome::Shown(id) = self.leds.frame_shown(&fs, now_ms) {
                    self.event(HostEvent::FrameShown(id));
                }
            }
            Message::Nack(n) => {
                self.leds.nack(&n, now_ms);
                self.event(HostEvent::Nack(n));
            }
            _ => {}
        }
    }

    fn input(&mut self, ev: InputEvent, now_ms: u32) {
        let d = seq::diff(ev.ev_seq, self.expected);
        if d == 0 && self.event(HostEvent::Input(ev)) {
            self.expected = self.expected.wrapping_add(1);
            self.gap_since = None;
        } else if d > 0 {
            // Ahead of what we expect: lost on the line (resent within 100 ms), or the device
            // numbered past it. If it lasts, ask the device (its HELLO_ACK says input_base).
            match self.gap_since {
                None => self.gap_since = Some(now_ms),
                Some(t) if elapsed(now_ms, t, timing::INPUT_GAP_MS) && !self.asking => {
                    self.asking = true;
                    self.hello_now = true;
                }
                _ => {}
            }
        } else if d < -(timing::INPUT_RING as i16) {
            // Further behind than any event the device can still hold: not a repeat but a jump
            // of its numbering (by 32768 or more, or backwards). An acknowledgement now would
            // cover the event on the device, which would drop it unheard: ask where it stands.
            self.ack_due = false;
            if !self.asking {
                self.asking = true;
                self.hello_now = true;
            }
            return;
        }
        // Duplicates and gaps are answered too: the ack tells the device where we are.
        self.ack_due = true;
    }

    /// Why a compatible device cannot be driven, if it cannot.
    fn refusal(ack: &HelloAck) -> Option<Refusal> {
        let c = &ack.caps;
        if c.max_frame < MIN_FRAME {
            return Some(Refusal::MaxFrame(c.max_frame));
        }
        if c.led_count == 0 {
            return None;
        }
        if usize::from(c.led_count) > MAX_LEDS {
            return Some(Refusal::LedCount(c.led_count));
        }
        if c.led_formats & 0b11 == 0 {
            return Some(Refusal::LedFormats(c.led_formats));
        }
        // The smallest LED message at its longest, a chunk of one LED of the widest format the
        // device takes (a palette part of one colour is shorter), and room for a poke.
        let bpl = if c.led_formats & 1 != 0 { 3 } else { 1 };
        let key = LedKey {
            frame_id: u16::MAX,
            format: if bpl == 3 {
                led_format::RGB888
            } else {
                led_format::PAL8
            },
            led_count: c.led_count,
            offset: c.led_count - 1,
            len: bpl as u16,
            ..LedKey::default()
        };
        let needed =
            (wire_len(&Message::LedKey(key)).unwrap_or(usize::MAX) + leds::POKE_WIRE) as u16;
        (c.rx_window < needed).then_some(Refusal::Window {
            rx_window: c.rx_window,
            needed,
        })
    }

    fn hello_ack(&mut self, ack: HelloAck, now_ms: u32) {
        if self.stale(ack.boot_id) {
            return;
        }
        let same_boot = self
            .device
            .is_some_and(|d| d.boot_id == ack.boot_id && d.uid == ack.uid);
        if ack.nonce == 0 {
            // A boot announcement: the device learns our nonce from a HELLO, now.
            if !(same_boot && self.state == LinkState::Linked) {
                self.boot_seen(ack.boot_id);
                self.hello_now = true;
            }
            return;
        }
        if ack.nonce != self.nonce {
            return; // an answer to an older session's HELLO
        }
        if ack.major != VERSION_MAJOR || ack.schema_hash != SCHEMA_HASH {
            self.state = LinkState::Incompatible;
            self.device = Some(ack);
            self.event(HostEvent::Incompatible(ack));
            return;
        }
        if let Some(why) = Self::refusal(&ack) {
            if self.state != LinkState::Refused {
                self.state = LinkState::Refused;
                self.device = Some(ack);
                self.event(HostEvent::Refused(ack, why));
            }
            return;
        }
        let behind = seq::diff(ack.input_base, self.expected);
        if same_boot && behind > 0 {
            // Events we never had were dropped by the device: say which, go on from its base.
            let count = ack.input_base.wrapping_sub(self.expected);
            self.event(HostEvent::Dropped(Dropped::InputsSkipped {
                first: self.expected,
                count,
            }));
            self.expected = ack.input_base;
        } else if same_boot && behind < -(timing::INPUT_RING as i16) {
            // The numbering jumped too far to compare: follow the device from its base.
            self.event(HostEvent::Dropped(Dropped::InputsRenumbered {
                from: self.expected,
                to: ack.input_base,
            }));
            self.expected = ack.input_base;
        }
        self.asking = false;
        self.gap_since = None;
        if self.state == LinkState::Linked && same_boot {
            return; // an answer to a question about inputs, or a duplicate
        }
        if let Some(old) = self.device.filter(|_| !same_boot) {
            self.retire(old.boot_id);
        }
        if !same_boot {
            self.expected = ack.input_base;
        }
        let known = self.device.is_some();
        self.device = Some(ack);
        self.state = LinkState::Linked;
        self.last_rx_ms = now_ms;
        self.ack_due = false;
        self.hello_now = false;
        self.resync();
        if known && !same_boot {
            self.event(HostEvent::DeviceReset(ack));
        } else {
            self.event(HostEvent::Linked(ack));
        }
    }

    fn send(&mut self, out: &mut Out<'_>, msg: &Message, lead: bool, now_ms: u32) -> Option<usize> {
        let n = out.frame(msg, self.tx_seq, lead)?;
        self.tx_seq = self.tx_seq.wrapping_add(1);
        self.last_tx_ms = now_ms;
        Some(n)
    }

    /// Writes the frames due now into `out` (whole frames only; a buffer of `MAX_WIRE + 1`
    /// bytes always makes progress); returns the number of bytes written.
    pub fn poll_transmit(&mut self, now_ms: u32, out: &mut [u8]) -> usize {
        self.tick(now_ms);
        let mut out = Out::new(out);
        match self.state {
            LinkState::Incompatible | LinkState::Refused => {}
            LinkState::Handshaking => {
                self.transmit_hello(now_ms, &mut out);
            }
            LinkState::Linked => {
                if self.asking {
                    self.transmit_hello(now_ms, &mut out);
                }
                self.transmit_linked(now_ms, &mut out);
            }
        }
        out.pos
    }

    /// HELLO when due: at once when asked to; else every 20 ms while bytes come back (a
    /// device is there, perhaps on a lossy line), backing off to 250 ms on a silent line.
    fn transmit_hello(&mut self, now_ms: u32, out: &mut Out<'_>) {
        // A question about inputs is not urgent: every 250 ms.
        let interval = if self.asking {
            timing::HELLO_INTERVAL_MS
        } else {
            self.hello_interval_ms
        };
        let due = self.hello_now
            || self
                .last_hello_ms
                .is_none_or(|t| elapsed(now_ms, t, interval));
        if !due {
            return;
        }
        let hello = Message::Hello(Hello {
            major: VERSION_MAJOR,
            minor: VERSION_MINOR,
            schema_hash: SCHEMA_HASH,
            nonce: self.nonce,
        });
        if self.send(out, &hello, true, now_ms).is_none() {
            return;
        }
        let heard = self
            .last_heard_ms
            .is_some_and(|t| !elapsed(now_ms, t, timing::HELLO_INTERVAL_MS));
        self.hello_interval_ms = if heard || self.last_hello_ms.is_none() {
            timing::HELLO_RETRY_MS
        } else {
            (self.hello_interval_ms * 2).min(timing::HELLO_INTERVAL_MS)
        };
        self.last_hello_ms = Some(now_ms);
        self.hello_now = false;
    }

    fn transmit_linked(&mut self, now_ms: u32, out: &mut Out<'_>) {
        if self.config_dirty {
            let m = Message::Config(self.config);
            if self.send(out, &m, false, now_ms).is_none() {
                return;
            }
            self.config_dirty = false;
        }
        if self.ack_due {
            let m = Message::AckInput(AckInput {
                upto: self.expected.wrapping_sub(1),
            });
            if self.send(out, &m, false, now_ms).is_none() {
                return;
            }
            self.ack_due = false;
        }
        if let Some(d) = self.dash {
            if self.dash_dirty || elapsed(now_ms, self.last_dash_ms, timing::DASH_REFRESH_MS) {
                if self
                    .send(out, &Message::DashState(d), false, now_ms)
                    .is_none()
                {
                    return;
                }
                self.dash_dirty = false;
                self.last_dash_ms = now_ms;
            }
        }
        self.transmit_leds(now_ms, out);
        if elapsed(now_ms, self.last_tx_ms, timing::HEARTBEAT_IDLE_MS) {
            let m = Message::Heartbeat(Heartbeat { host_ms: now_ms });
            self.send(out, &m, false, now_ms);
        }
    }

    /// What the device's HELLO_ACK allows the LED channel.
    fn limits(&self) -> Limits {
        let caps = self.device.map(|d| d.caps).unwrap_or_default();
        Limits {
            max_body: usize::from(caps.max_frame).min(MAX_FRAME),
            window: if caps.led_count == 0 {
                0
            } else {
                usize::from(caps.rx_window)
            },
            pal8: caps.led_formats & (1 << led_format::PAL8) != 0,
        }
    }

    fn transmit_leds(&mut self, now_ms: u32, out: &mut Out<'_>) {
        let lim = self.limits();
        while let Some((msg, piece)) = self.leds.next(now_ms, lim) {
            let seq = self.tx_seq;
            let Some(n) = self.send(out, &msg, false, now_ms) else {
                // The output buffer is full: the piece goes on the next poll.
                self.leds.unsent(piece);
                return;
            };
            self.leds.sent(piece, seq, n, now_ms);
        }
    }
}
