//! The generic random-simulation harness (OpenSpiel's RandomSimTest), run on every game from
//! `cargo test` and from pytest: at every step it checks the contract, and it never panics.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::game::{Action, Game, Player, State};
use crate::rng::SplitMix64;

/// What one simulated game did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SimStats {
    pub actions: u64,
    pub chance: u64,
}

/// Plays one game with uniform random players and chance sampled from its probabilities,
/// checking at every step: clone equality, serialize round-trip, mask == legal list, labels unique
/// and round-tripping, chance probabilities summing to 1, returns in range at the end.
/// `invariant` is the game's own check, run on every state.
pub fn random_sim<G: Game>(
    game: &G,
    seed: u64,
    max_steps: usize,
    deserialize: impl Fn(&str) -> Result<G::State, crate::Error>,
    invariant: impl Fn(&G::State) -> Result<(), String>,
) -> Result<SimStats, String> {
    random_sim_every(game, seed, max_steps, 1, deserialize, invariant)
}

/// `random_sim`, checking the serialize round trip (which replays the whole history, so costs
/// O(steps)) only every `roundtrip_every` steps and at the end; every other check runs at every
/// step. For long runs of long games.
pub fn random_sim_every<G: Game>(
    game: &G,
    seed: u64,
    max_steps: usize,
    roundtrip_every: usize,
    deserialize: impl Fn(&str) -> Result<G::State, crate::Error>,
    invariant: impl Fn(&G::State) -> Result<(), String>,
) -> Result<SimStats, String> {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.new_initial_state();
    let mut stats = SimStats::default();
    let mut legal: Vec<Action> = Vec::new();
    let n = game.num_distinct_actions();
    for step in 0..max_steps {
        let at = |msg: String| format!("seed {seed}, step {step}: {msg}");
        invariant(&state).map_err(at)?;
        let copy = state.clone();
        if copy != state {
            return Err(at("a clone differs from its original".into()));
        }
        if step % roundtrip_every.max(1) == 0 || state.is_terminal() {
            let text = state.serialize();
            let back =
                deserialize(&text).map_err(|e| at(format!("serialize round-trip failed: {e}")))?;
            if back != state {
                return Err(at("deserialize(serialize(s)) != s".into()));
            }
        }
        state.legal_actions_into(&mut legal);
        if legal.windows(2).any(|w| w[0] >= w[1]) {
            return Err(at("legal actions not sorted and unique".into()));
        }
        if legal.iter().any(|&a| a as usize >= n) {
            return Err(at("a legal action is outside num_distinct_actions".into()));
        }
        let mut labels: Vec<String> = Vec::with_capacity(legal.len());
        for &a in &legal {
            let label = state.action_to_string(a);
            if state.string_to_action(&label) != Ok(a) {
                return Err(at(format!("label {label:?} does not round-trip to {a}")));
            }
            labels.push(label);
        }
        labels.sort();
        labels.dedup();
        if labels.len() != legal.len() {
            return Err(at("two legal actions share a label".into()));
        }
        match state.current_player() {
            Player::Terminal => {
                if !legal.is_empty() {
                    return Err(at("a terminal state has legal actions".into()));
                }
                let r = state.returns();
                if r.len() != game.num_players() || r.iter().any(|x| !(0.0..=1.0).contains(x)) {
                    return Err(at(format!("returns out of range: {r:?}")));
                }
                return Ok(stats);
            }
            Player::Chance => {
                let outcomes = state.chance_outcomes();
                let ids: Vec<Action> = outcomes.iter().map(|o| o.0).collect();
                if ids != legal {
                    return Err(at("chance outcomes differ from the legal list".into()));
                }
                let total: f64 = outcomes.iter().map(|o| o.1).sum();
                if (total - 1.0).abs() > 1e-9 {
                    return Err(at(format!("chance probabilities sum to {total}")));
                }
                let a = state
                    .sample_chance(&mut rng)
                    .ok_or_else(|| at("no chance sample".into()))?;
                state
                    .apply_action(a)
                    .map_err(|e| at(format!("sampled outcome refused: {e}")))?;
                stats.chance += 1;
            }
            Player::Seat(_) => {
                if legal.is_empty() {
                    return Err(at("a player to move has no legal action".into()));
                }
                // Every illegal id is refused and changes nothing.
                let probe = rng.below(n as u32);
                if legal.binary_search(&probe).is_err() {
                    let before = state.clone();
                    if state.apply_action(probe).is_ok() {
                        return Err(at(format!("illegal action {probe} was accepted")));
                    }
                    if state != before {
                        return Err(at("a refused action changed the state".into()));
                    }
                }
                let a = legal[rng.below(legal.len() as u32) as usize];
                state
                    .apply_action(a)
                    .map_err(|e| at(format!("legal action refused: {e}")))?;
            }
        }
        stats.actions += 1;
    }
    Err(format!("seed {seed}: no end after {max_steps} steps"))
}

/// Plays one game with uniform random players and sampled chance and, at every `every`-th state
/// up to `states` of them, tries every action id and the first `past_end` ids past the last: a
/// legal id is accepted (by a copy), any other is refused, `reason` accepts the refusal's error,
/// and the state compares equal before and after (`apply_action` is all-or-nothing). Returns how
/// many refusals were checked.
pub fn every_refusal_changes_nothing<G: Game>(
    game: &G,
    seed: u64,
    every: usize,
    states: usize,
    reason: impl Fn(&G::State, Action, &crate::Error) -> Result<(), String>,
) -> Result<u64, String> {
    let mut rng = SplitMix64::new(seed);
    let mut state = game.new_initial_state();
    let n = game.num_distinct_actions() as Action;
    let mut refused = 0u64;
    let mut checked = 0usize;
    let mut legal: Vec<Action> = Vec::new();
    for step in 0.. {
        if state.is_terminal() || checked >= states {
            return Ok(refused);
        }
        state.legal_actions_into(&mut legal);
        if step % every.max(1) == 0 {
            checked += 1;
            for a in (0..n).chain([n, n + 1, u32::MAX]) {
                let mut copy = state.clone();
                let result = copy.apply_action(a);
                let at = |msg: String| format!("seed {seed}, step {step}, action {a}: {msg}");
                match (legal.binary_search(&a).is_ok(), result) {
                    (true, Ok(())) => {}
                    (true, Err(e)) => return Err(at(format!("a legal action was refused: {e}"))),
                    (false, Ok(())) => return Err(at("an illegal action was accepted".into())),
                    (false, Err(e)) => {
                        if copy != state {
                            return Err(at(format!("refused ({e}) but the state changed")));
                        }
                        reason(&state, a, &e).map_err(at)?;
                        refused += 1;
                    }
                }
            }
        }
        let a = if state.is_chance_node() {
            state
                .sample_chance(&mut rng)
                .ok_or_else(|| format!("seed {seed}, step {step}: no chance sample"))?
        } else {
            legal[rng.below(legal.len() as u32) as usize]
        };
        state
            .apply_action(a)
            .map_err(|e| format!("seed {seed}, step {step}: legal action refused: {e}"))?;
    }
    Ok(refused)
}
