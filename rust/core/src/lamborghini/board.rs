//! Lamborghini's board: the circuit as the core laid it (`grid::board`), its sections in order.
use serde_json::Value;

use super::state::Def;
use crate::grid::board::{to_json, Meta};

pub fn board(def: &Def) -> Value {
    let c = &def.content.circuits[def.circuit];
    to_json(
        &c.track,
        &Meta {
            game: super::GAME_ID,
            kind: "circuit",
            id: &c.id,
            name: &c.name,
            laps: Some(def.laps),
            grid_rows: c.grid_rows,
        },
    )
}
