//! The book's variants (component list: V1 Short Race, V3 Sprint Race, V9 Phantom cars): the
//! Short Race as the option `race_length`; the others have no rules in the book and are refused
//! by name.

use crate::support::*;
use autodromo_core::formula90::{Content, Formula90};
use autodromo_core::{Error, Game, State};
use serde_json::json;

#[test]
fn the_short_race_ends_at_its_finish_chit() {
    // "1 Short Race Finish used with the V1 variant": the Turn track ends early. Lago's Race
    // Stages open at 1, 6, 11, 16 of 20 turns; the short race ends with the second row, turn 10.
    let full = game(json!({"players": 2}));
    assert_eq!(full.race.turns, 20);
    let short = game(json!({"players": 2, "race_length": "short"}));
    assert_eq!(short.race.turns, 10);
    assert_eq!(short.race.track().short_turns, 10);
    let mut s = short.new_initial_state();
    let mut rng = autodromo_core::rng::SplitMix64::new(3);
    while !s.is_terminal() {
        random_step(&mut s, &mut rng);
        assert!(s.turn <= 11);
    }
    assert_eq!(s.turn, 11, "the race is over after turn 10");
}

#[test]
fn the_short_race_and_a_number_of_turns_are_not_given_together() {
    let err = Formula90::new(content(), &json!({"race_length": "short", "turns": 8})).unwrap_err();
    assert!(err.to_string().contains("not both"), "{err}");
    // The full race with its own number of turns stays the `turns` option.
    assert_eq!(
        game(json!({"turns": 8, "race_length": "full"})).race.turns,
        8
    );
}

#[test]
fn the_variants_without_rules_are_refused_by_name() {
    // V3 Sprint Race and V9 Phantom cars: components only, no rule text in the manual.
    for v in ["sprint", "phantom"] {
        let err = Formula90::new(content(), &json!({"race_length": v})).unwrap_err();
        assert!(err.to_string().contains("full, short"), "{err}");
    }
    let err = Formula90::new(content(), &json!({"phantom_cars": 2})).unwrap_err();
    assert!(err.to_string().contains("unknown option"), "{err}");
}

#[test]
fn a_track_may_place_its_short_race_finish() {
    let mut files = shipped_files();
    for (path, text) in files.iter_mut() {
        if path == "tracks/lago/track.toml" {
            *text = text.replacen("turns = 20 ", "turns = 20\nshort_turns = 12 ", 1);
        }
    }
    let c = Content::parse(&files).unwrap();
    assert_eq!(c.track("lago").unwrap().short_turns, 12);
    for (path, text) in files.iter_mut() {
        if path == "tracks/lago/track.toml" {
            *text = text.replacen("short_turns = 12", "short_turns = 30", 1);
        }
    }
    match Content::parse(&files) {
        Err(Error::Content { file, key, .. }) => {
            assert_eq!(file, "tracks/lago/track.toml");
            assert_eq!(key, "short_turns");
        }
        other => panic!("{other:?}"),
    }
}
