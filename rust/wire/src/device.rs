//! The device side of a link, sans-IO: give it received bytes and the time, take the bytes to
//! send and the events to act on. The firmware owns the hardware; this owns the protocol.
//!
//! ```text
//! loop {
//!     session.receive(&uart_bytes, millis());
//!     while let Some(ev) = session.poll_event() { /* move needles, push the strip… */ }
//!     // after a `Show` event, once the strip has latched: session.frame_shown(id, us, millis())
//!     let n = session.poll_transmit(millis(), &mut tx);   // tx: at least MAX_WIRE + 1 bytes
//!     uart_write(&tx[..n]);
//! }
//! ```
use crate::bits::Bits;
use crate::frame::{Counters, Decoder, Out};
use crate::messages::*;
use crate::queue::Queue;
use crate::seq;
use crate::timing::{self, elapsed};
use crate::{crc32, Error, SCHEMA_HASH, VERSION_MAJOR, VERSION_MINOR};

/// Who the device is; fixed for one power-up.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DeviceInfo {
    pub kind: u8,
    pub uid: [u8; UID_LEN],
    pub fw_version: u16,
    /// A random value per power-up.
    pub boot_id: u32,
    pub caps: Caps,
}

/// What the firmware must act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceEvent {
    /// A host said HELLO (and was answered).
    Linked,
    /// New settings (already applied to the session's timers).
    Config(Config),
    /// A new dashboard state to show.
    Dash(DashState),
    /// A new palette, complete (read it with `palette()`).
    Palette,
    /// The LED buffer holds frame `frame_id`: push it to the strip, then call `frame_shown`.
    Show { frame_id: u16 },
    /// No valid host frame for `failsafe_ms`: hold needles, light the link-lost lamp.
    Failsafe,
    /// Valid host frames again after a failsafe.
    Restored,
}

/// The answer owed to the host's LED messages (sent once however many it covers).
#[derive(Debug, Clone, Copy)]
struct LedAck {
    frame_id: u16,
    shown: u8,
    show_us: u32,
}

/// Which host frames were accepted: the last one and the 32 before it (FRAME_SHOWN's
/// `ack_seq` and `ack_bits`).
#[derive(Debug, Clone, Copy, Default)]
struct Accepted {
    last: Option<u16>,
    bits: u32,
}

impl Accepted {
    fn record(&mut self, s: u16) {
        let Some(last) = self.last else {
            self.last = Some(s);
            self.bits = 0;
            return;
        };
        let d = seq::diff(s, last);
        if d > 0 {
            let d = d as u32;
            // The old `last` becomes bit d - 1; what was bit i becomes bit i + d.
            let shifted = if d >= 32 { 0 } else { self.bits << d };
            self.bits = shifted | 1u32.checked_shl(d - 1).unwrap_or(0);
            self.last = Some(s);
        } else if d < 0 && -i32::from(d) <= 32 {
            self.bits |= 1 << (-i32::from(d) - 1);
        }
    }
}

/// The protocol state of one device.
#[derive(Debug, Clone)]
pub struct DeviceSession {
    info: DeviceInfo,
    decoder: Decoder,
    tx_seq: u16,
    announced: bool,
    linked: bool,
    /// The last HELLO spoke another major version or schema.
    incompatible_host: bool,
    failsafe: bool,
    last_rx_ms: Option<u32>,
    start_ms: Option<u32>,
    now_ms: u32,
    last_status_ms: Option<u32>,
    config: Config,
    dash: DashState,
    /// The palette in use (`count == size`, `first == 0`).
    palette: LedPalette,
    /// A palette arriving in parts: its id, and which entries have come.
    next_palette: LedPalette,
    palette_parts: Option<u8>,
    palette_have: Bits<{ PALETTE_MAX / 32 }>,
    led_format: u8,
    led_count: u16,
    leds: [u8; MAX_LEDS * 3],
    shown_id: u16,
    /// A keyframe being received in place: its id, and which LEDs have come.
    assembling: Option<u16>,
    leds_have: Bits<{ MAX_LEDS / 32 }>,
    leds_have_count: usize,
    /// The newest frame id seen from this host: a chunk of an older frame is stale.
    newest_frame: Option<u16>,
    /// A frame handed to the strip, not yet reported shown: its id.
    showing: Option<u16>,
    last_show_us: u32,
    accepted: Accepted,
    led_ack: Option<LedAck>,
    last_led_ack_ms: Option<u32>,
    last_led_rx_ms: Option<u32>,
    /// The nonce of the last compatible HELLO, when it came, and whether the host has sent
    /// anything else since (then it has our HELLO_ACK, and no parts are needed).
    hello: Option<(u32, u32)>,
    host_heard_us: bool,
    next_part: usize,
    last_part_ms: Option<u32>,
    replies: Queue<Message, 8>,
    inputs: Queue<(InputEvent, Option<u32>), { timing::INPUT_RING }>,
    next_ev_seq: u16,
    input_levels: u32,
    encoder: i16,
    events: Queue<DeviceEvent, 32>,
    events_dropped: u32,
}

impl DeviceSession {
    pub fn new(info: DeviceInfo) -> Self {
        DeviceSession {
            info,
            decoder: Decoder::new(),
            tx_seq: 0,
            announced: false,
            linked: false,
            incompatible_host: false,
            failsafe: true,
            last_rx_ms: None,
            start_ms: None,
            now_ms: 0,
            last_status_ms: None,
            config: Config {
                failsafe_ms: timing::FAILSAFE_MS,
                brightness: 255,
                status_interval_ms: timing::STATUS_INTERVAL_MS,
            },
            dash: DashState::default(),
            palette: LedPalette::default(),
            next_palette: LedPalette::default(),
            palette_parts: None,
            palette_have: Bits::new(),
            led_format: led_format::RGB888,
            led_count: 0,
            leds: [0; MAX_LEDS * 3],
            shown_id: 0,
            assembling: None,
            leds_have: Bits::new(),
            leds_have_count: 0,
            newest_frame: None,
            showing: None,
            last_show_us: 0,
            accepted: Accepted::default(),
            led_ack: None,
            last_led_ack_ms: None,
            last_led_rx_ms: None,
            hello: None,
            host_heard_us: false,
            next_part: 0,
            last_part_ms: None,
            replies: Queue::new(),
            inputs: Queue::new(),
            next_ev_seq: 0,
            input_levels: 0,
            encoder: 0,
            events: Queue::new(),
            events_dropped: 0,
        }
    }

    pub fn info(&self) -> &DeviceInfo {
        &self.info
    }
    /// A compatible host has said HELLO since power-up (after a HELLO of another major version
    /// or schema, the device answers HELLOs only, until a compatible one). Input events go out
    /// only once linked: before, the host cannot know where their numbering starts.
    pub fn is_linked(&self) -> bool {
        self.linked
    }
    /// True from power-up until the first valid host frame, and after `failsafe_ms` of silence.
    pub fn in_failsafe(&self) -> bool {
        self.failsafe
    }
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// The dashboard state to show (`state_id` 0: none yet).
    pub fn dash(&self) -> &DashState {
        &self.dash
    }
    /// The palette in use (`palette_id` 0: none yet, or not from this host), `count` entries.
    pub fn palette(&self) -> &LedPalette {
        &self.palette
    }
    /// Frame on the strip (0: none, or the buffer is being overwritten by a keyframe).
    pub fn shown_frame_id(&self) -> u16 {
        self.shown_id
    }
    pub fn led_format(&self) -> u8 {
        self.led_format
    }
    pub fn led_count(&self) -> u16 {
        self.led_count
    }
    /// The LED buffer in `led_format()`: `led_count()` LEDs.
    pub fn led_data(&self) -> &[u8] {
        let bpl = led_format::bytes_per_led(self.led_format).unwrap_or(3);
        &self.leds[..usize::from(self.led_count) * bpl]
    }
    /// Colour of LED `i` after the palette (black if out of range).
    pub fn pixel(&self, i: usize) -> [u8; 3] {
        let data = self.led_data();
        match self.led_format {
            led_format::PAL8 => match data.get(i) {
                Some(&idx) if usize::from(idx) < usize::from(self.palette.count) => {
                    self.palette.colors[usize::from(idx)]
                }
                _ => [0; 3],
            },
            _ => match data.get(3 * i..3 * i + 3) {
                Some(c) => [c[0], c[1], c[2]],
                None => [0; 3],
            },
        }
    }
    /// Receive counters (also sent in STATUS).
    pub fn counters(&self) -> Counters {
        self.decoder.counters()
    }
    /// Input events not yet acknowledged by the host.
    pub fn inputs_pending(&self) -> usize {
        self.inputs.len()
    }
    /// Events lost because the firmware did not poll them (state getters stay correct).
    pub fn events_dropped(&self) -> u32 {
        self.events_dropped
    }

    pub fn poll_event(&mut self) -> Option<DeviceEvent> {
        self.events.pop()
    }

    fn event(&mut self, e: DeviceEvent) {
        if self.events.push(e).is_err() {
            self.events_dropped = self.events_dropped.wrapping_add(1);
        }
    }

    fn reply(&mut self, m: Message) {
        // Replies are small and drained on every poll; if 8 are waiting the host is flooding
        // us, and dropping one is recovered by the host's timers.
        let _ = self.replies.push(m);
    }

    /// Advances the clock: the failsafe timer.
    pub fn tick(&mut self, now_ms: u32) {
        self.now_ms = now_ms;
        if self.start_ms.is_none() {
            self.start_ms = Some(now_ms);
        }
        if let Some(t) = self.last_rx_ms {
            if !self.failsafe && elapsed(now_ms, t, u32::from(self.config.failsafe_ms)) {
                self.failsafe = true;
                self.event(DeviceEvent::Failsafe);
            }
        }
    }

    /// Feeds received bytes (any split: one byte at a time is fine).
    pub fn receive(&mut self, bytes: &[u8], now_ms: u32) {
        self.tick(now_ms);
        for &b in bytes {
            if let Some(Ok(frame)) = self.decoder.feed(b) {
                self.last_rx_ms = Some(now_ms);
                if self.failsafe {
                    self.failsafe = false;
                    self.event(DeviceEvent::Restored);
                }
                if self.handle(frame.seq, frame.message, now_ms) {
                    self.accepted.record(frame.seq);
                }
            }
        }
    }

    /// A keyframe or a palette is arriving in parts, or LED messages came lately (the host
    /// may not know yet that what it sent is complete).
    fn led_transfer(&self, now_ms: u32) -> bool {
        self.assembling.is_some()
            || self.palette_parts.is_some()
            || self
                .last_led_rx_ms
                .is_some_and(|t| !elapsed(now_ms, t, timing::LED_ANSWER_AFTER_MS))
    }

    /// Where the LEDs stand, as an answer: the keyframe arriving, else the frame shown.
    fn led_state(&self) -> (u16, u8) {
        match self.assembling {
            Some(f) => (f, 0),
            None if self.showing.is_none() && self.shown_id != 0 => (self.shown_id, 1),
            None => (self.showing.unwrap_or(0), 0),
        }
    }

    fn hello_ack(&self, nonce: u32) -> HelloAck {
        HelloAck {
            major: VERSION_MAJOR,
            minor: VERSION_MINOR,
            schema_hash: SCHEMA_HASH,
            nonce,
            kind: self.info.kind,
            uid: self.info.uid,
            fw_version: self.info.fw_version,
            boot_id: self.info.boot_id,
            input_base: self
                .inputs
                .front()
                .map_or(self.next_ev_seq, |(e, _)| e.ev_seq),
            caps: self.info.caps,
        }
    }

    fn nack(&mut self, ref_seq: u16, code: u8) -> bool {
        self.reply(Message::Nack(Nack { ref_seq, code }));
        false
    }

    fn ack_leds(&mut self, frame_id: u16, shown: u8) {
        self.led_ack = Some(LedAck {
            frame_id,
            shown,
            show_us: if shown == 1 { self.last_show_us } else { 0 },
        });
    }

    /// Acts on one valid frame; returns whether it was accepted (a NACKed one is not).
    fn handle(&mut self, seq: u16, msg: Message, now_ms: u32) -> bool {
        if !matches!(msg, Message::Hello(_)) && !self.incompatible_host {
            self.host_heard_us = true;
        }
        match msg {
            Message::Hello(h) => self.on_hello(h, now_ms),
            _ if self.incompatible_host => {}
            Message::Config(c) => {
                self.config = Config {
                    failsafe_ms: c.failsafe_ms.max(100),
                    brightness: c.brightness,
                    status_interval_ms: c.status_interval_ms.max(50),
                };
                self.event(DeviceEvent::Config(self.config));
            }
            Message::DashState(d) if d != self.dash => {
                self.dash = d;
                self.event(DeviceEvent::Dash(d));
            }
            Message::LedPalette(p) => {
                self.last_led_rx_ms = Some(now_ms);
                self.palette_part(&p);
            }
            Message::LedKey(k) => {
                self.last_led_rx_ms = Some(now_ms);
                return self.led_key(seq, &k);
            }
            Message::LedDelta(d) => {
                self.last_led_rx_ms = Some(now_ms);
                return self.led_delta(seq, &d);
            }
            Message::AckInput(a) => {
                // Only events that went out: an acknowledgement from before this boot's link
                // cannot cover events the host has never seen.
                // An acknowledgement covers at most the ring's events: one that seems to cover
                // more is from before a jump of the numbering (RFC 1982 cannot compare them).
                while let Some((e, Some(_))) = self.inputs.front() {
                    let d = seq::diff(a.upto, e.ev_seq);
                    if !(0..timing::INPUT_RING as i16).contains(&d) {
                        break;
                    }
                    self.inputs.pop();
                }
            }
            // Heartbeats only feed the failsafe timer; device-to-host types are ignored.
            _ => {}
        }
        true
    }

    fn on_hello(&mut self, h: Hello, now_ms: u32) {
        // Answered either way, so an incompatible host learns why; but its other messages may
        // mean something else in its schema, so they are ignored.
        self.incompatible_host = h.major != VERSION_MAJOR || h.schema_hash != SCHEMA_HASH;
        self.linked = !self.incompatible_host;
        self.reply(Message::HelloAck(self.hello_ack(h.nonce)));
        if !self.linked {
            return;
        }
        let again = self.hello.is_some_and(|(nonce, _)| nonce == h.nonce);
        if !again {
            // Another host session: its frame, palette and sequence numbers start afresh.
            self.shown_id = 0;
            self.palette.palette_id = 0;
            self.assembling = None;
            self.palette_parts = None;
            self.newest_frame = None;
            self.accepted = Accepted::default();
            self.next_part = 0;
        }
        // The same HELLO again while no other host frame came: the host did not get our
        // HELLO_ACK, so the parts start now (and go on from where they were).
        let parts_now = again && !self.host_heard_us;
        let at = if parts_now {
            now_ms.wrapping_sub(timing::HELLO_PART_DELAY_MS)
        } else {
            now_ms
        };
        self.hello = Some((h.nonce, at));
        self.host_heard_us = false;
        self.event(DeviceEvent::Linked);
    }

    fn palette_part(&mut self, p: &LedPalette) {
        let active = self.palette.palette_id != 0 && self.palette.palette_id == p.palette_id;
        if active && self.palette.count == p.size {
            return self.ack_leds(0, 0); // a part resent after its palette was complete
        }
        if self.palette_parts != Some(p.palette_id) || self.next_palette.size != p.size {
            self.palette_parts = Some(p.palette_id);
            self.palette_have.clear();
            self.next_palette = LedPalette {
                palette_id: p.palette_id,
                size: p.size,
                count: p.size,
                ..LedPalette::default()
            };
        }
        let first = usize::from(p.first);
        self.next_palette.colors[first..first + p.part().len()].copy_from_slice(p.part());
        self.palette_have.set_range(first, p.part().len());
        let complete = (0..usize::from(p.size)).all(|i| self.palette_have.get(i));
        if complete {
            self.palette = self.next_palette;
            self.palette_parts = None;
            self.event(DeviceEvent::Palette);
        }
        self.ack_leds(0, 0);
    }

    fn led_key(&mut self, seq: u16, k: &LedKey) -> bool {
        if k.len == 0 {
            // A poke: the host asks where frame `frame_id` stands. Nothing to store, so it is
            // answered even while the strip latches.
            let shown = self.shown_id != 0 && self.shown_id == k.frame_id;
            self.ack_leds(k.frame_id, u8::from(shown));
            return true;
        }
        if self.showing.is_some() {
            return self.nack(seq, nack_code::BUSY);
        }
        if self.info.caps.led_formats & (1 << k.format) == 0 {
            return self.nack(seq, nack_code::UNSUPPORTED);
        }
        if k.led_count > self.info.caps.led_count {
            return self.nack(seq, nack_code::BAD_RANGE);
        }
        let same_shape = self.led_format == k.format && self.led_count == k.led_count;
        if self.shown_id != 0 && k.frame_id == self.shown_id && same_shape {
            self.ack_leds(k.frame_id, 1); // resent after the frame was complete
            return true;
        }
        if self.assembling == Some(k.frame_id) {
            if !same_shape {
                return self.nack(seq, nack_code::BAD_RANGE);
            }
        } else if self.newest_frame.is_none_or(|n| seq::after(k.frame_id, n)) {
            // A new frame: the buffer is rewritten in place, so it no longer holds the one shown.
            self.assembling = Some(k.frame_id);
            self.newest_frame = Some(k.frame_id);
            self.led_format = k.format;
            self.led_count = k.led_count;
            self.leds_have.clear();
            self.leds_have_count = 0;
            self.shown_id = 0;
        } else {
            self.ack_leds(k.frame_id, 0); // a chunk of a frame given up: nothing to store
            return true;
        }
        // The codec has checked offset + len against led_count, and led_count against the caps.
        let bpl = led_format::bytes_per_led(k.format).unwrap_or(3);
        let start = usize::from(k.offset) * bpl;
        let data = k.data();
        if let Some(dst) = self.leds.get_mut(start..start + data.len()) {
            dst.copy_from_slice(data);
        }
        self.leds_have_count += self
            .leds_have
            .set_range(usize::from(k.offset), data.len() / bpl);
        if self.leds_have_count >= usize::from(k.led_count) {
            self.assembling = None;
            self.showing = Some(k.frame_id);
            self.event(DeviceEvent::Show {
                frame_id: k.frame_id,
            });
        } else {
            self.ack_leds(k.frame_id, 0);
        }
        true
    }

    fn led_delta(&mut self, seq: u16, d: &LedDelta) -> bool {
        if self.showing.is_some() {
            return self.nack(seq, nack_code::BUSY);
        }
        if self.shown_id != 0 && d.frame_id == self.shown_id {
            self.ack_leds(d.frame_id, 1); // resent after it was shown
            return true;
        }
        if self.shown_id == 0 || d.base_id != self.shown_id {
            return self.nack(seq, nack_code::NEED_KEYFRAME);
        }
        let max_value = if self.led_format == led_format::PAL8 {
            0xFF
        } else {
            0xFF_FFFF
        };
        let count = u32::from(self.led_count);
        let fits =
            |r: &LedRun| u32::from(r.start) + u32::from(r.len) <= count && r.value <= max_value;
        if !d.runs().iter().all(fits) {
            return self.nack(seq, nack_code::BAD_RANGE);
        }
        for r in d.runs() {
            for i in usize::from(r.start)..usize::from(r.start) + usize::from(r.len) {
                if self.led_format == led_format::PAL8 {
                    self.leds[i] = r.value as u8;
                } else {
                    let [_, red, green, blue] = r.value.to_be_bytes();
                    self.leds[3 * i..3 * i + 3].copy_from_slice(&[red, green, blue]);
                }
            }
        }
        self.shown_id = 0;
        self.newest_frame = Some(d.frame_id);
        self.assembling = None;
        self.showing = Some(d.frame_id);
        self.event(DeviceEvent::Show {
            frame_id: d.frame_id,
        });
        true
    }

    /// The strip has latched frame `frame_id` (taking `show_us`): tells the host it may send the
    /// next. Returns false (and does nothing) if that frame was not waiting to be shown.
    pub fn frame_shown(&mut self, frame_id: u16, show_us: u32, now_ms: u32) -> bool {
        self.tick(now_ms);
        if self.showing != Some(frame_id) {
            return false;
        }
        self.showing = None;
        self.shown_id = frame_id;
        self.last_show_us = show_us;
        self.ack_leds(frame_id, 1);
        true
    }

    /// Records a control change and queues its INPUT_EVENT; returns its sequence number, or
    /// `QueueFull` while 16 events wait for acknowledgement (the level state in STATUS still
    /// changes, so nothing is lost for good).
    pub fn push_input(
        &mut self,
        control: u8,
        kind: u8,
        value: i16,
        now_ms: u32,
    ) -> Result<u16, Error> {
        self.tick(now_ms);
        if kind > input_kind::TURN {
            return Err(Error::InvalidField("INPUT_EVENT.kind"));
        }
        let bit = 1u32.checked_shl(u32::from(control)).unwrap_or(0);
        match kind {
            input_kind::PRESS => self.input_levels |= bit,
            input_kind::RELEASE => self.input_levels &= !bit,
            _ => self.encoder = self.encoder.wrapping_add(value),
        }
        let ev = InputEvent {
            ev_seq: self.next_ev_seq,
            t_ms: now_ms,
            control,
            kind,
            value,
        };
        self.inputs.push((ev, None)).map_err(|_| Error::QueueFull)?;
        self.next_ev_seq = self.next_ev_seq.wrapping_add(1);
        Ok(ev.ev_seq)
    }

    /// Starts input numbering at `seq` (for firmware that keeps it across resets, and for
    /// tests of the wrap). Refused once an event is waiting.
    pub fn set_next_input_seq(&mut self, seq: u16) -> Result<(), Error> {
        if self.inputs.len() > 0 {
            return Err(Error::QueueFull);
        }
        self.next_ev_seq = seq;
        Ok(())
    }

    fn status(&self) -> Message {
        let c = self.decoder.counters();
        Message::Status(Status {
            uptime_ms: self
                .now_ms
                .wrapping_sub(self.start_ms.unwrap_or(self.now_ms)),
            boot_id: self.info.boot_id,
            rx_ok: c.rx_ok,
            crc_err: c.crc_err,
            cobs_err: c.cobs_err,
            overflow: c.overflow,
            bad_payload: c.bad_payload,
            shown_frame_id: self.shown_id,
            state_id: self.dash.state_id,
            palette_id: self.palette.palette_id,
            failsafe: u8::from(self.failsafe),
            inputs: self.input_levels,
            encoder: self.encoder,
        })
    }

    fn send(&mut self, out: &mut Out<'_>, msg: &Message, lead: bool) -> bool {
        if out.frame(msg, self.tx_seq, lead).is_some() {
            self.tx_seq = self.tx_seq.wrapping_add(1);
            true
        } else {
            false
        }
    }

    /// The next part of the HELLO_ACK answering the last HELLO, if one is due: after a HELLO
    /// that nothing else followed (the host may not have the whole answer: a lossy line).
    fn hello_part(&mut self, now_ms: u32) -> Option<HelloPart> {
        let (nonce, at) = self.hello?;
        let waiting = !self.host_heard_us
            && elapsed(now_ms, at, timing::HELLO_PART_DELAY_MS)
            && !elapsed(now_ms, at, timing::HELLO_PART_GIVE_UP_MS);
        let due = self
            .last_part_ms
            .is_none_or(|t| elapsed(now_ms, t, timing::HELLO_PART_INTERVAL_MS));
        if !waiting || !due {
            return None;
        }
        let mut payload = [0u8; HELLO_ACK_MAX_PAYLOAD];
        let total = Message::HelloAck(self.hello_ack(nonce))
            .encode_payload(&mut payload)
            .ok()?;
        let offset = if self.next_part < total {
            self.next_part
        } else {
            0
        };
        let len = (total - offset).min(timing::HELLO_PART_LEN);
        let mut part = HelloPart {
            check: crc32(&payload[..total]) as u16,
            total: total as u8,
            offset: offset as u8,
            len: len as u8,
            ..HelloPart::default()
        };
        part.data[..len].copy_from_slice(&payload[offset..offset + len]);
        self.next_part = offset + len;
        Some(part)
    }

    /// Writes the frames due now into `out` (whole frames only; a buffer of `MAX_WIRE + 1`
    /// bytes always makes progress); returns the number of bytes written.
    pub fn poll_transmit(&mut self, now_ms: u32, out: &mut [u8]) -> usize {
        self.tick(now_ms);
        let mut out = Out::new(out);
        if !self.announced {
            // Unsolicited at boot, after a delimiter that ends any boot garbage.
            let ack = Message::HelloAck(self.hello_ack(0));
            if !self.send(&mut out, &ack, true) {
                return out.pos;
            }
            self.announced = true;
        }
        while let Some(m) = self.replies.front().copied() {
            if !self.send(&mut out, &m, false) {
                return out.pos;
            }
            self.replies.pop();
        }
        let answer_due = self
            .last_led_ack_ms
            .is_none_or(|t| elapsed(now_ms, t, timing::LED_ANSWER_INTERVAL_MS));
        if self.led_ack.is_none() && answer_due && self.led_transfer(now_ms) {
            // While a keyframe or palette arrives, and a while after, where we stand goes out
            // at this pace whether or not anything came: on a lossy line the host learns of
            // its losses (and of the end) from whichever answer gets through.
            let (frame_id, shown) = self.led_state();
            self.ack_leds(frame_id, shown);
        }
        if let Some(a) = self.led_ack.filter(|a| a.shown == 1 || answer_due) {
            let m = Message::FrameShown(FrameShown {
                frame_id: a.frame_id,
                ack_seq: self.accepted.last.unwrap_or(0),
                ack_bits: self.accepted.bits,
                shown: a.shown,
                show_us: a.show_us,
            });
            if !self.send(&mut out, &m, false) {
                return out.pos;
            }
            self.led_ack = None;
            self.last_led_ack_ms = Some(now_ms);
        }
        if let Some(part) = self.hello_part(now_ms) {
            if !self.send(&mut out, &Message::HelloPart(part), false) {
                return out.pos;
            }
            self.last_part_ms = Some(now_ms);
        }
        for i in 0..self.inputs.len() {
            if !self.linked {
                break; // the host learns where numbering starts from our HELLO_ACK first
            }
            let Some(&(ev, sent)) = self.inputs.get_mut(i).map(|e| &*e) else {
                break;
            };
            if sent.is_some_and(|t| !elapsed(now_ms, t, timing::INPUT_RESEND_MS)) {
                continue;
            }
            if !self.send(&mut out, &Message::InputEvent(ev), false) {
                return out.pos;
            }
            if let Some(e) = self.inputs.get_mut(i) {
                e.1 = Some(now_ms);
            }
        }
        let status_due = self
            .last_status_ms
            .is_none_or(|t| elapsed(now_ms, t, u32::from(self.config.status_interval_ms)));
        if status_due {
            let st = self.status();
            if self.send(&mut out, &st, false) {
                self.last_status_ms = Some(now_ms);
            }
        }
        out.pos
    }
}
