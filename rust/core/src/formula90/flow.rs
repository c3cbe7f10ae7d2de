//! The game turn (TURNO DE JOGO): advance the Turn pawn, activate sections from the Leader
//! backwards, hold a duel where a corner is activated, let each car play its individual turn,
//! and end the race after the last turn.
use super::car::{Status, NO_CAR, NO_CARD};
use super::cards::CardSet;
use super::events::{Event, Log};
use super::rules::Strategy;
use super::state::{F90State, IndTurn, Phase, Then};
use super::track::Kind;

impl F90State {
    /// Setup: deal the starting hands ("compra tantas cartas conforme indicado no token").
    pub fn begin(&mut self, log: &mut impl Log) {
        self.begin_practice(log);
    }

    /// Deals to the first human from `car` on whose hand is short, then qualifying.
    pub fn deal_next(&mut self, from: u8, log: &mut impl Log) {
        for c in from..self.race.humans() as u8 {
            let car = self.car(c);
            let short = car.chart.hand.saturating_sub(car.hand.len() as u8);
            if short > 0 && self.draw_race(c, short, Then::Deal, log) {
                return;
            }
        }
        self.start_qualifying(log);
    }

    /// 1. Advance the Turn pawn; a black-marked space opens a Race Stage.
    pub fn start_game_turn(&mut self, log: &mut impl Log) {
        self.turn += 1;
        if self.turn > self.race.turns {
            self.phase = Phase::GameOver;
            log.push(Event::RaceEnd);
            return;
        }
        let stage = self.race.track().is_race_stage_start(self.turn);
        if stage {
            self.stage_flags();
        }
        log.push(Event::TurnStart {
            turn: self.turn,
            stage,
        });
        self.safety_car_turn(stage, log);
        let turn = self.turn;
        let mut robot_discards = CardSet::EMPTY;
        for c in 0..self.n() {
            let car = &mut self.cars[c];
            car.played = car.retired();
            car.moved = false;
            car.just_pit = false;
            car.duel_chances = [0; 2];
            car.special_taken = false;
            car.must_pit = false;
            // Duel cards come back at the next turn ("volta para a mão ... no início do
            // próximo"); robots' go to the discard pile.
            if car.is_robot() {
                robot_discards = robot_discards.union(car.frozen);
            } else {
                car.hand = car.hand.union(car.frozen);
            }
            car.frozen = CardSet::EMPTY;
            if !car.is_robot() && !car.retired() && car.fuel == turn {
                car.must_pit = true;
            }
        }
        self.discard_set(robot_discards);
        self.robot_chits_due(log);
        self.activate_next(log);
    }

    /// Robot refuel chits on this turn: the best-placed robot of the chit's type that has not
    /// refuelled must stop ("o robô daquele tipo na melhor posição na pista deve parar").
    fn robot_chits_due(&mut self, log: &mut impl Log) {
        let race = self.race.clone();
        let chits = &race.content.robots.chits;
        let due: alloc::vec::Vec<usize> = (0..chits.len())
            .filter(|&i| self.chits >> i & 1 == 1 && chits[i].pit_turn == self.turn)
            .collect();
        if due.is_empty() {
            return;
        }
        let order = self.race_order();
        for i in due {
            self.chits &= !(1u64 << i);
            let kind = chits[i].kind;
            if let Some(&r) = order.iter().find(|&&c| {
                let car = self.car(c);
                car.robot() == Some(kind) && !car.refuelled && !car.must_pit
            }) {
                self.car_mut(r).must_pit = true;
                log.push(Event::RobotMustPit { car: r });
            }
        }
    }

    /// 2.–4. The next car to play, after a duel if its corner (sub)section has not had one.
    pub fn activate_next(&mut self, log: &mut impl Log) {
        if self.robots_weather_pit {
            // The weather turned during the individual turn just over.
            self.robots_pit_for_weather(log);
        }
        if (0..self.race.humans() as u8).all(|c| self.car(c).retired()) {
            // Nobody left to decide: the race is over for every seat.
            self.phase = Phase::GameOver;
            log.push(Event::RaceEnd);
            return;
        }
        if self.sc.window {
            return self.safety_car_window(log);
        }
        let Some(car) = self.next_to_play() else {
            self.end_game_turn(log);
            return;
        };
        if self.duel_due(car) {
            self.start_duel(car, log);
            return;
        }
        self.begin_individual(car, log);
    }

    fn end_game_turn(&mut self, log: &mut impl Log) {
        for c in 0..self.n() {
            self.cars[c].no_move = false;
        }
        self.start_game_turn(log);
    }

    /// Whether activating `car`'s section first calls for the duel procedure: a corner, not
    /// the race start, and cars there that have not had their chance in this (sub)section.
    fn duel_due(&self, car: u8) -> bool {
        let c = self.car(car);
        // "Não há duelos no início ou reinício de uma corrida"; none in the Safety Car's line.
        if self.turn <= 1
            || self.sc.out
            || self.restart_turn()
            || !c.racing()
            || self.race.track().kind(c.section) != Kind::Corner
        {
            return false;
        }
        if self.yellow_at(c.section).is_some() {
            // "Não são permitidas ... duelos em uma seção com bandeira amarela."
            return false;
        }
        let leader = self.leader();
        let side = self.side_of(car, leader);
        let bit = 1u64 << c.section;
        self.section_cars(c.section)
            .filter(|&o| self.side_of(o, leader) == side)
            .any(|o| self.car(o).duel_chances[usize::from(side)] & bit == 0)
    }

    /// 3. The individual turn of `car` (robots play theirs at once).
    pub fn begin_individual(&mut self, car: u8, log: &mut impl Log) {
        self.it = IndTurn::new(car);
        log.push(Event::Plays { car });
        // Its cards of the last turn are no longer there for a chaser to take.
        self.car_mut(car).reserved = CardSet::EMPTY;
        if self.under_safety_car() {
            if self.car(car).is_robot() {
                return self.safety_car_robot(car, log);
            }
            // No strategies under the Safety Car: the Chased chit stays as it is.
            self.phase = Phase::Declare { car };
            return;
        }
        if self.car(car).is_robot() {
            self.robot_turn(car, log);
        } else if self.car(car).just_pit {
            // The pit stop was its phase A; it resumes at B ("remova o token Just Pit").
            self.car_mut(car).just_pit = false;
            self.phase_b(car, log);
        } else {
            self.update_chase(car, log);
            self.phase = Phase::Declare { car };
        }
    }

    /// The individual turn is over: the car has played; strategies may give a Track Card.
    pub fn end_individual(&mut self, car: u8, log: &mut impl Log) {
        {
            let c = self.car_mut(car);
            c.played = true;
            c.just_pit = false;
            if !c.moved {
                c.no_move = true;
            }
        }
        // "Estratégias, Habilidades ... não podem ser usados" under the Safety Car.
        if !self.car(car).is_robot() && self.car(car).racing() && !self.sc.out {
            self.it.specials_due = self.strategy_special(car);
        }
        self.next_special(car, log);
    }

    /// The strategy's Track Cards still due at the end of the turn, one draw at a time.
    pub fn next_special(&mut self, car: u8, log: &mut impl Log) {
        if self.it.specials_due > 0 {
            self.it.specials_due -= 1;
            log.push(Event::Special {
                car,
                strategy: self.car(car).strategy,
            });
            if self.draw_track(car, Then::TurnEnd, log) {
                return;
            }
            self.it.specials_due = 0;
        }
        self.activate_next(log);
    }

    /// The Track Cards the Specials met at the end of the turn give (Apêndice A; Lucky's is in
    /// phase B).
    fn strategy_special(&mut self, car: u8) -> u8 {
        let it = self.it;
        let c = *self.car(car);
        let met = match c.strategy {
            // "Gaste pelo menos 1 pneu do seu estoque."
            Strategy::SaveTyres => it.token_paid,
            // "Sempre que ultrapassar carros na mesma volta em qualquer lugar da pista (apenas 1
            // track card por turno)."
            Strategy::BangingWheels if it.overtook && !c.special_taken => {
                self.car_mut(car).special_taken = true;
                true
            }
            // "Sempre que estiver numa trajetória e COMBINAR COR com uma das cartas".
            Strategy::Balance => it.matched,
            // "Sempre que mover o carro com cartas menores ou iguais a 2."
            Strategy::SaveFuel => it.small_cards,
            // "Sempre que realizar uma compra cega que envolva risco de desgaste": one each,
            // "a única estratégia que pode premiar ... mais de 1 track card por turno".
            Strategy::Hazard => return it.hazard_draws,
            // "Sempre que gastar 2 ou mais pneus no turno (não cartas)."
            Strategy::Push => it.tokens_paid >= super::rules::PUSH_SPECIAL_TOKENS,
            // "finalizar seu movimento na mesma seção do jogador que ele está perseguindo".
            Strategy::Chase => {
                c.chasing != NO_CAR
                    && self.car(c.chasing).racing()
                    && self.car(c.chasing).section == c.section
            }
            // "se tiver pelo menos um robô Fast/Slow à sua frente na mesma volta".
            Strategy::Recovery => self.slow_robot_ahead(car),
            _ => false,
        };
        u8::from(met)
    }

    /// A Fast or Slow robot racing ahead of `car` on its lap (RECOVERY's Special).
    pub fn slow_robot_ahead(&self, car: u8) -> bool {
        let lap = self.car(car).lap;
        self.race_order()
            .into_iter()
            .take_while(|&o| o != car)
            .any(|o| {
                let r = self.car(o);
                r.racing()
                    && r.lap == lap
                    && matches!(
                        r.robot(),
                        Some(super::content::RobotType::Fast | super::content::RobotType::Slow)
                    )
            })
    }

    /// A car leaves the race ("Abandonando a Corrida"): a player's cards, tyres and wear go
    /// back; a robot takes its type's chit farthest from turn 1 off the Turn track.
    pub fn retire(&mut self, car: u8, why: super::events::Retire, log: &mut impl Log) {
        let order = self.retirements;
        self.retirements += 1;
        self.take_off_track(car);
        let c = self.cars[usize::from(car)];
        self.discard_set(c.hand.union(c.frozen));
        if self.it.car == car {
            let in_play = self.it.in_play;
            self.discard_set(in_play);
            self.it.in_play = CardSet::EMPTY;
        }
        self.discard(c.target);
        self.bag[0] += c.red;
        self.bag[1] += c.brown;
        if let Some(kind) = c.robot() {
            let race = self.race.clone();
            let chits = &race.content.robots.chits;
            if let Some(i) = (0..chits.len())
                .filter(|&i| self.chits >> i & 1 == 1 && chits[i].kind == kind)
                .max_by_key(|&i| chits[i].pit_turn)
            {
                self.chits &= !(1u64 << i);
            }
        }
        let m = self.car_mut(car);
        m.status = Status::Retired { order };
        m.hand = CardSet::EMPTY;
        m.frozen = CardSet::EMPTY;
        m.target = NO_CARD;
        m.red = 0;
        m.brown = 0;
        m.tyres = 0;
        m.trajectory = None;
        m.played = true;
        log.push(Event::Retired { car, why });
    }
}
