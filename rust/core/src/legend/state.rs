//! The race's flow: set-up, qualifying, rounds (pace, movement, technical issues, time),
//! weather, events and damage draws. Movement itself is in `movement.rs`.
use alloc::sync::Arc;
use alloc::vec::Vec;
use serde::{Deserialize, Serialize};

use super::actions::{Move, Wear};
use super::car::{Car, Status};
use super::content::Characteristic;
use super::race::RaceDef;
use super::stage_record::StageRecord;
use crate::game::{Action, Player};
use crate::grid::{Cell, Track};

/// Where the race stands. Chance phases are resolved by a driver; the rest are a seat's choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "snake_case", deny_unknown_fields)]
pub enum Phase {
    Split {
        car: u8,
    },
    QualifyingDie {
        car: u8,
    },
    Challenge {
        car: u8,
    },
    ChallengeReply {
        car: u8,
        wear: Wear,
    },
    PriorityBid {
        car: u8,
    },
    PriorityReply {
        car: u8,
    },
    Weather,
    Event,
    Damage {
        car: u8,
    },
    NeutralDie,
    Pace {
        car: u8,
    },
    EntryLine {
        car: u8,
        turn: u8,
    },
    Step {
        car: u8,
    },
    ExitLine {
        car: u8,
    },
    Slipstream {
        car: u8,
    },
    TurnSlipstream {
        car: u8,
    },
    Pit {
        car: u8,
    },
    Over,
    /// Internal: the flow continues with the next activation (never left pending).
    Flow,
    /// Internal: the active car's movement continues (never left pending).
    Moving {
        car: u8,
    },
}

impl Phase {
    pub fn is_chance(&self) -> bool {
        matches!(
            self,
            Phase::QualifyingDie { .. }
                | Phase::Weather
                | Phase::Event
                | Phase::Damage { .. }
                | Phase::NeutralDie
        )
    }

    pub fn seat(&self) -> Option<u8> {
        match *self {
            Phase::Split { car }
            | Phase::Challenge { car }
            | Phase::ChallengeReply { car, .. }
            | Phase::PriorityBid { car }
            | Phase::PriorityReply { car }
            | Phase::Pace { car }
            | Phase::EntryLine { car, .. }
            | Phase::Step { car }
            | Phase::ExitLine { car }
            | Phase::Slipstream { car }
            | Phase::TurnSlipstream { car }
            | Phase::Pit { car } => Some(car),
            _ => None,
        }
    }
}

/// One car's activation this round: its Movement Points and what it already did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activation {
    pub car: u8,
    /// MPs allowed: the Speed, as braking, drifting and powering out change it.
    pub allowance: u8,
    pub spent: u8,
    /// Acceleration still unused this round (for powering out).
    pub acc_left: u8,
    pub acc_limit: u8,
    pub drifting: bool,
    /// A drift was chosen: the car enters the turn first, then drifts from the next space on.
    pub drift_entering: bool,
    pub drifted_past_exit: bool,
    pub slip_done: bool,
    pub downhill_done: bool,
    pub top_speed: u8,
    /// The activation is over.
    pub ended: bool,
    /// A rule stopped the car before its MPs were spent (a crash, a collision, a stop, a failure).
    pub stopped: bool,
    /// Stage races: this stop is at a Technical Assistance spot.
    pub assistance: bool,
    /// Stage races: a spare part was taken at this Technical Assistance stop.
    pub spare_taken: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Qualifying {
    /// Grid position being worked on (from the back).
    pub pos: u8,
    /// Cars that gave up a position (they may not challenge again), as a bit set.
    pub passed: u16,
    pub grid_sorted: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LegendState {
    pub race: Arc<RaceDef>,
    pub cars: Vec<Car>,
    pub phase: Phase,
    pub round: u16,
    /// Activation order of this round and the index of the next car to activate.
    pub order: Vec<u8>,
    pub next: u8,
    pub act: Activation,
    pub neutral_row: Option<u8>,
    pub hours: u16,
    /// Rain steps (0 clear, 1 light, 2 heavy) and the bonus carried to the next roll.
    pub rain: u8,
    pub carry: u8,
    pub weather_due: u8,
    pub events_due: u8,
    pub damage_deck: Vec<u8>,
    pub damage_discard: Vec<u8>,
    pub event_deck: Vec<u8>,
    pub event_discard: Vec<u8>,
    pub grid: Vec<u8>,
    pub dice: Vec<u8>,
    pub quali: Qualifying,
    pub racing: bool,
    /// Optional priority bid: the place in `order` whose car may contest the car ahead next.
    pub bid_pos: u8,
    /// Stage races: the stage being raced (0 = Stage 1).
    pub stage: u8,
    /// Stage races: the Chrono board, in minutes from midnight of race day.
    pub chrono: u32,
    /// The last weather roll with its carry (a 1 is fog on a fog stage).
    pub weather_total: u8,
    /// Stage races: the Time Chart, one record per stage and car (`stage * cars + car`).
    pub chart: Vec<StageRecord>,
    /// Stage races: the round the stage's first round is and the Chrono then.
    pub stage_began: (u16, u32),
    pub history: Vec<Action>,
}

impl LegendState {
    pub fn new(race: Arc<RaceDef>) -> LegendState {
        let stage_race = race.is_stage_race();
        let mut cars: Vec<Car> = (0..race.cars())
            .map(|i| {
                let new = if stage_race {
                    Car::for_stage_race
                } else {
                    Car::new
                };
                let mut c = new(
                    race.car_specs[i],
                    race.spec(i),
                    race.dash(),
                    race.opts.neutral[i],
                );
                c.setup = race.opts.setups.get(i).copied().unwrap_or_default();
                c
            })
            .collect();
        for (c, cond) in cars.iter_mut().zip(race.opts.condition.iter()) {
            if let Some(k) = cond {
                // A car carried over from an earlier race keeps its needles and parts.
                (c.engine, c.engine_max, c.brakes, c.brakes_max, c.tires) =
                    (k.engine, k.engine_max, k.brakes, k.brakes_max, k.tires);
                (c.spares, c.battery_ok, c.headlights_ok) =
                    (k.spares, k.battery_ok, k.headlights_ok);
            } else if race.opts.choose_split && !c.neutral {
                // Each driver splits Reliability between Engine and Brakes before the race.
                (c.engine, c.engine_max, c.brakes, c.brakes_max) = (0, 0, 0, 0);
            }
        }
        for (c, kept) in cars.iter_mut().zip(race.opts.spares.iter()) {
            // "Each player will start the game with the Spare part cards left after the auction."
            if let Some(parts) = kept {
                c.spares = *parts;
            }
        }
        let n = cars.len();
        let mut s = LegendState {
            damage_deck: race.damage_counts.clone(),
            damage_discard: alloc::vec![0; race.damage_counts.len()],
            event_deck: race.event_counts.clone(),
            event_discard: alloc::vec![0; race.event_counts.len()],
            cars,
            phase: Phase::Over,
            round: 0,
            order: Vec::new(),
            next: 0,
            act: Activation::default(),
            neutral_row: None,
            hours: 0,
            rain: 0,
            carry: 0,
            weather_due: 1,
            events_due: 0,
            grid: (0..n as u8).collect(),
            dice: alloc::vec![0; n],
            quali: Qualifying {
                pos: n as u8 - 1,
                passed: 0,
                grid_sorted: false,
            },
            racing: false,
            bid_pos: 0,
            stage: 0,
            chrono: race.route().map_or(0, |r| r.start),
            weather_total: 0,
            stage_began: (1, 0),
            chart: alloc::vec![StageRecord::default(); n * usize::from(race.stages())],
            race,
            history: Vec::new(),
        };
        s.settle();
        s
    }

    /// The road being raced: the circuit, or the current stage.
    pub fn track(&self) -> &Track {
        self.race.track_for(self.stage)
    }

    /// Rows from the start to the finish line: every lap of a Track race, or the stage's road.
    pub fn race_length(&self) -> i32 {
        if self.race.is_stage_race() {
            i32::from(self.track().len())
        } else {
            self.race.race_length()
        }
    }

    pub fn current_player(&self) -> Player {
        match self.phase {
            Phase::Over => Player::Terminal,
            p if p.is_chance() => Player::Chance,
            p => Player::Seat(p.seat().unwrap_or(0)),
        }
    }

    pub fn occupied(&self, cell: Cell) -> Option<usize> {
        self.cars
            .iter()
            .position(|c| c.on_track() && c.cell == cell)
    }

    /// Turn rating as the marker now reads (rain lowers it, never below A).
    pub fn rating_now(&self, rating: u8) -> u8 {
        rating.saturating_sub(self.rain)
    }

    /// The rating `car` drives to: wet treads keep the markers' dry ratings in the rain.
    pub fn rating_for(&self, car: usize, rating: u8) -> u8 {
        if self.cars[car].setup.tread == super::car::Tread::Wet {
            rating
        } else {
            self.rating_now(rating)
        }
    }

    // ---- the flow --------------------------------------------------------------------------

    /// Runs every step that needs nobody's decision and stops at the next decision or chance.
    pub fn settle(&mut self) {
        loop {
            if let Some(car) = self.cars.iter().position(|c| c.damage_due > 0) {
                self.phase = Phase::Damage { car: car as u8 };
                return;
            }
            if !self.racing {
                if self.pre_race() {
                    return;
                }
                continue;
            }
            match self.phase {
                Phase::Moving { .. } => {
                    if self.continue_move() {
                        return;
                    }
                }
                Phase::Flow => {
                    if self.next_activation() {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    /// Set-up, weather and qualifying; true when a decision or chance is pending.
    fn pre_race(&mut self) -> bool {
        if matches!(self.phase, Phase::ChallengeReply { .. }) {
            return true;
        }
        let race = self.race.clone();
        if race.opts.choose_split {
            if let Some(car) = self
                .cars
                .iter()
                .position(|c| !c.neutral && c.engine_max == 0)
            {
                self.phase = Phase::Split { car: car as u8 };
                return true;
            }
        }
        if self.weather_due > 0 {
            self.phase = Phase::Weather;
            return true;
        }
        if race.is_stage_race() {
            // No qualifying and no grid: cars start one at a time on the open road.
            self.schedule_first_stage();
            self.racing = true;
            self.start_round();
            self.phase = Phase::Flow;
            return false;
        }
        if race.opts.qualifying {
            if !self.quali.grid_sorted {
                if let Some(car) = self.tied_without_die() {
                    self.phase = Phase::QualifyingDie { car };
                    return true;
                }
            }
            self.sort_grid();
            if let Some(phase) = self.next_challenge() {
                self.phase = phase;
                return true;
            }
        }
        self.place_on_grid();
        self.racing = true;
        self.start_round();
        self.phase = Phase::Flow;
        false
    }

    /// Orders cars by the circuit's characteristics, then by their qualifying die.
    fn qualifying_key(&self, car: usize) -> Vec<u8> {
        let spec = self.race.spec(car);
        let c = &self.cars[car];
        let dash = self.race.dash();
        let limits = c.limits(spec, dash, false);
        let mut key: Vec<u8> = self
            .race
            .circuit()
            .characteristics
            .iter()
            .map(|ch| match *ch {
                Characteristic::TopSpeed => limits.top_speed,
                Characteristic::Corner(r) => c.safe_speed(spec, dash, r),
                Characteristic::Braking => limits.braking,
                Characteristic::Acceleration => limits.acceleration,
            })
            .collect();
        key.push(self.dice[car]);
        key
    }

    /// The next car to roll the qualifying die: tied with another car on every characteristic,
    /// and not yet separated by the dice (equal dice roll again).
    fn tied_without_die(&mut self) -> Option<u8> {
        let n = self.cars.len();
        let chars: Vec<Vec<u8>> = (0..n)
            .map(|i| {
                let mut k = self.qualifying_key(i);
                k.pop();
                k
            })
            .collect();
        for i in 0..n {
            let group: Vec<usize> = (0..n).filter(|&j| chars[j] == chars[i]).collect();
            if group.len() < 2 {
                continue;
            }
            if let Some(&j) = group.iter().find(|&&j| self.dice[j] == 0) {
                return Some(j as u8);
            }
            let same: Vec<usize> = group
                .iter()
                .copied()
                .filter(|&j| {
                    group
                        .iter()
                        .any(|&k| k != j && self.dice[k] == self.dice[j])
                })
                .collect();
            if let Some(&first) = same.first() {
                for &j in &same {
                    self.dice[j] = 0;
                }
                return Some(first as u8);
            }
        }
        None
    }

    fn sort_grid(&mut self) {
        if self.quali.grid_sorted {
            return;
        }
        self.quali.grid_sorted = true;
        let n = self.cars.len();
        let keys: Vec<Vec<u8>> = (0..n).map(|i| self.qualifying_key(i)).collect();
        let mut grid: Vec<u8> = (0..n as u8).collect();
        grid.sort_by(|&a, &b| {
            keys[usize::from(b)]
                .cmp(&keys[usize::from(a)])
                .then(a.cmp(&b))
        });
        self.grid = grid;
    }

    /// The next challenge decision, walking the grid from the back; None when qualifying is over.
    fn next_challenge(&mut self) -> Option<Phase> {
        while self.quali.pos > 0 {
            let car = self.grid[usize::from(self.quali.pos)];
            let c = &self.cars[usize::from(car)];
            let can = !c.neutral
                && self.quali.passed & (1 << car) == 0
                && (c.engine > 1 || c.brakes > 1 || c.tires > 0);
            if can {
                return Some(Phase::Challenge { car });
            }
            self.quali.pos -= 1;
        }
        None
    }

    /// Grid slots: two cars a row on the last rows before the finish line, pole at the front.
    fn place_on_grid(&mut self) {
        let track = self.race.track_for(self.stage);
        let len = track.len();
        let lanes = track.lanes;
        for (pos, &car) in self.grid.iter().enumerate() {
            let row = len - 1 - (pos / 2) as u16;
            let lane = if pos % 2 == 0 { 0 } else { lanes - 1 };
            let c = &mut self.cars[usize::from(car)];
            c.cell = Cell { row, lane };
            c.progress = i32::from(row) - i32::from(len);
        }
    }

    /// Track order: furthest ahead first; then faster, on the best line, nearer the inside.
    pub fn track_order(&self) -> Vec<u8> {
        let track = self.race.track_for(self.stage);
        let mut order: Vec<u8> = (0..self.cars.len() as u8)
            .filter(|&i| {
                matches!(
                    self.cars[usize::from(i)].status,
                    Status::Racing | Status::OffRoad
                )
            })
            .collect();
        let key = |i: u8| {
            let c = &self.cars[usize::from(i)];
            let best = track.row(c.cell.row).best_lane == Some(c.cell.lane);
            let inside = track
                .current_or_next_turn(c.cell.row)
                .map_or(c.cell.lane, |t| t.inside_rank(c.cell.lane, track.lanes));
            (
                core::cmp::Reverse(c.progress),
                core::cmp::Reverse(c.speed),
                !best,
                inside,
                i,
            )
        };
        order.sort_by_key(|&i| key(i));
        order
    }

    pub fn start_round(&mut self) {
        self.round += 1;
        self.order = if self.race.is_stage_race() {
            // "Once all drivers have started, turns proceed in track position order."
            let mut order = self.track_order();
            order.extend(self.starters());
            order
        } else if self.round == 1 {
            // "Starting with the pole-position driver, each car begins the race with a standing start."
            self.grid.clone()
        } else {
            self.track_order()
        };
        self.next = 0;
        self.neutral_row = None;
        self.bid_pos = if self.race.opts.priority_bid && self.round > 1 {
            self.order.len().saturating_sub(1) as u8
        } else {
            0
        };
    }

    /// Starts the next car's activation, or ends the round; true when a decision is pending.
    fn next_activation(&mut self) -> bool {
        // An Event card and the weather it calls for are resolved before any car moves on.
        if self.events_due > 0 {
            self.phase = Phase::Event;
            return true;
        }
        if self.weather_due > 0 {
            self.phase = Phase::Weather;
            return true;
        }
        if let Some(phase) = self.next_priority_bid() {
            self.phase = phase;
            return true;
        }
        while usize::from(self.next) < self.order.len() {
            let car = self.order[usize::from(self.next)];
            let c = self.cars[usize::from(car)];
            if matches!(
                c.status,
                Status::Finished | Status::Retired | Status::Parked
            ) {
                self.next += 1;
                continue;
            }
            if c.status == Status::Waiting && !self.start_on_road(usize::from(car)) {
                self.next += 1; // the start is full: it starts next round
                continue;
            }
            if c.status == Status::OffRoad && c.stop_rounds > 0 {
                // Still stopped: a Neutral Car's repair stop, or a set-up change in the pit.
                self.cars[usize::from(car)].stop_rounds -= 1;
                self.next += 1;
                continue;
            }
            if c.neutral {
                if self.neutral_row.is_none() {
                    self.phase = Phase::NeutralDie;
                    return true;
                }
                self.neutral_move(usize::from(car));
                self.next += 1;
                continue;
            }
            self.begin_activation(usize::from(car));
            return true;
        }
        self.end_round()
    }

    /// Technical issues, then time: true when a chance node (weather, event) is pending.
    fn end_round(&mut self) -> bool {
        let race = self.race.clone();
        let dash = race.dash();
        let round = self.round;
        for i in 0..self.cars.len() {
            let spec = race.spec(i);
            let c = &mut self.cars[i];
            // A car over a stage's line this round still has this round's technical issues.
            let crossed = matches!(c.status, Status::Parked | Status::Finished)
                && c.finish.is_some_and(|f| f.0 == round);
            // Stopped cars too: the overheating test looks at every Dashboard.
            if c.neutral || !(matches!(c.status, Status::Racing | Status::OffRoad) || crossed) {
                continue;
            }
            let uphill =
                race.track_for(self.stage).row(c.cell.row).slope == crate::grid::Slope::Uphill;
            c.round_end_wear(spec, dash, uphill);
        }
        for c in self.cars.iter_mut() {
            if c.status == Status::Racing && c.finish.is_some() {
                c.status = Status::Finished;
            }
        }
        if race.is_stage_race() {
            // The minutes hand steps; back at 0 the hours hand advances: an Event and the weather.
            self.chrono += u32::from(race.content.stage_races.chrono_minutes);
            if self.chrono % 60 == 0 {
                self.events_due += 1;
            }
        } else {
            self.hours += 1;
            if self.hours % u16::from(dash.chrono_hours) == 0 {
                self.events_due += 1;
            }
        }
        if self
            .cars
            .iter()
            .all(|c| matches!(c.status, Status::Finished | Status::Retired))
        {
            self.phase = Phase::Over;
            return true;
        }
        if race.is_stage_race() && self.stage_over() {
            self.next_stage();
        }
        if self.round >= race.opts.max_rounds {
            for c in self
                .cars
                .iter_mut()
                .filter(|c| !matches!(c.status, Status::Finished | Status::Retired))
            {
                c.status = Status::Retired;
            }
            self.phase = Phase::Over;
            return true;
        }
        self.start_round();
        self.time_chance()
    }

    /// Pending events and weather rolls become chance nodes.
    fn time_chance(&mut self) -> bool {
        if self.events_due > 0 {
            self.phase = Phase::Event;
            return true;
        }
        if self.weather_due > 0 {
            self.phase = Phase::Weather;
            return true;
        }
        self.phase = Phase::Flow;
        false
    }

    // ---- chance ----------------------------------------------------------------------------

    pub fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        let enc = self.race.enc;
        let die = || {
            (1..=6)
                .map(|v| (enc.encode(Move::Die(v)), 1.0 / 6.0))
                .collect()
        };
        match self.phase {
            Phase::QualifyingDie { .. } | Phase::Weather | Phase::NeutralDie => die(),
            Phase::Damage { .. } => deck_outcomes(&self.damage_deck, &self.damage_discard, |i| {
                enc.encode(Move::DamageCard(i))
            }),
            Phase::Event => deck_outcomes(&self.event_deck, &self.event_discard, |i| {
                enc.encode(Move::EventCard(i))
            }),
            _ => Vec::new(),
        }
    }

    pub fn apply_chance(&mut self, m: Move) {
        match (self.phase, m) {
            (Phase::QualifyingDie { car }, Move::Die(v)) => self.dice[usize::from(car)] = v,
            (Phase::Weather, Move::Die(v)) => {
                self.weather_due -= 1;
                let roll = v + self.carry;
                self.weather_total = roll;
                (self.rain, self.carry) = match roll {
                    0..=4 => (0, 0),
                    5 => (1, 1),
                    _ => (2, 2),
                };
                for c in self.cars.iter_mut() {
                    c.rain = self.rain;
                }
                self.phase = Phase::Flow;
            }
            (Phase::NeutralDie, Move::Die(v)) => {
                self.neutral_row = Some((v - 1) / 2);
                self.phase = Phase::Flow;
            }
            (Phase::Damage { car }, Move::DamageCard(i)) => {
                refill(&mut self.damage_deck, &mut self.damage_discard);
                self.damage_deck[usize::from(i)] -= 1;
                self.damage_discard[usize::from(i)] += 1;
                let c = &mut self.cars[usize::from(car)];
                c.damage_due -= 1;
                let card = self.race.content.damage[usize::from(i)].clone();
                super::wear::apply_damage_card(
                    c,
                    &card,
                    self.race.content.dashboard.temperature_max,
                );
                self.phase = Phase::Flow;
            }
            (Phase::Event, Move::EventCard(i)) => {
                refill(&mut self.event_deck, &mut self.event_discard);
                self.event_deck[usize::from(i)] -= 1;
                self.event_discard[usize::from(i)] += 1;
                self.events_due -= 1;
                let card = self.race.content.events[usize::from(i)].clone();
                if card.reshuffle {
                    for (d, x) in self
                        .event_deck
                        .iter_mut()
                        .zip(self.event_discard.iter_mut())
                    {
                        *d += *x;
                        *x = 0;
                    }
                }
                self.weather_due += 1 + u8::from(card.weather_roll);
                let stage_race = self.race.is_stage_race();
                for i in 0..self.cars.len() {
                    let c = &mut self.cars[i];
                    if !matches!(c.status, Status::Racing | Status::OffRoad) {
                        continue;
                    }
                    super::wear::apply_event_card(
                        c,
                        &card,
                        self.race.content.dashboard.temperature_max,
                    );
                    if stage_race && card.time_penalty > 0 {
                        // Chronograph cards: time on the Time Chart, Neutral Cars included.
                        let stage = self.stage;
                        self.record_mut(stage, i).time_cards += u32::from(card.time_penalty);
                    }
                }
                self.phase = Phase::Flow;
            }
            _ => {}
        }
    }

    /// Who won: finished cars by round, then distance past the line, then activation order;
    /// then the rest by distance. Per seat, 0 = first.
    pub fn ranking(&self) -> Vec<u32> {
        if self.race.is_stage_race() {
            return self.stage_ranking();
        }
        let mut order: Vec<usize> = (0..self.cars.len()).collect();
        order.sort_by_key(|&i| {
            let c = &self.cars[i];
            match c.finish {
                Some((round, past, act)) => (0, round as i64, -(past as i64), act as i64),
                None => (1, 0, -(c.progress as i64), i as i64),
            }
        });
        let mut rank = alloc::vec![0u32; self.cars.len()];
        for (pos, &i) in order.iter().enumerate() {
            rank[i] = pos as u32;
        }
        rank
    }

    pub fn returns(&self) -> Vec<f64> {
        let n = self.cars.len();
        if self.phase != Phase::Over {
            return alloc::vec![0.0; n];
        }
        let rank = self.ranking();
        let stage_race = self.race.is_stage_race();
        (0..n)
            .map(|i| {
                // A Track race places every car (retired ones by distance, decision 32), so
                // its returns follow that order; a Stage race's retired cars score nothing.
                let finished = !stage_race || self.finished_route(i);
                if !finished {
                    0.0
                } else {
                    (n - 1 - rank[i] as usize) as f64 / (n - 1) as f64
                }
            })
            .collect()
    }
}

/// Outcomes of drawing from a deck that is refilled from its discards when empty.
fn deck_outcomes(deck: &[u8], discard: &[u8], id: impl Fn(u8) -> Action) -> Vec<(Action, f64)> {
    let source: &[u8] = if deck.iter().any(|&n| n > 0) {
        deck
    } else {
        discard
    };
    let total: u32 = source.iter().map(|&n| u32::from(n)).sum();
    source
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(i, &n)| (id(i as u8), f64::from(n) / f64::from(total)))
        .collect()
}

/// An exhausted deck takes its discards back.
fn refill(deck: &mut [u8], discard: &mut [u8]) {
    if deck.iter().all(|&n| n == 0) {
        for (d, x) in deck.iter_mut().zip(discard.iter_mut()) {
            *d = *x;
            *x = 0;
        }
    }
}

impl LegendState {
    /// Two cars side by side where it is unclear who is ahead: the same distance covered.
    fn tied(&self, a: u8, b: u8) -> bool {
        self.cars[usize::from(a)].progress == self.cars[usize::from(b)].progress
    }

    /// The next contest of the optional priority bid, walking the order from its last car.
    fn next_priority_bid(&mut self) -> Option<Phase> {
        if matches!(self.phase, Phase::PriorityReply { .. }) {
            return Some(self.phase);
        }
        while self.bid_pos > 0 && self.next == 0 {
            let pos = usize::from(self.bid_pos);
            let (behind, ahead) = (self.order[pos], self.order[pos - 1]);
            let c = &self.cars[usize::from(behind)];
            let room = c.temperature < self.race.dash().temperature_max;
            if self.tied(behind, ahead) && !c.neutral && c.status == Status::Racing && room {
                return Some(Phase::PriorityBid { car: behind });
            }
            self.bid_pos -= 1;
        }
        None
    }

    /// "If the direct competitor refuses to match the bid, they lose priority. If they accept and
    /// also bid 1 Temperature step, the moving order remains unchanged."
    pub(crate) fn apply_priority(&mut self, m: Move) {
        let pos = usize::from(self.bid_pos);
        match (self.phase, m) {
            (Phase::PriorityBid { car }, Move::BidPriority) => {
                self.cars[usize::from(car)].temperature += 1;
                let ahead = self.order[pos - 1];
                let a = &self.cars[usize::from(ahead)];
                let can_match = !a.neutral && a.temperature < self.race.dash().temperature_max;
                if can_match {
                    self.phase = Phase::PriorityReply { car: ahead };
                    return;
                }
                self.order.swap(pos - 1, pos);
            }
            (Phase::PriorityReply { car }, Move::MatchBid) => {
                self.cars[usize::from(car)].temperature += 1;
            }
            (Phase::PriorityReply { .. }, Move::ConcedePriority) => self.order.swap(pos - 1, pos),
            _ => {}
        }
        self.bid_pos -= 1;
        self.phase = Phase::Flow;
    }
}
