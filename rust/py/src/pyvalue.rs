//! A JSON value of the core as Python data (dict, list, str, int, float, bool, None), built
//! directly: the web page reads several views per request, and writing each as JSON text for
//! Python's `json.loads` to read again was a large share of its CPU (docs/web.md, "Under load").
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde_json::Value;

pub(crate) fn to_python(py: Python<'_>, v: &Value) -> PyResult<Py<PyAny>> {
    Ok(convert(py, v)?.unbind())
}

fn convert<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                // serde_json holds no NaN or infinity: every other number is a finite f64.
                n.as_f64().unwrap_or(0.0).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(convert(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(PyString::new(py, key), convert(py, item)?)?;
            }
            dict.into_any()
        }
    })
}
