//! The optional Car Setup cards ("Car Setup (Optional)"), each side of each card.

use crate::support::*;
use autodromo_core::legend::LegendState;
use serde_json::{json, Value};

/// The Bugatti Type 35 (T 7, Acceleration +4, Braking -3, pins A2 B3 C4 D5 E6) with `setup`.
fn bugatti(setup: Value) -> LegendState {
    let mut s = race(
        json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"],
                            "qualifying": false, "choose_split": false, "setups": [setup, null]}),
    );
    act(&mut s, "d6 3");
    s
}

fn limits(s: &LegendState) -> (u8, u8, u8) {
    let l = s.cars[0].limits(s.race.spec(0), s.race.dash(), false);
    (l.top_speed, l.acceleration, l.braking)
}

fn pins(s: &LegendState) -> Vec<u8> {
    (0..5)
        .map(|r| s.cars[0].safe_speed(s.race.spec(0), s.race.dash(), r))
        .collect()
}

#[test]
fn long_gears_raise_top_speed_and_lower_acceleration() {
    assert_eq!(limits(&bugatti(json!({"gears": "long"}))), (8, 3, 3));
}

#[test]
fn short_gears_lower_top_speed_and_raise_acceleration() {
    assert_eq!(limits(&bugatti(json!({"gears": "short"}))), (6, 5, 3));
}

#[test]
fn stiff_suspension_raises_d_and_e_and_lowers_a_and_b() {
    // A and B would drop to 1 and 2; the lowest configuration keeps A and B at 1.
    assert_eq!(
        pins(&bugatti(json!({"suspension": "stiff"}))),
        vec![1, 2, 4, 6, 7]
    );
}

#[test]
fn soft_suspension_raises_a_and_b_and_lowers_d_and_e() {
    assert_eq!(
        pins(&bugatti(json!({"suspension": "soft"}))),
        vec![3, 4, 4, 4, 5]
    );
}

#[test]
fn forward_bias_raises_braking_and_adds_a_tire_point_when_tires_wear() {
    let mut s = bugatti(json!({"brake_bias": "forward"}));
    assert_eq!(limits(&s).2, 4);
    let dash = s.race.dash().clone();
    s.cars[0].wear_tires(1);
    s.cars[0].setup_round_end(&dash);
    assert_eq!(s.cars[0].tires, 14, "1 assessed + 1 for the forward bias");
    s.cars[0].setup_round_end(&dash);
    assert_eq!(
        s.cars[0].tires, 14,
        "no tire damage assessed this round: nothing added"
    );
}

#[test]
fn rear_bias_lowers_braking_and_saves_a_tire_point() {
    let mut s = bugatti(json!({"brake_bias": "rear"}));
    assert_eq!(limits(&s).2, 2);
    let dash = s.race.dash().clone();
    s.cars[0].wear_tires(2);
    s.cars[0].setup_round_end(&dash);
    assert_eq!(s.cars[0].tires, 15, "2 assessed, 1 saved");
}

#[test]
fn hard_tires_save_a_tire_point_but_shift_the_pins_two_steps_in_the_rain() {
    let mut s = bugatti(json!({"tires": "hard"}));
    let dash = s.race.dash().clone();
    s.cars[0].wear_tires(1);
    s.cars[0].setup_round_end(&dash);
    assert_eq!(s.cars[0].tires, 16);
    assert_eq!(pins(&s), vec![2, 3, 4, 5, 6], "dry: no shift");
    s.cars[0].rain = 1;
    assert_eq!(
        pins(&s),
        vec![1, 1, 2, 3, 4],
        "rain: two steps down, never below the lowest"
    );
}

#[test]
fn wet_tires_keep_the_dry_markers_in_the_rain_and_shift_a_step_when_dry() {
    let mut s = bugatti(json!({"tires": "wet"}));
    assert_eq!(pins(&s), vec![1, 2, 3, 4, 5], "dry: one step down");
    s.rain = 2;
    s.cars[0].rain = 2;
    assert_eq!(pins(&s), vec![2, 3, 4, 5, 6]);
    assert_eq!(s.rating_for(0, 3), 3, "a D marker stays D for wet treads");
    assert_eq!(s.rating_for(1, 3), 1, "and drops to B for the others");
}

#[test]
fn rich_mixture_raises_acceleration_and_heats_once_more_when_temperature_rises() {
    let mut s = bugatti(json!({"mixture": "rich"}));
    assert_eq!(limits(&s).1, 5);
    let dash = s.race.dash().clone();
    let over = s.cars[0].heat(1, &dash);
    assert_eq!(over, 0);
    s.cars[0].setup_round_end(&dash);
    assert_eq!(s.cars[0].temperature, 2);
    s.cars[0].setup_round_end(&dash);
    assert_eq!(
        s.cars[0].temperature, 2,
        "no rise this round: no extra step"
    );
}

#[test]
fn unknown_setup_cards_and_sides_are_rejected() {
    for bad in [
        json!({"gears": "medium"}),
        json!({"spoiler": "high"}),
        json!("long"),
    ] {
        let opts = json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"], "setups": [bad, null]});
        let err = autodromo_core::legend::Legend::new(content(), &opts)
            .expect_err("refused")
            .to_string();
        assert!(err.contains("setups[0]"), "{err}");
    }
}

#[test]
fn adjustable_cards_change_in_the_pit_for_an_extra_round() {
    // "others may be changed at Technical Assistance spots or in the Pit Lane, provided you
    // remain there for one additional round."
    let mut s = bugatti(json!({"suspension": "stiff", "gears": "long"}));
    place(&mut s, 1, 20, 0, 0);
    place(&mut s, 0, 69, 1, 3);
    only(&mut s, 0);
    act(&mut s, "pit stop");
    let offered = labels(&s);
    assert!(
        offered.contains(&"set suspension soft".to_string()),
        "{offered:?}"
    );
    assert!(
        !offered.contains(&"set suspension stiff".to_string()),
        "already stiff"
    );
    assert!(
        !offered.iter().any(|l| l.contains("gears")),
        "gears are fixed for the event"
    );
    act(&mut s, "set suspension soft");
    act(&mut s, "leave pit");
    assert_eq!(s.cars[0].setup.suspension, -1);
    // The next round the car stays in the pit: its activation is skipped.
    let at = s.order.iter().position(|&c| c == 0).expect("in the order");
    assert!(usize::from(s.next) > at, "its turn went by: {:?}", s.phase);
    assert_eq!(s.phase, autodromo_core::legend::Phase::Pace { car: 1 });
    assert_eq!(
        s.cars[0].status,
        autodromo_core::legend::car::Status::OffRoad
    );
    assert_eq!(s.cars[0].stop_rounds, 0);
    // The round after, it comes back with a standing start.
    only(&mut s, 0);
    assert_eq!(
        s.cars[0].status,
        autodromo_core::legend::car::Status::Racing
    );
    assert_eq!(s.cars[0].speed, 0);
}

#[test]
fn no_set_up_changes_without_set_up_cards() {
    let mut s = bugatti(serde_json::Value::Null);
    place(&mut s, 1, 20, 0, 0);
    place(&mut s, 0, 69, 1, 3);
    only(&mut s, 0);
    act(&mut s, "pit stop");
    assert!(!labels(&s).iter().any(|l| l.starts_with("set ")));
    refused(&mut s, "set mixture rich", "Pit Lane");
}
