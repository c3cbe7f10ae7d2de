//! F — Fim do Turno: late braking (F.1) and trajectories (F.2); a failed late brake's
//! recovery chart (Manobras de Recuperação) and what it costs.
use super::events::{Bonus, Event, Log, Retire};
use super::rules::{Relation, Strategy};
use super::state::{Check, F90State, Phase, Then};
use super::track::Outcome;

impl F90State {
    /// F.1: a blind check against the Target Check with the LB point's modifier.
    pub fn late_brake(&mut self, car: u8, log: &mut impl Log) {
        self.it.late_braked = true;
        log.push(Event::LateBrakeTry { car });
        self.blind(car, Check::LateBrake, log);
    }

    /// Passed: "passa todos os demais carros na zona de frenagem e avança para a próxima
    /// seção" (last there); failed: off the track, into the recovery chart.
    pub fn after_late_brake(&mut self, car: u8, passed: bool, log: &mut impl Log) {
        let section = self.car(car).section;
        if passed {
            let ahead: alloc::vec::Vec<u8> = self
                .section_cars(section)
                .take_while(|&c| c != car)
                .collect();
            if ahead
                .iter()
                .any(|&o| self.relation(car, o) == Relation::Overtake)
            {
                self.it.overtook = true;
            }
            let race = self.race.clone();
            let track = race.track();
            let mut next = track.next(section);
            if next == 0 {
                self.car_mut(car).lap += 1;
            }
            // HAZARD: "Atrasar a Freada permite avançar 2 casas ao invés de apenas 1 (desde que
            // as casas avançadas não tenham outros carros)": both sections empty (decision 42).
            let second = track.next(next);
            if self.car(car).uses(Strategy::Hazard)
                && self.section_cars(next).next().is_none()
                && self.section_cars(second).next().is_none()
            {
                if second == 0 {
                    self.car_mut(car).lap += 1;
                }
                next = second;
                log.push(Event::Bonus {
                    car,
                    bonus: Bonus::HazardLateBrake,
                });
            }
            self.place_last(car, next);
            let c = self.car_mut(car);
            c.moved = true;
            c.trajectory = None;
            self.it.entered = true;
            log.push(Event::Enter { car, section: next });
            return self.trajectory_step(car, log);
        }
        let lb = self.race.track().sections[usize::from(section)]
            .late_brake
            .expect("a late brake only at an LB point");
        let start = self.race.track().recoveries[usize::from(lb.recovery)].start;
        self.take_off_track(car);
        {
            let c = self.car_mut(car);
            c.status = super::car::Status::OffTrack { reentry: section };
            c.trajectory = None;
        }
        log.push(Event::OffTrack { car, section });
        self.recovery_test(car, start, log);
    }

    /// What the recovery chart starting at `node` may cost at worst: tyres, wear, cards, and
    /// whether a path ends out of the race (what a driver weighs before a late brake).
    pub fn chart_risk(&self, node: u16) -> (u8, u8, u8, bool) {
        let nodes = &self.race.track().nodes;
        let mut worst = (0u8, 0u8, 0u8, false);
        let mut stack = alloc::vec![(node, 0u8, 0u8, 0u8, 0usize)];
        while let Some((n, t, w, d, depth)) = stack.pop() {
            if depth > nodes.len() {
                continue;
            }
            let x = &nodes[usize::from(n)];
            for o in [x.pass, x.fail] {
                let (t, w, d) = (t + o.tyres, w + o.wear, d + o.discard);
                match o.next {
                    Some(m) => stack.push((m, t, w, d, depth + 1)),
                    None => {
                        worst = (
                            worst.0.max(t),
                            worst.1.max(w),
                            worst.2.max(d),
                            worst.3 || o.abandon,
                        );
                    }
                }
            }
        }
        worst
    }

    /// A recovery chart's test: a normal one may use a card of the hand, a blind one draws;
    /// robots always draw against 70.
    pub fn recovery_test(&mut self, car: u8, node: u16, log: &mut impl Log) {
        let n = self.race.track().nodes[usize::from(node)];
        let why = Check::Recovery(node);
        if n.blind || self.car(car).is_robot() || self.car(car).hand.is_empty() {
            self.blind(car, why, log);
        } else {
            self.phase = Phase::Check { car, why };
        }
    }

    /// Follows the green or the red arrow: costs at once, then the next test or re-entry.
    pub fn after_recovery_test(&mut self, car: u8, node: u16, passed: bool, log: &mut impl Log) {
        let n = self.race.track().nodes[usize::from(node)];
        let o: Outcome = if passed { n.pass } else { n.fail };
        log.push(Event::Recovery { car, outcome: o });
        let robot = self.car(car).is_robot();
        {
            let c = self.car_mut(car);
            c.time_loss = c.time_loss.saturating_add(o.time_loss);
            c.forced_pit |= o.forced_pit;
        }
        if o.abandon {
            self.retire(car, Retire::CrashOut, log);
            if o.safety_car && self.safety_car_on() && !self.sc.out {
                return self.safety_car_enters(car, log);
            }
            return self.activate_next(log);
        }
        self.it.recovery_next = o.next;
        self.it.recovery_reentry = o.reenter;
        if !robot {
            // "Se o carro não tem tokens de pneus suficientes, ele abandona a corrida."
            if self.car(car).tyres < o.tyres {
                self.retire(car, Retire::Tyres, log);
                return self.activate_next(log);
            }
            self.car_mut(car).tyres -= o.tyres;
            if self.car(car).hand.len() < u32::from(o.discard) {
                self.retire(car, Retire::Cards, log);
                return self.activate_next(log);
            }
            if o.wear > 0 {
                self.it.discard_due = o.discard;
                self.phase = Phase::Wear {
                    car,
                    left: o.wear,
                    then: Then::Recovery,
                };
                return;
            }
            if o.discard > 0 {
                self.phase = Phase::RecoveryDiscard {
                    car,
                    left: o.discard,
                };
                return;
            }
        }
        self.recovery_continue(car, log);
    }

    /// After a recovery's wear: its discards, then onwards.
    pub fn recovery_after_wear(&mut self, car: u8, log: &mut impl Log) {
        let left = self.it.discard_due;
        self.it.discard_due = 0;
        if left > 0 {
            self.phase = Phase::RecoveryDiscard { car, left };
            return;
        }
        self.recovery_continue(car, log);
    }

    pub fn recovery_discard(&mut self, car: u8, card: u8, left: u8, log: &mut impl Log) {
        self.car_mut(car).hand.remove(card);
        self.discard(card);
        log.push(Event::Discard { car, card });
        if left > 1 {
            self.phase = Phase::RecoveryDiscard {
                car,
                left: left - 1,
            };
            return;
        }
        self.recovery_continue(car, log);
    }

    fn recovery_continue(&mut self, car: u8, log: &mut impl Log) {
        if let Some(next) = self.it.recovery_next.take() {
            return self.recovery_test(car, next, log);
        }
        if self.it.et_recovery {
            // An Extreme Trajectory's chart keeps the car on the track: its turn goes on.
            return self.extreme_recovered(car, log);
        }
        if let Some(reentry) = self.it.recovery_reentry.take() {
            // "Seu turno termina e ele voltará a entrar na pista em seu próximo turno".
            self.car_mut(car).status = super::car::Status::OffTrack { reentry };
            log.push(Event::ReentryPoint {
                car,
                section: reentry,
            });
        }
        self.end_individual(car, log);
    }

    /// F.2: a car that entered a section with a free trajectory may take it; robots take the
    /// best one, the outermost of equals.
    pub fn trajectory_step(&mut self, car: u8, log: &mut impl Log) {
        if self.it.entered && self.offer_trajectory(car, false, log) {
            return;
        }
        self.end_individual(car, log);
    }

    /// The free trajectory spots of the section `car` is in.
    pub fn free_trajectories(&self, car: u8) -> u8 {
        let s = self.car(car).section;
        let spots = self.race.track().sections[usize::from(s)]
            .trajectories
            .len();
        let mut free: u8 = (1u8 << spots) - 1;
        if self.extreme_in(s).is_some() && !self.car(car).is_robot() {
            free |= 1 << super::extreme::ET_SPOT;
        }
        for o in self.section_cars(s) {
            if o != car {
                if let Some(t) = self.car(o).trajectory {
                    free &= !(1 << t);
                }
            }
        }
        free
    }

    /// Offers (or, for a robot, takes) a free trajectory; `true` when a seat must decide.
    pub fn offer_trajectory(&mut self, car: u8, pit: bool, log: &mut impl Log) -> bool {
        // "Trajetórias - Não estão disponíveis nas relargadas".
        if !self.car(car).racing() || self.car(car).trajectory.is_some() || self.restart_turn() {
            return false;
        }
        let free = self.free_trajectories(car);
        if free == 0 && !(self.car(car).is_robot() && self.extreme_free(car)) {
            return false;
        }
        if self.car(car).is_robot() {
            if !pit && self.orange_extreme_offer(car) {
                return true;
            }
            self.robot_standard_trajectory(car, log);
            return false;
        }
        self.phase = Phase::Trajectory { car, pit };
        true
    }

    /// A robot's F.2: the best free standard trajectory, the outermost of equals.
    pub fn robot_standard_trajectory(&mut self, car: u8, log: &mut impl Log) {
        let free = self.free_trajectories(car);
        let s = self.car(car).section;
        let spots = &self.race.track().sections[usize::from(s)].trajectories;
        let best = (0..spots.len())
            .filter(|&i| free >> i & 1 == 1)
            .max_by_key(|&i| (spots[i].bonus, spots[i].outer))
            .map(|i| i as u8);
        if let Some(t) = best {
            self.car_mut(car).trajectory = Some(t);
            log.push(Event::TakeTrajectory { car, spot: t });
        }
    }

    pub fn take_trajectory(&mut self, car: u8, spot: Option<u8>, pit: bool, log: &mut impl Log) {
        if let Some(t) = spot {
            self.car_mut(car).trajectory = Some(t);
            log.push(if t == super::extreme::ET_SPOT {
                Event::TakeExtreme { car }
            } else {
                Event::TakeTrajectory { car, spot: t }
            });
        }
        if pit {
            self.activate_next(log);
        } else {
            self.end_individual(car, log);
        }
    }
}
