//! Mille Bornes for the bots and the batch runner: determinization, the hand as a search
//! horizon, per-game statistics.
use alloc::vec::Vec;

use super::bots;
use super::cards::{self, NUM_KINDS};
use super::state::Phase;
use super::MbState;
use crate::error::Error;
use crate::game::{Action, Player, State};
use crate::rng::SplitMix64;
use crate::sim::mcts::{self, Budget};
use crate::sim::{rank_values, CarStats, Level, RaceStats, Sim};

/// Points that separate a won hand from a lost one in a search's value (a hand is worth up to
/// about 2,000 points with every bonus).
const HAND_SCALE: f64 = 2000.0;

impl Sim for MbState {
    /// The other hands and the draw pile hold, together, every card `seat` has not seen; they are
    /// dealt again from that pool in the same sizes.
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Self {
        let mut out = self.clone();
        let c = &mut out.core;
        let players = c.players();
        let mut pool = c.deck;
        for q in (0..players).filter(|&q| q != seat) {
            for (p, h) in pool.iter_mut().zip(c.hands[q]) {
                *p += h;
            }
        }
        // Cards in a fixed order, shuffled: the result depends on the pool, never on who held what.
        let mut flat: Vec<u8> = Vec::with_capacity(cards::total(&pool) as usize);
        for (k, &n) in pool.iter().enumerate() {
            flat.extend(core::iter::repeat_n(k as u8, usize::from(n)));
        }
        for i in (1..flat.len()).rev() {
            flat.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let mut next = flat.into_iter();
        for q in (0..players).filter(|&q| q != seat) {
            let size = cards::total(&c.hands[q]);
            c.hands[q] = [0; NUM_KINDS];
            for k in next.by_ref().take(size as usize) {
                c.hands[q][usize::from(k)] += 1;
            }
        }
        c.deck = [0; NUM_KINDS];
        for k in next {
            c.deck[usize::from(k)] += 1;
        }
        out
    }

    fn apply_fast(&mut self, action: Action) -> Result<(), Error> {
        self.apply_unrecorded(action)
    }

    fn heuristic(&self, legal: &[Action]) -> Option<Action> {
        let Player::Seat(seat) = self.current_player() else {
            return None;
        };
        bots::heuristic_action(&self.seat_view(Some(usize::from(seat))), legal)
    }

    /// `easy`: a beginner's rules; `medium`: the rule of thumb; `hard`: the determinized search
    /// (600 rollouts of `medium`, each to the end of the hand).
    fn bot(&self, level: Level, legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
        let Player::Seat(seat) = self.current_player() else {
            return None;
        };
        match level {
            Level::Easy => bots::easy_action(&self.seat_view(Some(usize::from(seat))), legal, rng),
            Level::Medium => self.heuristic(legal),
            Level::Hard => mcts::search(
                self,
                legal,
                Budget::Iterations(mcts::DEFAULT_ITERATIONS),
                rng,
            ),
        }
    }

    /// A search looks no further than the end of the hand it starts in: the lead in points then.
    fn horizon(&self, start: &Self) -> Option<Vec<f64>> {
        let c = &self.core;
        if c.phase == Phase::GameOver {
            return Some(rank_values(&c.ranking()));
        }
        if c.hand_number == start.core.hand_number {
            return None;
        }
        let players = c.players();
        Some(
            (0..players)
                .map(|p| {
                    let gain = |q: usize| {
                        f64::from(c.totals[c.side_of(q)] - start.core.totals[start.core.side_of(q)])
                    };
                    let best_other = (0..players)
                        .filter(|&q| c.side_of(q) != c.side_of(p))
                        .map(gain)
                        .fold(f64::NEG_INFINITY, f64::max);
                    let lead = if best_other.is_finite() {
                        gain(p) - best_other
                    } else {
                        0.0
                    };
                    (0.5 + lead / (2.0 * HAND_SCALE)).clamp(0.0, 1.0)
                })
                .collect(),
        )
    }

    /// One "car" per seat; a game's length is its hands, a seat's extra its side's points.
    fn stats(&self) -> RaceStats {
        let c = &self.core;
        let players = c.players();
        let ranking = c.ranking();
        RaceStats {
            ranking: ranking.clone(),
            length: u32::from(c.hand_number),
            actions: self.history().len() as u32,
            cars: (0..players)
                .map(|p| CarStats {
                    seat: p as i8,
                    time: f32::NAN,
                    wear: 0.0,
                    crashes: 0,
                    retired: false,
                    place: ranking[p],
                })
                .collect(),
            seat_extra: (0..players)
                .map(|p| c.totals[c.side_of(p)] as f32)
                .collect(),
            stage: Vec::new(),
        }
    }
}
