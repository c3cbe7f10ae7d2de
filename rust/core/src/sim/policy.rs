//! The built-in players by name: `random`, the three levels `easy`, `medium`, `hard` (each
//! game's own; `heuristic` and `greedy` are old names of `medium`), and `mcts`.
use alloc::format;

use super::mcts::{self, Budget};
use super::Sim;
use crate::error::Error;
use crate::game::Action;
use crate::rng::SplitMix64;

/// How strong a game's own bot plays. Every level sees only what its seat may see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Policy {
    Random,
    Bot(Level),
    Mcts(Budget),
}

pub const KNOWN: &str =
    "random, easy, medium, hard, heuristic (= medium), greedy (= medium), mcts, mcts:<iterations>, mcts:<ms>ms";

impl Policy {
    /// `random`, `easy`, `medium` (`heuristic`, `greedy`), `hard`, `mcts` (600 iterations),
    /// `mcts:1000` (iterations) or, with `std`, `mcts:50ms` (a time budget: stronger on a fast
    /// machine, so no longer reproducible).
    pub fn parse(name: &str) -> Result<Policy, Error> {
        let bad = || Error::options("policy", format!("unknown policy {name:?}; known: {KNOWN}"));
        match name {
            "random" => Ok(Policy::Random),
            "easy" => Ok(Policy::Bot(Level::Easy)),
            "medium" | "heuristic" | "greedy" => Ok(Policy::Bot(Level::Medium)),
            "hard" => Ok(Policy::Bot(Level::Hard)),
            "mcts" => Ok(Policy::Mcts(Budget::Iterations(mcts::DEFAULT_ITERATIONS))),
            _ => {
                let arg = name.strip_prefix("mcts:").ok_or_else(bad)?;
                if let Some(ms) = arg.strip_suffix("ms") {
                    let ms: u32 = ms.parse().map_err(|_| bad())?;
                    if ms == 0 || !cfg!(feature = "std") {
                        return Err(bad());
                    }
                    Ok(Policy::Mcts(Budget::Millis(ms)))
                } else {
                    let n: u32 = arg.parse().map_err(|_| bad())?;
                    if n == 0 {
                        return Err(bad());
                    }
                    Ok(Policy::Mcts(Budget::Iterations(n)))
                }
            }
        }
    }

    /// The action for the seat to move, one of `legal` (the caller's list of the state's legal
    /// actions); `None` only when `legal` is empty.
    pub fn act<S: Sim>(&self, s: &S, legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
        if legal.is_empty() {
            return None;
        }
        match self {
            Policy::Random => Some(legal[rng.below(legal.len() as u32) as usize]),
            Policy::Bot(level) => s.bot(*level, legal, rng),
            Policy::Mcts(budget) => mcts::search(s, legal, *budget, rng),
        }
    }
}

/// The legal action a rule of thumb rates highest, ties broken at random: the easy bots of the
/// card games. One draw from `rng` when there is a choice to make, as each bot always drew.
pub(crate) fn best_rated<M>(
    legal: &[crate::game::Action],
    decode: impl Fn(crate::game::Action) -> Option<M>,
    rate: impl Fn(M) -> i32,
    rng: &mut crate::rng::SplitMix64,
) -> Option<crate::game::Action> {
    let scored: alloc::vec::Vec<(i32, crate::game::Action)> = legal
        .iter()
        .filter_map(|&a| decode(a).map(|m| (rate(m), a)))
        .collect();
    let top = scored.iter().map(|x| x.0).max()?;
    let best: alloc::vec::Vec<crate::game::Action> =
        scored.iter().filter(|x| x.0 == top).map(|x| x.1).collect();
    Some(best[rng.below(best.len() as u32) as usize])
}
