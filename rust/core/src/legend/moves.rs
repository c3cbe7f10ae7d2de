//! What each legal action of the seat to act means (issue 29): its kind, what it names (the car,
//! a lane, a spare part), and what the rules compute of it up to the car's next decision or the
//! end of its activation — the Dashboard after it, its costs (wear, movement points, time on the
//! Chrono) and its risks (a crash or a collision and the Damage cards it draws, a retirement, the
//! Check Point's 6 minutes, the overheating test at the round's end). Built only when asked
//! (`State::moves`), on copies, so play pays nothing for it. The kinds and keys are listed in
//! docs/rules/legend.md, "Vocabulary".
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::actions::{Move, ADJUSTABLE};
use super::car::{Car, Status, SPARE_PARTS, SPARE_PART_IDS};
use super::stage::{CHECK_POINT_LINE, CHECK_POINT_PENALTY};
use super::state::{LegendState, Phase};
use super::view::status_name;
use crate::error::Error;
use crate::game::{Player, State};

/// Every `kind` a move may have.
pub const MOVE_KINDS: [&str; 31] = [
    "split_reliability",
    "challenge",
    "no_challenge",
    "match_challenge",
    "yield_position",
    "bid_priority",
    "no_bid",
    "match_bid",
    "concede_priority",
    "accelerate",
    "maintain",
    "lift_and_coast",
    "stop_to_cool",
    "roadside_stop",
    "pit",
    "brake",
    "lift_at_entry",
    "emergency_brake",
    "drift",
    "drive_to",
    "regain_best_line",
    "power_out",
    "slipstream",
    "slipstream_drift",
    "resist_with_tire",
    "use_part",
    "set_setup",
    "leave_pit",
    "end_stop",
    "technical_assistance",
    "take_part",
];

/// Every `kind` a risk may have.
pub const RISK_KINDS: [&str; 5] = [
    "crash",
    "collision",
    "retirement",
    "check_point_penalty",
    "overheating",
];

const CRASH_RULE: &str =
    "Crashing the Car: a car forced off the track stops at Speed 0 and draws one Damage card";
const COLLISION_RULE: &str = "Collisions: a car forced into an occupied space halves its Speed and draws 1 Damage card (2, and 1 for the hit car, with realistic_collisions)";
const RETIREMENT_RULE: &str =
    "Engine damage past the Engine needle's last point: the car retires (docs/rules/legend.md)";
const CHECK_POINT_RULE: &str = "Check Point: the line must be crossed at the speed limit or lower; exceeding it results in a 6-minute penalty";
const OVERHEATING_RULE: &str = "End of the round: a Temperature step on Top Speed, a rich mixture's step, then the red zone's Engine points (the overheating test)";

/// The moves of `seat`: one per legal action, in the order of `legal_actions`; none when another
/// seat or chance is to act, or the race is over.
pub fn moves(s: &LegendState, seat: usize) -> Result<Vec<Value>, Error> {
    let n = s.cars.len();
    if seat >= n {
        return Err(Error::options(
            "seat",
            format!("seat {seat}: this race has seats 0 to {}", n - 1),
        ));
    }
    if s.current_player() != Player::Seat(seat as u8) {
        return Ok(Vec::new());
    }
    let enc = s.race.enc;
    let legal = s.legal_moves();
    let mut out = Vec::new();
    for a in s.legal_actions() {
        let Some(m) = enc.decode(a).filter(|m| legal.contains(m)) else {
            continue;
        };
        let mut after = s.clone();
        after.apply_within_activation(m);
        out.push(describe(s, seat, m, a, &after));
    }
    Ok(out)
}

fn part(p: u8) -> Value {
    let p = usize::from(p).min(SPARE_PARTS.len() - 1);
    json!({"id": SPARE_PART_IDS[p], "name": SPARE_PARTS[p]})
}

/// The kind and references of a move.
pub(crate) fn kind_of(s: &LegendState, car: usize, m: Move) -> (&'static str, Value) {
    let stage = s.is_stage_race();
    match m {
        Move::Split(k) => (
            "split_reliability",
            json!({"engine": k, "brakes": s.race.spec(car).reliability.saturating_sub(k)}),
        ),
        Move::Challenge(w) => ("challenge", json!({"with": w.name()})),
        Move::NoChallenge => ("no_challenge", json!({})),
        Move::MatchChallenge => ("match_challenge", json!({})),
        Move::Yield => ("yield_position", json!({})),
        Move::BidPriority => ("bid_priority", json!({})),
        Move::NoBid => ("no_bid", json!({})),
        Move::MatchBid => ("match_bid", json!({})),
        Move::ConcedePriority => ("concede_priority", json!({})),
        Move::Accelerate(0, push) => ("maintain", json!({"push": push})),
        Move::Accelerate(k, push) => ("accelerate", json!({"by": k, "push": push})),
        Move::LiftAndCoast => ("lift_and_coast", json!({})),
        Move::StopToCool if stage => ("roadside_stop", json!({})),
        Move::StopToCool => ("stop_to_cool", json!({})),
        Move::PitStop => ("pit", json!({})),
        Move::Brake(k) => ("brake", json!({"by": k, "line": line(s)})),
        Move::LiftAtEntry => ("lift_at_entry", json!({"line": line(s)})),
        Move::EmergencyBrake(k) => ("emergency_brake", json!({"by": k, "line": line(s)})),
        Move::Drift => ("drift", json!({})),
        Move::MoveToLane(l) => (
            "drive_to",
            json!({"lane": l, "row": s.track().next_row(s.cars[car].cell.row)}),
        ),
        Move::RegainBestLine => ("regain_best_line", json!({})),
        Move::PowerOut(k) => ("power_out", json!({"by": k})),
        Move::SlipstreamTo(l) => ("slipstream", json!({"lane": l})),
        Move::DriftOutward => ("slipstream_drift", json!({})),
        Move::ResistWithTire => ("resist_with_tire", json!({})),
        Move::UseSpare(p) => ("use_part", json!({"part": part(p)})),
        Move::SetSetup(card, side) => {
            let (name, sides) = ADJUSTABLE[usize::from(card).min(2)];
            (
                "set_setup",
                json!({"card": name, "side": sides[usize::from(side).min(1)]}),
            )
        }
        Move::LeavePit if stage => ("end_stop", json!({})),
        Move::LeavePit => ("leave_pit", json!({})),
        Move::Assistance => ("technical_assistance", json!({})),
        Move::TakeSpare(p) => ("take_part", json!({"part": part(p)})),
        // Chance outcomes are never a seat's move.
        Move::Die(_) | Move::DamageCard(_) | Move::EventCard(_) => ("", json!({})),
    }
}

/// The line a braking decision is taken at: a turn's entry line or the Check Point line.
fn line(s: &LegendState) -> Value {
    match s.phase {
        Phase::EntryLine { turn, .. } if turn == CHECK_POINT_LINE => {
            json!({"check_point": true, "speed_limit": s.check_point_limit(usize::from(s.phase.seat().unwrap_or(0)))})
        }
        Phase::EntryLine { turn, .. } => json!({"turn": turn}),
        _ => Value::Null,
    }
}

pub(crate) fn dashboard(c: &Car) -> Value {
    json!({
        "row": c.cell.row, "lane": c.cell.lane, "progress": c.progress, "speed": c.speed,
        "temperature": c.temperature, "engine": c.engine, "brakes": c.brakes, "tires": c.tires,
        "status": status_name(c.status),
    })
}

fn describe(s: &LegendState, car: usize, m: Move, a: u32, after: &LegendState) -> Value {
    let (kind, refs) = kind_of(s, car, m);
    let mut out = Map::new();
    out.insert("action".into(), Value::from(a));
    out.insert("label".into(), Value::from(s.action_to_string(a)));
    out.insert("kind".into(), Value::from(kind));
    out.insert("car".into(), Value::from(car));
    let spec = s.race.spec(car);
    out.insert(
        "model".into(),
        json!({"id": spec.id.as_str(), "name": spec.name.as_str()}),
    );
    if let Value::Object(r) = refs {
        out.extend(r);
    }
    let (b, c) = (&s.cars[car], &after.cars[car]);
    let moving = after.phase.seat().map(usize::from) == Some(car)
        && after.round == s.round
        && !after.act.ended
        && s.racing;
    let mut leads = Map::new();
    leads.insert("car".into(), dashboard(c));
    if moving && !matches!(after.phase, Phase::Pit { .. }) {
        leads.insert(
            "movement_points".into(),
            Value::from(after.act.allowance.saturating_sub(after.act.spent)),
        );
    }
    let mut costs = Map::new();
    let up = i16::from(c.temperature) - i16::from(b.temperature);
    if up > 0 {
        costs.insert("temperature".into(), Value::from(up));
    }
    for (key, was, now) in [
        ("engine", i16::from(b.engine), i16::from(c.engine)),
        ("brakes", i16::from(b.brakes), i16::from(c.brakes)),
        ("tires", i16::from(b.tires), i16::from(c.tires)),
    ] {
        if was > now {
            costs.insert(key.into(), Value::from(was - now));
        }
    }
    if s.racing && after.act.car == s.act.car && after.act.spent > s.act.spent {
        costs.insert(
            "movement_points".into(),
            Value::from(after.act.spent - s.act.spent),
        );
    }
    let mut risks = Vec::new();
    if s.is_stage_race() {
        let t = s.time_effects(car, m, after);
        // Braked at the Check Point line to a Speed still above its limit: the crossing's six
        // minutes are this decision's (nothing slows the car between the line and the finish).
        let committed = match t.over_at_line {
            Some(_) if t.penalty == 0 => CHECK_POINT_PENALTY,
            _ => t.penalty,
        };
        let time = t.off_road + t.stop_more + committed;
        if time > 0 {
            costs.insert("time".into(), Value::from(time));
            // What the seconds are for, as the Time Chart counts them.
            let parts: Map<String, Value> = [
                ("off_road", t.off_road),
                ("stopped_more", t.stop_more),
                ("check_point", committed),
            ]
            .into_iter()
            .filter(|&(_, v)| v > 0)
            .map(|(k, v)| (k.into(), Value::from(v)))
            .collect();
            costs.insert("time_parts".into(), Value::Object(parts));
        }
        if let Some(f) = t.finish {
            leads.insert("finish".into(), Value::from(f));
        }
        if t.bonus > 0 {
            leads.insert("time_bonus".into(), Value::from(t.bonus));
        }
        risks.extend(check_point_risk(after, car, committed));
    }
    risks.extend(damage_risks(s, after, car));
    if !moving && s.racing && after.cars.iter().all(|c| c.damage_due == 0) {
        risks.extend(overheating(after, car));
    }
    out.insert("leads_to".into(), Value::Object(leads));
    out.insert("costs".into(), Value::Object(costs));
    out.insert("risks".into(), Value::Array(risks));
    Value::Object(out)
}

/// The Check Point's 6 minutes: certain when the move crossed the line above the limit; still to
/// be braked for when the move leaves the car at the line above it (the next decision).
fn check_point_risk(after: &LegendState, car: usize, penalty: u32) -> Option<Value> {
    let limit = after.check_point_limit(car)?;
    let c = &after.cars[car];
    let rule = json!({"rule": CHECK_POINT_RULE, "time": CHECK_POINT_PENALTY, "speed_limit": limit});
    let mut r = if penalty > 0 {
        json!({"kind": "check_point_penalty", "car": car, "speed": c.speed, "probability": 1.0})
    } else if c.status == Status::Racing && c.speed > limit && reaches_the_line(after, car) {
        // Braking at the line is a decision still to come ("unless braked"): no chance decides.
        json!({"kind": "check_point_penalty", "car": car, "speed": c.speed, "probability": Value::Null,
               "unless": "braked_at_the_line"})
    } else {
        return None;
    };
    if let (Value::Object(r), Value::Object(x)) = (&mut r, rule) {
        r.extend(x);
    }
    if after.cars[car].neutral {
        r["option"] = Value::from("neutral_checkpoint_penalty");
    }
    Some(r)
}

/// The car stands at the Check Point line, or its movement points this round take it there,
/// with the line's braking not yet done.
fn reaches_the_line(after: &LegendState, car: usize) -> bool {
    let c = &after.cars[car];
    if c.entry_done == Some(CHECK_POINT_LINE) {
        return false;
    }
    if after.check_point_ahead(c.cell.row) {
        return true;
    }
    let moving = after.phase.seat().map(usize::from) == Some(car) && !after.act.ended;
    let left = after.act.allowance.saturating_sub(after.act.spent);
    let rows = after.track().len().saturating_sub(1 + c.cell.row);
    moving && rows <= u16::from(left)
}

/// A crash or a collision in this move, and the chance that its Damage cards retire the car.
fn damage_risks(s: &LegendState, after: &LegendState, car: usize) -> Vec<Value> {
    let (b, c) = (&s.cars[car], &after.cars[car]);
    let mut out = Vec::new();
    if c.crashes > b.crashes {
        out.push(json!({"kind": "crash", "car": car, "rule": CRASH_RULE,
                        "damage_cards": c.damage_due, "probability": 1.0}));
    } else if c.damage_due > b.damage_due {
        let hit: Vec<usize> = (0..s.cars.len())
            .filter(|&k| k != car && after.cars[k].damage_due > s.cars[k].damage_due)
            .collect();
        out.push(
            json!({"kind": "collision", "car": car, "rule": COLLISION_RULE,
                        "damage_cards": c.damage_due, "damaged": hit, "probability": 1.0}),
        );
    }
    if c.status == Status::Retired && b.status != Status::Retired {
        out.push(
            json!({"kind": "retirement", "car": car, "rule": RETIREMENT_RULE, "probability": 1.0}),
        );
    } else if after.cars.iter().any(|k| k.damage_due > 0) {
        for k in 0..after.cars.len() {
            let p = retirement_chance(after, k);
            if p > 0.0 {
                out.push(
                    json!({"kind": "retirement", "car": k, "rule": RETIREMENT_RULE,
                                "damage_cards": after.cars[k].damage_due, "probability": p}),
                );
            }
        }
    }
    out
}

/// The chance `car` is retired once every Damage card due is drawn, in the order the race draws
/// them (the lowest car first), each card of the deck as likely as its count.
pub fn retirement_chance(s: &LegendState, car: usize) -> f64 {
    if s.cars[car].status == Status::Retired {
        return 1.0;
    }
    let Some(who) = s.cars.iter().position(|c| c.damage_due > 0) else {
        return 0.0;
    };
    let mut draw = s.clone();
    draw.phase = Phase::Damage { car: who as u8 };
    let enc = s.race.enc;
    let mut p = 0.0;
    for (a, q) in draw.chance_outcomes() {
        let Some(m) = enc.decode(a) else { continue };
        let mut t = draw.clone();
        t.apply_chance(m);
        p += q * retirement_chance(&t, car);
    }
    p
}

/// The overheating test at the round's end, for a car whose activation this move ends: the
/// Engine points it will cost as the Dashboard now stands.
fn overheating(after: &LegendState, car: usize) -> Option<Value> {
    let c = after.cars[car];
    if c.neutral || matches!(c.status, Status::Retired | Status::Waiting) {
        return None;
    }
    let mut end = c;
    let uphill = after.track().row(c.cell.row).slope == crate::grid::Slope::Uphill;
    end.round_end_wear(after.race.spec(car), after.race.dash(), uphill);
    let lost = c.engine - end.engine.min(c.engine);
    if lost == 0 && end.status != Status::Retired {
        return None;
    }
    Some(
        json!({"kind": "overheating", "car": car, "rule": OVERHEATING_RULE,
                "engine": lost, "temperature": end.temperature,
                "retires": end.status == Status::Retired, "probability": 1.0}),
    )
}
