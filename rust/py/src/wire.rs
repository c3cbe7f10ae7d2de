//! The serial bridge codec and sessions (`autodromo-wire`) for Python: `wire_encode`,
//! `wire_decode`, `WireDecoder`, `WireHost`, `WireDevice`. Messages are dicts with a "type" key
//! (the protocol name, e.g. "DASH_STATE") and one key per field as named in PROTOCOL.md; bool
//! fields are Python bools, byte arrays `bytes`, palettes and runs lists of 3-tuples. Bad input
//! raises `ValueError` (`autodromo.errors.ProtocolError` once that class exists) naming the
//! field; nothing is half-applied.
mod dict;
mod session;

use autodromo_wire::*;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::guard;
use dict::{counters_dict, message_dict, message_from, wire_err};

/// Registers the bridge functions and classes on `autodromo._core`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(wire_encode, m)?)?;
    m.add_function(wrap_pyfunction!(wire_decode, m)?)?;
    m.add_function(wrap_pyfunction!(wire_constants, m)?)?;
    m.add_class::<WireDecoder>()?;
    m.add_class::<session::WireHost>()?;
    m.add_class::<session::WireDevice>()?;
    Ok(())
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
