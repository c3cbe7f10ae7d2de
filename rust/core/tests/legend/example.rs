//! The rulebook's worked example ("Example of movement" and "Example of navigating turns"),
//! Rounds 1 to 6 of the Red car, on `circuits/example.toml` with the Bugatti Type 35 (Top Speed 7,
//! Acceleration +4, Braking -3, pins A 2, B 3) as Red. Blue is placed by hand where the book puts it.

use crate::support::*;
use autodromo_core::State;
use serde_json::json;

const RED: usize = 0;
const BLUE: usize = 1;

fn start() -> autodromo_core::legend::LegendState {
    let mut s = race(json!({
        "circuit": "example",
        "cars": ["bugatti_type_35", "alfa_8c_2300"],
        "qualifying": false,
        "slipstream_in_turns": true,
    }));
    // Red splits its Reliability 8 as 6 Engine and 2 Brakes: the two pushed Engine points of
    // rounds 1–2 keep it out of the red zone, as in the book, where T stays 7.
    act(&mut s, "engine 6");
    act(&mut s, "engine 4");
    act(&mut s, "d6 3"); // clear weather
    s
}

/// Plays Rounds 1 to `upto` as the book tells them; returns the state before Round `upto + 1`.
fn rounds(upto: u8) -> autodromo_core::legend::LegendState {
    let mut s = start();
    let len = s.race.track().len();
    assert_eq!(cell(&s, RED), (len - 1, 0), "Red starts on the front row");
    // Round 1: standing start, full Acceleration 4 (+1 Temperature) and 1 more for an Engine point.
    only(&mut s, RED);
    act(&mut s, "accelerate 5 push");
    for lane in [
        "move to lane 1",
        "move to lane 2",
        "move to lane 2",
        "move to lane 2",
        "move to lane 2",
    ] {
        act(&mut s, lane);
    }
    place(&mut s, BLUE, 40, 0, 0); // out of the way until Round 4
    if upto == 1 {
        return s;
    }
    // Round 2: full Acceleration to 9, T is 7: one step past T for an Engine point, Speed 8.
    only(&mut s, RED);
    act(&mut s, "accelerate 4 push");
    for _ in 0..8 {
        act(&mut s, "move to lane 2");
    }
    if upto == 2 {
        return s;
    }
    // Round 3: lift & coast to 7, 3 spaces to the B entry line, brake 3 to 4, one MP left.
    only(&mut s, RED);
    act(&mut s, "lift and coast");
    for _ in 0..3 {
        act(&mut s, "move to lane 2");
    }
    act(&mut s, "brake 3");
    act(&mut s, "move to lane 2");
    if upto == 3 {
        return s;
    }
    // Round 4: the best line at 4, right behind Blue on the same best line: drift outward.
    place(&mut s, BLUE, 21, 0, 3);
    only(&mut s, RED);
    act(&mut s, "maintain");
    for lane in [
        "move to lane 2",
        "move to lane 2",
        "move to lane 1",
        "move to lane 1",
    ] {
        act(&mut s, lane);
    }
    act(&mut s, "slipstream drift outward");
    if upto == 4 {
        return s;
    }
    // Round 5: 1 MP to the exit line, power out 2, 4 MPs to the A entry line, lift & coast to 4.
    place(&mut s, BLUE, 26, 0, 3);
    only(&mut s, RED);
    act(&mut s, "maintain");
    act(&mut s, "move to lane 1");
    act(&mut s, "power out 2");
    for _ in 0..4 {
        act(&mut s, "move to lane 1");
    }
    act(&mut s, "lift and coast at entry");
    s
}

#[test]
fn legend_example_round_1_standing_start_pushing_the_engine() {
    let mut s = start();
    only(&mut s, RED);
    let pace = labels(&s);
    assert!(
        !pace.contains(&"maintain".to_string()),
        "a standing start must accelerate"
    );
    assert!(pace.contains(&"accelerate 5 push".to_string()));
    assert!(!pace.contains(&"accelerate 6 push".to_string()));
    let s = rounds(1);
    let red = s.cars[RED];
    assert_eq!(red.speed, 5);
    assert_eq!(cell(&s, RED), (4, 2), "5 spaces from the front row");
    assert_eq!(red.temperature, 1, "full Acceleration: +1 Temperature");
    assert_eq!(
        red.engine,
        red.engine_max - 1,
        "the extra Acceleration point costs an Engine point"
    );
}

#[test]
fn legend_example_round_2_top_speed_push_heats_and_damages() {
    let s = rounds(2);
    let red = s.cars[RED];
    assert_eq!(red.speed, 8, "T 7 plus one pushed step");
    assert_eq!(cell(&s, RED), (12, 2), "8 MPs");
    assert_eq!(
        red.temperature, 3,
        "+1 full Acceleration, +1 past Top Speed"
    );
    assert_eq!(red.engine, red.engine_max - 2);
}

#[test]
fn legend_example_round_2_innermost_lane_moves_first() {
    // Red and Yellow side by side at Speed 5 on a straight with no best line: the lane nearer
    // the inside of the next turn (a left turn: lane 0) moves first.
    let mut s = race(
        json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"],
                            "qualifying": false, "choose_split": false}),
    );
    act(&mut s, "d6 3");
    place(&mut s, 0, 5, 0, 5);
    place(&mut s, 2, 5, 1, 5);
    place(&mut s, 1, 2, 2, 5);
    assert_eq!(s.track_order(), vec![0, 2, 1]);
    place(&mut s, 0, 5, 1, 5);
    place(&mut s, 2, 5, 0, 5);
    assert_eq!(s.track_order(), vec![2, 0, 1]);
    // The faster car moves first whatever its lane.
    place(&mut s, 0, 5, 1, 6);
    assert_eq!(s.track_order(), vec![0, 2, 1]);
}

#[test]
fn legend_example_round_3_lift_and_coast_then_dive_braking_onto_the_best_line() {
    let mut s = rounds(2);
    only(&mut s, RED);
    let pace = labels(&s);
    assert!(pace.contains(&"lift and coast".to_string()));
    assert!(
        !pace
            .iter()
            .any(|l| l.starts_with("accelerate") || l == "maintain"),
        "{pace:?}"
    );
    refused(
        &mut s,
        "brake 3",
        "braking is allowed only at an entry line",
    );
    act(&mut s, "lift and coast");
    assert_eq!((s.cars[RED].speed, s.cars[RED].temperature), (7, 2));
    for _ in 0..3 {
        act(&mut s, "move to lane 2");
    }
    assert_eq!(cell(&s, RED), (15, 2), "at the B entry line after 3 MPs");
    assert!(labels(&s).contains(&"brake 3".to_string()));
    refused(&mut s, "brake 4", "brake 4: the Braking limiter allows 3");
    act(&mut s, "brake 3");
    assert_eq!(
        s.cars[RED].speed, 4,
        "new speed 4 > 3 MPs spent: one MP left"
    );
    // Only the best line takes Speed 4 into a B turn (safe 3 + 1); off it, too fast.
    let moves = labels(&s);
    assert!(moves.contains(&"move to lane 2".to_string()));
    assert!(!moves.contains(&"move to lane 1".to_string()), "{moves:?}");
    act(&mut s, "move to lane 2");
    assert_eq!(cell(&s, RED), (16, 2));
    assert!(s.cars[RED].best_line, "committed to the best line");
    assert_eq!(
        s.cars[RED].brakes, s.cars[RED].brakes_max,
        "dive braking costs no Brake point"
    );
}

#[test]
fn legend_example_round_4_slipstream_in_the_turn_drifts_outward() {
    let mut s = rounds(3);
    place(&mut s, BLUE, 21, 0, 3);
    only(&mut s, RED);
    act(&mut s, "maintain");
    for lane in [
        "move to lane 2",
        "move to lane 2",
        "move to lane 1",
        "move to lane 1",
    ] {
        act(&mut s, lane);
    }
    assert_eq!(cell(&s, RED), (20, 1));
    let choice = labels(&s);
    assert_eq!(
        choice,
        vec![
            "slipstream drift outward".to_string(),
            "resist with a tire point".to_string()
        ]
    );
    act(&mut s, "slipstream drift outward");
    let red = s.cars[RED];
    assert_eq!(cell(&s, RED), (21, 2), "one lane outward");
    assert_eq!(red.speed, 3, "the drift costs 1 Speed");
    assert_eq!(red.tires, 16, "no Tire point spent");
    let exit = s.race.track().exit_ahead(22).is_some();
    assert!(exit, "one space left before the exit line");
}

#[test]
fn legend_example_round_5_powering_out_and_the_dive_bomb() {
    let s = rounds(5);
    let red = s.cars[RED];
    assert_eq!(
        cell(&s, RED),
        (26, 1),
        "paired with Blue at the A entry line"
    );
    assert_eq!(
        red.speed, 4,
        "5 after powering out, 4 after lifting at the entry line"
    );
    assert_eq!(red.temperature, 1, "lifting cools one step");
    // Round 6 opens with Red first: faster than Blue (3) on the same row.
    assert_eq!(s.track_order()[0], RED as u8);
}

#[test]
fn legend_example_round_6_the_a_turn_drift_across_the_exit_line() {
    let mut s = rounds(5);
    only(&mut s, RED);
    act(&mut s, "maintain");
    // Speed 4 into an A turn (safe 2), no best-line bonus: emergency braking or a drift.
    assert_eq!(
        labels(&s),
        vec!["emergency brake 1", "emergency brake 2", "drift"]
    );
    act(&mut s, "drift");
    assert_eq!(s.cars[RED].tires, 15, "a drift costs a Tire point");
    act(&mut s, "move to lane 1");
    // The drift: one space diagonally outward, Speed 3, over the exit line: no powering out.
    assert_eq!(cell(&s, RED), (28, 2));
    assert_eq!(s.cars[RED].speed, 3);
    let left = labels(&s);
    assert!(
        left.iter().all(|l| l.starts_with("move to lane")),
        "no power out after a drift: {left:?}"
    );
    act(&mut s, "move to lane 2");
    assert_eq!(cell(&s, RED), (29, 2), "the remaining MP spent");
}

#[test]
fn legend_example_round_6_emergency_braking_instead() {
    let mut s = rounds(5);
    only(&mut s, RED);
    act(&mut s, "maintain");
    let brakes = s.cars[RED].brakes;
    act(&mut s, "emergency brake 2");
    assert_eq!(
        (s.cars[RED].speed, s.cars[RED].brakes),
        (2, brakes - 2),
        "2 Brake damage to Speed 2"
    );
    act(&mut s, "move to lane 0");
    assert_eq!(cell(&s, RED), (27, 0));
}

#[test]
fn plan_moves_lists_the_reachable_spaces_with_their_decisions_and_costs() {
    // Round 3 from the book: Speed 8 on the straight towards the B turn.
    let mut s = rounds(2);
    only(&mut s, RED);
    let plans = s.plan_moves();
    assert!(!plans.is_empty());
    // The book's line is among them: lift & coast, 3 spaces, brake 3, onto the best line.
    let book = plans
        .iter()
        .find(|p| {
            (p.row, p.lane, p.speed) == (16, 2, 4)
                && p.decisions.first().map(String::as_str) == Some("lift and coast")
        })
        .expect("the book's plan is reachable");
    assert_eq!(book.temperature, -1, "lifting cools a step");
    assert_eq!((book.engine, book.brakes, book.tires), (0, 0, 0));
    // Every plan replays from this state to its space.
    for p in plans.iter().take(30) {
        let mut t = s.clone();
        for d in &p.decisions {
            act(&mut t, d);
        }
        if !p.off_road {
            assert_eq!(cell(&t, RED), (p.row, p.lane), "{:?}", p.decisions);
        }
    }
    // Planning changes nothing.
    let before = s.serialize();
    let _ = s.plan_moves();
    assert_eq!(s.serialize(), before);
}

#[test]
fn every_decision_shows_its_cost() {
    // Round 3 at the B entry line: "brake 3" spells out the arithmetic of the book's example.
    let mut s = rounds(2);
    only(&mut s, RED);
    act(&mut s, "lift and coast");
    for _ in 0..3 {
        act(&mut s, "move to lane 2");
    }
    let costs = s.explained_actions();
    let brake = costs
        .iter()
        .find(|c| c.1 == "brake 3")
        .expect("brake 3 is legal");
    assert_eq!(brake.2, "speed 7 → 4, 1 MP left");
    act(&mut s, "brake 3");
    let costs = s.explained_actions();
    let enter = costs
        .iter()
        .find(|c| c.1 == "move to lane 2")
        .expect("the best line");
    assert_eq!(enter.2, "speed 4 ≤ safe 3 + 1 best line (B)");
    let emergency = costs
        .iter()
        .find(|c| c.1 == "emergency brake 1")
        .expect("legal");
    assert_eq!(
        emergency.2, "speed 4 → 3, 1 Brake, the move ends here",
        "3 MPs already spent"
    );
    // At the pace: the push of round 2 shows its heat and its Engine point.
    let mut s = rounds(1);
    only(&mut s, RED);
    let costs = s.explained_actions();
    let push = costs
        .iter()
        .find(|c| c.1 == "accelerate 4 push")
        .expect("legal");
    assert_eq!(push.2, "speed 5 → 8, temperature +2, 1 Engine, 8 MP");
}
