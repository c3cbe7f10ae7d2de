//! The device session across the boundary, for C firmware on targets that can link Rust.
use crate::guard;
use crate::{err, AW_ERR_STATE};
use autodromo_wire::device::{DeviceEvent, DeviceInfo, DeviceSession};
use autodromo_wire::{Config, Counters, DashState, LedPalette};

/// `AwDeviceEvent::kind`.
pub const AW_DEV_LINKED: u8 = 1;
pub const AW_DEV_CONFIG: u8 = 2;
pub const AW_DEV_DASH: u8 = 3;
pub const AW_DEV_PALETTE: u8 = 4;
pub const AW_DEV_SHOW: u8 = 5;
pub const AW_DEV_FAILSAFE: u8 = 6;
pub const AW_DEV_RESTORED: u8 = 7;

/// One event for the firmware. `kind` says which fields are set: `frame_id` for
/// `AW_DEV_SHOW`, `dash` for `AW_DEV_DASH`, `config` for `AW_DEV_CONFIG`.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct AwDeviceEvent {
    pub kind: u8,
    pub frame_id: u16,
    pub dash: DashState,
    pub config: Config,
}

impl From<DeviceEvent> for AwDeviceEvent {
    fn from(e: DeviceEvent) -> Self {
        let mut out = AwDeviceEvent::default();
        match e {
            DeviceEvent::Linked => out.kind = AW_DEV_LINKED,
            DeviceEvent::Config(c) => {
                out.kind = AW_DEV_CONFIG;
                out.config = c;
            }
            DeviceEvent::Dash(d) => {
                out.kind = AW_DEV_DASH;
                out.dash = d;
            }
            DeviceEvent::Palette => out.kind = AW_DEV_PALETTE,
            DeviceEvent::Show { frame_id } => {
                out.kind = AW_DEV_SHOW;
                out.frame_id = frame_id;
            }
            DeviceEvent::Failsafe => out.kind = AW_DEV_FAILSAFE,
            DeviceEvent::Restored => out.kind = AW_DEV_RESTORED,
        }
        out
    }
}

/// A device session (about 3 KB).
#[derive(Debug)]
pub struct AwDevice(DeviceSession);

/// A new device session for `info` (free it with `aw_device_free`), or null if `info` is null.
#[no_mangle]
pub extern "C" fn aw_device_new(info: *const DeviceInfo) -> *mut AwDevice {
    guard::or(core::ptr::null_mut(), || {
        // SAFETY: checked for null.
        let info = unsafe { guard::get(info) }?;
        Ok(Box::into_raw(Box::new(AwDevice(DeviceSession::new(*info)))))
    })
}

/// Frees a session from `aw_device_new` (null is ignored).
#[no_mangle]
pub extern "C" fn aw_device_free(dev: *mut AwDevice) {
    if !dev.is_null() {
        // SAFETY: `dev` came from `aw_device_new` and is freed once.
        drop(unsafe { Box::from_raw(dev) });
    }
}

/// Runs `f` on the session behind `dev`.
fn with<T>(
    dev: *mut AwDevice,
    f: impl FnOnce(&mut DeviceSession) -> Result<T, i32>,
) -> Result<T, i32> {
    // SAFETY: checked for null; `dev` came from `aw_device_new`.
    let dev = unsafe { guard::get_mut(dev) }?;
    f(&mut dev.0)
}

fn with_ref<T>(
    dev: *const AwDevice,
    f: impl FnOnce(&DeviceSession) -> Result<T, i32>,
) -> Result<T, i32> {
    // SAFETY: checked for null; `dev` came from `aw_device_new`.
    let dev = unsafe { guard::get(dev) }?;
    f(&dev.0)
}

/// Feeds `len` received bytes at time `now_ms`. Returns 0 or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_device_receive(
    dev: *mut AwDevice,
    bytes: *const u8,
    len: usize,
    now_ms: u32,
) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null; `len` readable bytes.
        let bytes = unsafe { guard::slice(bytes, len) }?;
        with(dev, |d| {
            d.receive(bytes, now_ms);
            Ok(0)
        })
    })
}

/// Advances the clock with nothing received (the failsafe timer). Returns 0 or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_tick(dev: *mut AwDevice, now_ms: u32) -> i32 {
    guard::code(|| {
        with(dev, |d| {
            d.tick(now_ms);
            Ok(0)
        })
    })
}

/// Takes the next event into `out`: 1 if there was one, 0 if none, or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_device_poll_event(dev: *mut AwDevice, out: *mut AwDeviceEvent) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null.
        let out = unsafe { guard::get_mut(out) }?;
        with(dev, |d| {
            Ok(match d.poll_event() {
                Some(e) => {
                    *out = e.into();
                    1
                }
                None => 0,
            })
        })
    })
}

/// Writes the frames due at `now_ms` into `out` (whole frames only; `AW_MAX_WIRE + 1` bytes
/// always make progress). Returns the byte count or a negative `AW_ERR_*`.
#[no_mangle]
pub extern "C" fn aw_device_poll_transmit(
    dev: *mut AwDevice,
    now_ms: u32,
    out: *mut u8,
    out_len: usize,
) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null; `out_len` writable bytes.
        let out = unsafe { guard::slice_mut(out, out_len) }?;
        let out = &mut out[..out_len.min(i32::MAX as usize)];
        with(dev, |d| Ok(d.poll_transmit(now_ms, out) as i32))
    })
}

/// The strip has latched frame `frame_id` after an `AW_DEV_SHOW`. Returns 0, `AW_ERR_STATE`
/// if that frame was not waiting, or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_frame_shown(
    dev: *mut AwDevice,
    frame_id: u16,
    show_us: u32,
    now_ms: u32,
) -> i32 {
    guard::code(|| {
        with(dev, |d| {
            if d.frame_shown(frame_id, show_us, now_ms) {
                Ok(0)
            } else {
                Err(AW_ERR_STATE)
            }
        })
    })
}

/// Queues an input event (`kind`: `AW_INPUT_PRESS`, `_RELEASE` or `_TURN` with `value`
/// detents). Returns its sequence number (0..=65535) or a negative `AW_ERR_*`
/// (`AW_ERR_QUEUE_FULL` while 16 events wait for acknowledgement).
#[no_mangle]
pub extern "C" fn aw_device_push_input(
    dev: *mut AwDevice,
    control: u8,
    kind: u8,
    value: i16,
    now_ms: u32,
) -> i32 {
    guard::code(|| {
        with(dev, |d| {
            d.push_input(control, kind, value, now_ms)
                .map(i32::from)
                .map_err(err)
        })
    })
}

/// 1 while in failsafe (no valid host frame for `failsafe_ms`, or none yet), 0 if not, or
/// `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_in_failsafe(dev: *const AwDevice) -> i32 {
    guard::code(|| with_ref(dev, |d| Ok(i32::from(d.in_failsafe()))))
}

/// The frame on the strip (0: none), or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_shown_frame_id(dev: *const AwDevice) -> i32 {
    guard::code(|| with_ref(dev, |d| Ok(i32::from(d.shown_frame_id()))))
}

/// Copies the dashboard state to show into `out`. Returns 0 or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_dash(dev: *const AwDevice, out: *mut DashState) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null.
        let out = unsafe { guard::get_mut(out) }?;
        with_ref(dev, |d| {
            *out = *d.dash();
            Ok(0)
        })
    })
}

/// Copies the palette into `out`. Returns 0 or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_palette(dev: *const AwDevice, out: *mut LedPalette) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null.
        let out = unsafe { guard::get_mut(out) }?;
        with_ref(dev, |d| {
            *out = *d.palette();
            Ok(0)
        })
    })
}

/// Copies the current settings into `out`. Returns 0 or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_config(dev: *const AwDevice, out: *mut Config) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null.
        let out = unsafe { guard::get_mut(out) }?;
        with_ref(dev, |d| {
            *out = *d.config();
            Ok(0)
        })
    })
}

/// Copies the receive counters into `out`. Returns 0 or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_counters(dev: *const AwDevice, out: *mut Counters) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null.
        let out = unsafe { guard::get_mut(out) }?;
        with_ref(dev, |d| {
            *out = d.counters();
            Ok(0)
        })
    })
}

/// Writes the colour of LED `index` (after the palette) to `rgb[0..3]`; black past the end.
/// Returns 0 or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_pixel(dev: *const AwDevice, index: u16, rgb: *mut u8) -> i32 {
    guard::code(|| {
        // SAFETY: checked for null; three writable bytes.
        let rgb = unsafe { guard::slice_mut(rgb, 3) }?;
        with_ref(dev, |d| {
            rgb.copy_from_slice(&d.pixel(usize::from(index)));
            Ok(0)
        })
    })
}

/// The number of LEDs in the buffer (its format: `aw_device_led_format`), or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_led_count(dev: *const AwDevice) -> i32 {
    guard::code(|| with_ref(dev, |d| Ok(i32::from(d.led_count()))))
}

/// `AW_FORMAT_RGB888` or `AW_FORMAT_PAL8`, or `AW_ERR_NULL`.
#[no_mangle]
pub extern "C" fn aw_device_led_format(dev: *const AwDevice) -> i32 {
    guard::code(|| with_ref(dev, |d| Ok(i32::from(d.led_format()))))
}
