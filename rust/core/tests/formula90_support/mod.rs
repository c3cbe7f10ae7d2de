//! Shared by the Formula 90 tests: the shipped content, test tracks, scripting helpers.
#![allow(dead_code)]
use std::path::Path;
use std::sync::Arc;

use autodromo_core::formula90::{Content, F90State, Formula90};
use autodromo_core::{Game, State};
use serde_json::Value;

pub fn shipped_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/autodromo/content/formula90")
}

pub fn content() -> Arc<Content> {
    Arc::new(Content::from_dir(&shipped_dir()).expect("the shipped content is valid"))
}

pub fn game(options: Value) -> Formula90 {
    Formula90::new(content(), &options).expect("options are valid")
}

pub fn race(options: Value) -> F90State {
    game(options).new_initial_state()
}

/// Applies a labelled action, panicking with the rule if it is refused.
pub fn act(s: &mut F90State, label: &str) {
    let a = s
        .string_to_action(label)
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    if let Err(e) = s.apply_action(a) {
        panic!("{label} refused: {e}; legal: {:?}", labels(s));
    }
}

pub fn labels(s: &F90State) -> Vec<String> {
    s.legal_actions()
        .into_iter()
        .map(|a| s.action_to_string(a))
        .collect()
}

/// Asserts `label` is refused with a message containing `rule`, leaving the state untouched.
pub fn refused(s: &mut F90State, label: &str, rule: &str) {
    let before = s.clone();
    let a = s.string_to_action(label).expect("a known label");
    let err = s.apply_action(a).expect_err("must be refused").to_string();
    assert!(err.contains(rule), "{label}: {err:?} does not say {rule:?}");
    assert_eq!(*s, before, "a refused action changed the state");
}
