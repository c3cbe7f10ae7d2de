//! Every timer of bridge v1, in milliseconds (see `PROTOCOL.md`, "Timeouts").

/// The host repeats HELLO this often until a HELLO_ACK arrives.
pub const HELLO_INTERVAL_MS: u32 = 250;
/// The host sends HEARTBEAT after this long with nothing else sent.
pub const HEARTBEAT_IDLE_MS: u32 = 250;
/// The host declares the link lost after this long without a valid frame.
pub const LINK_LOST_MS: u32 = 1000;
/// Default device failsafe: this long without a valid host frame (CONFIG can change it).
pub const FAILSAFE_MS: u16 = 1000;
/// Default device STATUS period (CONFIG can change it).
pub const STATUS_INTERVAL_MS: u16 = 250;
/// DASH_STATE goes out on every change and at least this often.
pub const DASH_REFRESH_MS: u32 = 200;
/// An LED keyframe goes out at least this often, even with no change.
pub const KEYFRAME_REFRESH_MS: u32 = 2000;
/// An LED message not acknowledged (FRAME_SHOWN or NACK) within this is taken as lost.
pub const LED_ACK_TIMEOUT_MS: u32 = 250;
/// After a NACK the host waits this long before its next LED frame.
pub const LED_NACK_BACKOFF_MS: u32 = 50;
/// The device resends unacknowledged input events this often.
pub const INPUT_RESEND_MS: u32 = 100;
/// Input events the device keeps until acknowledged.
pub const INPUT_RING: usize = 16;

/// `now - then >= period`, on a wrapping millisecond clock.
pub fn elapsed(now: u32, then: u32, period: u32) -> bool {
    now.wrapping_sub(then) >= period
}
