//! Saves hash what their race reads; old whole-content hashes are matched with added circuits
//! left out (docs/architecture.md, "Saves and content").
#[path = "lamborghini/support.rs"]
mod lamborghini_support;

use autodromo_core::content::{hash, legacy_hash_matches};
use autodromo_core::lamborghini::Lamborghini;
use autodromo_core::{Game, State};
use serde_json::json;

fn files(names: &[&str]) -> Vec<(String, String)> {
    names
        .iter()
        .map(|n| (n.to_string(), format!("text of {n}")))
        .collect()
}

fn whole(f: &[(String, String)]) -> u64 {
    hash(f.iter().map(|(n, t)| (n.as_str(), t.as_str())))
}

#[test]
fn an_old_hash_matches_once_the_circuits_added_since_are_left_out() {
    let before = files(&["cards.toml", "circuits/a.toml"]);
    let now = files(&[
        "cards.toml",
        "circuits/a.toml",
        "circuits/b.toml",
        "circuits/c.toml",
    ]);
    let other = |n: &str| n.starts_with("circuits/") && n != "circuits/a.toml";
    assert!(legacy_hash_matches(&now, other, whole(&before)));
    assert!(legacy_hash_matches(&now, other, whole(&now)));
    // A file the race reads is never left out: an old save of another card text is refused.
    let edited = vec![
        ("cards.toml".to_string(), "edited".to_string()),
        before[1].clone(),
    ];
    assert!(!legacy_hash_matches(&now, other, whole(&edited)));
    assert!(!legacy_hash_matches(&now, |_| false, whole(&before)));
}

#[test]
fn a_lamborghini_save_with_the_default_laps_loads() {
    let g = Lamborghini::new(
        lamborghini_support::content(),
        &json!({"circuit": "sant_agata"}),
    )
    .expect("valid options");
    let mut s = g.new_initial_state();
    while s.history().len() < 5 && !s.is_terminal() {
        let a = s.legal_actions()[0];
        s.apply_action(a).expect("legal");
    }
    let back = g
        .deserialize_state(&s.serialize())
        .expect("its own save loads");
    assert_eq!(back.history(), s.history());
}
