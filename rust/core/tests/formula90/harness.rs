//! The generic harness over random Formula 90 races (2–6 players and robots), with the race
//! invariants at every step. `make test` runs 60 races (20 to 30 for each module alone and
//! every module on); `make soak` runs 2,000 of each in release mode (`AUTODROMO_F90_RACES`).

use crate::support::*;
use autodromo_core::formula90::invariants;
use autodromo_core::harness::random_sim_every;
use autodromo_core::Game;
use serde_json::json;

fn races() -> u64 {
    std::env::var("AUTODROMO_F90_RACES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60)
}

/// Races for one module's run: a slice of `races()` in `make test`, all of them in the soak
/// (the issue asks 2,000 with every module on and with each alone).
fn module_count(slice: u64) -> u64 {
    if std::env::var("AUTODROMO_F90_RACES").is_ok() {
        races()
    } else {
        races() / slice
    }
}

/// The advanced modules' options: all on (the defaults), each alone, none (the basic race).
static MODULES: std::sync::LazyLock<Vec<serde_json::Map<String, serde_json::Value>>> =
    std::sync::LazyLock::new(|| {
        let set = |v: serde_json::Value| v.as_object().unwrap().clone();
        vec![
            set(json!({"free_practice": true, "strategies": "all"})),
            set(json!({"free_practice": false, "strategies": "basic"})),
            set(json!({"free_practice": false, "strategies": "all"})),
            set(json!({"free_practice": true, "strategies": "basic"})),
        ]
    });

#[test]
fn random_races_keep_every_invariant() {
    for seed in 0..races() {
        let players = 2 + seed % 5;
        // Robots vary too: the book's line-up for the number of players, none, or a mix.
        let robots = match seed % 3 {
            0 => serde_json::Value::Null,
            1 => json!([]),
            _ => json!({"superfast": seed % 2, "fast": seed / 3 % 3, "slow": 1 + seed % 2}),
        };
        let mut options = json!({"players": players, "turns": 6 + seed % 10, "robots": robots});
        // Every module on, each alone, and the basic race, in turn.
        let modules = &MODULES[(seed as usize) % MODULES.len()];
        for (key, value) in modules.iter() {
            options[key] = value.clone();
        }
        // Both shipped tracks.
        let track = ["lago", "colline"][(seed / 4 % 2) as usize];
        options["track"] = json!(track);
        // Every module on includes the weather where the track prints a table (Lago).
        options["weather"] = json!(seed % 4 == 0 && track == "lago");
        let game = game(options.clone());
        if let Err(e) = random_sim_every(
            &game,
            seed,
            400_000,
            97,
            |t| game.deserialize_state(t),
            invariants::check,
        ) {
            panic!("{options}: {e}");
        }
    }
}

/// Random races with the advanced modules given on (the others off).
fn module_races(modules: serde_json::Value, count: u64) {
    for seed in 0..count {
        let players = 1 + seed % 6;
        let robots = match seed % 3 {
            0 => serde_json::Value::Null,
            1 => json!({"fast": 2}),
            _ => json!({"superfast": 1, "slow": 2}),
        };
        let mut options = json!({"players": players, "turns": 6 + seed % 10, "robots": robots,
            "weather": false, "flags": false, "track_powers": false, "free_practice": false,
            "safety_car": false, "extreme": false, "strategies": "basic"});
        for (k, v) in modules.as_object().unwrap() {
            options[k] = v.clone();
        }
        if seed % 4 == 3 && options["weather"] == json!(true) {
            options["tyre_table"] = json!("as_printed");
        }
        let game = advanced_game(options.clone());
        if let Err(e) = random_sim_every(
            &game,
            seed,
            400_000,
            97,
            |t| game.deserialize_state(t),
            invariants::check,
        ) {
            panic!("{options}: {e}");
        }
    }
}

#[test]
fn random_races_with_weather_and_tyres_alone_keep_every_invariant() {
    module_races(json!({"weather": true}), module_count(3));
}

#[test]
fn random_races_with_flags_alone_keep_every_invariant() {
    module_races(json!({"flags": true}), module_count(3));
}

#[test]
fn random_races_with_track_card_powers_alone_keep_every_invariant() {
    module_races(json!({"track_powers": true}), module_count(3));
}

#[test]
fn random_races_with_the_safety_car_alone_keep_every_invariant() {
    module_races(json!({"safety_car": true}), module_count(3));
}

#[test]
fn random_races_with_extreme_trajectories_alone_keep_every_invariant() {
    module_races(json!({"extreme": true}), module_count(3));
}

#[test]
fn random_races_with_free_practice_alone_keep_every_invariant() {
    module_races(json!({"free_practice": true}), module_count(3));
}

#[test]
fn random_races_with_the_nine_strategies_alone_keep_every_invariant() {
    module_races(json!({"strategies": "all"}), module_count(3));
}

#[test]
fn random_races_with_every_module_keep_every_invariant() {
    module_races(
        json!({"weather": true, "flags": true, "track_powers": true, "free_practice": true,
            "safety_car": true, "extreme": true, "strategies": "all"}),
        module_count(2),
    );
}
