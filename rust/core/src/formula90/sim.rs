//! Formula 90 for the bots and the batch runner: determinization, the heuristic, statistics.
use alloc::vec::Vec;

use super::bots;
use super::car::NO_CARD;
use super::cards::CardSet;
use super::state::{F90State, Phase};
use crate::error::Error;
use crate::game::{Action, Player};
use crate::rng::SplitMix64;
use crate::sim::{CarStats, Level, RaceStats, Sim};

impl F90State {
    /// Cards `seat` cannot see, by owner: other players' hands, their sealed qualifying card,
    /// their duel cards before the reveal.
    fn hidden_from(&self, seat: usize) -> (CardSet, Vec<(u8, u32, u32, bool)>) {
        let mut pool = self.race_deck.union(self.track_deck);
        let mut sizes = Vec::new();
        let sealed_duel = self.duel.len > 0 && !self.duel.revealed;
        for c in 0..self.race.humans() {
            if c == seat {
                continue;
            }
            let car = &self.cars[c];
            let frozen = if sealed_duel {
                car.frozen
            } else {
                CardSet::EMPTY
            };
            pool = pool.union(car.hand).union(frozen);
            let qual = car.qualify_card != NO_CARD;
            if qual {
                pool.insert(car.qualify_card);
            }
            sizes.push((c as u8, car.hand.len(), frozen.len(), qual));
        }
        (pool, sizes)
    }
}

fn take(pool: &mut CardSet, races_only: bool, rng: &mut SplitMix64) -> Option<u8> {
    let from = if races_only { pool.races() } else { *pool };
    let n = from.len();
    if n == 0 {
        return None;
    }
    let id = from.nth(rng.below(n))?;
    pool.remove(id);
    Some(id)
}

impl Sim for F90State {
    /// The other hands (and sealed cards) are dealt again from every card `seat` has not seen,
    /// Race Cards for Race Cards and Track Cards for Track Cards, in the same sizes.
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Self {
        let mut out = self.clone();
        let (mut pool, sizes) = self.hidden_from(seat);
        for &(c, hand, frozen, qual) in &sizes {
            let car = &self.cars[usize::from(c)];
            let tracks_in_hand = car.hand.tracks().len();
            let mut new_hand = CardSet::EMPTY;
            let mut track_pool = pool.tracks();
            for _ in 0..tracks_in_hand {
                if let Some(id) = take(&mut track_pool, false, rng) {
                    new_hand.insert(id);
                    pool.remove(id);
                }
            }
            for _ in tracks_in_hand..hand {
                if let Some(id) = take(&mut pool, true, rng) {
                    new_hand.insert(id);
                }
            }
            out.cars[usize::from(c)].hand = new_hand;
            if frozen > 0 {
                let mut f = CardSet::EMPTY;
                for _ in 0..frozen {
                    if let Some(id) = take(&mut pool, true, rng) {
                        f.insert(id);
                    }
                }
                out.cars[usize::from(c)].frozen = f;
            }
            if qual {
                out.cars[usize::from(c)].qualify_card =
                    take(&mut pool, true, rng).unwrap_or(NO_CARD);
            }
        }
        out.race_deck = pool.races();
        out.track_deck = pool.tracks();
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

    fn bot(&self, level: Level, legal: &[Action], _rng: &mut SplitMix64) -> Option<Action> {
        let Player::Seat(seat) = self.current_player() else {
            return None;
        };
        let level = match level {
            Level::Easy => bots::Level::Easy,
            Level::Medium => bots::Level::Medium,
            Level::Hard => bots::Level::Hard,
        };
        bots::choose(&self.seat_view(Some(usize::from(seat))), legal, level)
    }

    fn stats(&self) -> RaceStats {
        let places = self.places();
        RaceStats {
            ranking: self.seat_ranking(),
            length: u32::from(self.turn.min(self.race.turns)),
            actions: self.history.len() as u32,
            cars: (0..self.n())
                .map(|c| {
                    let car = &self.cars[c];
                    CarStats {
                        seat: car.seat().map_or(-1, |s| s as i8),
                        // No finish line: the race place counts, 1 for the winner.
                        time: places[c] as f32 + 1.0,
                        wear: f32::from(car.wear()),
                        crashes: 0,
                        retired: car.retired(),
                    }
                })
                .collect(),
            seat_extra: (0..self.race.humans())
                .map(|s| places[s] as f32 + 1.0)
                .collect(),
            stage: Vec::new(),
        }
    }
}

impl F90State {
    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }
}
