//! `autodromo._core`: the Python face of the Rust core. All PyO3 code lives in this crate; every
//! entry point runs inside `guard`, so a Rust panic becomes `AutodromoError`, never an abort.
mod car_auction;
mod envs;
mod errors;
mod game;
mod pyvalue;
mod sim;
mod state;
mod wire;

use pyo3::prelude::*;

pub(crate) use errors::{autodromo_error, guard, to_py};

/// Games this build knows, by id.
#[pyfunction]
fn games() -> Vec<&'static str> {
    autodromo_core::registry::GAME_IDS.to_vec()
}

/// Panics inside Rust on purpose, so tests can prove a panic surfaces as `AutodromoError`.
#[pyfunction]
fn _panic_for_test() -> PyResult<()> {
    guard(|| -> PyResult<()> { panic!("deliberate panic for the boundary test") })
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::PyGame>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<car_auction::PyCarAuction>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::bot_action, m)?)?;
    m.add_function(wrap_pyfunction!(state::random_sim, m)?)?;
    m.add_function(wrap_pyfunction!(envs::env_advance, m)?)?;
    m.add_function(wrap_pyfunction!(envs::env_first_illegal, m)?)?;
    m.add_function(wrap_pyfunction!(envs::env_play, m)?)?;
    m.add_function(wrap_pyfunction!(envs::env_observe, m)?)?;
    m.add_function(wrap_pyfunction!(sim::simulate_chunk, m)?)?;
    m.add_class::<sim::PySimBatch>()?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    wire::register(m)?;
    m.add("CHANCE", autodromo_core::Player::CHANCE)?;
    m.add("TERMINAL", autodromo_core::Player::TERMINAL)?;
    Ok(())
}
