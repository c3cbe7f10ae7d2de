//! Extreme Trajectories (Circuitos item 6, D.2 "Verificação de Extreme Trajectory", "Falha em
//! um Teste de ET", robots' D, the orange flag, Track Cards' ET Discard Power, FLAT OUT).
//!
//! The diamond spot of a section is one more trajectory, one car at a time, stored in
//! `Car::trajectory` as `ET_SPOT`. A car standing on it that plays a card of its colour may
//! attempt it in phase C; in D.2, after D.1's payments and before any other test, it makes a
//! blind test against its Target Check plus the spot's modifier (robots 70). Passed: the bonus
//! is added in E. Failed: the car leaves the spot, follows the spot's recovery chart at once
//! (a time loss acts in this turn's E, decision A3), then plays on without the bonus. Flat Out
//! skips the test for the bonus -1; a Track Card with the ET Discard Power, discarded, passes it.
//! Robots never take an ET by themselves: the orange pawn's holder may put one there, and it
//! tests in its next turn. Decisions in docs/rules/formula90.md ("Extreme Trajectories").
use super::car::NO_CARD;
use super::cards::{CardId, Power};
use super::events::{Event, Log};
use super::refusals::{Key, Said, Why};
use super::rules::{Skill, Strategy};
use super::state::{Check, F90State, Phase};
use super::track::Extreme;

/// `Car::trajectory` for the Extreme Trajectory spot (standard spots are 0–4).
pub const ET_SPOT: u8 = 7;

/// How an Extreme Trajectory was passed without a blind test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurePass {
    /// FLAT OUT: "pode ignorar o teste cego ... reduza os pontos de movimento da ET em -1".
    FlatOut,
    /// A Track Card's ET Discard Power, discarded.
    Power(CardId),
}

impl F90State {
    pub fn extreme_on(&self) -> bool {
        self.race.opts.extreme
    }

    /// The Extreme Trajectory printed in `section`, when the module is on.
    pub fn extreme_in(&self, section: u8) -> Option<&Extreme> {
        if !self.extreme_on() {
            return None;
        }
        self.race.track().sections[usize::from(section)]
            .extreme
            .as_ref()
    }

    /// Whether `car` stands on its section's Extreme Trajectory.
    pub fn on_extreme(&self, car: u8) -> bool {
        let c = self.car(car);
        c.racing() && c.trajectory == Some(ET_SPOT) && self.extreme_in(c.section).is_some()
    }

    /// The ET of `car`'s section is there and no other car occupies it.
    pub fn extreme_free(&self, car: u8) -> bool {
        let s = self.car(car).section;
        self.extreme_in(s).is_some()
            && self
                .section_cars(s)
                .all(|o| o == car || self.car(o).trajectory != Some(ET_SPOT))
    }

    /// Phase C: the ET's colour rule ("respeitando a cor"); Balance needs no matching card.
    pub fn extreme_usable(&self, car: u8, cards: [CardId; 2]) -> Result<(), Said> {
        let e = self
            .extreme_in(self.car(car).section)
            .filter(|_| self.on_extreme(car))
            .ok_or((
                Key::NoExtreme,
                "Extreme Trajectories: the car is not on an Extreme Trajectory",
            ))?;
        if self.car(car).uses(Strategy::Balance) || colour_matched(self, e.colours, cards) {
            Ok(())
        } else {
            Err((
                Key::ExtremeColour,
                "Extreme Trajectories: no movement card matches the Extreme Trajectory's colour",
            ))
        }
    }

    /// A movement card matches the ET's colour (Balance's Special counts it as a trajectory).
    pub fn extreme_colour_matched(&self, car: u8, cards: [CardId; 2]) -> bool {
        let s = self.car(car).section;
        self.on_extreme(car)
            && self
                .extreme_in(s)
                .is_some_and(|e| colour_matched(self, e.colours, cards))
    }

    /// The ET bonus a car is sure of before its test, if any: the ET power of a Track Card it
    /// holds (not among `cards`), else Flat Out's bonus -1 (what R109 lets a Track Card rely on).
    pub fn extreme_sure_bonus(&self, car: u8, cards: [CardId; 2]) -> Option<u8> {
        let e = self.extreme_in(self.car(car).section)?;
        if self.extreme_power_card(car, cards).is_some() {
            return Some(e.bonus);
        }
        self.car(car)
            .has(Skill::FlatOut)
            .then(|| e.bonus.saturating_sub(1))
    }

    /// A Track Card of the hand with the ET Discard Power, not played for movement.
    fn extreme_power_card(&self, car: u8, cards: [CardId; 2]) -> Option<CardId> {
        if !self.race.opts.track_powers {
            return None;
        }
        self.car(car)
            .hand
            .tracks()
            .iter()
            .find(|&id| !cards.contains(&id) && self.race.card(id).power == Power::Extreme)
    }

    /// Why a sure pass is refused now, or `Ok`.
    pub fn check_sure_pass(&self, car: u8, how: SurePass) -> Result<(), Why> {
        match how {
            SurePass::FlatOut => {
                if self.car(car).has(Skill::FlatOut) {
                    Ok(())
                } else {
                    Err(Why::new(
                        Key::FlatOutSkill,
                        "Flat Out: only a driver with the Flat Out skill skips the ET test",
                    ))
                }
            }
            SurePass::Power(id) => {
                if !self.car(car).hand.contains(id) {
                    return Err(self.not_in_hand(id));
                }
                if !self.race.opts.track_powers || self.race.card(id).power != Power::Extreme {
                    let card = self.race.card_name(id);
                    return Err(Why::new(
                        Key::ExtremePower,
                        alloc::format!(
                            "Track Cards: {card} has no Extreme Trajectory Discard Power"
                        ),
                    )
                    .with("card", card));
                }
                Ok(())
            }
        }
    }

    /// Why the blind test is refused: a Track Card was played counting on a sure pass, and the
    /// sure pass is still at hand (a power card spent on D.1's payments leaves only the test).
    pub fn extreme_blind_refused(&self, car: u8) -> Option<Why> {
        let sure = self.car(car).has(Skill::FlatOut)
            || self.extreme_power_card(car, self.it.cards).is_some();
        (self.it.et_bound && sure).then(|| Why::new(
            Key::ExtremeBlind,
            "Track Cards: this move's Track Card counted on a sure pass of the Extreme Trajectory (Flat Out or the ET power), not a blind test",
        ))
    }

    /// D.2 begins with the ET's blind test ("um jogador deve primeiro resolver o teste cego
    /// exigido por uma tentativa de ET"); with nothing but the blind test to choose, it is drawn.
    pub fn extreme_test(&mut self, car: u8, log: &mut impl Log) {
        self.it.et_due = false;
        log.push(Event::ExtremeTry { car });
        let choice = self.car(car).has(Skill::FlatOut)
            || self.extreme_power_card(car, self.it.cards).is_some();
        if choice {
            self.phase = Phase::Extreme { car };
        } else {
            self.blind(car, Check::Extreme, log);
        }
    }

    /// The ET's blind test, chosen in `Phase::Extreme`.
    pub fn extreme_blind(&mut self, car: u8, log: &mut impl Log) {
        self.blind(car, Check::Extreme, log);
    }

    /// Flat Out or the ET power: passed without a test.
    pub fn extreme_sure(&mut self, car: u8, how: SurePass, log: &mut impl Log) {
        let e = *self
            .extreme_in(self.car(car).section)
            .expect("on an Extreme Trajectory");
        let bonus = match how {
            SurePass::FlatOut => e.bonus.saturating_sub(1),
            SurePass::Power(id) => {
                // "Esta carta pode ser descartada para ter sucesso automático ao pegar uma
                // Extreme Trajectory".
                self.car_mut(car).hand.remove(id);
                self.discard(id);
                log.push(Event::Discard { car, card: id });
                e.bonus
            }
        };
        self.it.et_mp = bonus;
        log.push(Event::ExtremePassed {
            car,
            bonus,
            power: match how {
                SurePass::FlatOut => NO_CARD,
                SurePass::Power(id) => id,
            },
        });
        self.symbols_next(car, log);
    }

    /// The blind test's result: the bonus for E, or control lost and the recovery chart.
    pub fn after_extreme(&mut self, car: u8, passed: bool, log: &mut impl Log) {
        let section = self.car(car).section;
        let e = *self.extreme_in(section).expect("on an Extreme Trajectory");
        if passed {
            self.it.et_mp = e.bonus;
            log.push(Event::ExtremePassed {
                car,
                bonus: e.bonus,
                power: NO_CARD,
            });
            return self.extreme_go_on(car, log);
        }
        // "não tem permissão para reocupar a trajetória ET ou qualquer outra trajetória
        // disponível nesta seção".
        self.car_mut(car).trajectory = None;
        self.it.et_recovery = true;
        log.push(Event::ExtremeLost { car, section });
        let start = self.race.track().recoveries[usize::from(e.recovery)].start;
        self.recovery_test(car, start, log);
    }

    /// The ET's recovery chart is done and the car still races: "Agora você está livre para
    /// jogar seu turno" without the bonus.
    pub fn extreme_recovered(&mut self, car: u8, log: &mut impl Log) {
        self.it.et_recovery = false;
        self.extreme_go_on(car, log);
    }

    fn extreme_go_on(&mut self, car: u8, log: &mut impl Log) {
        if self.car(car).is_robot() {
            self.robot_move(car, log);
        } else {
            self.symbols_next(car, log);
        }
    }

    /// F.2 for a robot: the orange pawn's holder may put it on a free ET ("Quando um robô termina
    /// seu movimento em uma seção com uma ET livre, o jogador que controla a bandeira laranja
    /// pode declarar que este robô se posicionará naquela ET").
    pub fn orange_extreme_offer(&mut self, robot: u8) -> bool {
        if !self.flags_on() || !self.extreme_free(robot) {
            return false;
        }
        match self.orange_holder_for(robot) {
            Some(h) => {
                self.phase = Phase::OrangeExtreme { car: h };
                true
            }
            None => false,
        }
    }

    pub fn orange_extreme(&mut self, holder: u8, force: bool, log: &mut impl Log) {
        let robot = self.it.car;
        log.push(Event::OrangeExtreme {
            car: holder,
            robot,
            force,
        });
        if force {
            self.car_mut(robot).trajectory = Some(ET_SPOT);
            log.push(Event::TakeExtreme { car: robot });
            return self.end_individual(robot, log);
        }
        // Not forced: the robot takes its best standard trajectory as usual.
        self.robot_standard_trajectory(robot, log);
        self.end_individual(robot, log);
    }
}

fn colour_matched(s: &F90State, colours: u8, cards: [CardId; 2]) -> bool {
    cards
        .iter()
        .any(|&id| id != NO_CARD && colours & s.race.card(id).colour.bit() != 0)
}
