//! Mille Bornes' rule players (issue 35, item 5: a ladder that means something): `medium` attacks
//! before it runs, and `easy` attacks when it has nothing of its own to play. Two players.
//!
//! The book's hazards: "Non è possibile attaccare un giocatore già bloccato o un giocatore che non
//! abbia già giocato un Semaforo verde"; a Stop or an Accident keeps a car from running until its
//! remedy and a new Roll, where a distance card gains at most 200 km once.

use crate::support::Table;
use autodromo_core::mille_bornes::bots::{easy_action, heuristic_action};
use autodromo_core::rng::SplitMix64;
use autodromo_core::State;
use serde_json::json;

/// Seat 1 to play, both cars rolling, seat 0 at 75 km: seat 1 holds `hand` (and draws a 25).
fn both_rolling(hand: &[&str]) -> Table {
    let mut t = Table::dealt(
        json!({"players": 2}),
        &[&["Roll", "75", "25", "50", "25", "50"], hand],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Roll");
    t.turn(0, "25", "play 75");
    t.draw("25");
    t
}

fn medium(t: &Table) -> String {
    let legal = t.state.legal_actions();
    let a = heuristic_action(&t.state.seat_view(Some(1)), &legal).expect("a decision");
    t.state.action_to_string(a)
}

fn easy(t: &Table, seed: u64) -> String {
    let legal = t.state.legal_actions();
    let view = t.state.seat_view(Some(1));
    let a = easy_action(&view, &legal, &mut SplitMix64::new(seed)).expect("a decision");
    t.state.action_to_string(a)
}

/// A Stop on the running car before a 100 of its own.
#[test]
fn medium_stops_a_running_car_before_it_runs() {
    let t = both_rolling(&["Roll", "Stop", "100", "75", "50", "25"]);
    assert_eq!(medium(&t), "play Stop on player 1");
}

/// With Right of Way in its own hand no coup fourré can answer a Stop, while the Accident could
/// meet a Driving Ace: the Stop goes first.
#[test]
fn medium_attacks_with_the_hazard_no_coup_fourre_can_answer() {
    let t = both_rolling(&["Roll", "Accident", "Stop", "Right of Way", "50", "25"]);
    assert_eq!(medium(&t), "play Stop on player 1");
}

/// A Speed Limit only slows the car (to 50 km a card): a 100 of its own comes first.
#[test]
fn medium_keeps_a_speed_limit_while_it_can_run() {
    let t = both_rolling(&["Roll", "Speed Limit", "100", "75", "50", "25"]);
    assert_eq!(medium(&t), "play 100");
}

/// Not rolling yet and nothing else to play: the Extra Tank (100 points, protection for the
/// hand and another turn) rather than throwing away a distance card it will want.
#[test]
fn medium_plays_a_safety_rather_than_discard_a_useful_card() {
    let mut t = Table::dealt(
        json!({"players": 2}),
        &[
            &["25", "50", "75", "25", "50", "75"],
            &["Extra Tank", "25", "50", "75", "100", "200"],
        ],
    );
    t.turn(0, "25", "discard 25");
    t.draw("25");
    assert_eq!(medium(&t), "play Extra Tank");
}

/// Not rolling (no Roll in hand) and seat 0 running: a beginner plays its Stop rather than
/// discard, on every seed; with a Roll to play it restarts first.
#[test]
fn easy_attacks_when_it_has_nothing_of_its_own_to_play() {
    let mut t = Table::dealt(
        json!({"players": 2}),
        &[
            &["Roll", "75", "25", "50", "25", "50"],
            &["Stop", "25", "50", "75", "100", "200"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.draw("25");
    for seed in 0..20 {
        assert_eq!(easy(&t, seed), "play Stop on player 1", "seed {seed}");
    }
    let t = both_rolling(&["Roll", "Stop", "100", "75", "50", "25"]);
    for seed in 0..20 {
        assert_eq!(easy(&t, seed), "play 100", "seed {seed}");
    }
}
