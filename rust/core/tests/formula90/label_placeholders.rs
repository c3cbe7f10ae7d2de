//! Issue 35: no Formula 90 label carries a placeholder ("Extreme Trajectory with ?145's
//! power"): every id of the action space is worded, legal or not, on the shipped track.
use std::path::Path;
use std::sync::Arc;

use autodromo_core::formula90::{Content, Formula90};
use autodromo_core::game::{Game, State};
use autodromo_core::rng::SplitMix64;
use serde_json::json;

#[test]
fn every_action_id_is_worded_without_a_placeholder() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/autodromo/content/formula90");
    let g = Formula90::new(
        Arc::new(Content::from_dir(&dir).unwrap()),
        &json!({"players": 2}),
    )
    .unwrap();
    let mut s = g.new_initial_state();
    let mut rng = SplitMix64::new(3);
    for steps in [0, 40, 400] {
        while s.history().len() < steps && !s.is_terminal() {
            let a = if s.is_chance_node() {
                s.sample_chance(&mut rng).unwrap()
            } else {
                let legal = s.legal_actions();
                legal[rng.below(legal.len() as u32) as usize]
            };
            s.apply_action(a).unwrap();
        }
        for a in 0..g.num_distinct_actions() as u32 {
            let label = s.action_to_string(a);
            assert!(
                !label.contains('?') && !label.is_empty(),
                "id {a}: {label:?}"
            );
        }
    }
    // The label: a card id past Lago's Track deck.
    let label = s.action_to_string(35_000);
    assert!(!label.contains('?'), "{label}");
}
