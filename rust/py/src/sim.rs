//! Batch simulation from Python: whole races in Rust with the GIL released, results as NumPy
//! columns; Python policies are asked once per step for every race waiting on them.
use autodromo_core::game::{Action, Game, Player, State};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::{runner, Policy, RaceStats, Sim};
use autodromo_core::{on_game, Error};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use std::sync::Arc;

use crate::game::PyGame;
use crate::{guard, to_py};

/// One policy per seat: a built-in bot, or `None` for a seat played from Python.
fn parse_policies(specs: &[Option<String>]) -> PyResult<Vec<Option<Policy>>> {
    specs
        .iter()
        .map(|s| s.as_deref().map(Policy::parse).transpose().map_err(to_py))
        .collect()
}

fn rust_only(p: &[Option<Policy>]) -> Option<Vec<Policy>> {
    p.iter().copied().collect()
}

/// Races `start..start + count` with built-in bots on every seat; NumPy columns in race order.
#[pyfunction]
#[pyo3(signature = (game, seed, start, count, policies, threads=None))]
pub(crate) fn simulate_chunk<'py>(
    py: Python<'py>,
    game: &PyGame,
    seed: u64,
    start: u64,
    count: u64,
    policies: Vec<Option<String>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let policies = rust_only(&parse_policies(&policies)?).ok_or_else(|| {
        to_py(Error::options(
            "policies",
            "simulate_chunk takes built-in bots only",
        ))
    })?;
    let g = game.inner.clone();
    let end = start
        .checked_add(count)
        .ok_or_else(|| to_py(Error::options("count", "too large")))?;
    let stats = py.detach(move || {
        // One dispatch per chunk: each game's races run its own monomorphized loop.
        std::panic::catch_unwind(
            move || on_game!(&g, g => run(g, seed, start..end, &policies, threads)),
        )
    });
    let stats = stats
        .map_err(|_| crate::autodromo_error("a panic in the batch runner".into()))?
        .map_err(crate::autodromo_error)?;
    columns(py, &stats)
}

fn run<G: Game + Sync>(
    g: &G,
    seed: u64,
    r: core::ops::Range<u64>,
    p: &[Policy],
    threads: Option<usize>,
) -> Result<Vec<RaceStats>, String>
where
    G::State: Sim,
{
    if p.len() != g.num_players() {
        return Err(format!(
            "{} policies for {} seats",
            p.len(),
            g.num_players()
        ));
    }
    runner::run(g, seed, r, p, threads)
}

/// The runner's statistics as NumPy columns: per race, per seat (`[n, seats]`), per car
/// (`[n, cars]`).
fn columns<'py>(py: Python<'py>, stats: &[RaceStats]) -> PyResult<Bound<'py, PyDict>> {
    let n = stats.len();
    let seats = stats.first().map_or(0, |s| s.ranking.len());
    let cars = stats.first().map_or(0, |s| s.cars.len());
    let d = PyDict::new(py);
    let per_race = |f: &dyn Fn(&RaceStats) -> u32| stats.iter().map(f).collect::<Vec<u32>>();
    let winner: Vec<i8> = stats
        .iter()
        .map(|s| {
            s.ranking
                .iter()
                .position(|&r| r == 0)
                .map_or(-1, |w| w as i8)
        })
        .collect();
    // The car placed first, whoever drives it (a robot car has no seat: `winner` is -1 then).
    let winner_car: Vec<i8> = stats
        .iter()
        .map(|s| {
            s.cars
                .iter()
                .position(|c| c.place == 0)
                .map_or(-1, |w| w as i8)
        })
        .collect();
    let mut ranking = Vec::with_capacity(n * seats);
    let mut order = Vec::with_capacity(n * seats);
    let mut extra = Vec::with_capacity(n * seats);
    for s in stats {
        ranking.extend(s.ranking.iter().map(|&r| r as i8));
        let mut o: Vec<usize> = (0..s.ranking.len()).collect();
        o.sort_by_key(|&i| (s.ranking[i], i));
        order.extend(o.into_iter().map(|i| i as i8));
        extra.extend(s.seat_extra.iter().copied());
    }
    let car = |f: &dyn Fn(&autodromo_core::sim::CarStats) -> f32| {
        stats
            .iter()
            .flat_map(|s| s.cars.iter().map(f))
            .collect::<Vec<f32>>()
    };
    let shape2 = |w: usize| [n, w];
    d.set_item("winner", PyArray1::from_vec(py, winner))?;
    d.set_item("winner_car", PyArray1::from_vec(py, winner_car))?;
    d.set_item(
        "ranking",
        PyArray1::from_vec(py, ranking).reshape(shape2(seats))?,
    )?;
    d.set_item(
        "order",
        PyArray1::from_vec(py, order).reshape(shape2(seats))?,
    )?;
    d.set_item("length", PyArray1::from_vec(py, per_race(&|s| s.length)))?;
    d.set_item("actions", PyArray1::from_vec(py, per_race(&|s| s.actions)))?;
    d.set_item(
        "seat_extra",
        PyArray1::from_vec(py, extra).reshape(shape2(seats))?,
    )?;
    let car_seat: Vec<i8> = stats
        .iter()
        .flat_map(|s| s.cars.iter().map(|c| c.seat))
        .collect();
    let crashes: Vec<u16> = stats
        .iter()
        .flat_map(|s| s.cars.iter().map(|c| c.crashes))
        .collect();
    let retired: Vec<bool> = stats
        .iter()
        .flat_map(|s| s.cars.iter().map(|c| c.retired))
        .collect();
    d.set_item(
        "car_seat",
        PyArray1::from_vec(py, car_seat).reshape(shape2(cars))?,
    )?;
    d.set_item(
        "time",
        PyArray1::from_vec(py, car(&|c| c.time)).reshape(shape2(cars))?,
    )?;
    d.set_item(
        "wear",
        PyArray1::from_vec(py, car(&|c| c.wear)).reshape(shape2(cars))?,
    )?;
    d.set_item(
        "crashes",
        PyArray1::from_vec(py, crashes).reshape(shape2(cars))?,
    )?;
    let place: Vec<i8> = stats
        .iter()
        .flat_map(|s| s.cars.iter().map(|c| c.place as i8))
        .collect();
    d.set_item(
        "place",
        PyArray1::from_vec(py, place).reshape(shape2(cars))?,
    )?;
    d.set_item(
        "retired",
        PyArray1::from_vec(py, retired).reshape(shape2(cars))?,
    )?;
    stage_columns(py, &d, stats)?;
    Ok(d)
}

/// Per-car columns of a race run over stages (a route): `racing_time` and `penalty` (seconds),
/// and `points` when the game ranks the route on a points table. Every race of a batch shares its options,
/// so the first one tells which columns there are.
fn stage_columns(py: Python<'_>, d: &Bound<'_, PyDict>, stats: &[RaceStats]) -> PyResult<()> {
    let Some(first) = stats.first().filter(|s| !s.stage.is_empty()) else {
        return Ok(());
    };
    let shape = [stats.len(), first.stage.len()];
    let col = |f: &dyn Fn(&autodromo_core::sim::StageCarStats) -> f32| {
        stats
            .iter()
            .flat_map(|s| s.stage.iter().map(f))
            .collect::<Vec<f32>>()
    };
    d.set_item(
        "racing_time",
        PyArray1::from_vec(py, col(&|c| c.racing_time)).reshape(shape)?,
    )?;
    d.set_item(
        "penalty",
        PyArray1::from_vec(py, col(&|c| c.penalty)).reshape(shape)?,
    )?;
    if !first.stage[0].points.is_nan() {
        d.set_item(
            "points",
            PyArray1::from_vec(py, col(&|c| c.points)).reshape(shape)?,
        )?;
    }
    Ok(())
}

/// One race of a batch with Python seats.
#[derive(Debug, Clone)]
struct Slot<S> {
    index: u64,
    state: S,
    chance: SplitMix64,
    bots: SplitMix64,
    actions: u32,
    legal: Vec<Action>,
}

#[derive(Debug)]
struct Batch<G: Game> {
    game: G,
    seed: u64,
    policies: Vec<Option<Policy>>,
    next: u64,
    end: u64,
    window: usize,
    slots: Vec<Slot<G::State>>,
    done: Vec<(u64, RaceStats)>,
}

impl<G: Game + Sync> Batch<G>
where
    G::State: Sim,
{
    fn refill(&mut self) {
        while self.slots.len() < self.window && self.next < self.end {
            let (chance, bots) = runner::race_rngs(self.seed, self.next);
            self.slots.push(Slot {
                index: self.next,
                state: self.game.new_initial_state(),
                chance,
                bots,
                actions: 0,
                legal: Vec::new(),
            });
            self.next += 1;
        }
    }

    /// Plays chance and built-in seats in every race until each waits on a Python seat or is
    /// over; finished races leave their slot for the next race.
    fn advance(&mut self) -> Result<(), String> {
        loop {
            self.refill();
            let policies = &self.policies;
            self.slots
                .par_iter_mut()
                .map(|slot| advance_one(slot, policies))
                .collect::<Result<Vec<()>, String>>()?;
            let before = self.slots.len();
            let mut keep = Vec::with_capacity(before);
            for slot in self.slots.drain(..) {
                if slot.state.is_terminal() {
                    let mut st = slot.state.stats();
                    st.actions = slot.actions;
                    self.done.push((slot.index, st));
                } else {
                    keep.push(slot);
                }
            }
            self.slots = keep;
            // Stop when every live race waits on Python, or nothing is left to start.
            if self.slots.len() == before || self.next >= self.end {
                return Ok(());
            }
        }
    }
}

fn advance_one<S: Sim>(slot: &mut Slot<S>, policies: &[Option<Policy>]) -> Result<(), String> {
    for _ in 0..runner::MAX_STEPS {
        let a = match slot.state.current_player() {
            Player::Terminal => return Ok(()),
            Player::Chance => slot.state.sample_chance(&mut slot.chance),
            Player::Seat(seat) => match policies.get(usize::from(seat)).copied().flatten() {
                None => {
                    slot.state.legal_actions_into(&mut slot.legal);
                    return Ok(());
                }
                Some(p) => {
                    slot.state.legal_actions_into(&mut slot.legal);
                    p.act(&slot.state, &slot.legal, &mut slot.bots)
                }
            },
        };
        let a = a.ok_or_else(|| {
            format!(
                "{}: no action at a live state",
                runner::race_name(slot.index)
            )
        })?;
        slot.state
            .apply_fast(a)
            .map_err(|e| format!("{}: {e}", runner::race_name(slot.index)))?;
        slot.actions += 1;
    }
    Err(format!(
        "{}: not over after {} steps",
        runner::race_name(slot.index),
        runner::MAX_STEPS
    ))
}

type Pending<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray1<u64>>,
);

/// A batch of any game's races: one virtual call per Python call, each game's own code inside.
trait AnyBatch: Send + Sync + std::fmt::Debug {
    fn advance(&mut self) -> Result<(), String>;
    fn is_pending(&self) -> bool;
    fn pending<'py>(&self, py: Python<'py>) -> PyResult<Pending<'py>>;
    fn apply(&mut self, actions: &[i64]) -> PyResult<()>;
    fn take_results<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyArray1<u64>>, Bound<'py, PyDict>)>;
}

impl<G: Game + Send + Sync + std::fmt::Debug> AnyBatch for Batch<G>
where
    G::State: Sim,
{
    fn advance(&mut self) -> Result<(), String> {
        Batch::advance(self)
    }

    fn is_pending(&self) -> bool {
        !self.slots.is_empty()
    }

    fn pending<'py>(&self, py: Python<'py>) -> PyResult<Pending<'py>> {
        let len = self.game.observation_len();
        let actions = self.game.num_distinct_actions();
        let n = self.slots.len();
        let mut obs = vec![0f32; n * len];
        let mut mask = vec![false; n * actions];
        let mut seats = Vec::with_capacity(n);
        let mut races = Vec::with_capacity(n);
        for (i, slot) in self.slots.iter().enumerate() {
            let Player::Seat(seat) = slot.state.current_player() else {
                return Err(crate::autodromo_error(
                    "a race is not waiting on a seat".into(),
                ));
            };
            slot.state
                .observation_tensor(usize::from(seat), &mut obs[i * len..(i + 1) * len]);
            for &a in &slot.legal {
                mask[i * actions + a as usize] = true;
            }
            seats.push(i32::from(seat));
            races.push(slot.index);
        }
        Ok((
            PyArray1::from_vec(py, obs).reshape([n, len])?.into_any(),
            PyArray1::from_vec(py, mask)
                .reshape([n, actions])?
                .into_any(),
            PyArray1::from_vec(py, seats),
            PyArray1::from_vec(py, races),
        ))
    }

    fn apply(&mut self, actions: &[i64]) -> PyResult<()> {
        if actions.len() != self.slots.len() {
            return Err(to_py(Error::options(
                "actions",
                format!(
                    "{} actions for {} pending decisions",
                    actions.len(),
                    self.slots.len()
                ),
            )));
        }
        for (slot, &a) in self.slots.iter().zip(actions) {
            let ok = u32::try_from(a).is_ok_and(|a| slot.legal.binary_search(&a).is_ok());
            if !ok {
                let why = u32::try_from(a)
                    .ok()
                    .and_then(|x| slot.state.why_not(x))
                    .unwrap_or_else(|| format!("id {a} is not an action of this game"));
                return Err(to_py(Error::illegal(format!(
                    "{}: action {a} is not legal: {why}",
                    runner::race_name(slot.index)
                ))));
            }
        }
        for (slot, &a) in self.slots.iter_mut().zip(actions) {
            slot.state.apply_fast(a as u32).map_err(to_py)?;
            slot.actions += 1;
        }
        Ok(())
    }

    fn take_results<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyArray1<u64>>, Bound<'py, PyDict>)> {
        let mut done = std::mem::take(&mut self.done);
        done.sort_by_key(|d| d.0);
        let index: Vec<u64> = done.iter().map(|d| d.0).collect();
        let stats: Vec<RaceStats> = done.into_iter().map(|d| d.1).collect();
        Ok((PyArray1::from_vec(py, index), columns(py, &stats)?))
    }
}

/// Races `start..start + count` where some seats are played from Python: `advance()` runs every
/// race up to its next Python decision, `pending()` gives those decisions stacked, `apply()`
/// takes one action per pending decision.
#[pyclass(module = "autodromo._core", name = "SimBatch")]
#[derive(Debug)]
pub(crate) struct PySimBatch {
    inner: Box<dyn AnyBatch>,
    /// Held for the batch's life, so another count asked for meanwhile cannot free it.
    pool: Option<Arc<rayon::ThreadPool>>,
}

#[pymethods]
impl PySimBatch {
    #[new]
    #[pyo3(signature = (game, seed, start, count, policies, window=1024, threads=None))]
    fn new(
        game: &PyGame,
        seed: u64,
        start: u64,
        count: u64,
        policies: Vec<Option<String>>,
        window: usize,
        threads: Option<usize>,
    ) -> PyResult<Self> {
        guard(|| {
            let p = parse_policies(&policies)?;
            let players = game.inner.num_players();
            if p.len() != players {
                return Err(to_py(Error::options(
                    "policies",
                    format!("{} policies for {players} seats", p.len()),
                )));
            }
            let end = start
                .checked_add(count)
                .ok_or_else(|| to_py(Error::options("count", "too large")))?;
            // `Clone::clone`: some games are `Copy`, and the one expression serves them all.
            let inner: Box<dyn AnyBatch> = on_game!(&game.inner, g => Box::new(Batch {
                game: Clone::clone(g),
                seed,
                policies: p,
                next: start,
                end,
                window: window.max(1),
                slots: Vec::new(),
                done: Vec::new(),
            }));
            let pool = runner::pool_for(threads).map_err(crate::autodromo_error)?;
            Ok(PySimBatch { inner, pool })
        })
    }

    /// Runs every race to its next Python decision (GIL released); True while any is pending.
    fn advance(&mut self, py: Python<'_>) -> PyResult<bool> {
        let pool = self.pool.clone();
        let inner = &mut self.inner;
        let result = py.detach(|| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut work = || inner.advance();
                match pool {
                    Some(p) => p.install(work),
                    None => work(),
                }
            }))
        });
        result
            .map_err(|_| crate::autodromo_error("a panic in the batch runner".into()))?
            .map_err(crate::autodromo_error)?;
        Ok(self.inner.is_pending())
    }

    /// The pending decisions: (observations [B, L] float32, legal masks [B, A] bool, seats [B],
    /// race indices [B]).
    fn pending<'py>(&self, py: Python<'py>) -> PyResult<Pending<'py>> {
        guard(|| self.inner.pending(py))
    }

    /// One action per pending decision, in `pending()` order. All are checked before any is
    /// applied: an illegal one raises naming the race and changes nothing.
    fn apply(&mut self, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice()?.to_vec();
        guard(|| self.inner.apply(&actions))
    }

    /// Races finished so far, as columns in race order; they leave the batch.
    fn take_results<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyArray1<u64>>, Bound<'py, PyDict>)> {
        self.inner.take_results(py)
    }
}

/// The reason an action is illegal, for error messages.
trait WhyNot {
    fn why_not(&self, a: Action) -> Option<String>;
}

impl<S: State> WhyNot for S {
    fn why_not(&self, a: Action) -> Option<String> {
        let mut s = self.clone();
        s.apply_action(a).err().map(|e| e.to_string())
    }
}
