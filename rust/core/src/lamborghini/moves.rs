//! What each legal action of the seat to act means (issue 29): its kind, the cards, cars and
//! directions it names as references, and what the rules compute of it. Built only when asked
//! (`State::moves`), on a copy, so play pays nothing for it. The kinds and keys are listed in
//! docs/rules/lamborghini.md, "Vocabulary".
use alloc::format;
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::actions::Move;
use super::events::card_ref;
use super::state::{LamboState, Phase, Why};
use crate::error::Error;
use crate::game::{Player, State};

/// Every `kind` a move may have.
pub const MOVE_KINDS: [&str; 15] = [
    "bid",
    "turn_card",
    "pick",
    "keep_drivers",
    "swap_drivers",
    "link",
    "play_card",
    "step",
    "slipstream",
    "crash",
    "push",
    "take_check",
    "team_repair",
    "team_bonus",
    "choose_direction",
];

/// A manoeuvre check of 7 or less is an accident (the book's Manoeuvre Check table).
pub const ACCIDENT_AT_MOST: i32 = 7;

/// The moves of `seat`: one per legal action, in the order of `legal_actions`; none when another
/// seat or chance is to act, or the game is over.
pub fn moves(s: &LamboState, seat: usize) -> Result<Vec<Value>, Error> {
    let n = usize::from(s.def.opts.players);
    if seat >= n {
        return Err(Error::options(
            "seat",
            format!("seat {seat}: this game has seats 0 to {}", n - 1),
        ));
    }
    if s.current_player() != Player::Seat(seat as u8) {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for a in s.legal_actions() {
        let mut after = s.clone();
        if after.apply_unrecorded(a).is_err() {
            continue;
        }
        out.push(describe(s, &after, a));
    }
    Ok(out)
}

fn describe(s: &LamboState, after: &LamboState, a: crate::game::Action) -> Value {
    let mut m = Map::new();
    let car = match s.phase {
        Phase::Drive { car }
        | Phase::Slip { car }
        | Phase::CheckPrep { car }
        | Phase::Team { car }
        | Phase::Direction { car, .. } => Some(usize::from(car)),
        _ => None,
    };
    let (kind, refs): (&str, Value) = match s.def.enc.decode(a) {
        Some(Move::Bid(k)) => ("bid", json!({"amount": u32::from(k) * 1000})),
        Some(Move::TurnTech(t)) => (
            "turn_card",
            json!({"deck": if t { "technology" } else { "manoeuvre" }}),
        ),
        Some(Move::TurnCar(c)) => (
            "turn_card",
            json!({"deck": if c { "car" } else { "driver" }}),
        ),
        Some(Move::Pick(c)) => ("pick", json!({"card": card_ref(s, c)})),
        Some(Move::SwapDrivers(false)) => ("keep_drivers", json!({})),
        Some(Move::SwapDrivers(true)) => ("swap_drivers", json!({})),
        Some(Move::LinkTo(k)) => ("link", json!({"to_car": k})),
        Some(Move::Play(c)) => ("play_card", json!({"card": card_ref(s, c)})),
        Some(Move::Step(d)) => ("step", json!({"direction": d.name()})),
        Some(Move::Slip(d)) => ("slipstream", json!({"direction": d.name()})),
        Some(x @ Move::Crash) => (
            "crash",
            json!({"target": car.and_then(|c| s.engage_target(c, x))}),
        ),
        Some(x @ Move::Push(d)) => (
            "push",
            json!({"direction": d.name(), "target": car.and_then(|c| s.engage_target(c, x))}),
        ),
        Some(Move::Proceed) => ("take_check", json!({})),
        Some(Move::Team(true)) => ("team_repair", json!({})),
        Some(Move::Team(false)) => ("team_bonus", json!({})),
        Some(Move::Direction(d)) => ("choose_direction", json!({"direction": d.name()})),
        Some(Move::Draw(_)) | None => ("", json!({})),
    };
    m.insert("action".into(), Value::from(a));
    m.insert("label".into(), Value::from(s.action_to_string(a)));
    m.insert("kind".into(), Value::from(kind));
    if let Some(c) = car {
        m.insert("car".into(), Value::from(c));
    }
    if let Value::Object(r) = refs {
        m.extend(r);
    }
    let seat = match s.current_player() {
        Player::Seat(p) => usize::from(p),
        _ => 0,
    };
    let mut leads = Map::new();
    let mut costs = Map::new();
    if let Some(c) = car {
        let to = &after.murcs[c];
        leads.insert(
            "car".into(),
            json!({"row": to.cell.row, "lane": to.cell.lane, "progress": to.progress,
                   "damages": to.damages, "finished": to.finish.is_some()}),
        );
        let moving = matches!(after.phase, Phase::Drive { car } if usize::from(car) == c)
            && usize::from(after.turn.car) == c;
        let left = if moving {
            (after.allowance(c) - i32::from(after.turn.spent)).max(0)
        } else {
            0
        };
        leads.insert("squares_left".into(), Value::from(left));
        // A square of the allowance; the slipstream's free square costs none.
        if kind == "step" {
            costs.insert("squares".into(), Value::from(1));
        }
    }
    if s.def.opts.long {
        let money = after.hands[seat].money;
        leads.insert("money".into(), Value::from(money));
        let paid = s.hands[seat].money - money;
        if paid > 0 {
            costs.insert("money".into(), Value::from(paid));
        }
    }
    m.insert("leads_to".into(), Value::Object(leads));
    m.insert("costs".into(), Value::Object(costs));
    m.insert("risks".into(), Value::Array(risks(after)));
    Value::Object(m)
}

/// The manoeuvre check the move leads straight to, if it does: the chance of an accident, every
/// Speed card of the pile it is drawn from counted once.
fn risks(after: &LamboState) -> Vec<Value> {
    let Phase::Check { car, why } = after.phase else {
        return Vec::new();
    };
    let c = usize::from(car);
    let pile = after.speed_pile();
    let bad = pile
        .iter()
        .filter(|&&k| after.check_total(c, why, k) <= ACCIDENT_AT_MOST)
        .count();
    let why = match why {
        Why::Crazy(_) => "crazy",
        Why::Squeeze => "squeeze",
        Why::Slipstream => "slipstream",
        Why::Engage { .. } => "engagement",
    };
    Vec::from([json!({
        "kind": "accident",
        "car": c,
        "why": why,
        "rule": "Manoeuvre Check table: 7 or less, an accident (a damage, then a direction card)",
        "probability": bad as f64 / pile.len().max(1) as f64,
    })])
}
