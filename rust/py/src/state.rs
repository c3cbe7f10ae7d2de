//! `State`: one play of a game. Methods mirror the core's `State` trait in snake_case.
use autodromo_core::registry::AnyState;
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Policy;
use autodromo_core::{on_state, Action, Error, Game, Player, State};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyString;

use std::sync::Arc;

use crate::game::{ContentFiles, PyGame};
use crate::pyvalue::to_python;
use crate::{autodromo_error, guard, to_py};

/// A position in a game. `apply_action` is transactional: on error nothing changes.
#[pyclass(module = "autodromo._core", name = "State")]
#[derive(Debug, Clone)]
pub(crate) struct PyState {
    pub(crate) inner: AnyState,
    /// Its game's content files (see `PyGame::files`).
    files: Option<ContentFiles>,
    /// The position it was started from (`Game.state_from`), whose history begins there: a
    /// save of its actions alone would replay from the game's start.
    start: Option<Arc<str>>,
    /// Who took each action of the history (a seat, or `CHANCE`), noted by `apply_action` while
    /// it is as long as the history; a state changed another way (a deserialized one, the envs'
    /// loop in Rust) has it rebuilt by replay when `actors` is asked for.
    actors: Vec<i32>,
}

impl PyState {
    pub(crate) fn new(
        inner: AnyState,
        files: Option<ContentFiles>,
        start: Option<Arc<str>>,
    ) -> Self {
        PyState {
            inner,
            files,
            start,
            actors: Vec::new(),
        }
    }

    /// Who took each action of the history, by replaying it from where the state began.
    fn replayed_actors(&self) -> Result<Vec<i32>, Error> {
        let game = self.inner.game();
        let mut s = match &self.start {
            Some(text) => {
                let v: serde_json::Value = serde_json::from_str(text)
                    .map_err(|e| Error::replay(format!("position: not JSON ({e})")))?;
                game.state_from(&v)?
            }
            None => game.new_initial_state(),
        };
        let history = on_state!(&self.inner, st => st.history().to_vec());
        let mut actors = Vec::with_capacity(history.len());
        for a in history {
            actors.push(on_state!(&s, st => st.current_player().to_i32()));
            s.apply_whole(a)?;
        }
        Ok(actors)
    }

    fn num_players(&self) -> usize {
        self.inner.game().num_players()
    }

    fn check_player(&self, player: usize) -> PyResult<usize> {
        let n = self.num_players();
        if player >= n {
            return Err(to_py(Error::options(
                "player",
                // The argument is an index: say so, with the last one, not a Rust range.
                format!(
                    "no seat {player}: the API numbers this game's {n} seats 0 to {}",
                    n.saturating_sub(1)
                ),
            )));
        }
        Ok(player)
    }

    fn action_id(&self, action: &Bound<'_, PyAny>) -> PyResult<Action> {
        if let Ok(id) = action.extract::<Action>() {
            return Ok(id);
        }
        if let Ok(label) = action.cast::<PyString>() {
            let label = label.to_cow()?;
            return on_state!(&self.inner, s => s.string_to_action(&label)).map_err(to_py);
        }
        Err(to_py(Error::UnknownAction {
            what: format!("{action}: not an action id or label"),
        }))
    }
}

#[pymethods]
impl PyState {
    /// The seat to act, `CHANCE` (-1) or `TERMINAL` (-4).
    fn current_player(&self) -> i32 {
        on_state!(&self.inner, s => s.current_player().to_i32())
    }

    fn is_terminal(&self) -> bool {
        on_state!(&self.inner, s => s.is_terminal())
    }

    fn is_chance_node(&self) -> bool {
        on_state!(&self.inner, s => s.is_chance_node())
    }

    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            inner: self.inner.game(),
            files: self.files.clone(),
        }
    }

    /// The position text it was started from (`Game.state_from`), else None: for
    /// `autodromo.pickling`, which rebuilds such a state from it and its history.
    #[getter(_start_position)]
    fn start_position(&self) -> Option<String> {
        self.start.as_deref().map(String::from)
    }

    fn legal_actions(&self) -> PyResult<Vec<Action>> {
        guard(|| Ok(on_state!(&self.inner, s => s.legal_actions())))
    }

    /// A bool array of length `num_distinct_actions`, True where legal.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let (legal, n) = guard(|| {
            Ok(on_state!(&self.inner, s => (s.legal_actions(), s.game().num_distinct_actions())))
        })?;
        let mut mask = vec![false; n];
        for a in legal {
            mask[a as usize] = true;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Applies an action id or label; raises IllegalActionError with the rule, changing nothing.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = self.action_id(action)?;
        let in_step = self.actors.len() == on_state!(&self.inner, s => s.history().len());
        let actor = on_state!(&self.inner, s => s.current_player().to_i32());
        guard(|| self.inner.apply_whole(id).map_err(to_py))?;
        if in_step {
            self.actors.push(actor);
        }
        Ok(())
    }

    /// Why `action` would be refused here, or None if it is legal.
    fn why_illegal(&self, action: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        match self.action_id(action) {
            Ok(id) => {
                guard(|| Ok(on_state!(&self.inner, s => s.why_illegal(id).map(|e| e.to_string()))))
            }
            Err(e) => Ok(Some(e.to_string())),
        }
    }

    /// The refusal `action` would meet here, as the `IllegalActionError` `apply_action` would
    /// raise (with its `key` and `values`), not raised; None if it is legal.
    fn refusal(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
        let error = match self.action_id(action) {
            Ok(id) => match guard(|| Ok(on_state!(&self.inner, s => s.why_illegal(id))))? {
                Some(e) => to_py(e),
                None => return Ok(None),
            },
            Err(e) => e,
        };
        Ok(Some(error.into_value(py).into_any()))
    }

    fn chance_outcomes(&self) -> PyResult<Vec<(Action, f64)>> {
        guard(|| Ok(on_state!(&self.inner, s => s.chance_outcomes())))
    }

    /// Applies the chance outcome a uniform draw `u` in [0, 1) picks (the outcomes in
    /// `chance_outcomes` order, each taking its probability's share; rounding left over: the
    /// last) and returns it: what a Python loop over `chance_outcomes` picks for the same `u`,
    /// without building the list (the learning envs' chance nodes).
    fn apply_chance_at(&mut self, u: f64) -> PyResult<Action> {
        guard(|| crate::envs::apply_chance_at(&mut self.inner, u).map_err(to_py))
    }

    fn action_to_string(&self, action: Action) -> PyResult<String> {
        guard(|| Ok(on_state!(&self.inner, s => s.action_to_string(action))))
    }

    fn string_to_action(&self, label: &str) -> PyResult<Action> {
        guard(|| on_state!(&self.inner, s => s.string_to_action(label)).map_err(to_py))
    }

    // The contract's per-seat figures, not a game's own per-car ones of the same name.
    fn returns(&self) -> Vec<f64> {
        on_state!(&self.inner, s => State::returns(s))
    }

    fn ranking(&self) -> Vec<u32> {
        on_state!(&self.inner, s => State::ranking(s))
    }

    fn history(&self) -> Vec<Action> {
        on_state!(&self.inner, s => s.history().to_vec())
    }

    /// Who took each action of `history()` from `start` on: a seat, or `CHANCE` (-1).
    #[pyo3(signature = (start=0))]
    fn actors(&mut self, start: usize) -> PyResult<Vec<i32>> {
        if self.actors.len() != on_state!(&self.inner, s => s.history().len()) {
            self.actors = guard(|| self.replayed_actors().map_err(to_py))?;
        }
        Ok(self.actors.get(start..).unwrap_or_default().to_vec())
    }

    /// What `player` may see (None: a spectator), as plain Python data.
    #[pyo3(signature = (player=None))]
    fn view(&self, py: Python<'_>, player: Option<usize>) -> PyResult<Py<PyAny>> {
        if let Some(p) = player {
            self.check_player(p)?;
        }
        let v = guard(|| Ok(on_state!(&self.inner, s => s.view(player))))?;
        to_python(py, &v)
    }

    /// The count of rounds or turns the game's view shows (None for a game that counts none),
    /// without a whole view: the page plays the rest of a round out to warn of its end, and a
    /// view per step was most of that time (docs/web.md, "Under load").
    fn round(&self) -> Option<u32> {
        self.inner.round()
    }

    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_player(player)?;
        let out = guard(|| {
            Ok(on_state!(&self.inner, s => {
                let mut out = vec![0f32; s.game().observation_len()];
                s.observation_tensor(player, &mut out);
                out
            }))
        })?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// What `player` knows, its own past included (OpenSpiel's `information_state_tensor`):
    /// float32, `Game.information_state_shape`; raises for a game that has none.
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_player(player)?;
        let game = self.inner.game();
        let Some(len) = game.information_state_len() else {
            return Err(to_py(crate::game::no_information_state(game.id())));
        };
        let out = guard(|| {
            let mut out = vec![0f32; len];
            on_state!(&self.inner, s => s.information_state_tensor(player, &mut out));
            Ok(out)
        })?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// The event log, each event a dict; `player` hides what that seat may not see. `since`:
    /// only the events from that index on (a page that keeps what it read converts only the
    /// new ones; past the end, none).
    #[pyo3(signature = (player=None, since=0))]
    fn log(&self, py: Python<'_>, player: Option<usize>, since: usize) -> PyResult<Py<PyAny>> {
        if let Some(p) = player {
            self.check_player(p)?;
        }
        let events = guard(|| Ok(on_state!(&self.inner, s => s.events_since(player, since))))?;
        to_python(py, &serde_json::Value::from(events))
    }

    /// Where the seat to act can end its move: each distinct outcome with the decisions leading
    /// there and their costs, as the game describes them (empty for a game without a board).
    fn plan_moves(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let plans = guard(|| Ok(on_state!(&self.inner, s => s.move_plans())))?;
        to_python(py, &serde_json::Value::from(plans))
    }

    /// What each legal action of `seat` means: one dict per legal id (`action`, `label`, `kind`,
    /// the card and side it names, `leads_to`, `costs`, `risks`), keys per game in
    /// docs/rules/<game>.md. An empty list when `seat` is not to act; raises for a seat not in
    /// the game, and for a game that does not describe its moves yet.
    fn moves(&self, py: Python<'_>, seat: usize) -> PyResult<Py<PyAny>> {
        self.check_player(seat)?;
        let moves = guard(|| on_state!(&self.inner, s => s.moves(seat)).map_err(to_py))?;
        to_python(py, &serde_json::Value::from(moves))
    }

    fn serialize(&self) -> PyResult<String> {
        guard(|| Ok(on_state!(&self.inner, s => s.serialize())))
    }

    /// The whole position as JSON (every hand and pile, the cars, the phase), named as people
    /// read it: `Game.state_from` builds it again (docs/positions.md).
    fn position(&self) -> PyResult<String> {
        guard(|| {
            let v = on_state!(&self.inner, s => State::position(s)).map_err(to_py)?;
            Ok(v.to_string())
        })
    }

    fn clone(&self) -> Self {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Self {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        Clone::clone(self)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyState>>()
            .is_ok_and(|o| o.inner == self.inner)
    }

    fn __repr__(&self) -> String {
        on_state!(&self.inner, s => format!(
            "<State {} player={} actions={}>",
            s.game().id(),
            s.current_player().to_i32(),
            s.history().len()
        ))
    }
}

/// The action a built-in bot takes for the seat to act: "random", a level "easy", "medium"
/// ("heuristic", "greedy" are its old names), "hard", or "mcts", "mcts:<iterations>" (a
/// determinized Monte Carlo search); every one sees only what the seat may see.
#[pyfunction]
pub(crate) fn bot_action(
    py: Python<'_>,
    state: &PyState,
    bot: &str,
    seed: u64,
) -> PyResult<Action> {
    // The bot decides without the interpreter's lock (a hard bot takes milliseconds): the web
    // server's other requests run meanwhile instead of waiting for each decision (issue 37).
    py.detach(|| {
        guard(|| {
            let legal = on_state!(&state.inner, s => s.legal_actions());
            match on_state!(&state.inner, s => s.current_player()) {
                Player::Seat(_) => {}
                _ => {
                    return Err(to_py(Error::illegal(
                        "bots act only when a seat is to move",
                    )))
                }
            };
            let policy = Policy::parse(bot).map_err(|_| {
                to_py(Error::options(
                    "bot",
                    format!(
                        "unknown bot {bot:?}; known: {}",
                        autodromo_core::sim::policy::KNOWN
                    ),
                ))
            })?;
            let mut rng = SplitMix64::new(seed);
            let pick = on_state!(&state.inner, s => policy.act(s, &legal, &mut rng));
            pick.ok_or_else(|| to_py(Error::illegal("no legal action")))
        })
    })
}

/// The generic random-simulation harness on one game; returns (actions, chance outcomes).
#[pyfunction]
#[pyo3(signature = (game, seed, max_steps=1_000_000, roundtrip_every=1))]
pub(crate) fn random_sim(
    py: Python<'_>,
    game: &PyGame,
    seed: u64,
    max_steps: usize,
    roundtrip_every: usize,
) -> PyResult<(u64, u64)> {
    let g = game.inner.clone();
    let result = py.detach(move || {
        std::panic::catch_unwind(move || g.random_sim(seed, max_steps, roundtrip_every))
    });
    match result {
        Ok(Ok(stats)) => Ok((stats.actions, stats.chance)),
        Ok(Err(msg)) => Err(autodromo_error(format!("harness: {msg}"))),
        Err(_) => guard(|| -> PyResult<(u64, u64)> { panic!("the harness panicked") }),
    }
}
