//! `WireHost` and `WireDevice`: the sans-IO sessions of `autodromo-wire` for Python.
use autodromo_wire::device::{DeviceEvent, DeviceInfo, DeviceSession};
use autodromo_wire::host::{Dropped, HostEvent, HostSession, LinkState};
use autodromo_wire::*;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use super::dict::{
    caps_from, config_from, counters_dict, dash_from, dash_into, message_dict, protocol_error,
    uid_from, wire_err, Fields,
};
use crate::guard;

/// Runs `poll` until it has nothing more to send; returns the concatenated frames.
fn drain(mut poll: impl FnMut(&mut [u8]) -> usize) -> Vec<u8> {
    let mut all = Vec::new();
    let mut buf = [0u8; MAX_WIRE + 1];
    // Each call writes whole frames; the cap only guards against a session that never rests.
    while all.len() < 1 << 20 {
        let n = poll(&mut buf);
        if n == 0 {
            break;
        }
        all.extend_from_slice(&buf[..n]);
    }
    all
}

fn dict_arg<'a, 'py>(v: &'a Bound<'py, PyAny>, what: &str) -> PyResult<&'a Bound<'py, PyDict>> {
    v.cast::<PyDict>()
        .map_err(|_| protocol_error(format!("{what}: expected a dict")))
}

// Both ends of a link feed, tick, transmit and report events the same way; these carry that
// plumbing once, each wrapper passing its own session's calls.

/// Runs a session call that returns nothing (`receive`, `tick`).
fn step(call: impl FnOnce()) -> PyResult<()> {
    guard(|| {
        call();
        Ok(())
    })
}

/// Every frame `poll` has due, concatenated (possibly empty).
fn transmit<'py>(
    py: Python<'py>,
    poll: impl FnMut(&mut [u8]) -> usize,
) -> PyResult<Bound<'py, PyBytes>> {
    guard(|| Ok(PyBytes::new(py, &drain(poll))))
}

/// The events `next` yields until it has none, each made a dict by `to_dict`.
fn event_list<'py, E>(
    py: Python<'py>,
    mut next: impl FnMut() -> Option<E>,
    mut to_dict: impl FnMut(E) -> PyResult<Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyList>> {
    guard(|| {
        let list = PyList::empty(py);
        while let Some(e) = next() {
            list.append(to_dict(e)?)?;
        }
        Ok(list)
    })
}

/// A message's fields as a dict, without its "type".
fn fields_dict<'py>(py: Python<'py>, m: &Message) -> PyResult<Bound<'py, PyDict>> {
    let d = message_dict(py, m)?;
    d.del_item("type")?;
    Ok(d)
}

/// A host event as a dict: the message it carries (if any) and "event".
fn host_event_dict(py: Python<'_>, e: HostEvent) -> PyResult<Bound<'_, PyDict>> {
    let (name, msg) = match e {
        HostEvent::Linked(a) => ("linked", Some(Message::HelloAck(a))),
        HostEvent::DeviceReset(a) => ("device_reset", Some(Message::HelloAck(a))),
        HostEvent::Incompatible(a) => ("incompatible", Some(Message::HelloAck(a))),
        HostEvent::LinkLost => ("link_lost", None),
        HostEvent::Input(ev) => ("input", Some(Message::InputEvent(ev))),
        HostEvent::Status(s) => ("status", Some(Message::Status(s))),
        HostEvent::FrameShown(id) => {
            let d = PyDict::new(py);
            d.set_item("event", "frame_shown")?;
            d.set_item("frame_id", id)?;
            return Ok(d);
        }
        HostEvent::Nack(n) => ("nack", Some(Message::Nack(n))),
        HostEvent::Refused(a, why) => {
            let d = fields_dict(py, &Message::HelloAck(a))?;
            d.set_item("event", "refused")?;
            d.set_item("reason", why.to_string())?;
            return Ok(d);
        }
        HostEvent::Dropped(what) => {
            let d = PyDict::new(py);
            d.set_item("event", "dropped")?;
            let cause = match what {
                Dropped::OlderBoot { boot_id } => {
                    d.set_item("boot_id", boot_id)?;
                    "older_boot"
                }
                Dropped::InputsSkipped { first, count } => {
                    d.set_item("first", first)?;
                    d.set_item("count", count)?;
                    "inputs_skipped"
                }
                Dropped::InputsRenumbered { from, to } => {
                    d.set_item("from", from)?;
                    d.set_item("to", to)?;
                    "inputs_renumbered"
                }
            };
            d.set_item("cause", cause)?;
            d.set_item("reason", what.to_string())?;
            return Ok(d);
        }
    };
    let d = match msg {
        Some(m) => fields_dict(py, &m)?,
        None => PyDict::new(py),
    };
    d.set_item("event", name)?;
    Ok(d)
}

/// A device event as a dict: "event" and what the event carries.
fn device_event_dict(py: Python<'_>, e: DeviceEvent) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    let name = match e {
        DeviceEvent::Linked => "linked",
        DeviceEvent::Config(c) => {
            d.set_item("config", fields_dict(py, &Message::Config(c))?)?;
            "config"
        }
        DeviceEvent::Dash(s) => {
            let m = PyDict::new(py);
            dash_into(&m, &s)?;
            d.set_item("dash", m)?;
            "dash"
        }
        DeviceEvent::Palette => "palette",
        DeviceEvent::Show { frame_id } => {
            d.set_item("frame_id", frame_id)?;
            "show"
        }
        DeviceEvent::Failsafe => "failsafe",
        DeviceEvent::Restored => "restored",
    };
    d.set_item("event", name)?;
    Ok(d)
}

/// The host end of a link, sans-IO (see `autodromo_wire::host`): feed it received bytes with
/// `receive`, send what `poll_transmit` returns, act on `poll_events`.
#[pyclass(module = "autodromo._core", name = "WireHost")]
pub(super) struct WireHost {
    inner: Box<HostSession>,
}

#[pymethods]
impl WireHost {
    /// `nonce`: a random 32-bit value identifying this host session.
    #[new]
    fn new(nonce: u32) -> Self {
        WireHost {
            inner: Box::new(HostSession::new(nonce)),
        }
    }

    fn receive(&mut self, data: &[u8], now_ms: u32) -> PyResult<()> {
        step(|| self.inner.receive(data, now_ms))
    }

    fn tick(&mut self, now_ms: u32) -> PyResult<()> {
        step(|| self.inner.tick(now_ms))
    }

    /// Every frame due at `now_ms`, concatenated (possibly empty).
    fn poll_transmit<'py>(
        &mut self,
        py: Python<'py>,
        now_ms: u32,
    ) -> PyResult<Bound<'py, PyBytes>> {
        transmit(py, |b| self.inner.poll_transmit(now_ms, b))
    }

    /// Events since the last call: dicts with an "event" key ("linked", "device_reset",
    /// "incompatible", "refused" with its "reason", "link_lost", "input", "status",
    /// "frame_shown", "nack", "dropped" with its "cause" and "reason").
    fn poll_events<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        event_list(py, || self.inner.poll_event(), |e| host_event_dict(py, e))
    }

    /// Sets what the dashboard shows (all DASH_STATE fields but `state_id`, which the
    /// session assigns); returns the stored state.
    fn set_dash<'py>(
        &mut self,
        py: Python<'py>,
        dash: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let d = dict_arg(dash, "DASH_STATE")?.copy()?;
            if !d.contains("state_id")? {
                d.set_item("state_id", 0)?;
            }
            let mut f = Fields::new(&d, "DASH_STATE");
            let state = dash_from(&mut f)?;
            f.finish()?;
            let stored = self.inner.set_dash(state);
            let out = PyDict::new(py);
            dash_into(&out, &stored)?;
            Ok(out)
        })
    }

    /// Sets the palette (1 to 256 `(r, g, b)`); returns its palette id.
    fn set_palette(&mut self, colors: Vec<(u8, u8, u8)>) -> PyResult<u8> {
        guard(|| {
            let colors: Vec<[u8; 3]> = colors.into_iter().map(|(r, g, b)| [r, g, b]).collect();
            self.inner.set_palette(&colors).map_err(wire_err)
        })
    }

    /// Sets the LED frame: `format` 0 (RGB888, 3 bytes per LED) or 1 (PAL8, 1 byte per LED).
    fn set_leds(&mut self, format: u8, data: &[u8]) -> PyResult<()> {
        guard(|| self.inner.set_leds(format, data).map_err(wire_err))
    }

    /// Sets the device settings (`failsafe_ms`, `brightness`, `status_interval_ms`).
    fn set_config(&mut self, config: &Bound<'_, PyAny>) -> PyResult<()> {
        guard(|| {
            let d = dict_arg(config, "CONFIG")?;
            let mut f = Fields::new(d, "CONFIG");
            let c = config_from(&mut f)?;
            f.finish()?;
            self.inner.set_config(c);
            Ok(())
        })
    }

    /// "handshaking", "linked", "incompatible" or "refused".
    #[getter]
    fn state(&self) -> &'static str {
        match self.inner.state() {
            LinkState::Handshaking => "handshaking",
            LinkState::Linked => "linked",
            LinkState::Incompatible => "incompatible",
            LinkState::Refused => "refused",
        }
    }

    /// Frames received and not used (from an older boot of the device).
    #[getter]
    fn dropped(&self) -> u32 {
        self.inner.dropped()
    }

    /// The device's last HELLO_ACK as a dict, or None.
    #[getter]
    fn device<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.inner
            .device()
            .map(|a| message_dict(py, &Message::HelloAck(*a)))
            .transpose()
    }

    #[getter]
    fn led_in_flight_bytes(&self) -> usize {
        self.inner.led_in_flight_bytes()
    }

    #[getter]
    fn confirmed_frame_id(&self) -> u16 {
        self.inner.confirmed_frame_id()
    }
}

/// The device end of a link, sans-IO (see `autodromo_wire::device`): what firmware runs, for
/// emulators and tests. `info`: {"kind", "uid" (16 bytes), "fw_version", "boot_id", "caps"}.
#[pyclass(module = "autodromo._core", name = "WireDevice")]
pub(super) struct WireDevice {
    inner: Box<DeviceSession>,
}

#[pymethods]
impl WireDevice {
    #[new]
    fn new(info: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard(|| {
            let d = dict_arg(info, "device info")?;
            let mut f = Fields::new(d, "device info");
            let mut i = DeviceInfo {
                kind: f.int("kind")?,
                fw_version: f.int("fw_version")?,
                boot_id: f.int("boot_id")?,
                ..DeviceInfo::default()
            };
            i.uid = uid_from(&mut f)?;
            i.caps = caps_from(&f.get("caps")?)?;
            f.finish()?;
            if i.kind != device_kind::DASHBOARD && i.kind != device_kind::TRACK {
                return Err(protocol_error(format!(
                    "device info.kind: {} is neither 1 (dashboard) nor 2 (track)",
                    i.kind
                )));
            }
            Ok(WireDevice {
                inner: Box::new(DeviceSession::new(i)),
            })
        })
    }

    fn receive(&mut self, data: &[u8], now_ms: u32) -> PyResult<()> {
        step(|| self.inner.receive(data, now_ms))
    }

    fn tick(&mut self, now_ms: u32) -> PyResult<()> {
        step(|| self.inner.tick(now_ms))
    }

    fn poll_transmit<'py>(
        &mut self,
        py: Python<'py>,
        now_ms: u32,
    ) -> PyResult<Bound<'py, PyBytes>> {
        transmit(py, |b| self.inner.poll_transmit(now_ms, b))
    }

    /// Events since the last call: dicts with an "event" key ("linked", "config", "dash",
    /// "palette", "show" with "frame_id", "failsafe", "restored").
    fn poll_events<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        event_list(py, || self.inner.poll_event(), |e| device_event_dict(py, e))
    }

    /// The strip latched `frame_id`; False if that frame was not waiting to be shown.
    fn frame_shown(&mut self, frame_id: u16, show_us: u32, now_ms: u32) -> PyResult<bool> {
        guard(|| Ok(self.inner.frame_shown(frame_id, show_us, now_ms)))
    }

    /// Queues an input event (`kind` 0 press, 1 release, 2 turn by `value`); returns its
    /// sequence number. Raises while 16 events wait for acknowledgement.
    fn push_input(&mut self, control: u8, kind: u8, value: i16, now_ms: u32) -> PyResult<u16> {
        guard(|| {
            self.inner
                .push_input(control, kind, value, now_ms)
                .map_err(wire_err)
        })
    }

    /// Starts input numbering at `seq` (before any event is queued).
    fn set_next_input_seq(&mut self, seq: u16) -> PyResult<()> {
        guard(|| self.inner.set_next_input_seq(seq).map_err(wire_err))
    }

    #[getter]
    fn in_failsafe(&self) -> bool {
        self.inner.in_failsafe()
    }

    #[getter]
    fn is_linked(&self) -> bool {
        self.inner.is_linked()
    }

    #[getter]
    fn dash<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        dash_into(&d, self.inner.dash())?;
        Ok(d)
    }

    /// The palette as `(palette_id, [(r, g, b), ...])`.
    #[getter]
    fn palette(&self) -> (u8, Vec<(u8, u8, u8)>) {
        let p = self.inner.palette();
        (
            p.palette_id,
            p.colors[..usize::from(p.count)]
                .iter()
                .map(|c| (c[0], c[1], c[2]))
                .collect(),
        )
    }

    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        fields_dict(py, &Message::Config(*self.inner.config()))
    }

    #[getter]
    fn shown_frame_id(&self) -> u16 {
        self.inner.shown_frame_id()
    }

    #[getter]
    fn led_format(&self) -> u8 {
        self.inner.led_format()
    }

    #[getter]
    fn led_count(&self) -> u16 {
        self.inner.led_count()
    }

    /// The LED buffer in `led_format` (3 or 1 bytes per LED).
    #[getter]
    fn led_data<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.led_data())
    }

    /// The colour of LED `index` after the palette.
    fn pixel(&self, index: usize) -> (u8, u8, u8) {
        let [r, g, b] = self.inner.pixel(index);
        (r, g, b)
    }

    #[getter]
    fn inputs_pending(&self) -> usize {
        self.inner.inputs_pending()
    }

    fn counters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        counters_dict(py, &self.inner.counters())
    }
}
