//! Bridge v1: the serial protocol between the engine and physical dashboards and LED track
//! boards. `no_std`, no allocation, no `unsafe`; one crate used by Python (through PyO3), by C
//! firmware (through `autodromo-ffi`) and by tests. The byte-level specification is
//! `firmware_bridge/PROTOCOL.md`; `golden/frames.txt` pins one frame per message.
//!
//! Layers, bottom up:
//! - [`crc32`], [`frame::cobs_encode`] and the postcard-compatible primitives in [`codec`];
//! - [`messages`]: one plain struct per message, [`Message`] over all of them;
//! - [`frame`]: [`encode_frame`] and the byte-at-a-time [`Decoder`];
//! - [`host::HostSession`] and [`device::DeviceSession`]: sans-IO protocol logic, fed bytes and a
//!   millisecond clock, producing bytes and events.
#![no_std]
#![forbid(unsafe_code)]

mod bits;
pub mod codec;
mod crc;
pub mod device;
mod error;
pub mod frame;
pub mod golden;
pub mod host;
pub mod messages;
mod queue;
pub mod seq;
pub mod timing;

pub use crc::crc32;
pub use error::Error;
pub use frame::{
    decode_frame, encode_frame, Counters, Decoder, Frame, MAX_FRAME, MAX_WIRE, VERSION,
};
pub use messages::*;

pub const VERSION_MAJOR: u8 = 1;
pub const VERSION_MINOR: u8 = 1;

/// The schema every message follows, field by field in wire order. Its hash travels in HELLO
/// and HELLO_ACK, so two builds that disagree on any field refuse to talk (as MAVLink's
/// CRC_EXTRA does). Change it with every change to `messages.rs`.
pub const SCHEMA: &str = "bridge-v1;\
HELLO=01:major u8,minor u8,schema_hash u32,nonce u32;\
HELLO_ACK=02:major u8,minor u8,schema_hash u32,nonce u32,kind u8,uid [u8;16],fw_version u16,\
boot_id u32,input_base u16,max_frame u16,rx_window u16,led_count u16,led_formats u8,outputs u8,\
inputs u8;\
CONFIG=03:failsafe_ms u16,brightness u8,status_interval_ms u16;\
HEARTBEAT=04:host_ms u32;\
STATUS=05:uptime_ms u32,boot_id u32,rx_ok u32,crc_err u32,cobs_err u32,overflow u32,\
bad_payload u32,shown_frame_id u16,state_id u16,palette_id u8,failsafe bool,inputs u32,encoder i16;\
HELLO_PART=06:check u16,total u8,offset u8,data [u8]<=16;\
DASH_STATE=10:state_id u16,speed u16,turn_pins u8,temperature u8,engine u8,brakes u8,tyres u8,\
switches u16,pace u8,lamps u32;\
LED_PALETTE=20:palette_id u8,size u16,first u8,colors [[u8;3]]<=256;\
LED_KEY=21:frame_id u16,format u8,led_count u16,offset u16,data [u8]<=960;\
LED_DELTA=22:frame_id u16,base_id u16,runs [(start u16,len u16,value u32)]<=64;\
FRAME_SHOWN=23:frame_id u16,ack_seq u16,ack_bits u32,shown bool,show_us u32;\
INPUT_EVENT=30:ev_seq u16,t_ms u32,control u8,kind u8,value i16;\
ACK_INPUT=31:upto u16;\
NACK=7F:ref_seq u16,code u8";

/// FNV-1a 32-bit, at compile time.
pub const fn fnv1a32(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811C_9DC5;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u32;
        h = h.wrapping_mul(0x0100_0193);
        i += 1;
    }
    h
}

/// FNV-1a-32 of [`SCHEMA`].
pub const SCHEMA_HASH: u32 = fnv1a32(SCHEMA.as_bytes());
