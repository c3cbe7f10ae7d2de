//! Determinized Monte Carlo search over the game contract, using public information only.
//!
//! Each iteration draws a determinization of the root from the searching seat's view (the
//! hidden cards dealt again from what the seat has not seen), then plays every legal move in it
//! and rolls the game out with the game's heuristic (a tenth of the moves random) to the
//! game's horizon (the end of a Mille Bornes hand, the end of a race). All the moves of one
//! iteration share the determinization and the rollout's generator (common random numbers), so
//! they are compared on the same luck. It is a search one decision deep: the tree variants we
//! tried (single-observer ISMCTS with UCB over both seats, or over the searching seat only)
//! lost to the heuristic at equal budgets, because the spread of card luck in a hand swamps the
//! small differences between moves unless the luck is shared.
use alloc::vec::Vec;

use super::Sim;
use crate::game::{Action, Player};
use crate::rng::SplitMix64;

/// Rollouts per decision (spread over the legal moves).
pub const DEFAULT_ITERATIONS: u32 = 600;
/// Rollouts follow the game's heuristic, with this share of random moves for variety.
const ROLLOUT_RANDOM: f64 = 0.1;
/// A rollout that reaches neither its horizon nor the end in this many steps is valued as a draw.
const ROLLOUT_LIMIT: usize = 20_000;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    Iterations(u32),
    /// Wall-clock milliseconds per decision (std only).
    Millis(u32),
}

/// The chosen action for the seat to move in `root`, one of `legal`.
pub fn search<S: Sim>(
    root: &S,
    legal: &[Action],
    budget: Budget,
    rng: &mut SplitMix64,
) -> Option<Action> {
    let Player::Seat(seat) = root.current_player() else {
        return legal.first().copied();
    };
    if legal.len() < 2 {
        return legal.first().copied();
    }
    let seat = usize::from(seat);
    let mut total = alloc::vec![0.0f64; legal.len()];
    let mut buf = Vec::new();
    let deadline = Deadline::new(budget);
    let mut done = 0u32;
    while !deadline.reached(done) {
        let d = root.determinize(seat, rng);
        let luck = rng.next_u64();
        for (i, &a) in legal.iter().enumerate() {
            let mut s = d.clone();
            if s.apply_fast(a).is_err() {
                continue;
            }
            let v = rollout(&mut s, &d, &mut buf, &mut SplitMix64::new(luck));
            total[i] += v.get(seat).copied().unwrap_or(0.5);
        }
        done += legal.len() as u32;
    }
    // The best total; the lowest id among equals.
    let best = (0..legal.len()).max_by(|&x, &y| total[x].total_cmp(&total[y]).then(y.cmp(&x)))?;
    Some(legal[best])
}

fn rollout<S: Sim>(
    s: &mut S,
    start: &S,
    legal: &mut Vec<Action>,
    rng: &mut SplitMix64,
) -> Vec<f64> {
    for _ in 0..ROLLOUT_LIMIT {
        if let Some(v) = s.horizon(start) {
            return v;
        }
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(rng),
            Player::Seat(_) => {
                s.legal_actions_into(legal);
                if legal.is_empty() {
                    None
                } else if rng.unit() < ROLLOUT_RANDOM {
                    Some(legal[rng.below(legal.len() as u32) as usize])
                } else {
                    s.heuristic(legal)
                }
            }
            Player::Terminal => None,
        };
        match a {
            Some(a) if s.apply_fast(a).is_ok() => {}
            _ => break,
        }
    }
    s.horizon(start)
        .unwrap_or_else(|| alloc::vec![0.5; s.ranking().len()])
}

struct Deadline {
    budget: Budget,
    #[cfg(feature = "std")]
    start: std::time::Instant,
}

impl Deadline {
    fn new(budget: Budget) -> Self {
        Deadline {
            budget,
            #[cfg(feature = "std")]
            start: std::time::Instant::now(),
        }
    }

    fn reached(&self, done: u32) -> bool {
        match self.budget {
            Budget::Iterations(n) => done >= n,
            #[cfg(feature = "std")]
            Budget::Millis(ms) => done > 0 && self.start.elapsed().as_millis() >= u128::from(ms),
            #[cfg(not(feature = "std"))]
            Budget::Millis(_) => done > 0,
        }
    }
}
