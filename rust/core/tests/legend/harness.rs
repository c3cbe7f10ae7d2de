//! The generic harness over random Legend races, with the race invariants at every step.
use autodromo_core::harness::random_sim;
use autodromo_core::legend::{Legend, LegendState};
use autodromo_core::Game;
use serde_json::json;

use crate::support::content;

fn invariant(s: &LegendState) -> Result<(), String> {
    autodromo_core::legend::invariants::check(s)
}

fn setup(i: usize) -> serde_json::Value {
    match i % 3 {
        0 => serde_json::Value::Null,
        1 => {
            json!({"gears": "long", "suspension": "stiff", "brake_bias": "forward", "tires": "wet", "mixture": "rich"})
        }
        _ => json!({"gears": "short", "suspension": "soft", "brake_bias": "rear", "tires": "hard"}),
    }
}

#[test]
fn random_races_keep_every_invariant() {
    let content = content();
    let ids: Vec<String> = content.cars.iter().map(|c| c.id.clone()).collect();
    for seed in 0..30u64 {
        let n = 2 + (seed as usize % 5);
        let cars: Vec<&str> = (0..n)
            .map(|i| ids[(seed as usize + i * 3) % ids.len()].as_str())
            .collect();
        let neutral: Vec<bool> = (0..n).map(|i| (seed as usize + i) % 3 == 0).collect();
        let circuit = &content.circuits[seed as usize % content.circuits.len()].id;
        let options = json!({"circuit": circuit, "cars": cars, "neutral": neutral, "laps": 1,
                             "slipstream_in_turns": seed % 2 == 0, "realistic_collisions": seed % 3 == 0, "priority_bid": seed % 2 == 1,
                             "setups": (0..n).map(|i| setup(seed as usize + i)).collect::<Vec<_>>()});
        let game = Legend::new(content.clone(), &options).unwrap();
        if let Err(e) = random_sim(
            &game,
            seed,
            200_000,
            |t| game.deserialize_state(t),
            invariant,
        ) {
            panic!("{options}: {e}");
        }
    }
}
