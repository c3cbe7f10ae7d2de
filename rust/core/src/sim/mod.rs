//! Whole-race simulation: per-race statistics, the search contract the bots need, the built-in
//! policies (random, heuristic, mcts) and, with `std`, the multi-threaded batch runner.
//!
//! Every race is seeded from `(seed, index)` alone, so a batch gives the same results whatever
//! the number of threads or the machines it is spread over.
pub mod mcts;
pub mod memo;
pub mod policy;
#[cfg(feature = "std")]
pub mod runner;
pub mod stats;

use alloc::vec::Vec;

use crate::error::Error;
use crate::game::{Action, State};
use crate::rng::SplitMix64;
pub use policy::{Level, Policy};
pub use stats::{CarStats, RaceStats, StageCarStats};

/// What a game gives the bots and the batch runner beyond the game contract.
pub trait Sim: State + Send + Sync {
    /// A state `seat` cannot tell apart from this one: everything hidden from it (other hands,
    /// sealed bids) redrawn with `rng` from what it may see. The result depends only on
    /// `view(seat)` and `rng`, which is how a search is kept to public information.
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Self;
    /// `apply_action` without recording history: for rollouts and the runner's inner loop.
    fn apply_fast(&mut self, action: Action) -> Result<(), Error>;
    /// The game's own rule-of-thumb player for the seat to move (the `medium` level, and the
    /// searches' rollout policy); it reads only that seat's view.
    fn heuristic(&self, legal: &[Action]) -> Option<Action>;
    /// The game's own bot at `level` for the seat to move, one of `legal`; it reads only what
    /// that seat may see (a determinization of the state gives the same choice).
    fn bot(&self, level: Level, legal: &[Action], rng: &mut SplitMix64) -> Option<Action>;
    /// Per-seat value in [0, 1] where a rollout begun at `start` may stop; `None` to go on.
    /// Terminal states are valued from the ranking; a game may stop earlier (at the end of a hand).
    fn horizon(&self, start: &Self) -> Option<Vec<f64>> {
        let _ = start;
        self.is_terminal().then(|| rank_values(&self.ranking()))
    }
    /// What the race did, for the batch runner's columns.
    fn stats(&self) -> RaceStats;
}

/// Ranks (0 = first, ties shared) as values in [0, 1]: first 1, last 0.
pub fn rank_values(rank: &[u32]) -> Vec<f64> {
    let n = rank.len();
    if n < 2 {
        return alloc::vec![1.0; n];
    }
    rank.iter()
        .map(|&r| (n - 1).saturating_sub(r as usize) as f64 / (n - 1) as f64)
        .collect()
}
