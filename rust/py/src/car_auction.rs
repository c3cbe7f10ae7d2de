//! `CarAuction`: the core's car auction with Spare Part cards (`registry::CarAuction`), played
//! before a race; the game's Python package drives it. Refusals change nothing.
use autodromo_core::registry::CarAuction as Auction;
use autodromo_core::Error;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::pyvalue::to_python;
use crate::{guard, to_py};

#[pyclass(module = "autodromo._core", name = "CarAuction")]
#[derive(Debug, Clone)]
pub(crate) struct PyCarAuction {
    inner: Auction,
}

impl PyCarAuction {
    fn action_id(&self, action: &Bound<'_, PyAny>) -> PyResult<u32> {
        if let Ok(id) = action.extract::<u32>() {
            return Ok(id);
        }
        if let Ok(label) = action.cast::<PyString>() {
            return self.inner.action_of(&label.to_cow()?).map_err(to_py);
        }
        Err(to_py(Error::UnknownAction {
            what: format!("{action}: not an action id or label"),
        }))
    }
}

#[pymethods]
impl PyCarAuction {
    /// Auctions `cars` (ids, in the order sold) among `players`; `seed` draws the starting
    /// player and the deal of two cards attached to a shared car.
    #[new]
    fn new(cars: Vec<String>, players: usize, seed: u64) -> PyResult<Self> {
        guard(|| {
            Auction::new(cars, players, seed)
                .map(|inner| PyCarAuction { inner })
                .map_err(to_py)
        })
    }

    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    fn current_player(&self) -> Option<usize> {
        self.inner.current_player()
    }

    fn legal_actions(&self) -> Vec<u32> {
        self.inner.legal_actions()
    }

    fn action_to_string(&self, action: u32) -> String {
        self.inner.label(action)
    }

    fn string_to_action(&self, label: &str) -> PyResult<u32> {
        self.inner.action_of(label).map_err(to_py)
    }

    /// Applies an action id or label; raises IllegalActionError with the rule, changing nothing.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = self.action_id(action)?;
        guard(|| self.inner.apply(id).map_err(to_py))
    }

    /// Why `action` would be refused now, or None if it is legal.
    fn why_illegal(&self, action: &Bound<'_, PyAny>) -> Option<String> {
        match self.action_id(action) {
            Ok(id) => self.inner.why_illegal(id),
            Err(e) => Some(e.to_string()),
        }
    }

    /// The refusal `action` would meet now, as the `IllegalActionError` `apply_action` would
    /// raise (with its `key` and `values`), not raised; None if it is legal.
    fn refusal(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
        let error = match self.action_id(action) {
            Ok(id) => match self.inner.refusal(id) {
                Some(e) => to_py(e),
                None => return Ok(None),
            },
            Err(e) => e,
        };
        Ok(Some(error.into_value(py).into_any()))
    }

    /// The bot's choice among the legal actions.
    fn bot_action(&self) -> PyResult<u32> {
        guard(|| self.inner.bot().map_err(to_py))
    }

    fn moves(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &serde_json::Value::Array(self.inner.moves()))
    }

    fn view(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.inner.view())
    }

    /// Per seat: the car won (None: none) and the six counts of Spare Parts kept.
    fn result(&self) -> Vec<(Option<String>, Vec<u32>)> {
        self.inner
            .result()
            .into_iter()
            .map(|(car, hand)| {
                (
                    car.map(String::from),
                    hand.iter().map(|&n| u32::from(n)).collect(),
                )
            })
            .collect()
    }

    fn serialize(&self) -> String {
        self.inner.serialize()
    }

    #[staticmethod]
    fn deserialize(text: &str) -> PyResult<Self> {
        guard(|| {
            Auction::deserialize(text)
                .map(|inner| PyCarAuction { inner })
                .map_err(to_py)
        })
    }

    fn __copy__(&self) -> Self {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        Clone::clone(self)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyCarAuction>>()
            .is_ok_and(|o| o.inner == self.inner)
    }
}
