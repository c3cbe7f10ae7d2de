//! QUALIFICAÇÃO and PRE-RACE: the sealed card and refuel chit, the robots' chits, the grid,
//! the Target Check, then each player's tyres and strategy from pole position.
use super::car::NO_CARD;
use super::events::{Event, Log};
use super::rules::{Skill, Strategy, FUEL_CHITS, QUALIFY_BONUS, QUALIFY_TRACK_CARDS};
use super::state::{F90State, Phase, StrategyWhy, Then};
use super::weather::Tyre;

impl F90State {
    pub fn start_qualifying(&mut self, log: &mut impl Log) {
        self.phase = Phase::QualifyCard { seat: 0 };
        log.push(Event::Qualifying);
    }

    /// "Cada jogador escolhe uma carta de sua mão e a coloca virada para baixo".
    pub fn qualify_card(&mut self, seat: u8, card: u8) {
        let c = self.car_mut(seat);
        c.hand.remove(card);
        c.qualify_card = card;
        self.phase = Phase::QualifyFuel { seat };
    }

    /// "... escolhe secretamente um de seus tokens de abastecimento"; all reveal at once.
    pub fn qualify_fuel(&mut self, seat: u8, chit: u8, log: &mut impl Log) {
        self.car_mut(seat).fuel_pick = chit;
        if usize::from(seat) + 1 < self.race.humans() {
            self.phase = Phase::QualifyCard { seat: seat + 1 };
            return;
        }
        for s in 0..self.race.humans() as u8 {
            let card = *self.race.card(self.car(s).qualify_card);
            let (turn, modifier) = FUEL_CHITS[usize::from(self.car(s).fuel_pick)];
            let c = self.car_mut(s);
            c.fuel = turn;
            // QUALIFY: "Soma +2 na qualificação".
            let skill = if c.has(Skill::Qualify) {
                QUALIFY_BONUS
            } else {
                0
            };
            c.qualifying = card.mp as i8 + modifier + skill;
            c.qualifying_cf = card.cf;
            log.push(Event::QualifyReveal {
                car: s,
                card: c.qualify_card,
                fuel: turn,
                value: c.qualifying,
            });
        }
        self.next_robot_chit(log);
    }

    /// The robots' chits, drawn at random by type; then the grid.
    fn next_robot_chit(&mut self, log: &mut impl Log) {
        let first = (self.race.humans()..self.n()).find(|&c| self.robot_chit[c] == u8::MAX);
        match first {
            Some(c) => self.phase = Phase::RobotChit { car: c as u8 },
            None => self.sort_grid(0, log),
        }
    }

    /// The chits still free for `car`'s type.
    pub fn free_chits(&self, car: u8) -> impl Iterator<Item = u8> + '_ {
        let kind = self.car(car).robot();
        let taken: u64 = (0..self.n())
            .filter(|&c| self.robot_chit[c] != u8::MAX)
            .fold(0, |m, c| m | 1u64 << self.robot_chit[c]);
        self.race
            .content
            .robots
            .chits
            .iter()
            .enumerate()
            .filter(move |(i, ch)| Some(ch.kind) == kind && taken >> i & 1 == 0)
            .map(|(i, _)| i as u8)
    }

    pub fn robot_chit_drawn(&mut self, car: u8, chit: u8, log: &mut impl Log) {
        self.robot_chit[usize::from(car)] = chit;
        self.chits |= 1u64 << chit;
        let ch = self.race.content.robots.chits[usize::from(chit)];
        let c = self.car_mut(car);
        c.qualifying = ch.qualifying;
        c.qualifying_cf = ch.cf;
        log.push(Event::RobotChit { car, chit });
        self.next_robot_chit(log);
    }

    fn grid_key(&self, car: u8) -> (i8, i16) {
        let c = self.car(car);
        // Higher value first, then the lower check factor ("valores mais baixos ocupam posição
        // mais à frente no grid").
        (c.qualifying, -i16::from(c.qualifying_cf))
    }

    /// Sorts the grid from slot `from` on; ties still equal are drawn at random.
    pub fn sort_grid(&mut self, from: u8, log: &mut impl Log) {
        let n = self.n();
        if from == 0 {
            let mut cars: alloc::vec::Vec<u8> = (0..self.n).collect();
            cars.sort_by(|&a, &b| self.grid_key(b).cmp(&self.grid_key(a)).then(a.cmp(&b)));
            self.grid[..n].copy_from_slice(&cars);
        }
        for slot in usize::from(from)..n.saturating_sub(1) {
            if self.grid_key(self.grid[slot]) == self.grid_key(self.grid[slot + 1]) {
                self.phase = Phase::GridTie { slot: slot as u8 };
                return;
            }
        }
        self.line_up(log);
    }

    /// The cars tied for `slot`: the outcomes of a grid tie-break.
    pub fn tied_at(&self, slot: u8) -> impl Iterator<Item = u8> + '_ {
        let key = self.grid_key(self.grid[usize::from(slot)]);
        self.grid[usize::from(slot)..self.n()]
            .iter()
            .copied()
            .take_while(move |&c| self.grid_key(c) == key)
    }

    pub fn grid_tie(&mut self, slot: u8, car: u8, log: &mut impl Log) {
        let s = usize::from(slot);
        let n = self.n();
        if let Some(i) = self.grid[s..n].iter().position(|&c| c == car) {
            self.grid[s..=s + i].rotate_right(1);
        }
        log.push(Event::TieBreak { car, slot });
        self.sort_grid(slot + 1, log);
    }

    /// Alinhamento no Grid: pole at the front of the last section before the finish line; the
    /// qualifying card becomes the Target Check.
    fn line_up(&mut self, log: &mut impl Log) {
        let n = self.n();
        let per = usize::from(self.race.track().grid_per_section);
        let last = self.race.track().len() - 1;
        self.on_track = 0;
        for g in 0..n {
            let car = self.grid[g];
            let section = (last - g / per) as u8;
            let c = self.car_mut(car);
            c.lap = 0;
            c.section = section;
            if c.qualify_card != NO_CARD {
                c.target = c.qualify_card;
                c.qualify_card = NO_CARD;
            }
            self.order[g] = car;
            self.on_track += 1;
            log.push(Event::Grid {
                car,
                slot: g as u8,
                value: self.car(car).qualifying,
            });
        }
        if self.weather_on() {
            // PRE-RACE: "Compre uma Race Card e posicione o peão do tempo".
            self.refill_race_deck(log);
            self.phase = Phase::WeatherCard;
            return;
        }
        self.next_pre_race(0, log);
    }

    /// From pole, each player's tyres and strategy (a basic race: hard tyres, which bring one
    /// Track Card).
    pub fn next_pre_race(&mut self, from: u8, log: &mut impl Log) {
        for g in usize::from(from)..self.n() {
            let car = self.grid[g];
            if !self.car(car).is_robot() {
                self.phase = Phase::Strategy {
                    car,
                    why: StrategyWhy::PreRace,
                };
                return;
            }
        }
        self.start_game_turn(log);
    }

    pub fn grid_slot(&self, car: u8) -> u8 {
        self.grid[..self.n()]
            .iter()
            .position(|&c| c == car)
            .unwrap_or(0) as u8
    }

    pub fn set_strategy(&mut self, car: u8, s: Strategy, log: &mut impl Log) {
        if self.car(car).strategy != s {
            self.drop_chase(car, log);
        }
        self.car_mut(car).strategy = s;
        log.push(Event::Strategy { car, strategy: s });
    }

    /// Pre-race, after the strategy: hard tyres, their Track Card, the next player.
    pub fn pre_race_tyres(&mut self, car: u8, log: &mut impl Log) {
        if self.weather_on() {
            self.phase = Phase::StartTyres { car };
            return;
        }
        let c = self.car_mut(car);
        c.tyres = c.chart.tyres;
        log.push(Event::Tyres {
            car,
            new: true,
            tyre: Tyre::Hard,
        });
        // QUALIFY: "ganha 2 TRACK CARDs no começo da corrida", after the hard tyres' one.
        self.it.specials_due = if self.car(car).has(Skill::Qualify) {
            QUALIFY_TRACK_CARDS
        } else {
            0
        };
        if self.draw_track(car, Then::PreRace, log) {
            return;
        }
        self.it.specials_due = 0;
        let next = self.grid_slot(car) + 1;
        self.next_pre_race(next, log);
    }

    /// Pre-race with the weather module: the chosen tyres; hard tyres bring a Track Card.
    pub fn start_tyres(&mut self, car: u8, t: Tyre, log: &mut impl Log) {
        self.fit_tyres(car, t, true);
        log.push(Event::Tyres {
            car,
            new: true,
            tyre: t,
        });
        if t == Tyre::Hard && self.draw_track(car, Then::PreRace, log) {
            return;
        }
        let next = self.grid_slot(car) + 1;
        self.next_pre_race(next, log);
    }
}
