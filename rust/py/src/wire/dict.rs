//! Message dicts ↔ `autodromo-wire` messages: every field checked (missing, unknown and
//! out-of-range keys raise `ValueError` naming the field) before anything is built.
use autodromo_wire::*;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

pub(super) fn protocol_error(message: String) -> PyErr {
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

pub(super) fn wire_err(e: Error) -> PyErr {
    protocol_error(e.to_string())
}

/// Reads the fields of a message dict, refusing missing, out-of-range and unknown keys.
pub(super) struct Fields<'a, 'py> {
    dict: &'a Bound<'py, PyDict>,
    what: &'static str,
    used: Vec<&'static str>,
}

impl<'a, 'py> Fields<'a, 'py> {
    pub(super) fn new(dict: &'a Bound<'py, PyDict>, what: &'static str) -> Self {
        Fields {
            dict,
            what,
            used: vec!["type"],
        }
    }

    pub(super) fn get(&mut self, key: &'static str) -> PyResult<Bound<'py, PyAny>> {
        self.used.push(key);
        self.dict
            .get_item(key)?
            .ok_or_else(|| protocol_error(format!("{}: missing field '{key}'", self.what)))
    }

    pub(super) fn int<T: TryFrom<i64>>(&mut self, key: &'static str) -> PyResult<T> {
        let v = self.get(key)?;
        let what = self.what;
        let range = || protocol_error(format!("{what}.{key}: {v} is out of range"));
        let n: i64 = v.extract().map_err(|_| range())?;
        T::try_from(n).map_err(|_| range())
    }

    pub(super) fn flag(&mut self, key: &'static str) -> PyResult<u8> {
        let v = self.get(key)?;
        let b: bool = v
            .extract()
            .map_err(|_| protocol_error(format!("{}.{key}: expected a bool", self.what)))?;
        Ok(u8::from(b))
    }

    pub(super) fn bytes(&mut self, key: &'static str) -> PyResult<Vec<u8>> {
        let v = self.get(key)?;
        v.extract()
            .map_err(|_| protocol_error(format!("{}.{key}: expected bytes", self.what)))
    }

    pub(super) fn triples<T: TryFrom<i64> + Copy>(
        &mut self,
        key: &'static str,
    ) -> PyResult<Vec<(T, T, T)>> {
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

    pub(super) fn finish(self) -> PyResult<()> {
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

pub(super) fn caps_from(d: &Bound<'_, PyAny>) -> PyResult<Caps> {
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

pub(super) fn caps_dict<'py>(py: Python<'py>, c: &Caps) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    write_plain!(d, c; max_frame, rx_window, led_count, led_formats, outputs, inputs);
    Ok(d)
}

pub(super) fn uid_from(f: &mut Fields<'_, '_>) -> PyResult<[u8; UID_LEN]> {
    let v = f.bytes("uid")?;
    v.try_into()
        .map_err(|_| protocol_error(format!("{}.uid: expected {UID_LEN} bytes", f.what)))
}

pub(super) fn dash_from(f: &mut Fields<'_, '_>) -> PyResult<DashState> {
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

pub(super) fn dash_into(d: &Bound<'_, PyDict>, m: &DashState) -> PyResult<()> {
    write_plain!(d, m; state_id, speed, turn_pins, temperature, engine, brakes, tyres, switches, pace, lamps);
    Ok(())
}

pub(super) fn config_from(f: &mut Fields<'_, '_>) -> PyResult<Config> {
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
pub(super) fn message_from(d: &Bound<'_, PyDict>) -> PyResult<Message> {
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
                size: f.int("size")?,
                first: f.int("first")?,
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
            let mut m = read_plain!(f, LedKey { frame_id, format, led_count, offset } + len data);
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
                    ack_bits,
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
        msg_type::HELLO_PART => {
            let mut m = read_plain!(f, HelloPart { check, total, offset } + len data);
            let data = f.bytes("data")?;
            if data.len() > HELLO_PART_MAX {
                return Err(protocol_error(format!(
                    "HELLO_PART.data: at most {HELLO_PART_MAX} bytes"
                )));
            }
            m.len = data.len() as u8;
            m.data[..data.len()].copy_from_slice(&data);
            Message::HelloPart(m)
        }
        _ => Message::Nack(read_plain!(f, Nack { ref_seq, code })),
    };
    f.finish()?;
    Ok(m)
}

/// A message → its dict.
pub(super) fn message_dict<'py>(py: Python<'py>, m: &Message) -> PyResult<Bound<'py, PyDict>> {
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
            write_plain!(d, m; palette_id, size, first);
            let colors: Vec<(u8, u8, u8)> = m.part().iter().map(|c| (c[0], c[1], c[2])).collect();
            d.set_item("colors", colors)?;
        }
        Message::LedKey(m) => {
            write_plain!(d, m; frame_id, format, led_count, offset);
            d.set_item("data", PyBytes::new(py, m.data()))?;
        }
        Message::LedDelta(m) => {
            write_plain!(d, m; frame_id, base_id);
            let runs: Vec<(u16, u16, u32)> =
                m.runs().iter().map(|r| (r.start, r.len, r.value)).collect();
            d.set_item("runs", runs)?;
        }
        Message::FrameShown(m) => {
            write_plain!(d, m; frame_id, ack_seq, ack_bits, show_us);
            d.set_item("shown", m.shown == 1)?;
        }
        Message::HelloPart(m) => {
            write_plain!(d, m; check, total, offset);
            d.set_item("data", PyBytes::new(py, m.data()))?;
        }
        Message::InputEvent(m) => write_plain!(d, m; ev_seq, t_ms, control, kind, value),
        Message::AckInput(m) => write_plain!(d, m; upto),
        Message::Nack(m) => write_plain!(d, m; ref_seq, code),
    }
    Ok(d)
}

pub(super) fn counters_dict<'py>(py: Python<'py>, c: &Counters) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    write_plain!(d, c; rx_ok, crc_err, cobs_err, overflow, bad_payload);
    Ok(d)
}
