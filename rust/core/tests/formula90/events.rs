//! The typed log over random races (issue 29): one entry per applied action (a seat's decision
//! has its move's kind, chance `chance`), every step in it has a kind listed in
//! docs/rules/formula90.md ("Vocabulary"), names cars, cards and strategies by reference
//! (`{id, name}`), seats as numbers, sections by number and name, and holds no sentence.

use crate::support::*;
use autodromo_core::formula90::entries::TABLE_KINDS;
use autodromo_core::formula90::events::EVENT_KINDS;
use autodromo_core::formula90::moves::MOVE_KINDS;
use autodromo_core::formula90::F90State;
use autodromo_core::rng::SplitMix64;
use autodromo_core::Player;
use autodromo_core::{Game, State};
use serde_json::{json, Value};

fn vocabulary() -> String {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/rules/formula90.md"
    ))
    .unwrap();
    doc[doc.find("## Vocabulary").expect("a Vocabulary section")..].to_string()
}

fn random_race(options: Value, seed: u64) -> F90State {
    let mut s = advanced_game(options).new_initial_state();
    let mut rng = SplitMix64::new(seed);
    while !s.is_terminal() && s.history().len() < 20_000 {
        random_step(&mut s, &mut rng);
    }
    s
}

/// A value no person reads as a sentence: numbers, booleans, and codes of the documented sets
/// (`"late_brake"`, `"hard"`); a display name only under a reference's `name`.
fn no_prose(e: &Value, v: &Value, key: &str) {
    match v {
        Value::String(t) if key == "name" => assert!(!t.is_empty(), "{e}"),
        Value::String(t) => assert!(
            !t.is_empty() && t.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{e}: {key} = {t:?} is no code"
        ),
        Value::Array(a) => a.iter().for_each(|x| no_prose(e, x, key)),
        Value::Object(o) => {
            if o.contains_key("id") {
                assert!(o["name"].is_string(), "{e}: a reference without a name");
            }
            o.iter().for_each(|(k, x)| no_prose(e, x, k))
        }
        _ => {}
    }
}

#[test]
fn every_event_is_typed_and_names_what_it_refers_to() {
    let vocabulary = vocabulary();
    for k in EVENT_KINDS {
        assert!(
            vocabulary.contains(&format!("`{k}`")),
            "{k} is not documented"
        );
    }
    let mut seen = std::collections::BTreeSet::new();
    for (options, seed) in [
        (json!({"players": 2}), 1),
        (json!({"players": 3, "robots": {"fast": 2}}), 2),
        (json!({"players": 1, "track": "lago"}), 3),
        (json!({"players": 4, "race_length": "short"}), 4),
        (
            json!({"players": 2, "free_practice": false, "weather": false}),
            5,
        ),
    ] {
        let s = random_race(options.clone(), seed);
        assert!(s.is_terminal(), "{options}");
        let cars = s.race.names.len() as u64;
        let humans = s.race.humans() as u64;
        for viewer in [None, Some(0)] {
            for e in steps(&s.events(viewer)) {
                let kind = e["kind"].as_str().unwrap_or_else(|| panic!("{e}: no kind"));
                assert!(EVENT_KINDS.contains(&kind), "{e}");
                seen.insert(kind.to_string());
                assert!(e.get("text").is_none() && e.get("event").is_none(), "{e}");
                if let Some(c) = e.get("car") {
                    let id = c["id"].as_u64().unwrap_or_else(|| panic!("{e}: car id"));
                    assert!(id < cars, "{e}");
                    assert_eq!(c["name"], json!(s.race.names[id as usize]), "{e}");
                    match e["seat"].as_u64() {
                        Some(p) => assert!(p < humans && p == id, "{e}"),
                        None => assert!(e["seat"].is_null() && id >= humans, "{e}"),
                    }
                }
                if let Some(c) = e.get("card").filter(|c| !c.is_null()) {
                    let id = c["id"].as_u64().unwrap_or_else(|| panic!("{e}: card id"));
                    assert_eq!(c["name"], json!(s.race.card_name(id as u8)), "{e}");
                }
                if let Some(sec) = e.get("section").filter(|c| !c.is_null()) {
                    let n = sec["number"].as_u64().unwrap_or_else(|| panic!("{e}"));
                    assert!(n >= 1 && n as usize <= s.race.track().sections.len(), "{e}");
                }
                no_prose(&e, &e, "");
            }
        }
    }
    // Random races reach the common kinds; the rare ones have their own tests.
    for k in [
        "turn", "play", "movement", "enter", "pass", "check", "duel", "race_end",
    ] {
        assert!(seen.contains(k), "no {k} in any race: {seen:?}");
    }
}

/// The kind an applied action's entry must have: its move's for a seat's decision, `chance`
/// for a chance outcome.
fn entry_kind(s: &F90State, action: u32) -> (String, Option<u64>) {
    match s.current_player() {
        Player::Seat(p) => {
            let m = s.moves(usize::from(p)).unwrap();
            let mv = m
                .iter()
                .find(|m| m["action"] == json!(action))
                .expect("a move per action");
            (mv["kind"].as_str().unwrap().to_string(), Some(u64::from(p)))
        }
        _ => ("chance".to_string(), None),
    }
}

#[test]
fn each_applied_action_adds_one_entry_of_its_kind() {
    let vocabulary = vocabulary();
    for k in MOVE_KINDS.iter().chain(TABLE_KINDS.iter()) {
        assert!(
            vocabulary.contains(&format!("`{k}`")),
            "{k} is not documented"
        );
    }
    let mut decisions = 0;
    for (options, seed) in [
        (json!({"players": 2, "robots": {"fast": 1}}), 11),
        (json!({"players": 3, "race_length": "short"}), 12),
    ] {
        let mut s = advanced_game(options).new_initial_state();
        let mut rng = SplitMix64::new(seed);
        assert_eq!(s.events(None).len(), 1, "the set-up is one entry");
        assert_eq!(s.events(None)[0]["kind"], "start");
        while !s.is_terminal() {
            let before = s.events(None).len();
            let prior = s.clone();
            random_step(&mut s, &mut rng);
            let action = *s.history().last().unwrap();
            let (kind, seat) = entry_kind(&prior, action);
            let log = s.events(None);
            assert_eq!(log.len(), before + 1, "one entry for {kind}");
            let e = &log[before];
            assert_eq!(e["kind"], json!(kind), "{e}");
            assert_eq!(e["seat"].as_u64(), seat, "{e}");
            assert!(e["steps"].is_array(), "{e}");
            decisions += usize::from(seat.is_some());
        }
    }
    assert!(decisions > 100, "{decisions} decisions");
}
