//! E — Movimento: every movement point is spent ("gastar pm não é opcional"), 1 to enter a
//! section, more (or a stop) to get past a car by the cost table; the Leader checks before
//! lapping a car for the first time ("Líder Dando Volta").
use super::car::{Status, NO_CARD};
use super::cards::CardId;
use super::content::RobotType;
use super::events::{Event, Log};
use super::rules::{pass_cost, Pass, PassCase, Relation, Strategy};
use super::state::{Check, F90State, Phase};
use super::track::Kind;

/// A pass about to happen: who, how, at what cost, and whether the Leader must check first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextPass {
    pub other: u8,
    pub relation: Relation,
    pub pass: Pass,
    pub leader_check: bool,
    /// The "-1" icon makes this corner pass cost what a straight's would.
    pub icon: bool,
}

impl F90State {
    /// The race start, a restart and (option) the last turn: every pass costs 1 ("independentemente do
    /// tipo de seção").
    pub fn easy_turn(&self) -> bool {
        self.turn <= 1
            || self.restart_turn()
            || (self.turn == self.race.turns && self.race.opts.last_turn_easy_passing)
    }

    pub fn relation(&self, mover: u8, other: u8) -> Relation {
        let (a, b) = (self.car(mover).lap, self.car(other).lap);
        if a == b {
            Relation::Overtake
        } else if b < a {
            Relation::Lap
        } else {
            Relation::Unlap
        }
    }

    /// What getting past the car just ahead of `mover` in its section would take.
    pub fn next_pass(&self, mover: u8) -> Option<NextPass> {
        let other = self.ahead_in_section(mover)?;
        let m = self.car(mover);
        let o = self.car(other);
        let relation = self.relation(mover, other);
        let case = PassCase {
            mover_robot: m.is_robot(),
            other_robot: o.is_robot(),
            other_no_move: o.no_move,
            easy_turn: self.easy_turn(),
            banging_wheels: m.uses(Strategy::BangingWheels),
            lapping: m.has(super::rules::Skill::Lapping),
            recovery: m.uses(Strategy::Recovery)
                && matches!(o.robot(), Some(RobotType::Fast | RobotType::Slow)),
            blue_flag: m.blue_flag && !m.is_robot(),
        };
        let mut pass = pass_cost(self.race.track().kind(m.section), relation, case);
        // "-1": "ultrapassar, dar volta ou recuperar volta em qualquer curva à sua escolha (mas
        // apenas UMA delas) como se fosse uma reta" — spent on the first corner where it helps.
        let sec = &self.race.track().sections[usize::from(m.section)];
        let mut icon = false;
        if sec.kind == Kind::Corner
            && !m.is_robot()
            && self.it.car == mover
            && (self.it.corner_pass == super::state::CORNER_PASS_READY
                || (self.it.corner_pass != 0 && self.it.corner_pass == sec.corner))
        {
            let straight = pass_cost(Kind::Straight, relation, case);
            let cheaper = match (pass, straight) {
                (Pass::Stop, Pass::Costs(_)) => true,
                (Pass::Costs(a), Pass::Costs(b)) => b < a,
                _ => false,
            };
            if cheaper {
                pass = straight;
                icon = true;
            }
        }
        if self.yellow_at(m.section).is_some() {
            // "Alinhamento: Não são permitidas ultrapassagens ... Uma bandeira amarela tem
            // prioridade sobre qualquer coisa."
            pass = Pass::Stop;
        }
        // "Esta verificação não é necessária se o Líder estiver dando a 2a ou 3a volta".
        let leader_check =
            relation == Relation::Lap && m.lap - o.lap == 1 && self.leader() == Some(mover);
        Some(NextPass {
            other,
            relation,
            pass,
            leader_check,
            icon,
        })
    }

    /// E begins with `mp` movement points; a car off the track re-enters first.
    pub fn begin_move(&mut self, car: u8, mp: i8, log: &mut impl Log) {
        self.it.mp = mp;
        self.it.mp_left = mp;
        log.push(Event::Movement { car, mp });
        if let Status::OffTrack { reentry } = self.car(car).status {
            if mp <= 0 {
                // "o carro é simplesmente posicionado na seção de reentrada com o token NO MOVE".
                self.reenter(car, reentry, log);
                self.end_individual(car, log);
                return;
            }
            // "Reentrar na pista custa 1 mp".
            self.it.mp_left -= 1;
            self.reenter(car, reentry, log);
            self.car_mut(car).moved = true;
            self.it.entered = true;
        }
        self.drive(car, log);
    }

    /// Back on the track, behind every car of the re-entry section.
    pub fn reenter(&mut self, car: u8, section: u8, log: &mut impl Log) {
        let lost = self.car(car).section;
        // The re-entry point may lie past the finish line.
        if section < lost {
            self.car_mut(car).lap += 1;
        }
        self.car_mut(car).status = Status::Racing;
        self.place_last(car, section);
        log.push(Event::Reenter { car, section });
    }

    /// Spends the movement points until they run out or a car stops the move.
    pub fn drive(&mut self, car: u8, log: &mut impl Log) {
        loop {
            if self.it.mp_left <= 0 {
                return self.end_move(car, log);
            }
            if self.yellow_just_ahead(car) {
                self.pass_yellow(car, log);
                continue;
            }
            match self.next_pass(car) {
                Some(p) => {
                    let k = match p.pass {
                        Pass::Stop => return self.stop(car, p.other, log),
                        Pass::Costs(k) if i16::from(k) > i16::from(self.it.mp_left) => {
                            return self.stop(car, p.other, log)
                        }
                        Pass::Costs(k) => k,
                    };
                    if p.leader_check {
                        self.it.lapping = p.other;
                        self.phase = if self.car(car).is_robot() {
                            Phase::Blind {
                                car,
                                why: Check::Leader,
                            }
                        } else {
                            Phase::Check {
                                car,
                                why: Check::Leader,
                            }
                        };
                        return self.enter_check_phase(car, log);
                    }
                    self.pass(car, p, k, log);
                }
                None => self.step_into_next(car, log),
            }
        }
    }

    /// A blind check with nothing left to draw fails at once; other phases wait.
    fn enter_check_phase(&mut self, car: u8, log: &mut impl Log) {
        if let Phase::Blind { why, .. } = self.phase {
            self.blind(car, why, log);
        }
    }

    /// A blind check: the top card of the Race deck (reshuffled if it ran out).
    pub fn blind(&mut self, car: u8, why: Check, log: &mut impl Log) {
        if self.car(car).uses(Strategy::Hazard) {
            // HAZARD: a blind draw that risks wear — a green card's check (+1 MP in E and a
            // Track Card) or a late brake (a Track Card; it comes after E).
            match why {
                Check::Card(_) => {
                    self.it.blind_draws += 1;
                    self.it.hazard_draws += 1;
                }
                // An ET's blind test is drawn in phase D: +1 MP in E and a Track Card.
                Check::Extreme => {
                    self.it.blind_draws += 1;
                    self.it.hazard_draws += 1;
                }
                Check::LateBrake => self.it.hazard_draws += 1,
                Check::Leader | Check::Recovery(_) => {}
            }
        }
        self.phase = Phase::Blind { car, why };
        self.refill_race_deck(log);
        if self.race_deck.is_empty() {
            self.blind_without_card(car, why, log);
        }
    }

    fn stop(&mut self, car: u8, other: u8, log: &mut impl Log) {
        log.push(Event::Blocked {
            car,
            by: other,
            left: self.it.mp_left,
        });
        self.it.mp_left = 0;
        self.end_move(car, log);
    }

    /// Goes past the car ahead, paying `cost`.
    pub fn pass(&mut self, car: u8, p: NextPass, cost: u8, log: &mut impl Log) {
        if p.icon && self.it.corner_pass == super::state::CORNER_PASS_READY {
            let s = self.car(car).section;
            self.it.corner_pass = self.race.track().sections[usize::from(s)].corner;
            log.push(Event::CornerPass {
                car,
                corner: self.it.corner_pass,
            });
        }
        self.it.mp_left -= cost as i8;
        self.swap_ahead(car);
        self.car_mut(car).moved = true;
        if p.relation == Relation::Overtake {
            self.it.overtook = true;
        }
        log.push(Event::Pass {
            car,
            other: p.other,
            relation: p.relation,
            cost,
        });
    }

    /// At the front of its section: 1 MP into the next one, last there.
    fn step_into_next(&mut self, car: u8, log: &mut impl Log) {
        self.it.mp_left -= 1;
        self.enter_next_section(car);
        let c = self.car_mut(car);
        c.moved = true;
        c.trajectory = None;
        self.it.entered = true;
        let s = self.car(car).section;
        let corner = self.race.track().sections[usize::from(s)].corner;
        if corner != 0 {
            self.it.pledge &= !(1u64 << corner);
        }
        log.push(Event::Enter { car, section: s });
    }

    /// The leader's check was made: lap the car or stop ("Se falhar, o Líder deve parar e
    /// qualquer movimento restante será perdido (mas sem danos)").
    pub fn after_leader_check(&mut self, car: u8, passed: bool, log: &mut impl Log) {
        if !passed {
            let other = self.it.lapping;
            return self.stop(car, other, log);
        }
        if let Some(p) = self.next_pass(car) {
            let k = match p.pass {
                Pass::Costs(k) => k,
                Pass::Stop => 0,
            };
            self.pass(car, p, k, log);
        }
        self.drive(car, log);
    }

    /// The cards a leader may check with when a Track Card binds it: those that pass.
    pub fn pledged_cards(&self, car: u8) -> super::cards::CardSet {
        let target = self.check_target(car, 0);
        let mut s = super::cards::CardSet::EMPTY;
        for id in self.car(car).hand.iter() {
            if i16::from(self.race.card(id).cf) <= target {
                s.insert(id);
            }
        }
        s
    }

    /// A check with a card from the hand (human): the card is the new Target Check.
    pub fn check_with_card(&mut self, car: u8, card: CardId, why: Check, log: &mut impl Log) {
        self.car_mut(car).hand.remove(card);
        self.finish_check(car, card, why, log);
    }

    /// Resolves a leader's, a late brake's or a recovery's check made with `card`.
    pub fn finish_check(&mut self, car: u8, card: CardId, why: Check, log: &mut impl Log) {
        let modifier = self.check_modifier(why);
        let passed = self.resolve_check(car, card, modifier, why, log);
        self.after_check(car, why, passed, log);
    }

    pub fn check_modifier(&self, why: Check) -> i8 {
        match why {
            Check::Card(slot) => self.it.tests[usize::from(slot)].map_or(0, |t| t.modifier),
            Check::Leader => 0,
            Check::LateBrake => self.race.track().sections
                [usize::from(self.car(self.it.car).section)]
            .late_brake
            .map_or(0, |l| l.modifier),
            Check::Recovery(node) => self.race.track().nodes[usize::from(node)].modifier,
            Check::Extreme => self
                .extreme_in(self.car(self.it.car).section)
                .map_or(0, |e| e.modifier),
        }
    }

    pub fn after_check(&mut self, car: u8, why: Check, passed: bool, log: &mut impl Log) {
        match why {
            Check::Card(_) => unreachable_card_check(),
            Check::Leader => self.after_leader_check(car, passed, log),
            Check::LateBrake => self.after_late_brake(car, passed, log),
            Check::Recovery(node) => self.after_recovery_test(car, node, passed, log),
            Check::Extreme => self.after_extreme(car, passed, log),
        }
    }

    /// A blind check when neither the deck nor its discards hold a card: it fails, the Target
    /// Check unchanged.
    pub fn blind_without_card(&mut self, car: u8, why: Check, log: &mut impl Log) {
        log.push(Event::Check {
            car,
            why,
            card: NO_CARD,
            target: self.check_target(car, self.check_modifier(why))
                + self.conditions_modifier(car, why),
            pass: false,
        });
        match why {
            Check::Card(slot) => {
                self.it.tests[usize::from(slot)] = None;
                self.it.wear_due += 1;
                self.symbols_next(car, log);
            }
            _ => self.after_check(car, why, false, log),
        }
    }

    /// The end of movement: F.1 late braking, F.2 trajectories.
    pub fn end_move(&mut self, car: u8, log: &mut impl Log) {
        let c = self.car(car);
        let section = &self.race.track().sections[usize::from(c.section)];
        let lb = section.kind == Kind::Braking && section.late_brake.is_some();
        if lb && !c.is_robot() && c.racing() && !self.it.late_braked {
            self.phase = Phase::LateBrake { car };
            return;
        }
        if lb && c.is_robot() && c.racing() && !self.it.late_braked {
            // "forçar um robô (que finalize seu movimento numa Zona de Frenagem) a tentar
            // atrasar a freada".
            if let Some(h) = self.orange_holder_for(car) {
                self.phase = Phase::OrangeFlag { car: h };
                return;
            }
        }
        self.trajectory_step(car, log);
    }
}

// A movement card's check is resolved in phase D, never through `after_check`.
fn unreachable_card_check() {}
