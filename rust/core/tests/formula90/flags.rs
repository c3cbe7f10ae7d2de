//! The flags module (D.4 Eventos, Bandeiras): yellow flags in corner queues, green flags,
//! blue and orange pawns, and their discard at a new Race Stage. The book track: section 10
//! is the corner Stowe (9 its braking zone, LB -10), 13 is Abbey.

use crate::support::*;
use autodromo_core::formula90::rules::{human_pass, Pass, PassCase, Relation};
use autodromo_core::formula90::track::Kind;
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::{Game, State};
use serde_json::json;

fn flags_race(players: u8, robots: serde_json::Value) -> F90State {
    book_race(json!({"players": players, "robots": robots, "flags": true}))
}

/// Blue alone (with `others` placed), its turn about to start at `section`.
fn blue_at(section: u8, others: &[(u8, &[&str])], cards: &[&str]) -> F90State {
    let mut s = flags_race(2, json!({}));
    let mut layout_list: Vec<(u8, &[&str])> = others.to_vec();
    layout_list.push((section, &["Blue"]));
    layout(&mut s, &layout_list, 2);
    hand(&mut s, "Blue", cards);
    target(&mut s, "Blue", "99");
    s.start_turn_at(5);
    assert_eq!(to_move(&s), "Blue");
    s
}

#[test]
fn the_flags_module_is_on_by_default_and_off_is_the_basic_race() {
    assert_eq!(
        advanced_game(json!({})).options_json()["flags"],
        json!(true)
    );
    let mut s = book_race(json!({"players": 1, "robots": {}, "flags": false}));
    layout(&mut s, &[(2, &["Blue"])], 2);
    hand(&mut s, "Blue", &["19"]);
    s.start_turn_at(5);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 19");
    assert!(
        !matches!(s.phase, Phase::YellowFlag { .. }),
        "{:?}",
        s.phase
    );
}

#[test]
fn formula90_example_a_yellow_flag_card_places_a_yellow_on_a_corner() {
    // W22: "+2: o jogador deve pagar 1 token de pneu e pode colocar uma bandeira amarela em uma
    // seção de curva"; placing it is optional.
    let mut s = blue_at(2, &[(10, &["Orange@1"])], &["19", "95"]);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 19");
    assert!(matches!(s.phase, Phase::YellowFlag { .. }), "{:?}", s.phase);
    let l = labels(&s);
    assert!(
        l.contains(&"yellow flag in section 11 (Stowe) at the front".to_string()),
        "{l:?}"
    );
    assert!(l.contains(&"yellow flag in section 11 (Stowe) behind 1 car".to_string()));
    assert!(l.contains(&"yellow flag in section 14 (Abbey) at the front".to_string()));
    assert!(l.contains(&"no flag".to_string()));
    assert!(
        !l.iter().any(|x| x.contains("section 3 ")),
        "straights take no yellow"
    );
    refused(
        &mut s,
        "yellow flag in section 3 (straight 3) at the front",
        "corner section",
    );
    act(&mut s, "yellow flag in section 11 (Stowe) at the front");
    assert_eq!(s.yellow_at(10), Some(0));
    let v = s.view(None);
    assert_eq!(v["sections"][10]["yellow_flag"], json!(0));
}

#[test]
fn a_yellow_flag_stands_behind_the_cars_on_trajectories() {
    // "Uma bandeira amarela deve sempre ser colocada após as trajetórias".
    let mut s = blue_at(2, &[(13, &["Orange@1"])], &["19", "95"]);
    let orange = car(&s, "Orange");
    s.cars[usize::from(orange)].trajectory = Some(0);
    assert_eq!(s.yellow_places(13), 1..=1);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 19");
    refused(
        &mut s,
        "yellow flag in section 14 (Abbey) at the front",
        "behind the cars on trajectories",
    );
}

#[test]
fn getting_past_a_yellow_flag_costs_one_movement_point() {
    // "Desaceleração: Cada carro que encontrar uma bandeira amarela à frente deve gastar 1
    // ponto de movimento extra".
    let mut s = blue_at(8, &[(0, &["Orange"])], &["77", "32"]);
    s.yellow[10] = 1;
    to_phase_c(&mut s, "50");
    act(&mut s, "play 77");
    act(&mut s, "no flag");
    let blue = car(&s, "Blue");
    finish_turn(&mut s, blue);
    // 3 MP: into 9, into 10, past the flag; not into 11.
    assert_eq!(s.car(blue).section, 10);
    assert_eq!(s.yellow_at(10), None, "Blue leads: past it, the flag goes");
}

#[test]
fn the_leader_getting_past_a_yellow_removes_it() {
    // "Esta bandeira é descartada imediatamente após o carro Líder passar".
    let mut s = blue_at(8, &[(0, &["Orange"])], &["32", "95"]);
    s.yellow[10] = 1;
    let blue = car(&s, "Blue");
    assert_eq!(s.leader(), Some(blue));
    to_phase_c(&mut s, "50");
    act(&mut s, "play 95");
    finish_turn(&mut s, blue);
    assert_eq!(s.yellow_at(10), None);
    assert_eq!(s.car(blue).section, 11, "4 MP: 9, 10, the flag, 11");
}

#[test]
fn no_passing_in_a_yellow_section_not_even_a_car_that_did_not_move() {
    // "Alinhamento: Não são permitidas ultrapassagens ... ninguém poderá ultrapassar um carro
    // que pulou sua vez".
    let mut s = flags_race(2, json!({}));
    layout(&mut s, &[(10, &["Orange@3"]), (9, &["Blue"])], 2);
    hand(&mut s, "Blue", &["95", "32"]);
    target(&mut s, "Blue", "99");
    s.start_turn_at(5);
    // The Leader, Orange, skips its turn: NO MOVE.
    act(&mut s, "skip the turn");
    let first = labels(&s)[0].clone();
    act(&mut s, &first);
    let orange = car(&s, "Orange");
    assert!(s.car(orange).no_move);
    s.yellow[10] = 2; // behind Orange
    to_phase_c(&mut s, "50");
    act(&mut s, "play 95");
    let blue = car(&s, "Blue");
    finish_turn(&mut s, blue);
    assert_eq!(
        queue(&s, 10),
        ["Orange", "Blue"],
        "Blue may not unlap past Orange there"
    );
    assert_eq!(
        s.yellow_at(10),
        Some(2),
        "Blue paid to get past the flag, now behind it"
    );
}

#[test]
fn no_duel_in_a_yellow_section() {
    let mut s = flags_race(2, json!({}));
    layout(&mut s, &[(10, &["Blue", "Orange"])], 2);
    hand(&mut s, "Blue", &["95", "32"]);
    hand(&mut s, "Orange", &["94", "31"]);
    s.yellow[10] = 3;
    s.start_turn_at(5);
    assert!(
        !matches!(s.phase, Phase::Challenge { .. } | Phase::Join { .. }),
        "{:?}",
        s.phase
    );
    let mut s = flags_race(2, json!({}));
    layout(&mut s, &[(10, &["Blue", "Orange"])], 2);
    hand(&mut s, "Blue", &["95", "32"]);
    hand(&mut s, "Orange", &["94", "31"]);
    s.start_turn_at(5);
    assert!(
        matches!(s.phase, Phase::Challenge { .. }),
        "without the flag: {:?}",
        s.phase
    );
}

#[test]
fn formula90_example_a_green_flag_removes_a_yellow() {
    // W22: "+1: o jogador pode remover uma bandeira amarela da pista".
    let mut s = blue_at(2, &[(0, &["Orange"])], &["15", "95"]);
    s.yellow[13] = 1;
    to_phase_c(&mut s, "50");
    act(&mut s, "play 15");
    assert_eq!(
        labels(&s),
        [
            "green flag: remove the yellow in section 14 (Abbey)",
            "no flag"
        ]
    );
    act(
        &mut s,
        "green flag: remove the yellow in section 14 (Abbey)",
    );
    assert_eq!(s.yellow_at(13), None);
}

#[test]
fn formula90_example_a_blue_flag_laps_backmarkers_for_nothing() {
    // W22 "+2: comprar 1 Race Card extra e pegar a bandeira azul"; "ultrapassar retardatários
    // nas retas e em zonas de frenagem sem gastar pontos de movimento enquanto nas curvas
    // pagará apenas 1 PM".
    let blue = PassCase {
        blue_flag: true,
        ..PassCase::default()
    };
    assert_eq!(
        human_pass(Kind::Straight, Relation::Lap, blue),
        Pass::Costs(0)
    );
    assert_eq!(
        human_pass(Kind::Braking, Relation::Lap, blue),
        Pass::Costs(0)
    );
    assert_eq!(
        human_pass(Kind::Corner, Relation::Lap, blue),
        Pass::Costs(1)
    );
    assert_eq!(
        human_pass(Kind::Straight, Relation::Unlap, blue),
        Pass::Costs(1)
    );
    assert_eq!(
        human_pass(Kind::Corner, Relation::Overtake, blue),
        Pass::Stop
    );
    let mut s = blue_at(2, &[(0, &["Orange"])], &["22", "95"]);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 22");
    settle(&mut s);
    let b = car(&s, "Blue");
    assert!(s.car(b).blue_flag);
}

#[test]
fn the_orange_pawn_lets_its_holder_force_a_robot_to_late_brake() {
    // "Enquanto este peão estiver ativo este jogador pode forçar um robô (que finalize seu
    // movimento numa Zona de Frenagem) a tentar atrasar a freada"; only the first orange of a
    // Race Stage counts; a new Race Stage discards blue and orange pawns.
    let mut s = flags_race(2, json!({"fast": 1}));
    layout(
        &mut s,
        &[(6, &["Fast"]), (2, &["Blue"]), (1, &["Orange"])],
        2,
    );
    hand(&mut s, "Blue", &["55", "95"]);
    hand(&mut s, "Orange", &["48", "94"]);
    target(&mut s, "Blue", "95");
    target(&mut s, "Orange", "90");
    s.start_turn_at(7);
    // The Fast robot led and moved to 9 before the players.
    let blue = car(&s, "Blue");
    to_phase_c(&mut s, "50");
    act(&mut s, "play 55");
    settle(&mut s);
    assert_eq!(s.orange, blue);
    finish_turn(&mut s, blue);
    let orange = car(&s, "Orange");
    // Orange's orange flag is ignored: the pawn is Blue's.
    assert_eq!(to_move(&s), "Orange");
    to_phase_c(&mut s, "51");
    act(&mut s, "play 48");
    finish_turn(&mut s, orange);
    assert_eq!(s.orange, blue);
    s.cars[usize::from(blue)].blue_flag = true;
    // Next turn the robot (3 MP from 9) ends in the braking zone 12: Blue decides.
    let fast = car(&s, "Fast");
    s.cars[usize::from(fast)].section = 9;
    layout(
        &mut s,
        &[(9, &["Fast"]), (5, &["Blue"]), (4, &["Orange"])],
        2,
    );
    s.start_turn_at(8);
    assert!(matches!(s.phase, Phase::OrangeFlag { .. }), "{:?}", s.phase);
    assert_eq!(to_move(&s), "Blue");
    assert_eq!(
        labels(&s),
        ["force Fast to late-brake", "let Fast drive on"]
    );
    act(&mut s, "force Fast to late-brake");
    assert!(matches!(s.phase, Phase::Blind { .. }), "{:?}", s.phase);
    // Target 70 - 20: a 42 passes, the robot goes to Abbey.
    draw(&mut s, "42");
    assert_eq!(s.car(fast).section, 13);
    // Turn 11 opens a Race Stage: the pawns go back.
    s.start_turn_at(11);
    assert_eq!(s.orange, autodromo_core::formula90::flags::NO_HOLDER);
    assert!(!s.car(blue).blue_flag);
}
