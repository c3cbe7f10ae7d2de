//! The generic harness over random Formula 90 races (2–6 players and robots), with the race
//! invariants at every step; a longer run is `make soak`.
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
        let options = json!({"players": players, "turns": 6 + seed % 10});
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
