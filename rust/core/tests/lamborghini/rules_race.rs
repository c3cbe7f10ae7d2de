//! Lamborghini rules tests: the race — speed, movement, the diagonal squeeze, a blocked road,
//! slipstreaming, turn order and the finish. Book: `shared/rules/lamborghini-official-race-game.en.txt`.

use crate::support::*;
use autodromo_core::lamborghini::state::Why;
use autodromo_core::lamborghini::Phase;
use autodromo_core::{Player, State};
use serde_json::json;

/// Speed +3 (car) +2 (driver) = +5, manoeuvre +1 (car) −1 (driver) = 0.
const FAST: (&str, &str) = ("murcielago_lp670_4_sv", "gallo");

// ---- the finish --------------------------------------------------------------------------

/// "Example, the green car is first and ends its move 7 squares after the finishing line. The
/// black car is second, but ends its move 10 squares after the finishing line. The black car is
/// the winner of the race."
#[test]
fn finish_example_black_wins_furthest_past_the_line() {
    const GREEN: usize = 0;
    const BLACK: usize = 1;
    let mut s = race(json!({}), &[PLAIN, FAST, PLAIN]);
    put(&mut s, GREEN, 81, 0); // one square before the line (one lap of 82 rows)
    put(&mut s, BLACK, 79, 2); // behind Green, in another lane
    put(&mut s, 2, 40, 1);
    s.murcs[2].stopped = true; // a wreck: the race ends when Green and Black are home
    in_order(&mut s, &[0, 1, 2]);
    // Green moves first: 7 + 1 = 8 squares, 7 past the line.
    draw(&mut s, 7);
    moves(&mut s, "move ahead", 8);
    assert!(
        s.murcs[GREEN].finish.is_some(),
        "Green is first across the line"
    );
    // Black: 8 + 5 = 13 squares, 10 past the line, in the same turn.
    draw(&mut s, 8);
    moves(&mut s, "move ahead", 13);
    assert_eq!(s.murcs[GREEN].finish.map(|f| f.past_line), Some(7));
    assert_eq!(s.murcs[BLACK].finish.map(|f| f.past_line), Some(10));
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.current_player(), Player::Terminal);
    let r = s.ranking();
    assert_eq!((r[BLACK], r[GREEN]), (0, 1), "Black wins, Green second");
    let ret = s.returns();
    assert_eq!(ret[BLACK], 1.0);
    assert!(ret[GREEN] < ret[BLACK]);
}

/// "The car who first crosses the finishing line and in the same turn is not overtaken by
/// another car is declared the winner": a car home a turn earlier wins, however far past the line
/// a later car ends.
#[test]
fn first_across_wins_when_not_overtaken_in_the_same_turn() {
    let mut s = race(json!({}), &[PLAIN, FAST, PLAIN]);
    put(&mut s, 0, 81, 0);
    put(&mut s, 1, 60, 2);
    s.murcs[2].stopped = true;
    in_order(&mut s, &[0, 1, 2]);
    draw(&mut s, 5); // 6 squares: 5 past the line
    moves(&mut s, "move ahead", 6);
    draw(&mut s, 8); // 13 squares: 73
    moves(&mut s, "move ahead", 13);
    assert_ne!(
        s.phase,
        Phase::Over,
        "the race goes on until every car is home"
    );
    // Turn 2: Black crosses 7 past the line, a turn too late.
    assert_eq!(s.phase, Phase::SpeedDraw { car: 1 });
    draw(&mut s, 11);
    moves(&mut s, "move ahead", 16);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.murcs[1].finish.map(|f| f.past_line), Some(7));
    assert_eq!(s.murcs[0].finish.map(|f| f.past_line), Some(5));
    assert_eq!(s.ranking()[0], 0, "Green, home a turn earlier, wins");
}

/// "A damaged Murciélago that crosses the finishing line can win as any other car."
#[test]
fn a_damaged_car_can_win() {
    let mut s = race(json!({}), &[PLAIN, FAST, PLAIN]);
    put(&mut s, 0, 81, 0);
    put(&mut s, 1, 79, 2);
    s.murcs[1].damages = 1;
    s.murcs[2].stopped = true;
    in_order(&mut s, &[0, 1, 2]);
    draw(&mut s, 7);
    moves(&mut s, "move ahead", 8);
    draw(&mut s, 8); // 8 + 5 − 1 = 12 squares: 9 past the line
    moves(&mut s, "move ahead", 12);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.murcs[1].finish.map(|f| f.past_line), Some(9));
    assert_eq!(s.ranking()[1], 0);
}

// ---- speed and movement ------------------------------------------------------------------

/// "Speed card value + Car card value + Driver card value + Tech & Maneuver card value
/// (eventual) = Murcielago speed"; "Players can choose to play maximum one card each turn".
#[test]
fn speed_is_speed_card_plus_car_plus_driver_plus_one_card() {
    let mut s = race(json!({}), &[("murcielago_lp640", "ferrante"), PLAIN, PLAIN]);
    give(&mut s, 0, "blue_engine_2");
    give(&mut s, 0, "skill_2");
    only(&mut s, 0);
    draw(&mut s, 7);
    assert_eq!(s.allowance(0), 7 + 2 + 2, "card + car + driver");
    act(&mut s, "play blue_engine_2");
    assert_eq!(s.allowance(0), 11 + 3, "+3 for the Blue Engine");
    refused(
        &mut s,
        "play skill_2",
        "one Technology or Manoeuvre card a turn",
    );
    moves(&mut s, "move ahead", 14);
    assert_eq!(s.murcs[0].progress, 20 + 14);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 }, "the turn is over");
}

/// "The total speed value is the total number of squares the Murciélago is moved on the track.
/// The Murciélago MUST use all of the movement. There are no ways to brake or slow down."
#[test]
fn all_the_movement_must_be_used() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    only(&mut s, 0);
    draw(&mut s, 7);
    for k in 0..8 {
        assert_eq!(s.phase, Phase::Drive { car: 0 });
        assert!(
            labels(&s).iter().all(|l| l.starts_with("move ")),
            "no way to stop early: {:?}",
            labels(&s)
        );
        assert_eq!(s.murcs[0].progress, 20 + k);
        act(&mut s, "move ahead");
    }
    assert_eq!(s.murcs[0].progress, 28);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 }, "8 squares, no more");
}

/// "The Murciélago move ahead or diagonally (through squares in touch), never sideways."
#[test]
fn cars_move_ahead_or_diagonally_never_sideways() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    only(&mut s, 0);
    draw(&mut s, 7);
    assert_eq!(
        labels(&s),
        ["move left", "move ahead", "move right"],
        "three squares in touch on the next row"
    );
    act(&mut s, "move left");
    assert_eq!(cell(&s, 0), (21, 0));
    assert_eq!(
        labels(&s),
        ["move ahead", "move right"],
        "no square left of lane 0"
    );
    act(&mut s, "move right");
    assert_eq!(cell(&s, 0), (22, 1));
    act(&mut s, "move ahead");
    assert_eq!(cell(&s, 0), (23, 1));
    assert_eq!(s.murcs[0].progress, 23, "every square is one row forward");
}

/// "The Murciélago can never go through or stop on occupied squares."
#[test]
fn never_through_or_onto_an_occupied_square() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 21, 1); // right ahead of car 0
    only(&mut s, 0);
    draw(&mut s, 7);
    assert!(!legal(&s, "move ahead"));
    refused(
        &mut s,
        "move ahead",
        "move ahead: the Murciélago Roadster is on that square",
    );
    act(&mut s, "move right");
    assert_ne!(cell(&s, 0), cell(&s, 1));
}

/// "If a Murciélago passes between 2 cars in diagonal, moving on the opposite diagonal, it must
/// risk a manoeuvre. The player draws a Speed card and sees the consequences."
#[test]
fn diagonal_squeeze_between_two_cars_needs_a_check() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 20, 2); // beside, on the right
    put(&mut s, 2, 21, 1); // ahead
    put(&mut s, 3, 60, 0);
    only(&mut s, 0);
    draw(&mut s, 7);
    act(&mut s, "move right"); // between car 1 and car 2
    assert_eq!(cell(&s, 0), (21, 2));
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 0,
            why: Why::Squeeze
        }
    );
    draw(&mut s, 8);
    assert_eq!(s.phase, Phase::Drive { car: 0 }, "8: nothing occurs");
    assert_eq!(s.murcs[0].damages, 0);
}

/// The opposite diagonal only: a diagonal move beside one car alone is no squeeze.
#[test]
fn a_diagonal_past_one_car_needs_no_check() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 20, 2);
    put(&mut s, 2, 21, 1);
    put(&mut s, 3, 60, 0);
    only(&mut s, 0);
    draw(&mut s, 7);
    act(&mut s, "move left"); // (20,0) is free: nothing to pass between
    assert_eq!(s.phase, Phase::Drive { car: 0 });
    assert_eq!(s.turn.checks, 0);
}

/// "If a Murciélago reaches completely occupied squares, it is forced to cause a crash":
/// the attacking car checks first, then the car it hits; "the attacking car is first and the
/// defending car is second".
#[test]
fn a_fully_blocked_width_forces_a_crash() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 21, 0);
    put(&mut s, 2, 21, 1);
    put(&mut s, 3, 21, 2);
    only(&mut s, 0);
    draw(&mut s, 7);
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 0,
            why: Why::Engage {
                attacker: true,
                other: 2
            }
        },
        "the whole width ahead is taken: a crash into the car ahead"
    );
    draw(&mut s, 9);
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 2,
            why: Why::Engage {
                attacker: false,
                other: 0
            }
        },
        "then the car that suffers the crash"
    );
    draw(&mut s, 11);
    // Our decision: after one check the blocked car ends its movement where it is.
    assert_eq!(cell(&s, 0), (20, 1));
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 }, "the turn is over");
}

/// "Every Murciélago is allowed 2 manoeuvre checks per turn. If the player uses them both, the car
/// can pass through occupied squares when the width of the route is completely occupied so
/// ending its movement." Our decision: to the first free square beyond, nearest its lane.
#[test]
fn two_checks_let_a_car_pass_through_a_blocked_width() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 21, 0);
    put(&mut s, 2, 21, 1);
    put(&mut s, 3, 21, 2);
    only(&mut s, 0);
    draw_crazy(&mut s, 10); // first check: Crazy Murciélago
    draw(&mut s, 8);
    assert_eq!(s.turn.checks, 1);
    // The forced crash is the second check.
    assert!(matches!(s.phase, Phase::Check { car: 0, .. }));
    draw(&mut s, 8);
    assert_eq!(s.turn.checks, 2);
    draw(&mut s, 11); // the car hit
    assert_eq!(cell(&s, 0), (22, 1), "through the blocked row");
    assert_eq!(s.murcs[0].progress, 22);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 }, "its movement ends");
}

/// "Every Murciélago is allowed 2 manoeuvre checks per turn. If the player uses them both, the car
/// can pass through occupied squares when the width of the route is completely occupied so
/// ending its movement": with two checks used, a blocked road forces no third check.
#[test]
fn never_a_third_check_a_blocked_road_after_two_checks_is_passed_through() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 0);
    put(&mut s, 1, 25, 0);
    put(&mut s, 2, 25, 1);
    put(&mut s, 3, 25, 2); // row 25 is full
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 8); // first check: Crazy Murciélago
    moves(&mut s, "move ahead", 4); // (24,0): right behind car 1, the side square taken
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 0,
            why: Why::Slipstream
        }
    );
    draw(&mut s, 8); // second check
    assert!(
        !matches!(s.phase, Phase::Check { .. }),
        "no third check: {:?}",
        s.phase
    );
    assert_eq!(cell(&s, 0), (26, 0), "through the full row");
    assert_eq!(s.murcs[0].progress, 26);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 }, "its movement ends");
}

/// Two checks used up: a Crazy check, then Fortune's new card with an arrow (the card of the
/// turn is played). Car 0 on (20,1), a car beside it on the right and one ahead.
fn two_checks_then_a_squeeze() -> autodromo_core::lamborghini::LamboState {
    let mut s = first_check_between_two("fortune_2");
    // With one check left, a crash or push may still be declared.
    assert_eq!(
        labels(&s),
        [
            "play fortune_2",
            "move left",
            "move right",
            "crash into the car ahead",
            "push the car right"
        ]
    );
    act(&mut s, "play fortune_2");
    draw_crazy(&mut s, 10);
    draw(&mut s, 9);
    assert_eq!(s.turn.checks, 2);
    s
}

/// The cap of two checks a turn: a squeeze, which would need a third, is not offered (our
/// decision: the diagonal is closed, as the book allows no third risk).
#[test]
fn no_squeeze_after_two_checks() {
    let mut s = two_checks_then_a_squeeze();
    assert_eq!(
        labels(&s),
        ["move left"],
        "the squeeze to the right is closed"
    );
    refused(
        &mut s,
        "move right",
        "move right: passing diagonally between two cars needs a manoeuvre check, and both of this turn's are used",
    );
}

/// The cap of two checks a turn: with the square beside the car reached taken, the slipstream
/// is lost rather than risked (our decision); the blocked road is then passed through.
#[test]
fn no_slipstream_risk_after_two_checks() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 0);
    put(&mut s, 1, 25, 0);
    put(&mut s, 2, 25, 1);
    put(&mut s, 3, 25, 2);
    give(&mut s, 0, "fortune_2");
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 8);
    act(&mut s, "play fortune_2");
    draw_crazy(&mut s, 10);
    draw(&mut s, 9);
    moves(&mut s, "move ahead", 4);
    assert!(!matches!(s.phase, Phase::Check { .. }), "{:?}", s.phase);
    assert_eq!(cell(&s, 0), (26, 0));
}

/// The cap of two checks a turn: no crash or push, which would be a third check.
#[test]
fn no_crash_or_push_after_two_checks() {
    let mut s = first_check_between_two("engagement_2");
    let mut one = s.clone();
    act(&mut s, "move right"); // the squeeze to (21,2)
    draw(&mut s, 8); // second check
    act(&mut s, "play engagement_2");
    assert!(
        !legal(&s, "push the car left"),
        "car 2 is beside, but no third check"
    );
    // With one check used, the same push is open.
    act(&mut one, "play engagement_2");
    assert!(legal(&one, "push the car right"));
}

// ---- slipstreaming -------------------------------------------------------------------------

/// "A Murciélago that reaches, with its movement, the square exactly behind another car, will
/// immediately enjoy the benefit of one free movement. The car is placed on one of the squares
/// beside the reached Murciélago and can continue its movement if it has movements left."
#[test]
fn slipstream_gives_one_free_square_beside_the_car_reached() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 0);
    put(&mut s, 1, 25, 0);
    only(&mut s, 0);
    draw(&mut s, 7); // 8 squares
    moves(&mut s, "move ahead", 4); // to 24, right behind car 1
    assert_eq!(cell(&s, 0), (25, 1), "beside the car reached");
    assert_eq!(s.murcs[0].progress, 25);
    assert_eq!(s.turn.spent, 4, "the slipstream square is free");
    moves(&mut s, "move ahead", 4);
    assert_eq!(s.murcs[0].progress, 29, "8 squares and the free one");
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 });
}

/// "one of the squares beside": with both free the player chooses.
#[test]
fn slipstream_lets_the_player_choose_a_side() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 25, 1);
    only(&mut s, 0);
    draw(&mut s, 7);
    moves(&mut s, "move ahead", 4);
    assert_eq!(s.phase, Phase::Slip { car: 0 });
    assert_eq!(labels(&s), ["slipstream left", "slipstream right"]);
    act(&mut s, "slipstream right");
    assert_eq!(cell(&s, 0), (25, 2));
    assert_eq!(s.phase, Phase::Drive { car: 0 });
}

/// "A car can benefit of the slipstreaming only once per movement."
#[test]
fn slipstream_only_once_per_move() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 0);
    put(&mut s, 1, 25, 0);
    put(&mut s, 2, 28, 1);
    only(&mut s, 0);
    draw(&mut s, 7);
    moves(&mut s, "move ahead", 4); // slipstream to (25,1)
    assert_eq!(cell(&s, 0), (25, 1));
    moves(&mut s, "move ahead", 2); // (27,1): right behind car 2
    assert_eq!(cell(&s, 0), (27, 1), "no second free square");
    assert_eq!(s.phase, Phase::Drive { car: 0 });
    assert_eq!(s.murcs[0].progress, 27);
}

/// "Should the square be occupied, the Murciélago must run a risk."
#[test]
fn slipstream_with_the_square_beside_taken_is_a_risk() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 0);
    put(&mut s, 1, 25, 0);
    put(&mut s, 2, 25, 1);
    only(&mut s, 0);
    draw(&mut s, 7);
    moves(&mut s, "move ahead", 4);
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 0,
            why: Why::Slipstream
        }
    );
    draw(&mut s, 5); // an accident
    assert_eq!(s.murcs[0].damages, 1);
    // Our decision: the risk gives no free square; the car stays behind.
    assert_eq!(cell(&s, 0), (24, 0));
}

/// The Slipstreaming card: "The slipstreaming effect is increased by +1 square (sure it allows
/// overtaking)". Our decision: the car lands on the square right in front of the car reached.
#[test]
fn slipstreaming_card_adds_a_square_and_overtakes() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 25, 1);
    give(&mut s, 0, "slipstreaming_2");
    only(&mut s, 0);
    draw(&mut s, 7);
    act(&mut s, "play slipstreaming_2");
    moves(&mut s, "move ahead", 4);
    assert_eq!(s.murcs[0].progress, 24 + 2, "two free squares");
    assert!(
        s.murcs[0].progress > s.murcs[1].progress,
        "overtakes the car reached"
    );
    assert_eq!(cell(&s, 0), (26, 1));
    assert_eq!(s.turn.spent, 4);
}

// ---- turn order ------------------------------------------------------------------------------

/// "From the second turn, the turn order is determined by the ranking position of the cars ...
/// If a Murciélago reaches another car, the first to move is the one who was first in the
/// previous turn."
#[test]
fn turn_order_by_position_ties_keep_the_previous_order() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 30, 0);
    put(&mut s, 1, 30, 2); // level with car 0
    put(&mut s, 2, 40, 1);
    s.order = vec![0, 1, 2];
    s.next = 3; // every car has moved: the round is over
    s.settle();
    assert_eq!(s.round, 2);
    assert_eq!(s.order, [2, 0, 1], "car 0 was before car 1 last turn");
    assert_eq!(
        s.phase,
        Phase::SpeedDraw { car: 2 },
        "the leader moves first"
    );
    s.order = vec![1, 0, 2];
    s.next = 3;
    s.phase = Phase::Flow;
    s.settle();
    assert_eq!(s.order, [2, 1, 0], "now car 1 was first: it stays first");
}

/// A finished car leaves the track (our decision): it is no obstacle to the cars still running.
#[test]
fn a_finished_car_is_no_obstacle() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 84, 1); // finished: row 2 of the next lap
    s.murcs[0].finish = Some(finished(1, 2, 0));
    put(&mut s, 1, 80, 1);
    only(&mut s, 1);
    draw(&mut s, 7);
    moves(&mut s, "move ahead", 8);
    assert_eq!(
        s.murcs[1].progress, 88,
        "straight through the finished car's square"
    );
}

/// Our decision for the short game with two Murciélagos each: a player places as its best car.
#[test]
fn two_players_place_as_their_best_car() {
    let mut s = race(json!({"players": 2}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    // Seat 0 has cars 0 and 2, seat 1 cars 1 and 3. Car 3 wins, car 0 second.
    s.murcs[3].finish = Some(finished(5, 6, 0));
    s.murcs[0].finish = Some(finished(5, 2, 1));
    s.murcs[2].finish = Some(finished(6, 9, 0));
    s.murcs[1].finish = Some(finished(6, 1, 1));
    s.phase = Phase::Over;
    assert_eq!(s.returns(), [0.0, 1.0]);
    assert_eq!(State::ranking(&s), [1, 0]);
    s.murcs[0].finish = Some(finished(5, 8, 1)); // now car 0 is the furthest past the line
    assert_eq!(s.returns(), [1.0, 0.0]);
}
