//! Shared by the Legend tests: the shipped content and small scripting helpers.
#![allow(dead_code)]
use std::path::Path;
use std::sync::Arc;

use autodromo_core::grid::Cell;
use autodromo_core::legend::{Content, Legend, LegendState};
use autodromo_core::{Game, State};
use serde_json::Value;

pub fn content() -> Arc<Content> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/autodromo/content/legend");
    Arc::new(Content::from_dir(&dir).expect("the shipped content is valid"))
}

pub fn race(options: Value) -> LegendState {
    Legend::new(content(), &options)
        .expect("options are valid")
        .new_initial_state()
}

/// Applies a labelled action, panicking with the rule if it is refused.
pub fn act(s: &mut LegendState, label: &str) {
    let a = s
        .string_to_action(label)
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    if let Err(e) = s.apply_action(a) {
        panic!("{label} refused: {e}; legal: {:?}", labels(s));
    }
}

pub fn labels(s: &LegendState) -> Vec<String> {
    s.legal_actions()
        .into_iter()
        .map(|a| s.action_to_string(a))
        .collect()
}

/// Asserts `label` is refused with a message containing `rule`, leaving the state untouched.
pub fn refused(s: &mut LegendState, label: &str, rule: &str) {
    let before = s.serialize();
    let a = s.string_to_action(label).expect("a known label");
    let err = s.apply_action(a).expect_err("must be refused").to_string();
    assert!(err.contains(rule), "{label}: {err:?} does not say {rule:?}");
    assert_eq!(s.serialize(), before, "a refused action changed the state");
}

pub fn place(s: &mut LegendState, car: usize, row: u16, lane: u8, speed: u8) {
    let len = s.race.track().len() as i32;
    let c = &mut s.cars[car];
    let lap_start = c.progress - (c.progress.rem_euclid(len));
    c.cell = Cell { row, lane };
    c.progress = lap_start + i32::from(row);
    c.speed = speed;
}

/// Makes `car` the only car to act this round (others stay where the test put them).
pub fn only(s: &mut LegendState, car: usize) {
    s.order = vec![car as u8];
    s.next = 0;
    s.begin_activation(car);
}

pub fn cell(s: &LegendState, car: usize) -> (u16, u8) {
    let c = s.cars[car].cell;
    (c.row, c.lane)
}
