//! The serial bridge codec and sessions (`autodromo-wire`) for Python: `wire_encode`,
//! `wire_decode`, `WireDecoder`, `WireHost`, `WireDevice`. Messages are dicts with a "type" key
//! (the protocol name, e.g. "DASH_STATE") and one key per field as named in PROTOCOL.md; bool
//! fields are Python bools, byte arrays `bytes`, palettes and runs lists of 3-tuples. Bad input
//! raises `ValueError` (`autodromo.errors.ProtocolError` once that class exists) naming the
//! field; nothing is half-applied.
use autodromo_wire::device::{DeviceEvent, DeviceInfo, DeviceSession};
use autodromo_wire::host::{HostEvent, HostSession, LinkState};
use autodromo_wire::*;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::guard;

/// Registers the bridge functions and classes on `autodromo._core`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(wire_encode, m)?)?;
    m.add_function(wrap_pyfunction!(wire_decode, m)?)?;
    m.add_function(wrap_pyfunction!(wire_constants, m)?)?;
    m.add_class::<WireDecoder>()?;
    m.add_class::<WireHost>()?;
    m.add_class::<WireDevice>()?;
    Ok(())
}

fn protocol_error(message: String) -> PyErr {
    Python::attach(|py| {
        let made = py
            .import("autodromo.errors")
            .and_then(|m| m.getattr("ProtocolError"))
            .and_then(|cls| cls.call1((message.clone(),)));
        match made {
            Ok(instance) => PyErr::from_value(instance),
            Err(_) => PyValueError::new_err(message),
        }
    })
}

fn wire_err(e: Error) -> PyErr {
    protocol_error(e.to_string())
}

/// Reads the fields of a message dict, refusing missing, out-of-range and unknown keys.
struct Fields<'a, 'py> {
    dict: &'a Bound<'py, PyDict>,
    what: &'static str,
    used: Vec<&'static str>,
}

impl<'a, 'py> Fields<'a, 'py> {
    fn new(dict: &'a Bound<'py, PyDict>, what: &'static str) -> Self {
        Fields {
            dict,
            what,
            used: vec!["type"],
        }
    }

    fn get(&mut self, key: &'static str) -> PyResult<Bound<'py, PyAny>> {
        self.used.push(key);
        self.dict
            .get_item(key)?
            .ok_or_else(|| protocol_error(format!("{}: missing field '{key}'", self.what)))
    }

    fn int<T: TryFrom<i64>>(&mut self, key: &'static str) -> PyResult<T> {
        let v = self.get(key)?;
        let what = self.what;
        let range = || protocol_error(format!("{what}.{key}: {v} is out of range"));
        let n: i64 = v.extract().map_err(|_| range())?;
        T::try_from(n).map_err(|_| range())
    }

    fn flag(&mut self, key: &'static str) -> PyResult<u8> {
        let v = self.get(key)?;
        let b: bool = v
            .extract()
            .map_err(|_| protocol_error(format!("{}.{key}: expected a bool", self.what)))?;
        Ok(u8::from(b))
    }

    fn bytes(&mut self, key: &'static str) -> PyResult<Vec<u8>> {
        let v = self.get(key)?;
        v.extract()
            .map_err(|_| protocol_error(format!("{}.{key}: expected bytes", self.what)))
    }

    fn triples<T: TryFrom<i64> + Copy>(&mut self, key: &'static str) -> PyResult<Vec<(T, T, T)>> {
        let v = self.get(key)?;
        let what = self.what;
        let items: Vec<(i64, i64, i64)> = v.extract().map_err(|_| {
            protocol_error(format!("{what}.{key}: expected a list of 3-tuples of ints"))
        })?;
        items
            .into_iter()
            .map(
                |(a, b, c)| match (T::try_from(a), T::try_from(b), T::try_from(c)) {
                    (Ok(a), Ok(b), Ok(c)) => Ok((a, b, c)),
                    _ => Err(protocol_error(format!(
                        "{what}.{key}: ({a}, {b}, {c}) is out of range"
                    ))),
                },
            )
            .collect()
    }

    fn finish(self) -> PyResult<()> {
        for key in self.dict.keys() {
            let name: String = key.extract().unwrap_or_default();
            if !self.used.contains(&name.as_str()) {
                return Err(protocol_error(format!(
                    "{}: unknown field '{name}'",
                    self.what
                )));
            }
        }
        Ok(())
    }
}

/// A struct from integer fields; after `+`, the fields the caller fills in next.
macro_rules! read_plain {
    ($f:expr, $T:ident { $($field:ident),* }) => {
        $T { $($field: $f.int(stringify!($field))?,)* }
    };
    ($f:expr, $T:ident { $($field:ident),* } + $($rest:ident)*) => {
        $T { $($field: $f.int(stringify!($field))?,)* ..$T::default() }
    };
}

macro_rules! write_plain {
    ($d:expr, $m:expr; $($field:ident),*) => {{
        $( $d.set_item(stringify!($field), $m.$field)?; )*
    }};
}

fn caps_from(d: &Bound<'_, PyAny>) -> PyResult<Caps> {
    let d = d
        .cast::<PyDict>()
        .map_err(|_| protocol_error("caps: expected a dict".into()))?;
    let mut f = Fields::new(d, "caps");
    let caps = read_plain!(
        f,
        Caps {
            max_frame,
            rx_window,
            led_count,
            led_formats,
            outputs,
            inputs
        }
    );
    f.finish()?;
    Ok(caps)
}

fn caps_dict<'py>(py: Python<'py>, c: &Caps) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    write_plain!(d, c; max_frame, rx_window, led_count, led_formats, outputs, inputs);
    Ok(d)
}

fn uid_from(f: &mut Fields<'_, '_>) -> PyResult<[u8; UID_LEN]> {
    let v = f.bytes("uid")?;
    v.try_into()
        .map_err(|_| protocol_error(format!("{}.uid: expected {UID_LEN} bytes", f.what)))
}

fn dash_from(f: &mut Fields<'_, '_>) -> PyResult<DashState> {
    Ok(read_plain!(
        f,
        DashState {
            state_id,
            speed,
            turn_pins,
            temperature,
            engine,
            brakes,
            tyres,
            switches,
            pace,
            lamps
        }
    ))
}

fn dash_into(d: &Bound<'_, PyDict>, m: &DashState) -> PyResult<()> {
    write_plain!(d, m; state_id, speed, turn_pins, temperature, engine, brakes, tyres, switches, pace, lamps);
    Ok(())
}

fn config_from(f: &mut Fields<'_, '_>) -> PyResult<Config> {
    Ok(read_plain!(
        f,
        Config {
            failsafe_ms,
            brightness,
            status_interval_ms
        }
    ))
}

/// A message dict → a message (fields checked, nothing else).
fn message_from(d: &Bound<'_, PyDict>) -> PyResult<Message> {
    let name: String = d
        .get_item("type")?
        .ok_or_else(|| protocol_error("message: missing 'type'".into()))?
        .extract()
        .map_err(|_| protocol_error("message: 'type' must be a str".into()))?;
    let id = (0..=255u8)
        .find(|&t| type_name(t) == Some(name.as_str()))
        .ok_or_else(|| protocol_error(format!("message: unknown type {name:?}")))?;
    let what = type_name(id).unwrap_or("?");
    let mut f = Fields::new(d, what);
    let m = match id {
        msg_type::HELLO => Message::Hello(read_plain!(
            f,
            Hello {
                major,
                minor,
                schema_hash,
                nonce
            }
        )),
        msg_type::HELLO_ACK => {
            let mut m = read_plain!(f, HelloAck {
                major, minor, schema_hash, nonce, kind, fw_version, boot_id, input_base
            } + uid caps);
            m.uid = uid_from(&mut f)?;
            m.caps = caps_from(&f.get("caps")?)?;
            Message::HelloAck(m)
        }
        msg_type::CONFIG => Message::Config(config_from(&mut f)?),
        msg_type::HEARTBEAT => Message::Heartbeat(read_plain!(f, Heartbeat { host_ms })),
        msg_type::STATUS => {
            let mut m = read_plain!(
                f,
                Status {
                    uptime_ms,
                    boot_id,
                    rx_ok,
                    crc_err,
                    cobs_err,
                    overflow,
                    bad_payload,
                    shown_frame_id,
                    state_id,
                    palette_id,
                    inputs,
                    encoder
                } + failsafe
            );
            m.failsafe = f.flag("failsafe")?;
            Message::Status(m)
        }
        msg_type::DASH_STATE => Message::DashState(dash_from(&mut f)?),
        msg_type::LED_PALETTE => {
            let mut m = LedPalette {
                palette_id: f.int("palette_id")?,
                ..LedPalette::default()
            };
            let colors = f.triples::<u8>("colors")?;
            if colors.is_empty() || colors.len() > PALETTE_MAX {
                return Err(protocol_error(format!(
                    "LED_PALETTE.colors: 1 to {PALETTE_MAX} colours"
                )));
            }
            m.count = colors.len() as u16;
            for (slot, (r, g, b)) in m.colors.iter_mut().zip(colors) {
                *slot = [r, g, b];
            }
            Message::LedPalette(m)
        }
        msg_type::LED_KEY => {
            let mut m =
                read_plain!(f, LedKey { frame_id, format, led_count, offset } + last len data);
            m.last = f.flag("last")?;
            let data = f.bytes("data")?;
            if data.len() > LED_CHUNK_MAX {
                return Err(protocol_error(format!(
                    "LED_KEY.data: at most {LED_CHUNK_MAX} bytes"
                )));
            }
            m.len = data.len() as u16;
            m.data[..data.len()].copy_from_slice(&data);
            Message::LedKey(m)
        }
        msg_type::LED_DELTA => {
            let mut m = LedDelta {
                frame_id: f.int("frame_id")?,
                base_id: f.int("base_id")?,
                ..LedDelta::default()
            };
            let runs = f.triples::<i64>("runs")?;
            if runs.len() > MAX_RUNS {
                return Err(protocol_error(format!(
                    "LED_DELTA.runs: at most {MAX_RUNS} runs"
                )));
            }
            m.count = runs.len() as u16;
            for (slot, (start, len, value)) in m.runs.iter_mut().zip(runs) {
                match (
                    u16::try_from(start),
                    u16::try_from(len),
                    u32::try_from(value),
                ) {
                    (Ok(start), Ok(len), Ok(value)) => *slot = LedRun { start, len, value },
                    _ => {
                        return Err(protocol_error(format!(
                            "LED_DELTA.runs: ({start}, {len}, {value}) is out of range"
                        )))
                    }
                }
            }
            Message::LedDelta(m)
        }
        msg_type::FRAME_SHOWN => {
            let mut m = read_plain!(
                f,
                FrameShown {
                    frame_id,
                    ack_seq,
                    show_us
                } + shown
            );
            m.shown = f.flag("shown")?;
            Message::FrameShown(m)
        }
        msg_type::INPUT_EVENT => Message::InputEvent(read_plain!(
            f,
            InputEvent {
                ev_seq,
                t_ms,
                control,
                kind,
                value
            }
        )),
        msg_type::ACK_INPUT => Message::AckInput(read_plain!(f, AckInput { upto })),
        _ => Message::Nack(read_plain!(f, Nack { ref_seq, code })),
    };
    f.finish()?;
    Ok(m)
}

/// A message → its dict.
fn message_dict<'py>(py: Python<'py>, m: &Message) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("type", m.name())?;
    match m {
        Message::Hello(m) => write_plain!(d, m; major, minor, schema_hash, nonce),
        Message::HelloAck(m) => {
            write_plain!(d, m; major, minor, schema_hash, nonce, kind, fw_version, boot_id, input_base);
            d.set_item("uid", PyBytes::new(py, &m.uid))?;
            d.set_item("caps", caps_dict(py, &m.caps)?)?;
        }
        Message::Config(m) => write_plain!(d, m; failsafe_ms, brightness, status_interval_ms),
        Message::Heartbeat(m) => write_plain!(d, m; host_ms),
        Message::Status(m) => {
            write_plain!(d, m; uptime_ms, boot_id, rx_ok, crc_err, cobs_err, overflow, bad_payload,
                shown_frame_id, state_id, palette_id, inputs, encoder);
            d.set_item("failsafe", m.failsafe == 1)?;
        }
        Message::DashState(m) => dash_into(&d, m)?,
        Message::LedPalette(m) => {
            d.set_item("palette_id", m.palette_id)?;
            let colors: Vec<(u8, u8, u8)> = m.colors[..usize::from(m.count)]
                .iter()
                .map(|c| (c[0], c[1], c[2]))
                .collect();
            d.set_item("colors", colors)?;
        }
        Message::LedKey(m) => {
            write_plain!(d, m; frame_id, format, led_count, offset);
            d.set_item("last", m.last == 1)?;
            d.set_item("data", PyBytes::new(py, m.data()))?;
        }
        Message::LedDelta(m) => {
            write_plain!(d, m; frame_id, base_id);
            let runs: Vec<(u16, u16, u32)> =
                m.runs().iter().map(|r| (r.start, r.len, r.value)).collect();
            d.set_item("runs", runs)?;
        }
        Message::FrameShown(m) => {
            write_plain!(d, m; frame_id, ack_seq, show_us);
            d.set_item("shown", m.shown == 1)?;
        }
        Message::InputEvent(m) => write_plain!(d, m; ev_seq, t_ms, control, kind, value),
        Message::AckInput(m) => write_plain!(d, m; upto),
        Message::Nack(m) => write_plain!(d, m; ref_seq, code),
    }
    Ok(d)
}

/// Encodes a message dict as one wire frame (COBS, CRC-32 and the trailing 0x00 included).
#[pyfunction]
fn wire_encode<'py>(
    py: Python<'py>,
    message: &Bound<'py, PyDict>,
    seq: u16,
) -> PyResult<Bound<'py, PyBytes>> {
    guard(|| {
        let m = message_from(message)?;
        let mut buf = [0u8; MAX_WIRE];
        let n = encode_frame(&m, seq, &mut buf).map_err(wire_err)?;
        Ok(PyBytes::new(py, &buf[..n]))
    })
}

/// Decodes one whole wire frame (trailing 0x00 optional) into `(seq, message dict)`.
#[pyfunction]
fn wire_decode<'py>(py: Python<'py>, frame: &[u8]) -> PyResult<(u16, Bound<'py, PyDict>)> {
    guard(|| {
        let f = decode_frame(frame).map_err(wire_err)?;
        Ok((f.seq, message_dict(py, &f.message)?))
    })
}

/// The protocol's numbers: sizes, version, schema hash and type bytes by name.
#[pyfunction]
fn wire_constants(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("MAX_FRAME", MAX_FRAME)?;
    d.set_item("MAX_WIRE", MAX_WIRE)?;
    d.set_item("VERSION", VERSION)?;
    d.set_item("VERSION_MAJOR", VERSION_MAJOR)?;
    d.set_item("VERSION_MINOR", VERSION_MINOR)?;
    d.set_item("SCHEMA_HASH", SCHEMA_HASH)?;
    d.set_item("SCHEMA", SCHEMA)?;
    d.set_item("MAX_LEDS", MAX_LEDS)?;
    d.set_item("LED_CHUNK_MAX", LED_CHUNK_MAX)?;
    d.set_item("MAX_RUNS", MAX_RUNS)?;
    d.set_item("PALETTE_MAX", PALETTE_MAX)?;
    let types = PyDict::new(py);
    for t in 0..=255u8 {
        if let Some(name) = type_name(t) {
            types.set_item(name, t)?;
        }
    }
    d.set_item("TYPES", types)?;
    Ok(d)
}

fn counters_dict<'py>(py: Python<'py>, c: &Counters) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    write_plain!(d, c; rx_ok, crc_err, cobs_err, overflow, bad_payload);
    Ok(d)
}

/// The byte-at-a-time decoder: `feed(bytes)` returns the valid frames completed, as
/// `(seq, message dict)`; broken frames are dropped and counted in `counters()`.
#[pyclass(module = "autodromo._core", name = "WireDecoder")]
struct WireDecoder {
    inner: Box<Decoder>,
}

#[pymethods]
impl WireDecoder {
    #[new]
    fn new() -> Self {
        WireDecoder {
            inner: Box::new(Decoder::new()),
        }
    }

    fn feed<'py>(
        &mut self,
        py: Python<'py>,
        data: &[u8],
    ) -> PyResult<Vec<(u16, Bound<'py, PyDict>)>> {
        guard(|| {
            let mut out = Vec::new();
            for &b in data {
                if let Some(Ok(f)) = self.inner.feed(b) {
                    out.push((f.seq, message_dict(py, &f.message)?));
                }
            }
            Ok(out)
        })
    }

    /// Bytes of the frame in progress (never above MAX_FRAME).
    #[getter]
    fn buffered(&self) -> usize {
        self.inner.buffered()
    }

    fn counters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        counters_dict(py, &self.inner.counters())
    }
}

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

/// The host end of a link, sans-IO (see `autodromo_wire::host`): feed it received bytes with
/// `receive`, send what `poll_transmit` returns, act on `poll_events`.
#[pyclass(module = "autodromo._core", name = "WireHost")]
struct WireHost {
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
        guard(|| {
            self.inner.receive(data, now_ms);
            Ok(())
        })
    }

    fn tick(&mut self, now_ms: u32) -> PyResult<()> {
        guard(|| {
            self.inner.tick(now_ms);
            Ok(())
        })
    }

    /// Every frame due at `now_ms`, concatenated (possibly empty).
    fn poll_transmit<'py>(
        &mut self,
        py: Python<'py>,
        now_ms: u32,
    ) -> PyResult<Bound<'py, PyBytes>> {
        guard(|| {
            Ok(PyBytes::new(
                py,
                &drain(|b| self.inner.poll_transmit(now_ms, b)),
            ))
        })
    }

    /// Events since the last call: dicts with an "event" key ("linked", "device_reset",
    /// "incompatible", "link_lost", "input", "status", "frame_shown", "nack").
    fn poll_events<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guard(|| {
            let list = PyList::empty(py);
            while let Some(e) = self.inner.poll_event() {
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
                        list.append(d)?;
                        continue;
                    }
                    HostEvent::Nack(n) => ("nack", Some(Message::Nack(n))),
                };
                let d = match msg {
                    Some(m) => {
                        let d = message_dict(py, &m)?;
                        d.del_item("type")?;
                        d
                    }
                    None => PyDict::new(py),
                };
                d.set_item("event", name)?;
                list.append(d)?;
            }
            Ok(list)
        })
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

    /// "handshaking", "linked" or "incompatible".
    #[getter]
    fn state(&self) -> &'static str {
        match self.inner.state() {
            LinkState::Handshaking => "handshaking",
            LinkState::Linked => "linked",
            LinkState::Incompatible => "incompatible",
        }
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
struct WireDevice {
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
        guard(|| {
            self.inner.receive(data, now_ms);
            Ok(())
        })
    }

    fn tick(&mut self, now_ms: u32) -> PyResult<()> {
        guard(|| {
            self.inner.tick(now_ms);
            Ok(())
        })
    }

    fn poll_transmit<'py>(
        &mut self,
        py: Python<'py>,
        now_ms: u32,
    ) -> PyResult<Bound<'py, PyBytes>> {
        guard(|| {
            Ok(PyBytes::new(
                py,
                &drain(|b| self.inner.poll_transmit(now_ms, b)),
            ))
        })
    }

    /// Events since the last call: dicts with an "event" key ("linked", "config", "dash",
    /// "palette", "show" with "frame_id", "failsafe", "restored").
    fn poll_events<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        guard(|| {
            let list = PyList::empty(py);
            while let Some(e) = self.inner.poll_event() {
                let d = PyDict::new(py);
                let name = match e {
                    DeviceEvent::Linked => "linked",
                    DeviceEvent::Config(c) => {
                        let m = message_dict(py, &Message::Config(c))?;
                        m.del_item("type")?;
                        d.set_item("config", m)?;
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
                list.append(d)?;
            }
            Ok(list)
        })
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
        let d = message_dict(py, &Message::Config(*self.inner.config()))?;
        d.del_item("type")?;
        Ok(d)
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
