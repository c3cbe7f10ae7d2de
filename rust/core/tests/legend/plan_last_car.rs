//! `plan_moves` for the last car to act in a round (issue 33, item 1): each plan ends where the
//! car's activation ends — over the line, stopped off the road, or racing — and not where the
//! round, or the stage, that closes after it leaves the car. Route `due_controlli` (ours): two
//! `verona_ravenna` stages, each ending at a Check Point after row 49 (limit 2).

use crate::support::*;
use autodromo_core::legend::bots_stage::planned_action;
use autodromo_core::legend::car::Status;
use autodromo_core::legend::stage::CHECK_POINT_LINE;
use autodromo_core::legend::LegendState;
use autodromo_core::State;
use serde_json::json;

const BUGATTI: &str = "bugatti_type_35";
const ALFA: &str = "alfa_8c_2300";

fn two_check_points() -> LegendState {
    let content = content_with(&[(
        "routes/due_controlli.toml",
        "name = \"Due controlli\"\nstart = \"10:00\"\nstages = [\"verona_ravenna\", \"verona_ravenna\"]\n",
    )]);
    stage_race_on(
        content,
        json!({"route": "due_controlli", "cars": [BUGATTI, ALFA]}),
    )
}

/// The Bugatti on `row` at `speed`, the last car still to act: the Alfa has retired, so the
/// round — and, once the Bugatti is over the line, the stage — closes after its activation.
fn last_to_act(row: u16, speed: u8) -> LegendState {
    let mut s = two_check_points();
    s.cars[1].status = Status::Retired;
    place_on_road(&mut s, 0, row, 1, speed);
    only(&mut s, 0);
    s
}

#[test]
fn a_crossing_that_ends_the_stage_is_reported_over_the_line() {
    // "The Check Point line must be crossed at speed 2 or lower": two rows short at 2, the car
    // can cross this round. Its plan ends over the line at the Speed it crossed with, not on the
    // next stage's row 0 at Speed 0.
    let s = last_to_act(48, 2);
    let plans = s.plan_moves();
    let over: Vec<_> = plans.iter().filter(|p| p.finishes).collect();
    assert!(!over.is_empty(), "{plans:?}");
    assert!(over
        .iter()
        .all(|p| p.row == 49 && p.progress == 50 && !p.off_road));
    assert!(
        over.iter().any(|p| p.speed == 2),
        "within the limit: {over:?}"
    );
    assert!(
        plans.iter().all(|p| p.finishes || p.row >= 48),
        "no plan ends back on the stage's first rows: {plans:?}"
    );
}

#[test]
fn on_the_check_point_row_at_speed_1_the_crossing_is_offered_and_taken() {
    // The case of the issue: stopped short on the last row after braking at the line (decision
    // 42: one braking decision per line), Speed 1. Maintain crosses at 1, accelerate 1 at 2,
    // both within the limit; the planning driver crosses now rather than coast to 0 and cross
    // later from a standing start.
    let mut s = last_to_act(49, 1);
    s.cars[0].entry_done = Some(CHECK_POINT_LINE);
    let plans = s.plan_moves();
    let crossing = |first: &str, speed: u8| {
        plans
            .iter()
            .any(|p| p.finishes && p.speed == speed && p.decisions[0] == first)
    };
    assert!(crossing("maintain", 1), "{plans:?}");
    assert!(crossing("accelerate 1", 2), "{plans:?}");
    let coast = plans
        .iter()
        .find(|p| p.decisions == ["lift and coast"])
        .expect("lifting to 0 is a plan too");
    assert_eq!((coast.row, coast.speed, coast.finishes), (49, 0, false));
    let a = planned_action(&s).expect("the driver decides");
    let choice = s.action_to_string(a);
    assert!(
        choice == "maintain" || choice == "accelerate 1",
        "the planning driver chose {choice:?}"
    );
}

#[test]
fn a_roadside_stop_is_reported_off_the_road() {
    // "Roadside Repairs": the car stops off the road for the round. For the last car the next
    // round's activation would put it back on the road; the plan is the stop.
    let s = last_to_act(10, 4);
    let plans = s.plan_moves();
    let stop = plans
        .iter()
        .find(|p| p.decisions == ["roadside stop"])
        .expect("the stop is a plan");
    assert!(
        stop.off_road && stop.speed == 0 && !stop.finishes,
        "{stop:?}"
    );
    assert!(
        plans.iter().filter(|p| p.off_road).count() == 1,
        "only the stop ends off the road: {plans:?}"
    );
    // A sound car keeps driving: the planning driver does not stop.
    let a = planned_action(&s).expect("the driver decides");
    assert_ne!(s.action_to_string(a), "roadside stop");
}

#[test]
fn a_track_race_stop_to_cool_is_reported_off_the_road_for_the_last_car_too() {
    // "Stopping to cool": the same end for the last car of the round as for the first.
    let mut s = race(json!({"cars": [BUGATTI, ALFA]}));
    while !matches!(s.phase, autodromo_core::legend::Phase::Pace { .. }) {
        let first = labels(&s)[0].clone();
        act(&mut s, &first);
    }
    // The Bugatti leads, so it would be the first to act next round, back on the road.
    place(&mut s, 0, 8, 1, 4);
    place(&mut s, 1, 2, 1, 4);
    only(&mut s, 0);
    let stop = s
        .plan_moves()
        .into_iter()
        .find(|p| p.decisions == ["stop to cool"])
        .expect("the stop is a plan");
    assert!(stop.off_road && stop.speed == 0, "{stop:?}");
}

#[test]
fn the_last_cars_crossing_shows_its_finish_in_the_decisions_cost() {
    // A decision's cost (the view's `explained_actions`) ends where the activation ends too: the
    // last car's move over the line is a finish, within the Check Point's limit, at its Speed.
    let mut s = last_to_act(49, 1);
    s.cars[0].entry_done = Some(CHECK_POINT_LINE);
    act(&mut s, "maintain");
    let costs = s.explained_actions();
    let (_, label, cost) = costs
        .iter()
        .find(|(_, l, _)| l.starts_with("move to lane"))
        .expect("a move over the line");
    assert!(cost.contains("over the line: finish"), "{label}: {cost}");
    assert!(
        !cost.contains("speed") && !cost.contains("penalty"),
        "{label}: {cost}"
    );
}
