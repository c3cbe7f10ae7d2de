//! Track Cards' icons and Discard Powers (Mais Sobre Track Cards, R110–R111): the combination
//! icon, the duel power, the late-braking power. Lago: T5 (corner 2, [4], combination icon), T2
//! (corner 1, [4], duel power), T17 (corner 6, late-braking power).

use crate::support::*;
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::Game;
use serde_json::json;

fn lago(powers: bool) -> F90State {
    book_race(json!({"track": "lago", "players": 1, "robots": {}, "track_powers": powers}))
}

#[test]
fn track_powers_are_on_by_default() {
    assert_eq!(
        advanced_game(json!({})).options_json()["track_powers"],
        json!(true)
    );
}

#[test]
fn formula90_example_the_combination_icon_pairs_with_any_card() {
    // W29: "Blue plays [4] + [2] (Track Card ... com o ícone de combinação): 6 MP".
    for powers in [true, false] {
        let mut s = lago(powers);
        layout(&mut s, &[(4, &["Blue"])], 2);
        hand(&mut s, "Blue", &["T5", "32"]);
        target(&mut s, "Blue", "99");
        s.start_turn_at(5);
        act(&mut s, "drive");
        draw(&mut s, "50");
        let pair = labels(&s).iter().any(|l| l.starts_with("play 32 + T5"));
        assert_eq!(pair, powers, "{:?}", labels(&s));
        if !powers {
            refused(&mut s, "play 32 + T5", "Pairs");
        }
    }
}

#[test]
fn formula90_example_the_duel_power_doubles_in_its_own_corner() {
    // "Duelo: ... seu PM dobra em um duelo na sua própria curva (valor normal em outras)".
    let mut s = lago(true);
    let t2 = card(&s, "T2");
    s.duel.section = 3; // Curva Prima, corner 1
    assert_eq!(s.duel_mp(t2), 8);
    s.duel.section = 6; // Tornante, corner 2
    assert_eq!(s.duel_mp(t2), 4);
    let s = lago(false);
    let mut s2 = s.clone();
    s2.duel.section = 3;
    assert_eq!(s2.duel_mp(t2), 4);
}

#[test]
fn formula90_example_the_late_braking_power_passes_a_late_brake() {
    // W30: "descarta uma Track Card [5] com o poder LB: passa automaticamente".
    let mut s = lago(true);
    layout(&mut s, &[(1, &["Blue"])], 2);
    hand(&mut s, "Blue", &["T17", "32"]);
    target(&mut s, "Blue", "10");
    s.start_turn_at(5);
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 50");
    settle(&mut s);
    // 1 MP: into the braking zone of Curva Prima (section 3).
    assert!(matches!(s.phase, Phase::LateBrake { .. }), "{:?}", s.phase);
    refused(
        &mut s,
        "late brake with 32's power",
        "no late-braking Discard Power",
    );
    act(&mut s, "late brake with T17's power");
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).section, 3, "into Curva Prima, no test");
    assert!(s.track_discard.contains(card(&s, "T17")));
    let mut s = lago(false);
    layout(&mut s, &[(1, &["Blue"])], 2);
    hand(&mut s, "Blue", &["T17", "32"]);
    s.start_turn_at(5);
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 50");
    settle(&mut s);
    assert!(!has(&s, "late brake with T17's power"));
}

fn corner_race(powers: bool) -> F90State {
    book_race(json!({"track": "lago", "players": 3, "robots": {}, "track_powers": powers}))
}

#[test]
fn formula90_example_the_minus_one_icon_passes_one_corner_as_a_straight() {
    // W29: "a carta [2] tem o símbolo -1 e o carro Azul mostra que vai usá-la para chegar na
    // Curva Priorado (Curva 6). Assim ele gasta 1 PM para entrar na curva, 1 PM para ultrapassar
    // o Superfast". Lago T14 (corner 5, Variante, sections 17-18 from 0, [4]) has the icon:
    // Blue from 15 enters 16 and 17, passes Orange in the corner for 1 MP, ends in 18; without
    // the module it stops behind Orange.
    for (powers, section) in [(true, 18), (false, 17)] {
        let mut s = corner_race(powers);
        layout(
            &mut s,
            &[(17, &["Orange"]), (15, &["Blue"]), (2, &["Green"])],
            2,
        );
        hand(&mut s, "Blue", &["T14", "50"]);
        target(&mut s, "Blue", "99");
        s.start_turn_at(5);
        only(&mut s, &["Blue"]);
        s.resume();
        run_turn(&mut s, "Blue", "play T14");
        assert_eq!(section_of(&s, "Blue"), section, "powers {powers}");
    }
}

#[test]
fn the_minus_one_icon_serves_one_corner_only() {
    // "... em qualquer curva à sua escolha (mas apenas UMA delas)": spent on Curva del Bosco
    // (corner 4, section 14) passing Orange, it does not pass Green in the Variante (17): Blue
    // stops there with a point left. T14 [4] + 8 [1] + the red +2 trajectory of section 12: 7 MP.
    let mut s = corner_race(true);
    layout(
        &mut s,
        &[(17, &["Green"]), (14, &["Orange"]), (12, &["Blue"])],
        2,
    );
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].trajectory = Some(0);
    hand(&mut s, "Blue", &["T14", "8", "50"]);
    target(&mut s, "Blue", "99");
    s.start_turn_at(5);
    only(&mut s, &["Blue"]);
    s.resume();
    run_turn(&mut s, "Blue", "play 8 + T14 on the trajectory");
    assert_eq!(section_of(&s, "Blue"), 17);
    assert_eq!(queue(&s, 17), ["Green", "Blue"]);
    assert_eq!(queue(&s, 14), ["Orange"]);
}
