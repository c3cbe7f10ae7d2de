//! The race as a state machine: the phases where a seat decides or chance draws, and what the
//! rules do automatically between them (robots, activation, movement).
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::car::{Car, Driver, Status, NO_CARD};
use super::cards::{CardId, CardSet, Test};
use super::events::{Event, Log};
use super::options::MAX_CARS;
use super::race::RaceDef;
use super::weather::Tyre;
use crate::game::{Action, Player};

pub use super::phase::{Check, Decider, Phase, StrategyWhy, Then};

/// One car's individual turn in progress (phases B to F).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndTurn {
    pub car: u8,
    /// Movement cards; `NO_CARD` when not played.
    pub cards: [CardId; 2],
    /// A movement card already used in a check (it became the Target Check).
    pub used: [bool; 2],
    /// Movement cards out of the hand and not yet discarded (phase D).
    pub in_play: CardSet,
    /// The checks the movement cards print, until resolved.
    pub tests: [Option<Test>; 2],
    pub trajectory: bool,
    /// A movement card matched the trajectory's colour (Balance's Special).
    pub matched: bool,
    /// D.1 still to pay: tyre units (beyond the first token), discards, wear tokens.
    pub tyres_due: u8,
    pub discard_due: u8,
    pub wear_due: u8,
    pub draws_due: u8,
    /// D.4: weather icons still to resolve.
    pub weather_due: u8,
    /// D.4: the movement cards' flags still to resolve (`flags::flag_code`, 0 none).
    pub flags: [u8; 2],
    /// A tyre token was paid from the stock this turn (Save Tyres' Special).
    pub token_paid: bool,
    /// Movement points to spend, and left.
    pub mp: i8,
    pub mp_left: i8,
    /// Entered its present section during this turn (F.2 trajectories need it).
    pub entered: bool,
    pub overtook: bool,
    /// A Track Card played needs this corner reached first: leader checks before it must be
    /// passed with a card of the hand ("ele deve possuir esta carta").
    pub pledge: u64,
    /// The car it is about to lap when a leader check is pending.
    pub lapping: u8,
    /// Lucky's two drawn cards, for its Special.
    pub lucky: [CardId; 2],
    pub late_braked: bool,
    /// Recovery discards: after them, `next` (a node) or the end of the chart.
    pub recovery_next: Option<u16>,
    pub recovery_reentry: Option<u8>,
    /// HAZARD: blind draws of phase D (+1 MP each) and every blind draw that risks wear (a
    /// Track Card each).
    pub blind_draws: u8,
    pub hazard_draws: u8,
    /// Tyre tokens paid from the stock this turn (Push's Special).
    pub tokens_paid: u8,
    /// CHASE: +1 MP, the chased car had no card to take.
    pub chase_mp: bool,
    /// SAVE FUEL: moved with cards of [2] or less only.
    pub small_cards: bool,
    /// Track Cards still to draw: a strategy's at the end of the turn, Qualify's before the
    /// race, Pitting's at a stop.
    pub specials_due: u8,
    /// A.2 (Versatility, Wise Driving) was declared: A.1 is past.
    pub a2: bool,
    /// SIXTH SENSE: the flag tokens declared at the start of this turn (bits as
    /// `Car::sixth_used`), resolved in D.4 after the movement cards' flags.
    pub sixth: u8,
    /// EXTREME TRAJECTORIES: the test still due in D.2; the bonus won for phase E; the car is
    /// in the ET's recovery chart (its turn goes on after it); a Track Card was played on the
    /// strength of a sure pass (Flat Out or the ET power), so no blind test.
    pub et_due: bool,
    pub et_mp: u8,
    pub et_recovery: bool,
    pub et_bound: bool,
    /// A movement card's "-1" icon (Track Cards): `CORNER_PASS_READY` until a pass in a corner
    /// uses it, then that corner's number; 0 without the icon.
    pub corner_pass: u8,
}

/// `IndTurn::corner_pass`: the icon is played and not yet spent on a corner.
pub const CORNER_PASS_READY: u8 = u8::MAX;

impl IndTurn {
    pub fn new(car: u8) -> IndTurn {
        IndTurn {
            car,
            cards: [NO_CARD; 2],
            used: [false; 2],
            in_play: CardSet::EMPTY,
            tests: [None; 2],
            trajectory: false,
            matched: false,
            tyres_due: 0,
            discard_due: 0,
            wear_due: 0,
            draws_due: 0,
            weather_due: 0,
            flags: [0; 2],
            token_paid: false,
            mp: 0,
            mp_left: 0,
            entered: false,
            overtook: false,
            pledge: 0,
            lapping: u8::MAX,
            lucky: [NO_CARD; 2],
            late_braked: false,
            recovery_next: None,
            recovery_reentry: None,
            blind_draws: 0,
            hazard_draws: 0,
            tokens_paid: 0,
            chase_mp: false,
            small_cards: false,
            specials_due: 0,
            a2: false,
            sixth: 0,
            et_due: false,
            et_mp: 0,
            et_recovery: false,
            et_bound: false,
            corner_pass: 0,
        }
    }
}

/// A duel in a corner (sub)section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Duel {
    pub section: u8,
    pub side: u8,
    /// The (sub)section's cars on the track, front to back.
    pub members: [u8; MAX_CARS],
    pub len: u8,
    /// Index in `members` of the challenger, of the car deciding now.
    pub challenger: Option<u8>,
    pub at: u8,
    /// Bits over `members`: may take part (had no chance here yet); joined; declined.
    pub eligible: u16,
    pub joined: u16,
    pub declined: u16,
    /// Sealed until every participant has chosen.
    pub sums: [i8; MAX_CARS],
    /// Every card laid face down in this duel (the players' chosen ones and the robots' drawn
    /// ones): they lie in their cars' `frozen` sets, unseen by the other seats until the reveal,
    /// while cards frozen in an earlier duel of the turn are face up (decision 37).
    pub cards: CardSet,
    pub revealed: bool,
    /// Tied cars still to draw their wear, as bits over `members`.
    pub tie_wear: u16,
}

impl Duel {
    pub const NONE: Duel = Duel {
        section: 0,
        side: 0,
        members: [0; MAX_CARS],
        len: 0,
        challenger: None,
        at: 0,
        eligible: 0,
        joined: 0,
        declined: 0,
        sums: [0; MAX_CARS],
        cards: CardSet::EMPTY,
        revealed: false,
        tie_wear: 0,
    };
}

#[derive(Debug, Clone, PartialEq)]
pub struct F90State {
    pub race: Arc<RaceDef>,
    pub cars: [Car; MAX_CARS],
    pub n: u8,
    /// Cars on the track in physical order: by section from the last before the finish line
    /// back to the first after it, each section's queue front first. Off-track and retired
    /// cars are not in it.
    pub order: [u8; MAX_CARS],
    pub on_track: u8,
    /// The game turn (1-based); 0 before the start.
    pub turn: u8,
    pub phase: Phase,
    pub race_deck: CardSet,
    pub race_discard: CardSet,
    pub track_deck: CardSet,
    pub track_discard: CardSet,
    /// Red and brown wear tokens in the bag.
    pub bag: [u8; 2],
    /// Robot refuel chits on the Turn track (bits over the content's chits), and the chit
    /// each robot drew in qualifying.
    pub chits: u64,
    pub robot_chit: [u8; MAX_CARS],
    /// The grid, pole first (qualifying fills it).
    pub grid: [u8; MAX_CARS],
    pub it: IndTurn,
    pub duel: Duel,
    pub retirements: u8,
    /// The weather pawn's space on the track's table; the robots' shared tyres; the robots must
    /// pit for tyres when the current individual turn ends.
    pub weather: u8,
    pub robot_tyres: Tyre,
    pub robots_weather_pit: bool,
    /// Yellow flags per section: 0 none, else 1 + the cars ahead of it; the orange pawn's
    /// holder (`flags::NO_HOLDER`).
    pub yellow: [u8; super::content::MAX_SECTIONS],
    pub orange: u8,
    /// The Safety Car module's state.
    pub sc: super::safety_car::SafetyCar,
    pub history: Vec<Action>,
    /// The race log as it is made: the events of the start and of every action in `history`,
    /// so that reading the new ones costs what they are, not a replay of the race
    /// (`apply_action` appends; the unrecorded fast path and `scratch` keep none).
    pub events: Vec<Event>,
}

impl F90State {
    /// A race at its start, its log holding the set-up's events.
    pub fn new(race: Arc<RaceDef>) -> F90State {
        let mut events = Vec::new();
        let mut s = Self::new_with(race, &mut events);
        s.events = events;
        s
    }

    /// A race at its start, the set-up's events (the deal) going to `log`.
    pub fn new_with(race: Arc<RaceDef>, log: &mut impl Log) -> F90State {
        let chart = race.content.chart;
        let mut cars = [Car::new(Driver::Human { seat: 0 }, chart); MAX_CARS];
        for (i, d) in race.drivers.iter().enumerate() {
            cars[i] = Car::new(*d, chart);
        }
        let humans = race.humans().max(1);
        let (red, brown) = race.content.wear_bag[humans - 1];
        let n = race.cars() as u8;
        let mut s = F90State {
            cars,
            n,
            order: [0; MAX_CARS],
            on_track: 0,
            turn: 0,
            phase: Phase::GameOver,
            race_deck: CardSet::race_all(),
            race_discard: CardSet::EMPTY,
            track_deck: CardSet::track_all(race.track_cards()),
            track_discard: CardSet::EMPTY,
            bag: [red, brown],
            chits: 0,
            robot_chit: [u8::MAX; MAX_CARS],
            grid: [0; MAX_CARS],
            it: IndTurn::new(0),
            duel: Duel::NONE,
            retirements: 0,
            weather: 0,
            robot_tyres: Tyre::Hard,
            robots_weather_pit: false,
            yellow: [0; super::content::MAX_SECTIONS],
            orange: super::flags::NO_HOLDER,
            sc: super::safety_car::SafetyCar::NONE,
            history: Vec::new(),
            events: Vec::new(),
            race,
        };
        s.begin(log);
        s
    }

    pub fn n(&self) -> usize {
        usize::from(self.n)
    }

    pub fn car(&self, c: u8) -> &Car {
        &self.cars[usize::from(c)]
    }

    pub fn car_mut(&mut self, c: u8) -> &mut Car {
        &mut self.cars[usize::from(c)]
    }

    pub fn seat_car(&self, seat: usize) -> u8 {
        // Humans are the first cars, in seat order.
        seat as u8
    }

    pub fn current_player(&self) -> Player {
        match self.phase.decider() {
            Decider::Chance => Player::Chance,
            Decider::Seat(seat) => Player::Seat(seat),
            Decider::Car(c) => match self.cars[usize::from(c)].driver {
                Driver::Human { seat } => Player::Seat(seat),
                // A robot follows its rules: chance draws for it.
                Driver::Robot(_) => Player::Chance,
            },
            Decider::Nobody => Player::Terminal,
        }
    }

    // ---- decks ----------------------------------------------------------------------------

    /// The Race Cards a draw may give: the deck, reshuffled from the discards when it ran out
    /// ("Se algum deck acabar, reembaralhe").
    pub fn refill_race_deck(&mut self, log: &mut impl Log) {
        if self.race_deck.is_empty() && !self.race_discard.is_empty() {
            self.race_deck = self.race_discard;
            self.race_discard = CardSet::EMPTY;
            // Reserved cards go back into the deck with their pile.
            for c in &mut self.cars {
                c.reserved.race = 0;
            }
            log.reshuffle(false);
        }
    }

    pub fn refill_track_deck(&mut self, log: &mut impl Log) {
        if self.track_deck.is_empty() && !self.track_discard.is_empty() {
            self.track_deck = self.track_discard;
            self.track_discard = CardSet::EMPTY;
            for c in &mut self.cars {
                c.reserved.track = 0;
            }
            log.reshuffle(true);
        }
    }

    /// To the Race or the Track discard pile ("as Track Cards devem ser descartadas em uma
    /// pilha separada").
    pub fn discard(&mut self, id: CardId) {
        if id == NO_CARD {
            return;
        }
        if super::cards::is_track_id(id) {
            self.track_discard.insert(id);
        } else {
            self.race_discard.insert(id);
        }
    }

    pub fn discard_set(&mut self, s: CardSet) {
        self.race_discard.race |= s.race;
        self.track_discard.track |= s.track;
    }

    /// Sets `phase` to a Race Card draw for `car`, or skips it (both piles empty: `None`).
    pub fn draw_race(&mut self, car: u8, left: u8, then: Then, log: &mut impl Log) -> bool {
        self.refill_race_deck(log);
        if left == 0 || self.race_deck.is_empty() {
            return false;
        }
        self.phase = Phase::DrawRace { car, left, then };
        true
    }

    pub fn draw_track(&mut self, car: u8, then: Then, log: &mut impl Log) -> bool {
        self.refill_track_deck(log);
        if self.track_deck.is_empty() {
            return false;
        }
        self.phase = Phase::DrawTrack { car, then };
        true
    }

    /// Takes a wear token for `car` from the bag; `false` if it has no free slot (it retires).
    pub fn take_wear(&mut self, car: u8, brown: bool) -> bool {
        let k = usize::from(brown);
        self.bag[k] = self.bag[k].saturating_sub(1);
        let c = &mut self.cars[usize::from(car)];
        if c.free_slots() == 0 {
            // The token goes back: it cannot be placed.
            self.bag[k] += 1;
            return false;
        }
        if brown {
            c.brown += 1;
        } else {
            c.red += 1;
        }
        true
    }

    /// Returns a car's red wear to the bag (a pit stop).
    pub fn repair(&mut self, car: u8) {
        let c = &mut self.cars[usize::from(car)];
        self.bag[0] += c.red;
        c.red = 0;
    }

    pub fn is_human(&self, car: u8) -> bool {
        !self.cars[usize::from(car)].is_robot()
    }

    pub fn status(&self, car: u8) -> Status {
        self.cars[usize::from(car)].status
    }
}
