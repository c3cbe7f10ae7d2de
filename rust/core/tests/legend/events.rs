//! The log as typed events over random races (issue 29): one event per action, of a documented
//! kind, with who acted, the cards and car models it names resolvable, no prose; a crash is told
//! on its decision and its Damage card is the next event, for that car.

use crate::support::*;
use autodromo_core::legend::events::is_event_kind;
use autodromo_core::legend::LegendState;
use autodromo_core::State;
use serde_json::{json, Value};

/// The keys a string may sit under: kinds, references and enumerations, never a sentence.
const STRING_KEYS: [&str; 7] = ["kind", "id", "name", "status", "with", "card", "side"];

fn strings_only_under_known_keys(v: &Value, key: &str, e: &Value) {
    match v {
        Value::String(_) => assert!(STRING_KEYS.contains(&key), "{e}: a string under {key:?}"),
        Value::Array(a) => a
            .iter()
            .for_each(|x| strings_only_under_known_keys(x, key, e)),
        Value::Object(o) => o
            .iter()
            .for_each(|(k, x)| strings_only_under_known_keys(x, k, e)),
        _ => {}
    }
}

fn check_log(s: &LegendState) -> usize {
    let log = s.events(None);
    assert_eq!(log.len(), s.history().len(), "one event per action");
    let content = content();
    let mut crashes = 0;
    for (k, e) in log.iter().enumerate() {
        let kind = e["kind"].as_str().unwrap();
        assert!(is_event_kind(kind), "{e}: kind {kind:?} is not documented");
        assert!(e["round"].is_u64(), "{e}");
        match &e["seat"] {
            Value::Null => {}
            seat => assert_eq!(seat, &e["car"], "{e}: a seat decides for its own car"),
        }
        if let Some(card) = e.get("card").filter(|c| c.is_object()) {
            let id = card["id"].as_str().unwrap();
            let deck = if kind == "damage_card" {
                content
                    .damage
                    .iter()
                    .map(|c| (&c.id, &c.name))
                    .collect::<Vec<_>>()
            } else {
                content
                    .events
                    .iter()
                    .map(|c| (&c.id, &c.name))
                    .collect::<Vec<_>>()
            };
            let (_, name) = deck
                .iter()
                .find(|(i, _)| i.as_str() == id)
                .unwrap_or_else(|| panic!("{e}: no such card"));
            assert_eq!(card["name"], name.as_str(), "{e}");
            // The card's face, so no surface reads the deck.
            if kind == "damage_card" {
                let c = content.damage.iter().find(|c| c.id == id).unwrap();
                assert_eq!(
                    (
                        &card["engine"],
                        &card["brakes"],
                        &card["tires"],
                        &card["flat_tire"]
                    ),
                    (
                        &json!(c.engine),
                        &json!(c.brakes),
                        &json!(c.tires),
                        &json!(c.flat_tire)
                    ),
                    "{e}"
                );
            } else {
                let c = content.events.iter().find(|c| c.id == id).unwrap();
                assert_eq!(card["temperature"], c.temperature, "{e}");
                assert_eq!(card["time_penalty"], c.time_penalty, "{e}");
            }
        }
        strings_only_under_known_keys(e, "", e);
        if let Some(cars) = e.get("crashed") {
            crashes += 1;
            let car = &cars[0];
            let next = &log[k + 1];
            assert_eq!(next["kind"], "damage_card", "{e} then {next}");
            assert!(
                log[k + 1..]
                    .iter()
                    .take_while(|x| x["kind"] == "damage_card")
                    .any(|x| &x["car"] == car),
                "{e}: no Damage card for the car that crashed"
            );
        }
    }
    crashes
}

fn random_race(mut s: LegendState, seed: u64) -> LegendState {
    play_randomly(&mut s, seed, |_| {});
    s
}

#[test]
fn every_log_entry_is_a_typed_event() {
    let cars = ["bugatti_type_35", "alfa_8c_2300", "fiat_1100s"];
    let mut crashes = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..3u64 {
        for s in [
            random_race(
                race(json!({"circuit": "example", "cars": cars, "laps": 1,
                            "realistic_collisions": seed == 1, "neutral": [false, false, seed == 2]})),
                seed,
            ),
            random_race(
                stage_race(json!({"route": "coppa_breve", "cars": cars})),
                seed + 20,
            ),
        ] {
            crashes += check_log(&s);
            kinds.extend(
                s.events(None)
                    .iter()
                    .map(|e| e["kind"].as_str().unwrap().to_string()),
            );
        }
    }
    assert!(crashes > 0, "no crash in six random races");
    for kind in [
        "weather_roll",
        "damage_card",
        "accelerate",
        "drive_to",
        "brake",
    ] {
        assert!(kinds.contains(kind), "{kind} never logged: {kinds:?}");
    }
}
