//! A whole position as JSON, and a state built from one: for puzzles, teaching, bug reports and
//! tests. Everything is named as people read it (cars by name, cards by their check factor or
//! "T<number>", sections and chits counting from 1); the turn in progress and a duel under way
//! are part of it, so a position taken at any moment gives back the same view, legal actions
//! and continuation. The format is `position_format.rs`, written and read by serde; this file
//! turns a state into it, `position_read.rs` a position back into a state, refusing one that
//! breaks a rule: a card in two places or none, a car in no section or twice on the track, wear
//! beyond its slots, a phase that cannot be.
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::Value;

use super::car::{Status, NO_CARD};
use super::cards::{CardId, CardSet};
use super::position_format::{
    CarPos, ChartPos, CheckPos, DuelPos, FlagsPos, Name, PhasePos, Position, SafetyCarPos, SpotPos,
    TestPos, TurnPos, WearBag, WeatherPos, YellowPos,
};
use super::state::{Check, F90State, Phase, StrategyWhy, Then};
use crate::error::Error;

pub(super) const THENS: [(Then, &str); 14] = [
    (Then::Deal, "deal"),
    (Then::WiseRefill, "Wise Driving refill"),
    (Then::PreRace, "pre-race"),
    (Then::PitRefill, "pit refill"),
    (Then::PitTyreCard, "pit tyre card"),
    (Then::PhaseB, "phase B"),
    (Then::LuckySpecial, "Lucky's Special"),
    (Then::Symbols, "phase D"),
    (Then::TurnEnd, "turn end"),
    (Then::Recovery, "recovery"),
    (Then::DuelRobot, "robot duel cards"),
    (Then::DuelTie, "duel tie"),
    (Then::DuelSpecial, "duel Special"),
    (Then::SafetyCar, "Safety Car"),
];

pub(super) const WHYS: [(StrategyWhy, &str); 4] = [
    (StrategyWhy::PreRace, "pre-race"),
    (StrategyWhy::Pit, "pit stop"),
    (StrategyWhy::Skip, "skipped turn"),
    (StrategyWhy::Versatility, "Versatility"),
];

/// The bits of `mask` as the numbers from 1 of the bits set.
fn numbers(mask: u64) -> Vec<u8> {
    (0..64)
        .filter(|s| mask >> s & 1 == 1)
        .map(|s| s + 1)
        .collect()
}

/// Sixth Sense tokens (a bit mask, `flags::sixth_bit`) as the list of their flags.
fn sixth_names(mask: u8) -> Vec<String> {
    super::flags::SIXTH_FLAGS
        .iter()
        .filter(|&&f| mask & super::flags::sixth_bit(f) != 0)
        .map(|f| f.name().into())
        .collect()
}

/// A car's trajectory spot counting from 1, or "extreme" for the Extreme Trajectory.
fn spot(t: Option<u8>) -> Option<SpotPos> {
    match t {
        None => None,
        Some(super::extreme::ET_SPOT) => Some(SpotPos::Named("extreme".into())),
        Some(t) => Some(SpotPos::Spot(t + 1)),
    }
}

/// A car's trajectory spot as the view and the position write it.
pub fn trajectory_value(t: Option<u8>) -> Value {
    serde_json::to_value(spot(t)).unwrap_or(Value::Null)
}

/// `x` for a player's car (`yes`), nothing for a robot.
fn only<T>(yes: bool, x: T) -> Option<T> {
    yes.then_some(x)
}

fn check_pos(why: Check) -> CheckPos {
    match why {
        Check::Card(slot) => CheckPos::Card { card: slot + 1 },
        Check::Leader => CheckPos::Named("leader".into()),
        Check::LateBrake => CheckPos::Named("late brake".into()),
        Check::Recovery(node) => CheckPos::Recovery { recovery: node + 1 },
        Check::Extreme => CheckPos::Named("extreme trajectory".into()),
    }
}

impl F90State {
    /// The whole position, every hand and pile included.
    pub fn position(&self) -> Value {
        let p = Position {
            game: super::GAME_ID.into(),
            turn: self.turn,
            phase: self.phase_pos(),
            cars: (0..self.n).map(|c| self.car_pos(c)).collect(),
            order: self.names(self.order_slice()),
            race_deck: self.card_names(self.race_deck),
            race_discard: self.card_names(self.race_discard),
            track_deck: self.card_names(self.track_deck),
            track_discard: self.card_names(self.track_discard),
            wear_bag: WearBag {
                red: self.bag[0],
                brown: self.bag[1],
            },
            chits: numbers(self.chits),
            grid: self.names(&self.grid[..self.n()]),
            retirements: self.retirements,
            flags: Some(self.flags_pos()),
            weather: Some(WeatherPos {
                space: self.weather + 1,
                robot_tyres: Some(self.robot_tyres.name().into()),
                robots_pit: self.robots_weather_pit,
            }),
            safety_car: Some(self.safety_car_pos()),
            individual_turn: self.turn_pos(),
            duel: self.duel_pos(),
        };
        serde_json::to_value(p).unwrap_or(Value::Null)
    }

    /// Builds the state a position describes on the game of `base` (its content and options),
    /// or says which rule the position breaks.
    pub fn from_position(base: &F90State, v: &Value) -> Result<F90State, Error> {
        super::position_read::state_from(base, v)
    }

    fn pos_name(&self, c: u8) -> Name {
        self.race.names.get(usize::from(c)).cloned()
    }

    fn names(&self, cars: &[u8]) -> Vec<Name> {
        cars.iter().map(|&c| self.pos_name(c)).collect()
    }

    fn card(&self, id: CardId) -> Name {
        (id != NO_CARD).then(|| self.race.card_name(id))
    }

    fn card_names(&self, s: CardSet) -> Vec<String> {
        s.iter().map(|id| self.race.card_name(id)).collect()
    }

    fn phase_pos(&self) -> PhasePos {
        let then = |t: Then| THENS.iter().find(|x| x.0 == t).map_or("?", |x| x.1).into();
        let (at, car) = self.phase_at();
        let mut p = PhasePos {
            at: at.into(),
            car: car.map(|c| self.pos_name(c)),
            ..PhasePos::default()
        };
        match self.phase {
            Phase::DrawRace { left, then: t, .. } | Phase::Wear { left, then: t, .. } => {
                p.left = Some(left);
                p.then = Some(then(t));
            }
            Phase::DrawTrack { then: t, .. } => p.then = Some(then(t)),
            Phase::Blind { why, .. } | Phase::Check { why, .. } => p.check = Some(check_pos(why)),
            Phase::GridTie { slot } => p.slot = Some(slot + 1),
            Phase::Strategy { why, .. } => {
                p.why = Some(WHYS.iter().find(|x| x.0 == why).map_or("?", |x| x.1).into())
            }
            Phase::Trajectory { pit, .. } => p.pit = Some(pit),
            Phase::RecoveryDiscard { left, .. } => p.left = Some(left),
            _ => {}
        }
        p
    }

    /// The phase's name in a position, and the car it is about.
    fn phase_at(&self) -> (&'static str, Option<u8>) {
        match self.phase {
            Phase::DrawRace { car, .. } => ("draw race card", Some(car)),
            Phase::DrawTrack { car, .. } => ("draw track card", Some(car)),
            Phase::Blind { car, .. } => ("blind check", Some(car)),
            Phase::Wear { car, .. } => ("wear", Some(car)),
            Phase::RobotChit { car } => ("robot chit", Some(car)),
            Phase::GridTie { .. } => ("grid tie", None),
            Phase::QualifyCard { seat } => ("qualifying card", Some(seat)),
            Phase::QualifyFuel { seat } => ("refuel chit", Some(seat)),
            Phase::Strategy { car, .. } => ("strategy", Some(car)),
            Phase::Declare { car } => ("declare", Some(car)),
            Phase::PitDiscard { car } => ("pit discards", Some(car)),
            Phase::PitTyres { car } => ("pit tyres", Some(car)),
            Phase::LuckyDiscard { car } => ("Lucky's discard", Some(car)),
            Phase::DrawChoice { car } => ("draw choice", Some(car)),
            Phase::Skill { seat } => ("skill", Some(seat)),
            Phase::Setup { seat } => ("setup", Some(seat)),
            Phase::SpareCar { seat } => ("spare car", Some(seat)),
            Phase::WiseDiscard { car } => ("Wise Driving", Some(car)),
            Phase::Play { car } => ("play", Some(car)),
            Phase::PayTyres { car } => ("pay tyres", Some(car)),
            Phase::PayDiscard { car } => ("pay discards", Some(car)),
            Phase::Tests { car } => ("checks", Some(car)),
            Phase::Check { car, .. } => ("check", Some(car)),
            Phase::LateBrake { car } => ("late brake", Some(car)),
            Phase::Trajectory { car, .. } => ("trajectory", Some(car)),
            Phase::RecoveryDiscard { car, .. } => ("recovery discards", Some(car)),
            Phase::Challenge { car } => ("challenge", Some(car)),
            Phase::Join { car } => ("join", Some(car)),
            Phase::DuelCards { car } => ("duel cards", Some(car)),
            Phase::WeatherCard => ("weather card", None),
            Phase::RobotTyres => ("robot tyres", None),
            Phase::StartTyres { car } => ("tyres", Some(car)),
            Phase::WeatherIcon { car } => ("weather icon", Some(car)),
            Phase::BlueToken { car } => ("blue token", Some(car)),
            Phase::YellowFlag { car } => ("yellow flag", Some(car)),
            Phase::GreenFlag { car } => ("green flag", Some(car)),
            Phase::OrangeFlag { car } => ("orange flag", Some(car)),
            Phase::SafetyCarPit { car } => ("safety car pit", Some(car)),
            Phase::SafetyCarDiscard { car } => ("safety car discard", Some(car)),
            Phase::Extreme { car } => ("extreme trajectory", Some(car)),
            Phase::OrangeExtreme { car } => ("orange flag extreme trajectory", Some(car)),
            Phase::GameOver => ("over", None),
        }
    }

    fn car_pos(&self, c: u8) -> CarPos {
        let car = self.car(c);
        let (status, reentry, retired_order) = match car.status {
            Status::Racing => ("racing", None, None),
            Status::OffTrack { reentry } => ("off track", Some(reentry + 1), None),
            Status::Retired { order } => ("retired", None, Some(order)),
        };
        let robot = car.is_robot();
        let chit = self.robot_chit[usize::from(c)];
        let p = !robot;
        CarPos {
            name: self.pos_name(c),
            lap: car.lap,
            section: car.section + 1,
            status: status.into(),
            reentry,
            retired_order,
            played: car.played,
            moved: car.moved,
            no_move: car.no_move,
            just_pit: car.just_pit,
            duel_chances: car.duel_chances.iter().map(|&b| numbers(b)).collect(),
            trajectory: spot(car.trajectory),
            special_taken: car.special_taken,
            time_loss: car.time_loss,
            forced_pit: car.forced_pit,
            must_pit: car.must_pit,
            frozen: self.card_names(car.frozen),
            qualifying: car.qualifying,
            qualifying_cf: car.qualifying_cf,
            refuelled: robot.then_some(car.refuelled),
            chit: robot.then_some((chit != u8::MAX).then(|| chit + 1)),
            hand: (!robot).then(|| self.card_names(car.hand)),
            target: only(p, self.card(car.target)),
            tyres: only(p, car.tyres),
            red: only(p, car.red),
            brown: only(p, car.brown),
            strategy: (!robot).then(|| car.strategy.name().into()),
            chasing: only(p, self.pos_name(car.chasing)),
            skill: only(p, car.skill.map(|k| k.name().into())),
            skill_used: only(p, car.skill_used),
            sixth_sense_used: (!robot && car.sixth_used != 0).then(|| sixth_names(car.sixth_used)),
            spare_used: only(p, car.spare_used),
            chart: (!robot).then_some(ChartPos {
                tyres: car.chart.tyres,
                hand: car.chart.hand,
                wear_slots: car.chart.wear_slots,
            }),
            reserved: (!robot).then(|| self.card_names(car.reserved)),
            tyre: (!robot).then(|| car.tyre.name().into()),
            blue: only(p, car.blue),
            soft_sets: only(p, car.soft_sets),
            blue_flag: only(p, car.blue_flag),
            fuel: only(p, car.fuel),
            qualify_card: only(p, self.card(car.qualify_card)),
            fuel_pick: only(p, (car.fuel_pick != u8::MAX).then_some(car.fuel_pick)),
        }
    }

    fn flags_pos(&self) -> FlagsPos {
        let sections = self.race.track().len() as u8;
        FlagsPos {
            yellow: (0..sections)
                .filter_map(|s| {
                    self.yellow_at(s).map(|behind| YellowPos {
                        section: s + 1,
                        behind,
                    })
                })
                .collect(),
            orange: if self.orange == super::flags::NO_HOLDER {
                None
            } else {
                self.pos_name(self.orange)
            },
        }
    }

    fn safety_car_pos(&self) -> SafetyCarPos {
        let sc = &self.sc;
        SafetyCarPos {
            out: sc.out,
            section: sc.section + 1,
            pit_window: sc.window,
            restart: sc.restart,
            entries: sc.entries,
            asked: (0..self.n)
                .filter(|&c| sc.asked >> c & 1 == 1)
                .map(|c| self.pos_name(c))
                .collect(),
        }
    }

    fn turn_pos(&self) -> TurnPos {
        let it = &self.it;
        let test = |t: Option<super::cards::Test>| {
            t.map(|t| TestPos {
                blind: t.blind,
                modifier: t.modifier,
            })
        };
        TurnPos {
            car: self.pos_name(it.car),
            cards: it.cards.iter().map(|&c| self.card(c)).collect(),
            used: it.used.to_vec(),
            in_play: self.card_names(it.in_play),
            checks: it.tests.iter().map(|&t| test(t)).collect(),
            trajectory: it.trajectory,
            matched: it.matched,
            tyres_due: it.tyres_due,
            discard_due: it.discard_due,
            wear_due: it.wear_due,
            draws_due: it.draws_due,
            weather_due: it.weather_due,
            flags: it
                .flags
                .iter()
                .map(|&f| super::flags::flag_of(f).map(|f| f.name().into()))
                .collect(),
            token_paid: it.token_paid,
            mp: it.mp,
            mp_left: it.mp_left,
            entered: it.entered,
            overtook: it.overtook,
            pledge: (0..64).filter(|c| it.pledge >> c & 1 == 1).collect(),
            lapping: if usize::from(it.lapping) < self.n() {
                self.pos_name(it.lapping)
            } else {
                None
            },
            lucky: it.lucky.iter().map(|&c| self.card(c)).collect(),
            late_braked: it.late_braked,
            recovery_next: it.recovery_next.map(|n| n + 1),
            recovery_reentry: it.recovery_reentry.map(|s| s + 1),
            blind_draws: Some(it.blind_draws),
            hazard_draws: Some(it.hazard_draws),
            tokens_paid: Some(it.tokens_paid),
            chase_mp: it.chase_mp,
            small_cards: it.small_cards,
            specials_due: Some(it.specials_due),
            a2: it.a2,
            sixth_sense: (it.sixth != 0).then(|| sixth_names(it.sixth)),
            et_due: it.et_due,
            et_mp: it.et_mp,
            et_recovery: it.et_recovery,
            et_bound: it.et_bound,
            corner_pass: match it.corner_pass {
                0 => None,
                super::state::CORNER_PASS_READY => Some(SpotPos::Named("ready".into())),
                corner => Some(SpotPos::Spot(corner)),
            },
        }
    }

    fn duel_pos(&self) -> DuelPos {
        let d = &self.duel;
        let member = |i: u8| self.pos_name(d.members[usize::from(i)]);
        let bits = |b: u16| (0..d.len).filter(|i| b >> i & 1 == 1).map(member).collect();
        DuelPos {
            section: d.section + 1,
            side: d.side,
            members: (0..d.len).map(member).collect(),
            challenger: d.challenger.and_then(member),
            at: d.at,
            eligible: bits(d.eligible),
            joined: bits(d.joined),
            declined: bits(d.declined),
            totals: d.sums[..usize::from(d.len)].to_vec(),
            cards: Some(self.card_names(d.cards)),
            revealed: d.revealed,
            tie_wear: bits(d.tie_wear),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Player, State};
    use crate::rng::SplitMix64;

    #[test]
    fn positions_round_trip_through_a_random_race() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../python/autodromo/content/formula90"
        );
        let c = crate::formula90::Content::from_dir(std::path::Path::new(dir)).unwrap();
        let g = crate::formula90::Formula90::new(
            alloc::sync::Arc::new(c),
            &serde_json::json!({"players": 3, "turns": 6}),
        )
        .unwrap();
        let mut s = crate::game::Game::new_initial_state(&g);
        let mut rng = SplitMix64::new(5);
        let mut steps = 0;
        while !s.is_terminal() {
            let p = s.position();
            let back = super::F90State::from_position(&s, &p)
                .unwrap_or_else(|e| panic!("step {steps}: {e}\n{p}"));
            assert_eq!(back.view(Some(0)), s.view(Some(0)), "step {steps}");
            assert_eq!(back.legal_actions(), s.legal_actions(), "step {steps}");
            assert_eq!(back.position(), p, "step {steps}");
            // The same state in every field the rules read: the same continuation.
            let mut same = s.clone();
            same.history.clear();
            same.events = same.replayed_events();
            assert_eq!(back, same, "step {steps}");
            let legal = s.legal_actions();
            let a = match s.current_player() {
                Player::Chance => s.sample_chance(&mut rng).unwrap(),
                _ => legal[rng.below(legal.len() as u32) as usize],
            };
            s.apply_action(a).unwrap();
            steps += 1;
        }
        assert!(steps > 100);
    }
}
