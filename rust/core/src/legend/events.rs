//! The race's log as typed events (issue 29): one per action, described from the position it was
//! taken in — a seat's decision has its move's kind and references, a draw or a roll its own
//! kind — with who acted, the car it was about and that car's Dashboard after it, and the
//! crashes, retirements and finishes the action caused. No prose: the words are made in
//! `python/autodromo/legend/words.py`. The kinds and fields are listed in docs/rules/legend.md,
//! "Vocabulary".
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::actions::Move;
use super::car::Status;
use super::moves::{dashboard, kind_of, MOVE_KINDS};
use super::state::{LegendState, Phase};
use crate::game::{Game, Player, State};

/// The kinds of the table's draws and rolls; a seat's decision has its move's kind
/// (`MOVE_KINDS`).
pub const CHANCE_KINDS: [&str; 5] = [
    "weather_roll",
    "qualifying_roll",
    "neutral_roll",
    "damage_card",
    "event_card",
];

/// Whether `kind` is a documented event kind.
pub fn is_event_kind(kind: &str) -> bool {
    MOVE_KINDS.contains(&kind) || CHANCE_KINDS.contains(&kind)
}

/// The events of the race from the `since`-th action on. Nothing in a Legend race is hidden
/// from any seat: one log. The actions before `since` are replayed, not described: a page that
/// keeps what it read asks only for the new ones, and describing one (a clone of the position
/// and its event) costs far more than applying it.
pub fn events_since(state: &LegendState, since: usize) -> Vec<Value> {
    let mut s = state.game().new_initial_state();
    let mut out = Vec::with_capacity(state.history.len().saturating_sub(since));
    for (i, &a) in state.history.iter().enumerate() {
        if i < since {
            if s.apply_action(a).is_err() {
                break;
            }
            continue;
        }
        let before = s.clone();
        if s.apply_action(a).is_err() {
            break;
        }
        out.push(event(&before, &s, a));
    }
    out
}

pub(crate) fn event(b: &LegendState, after: &LegendState, a: u32) -> Value {
    let mut e = Map::new();
    e.insert("round".into(), Value::from(b.round));
    if b.is_stage_race() {
        e.insert("stage".into(), Value::from(b.stage));
    }
    let m = b.race.enc.decode(a);
    let (kind, car, refs) = match (b.current_player(), m) {
        (Player::Seat(seat), Some(m)) => {
            let car = usize::from(seat);
            e.insert("seat".into(), Value::from(car));
            let (kind, refs) = kind_of(b, car, m);
            (kind, Some(car), refs)
        }
        (_, Some(m)) => {
            e.insert("seat".into(), Value::Null);
            chance(b, after, m)
        }
        (_, None) => ("", None, json!({})),
    };
    e.insert("kind".into(), Value::from(kind));
    if let Some(c) = car {
        e.insert("car".into(), Value::from(c));
        e.insert("now".into(), dashboard(&after.cars[c]));
    }
    if let Value::Object(r) = refs {
        e.extend(r);
    }
    let newly = |f: &dyn Fn(&super::car::Car, &super::car::Car) -> bool| -> Vec<usize> {
        (0..b.cars.len())
            .filter(|&k| f(&b.cars[k], &after.cars[k]))
            .collect()
    };
    let crashed = newly(&|x, y| y.crashes > x.crashes);
    let retired = newly(&|x, y| y.status == Status::Retired && x.status != Status::Retired);
    let finished = newly(&|x, y| y.finish.is_some() && x.finish.is_none());
    for (key, cars) in [
        ("crashed", crashed),
        ("retired", retired),
        ("finished", finished),
    ] {
        if !cars.is_empty() {
            e.insert(key.into(), Value::from(cars));
        }
    }
    if b.is_stage_race() && after.stage == b.stage {
        if let Some(c) = car {
            let added = after
                .record(b.stage, c)
                .penalty
                .saturating_sub(b.record(b.stage, c).penalty);
            if added > 0 {
                e.insert("penalty".into(), Value::from(added));
            }
        }
    }
    Value::Object(e)
}

/// A roll or a draw: its kind, the car it is about (if one), its references.
fn chance(b: &LegendState, after: &LegendState, m: Move) -> (&'static str, Option<usize>, Value) {
    let content = &b.race.content;
    match (b.phase, m) {
        (Phase::Weather, Move::Die(v)) => (
            "weather_roll",
            None,
            json!({"value": v, "total": after.weather_total, "rain": after.rain}),
        ),
        (Phase::QualifyingDie { car }, Move::Die(v)) => (
            "qualifying_roll",
            Some(usize::from(car)),
            json!({"value": v}),
        ),
        (_, Move::Die(v)) => ("neutral_roll", None, json!({"value": v})),
        (Phase::Damage { car }, Move::DamageCard(i)) => {
            let c = &content.damage[usize::from(i)];
            // The card's face: what it does, so no surface reads the deck.
            let card = json!({"id": c.id.as_str(), "name": c.name.as_str(), "engine": c.engine,
                "brakes": c.brakes, "tires": c.tires, "temperature": c.temperature,
                "flat_tire": c.flat_tire, "battery": c.battery, "headlights": c.headlights});
            (
                "damage_card",
                Some(usize::from(car)),
                json!({ "card": card }),
            )
        }
        (_, Move::EventCard(i)) => {
            let c = &content.events[usize::from(i)];
            let card = json!({"id": c.id.as_str(), "name": c.name.as_str(),
                "temperature": c.temperature, "tires": c.tires, "engine": c.engine,
                "weather_roll": c.weather_roll, "reshuffle": c.reshuffle,
                "chronograph": c.chronograph, "time_penalty": c.time_penalty});
            ("event_card", None, json!({ "card": card }))
        }
        _ => ("", None, json!({})),
    }
}
