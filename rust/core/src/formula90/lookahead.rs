//! The `hard` bot's look-ahead: at the decisions that shape a race (the cards played, a pit, a
//! late brake, a duel, the strategy and tyres), the best few moves by the rated heuristic are
//! each tried in games played out from the seat's own view.
//!
//! The seat sees only its view: every play-out starts from a determinization (the other hands,
//! sealed cards and the decks dealt again from what the seat has not seen). All candidate moves
//! share each determinization and each play-out's generator (common random numbers), so they
//! are compared on the same luck. The generator is seeded from what the seat sees, so a race is
//! the same for the same seed and actions.
use alloc::vec::Vec;

use super::bots::{rated, Level};
use super::state::{F90State, Phase};
use crate::game::{Action, Player, State};
use crate::rng::SplitMix64;
use crate::sim::Sim;

/// Game turns each play-out runs past the current one before it is scored.
const HORIZON: u8 = 3;

/// How many moves are tried, and how many play-outs each, for a decision.
fn budget(phase: Phase) -> Option<(usize, usize)> {
    match phase {
        Phase::Play { .. } => Some((5, 10)),
        Phase::SafetyCarPit { .. } => Some((3, 12)),
        Phase::Declare { .. }
        | Phase::LateBrake { .. }
        | Phase::Challenge { .. }
        | Phase::Join { .. }
        | Phase::DuelCards { .. } => Some((3, 12)),
        _ => None,
    }
}

/// The look-ahead's choice, or `None` where the rated heuristic decides alone.
pub fn choose(s: &F90State, car: u8, legal: &[Action], ranked: &[(i32, Action)]) -> Option<Action> {
    let (width, playouts) = budget(s.phase)?;
    if ranked.len() < 2 {
        return None;
    }
    let seat = usize::from(car);
    let candidates: Vec<Action> = ranked.iter().take(width).map(|&(_, a)| a).collect();
    let mut seed = rng_seed(s, car, legal);
    let mut totals = alloc::vec![0i64; candidates.len()];
    let mut buf = Vec::new();
    for k in 0..playouts {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut deal = SplitMix64::for_index(seed, k as u64);
        let world = s.scratch().determinize(seat, &mut deal);
        let luck = deal.next_u64();
        for (i, &a) in candidates.iter().enumerate() {
            let mut w = world.scratch();
            if w.apply_unrecorded(a).is_err() {
                totals[i] = i64::MIN / 2;
                continue;
            }
            let mut rng = SplitMix64::new(luck);
            totals[i] += i64::from(play_out(w, car, &mut rng, &mut buf));
        }
    }
    // Ties keep the heuristic's order.
    let mut best = 0;
    for i in 1..candidates.len() {
        if totals[i] > totals[best] {
            best = i;
        }
    }
    Some(candidates[best])
}

/// Plays the race on to the horizon: this car by the rated `hard` heuristic, the other seats
/// by `medium`; the score of where it stands then.
fn play_out(mut w: F90State, car: u8, rng: &mut SplitMix64, buf: &mut Vec<Action>) -> i32 {
    let stop = w.turn.saturating_add(HORIZON);
    let mut steps = 0u32;
    loop {
        if w.turn > stop || steps > 4000 {
            break;
        }
        steps += 1;
        let a = match w.current_player() {
            Player::Terminal => break,
            Player::Chance => match w.sample_chance(rng) {
                Some(a) => a,
                None => break,
            },
            Player::Seat(seat) => {
                w.legal_actions_into(buf);
                let level = if seat == car {
                    Level::Hard
                } else {
                    Level::Medium
                };
                match rated(&w.seat_view(Some(usize::from(seat))), buf, level) {
                    Some(a) => a,
                    None => break,
                }
            }
        };
        if w.apply_unrecorded(a).is_err() {
            break;
        }
    }
    score(&w, car)
}

/// Where the car stands: its place first, then how far along the race it is, then what it has
/// left to race with (a car about to retire or out of cards has little).
fn score(w: &F90State, car: u8) -> i32 {
    let places = w.places();
    let me = w.car(car);
    if me.retired() {
        return -100_000 - 1000 * places[usize::from(car)] as i32;
    }
    let len = i32::from(w.race.track().len() as u8);
    let along = i32::from(me.lap) * len + i32::from(me.section);
    let mut v = -1000 * places[usize::from(car)] as i32 + 20 * along;
    if !w.is_over() {
        v += 6 * i32::from(me.free_slots().min(3)) + 3 * (me.hand.len() as i32).min(6);
        v += 3 * i32::from(me.tyres.min(4));
    }
    v
}

/// A seed from what the seat sees: the turn, every car's place, its own hand and the choices.
fn rng_seed(s: &F90State, car: u8, legal: &[Action]) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    let mut mix = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    };
    mix(u64::from(s.turn));
    mix(u64::from(car));
    for c in 0..s.n() as u8 {
        let k = s.car(c);
        mix(u64::from(k.section) | (k.lap as u64) << 8);
    }
    for id in s.car(car).hand.iter() {
        mix(u64::from(id));
    }
    for &a in legal {
        mix(u64::from(a));
    }
    h
}
