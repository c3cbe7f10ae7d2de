//! A lookahead on top of `hard`: at the start of an activation (the pace decision) it plays
//! each of `hard`'s best pace choices forward past the end of the activation, every car by its
//! own driver (`hard` for driven cars, the book's rules for Neutral Cars), the chance nodes
//! (the Neutral Cars' die, Damage and Event cards, the weather) sampled from what the seat may
//! see (`chance_outcomes`: dice, and the decks' remaining counts, never their order), and values
//! where the car stands `rounds` round ends later by the pace table. Every choice is played
//! with the same samples (common random numbers), and the number of rollouts is counted, not
//! timed, so a race replays identically on any machine and thread count.
use alloc::vec::Vec;

use super::hard::{self, AHEAD, DAMAGE};
use super::pace::{ROUND, STUCK};
use super::prices::wear;
use crate::game::{Action, State};
use crate::legend::car::{Car, Status};
use crate::legend::state::{LegendState, Phase};
use crate::rng::SplitMix64;

/// How far and how widely the lookahead plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lookahead {
    /// Round ends played past the decision (1: to the end of this round).
    pub rounds: u16,
    /// Rollouts per candidate (0: plain `hard`).
    pub samples: u32,
    /// Candidates kept: `hard`'s values within this many thousandths of a round of its best.
    pub margin: i64,
    /// At most this many candidates (the best by `hard`'s value).
    pub top: usize,
    /// Thousandths of a round per row of the leading Neutral Car's progress at the horizon
    /// (0: the car's own pace alone): a race is won against the best of them, and a choice
    /// that leaves one blocked behind the driven cars is worth its rows.
    pub rival: i64,
}

/// Where `car` stands at the end of a rollout, in thousandths of a round from the decision's
/// round (lower is better): the finish round and the distance past the line for a car that
/// finished, the rounds played plus the pace table's rounds to go for one still racing.
fn value(n: &LegendState, root: &LegendState, car: usize, start: &Car, rival: i64) -> i64 {
    let c = &n.cars[car];
    if c.status == Status::Retired {
        return i64::from(STUCK) * 2;
    }
    let played = i64::from(n.round.saturating_sub(root.round)) * i64::from(ROUND);
    let base = if let Some((round, _, _)) = c.finish {
        let past = (c.progress - root.race.race_length()).clamp(0, 20);
        i64::from(round.saturating_sub(root.round)) * i64::from(ROUND) + 10 * i64::from(20 - past)
    } else {
        // A new round has begun (or the horizon came mid-round): `ended` as `hard` reads it.
        let ended = n.round != root.round;
        let to_go = i64::from(hard::rounds_to_go(n, car, ended));
        played.saturating_sub(if ended { i64::from(ROUND) } else { 0 }) + to_go
    };
    base + wear(n, start, c) + i64::from(c.damage_due) * i64::from(DAMAGE)
        - AHEAD * i64::from(c.progress)
        + rival * rival_rows(n, root)
}

/// Rows the leading Neutral Car gained since the decision.
fn rival_rows(n: &LegendState, root: &LegendState) -> i64 {
    let lead = |s: &LegendState| {
        s.cars
            .iter()
            .filter(|c| c.neutral)
            .map(|c| c.progress.min(s.race.race_length() + 20))
            .max()
            .unwrap_or(0)
    };
    i64::from(lead(n) - lead(root))
}

/// Plays `first` and then every car by its driver until `rounds` round ends have passed.
fn rollout(
    s: &LegendState,
    car: usize,
    first: Action,
    la: &Lookahead,
    rng: &mut SplitMix64,
) -> i64 {
    let mut n = s.clone();
    n.history.clear();
    let start = n.cars[car];
    if n.apply_unrecorded(first).is_err() {
        return i64::from(STUCK) * 4;
    }
    let end = s.round.saturating_add(la.rounds);
    // A guard against a position that never reaches the horizon.
    for _ in 0..4000 {
        if n.round >= end || matches!(n.phase, Phase::Over) {
            break;
        }
        let a = if n.phase.is_chance() {
            n.sample_chance(rng)
        } else {
            hard::action(&n)
        };
        let Some(a) = a else { break };
        if n.apply_unrecorded(a).is_err() {
            break;
        }
    }
    value(&n, s, car, &start, la.rival)
}

/// A seed from the public position: the same decision gets the same samples.
fn seed(s: &LegendState, car: usize) -> u64 {
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15 ^ (u64::from(s.round) << 8) ^ car as u64;
    for c in &s.cars {
        h = (h ^ (c.progress as u64 & 0xFFFF)).wrapping_mul(0x100_0000_01B3);
        h = (h ^ u64::from(c.speed)).wrapping_mul(0x100_0000_01B3);
    }
    h
}

/// `hard`'s choice, with the pace decision of a Track race chosen by rollouts.
pub fn action(s: &LegendState, la: &Lookahead) -> Option<Action> {
    let car = match s.phase {
        Phase::Pace { car } if la.samples > 0 && !s.race.is_stage_race() => usize::from(car),
        _ => return hard::action(s),
    };
    let mut vals = hard::values(s, car);
    vals.sort_by_key(|&(a, v)| (v, a));
    let Some(&(_, best)) = vals.first() else {
        return hard::action(s);
    };
    let cands: Vec<Action> = vals
        .iter()
        .filter(|&&(_, v)| v <= best.saturating_add(la.margin))
        .take(la.top.max(1))
        .map(|&(a, _)| a)
        .collect();
    if cands.len() < 2 {
        return cands.first().copied();
    }
    let base = seed(s, car);
    let mut choice: Option<(i64, Action)> = None;
    for &a in &cands {
        let mut total = 0i64;
        for k in 0..la.samples {
            let mut rng = SplitMix64::for_index(base, u64::from(k));
            total += rollout(s, car, a, la, &mut rng);
        }
        // Ties keep `hard`'s order (the candidates come best first).
        if choice.is_none_or(|(bv, _)| total < bv) {
            choice = Some((total, a));
        }
    }
    choice.map(|(_, a)| a)
}
