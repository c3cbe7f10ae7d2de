//! Mille Bornes: one test per row of the scoring table (shared/rules/README.md, canonical facts;
//! the Italian scan lost the table).

use crate::support::{count_of, Table, DULL};
use autodromo_core::mille_bornes::events::Event;
use autodromo_core::mille_bornes::scoring::HandScore;
use autodromo_core::mille_bornes::Phase;
use autodromo_core::State;
use serde_json::json;

/// Seat 0 plays a 100 on each of its turns (drawing 100s while the pile has any) until side 0
/// has `miles`; every other seat idles.
fn hundreds_until(t: &mut Table, miles: u16) {
    while t.miles(0) < miles {
        match t.phase() {
            Phase::Draw { seat: 0 } => {
                let drawn = if count_of(&t.core().deck, "100") > 0 {
                    "100"
                } else {
                    t.filler(&[])
                };
                t.draw(drawn);
                t.act("play 100");
            }
            Phase::Play { seat: 0 } => t.act("play 100"),
            _ => t.idle(),
        }
    }
}

/// Two players, one hand: seat 0 rolls and runs 10 × 100 to 1000. If `opponent_runs`, seat 1
/// rolls and plays a 25 on the way.
fn hundreds_to_1000(opponent_runs: bool) -> Table {
    let mut t = Table::dealt(
        json!({"players": 2, "score_to_win": 0}),
        &[
            &["Roll", "100", "100", "100", "100", "100"],
            &["Roll", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "100", "play Roll");
    if opponent_runs {
        t.turn(1, "50", "play Roll");
        t.turn(0, "100", "play 100");
        t.turn(1, "50", "play 25");
    }
    hundreds_until(&mut t, 1000);
    assert_eq!(t.phase(), Phase::GameOver);
    t
}

#[test]
fn miles_score_one_point_each_for_every_side() {
    let t = hundreds_to_1000(true);
    assert_eq!(t.row(0).miles, 1000);
    assert_eq!(t.row(1).miles, 25);
    assert_eq!(t.row(1).total(), 25, "the other side scores only its miles");
    assert_eq!(t.core().totals[1], 25);
}

#[test]
fn trip_complete_scores_400() {
    let t = hundreds_to_1000(true);
    assert_eq!(t.row(0).trip_complete, 400);
    assert_eq!(t.row(1).trip_complete, 0);
    let over = t
        .events()
        .into_iter()
        .find_map(|e| match e {
            Event::HandOver { completed_by, .. } => Some(completed_by),
            _ => None,
        })
        .expect("the hand is over");
    assert_eq!(over, Some(0));
}

#[test]
fn safe_trip_scores_300_without_200s() {
    let t = hundreds_to_1000(true);
    assert_eq!(t.side(0).twos, 0);
    assert_eq!(t.row(0).safe_trip, 300);
    assert_eq!(
        t.row(1).safe_trip,
        0,
        "only for the side that completed the trip"
    );
}

#[test]
fn shut_out_scores_500_when_every_opponent_has_no_miles() {
    let t = hundreds_to_1000(false);
    assert_eq!(t.row(0).shut_out, 500);
    assert_eq!(
        t.row(0),
        HandScore {
            miles: 1000,
            trip_complete: 400,
            safe_trip: 300,
            shut_out: 500,
            ..HandScore::default()
        }
    );
    assert_eq!(t.row(0).total(), 2200);
    assert_eq!(t.core().totals[0], 2200);
    assert_eq!(t.row(1), HandScore::default());
}

#[test]
fn no_shut_out_when_an_opponent_has_miles() {
    let t = hundreds_to_1000(true);
    assert_eq!(t.row(0).shut_out, 0);
    assert_eq!(t.row(0).total(), 1000 + 400 + 300);
}

#[test]
fn no_delayed_action_while_the_pile_has_cards() {
    let t = hundreds_to_1000(false);
    assert!(t.core().deck_len > 0);
    assert_eq!(t.row(0).delayed_action, 0);
}

#[test]
fn each_safety_scores_100_for_every_side() {
    let mut t = Table::dealt(
        json!({"players": 2, "score_to_win": 0}),
        &[
            &["Extra Tank", "Roll", "100", "100", "100", "100"],
            &["Puncture-Proof", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "100", "play Extra Tank");
    t.turn(0, "100", "play Roll");
    t.turn(1, "25", "play Puncture-Proof");
    t.idle();
    hundreds_until(&mut t, 1000);
    assert_eq!(t.row(0).safeties, 100);
    assert_eq!(t.row(0).all_four_safeties, 0);
    assert_eq!(
        t.row(1).safeties,
        100,
        "the side that lost scores its safety too"
    );
    assert_eq!(t.row(1).total(), 100);
}

#[test]
fn four_safeties_score_700_in_total() {
    let mut t = Table::dealt(
        json!({"players": 2, "score_to_win": 0}),
        &[
            &[
                "Driving Ace",
                "Extra Tank",
                "Puncture-Proof",
                "Right of Way",
                "100",
                "100",
            ],
            &DULL,
        ],
    );
    // Each safety gives another turn; Right of Way then lets the car run without a Roll.
    t.turn(0, "100", "play Driving Ace");
    t.turn(0, "100", "play Extra Tank");
    t.turn(0, "100", "play Puncture-Proof");
    t.turn(0, "100", "play Right of Way");
    t.turn(0, "100", "play 100");
    assert_eq!(t.phase(), Phase::Draw { seat: 1 });
    hundreds_until(&mut t, 1000);
    let row = t.row(0);
    assert_eq!(row.safeties, 400);
    assert_eq!(row.all_four_safeties, 300);
    assert_eq!(row.safeties + row.all_four_safeties, 700);
    assert_eq!(row.total(), 1000 + 700 + 400 + 300 + 500);
}

#[test]
fn coup_fourre_scores_300_on_top_of_the_safety() {
    let mut t = Table::dealt(
        json!({"players": 2, "score_to_win": 0}),
        &[
            &["Roll", "Right of Way", "100", "100", "100", "100"],
            &["Stop", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "100", "play Roll");
    t.turn(1, "25", "play Stop on player 1");
    t.act("coup fourre");
    t.draw("100");
    t.turn(0, "100", "play 100");
    hundreds_until(&mut t, 1000);
    let row = t.row(0);
    assert_eq!(row.safeties, 100);
    assert_eq!(row.coups_fourres, 300);
    assert_eq!(row.total(), 1000 + 100 + 300 + 400 + 300 + 500);
}

#[test]
fn delayed_action_scores_300_when_the_trip_ends_after_the_pile_ran_out() {
    let mut t = Table::dealt(
        json!({"players": 2, "score_to_win": 0}),
        &[&["Roll", "100", "100", "100", "100", "100"], &DULL],
    );
    t.turn(0, "100", "play Roll");
    hundreds_until(&mut t, 900);
    t.drain_pile(&["100"]);
    t.idle_until(0, &["100"]);
    assert_eq!(t.core().deck_len, 0);
    t.act("play 100");
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(
        t.row(0),
        HandScore {
            miles: 1000,
            trip_complete: 400,
            delayed_action: 300,
            safe_trip: 300,
            shut_out: 500,
            ..HandScore::default()
        }
    );
}

/// Seat 0 reaches 900, the pile runs out once and is rebuilt from the discards, then seat 0
/// finishes on its next turn.
fn finish_after_a_reshuffle(delayed_action_after_reshuffle: bool) -> Table {
    let mut t = Table::dealt(
        json!({"players": 2, "score_to_win": 0, "reshuffle_discards": true,
               "delayed_action_after_reshuffle": delayed_action_after_reshuffle}),
        &[&["Roll", "100", "100", "100", "100", "100"], &DULL],
    );
    t.turn(0, "100", "play Roll");
    hundreds_until(&mut t, 900);
    while !t.core().pile_ran_out {
        t.idle_keeping(&["100"]);
    }
    t.idle_until(0, &["100"]);
    assert_eq!(t.core().reshuffles, 1);
    assert!(t.core().deck_len > 0, "the discards became the new pile");
    let c = t.filler(&[]);
    t.draw(c);
    t.act("play 100");
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(t.row(0).trip_complete, 400);
    t
}

#[test]
fn delayed_action_after_a_reshuffle_by_default() {
    let t = finish_after_a_reshuffle(true);
    assert_eq!(t.row(0).delayed_action, 300);
}

#[test]
fn delayed_action_after_a_reshuffle_off_needs_an_empty_pile() {
    let t = finish_after_a_reshuffle(false);
    assert_eq!(t.row(0).delayed_action, 0);
}

// ---- extension ----------------------------------------------------------------------------

/// Two players racing to 700: seat 0 gets there with Roll, 200, 200, 100, 100, 100.
fn reach_700(options: serde_json::Value) -> Table {
    let mut t = Table::dealt(
        options,
        &[&["Roll", "200", "200", "100", "100", "100"], &DULL],
    );
    for label in ["play Roll", "play 200", "play 200", "play 100", "play 100"] {
        t.turn(0, "100", label);
        t.idle();
    }
    t.turn(0, "100", "play 100");
    assert_eq!(t.miles(0), 700);
    t
}

#[test]
fn extension_is_offered_on_reaching_exactly_700() {
    let mut t = reach_700(json!({"players": 2, "target": 700}));
    assert_eq!(t.phase(), Phase::Extension { seat: 0 });
    assert_eq!(
        t.state.legal_actions(),
        vec![t.action("extend to 1000"), t.action("stop at 700")]
    );
    t.refused("discard 25", "at exactly 700 miles: extend to 1000 or stop");
}

#[test]
fn no_extension_in_a_1000_mile_race() {
    let t = reach_700(json!({"players": 2}));
    assert_eq!(t.core().target, 1000);
    assert_eq!(t.phase(), Phase::Draw { seat: 1 });
}

#[test]
fn stopping_at_700_completes_the_trip() {
    let mut t = reach_700(json!({"players": 2, "target": 700, "score_to_win": 0}));
    t.act("stop at 700");
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(t.row(0).trip_complete, 400);
    assert_eq!(t.row(0).extension, 0);
    assert_eq!(t.row(1).extension, 0);
    assert_eq!(t.row(0).shut_out, 500);
}

#[test]
fn no_safe_trip_after_a_single_200() {
    let mut t = Table::dealt(
        json!({"players": 2, "target": 700, "score_to_win": 0}),
        &[&["Roll", "200", "100", "100", "100", "100"], &DULL],
    );
    t.turn(0, "100", "play Roll");
    t.idle();
    t.turn(0, "100", "play 200");
    hundreds_until(&mut t, 700);
    t.act("stop at 700");
    assert_eq!(t.side(0).twos, 1);
    assert_eq!(t.row(0).trip_complete, 400);
    assert_eq!(t.row(0).safe_trip, 0);
}

#[test]
fn extension_completed_scores_200_to_the_caller() {
    let mut t = reach_700(json!({"players": 2, "target": 700, "score_to_win": 0}));
    t.act("extend to 1000");
    assert_eq!(t.core().target, 1000);
    assert_eq!(t.core().extended_by, Some(0));
    assert_eq!(t.last_events(1), vec![Event::Extended { seat: 0 }]);
    assert_eq!(t.phase(), Phase::Draw { seat: 1 }, "the turn passes");
    hundreds_until(&mut t, 1000);
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(
        t.row(0),
        HandScore {
            miles: 1000,
            trip_complete: 400,
            shut_out: 500,
            extension: 200,
            ..HandScore::default()
        }
    );
    assert_eq!(t.row(1).extension, 0);
}

#[test]
fn failed_extension_scores_200_to_each_opponent_side() {
    // Three players racing to 700. Seat 0 extends at 700; seat 1 then runs to 1000 first.
    let mut t = Table::dealt(
        json!({"players": 3, "target": 700, "score_to_win": 0}),
        &[
            &["Roll", "100", "100", "100", "100", "100"],
            &["Roll", "200", "200", "75", "75", "50"],
            &DULL,
        ],
    );
    t.turn(0, "100", "play Roll");
    t.turn(1, "100", "play Roll");
    t.idle();
    t.turn(0, "100", "play 100");
    t.turn(1, "100", "play 200");
    t.idle();
    t.turn_any(0, "play 100");
    t.turn(1, "100", "play 200");
    t.idle();
    t.turn_any(0, "play 100");
    t.turn(1, "100", "play 75");
    t.idle();
    t.turn_any(0, "play 100");
    t.turn_any(1, "play 75");
    t.idle();
    t.turn_any(0, "play 100");
    t.turn_any(1, "play 50");
    t.idle();
    t.turn_any(0, "play 100");
    t.idle();
    t.idle();
    t.turn_any(0, "play 100");
    assert_eq!(t.phase(), Phase::Extension { seat: 0 });
    t.act("extend to 1000");
    t.turn_any(1, "play 100");
    assert_eq!(t.miles(1), 700);
    assert_eq!(
        t.phase(),
        Phase::Draw { seat: 2 },
        "after an extension nobody else may extend"
    );
    for _ in 0..3 {
        t.idle();
        t.idle();
        t.turn_any(1, "play 100");
    }
    assert_eq!(t.miles(1), 1000);
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(t.row(0).extension, 0);
    assert_eq!(t.row(0).trip_complete, 0, "the caller loses the trip bonus");
    assert_eq!(t.row(0).total(), 700);
    assert_eq!(t.row(1).extension, 200);
    assert_eq!(t.row(1).trip_complete, 400);
    assert_eq!(t.row(1).total(), 1000 + 400 + 200);
    assert_eq!(t.row(2).extension, 200);
    assert_eq!(t.row(2).total(), 200);
}

#[test]
fn failed_extension_when_the_hand_runs_dry() {
    let mut t = reach_700(json!({"players": 2, "target": 700, "score_to_win": 0}));
    t.act("extend to 1000");
    t.play_out_hand(&[]);
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(t.row(0).trip_complete, 0);
    assert_eq!(t.row(0).extension, 0);
    assert_eq!(t.row(0).total(), 700);
    assert_eq!(t.row(1).extension, 200);
    assert_eq!(t.row(1).total(), 200);
}

#[test]
fn a_hand_that_runs_dry_scores_only_miles_and_safeties() {
    let mut t = Table::dealt(
        json!({"players": 2}),
        &[
            &["Roll", "100", "50", "Extra Tank", "25", "75"],
            &["Roll", "25", "50", "50", "75", "75"],
        ],
    );
    t.turn(0, "100", "play Roll");
    t.turn(1, "25", "play Roll");
    t.turn(0, "100", "play 100");
    t.turn(1, "25", "play 25");
    t.turn(0, "100", "play Extra Tank");
    t.turn(0, "100", "play 50");
    t.play_out_hand(&[]);
    assert_eq!(t.core().hand_number, 2, "another hand is dealt");
    assert_eq!(
        t.row(0),
        HandScore {
            miles: 150,
            safeties: 100,
            ..HandScore::default()
        }
    );
    assert_eq!(
        t.row(1),
        HandScore {
            miles: 25,
            ..HandScore::default()
        }
    );
    assert_eq!(&t.core().totals[..2], &[250, 25]);
}
