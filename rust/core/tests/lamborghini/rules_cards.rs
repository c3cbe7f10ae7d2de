//! Lamborghini rules tests: the Technology cards of each supplier and the Manoeuvre cards, played
//! in the race. Book: `shared/rules/lamborghini-official-race-game.en.txt`, "The Cards".

use crate::support::*;
use autodromo_core::lamborghini::content::{Kind, Supplier, Tech};
use autodromo_core::lamborghini::state::{LamboState, Why};
use autodromo_core::lamborghini::Phase;
use serde_json::json;

/// Car 0 has drawn `drawn` (no arrow) and may play `card`.
fn with_card(card: &str, drawn: u8) -> LamboState {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    give(&mut s, 0, card);
    only(&mut s, 0);
    draw(&mut s, drawn);
    s
}

/// Four cars: car 0 on (20,1) with a car beside it on the right (20,2), one ahead (21,1) and one
/// on (22,2): moving right squeezes between the first two, then left between the last two.
fn two_squeezes(card: Option<&str>) -> LamboState {
    squeezes_with(PLAIN, card)
}

fn squeezes_with(pair: (&str, &str), card: Option<&str>) -> LamboState {
    let mut s = race(json!({"players": 4}), &[pair, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 20, 2);
    put(&mut s, 2, 21, 1);
    put(&mut s, 3, 22, 2);
    if let Some(c) = card {
        give(&mut s, 0, c);
    }
    only(&mut s, 0);
    draw(&mut s, 8);
    s
}

// ---- Technology ------------------------------------------------------------------------------

/// "There are 3 Technology cards suppliers: Blue, Yellow and Red. The Blue Technology is the
/// best, the Yellow is the second best and the Red one is the worst." Each card does what its
/// number says, and no Red card beats its Yellow or Blue kin.
#[test]
fn technology_effects_depend_on_the_supplier() {
    let cards = content().cards.clone();
    let mut best: Vec<(Supplier, Tech, u8)> = Vec::new();
    for (i, c) in cards.iter().enumerate() {
        let Kind::Tech(supplier, kind) = c.kind else {
            continue;
        };
        let mut s = with_card(&c.id, 7);
        let before = s.allowance(0);
        act(&mut s, &format!("play {}", c.id));
        match kind {
            Tech::Aerodynamics | Tech::Engine => {
                assert_eq!(s.allowance(0), before + i32::from(c.value), "{}", c.id)
            }
            Tech::Brakes => assert_eq!(s.turn.shield, c.value, "{}", c.id),
            Tech::Setup => assert_eq!(i32::from(s.turn.check_bonus), i32::from(c.value)),
            Tech::Tyres | Tech::PetrolTank => {
                assert_eq!(s.allowance(0), before + 1, "{}", c.id);
                assert_eq!(s.murcs[0].boost_turns, c.value, "{}", c.id);
            }
            Tech::Team => assert_eq!(s.phase, Phase::Team { car: 0 }),
        }
        assert!(!s.hands[0].cards.contains(&(i as u16)));
        best.push((supplier, kind, c.value));
    }
    for &(s, k, v) in &best {
        for &(s2, k2, v2) in &best {
            if k == k2 && s > s2 {
                assert!(v >= v2, "{s:?} {k:?} {v} is worse than {s2:?} {v2}");
            }
        }
    }
    // The book's ranges: Aerodynamics +3 or +4, Engine +2 or +3, Tyres/Petrol tank 2 or 3 turns,
    // Set up +1, +2, +3.
    for &(_, k, v) in &best {
        let range = match k {
            Tech::Aerodynamics => 3..=4,
            Tech::Engine | Tech::Tyres | Tech::PetrolTank => 2..=3,
            Tech::Setup | Tech::Brakes => 1..=3,
            Tech::Team => 1..=1,
        };
        assert!(range.contains(&v), "{k:?} {v}");
    }
}

/// Aerodynamics: "The speed is increased by +3 or +4 squares (depending on the Technology), but
/// the car must not change lane during that turn."
#[test]
fn aerodynamics_adds_speed_and_forbids_changing_lane() {
    let mut s = with_card("blue_aerodynamics_1", 7);
    act(&mut s, "play blue_aerodynamics_1");
    assert_eq!(s.allowance(0), 8 + 4);
    assert_eq!(labels(&s), ["move ahead"]);
    refused(
        &mut s,
        "move left",
        "Aerodynamics was played: no lane change this turn",
    );
    moves(&mut s, "move ahead", 12);
    assert_eq!(s.murcs[0].progress, 32);
    let mut s = with_card("red_aerodynamics_2", 7);
    act(&mut s, "play red_aerodynamics_2");
    assert_eq!(s.allowance(0), 8 + 3, "Red: +3");
    // Once the car has changed lane, the card can no longer be played this turn.
    let mut s = with_card("red_aerodynamics_2", 7);
    act(&mut s, "move right");
    refused(
        &mut s,
        "play red_aerodynamics_2",
        "Aerodynamics (Red): the car has changed lane this turn",
    );
}

/// Engine: "The speed is increased by +2 or +3 (depending on the Technology)."
#[test]
fn engine_adds_two_or_three_squares() {
    for (card, plus) in [
        ("red_engine_1", 2),
        ("yellow_engine_1", 3),
        ("blue_engine_2", 3),
    ] {
        let mut s = with_card(card, 7);
        act(&mut s, &format!("play {card}"));
        assert_eq!(s.allowance(0), 8 + plus, "{card}");
    }
}

/// Brakes: "The card prevents a number of damages as shown on the card (depending on the
/// Technology). The card must be played before the damage."
#[test]
fn brakes_prevent_as_many_damages_as_the_card_shows() {
    // Red Brakes prevents one: the first accident costs nothing, the second a damage.
    let mut s = two_squeezes(Some("red_brakes_2"));
    act(&mut s, "play red_brakes_2");
    act(&mut s, "move right");
    draw(&mut s, 5);
    assert_eq!(s.murcs[0].damages, 0, "prevented");
    assert_eq!(s.phase, Phase::DirectionDraw { car: 0 });
    draw(&mut s, 10); // diagonal left
    act(&mut s, "move left");
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 0,
            why: Why::Squeeze
        }
    );
    draw(&mut s, 5);
    assert_eq!(s.murcs[0].damages, 1, "one damage prevented, not two");
    // Yellow Brakes prevents two.
    let mut s = two_squeezes(Some("yellow_brakes_2"));
    act(&mut s, "play yellow_brakes_2");
    act(&mut s, "move right");
    draw(&mut s, 5);
    draw(&mut s, 10);
    act(&mut s, "move left");
    draw(&mut s, 5);
    assert_eq!(s.murcs[0].damages, 0);
    // Played after a damage, it does not take that damage back.
    let mut s = two_squeezes(Some("blue_brakes_1"));
    act(&mut s, "move right");
    draw(&mut s, 5);
    draw(&mut s, 10);
    assert_eq!(s.murcs[0].damages, 1);
    act(&mut s, "play blue_brakes_1");
    assert_eq!(s.murcs[0].damages, 1);
    act(&mut s, "move left");
    draw(&mut s, 5);
    assert_eq!(s.murcs[0].damages, 1, "the later damage is prevented");
}

/// Set up: "The manoeuvre check is increased by +1, +2, +3 (depending on the Technology)."
#[test]
fn setup_adds_one_two_or_three_to_the_check() {
    // Driver Rossi: manoeuvre −1, so the check is the card drawn − 1 + the Set up.
    for (card, plus) in [
        ("red_setup_1", 1),
        ("yellow_setup_1", 2),
        ("blue_setup_1", 3),
    ] {
        for (drawn, accident) in [(9 - plus, false), (8 - plus, true)] {
            let mut s = squeezes_with(("murcielago_roadster", "rossi"), Some(card));
            act(&mut s, &format!("play {card}"));
            act(&mut s, "move right");
            draw(&mut s, drawn);
            assert_eq!(
                s.murcs[0].damages == 1,
                accident,
                "{card}: {drawn} − 1 + {plus}"
            );
        }
    }
}

/// Tyres and Petrol tank: "The speed is increased by +1 for 2 or 3 following turns (depending on
/// the Technology). During these turns another card can be played, but it must not affect the
/// speed." Our reading: the turn it is played is the first of them.
#[test]
fn tyres_and_petrol_tank_add_one_square_over_turns_and_bar_other_speed_cards() {
    for (card, turns) in [
        ("blue_tyres_1", 3),
        ("red_tyres_2", 2),
        ("yellow_petrol_tank_2", 3),
        ("red_petrol_tank_2", 2),
    ] {
        let mut s = with_card(card, 7);
        give(&mut s, 0, "blue_engine_2");
        give(&mut s, 0, "skill_2");
        give(&mut s, 0, "blue_setup_1");
        act(&mut s, &format!("play {card}"));
        for turn in 1..=turns + 1 {
            let boosted = turn <= turns;
            assert_eq!(
                s.allowance(0),
                8 + i32::from(boosted),
                "{card}, turn {turn}"
            );
            if turn > 1 {
                assert_eq!(
                    legal(&s, "play blue_engine_2"),
                    !boosted,
                    "{card}, turn {turn}: Engine"
                );
                assert_eq!(legal(&s, "play skill_2"), !boosted, "{card}: Skill");
                assert!(
                    legal(&s, "play blue_setup_1"),
                    "{card}: Set up is no speed card"
                );
                if boosted {
                    refused(&mut s, "play blue_engine_2", "no other speed card");
                }
            }
            let n = s.allowance(0) as usize;
            moves(&mut s, "move ahead", n);
            draw(&mut s, 7);
        }
    }
}

/// Team: "The driver chooses to repair damage and/or increase by +1 the manoeuvre check."
#[test]
fn team_repairs_a_damage_or_adds_one_to_the_check() {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    s.murcs[0].damages = 2;
    give(&mut s, 0, "red_team_1");
    only(&mut s, 0);
    draw(&mut s, 7);
    assert_eq!(s.allowance(0), 8 - 2);
    act(&mut s, "play red_team_1");
    assert_eq!(s.phase, Phase::Team { car: 0 });
    assert_eq!(
        labels(&s),
        ["team: repair a damage", "team: +1 to the check"]
    );
    act(&mut s, "team: repair a damage");
    assert_eq!(s.murcs[0].damages, 1);
    assert_eq!(
        s.allowance(0),
        8 - 1,
        "the speed comes back with the repair"
    );
    // Undamaged: +1 to the check, which turns a 7 into an 8.
    let mut s = two_squeezes(Some("blue_team_1"));
    act(&mut s, "play blue_team_1");
    assert_eq!(labels(&s), ["team: +1 to the check"]);
    act(&mut s, "team: +1 to the check");
    act(&mut s, "move right");
    draw(&mut s, 7);
    assert_eq!(s.murcs[0].damages, 0);
}

// ---- Manoeuvre cards -------------------------------------------------------------------------

/// Skill: "The speed is increased by +3 squares. However, the total movement must not be more
/// than 12 squares."
#[test]
fn skill_adds_three_up_to_twelve_squares() {
    for (drawn, total) in [(7, 11), (8, 12), (10, 12)] {
        let mut s = with_card("skill_2", drawn);
        act(&mut s, "play skill_2");
        assert_eq!(s.allowance(0), total, "{drawn} + 1");
    }
}

/// Fast car: "The speed is increased by +4 squares. However, the total movement must not be more
/// than 14 squares."
#[test]
fn fast_car_adds_four_up_to_fourteen_squares() {
    for (drawn, total) in [(8, 13), (9, 14), (11, 14)] {
        let mut s = with_card("fast_car_1", drawn);
        act(&mut s, "play fast_car_1");
        assert_eq!(s.allowance(0), total, "{drawn} + 1");
    }
}

/// Four cars; car 0 at `place` (1 = first).
fn in_place(place: usize, card: &str) -> LamboState {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    let others = [60, 50, 40];
    put(&mut s, 0, 20, 1);
    for (k, car) in (1..4).enumerate() {
        let ahead = k + 1 < place;
        put(
            &mut s,
            car,
            if ahead { others[k] } else { 10 - k as i32 * 3 },
            0,
        );
    }
    give(&mut s, 0, card);
    only(&mut s, 0);
    draw(&mut s, 7);
    s
}

/// Winning: "Benefit of +2 speed squares if the car is 2nd or 3rd."
#[test]
fn winning_only_when_second_or_third() {
    for (place, ok) in [(1, false), (2, true), (3, true), (4, false)] {
        let mut s = in_place(place, "winning_2");
        assert_eq!(legal(&s, "play winning_2"), ok, "place {place}");
        if ok {
            act(&mut s, "play winning_2");
            assert_eq!(s.allowance(0), 8 + 2);
        } else {
            refused(
                &mut s,
                "play winning_2",
                &format!("Winning: only when the car is 2nd or 3rd; it is {place}"),
            );
        }
    }
}

/// Will: "Benefit of +3 speed squares if the car is last. Benefit of +2 speed squares if the car
/// is 2nd last."
#[test]
fn will_three_when_last_two_when_second_last() {
    for (place, plus) in [(4, Some(3)), (3, Some(2)), (2, None), (1, None)] {
        let mut s = in_place(place, "will_1");
        match plus {
            Some(p) => {
                act(&mut s, "play will_1");
                assert_eq!(s.allowance(0), 8 + p, "place {place}");
            }
            None => refused(
                &mut s,
                "play will_1",
                &format!("Will: only when the car is last or 2nd last; it is {place}"),
            ),
        }
    }
}

/// Fortune: "It allows drawing a new Speed card replacing it with the previous one."
#[test]
fn fortune_draws_a_new_speed_card_in_place_of_the_first() {
    let mut s = with_card("fortune_2", 5);
    assert_eq!(s.allowance(0), 6);
    act(&mut s, "play fortune_2");
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 });
    draw(&mut s, 11);
    assert_eq!(s.allowance(0), 12, "the new card replaces the old");
    // A new card with an arrow is a Crazy Murciélago.
    let mut s = with_card("fortune_3", 5);
    act(&mut s, "play fortune_3");
    draw_crazy(&mut s, 11);
    assert!(matches!(
        s.phase,
        Phase::Check {
            why: Why::Crazy(1),
            ..
        }
    ));
}

/// Hazard: "It allows passing through two cars in diagonal without a risk of manoeuvre."
#[test]
fn hazard_passes_between_two_cars_without_a_check() {
    let mut s = two_squeezes(Some("hazard_1"));
    act(&mut s, "play hazard_1");
    act(&mut s, "move right");
    assert_eq!(s.phase, Phase::Drive { car: 0 });
    act(&mut s, "move left");
    assert_eq!(
        s.phase,
        Phase::Drive { car: 0 },
        "every squeeze of the turn"
    );
    assert_eq!(s.turn.checks, 0);
}

/// Manoeuvre: "The manoeuvre check is increased by +2."
#[test]
fn manoeuvre_card_adds_two_to_the_check() {
    for (drawn, accident) in [(6, false), (5, true)] {
        let mut s = two_squeezes(Some("manoeuvre_1"));
        act(&mut s, "play manoeuvre_1");
        act(&mut s, "move right");
        draw(&mut s, drawn);
        assert_eq!(s.murcs[0].damages == 1, accident, "{drawn} + 2");
    }
}

/// Engagement: "The car willingly crashes or pushes an opponent's car (see rule). The car that
/// engages increases its manoeuvre check by +1"; "behind an opponent's car and declares a crash,
/// a crash occurs; beside an opponent's car and declares a push, a push occurs. Both the cars
/// must check ... the attacking car is first and the defending car is second."
#[test]
fn engagement_crashes_the_car_ahead_or_pushes_the_car_beside() {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 21, 1); // ahead
    put(&mut s, 2, 20, 2); // beside, right
    give(&mut s, 0, "engagement_2");
    only(&mut s, 0);
    draw(&mut s, 7);
    act(&mut s, "play engagement_2");
    assert!(legal(&s, "crash into the car ahead"));
    assert!(legal(&s, "push the car right"));
    assert!(!legal(&s, "push the car left"), "nobody on the left");
    act(&mut s, "push the car right");
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 0,
            why: Why::Engage {
                attacker: true,
                other: 2
            }
        }
    );
    draw(&mut s, 7); // 7 + 1 = 8: nothing
    assert_eq!(s.murcs[0].damages, 0, "+1 for the car that engages");
    assert_eq!(
        s.phase,
        Phase::Check {
            car: 2,
            why: Why::Engage {
                attacker: false,
                other: 0
            }
        }
    );
    draw(&mut s, 9); // 9 − 1 = 8: nothing
    assert_eq!(s.murcs[2].damages, 0);
    assert_eq!(s.phase, Phase::Drive { car: 0 });
    assert!(
        !legal(&s, "crash into the car ahead"),
        "one crash or push a turn"
    );
}

/// "The cards lose their effect as soon as they are played ... The Tech and Manoeuvre must be
/// discarded if you are playing a Short game" (our decision: out of the game, not into the
/// Speed deck); "If you are playing a Long game, the Tech and Manoeuvre played cards are turned
/// face down near to the player; they cannot be used for that race".
#[test]
fn played_cards_leave_the_short_game_and_lie_face_down_in_the_long_game() {
    let mut s = with_card("red_engine_1", 7);
    act(&mut s, "play red_engine_1");
    let c = id("red_engine_1");
    assert!(!s.hands[0].cards.contains(&c));
    assert!(!s.hands[0].face_down.contains(&c));
    assert!(!s.speed_deck.contains(&c) && !s.speed_discard.contains(&c));
    let mut s = race(json!({"long": true}), &[PLAIN, PLAIN, PLAIN]);
    give(&mut s, 0, "red_engine_1");
    only(&mut s, 0);
    draw(&mut s, 7);
    act(&mut s, "play red_engine_1");
    assert!(!s.hands[0].cards.contains(&c), "not for this race");
    assert_eq!(s.hands[0].face_down, [c]);
}

/// "During his turn, a player is free to decide when to play the cards."
#[test]
fn a_card_may_be_played_at_any_point_of_the_turn() {
    let mut s = with_card("blue_engine_2", 7);
    moves(&mut s, "move ahead", 5);
    act(&mut s, "play blue_engine_2");
    assert_eq!(s.allowance(0), 11);
    moves(&mut s, "move ahead", 6);
    assert_eq!(s.murcs[0].progress, 31);
    assert_eq!(s.phase, Phase::SpeedDraw { car: 0 });
}

/// Our decision while the 2-player linking of cards to a car is not implemented: one hand serves
/// both of a player's Murciélagos (cars 0 and 2 for seat 0).
#[test]
fn two_players_each_car_plays_the_cards_linked_to_it() {
    // "they link a certain numbers of the Tech and Manoeuvre cards in their hands to each
    // Murciélago": car 2 (seat 0's second car) plays only its own.
    let mut s = race(json!({"players": 2}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    give(&mut s, 0, "red_engine_1");
    give(&mut s, 2, "red_engine_2");
    only(&mut s, 2);
    draw(&mut s, 7);
    assert!(!legal(&s, "play red_engine_1"), "linked to the other car");
    act(&mut s, "play red_engine_2");
    assert_eq!(s.allowance(2), 10);
    assert_eq!(s.murcs[0].hand, [id("red_engine_1")]);
    assert!(s.murcs[2].hand.is_empty());
}
