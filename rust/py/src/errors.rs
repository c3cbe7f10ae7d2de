//! The one place core errors and panics become Python exceptions (classes in `autodromo.errors`).
use std::panic::{catch_unwind, AssertUnwindSafe};

use autodromo_core::Error;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

fn raise(py: Python<'_>, class: &str, message: String) -> PyErr {
    let made = py
        .import("autodromo.errors")
        .and_then(|m| m.getattr(class))
        .and_then(|cls| cls.call1((message.clone(),)));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(_) => PyRuntimeError::new_err(message),
    }
}

pub(crate) fn to_py(e: Error) -> PyErr {
    let class = match &e {
        Error::IllegalAction { .. } | Error::UnknownAction { .. } => "IllegalActionError",
        Error::Options { .. } => "OptionError",
        Error::Content { .. } => "ContentError",
        Error::Replay { .. } => "ReplayError",
        _ => "AutodromoError",
    };
    Python::attach(|py| raise(py, class, e.to_string()))
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
