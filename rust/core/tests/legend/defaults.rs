//! With no `cars` option a race runs the first four cars of the content (docs/rules/legend.md,
//! Options): a Track race on the default circuit and a Stage race on a route.

use crate::support::*;
use autodromo_core::legend::Legend;
use autodromo_core::{Game, State};
use serde_json::{json, Value};

fn default_cars(options: Value) -> Vec<String> {
    let g = Legend::new(content(), &options).expect("no cars is a default field");
    assert_eq!(g.num_players(), 4);
    let o = g.options_json();
    assert_eq!(o["neutral"], json!([false, false, false, false]));
    o["cars"]
        .as_array()
        .expect("cars listed")
        .iter()
        .map(|c| c.as_str().expect("an id").to_string())
        .collect()
}

#[test]
fn no_cars_is_the_first_four_cars_of_the_roster_in_file_order() {
    let roster: Vec<String> = content().cars.iter().map(|c| c.id.clone()).collect();
    assert_eq!(default_cars(json!({})), roster[..4].to_vec());
    assert_eq!(
        default_cars(json!({"route": "coppa_breve"})),
        roster[..4].to_vec()
    );
}

#[test]
fn a_default_track_race_plays_to_the_end() {
    let mut s = race(json!({}));
    let mut rng = 7u64;
    while !s.is_terminal() {
        let legal = s.legal_actions();
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        s.apply_action(legal[(rng >> 33) as usize % legal.len()])
            .expect("a legal action applies");
    }
    assert_eq!(s.returns().len(), 4);
}

#[test]
fn per_seat_options_without_cars_are_refused_by_name() {
    for key in ["neutral", "setups", "condition"] {
        let err = Legend::new(content(), &json!({ key: [null, null] }))
            .expect_err("per-seat values need the cars")
            .to_string();
        assert!(err.contains(key) && err.contains("cars"), "{err}");
    }
}

#[test]
fn a_roster_of_one_car_has_no_default_field() {
    let mut c = (*content()).clone();
    c.cars.truncate(1);
    let err = Legend::new(std::sync::Arc::new(c), &json!({}))
        .expect_err("one car is no race")
        .to_string();
    assert!(err.contains("cars"), "{err}");
}
