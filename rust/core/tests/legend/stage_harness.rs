//! The generic harness over random Stage races (both routes, 2–8 cars, every Stage option), with
//! the race invariants at every step: the Chrono only moves forward within a stage, waiting and
//! parked cars off the road, racing time never negative.
use autodromo_core::harness::random_sim_every;
use autodromo_core::legend::{Content, Legend};
use autodromo_core::Game;
use serde_json::json;

use crate::support::content;

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

/// Races per test: a short slice in `make test`, `AUTODROMO_STAGE_RACES` (2,000 in `make soak`).
fn races(short: u64) -> u64 {
    std::env::var("AUTODROMO_STAGE_RACES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(short)
}

#[test]
fn random_stage_races_keep_every_invariant() {
    let content = content();
    let races = races(40);
    let mut steps = 0u64;
    for seed in 0..races {
        let options = options(&content, seed);
        let game = Legend::new(content.clone(), &options).unwrap();
        match random_sim_every(
            &game,
            seed,
            400_000,
            97,
            |t| game.deserialize_state(t),
            autodromo_core::legend::invariants::check,
        ) {
            Ok(stats) => steps += stats.actions,
            Err(e) => panic!("{options}: {e}"),
        }
    }
    eprintln!("{races} random Stage races of 2-8 cars, {steps} steps: every invariant held");
}

/// Uniform random drivers retire early, so most random races never change stage with a driver
/// still racing: here the drivers play the greedy driver four times in five (random otherwise),
/// and the invariants are checked at every step, the round trip at the end of every race.
#[test]
fn mostly_greedy_stage_races_keep_every_invariant_through_every_stage() {
    use autodromo_core::legend::bots::greedy_action;
    use autodromo_core::rng::SplitMix64;
    use autodromo_core::{Game, Player, State};
    let content = content();
    let races = races(300);
    let (mut stage_changes, mut finishers, mut steps) = (0u64, 0u64, 0u64);
    for seed in 0..races {
        let options = options(&content, seed);
        let game = Legend::new(content.clone(), &options).unwrap();
        let mut s = game.new_initial_state();
        let mut rng = SplitMix64::new(seed);
        let mut legal = Vec::new();
        let mut stage = 0;
        while !s.is_terminal() {
            if let Err(e) = autodromo_core::legend::invariants::check(&s) {
                panic!("{options}: step {}: {e}", s.history().len());
            }
            let a = match s.current_player() {
                Player::Chance => s.sample_chance(&mut rng).unwrap(),
                _ if rng.below(5) == 0 => {
                    s.legal_actions_into(&mut legal);
                    legal[rng.below(legal.len() as u32) as usize]
                }
                _ => greedy_action(&s).unwrap(),
            };
            s.apply_action(a).unwrap();
            if s.stage != stage {
                stage = s.stage;
                stage_changes += 1;
            }
        }
        finishers += (0..s.cars.len()).filter(|&i| s.finished_route(i)).count() as u64;
        steps += s.history().len() as u64;
        let back = game.deserialize_state(&s.serialize()).unwrap();
        assert_eq!(back, s, "{options}: the round trip");
    }
    eprintln!(
        "{races} mostly greedy Stage races, {steps} steps, {stage_changes} changes of stage, \
         {finishers} cars over the final line: every invariant held"
    );
    assert!(
        stage_changes >= races,
        "only {stage_changes} changes of stage"
    );
    assert!(
        finishers >= races * 10 / 3,
        "only {finishers} cars finished a route"
    );
}
