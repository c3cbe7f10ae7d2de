//! Every message of bridge v1, as plain C-compatible structs: integers and fixed arrays only
//! (booleans and enums are `u8`, validated when encoding), so the C ABI can share them with no
//! conversion and no invalid bit pattern. Field order is wire order; see `PROTOCOL.md`.
use crate::codec::{Reader, Writer};
use crate::Error;

/// Message type bytes (envelope byte 1).
pub mod msg_type {
    pub const HELLO: u8 = 0x01;
    pub const HELLO_ACK: u8 = 0x02;
    pub const CONFIG: u8 = 0x03;
    pub const HEARTBEAT: u8 = 0x04;
    pub const STATUS: u8 = 0x05;
    pub const HELLO_PART: u8 = 0x06;
    pub const DASH_STATE: u8 = 0x10;
    pub const LED_PALETTE: u8 = 0x20;
    pub const LED_KEY: u8 = 0x21;
    pub const LED_DELTA: u8 = 0x22;
    pub const FRAME_SHOWN: u8 = 0x23;
    pub const INPUT_EVENT: u8 = 0x30;
    pub const ACK_INPUT: u8 = 0x31;
    pub const NACK: u8 = 0x7F;
}

/// `HelloAck::kind`.
pub mod device_kind {
    pub const DASHBOARD: u8 = 1;
    pub const TRACK: u8 = 2;
}

/// `LedKey::format`, and the bits of `Caps::led_formats` (`1 << format`).
pub mod led_format {
    /// Three bytes per LED: red, green, blue.
    pub const RGB888: u8 = 0;
    /// One byte per LED: an index into the palette.
    pub const PAL8: u8 = 1;

    /// Bytes per LED of a format, `None` if unknown.
    pub fn bytes_per_led(format: u8) -> Option<usize> {
        match format {
            RGB888 => Some(3),
            PAL8 => Some(1),
            _ => None,
        }
    }
}

/// `InputEvent::kind`.
pub mod input_kind {
    pub const PRESS: u8 = 0;
    pub const RELEASE: u8 = 1;
    /// A rotary encoder turned by `value` detents (negative: counter-clockwise).
    pub const TURN: u8 = 2;
}

/// `Nack::code`.
pub mod nack_code {
    /// A delta's base is not the frame on the strip, or a keyframe chunk is out of order.
    pub const NEED_KEYFRAME: u8 = 1;
    /// LED indices beyond the strip, or a chunk whose length is not whole LEDs.
    pub const BAD_RANGE: u8 = 2;
    /// A format or message this device does not support.
    pub const UNSUPPORTED: u8 = 3;
    /// LED data while the strip is still showing the previous frame.
    pub const BUSY: u8 = 4;
}

/// Most LEDs a frame can address.
pub const MAX_LEDS: usize = 512;
/// Most data bytes in one `LedKey` chunk (320 RGB LEDs or 960 palette LEDs).
pub const LED_CHUNK_MAX: usize = 960;
/// Most runs in one `LedDelta`.
pub const MAX_RUNS: usize = 64;
/// Most palette entries.
pub const PALETTE_MAX: usize = 256;
/// Length of a device uid.
pub const UID_LEN: usize = 16;
/// Most HELLO_ACK payload bytes in one `HelloPart`.
pub const HELLO_PART_MAX: usize = 16;
/// Longest HELLO_ACK payload (every varint at its longest): what `HelloPart` reassembles.
pub const HELLO_ACK_MAX_PAYLOAD: usize = 52;

/// Host → device, every 250 ms until answered: who I am and which protocol I speak.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hello {
    pub major: u8,
    pub minor: u8,
    pub schema_hash: u32,
    pub nonce: u32,
}

/// What a device can do, sent inside `HelloAck`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Caps {
    /// Longest frame body (envelope + payload + CRC) the device accepts.
    pub max_frame: u16,
    /// Most LED-message wire bytes the host may have in flight.
    pub rx_window: u16,
    pub led_count: u16,
    /// Bit `1 << f` set for each `led_format` the device shows.
    pub led_formats: u8,
    pub outputs: u8,
    pub inputs: u8,
}

/// Device → host: the answer to `Hello`, also sent unsolicited (nonce 0) at boot.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HelloAck {
    pub major: u8,
    pub minor: u8,
    pub schema_hash: u32,
    pub nonce: u32,
    pub kind: u8,
    pub uid: [u8; UID_LEN],
    pub fw_version: u16,
    /// Random per power-up: a new value tells the host the device was reset.
    pub boot_id: u32,
    /// Sequence number of the oldest input event the device has not had acknowledged.
    pub input_base: u16,
    pub caps: Caps,
}

/// Host → device settings.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Config {
    pub failsafe_ms: u16,
    pub brightness: u8,
    pub status_interval_ms: u16,
}

/// Host → device when it has nothing else to send for 250 ms.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Heartbeat {
    pub host_ms: u32,
}

/// Device → host every `status_interval_ms` (250 ms by default).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Status {
    pub uptime_ms: u32,
    pub boot_id: u32,
    pub rx_ok: u32,
    pub crc_err: u32,
    pub cobs_err: u32,
    pub overflow: u32,
    /// Frames with a good CRC but an unknown type or a malformed payload.
    pub bad_payload: u32,
    /// Frame on the strip (0: none).
    pub shown_frame_id: u16,
    /// `DashState::state_id` applied last (0: none).
    pub state_id: u16,
    /// Palette in use (0: none).
    pub palette_id: u8,
    /// 1 while in failsafe.
    pub failsafe: u8,
    /// Level of every button or switch, bit per control.
    pub inputs: u32,
    pub encoder: i16,
}

/// Host → device: what a dashboard shows. Latest wins.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DashState {
    /// Non-zero; changes with every new state.
    pub state_id: u16,
    pub speed: u16,
    pub turn_pins: u8,
    pub temperature: u8,
    pub engine: u8,
    pub brakes: u8,
    pub tyres: u8,
    pub switches: u16,
    pub pace: u8,
    pub lamps: u32,
}

/// Host → device: some colours of palette `palette_id`, the colours `PAL8` indices refer to.
/// A palette of `size` entries may come in several parts (each as long as `max_frame` and the
/// window allow); the device uses it once every entry has arrived. Latest wins.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedPalette {
    /// Non-zero.
    pub palette_id: u8,
    /// Entries in the whole palette, 1..=256.
    pub size: u16,
    /// Index of this part's first colour.
    pub first: u8,
    /// Colours in this part, at least 1; `first + count <= size`.
    pub count: u16,
    pub colors: [[u8; 3]; PALETTE_MAX],
}

impl Default for LedPalette {
    fn default() -> Self {
        LedPalette {
            palette_id: 0,
            size: 0,
            first: 0,
            count: 0,
            colors: [[0; 3]; PALETTE_MAX],
        }
    }
}

impl LedPalette {
    /// This part's colours.
    pub fn part(&self) -> &[[u8; 3]] {
        &self.colors[..usize::from(self.count).min(PALETTE_MAX)]
    }
}

/// Host → device: one chunk of a keyframe. Chunks come in any order, and again if lost; the
/// device shows the frame once every LED of it has arrived.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedKey {
    /// Non-zero.
    pub frame_id: u16,
    pub format: u8,
    /// LEDs in the whole frame.
    pub led_count: u16,
    /// Index of the first LED of this chunk.
    pub offset: u16,
    pub len: u16,
    pub data: [u8; LED_CHUNK_MAX],
}

impl Default for LedKey {
    fn default() -> Self {
        LedKey {
            frame_id: 0,
            format: 0,
            led_count: 0,
            offset: 0,
            len: 0,
            data: [0; LED_CHUNK_MAX],
        }
    }
}

impl LedKey {
    pub fn data(&self) -> &[u8] {
        &self.data[..usize::from(self.len).min(LED_CHUNK_MAX)]
    }
}

/// `len` LEDs from `start` all set to `value` (an RGB888 `0xRRGGBB` or a palette index).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LedRun {
    pub start: u16,
    pub len: u16,
    pub value: u32,
}

/// Host → device: frame `frame_id` is frame `base_id` with these runs painted over it.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedDelta {
    pub frame_id: u16,
    pub base_id: u16,
    pub count: u16,
    pub runs: [LedRun; MAX_RUNS],
}

impl Default for LedDelta {
    fn default() -> Self {
        LedDelta {
            frame_id: 0,
            base_id: 0,
            count: 0,
            runs: [LedRun::default(); MAX_RUNS],
        }
    }
}

impl LedDelta {
    pub fn runs(&self) -> &[LedRun] {
        &self.runs[..usize::from(self.count).min(MAX_RUNS)]
    }
}

/// Device → host, the answer to LED messages: the host frames the device accepted, and where
/// frame `frame_id` stands (`shown` 1 once it is on the strip: the go-ahead for the next).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FrameShown {
    pub frame_id: u16,
    /// Envelope `seq` of the last host frame the device accepted.
    pub ack_seq: u16,
    /// Bit `i` set: the host frame `ack_seq - 1 - i` was accepted too (a selective
    /// acknowledgement of the 32 before `ack_seq`).
    pub ack_bits: u32,
    pub shown: u8,
    pub show_us: u32,
}

/// Device → host: `len` bytes of the device's HELLO_ACK payload from `offset`, so a HELLO_ACK
/// too long to cross a lossy line whole arrives in parts. `check` is the low 16 bits of the
/// CRC-32 of the whole payload (`total` bytes): parts of different answers never mix.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HelloPart {
    pub check: u16,
    pub total: u8,
    pub offset: u8,
    pub len: u8,
    pub data: [u8; HELLO_PART_MAX],
}

impl HelloPart {
    pub fn data(&self) -> &[u8] {
        &self.data[..usize::from(self.len).min(HELLO_PART_MAX)]
    }
}

/// Device → host: a control changed. Resent every 100 ms until `AckInput` covers `ev_seq`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct InputEvent {
    pub ev_seq: u16,
    pub t_ms: u32,
    pub control: u8,
    pub kind: u8,
    pub value: i16,
}

/// Host → device: every input event up to and including `upto` (wrapping) has arrived.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AckInput {
    pub upto: u16,
}

/// Device → host: the message with envelope sequence `ref_seq` was refused.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Nack {
    pub ref_seq: u16,
    pub code: u8,
}

/// Any message. Large variants are boxed by nobody: this is a fixed-size value (about 1 KB).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Message {
    Hello(Hello),
    HelloAck(HelloAck),
    Config(Config),
    Heartbeat(Heartbeat),
    Status(Status),
    HelloPart(HelloPart),
    DashState(DashState),
    LedPalette(LedPalette),
    LedKey(LedKey),
    LedDelta(LedDelta),
    FrameShown(FrameShown),
    InputEvent(InputEvent),
    AckInput(AckInput),
    Nack(Nack),
}

impl Message {
    /// The envelope type byte.
    pub fn type_id(&self) -> u8 {
        use msg_type::*;
        match self {
            Message::Hello(_) => HELLO,
            Message::HelloAck(_) => HELLO_ACK,
            Message::Config(_) => CONFIG,
            Message::Heartbeat(_) => HEARTBEAT,
            Message::Status(_) => STATUS,
            Message::HelloPart(_) => HELLO_PART,
            Message::DashState(_) => DASH_STATE,
            Message::LedPalette(_) => LED_PALETTE,
            Message::LedKey(_) => LED_KEY,
            Message::LedDelta(_) => LED_DELTA,
            Message::FrameShown(_) => FRAME_SHOWN,
            Message::InputEvent(_) => INPUT_EVENT,
            Message::AckInput(_) => ACK_INPUT,
            Message::Nack(_) => NACK,
        }
    }

    /// The protocol name, as in `PROTOCOL.md` ("HELLO", "LED_KEY", ...).
    pub fn name(&self) -> &'static str {
        type_name(self.type_id()).unwrap_or("?")
    }

    /// Writes the postcard payload (no envelope, no CRC); returns its length.
    pub fn encode_payload(&self, out: &mut [u8]) -> Result<usize, Error> {
        let mut w = Writer::new(out);
        match self {
            Message::Hello(m) => enc_hello(m, &mut w)?,
            Message::HelloAck(m) => enc_hello_ack(m, &mut w)?,
            Message::Config(m) => {
                w.u16(m.failsafe_ms)?;
                w.u8(m.brightness)?;
                w.u16(m.status_interval_ms)?;
            }
            Message::Heartbeat(m) => w.u32(m.host_ms)?,
            Message::Status(m) => enc_status(m, &mut w)?,
            Message::HelloPart(m) => enc_hello_part(m, &mut w)?,
            Message::DashState(m) => enc_dash(m, &mut w)?,
            Message::LedPalette(m) => enc_palette(m, &mut w)?,
            Message::LedKey(m) => enc_key(m, &mut w)?,
            Message::LedDelta(m) => enc_delta(m, &mut w)?,
            Message::FrameShown(m) => {
                w.u16(m.frame_id)?;
                w.u16(m.ack_seq)?;
                w.u32(m.ack_bits)?;
                w.bool(m.shown, "FRAME_SHOWN.shown")?;
                w.u32(m.show_us)?;
            }
            Message::InputEvent(m) => {
                if m.kind > input_kind::TURN {
                    return Err(Error::InvalidField("INPUT_EVENT.kind"));
                }
                w.u16(m.ev_seq)?;
                w.u32(m.t_ms)?;
                w.u8(m.control)?;
                w.u8(m.kind)?;
                w.i16(m.value)?;
            }
            Message::AckInput(m) => w.u16(m.upto)?,
            Message::Nack(m) => {
                w.u16(m.ref_seq)?;
                w.u8(m.code)?;
            }
        }
        Ok(w.len())
    }

    /// Reads a payload of message type `type_id`; every byte must be used.
    pub fn decode_payload(type_id: u8, payload: &[u8]) -> Result<Message, Error> {
        use msg_type::*;
        let mut r = Reader::new(payload);
        let m = match type_id {
            HELLO => Message::Hello(Hello {
                major: r.u8()?,
                minor: r.u8()?,
                schema_hash: r.u32()?,
                nonce: r.u32()?,
            }),
            HELLO_ACK => Message::HelloAck(dec_hello_ack(&mut r)?),
            CONFIG => Message::Config(Config {
                failsafe_ms: r.u16()?,
                brightness: r.u8()?,
                status_interval_ms: r.u16()?,
            }),
            HEARTBEAT => Message::Heartbeat(Heartbeat { host_ms: r.u32()? }),
            STATUS => Message::Status(dec_status(&mut r)?),
            HELLO_PART => Message::HelloPart(dec_hello_part(&mut r)?),
            DASH_STATE => Message::DashState(DashState {
                state_id: r.u16()?,
                speed: r.u16()?,
                turn_pins: r.u8()?,
                temperature: r.u8()?,
                engine: r.u8()?,
                brakes: r.u8()?,
                tyres: r.u8()?,
                switches: r.u16()?,
                pace: r.u8()?,
                lamps: r.u32()?,
            }),
            LED_PALETTE => Message::LedPalette(dec_palette(&mut r)?),
            LED_KEY => Message::LedKey(dec_key(&mut r)?),
            LED_DELTA => Message::LedDelta(dec_delta(&mut r)?),
            FRAME_SHOWN => Message::FrameShown(FrameShown {
                frame_id: r.u16()?,
                ack_seq: r.u16()?,
                ack_bits: r.u32()?,
                shown: r.bool()?,
                show_us: r.u32()?,
            }),
            INPUT_EVENT => {
                let ev = InputEvent {
                    ev_seq: r.u16()?,
                    t_ms: r.u32()?,
                    control: r.u8()?,
                    kind: r.u8()?,
                    value: r.i16()?,
                };
                if ev.kind > input_kind::TURN {
                    return Err(Error::InvalidField("INPUT_EVENT.kind"));
                }
                Message::InputEvent(ev)
            }
            ACK_INPUT => Message::AckInput(AckInput { upto: r.u16()? }),
            NACK => Message::Nack(Nack {
                ref_seq: r.u16()?,
                code: r.u8()?,
            }),
            other => return Err(Error::UnknownType(other)),
        };
        r.finish()?;
        Ok(m)
    }
}

/// The protocol name of a type byte.
pub fn type_name(type_id: u8) -> Option<&'static str> {
    use msg_type::*;
    Some(match type_id {
        HELLO => "HELLO",
        HELLO_ACK => "HELLO_ACK",
        CONFIG => "CONFIG",
        HEARTBEAT => "HEARTBEAT",
        STATUS => "STATUS",
        HELLO_PART => "HELLO_PART",
        DASH_STATE => "DASH_STATE",
        LED_PALETTE => "LED_PALETTE",
        LED_KEY => "LED_KEY",
        LED_DELTA => "LED_DELTA",
        FRAME_SHOWN => "FRAME_SHOWN",
        INPUT_EVENT => "INPUT_EVENT",
        ACK_INPUT => "ACK_INPUT",
        NACK => "NACK",
        _ => return None,
    })
}

fn enc_hello(m: &Hello, w: &mut Writer<'_>) -> Result<(), Error> {
    w.u8(m.major)?;
    w.u8(m.minor)?;
    w.u32(m.schema_hash)?;
    w.u32(m.nonce)
}

fn enc_hello_ack(m: &HelloAck, w: &mut Writer<'_>) -> Result<(), Error> {
    if m.kind != device_kind::DASHBOARD && m.kind != device_kind::TRACK {
        return Err(Error::InvalidField("HELLO_ACK.kind"));
    }
    w.u8(m.major)?;
    w.u8(m.minor)?;
    w.u32(m.schema_hash)?;
    w.u32(m.nonce)?;
    w.u8(m.kind)?;
    w.bytes(&m.uid)?;
    w.u16(m.fw_version)?;
    w.u32(m.boot_id)?;
    w.u16(m.input_base)?;
    let c = &m.caps;
    w.u16(c.max_frame)?;
    w.u16(c.rx_window)?;
    w.u16(c.led_count)?;
    w.u8(c.led_formats)?;
    w.u8(c.outputs)?;
    w.u8(c.inputs)
}

fn dec_hello_ack(r: &mut Reader<'_>) -> Result<HelloAck, Error> {
    let mut m = HelloAck {
        major: r.u8()?,
        minor: r.u8()?,
        schema_hash: r.u32()?,
        nonce: r.u32()?,
        kind: r.u8()?,
        ..HelloAck::default()
    };
    if m.kind != device_kind::DASHBOARD && m.kind != device_kind::TRACK {
        return Err(Error::InvalidField("HELLO_ACK.kind"));
    }
    m.uid.copy_from_slice(r.bytes(UID_LEN)?);
    m.fw_version = r.u16()?;
    m.boot_id = r.u32()?;
    m.input_base = r.u16()?;
    m.caps = Caps {
        max_frame: r.u16()?,
        rx_window: r.u16()?,
        led_count: r.u16()?,
        led_formats: r.u8()?,
        outputs: r.u8()?,
        inputs: r.u8()?,
    };
    Ok(m)
}

fn enc_status(m: &Status, w: &mut Writer<'_>) -> Result<(), Error> {
    for v in [
        m.uptime_ms,
        m.boot_id,
        m.rx_ok,
        m.crc_err,
        m.cobs_err,
        m.overflow,
        m.bad_payload,
    ] {
        w.u32(v)?;
    }
    w.u16(m.shown_frame_id)?;
    w.u16(m.state_id)?;
    w.u8(m.palette_id)?;
    w.bool(m.failsafe, "STATUS.failsafe")?;
    w.u32(m.inputs)?;
    w.i16(m.encoder)
}

fn dec_status(r: &mut Reader<'_>) -> Result<Status, Error> {
    Ok(Status {
        uptime_ms: r.u32()?,
        boot_id: r.u32()?,
        rx_ok: r.u32()?,
        crc_err: r.u32()?,
        cobs_err: r.u32()?,
        overflow: r.u32()?,
        bad_payload: r.u32()?,
        shown_frame_id: r.u16()?,
        state_id: r.u16()?,
        palette_id: r.u8()?,
        failsafe: r.bool()?,
        inputs: r.u32()?,
        encoder: r.i16()?,
    })
}

fn enc_dash(m: &DashState, w: &mut Writer<'_>) -> Result<(), Error> {
    w.u16(m.state_id)?;
    w.u16(m.speed)?;
    w.u8(m.turn_pins)?;
    w.u8(m.temperature)?;
    w.u8(m.engine)?;
    w.u8(m.brakes)?;
    w.u8(m.tyres)?;
    w.u16(m.switches)?;
    w.u8(m.pace)?;
    w.u32(m.lamps)
}

/// The range rules of a palette part, shared by encoder and decoder.
fn check_palette(m: &LedPalette) -> Result<(), Error> {
    if m.size == 0 || usize::from(m.size) > PALETTE_MAX {
        return Err(Error::InvalidField("LED_PALETTE.size"));
    }
    if m.count == 0 || usize::from(m.first) + usize::from(m.count) > usize::from(m.size) {
        return Err(Error::InvalidField("LED_PALETTE.count"));
    }
    Ok(())
}

fn enc_palette(m: &LedPalette, w: &mut Writer<'_>) -> Result<(), Error> {
    check_palette(m)?;
    w.u8(m.palette_id)?;
    w.u16(m.size)?;
    w.u8(m.first)?;
    w.u16(m.count)?;
    for c in m.part() {
        w.bytes(c)?;
    }
    Ok(())
}

fn dec_palette(r: &mut Reader<'_>) -> Result<LedPalette, Error> {
    let mut m = LedPalette {
        palette_id: r.u8()?,
        size: r.u16()?,
        first: r.u8()?,
        count: r.u16()?,
        ..LedPalette::default()
    };
    check_palette(&m)?;
    for c in &mut m.colors[..usize::from(m.count)] {
        c.copy_from_slice(r.bytes(3)?);
    }
    Ok(m)
}

fn enc_hello_part(m: &HelloPart, w: &mut Writer<'_>) -> Result<(), Error> {
    if usize::from(m.len) > HELLO_PART_MAX
        || usize::from(m.offset) + usize::from(m.len) > usize::from(m.total)
    {
        return Err(Error::InvalidField("HELLO_PART.len"));
    }
    w.u16(m.check)?;
    w.u8(m.total)?;
    w.u8(m.offset)?;
    w.u16(u16::from(m.len))?;
    w.bytes(m.data())
}

fn dec_hello_part(r: &mut Reader<'_>) -> Result<HelloPart, Error> {
    let mut m = HelloPart {
        check: r.u16()?,
        total: r.u8()?,
        offset: r.u8()?,
        ..HelloPart::default()
    };
    let len = usize::from(r.u16()?);
    if len > HELLO_PART_MAX || usize::from(m.offset) + len > usize::from(m.total) {
        return Err(Error::InvalidField("HELLO_PART.len"));
    }
    m.len = len as u8;
    m.data[..len].copy_from_slice(r.bytes(len)?);
    Ok(m)
}

/// The range rules a keyframe chunk must meet, shared by encoder and decoder.
fn check_key(m: &LedKey) -> Result<(), Error> {
    let bpl = led_format::bytes_per_led(m.format).ok_or(Error::InvalidField("LED_KEY.format"))?;
    let len = usize::from(m.len);
    if len > LED_CHUNK_MAX || len % bpl != 0 {
        return Err(Error::InvalidField("LED_KEY.len"));
    }
    if usize::from(m.led_count) > MAX_LEDS {
        return Err(Error::InvalidField("LED_KEY.led_count"));
    }
    if usize::from(m.offset) + len / bpl > usize::from(m.led_count) {
        return Err(Error::InvalidField("LED_KEY.offset"));
    }
    Ok(())
}

fn enc_key(m: &LedKey, w: &mut Writer<'_>) -> Result<(), Error> {
    check_key(m)?;
    w.u16(m.frame_id)?;
    w.u8(m.format)?;
    w.u16(m.led_count)?;
    w.u16(m.offset)?;
    w.u16(m.len)?;
    w.bytes(m.data())
}

fn dec_key(r: &mut Reader<'_>) -> Result<LedKey, Error> {
    let mut m = LedKey {
        frame_id: r.u16()?,
        format: r.u8()?,
        led_count: r.u16()?,
        offset: r.u16()?,
        len: r.u16()?,
        ..LedKey::default()
    };
    check_key(&m)?;
    let len = usize::from(m.len);
    m.data[..len].copy_from_slice(r.bytes(len)?);
    Ok(m)
}

fn enc_delta(m: &LedDelta, w: &mut Writer<'_>) -> Result<(), Error> {
    if usize::from(m.count) > MAX_RUNS {
        return Err(Error::InvalidField("LED_DELTA.count"));
    }
    w.u16(m.frame_id)?;
    w.u16(m.base_id)?;
    w.u16(m.count)?;
    for run in m.runs() {
        w.u16(run.start)?;
        w.u16(run.len)?;
        w.u32(run.value)?;
    }
    Ok(())
}

fn dec_delta(r: &mut Reader<'_>) -> Result<LedDelta, Error> {
    let mut m = LedDelta {
        frame_id: r.u16()?,
        base_id: r.u16()?,
        count: r.u16()?,
        ..LedDelta::default()
    };
    if usize::from(m.count) > MAX_RUNS {
        return Err(Error::InvalidField("LED_DELTA.count"));
    }
    for run in &mut m.runs[..usize::from(m.count)] {
        *run = LedRun {
            start: r.u16()?,
            len: r.u16()?,
            value: r.u32()?,
        };
    }
    Ok(m)
}
