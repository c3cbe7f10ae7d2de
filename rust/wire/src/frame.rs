//! Framing: `COBS(envelope ‖ payload ‖ CRC-32 LE) ‖ 0x00`, and the byte-at-a-time decoder.
use crate::crc::crc32;
use crate::messages::Message;
use crate::Error;

/// Envelope byte 0: major version 1 in the high nibble, no flag bits.
pub const VERSION: u8 = 0x10;
pub const ENVELOPE_LEN: usize = 4;
pub const CRC_LEN: usize = 4;
/// Longest frame body (envelope + payload + CRC) before COBS. Longer input is dropped.
pub const MAX_FRAME: usize = 1024;
/// Longest frame on the wire: COBS adds one byte per 254 and the delimiter one more.
pub const MAX_WIRE: usize = MAX_FRAME + MAX_FRAME.div_ceil(254) + 1;
/// Longest payload.
pub const MAX_PAYLOAD: usize = MAX_FRAME - ENVELOPE_LEN - CRC_LEN;

/// The 4 bytes before every payload.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Envelope {
    pub version: u8,
    pub msg_type: u8,
    /// Per direction, +1 per frame sent, wrapping. Little-endian on the wire.
    pub seq: u16,
}

/// A decoded frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    pub seq: u16,
    pub message: Message,
}

/// COBS-encodes `src` into `dst` (no delimiter); returns the encoded length.
pub fn cobs_encode(src: &[u8], dst: &mut [u8]) -> Result<usize, Error> {
    if dst.len() < src.len() + src.len() / 254 + 1 {
        return Err(Error::BufferTooSmall);
    }
    let mut code_at = 0;
    let mut out = 1;
    let mut code: u8 = 1;
    for &b in src {
        if b == 0 {
            dst[code_at] = code;
            code_at = out;
            out += 1;
            code = 1;
        } else {
            dst[out] = b;
            out += 1;
            code += 1;
            if code == 0xFF {
                dst[code_at] = code;
                code_at = out;
                out += 1;
                code = 1;
            }
        }
    }
    dst[code_at] = code;
    Ok(out)
}

/// Encodes `message` as one complete wire frame, delimiter included; returns its length.
/// A buffer of `MAX_WIRE` bytes always suffices.
pub fn encode_frame(message: &Message, seq: u16, out: &mut [u8]) -> Result<usize, Error> {
    let mut body = [0u8; MAX_FRAME];
    let [s0, s1] = seq.to_le_bytes();
    body[..ENVELOPE_LEN].copy_from_slice(&[VERSION, message.type_id(), s0, s1]);
    let n = match message.encode_payload(&mut body[ENVELOPE_LEN..MAX_FRAME - CRC_LEN]) {
        Err(Error::BufferTooSmall) => return Err(Error::FrameTooLong),
        other => other?,
    };
    let end = ENVELOPE_LEN + n;
    let crc = crc32(&body[..end]);
    body[end..end + CRC_LEN].copy_from_slice(&crc.to_le_bytes());
    let body = &body[..end + CRC_LEN];
    let stuffed = cobs_encode(body, out)?;
    *out.get_mut(stuffed).ok_or(Error::BufferTooSmall)? = 0;
    Ok(stuffed + 1)
}

/// Checks and decodes a frame body (already un-stuffed, no delimiter).
pub fn decode_body(body: &[u8]) -> Result<Frame, Error> {
    if body.len() > MAX_FRAME {
        return Err(Error::FrameTooLong);
    }
    if body.len() < ENVELOPE_LEN + CRC_LEN {
        return Err(Error::TooShort);
    }
    let (data, crc) = body.split_at(body.len() - CRC_LEN);
    if crc32(data).to_le_bytes() != crc {
        return Err(Error::Crc);
    }
    if data[0] != VERSION {
        return Err(Error::Version);
    }
    let seq = u16::from_le_bytes([data[2], data[3]]);
    let message = Message::decode_payload(data[1], &data[ENVELOPE_LEN..])?;
    Ok(Frame { seq, message })
}

/// Decodes one whole wire frame (with or without its trailing delimiter).
pub fn decode_frame(wire: &[u8]) -> Result<Frame, Error> {
    let wire = wire.strip_suffix(&[0]).unwrap_or(wire);
    let mut d = Decoder::new();
    for &b in wire {
        if b == 0 {
            return Err(Error::Cobs);
        }
        if let Some(Err(e)) = d.feed(b) {
            return Err(e);
        }
    }
    match d.feed(0) {
        Some(r) => r,
        None => Err(Error::TooShort),
    }
}

/// Receive-side counters (as reported in `STATUS`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counters {
    pub rx_ok: u32,
    pub crc_err: u32,
    pub cobs_err: u32,
    pub overflow: u32,
    pub bad_payload: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between frames: nothing received since the last delimiter.
    Idle,
    /// The next byte is a COBS code byte.
    Code,
    /// `n` data bytes remain in the current COBS block.
    Data(u8),
    /// Dropping bytes up to the next delimiter (after an overflow).
    Discard,
}

/// Incremental decoder: feed bytes as they arrive; it never holds more than `MAX_FRAME` bytes,
/// and any error (or overflow) resynchronises at the next 0x00.
#[derive(Debug, Clone)]
pub struct Decoder {
    buf: [u8; MAX_FRAME],
    len: usize,
    state: State,
    /// A COBS block shorter than 254 data bytes ended: a zero goes before the next block.
    zero_pending: bool,
    counters: Counters,
}

impl Default for Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl Decoder {
    pub const fn new() -> Self {
        Decoder {
            buf: [0; MAX_FRAME],
            len: 0,
            state: State::Idle,
            zero_pending: false,
            counters: Counters {
                rx_ok: 0,
                crc_err: 0,
                cobs_err: 0,
                overflow: 0,
                bad_payload: 0,
            },
        }
    }

    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Bytes of the frame in progress (never above `MAX_FRAME`).
    pub fn buffered(&self) -> usize {
        self.len
    }

    fn push(&mut self, b: u8) -> bool {
        if self.len == MAX_FRAME {
            return false;
        }
        self.buf[self.len] = b;
        self.len += 1;
        true
    }

    fn overflow(&mut self) -> Option<Result<Frame, Error>> {
        self.state = State::Discard;
        self.len = 0;
        self.counters.overflow += 1;
        Some(Err(Error::FrameTooLong))
    }

    /// Feeds one byte. Returns a frame or an error when a delimiter ends one, `None` otherwise
    /// (empty frames, as between two delimiters, are silently skipped). An overflow is
    /// reported once, then bytes are dropped until the next delimiter.
    pub fn feed(&mut self, byte: u8) -> Option<Result<Frame, Error>> {
        if byte == 0 {
            let state = self.state;
            let len = self.len;
            self.len = 0;
            self.state = State::Idle;
            self.zero_pending = false;
            return match state {
                State::Idle | State::Discard => None,
                State::Data(_) => {
                    self.counters.cobs_err += 1;
                    Some(Err(Error::Cobs))
                }
                State::Code => Some(self.finish(len)),
            };
        }
        match self.state {
            State::Discard => None,
            State::Idle | State::Code => {
                if self.zero_pending && !self.push(0) {
                    return self.overflow();
                }
                self.zero_pending = byte != 0xFF;
                self.state = if byte == 1 {
                    State::Code
                } else {
                    State::Data(byte - 1)
                };
                None
            }
            State::Data(n) => {
                if !self.push(byte) {
                    return self.overflow();
                }
                self.state = if n == 1 {
                    State::Code
                } else {
                    State::Data(n - 1)
                };
                None
            }
        }
    }

    fn finish(&mut self, len: usize) -> Result<Frame, Error> {
        let result = decode_body(&self.buf[..len]);
        match result {
            Ok(_) => self.counters.rx_ok += 1,
            Err(Error::Crc) => self.counters.crc_err += 1,
            Err(Error::TooShort) => self.counters.cobs_err += 1,
            Err(_) => self.counters.bad_payload += 1,
        }
        result
    }
}

/// An output buffer the sessions fill with whole frames only.
#[derive(Debug)]
pub(crate) struct Out<'a> {
    buf: &'a mut [u8],
    pub(crate) pos: usize,
}

impl<'a> Out<'a> {
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        Out { buf, pos: 0 }
    }

    /// Encodes `msg` if the whole frame (plus `lead` delimiters before it) fits; returns the
    /// wire length written, or `None` (nothing written) if it does not fit or cannot encode.
    pub(crate) fn frame(&mut self, msg: &Message, seq: u16, lead: bool) -> Option<usize> {
        let mut tmp = [0u8; MAX_WIRE + 1];
        let start = usize::from(lead);
        let n = encode_frame(msg, seq, &mut tmp[start..]).ok()? + start;
        let dst = self.buf.get_mut(self.pos..self.pos + n)?;
        dst.copy_from_slice(&tmp[..n]);
        self.pos += n;
        Some(n)
    }
}

/// Body length of `msg` as a frame: envelope, payload, CRC (what `max_frame` limits).
pub fn body_len(msg: &Message) -> Result<usize, Error> {
    let mut tmp = [0u8; MAX_PAYLOAD];
    let n = match msg.encode_payload(&mut tmp) {
        Err(Error::BufferTooSmall) => return Err(Error::FrameTooLong),
        other => other?,
    };
    Ok(ENVELOPE_LEN + n + CRC_LEN)
}

/// Wire length of `msg` as a frame (what flow control counts).
pub fn wire_len(msg: &Message) -> Result<usize, Error> {
    let mut tmp = [0u8; MAX_WIRE];
    encode_frame(msg, 0, &mut tmp)
}
