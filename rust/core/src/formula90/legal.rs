//! Which moves are legal: the candidates of the phase that pass `check` (`refusal.rs`), so the
//! two never disagree.
use super::actions::{encode, Move};
use super::car::NO_CARD;
use super::cards::{CardId, Flag};
use super::refusal::{hand_ids, Memo};
use super::rules::FUEL_CHITS;
use super::state::{F90State, Phase};
use super::weather::Tyre;
use crate::game::Action;
use alloc::vec::Vec;

impl F90State {
    /// Every legal move's id, sorted.
    pub fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Phase::Play { car } = self.phase {
            // The card plays come sorted and unique.
            self.play_moves(car, out);
            debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
            return;
        }
        // Each part lists its phases' moves and says whether the phase was one of them.
        let _ = self.chance_into(out) || self.race_start_into(out) || self.car_turn_into(out);
        out.sort_unstable();
        out.dedup();
    }

    /// Adds `m` to `out` if `check` accepts it.
    fn push_if_legal(&self, out: &mut Vec<Action>, m: Move) {
        if self.check(m).is_ok() {
            out.push(encode(m));
        }
    }

    /// Chance phases, weather, flags and Extreme Trajectories; false for any other phase.
    fn chance_into(&self, out: &mut Vec<Action>) -> bool {
        match self.phase {
            Phase::DrawRace { .. } | Phase::Blind { .. } | Phase::WeatherCard => {
                for id in self.race_deck.iter() {
                    out.push(encode(Move::Draw(id)));
                }
            }
            Phase::RobotTyres => {
                out.push(encode(Move::Tyres(Tyre::Hard as u8)));
                out.push(encode(Move::Tyres(Tyre::Rain as u8)));
            }
            Phase::StartTyres { .. } => {
                for t in Tyre::ALL {
                    self.push_if_legal(out, Move::Tyres(t as u8));
                }
            }
            Phase::WeatherIcon { .. } => {
                for k in 0..3 {
                    self.push_if_legal(out, Move::WeatherStep(k));
                }
            }
            Phase::BlueToken { .. } => {
                out.push(encode(Move::BlueToken));
                out.push(encode(Move::NoBlueToken));
            }
            Phase::YellowFlag { .. } => {
                for section in 0..self.race.track().len() as u8 {
                    if self.race.track().kind(section) == super::track::Kind::Corner
                        && self.yellow_at(section).is_none()
                    {
                        for behind in self.yellow_places(section) {
                            out.push(encode(Move::Yellow { section, behind }));
                        }
                    }
                }
                out.push(encode(Move::NoFlag));
            }
            Phase::GreenFlag { .. } => {
                for section in 0..self.race.track().len() as u8 {
                    if self.yellow_at(section).is_some() {
                        out.push(encode(Move::Green(section)));
                    }
                }
                out.push(encode(Move::NoFlag));
            }
            Phase::OrangeFlag { .. } => {
                out.push(encode(Move::ForceLateBrake));
                out.push(encode(Move::NoForce));
            }
            Phase::OrangeExtreme { .. } => {
                out.push(encode(Move::ForceExtreme));
                out.push(encode(Move::NoForce));
            }
            Phase::Extreme { car } => {
                self.push_if_legal(
                    out,
                    Move::Test {
                        slot: 2,
                        with: None,
                    },
                );
                self.push_if_legal(out, Move::FlatOut);
                for id in self.car(car).hand.tracks().iter() {
                    self.push_if_legal(out, Move::ExtremePower(id));
                }
            }
            Phase::DrawTrack { .. } => {
                for id in self.track_deck.iter() {
                    out.push(encode(Move::Draw(id)));
                }
            }
            Phase::Wear { .. } => {
                self.push_if_legal(out, Move::WearRed);
                self.push_if_legal(out, Move::WearBrown);
            }
            Phase::RobotChit { car } => {
                for i in self.free_chits(car) {
                    out.push(encode(Move::Chit(i)));
                }
            }
            Phase::GridTie { slot } => {
                for c in self.tied_at(slot) {
                    out.push(encode(Move::TieFirst(c)));
                }
            }
            _ => return false,
        }
        true
    }

    /// Qualifying, strategies, Free Practice, the Safety Car's phases, phase A and the pit stop; false for any other phase.
    fn race_start_into(&self, out: &mut Vec<Action>) -> bool {
        match self.phase {
            Phase::QualifyCard { seat } => {
                for id in self.car(seat).hand.races().iter() {
                    out.push(encode(Move::Qualify(id)));
                }
            }
            Phase::QualifyFuel { .. } => {
                for i in 0..FUEL_CHITS.len() as u8 {
                    out.push(encode(Move::Fuel(i)));
                }
            }
            Phase::Strategy { .. } => {
                for s in self.strategies() {
                    out.push(encode(Move::Strategy(*s as u8)));
                }
            }
            Phase::Skill { .. } => {
                for k in 0..super::rules::Skill::ALL.len() as u8 {
                    out.push(encode(Move::Skill(k)));
                }
            }
            Phase::Setup { .. } => {
                for tyres in 1..=3 {
                    for hand in 1..=3 {
                        for wear in 1..=3 {
                            self.push_if_legal(out, Move::Setup { tyres, hand, wear });
                        }
                    }
                }
            }
            Phase::SpareCar { .. } => {
                out.push(encode(Move::KeepHand));
                out.push(encode(Move::NewHand));
            }
            Phase::WiseDiscard { car } => {
                for id in self.car(car).hand.races().iter() {
                    out.push(encode(Move::Discard(id)));
                }
                out.push(encode(Move::KeepHand));
            }
            Phase::SafetyCarPit { .. } => {
                for m in [Move::StayOut, Move::Pit(0), Move::Pit(1), Move::Pit(2)] {
                    self.push_if_legal(out, m);
                }
            }
            Phase::SafetyCarDiscard { car } => {
                for id in self.car(car).hand.iter() {
                    out.push(encode(Move::Discard(id)));
                }
            }
            Phase::Declare { .. } => {
                for m in [
                    Move::Versatility,
                    Move::WiseDriving,
                    Move::Drive,
                    Move::Skip,
                    Move::Pit(0),
                    Move::Pit(1),
                    Move::Pit(2),
                    Move::SixthSense(Flag::Yellow),
                    Move::SixthSense(Flag::Green),
                    Move::SixthSense(Flag::Blue),
                ] {
                    self.push_if_legal(out, m);
                }
            }
            Phase::PitDiscard { car } => {
                for id in self.car(car).hand.iter() {
                    out.push(encode(Move::Discard(id)));
                }
                self.push_if_legal(out, Move::KeepHand);
            }
            Phase::PitTyres { .. } => {
                if self.weather_on() {
                    for t in Tyre::ALL {
                        self.push_if_legal(out, Move::Tyres(t as u8));
                    }
                } else {
                    out.push(encode(Move::NewTyres));
                }
                out.push(encode(Move::KeepTyres));
            }
            _ => return false,
        }
        true
    }

    /// Phases B and D to F (C, the card play, is `play_moves`), duels, and the race's end; false
    /// for any other phase.
    fn car_turn_into(&self, out: &mut Vec<Action>) -> bool {
        match self.phase {
            Phase::DrawChoice { car } => {
                out.push(encode(Move::DrawOne));
                for id in self.car(car).hand.iter() {
                    self.push_if_legal(out, Move::Discard(id));
                }
                let chased = self.car(car).chasing;
                if chased != super::car::NO_CAR {
                    for id in self.car(chased).reserved.iter() {
                        self.push_if_legal(out, Move::ChaseTake(id));
                    }
                }
            }
            Phase::LuckyDiscard { car }
            | Phase::PayDiscard { car }
            | Phase::RecoveryDiscard { car, .. } => {
                for id in self.car(car).hand.iter() {
                    out.push(encode(Move::Discard(id)));
                }
            }
            Phase::PayTyres { car } => {
                self.push_if_legal(out, Move::PayToken);
                if self.can_pay_card(car) {
                    for id in self.car(car).hand.iter() {
                        out.push(encode(Move::PayCard(id)));
                    }
                }
            }
            Phase::Tests { car } => {
                for slot in 0..2u8 {
                    let Some(t) = self.it.tests[usize::from(slot)] else {
                        continue;
                    };
                    out.push(encode(Move::Test { slot, with: None }));
                    if t.blind {
                        continue;
                    }
                    for id in self.car(car).hand.iter() {
                        out.push(encode(Move::Test {
                            slot,
                            with: Some(id),
                        }));
                    }
                    for j in 0..2 {
                        let id = self.it.cards[j];
                        if id != NO_CARD && !self.it.used[j] {
                            out.push(encode(Move::Test {
                                slot,
                                with: Some(id),
                            }));
                        }
                    }
                }
            }
            Phase::Check { car, .. } => {
                self.push_if_legal(
                    out,
                    Move::Test {
                        slot: 2,
                        with: None,
                    },
                );
                for id in self.car(car).hand.iter() {
                    self.push_if_legal(
                        out,
                        Move::Test {
                            slot: 2,
                            with: Some(id),
                        },
                    );
                }
            }
            Phase::LateBrake { car } => {
                out.push(encode(Move::LateBrake));
                out.push(encode(Move::NoLateBrake));
                for id in self.car(car).hand.tracks().iter() {
                    self.push_if_legal(out, Move::LateBrakePower(id));
                }
            }
            Phase::Trajectory { car, .. } => {
                let free = self.free_trajectories(car);
                for i in 0..super::extreme::ET_SPOT {
                    if free >> i & 1 == 1 {
                        out.push(encode(Move::Trajectory(i)));
                    }
                }
                if free >> super::extreme::ET_SPOT & 1 == 1 {
                    out.push(encode(Move::TakeExtreme));
                }
                out.push(encode(Move::NoTrajectory));
            }
            Phase::Challenge { .. } => {
                out.push(encode(Move::Challenge));
                out.push(encode(Move::NoChallenge));
            }
            Phase::Join { .. } => {
                out.push(encode(Move::Join));
                out.push(encode(Move::Decline));
            }
            Phase::DuelCards { car } => {
                let ids: Vec<CardId> = self.car(car).hand.iter().collect();
                for (i, &a) in ids.iter().enumerate() {
                    out.push(encode(Move::DuelCards { a, b: None }));
                    for &b in &ids[i + 1..] {
                        out.push(encode(Move::DuelCards { a, b: Some(b) }));
                    }
                }
            }
            Phase::GameOver => {}
            _ => return false,
        }
        true
    }

    /// Every legal play, generated in id order (pairs, then single cards; each without and
    /// with the trajectory), so the list needs no sort.
    fn play_moves(&self, car: u8, out: &mut Vec<Action>) {
        let (ids, n) = hand_ids(self.car(car).hand);
        let on_trajectory = self.car(car).trajectory.is_some() && self.car(car).racing();
        let start = out.len();
        let mut memo = Memo::default();
        let ways: &[bool] = if on_trajectory {
            &[false, true]
        } else {
            &[false]
        };
        for i in 0..n {
            for &b in &ids[i + 1..n] {
                for &t in ways {
                    if self
                        .play_check(car, Some(ids[i]), Some(b), t, &mut memo)
                        .is_ok()
                    {
                        out.push(encode(Move::Play {
                            a: Some(ids[i]),
                            b: Some(b),
                            trajectory: t,
                        }));
                    }
                }
            }
        }
        for &a in &ids[..n] {
            for &t in ways {
                if self.play_check(car, Some(a), None, t, &mut memo).is_ok() {
                    out.push(encode(Move::Play {
                        a: Some(a),
                        b: None,
                        trajectory: t,
                    }));
                }
            }
        }
        if out.len() == start {
            out.push(encode(Move::Play {
                a: None,
                b: None,
                trajectory: false,
            }));
        }
    }
}
