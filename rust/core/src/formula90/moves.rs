//! What each legal action of the seat to act means (issue 29): its kind, the cards, cars and
//! sections it names as references, and what the rules compute of it: where it leads, what it
//! costs, what it risks. Built only when asked (`State::moves`), on copies, so play pays nothing
//! for it. The kinds and keys are listed in docs/rules/formula90.md, "Vocabulary".
use alloc::format;
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::actions::{decode, Move};
use super::car::NO_CARD;
use super::cards::CardId;
use super::events::{Event, Retire};
use super::rules::{Skill, Strategy, FUEL_CHITS};
use super::state::{Check, F90State, Phase};
use super::weather::Tyre;
use crate::error::Error;
use crate::game::{Action, Player};

/// Every `kind` a move may have.
pub const MOVE_KINDS: [&str; 46] = [
    "qualify",
    "fuel",
    "strategy",
    "drive",
    "skip",
    "pit",
    "stay_out",
    "keep_hand",
    "new_hand",
    "new_tyres",
    "keep_tyres",
    "tyres",
    "discard",
    "draw",
    "chase_take",
    "play",
    "pay_token",
    "pay_card",
    "check",
    "late_brake",
    "no_late_brake",
    "late_brake_power",
    "trajectory",
    "no_trajectory",
    "take_extreme",
    "flat_out",
    "extreme_power",
    "challenge",
    "no_challenge",
    "join",
    "decline",
    "duel_cards",
    "weather_step",
    "blue_token",
    "no_blue_token",
    "yellow_flag",
    "green_flag",
    "no_flag",
    "force_late_brake",
    "no_force",
    "force_extreme",
    "skill",
    "setup",
    "versatility",
    "wise_driving",
    "sixth_sense",
];

/// A card as a reference.
pub fn card_ref(s: &F90State, id: CardId) -> Value {
    if id == NO_CARD {
        Value::Null
    } else {
        json!({"id": id, "name": s.race.card_name(id)})
    }
}

fn section_ref(s: &F90State, sec: u8) -> Value {
    let track = s.race.track();
    json!({"number": u16::from(sec) + 1, "kind": track.sections[usize::from(sec)].kind.name(),
           "name": track.section_own_name(sec)})
}

fn named(name: &str) -> Value {
    json!({"id": name.to_lowercase().replace(' ', "_"), "name": name})
}

/// The moves of `seat`: one per legal action, in the order of `legal_actions`; none when another
/// seat or chance is to act, or the race is over.
pub fn moves(s: &F90State, seat: usize) -> Result<Vec<Value>, Error> {
    let n = s.race.humans();
    if seat >= n {
        return Err(Error::options(
            "seat",
            format!(
                "seat {seat}: this race has seats 0 to {}",
                n.saturating_sub(1)
            ),
        ));
    }
    if s.current_player() != Player::Seat(seat as u8) {
        return Ok(Vec::new());
    }
    let car = s.seat_car(seat);
    let plans: Vec<Value> = s.plan_moves();
    let mut legal = Vec::new();
    s.legal_into(&mut legal);
    Ok(legal
        .into_iter()
        .filter_map(|a| describe(s, car, a, &plans))
        .collect())
}

/// The kind of a seat's decision, for its log entry: its move's kind, which depends on the move
/// alone (the references `kind_of` also makes, from the position, are dropped).
pub fn decision_kind(s: &F90State, m: Move) -> &'static str {
    kind_of(s, m).0
}

/// The move's kind and the references it names.
fn kind_of(s: &F90State, m: Move) -> (&'static str, Value) {
    match m {
        Move::Qualify(c) => ("qualify", json!({"card": card_ref(s, c)})),
        Move::Fuel(i) => (
            "fuel",
            json!({"fuel": FUEL_CHITS.get(usize::from(i)).map_or(0, |f| f.0),
                   "qualifying": FUEL_CHITS.get(usize::from(i)).map_or(0, |f| f.1)}),
        ),
        Move::Strategy(i) => (
            "strategy",
            json!({"strategy": Strategy::from_index(i).map_or(Value::Null, |x| named(x.name()))}),
        ),
        Move::Drive => ("drive", json!({})),
        Move::Skip => ("skip", json!({})),
        Move::Pit(extra) => ("pit", json!({"extra": extra})),
        Move::StayOut => ("stay_out", json!({})),
        Move::KeepHand => ("keep_hand", json!({})),
        Move::NewHand => ("new_hand", json!({})),
        Move::NewTyres => ("new_tyres", json!({})),
        Move::KeepTyres => ("keep_tyres", json!({})),
        Move::Tyres(t) => (
            "tyres",
            json!({"tyre": Tyre::from_index(t).map_or("", |x| x.name())}),
        ),
        Move::Discard(c) => ("discard", json!({"card": card_ref(s, c)})),
        Move::DrawOne => ("draw", json!({})),
        Move::ChaseTake(c) => ("chase_take", json!({"card": card_ref(s, c)})),
        Move::Play { a, b, trajectory } => {
            let cards: Vec<Value> = [a, b].iter().flatten().map(|&c| card_ref(s, c)).collect();
            ("play", json!({"cards": cards, "trajectory": trajectory}))
        }
        Move::PayToken => ("pay_token", json!({})),
        Move::PayCard(c) => ("pay_card", json!({"card": card_ref(s, c)})),
        Move::Test { slot, with } => {
            let of = if slot < 2 {
                s.it.cards
                    .get(usize::from(slot))
                    .map_or(Value::Null, |&c| card_ref(s, c))
            } else {
                Value::Null
            };
            (
                "check",
                json!({"of": of, "with": with.map_or(Value::Null, |c| card_ref(s, c)),
                       "blind": with.is_none()}),
            )
        }
        Move::LateBrake => ("late_brake", json!({})),
        Move::NoLateBrake => ("no_late_brake", json!({})),
        Move::LateBrakePower(c) => ("late_brake_power", json!({"card": card_ref(s, c)})),
        Move::Trajectory(spot) => ("trajectory", json!({"spot": u16::from(spot) + 1})),
        Move::NoTrajectory => ("no_trajectory", json!({})),
        Move::TakeExtreme => ("take_extreme", json!({})),
        Move::FlatOut => ("flat_out", json!({})),
        Move::ExtremePower(c) => ("extreme_power", json!({"card": card_ref(s, c)})),
        Move::Challenge => ("challenge", json!({})),
        Move::NoChallenge => ("no_challenge", json!({})),
        Move::Join => ("join", json!({})),
        Move::Decline => ("decline", json!({})),
        Move::DuelCards { a, b } => {
            let cards: Vec<Value> = core::iter::once(a)
                .chain(b)
                .map(|c| card_ref(s, c))
                .collect();
            ("duel_cards", json!({"cards": cards}))
        }
        Move::WeatherStep(step) => (
            "weather_step",
            json!({"step": match step { 0 => "drier", 1 => "none", _ => "wetter" }}),
        ),
        Move::BlueToken => ("blue_token", json!({})),
        Move::NoBlueToken => ("no_blue_token", json!({})),
        Move::Yellow { section, behind } => (
            "yellow_flag",
            json!({"section": section_ref(s, section), "behind": behind}),
        ),
        Move::Green(section) => ("green_flag", json!({"section": section_ref(s, section)})),
        Move::NoFlag => ("no_flag", json!({})),
        Move::ForceLateBrake => ("force_late_brake", json!({})),
        Move::NoForce => ("no_force", json!({})),
        Move::ForceExtreme => ("force_extreme", json!({})),
        Move::Skill(k) => (
            "skill",
            json!({"skill": Skill::from_index(k).map_or(Value::Null, |x| named(x.name()))}),
        ),
        Move::Setup { tyres, hand, wear } => {
            let c = s.setup_chart([tyres, hand, wear]);
            (
                "setup",
                json!({"points": {"tyres": tyres, "hand": hand, "wear_slots": wear},
                       "chart": {"tyres": c.tyres, "hand": c.hand, "wear_slots": c.wear_slots}}),
            )
        }
        Move::Versatility => ("versatility", json!({})),
        Move::WiseDriving => ("wise_driving", json!({})),
        Move::SixthSense(f) => ("sixth_sense", json!({"flag": f.name()})),
        // Chance outcomes: never a seat's.
        Move::Draw(_) | Move::WearRed | Move::WearBrown | Move::Chit(_) | Move::TieFirst(_) => {
            ("", json!({}))
        }
    }
}

/// The robot a flag decision is about (the orange pawn's), as a car reference.
fn robot_of(s: &F90State) -> Option<Value> {
    match s.phase {
        Phase::OrangeFlag { .. } | Phase::OrangeExtreme { .. } => {
            let c = s.it.car;
            Some(json!({"id": c, "name": s.race.names[usize::from(c)]}))
        }
        _ => None,
    }
}

/// What a failed check does, by the check (book: D.2, E, F.1, the recovery charts).
fn failure(why: Check) -> (&'static str, &'static str) {
    match why {
        Check::Card(_) => (
            "wear",
            "D.2: a failed check of a movement card costs a wear token",
        ),
        Check::Leader => (
            "no_lapping",
            "E: the Leader who fails its check stops behind the car it would lap",
        ),
        Check::LateBrake => (
            "off_track",
            "F.1: a failed late brake leaves the track, into the corner's recovery chart",
        ),
        Check::Recovery(_) => (
            "recovery",
            "Recovery chart: a failed test follows the chart's failed branch",
        ),
        Check::Extreme => (
            "off_track",
            "D.2: a failed Extreme Trajectory test leaves the spot, into its recovery chart",
        ),
    }
}

fn why_code(why: Check) -> &'static str {
    match why {
        Check::Card(_) => "card",
        Check::Leader => "leader",
        Check::LateBrake => "late_brake",
        Check::Recovery(_) => "recovery",
        Check::Extreme => "extreme",
    }
}

/// The check `car` made in `log`, if one: why, and whether it passed.
fn check_in(log: &[Event], car: u8) -> Option<(Check, bool)> {
    log.iter().find_map(|e| match *e {
        Event::Check {
            car: c, why, pass, ..
        } if c == car => Some((why, pass)),
        _ => None,
    })
}

/// Whether `car` left the race in `log`, and why.
fn retired_in(log: &[Event], car: u8) -> Option<Retire> {
    log.iter().find_map(|e| match *e {
        Event::Retired { car: c, why } if c == car => Some(why),
        _ => None,
    })
}

/// The chance of failing the check `after` waits to draw blind for `car`: every outcome of the
/// draw applied to a copy, weighed by its probability.
fn blind_failure(after: &F90State, car: u8) -> Option<(Check, f64)> {
    let Phase::Blind { car: c, why } = after.phase else {
        return None;
    };
    if c != car {
        return None;
    }
    let mut fail = 0.0;
    for (a, p) in after.outcomes() {
        let mut t = after.scratch();
        let mut log: Vec<Event> = Vec::new();
        if t.apply_id(a, &mut log).is_ok() && check_in(&log, car).is_some_and(|(_, pass)| !pass) {
            fail += p;
        }
    }
    // The outcomes' shares add up to 1 but for rounding.
    Some((why, fail.clamp(0.0, 1.0)))
}

fn describe(s: &F90State, car: u8, a: Action, plans: &[Value]) -> Option<Value> {
    let m = decode(a)?;
    let (kind, refs) = kind_of(s, m);
    let mut out = Map::new();
    out.insert("action".into(), Value::from(a));
    out.insert("label".into(), Value::from(s.label(m)));
    out.insert("kind".into(), Value::from(kind));
    out.insert(
        "car".into(),
        json!({"id": car, "name": s.race.names[usize::from(car)]}),
    );
    if let Some(r) = robot_of(s) {
        out.insert("robot".into(), r);
    }
    if let Value::Object(r) = refs {
        out.extend(r);
    }
    let mut after = s.scratch();
    let mut log: Vec<Event> = Vec::new();
    after.apply_id(a, &mut log).ok()?;
    let (before_car, after_car) = (s.car(car), after.car(car));
    let mut leads = Map::new();
    let mut costs = Map::new();
    let mut risks: Vec<Value> = Vec::new();
    leads.insert("section".into(), section_ref(&after, after_car.section));
    leads.insert("lap".into(), Value::from(after_car.lap.max(1)));
    leads.insert("tyres".into(), Value::from(after_car.tyres));
    leads.insert("hand".into(), Value::from(after_car.hand.len()));
    leads.insert(
        "wear".into(),
        json!({"red": after_car.red, "brown": after_car.brown, "slots": after_car.chart.wear_slots}),
    );
    if let Some(p) = plans.iter().find(|p| p["id"] == a) {
        // A card play: the rules' count of where it lands and what its cards cost (D.1 to F),
        // every leader check on the way passed.
        leads.insert("mp".into(), p["mp"].clone());
        leads.insert(
            "landing".into(),
            json!({"number": p["landing"], "kind": p["landing_kind"], "name": p["landing_name"]}),
        );
        leads.insert("passes".into(), p["passes"].clone());
        leads.insert(
            "late_brake_possible".into(),
            p["late_brake_possible"].clone(),
        );
        for k in ["tyres", "wear", "discard", "draws"] {
            if p[k].as_u64().unwrap_or(0) > 0 {
                costs.insert(k.into(), p[k].clone());
            }
        }
        if let Some(checks) = p["checks"].as_array() {
            for c in checks {
                risks.push(json!({
                    "kind": "check", "rule": "D.2: a card with a check symbol is tested against the Target Check; failed, a wear token",
                    "card": c["card"], "blind": c["blind"], "target": c["target"],
                }));
            }
        }
        if p["leader_checks"].as_u64().unwrap_or(0) > 0 {
            risks.push(json!({"kind": "leader_check", "count": p["leader_checks"],
                "rule": "E: the Leader checks before lapping a car for the first time"}));
        }
    } else {
        let paid = before_car.tyres.saturating_sub(after_car.tyres);
        if paid > 0 {
            costs.insert("tyres".into(), Value::from(paid));
        }
        let cards = before_car.hand.len().saturating_sub(after_car.hand.len());
        if cards > 0 {
            costs.insert("cards".into(), Value::from(cards));
        }
    }
    // A check decided by this move: at once (a card of the hand), or by the blind draw it
    // waits for, every outcome weighed.
    let decided = check_in(&log, car)
        .map(|(why, pass)| (why, if pass { 0.0 } else { 1.0 }))
        .or_else(|| blind_failure(&after, car));
    if let Some((why, p)) = decided {
        let (then, rule) = failure(why);
        risks.push(
            json!({"kind": "failed_check", "why": why_code(why), "then": then,
                          "rule": rule, "probability": p}),
        );
    }
    if let Some(why) = retired_in(&log, car) {
        risks.push(
            json!({"kind": "retirement", "why": why.code(), "probability": 1.0,
                          "rule": "Abandonando a Corrida: a car that cannot pay leaves the race"}),
        );
    }
    out.insert("leads_to".into(), Value::Object(leads));
    out.insert("costs".into(), Value::Object(costs));
    out.insert("risks".into(), Value::Array(risks));
    Some(Value::Object(out))
}
