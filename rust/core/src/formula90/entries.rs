//! The log as players read it (issue 29): one entry per applied action — a seat's decision, or
//! a chance outcome — holding, as its `steps`, every typed event the rules resolved for it; the
//! race's set-up is the first entry. A decision is one entry however many steps it takes.
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::events::Event;
use super::moves::decision_kind;
use super::state::F90State;

/// The kinds of an entry that is not a seat's decision; a decision's kind is its move's
/// (`moves::MOVE_KINDS`). Both are described in docs/rules/formula90.md, "Vocabulary".
pub const TABLE_KINDS: [&str; 2] = ["start", "chance"];

/// The entries of `events` from the `since`-th on, as `seat` may see them (`None`: a spectator).
pub fn entries(s: &F90State, events: &[Event], seat: Option<usize>, since: usize) -> Vec<Value> {
    let opens = events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::Applied { .. }))
        .map(|(i, _)| i);
    // The set-up's entry runs from the start to the first action's.
    let bounds: Vec<usize> = core::iter::once(0)
        .chain(opens)
        .chain(core::iter::once(events.len()))
        .collect();
    bounds
        .windows(2)
        .skip(since)
        .map(|w| entry(s, &events[w[0]..w[1]], seat))
        .collect()
}

/// One entry: `kind`, `seat` (the seat that decided; `null` for the set-up and chance), `car`
/// (a decision's: the seat's car) and `steps`.
fn entry(s: &F90State, part: &[Event], seat: Option<usize>) -> Value {
    let (kind, who, steps) = match part.first() {
        Some(&Event::Applied {
            action,
            seat: Some(p),
        }) => {
            let kind = super::actions::decode(action).map_or("chance", |m| decision_kind(s, m));
            (kind, Some(p), &part[1..])
        }
        Some(Event::Applied { seat: None, .. }) => ("chance", None, &part[1..]),
        _ => ("start", None, part),
    };
    let steps: Vec<Value> = steps
        .iter()
        .filter_map(|e| e.to_json(&s.race, seat))
        .collect();
    let mut e = Map::new();
    e.insert("kind".into(), Value::from(kind));
    e.insert("seat".into(), who.map_or(Value::Null, Value::from));
    if let Some(p) = who {
        let car = s.seat_car(usize::from(p));
        e.insert(
            "car".into(),
            json!({"id": car, "name": s.race.names[usize::from(car)]}),
        );
    }
    e.insert("steps".into(), Value::from(steps));
    Value::Object(e)
}
