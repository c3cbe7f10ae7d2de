//! The batch runner: whole races on a thread pool, each seeded from `(seed, index)` alone, so
//! the results are the same for any number of threads.
use alloc::string::String;
use alloc::vec::Vec;

use rayon::prelude::*;

use super::{Policy, RaceStats, Sim};
use crate::game::{Action, Game, Player, State};
use crate::rng::SplitMix64;

/// Steps after which a race counts as stuck (no game of ours comes near it).
pub const MAX_STEPS: usize = 5_000_000;

/// The generator of race `index`'s chance outcomes, and the one of its bots' choices: two
/// streams, so adding a bot decision never shifts the cards or dice.
pub fn race_rngs(seed: u64, index: u64) -> (SplitMix64, SplitMix64) {
    (
        SplitMix64::for_index(seed, index),
        SplitMix64::for_index(seed ^ 0xA076_1D64_78BD_642F, index),
    )
}

/// How a message names race `index`: counted from 1 for a person, with the index that plays it
/// again (the `index` here, `start` in the binding's `simulate_chunk`) and is its row in the
/// results.
pub fn race_name(index: u64) -> String {
    alloc::format!(
        "race {} (index {index} to re-run it)",
        u128::from(index) + 1
    )
}

/// Plays race `index` to the end with one policy per seat. Every bot move is checked against
/// the legal list before it is applied: a bot bug is an error naming the race, never a wrong
/// result.
pub fn play_one<G: Game>(
    game: &G,
    seed: u64,
    index: u64,
    policies: &[Policy],
) -> Result<RaceStats, String>
where
    G::State: Sim,
{
    let (mut chance, mut bots) = race_rngs(seed, index);
    let mut s = game.new_initial_state();
    let mut legal: Vec<Action> = Vec::new();
    for actions in 0..MAX_STEPS as u32 {
        let a = match s.current_player() {
            Player::Terminal => {
                let mut st = s.stats();
                st.actions = actions;
                return Ok(st);
            }
            Player::Chance => s.sample_chance(&mut chance),
            Player::Seat(seat) => {
                s.legal_actions_into(&mut legal);
                let p = policies
                    .get(usize::from(seat))
                    // Seats count from 1 in every message a person reads.
                    .ok_or_else(|| {
                        alloc::format!(
                            "{}: no policy for seat {}: {} given",
                            race_name(index),
                            u16::from(seat) + 1,
                            policies.len()
                        )
                    })?;
                let a = p.act(&s, &legal, &mut bots);
                if let Some(a) = a {
                    if legal.binary_search(&a).is_err() {
                        return Err(alloc::format!(
                            "{}: policy {p:?} chose illegal action {a} ({})",
                            race_name(index),
                            s.action_to_string(a)
                        ));
                    }
                }
                a
            }
        };
        let a =
            a.ok_or_else(|| alloc::format!("{}: no action at a live state", race_name(index)))?;
        s.apply_fast(a)
            .map_err(|e| alloc::format!("{}: {e}", race_name(index)))?;
    }
    Err(alloc::format!(
        "{}: not over after {MAX_STEPS} steps",
        race_name(index)
    ))
}

/// The cores this process may use: more threads than these only cost memory.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Races `indices` on `threads` threads (None: all cores; a count past the cores is capped to
/// them, the results being the same for any count); results in index order.
pub fn run<G>(
    game: &G,
    seed: u64,
    indices: core::ops::Range<u64>,
    policies: &[Policy],
    threads: Option<usize>,
) -> Result<Vec<RaceStats>, String>
where
    G: Game + Sync,
    G::State: Sim,
{
    let work = || {
        indices
            .clone()
            .into_par_iter()
            .map(|i| play_one(game, seed, i, policies))
            .collect::<Result<Vec<_>, _>>()
    };
    if threads == Some(1) {
        return indices.map(|i| play_one(game, seed, i, policies)).collect();
    }
    match pool_for(threads)? {
        Some(p) => p.install(work),
        None => work(),
    }
}

/// The pool a run on `threads` threads uses: None for rayon's global pool (one thread a core,
/// reused by every run), which also serves any count at or past the cores; a pool of its own
/// only for fewer threads than cores. So the threads left after a run are the global pool's
/// and at most one smaller pool's, whatever counts were asked for.
pub fn pool_for(
    threads: Option<usize>,
) -> Result<Option<std::sync::Arc<rayon::ThreadPool>>, String> {
    match threads {
        Some(n) if n < cores() => pool(n).map(Some),
        _ => {
            release_pool();
            Ok(None)
        }
    }
}

/// Frees the kept pool (its threads end once its last user lets go).
fn release_pool() {
    if let Ok(mut last) = LAST_POOL.lock() {
        *last = None;
    }
}

type KeptPool = Option<(usize, std::sync::Arc<rayon::ThreadPool>)>;
static LAST_POOL: std::sync::Mutex<KeptPool> = std::sync::Mutex::new(None);

/// The pool for `n` threads. The last one built is kept for the next call with the same count
/// (a chunked run asks for it every quarter of a second); asking for another count replaces it,
/// and the old pool's threads end once its last user lets go. So a program that tries many
/// thread counts holds one pool, not one per count.
pub fn pool(n: usize) -> Result<std::sync::Arc<rayon::ThreadPool>, String> {
    use std::sync::Arc;
    let mut last = LAST_POOL
        .lock()
        .map_err(|_| String::from("thread pool registry poisoned"))?;
    if let Some((count, p)) = last.as_ref() {
        if *count == n {
            return Ok(p.clone());
        }
    }
    // Free the old pool before building the new one: never both counts' threads at once.
    *last = None;
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| alloc::format!("thread pool: {e}"))?,
    );
    *last = Some((n, p.clone()));
    Ok(p)
}
