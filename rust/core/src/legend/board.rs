//! Legend's board: the circuit of a Track race, or each stage of a Stage race's route, as the
//! core laid it (`grid::board`).
use serde_json::{json, Value};

use super::RaceDef;
use crate::grid::board::{to_json, Meta};

pub fn board(race: &RaceDef) -> Value {
    let Some(route) = race.route() else {
        let c = race.circuit();
        return to_json(
            &c.track,
            &Meta {
                game: super::GAME_ID,
                kind: "circuit",
                id: &c.id,
                name: &c.name,
                laps: Some(race.laps),
                grid_rows: c.grid_rows,
            },
        );
    };
    let stages: alloc::vec::Vec<Value> = route
        .stages
        .iter()
        .map(|&i| {
            let s = &race.content.stages[i];
            to_json(
                &s.track,
                &Meta {
                    game: super::GAME_ID,
                    kind: "stage",
                    id: &s.id,
                    name: &s.name,
                    laps: None,
                    grid_rows: 0,
                },
            )
        })
        .collect();
    json!({
        "geometry": "route",
        "game": super::GAME_ID,
        "kind": "route",
        "id": route.id,
        "name": route.name,
        "stages": stages,
    })
}
