//! The generic harness over many random Mille Bornes games, across option sets.
use autodromo_core::harness::random_sim;
use autodromo_core::mille_bornes::{invariants, MilleBornes};
use autodromo_core::Game;
use serde_json::json;

fn run(options: serde_json::Value, games: u64) {
    let game = MilleBornes::from_json(&options).unwrap();
    for seed in 0..games {
        let stats = random_sim(
            &game,
            seed,
            2_000_000,
            |t| game.deserialize_state(t),
            invariants::check,
        );
        if let Err(e) = stats {
            panic!("{options}: {e}");
        }
    }
}

#[test]
fn harness_two_players_single_hand() {
    run(json!({"players": 2, "score_to_win": 0}), 40);
}

#[test]
fn harness_four_players_in_teams_full_game() {
    run(json!({"players": 4, "teams": 2}), 3);
}

#[test]
fn harness_every_variant_on() {
    run(
        json!({"players": 3, "score_to_win": 0, "cumulative_attacks": true, "reshuffle_discards": true,
               "wrong_way": true, "target": 700}),
        40,
    );
}

#[test]
fn harness_independent_speed_limit_with_wrong_way() {
    run(
        json!({"players": 3, "score_to_win": 0, "independent_speed_limit": true, "wrong_way": true}),
        40,
    );
}

#[test]
fn harness_nine_players_three_teams() {
    run(
        json!({"players": 9, "teams": 3, "score_to_win": 0, "reshuffle_discards": true}),
        10,
    );
}
