//! The host side of a link, sans-IO. The host holds the *desired* state (dashboard, palette,
//! LED frame); the session keeps the device converging to it over a lossy link: HELLO until
//! answered, latest-wins state refreshed on change and on timers, LED frames as keyframes or
//! deltas under flow control, input events acknowledged and delivered exactly once.
//!
//! ```text
//! host.set_dash(state);                      // whenever the game changes
//! host.receive(&port_bytes, now_ms);
//! while let Some(ev) = host.poll_event() { /* Input → game action, LinkLost → reconnect… */ }
//! let n = host.poll_transmit(now_ms, &mut tx);   // tx: at least MAX_WIRE + 1 bytes
//! port.write(&tx[..n]);
//! ```
use crate::frame::{wire_len, Decoder, Out, ENVELOPE_LEN, MAX_FRAME};
use crate::messages::*;
use crate::queue::Queue;
use crate::seq;
use crate::timing::{self, elapsed};
use crate::{Error, SCHEMA_HASH, VERSION_MAJOR, VERSION_MINOR};

/// Where the link stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkState {
    /// Sending HELLO every 250 ms.
    Handshaking,
    Linked,
    /// The device speaks another major version or schema: the session stays silent.
    Incompatible,
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
    /// No valid frame for 1 s; back to handshaking.
    LinkLost,
    /// A control changed on the device; each arrives exactly once, in order.
    Input(InputEvent),
    Status(Status),
    /// The strip shows frame `frame_id`.
    FrameShown(u16),
    /// The device refused a message.
    Nack(Nack),
}

#[derive(Debug, Clone, Copy)]
struct LedFrame {
    format: u8,
    count: u16,
    data: [u8; MAX_LEDS * 3],
}

impl LedFrame {
    const EMPTY: LedFrame = LedFrame {
        format: 0,
        count: 0,
        data: [0; MAX_LEDS * 3],
    };

    fn bytes(&self) -> &[u8] {
        let bpl = led_format::bytes_per_led(self.format).unwrap_or(3);
        &self.data[..usize::from(self.count) * bpl]
    }
}

/// An LED frame on its way to the strip.
#[derive(Debug, Clone, Copy)]
struct Inflight {
    frame_id: u16,
    /// Keyframe: next LED to send; `None` for a delta (sent in one message).
    next_offset: Option<u16>,
    last_activity_ms: u32,
}

/// The protocol state of the host's end of one link.
#[derive(Debug, Clone)]
pub struct HostSession {
    decoder: Decoder,
    tx_seq: u16,
    state: LinkState,
    nonce: u32,
    device: Option<HelloAck>,
    last_hello_ms: Option<u32>,
    last_rx_ms: u32,
    last_tx_ms: u32,
    config: Config,
    config_dirty: bool,
    dash: Option<DashState>,
    dash_dirty: bool,
    last_dash_ms: u32,
    palette: Option<LedPalette>,
    palette_dirty: bool,
    desired: LedFrame,
    led_set: bool,
    led_dirty: bool,
    /// What the strip shows, as last confirmed by FRAME_SHOWN (id 0: unknown).
    confirmed: LedFrame,
    confirmed_id: u16,
    /// The frame being sent: a copy, so later `set_leds` calls do not tear it.
    sending: LedFrame,
    inflight: Option<Inflight>,
    /// (envelope seq, wire bytes) of LED messages not yet acknowledged.
    inflight_msgs: Queue<(u16, u16), 64>,
    inflight_bytes: usize,
    led_backoff_until: Option<u32>,
    next_frame_id: u16,
    last_keyframe_ms: u32,
    /// Next input event sequence expected (set from HELLO_ACK.input_base).
    expected: u16,
    ack_due: bool,
    events: Queue<HostEvent, 32>,
}

impl HostSession {
    /// `nonce`: a random value from the caller (the session has no entropy of its own).
    pub fn new(nonce: u32) -> Self {
        HostSession {
            decoder: Decoder::new(),
            tx_seq: 0,
            state: LinkState::Handshaking,
            nonce,
            device: None,
            last_hello_ms: None,
            last_rx_ms: 0,
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
            palette: None,
            palette_dirty: false,
            desired: LedFrame::EMPTY,
            led_set: false,
            led_dirty: false,
            confirmed: LedFrame::EMPTY,
            confirmed_id: 0,
            sending: LedFrame::EMPTY,
            inflight: None,
            inflight_msgs: Queue::new(),
            inflight_bytes: 0,
            led_backoff_until: None,
            next_frame_id: 0,
            last_keyframe_ms: 0,
            expected: 0,
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
        self.inflight_bytes
    }
    /// The frame the strip is known to show (0: none or unknown).
    pub fn confirmed_frame_id(&self) -> u16 {
        self.confirmed_id
    }
    pub fn dash(&self) -> Option<&DashState> {
        self.dash.as_ref()
    }
    pub fn palette(&self) -> Option<&LedPalette> {
        self.palette.as_ref()
    }
    /// The desired LED frame: (format, count, data).
    pub fn leds(&self) -> Option<(u8, u16, &[u8])> {
        self.led_set.then(|| {
            (
                self.desired.format,
                self.desired.count,
                self.desired.bytes(),
            )
        })
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
            count: colors.len() as u16,
            ..LedPalette::default()
        };
        p.colors[..colors.len()].copy_from_slice(colors);
        let old = self.palette.unwrap_or_default();
        p.palette_id = old.palette_id;
        if self.palette.is_none() || p != old {
            p.palette_id = match old.palette_id.wrapping_add(1) {
                0 => 1,
                n => n,
            };
            self.palette = Some(p);
            self.palette_dirty = true;
        }
        Ok(p.palette_id)
    }

    /// Sets the LED frame: `data` holds `data.len() / bytes_per_led(format)` LEDs.
    pub fn set_leds(&mut self, format: u8, data: &[u8]) -> Result<(), Error> {
        let bpl = led_format::bytes_per_led(format).ok_or(Error::InvalidField("LED_KEY.format"))?;
        if data.len() % bpl != 0 || data.len() / bpl > MAX_LEDS {
            return Err(Error::InvalidField("LED_KEY.led_count"));
        }
        if let Some(dev) = &self.device {
            if data.len() / bpl > usize::from(dev.caps.led_count)
                || dev.caps.led_formats & (1 << format) == 0
            {
                return Err(Error::InvalidField("LED_KEY.led_count"));
            }
        }
        let count = (data.len() / bpl) as u16;
        if self.led_set && self.desired.format == format && self.desired.bytes() == data {
            return Ok(());
        }
        self.desired.format = format;
        self.desired.count = count;
        self.desired.data[..data.len()].copy_from_slice(data);
        self.led_set = true;
        self.led_dirty = true;
        Ok(())
    }

    fn event(&mut self, e: HostEvent) -> bool {
        self.events.push(e).is_ok()
    }

    /// Forgets what the device holds, so everything is sent again.
    fn resync(&mut self) {
        self.config_dirty = true;
        self.dash_dirty = self.dash.is_some();
        self.palette_dirty = self.palette.is_some();
        self.led_dirty = self.led_set;
        self.confirmed_id = 0;
        self.drop_inflight();
    }

    fn drop_inflight(&mut self) {
        self.inflight = None;
        self.inflight_msgs.clear();
        self.inflight_bytes = 0;
    }

    /// Advances the clock: the link-lost timer.
    pub fn tick(&mut self, now_ms: u32) {
        if self.state == LinkState::Linked && elapsed(now_ms, self.last_rx_ms, timing::LINK_LOST_MS)
        {
            self.state = LinkState::Handshaking;
            self.last_hello_ms = None;
            self.resync();
            self.event(HostEvent::LinkLost);
        }
    }

    /// Feeds received bytes (any split).
    pub fn receive(&mut self, bytes: &[u8], now_ms: u32) {
        self.tick(now_ms);
        for &b in bytes {
            if let Some(Ok(frame)) = self.decoder.feed(b) {
                if self.state == LinkState::Incompatible {
                    continue;
                }
                if self.state == LinkState::Linked {
                    self.last_rx_ms = now_ms;
                }
                self.handle(frame.message, now_ms);
            }
        }
    }

    fn handle(&mut self, msg: Message, now_ms: u32) {
        match msg {
            Message::HelloAck(ack) => self.hello_ack(ack, now_ms),
            _ if self.state != LinkState::Linked => {}
            Message::InputEvent(ev) => {
                let d = seq::diff(ev.ev_seq, self.expected);
                if d == 0 && self.event(HostEvent::Input(ev)) {
                    self.expected = self.expected.wrapping_add(1);
                }
                // Duplicates and gaps are answered too: the ack tells the device where we are.
                self.ack_due = true;
            }
            Message::FrameShown(fs) => self.frame_shown(fs, now_ms),
            Message::Nack(n) => {
                if self.inflight_msgs.iter().any(|&(s, _)| s == n.ref_seq) {
                    self.drop_inflight();
                    self.confirmed_id = 0;
                    self.led_dirty = self.led_set;
                    self.led_backoff_until = Some(now_ms.wrapping_add(timing::LED_NACK_BACKOFF_MS));
                }
                self.event(HostEvent::Nack(n));
            }
            Message::Status(st) => {
                if self.inflight.is_none() && st.shown_frame_id != self.confirmed_id {
                    self.confirmed_id = 0;
                    self.led_dirty = self.led_set;
                }
                if self.palette.is_some_and(|p| p.palette_id != st.palette_id) {
                    self.palette_dirty = true;
                }
                if self.dash.is_some_and(|d| d.state_id != st.state_id) {
                    self.dash_dirty = true;
                }
                self.event(HostEvent::Status(st));
            }
            _ => {}
        }
    }

    fn hello_ack(&mut self, ack: HelloAck, now_ms: u32) {
        if ack.nonce != self.nonce && ack.nonce != 0 {
            return; // an answer to an older session's HELLO
        }
        if ack.major != VERSION_MAJOR || ack.schema_hash != SCHEMA_HASH {
            self.state = LinkState::Incompatible;
            self.device = Some(ack);
            self.event(HostEvent::Incompatible(ack));
            return;
        }
        let same_boot = self
            .device
            .is_some_and(|d| d.boot_id == ack.boot_id && d.uid == ack.uid);
        let was_linked = self.state == LinkState::Linked;
        if was_linked && same_boot {
            return; // a duplicate answer
        }
        if !same_boot {
            self.expected = ack.input_base;
        }
        let known = self.device.is_some();
        self.device = Some(ack);
        self.state = LinkState::Linked;
        self.last_rx_ms = now_ms;
        self.ack_due = false;
        self.resync();
        if known && !same_boot {
            self.event(HostEvent::DeviceReset(ack));
        } else {
            self.event(HostEvent::Linked(ack));
        }
    }

    fn frame_shown(&mut self, fs: FrameShown, now_ms: u32) {
        let mut freed = false;
        while let Some(&(s, n)) = self.inflight_msgs.front() {
            if seq::diff(fs.ack_seq, s) < 0 {
                break;
            }
            self.inflight_msgs.pop();
            self.inflight_bytes -= usize::from(n);
            freed = true;
        }
        let Some(inf) = self.inflight else { return };
        if fs.frame_id != inf.frame_id {
            return;
        }
        if freed {
            self.inflight = Some(Inflight {
                last_activity_ms: now_ms,
                ..inf
            });
        }
        if fs.shown == 1 {
            self.confirmed = self.sending;
            self.confirmed_id = inf.frame_id;
            self.drop_inflight();
            self.event(HostEvent::FrameShown(fs.frame_id));
        }
    }

    fn window(&self) -> usize {
        self.device.map_or(0, |d| usize::from(d.caps.rx_window))
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
            LinkState::Incompatible => {}
            LinkState::Handshaking => {
                if self
                    .last_hello_ms
                    .is_none_or(|t| elapsed(now_ms, t, timing::HELLO_INTERVAL_MS))
                {
                    let hello = Message::Hello(Hello {
                        major: VERSION_MAJOR,
                        minor: VERSION_MINOR,
                        schema_hash: SCHEMA_HASH,
                        nonce: self.nonce,
                    });
                    if self.send(&mut out, &hello, true, now_ms).is_some() {
                        self.last_hello_ms = Some(now_ms);
                    }
                }
            }
            LinkState::Linked => self.transmit_linked(now_ms, &mut out),
        }
        out.pos
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
        if let Some(p) = self.palette.filter(|_| self.palette_dirty) {
            if self
                .send(out, &Message::LedPalette(p), false, now_ms)
                .is_none()
            {
                return;
            }
            self.palette_dirty = false;
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

    fn transmit_leds(&mut self, now_ms: u32, out: &mut Out<'_>) {
        if !self.led_set {
            return;
        }
        if let Some(inf) = self.inflight {
            if elapsed(now_ms, inf.last_activity_ms, timing::LED_ACK_TIMEOUT_MS) {
                // An LED message or its acknowledgement was lost: start over with a keyframe.
                self.drop_inflight();
                self.confirmed_id = 0;
                self.led_dirty = true;
            }
        }
        if self.inflight.is_none() {
            if self
                .led_backoff_until
                .is_some_and(|t| seq::diff32(now_ms, t) < 0)
            {
                return;
            }
            let refresh = elapsed(now_ms, self.last_keyframe_ms, timing::KEYFRAME_REFRESH_MS);
            if !self.led_dirty && self.confirmed_id != 0 && !refresh {
                return;
            }
            self.led_backoff_until = None;
            self.next_frame_id = seq::next_id(self.next_frame_id);
            self.sending = self.desired;
            self.led_dirty = false;
            let frame_id = self.next_frame_id;
            if !refresh {
                if let Some(delta) = self.delta(frame_id) {
                    self.inflight = Some(Inflight {
                        frame_id,
                        next_offset: None,
                        last_activity_ms: now_ms,
                    });
                    self.send_led(out, &Message::LedDelta(delta), now_ms);
                    return;
                }
            }
            self.inflight = Some(Inflight {
                frame_id,
                next_offset: Some(0),
                last_activity_ms: now_ms,
            });
            self.last_keyframe_ms = now_ms;
        }
        // Keyframe chunks, as many as the window and the output buffer take.
        while let Some(inf) = self.inflight {
            let Some(offset) = inf.next_offset else {
                return;
            };
            let Some(chunk) = self.chunk(inf.frame_id, offset) else {
                return;
            };
            if self
                .send_led(out, &Message::LedKey(chunk), now_ms)
                .is_none()
            {
                return;
            }
            let next =
                offset + chunk.len / led_format::bytes_per_led(chunk.format).unwrap_or(3) as u16;
            let next_offset = (chunk.last == 0).then_some(next);
            self.inflight = Some(Inflight { next_offset, ..inf });
        }
    }

    /// Sends an LED message if it fits the window; counts it in flight.
    fn send_led(&mut self, out: &mut Out<'_>, msg: &Message, now_ms: u32) -> Option<usize> {
        let len = wire_len(msg).ok()?;
        if self.inflight_bytes + len > self.window() || self.inflight_msgs.is_full() {
            return None;
        }
        let seq = self.tx_seq;
        let n = self.send(out, msg, false, now_ms)?;
        let _ = self.inflight_msgs.push((seq, n as u16));
        self.inflight_bytes += n;
        Some(n)
    }

    /// The largest frame body the device and the window both accept.
    fn max_body(&self) -> usize {
        let dev_max = self
            .device
            .map_or(MAX_FRAME, |d| usize::from(d.caps.max_frame))
            .min(MAX_FRAME);
        // Wire bytes = body + ceil(body / 254) + 1 (delimiter) <= window, with a byte to spare.
        let window = self.window();
        let by_window = window.saturating_sub(2) * 254 / 255;
        dev_max.min(by_window)
    }

    /// The keyframe chunk starting at LED `offset`, sized to fit `max_body`.
    fn chunk(&self, frame_id: u16, offset: u16) -> Option<LedKey> {
        let f = &self.sending;
        let bpl = led_format::bytes_per_led(f.format)?;
        // Envelope, five header fields at their largest, the length varint, the CRC.
        let overhead = ENVELOPE_LEN + 3 + 1 + 3 + 3 + 1 + 2 + 4;
        let room = self.max_body().checked_sub(overhead)?.min(LED_CHUNK_MAX);
        let per_chunk = room / bpl;
        if per_chunk == 0 {
            return None; // window or max_frame too small for one LED
        }
        let remaining = usize::from(f.count - offset);
        let leds = remaining.min(per_chunk);
        let start = usize::from(offset) * bpl;
        let len = leds * bpl;
        let mut k = LedKey {
            frame_id,
            format: f.format,
            led_count: f.count,
            offset,
            last: u8::from(leds == remaining),
            len: len as u16,
            ..LedKey::default()
        };
        k.data[..len].copy_from_slice(&f.data[start..start + len]);
        Some(k)
    }

    /// A delta from the confirmed frame to `sending`, if one exists, fits and is smaller.
    fn delta(&self, frame_id: u16) -> Option<LedDelta> {
        let (base, new) = (&self.confirmed, &self.sending);
        if self.confirmed_id == 0 || base.format != new.format || base.count != new.count {
            return None;
        }
        let bpl = led_format::bytes_per_led(new.format)?;
        let value = |i: usize| -> u32 {
            let px = &new.data[i * bpl..i * bpl + bpl];
            px.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b))
        };
        let changed =
            |i: usize| base.data[i * bpl..i * bpl + bpl] != new.data[i * bpl..i * bpl + bpl];
        let mut d = LedDelta {
            frame_id,
            base_id: self.confirmed_id,
            ..LedDelta::default()
        };
        let n = usize::from(new.count);
        let mut i = 0;
        while i < n {
            if !changed(i) {
                i += 1;
                continue;
            }
            let v = value(i);
            let start = i;
            while i < n && changed(i) && value(i) == v {
                i += 1;
            }
            let slot = d.runs.get_mut(usize::from(d.count))?;
            *slot = LedRun {
                start: start as u16,
                len: (i - start) as u16,
                value: v,
            };
            d.count += 1;
        }
        let delta_len = wire_len(&Message::LedDelta(d)).ok()?;
        let key_len = n * bpl + 32;
        (delta_len < key_len && delta_len <= self.window()).then_some(d)
    }
}
