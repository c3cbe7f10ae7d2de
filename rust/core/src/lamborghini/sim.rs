//! Lamborghini for the bots and the batch runner: determinization of the other seats' cards
//! and sealed bids, per-game statistics.
use alloc::vec::Vec;

use super::actions;
use super::bots;
use super::state::{LamboState, Phase};
use crate::error::Error;
use crate::game::{Action, Player, State};
use crate::rng::SplitMix64;
use crate::sim::mcts::{self, Budget};
use crate::sim::{rank_values, CarStats, Level, RaceStats, Sim};

/// Rollouts per `hard` decision: 200 beat `medium` in 156 of 200 races where 100 won 144
/// (docs/simulation.md), within the decision-time budget.
const HARD_ROLLOUTS: u32 = 200;
/// A `hard` rollout looks this many game turns of the race ahead (from the start of the race
/// when it begins before it), then values the seats by the lead of their best car: played to
/// the end of the race, a decision took a second and more.
const HORIZON_TURNS: u16 = 3;
/// Squares of lead worth the whole value range, either way.
const LEAD_SCALE: f64 = 20.0;

impl Sim for LamboState {
    /// The other seats' cards and the Speed deck are dealt again, in the same sizes, from the
    /// pool they form together (in a race, every card the seat has not seen); other seats'
    /// sealed bids are drawn again from what each could bid.
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Self {
        let mut out = self.clone();
        let owner = |c: usize| usize::from(out.def.opts.owner(c));
        let others: Vec<usize> = (0..out.hands.len()).filter(|&q| q != seat).collect();
        let other_cars: Vec<usize> = (0..out.murcs.len()).filter(|&c| owner(c) != seat).collect();
        let mut pool: Vec<u16> = out.speed_deck.clone();
        for &q in &others {
            pool.extend_from_slice(&out.hands[q].cards);
        }
        for &c in &other_cars {
            pool.extend_from_slice(&out.murcs[c].hand);
        }
        pool.sort_unstable();
        for i in (1..pool.len()).rev() {
            pool.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let mut next = pool.into_iter();
        for &q in &others {
            let n = out.hands[q].cards.len();
            out.hands[q].cards = next.by_ref().take(n).collect();
        }
        for &c in &other_cars {
            let n = out.murcs[c].hand.len();
            out.murcs[c].hand = next.by_ref().take(n).collect();
        }
        out.speed_deck = next.collect();
        if matches!(out.phase, Phase::Bid { .. }) {
            for &q in &others {
                if out.hands[q].bid.is_some() {
                    let most = (out.hands[q].money.max(0) / 1000).min(actions::MAX_BID as i32);
                    out.hands[q].bid = Some(rng.below(most as u32 + 1) as u8);
                }
            }
        }
        out
    }

    fn apply_fast(&mut self, action: Action) -> Result<(), Error> {
        self.apply_unrecorded(action)
    }

    fn heuristic(&self, _legal: &[Action]) -> Option<Action> {
        match self.current_player() {
            Player::Seat(_) => bots::heuristic_action(self),
            _ => None,
        }
    }

    /// `easy`: a beginner's rules; `medium`: the rule of thumb; `hard`: the determinized search
    /// (rollouts of `medium` three game turns ahead, see `horizon`).
    fn bot(&self, level: Level, legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
        match self.current_player() {
            Player::Seat(_) => match level {
                Level::Easy => bots::easy_action(self, legal, rng),
                Level::Medium => bots::heuristic_action(self),
                Level::Hard => mcts::search(self, legal, Budget::Iterations(HARD_ROLLOUTS), rng),
            },
            _ => None,
        }
    }

    /// The short race: after `HORIZON_TURNS` game turns, each seat is valued by how far its best
    /// car leads the best car of the others (a finished car counts from the line, a stopped
    /// one not at all). The long game (money over a season) is played to its end.
    fn horizon(&self, start: &Self) -> Option<Vec<f64>> {
        if self.is_terminal() {
            return Some(rank_values(&State::ranking(self)));
        }
        let opts = &self.def.opts;
        if opts.long || self.round < start.round.max(1) + HORIZON_TURNS {
            return None;
        }
        let best: Vec<f64> = (0..opts.players)
            .map(|p| {
                opts.cars_of(p)
                    .iter()
                    .map(|&c| &self.murcs[c])
                    .filter(|m| !m.stopped)
                    .map(|m| match m.finish {
                        // A turn earlier at the line is worth a lap's worth of squares.
                        Some(f) => 1000.0 - 100.0 * f64::from(f.turn) + f64::from(f.past_line),
                        None => f64::from(m.progress) - 1000.0,
                    })
                    .fold(-1e9, f64::max)
            })
            .collect();
        Some(
            (0..best.len())
                .map(|p| {
                    let other = (0..best.len())
                        .filter(|&q| q != p)
                        .map(|q| best[q])
                        .fold(f64::NEG_INFINITY, f64::max);
                    (0.5 + (best[p] - other) / (2.0 * LEAD_SCALE)).clamp(0.0, 1.0)
                })
                .collect(),
        )
    }

    /// A car's wear is its damages.
    fn stats(&self) -> RaceStats {
        let opts = &self.def.opts;
        let places = LamboState::ranking(self);
        RaceStats {
            ranking: State::ranking(self),
            length: u32::from(self.round),
            actions: self.history.len() as u32,
            cars: self
                .murcs
                .iter()
                .enumerate()
                .map(|(i, m)| CarStats {
                    seat: opts.owner(i) as i8,
                    time: m.finish.map_or(f32::NAN, |f| f32::from(f.turn)),
                    wear: f32::from(m.damages),
                    crashes: u16::from(m.damages),
                    // A car that finished (a time and a place) did not retire, wrecked or not.
                    retired: m.finish.is_none() && (m.wrecked > 0 || m.stopped),
                    place: places[i],
                })
                .collect(),
            seat_extra: self.hands.iter().map(|h| h.money as f32).collect(),
            stage: Vec::new(),
        }
    }
}
