//! Every timer of bridge v1, in milliseconds (see `PROTOCOL.md`, section 6).

/// The host's first HELLO retry, and its retry while bytes came back within the last
/// `HELLO_INTERVAL_MS` (a device is there, the line may be losing frames).
pub const HELLO_RETRY_MS: u32 = 10;
/// The host's HELLO retry backs off (doubling) to this while nothing at all comes back.
pub const HELLO_INTERVAL_MS: u32 = 250;
/// The host sends HEARTBEAT after this long with nothing else sent.
pub const HEARTBEAT_IDLE_MS: u32 = 250;
/// The host declares the link lost after this long without a valid frame on a silent line.
pub const LINK_LOST_MS: u32 = 1000;
/// ... and after this long without a valid frame while damaged frames keep arriving (a device
/// is there and talking, the line is losing bytes).
pub const LINK_LOST_NOISY_MS: u32 = 5000;
/// Default device failsafe: this long without a valid host frame (CONFIG can change it).
pub const FAILSAFE_MS: u16 = 1000;
/// Default device STATUS period (CONFIG can change it).
pub const STATUS_INTERVAL_MS: u16 = 250;
/// DASH_STATE goes out on every change and at least this often.
pub const DASH_REFRESH_MS: u32 = 200;
/// An LED keyframe goes out at least this often, even with no change.
pub const KEYFRAME_REFRESH_MS: u32 = 2000;
/// An LED message unanswered for twice the usual answer time, and at least this, may go again.
pub const LED_RESEND_MIN_MS: u32 = 20;
/// An LED message not acknowledged within this is taken as lost (and leaves the window).
pub const LED_ACK_TIMEOUT_MS: u32 = 250;
/// No answer for this long while LED messages are in flight (or a frame is done but not yet
/// reported shown): the host asks with an empty keyframe chunk, whose answer settles them.
pub const LED_POKE_MS: u32 = 50;
/// After a NACK the host waits this long before its next LED message.
pub const LED_NACK_BACKOFF_MS: u32 = 50;
/// The device answers LED messages at most this often (the answer covers every message
/// since), except to say a frame is shown: its line would fill with answers otherwise. While a
/// keyframe or a palette arrives in parts it answers this often even if nothing came.
pub const LED_ANSWER_INTERVAL_MS: u32 = 4;
/// ... and for this long after the last LED message came.
pub const LED_ANSWER_AFTER_MS: u32 = 100;
/// The device resends unacknowledged input events this often.
pub const INPUT_RESEND_MS: u32 = 100;
/// Input events the device keeps until acknowledged.
pub const INPUT_RING: usize = 16;
/// An input event ahead of the one expected, for this long, makes the host ask the device
/// where its numbering stands (a HELLO: HELLO_ACK's `input_base`).
pub const INPUT_GAP_MS: u32 = 300;
/// The device sends its HELLO_ACK again in parts if no other host frame follows a HELLO
/// within this ...
pub const HELLO_PART_DELAY_MS: u32 = 30;
/// ... one part this often (about 12 bytes a millisecond: half a 250 000-baud line) ...
pub const HELLO_PART_INTERVAL_MS: u32 = 2;
/// ... until a host frame other than HELLO arrives, or this long after the HELLO.
pub const HELLO_PART_GIVE_UP_MS: u32 = 2000;
/// HELLO_ACK payload bytes per part.
pub const HELLO_PART_LEN: usize = 8;

/// `now - then >= period`, on a wrapping millisecond clock.
pub fn elapsed(now: u32, then: u32, period: u32) -> bool {
    now.wrapping_sub(then) >= period
}
