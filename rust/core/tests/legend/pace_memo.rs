//! `hard`'s pace tables are a cache kept with the race definition: races that share it (the
//! ladder's configurations, on one circuit with the same laps) solve each table once, and a
//! copied race definition starts with none of them.
use autodromo_core::game::Game;
use autodromo_core::legend::bots::prices::drive_of;
use std::sync::Arc;

use autodromo_core::legend::Legend;
use serde_json::json;

use crate::support;

fn game(cars: [&str; 2]) -> Legend {
    support::game(json!({"circuit": "example", "laps": 2, "cars": cars}))
}

#[test]
fn shared_tables_are_solved_once_and_a_copy_starts_empty() {
    let a = game(["alfa_8c_2900b", "aston_db3s"]);
    let mut b = game(["aston_db3s", "alfa_8c_2900b"]);
    Arc::get_mut(&mut b.race).unwrap().pace = a.race.pace.shared();
    let s = a.new_initial_state();
    let d = drive_of(&s, 0);
    let first = a.race.pace.table(&a.race, &d);
    assert!(Arc::ptr_eq(&first, &b.race.pace.table(&b.race, &d)));
    let copy = (*a.race).clone();
    let own = copy.pace.table(&copy, &d);
    assert!(!Arc::ptr_eq(&first, &own));
}
