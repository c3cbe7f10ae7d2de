//! Determinized Monte Carlo search over the game contract, using public information only.
//!
//! Each iteration draws a determinization of the root from the searching seat's view (the
//! hidden cards dealt again from what the seat has not seen), then plays every legal move in it
//! and rolls the game out with the game's heuristic (a tenth of the moves random) to the
//! game's horizon (the end of a hand of a card game, the end of a race). All the moves of one
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
/// What a time budget keeps in hand after the last rollout, in microseconds.
#[cfg(feature = "std")]
const MARGIN_US: u128 = 2_000;
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
    // Totals of complete iterations only: every move is compared over the same luck.
    let mut total = alloc::vec![0.0f64; legal.len()];
    let mut partial = alloc::vec![0.0f64; legal.len()];
    let mut buf = Vec::new();
    let deadline = Deadline::new(budget);
    let mut done = 0u32;
    'search: while !deadline.reached(done) {
        let d = root.determinize(seat, rng);
        let luck = rng.next_u64();
        for (i, &a) in legal.iter().enumerate() {
            // A time budget is checked before every rollout, so a decision ends within one
            // rollout of it even when an iteration (one rollout per move) would not.
            if i > 0 && deadline.out_of_time(done) {
                break 'search;
            }
            let mut s = d.clone();
            partial[i] = if s.apply_fast(a).is_err() {
                0.0
            } else {
                let v = rollout(&mut s, &d, &mut buf, &mut SplitMix64::new(luck));
                v.get(seat).copied().unwrap_or(0.5)
            };
        }
        for (t, p) in total.iter_mut().zip(&partial) {
            *t += p;
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
            _ => self.out_of_time(done),
        }
    }

    /// A time budget spent (never before the first iteration is complete; never for an
    /// iteration budget). The search stops this much short of the budget, for the choice and
    /// the way back to the caller.
    fn out_of_time(&self, done: u32) -> bool {
        match self.budget {
            Budget::Iterations(_) => false,
            #[cfg(feature = "std")]
            Budget::Millis(ms) => {
                done > 0 && self.start.elapsed().as_micros() + MARGIN_US >= u128::from(ms) * 1000
            }
            #[cfg(not(feature = "std"))]
            Budget::Millis(_) => done > 0,
        }
    }
}
