//! The generic harness over random Lamborghini games, with the invariants at every step.
use autodromo_core::harness::random_sim;
use autodromo_core::lamborghini::{invariants, Lamborghini};
use autodromo_core::Game;
use serde_json::json;

use crate::support::content;

#[test]
fn random_games_keep_every_invariant() {
    let content = content();
    // Twelve seeds meet every combination below once (players 4, circuits 2, tables 3, long 2,
    // two tracks every fourth); the Python harness plays 1,000 more, `make soak` 10,000.
    for seed in 0..12u64 {
        let players = 2 + seed % 4;
        let circuit = &content.circuits[seed as usize % content.circuits.len()].id;
        let table = ["split", "right_first", "left_first"][seed as usize % 3];
        let long = seed % 2 == 1;
        let mut options = json!({"players": players, "circuit": circuit, "laps": 1, "long": long,
                                 "accident_table": table});
        if long && seed % 4 == 3 {
            // The long game over two tracks: saves must replay across the change of circuit.
            options["circuits"] = json!(["sant_agata", "imola_like"]);
        }
        let game = Lamborghini::new(content.clone(), &options).unwrap();
        if let Err(e) = random_sim(
            &game,
            seed,
            400_000,
            |t| game.deserialize_state(t),
            invariants::check,
        ) {
            panic!("{options}: {e}");
        }
    }
}
