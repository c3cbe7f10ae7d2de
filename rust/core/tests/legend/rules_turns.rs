//! Rules tests, "Navigating Turns", "Entering Too Fast", "Powering Out at Exit",
//! "Slipstreaming", "Crashing the Car", "Collisions" and the rain on Turn markers, one test per
//! rule. Cars are placed by hand on `circuits/example.toml`: a straight up to row 15, the B
//! sweeper on rows 16-22 (best line lanes 2 2 2 1 1 0 1, a left turn: lane 0 is the inside),
//! the one-row A corner on row 27 (best lane 0), the C turn on rows 54-57 (best 2 1 0 1).
//! Car 0 is the Bugatti Type 35 (T 7, +4, -3, Engine 4, Brakes 4, pins A 2 B 3 C 4 D 5 E 6).

use crate::support::*;
use autodromo_core::legend::{LegendState, Phase};
use serde_json::json;

const B_TURN: u8 = 0;

fn start_with(cars: &[&str], extra: serde_json::Value) -> LegendState {
    let mut opts = json!({"circuit": "example", "cars": cars, "qualifying": false,
                          "choose_split": false});
    for (k, v) in extra.as_object().unwrap() {
        opts[k] = v.clone();
    }
    let mut s = race(opts);
    act(&mut s, "d6 3");
    s
}

/// Car 0 (Bugatti) at a space with a speed, car 1 parked far away.
fn bugatti_at(row: u16, lane: u8, speed: u8) -> LegendState {
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
    place(&mut s, 1, 40, 2, 0);
    place(&mut s, 0, row, lane, speed);
    s
}

fn lanes_offered(s: &LegendState) -> Vec<String> {
    labels(s)
        .into_iter()
        .filter(|l| l.starts_with("move to lane"))
        .collect()
}

// ---- Dive Braking at Entry ------------------------------------------------------------------

#[test]
fn braking_only_at_an_entry_line() {
    // "The entry line of a turn is the only place where braking is allowed".
    let mut s = bugatti_at(10, 1, 5);
    only(&mut s, 0);
    refused(
        &mut s,
        "brake 2",
        "braking is allowed only at an entry line",
    );
    act(&mut s, "maintain");
    refused(
        &mut s,
        "brake 1",
        "braking is allowed only at an entry line",
    );
    straight_on(&mut s, 0, 5);
    assert_eq!(cell(&s, 0), (15, 1));
    assert!(matches!(s.phase, Phase::EntryLine { car: 0, .. }));
    act(&mut s, "brake 2");
    assert_eq!(s.cars[0].speed, 3);
}

#[test]
fn braking_below_standstill_is_refused_by_the_speed() {
    // Braking lowers the Speed: never by more than the car has, whatever the Braking limiter.
    let mut s = bugatti_at(14, 1, 1);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 1);
    assert!(matches!(s.phase, Phase::EntryLine { car: 0, .. }));
    refused(&mut s, "brake 2", "brake 2: the car is at Speed 1");
    act(&mut s, "brake 1");
    assert_eq!(s.cars[0].speed, 0);
}

#[test]
fn dive_braking_up_to_the_braking_limiter() {
    // "As you reach the entry line, you may brake ... You can reduce your speed by your car's
    // Braking value." Dive braking costs no Brake point.
    let mut s = bugatti_at(12, 1, 7);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    assert_eq!(
        labels(&s),
        vec![
            "no braking",
            "brake 1",
            "brake 2",
            "brake 3",
            "lift and coast at entry"
        ]
    );
    refused(&mut s, "brake 4", "Braking limiter");
    act(&mut s, "brake 3");
    assert_eq!((s.cars[0].speed, s.cars[0].brakes), (4, 4));
}

#[test]
fn new_speed_above_mps_spent_continues_the_move() {
    // "After braking, compare your new speed to the MPs already spent: if your new speed is
    // higher, you continue moving to match the updated allowance."
    let mut s = bugatti_at(12, 2, 7);
    let round = s.round;
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    act(&mut s, "brake 3");
    assert_eq!(s.round, round, "4 > 3 MPs spent: one MP left");
    act(&mut s, "move to lane 2");
    assert_eq!(cell(&s, 0), (16, 2));
    assert_eq!(s.round, round + 1, "the updated allowance is spent");
}

#[test]
fn new_speed_not_above_mps_spent_ends_the_move() {
    // "If it is lower or equal, your movement ends immediately."
    let mut s = bugatti_at(12, 1, 6);
    let round = s.round;
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    act(&mut s, "brake 3");
    assert_eq!(s.round, round + 1, "3 = 3 MPs spent: the move is over");
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((15, 1), 3));
}

#[test]
fn lift_and_coast_at_the_entry_line() {
    // Worked example, round 5: "At the Entry line, he Lifts & Coasts for 1 point, reducing his
    // Speed to 4 and lowering his Temperature by 1 step".
    let mut s = bugatti_at(12, 1, 5);
    s.cars[0].temperature = 2;
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    act(&mut s, "lift and coast at entry");
    assert_eq!((s.cars[0].speed, s.cars[0].temperature), (4, 1));
}

#[test]
fn one_braking_decision_per_entry_line() {
    // Worked example, rounds 5-6: Red lifts at the A entry line at the end of round 5 and in
    // round 6, still there, faces only emergency braking or a drift. Engine choice: the decision
    // at an entry line is taken once, when the car reaches it (even with its last MP).
    let mut s = bugatti_at(11, 1, 4);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 4);
    assert!(
        matches!(s.phase, Phase::EntryLine { car: 0, .. }),
        "reached with the last MP"
    );
    act(&mut s, "no braking");
    only(&mut s, 0);
    act(&mut s, "maintain");
    assert!(
        matches!(s.phase, Phase::Step { car: 0 }),
        "no second dive braking"
    );
    assert!(has(&s, "emergency brake 1"));
}

// ---- Turn pins and the Best Line --------------------------------------------------------

#[test]
fn safe_speed_limits_entering_a_turn() {
    // "The Turn pins on your Dashboard show your current safe speed for each turn rating. This is
    // the maximum speed you may carry through the turn without penalty." B pin 3.
    let enter = |speed: u8| {
        let mut s = bugatti_at(15, 1, speed);
        only(&mut s, 0);
        act(&mut s, "maintain");
        act(&mut s, "no braking");
        s
    };
    let s = enter(3);
    assert_eq!(
        lanes_offered(&s),
        vec!["move to lane 0", "move to lane 1", "move to lane 2"]
    );
    assert!(!has(&s, "drift") && !has(&s, "emergency brake 1"));
    let mut within = enter(3);
    refused(
        &mut within,
        "emergency brake 1",
        "only when the next space enters a turn above its safe speed",
    );
    let mut s = enter(5);
    assert!(
        lanes_offered(&s).is_empty(),
        "above safe speed + 1 everywhere"
    );
    refused(&mut s, "move to lane 2", "safe speed");
    assert!(has(&s, "drift") && has(&s, "emergency brake 2"));
}

#[test]
fn best_line_bonus_plus_one() {
    // "If you follow the entire best line (the dark dotted path on the track), you may exceed
    // the safe speed by +1."
    let mut s = bugatti_at(15, 1, 4);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    assert_eq!(
        lanes_offered(&s),
        vec!["move to lane 2"],
        "only the best line takes 4"
    );
    act(&mut s, "move to lane 2");
    assert!(s.cars[0].best_line);
    for (row, best) in [(17u16, 2u8), (18, 2), (19, 1)] {
        assert_eq!(
            lanes_offered(&s),
            vec![format!("move to lane {best}")],
            "row {row}"
        );
        act(&mut s, &format!("move to lane {best}"));
    }
    assert_eq!(cell(&s, 0), (19, 1));
    assert!(s.cars[0].best_line);
}

#[test]
fn leaving_the_best_line_removes_the_bonus() {
    // "Leaving the best line removes this bonus immediately for the entire length of the curve."
    // At safe speed + 1 on the best line, stepping off it is refused.
    let mut s = bugatti_at(16, 2, 4);
    s.cars[0].best_line = true;
    s.cars[0].entry_done = Some(B_TURN);
    only(&mut s, 0);
    act(&mut s, "maintain");
    refused(&mut s, "move to lane 1", "safe speed");
    // At the safe speed a car may leave it, and coming back does not restore the bonus.
    let mut s = bugatti_at(16, 2, 3);
    s.cars[0].best_line = true;
    s.cars[0].entry_done = Some(B_TURN);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "move to lane 1");
    assert!(!s.cars[0].best_line);
    act(&mut s, "move to lane 2");
    assert_eq!(cell(&s, 0), (18, 2), "back on the best line's lane");
    assert!(
        !s.cars[0].best_line,
        "the bonus is gone for the whole curve"
    );
    assert!(has(&s, "regain best line"));
}

#[test]
fn regain_best_line_with_a_tire_point() {
    // "If you leave the best line -or join it later in the curve- you may spend 1 Tire point to
    // regain the line and restore the +1 speed bonus."
    let mut s = bugatti_at(17, 2, 4);
    s.cars[0].entry_done = Some(B_TURN);
    only(&mut s, 0);
    act(&mut s, "maintain");
    assert!(
        lanes_offered(&s).is_empty(),
        "no bonus: 4 is too fast for B (3)"
    );
    act(&mut s, "regain best line");
    assert_eq!(s.cars[0].tires, 15);
    assert!(s.cars[0].best_line);
    assert_eq!(lanes_offered(&s), vec!["move to lane 2"]);
    act(&mut s, "move to lane 2");
    assert_eq!(cell(&s, 0), (18, 2));
    // Only standing on the best line.
    let mut s = bugatti_at(17, 1, 3);
    s.cars[0].entry_done = Some(B_TURN);
    only(&mut s, 0);
    act(&mut s, "maintain");
    refused(&mut s, "regain best line", "standing on its best line");
}

// ---- Entering Too Fast ------------------------------------------------------------------------

#[test]
fn emergency_braking_costs_a_brake_point_per_step() {
    // "Emergency braking: Spend 1 Brake point for each additional speed step you want to
    // reduce." The A corner (row 27): safe speed 2, Bugatti at 4, not onto the best line.
    let mut s = bugatti_at(26, 1, 4);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    assert_eq!(
        labels(&s),
        vec!["emergency brake 1", "emergency brake 2", "drift"]
    );
    refused(
        &mut s,
        "emergency brake 3",
        "emergency brake 3: only the excess over the safe speed (2 at Speed 4, safe speed 2)",
    );
    act(&mut s, "emergency brake 2");
    assert_eq!((s.cars[0].speed, s.cars[0].brakes), (2, 2));
    act(&mut s, "move to lane 1");
    assert_eq!(cell(&s, 0), (27, 1));
}

#[test]
fn emergency_braking_below_the_mps_spent_ends_the_move() {
    // Engine choice (the book says it of dive braking only): after emergency braking the new
    // Speed is compared with the MPs spent, as after dive braking. 3 MPs to the A entry line at
    // Speed 4, emergency brake 2: Speed 2 < 3, the car stops short of the corner.
    let mut s = bugatti_at(23, 0, 4);
    let round = s.round;
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    act(&mut s, "no braking");
    act(&mut s, "emergency brake 2");
    assert_eq!(s.round, round + 1);
    assert_eq!(
        (cell(&s, 0), s.cars[0].speed, s.cars[0].brakes),
        ((26, 0), 2, 2)
    );
}

#[test]
fn brake_red_zone_braking_is_one() {
    // "When the Brake needle enters the red zone, your Braking value is reduced to -1"
    // (dashboard.toml: the red zone is the needle at 1 or below).
    let mut s = bugatti_at(12, 1, 7);
    s.cars[0].brakes = 1;
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    assert_eq!(
        labels(&s),
        vec!["no braking", "brake 1", "lift and coast at entry"]
    );
    refused(&mut s, "brake 2", "Braking limiter");
}

#[test]
fn no_emergency_braking_with_brakes_in_the_red_zone() {
    // "... and emergency braking is no longer available. This penalty remains until the brakes
    // are repaired."
    let mut s = bugatti_at(26, 1, 4);
    s.cars[0].brakes = 1;
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    assert_eq!(labels(&s), vec!["drift"]);
    refused(
        &mut s,
        "emergency brake 1",
        "never with the brakes in the red zone",
    );
}

#[test]
fn drift_costs_a_tire_point_and_a_speed_per_space_outward() {
    // "Enter the turn above your allowed speed and begin a drift: Spend 1 Tire point and move
    // diagonally outward one space at a time, losing 1 Speed for each space you enter. When your
    // speed matches the safe speed, the drift ends and you resume normal movement."
    // C turn (rows 54-57), safe 4; the worked example (round 6): the drift starts after the
    // first space of the turn.
    let mut s = bugatti_at(53, 0, 6);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    act(&mut s, "drift");
    assert_eq!(s.cars[0].tires, 15);
    act(&mut s, "move to lane 0");
    // The drift: (55, 1) at 5, (56, 2) at 4 = the safe speed, where it ends.
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((56, 2), 4));
    assert!(!s.cars[0].best_line);
    assert_eq!(
        lanes_offered(&s),
        vec!["move to lane 1", "move to lane 2"],
        "normal movement resumes"
    );
    act(&mut s, "move to lane 1");
    assert_eq!(cell(&s, 0), (57, 1));
}

#[test]
fn emergency_braking_and_drifting_combine() {
    // "You may also combine both options: spend some Brake points to reduce part of the excess
    // speed, and drift to shed the remainder."
    let mut s = bugatti_at(53, 0, 7);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    act(&mut s, "emergency brake 1");
    assert_eq!((s.cars[0].speed, s.cars[0].brakes), (6, 3));
    act(&mut s, "drift");
    act(&mut s, "move to lane 0");
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((56, 2), 4));
    assert_eq!(s.cars[0].tires, 15);
}

#[test]
fn drift_off_the_track_is_a_crash() {
    // "If you leave the track before slowing enough, you crash in the first space you exit".
    let mut s = bugatti_at(53, 1, 7);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    act(&mut s, "drift");
    act(&mut s, "move to lane 2");
    // From the outside lane the drift has nowhere to go but off the road.
    let c = s.cars[0];
    assert_eq!(c.crashes, 1);
    assert_eq!(c.speed, 0);
    assert_eq!(
        cell(&s, 0),
        (54, 2),
        "the car stays by the last space on the track"
    );
    assert_eq!(s.phase, Phase::Damage { car: 0 });
}

#[test]
fn crash_sets_speed_zero_and_draws_a_damage_card() {
    // "A crash occurs whenever a car is forced off the track. The car's speed is immediately set
    // to 0, and the driver draws one Damage card, applies its effects, and discards the card. At
    // the start of the next round, the car performs a standing start from the nearest track
    // space."
    let mut s = bugatti_at(53, 1, 7);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    act(&mut s, "drift");
    act(&mut s, "move to lane 2");
    assert_eq!(s.cars[0].damage_due, 1);
    let deck = s.damage_deck.clone();
    act(&mut s, "damage tamburi_surriscaldati");
    assert_eq!(s.cars[0].brakes, 3, "the card's effect");
    assert_eq!(s.cars[0].damage_due, 0, "one card only");
    let i = s
        .race
        .content
        .damage
        .iter()
        .position(|d| d.id == "tamburi_surriscaldati")
        .unwrap();
    assert_eq!(s.damage_deck[i], deck[i] - 1);
    assert_eq!(s.damage_discard[i], 1, "and discarded");
    only(&mut s, 0);
    assert_eq!(cell(&s, 0), (54, 2));
    refused(&mut s, "maintain", "standing start: you must accelerate");
}

// ---- Powering Out at Exit -----------------------------------------------------------------

#[test]
fn power_out_spends_only_the_unused_acceleration() {
    // "As you reach the exit line, you may accelerate by spending any remaining Acceleration
    // points you still have available for this round. You may increase your Speed by up to your
    // unused Acceleration value."
    let mut s = bugatti_at(26, 0, 2);
    only(&mut s, 0);
    act(&mut s, "accelerate 1");
    act(&mut s, "no braking");
    act(&mut s, "move to lane 0");
    assert_eq!(
        labels(&s),
        vec!["no power out", "power out 1", "power out 2", "power out 3"]
    );
    refused(
        &mut s,
        "power out 4",
        "more than the unused Acceleration (3 left this round)",
    );
    act(&mut s, "power out 2");
    assert_eq!((s.cars[0].speed, s.cars[0].temperature), (5, 0));
    straight_on(&mut s, 0, 4);
    assert_eq!(cell(&s, 0), (31, 0), "5 MPs in all");
    refused(&mut s, "power out 1", "only at the exit line");
}

#[test]
fn power_out_completing_the_allowance_heats() {
    // "If this causes you to use your full Acceleration allowance for the round, raise your
    // Temperature by 1 step." The Speed stays under the Top Speed limiter (7).
    let mut s = bugatti_at(21, 0, 4);
    s.cars[0].best_line = true;
    s.cars[0].entry_done = Some(B_TURN);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "move to lane 1");
    assert!(matches!(s.phase, Phase::ExitLine { car: 0 }));
    act(&mut s, "power out 4");
    assert_eq!((s.cars[0].speed, s.cars[0].temperature), (7, 1));
}

#[test]
fn drift_past_the_exit_line_forbids_powering_out() {
    // "If drifting carries the car beyond the exit line, the driver cannot power out at exit."
    let mut s = bugatti_at(26, 0, 4);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    act(&mut s, "drift");
    act(&mut s, "move to lane 0");
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((28, 1), 3));
    assert_eq!(lanes_offered(&s), labels(&s), "no power out");
    refused(&mut s, "power out 1", "not after drifting past it");
}

#[test]
fn power_out_when_reaching_the_exit_line_with_the_last_mp() {
    // "As you reach the exit line, you may accelerate by spending any remaining Acceleration
    // points": offered on reaching it, even with no MP left, and the new Speed adds MPs.
    let mut s = bugatti_at(26, 0, 1);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    act(&mut s, "move to lane 0");
    assert!(
        matches!(s.phase, Phase::ExitLine { car: 0 }),
        "{:?}",
        labels(&s)
    );
    act(&mut s, "power out 2");
    assert_eq!(s.cars[0].speed, 3);
    act(&mut s, "move to lane 0");
    act(&mut s, "move to lane 0");
    assert_eq!(cell(&s, 0), (29, 0));
}

// ---- Slipstreaming ------------------------------------------------------------------------

#[test]
fn slipstream_on_a_straight_moves_one_extra_space() {
    // "If you finish your movement directly behind another car on a straight, you must move one
    // extra space forward."
    let mut s = bugatti_at(2, 1, 3);
    place(&mut s, 1, 6, 1, 0);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    assert_eq!(cell(&s, 0), (5, 1));
    assert_eq!(
        labels(&s),
        vec!["slipstream to lane 0", "slipstream to lane 2"],
        "must: there is no declining"
    );
    act(&mut s, "slipstream to lane 2");
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((6, 2), 3));
    // With one side blocked, the extra space is taken without asking.
    let mut s = start_with(
        &["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"],
        json!({}),
    );
    place(&mut s, 1, 6, 1, 0);
    place(&mut s, 2, 6, 0, 0);
    place(&mut s, 0, 2, 1, 3);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    assert_eq!(cell(&s, 0), (6, 2));
}

#[test]
fn no_slipstream_when_not_directly_behind() {
    // "directly behind another car": one lane across is not behind.
    let mut s = bugatti_at(2, 1, 3);
    place(&mut s, 1, 6, 0, 0);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    assert_eq!(cell(&s, 0), (5, 1));
    assert!(!matches!(s.phase, Phase::Slipstream { .. }));
}

fn turn_slip(option: bool) -> LegendState {
    let mut s = start_with(
        &["bugatti_type_35", "alfa_8c_2300"],
        json!({"slipstream_in_turns": option}),
    );
    place(&mut s, 1, 19, 1, 2);
    place(&mut s, 0, 16, 1, 2);
    s.cars[0].entry_done = Some(B_TURN);
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 2);
    s
}

#[test]
fn no_slipstream_inside_a_turn_without_the_option() {
    // "If you finish your movement directly behind another car on a straight" — inside a turn
    // only with the optional rule.
    let s = turn_slip(false);
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((18, 1), 2));
    assert!(matches!(s.phase, Phase::Pace { .. }), "{:?}", s.phase);
}

#[test]
fn slipstream_in_a_turn_pushes_one_lane_outward_and_costs_a_speed() {
    // "Whenever slipstreaming is triggered inside a turn (by either method), the extra movement
    // pushes you one lane outward and costs 1 Speed point."
    let mut s = turn_slip(true);
    assert_eq!(
        labels(&s),
        vec!["slipstream drift outward", "resist with a tire point"]
    );
    act(&mut s, "slipstream drift outward");
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((19, 2), 1));
    assert_eq!(s.cars[0].tires, 16);
}

#[test]
fn resist_turn_slipstream_with_a_tire_point() {
    // "You may spend 1 Tire point to resist this effect and remain in your current lane."
    // Engine choice: resisting keeps the car where it finished, at its Speed.
    let mut s = turn_slip(true);
    act(&mut s, "resist with a tire point");
    assert_eq!((cell(&s, 0), s.cars[0].speed), ((18, 1), 2));
    assert_eq!(s.cars[0].tires, 15);
    // With a flat tire there is no Tire point to resist with (flat: B safe speed 1).
    let mut s = start_with(
        &["bugatti_type_35", "alfa_8c_2300"],
        json!({"slipstream_in_turns": true}),
    );
    place(&mut s, 1, 19, 1, 2);
    place(&mut s, 0, 17, 1, 1);
    s.cars[0].entry_done = Some(B_TURN);
    s.cars[0].tires = -1;
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 1);
    assert_eq!(labels(&s), vec!["slipstream drift outward"]);
    refused(&mut s, "resist with a tire point", "no Tire point left");
}

#[test]
fn turn_slipstream_on_the_same_best_line_only() {
    // "Inside a turn, slipstreaming may also occur if you finish one space behind another car on
    // the same best line, even if not in the same lane." Rows 20 and 21: best lanes 1 and 0.
    let staggered = |lane: u8, other: u8| {
        let mut s = start_with(
            &["bugatti_type_35", "alfa_8c_2300"],
            json!({"slipstream_in_turns": true}),
        );
        place(&mut s, 1, 21, other, 2);
        place(&mut s, 0, 19, lane, 1);
        s.cars[0].entry_done = Some(B_TURN);
        only(&mut s, 0);
        act(&mut s, "maintain");
        act(&mut s, &format!("move to lane {lane}"));
        s
    };
    let s = staggered(1, 0);
    assert!(matches!(s.phase, Phase::TurnSlipstream { car: 0 }));
    let s = staggered(2, 1);
    assert!(
        !matches!(s.phase, Phase::TurnSlipstream { .. }),
        "off the best line, staggered: no slipstream"
    );
}

// ---- Collisions ----------------------------------------------------------------------------

fn wall(extra: serde_json::Value) -> LegendState {
    let mut s = start_with(
        &[
            "bugatti_type_35",
            "alfa_8c_2300",
            "ferrari_166_mm",
            "osca_mt4",
        ],
        extra,
    );
    place(&mut s, 1, 4, 0, 0);
    place(&mut s, 2, 4, 1, 0);
    place(&mut s, 3, 4, 2, 0);
    place(&mut s, 0, 2, 1, 5);
    s
}

#[test]
fn collision_stops_beside_the_hit_car_halves_speed_and_draws_damage() {
    // "If a car is forced to move into a space occupied by another car, a collision occurs. ...
    // The colliding car stops on the first empty space adjacent to the hit car. It draws 1 Damage
    // card ... Its speed is immediately halved (rounded up). The hit car suffers no damage".
    let mut s = wall(json!({}));
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "move to lane 1");
    // Row 4 is full: the car is forced into it.
    assert_eq!(cell(&s, 0), (3, 1), "stopped next to the hit car");
    assert_eq!(s.cars[0].speed, 3, "5 halved, rounded up");
    assert_eq!(s.phase, Phase::Damage { car: 0 });
    assert_eq!(
        s.cars.iter().map(|c| c.damage_due).collect::<Vec<_>>(),
        vec![1, 0, 0, 0]
    );
    act(&mut s, "damage molla_valvola");
    assert_eq!(s.cars[0].engine, 3);
    assert!(s.cars[1..].iter().all(|c| c.engine == c.engine_max));
}

#[test]
fn realistic_collisions_two_cards_and_one_for_the_hit_car() {
    // "Optional rule: For added realism, the colliding car draws 2 Damage cards and the hit car
    // also draws and resolves 1 Damage card."
    let mut s = wall(json!({"realistic_collisions": true}));
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "move to lane 1");
    assert_eq!(
        s.cars.iter().map(|c| c.damage_due).collect::<Vec<_>>(),
        vec![2, 0, 1, 0],
        "the hit car is the one straight ahead"
    );
    act(&mut s, "damage molla_valvola");
    act(&mut s, "damage tamburi_surriscaldati");
    assert_eq!(s.phase, Phase::Damage { car: 2 });
    act(&mut s, "damage sasso_sul_cerchio");
    assert_eq!(s.cars[2].tires, 15);
    assert_eq!((s.cars[0].engine, s.cars[0].brakes), (3, 3));
}

#[test]
fn collision_during_a_drift_pushes_both_cars_outward() {
    // "If the collision happens during a drift in a turn, both cars also drift one space to the
    // outside of the turn." Engine choice: each car moves one lane outward on its own row.
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
    place(&mut s, 1, 55, 1, 3);
    place(&mut s, 0, 53, 0, 7);
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    act(&mut s, "drift");
    act(&mut s, "move to lane 0");
    // The drift's first space, (55, 1), is taken.
    assert_eq!(cell(&s, 0), (54, 1));
    assert_eq!(cell(&s, 1), (55, 2));
    assert_eq!(s.cars[0].speed, 4, "7 halved, rounded up");
    assert_eq!((s.cars[0].damage_due, s.cars[1].damage_due), (1, 0));
}

// ---- Weather on the Turn markers ----------------------------------------------------------

#[test]
fn rain_lowers_turn_markers_not_below_a() {
    // "5 — Light Rain: Temporarily reduce any Turn Marker by one step (not lower than A)."
    // "6+ — Heavy Rain: Temporarily reduce any Turn Marker by two steps (not lower than A)."
    let enter_b = |rain: u8, speed: u8| {
        let mut s = bugatti_at(15, 1, speed);
        s.rain = rain;
        only(&mut s, 0);
        act(&mut s, "maintain");
        act(&mut s, "no braking");
        lanes_offered(&s)
    };
    assert_eq!(enter_b(0, 3).len(), 3, "B: safe 3");
    assert_eq!(
        enter_b(1, 3),
        vec!["move to lane 2"],
        "B reads A: safe 2, +1 on the best line"
    );
    assert_eq!(
        enter_b(2, 3),
        vec!["move to lane 2"],
        "two steps below B is still A"
    );
    assert_eq!(enter_b(1, 2).len(), 3);
    // The A corner stays an A corner in heavy rain.
    let mut s = bugatti_at(26, 1, 2);
    s.rain = 2;
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    assert_eq!(lanes_offered(&s).len(), 3);
    // The markers as they read now.
    assert_eq!(
        (s.rating_now(4), s.rating_now(1), s.rating_now(0)),
        (2, 0, 0)
    );
}
