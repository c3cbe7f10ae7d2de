//! The generic harness over random Formula 90 races (2–6 players and robots), with the race
//! invariants at every step. `make test` runs 60 races; `make soak` runs 2,000 in release mode
//! (`AUTODROMO_F90_RACES`).
mod formula90_support;

use autodromo_core::formula90::invariants;
use autodromo_core::harness::random_sim_every;
use formula90_support::*;
use serde_json::json;

fn races() -> u64 {
    std::env::var("AUTODROMO_F90_RACES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60)
}

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
        let options = json!({"players": players, "turns": 6 + seed % 10, "robots": robots});
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

/// The weather and tyres module alone (every module then on: the others are not built yet).
#[test]
fn random_races_with_weather_and_tyres_keep_every_invariant() {
    for seed in 0..races() / 2 {
        let players = 1 + seed % 6;
        let robots = match seed % 3 {
            0 => serde_json::Value::Null,
            1 => json!({"fast": 2}),
            _ => json!({"superfast": 1, "slow": 2}),
        };
        let table = if seed % 4 == 3 {
            "as_printed"
        } else {
            "corrected"
        };
        let options = json!({"players": players, "turns": 6 + seed % 10, "robots": robots,
            "weather": true, "tyre_table": table});
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
