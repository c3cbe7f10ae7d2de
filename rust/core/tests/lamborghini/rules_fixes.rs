use crate::support::*;
use autodromo_core::lamborghini::state::Why;
use autodromo_core::lamborghini::Phase;
use autodromo_core::State;
use serde_json::json;

/// Manoeuvre Check table: "12 or more | +1 square movement (in case of crashes and pushes, -1 to
/// the manoeuvre check to the car that suffers)", on top of the Engagement card's own "the car
/// that suffers the engagement decreases its manoeuvre check by -1".
/// Engine: the car hit always gets exactly −1, whatever the attacker's result.
#[test]
fn attacker_12_or_more_costs_the_car_hit_one_more() {
    let mut s = engagement_crash(true);
    draw(&mut s, 11); // 11 + 1 = 12: "12 or more"
    assert!(matches!(s.phase, Phase::Check { car: 1, .. }));
    draw(&mut s, 9); // 9 − 1 (Engagement) − 1 (attacker's 12+) = 7: an accident
    assert_eq!(s.murcs[1].damages, 1, "the car hit must check at 7");
}

/// A blocked road forces a crash without an Engagement card: the car hit loses 1 only if the
/// attacker's check is 12 or more (the table's last row). Engine: always −1.
#[test]
fn forced_crash_below_12_costs_the_car_hit_nothing() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 21, 0);
    put(&mut s, 2, 21, 1);
    put(&mut s, 3, 21, 2);
    only(&mut s, 0);
    draw(&mut s, 7);
    assert!(matches!(
        s.phase,
        Phase::Check {
            why: Why::Engage { attacker: true, .. },
            ..
        }
    ));
    draw(&mut s, 9); // attacker: 9, nothing
    draw(&mut s, 8); // car hit: 8, no Engagement card, no 12+: nothing occurs
    assert_eq!(s.murcs[2].damages, 0, "8 is 'nothing occurs'");
}

/// "If the first square is out of the track, the speed is reduced of –3 in that turn": for a car
/// hit in another car's turn, the first square is that of its next turn. Engine: the penalty is
/// set only for the moving car's current turn, so the car hit loses nothing.
#[test]
fn off_track_direction_of_a_car_hit_costs_three_in_its_next_turn() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 2);
    put(&mut s, 1, 21, 2); // on the right edge
    give(&mut s, 0, "engagement_1");
    in_order(&mut s, &[0, 1]);
    draw(&mut s, 7);
    act(&mut s, "play engagement_1");
    act(&mut s, "crash into the car ahead");
    draw(&mut s, 8); // attacker 9: nothing
    draw(&mut s, 5); // car 1: an accident
    draw(&mut s, 8); // split: diagonal right, off the track
    act(&mut s, "move left");
    moves(&mut s, "move ahead", 7);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 1 });
    draw(&mut s, 9);
    assert_eq!(
        s.allowance(1),
        9 + 1 - 1 - 3,
        "card + car − 1 damage − 3 off the track"
    );
}

/// The same for a moving car whose accident comes with the last square of its movement: the
/// direction is for "the next turn", and so is the −3.
#[test]
fn off_track_direction_after_the_last_square_costs_three_next_turn() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 1);
    put(&mut s, 1, 20, 2);
    put(&mut s, 2, 21, 1);
    only(&mut s, 0);
    draw(&mut s, 5);
    s.turn.bonus = -5; // 5 + 1 − 5: one square, the squeeze
    act(&mut s, "move right"); // the squeeze, with the last square
    draw(&mut s, 5); // accident
    draw(&mut s, 8); // split: right, off the track (lane 2 is the edge)
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 }, "the turn is over");
    draw(&mut s, 9);
    assert_eq!(s.allowance(0), 9 + 1 - 1 - 3);
}

/// Damage table, 3rd: "The car suffers a -3 speed reduction in that turn. From the following
/// turns, the speed is reduced of -1 each turn (-4, -5…) until the car stops." Engine: the −2 of
/// the first two damages stays on top, so −5 that turn, then −6, −7.
#[test]
fn third_damage_costs_three_that_turn_then_four_then_five() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    s.murcs[0].damages = 2;
    put(&mut s, 1, 60, 0);
    put(&mut s, 2, 70, 0);
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 5); // the third damage
    draw(&mut s, 9); // right
    assert_eq!(s.allowance(0), 10 + 1 - 3, "−3 in that turn");
    let n = s.allowance(0) as usize;
    act(&mut s, "move right");
    moves(&mut s, "move ahead", n - 1);
    draw(&mut s, 9);
    assert_eq!(s.allowance(0), 9 + 1 - 4, "−4 the next turn");
    let n = s.allowance(0) as usize;
    moves(&mut s, "move ahead", n);
    draw(&mut s, 9);
    assert_eq!(s.allowance(0), 9 + 1 - 5, "then −5");
}

/// Slipstreaming: "will immediately enjoy the benefit of one free movement. The car is placed on
/// one of the squares beside the reached Murciélago and can continue its movement if it has
/// movements left." Engine: no slipstream when the square behind is reached with the last square.
#[test]
fn slipstream_also_with_the_last_square() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 0);
    put(&mut s, 1, 29, 0);
    only(&mut s, 0);
    draw(&mut s, 7); // 8 squares: the last one reaches (28,0), right behind car 1
    moves(&mut s, "move ahead", 8);
    assert_eq!(s.murcs[0].progress, 29, "the free square beside car 1");
    assert_eq!(cell(&s, 0), (29, 1));
}

/// Aerodynamics: "the car must not change lane during that turn." Engine: the slipstream still
/// moves the car to the next lane (and a slipstream's lane change does not bar a later
/// Aerodynamics card either).
#[test]
fn aerodynamics_allows_no_lane_change_by_slipstream() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 0, 20, 0);
    put(&mut s, 1, 25, 0);
    give(&mut s, 0, "blue_aerodynamics_1");
    only(&mut s, 0);
    draw(&mut s, 5);
    act(&mut s, "play blue_aerodynamics_1");
    moves(&mut s, "move ahead", 4);
    assert_eq!(s.murcs[0].cell.lane, 0, "no lane change that turn");
}

/// Team: "The driver chooses to repair damage and/or increase by +1 the manoeuvre check." Engine:
/// one or the other, never both.
#[test]
fn team_may_repair_and_add_one_to_the_check() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    s.murcs[0].damages = 1;
    give(&mut s, 0, "red_team_1");
    only(&mut s, 0);
    draw(&mut s, 7);
    act(&mut s, "play red_team_1");
    act(&mut s, "team: repair a damage");
    assert_eq!(s.murcs[0].damages, 0);
    assert_eq!(s.turn.check_bonus, 1, "and +1 to the check");
}

/// "Manoeuvre checks for: high speed, crashes and pushes ... + Manoeuvre/Technology card (if
/// any)"; "During his turn, a player is free to decide when to play the cards." Engine: a Crazy
/// Murciélago's check is drawn at once, before any card can be played for it.
#[test]
fn a_card_may_be_played_for_the_crazy_murcielago_check() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    give(&mut s, 0, "manoeuvre_1");
    only(&mut s, 0);
    let card = speed_card(&s, 12, true);
    act(&mut s, &format!("draw {card}"));
    assert!(
        legal(&s, "play manoeuvre_1"),
        "the +2 for the high-speed check"
    );
}

/// "The Murciélago move ahead or diagonally (through squares in touch)"; the pass-through after
/// two checks is for "when the width of the route is completely occupied". Engine: a car whose
/// three squares ahead are blocked while the row still has a free square two lanes away is put
/// on that square, two lanes across in one move.
#[test]
fn pass_through_never_jumps_two_lanes_when_the_width_is_not_full() {
    let mut s = race(json!({"players": 5}), &[PLAIN, PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 20, 2);
    put(&mut s, 2, 21, 1);
    put(&mut s, 3, 22, 1);
    put(&mut s, 4, 22, 2); // row 22: lane 0 is free, but not in touch with (21,2)
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 8); // first check
    act(&mut s, "move right"); // the squeeze to (21,2)
    draw(&mut s, 8); // second check
    let (row, lane) = cell(&s, 0);
    assert!(
        !(row == 22 && lane == 0),
        "from (21,2) to (22,0) is not a square in touch"
    );
}

/// "Players secretly decide the amount of money they want to bet ... Then, they simultaneously
/// reveal their bet." Engine: the bid is taken from the money at once, and every view shows every
/// seat's money (and the events list every bid's label), so the next bidders see it.
#[test]
fn a_sealed_bid_does_not_show_in_the_money_or_the_events() {
    let mut s = game(json!({"players": 3, "long": true}));
    act(&mut s, "bid 5000$");
    let v = s.view(Some(1));
    assert_eq!(v["players"][0]["money"], 60_000, "{}", v["players"][0]);
    let events = s.events(Some(1));
    assert!(
        events.iter().all(|e| e.get("amount").is_none()),
        "{events:?}"
    );
}

/// Engagement: "The car willingly crashes or pushes an opponent's car". Engine: with 2 players a
/// car may crash into its own team mate.
#[test]
fn engagement_only_against_an_opponent() {
    let mut s = race(json!({"players": 2}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 2, 21, 1); // car 2: seat 0's other car
    give(&mut s, 0, "engagement_1");
    only(&mut s, 0);
    draw(&mut s, 7);
    act(&mut s, "play engagement_1");
    assert!(!legal(&s, "crash into the car ahead"), "its own car");
}

/// "Every Murciélago can suffer a maximum of 2 damages in each turn." With "turn" as the book uses
/// it for rounds ("From the second turn, the turn order is determined by the ranking"), a car
/// damaged twice in its own move is not damaged a third time by a crash later in the round.
/// Engine: the cap counts only the moving car's damages in its own move (ambiguous reading).
#[test]
fn at_most_two_damages_in_a_round_also_for_a_car_hit() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 20, 1);
    put(&mut s, 3, 20, 2);
    put(&mut s, 2, 21, 1);
    put(&mut s, 0, 60, 0);
    give(&mut s, 0, "engagement_1");
    in_order(&mut s, &[1, 0]);
    draw_crazy(&mut s, 10);
    draw(&mut s, 5); // damage 1
    draw(&mut s, 8); // right
    act(&mut s, "move right"); // squeeze between car 3 and car 2
    draw(&mut s, 5); // damage 2
    draw(&mut s, 8); // right: off the track, ahead instead
    let n = (s.allowance(1) - i32::from(s.turn.spent)) as usize;
    moves(&mut s, "move ahead", n);
    assert_eq!(s.murcs[1].damages, 2);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 });
    let behind = s.murcs[1].progress - 1;
    put(&mut s, 0, behind, 2);
    draw(&mut s, 5);
    act(&mut s, "play engagement_1");
    act(&mut s, "crash into the car ahead");
    draw(&mut s, 8);
    draw(&mut s, 5); // car 1: an accident, in the same round
    assert_eq!(s.murcs[1].damages, 2, "no third damage this round");
}

/// "Every Murciélago is allowed 2 manoeuvre checks per turn." Engine: after a Crazy check and a
/// squeeze check, Fortune's new Speed card with an arrow starts a third check.
#[test]
fn fortune_after_two_checks_starts_no_third_check() {
    let mut s = first_check_between_two("fortune_2");
    act(&mut s, "move right"); // squeeze
    draw(&mut s, 8); // second check
    act(&mut s, "play fortune_2");
    draw_crazy(&mut s, 11);
    assert!(
        !matches!(s.phase, Phase::Check { .. }),
        "a third check: {:?}",
        s.phase
    );
}

/// "decide for a number of races: from 1 up to 2 races run on each track". Engine (work tree):
/// `races` up to 6 without `circuits` runs them all on the one `circuit`.
#[test]
fn no_more_than_two_races_on_one_track() {
    use autodromo_core::lamborghini::LamboOptions;
    assert!(
        LamboOptions::from_json(&json!({"long": true, "races": 3})).is_err(),
        "three races on sant_agata"
    );
}

/// Brakes: "The card prevents a number of damages as shown on the card (depending on the
/// Technology). The card must be played before the damage"; "During his turn, a player is free to
/// decide when to play the cards." Engine: waiting for a Crazy Murciélago check only Set-up, Team
/// or Manoeuvre may be played, so that check's damage can never be braked.
#[test]
fn brakes_may_be_played_before_a_crazy_murcielago_check() {
    let crazy_12 = |card: &str| {
        let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
        give(&mut s, 0, card);
        only(&mut s, 0);
        let c = speed_card(&s, 12, true);
        act(&mut s, &format!("draw {c}"));
        assert_eq!(s.phase, Phase::CheckPrep { car: 0 });
        s
    };
    let mut s = crazy_12("red_brakes_1");
    assert!(legal(&s, "play red_brakes_1"), "{:?}", labels(&s));
    act(&mut s, "play red_brakes_1");
    assert_eq!(
        s.phase,
        Phase::CheckPrep { car: 0 },
        "the check still waits"
    );
    act(&mut s, "take the check");
    draw(&mut s, 9); // 9 − 2 (red arrow) = 7: an accident
    assert_eq!(s.murcs[0].damages, 0, "the Brakes prevent its damage");
    // Control: without Brakes the same check costs a damage.
    let mut s = crazy_12("red_engine_1");
    act(&mut s, "take the check");
    draw(&mut s, 9);
    assert_eq!(s.murcs[0].damages, 1);
    // Control: a card that neither changes the check nor prevents its damage waits for the move.
    let mut s = crazy_12("red_engine_1");
    assert_eq!(labels(&s), ["take the check"]);
    refused(
        &mut s,
        "play red_engine_1",
        "Engine (Red): before a Crazy Murciélago check only Set-up, Team, Manoeuvre or Brakes",
    );
}

/// "The car who first crosses the finishing line and in the same turn is not overtaken by another
/// car is declared the winner": two cars crossing in the same turn and ending level past the line
/// are not overtaken by one another, so the one that crossed first wins. Engine: ranked by car
/// index, though the finish records keep the crossing order.
#[test]
fn a_level_finish_goes_to_the_car_that_crossed_first() {
    // Car 1 moves first this turn and ends 7 past the line; car 0 (`past`) after it.
    let finish = |past: u8| {
        let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
        put(&mut s, 1, 81, 2);
        put(&mut s, 0, 79, 0);
        s.murcs[2].stopped = true;
        in_order(&mut s, &[1, 0, 2]);
        draw(&mut s, 7); // 8 squares: 7 past the line
        moves(&mut s, "move ahead", 8);
        draw(&mut s, 2 + past); // 3 + past squares
        moves(&mut s, "move ahead", usize::from(3 + past));
        assert_eq!(s.phase, Phase::Over);
        s
    };
    let s = finish(7);
    assert_eq!(s.murcs[0].finish.map(|f| f.past_line), Some(7));
    assert_eq!(s.murcs[1].finish.map(|f| f.past_line), Some(7));
    assert_eq!(s.ranking()[1], 0, "level: car 1 crossed first and wins");
    assert_eq!(s.ranking()[0], 1);
    assert!(s.returns()[1] > s.returns()[0]);
    // Control: further past the line in the same turn is overtaking.
    let s = finish(8);
    assert_eq!(s.ranking()[0], 0, "8 past the line overtakes 7");
}

/// "If a player places his Murciélago: behind an opponent's car and declares a crash, a crash
/// occurs; beside an opponent's car and declares a push, a push occurs." The Engagement card
/// "willingly crashes or pushes an opponent's car (see rule)" and adds its +1 and −1. Engine: no
/// crash or push without an Engagement card.
#[test]
fn any_player_may_declare_a_crash_the_engagement_card_adds_its_one() {
    let behind = |card: Option<&str>| {
        let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
        put(&mut s, 1, 21, 1); // ahead
        put(&mut s, 2, 20, 2); // beside, on the right
        if let Some(c) = card {
            give(&mut s, 0, c);
        }
        only(&mut s, 0);
        draw(&mut s, 7);
        if let Some(c) = card {
            act(&mut s, &format!("play {c}"));
        }
        s
    };
    let mut s = behind(None);
    assert!(legal(&s, "crash into the car ahead"), "{:?}", labels(&s));
    assert!(legal(&s, "push the car right"));
    assert!(!legal(&s, "push the car left"), "nobody on the left");
    act(&mut s, "crash into the car ahead");
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 0,
            why: Why::Engage {
                attacker: true,
                other: 1
            }
        }
    );
    draw(&mut s, 7); // 7 and no card: an accident for the car that declared
    assert_eq!(s.murcs[0].damages, 1);
    draw(&mut s, 8); // the car hit: 8, nothing occurs without the card's −1
    assert_eq!(s.murcs[1].damages, 0);
    // Once a turn: the declaration is made.
    while s.phase != (Phase::Drive { car: 0 }) {
        draw(&mut s, 8); // the accident's direction: diagonal to the right
        if let Phase::Direction { .. } = s.phase {
            act(&mut s, "direction ahead");
        }
    }
    assert!(!legal(&s, "push the car right"));
    refused(
        &mut s,
        "push the car right",
        "one crash or push a turn, and this turn's is declared",
    );
    // With the Engagement card: +1 for the car that engages, −1 for the car hit.
    let mut s = behind(Some("engagement_1"));
    act(&mut s, "crash into the car ahead");
    draw(&mut s, 7); // 7 + 1 = 8: nothing
    assert_eq!(s.murcs[0].damages, 0);
    draw(&mut s, 8); // 8 − 1 = 7: an accident
    assert_eq!(s.murcs[1].damages, 1);
    // Control: a team mate is no opponent (2 players: cars 0 and 2 are seat 0's).
    let mut s = race(json!({"players": 2}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 2, 21, 1);
    only(&mut s, 0);
    draw(&mut s, 7);
    assert!(!legal(&s, "crash into the car ahead"), "its own car");
    refused(
        &mut s,
        "crash into the car ahead",
        "crash: no opponent's car on the square right ahead",
    );
}

/// "the Driver and Car cards have a price printed on them: each player has to pay the printed
/// amount of money in order to buy them"; "be sure to have enough money later to buy your Car and
/// Driver cards!". Engine: a player short of money may still buy, and pays what it has.
#[test]
fn no_car_or_driver_without_its_price() {
    let mut s = long_draft(&["rossi", "murcielago_lp640", "skill_1"]);
    // Exactly the price: bought, nothing left.
    let mut exact = s.clone();
    exact.hands[0].money = 10_000;
    act(&mut exact, "pick rossi");
    assert_eq!(exact.hands[0].money, 0);
    assert_eq!(exact.murcs[0].driver, Some(id("rossi")));
    // One dollar short: refused with the card and the money, and not offered.
    s.hands[0].money = 9_999;
    assert!(!legal(&s, "pick rossi"), "{:?}", labels(&s));
    refused(
        &mut s,
        "pick rossi",
        "Marco Rossi costs 10000$ and you have 9999$",
    );
    assert!(legal(&s, "pick skill_1"), "Manoeuvre cards are free");
}

/// Our decision where the book is silent: "be sure to have enough money later to buy your Car and
/// Driver cards!" gives no remedy for a player who cannot pay any Car (Driver) card left, face up
/// or in its deck. Such a player takes the cheapest one face up for all it has, so every
/// Murciélago gets its car and driver and the draft ends.
#[test]
fn a_player_who_can_pay_no_driver_left_takes_the_cheapest_for_all_it_has() {
    let mut s = long_draft(&["rossi", "castelli", "skill_1"]);
    s.hands[0].money = 4_000; // the cheapest driver, Nino Fabbri, costs 5000$
    assert!(legal(&s, "pick rossi"), "{:?}", labels(&s));
    refused(
        &mut s,
        "pick castelli",
        "Luigi Castelli costs 14000$ and you have 4000$; no Driver card left is within your money, so you may take the cheapest face up (Marco Rossi) for all you have",
    );
    act(&mut s, "pick rossi");
    assert_eq!(s.hands[0].money, 0);
    assert_eq!(s.murcs[0].driver, Some(id("rossi")));
}
