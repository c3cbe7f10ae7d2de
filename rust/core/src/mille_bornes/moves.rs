//! What each legal action of the seat to act means (issue 29): its kind, the card and the side
//! it names as references, and what the rules compute of it. Built only when asked
//! (`State::moves`), so play pays nothing for it. The kinds and keys are listed in
//! docs/rules/mille_bornes.md, "Vocabulary".
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::actions::Move;
use super::cards::{self, Card, ALL, HAZARDS};
use super::events::Event;
use super::rules::Tableau;
use super::scoring::SCORES;
use super::state::{Core, Phase};
use crate::error::Error;
use crate::game::{Action, Player};

/// Every `kind` a move may have.
pub const MOVE_KINDS: [&str; 9] = [
    "play_distance",
    "play_remedy",
    "play_hazard",
    "play_safety",
    "coup_fourre",
    "decline_coup_fourre",
    "discard",
    "extend",
    "stop",
];

/// Every `battle` a side's state may be in, after a move.
pub const BATTLE_STATES: [&str; 3] = ["rolling", "needs_roll", "stopped"];

/// The moves of `seat`: one per legal action, in the order of `legal_actions`; none when another
/// seat or chance is to act, or the game is over.
pub fn moves(core: &Core, seat: usize) -> Result<Vec<Value>, Error> {
    let n = core.players();
    if seat >= n {
        return Err(Error::options(
            "seat",
            format!(
                "no seat {seat}: the API numbers this game's {n} seats 0 to {}",
                n - 1
            ),
        ));
    }
    if core.current_player() != Player::Seat(seat as u8) {
        return Ok(Vec::new());
    }
    let mut legal = Vec::new();
    core.legal_actions_into(&mut legal);
    Ok(legal.iter().map(|&a| describe(core, seat, a)).collect())
}

/// The battle state a tableau shows: a hazard on its battle pile, moving, or waiting for a Roll.
pub fn battle(t: &Tableau) -> &'static str {
    if t.hazards != 0 {
        "stopped"
    } else if t.moving() {
        "rolling"
    } else {
        "needs_roll"
    }
}

fn refs(cards: impl Iterator<Item = Card>) -> Vec<Value> {
    cards.map(Card::reference).collect()
}

/// A side's state as a move leads to it.
fn side_after(core: &Core, side: usize, t: &Tableau) -> Map<String, Value> {
    let hazards = [Card::Accident, Card::OutOfGas, Card::FlatTire, Card::Stop]
        .into_iter()
        .filter(|h| t.hazards & h.battle_bit() != 0);
    let v = json!({
        "side": side,
        "seats": seats_of(core, side),
        "miles": t.miles,
        "battle": battle(t),
        "hazards": refs(hazards),
        "speed_limit": t.limited,
        "wrong_way": t.wrong_way,
    });
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

fn seats_of(core: &Core, side: usize) -> Vec<usize> {
    (0..core.players())
        .filter(|&p| core.side_of(p) == side)
        .collect()
}

/// The remedy that cures `hazard` (Roll for Stop).
fn remedy_of(hazard: Card) -> Option<Card> {
    ALL.into_iter().find(|c| c.remedy_for() == Some(hazard))
}

/// The attacks in sight on a tableau: what a safety played now would cancel.
fn attacks_on(t: &Tableau) -> impl Iterator<Item = Card> + '_ {
    HAZARDS.into_iter().filter(move |&h| match h {
        Card::SpeedLimit => t.limited,
        Card::WrongWay => t.wrong_way,
        _ => t.hazards & h.battle_bit() != 0,
    })
}

/// Points a safety earns its side at the hand's end: 100, and the all-four bonus with the last.
fn safety_points(before: &Tableau, coup: bool) -> i32 {
    let fourth = before.safety_count() == 3;
    SCORES.per_safety
        + if fourth { SCORES.all_four_safeties } else { 0 }
        + if coup { SCORES.per_coup_fourre } else { 0 }
}

fn describe(core: &Core, seat: usize, action: Action) -> Value {
    let enc = core.encoding();
    let own = core.side_of(seat);
    // What follows the move, from the rules themselves on a copy; only public facts are read
    // from it (never who is asked about a coup fourré next).
    let mut next = *core;
    let mut log: Vec<Event> = Vec::new();
    let _ = next.apply(action, &mut log);
    let hand_over = log.iter().any(|e| matches!(e, Event::HandOver { .. }));
    let mut out = json!({
        "action": action,
        "label": enc.label(action),
        "costs": {},
        "risks": [],
    });
    let mut leads = Map::new();
    let Some(m) = enc.decode(action) else {
        return out;
    };
    let kind = match m {
        Move::Play(c) => {
            out["card"] = c.reference();
            let before = core.sides[own];
            let mut t = before;
            t.play_own(c);
            leads = side_after(core, own, &t);
            if c.is_distance() {
                leads.insert("target".into(), Value::from(core.target));
                leads.insert("trip_complete".into(), Value::from(t.miles == core.target));
                let offered = matches!(next.phase, Phase::Extension { .. });
                leads.insert("extension_offered".into(), Value::from(offered));
                if c == Card::D200 && before.twos == 0 {
                    out["costs"] = json!({"safe_trip": SCORES.safe_trip});
                }
                "play_distance"
            } else if c.is_safety() {
                let extra = log.iter().any(|e| {
                    matches!(
                        e,
                        Event::Played {
                            extra_turn: true,
                            ..
                        }
                    )
                });
                leads.insert("extra_turn".into(), Value::from(extra));
                leads.insert("cancels".into(), Value::from(refs(attacks_on(&before))));
                let against = HAZARDS
                    .into_iter()
                    .filter(|h| h.safety_against() == Some(c));
                leads.insert("protects_against".into(), Value::from(refs(against)));
                leads.insert("points".into(), Value::from(safety_points(&before, false)));
                "play_safety"
            } else {
                if let Some(h) = c.remedy_for() {
                    leads.insert("cures".into(), h.reference());
                }
                "play_remedy"
            }
        }
        Move::Attack(h, side) => {
            let side = usize::from(side);
            out["card"] = h.reference();
            out["target"] = json!({"side": side, "seats": seats_of(core, side)});
            let mut t = core.sides[side];
            t.suffer(h);
            leads = side_after(core, side, &t);
            if let Some(r) = remedy_of(h) {
                leads.insert("remedy".into(), r.reference());
            }
            // After Repairs, Gasoline or a Spare Tire the car stands until a Roll (rules.rs
            // play_own), unless Right of Way rolls it.
            let roll_after = h.battle_bit() != 0 && h != Card::Stop && !t.has(Card::RightOfWay);
            leads.insert("roll_after_remedy".into(), Value::from(roll_after));
            if let Some(risk) = coup_fourre_risk(core, seat, h, side) {
                out["risks"] = Value::from(alloc::vec![risk]);
            }
            "play_hazard"
        }
        Move::Discard(c) => {
            out["card"] = c.reference();
            "discard"
        }
        Move::CoupFourre | Move::DeclineCoupFourre => {
            let Phase::CoupFourre {
                hazard,
                before,
                attacker,
                ..
            } = core.phase
            else {
                return out;
            };
            out["hazard"] = hazard.reference();
            out["attacker"] = Value::from(attacker);
            if m == Move::DeclineCoupFourre {
                leads = side_after(core, own, &core.sides[own]);
                "decline_coup_fourre"
            } else {
                let safety = hazard.safety_against().unwrap_or(hazard);
                out["card"] = safety.reference();
                let mut t = before;
                t.play_safety(safety);
                leads = side_after(core, own, &t);
                let skipped: Vec<u32> = log
                    .iter()
                    .find_map(|e| match e {
                        Event::CoupFourre { skipped, .. } => {
                            Some((0..16).filter(|i| skipped & (1 << i) != 0).collect())
                        }
                        _ => None,
                    })
                    .unwrap_or_default();
                leads.insert("skipped".into(), Value::from(skipped));
                let replacement = matches!(next.phase, Phase::ReplacementDraw { .. });
                leads.insert("replacement_draw".into(), Value::from(replacement));
                leads.insert("points".into(), Value::from(safety_points(&before, true)));
                "coup_fourre"
            }
        }
        Move::Extend => {
            leads.insert("target".into(), Value::from(1000));
            leads.insert("bonus".into(), Value::from(SCORES.extension));
            out["risks"] = json!([{
                "kind": "extension_failed",
                "points_to_each_other_side": SCORES.extension,
                "rule": "docs/rules/mille_bornes.md decision 13",
            }]);
            "extend"
        }
        Move::StopAt700 => {
            leads.insert("trip_complete".into(), Value::from(true));
            "stop"
        }
        Move::Draw(_) => return out,
    };
    leads.insert("hand_over".into(), Value::from(hand_over));
    out["kind"] = Value::from(kind);
    out["leads_to"] = Value::Object(leads);
    out
}

/// The chance a coup fourré answers `hazard` on `side`: the side's seats hold the safety. From
/// what `seat` knows, every card it has not seen is as likely to be in any place it cannot see
/// (the pile, or another seat's hand); none when it sees the safety elsewhere.
fn coup_fourre_risk(core: &Core, seat: usize, hazard: Card, side: usize) -> Option<Value> {
    let safety = hazard.safety_against()?;
    let k = safety.index();
    let in_sight = core.hands[seat][k] > 0
        || core.discard[k] > 0
        || core.sides[..core.num_sides()].iter().any(|t| t.has(safety));
    if in_sight {
        return None;
    }
    let unseen = u32::from(core.deck_len)
        + (0..core.players())
            .filter(|&p| p != seat)
            .map(|p| cards::total(&core.hands[p]))
            .sum::<u32>();
    let held: u32 = seats_of(core, side)
        .iter()
        .map(|&p| cards::total(&core.hands[p]))
        .sum();
    if unseen == 0 || held == 0 {
        return None;
    }
    Some(json!({
        "kind": "coup_fourre",
        "safety": safety.reference(),
        "probability": f64::from(held) / f64::from(unseen),
        "points_to_them": SCORES.per_safety + SCORES.per_coup_fourre,
        "rule": "Colpi scambievoli; docs/rules/mille_bornes.md decision 7",
    }))
}
