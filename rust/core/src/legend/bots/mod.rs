//! Legend's drivers for human seats, by level: `easy` and `medium` drive by rules of thumb
//! (`rules.rs`), `hard` plans each activation against a pace table of the rest of the race
//! (`hard.rs`, `pace.rs`, `prices.rs`). Everything in a Track race is public, so they read the
//! state; what a driver may not see in a Stage race (markers at night, in fog) they do not use.
//! `lookahead.rs` is an experiment on top of `hard` (rollouts of its pace choices), measured in
//! docs/simulation.md and not one of the levels.
pub mod hard;
pub mod lookahead;
pub mod pace;
pub mod prices;
pub mod rules;

use crate::game::Action;
use crate::rng::SplitMix64;
use crate::sim::Level;

use super::state::LegendState;

/// The choice of the driver of `level` for the seat to act (None at chance nodes, at the end).
pub fn action(s: &LegendState, level: Level, rng: &mut SplitMix64) -> Option<Action> {
    match level {
        Level::Easy => rules::action(s, rules::EASY, rng),
        Level::Medium => greedy_action(s),
        Level::Hard => hard::action(s),
    }
}

/// The `medium` driver (`greedy` and `heuristic` are its old names); it draws nothing at random.
pub fn greedy_action(s: &LegendState) -> Option<Action> {
    rules::action(s, rules::MEDIUM, &mut SplitMix64::new(0))
}
