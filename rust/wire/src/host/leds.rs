//! The host's LED channel: the palette and the frames a track board should show, sent as the
//! device's `max_frame` and `rx_window` allow and repaired over a lossy line.
//!
//! One transfer (a *job*) at a time: a palette (in parts), then a frame (a delta against the
//! frame the strip shows, or a keyframe in chunks). Every LED message is answered by a
//! FRAME_SHOWN whose `ack_seq` and `ack_bits` say which host frames the device accepted; a
//! message they show lost is sent again alone (a chunk, a palette part), never the whole
//! frame; so is one unanswered for 20 ms while most pieces get lost (most answers are lost
//! too); unanswered for 250 ms it leaves the window. When answers stop coming for 50 ms, an empty chunk (a *poke*, room for
//! which is kept in the window) asks for one. Chunks shrink while they get lost and grow while
//! they arrive, so a noisy line still carries whole frames.
use crate::bits::Bits;
use crate::frame::{body_len, wire_len, ENVELOPE_LEN, MAX_FRAME};
use crate::messages::*;
use crate::queue::Queue;
use crate::seq;
use crate::timing::{self, elapsed};

/// LED_KEY's fields before its data, at their longest (frame_id, format, led_count, offset,
/// data length).
const KEY_HEADER: usize = 3 + 1 + 3 + 3 + 2;
/// LED_PALETTE's fields before its colours, at their longest.
const PALETTE_HEADER: usize = 1 + 3 + 1 + 3;
/// The smallest payload data a chunk shrinks to (8 palette LEDs, 2 RGB LEDs, 2 colours):
/// below that the fixed overhead of each frame costs more than the losses it avoids.
const MIN_CHUNK_DATA: usize = 6;
/// Above this share of pieces lost lately (per thousand), the line is *lossy*: missing pieces
/// go round again without waiting for answers (most answers are lost too).
const LOSSY_PERMILLE: u32 = 300;
/// Wire bytes of a poke at its longest: an LED_KEY with no LEDs.
pub(crate) const POKE_WIRE: usize = 2 + ENVELOPE_LEN + (3 + 1 + 3 + 3 + 1) + 4;

#[derive(Debug, Clone, Copy)]
pub(crate) struct LedFrame {
    pub(crate) format: u8,
    pub(crate) count: u16,
    pub(crate) data: [u8; MAX_LEDS * 3],
}

impl LedFrame {
    pub(crate) const EMPTY: LedFrame = LedFrame {
        format: 0,
        count: 0,
        data: [0; MAX_LEDS * 3],
    };

    pub(crate) fn bpl(&self) -> usize {
        led_format::bytes_per_led(self.format).unwrap_or(3)
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        &self.data[..usize::from(self.count) * self.bpl()]
    }
}

/// What one LED message carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    Colors { first: usize, count: usize },
    Leds { offset: usize, count: usize },
    Delta,
}

#[derive(Debug, Clone, Copy)]
struct Sent {
    seq: u16,
    bytes: usize,
    at_ms: u32,
    piece: Piece,
    /// Unanswered for twice the usual answer time: its LEDs or colours may go again (this
    /// copy still counts in the window until answered or expired).
    released: bool,
}

/// The transfer in progress. `have`: acknowledged; `pending`: sent, not yet answered.
#[derive(Debug, Clone, Copy)]
enum Job {
    Palette {
        have: Bits<{ PALETTE_MAX / 32 }>,
        pending: Bits<{ PALETTE_MAX / 32 }>,
        cursor: usize,
    },
    Key {
        frame_id: u16,
        have: Bits<{ MAX_LEDS / 32 }>,
        pending: Bits<{ MAX_LEDS / 32 }>,
        cursor: usize,
    },
    Delta {
        frame_id: u16,
    },
}

/// What the session needs to know of the device.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// The longest frame body the device takes.
    pub(crate) max_body: usize,
    pub(crate) window: usize,
    /// The device shows PAL8 frames (else a palette is of no use to it).
    pub(crate) pal8: bool,
}

/// What an acknowledgement or a NACK did, for the session's events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    Nothing,
    Shown(u16),
}

#[derive(Debug, Clone)]
pub(crate) struct LedChannel {
    pub(crate) palette: Option<LedPalette>,
    palette_dirty: bool,
    palette_confirmed: u8,
    pub(crate) desired: LedFrame,
    pub(crate) led_set: bool,
    led_dirty: bool,
    confirmed: LedFrame,
    pub(crate) confirmed_id: u16,
    sending: LedFrame,
    job: Option<Job>,
    inflight: Queue<Sent, 64>,
    pub(crate) inflight_bytes: usize,
    backoff_until: Option<u32>,
    next_frame_id: u16,
    last_keyframe_ms: u32,
    /// The last time the job heard from the device or sent something.
    job_activity_ms: u32,
    /// The last answer (FRAME_SHOWN or NACK), and the last poke sent.
    last_answer_ms: u32,
    last_poke_ms: Option<u32>,
    /// Payload data per chunk now (shrinks on loss, grows on success).
    chunk_data: usize,
    /// Pieces lost lately, per thousand (a moving average).
    loss_permille: u32,
    /// Smoothed time from sending a piece to learning it arrived.
    srtt_ms: u32,
}

impl LedChannel {
    pub(crate) fn new() -> Self {
        LedChannel {
            palette: None,
            palette_dirty: false,
            palette_confirmed: 0,
            desired: LedFrame::EMPTY,
            led_set: false,
            led_dirty: false,
            confirmed: LedFrame::EMPTY,
            confirmed_id: 0,
            sending: LedFrame::EMPTY,
            job: None,
            inflight: Queue::new(),
            inflight_bytes: 0,
            backoff_until: None,
            next_frame_id: 0,
            last_keyframe_ms: 0,
            job_activity_ms: 0,
            last_answer_ms: 0,
            last_poke_ms: None,
            chunk_data: LED_CHUNK_MAX,
            loss_permille: 0,
            srtt_ms: timing::LED_POKE_MS / 2,
        }
    }

    pub(crate) fn set_palette(&mut self, p: LedPalette) {
        self.palette = Some(p);
        self.palette_dirty = true;
    }

    pub(crate) fn set_leds(&mut self, format: u8, data: &[u8]) {
        let bpl = led_format::bytes_per_led(format).unwrap_or(3);
        if self.led_set && self.desired.format == format && self.desired.bytes() == data {
            return;
        }
        self.desired.format = format;
        self.desired.count = (data.len() / bpl) as u16;
        self.desired.data[..data.len()].copy_from_slice(data);
        self.led_set = true;
        self.led_dirty = true;
    }

    /// Forgets what the device holds (a new link): everything goes again.
    pub(crate) fn resync(&mut self) {
        self.job = None;
        self.drop_inflight();
        self.confirmed_id = 0;
        self.palette_confirmed = 0;
        self.palette_dirty = self.palette.is_some();
        self.led_dirty = self.led_set;
        self.backoff_until = None;
    }

    fn drop_inflight(&mut self) {
        self.inflight.clear();
        self.inflight_bytes = 0;
    }

    /// A STATUS: a device that shows another frame or palette than we believe gets it again
    /// (checked only between transfers, when the belief is settled).
    pub(crate) fn status(&mut self, st: &Status) {
        if self.job.is_some() {
            return;
        }
        if st.shown_frame_id != self.confirmed_id {
            self.confirmed_id = 0;
            self.led_dirty = self.led_set;
        }
        if self.palette.is_some() && st.palette_id != self.palette_confirmed {
            self.palette_dirty = true;
        }
    }

    /// A piece answered: accepted (`true`) or lost. Chunks adapt to what the line lets through.
    fn resolve(&mut self, s: Sent, accepted: bool, now_ms: u32) {
        self.inflight_bytes -= s.bytes;
        if accepted && !s.released {
            let sample = now_ms.wrapping_sub(s.at_ms).min(timing::LED_ACK_TIMEOUT_MS);
            self.srtt_ms = (7 * self.srtt_ms + sample) / 8;
        }
        // Half again on success; on a loss, half the lost piece at most, and a third less: the
        // size settles where about two chunks in five arrive, near the most data per byte sent
        // for a loss rate per byte.
        let data = match s.piece {
            Piece::Colors { count, .. } => 3 * count,
            Piece::Leds { count, .. } => self.sending.bpl() * count,
            Piece::Delta => self.chunk_data,
        };
        if accepted {
            self.chunk_data = (self.chunk_data + (self.chunk_data / 2).max(1)).min(LED_CHUNK_MAX);
            self.loss_permille = self.loss_permille * 7 / 8;
        } else {
            let c = self.chunk_data.min((data / 2).max(MIN_CHUNK_DATA));
            self.chunk_data = (c - c / 3).max(MIN_CHUNK_DATA);
            self.loss_permille = (self.loss_permille * 7 + 1000) / 8;
        }
        match (&mut self.job, s.piece) {
            (Some(Job::Palette { have, pending, .. }), Piece::Colors { first, count }) => {
                if accepted {
                    have.set_range(first, count);
                } else {
                    pending.clear_range(first, count);
                }
            }
            (Some(Job::Key { have, pending, .. }), Piece::Leds { offset, count }) => {
                if accepted {
                    have.set_range(offset, count);
                } else {
                    pending.clear_range(offset, count);
                }
            }
            (Some(Job::Delta { .. }), Piece::Delta) if !accepted => {
                // Not applied: the frame goes as a keyframe instead.
                self.job = None;
                self.confirmed_id = 0;
                self.led_dirty = true;
            }
            _ => {}
        }
    }

    /// A FRAME_SHOWN: settles every piece its acknowledgement covers.
    pub(crate) fn frame_shown(&mut self, fs: &FrameShown, now_ms: u32) -> Outcome {
        let mut kept: Queue<Sent, 64> = Queue::new();
        while let Some(s) = self.inflight.pop() {
            let d = seq::diff(fs.ack_seq, s.seq);
            if d < 0 {
                let _ = kept.push(s); // sent after the last frame the device accepted
            } else {
                let accepted = d == 0 || (d <= 32 && fs.ack_bits & (1 << (d - 1)) != 0);
                self.resolve(s, accepted, now_ms);
            }
        }
        self.inflight = kept;
        self.job_activity_ms = now_ms;
        self.last_answer_ms = now_ms;
        let ours = match self.job {
            Some(Job::Key { frame_id, .. } | Job::Delta { frame_id }) => frame_id == fs.frame_id,
            _ => false,
        };
        if ours && fs.shown == 1 {
            self.confirmed = self.sending;
            self.confirmed_id = fs.frame_id;
            self.job = None;
            self.drop_inflight();
            return Outcome::Shown(fs.frame_id);
        }
        Outcome::Nothing
    }

    /// A NACK of one of our messages (`false` if it was not one of ours).
    pub(crate) fn nack(&mut self, n: &Nack, now_ms: u32) -> bool {
        let Some(s) = self.inflight.iter().find(|s| s.seq == n.ref_seq).copied() else {
            return false;
        };
        self.last_answer_ms = now_ms;
        self.backoff_until = Some(now_ms.wrapping_add(timing::LED_NACK_BACKOFF_MS));
        if n.code == nack_code::BUSY {
            // The strip was latching: that one message is lost, the transfer goes on.
            let mut kept: Queue<Sent, 64> = Queue::new();
            while let Some(x) = self.inflight.pop() {
                if x.seq == s.seq {
                    self.resolve(x, false, now_ms);
                } else {
                    let _ = kept.push(x);
                }
            }
            self.inflight = kept;
        } else {
            // A delta on a base the device lacks, or a range or format it refuses: start over
            // with a keyframe.
            self.job = None;
            self.drop_inflight();
            self.confirmed_id = 0;
            self.led_dirty = self.led_set;
        }
        true
    }

    /// Pieces unanswered for 250 ms are lost (and leave the window).
    fn expire(&mut self, now_ms: u32) {
        // Unanswered for twice the usual answer time on a lossy line: may go again.
        if self.loss_permille < LOSSY_PERMILLE {
            return self.expire_lost(now_ms);
        }
        let rto = (2 * self.srtt_ms).clamp(timing::LED_RESEND_MIN_MS, timing::LED_ACK_TIMEOUT_MS);
        let (mut colors, mut leds) = (
            Bits::<{ PALETTE_MAX / 32 }>::new(),
            Bits::<{ MAX_LEDS / 32 }>::new(),
        );
        for s in self.inflight.iter_mut() {
            if s.released || !elapsed(now_ms, s.at_ms, rto) {
                continue;
            }
            s.released = true;
            match s.piece {
                Piece::Colors { first, count } => colors.set_range(first, count),
                Piece::Leds { offset, count } => leds.set_range(offset, count),
                Piece::Delta => 0,
            };
        }
        match &mut self.job {
            Some(Job::Palette { pending, .. }) => pending.subtract(&colors),
            Some(Job::Key { pending, .. }) => pending.subtract(&leds),
            _ => {}
        }
        self.expire_lost(now_ms);
    }

    /// Pieces unanswered for 250 ms are lost (and leave the window).
    fn expire_lost(&mut self, now_ms: u32) {
        while let Some(&s) = self.inflight.front() {
            if !elapsed(now_ms, s.at_ms, timing::LED_ACK_TIMEOUT_MS) {
                break;
            }
            self.inflight.pop();
            self.resolve(s, false, now_ms);
        }
    }

    /// The next LED message to send now, if any (`seq` unknown yet: call [`Self::sent`]).
    pub(crate) fn next(&mut self, now_ms: u32, lim: Limits) -> Option<(Message, PieceSent)> {
        self.expire(now_ms);
        if lim.window == 0
            || self
                .backoff_until
                .is_some_and(|t| seq::diff32(now_ms, t) < 0)
        {
            return None;
        }
        self.backoff_until = None;
        if let Some(poke) = self.poke(now_ms) {
            return Some(poke);
        }
        // Room for a poke stays free: with the window full and its answers lost, only a poke
        // can ask for them.
        let usable = lim.window.saturating_sub(POKE_WIRE);
        let room = usable - self.inflight_bytes.min(usable);
        if self.inflight.is_full() {
            return None;
        }
        if self.job.is_none() {
            if let Some(first) = self.start_job(now_ms, lim, room) {
                return Some(first);
            }
        }
        match self.job? {
            Job::Palette { .. } => self.next_colors(now_ms, lim, room),
            Job::Key { .. } => self.next_chunk(lim, room),
            Job::Delta { frame_id } => {
                // Applied, but the answer that it was shown was lost: ask again with the same
                // delta (a device showing it says so; one still latching says BUSY).
                let quiet = self.inflight.len() == 0
                    && elapsed(now_ms, self.job_activity_ms, timing::LED_ACK_TIMEOUT_MS);
                let d = self.delta(frame_id, lim, room).filter(|_| quiet)?;
                Some((Message::LedDelta(d), PieceSent(Piece::Delta)))
            }
        }
    }

    /// An empty chunk, when answers have stopped coming: pieces in flight for 50 ms with no
    /// answer since, or every LED of a keyframe in but no word that it was shown.
    fn poke(&mut self, now_ms: u32) -> Option<(Message, PieceSent)> {
        let (frame_id, all_in) = match self.job? {
            Job::Key { frame_id, have, .. } => (
                frame_id,
                (0..usize::from(self.sending.count)).all(|i| have.get(i)),
            ),
            // Any frame id serves: the answer's ack_seq and ack_bits are what is wanted.
            Job::Palette { .. } => (self.next_frame_id.max(1), false),
            Job::Delta { .. } => return None,
        };
        let waiting = match self.inflight.front() {
            Some(oldest) => elapsed(now_ms, oldest.at_ms, timing::LED_POKE_MS),
            None => all_in,
        };
        let quiet = elapsed(now_ms, self.last_answer_ms, timing::LED_POKE_MS)
            && self
                .last_poke_ms
                .is_none_or(|t| elapsed(now_ms, t, timing::LED_POKE_MS));
        if !(waiting && quiet) || self.inflight.is_full() {
            return None;
        }
        self.last_poke_ms = Some(now_ms);
        let poke = Piece::Leds {
            offset: 0,
            count: 0,
        };
        Some((self.key(frame_id, 0, 0), PieceSent(poke)))
    }

    /// Starts the next transfer; a delta goes out at once (it is the whole job).
    fn start_job(&mut self, now_ms: u32, lim: Limits, room: usize) -> Option<(Message, PieceSent)> {
        self.job_activity_ms = now_ms;
        if self.palette.is_some() && self.palette_dirty && lim.pal8 {
            self.palette_dirty = false;
            self.job = Some(Job::Palette {
                have: Bits::new(),
                pending: Bits::new(),
                cursor: 0,
            });
            return None;
        }
        if !self.led_set {
            return None;
        }
        let refresh = elapsed(now_ms, self.last_keyframe_ms, timing::KEYFRAME_REFRESH_MS);
        if !self.led_dirty && self.confirmed_id != 0 && !refresh {
            return None;
        }
        self.next_frame_id = seq::next_id(self.next_frame_id);
        self.sending = self.desired;
        self.led_dirty = false;
        let frame_id = self.next_frame_id;
        if !refresh {
            if let Some(delta) = self.delta(frame_id, lim, room) {
                self.job = Some(Job::Delta { frame_id });
                return Some((Message::LedDelta(delta), PieceSent(Piece::Delta)));
            }
        }
        self.last_keyframe_ms = now_ms;
        self.job = Some(Job::Key {
            frame_id,
            have: Bits::new(),
            pending: Bits::new(),
            cursor: 0,
        });
        None
    }

    /// Data bytes one message may carry now: the device's frame size, the window room, and
    /// what the line has been letting through.
    fn data_room(&self, lim: Limits, room: usize, header: usize, max: usize) -> usize {
        let by_frame = lim
            .max_body
            .min(MAX_FRAME)
            .saturating_sub(ENVELOPE_LEN + 4 + header);
        // Wire bytes: the body, one COBS code byte per 254 (at least one), the delimiter.
        let body_room = room.saturating_sub(2) * 254 / 255;
        let by_window = body_room.saturating_sub(ENVELOPE_LEN + 4 + header);
        by_frame.min(by_window).min(max).min(self.chunk_data)
    }

    /// On a lossy line, once everything missing has gone, it goes round again (as the window
    /// allows) rather than waiting for answers, most of which are lost too.
    fn carousel(&self, unsent: impl Fn(usize) -> bool, n: usize) -> bool {
        self.loss_permille >= LOSSY_PERMILLE && !(0..n).any(unsent)
    }

    fn next_colors(
        &mut self,
        now_ms: u32,
        lim: Limits,
        room: usize,
    ) -> Option<(Message, PieceSent)> {
        let p = self.palette?;
        let Some(Job::Palette {
            have,
            pending,
            cursor,
        }) = self.job
        else {
            return None;
        };
        let size = usize::from(p.count);
        if (0..size).all(|i| have.get(i)) {
            self.palette_confirmed = p.palette_id;
            self.job = None;
            return self.next(now_ms, lim);
        }
        let carousel = self.carousel(|i| !have.get(i) && !pending.get(i), size);
        let free = |i: usize| !have.get(i) && (carousel || !pending.get(i));
        let first = Bits::<8>::next_where(cursor, size, free)?;
        let room = self.data_room(lim, room, PALETTE_HEADER, PALETTE_MAX * 3) / 3;
        let count = Bits::<8>::run_len(first, size, room, free);
        if count == 0 {
            return None;
        }
        let mut part = LedPalette {
            palette_id: p.palette_id,
            size: p.count,
            first: first as u8,
            count: count as u16,
            ..LedPalette::default()
        };
        part.colors[..count].copy_from_slice(&p.colors[first..first + count]);
        Some((
            Message::LedPalette(part),
            PieceSent(Piece::Colors { first, count }),
        ))
    }

    fn next_chunk(&mut self, lim: Limits, room: usize) -> Option<(Message, PieceSent)> {
        let Some(Job::Key {
            frame_id,
            have,
            pending,
            cursor,
        }) = self.job
        else {
            return None;
        };
        let (n, bpl) = (usize::from(self.sending.count), self.sending.bpl());
        let carousel = self.carousel(|i| !have.get(i) && !pending.get(i), n);
        let free = |i: usize| !have.get(i) && (carousel || !pending.get(i));
        let offset = Bits::<8>::next_where(cursor, n, free)?;
        let room = self.data_room(lim, room, KEY_HEADER, LED_CHUNK_MAX) / bpl;
        let count = Bits::<8>::run_len(offset, n, room, free);
        if count == 0 {
            return None;
        }
        Some((
            self.key(frame_id, offset, count),
            PieceSent(Piece::Leds { offset, count }),
        ))
    }

    fn key(&self, frame_id: u16, offset: usize, count: usize) -> Message {
        let f = &self.sending;
        let bpl = f.bpl();
        let mut k = LedKey {
            frame_id,
            format: f.format,
            led_count: f.count,
            offset: offset as u16,
            len: (count * bpl) as u16,
            ..LedKey::default()
        };
        k.data[..count * bpl].copy_from_slice(&f.data[offset * bpl..(offset + count) * bpl]);
        Message::LedKey(k)
    }

    /// Records a message [`Self::next`] gave, now sent with envelope `seq` in `bytes`.
    pub(crate) fn sent(&mut self, piece: PieceSent, seq: u16, bytes: usize, now_ms: u32) {
        let piece = piece.0;
        match (&mut self.job, piece) {
            (
                Some(Job::Palette {
                    pending, cursor, ..
                }),
                Piece::Colors { first, count },
            ) => {
                pending.set_range(first, count);
                *cursor = first + count;
            }
            (
                Some(Job::Key {
                    pending, cursor, ..
                }),
                Piece::Leds { offset, count },
            ) => {
                pending.set_range(offset, count);
                *cursor = offset + count;
            }
            _ => {}
        }
        self.job_activity_ms = now_ms;
        self.inflight_bytes += bytes;
        let _ = self.inflight.push(Sent {
            seq,
            bytes,
            at_ms: now_ms,
            piece,
            released: false,
        });
    }

    /// A message [`Self::next`] gave could not be written: a delta is made again later (a
    /// chunk or a palette part simply stays unsent).
    pub(crate) fn unsent(&mut self, piece: PieceSent) {
        if piece.0 == Piece::Delta && matches!(self.job, Some(Job::Delta { .. })) {
            self.job = None;
            self.led_dirty = true;
        }
    }

    /// A delta from the confirmed frame to `sending`, if one exists, fits and is smaller.
    fn delta(&self, frame_id: u16, lim: Limits, room: usize) -> Option<LedDelta> {
        let (base, new) = (&self.confirmed, &self.sending);
        if self.confirmed_id == 0 || base.format != new.format || base.count != new.count {
            return None;
        }
        let bpl = new.bpl();
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
        let m = Message::LedDelta(d);
        let (wire, body) = (wire_len(&m).ok()?, body_len(&m).ok()?);
        let key_len = n * bpl + 32;
        (wire < key_len && wire <= room && body <= lim.max_body).then_some(d)
    }
}

/// A piece handed out by [`LedChannel::next`], to give back to [`LedChannel::sent`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct PieceSent(Piece);
