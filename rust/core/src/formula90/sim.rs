//! Formula 90 for the bots and the batch runner: determinization, the heuristic, statistics.
use alloc::vec::Vec;

use super::bots;
use super::car::NO_CARD;
use super::cards::CardSet;
use super::state::{F90State, Phase};
use crate::error::Error;
use crate::game::{Action, Player, State};
use crate::rng::SplitMix64;
use crate::sim::{CarStats, Level, RaceStats, Sim};

/// What `determinize` deals again to one car: its hand's Race and Track Cards, its duel cards
/// lying face down (Race and Track), its sealed qualifying card.
struct Redeal {
    car: u8,
    hand: (u32, u32),
    sealed: (u32, u32),
    qualifying: bool,
}

impl F90State {
    /// Cards `seat` cannot see, and whose they are: the other players' hands and sealed
    /// qualifying cards, and every other car's duel cards lying face down (a robot's two drawn
    /// cards too). Cards frozen in a duel already revealed lie face up and are not among them.
    fn hidden_from(&self, seat: usize) -> (CardSet, Vec<Redeal>) {
        let mut pool = self.race_deck.union(self.track_deck);
        let mut owners = Vec::new();
        for c in 0..self.n {
            if usize::from(c) == seat {
                continue;
            }
            let car = self.car(c);
            let human = usize::from(c) < self.race.humans();
            let hand = if human { car.hand } else { CardSet::EMPTY };
            let sealed = self.sealed_of(c);
            let qualifying = human && car.qualify_card != NO_CARD;
            if hand.is_empty() && sealed.is_empty() && !qualifying {
                continue;
            }
            pool = pool.union(hand).union(sealed);
            if qualifying {
                pool.insert(car.qualify_card);
            }
            let split = |set: CardSet| (set.races().len(), set.tracks().len());
            owners.push(Redeal {
                car: c,
                hand: split(hand),
                sealed: split(sealed),
                qualifying,
            });
        }
        (pool, owners)
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

/// `races` Race Cards and `tracks` Track Cards from `pool`, at random.
fn deal(pool: &mut CardSet, (races, tracks): (u32, u32), rng: &mut SplitMix64) -> CardSet {
    let mut out = CardSet::EMPTY;
    let mut track_pool = pool.tracks();
    for _ in 0..tracks {
        if let Some(id) = take(&mut track_pool, false, rng) {
            out.insert(id);
            pool.remove(id);
        }
    }
    for _ in 0..races {
        if let Some(id) = take(pool, true, rng) {
            out.insert(id);
        }
    }
    out
}

impl Sim for F90State {
    /// What `seat` has not seen is dealt again from every card it has not seen, Race Cards for
    /// Race Cards and Track Cards for Track Cards, in the same sizes: the other hands, the
    /// sealed qualifying cards, the duel cards lying face down (and the duel's totals with them).
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Self {
        let mut out = self.clone();
        let (mut pool, owners) = self.hidden_from(seat);
        for o in &owners {
            let c = usize::from(o.car);
            out.cars[c].hand = deal(&mut pool, o.hand, rng);
            if o.sealed != (0, 0) {
                let old = self.sealed_of(o.car);
                let new = deal(&mut pool, o.sealed, rng);
                out.cars[c].frozen = out.cars[c].frozen.minus(old).union(new);
                out.duel.cards = out.duel.cards.minus(old).union(new);
            }
            if o.qualifying {
                out.cars[c].qualify_card = take(&mut pool, true, rng).unwrap_or(NO_CARD);
            }
        }
        // The totals of the cards dealt again: those laid already (the others are not summed).
        for i in 0..out.duel.len {
            let car = out.duel.members[usize::from(i)];
            if owners.iter().any(|o| o.car == car && o.sealed != (0, 0)) {
                out.duel.sums[usize::from(i)] = out.sealed_sum(i);
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

    /// A finished race is valued as `returns` values it: the place in the whole field, so a
    /// search against robots wants to beat them too.
    fn horizon(&self, _start: &Self) -> Option<Vec<f64>> {
        self.is_terminal().then(|| State::returns(self))
    }

    /// A car still running when the race ends finishes at its last game turn (the race has no
    /// finish line: it ends after its turns, or when every seat has retired); a retired car does
    /// not finish. Places count the whole field, robots included.
    fn stats(&self) -> RaceStats {
        let places = self.places();
        let length = u32::from(self.turn.min(self.race.turns));
        RaceStats {
            ranking: self.seat_ranking(),
            length,
            actions: self.history.len() as u32,
            cars: (0..self.n())
                .map(|c| {
                    let car = &self.cars[c];
                    CarStats {
                        seat: car.seat().map_or(-1, |s| s as i8),
                        time: if car.retired() {
                            f32::NAN
                        } else {
                            length as f32
                        },
                        wear: f32::from(car.wear()),
                        crashes: 0,
                        retired: car.retired(),
                        place: places[c],
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
