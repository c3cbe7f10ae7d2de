//! `Game`: static content + options, dispatching to each game of the core.
use std::sync::Arc;

use autodromo_core::formula90::{self, Formula90, GAME_ID as F90};
use autodromo_core::lamborghini::{self, Lamborghini, GAME_ID as LAMBO};
use autodromo_core::legend::{Content, Legend, GAME_ID as LEGEND};
use autodromo_core::mille_bornes::{MilleBornes, GAME_ID as MB};
use autodromo_core::{Error, Game};
use pyo3::prelude::*;

use crate::state::{AnyState, PyState};
use crate::{guard, to_py};

#[derive(Debug, Clone)]
pub(crate) enum AnyGame {
    MilleBornes(MilleBornes),
    Legend(Legend),
    Lamborghini(Lamborghini),
    Formula90(Formula90),
}

macro_rules! on_game {
    ($g:expr, $v:ident => $e:expr) => {
        match $g {
            AnyGame::MilleBornes($v) => $e,
            AnyGame::Legend($v) => $e,
            AnyGame::Lamborghini($v) => $e,
            AnyGame::Formula90($v) => $e,
        }
    };
}

/// A game: its content and options, fixed. `new_state()` starts a play of it.
#[pyclass(module = "autodromo._core", name = "Game", frozen)]
#[derive(Debug)]
pub(crate) struct PyGame {
    pub(crate) inner: AnyGame,
}

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
        let inner = match name {
            MB => AnyGame::MilleBornes(MilleBornes::from_json(&options).map_err(to_py)?),
            LEGEND => {
                let files = content.ok_or_else(|| {
                    to_py(Error::options("content", "Legend needs its content files"))
                })?;
                let content = Content::parse(&files).map_err(to_py)?;
                AnyGame::Legend(Legend::new(Arc::new(content), &options).map_err(to_py)?)
            }
            LAMBO => {
                let files = content.ok_or_else(|| {
                    to_py(Error::options(
                        "content",
                        "Lamborghini needs its content files",
                    ))
                })?;
                let content = lamborghini::Content::parse(&files).map_err(to_py)?;
                AnyGame::Lamborghini(Lamborghini::new(Arc::new(content), &options).map_err(to_py)?)
            }
            F90 => {
                let files = content.ok_or_else(|| {
                    to_py(Error::options(
                        "content",
                        "Formula 90 needs its content files",
                    ))
                })?;
                let content = formula90::Content::parse(&files).map_err(to_py)?;
                AnyGame::Formula90(Formula90::new(Arc::new(content), &options).map_err(to_py)?)
            }
            other => {
                return Err(to_py(Error::options(
                    "game",
                    format!("unknown game {other:?}; known: {MB}, {LEGEND}, {LAMBO}, {F90}"),
                )))
            }
        };
        Ok(PyGame { inner })
    })
}

#[pymethods]
impl PyGame {
    #[getter]
    fn name(&self) -> &'static str {
        on_game!(&self.inner, g => g.id())
    }

    #[getter]
    fn num_players(&self) -> usize {
        on_game!(&self.inner, g => g.num_players())
    }

    #[getter]
    fn num_distinct_actions(&self) -> usize {
        on_game!(&self.inner, g => g.num_distinct_actions())
    }

    #[getter]
    fn observation_shape(&self) -> (usize,) {
        on_game!(&self.inner, g => (g.observation_len(),))
    }

    /// Every option in force, defaults included, as a JSON object text.
    #[getter]
    fn options_json(&self) -> String {
        on_game!(&self.inner, g => g.options_json().to_string())
    }

    #[getter]
    fn content_hash(&self) -> String {
        on_game!(&self.inner, g => format!("{:016x}", g.content_hash()))
    }

    /// Whether a save or replay that recorded `saved` (hex) was made with this game's content.
    fn accepts_content_hash(&self, saved: &str) -> bool {
        let Some(h) = (saved.len() == 16)
            .then(|| u64::from_str_radix(saved, 16).ok())
            .flatten()
        else {
            return false;
        };
        on_game!(&self.inner, g => g.accepts_content_hash(h))
    }

    fn new_state(&self) -> PyResult<PyState> {
        guard(|| {
            Ok(PyState::new(match &self.inner {
                AnyGame::MilleBornes(g) => AnyState::MilleBornes(g.new_initial_state()),
                AnyGame::Legend(g) => AnyState::Legend(g.new_initial_state()),
                AnyGame::Lamborghini(g) => AnyState::Lamborghini(g.new_initial_state()),
                AnyGame::Formula90(g) => AnyState::Formula90(g.new_initial_state()),
            }))
        })
    }

    /// Rebuilds the exact state `State.serialize()` wrote; raises ReplayError on any mismatch.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        guard(|| {
            Ok(PyState::new(match &self.inner {
                AnyGame::MilleBornes(g) => {
                    AnyState::MilleBornes(g.deserialize_state(text).map_err(to_py)?)
                }
                AnyGame::Legend(g) => AnyState::Legend(g.deserialize_state(text).map_err(to_py)?),
                AnyGame::Lamborghini(g) => {
                    AnyState::Lamborghini(g.deserialize_state(text).map_err(to_py)?)
                }
                AnyGame::Formula90(g) => {
                    AnyState::Formula90(g.deserialize_state(text).map_err(to_py)?)
                }
            }))
        })
    }

    /// The state a position (`State.position()`'s JSON) describes, on this game's content and
    /// options; raises ReplayError naming the field and the rule the position breaks.
    fn state_from(&self, text: &str) -> PyResult<PyState> {
        guard(|| {
            let v: serde_json::Value = serde_json::from_str(text)
                .map_err(|e| to_py(Error::replay(format!("position: not JSON ({e})"))))?;
            Ok(PyState::new(match &self.inner {
                AnyGame::MilleBornes(g) => AnyState::MilleBornes(g.state_from(&v).map_err(to_py)?),
                AnyGame::Legend(g) => AnyState::Legend(g.state_from(&v).map_err(to_py)?),
                AnyGame::Lamborghini(g) => AnyState::Lamborghini(g.state_from(&v).map_err(to_py)?),
                AnyGame::Formula90(g) => AnyState::Formula90(g.state_from(&v).map_err(to_py)?),
            }))
        })
    }

    /// The board as the core built it (circuit or route geometry), as plain Python data; None for
    /// a game played with cards alone.
    fn board(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let b = guard(|| Ok(on_game!(&self.inner, g => g.board())))?;
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
