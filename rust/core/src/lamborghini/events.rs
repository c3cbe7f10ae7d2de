//! The typed event log. The state keeps none of it: `State::events` replays the history and
//! describes each action from the position it was taken in, so play itself pays nothing for it.
//!
//! One action is one event, with the game turn it was taken in (the last square of a turn is
//! still that turn's, not the next one's) and the damages and wrecks it caused. The kinds and
//! their fields are listed in docs/rules/lamborghini.md, "Vocabulary".
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::actions::Move;
use super::content::{Content, Kind};
use super::rules::{man_name, supplier_name, tech_name};
use super::state::{LamboState, Murc, Phase, Why};

/// Every `kind` an event's JSON may have.
pub const EVENT_KINDS: [&str; 23] = [
    "bid",
    "revealed",
    "turned_deck",
    "turned",
    "picked",
    "dealt",
    "drivers_kept",
    "drivers_swapped",
    "linked",
    "qualifying_card",
    "speed_card",
    "check_card",
    "direction_card",
    "played",
    "stepped",
    "slipstreamed",
    "crashed",
    "pushed",
    "took_check",
    "team_repair",
    "team_bonus",
    "direction_chosen",
    "other",
];

/// A card as people read it: Car and Driver cards by their name, Technology by supplier and
/// kind ("Red Engine"), Manoeuvre cards by kind ("Fast car"), Banknotes by amount ("5,000 $").
pub fn card_name(s: &LamboState, c: u16) -> String {
    card_name_in(&s.def.content, c)
}

/// [`card_name`] of a card of `content`, with no game under way (the board's cards).
pub fn card_name_in(content: &Content, c: u16) -> String {
    let Some(k) = content.cards.get(usize::from(c)) else {
        return format!("card {}", u32::from(c) + 1);
    };
    match k.kind {
        Kind::Car | Kind::Driver => k.name.clone(),
        Kind::Tech(supplier, tech) => format!("{} {}", supplier_name(supplier), tech_name(tech)),
        Kind::Manoeuvre(m) => String::from(man_name(m)),
        Kind::Banknote => {
            let n = k.amount;
            if n >= 1000 {
                format!("{},{:03} $", n / 1000, n % 1000)
            } else {
                format!("{n} $")
            }
        }
    }
}

/// A card as a reference: its content id and the name people read; a card of the Speed deck
/// (Technology, Manoeuvre, Banknote) also its Speed value and Crazy arrow, which a draw reads.
pub fn card_ref(s: &LamboState, c: u16) -> Value {
    let Some(k) = s.def.content.cards.get(usize::from(c)) else {
        return json!({"id": format!("{c}"), "name": card_name(s, c)});
    };
    let mut r = json!({"id": k.id, "name": card_name(s, c)});
    if !matches!(k.kind, Kind::Car | Kind::Driver) {
        r["speed"] = Value::from(k.speed);
        r["crazy"] = Value::from(k.crazy);
    }
    r
}

/// The car the phase is about, if one is.
fn phase_car(p: Phase) -> Option<u8> {
    match p {
        Phase::Grant { car, .. }
        | Phase::Qualify { car }
        | Phase::SpeedDraw { car }
        | Phase::Check { car, .. }
        | Phase::DirectionDraw { car }
        | Phase::Direction { car, .. }
        | Phase::CheckPrep { car }
        | Phase::Drive { car }
        | Phase::Slip { car }
        | Phase::Team { car } => Some(car),
        _ => None,
    }
}

fn why_name(w: Why) -> &'static str {
    match w {
        Why::Crazy(_) => "crazy",
        Why::Squeeze => "squeeze",
        Why::Slipstream => "slipstream",
        Why::Engage { .. } => "engagement",
    }
}

/// The event of `action` taken in `before` (which led to `after`), as `viewer` may see it.
pub fn event(
    before: &LamboState,
    after: &LamboState,
    action: crate::game::Action,
    viewer: Option<usize>,
) -> Value {
    let mut e = Map::new();
    let who = before.current_player().to_i32();
    let seat = (who >= 0).then_some(who);
    let car = phase_car(before.phase);
    let card = |c: u16| card_ref(before, c);
    let cell = |s: &LamboState, car: u8| {
        let m = &s.murcs[usize::from(car)];
        json!({"row": m.cell.row, "lane": m.cell.lane})
    };
    let (kind, fields): (&str, Value) = match (before.phase, before.def.enc.decode(action)) {
        (_, Some(Move::Bid(k))) => ("bid", json!({"amount": u32::from(k) * 1000})),
        (_, Some(Move::TurnTech(t))) => (
            "turned_deck",
            json!({"deck": if t { "technology" } else { "manoeuvre" }}),
        ),
        (_, Some(Move::TurnCar(c))) => (
            "turned_deck",
            json!({"deck": if c { "car" } else { "driver" }}),
        ),
        (_, Some(Move::Pick(c))) => ("picked", json!({"card": card(c)})),
        (Phase::Reveal { .. }, Some(Move::Draw(c))) => ("revealed", json!({"card": card(c)})),
        (Phase::Turned { seat, deck, .. }, Some(Move::Draw(c))) => (
            "turned",
            json!({"for": seat, "deck": deck.name().to_lowercase(), "card": card(c)}),
        ),
        (Phase::Grant { car, .. }, Some(Move::Draw(c))) => {
            let owner = before.def.opts.owner(usize::from(car));
            let mut f = json!({"owner": owner});
            // Cards dealt into another seat's hand stay hidden.
            if viewer == Some(usize::from(owner)) {
                f["card"] = card(c);
            }
            ("dealt", f)
        }
        (Phase::Qualify { .. }, Some(Move::Draw(c))) => {
            ("qualifying_card", json!({"card": card(c)}))
        }
        (Phase::SpeedDraw { .. }, Some(Move::Draw(c))) => ("speed_card", json!({"card": card(c)})),
        (Phase::Check { why, .. }, Some(Move::Draw(c))) => {
            ("check_card", json!({"card": card(c), "why": why_name(why)}))
        }
        (Phase::DirectionDraw { .. }, Some(Move::Draw(c))) => {
            ("direction_card", json!({"card": card(c)}))
        }
        (_, Some(Move::SwapDrivers(false))) => ("drivers_kept", json!({})),
        (_, Some(Move::SwapDrivers(true))) => ("drivers_swapped", json!({})),
        (_, Some(Move::LinkTo(k))) => ("linked", json!({"to_car": k})),
        (_, Some(Move::Play(c))) => ("played", json!({"card": card(c)})),
        (Phase::Drive { car: c } | Phase::Slip { car: c }, Some(Move::Step(d) | Move::Slip(d))) => {
            (
                if matches!(before.phase, Phase::Slip { .. }) {
                    "slipstreamed"
                } else {
                    "stepped"
                },
                json!({"direction": d.name(), "from": cell(before, c), "to": cell(after, c)}),
            )
        }
        (Phase::Drive { car: c }, Some(m @ (Move::Crash | Move::Push(_)))) => {
            let target = before.engage_target(usize::from(c), m);
            let mut f = json!({"target": target});
            if let Move::Push(d) = m {
                f["direction"] = Value::from(d.name());
                ("pushed", f)
            } else {
                ("crashed", f)
            }
        }
        (_, Some(Move::Proceed)) => ("took_check", json!({})),
        (_, Some(Move::Team(true))) => ("team_repair", json!({})),
        (_, Some(Move::Team(false))) => ("team_bonus", json!({})),
        (_, Some(Move::Direction(d))) => ("direction_chosen", json!({"direction": d.name()})),
        _ => ("other", json!({"action": action})),
    };
    e.insert("kind".into(), Value::from(kind));
    e.insert("turn".into(), Value::from(before.round));
    e.insert("seat".into(), seat.map_or(Value::Null, Value::from));
    if let Some(c) = car {
        e.insert("car".into(), Value::from(c));
    }
    if let Value::Object(f) = fields {
        e.extend(f);
    }
    // The action that ends a race of the long game: the next race's set-up may have cleared the
    // cars of `after`, so the race's end is read from its result.
    let ended = after.results.get(before.results.len());
    let end_cars: Vec<Murc>;
    let after_cars = match ended {
        Some(r) => {
            end_cars = r
                .cars
                .iter()
                .map(|c| Murc {
                    damages: c.damages,
                    wrecked: u8::from(c.wrecked),
                    finish: c.finish,
                    ..Murc::default()
                })
                .collect();
            &end_cars
        }
        None => &after.murcs,
    };
    if ended.is_some() {
        e.insert("race_over".into(), Value::from(before.races_done + 1));
    }
    let hurt: Vec<Value> = before
        .murcs
        .iter()
        .zip(after_cars)
        .enumerate()
        .filter(|(_, (b, a))| a.damages > b.damages || (a.wrecked > 0 && b.wrecked == 0))
        .map(|(i, (b, a))| {
            json!({"car": i, "damages": a.damages, "added": a.damages.saturating_sub(b.damages),
                   "wrecked": a.wrecked > 0 && b.wrecked == 0})
        })
        .collect();
    if !hurt.is_empty() {
        e.insert("damaged".into(), Value::Array(hurt));
    }
    let home: Vec<Value> = before
        .murcs
        .iter()
        .zip(after_cars)
        .enumerate()
        .filter(|(_, (b, a))| a.finish.is_some() && b.finish.is_none())
        .map(|(i, _)| Value::from(i))
        .collect();
    if !home.is_empty() {
        e.insert("finished".into(), Value::Array(home));
    }
    Value::Object(e)
}
