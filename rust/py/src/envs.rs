//! The learning envs' inner loop in Rust (`autodromo.envs`): chance and the bots' seats played
//! up to the agent's next decision, and a batch's observations and masks written into NumPy
//! arrays, so a step crosses into Python once per env rather than once per chance draw, bot
//! move and query (issue 35: the widest game's vector env was slower per step than its single env).
//!
//! Randomness stays the env's `numpy.random.Generator`: one 64-bit draw of its bit generator
//! (`random_raw`) where the Python loop drew one, turned into a number as NumPy does
//! (`random()`: the top 53 bits; `integers(2**63)`: NumPy's Lemire reduction, which for a power
//! of two is the draw shifted right by one). The same seed gives the same games as the Python
//! loop did.

use autodromo_core::registry::AnyState;
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Policy;
use autodromo_core::{on_state, Action, Error, Game, Player, State};
use numpy::{PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use crate::state::PyState;
use crate::{guard, to_py};

/// A `numpy.random.Generator`'s bit generator, drawn from 64 bits at a time.
struct Draws<'py> {
    random_raw: Bound<'py, PyAny>,
}

impl<'py> Draws<'py> {
    fn of(rng: &Bound<'py, PyAny>) -> PyResult<Self> {
        let random_raw = rng.getattr("bit_generator")?.getattr("random_raw")?;
        Ok(Draws { random_raw })
    }

    fn next_u64(&mut self) -> Result<u64, Error> {
        self.random_raw
            .call0()
            .and_then(|v| v.extract::<u64>())
            .map_err(|e| Error::illegal(format!("the env's random generator failed: {e}")))
    }

    /// `Generator.random()`.
    fn uniform(&mut self) -> Result<f64, Error> {
        Ok((self.next_u64()? >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0))
    }

    /// `Generator.integers(2**63)`, the bots' seeds.
    fn bot_seed(&mut self) -> Result<u64, Error> {
        Ok(self.next_u64()? >> 1)
    }
}

/// Applies the chance outcome a uniform draw `u` picks: the outcomes in `chance_outcomes` order,
/// each taking its probability's share, rounding left over giving the last.
pub(crate) fn apply_chance_at(state: &mut AnyState, u: f64) -> Result<Action, Error> {
    let outcomes = on_state!(&*state, s => s.chance_outcomes());
    let Some(&(last, _)) = outcomes.last() else {
        return Err(Error::illegal("not a chance node"));
    };
    let mut left = u;
    let pick = outcomes
        .iter()
        .find(|&&(_, p)| {
            left -= p;
            left < 0.0
        })
        .map_or(last, |&(a, _)| a);
    state.apply_whole(pick)?;
    Ok(pick)
}

fn policy(bot: Option<&str>) -> PyResult<Option<Policy>> {
    bot.map(|b| {
        Policy::parse(b).map_err(|_| {
            to_py(Error::options(
                "bot",
                format!(
                    "unknown bot {b:?}; known: {}",
                    autodromo_core::sim::policy::KNOWN
                ),
            ))
        })
    })
    .transpose()
}

/// Plays chance and every seat outside `stop` (by `bot`) until a seat in `stop` acts or the game
/// ends; returns the seat that must act with no bot to play it, if one does.
fn advance(
    state: &mut AnyState,
    draws: &mut Draws<'_>,
    stop: &[usize],
    bot: Option<&Policy>,
) -> Result<Option<usize>, Error> {
    let mut legal = Vec::new();
    loop {
        match on_state!(&*state, s => s.current_player()) {
            Player::Terminal => return Ok(None),
            Player::Chance => {
                apply_chance_at(state, draws.uniform()?)?;
            }
            Player::Seat(p) => {
                let p = usize::from(p);
                if stop.contains(&p) {
                    return Ok(None);
                }
                let Some(policy) = bot else {
                    return Ok(Some(p));
                };
                let mut rng = SplitMix64::new(draws.bot_seed()?);
                on_state!(&*state, s => s.legal_actions_into(&mut legal));
                let pick = on_state!(&*state, s => policy.act(s, &legal, &mut rng))
                    .ok_or_else(|| Error::illegal("no legal action"))?;
                state.apply_whole(pick)?;
            }
        }
    }
}

/// Plays chance with `rng` (a `numpy.random.Generator`) and every seat outside `stop` by `bot`
/// until a seat in `stop` acts or the game ends, drawing as `autodromo.envs._play` did in Python.
/// Returns the seat that acts when it has no bot (`bot=None`), else None.
#[pyfunction]
#[pyo3(signature = (state, rng, stop, bot))]
pub(crate) fn env_advance(
    state: &mut PyState,
    rng: &Bound<'_, PyAny>,
    stop: Vec<usize>,
    bot: Option<&str>,
) -> PyResult<Option<usize>> {
    let policy = policy(bot)?;
    let mut draws = Draws::of(rng)?;
    guard(|| advance(&mut state.inner, &mut draws, &stop, policy.as_ref()).map_err(to_py))
}

/// The index of the first env in `play` whose action is not legal now (or out of range, or whose
/// game is over), or None: the batch is checked whole before any env changes.
#[pyfunction]
pub(crate) fn env_first_illegal(
    states: Vec<PyRef<'_, PyState>>,
    actions: Vec<i64>,
    play: Vec<bool>,
) -> PyResult<Option<usize>> {
    guard(|| {
        let mut legal = Vec::new();
        for (i, s) in states.iter().enumerate() {
            if !play.get(i).copied().unwrap_or(false) {
                continue;
            }
            let ok = actions.get(i).is_some_and(|&a| {
                on_state!(&s.inner, st => st.legal_actions_into(&mut legal));
                Action::try_from(a).is_ok_and(|a| legal.binary_search(&a).is_ok())
            });
            if !ok {
                return Ok(Some(i));
            }
        }
        Ok(None)
    })
}

/// Applies `actions[i]` to every env `i` in `play` (each checked by `env_first_illegal`), then
/// plays chance with `rngs[i]` and the other seats by `bot` up to `seat`'s next decision.
/// Returns, per env, whether its game is over.
#[pyfunction]
pub(crate) fn env_play(
    mut states: Vec<PyRefMut<'_, PyState>>,
    rngs: Vec<Bound<'_, PyAny>>,
    actions: Vec<i64>,
    play: Vec<bool>,
    seat: usize,
    bot: &str,
) -> PyResult<Vec<bool>> {
    let policy = policy(Some(bot))?;
    let n = states.len();
    if rngs.len() != n || actions.len() != n || play.len() != n {
        return Err(to_py(Error::options(
            "env_play",
            "one state, generator, action and flag per env",
        )));
    }
    let mut over = vec![false; n];
    for (i, s) in states.iter_mut().enumerate() {
        if play[i] {
            let action = Action::try_from(actions[i])
                .map_err(|_| to_py(Error::illegal("an action id is not negative")))?;
            let mut draws = Draws::of(&rngs[i])?;
            guard(|| {
                s.inner.apply_whole(action).map_err(to_py)?;
                advance(&mut s.inner, &mut draws, &[seat], policy.as_ref()).map_err(to_py)
            })?;
        }
        over[i] = on_state!(&s.inner, st => st.is_terminal());
    }
    Ok(over)
}

/// Writes every env's observation for `seat` (its information-state tensor with
/// `information_state`) into the rows of `obs` (float32 `[n, L]`) and sets its legal ids in the
/// rows of `masks` (bool `[n, A]`, all False when given).
#[pyfunction]
#[pyo3(signature = (states, seat, obs, masks, information_state=false))]
pub(crate) fn env_observe(
    states: Vec<PyRef<'_, PyState>>,
    seat: usize,
    obs: &Bound<'_, PyArray2<f32>>,
    masks: &Bound<'_, PyArray2<bool>>,
    information_state: bool,
) -> PyResult<()> {
    let mut obs = obs.readwrite();
    let mut masks = masks.readwrite();
    let (o, m) = (obs.as_array_mut(), masks.as_array_mut());
    if o.nrows() != states.len() || m.nrows() != states.len() {
        return Err(to_py(Error::options("env_observe", "one row per env")));
    }
    guard(|| {
        let mut o = o;
        let mut m = m;
        let mut legal = Vec::new();
        for (i, s) in states.iter().enumerate() {
            let game = s.inner.game();
            let len = if information_state {
                game.information_state_len()
                    .ok_or_else(|| to_py(crate::game::no_information_state(game.id())))?
            } else {
                game.observation_len()
            };
            if seat >= game.num_players()
                || o.ncols() != len
                || m.ncols() != game.num_distinct_actions()
            {
                return Err(to_py(Error::options(
                    "env_observe",
                    "rows as wide as the game's observation and actions, a seat of the game",
                )));
            }
            let write = |out: &mut [f32]| {
                if information_state {
                    on_state!(&s.inner, st => st.information_state_tensor(seat, out))
                } else {
                    on_state!(&s.inner, st => st.observation_tensor(seat, out))
                }
            };
            let mut row = o.row_mut(i);
            match row.as_slice_mut() {
                Some(out) => write(out),
                None => {
                    let mut out = vec![0f32; len];
                    write(&mut out);
                    row.iter_mut().zip(out).for_each(|(r, v)| *r = v);
                }
            }
            on_state!(&s.inner, st => st.legal_actions_into(&mut legal));
            let mut mrow = m.row_mut(i);
            for &a in &legal {
                mrow[a as usize] = true;
            }
        }
        Ok(())
    })
}
