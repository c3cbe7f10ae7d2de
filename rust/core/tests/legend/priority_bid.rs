//! The optional rule of "Movement": "Starting from the last of the tied cars, players may contest
//! the moving order by bidding 1 Temperature step. If the direct competitor refuses to match the
//! bid, they lose priority. If they accept and also bid 1 Temperature step, the moving order
//! remains unchanged."

use crate::support::*;
use autodromo_core::legend::{LegendState, Phase};
use serde_json::json;

/// Two cars side by side on the start straight at the same Speed, at the start of round 6.
fn tied(option: bool) -> LegendState {
    let mut s = race(
        json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"],
                            "qualifying": false, "choose_split": false, "priority_bid": option}),
    );
    act(&mut s, "d6 3");
    place(&mut s, 0, 5, 0, 4);
    place(&mut s, 1, 5, 2, 4);
    s.round = 5;
    s.start_round();
    s.phase = Phase::Flow;
    s.settle();
    s
}

#[test]
fn the_last_of_the_tied_cars_may_bid_for_priority() {
    let s = tied(true);
    // Lane 0 is inside the left-hand B turn: car 0 moves first, car 1 may contest.
    assert_eq!(s.order, vec![0, 1]);
    assert_eq!(s.phase, Phase::PriorityBid { car: 1 });
    assert_eq!(
        labels(&s),
        vec!["bid a temperature step for priority", "no bid"]
    );
}

#[test]
fn a_refused_bid_loses_priority() {
    let mut s = tied(true);
    act(&mut s, "bid a temperature step for priority");
    assert_eq!(s.cars[1].temperature, 1);
    assert_eq!(s.phase, Phase::PriorityReply { car: 0 });
    act(&mut s, "concede priority");
    assert_eq!(s.order, vec![1, 0]);
    assert_eq!(s.cars[0].temperature, 0);
    assert_eq!(
        s.phase,
        Phase::Pace { car: 1 },
        "the bidder now moves first"
    );
}

#[test]
fn a_matched_bid_keeps_the_order_and_costs_both_a_step() {
    let mut s = tied(true);
    act(&mut s, "bid a temperature step for priority");
    act(&mut s, "match the bid");
    assert_eq!(s.order, vec![0, 1]);
    assert_eq!((s.cars[0].temperature, s.cars[1].temperature), (1, 1));
    assert_eq!(s.phase, Phase::Pace { car: 0 });
}

#[test]
fn no_bid_keeps_the_order_for_free() {
    let mut s = tied(true);
    act(&mut s, "no bid");
    assert_eq!(s.phase, Phase::Pace { car: 0 });
    assert_eq!((s.cars[0].temperature, s.cars[1].temperature), (0, 0));
}

#[test]
fn without_the_option_or_a_tie_there_is_no_bid() {
    let s = tied(false);
    assert_eq!(s.phase, Phase::Pace { car: 0 });
    let mut s = race(
        json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300"],
                            "qualifying": false, "choose_split": false, "priority_bid": true}),
    );
    act(&mut s, "d6 3");
    place(&mut s, 0, 6, 0, 4);
    place(&mut s, 1, 5, 2, 4);
    s.round = 5;
    s.start_round();
    s.phase = Phase::Flow;
    s.settle();
    assert_eq!(
        s.phase,
        Phase::Pace { car: 0 },
        "one car ahead: no tie to contest"
    );
    refused(
        &mut s,
        "bid a temperature step for priority",
        "priority bid",
    );
}
