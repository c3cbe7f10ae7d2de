//! Issue 11, item 5: in every game an illegal action is refused with the check that failed, and
//! `apply_action` is all-or-nothing in the core: over random games, at many states, every action
//! id that is not legal there (out-of-range ids included) is refused, names its rule, and leaves
//! the state equal to what it was; every legal id is accepted.
#[path = "formula90/support.rs"]
mod formula90_support;
#[path = "lamborghini/support.rs"]
mod lamborghini_support;

use std::path::Path;
use std::sync::Arc;

use autodromo_core::harness::every_refusal_changes_nothing;
use autodromo_core::lamborghini::Lamborghini;
use autodromo_core::legend::{Content as LegendContent, Legend};
use autodromo_core::mille_bornes::MilleBornes;
use autodromo_core::{Action, Error};
use serde_json::json;

/// Words of a refusal that names no rule: the fallbacks these tests keep out.
const GENERIC: [&str; 4] = [
    "not now",
    ": not allowed",
    "cannot be picked",
    "cannot go to car",
];

fn names_its_check<S>(_: &S, a: Action, e: &Error) -> Result<(), String> {
    let text = e.to_string();
    match e {
        Error::IllegalAction { rule, .. } if rule.len() > 12 => {}
        Error::UnknownAction { .. } => {}
        _ => return Err(format!("action {a}: not a refusal with a rule: {e:?}")),
    }
    match GENERIC.iter().find(|g| text.contains(*g)) {
        Some(g) => Err(format!(
            "action {a}: the reason {text:?} is generic ({g:?})"
        )),
        None => Ok(()),
    }
}

#[test]
fn lamborghini_refusals_name_the_check_and_change_nothing() {
    let content = lamborghini_support::content();
    let mut refused = 0;
    for seed in 0..4u64 {
        let options = json!({"players": 2 + seed % 4, "laps": 1, "long": seed % 2 == 1,
                             "circuit": content.circuits[seed as usize % content.circuits.len()].id});
        let game = Lamborghini::new(content.clone(), &options).unwrap();
        refused += every_refusal_changes_nothing(&game, seed, 11, 25, names_its_check)
            .unwrap_or_else(|e| panic!("{options}: {e}"));
    }
    assert!(refused > 5_000, "only {refused} refusals checked");
}

#[test]
fn mille_bornes_refusals_name_the_check_and_change_nothing() {
    let mut refused = 0;
    for (seed, options) in [
        json!({"players": 2}),
        json!({"players": 4, "teams": 2, "cumulative_attacks": true}),
        json!({"players": 3, "wrong_way": true, "secret_coup_fourre": true, "target": 700}),
    ]
    .into_iter()
    .enumerate()
    {
        let game = MilleBornes::from_json(&options).unwrap();
        refused += every_refusal_changes_nothing(&game, seed as u64, 3, 60, names_its_check)
            .unwrap_or_else(|e| panic!("{options}: {e}"));
    }
    assert!(refused > 5_000, "only {refused} refusals checked");
}

#[test]
fn legend_refusals_name_the_check_and_change_nothing() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/autodromo/content/legend");
    let content = Arc::new(LegendContent::from_dir(&dir).expect("the shipped content is valid"));
    let ids: Vec<String> = content.cars.iter().map(|c| c.id.clone()).collect();
    let mut refused = 0;
    for seed in 0..3u64 {
        let n = 2 + seed as usize;
        let cars: Vec<&str> = (0..n)
            .map(|i| ids[(i * 3 + seed as usize) % ids.len()].as_str())
            .collect();
        let options = json!({"cars": cars, "laps": 1,
                             "circuit": content.circuits[seed as usize % content.circuits.len()].id, "priority_bid": seed == 1});
        let game = Legend::new(content.clone(), &options).unwrap();
        refused += every_refusal_changes_nothing(&game, seed, 5, 40, names_its_check)
            .unwrap_or_else(|e| panic!("{options}: {e}"));
    }
    assert!(refused > 5_000, "only {refused} refusals checked");
}

#[test]
fn formula90_refusals_name_the_check_and_change_nothing() {
    let mut refused = 0;
    for seed in 0..2u64 {
        let options = json!({"players": 2 + seed, "turns": 3});
        let game = formula90_support::advanced_game(options.clone());
        refused += every_refusal_changes_nothing(&game, seed, 13, 8, names_its_check)
            .unwrap_or_else(|e| panic!("{options}: {e}"));
    }
    assert!(refused > 2_000, "only {refused} refusals checked");
}
