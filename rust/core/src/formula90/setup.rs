//! Building a position by hand (a puzzle, a bug report, a test): cards moved between places so
//! the 99 Race Cards stay conserved, cars arranged in their sections, the turn resumed.
use super::car::{Status, NO_CARD};
use super::cards::{CardId, CardSet};
use super::events::NoLog;
use super::state::{F90State, IndTurn, Phase};

impl F90State {
    /// Takes card `id` out of wherever it is (a pile, a hand, a frozen set, a Target Check).
    pub fn take_card(&mut self, id: CardId) {
        self.race_deck.remove(id);
        self.race_discard.remove(id);
        self.track_deck.remove(id);
        self.track_discard.remove(id);
        self.it.in_play.remove(id);
        for c in 0..self.n() {
            let car = &mut self.cars[c];
            car.hand.remove(id);
            car.frozen.remove(id);
            if car.target == id {
                car.target = NO_CARD;
            }
            if car.qualify_card == id {
                car.qualify_card = NO_CARD;
            }
        }
    }

    /// Puts a card back in its deck.
    pub fn return_card(&mut self, id: CardId) {
        if super::cards::is_track_id(id) {
            self.track_deck.insert(id);
        } else {
            self.race_deck.insert(id);
        }
    }

    /// `car`'s hand becomes exactly `ids`; its old cards go back to their decks.
    pub fn set_hand(&mut self, car: u8, ids: &[CardId]) {
        let old = self.car(car).hand;
        self.car_mut(car).hand = CardSet::EMPTY;
        for id in old.iter() {
            self.return_card(id);
        }
        for &id in ids {
            self.take_card(id);
            self.car_mut(car).hand.insert(id);
        }
    }

    /// `car`'s Target Check becomes `id`; the old one goes back to its deck.
    pub fn set_target(&mut self, car: u8, id: CardId) {
        let old = self.car(car).target;
        self.car_mut(car).target = NO_CARD;
        if old != NO_CARD {
            self.return_card(old);
        }
        self.take_card(id);
        self.car_mut(car).target = id;
    }

    /// Cars on the track, section by section (front of each queue first), with their laps;
    /// every car not listed is taken off the track (retired).
    pub fn arrange(&mut self, layout: &[(u8, &[(u8, i16)])]) {
        let mut listed = [false; super::options::MAX_CARS];
        let mut sorted: alloc::vec::Vec<&(u8, &[(u8, i16)])> = layout.iter().collect();
        // The list runs from the highest section down.
        sorted.sort_by_key(|e| core::cmp::Reverse(e.0));
        self.on_track = 0;
        for (section, cars) in sorted {
            for &(car, lap) in cars.iter() {
                let c = self.car_mut(car);
                c.section = *section;
                c.lap = lap;
                c.status = Status::Racing;
                listed[usize::from(car)] = true;
                self.order[usize::from(self.on_track)] = car;
                self.on_track += 1;
            }
        }
        for c in 0..self.n {
            if !listed[usize::from(c)] && !self.car(c).off_track() {
                let order = self.retirements;
                self.retirements += 1;
                self.car_mut(c).status = Status::Retired { order };
            }
        }
    }

    /// Resumes the game turn: the next car to play (after a duel if its corner calls one).
    pub fn resume(&mut self) {
        self.it = IndTurn::new(0);
        self.phase = Phase::GameOver;
        self.activate_next(&mut NoLog);
    }

    /// Starts game turn `turn` afresh (the Turn pawn advances to it).
    pub fn start_turn_at(&mut self, turn: u8) {
        self.turn = turn - 1;
        self.it = IndTurn::new(0);
        self.start_game_turn(&mut NoLog);
    }
}
