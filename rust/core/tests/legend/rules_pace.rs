//! Rules tests, "Setting the Pace", "Standing Start", "Movement", "Slopes" and "Dealing with
//! Technical Issues" of the rulebook (`shared/rules/legend-history-of-1000-miglia.en.txt`), one
//! test per rule. Cars are placed by hand on `circuits/example.toml` (rows counted from the finish
//! line: straight 0-15, B sweeper 16-22, A corner 27, uphill 34-39, downhill 48-53, C turn 54-57,
//! Box 68-71) or `circuits/castelrosso.toml` (uphill 37-48).

use std::sync::Arc;

use crate::support::*;
use autodromo_core::legend::car::Status;
use autodromo_core::legend::{Content, Legend, LegendState};
use autodromo_core::Game;
use serde_json::json;

/// A two-car race with clear weather, no qualifying and the default Reliability split.
fn start(circuit: &str, cars: &[&str]) -> LegendState {
    let mut s = race(
        json!({"circuit": circuit, "cars": cars, "qualifying": false,
                            "choose_split": false}),
    );
    act(&mut s, "d6 3");
    s
}

/// The Bugatti Type 35 (T 7, +4, -3, Reliability 8: Engine 4, Brakes 4, pins 2 3 4 5 6) as car 0,
/// with car 1 parked out of the way.
fn bugatti_at(row: u16, lane: u8, speed: u8) -> LegendState {
    let mut s = start("example", &["bugatti_type_35", "alfa_8c_2300"]);
    place(&mut s, 1, 40, 2, 0);
    place(&mut s, 0, row, lane, speed);
    s
}

/// A race on the shipped content with one file's text changed.
fn race_with(file: &str, from: &str, to: &str, options: serde_json::Value) -> LegendState {
    let mut files = all_files();
    let f = files.iter_mut().find(|(n, _)| n == file).unwrap();
    assert!(f.1.contains(from), "{file} has no {from:?}");
    f.1 = f.1.replacen(from, to, 1);
    let content = Arc::new(Content::parse(&files).expect("still valid"));
    let mut s = Legend::new(content, &options).unwrap().new_initial_state();
    act(&mut s, "d6 3");
    s
}

// ---- Setting the Pace -------------------------------------------------------------------

#[test]
fn acceleration_never_exceeds_the_limiter() {
    // "Your Acceleration value represents the total number of Acceleration points you may use
    // during the entire round. ... Under normal conditions, you may never exceed your listed
    // Acceleration value."
    let mut s = bugatti_at(2, 1, 2);
    only(&mut s, 0);
    for k in 1..=4 {
        assert!(has(&s, &format!("accelerate {k}")), "{:?}", labels(&s));
    }
    refused(
        &mut s,
        "accelerate 5",
        "accelerate 5: the Acceleration limiter allows 4",
    );
    act(&mut s, "accelerate 4");
    assert_eq!(s.cars[0].speed, 6);
}

#[test]
fn full_acceleration_heats_each_time() {
    // "Whenever you use your full Acceleration allowance, increase your Temperature by 1 step."
    // "Any time you use your full Acceleration value. This may occur multiple times".
    // Fiat 508 S: Top Speed 6, Acceleration +2.
    let mut s = start("example", &["fiat_508s_balilla", "alfa_8c_2300"]);
    place(&mut s, 1, 40, 2, 0);
    place(&mut s, 0, 2, 1, 0);
    let mut partial = s.clone();
    only(&mut partial, 0);
    act(&mut partial, "accelerate 1");
    assert_eq!(
        partial.cars[0].temperature, 0,
        "not the full allowance: no heat"
    );
    for (round, speed) in [(1u8, 2u8), (2, 4)] {
        only(&mut s, 0);
        act(&mut s, "accelerate 2");
        assert_eq!(s.cars[0].speed, speed);
        assert_eq!(
            s.cars[0].temperature, round,
            "round {round}: +1 for the full allowance"
        );
        straight_on(&mut s, 0, usize::from(speed));
    }
    assert_eq!(
        s.cars[0].temperature, 2,
        "nothing else heats below Top Speed"
    );
}

#[test]
fn lift_and_coast_lowers_speed_and_temperature() {
    // "If you choose to lift and coast (blue box on the Pace track), reduce both your Speed and
    // Temperature by 1 step."
    let mut s = bugatti_at(2, 1, 5);
    s.cars[0].temperature = 3;
    only(&mut s, 0);
    act(&mut s, "lift and coast");
    assert_eq!((s.cars[0].speed, s.cars[0].temperature), (4, 2));
    // "the Tachometer needle may never go below 0": a standing car cannot lift.
    let mut s = bugatti_at(2, 1, 0);
    only(&mut s, 0);
    refused(&mut s, "lift and coast", "the car is standing");
}

#[test]
fn top_speed_exceeded_by_one_step_for_an_engine_point() {
    // "the Tachometer needle may never go below 0 or above the Top Speed Limiter T. However, you
    // may exceed this limit by 1 step during a round by spending 1 Engine point." The worked
    // example adds "+1 Temperature for exceeding Top Speed".
    let mut s = bugatti_at(2, 1, 6);
    only(&mut s, 0);
    let mut capped = s.clone();
    act(&mut capped, "accelerate 2");
    assert_eq!(capped.cars[0].speed, 7, "capped at T without the push");
    assert_eq!(capped.cars[0].engine, 4);
    refused(&mut s, "accelerate 1 push", "push");
    act(&mut s, "accelerate 3 push");
    let c = s.cars[0];
    assert_eq!(c.speed, 8, "one step past T, never two");
    assert_eq!((c.engine, c.temperature), (3, 1));

    // At Top Speed the needle does not go past T for free.
    let mut s = bugatti_at(2, 1, 7);
    only(&mut s, 0);
    refused(&mut s, "accelerate 1", "Top Speed");
    assert!(has(&s, "maintain"));
    // Without an Engine point left there is no push.
    s.cars[0].engine = 0;
    only(&mut s, 0);
    assert!(
        !labels(&s).iter().any(|l| l.ends_with("push")),
        "{:?}",
        labels(&s)
    );
}

#[test]
fn holding_a_speed_past_top_speed_costs_the_engine_point_again() {
    // Engine choice: a car still past T at the start of its round either pays the Engine point
    // again ("maintain push") or lifts back to T; it may not simply maintain.
    let mut s = bugatti_at(2, 1, 8);
    only(&mut s, 0);
    assert!(!has(&s, "maintain"), "{:?}", labels(&s));
    assert!(has(&s, "lift and coast"));
    act(&mut s, "maintain push");
    let c = s.cars[0];
    assert_eq!((c.speed, c.engine, c.temperature), (8, 3, 1));
}

#[test]
fn braking_is_not_a_pace_choice() {
    // "In normal driving conditions, you may accelerate, maintain your current Speed, or lift and
    // coast, but you may not brake."
    let mut s = bugatti_at(2, 1, 5);
    only(&mut s, 0);
    refused(
        &mut s,
        "brake 1",
        "braking is allowed only at an entry line",
    );
    assert!(!labels(&s).iter().any(|l| l.starts_with("brake")));
}

// ---- Standing Start ---------------------------------------------------------------------

#[test]
fn standing_start_must_accelerate() {
    // "Anytime your car begins the round at Speed 0, you must accelerate to get moving. Increase
    // your Speed by up to your Acceleration value. If you use your full Acceleration value, raise
    // your Temperature by 1 step."
    let mut s = bugatti_at(2, 1, 0);
    only(&mut s, 0);
    refused(&mut s, "maintain", "standing start: you must accelerate");
    let mut three = s.clone();
    act(&mut three, "accelerate 3");
    assert_eq!((three.cars[0].speed, three.cars[0].temperature), (3, 0));
    act(&mut s, "accelerate 4");
    assert_eq!((s.cars[0].speed, s.cars[0].temperature), (4, 1));
}

#[test]
fn standing_start_push_adds_one_acceleration_for_an_engine_point() {
    // "During a standing start, you may stress the engine to gain +1 additional Acceleration,
    // taking 1 Engine damage in addition to the Temperature increase described above."
    let mut s = bugatti_at(2, 1, 0);
    only(&mut s, 0);
    refused(&mut s, "accelerate 6 push", "push");
    act(&mut s, "accelerate 5 push");
    let c = s.cars[0];
    assert_eq!((c.speed, c.temperature, c.engine), (5, 1, 3));
}

// ---- Movement ---------------------------------------------------------------------------

#[test]
fn movement_spends_every_mp_one_space_at_a_time() {
    // "You must spend all your MPs unless a rule stops you early. Move one space at a time,
    // straight or diagonally. Each space costs 1 MP."
    let mut s = bugatti_at(2, 1, 3);
    let round = s.round;
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "move to lane 0");
    assert_eq!(cell(&s, 0), (3, 0), "one space diagonally");
    act(&mut s, "move to lane 1");
    assert_eq!(s.round, round, "MPs left: the car must go on");
    act(&mut s, "move to lane 1");
    assert_eq!(cell(&s, 0), (5, 1), "three MPs, three spaces");
    assert_eq!(s.round, round + 1, "all MPs spent: the round moved on");
}

#[test]
fn a_move_is_one_space_straight_or_diagonally_never_into_an_occupied_space() {
    // "Move one space at a time, straight or diagonally." "You may not enter or pass through a
    // space occupied by another car."
    let mut s = bugatti_at(2, 0, 3);
    place(&mut s, 1, 3, 1, 0);
    only(&mut s, 0);
    act(&mut s, "maintain");
    refused(&mut s, "move to lane 2", "one space straight or diagonally");
    refused(&mut s, "move to lane 1", "never into an occupied space");
    assert_eq!(labels(&s), vec!["move to lane 0"]);
}

// ---- Slopes -----------------------------------------------------------------------------

#[test]
fn uphill_lowers_acceleration_and_top_speed_and_clamps_speed() {
    // "If you start your round on an uphill tile, reduce both your Acceleration and your Top
    // Speed limiter by 1 step for that tile. After applying this reduction, if your current Speed
    // exceeds the adjusted Top Speed, immediately reduce it to the new limit."
    let mut s = start("castelrosso", &["bugatti_type_35", "alfa_8c_2300"]);
    place(&mut s, 1, 60, 2, 0);
    place(&mut s, 0, 37, 1, 7);
    only(&mut s, 0);
    assert_eq!(
        s.cars[0].speed, 6,
        "T 7 lowered to 6: the speed drops at once"
    );
    assert!(has(&s, "maintain"));
    refused(&mut s, "accelerate 1", "Top Speed");
    // Acceleration +4 lowered to +3; using all of it still heats.
    let mut s = start("castelrosso", &["bugatti_type_35", "alfa_8c_2300"]);
    place(&mut s, 1, 60, 2, 0);
    place(&mut s, 0, 37, 1, 2);
    only(&mut s, 0);
    refused(&mut s, "accelerate 4", "Acceleration limiter");
    act(&mut s, "accelerate 3");
    assert_eq!((s.cars[0].speed, s.cars[0].temperature), (5, 1));
}

#[test]
fn uphill_reduced_top_speed_heats_at_the_end_of_the_round() {
    // "Using all of your (reduced) Acceleration or reaching your (reduced) Top Speed still raises
    // your Temperature by 1 step for each occurrence."
    let mut s = start("castelrosso", &["bugatti_type_35", "alfa_8c_2300"]);
    place(&mut s, 1, 60, 2, 0);
    place(&mut s, 0, 37, 1, 5);
    only(&mut s, 0);
    act(&mut s, "accelerate 1");
    assert_eq!(s.cars[0].temperature, 0);
    straight_on(&mut s, 0, 6);
    assert_eq!(cell(&s, 0), (43, 1), "still uphill");
    assert_eq!(
        s.cars[0].temperature, 1,
        "ended the round at the reduced Top Speed 6"
    );
}

#[test]
fn leaving_the_uphill_tile_restores_the_limiters() {
    // "As soon as you leave the uphill tile, your Acceleration and Top Speed return to their
    // normal values."
    let mut s = start("castelrosso", &["bugatti_type_35", "alfa_8c_2300"]);
    place(&mut s, 1, 60, 2, 0);
    place(&mut s, 0, 49, 1, 6);
    only(&mut s, 0);
    assert_eq!(s.cars[0].speed, 6);
    assert!(has(&s, "accelerate 1") && has(&s, "accelerate 4"));
}

#[test]
fn downhill_adds_a_space_and_a_speed_on_straights_only() {
    // "If your car is on a straight stretch of a downhill tile at the end of your movement, it
    // must move 1 extra space forward and your final Speed increases by 1 step". "This
    // compulsory movement and Speed increase do not apply while you are in a turn."
    let mut s = bugatti_at(46, 1, 3);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    assert_eq!(
        cell(&s, 0),
        (50, 1),
        "3 MPs to row 49 on the downhill tile, then one more"
    );
    assert_eq!(s.cars[0].speed, 4);

    // The same on a flat tile: no extra space.
    let mut s = bugatti_at(40, 1, 3);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((43, 1), 3));

    // A turn on a downhill tile (the example's C turn made downhill): no extra space.
    let opts = json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"],
                      "qualifying": false, "choose_split": false});
    let mut s = race_with(
        "circuits/example.toml",
        "tile = \"turn_90_left\"\nrating = \"C\"\nslope = \"flat\"",
        "tile = \"turn_90_left\"\nrating = \"C\"\nslope = \"downhill\"",
        opts,
    );
    assert_eq!(
        s.race.track().row(55).slope,
        autodromo_core::grid::Slope::Downhill
    );
    place(&mut s, 1, 40, 2, 0);
    place(&mut s, 0, 54, 2, 3);
    s.cars[0].best_line = true;
    s.cars[0].entry_done = Some(2);
    only(&mut s, 0);
    act(&mut s, "maintain");
    let round = s.round;
    for lane in ["move to lane 1", "move to lane 0", "move to lane 1"] {
        act(&mut s, lane);
    }
    // The last MP reaches the C exit line: powering out is offered there; decline it.
    assert!(
        labels(&s).contains(&"no power out".to_string()),
        "{:?}",
        labels(&s)
    );
    act(&mut s, "no power out");
    assert_eq!(s.round, round + 1, "the move is over");
    assert_eq!(
        (cell(&s, 0), s.cars[0].speed),
        ((57, 1), 3),
        "in the turn: nothing added"
    );
}

#[test]
fn downhill_speed_step_is_not_capped_at_top_speed() {
    // Engine choice (the book is silent on a car already at T): the downhill Speed step may take
    // the needle one step past T, with no Engine point; the next round holding it costs one.
    let mut s = bugatti_at(42, 1, 7);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 7);
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((50, 1), 8));
    assert_eq!(
        (s.cars[0].engine, s.cars[0].temperature),
        (4, 0),
        "past T: no T heating"
    );
    only(&mut s, 0);
    assert_eq!(
        labels(&s),
        vec!["maintain push", "lift and coast", "stop to cool"]
    );
}

// ---- Temperature and Overheating ----------------------------------------------------------

#[test]
fn ending_the_round_at_top_speed_heats_once() {
    // "At the end of the round your speed matches your Top Speed limiter (T). This can only occur
    // once per round."
    let mut s = bugatti_at(2, 1, 7);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 7);
    assert_eq!(s.cars[0].temperature, 1);
    // Each condition counts: full Acceleration up to T heats twice in the round.
    let mut s = bugatti_at(2, 1, 3);
    only(&mut s, 0);
    act(&mut s, "accelerate 4");
    assert_eq!(s.cars[0].temperature, 1);
    straight_on(&mut s, 0, 7);
    assert_eq!(s.cars[0].temperature, 2);
    // One step below T: nothing.
    let mut s = bugatti_at(2, 1, 6);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 6);
    assert_eq!(s.cars[0].temperature, 0);
}

#[test]
fn overheating_test_damages_the_engine() {
    // "Overheating Test. If the Temperature needle is in the red zone at the end of your round,
    // assign the indicated number of damage points to your engine." (dashboard.toml: red zone
    // 6, 7 cost 1, 8 costs 2.)
    for (temperature, loss) in [(5u8, 0u8), (6, 1), (7, 1), (8, 2)] {
        let mut s = bugatti_at(2, 1, 3);
        s.cars[0].temperature = temperature;
        only(&mut s, 0);
        act(&mut s, "maintain");
        straight_on(&mut s, 0, 2);
        assert_eq!(s.cars[0].engine, 4, "not before the end of the round");
        straight_on(&mut s, 0, 1);
        assert_eq!(s.cars[0].engine, 4 - loss, "temperature {temperature}");
        assert_eq!(s.cars[0].temperature, temperature);
    }
}

#[test]
fn heating_past_the_scale_costs_an_engine_point() {
    // Engine choice (the book is silent): a heating step with the needle already at the top of
    // the scale becomes an Engine point.
    let mut s = bugatti_at(2, 1, 2);
    s.cars[0].temperature = 8;
    only(&mut s, 0);
    act(&mut s, "accelerate 4");
    assert_eq!((s.cars[0].temperature, s.cars[0].engine), (8, 3));
}

#[test]
fn stop_to_cool_lowers_temperature_two_steps() {
    // "Stopping to Cool. At the beginning of your round, you may stop the car and move it off the
    // road: Reduce temperature by 2 steps per round stopped."
    let mut s = bugatti_at(2, 1, 4);
    s.cars[0].temperature = 5;
    only(&mut s, 0);
    act(&mut s, "stop to cool");
    let c = s.cars[0];
    assert_eq!((c.temperature, c.speed, c.status), (3, 0, Status::OffRoad));
    assert_eq!(s.occupied(c.cell), None, "off the road");
    // Next round: back on the same space with a standing start.
    only(&mut s, 0);
    assert_eq!(cell(&s, 0), (2, 1));
    assert_eq!(s.cars[0].status, Status::Racing);
    refused(&mut s, "maintain", "standing start");
    // Two steps, never below 0.
    let mut s = bugatti_at(2, 1, 4);
    s.cars[0].temperature = 1;
    only(&mut s, 0);
    act(&mut s, "stop to cool");
    assert_eq!(s.cars[0].temperature, 0);
}

#[test]
fn galetti_while_stopped_to_cool_drops_the_temperature_to_zero() {
    // "Stopping to Cool. At the beginning of your round, you may stop the car and move it off the
    // road: Reduce temperature by 2 steps per round stopped. If you discard an Acqua Refrigerante
    // Galetti spare part while stopped, temperature drops to 0 within one round." Anywhere on the
    // circuit (row 2 is no Box row), at once: the round's overheating test finds the car cool.
    let mut s = bugatti_at(2, 1, 4);
    s.cars[0].temperature = 8;
    only(&mut s, 0);
    assert!(!has(&s, "pit stop"));
    act(&mut s, "use Acqua Refrigerante Galetti");
    let c = s.cars[0];
    assert_eq!((c.temperature, c.speed, c.status), (0, 0, Status::OffRoad));
    assert_eq!(c.spares[0], 0, "the part is discarded");
    assert_eq!(
        c.engine, c.engine_max,
        "no overheating damage at the round's end"
    );
    assert_eq!(s.occupied(c.cell), None, "off the road");
    // Next round: back on its space with a standing start, like any stopped car.
    only(&mut s, 0);
    assert_eq!((cell(&s, 0), s.cars[0].status), ((2, 1), Status::Racing));
    refused(&mut s, "maintain", "standing start");

    // Control: the same car stopping without the part cools 2 steps and overheats.
    let mut s = bugatti_at(2, 1, 4);
    s.cars[0].temperature = 8;
    s.cars[0].spares[0] = 0;
    only(&mut s, 0);
    refused(
        &mut s,
        "use Acqua Refrigerante Galetti",
        "use Acqua Refrigerante Galetti: the car holds none",
    );
    act(&mut s, "stop to cool");
    assert_eq!(s.cars[0].temperature, 6);
    assert_eq!(s.cars[0].engine, s.cars[0].engine_max - 1);

    // Control: a car that is not stopped cannot use it; a moving car keeps the part.
    let mut s = bugatti_at(2, 1, 4);
    s.cars[0].temperature = 5;
    only(&mut s, 0);
    act(&mut s, "maintain");
    refused(
        &mut s,
        "use Acqua Refrigerante Galetti",
        "spare parts are used while stopped: the Galetti coolant by stopping to cool",
    );
    assert_eq!(s.cars[0].spares[0], 1);

    // The stop alone reaches 0 from 2: nothing left for the part to do (as in the Pit Lane).
    let mut s = bugatti_at(2, 1, 4);
    s.cars[0].temperature = 2;
    only(&mut s, 0);
    refused(
        &mut s,
        "use Acqua Refrigerante Galetti",
        "the stop itself cools 2 steps, enough from Temperature 2",
    );

    // Only the coolant: Engine and Brakes are repaired by stopping only at the roadside of a
    // Stage race or with their parts in the Pit Lane (decision 22).
    let mut s = bugatti_at(2, 1, 4);
    s.cars[0].engine = 1;
    only(&mut s, 0);
    refused(
        &mut s,
        "use Candele Folgore",
        "only the Acqua Refrigerante Galetti, by stopping to cool",
    );
}

#[test]
fn a_stopped_car_returns_on_the_nearest_free_space() {
    // "At the start of the next round, the car performs a standing start from the nearest track
    // space." Engine choice: its own space if free, else the nearest lane on its row (the lower
    // lane first), else the rows behind.
    let mut s = bugatti_at(2, 1, 4);
    only(&mut s, 0);
    act(&mut s, "stop to cool");
    place(&mut s, 1, 2, 1, 0);
    only(&mut s, 0);
    assert_eq!(cell(&s, 0), (2, 0));
    assert_eq!(s.cars[0].progress, s.cars[1].progress);
}

// ---- Engine, Brakes, Tires, Battery -------------------------------------------------------

#[test]
fn engine_red_zone_cuts_acceleration_and_top_speed_never_below_one() {
    // "When the Engine condition needle enters the red zone, immediately reduce both your
    // Acceleration and your Top Speed by the amount indicated by your current engine damage
    // level. Your Top Speed cannot be reduced below 1, and your Acceleration cannot drop below
    // +1." (dashboard.toml: needle 0 costs 2, needles 1 and 2 cost 1.)
    let limits = |s: &LegendState, car: usize| {
        let c = s.cars[car];
        let l = c.limits(s.race.spec(car), s.race.dash(), false);
        (l.acceleration, l.top_speed)
    };
    let mut s = bugatti_at(2, 1, 2);
    for (engine, expected) in [
        (4u8, (4u8, 7u8)),
        (3, (4, 7)),
        (2, (3, 6)),
        (1, (3, 6)),
        (0, (2, 5)),
    ] {
        s.cars[0].engine = engine;
        assert_eq!(limits(&s, 0), expected, "engine needle {engine}");
    }
    s.cars[0].engine = 2;
    only(&mut s, 0);
    refused(&mut s, "accelerate 4", "Acceleration limiter");
    act(&mut s, "accelerate 3");
    assert_eq!(s.cars[0].temperature, 1, "+3 is now the full allowance");

    // Fiat 508 S, Acceleration +2: the red zone's 2 would leave 0, the floor is +1.
    let mut s = start("example", &["fiat_508s_balilla", "alfa_8c_2300"]);
    s.cars[0].engine = 0;
    assert_eq!(limits(&s, 0), (1, 4));
    // A red zone deep enough to take Top Speed to 0 leaves it at 1.
    let opts = json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"],
                      "qualifying": false, "choose_split": false});
    let mut s = race_with(
        "dashboard.toml",
        "engine_red_zone = [2, 1, 1]",
        "engine_red_zone = [9, 1, 1]",
        opts,
    );
    s.cars[0].engine = 0;
    assert_eq!(limits(&s, 0), (1, 1));
}

#[test]
fn tire_zones_shift_the_turn_pins() {
    // "Zone 1 (16-12): Normal performance. Zone 2 (11-8): Shift all Turn pins 1 step
    // counterclockwise. Zone 3 (7-4): Shift all Turn pins 1 additional step. Zone 4 (3-0): Shift
    // all Turn pins 2 additional steps." Bugatti pins A 2, B 3, C 4, D 5, E 6; the lowest
    // configuration (AB 1, CD 2, E 3) is a floor.
    let mut s = bugatti_at(15, 1, 3);
    let pins = |s: &LegendState| -> Vec<u8> {
        (0..5)
            .map(|r| s.cars[0].safe_speed(s.race.spec(0), s.race.dash(), r))
            .collect()
    };
    for (tires, expected) in [
        (16i8, [2u8, 3, 4, 5, 6]),
        (12, [2, 3, 4, 5, 6]),
        (11, [1, 2, 3, 4, 5]),
        (8, [1, 2, 3, 4, 5]),
        (7, [1, 1, 2, 3, 4]),
        (4, [1, 1, 2, 3, 4]),
        (3, [1, 1, 2, 2, 3]),
        (0, [1, 1, 2, 2, 3]),
    ] {
        s.cars[0].tires = tires;
        assert_eq!(pins(&s), expected, "tire needle {tires}");
    }
    // On the road: at the B entry line at Speed 3, zone 1 takes any lane, zone 2 only the best
    // line (safe 2 + 1).
    s.cars[0].tires = 12;
    let mut fresh = s.clone();
    only(&mut fresh, 0);
    act(&mut fresh, "maintain");
    act(&mut fresh, "no braking");
    assert!(has(&fresh, "move to lane 1"));
    s.cars[0].tires = 11;
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    refused(&mut s, "move to lane 1", "safe speed");
    assert!(has(&s, "move to lane 2"), "the best line is still open");
}

#[test]
fn lowest_pin_configuration() {
    // "The lowest possible configuration is: AB at speed 1, CD at speed 2 and E at speed 3." and
    // "If shifting a Turn pins would push it below the next one, remove the Turn pin and flip the
    // lower one to its grouped side": pins never cross and never drop below that floor.
    let content = crate::support::content();
    let ids: Vec<String> = content.cars.iter().map(|c| c.id.clone()).collect();
    for id in ids {
        let s = start("example", &[id.as_str(), "alfa_8c_2300"]);
        let mut c = s.cars[0];
        for tires in 0..=16i8 {
            c.tires = tires;
            let pins: Vec<u8> = (0..5)
                .map(|r| c.safe_speed(s.race.spec(0), s.race.dash(), r))
                .collect();
            for (r, floor) in [1u8, 1, 2, 2, 3].iter().enumerate() {
                assert!(pins[r] >= *floor, "{id} tires {tires}: {pins:?}");
            }
            assert!(
                pins.windows(2).all(|w| w[0] <= w[1]),
                "{id} tires {tires}: {pins:?}"
            );
        }
    }
    // Fiat 508 S (pins 1 2 3 4 5) in zone 4 sits exactly on the floor.
    let mut s = start("example", &["fiat_508s_balilla", "alfa_8c_2300"]);
    s.cars[0].tires = 0;
    let pins: Vec<u8> = (0..5)
        .map(|r| s.cars[0].safe_speed(s.race.spec(0), s.race.dash(), r))
        .collect();
    assert_eq!(pins, vec![1, 1, 2, 2, 3]);
}

#[test]
fn flat_tire_pins() {
    // "Flat Tire from Cards. Some cards cause an immediate flat tire: move the needle directly to
    // the red zone and ignore its previous position." "Flat Tire (red zone): All Turn pins drop
    // to the values shown by the flat tire icon" (dashboard.toml: A 1, B 1, C 1, D 2, E 2).
    let mut s = start("example", &["mercedes_300slr", "alfa_8c_2300"]);
    s.cars[0].damage_due = 1;
    s.settle();
    act(&mut s, "damage gomma_a_terra");
    let c = s.cars[0];
    assert_eq!(c.tires, -1, "the red zone, whatever the needle showed");
    let pins: Vec<u8> = (0..5)
        .map(|r| c.safe_speed(s.race.spec(0), s.race.dash(), r))
        .collect();
    assert_eq!(pins, vec![1, 1, 1, 2, 2]);
    assert!(!c.can_spend_tire(), "no Tire point left to spend");
}

#[test]
fn battery_failure_caps_standing_start_at_one() {
    // "With a failed battery, your standing start speed is limited to 1, regardless of your
    // Acceleration value. From the following round onward, your car accelerates normally again."
    let mut s = bugatti_at(2, 1, 0);
    s.cars[0].damage_due = 1;
    s.settle();
    act(&mut s, "damage batteria_scarica");
    assert!(!s.cars[0].battery_ok);
    only(&mut s, 0);
    let pace: Vec<String> = labels(&s)
        .into_iter()
        .filter(|l| l.starts_with("accelerate"))
        .collect();
    assert_eq!(pace, vec!["accelerate 1"]);
    refused(&mut s, "accelerate 5 push", "push");
    act(&mut s, "accelerate 1");
    assert_eq!(s.cars[0].speed, 1);
    straight_on(&mut s, 0, 1);
    only(&mut s, 0);
    assert!(
        has(&s, "accelerate 4"),
        "moving again: the limiter applies as usual"
    );
    act(&mut s, "accelerate 4");
    assert_eq!(s.cars[0].speed, 5);
}

// ---- Pit Lane -----------------------------------------------------------------------------

#[test]
fn pit_lane_only_from_the_box_stretch() {
    // "You may enter the Pit Lane only from the track stretch marked "Box"."
    let mut s = bugatti_at(50, 1, 3);
    only(&mut s, 0);
    refused(
        &mut s,
        "pit stop",
        "the Pit Lane is entered only from the stretch marked Box",
    );
    let mut s = bugatti_at(68, 1, 3);
    only(&mut s, 0);
    act(&mut s, "pit stop");
    assert_eq!(s.cars[0].status, Status::OffRoad);
    assert!(has(&s, "leave pit"));
}

#[test]
fn pit_stop_spare_parts_repair_fully_never_above_reliability() {
    // "The Pit Lane works like a Technical Assistance spot, but you must already possess the
    // Spare Part card required for any repair." "If you discard a Candele Folgore spare part ...
    // restore the engine to full Reliability in one round." "If you discard an Impianti Frenanti
    // König spare part, brakes return to full Reliability in one round." "Repairs cannot exceed
    // the original Reliability value."
    let mut s = bugatti_at(68, 1, 3);
    s.cars[0].engine = 1;
    s.cars[0].brakes = 2;
    s.cars[0].temperature = 6;
    only(&mut s, 0);
    act(&mut s, "pit stop");
    assert_eq!(s.cars[0].temperature, 4, "stopped: 2 steps cooler");
    act(&mut s, "use Candele Folgore");
    act(&mut s, "use Impianti Frenanti König");
    act(&mut s, "use Acqua Refrigerante Galetti");
    let c = s.cars[0];
    assert_eq!((c.engine, c.brakes, c.temperature), (4, 4, 0));
    assert_eq!((c.engine_max, c.brakes_max), (4, 4));
    assert_eq!(c.engine + c.brakes, s.race.spec(0).reliability);
    // Each card is spent; nothing to repair means no card to play.
    assert_eq!(&c.spares[..3], &[0, 0, 0]);
    refused(
        &mut s,
        "use Candele Folgore",
        "use Candele Folgore: the car holds none",
    );
    refused(
        &mut s,
        "use Sutherland Tires",
        "use Sutherland Tires: nothing to repair with it",
    );
    act(&mut s, "leave pit");
    // Without the card, no repair in the Pit Lane.
    let mut s = bugatti_at(68, 1, 3);
    s.cars[0].engine = 1;
    s.cars[0].spares[1] = 0;
    only(&mut s, 0);
    act(&mut s, "pit stop");
    refused(&mut s, "use Candele Folgore", "the car holds none");
}

#[test]
fn sutherland_tires_to_first_underlined_mark() {
    // "discard a Sutherland Tires spare part and move the Tire needle counterclockwise to the
    // first underlined value it reaches (either 16 or 8)."
    for (before, after) in [(5i8, 8i8), (0, 8), (-1, 8), (10, 16), (8, 16), (15, 16)] {
        let mut s = bugatti_at(68, 1, 3);
        s.cars[0].tires = before;
        only(&mut s, 0);
        act(&mut s, "pit stop");
        act(&mut s, "use Sutherland Tires");
        assert_eq!(s.cars[0].tires, after, "from {before}");
    }
}

#[test]
fn the_drivers_stop_with_the_galetti_when_the_needle_is_at_the_top() {
    // Not a rule: the drivers use the coolant where it helps. The medium driver stops when the
    // needle is at the top of the scale; holding the part, it takes the Temperature to 0 with it
    // instead of 2 steps less. Without the part, it stops to cool.
    use autodromo_core::legend::bots::greedy_action;
    use autodromo_core::State;
    let mut s = bugatti_at(2, 1, 4);
    s.cars[0].temperature = 8;
    only(&mut s, 0);
    let a = greedy_action(&s).expect("a decision");
    assert_eq!(s.action_to_string(a), "use Acqua Refrigerante Galetti");
    s.cars[0].spares[0] = 0;
    let a = greedy_action(&s).expect("a decision");
    assert_eq!(s.action_to_string(a), "stop to cool");
    // The hard driver weighs the part's price against the rounds it saves: with the needle at
    // the top and the Engine low it takes the coolant rather than the plain stop or lifting.
    let mut s = bugatti_at(20, 1, 4);
    (s.cars[0].temperature, s.cars[0].engine) = (8, 2);
    only(&mut s, 0);
    let a = autodromo_core::legend::bots::hard::action(&s).expect("a decision");
    assert_eq!(s.action_to_string(a), "use Acqua Refrigerante Galetti");
}
