//! Applying a move `check` accepted: the phase's rules, then what the rules do by themselves
//! until the next decision or draw.
use super::actions::Move;
use super::car::NO_CARD;
use super::events::{Event, Log, Retire};
use super::rules::Strategy;
use super::state::{Check, F90State, Phase, StrategyWhy, Then};
use super::weather::Tyre;
use crate::game::Action;
use alloc::format;

impl F90State {
    /// Applies a move `check` accepted.
    pub fn apply_move(&mut self, m: Move, log: &mut impl Log) {
        // Each part handles its phases' moves and says whether it took this one.
        let _ = self.apply_table(m, log)
            || self.apply_race_start(m, log)
            || self.apply_car_turn(m, log);
    }

    /// The Safety Car's phases, chance outcomes, weather, flags and Extreme Trajectories; false for any other move.
    fn apply_table(&mut self, m: Move, log: &mut impl Log) -> bool {
        match (self.phase, m) {
            (Phase::SafetyCarPit { car }, Move::Pit(extra)) => self.pit(car, extra, log),
            (Phase::SafetyCarPit { .. }, Move::StayOut) => self.activate_next(log),
            (Phase::SafetyCarDiscard { car }, Move::Discard(id)) => {
                self.safety_car_discarded(car, Some(id), log)
            }
            (Phase::Declare { car }, Move::Drive) if self.under_safety_car() => {
                self.safety_car_follow(car, log)
            }
            (Phase::Declare { car }, Move::Pit(_)) if self.under_safety_car() => {
                self.safety_car_pit(car, log)
            }
            (Phase::DrawRace { car, left, then }, Move::Draw(id)) => {
                self.race_deck.remove(id);
                if then == Then::DuelRobot {
                    self.car_mut(car).frozen.insert(id);
                    self.duel.cards.insert(id);
                } else {
                    self.car_mut(car).hand.insert(id);
                }
                log.push(Event::Draw { car, card: id });
                if then == Then::PhaseB && self.car(car).uses(Strategy::Lucky) {
                    let k = usize::from(self.it.lucky[0] != NO_CARD);
                    self.it.lucky[k.min(1)] = id;
                }
                if left > 1 && self.draw_race(car, left - 1, then, log) {
                    return true;
                }
                self.after_draw(car, then, log);
            }
            (Phase::DrawTrack { car, then }, Move::Draw(id)) => {
                self.track_deck.remove(id);
                self.car_mut(car).hand.insert(id);
                log.push(Event::Draw { car, card: id });
                self.after_draw(car, then, log);
            }
            (Phase::Blind { car, why }, Move::Draw(id)) => {
                self.race_deck.remove(id);
                match why {
                    Check::Card(slot) => self.after_card_test(car, slot, id, log),
                    _ => self.finish_check(car, id, why, log),
                }
            }
            (Phase::Wear { car, left, then }, Move::WearRed | Move::WearBrown) => {
                let brown = m == Move::WearBrown;
                if !self.take_wear(car, brown) {
                    self.retire(car, Retire::Wear, log);
                    match then {
                        Then::DuelTie => self.next_tie_wear(log),
                        _ => self.activate_next(log),
                    }
                    return true;
                }
                log.push(Event::Wear { car, brown });
                if left > 1 {
                    self.phase = Phase::Wear {
                        car,
                        left: left - 1,
                        then,
                    };
                    return true;
                }
                self.after_draw(car, then, log);
            }
            (Phase::RobotChit { car }, Move::Chit(i)) => self.robot_chit_drawn(car, i, log),
            (Phase::WeatherCard, Move::Draw(id)) => self.weather_card(id, log),
            (Phase::RobotTyres, Move::Tyres(t)) => {
                self.set_robot_tyres(Tyre::from_index(t).expect("checked"), log)
            }
            (Phase::StartTyres { car }, Move::Tyres(t)) => {
                self.start_tyres(car, Tyre::from_index(t).expect("checked"), log)
            }
            (Phase::PitTyres { car }, Move::Tyres(t)) => {
                self.pit_new_tyres(car, Tyre::from_index(t).expect("checked"), log)
            }
            (Phase::WeatherIcon { car }, Move::WeatherStep(k)) => {
                self.it.weather_due -= 1;
                if k != 1 {
                    self.move_weather(car, k as i8 - 1, log);
                }
                self.symbols_next(car, log);
            }
            (Phase::BlueToken { car }, Move::BlueToken) => {
                self.car_mut(car).blue -= 1;
                log.push(Event::BlueToken { car });
                self.begin_move(car, self.it.mp.saturating_add(1), log);
            }
            (Phase::BlueToken { car }, Move::NoBlueToken) => self.begin_move(car, self.it.mp, log),
            (Phase::YellowFlag { car }, Move::Yellow { section, behind }) => {
                self.place_yellow(car, section, behind, log);
                self.symbols_next(car, log);
            }
            (Phase::GreenFlag { car }, Move::Green(section)) => {
                self.remove_yellow(Some(car), section, log);
                self.symbols_next(car, log);
            }
            (Phase::YellowFlag { car } | Phase::GreenFlag { car }, Move::NoFlag) => {
                self.symbols_next(car, log)
            }
            (Phase::OrangeFlag { car }, Move::ForceLateBrake | Move::NoForce) => {
                let robot = self.it.car;
                let force = m == Move::ForceLateBrake;
                log.push(Event::OrangeForces { car, robot, force });
                if force {
                    self.late_brake(robot, log);
                } else {
                    self.trajectory_step(robot, log);
                }
            }
            (Phase::OrangeExtreme { car }, Move::ForceExtreme | Move::NoForce) => {
                self.orange_extreme(car, m == Move::ForceExtreme, log)
            }
            (Phase::Extreme { car }, Move::Test { with: None, .. }) => self.extreme_blind(car, log),
            (Phase::Extreme { car }, Move::FlatOut) => {
                self.extreme_sure(car, super::extreme::SurePass::FlatOut, log)
            }
            (Phase::Extreme { car }, Move::ExtremePower(id)) => {
                self.extreme_sure(car, super::extreme::SurePass::Power(id), log)
            }
            (Phase::Trajectory { car, pit }, Move::TakeExtreme) => {
                self.take_trajectory(car, Some(super::extreme::ET_SPOT), pit, log)
            }
            _ => return false,
        }
        true
    }

    /// The grid, qualifying, strategies, phase A and the pit stop, phase B and Free Practice; false for any other move.
    fn apply_race_start(&mut self, m: Move, log: &mut impl Log) -> bool {
        match (self.phase, m) {
            (Phase::GridTie { slot }, Move::TieFirst(c)) => self.grid_tie(slot, c, log),
            (Phase::QualifyCard { seat }, Move::Qualify(id)) => self.qualify_card(seat, id),
            (Phase::QualifyFuel { seat }, Move::Fuel(i)) => self.qualify_fuel(seat, i, log),
            (Phase::Strategy { car, why }, Move::Strategy(i)) => {
                let s = Strategy::from_index(i).expect("checked");
                self.set_strategy(car, s, log);
                match why {
                    StrategyWhy::PreRace => self.pre_race_tyres(car, log),
                    StrategyWhy::Pit => self.pit_done(car, log),
                    StrategyWhy::Skip => self.after_skip(car, log),
                    StrategyWhy::Versatility => self.phase = Phase::Declare { car },
                }
            }
            (Phase::Declare { car }, Move::Drive) => self.phase_b(car, log),
            (Phase::Declare { car }, Move::Skip) => self.skip(car, log),
            (Phase::Declare { car }, Move::Pit(extra)) => self.pit(car, extra, log),
            (Phase::PitDiscard { car }, Move::Discard(id)) => {
                self.car_mut(car).hand.remove(id);
                self.discard(id);
                log.push(Event::Discard { car, card: id });
            }
            (Phase::PitDiscard { car }, Move::KeepHand) => self.pit_refill(car, log),
            (Phase::PitTyres { car }, Move::NewTyres) => self.pit_tyres(car, true, log),
            (Phase::PitTyres { car }, Move::KeepTyres) => self.pit_tyres(car, false, log),
            (Phase::LuckyDiscard { car }, Move::Discard(id)) => {
                self.car_mut(car).hand.remove(id);
                self.discard(id);
                log.push(Event::Discard { car, card: id });
                self.phase = Phase::Play { car };
            }
            (Phase::DrawChoice { car }, Move::DrawOne) => self.draw_one(car, log),
            (Phase::Skill { seat }, Move::Skill(k)) => {
                let k = super::rules::Skill::from_index(k).expect("checked");
                self.choose_skill(seat, k, log)
            }
            (Phase::Setup { seat }, Move::Setup { tyres, hand, wear }) => {
                self.choose_setup(seat, [tyres, hand, wear], log)
            }
            (Phase::SpareCar { seat }, Move::KeepHand) => self.spare_car(seat, false, log),
            (Phase::SpareCar { seat }, Move::NewHand) => self.spare_car(seat, true, log),
            (Phase::Declare { car }, Move::Versatility) => self.versatility(car, log),
            (Phase::Declare { car }, Move::WiseDriving) => self.wise_driving(car, log),
            (Phase::Declare { car }, Move::SixthSense(f)) => self.sixth_sense(car, f, log),
            (Phase::WiseDiscard { car }, Move::Discard(id)) => {
                self.car_mut(car).hand.remove(id);
                self.discard(id);
                log.push(Event::Discard { car, card: id });
            }
            (Phase::WiseDiscard { car }, Move::KeepHand) => self.wise_refill(car, log),
            (Phase::DrawChoice { car }, Move::Discard(id)) => self.save_fuel_trade(car, id, log),
            (Phase::DrawChoice { car }, Move::ChaseTake(id)) => self.chase_take(car, id, log),
            _ => return false,
        }
        true
    }

    /// Phases C to F and the duels; false for any other move (nothing then: `check` refused it).
    fn apply_car_turn(&mut self, m: Move, log: &mut impl Log) -> bool {
        match (self.phase, m) {
            (Phase::Play { car }, Move::Play { a, b, trajectory }) => self.play(
                car,
                [a.unwrap_or(NO_CARD), b.unwrap_or(NO_CARD)],
                trajectory,
                log,
            ),
            (Phase::PayTyres { car }, Move::PayToken) => self.pay_token(car, log),
            (Phase::PayTyres { car }, Move::PayCard(id)) => self.pay_card(car, id, log),
            (Phase::PayDiscard { car }, Move::Discard(id)) => self.pay_discard(car, id, log),
            (Phase::Tests { car }, Move::Test { slot, with }) => {
                self.test_card(car, slot, with, log)
            }
            (Phase::Check { car, why }, Move::Test { with: None, .. }) => self.blind(car, why, log),
            (Phase::Check { car, why }, Move::Test { with: Some(id), .. }) => {
                self.check_with_card(car, id, why, log)
            }
            (Phase::LateBrake { car }, Move::LateBrake) => self.late_brake(car, log),
            (Phase::LateBrake { car }, Move::NoLateBrake) => self.trajectory_step(car, log),
            (Phase::LateBrake { car }, Move::LateBrakePower(id)) => {
                // "LB: descarte-a para passar automaticamente em um atraso de freada".
                self.car_mut(car).hand.remove(id);
                self.discard(id);
                log.push(Event::Discard { car, card: id });
                self.it.late_braked = true;
                log.push(Event::LateBrakeTry { car });
                self.after_late_brake(car, true, log);
            }
            (Phase::Trajectory { car, pit }, Move::Trajectory(i)) => {
                self.take_trajectory(car, Some(i), pit, log)
            }
            (Phase::Trajectory { car, pit }, Move::NoTrajectory) => {
                self.take_trajectory(car, None, pit, log)
            }
            (Phase::RecoveryDiscard { car, left }, Move::Discard(id)) => {
                self.recovery_discard(car, id, left, log)
            }
            (Phase::Challenge { .. }, Move::Challenge) => self.challenge(self.duel.at, log),
            (Phase::Challenge { .. }, Move::NoChallenge) => self.next_challenger(log),
            (Phase::Join { car }, Move::Join) => self.answer(car, true, log),
            (Phase::Join { car }, Move::Decline) => self.answer(car, false, log),
            (Phase::DuelCards { car }, Move::DuelCards { a, b }) => self.duel_cards(car, a, b, log),
            _ => return false,
        }
        true
    }

    /// Where a draw or a wear token leads.
    fn after_draw(&mut self, car: u8, then: Then, log: &mut impl Log) {
        match then {
            Then::Deal => self.after_deal(car, log),
            Then::WiseRefill => self.phase = Phase::Declare { car },
            Then::PreRace => {
                // Qualify's two Track Cards follow the hard tyres' one.
                if self.it.specials_due > 0 {
                    self.it.specials_due -= 1;
                    if self.draw_track(car, Then::PreRace, log) {
                        return;
                    }
                    self.it.specials_due = 0;
                }
                let next = self.grid_slot(car) + 1;
                self.next_pre_race(next, log)
            }
            Then::PitRefill => self.phase = Phase::PitTyres { car },
            Then::PitTyreCard => {
                // Pitting's Track Card after the hard tyres' (neither counts in the hand).
                if self.it.specials_due > 0 {
                    self.it.specials_due -= 1;
                    if self.draw_track(car, Then::PitTyreCard, log) {
                        return;
                    }
                    self.it.specials_due = 0;
                }
                self.pit_strategy(car)
            }
            Then::PhaseB => self.after_b(car, log),
            Then::LuckySpecial => self.lucky_discard(car),
            Then::Symbols => self.symbols_next(car, log),
            Then::TurnEnd => self.next_special(car, log),
            Then::Recovery => self.recovery_after_wear(car, log),
            Then::DuelRobot => {
                let i = self.duel.at;
                self.robot_duel_sum(i);
                self.next_duel_cards(log)
            }
            Then::DuelTie | Then::DuelSpecial => self.next_tie_wear(log),
            Then::SafetyCar => self.safety_car_discard(car, log),
        }
    }

    /// Decodes, checks and applies `action`, or says why not (nothing changed then).
    pub fn apply_id(&mut self, action: Action, log: &mut impl Log) -> Result<(), crate::Error> {
        let m = super::actions::decode(action).ok_or_else(|| crate::Error::UnknownAction {
            what: format!("id {action}"),
        })?;
        self.check(m).map_err(crate::Error::from)?;
        self.apply_move(m, log);
        Ok(())
    }
}
