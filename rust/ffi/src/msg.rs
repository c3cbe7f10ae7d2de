//! Messages across the boundary: `AwMsg` is a type byte and a union of the codec's structs.
use crate::guard;
use crate::{err, AW_ERR_NULL};
use autodromo_wire::frame::Decoder;
use autodromo_wire::{
    decode_frame, encode_frame, msg_type as t, AckInput, Config, Counters, DashState, FrameShown,
    Heartbeat, Hello, HelloAck, HelloPart, InputEvent, LedDelta, LedKey, LedPalette, Message, Nack,
    Status,
};

/// The fields of one message; `AwMsg::msg_type` says which member is valid.
#[repr(C)]
#[derive(Clone, Copy)]
pub union AwPayload {
    pub hello: Hello,
    pub hello_ack: HelloAck,
    pub config: Config,
    pub heartbeat: Heartbeat,
    pub status: Status,
    pub hello_part: HelloPart,
    pub dash_state: DashState,
    pub led_palette: LedPalette,
    pub led_key: LedKey,
    pub led_delta: LedDelta,
    pub frame_shown: FrameShown,
    pub input_event: InputEvent,
    pub ack_input: AckInput,
    pub nack: Nack,
}

/// Any message: `msg_type` is one of `AW_HELLO` … `AW_NACK`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct AwMsg {
    pub msg_type: u8,
    pub payload: AwPayload,
}

impl core::fmt::Debug for AwPayload {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("AwPayload { .. }")
    }
}

impl core::fmt::Debug for AwMsg {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.to_message() {
            Some(m) => write!(f, "AwMsg({m:?})"),
            None => write!(f, "AwMsg(unknown type {:#04x})", self.msg_type),
        }
    }
}

impl AwMsg {
    pub fn from_message(m: &Message) -> AwMsg {
        let payload = match *m {
            Message::Hello(v) => AwPayload { hello: v },
            Message::HelloAck(v) => AwPayload { hello_ack: v },
            Message::Config(v) => AwPayload { config: v },
            Message::Heartbeat(v) => AwPayload { heartbeat: v },
            Message::Status(v) => AwPayload { status: v },
            Message::HelloPart(v) => AwPayload { hello_part: v },
            Message::DashState(v) => AwPayload { dash_state: v },
            Message::LedPalette(v) => AwPayload { led_palette: v },
            Message::LedKey(v) => AwPayload { led_key: v },
            Message::LedDelta(v) => AwPayload { led_delta: v },
            Message::FrameShown(v) => AwPayload { frame_shown: v },
            Message::InputEvent(v) => AwPayload { input_event: v },
            Message::AckInput(v) => AwPayload { ack_input: v },
            Message::Nack(v) => AwPayload { nack: v },
        };
        AwMsg {
            msg_type: m.type_id(),
            payload,
        }
    }

    /// The message this names, or `None` for an unknown type.
    pub fn to_message(&self) -> Option<Message> {
        // SAFETY: every union member is plain integers and arrays, valid for any bit pattern,
        // and a C caller's struct is at least as large as the member read.
        let p = &self.payload;
        unsafe {
            Some(match self.msg_type {
                t::HELLO => Message::Hello(p.hello),
                t::HELLO_ACK => Message::HelloAck(p.hello_ack),
                t::CONFIG => Message::Config(p.config),
                t::HEARTBEAT => Message::Heartbeat(p.heartbeat),
                t::STATUS => Message::Status(p.status),
                t::HELLO_PART => Message::HelloPart(p.hello_part),
                t::DASH_STATE => Message::DashState(p.dash_state),
                t::LED_PALETTE => Message::LedPalette(p.led_palette),
                t::LED_KEY => Message::LedKey(p.led_key),
                t::LED_DELTA => Message::LedDelta(p.led_delta),
                t::FRAME_SHOWN => Message::FrameShown(p.frame_shown),
                t::INPUT_EVENT => Message::InputEvent(p.input_event),
                t::ACK_INPUT => Message::AckInput(p.ack_input),
                t::NACK => Message::Nack(p.nack),
                _ => return None,
            })
        }
    }
}

fn encode_into(m: &Message, seq: u16, out: *mut u8, out_len: usize) -> Result<i32, i32> {
    if out.is_null() {
        return Err(AW_ERR_NULL);
    }
    // SAFETY: non-null, and the caller promises `out_len` writable bytes.
    let out = unsafe { guard::slice_mut(out, out_len) }?;
    let n = encode_frame(m, seq, out).map_err(err)?;
    Ok(n as i32)
}

/// Encodes `msg` as a complete frame (delimiter included) into `out`; returns its length
/// (at most `AW_MAX_WIRE`) or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode(msg: *const AwMsg, seq: u16, out: *mut u8, out_len: usize) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null; the caller passes a valid AwMsg.
        let msg = unsafe { guard::get(msg) }?;
        let m = msg.to_message().ok_or(crate::AW_ERR_UNKNOWN_TYPE)?;
        encode_into(&m, seq, out, out_len)
    })
}

/// Encodes one typed message (the shared body of the `aw_encode_*` functions).
fn encode_typed<T: Copy>(
    msg: *const T,
    wrap: fn(T) -> Message,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null; the caller passes a valid struct.
        let m = unsafe { guard::get(msg) }?;
        encode_into(&wrap(*m), seq, out, out_len)
    })
}

/// Encodes a HELLO frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_hello(
    msg: *const Hello,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::Hello, seq, out, out_len)
}

/// Encodes a HELLO_ACK frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_hello_ack(
    msg: *const HelloAck,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::HelloAck, seq, out, out_len)
}

/// Encodes a CONFIG frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_config(
    msg: *const Config,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::Config, seq, out, out_len)
}

/// Encodes a HEARTBEAT frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_heartbeat(
    msg: *const Heartbeat,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::Heartbeat, seq, out, out_len)
}

/// Encodes a STATUS frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_status(
    msg: *const Status,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::Status, seq, out, out_len)
}

/// Encodes a DASH_STATE frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_dash_state(
    msg: *const DashState,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::DashState, seq, out, out_len)
}

/// Encodes an LED_PALETTE frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_led_palette(
    msg: *const LedPalette,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::LedPalette, seq, out, out_len)
}

/// Encodes an LED_KEY frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_led_key(
    msg: *const LedKey,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::LedKey, seq, out, out_len)
}

/// Encodes an LED_DELTA frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_led_delta(
    msg: *const LedDelta,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::LedDelta, seq, out, out_len)
}

/// Encodes a HELLO_PART frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_hello_part(
    msg: *const HelloPart,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::HelloPart, seq, out, out_len)
}

/// Encodes a FRAME_SHOWN frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_frame_shown(
    msg: *const FrameShown,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::FrameShown, seq, out, out_len)
}

/// Encodes an INPUT_EVENT frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_input_event(
    msg: *const InputEvent,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::InputEvent, seq, out, out_len)
}

/// Encodes an ACK_INPUT frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_ack_input(
    msg: *const AckInput,
    seq: u16,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    encode_typed(msg, Message::AckInput, seq, out, out_len)
}

/// Encodes a NACK frame into `out`; returns its length or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_encode_nack(msg: *const Nack, seq: u16, out: *mut u8, out_len: usize) -> i32 {
    encode_typed(msg, Message::Nack, seq, out, out_len)
}

/// Decodes one whole frame (`len` bytes, the trailing 0x00 optional) into `out` and its
/// sequence number into `seq_out` (may be null). Returns 0 or a negative `AW_ERR_*`; on error
/// `out` is left unchanged.
#[no_mangle]
pub extern "C" fn aw_decode_frame(
    wire: *const u8,
    len: usize,
    out: *mut AwMsg,
    seq_out: *mut u16,
) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null; the caller passes `len` readable bytes and a valid AwMsg.
        let bytes = unsafe { guard::slice(wire, len) }?;
        let out = unsafe { guard::get_mut(out) }?;
        let frame = decode_frame(bytes).map_err(err)?;
        *out = AwMsg::from_message(&frame.message);
        // SAFETY: null or a valid u16.
        if let Some(s) = unsafe { seq_out.as_mut() } {
            *s = frame.seq;
        }
        Ok(0)
    })
}

/// A byte-at-a-time frame decoder (about 1 KB; never grows).
#[derive(Debug)]
pub struct AwDecoder(Decoder);

/// A new decoder (free it with `aw_decoder_free`), or null if out of memory.
#[no_mangle]
pub extern "C" fn aw_decoder_new() -> *mut AwDecoder {
    guard::or(core::ptr::null_mut(), || {
        Ok(Box::into_raw(Box::new(AwDecoder(Decoder::new()))))
    })
}

/// Frees a decoder from `aw_decoder_new` (null is ignored).
#[no_mangle]
pub extern "C" fn aw_decoder_free(dec: *mut AwDecoder) {
    if !dec.is_null() {
        // SAFETY: `dec` came from `aw_decoder_new` and is freed once.
        drop(unsafe { Box::from_raw(dec) });
    }
}

/// Feeds one received byte. Returns 1 when it completes a valid frame (written to `out`, its
/// sequence to `seq_out` if not null), 0 when more bytes are needed, or a negative `AW_ERR_*`
/// when it completes a broken frame (which is dropped; decoding resumes at the next frame).
#[no_mangle]
pub extern "C" fn aw_decoder_feed(
    dec: *mut AwDecoder,
    byte: u8,
    out: *mut AwMsg,
    seq_out: *mut u16,
) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null; valid objects from the caller.
        let dec = unsafe { guard::get_mut(dec) }?;
        let out = unsafe { guard::get_mut(out) }?;
        match dec.0.feed(byte) {
            None => Ok(0),
            Some(Err(e)) => Err(err(e)),
            Some(Ok(frame)) => {
                *out = AwMsg::from_message(&frame.message);
                // SAFETY: null or a valid u16.
                if let Some(s) = unsafe { seq_out.as_mut() } {
                    *s = frame.seq;
                }
                Ok(1)
            }
        }
    })
}

/// Copies the decoder's counters into `out`. Returns 0 or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_decoder_counters(dec: *const AwDecoder, out: *mut Counters) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null.
        let dec = unsafe { guard::get(dec) }?;
        *unsafe { guard::get_mut(out) }? = dec.0.counters();
        Ok(0)
    })
}
