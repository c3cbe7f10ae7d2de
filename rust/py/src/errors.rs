//! The one place core errors and panics become Python exceptions (classes in `autodromo.errors`).
use std::panic::{catch_unwind, AssertUnwindSafe};

use autodromo_core::Error;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::pyvalue::to_python;

fn raise(py: Python<'_>, class: &str, message: String) -> PyErr {
    made(py, class, (message.clone(),)).unwrap_or_else(|_| PyRuntimeError::new_err(message))
}

/// An instance of `autodromo.errors.<class>` built with `args`, raised.
fn made<'py, A: pyo3::call::PyCallArgs<'py>>(
    py: Python<'py>,
    class: &str,
    args: A,
) -> PyResult<PyErr> {
    let instance = py.import("autodromo.errors")?.getattr(class)?.call1(args)?;
    Ok(PyErr::from_value(instance))
}

pub(crate) fn to_py(e: Error) -> PyErr {
    let class = match &e {
        Error::IllegalAction { .. } | Error::UnknownAction { .. } => "IllegalActionError",
        Error::Options { .. } => "OptionError",
        Error::Content { .. } => "ContentError",
        Error::Replay { .. } => "ReplayError",
        _ => "AutodromoError",
    };
    Python::attach(|py| match &e {
        // A refusal carries its meaning too (`.key`, `.values`) for the game's words module.
        Error::IllegalAction { rule, key, values } => {
            let meaning = PyDict::new(py);
            let filled = values
                .iter()
                .try_for_each(|(name, v)| meaning.set_item(*name, to_python(py, v)?));
            filled
                .and_then(|()| made(py, class, (rule.clone(), *key, meaning)))
                .unwrap_or_else(|_| raise(py, class, e.to_string()))
        }
        _ => raise(py, class, e.to_string()),
    })
}

/// Runs `f`, turning a panic into `AutodromoError` so the interpreter lives on.
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            Err(autodromo_error(format!(
                "internal error in the Rust core: {what}"
            )))
        }
    }
}

/// A plain `AutodromoError`, for failures that are no rule's and no input's.
pub(crate) fn autodromo_error(message: String) -> PyErr {
    Python::attach(|py| raise(py, "AutodromoError", message))
}
