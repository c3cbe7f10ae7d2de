//! Lamborghini's board: the circuit as the core laid it (`grid::board`), its sections in order,
//! and every card of the game's content as a face, so a surface names and draws a card by the
//! id a view or a label gives without reading the content itself (issue 29).
use alloc::string::ToString;
use serde_json::{json, Map, Value};

use super::content::{Kind, Supplier, MAN_KINDS, TECH_KINDS};
use super::events::card_name_in;
use super::state::Def;
use crate::grid::board::{to_json, Meta};

pub fn board(def: &Def) -> Value {
    let c = &def.content.circuits[def.circuit];
    let mut v = to_json(
        &c.track,
        &Meta {
            game: super::GAME_ID,
            kind: "circuit",
            id: &c.id,
            name: &c.name,
            laps: Some(def.laps),
            grid_rows: c.grid_rows,
        },
    );
    v["cards"] = cards(def);
    v
}

/// Every card by its content id: its name, its deck (`kind`) and the numbers printed on it.
/// Car and Driver cards: `speed_bonus`, `manoeuvre`, `price`; Technology: `supplier`,
/// `effect` (its kind, as the content names it) and `value`; Manoeuvre: `effect`; Banknote:
/// `amount`; every card of the Speed deck its `speed` and `crazy` arrow.
fn cards(def: &Def) -> Value {
    let content = &def.content;
    let mut out = Map::new();
    for (c, k) in content.cards.iter().enumerate() {
        let mut r = json!({"id": k.id, "name": card_name_in(content, c as u16)});
        match k.kind {
            Kind::Car | Kind::Driver => {
                r["kind"] = Value::from(if k.kind == Kind::Car { "car" } else { "driver" });
                r["speed_bonus"] = Value::from(k.speed_bonus);
                r["manoeuvre"] = Value::from(k.manoeuvre);
                r["price"] = Value::from(k.price);
            }
            Kind::Tech(supplier, tech) => {
                r["kind"] = Value::from("technology");
                r["supplier"] = Value::from(match supplier {
                    Supplier::Red => "red",
                    Supplier::Yellow => "yellow",
                    Supplier::Blue => "blue",
                });
                r["effect"] =
                    Value::from(TECH_KINDS.iter().find(|t| t.1 == tech).map_or("", |t| t.0));
                r["value"] = Value::from(k.value);
            }
            Kind::Manoeuvre(m) => {
                r["kind"] = Value::from("manoeuvre");
                r["effect"] = Value::from(MAN_KINDS.iter().find(|t| t.1 == m).map_or("", |t| t.0));
            }
            Kind::Banknote => {
                r["kind"] = Value::from("banknote");
                r["amount"] = Value::from(k.amount);
            }
        }
        if !matches!(k.kind, Kind::Car | Kind::Driver) {
            r["speed"] = Value::from(k.speed);
            r["crazy"] = Value::from(k.crazy);
        }
        out.insert(k.id.to_string(), r);
    }
    Value::Object(out)
}
