//! A whole position as JSON, and a state built from one: for puzzles, teaching, bug reports and
//! tests. Everything is named as people read it (cars by name, cards by their check factor or
//! "T<number>", sections and chits counting from 1); the turn in progress and a duel under way
//! are part of it, so a position taken at any moment gives back the same view, legal actions
//! and continuation. `state_from` refuses a position that breaks a rule: a card in two places or
//! none, a car in no section or twice on the track, wear beyond its slots, a phase that cannot
//! be.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::car::{Driver, Status, NO_CARD};
use super::cards::{CardId, CardSet, Test};
use super::options::MAX_CARS;
use super::rules::Strategy;
use super::state::{Check, Duel, F90State, IndTurn, Phase, StrategyWhy, Then};
use super::weather::Tyre;
use crate::error::Error;

fn bad(why: impl Into<String>) -> Error {
    Error::replay(format!("position: {}", why.into()))
}

const THENS: [(Then, &str); 14] = [
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

const WHYS: [(StrategyWhy, &str); 4] = [
    (StrategyWhy::PreRace, "pre-race"),
    (StrategyWhy::Pit, "pit stop"),
    (StrategyWhy::Skip, "skipped turn"),
    (StrategyWhy::Versatility, "Versatility"),
];

impl F90State {
    fn car_name(&self, c: u8) -> Value {
        self.race
            .names
            .get(usize::from(c))
            .map_or(Value::Null, |n| Value::from(n.as_str()))
    }

    fn card_value(&self, id: CardId) -> Value {
        if id == NO_CARD {
            Value::Null
        } else {
            Value::from(self.race.card_name(id))
        }
    }

    fn set_value(&self, s: CardSet) -> Value {
        Value::from(
            s.iter()
                .map(|id| self.race.card_name(id))
                .collect::<Vec<_>>(),
        )
    }

    fn check_value(why: Check) -> Value {
        match why {
            Check::Card(slot) => json!({"card": slot + 1}),
            Check::Leader => json!("leader"),
            Check::LateBrake => json!("late brake"),
            Check::Recovery(node) => json!({"recovery": node + 1}),
            Check::Extreme => json!("extreme trajectory"),
        }
    }

    fn phase_value(&self) -> Value {
        let name = |c: u8| self.car_name(c);
        let then = |t: Then| THENS.iter().find(|x| x.0 == t).map_or("?", |x| x.1);
        match self.phase {
            Phase::DrawRace { car, left, then: t } => {
                json!({"at": "draw race card", "car": name(car), "left": left, "then": then(t)})
            }
            Phase::DrawTrack { car, then: t } => {
                json!({"at": "draw track card", "car": name(car), "then": then(t)})
            }
            Phase::Blind { car, why } => {
                json!({"at": "blind check", "car": name(car), "check": Self::check_value(why)})
            }
            Phase::Wear { car, left, then: t } => {
                json!({"at": "wear", "car": name(car), "left": left, "then": then(t)})
            }
            Phase::RobotChit { car } => json!({"at": "robot chit", "car": name(car)}),
            Phase::GridTie { slot } => json!({"at": "grid tie", "slot": slot + 1}),
            Phase::QualifyCard { seat } => json!({"at": "qualifying card", "car": name(seat)}),
            Phase::QualifyFuel { seat } => json!({"at": "refuel chit", "car": name(seat)}),
            Phase::Strategy { car, why } => json!({"at": "strategy", "car": name(car),
                "why": WHYS.iter().find(|x| x.0 == why).map_or("?", |x| x.1)}),
            Phase::Declare { car } => json!({"at": "declare", "car": name(car)}),
            Phase::PitDiscard { car } => json!({"at": "pit discards", "car": name(car)}),
            Phase::PitTyres { car } => json!({"at": "pit tyres", "car": name(car)}),
            Phase::LuckyDiscard { car } => json!({"at": "Lucky's discard", "car": name(car)}),
            Phase::DrawChoice { car } => json!({"at": "draw choice", "car": name(car)}),
            Phase::Skill { seat } => json!({"at": "skill", "car": name(seat)}),
            Phase::Setup { seat } => json!({"at": "setup", "car": name(seat)}),
            Phase::SpareCar { seat } => json!({"at": "spare car", "car": name(seat)}),
            Phase::WiseDiscard { car } => json!({"at": "Wise Driving", "car": name(car)}),
            Phase::Play { car } => json!({"at": "play", "car": name(car)}),
            Phase::PayTyres { car } => json!({"at": "pay tyres", "car": name(car)}),
            Phase::PayDiscard { car } => json!({"at": "pay discards", "car": name(car)}),
            Phase::Tests { car } => json!({"at": "checks", "car": name(car)}),
            Phase::Check { car, why } => {
                json!({"at": "check", "car": name(car), "check": Self::check_value(why)})
            }
            Phase::LateBrake { car } => json!({"at": "late brake", "car": name(car)}),
            Phase::Trajectory { car, pit } => {
                json!({"at": "trajectory", "car": name(car), "pit": pit})
            }
            Phase::RecoveryDiscard { car, left } => {
                json!({"at": "recovery discards", "car": name(car), "left": left})
            }
            Phase::Challenge { car } => json!({"at": "challenge", "car": name(car)}),
            Phase::Join { car } => json!({"at": "join", "car": name(car)}),
            Phase::DuelCards { car } => json!({"at": "duel cards", "car": name(car)}),
            Phase::WeatherCard => json!({"at": "weather card"}),
            Phase::RobotTyres => json!({"at": "robot tyres"}),
            Phase::StartTyres { car } => json!({"at": "tyres", "car": name(car)}),
            Phase::WeatherIcon { car } => json!({"at": "weather icon", "car": name(car)}),
            Phase::BlueToken { car } => json!({"at": "blue token", "car": name(car)}),
            Phase::YellowFlag { car } => json!({"at": "yellow flag", "car": name(car)}),
            Phase::GreenFlag { car } => json!({"at": "green flag", "car": name(car)}),
            Phase::OrangeFlag { car } => json!({"at": "orange flag", "car": name(car)}),
            Phase::SafetyCarPit { car } => json!({"at": "safety car pit", "car": name(car)}),
            Phase::SafetyCarDiscard { car } => {
                json!({"at": "safety car discard", "car": name(car)})
            }
            Phase::Extreme { car } => json!({"at": "extreme trajectory", "car": name(car)}),
            Phase::OrangeExtreme { car } => {
                json!({"at": "orange flag extreme trajectory", "car": name(car)})
            }
            Phase::GameOver => json!({"at": "over"}),
        }
    }

    fn car_value(&self, c: u8) -> Value {
        let car = self.car(c);
        let (status, reentry, retired) = match car.status {
            Status::Racing => ("racing", Value::Null, Value::Null),
            Status::OffTrack { reentry } => ("off track", Value::from(reentry + 1), Value::Null),
            Status::Retired { order } => ("retired", Value::Null, Value::from(order)),
        };
        let sections = |bits: u64| -> Vec<u8> {
            (0..64)
                .filter(|s| bits >> s & 1 == 1)
                .map(|s| s + 1)
                .collect()
        };
        let mut v = json!({
            "name": self.car_name(c),
            "lap": car.lap,
            "section": car.section + 1,
            "status": status,
            "played": car.played,
            "moved": car.moved,
            "no_move": car.no_move,
            "just_pit": car.just_pit,
            "duel_chances": [sections(car.duel_chances[0]), sections(car.duel_chances[1])],
            "trajectory": trajectory_value(car.trajectory),
            "special_taken": car.special_taken,
            "time_loss": car.time_loss,
            "forced_pit": car.forced_pit,
            "must_pit": car.must_pit,
            "frozen": self.set_value(car.frozen),
            "qualifying": car.qualifying,
            "qualifying_cf": car.qualifying_cf,
        });
        if !reentry.is_null() {
            v["reentry"] = reentry;
        }
        if !retired.is_null() {
            v["retired_order"] = retired;
        }
        if car.is_robot() {
            v["refuelled"] = Value::from(car.refuelled);
            let chit = self.robot_chit[usize::from(c)];
            v["chit"] = if chit == u8::MAX {
                Value::Null
            } else {
                Value::from(chit + 1)
            };
        } else {
            v["hand"] = self.set_value(car.hand);
            v["target"] = self.card_value(car.target);
            v["tyres"] = Value::from(car.tyres);
            v["red"] = Value::from(car.red);
            v["brown"] = Value::from(car.brown);
            v["strategy"] = Value::from(car.strategy.name());
            v["chasing"] = self.car_name(car.chasing);
            v["skill"] = car.skill.map_or(Value::Null, |k| Value::from(k.name()));
            v["skill_used"] = Value::from(car.skill_used);
            if car.sixth_used != 0 {
                v["sixth_sense_used"] = sixth_value(car.sixth_used);
            }
            v["spare_used"] = Value::from(car.spare_used);
            v["chart"] = json!({"tyres": car.chart.tyres, "hand": car.chart.hand, "wear_slots": car.chart.wear_slots});
            v["reserved"] = self.set_value(car.reserved);
            v["tyre"] = Value::from(car.tyre.name());
            v["blue"] = Value::from(car.blue);
            v["soft_sets"] = Value::from(car.soft_sets);
            v["blue_flag"] = Value::from(car.blue_flag);
            v["fuel"] = Value::from(car.fuel);
            v["qualify_card"] = self.card_value(car.qualify_card);
            v["fuel_pick"] = if car.fuel_pick == u8::MAX {
                Value::Null
            } else {
                Value::from(car.fuel_pick)
            };
        }
        v
    }

    /// The whole position, every hand and pile included.
    pub fn position(&self) -> Value {
        let it = &self.it;
        let test = |t: Option<Test>| t.map(|t| json!({"blind": t.blind, "modifier": t.modifier}));
        let d = &self.duel;
        let members: Vec<Value> = (0..d.len)
            .map(|i| self.car_name(d.members[usize::from(i)]))
            .collect();
        let bits = |b: u16| -> Vec<Value> {
            (0..d.len)
                .filter(|i| b >> i & 1 == 1)
                .map(|i| self.car_name(d.members[usize::from(i)]))
                .collect()
        };
        let mut v = json!({
            "game": super::GAME_ID,
            "turn": self.turn,
            "phase": self.phase_value(),
            "cars": (0..self.n).map(|c| self.car_value(c)).collect::<Vec<_>>(),
            "order": self.order_slice().iter().map(|&c| self.car_name(c)).collect::<Vec<_>>(),
            "race_deck": self.set_value(self.race_deck),
            "race_discard": self.set_value(self.race_discard),
            "track_deck": self.set_value(self.track_deck),
            "track_discard": self.set_value(self.track_discard),
            "wear_bag": {"red": self.bag[0], "brown": self.bag[1]},
            "chits": (0..64).filter(|i| self.chits >> i & 1 == 1).map(|i| i + 1).collect::<Vec<u8>>(),
            "grid": self.grid[..self.n()].iter().map(|&c| self.car_name(c)).collect::<Vec<_>>(),
            "retirements": self.retirements,
            "flags": {
                "yellow": (0..self.race.track().len() as u8).filter_map(|s| self.yellow_at(s).map(|k| json!({"section": s + 1, "behind": k}))).collect::<Vec<_>>(),
                "orange": if self.orange == super::flags::NO_HOLDER { Value::Null } else { self.car_name(self.orange) },
            },
            "weather": {"space": self.weather + 1, "robot_tyres": self.robot_tyres.name(),
                "robots_pit": self.robots_weather_pit},
            "safety_car": {"out": self.sc.out, "section": self.sc.section + 1,
                "pit_window": self.sc.window, "restart": self.sc.restart, "entries": self.sc.entries,
                "asked": (0..self.n).filter(|&c| self.sc.asked >> c & 1 == 1).map(|c| self.car_name(c)).collect::<Vec<_>>()},
            "individual_turn": {
                "car": self.car_name(it.car),
                "cards": it.cards.iter().map(|&c| self.card_value(c)).collect::<Vec<_>>(),
                "used": it.used,
                "in_play": self.set_value(it.in_play),
                "checks": [test(it.tests[0]), test(it.tests[1])],
                "trajectory": it.trajectory,
                "matched": it.matched,
                "tyres_due": it.tyres_due,
                "discard_due": it.discard_due,
                "wear_due": it.wear_due,
                "draws_due": it.draws_due,
                "weather_due": it.weather_due,
                "flags": it.flags.iter().map(|&f| super::flags::flag_of(f).map(|f| f.name())).collect::<Vec<_>>(),
                "token_paid": it.token_paid,
                "mp": it.mp,
                "mp_left": it.mp_left,
                "entered": it.entered,
                "overtook": it.overtook,
                "pledge": (0..64).filter(|c| it.pledge >> c & 1 == 1).collect::<Vec<u8>>(),
                "lapping": if usize::from(it.lapping) < self.n() { self.car_name(it.lapping) } else { Value::Null },
                "lucky": it.lucky.iter().map(|&c| self.card_value(c)).collect::<Vec<_>>(),
                "late_braked": it.late_braked,
                "recovery_next": it.recovery_next.map(|n| n + 1),
                "recovery_reentry": it.recovery_reentry.map(|s| s + 1),
            },
            "duel": {
                "section": d.section + 1,
                "side": d.side,
                "members": members,
                "challenger": d.challenger.map(|i| self.car_name(d.members[usize::from(i)])),
                "at": d.at,
                "eligible": bits(d.eligible),
                "joined": bits(d.joined),
                "declined": bits(d.declined),
                "totals": (0..d.len).map(|i| d.sums[usize::from(i)]).collect::<Vec<_>>(),
                "cards": self.set_value(d.cards),
                "revealed": d.revealed,
                "tie_wear": bits(d.tie_wear),
            },
        });
        let t = &mut v["individual_turn"];
        t["blind_draws"] = Value::from(it.blind_draws);
        t["hazard_draws"] = Value::from(it.hazard_draws);
        t["tokens_paid"] = Value::from(it.tokens_paid);
        t["chase_mp"] = Value::from(it.chase_mp);
        t["small_cards"] = Value::from(it.small_cards);
        t["specials_due"] = Value::from(it.specials_due);
        t["a2"] = Value::from(it.a2);
        if it.sixth != 0 {
            t["sixth_sense"] = sixth_value(it.sixth);
        }
        v
    }
}

/// Reads a position back, against the game of a base state.
#[derive(Debug)]
struct Reader<'a> {
    s: &'a F90State,
}

fn obj<'v>(v: &'v Value, what: &str) -> Result<&'v Map<String, Value>, Error> {
    v.as_object()
        .ok_or_else(|| bad(format!("{what} is not an object")))
}

fn num<T: TryFrom<i64>>(v: &Map<String, Value>, key: &str, what: &str) -> Result<T, Error> {
    v.get(key)
        .and_then(Value::as_i64)
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| bad(format!("{what}.{key}: a number in range")))
}

/// Sixth Sense tokens (a bit mask, `flags::sixth_bit`) as the list of their flags.
fn sixth_value(mask: u8) -> Value {
    Value::from(
        super::flags::SIXTH_FLAGS
            .iter()
            .filter(|&&f| mask & super::flags::sixth_bit(f) != 0)
            .map(|f| f.name())
            .collect::<Vec<_>>(),
    )
}

fn sixth_read(v: &Map<String, Value>, key: &str, what: &str) -> Result<u8, Error> {
    let Some(x) = v.get(key) else {
        return Ok(0);
    };
    let why = || {
        bad(format!(
            "{what}.{key}: a list of yellow, green and blue, each once"
        ))
    };
    let mut mask = 0u8;
    for n in x.as_array().ok_or_else(why)? {
        let f = super::flags::SIXTH_FLAGS
            .into_iter()
            .find(|f| n.as_str() == Some(f.name()))
            .ok_or_else(why)?;
        let bit = super::flags::sixth_bit(f);
        if mask & bit != 0 {
            return Err(why());
        }
        mask |= bit;
    }
    Ok(mask)
}

fn flag(v: &Map<String, Value>, key: &str, what: &str) -> Result<bool, Error> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(bad(format!("{what}.{key}: true or false"))),
    }
}

impl Reader<'_> {
    fn car(&self, v: &Value, what: &str) -> Result<u8, Error> {
        let n = v
            .as_str()
            .ok_or_else(|| bad(format!("{what}: a car's name")))?;
        self.s
            .race
            .names
            .iter()
            .position(|x| x == n)
            .map(|i| i as u8)
            .ok_or_else(|| bad(format!("{what}: no car {n:?} in this race")))
    }

    fn card(&self, v: &Value, what: &str) -> Result<CardId, Error> {
        match v {
            Value::Null => Ok(NO_CARD),
            Value::String(n) => self
                .s
                .race
                .card_by_name(n)
                .filter(|&id| usize::from(id) < self.s.race.cards.len())
                .ok_or_else(|| bad(format!("{what}: no card {n:?}"))),
            _ => Err(bad(format!("{what}: a card's name"))),
        }
    }

    fn set(&self, v: Option<&Value>, what: &str) -> Result<CardSet, Error> {
        let mut s = CardSet::EMPTY;
        let Some(v) = v else { return Ok(s) };
        let list = v
            .as_array()
            .ok_or_else(|| bad(format!("{what}: a list of cards")))?;
        for x in list {
            let id = self.card(x, what)?;
            if id == NO_CARD || s.contains(id) {
                return Err(bad(format!("{what}: a card named twice or empty")));
            }
            s.insert(id);
        }
        Ok(s)
    }

    fn then(v: &Value, what: &str) -> Result<Then, Error> {
        THENS
            .iter()
            .find(|x| v.as_str() == Some(x.1))
            .map(|x| x.0)
            .ok_or_else(|| bad(format!("{what}.then: unknown {v}")))
    }

    fn check(v: &Value, what: &str) -> Result<Check, Error> {
        match v {
            Value::String(s) if s == "leader" => Ok(Check::Leader),
            Value::String(s) if s == "late brake" => Ok(Check::LateBrake),
            Value::String(s) if s == "extreme trajectory" => Ok(Check::Extreme),
            Value::Object(m) if m.contains_key("card") => {
                let k: u8 = num(m, "card", what)?;
                (1..=2)
                    .contains(&k)
                    .then(|| Check::Card(k - 1))
                    .ok_or_else(|| bad(format!("{what}: card 1 or 2")))
            }
            Value::Object(m) if m.contains_key("recovery") => {
                let k: u16 = num(m, "recovery", what)?;
                k.checked_sub(1)
                    .map(Check::Recovery)
                    .ok_or_else(|| bad(format!("{what}: recovery from 1")))
            }
            _ => Err(bad(format!("{what}: unknown check {v}"))),
        }
    }

    fn phase(&self, v: &Value) -> Result<Phase, Error> {
        let m = obj(v, "phase")?;
        let at = m
            .get("at")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("phase.at: missing"))?;
        let car = || self.car(m.get("car").unwrap_or(&Value::Null), "phase.car");
        Ok(match at {
            "draw race card" => Phase::DrawRace {
                car: car()?,
                left: num(m, "left", "phase")?,
                then: Self::then(&m["then"], "phase")?,
            },
            "draw track card" => Phase::DrawTrack {
                car: car()?,
                then: Self::then(m.get("then").unwrap_or(&Value::Null), "phase")?,
            },
            "blind check" => Phase::Blind {
                car: car()?,
                why: Self::check(m.get("check").unwrap_or(&Value::Null), "phase.check")?,
            },
            "wear" => Phase::Wear {
                car: car()?,
                left: num(m, "left", "phase")?,
                then: Self::then(m.get("then").unwrap_or(&Value::Null), "phase")?,
            },
            "robot chit" => Phase::RobotChit { car: car()? },
            "grid tie" => Phase::GridTie {
                slot: num::<u8>(m, "slot", "phase")?.saturating_sub(1),
            },
            "qualifying card" => Phase::QualifyCard { seat: car()? },
            "refuel chit" => Phase::QualifyFuel { seat: car()? },
            "strategy" => Phase::Strategy {
                car: car()?,
                why: WHYS
                    .iter()
                    .find(|x| m.get("why").and_then(Value::as_str) == Some(x.1))
                    .map(|x| x.0)
                    .ok_or_else(|| bad("phase.why: pre-race, pit stop or skipped turn"))?,
            },
            "declare" => Phase::Declare { car: car()? },
            "pit discards" => Phase::PitDiscard { car: car()? },
            "pit tyres" => Phase::PitTyres { car: car()? },
            "Lucky's discard" => Phase::LuckyDiscard { car: car()? },
            "draw choice" => Phase::DrawChoice { car: car()? },
            "skill" => Phase::Skill { seat: car()? },
            "setup" => Phase::Setup { seat: car()? },
            "spare car" => Phase::SpareCar { seat: car()? },
            "Wise Driving" => Phase::WiseDiscard { car: car()? },
            "play" => Phase::Play { car: car()? },
            "pay tyres" => Phase::PayTyres { car: car()? },
            "pay discards" => Phase::PayDiscard { car: car()? },
            "checks" => Phase::Tests { car: car()? },
            "check" => Phase::Check {
                car: car()?,
                why: Self::check(m.get("check").unwrap_or(&Value::Null), "phase.check")?,
            },
            "late brake" => Phase::LateBrake { car: car()? },
            "trajectory" => Phase::Trajectory {
                car: car()?,
                pit: flag(m, "pit", "phase")?,
            },
            "recovery discards" => Phase::RecoveryDiscard {
                car: car()?,
                left: num(m, "left", "phase")?,
            },
            "challenge" => Phase::Challenge { car: car()? },
            "join" => Phase::Join { car: car()? },
            "duel cards" => Phase::DuelCards { car: car()? },
            "weather card" => Phase::WeatherCard,
            "robot tyres" => Phase::RobotTyres,
            "tyres" => Phase::StartTyres { car: car()? },
            "weather icon" => Phase::WeatherIcon { car: car()? },
            "blue token" => Phase::BlueToken { car: car()? },
            "yellow flag" => Phase::YellowFlag { car: car()? },
            "green flag" => Phase::GreenFlag { car: car()? },
            "orange flag" => Phase::OrangeFlag { car: car()? },
            "safety car pit" => Phase::SafetyCarPit { car: car()? },
            "safety car discard" => Phase::SafetyCarDiscard { car: car()? },
            "extreme trajectory" => Phase::Extreme { car: car()? },
            "orange flag extreme trajectory" => Phase::OrangeExtreme { car: car()? },
            "over" => Phase::GameOver,
            other => return Err(bad(format!("phase.at: unknown phase {other:?}"))),
        })
    }
}

impl F90State {
    /// Builds the state a position describes on the game of `base` (its content and options),
    /// or says which rule the position breaks.
    pub fn from_position(base: &F90State, v: &Value) -> Result<F90State, Error> {
        let top = obj(v, "position")?;
        if top.get("game").and_then(Value::as_str) != Some(super::GAME_ID) {
            return Err(bad("game: this position is not of Formula 90"));
        }
        let r = Reader { s: base };
        let mut s = base.clone();
        s.history.clear();
        // Without a history, the log is that of a race at its start, as a replay would give.
        s.events = F90State::new(s.race.clone()).events;
        s.turn = num(top, "turn", "position")?;
        if s.turn > s.race.turns + 1 {
            return Err(bad(format!(
                "turn {} is past the race's {} turns",
                s.turn, s.race.turns
            )));
        }
        read_cars(&r, &mut s, top)?;
        read_table(&r, &mut s, top)?;
        read_modules(&r, &mut s, top)?;
        s.it = read_turn(&r, &s, top)?;
        // A duel under way.
        let dv = obj(top.get("duel").unwrap_or(&Value::Null), "duel")?;
        let mut d = Duel::NONE;
        let members = dv
            .get("members")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("duel.members: a list"))?;
        if members.len() > MAX_CARS {
            return Err(bad("duel.members: too many"));
        }
        for (i, m) in members.iter().enumerate() {
            d.members[i] = r.car(m, "duel.members")?;
        }
        d.len = members.len() as u8;
        let index = |v: &Value, what: &str| -> Result<u8, Error> {
            let c = r.car(v, what)?;
            (0..d.len)
                .find(|&i| d.members[usize::from(i)] == c)
                .ok_or_else(|| bad(format!("{what}: not a member")))
        };
        let bits = |key: &str| -> Result<u16, Error> {
            let mut b = 0u16;
            for x in dv.get(key).and_then(Value::as_array).into_iter().flatten() {
                b |= 1 << index(x, &format!("duel.{key}"))?;
            }
            Ok(b)
        };
        d.section = num::<u8>(dv, "section", "duel")?.saturating_sub(1);
        d.side = num(dv, "side", "duel")?;
        d.challenger = match dv.get("challenger") {
            None | Some(Value::Null) => None,
            Some(c) => Some(index(c, "duel.challenger")?),
        };
        d.at = num(dv, "at", "duel")?;
        d.eligible = bits("eligible")?;
        d.joined = bits("joined")?;
        d.declined = bits("declined")?;
        d.tie_wear = bits("tie_wear")?;
        d.revealed = flag(dv, "revealed", "duel")?;
        if let Some(list) = dv.get("totals").and_then(Value::as_array) {
            for (i, x) in list.iter().enumerate().take(MAX_CARS) {
                d.sums[i] = x
                    .as_i64()
                    .and_then(|v| i8::try_from(v).ok())
                    .ok_or_else(|| bad("duel.totals: numbers"))?;
            }
        }
        d.cards = match dv.get("cards") {
            Some(v) => r.set(Some(v), "duel.cards")?,
            // Written before the duel's cards were recorded: a sealed duel's are taken to be
            // every participant's frozen cards (any from an earlier duel stay face down).
            None if d.len > 0 && !d.revealed => (0..d.len)
                .filter(|&i| d.joined >> i & 1 == 1)
                .fold(CardSet::EMPTY, |a, i| {
                    a.union(s.car(d.members[usize::from(i)]).frozen)
                }),
            None => CardSet::EMPTY,
        };
        // A sealed duel's cards lie frozen beside its members (after the reveal they may have
        // gone back to a hand or the discard pile at the next game turn).
        let members_frozen = (0..d.len).fold(CardSet::EMPTY, |a, i| {
            a.union(s.car(d.members[usize::from(i)]).frozen)
        });
        let sealed = if d.revealed { CardSet::EMPTY } else { d.cards };
        if let Some(id) = sealed.minus(members_frozen).iter().next() {
            return Err(bad(format!(
                "duel.cards: {} is not frozen beside a member of the duel",
                s.race.card_name(id)
            )));
        }
        s.duel = d;
        s.phase = r.phase(top.get("phase").unwrap_or(&Value::Null))?;
        // A decision belongs to a player still in the race.
        if let crate::game::Player::Seat(x) = s.current_player() {
            if s.car(x).retired() {
                return Err(bad("phase: a retired car cannot decide"));
            }
        }
        if matches!(s.phase, Phase::Declare { car } | Phase::Play { car } if s.car(car).is_robot())
        {
            return Err(bad("phase: robots take no decision"));
        }
        super::invariants::check(&s).map_err(bad)?;
        Ok(s)
    }
}

/// A car's trajectory spot counting from 1, or "extreme" for the Extreme Trajectory.
pub fn trajectory_value(t: Option<u8>) -> Value {
    match t {
        None => Value::Null,
        Some(super::extreme::ET_SPOT) => Value::from("extreme"),
        Some(t) => Value::from(t + 1),
    }
}

/// Positions at every step of a random race rebuild states with the same view, legal actions
/// and continuation.
/// The cars of a position, each once.
fn read_cars(r: &Reader<'_>, s: &mut F90State, top: &Map<String, Value>) -> Result<(), Error> {
    let n = s.n();
    let track_len = s.race.track().len();
    let cars = top
        .get("cars")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("cars: a list"))?;
    if cars.len() != n {
        return Err(bad(format!(
            "cars: {} listed, the race has {n}",
            cars.len()
        )));
    }
    let mut seen = [false; MAX_CARS];
    for cv in cars {
        let m = obj(cv, "a car")?;
        let c = r.car(m.get("name").unwrap_or(&Value::Null), "cars[].name")?;
        if seen[usize::from(c)] {
            return Err(bad(format!(
                "cars: {} listed twice",
                s.race.names[usize::from(c)]
            )));
        }
        seen[usize::from(c)] = true;
        let name = s.race.names[usize::from(c)].clone();
        let what = format!("cars.{name}");
        read_car(r, s, m, c, &what, track_len)?;
    }
    Ok(())
}

/// One car of the position's `cars` (`c`, named `what` in the errors): where it is, its
/// status and what every car has; a player's car's hand, tyres and charts in `read_player_car`.
fn read_car(
    r: &Reader<'_>,
    s: &mut F90State,
    m: &Map<String, Value>,
    c: u8,
    what: &str,
    track_len: usize,
) -> Result<(), Error> {
    let section: u8 = num(m, "section", what)?;
    if section == 0 || usize::from(section) > track_len {
        return Err(bad(format!("{what}.section: 1 to {track_len}")));
    }
    let sections = |k: usize| -> Result<u64, Error> {
        let mut b = 0u64;
        if let Some(list) = m
            .get("duel_chances")
            .and_then(|d| d.get(k))
            .and_then(Value::as_array)
        {
            for x in list {
                let s = x
                    .as_u64()
                    .filter(|&s| s >= 1 && s as usize <= track_len)
                    .ok_or_else(|| {
                        bad(format!("{what}.duel_chances: sections 1 to {track_len}"))
                    })?;
                b |= 1 << (s - 1);
            }
        }
        Ok(b)
    };
    let status = match m.get("status").and_then(Value::as_str) {
        Some("racing") => Status::Racing,
        Some("off track") => {
            let re: u8 = num(m, "reentry", what)?;
            if re == 0 || usize::from(re) > track_len {
                return Err(bad(format!("{what}.reentry: 1 to {track_len}")));
            }
            Status::OffTrack { reentry: re - 1 }
        }
        Some("retired") => Status::Retired {
            order: num(m, "retired_order", what)?,
        },
        _ => return Err(bad(format!("{what}.status: racing, off track or retired"))),
    };
    let chances = [sections(0)?, sections(1)?];
    let car = &mut s.cars[usize::from(c)];
    car.section = section - 1;
    car.lap = num(m, "lap", what)?;
    car.status = status;
    car.played = flag(m, "played", what)?;
    car.moved = flag(m, "moved", what)?;
    car.no_move = flag(m, "no_move", what)?;
    car.just_pit = flag(m, "just_pit", what)?;
    car.duel_chances = chances;
    car.special_taken = flag(m, "special_taken", what)?;
    car.time_loss = num(m, "time_loss", what)?;
    car.forced_pit = flag(m, "forced_pit", what)?;
    car.must_pit = flag(m, "must_pit", what)?;
    car.qualifying = num(m, "qualifying", what)?;
    car.qualifying_cf = num(m, "qualifying_cf", what)?;
    car.trajectory = match m.get("trajectory") {
        None | Some(Value::Null) => None,
        Some(Value::String(e)) if e == "extreme" => Some(super::extreme::ET_SPOT),
        Some(t) => Some(
            t.as_u64()
                .filter(|&t| (1..=8).contains(&t))
                .ok_or_else(|| bad(format!("{what}.trajectory: a spot from 1")))? as u8
                - 1,
        ),
    };
    car.frozen = r.set(m.get("frozen"), &format!("{what}.frozen"))?;
    if matches!(car.driver, Driver::Robot(_)) {
        car.refuelled = flag(m, "refuelled", what)?;
        s.robot_chit[usize::from(c)] = match m.get("chit") {
            None | Some(Value::Null) => u8::MAX,
            Some(x) => {
                x.as_u64()
                    .filter(|&k| k >= 1 && (k as usize) <= s.race.content.robots.chits.len())
                    .ok_or_else(|| bad(format!("{what}.chit: a chit from 1")))?
                    as u8
                    - 1
            }
        };
    } else {
        read_player_car(r, s, m, c, what)?;
    }
    Ok(())
}

/// A player's car: its hand, target, tyres, wear, fuel, strategy, skill and chart.
fn read_player_car(
    r: &Reader<'_>,
    s: &mut F90State,
    m: &Map<String, Value>,
    c: u8,
    what: &str,
) -> Result<(), Error> {
    let car = &mut s.cars[usize::from(c)];
    car.hand = r.set(m.get("hand"), &format!("{what}.hand"))?;
    car.target = r.card(
        m.get("target").unwrap_or(&Value::Null),
        &format!("{what}.target"),
    )?;
    car.tyres = num(m, "tyres", what)?;
    car.red = num(m, "red", what)?;
    car.brown = num(m, "brown", what)?;
    car.fuel = num(m, "fuel", what)?;
    car.qualify_card = r.card(
        m.get("qualify_card").unwrap_or(&Value::Null),
        &format!("{what}.qualify_card"),
    )?;
    car.fuel_pick = match m.get("fuel_pick") {
        None | Some(Value::Null) => u8::MAX,
        Some(x) => x
            .as_u64()
            .filter(|&k| k < 5)
            .ok_or_else(|| bad(format!("{what}.fuel_pick: 0 to 4")))? as u8,
    };
    car.strategy = m
        .get("strategy")
        .and_then(Value::as_str)
        .and_then(Strategy::parse)
        .ok_or_else(|| bad(format!("{what}.strategy: a strategy's name")))?;
    let chasing = m.get("chasing").filter(|c| !c.is_null());
    let reserved = r.set(m.get("reserved"), &format!("{what}.reserved"))?;
    let chasing = match chasing {
        Some(x) => r.car(x, &format!("{what}.chasing"))?,
        None => super::car::NO_CAR,
    };
    let skill = match m.get("skill") {
        None | Some(Value::Null) => None,
        Some(k) => Some(
            k.as_str()
                .and_then(super::rules::Skill::parse)
                .ok_or_else(|| bad(format!("{what}.skill: a skill's name")))?,
        ),
    };
    let chart = match m.get("chart") {
        None | Some(Value::Null) => None,
        Some(x) => {
            let o = obj(x, &format!("{what}.chart"))?;
            Some(super::content::Chart {
                tyres: num(o, "tyres", what)?,
                hand: num(o, "hand", what)?,
                wear_slots: num(o, "wear_slots", what)?,
            })
        }
    };
    let car = &mut s.cars[usize::from(c)];
    car.chasing = chasing;
    car.reserved = reserved;
    car.skill = skill;
    car.skill_used = flag(m, "skill_used", what)?;
    car.sixth_used = sixth_read(m, "sixth_sense_used", what)?;
    if car.sixth_used != 0 && car.skill != Some(super::rules::Skill::SixthSense) {
        return Err(bad(format!(
            "{what}.sixth_sense_used: only a car with the Sixth Sense skill uses flag tokens"
        )));
    }
    car.spare_used = flag(m, "spare_used", what)?;
    if let Some(ch) = chart {
        car.chart = ch;
    }
    car.tyre = match m.get("tyre") {
        None | Some(Value::Null) => Tyre::Hard,
        Some(x) => x
            .as_str()
            .and_then(Tyre::parse)
            .ok_or_else(|| bad(format!("{what}.tyre: soft, hard, intermediate or rain")))?,
    };
    car.blue = m.get("blue").map_or(Ok(0), |_| num(m, "blue", what))?;
    car.blue_flag = flag(m, "blue_flag", what)?;
    car.soft_sets = m
        .get("soft_sets")
        .map_or(Ok(0), |_| num(m, "soft_sets", what))?;
    if car.wear() > car.chart.wear_slots {
        return Err(bad(format!(
            "{what}: {} wear tokens in {} slots",
            car.wear(),
            car.chart.wear_slots
        )));
    }
    Ok(())
}

/// The order on the track, the decks and the wear bag, the robots' chits, the grid, the
/// retirements.
fn read_table(r: &Reader<'_>, s: &mut F90State, top: &Map<String, Value>) -> Result<(), Error> {
    let n = s.n();
    // The order on the track: exactly the racing cars, from the last section down.
    let order = top
        .get("order")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("order: a list"))?;
    s.on_track = 0;
    let mut listed = [false; MAX_CARS];
    for x in order {
        let c = r.car(x, "order")?;
        if listed[usize::from(c)] || !s.car(c).racing() {
            return Err(bad(format!(
                "order: {} is listed twice or is not racing",
                s.race.names[usize::from(c)]
            )));
        }
        listed[usize::from(c)] = true;
        s.order[usize::from(s.on_track)] = c;
        s.on_track += 1;
    }
    // Before the race the cars wait for the grid (no order yet).
    if let Some(c) = (0..s.n).find(|&c| s.turn > 0 && s.car(c).racing() && !listed[usize::from(c)])
    {
        return Err(bad(format!(
            "order: {} is racing but not on the track",
            s.race.names[usize::from(c)]
        )));
    }
    s.race_deck = r.set(top.get("race_deck"), "race_deck")?;
    s.race_discard = r.set(top.get("race_discard"), "race_discard")?;
    s.track_deck = r.set(top.get("track_deck"), "track_deck")?;
    s.track_discard = r.set(top.get("track_discard"), "track_discard")?;
    let bag = obj(top.get("wear_bag").unwrap_or(&Value::Null), "wear_bag")?;
    s.bag = [num(bag, "red", "wear_bag")?, num(bag, "brown", "wear_bag")?];
    s.chits = 0;
    for x in top
        .get("chits")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let k = x
            .as_u64()
            .filter(|&k| k >= 1 && (k as usize) <= s.race.content.robots.chits.len())
            .ok_or_else(|| bad("chits: chits counting from 1"))?;
        s.chits |= 1 << (k - 1);
    }
    let grid = top
        .get("grid")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("grid: a list"))?;
    if grid.len() != n {
        return Err(bad("grid: every car once"));
    }
    for (i, g) in grid.iter().enumerate() {
        s.grid[i] = r.car(g, "grid")?;
    }
    s.retirements = num(top, "retirements", "position")?;
    Ok(())
}

/// The flags, the weather and the Safety Car, when the race has them.
fn read_modules(r: &Reader<'_>, s: &mut F90State, top: &Map<String, Value>) -> Result<(), Error> {
    if let Some(f) = top.get("flags").filter(|f| !f.is_null()) {
        let f = obj(f, "flags")?;
        for y in f
            .get("yellow")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let y = obj(y, "flags.yellow")?;
            let section: u8 = num(y, "section", "flags.yellow")?;
            let behind: u8 = num(y, "behind", "flags.yellow")?;
            let ok = section >= 1
                && usize::from(section) <= s.race.track().len()
                && s.race.track().kind(section - 1) == super::track::Kind::Corner;
            if !ok {
                return Err(bad("flags.yellow.section: a corner section, from 1"));
            }
            s.yellow[usize::from(section - 1)] = behind + 1;
        }
        s.orange = match f.get("orange") {
            None | Some(Value::Null) => super::flags::NO_HOLDER,
            Some(c) => r.car(c, "flags.orange")?,
        };
    }
    if let Some(w) = top.get("weather").filter(|w| !w.is_null()) {
        let w = obj(w, "weather")?;
        let space: u8 = num(w, "space", "weather")?;
        let spaces = s.race.track().weather.len();
        if space == 0 || (spaces > 0 && usize::from(space) > spaces) {
            return Err(bad(format!("weather.space: 1 to {spaces}")));
        }
        s.weather = space - 1;
        s.robot_tyres = match w.get("robot_tyres").and_then(Value::as_str) {
            None => Tyre::Hard,
            Some(t) => Tyre::parse(t)
                .filter(|t| matches!(t, Tyre::Hard | Tyre::Rain))
                .ok_or_else(|| bad("weather.robot_tyres: hard or rain"))?,
        };
        s.robots_weather_pit = flag(w, "robots_pit", "weather")?;
    }
    if let Some(f) = top.get("safety_car").filter(|f| !f.is_null()) {
        let f = obj(f, "safety_car")?;
        let section: u8 = num(f, "section", "safety_car")?;
        if section == 0 || usize::from(section) > s.race.track().len() {
            return Err(bad(format!(
                "safety_car.section: 1 to {}",
                s.race.track().len()
            )));
        }
        s.sc.section = section - 1;
        s.sc.out = flag(f, "out", "safety_car")?;
        s.sc.window = flag(f, "pit_window", "safety_car")?;
        s.sc.restart = flag(f, "restart", "safety_car")?;
        s.sc.entries = num(f, "entries", "safety_car")?;
        if (s.sc.out || s.sc.restart) && !s.race.opts.safety_car {
            return Err(bad("safety_car: the race is without the Safety Car module"));
        }
        if (s.sc.window && !s.sc.out) || (s.sc.restart && s.sc.out) {
            return Err(bad(
                "safety_car: a pit window only with the Safety Car out, a restart only after it left",
            ));
        }
        s.sc.asked = 0;
        for c in f
            .get("asked")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            s.sc.asked |= 1 << r.car(c, "safety_car.asked")?;
        }
    }
    Ok(())
}

/// The individual turn in progress.
fn read_turn(r: &Reader<'_>, s: &F90State, top: &Map<String, Value>) -> Result<IndTurn, Error> {
    let track_len = s.race.track().len();
    // The turn in progress.
    let it = obj(
        top.get("individual_turn").unwrap_or(&Value::Null),
        "individual_turn",
    )?;
    let mut t = IndTurn::new(0);
    if let Some(c) = it.get("car").filter(|c| !c.is_null()) {
        t.car = r.car(c, "individual_turn.car")?;
    }
    let cards = it
        .get("cards")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("individual_turn.cards: two cards or nulls"))?;
    for j in 0..2 {
        t.cards[j] = r.card(
            cards.get(j).unwrap_or(&Value::Null),
            "individual_turn.cards",
        )?;
    }
    if let Some(u) = it.get("used").and_then(Value::as_array) {
        for j in 0..2 {
            t.used[j] = u.get(j).and_then(Value::as_bool).unwrap_or(false);
        }
    }
    t.in_play = r.set(it.get("in_play"), "individual_turn.in_play")?;
    if let Some(list) = it.get("checks").and_then(Value::as_array) {
        for j in 0..2 {
            t.tests[j] = match list.get(j) {
                None | Some(Value::Null) => None,
                Some(x) => {
                    let m = obj(x, "individual_turn.checks[]")?;
                    Some(Test {
                        blind: flag(m, "blind", "check")?,
                        modifier: num(m, "modifier", "check")?,
                    })
                }
            };
        }
    }
    t.trajectory = flag(it, "trajectory", "individual_turn")?;
    t.matched = flag(it, "matched", "individual_turn")?;
    t.tyres_due = num(it, "tyres_due", "individual_turn")?;
    t.discard_due = num(it, "discard_due", "individual_turn")?;
    t.wear_due = num(it, "wear_due", "individual_turn")?;
    t.draws_due = num(it, "draws_due", "individual_turn")?;
    if let Some(list) = it.get("flags").and_then(Value::as_array) {
        for (i, f) in list.iter().take(2).enumerate() {
            t.flags[i] = match f.as_str() {
                None => 0,
                Some(n) => (1..=4)
                    .find(|&k| super::flags::flag_of(k).is_some_and(|x| x.name() == n))
                    .ok_or_else(|| bad("individual_turn.flags: yellow, green, blue or orange"))?,
            };
        }
    }
    if it.contains_key("weather_due") {
        t.weather_due = num(it, "weather_due", "individual_turn")?;
    }
    t.token_paid = flag(it, "token_paid", "individual_turn")?;
    t.mp = num(it, "mp", "individual_turn")?;
    t.mp_left = num(it, "mp_left", "individual_turn")?;
    t.entered = flag(it, "entered", "individual_turn")?;
    t.overtook = flag(it, "overtook", "individual_turn")?;
    for x in it
        .get("pledge")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let k = x
            .as_u64()
            .filter(|&k| k < 64)
            .ok_or_else(|| bad("individual_turn.pledge: corner numbers"))?;
        t.pledge |= 1 << k;
    }
    t.lapping = match it.get("lapping") {
        None | Some(Value::Null) => u8::MAX,
        Some(c) => r.car(c, "individual_turn.lapping")?,
    };
    if let Some(l) = it.get("lucky").and_then(Value::as_array) {
        for j in 0..2 {
            t.lucky[j] = r.card(l.get(j).unwrap_or(&Value::Null), "individual_turn.lucky")?;
        }
    }
    t.late_braked = flag(it, "late_braked", "individual_turn")?;
    let nodes = s.race.track().nodes.len();
    t.recovery_next = match it.get("recovery_next") {
        None | Some(Value::Null) => None,
        Some(x) => Some(
            x.as_u64()
                .filter(|&k| k >= 1 && (k as usize) <= nodes)
                .ok_or_else(|| bad("individual_turn.recovery_next: a chart test from 1"))?
                as u16
                - 1,
        ),
    };
    t.recovery_reentry = match it.get("recovery_reentry") {
        None | Some(Value::Null) => None,
        Some(x) => Some(
            x.as_u64()
                .filter(|&k| k >= 1 && (k as usize) <= track_len)
                .ok_or_else(|| bad("individual_turn.recovery_reentry: a section from 1"))?
                as u8
                - 1,
        ),
    };
    let opt = |k: &str| -> Result<u8, Error> {
        match it.get(k) {
            None | Some(Value::Null) => Ok(0),
            _ => num(it, k, "individual_turn"),
        }
    };
    t.blind_draws = opt("blind_draws")?;
    t.hazard_draws = opt("hazard_draws")?;
    t.tokens_paid = opt("tokens_paid")?;
    t.specials_due = opt("specials_due")?;
    t.a2 = flag(it, "a2", "individual_turn")?;
    t.sixth = sixth_read(it, "sixth_sense", "individual_turn")?;
    t.chase_mp = flag(it, "chase_mp", "individual_turn")?;
    t.small_cards = flag(it, "small_cards", "individual_turn")?;
    Ok(t)
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
