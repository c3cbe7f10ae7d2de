//! `Game`: static content + options of any game the core's registry lists.
use std::sync::Arc;

use autodromo_core::registry::AnyGame;
use autodromo_core::{Error, Game};
use pyo3::prelude::*;

use crate::state::PyState;
use crate::{guard, to_py};

/// A game: its content and options, fixed. `new_state()` starts a play of it.
#[pyclass(module = "autodromo._core", name = "Game", frozen)]
#[derive(Debug)]
pub(crate) struct PyGame {
    pub(crate) inner: AnyGame,
    /// The content files it was built from (None for a game without content): a pickle of it,
    /// or of one of its states, rebuilds it from them where they are not the shipped ones.
    pub(crate) files: Option<ContentFiles>,
}

/// Content files as (relative path, text) pairs, shared by a game and its states.
pub(crate) type ContentFiles = Arc<Vec<(String, String)>>;

/// Builds a game from its id, its options as a JSON object and, for games with content, the
/// content files as (relative path, text) pairs.
#[pyfunction]
#[pyo3(signature = (name, options_json, content=None))]
pub(crate) fn load_game(
    name: &str,
    options_json: &str,
    content: Option<Vec<(String, String)>>,
) -> PyResult<PyGame> {
    guard(|| {
        let options: serde_json::Value = serde_json::from_str(options_json)
            .map_err(|e| to_py(Error::options("options", e.to_string())))?;
        let inner = AnyGame::load(name, &options, content.as_deref()).map_err(to_py)?;
        Ok(PyGame {
            inner,
            files: content.map(Arc::new),
        })
    })
}

#[pymethods]
impl PyGame {
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.id()
    }

    /// Every key the game's refusals carry (`IllegalActionError.key`); empty for a game whose
    /// refusals are not keyed yet.
    fn refusal_keys(&self) -> Vec<&'static str> {
        self.inner.refusal_keys().to_vec()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.inner.observation_len(),)
    }

    /// The name of each feature of `State.observation_tensor`, in order: what it holds and what
    /// it is scaled by (docs/envs.md, "Observations").
    fn observation_names(&self) -> PyResult<Vec<String>> {
        guard(|| Ok(self.inner.observation_names()))
    }

    /// The length of `State.information_state_tensor`, as a shape; None for a game without one
    /// (docs/observations.md, "Information state").
    #[getter]
    fn information_state_shape(&self) -> Option<(usize,)> {
        self.inner.information_state_len().map(|n| (n,))
    }

    /// The name of each feature of `State.information_state_tensor`, in order; raises for a game
    /// without one.
    fn information_state_names(&self) -> PyResult<Vec<String>> {
        if self.inner.information_state_len().is_none() {
            return Err(to_py(no_information_state(self.inner.id())));
        }
        guard(|| Ok(self.inner.information_state_names()))
    }

    /// Every option in force, defaults included, as a JSON object text.
    #[getter]
    fn options_json(&self) -> String {
        self.inner.options_json().to_string()
    }

    #[getter]
    fn content_hash(&self) -> String {
        format!("{:016x}", self.inner.content_hash())
    }

    /// Whether a save or replay that recorded `saved` (hex) was made with this game's content.
    fn accepts_content_hash(&self, saved: &str) -> bool {
        let Some(h) = (saved.len() == 16)
            .then(|| u64::from_str_radix(saved, 16).ok())
            .flatten()
        else {
            return false;
        };
        self.inner.accepts_content_hash(h)
    }

    /// The content files it was built from, for `autodromo.pickling` (None without content).
    #[getter(_content_files)]
    fn content_files(&self) -> Option<Vec<(String, String)>> {
        self.files.as_ref().map(|f| f.to_vec())
    }

    /// A game never changes: a copy is the game itself.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn new_state(&self) -> PyResult<PyState> {
        guard(|| {
            Ok(PyState::new(
                self.inner.new_initial_state(),
                self.files.clone(),
                None,
            ))
        })
    }

    /// Rebuilds the exact state `State.serialize()` wrote; raises ReplayError on any mismatch.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        guard(|| {
            Ok(PyState::new(
                self.inner.deserialize_state(text).map_err(to_py)?,
                self.files.clone(),
                None,
            ))
        })
    }

    /// The state a position (`State.position()`'s JSON) describes, on this game's content and
    /// options; raises ReplayError naming the field and the rule the position breaks.
    fn state_from(&self, text: &str) -> PyResult<PyState> {
        guard(|| {
            let v: serde_json::Value = serde_json::from_str(text)
                .map_err(|e| to_py(Error::replay(format!("position: not JSON ({e})"))))?;
            Ok(PyState::new(
                self.inner.state_from(&v).map_err(to_py)?,
                self.files.clone(),
                Some(Arc::from(text)),
            ))
        })
    }

    /// The board as the core built it (circuit or route geometry), as plain Python data; None for
    /// a game played with cards alone.
    fn board(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let b = guard(|| Ok(self.inner.board()))?;
        b.map(|v| {
            Ok(py
                .import("json")?
                .call_method1("loads", (v.to_string(),))?
                .unbind())
        })
        .transpose()
    }

    fn __repr__(&self) -> String {
        format!("<Game {} {}>", self.name(), self.options_json())
    }
}

/// The error for a game that has no information-state tensor: where to read why.
pub(crate) fn no_information_state(game: &str) -> Error {
    Error::options(
        "information_state",
        format!(
            "{game} has no information-state tensor (docs/observations.md, \"Information state\", \
             says which games have one and why the others do not)"
        ),
    )
}
