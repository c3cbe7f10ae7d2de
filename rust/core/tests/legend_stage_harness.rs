//! The generic harness over random Stage races (both routes, 2–8 cars, every Stage option), with
//! the race invariants at every step: the Chrono only moves forward within a stage, waiting and
//! parked cars off the road, racing time never negative.
use std::path::Path;
use std::sync::Arc;

use autodromo_core::harness::random_sim_every;
use autodromo_core::legend::{Content, Legend};
use serde_json::json;

fn content() -> Arc<Content> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/autodromo/content/legend");
    Arc::new(Content::from_dir(&dir).expect("the shipped content is valid"))
}

/// Options of the random stage race `seed`.
pub fn options(content: &Content, seed: u64) -> serde_json::Value {
    let ids: Vec<&str> = content.cars.iter().map(|c| c.id.as_str()).collect();
    let n = 2 + (seed as usize % 7);
    let cars: Vec<&str> = (0..n)
        .map(|i| ids[(seed as usize + i * 5) % ids.len()])
        .collect();
    let neutral: Vec<bool> = (0..n).map(|i| (seed as usize + i) % 3 == 0).collect();
    let route = &content.routes[seed as usize % content.routes.len()].id;
    json!({"route": route, "cars": cars, "neutral": neutral,
           "residual_mps": seed % 2 == 0, "historical_points": seed % 3 == 0,
           "neutral_checkpoint_penalty": seed % 5 == 0, "priority_bid": seed % 4 == 1,
           "slipstream_in_turns": seed % 2 == 1, "realistic_collisions": seed % 5 == 2,
           "setups": (0..n).map(|i| if (seed as usize + i) % 2 == 0 { json!(null) } else { json!({"suspension": "soft", "tires": "wet"}) }).collect::<Vec<_>>()})
}

#[test]
fn random_stage_races_keep_every_invariant() {
    let content = content();
    let races: u64 = std::env::var("AUTODROMO_STAGE_RACES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    for seed in 0..races {
        let options = options(&content, seed);
        let game = Legend::new(content.clone(), &options).unwrap();
        if let Err(e) = random_sim_every(
            &game,
            seed,
            400_000,
            97,
            |t| game.deserialize_state(t),
            autodromo_core::legend::invariants::check,
        ) {
            panic!("{options}: {e}");
        }
    }
}
