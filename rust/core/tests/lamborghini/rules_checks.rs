//! Lamborghini rules tests: manoeuvre checks (the table, Crazy Murciélago), the Car Accident
//! direction table under each reading of its overlapping rows, the off-track penalty and the
//! damage table. Book: `shared/rules/lamborghini-official-race-game.en.txt`.

use crate::support::*;
use autodromo_core::lamborghini::actions::Dir;
use autodromo_core::lamborghini::state::{LamboState, Why};
use autodromo_core::lamborghini::Phase;
use autodromo_core::Player;
use serde_json::{json, Value};

/// Car 0 (speed +1, manoeuvre 0) has drawn a 10 on a yellow arrow: its check is the next draw,
/// with no penalty, so the check's value is the card drawn.
fn crazy_ten(options: Value) -> LamboState {
    let mut s = race(options, &[PLAIN, PLAIN, PLAIN]);
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 0,
            why: Why::Crazy(0)
        }
    );
    s
}

// ---- the Manoeuvre Check table -----------------------------------------------------------

/// "5, 6 or 7 | Accident = damage (see Car accident)"
#[test]
fn manoeuvre_check_5_to_7_is_an_accident_with_damage() {
    for v in [5, 6, 7] {
        let mut s = crazy_ten(json!({}));
        draw(&mut s, v);
        assert_eq!(s.murcs[0].damages, 1, "check {v}: a damage");
        assert_eq!(
            s.phase,
            Phase::DirectionDraw { car: 0 },
            "check {v}: the accident's direction is drawn at once"
        );
    }
}

/// Below 5 (a low card with penalties) is an accident too.
#[test]
fn manoeuvre_check_below_5_is_an_accident() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    only(&mut s, 0);
    draw_crazy(&mut s, 12); // −2
    draw(&mut s, 6); // 4
    assert_eq!(s.murcs[0].damages, 1);
}

/// "8 - 9 | Nothing occurs"
#[test]
fn manoeuvre_check_8_to_9_nothing_occurs() {
    for v in [8, 9] {
        let mut s = crazy_ten(json!({}));
        draw(&mut s, v);
        assert_eq!(s.murcs[0].damages, 0);
        assert_eq!(s.phase, Phase::Drive { car: 0 });
        assert_eq!(s.allowance(0), 10 + 1, "check {v}: no square more");
    }
}

/// "10 - 11 | +1 square movement"
#[test]
fn manoeuvre_check_10_to_11_gives_one_square() {
    for v in [10, 11] {
        let mut s = crazy_ten(json!({}));
        draw(&mut s, v);
        assert_eq!(s.murcs[0].damages, 0);
        assert_eq!(s.allowance(0), 10 + 1 + 1, "check {v}: +1 square");
    }
}

/// "12 or more | +1 square movement"; "the yellow, orange and red are not taken into account":
/// a 12 drawn for a check is a 12 and starts no check of its own.
#[test]
fn manoeuvre_check_12_or_more_gives_one_square_and_arrows_do_not_count() {
    let mut s = crazy_ten(json!({}));
    draw_crazy(&mut s, 12);
    assert_eq!(
        s.phase,
        Phase::Drive { car: 0 },
        "no new check for the arrow"
    );
    assert_eq!(s.turn.checks, 1);
    assert_eq!(s.allowance(0), 12);
    // 13 and more: car and driver manoeuvre +4.
    let mut s = race(
        json!({}),
        &[("murcielago_lp650_4_roadster", "benedetti"), PLAIN, PLAIN],
    );
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 11); // 15
    assert_eq!(s.allowance(0), 10 + 4 + 1);
}

/// "12 or more (in case of crashes and pushes, -1 to the manoeuvre check to the car that
/// suffers)" and Engagement: "the car that suffers the engagement decreases its manoeuvre check
/// by -1". With the attacker's check below 12 the car that suffers has the card's −1.
#[test]
fn engagement_costs_the_car_that_suffers_one() {
    for (drawn, damaged) in [(8, true), (9, false)] {
        let mut s = engagement_crash(true);
        draw(&mut s, 8); // 8 + 1 = 9: nothing
        assert_eq!(
            s.phase,
            Phase::Check {
                car: 1,
                why: Why::Engage {
                    attacker: false,
                    other: 0
                }
            }
        );
        draw(&mut s, drawn);
        assert_eq!(
            s.murcs[1].damages == 1,
            damaged,
            "{drawn} − 1 for the car that suffers"
        );
        assert_eq!(s.murcs[0].damages, 0);
    }
}

/// The check's value: "Speed card value + manoeuvre value of the car +/- manoeuvre value of the
/// driver - crazy Murcielago penalty (if any) + Manoeuvre/Technology card (if any)", and every
/// damage reduces the manoeuvre ability (−1, then −2).
#[test]
fn check_adds_car_and_driver_and_subtracts_damage_and_crazy_penalty() {
    let pair = ("murcielago_lp650_4_roadster", "benedetti"); // manoeuvre +2 +2
    let check = |damages: u8, arrow: u8, drawn: u8| {
        let mut s = race(json!({}), &[pair, PLAIN, PLAIN]);
        s.murcs[0].damages = damages;
        only(&mut s, 0);
        draw_crazy(&mut s, arrow);
        draw(&mut s, drawn);
        s.murcs[0].damages > damages
    };
    assert!(!check(0, 10, 5), "5 + 4 = 9");
    assert!(check(0, 10, 5) == check(1, 10, 6), "one damage costs one");
    assert!(!check(1, 10, 5), "5 + 4 − 1 = 8");
    assert!(check(2, 10, 5), "5 + 4 − 2 = 7: an accident");
    assert!(!check(0, 11, 5), "5 + 4 − 1 = 8");
    assert!(check(0, 12, 5), "5 + 4 − 2 = 7: an accident");
    assert!(!check(0, 12, 6), "6 + 4 − 2 = 8");
    // A driver's negative manoeuvre counts: Rossi −1 with the Roadster's 0.
    let mut s = race(json!({}), &[("murcielago_roadster", "rossi"), PLAIN, PLAIN]);
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 8);
    assert_eq!(s.murcs[0].damages, 1, "8 − 1 = 7");
}

// ---- Crazy Murciélago --------------------------------------------------------------------

/// "Speed cards with 10 on a yellow arrow, 11 on an orange arrow and 12 on a red arrow ... the
/// driver must verify the Manoeuvre by drawing a new Speed card ... 10: counted as normal; 11:
/// reduced of -1; 12: reduced of -2." The same 10s and 11s without an arrow need no check.
#[test]
fn crazy_murcielago_10_11_12_check_with_0_1_2_penalty() {
    for (arrow, safe, crash) in [(10, 8, 7), (11, 9, 8), (12, 10, 9)] {
        for (drawn, accident) in [(safe, false), (crash, true)] {
            let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
            only(&mut s, 0);
            draw_crazy(&mut s, arrow);
            assert_eq!(
                s.phase,
                Phase::Check {
                    car: 0,
                    why: Why::Crazy(arrow - 10)
                }
            );
            assert_eq!(s.turn.spent, 0, "the check comes before the move");
            draw(&mut s, drawn);
            assert_eq!(
                s.murcs[0].damages == 1,
                accident,
                "arrow {arrow}, drawn {drawn}"
            );
        }
    }
    for plain in [10, 11] {
        let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
        only(&mut s, 0);
        draw(&mut s, plain);
        assert_eq!(s.phase, Phase::Drive { car: 0 }, "{plain} without an arrow");
    }
}

// ---- the Car Accident direction table ----------------------------------------------------

/// An accident in the Crazy check, then the direction card `v` (car 0 in lane 1 of 3).
fn direction_after(table: &str, v: u8) -> LamboState {
    let mut s = crazy_ten(json!({ "accident_table": table }));
    draw(&mut s, 5);
    assert_eq!(s.phase, Phase::DirectionDraw { car: 0 });
    draw(&mut s, v);
    s
}

fn forced(table: &str, v: u8) -> Option<Dir> {
    let s = direction_after(table, v);
    assert_eq!(s.phase, Phase::Drive { car: 0 }, "{table} {v}: no choice");
    s.murcs[0].forced
}

/// "8 - 10 Diagonal to the right; 9 - 11 Diagonal to the left" (the rows overlap): the default
/// reading `split` gives 8–9 right, 10–11 left. "Direction is the first square of the movement."
#[test]
fn accident_direction_split_reading() {
    for (v, d) in [
        (8, Dir::Right),
        (9, Dir::Right),
        (10, Dir::Left),
        (11, Dir::Left),
    ] {
        assert_eq!(forced("split", v), Some(d), "split: {v}");
    }
    let s = direction_after("split", 8);
    assert_eq!(
        labels(&s),
        ["move right"],
        "the first square is the direction"
    );
    let mut s = direction_after("split", 10);
    assert_eq!(labels(&s), ["move left"]);
    act(&mut s, "move left");
    assert_eq!(s.murcs[0].forced, None, "only the first square");
    assert_eq!(labels(&s), ["move ahead", "move right"]);
}

/// `right_first`: the first printed row wins the overlap — 8–10 right, 11 left.
#[test]
fn accident_direction_right_first_reading() {
    for (v, d) in [
        (8, Dir::Right),
        (9, Dir::Right),
        (10, Dir::Right),
        (11, Dir::Left),
    ] {
        assert_eq!(forced("right_first", v), Some(d), "right_first: {v}");
    }
}

/// `left_first`: the second printed row wins the overlap — 8 right, 9–11 left.
#[test]
fn accident_direction_left_first_reading() {
    for (v, d) in [
        (8, Dir::Right),
        (9, Dir::Left),
        (10, Dir::Left),
        (11, Dir::Left),
    ] {
        assert_eq!(forced("left_first", v), Some(d), "left_first: {v}");
    }
}

/// "5, 6 or 7 | The player at the right chooses the car's direction" (our decision: the next
/// seat, owner + 1), under every reading.
#[test]
fn accident_direction_5_to_7_the_player_at_the_right_chooses() {
    for table in ["split", "right_first", "left_first"] {
        for v in [5, 6, 7] {
            let mut s = direction_after(table, v);
            assert_eq!(s.phase, Phase::Direction { car: 0, chooser: 1 });
            assert_eq!(s.current_player(), Player::Seat(1));
            assert_eq!(
                labels(&s),
                ["direction left", "direction ahead", "direction right"]
            );
            act(&mut s, "direction left");
            assert_eq!(s.murcs[0].forced, Some(Dir::Left));
            assert_eq!(s.phase, Phase::Drive { car: 0 });
        }
    }
    // The seat at the right of the last seat is the first.
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    only(&mut s, 2);
    draw_crazy(&mut s, 10);
    draw(&mut s, 5);
    draw(&mut s, 6);
    assert_eq!(s.phase, Phase::Direction { car: 2, chooser: 0 });
}

/// "12 | Free choice of the car's direction (ahead, right or left)": the car's own player.
#[test]
fn accident_direction_12_is_a_free_choice() {
    for table in ["split", "right_first", "left_first"] {
        let mut s = direction_after(table, 12);
        assert_eq!(s.phase, Phase::Direction { car: 0, chooser: 0 });
        assert_eq!(s.current_player(), Player::Seat(0));
        act(&mut s, "direction ahead");
        assert_eq!(labels(&s), ["move ahead"]);
    }
}

/// "If the first square is out of the track, the speed is reduced of –3 in that turn." Our
/// decision: the first square is then the one ahead.
#[test]
fn off_track_first_square_costs_three_squares() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 2); // the rightmost lane
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 5); // accident: 1 damage (−1)
    let before = s.allowance(0);
    draw(&mut s, 8); // split: diagonal right, off the track
    assert!(s.turn.off_track_penalty);
    assert_eq!(s.allowance(0), before - 3);
    assert_eq!(s.allowance(0), 10 + 1 - 1 - 3);
    assert_eq!(labels(&s), ["move ahead"]);
    // On the left edge, a left direction is off the track too.
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 0);
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 5);
    draw(&mut s, 10); // split: diagonal left
    assert_eq!(s.allowance(0), 10 + 1 - 1 - 3);
    // A direction on the track costs nothing.
    let s = direction_after("split", 8);
    assert!(!s.turn.off_track_penalty);
    assert_eq!(s.allowance(0), 10 + 1 - 1);
}

/// "must immediately draw a Speed card and see the direction the car takes in this (if the car
/// that crashes or pushes has not ended its moves) in the next turn": the car that suffers a
/// crash takes the direction with the first square of its next turn.
#[test]
fn accident_direction_of_the_car_hit_applies_to_its_next_turn() {
    let mut s = engagement_crash(false);
    draw(&mut s, 8); // attacker: 9, nothing
    draw(&mut s, 5); // car 1: 4, an accident
    assert_eq!(s.phase, Phase::DirectionDraw { car: 1 });
    draw(&mut s, 11); // split: diagonal left
    assert_eq!(s.murcs[1].forced, Some(Dir::Left));
    assert_eq!(s.phase, Phase::Drive { car: 0 }, "car 0 goes on");
    act(&mut s, "move left");
    moves(&mut s, "move ahead", 7);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 1 });
    draw(&mut s, 7);
    assert_eq!(labels(&s), ["move left"], "its first square");
}

// ---- damage ------------------------------------------------------------------------------

/// "1st | The speed and manoeuvre are reduced of -1"; "2nd | ... of -2" (our reading: −2 in all,
/// not −1 − 2).
#[test]
fn damage_1st_costs_one_2nd_costs_two_speed_and_manoeuvre() {
    for (damages, loss) in [(0, 0), (1, 1), (2, 2)] {
        let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
        s.murcs[0].damages = damages;
        only(&mut s, 0);
        draw(&mut s, 9);
        assert_eq!(s.allowance(0), 9 + 1 - loss, "{damages} damages: speed");
        // The manoeuvre: a check of 8 + loss is exactly 8 after the loss.
        let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
        s.murcs[0].damages = damages;
        only(&mut s, 0);
        draw_crazy(&mut s, 10);
        draw(&mut s, 8 + loss as u8);
        assert_eq!(s.murcs[0].damages, damages, "{damages}: 8 is safe");
        let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
        s.murcs[0].damages = damages;
        only(&mut s, 0);
        draw_crazy(&mut s, 10);
        draw(&mut s, 7 + loss as u8);
        assert_eq!(
            s.murcs[0].damages,
            damages + 1,
            "{damages}: 7 is an accident"
        );
    }
}

/// "3rd | The Murciélago suffers a permanent damage and goes on until it ends its movements ...
/// From the following turns, the speed is reduced of -1 each turn (-4, -5…) until the car
/// stops. The Murciélago is left on the track and is considered an obstacle."
#[test]
fn third_damage_is_permanent_the_car_slows_each_turn_then_stays_as_an_obstacle() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    s.murcs[0].damages = 2;
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 5); // the third damage
    assert_eq!(s.murcs[0].damages, 3);
    assert!(s.murcs[0].wrecked > 0);
    draw(&mut s, 9); // its direction: right
    let first = s.allowance(0);
    assert!(first > 0, "it goes on until it ends its movement");
    act(&mut s, "move right");
    moves(&mut s, "move ahead", first as usize - 1);
    // Each following turn: one square less for the same card.
    let mut last = first - 1; // what the turn of the damage would have given with a 9
    let mut turns = 0;
    loop {
        assert_eq!(s.phase, Phase::SpeedDraw { car: 0 });
        draw(&mut s, 9);
        let now = s.allowance(0);
        if s.murcs[0].stopped {
            break;
        }
        assert_eq!(now, last - 1, "−1 more each turn");
        last = now;
        let n = now as usize;
        moves(&mut s, "move ahead", n);
        turns += 1;
        assert!(turns < 12);
    }
    assert!(s.murcs[0].stopped, "the car stops");
    let wreck = s.murcs[0].cell;
    assert_eq!(s.murcs[0].finish, None);
    // It stays on the track as an obstacle.
    let behind = s.murcs[0].progress - 1;
    put(&mut s, 1, behind, wreck.lane);
    assert_eq!(s.occupied(wreck), Some(0));
    // Car 0 raced alone: its empty rounds ran to the turn cap and ended the race. Race on.
    s.round = 2;
    s.murcs[1].stopped = false;
    only(&mut s, 1);
    draw(&mut s, 7);
    assert!(!legal(&s, "move ahead"), "the wreck blocks its square");
}

/// "Every Murciélago can suffer a maximum of 2 damages in each turn." (The car's own turn.)
#[test]
fn at_most_two_damages_in_a_turn() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    (s.murcs[0].damage_round, s.murcs[0].damage_count) = (s.round, 2); // two damages this turn
    draw(&mut s, 5);
    assert_eq!(s.murcs[0].damages, 0, "no third damage this turn");
    assert_eq!(
        s.phase,
        Phase::DirectionDraw { car: 0 },
        "the accident still sends the car off"
    );
    // One damage so far: the second still counts.
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    (s.murcs[0].damage_round, s.murcs[0].damage_count) = (s.round, 1);
    draw(&mut s, 5);
    assert_eq!(s.murcs[0].damages, 1);
}

/// "10 - 11 | +1 square movement" (our decision: for the moving car only; the car hit in a crash
/// or push moves in its own turn and gains nothing).
#[test]
fn plus_one_square_only_for_the_moving_car() {
    let mut s = engagement_crash(false);
    draw(&mut s, 10); // 11: +1 square for car 0
    draw(&mut s, 12); // car 1: 11
    assert_eq!(s.allowance(0), 8 + 1);
    act(&mut s, "move left");
    moves(&mut s, "move ahead", 8);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 1 });
    draw(&mut s, 7);
    assert_eq!(s.allowance(1), 8, "nothing carried to the car hit's turn");
}

/// A broken invariant (a position file can carry one) names cars and seats as players do:
/// cars by their Car card, seats from 1, cards by their titles.
#[test]
fn a_broken_invariant_names_cars_and_seats_as_players_do() {
    use autodromo_core::lamborghini::invariants::check;
    let pairs = [
        PLAIN,
        ("murcielago", "ricci"),
        ("murcielago_lp640", "rossi"),
    ];
    let mut s = race(json!({}), &pairs);
    assert_eq!(check(&s), Ok(()));
    s.murcs[2].cell = s.murcs[1].cell;
    let err = check(&s).unwrap_err();
    assert!(
        err.starts_with("the Murciélago and the Murciélago LP 640 on one square"),
        "{err}"
    );
    put(&mut s, 2, 60, 1);
    s.hands[0].money = -1;
    assert_eq!(check(&s), Err("seat 1 has negative money".into()));
    s.hands[0].money = 0;
    let card = s.speed_deck[0];
    s.face_up.push(card);
    assert_eq!(
        check(&s),
        Err(format!("{} is in two places", s.card_title(card)))
    );
}
