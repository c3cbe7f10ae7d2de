//! E — Movimento: every movement point spent, 1 to enter a section; overtaking, lapping and
//! unlapping by the cost table; NO MOVE cars; the race start and the last turn; the Leader's
//! check before lapping; robots on the move. The book's letters for its movement pictures
//! are, on the test track: I = 8 (straight, an orange +1 trajectory), H = 9 (braking), G = 10
//! (Stowe, a corner), F = 11 (straight), E = 12 (braking), D = 13 (Abbey), C = 14.

use crate::support::*;
use autodromo_core::formula90::rules::Strategy;
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::Player;
use serde_json::json;

const I: u8 = 8;
const G: u8 = 10;
const F: u8 = 11;
const E: u8 = 12;
const D: u8 = 13;
const C: u8 = 14;

fn field(players: u8, robots: serde_json::Value) -> F90State {
    let mut s = book_race(json!({"players": players, "robots": robots}));
    for c in 0..players {
        // Balance changes nothing off a trajectory: a neutral strategy here.
        s.cars[usize::from(c)].strategy = Strategy::Balance;
        s.cars[usize::from(c)].fuel = 30;
    }
    s
}

/// `who` plays `play` with everyone else done for the turn; the rest of its turn resolved.
fn move_alone(s: &mut F90State, who: &str, play: &str, turn: u8) {
    s.start_turn_at(turn);
    only(s, &[who]);
    s.resume();
    run_turn(s, who, play);
}

#[test]
fn formula90_example_stopped_by_a_car_in_a_corner() {
    // "O carro azul tem 5 PM para gastar, mas ele perde todos os pontos de movimento restantes
    // quando entra na seção G (uma seção de curva ocupada por outro carro). Se ele tivesse a
    // estratégia Banging Wheels ele ultrapassaria o carro vermelho gastando 2 PM, terminando
    // assim seu movimento na seção F."
    for (bw, section, queue_g) in [(false, G, vec!["Red", "Blue"]), (true, F, vec!["Red"])] {
        let mut s = field(4, json!({}));
        layout(&mut s, &[(G, &["Red"]), (I, &["Blue"])], 3);
        hand(&mut s, "Blue", &["6", "85"]);
        if bw {
            strategy(&mut s, "Blue", Strategy::BangingWheels);
        }
        move_alone(&mut s, "Blue", "play 6 + 85", 5);
        assert_eq!(section_of(&s, "Blue"), section, "Banging Wheels: {bw}");
        assert_eq!(queue(&s, G), queue_g);
    }
}

#[test]
fn formula90_example_banging_wheels_through_a_braking_zone() {
    // "O carro Azul tem 7 PM ... H, G e F. Em seguida, 1 MP para ultrapassar o carro vermelho
    // na reta, então 1 PM para entrar na zona de frenagem E. ... Banging Wheels ... ultrapassar o
    // carro verde gastando 1 PM. O carro Azul ... termina na seção de curva D."
    let mut s = field(4, json!({}));
    layout(&mut s, &[(E, &["Green"]), (F, &["Red"]), (I, &["Blue"])], 3);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].trajectory = Some(0);
    strategy(&mut s, "Blue", Strategy::BangingWheels);
    // [1] orange + T2 [5] (a Track Card for Stowe) + the orange +1 trajectory: 7 MP.
    hand(&mut s, "Blue", &["2", "T2"]);
    move_alone(&mut s, "Blue", "play 2 + T2 on the trajectory", 5);
    assert_eq!(section_of(&s, "Blue"), D);
    assert_eq!(queue(&s, E), ["Green"]);
    assert_eq!(queue(&s, F), ["Red"]);
}

#[test]
fn formula90_example_lapping_in_a_corner_costs_two() {
    // "Aqui o carro laranja é um retardatário como esta numa curva, custará 2 MP para ser
    // ultrapassado. O token "-1 Lap" é colocado no carro laranja. Seu PM final é usado para
    // entrar na seção F e terminar atrás do carro roxo. Se o carro Azul tivesse outro PM,
    // poderia ultrapassar o carro roxo também" (for 1 MP: decision 20).
    for (extra, behind_purple) in [(false, true), (true, false)] {
        let mut s = field(4, json!({}));
        layout(
            &mut s,
            &[(F, &["Red@2"]), (G, &["Orange@2"]), (I, &["Blue"])],
            3,
        );
        target(&mut s, "Blue", "99");
        let play = if extra {
            hand(&mut s, "Blue", &["2", "85", "98", "96"]);
            let blue = car(&s, "Blue");
            s.cars[usize::from(blue)].trajectory = Some(0);
            "play 2 + 85 on the trajectory" // 6 MP: one more than the book's
        } else {
            hand(&mut s, "Blue", &["6", "85", "98"]);
            "play 6 + 85"
        };
        move_alone(&mut s, "Blue", play, 5);
        let orange = car(&s, "Orange");
        assert_eq!(s.laps_down(orange), 1, "-1 lap");
        if behind_purple {
            assert_eq!(queue(&s, F), ["Red", "Blue"]);
        } else {
            assert_eq!(queue(&s, F)[0], "Blue");
        }
    }
}

#[test]
fn formula90_example_unlapping_costs_one_in_a_braking_zone() {
    // "Agora é a vez do carro Rosa. Ele tem 4 PM para gastar. Ele entra na seção E com 1 PM e
    // recupera a volta no carro Azul gastando 1 PM a mais. O token "-1 Lap" é removido ...
    // finaliza na seção C."
    let mut s = field(5, json!({}));
    layout(&mut s, &[(E, &["Blue"]), (F, &["Pink@2"])], 3);
    let pink = car(&s, "Pink");
    assert_eq!(s.laps_down(pink), 1);
    hand(&mut s, "Pink", &["16", "23"]);
    move_alone(&mut s, "Pink", "play 16 + 23", 5);
    assert_eq!(section_of(&s, "Pink"), C);
    assert_eq!(s.laps_down(pink), 0, "the lap token is removed");
}

#[test]
fn overtaking_costs_one_on_a_straight_and_stops_in_a_braking_zone() {
    let mut s = field(4, json!({}));
    layout(&mut s, &[(E, &["Green"]), (F, &["Red"]), (G, &["Blue"])], 3);
    hand(&mut s, "Blue", &["16", "23"]);
    move_alone(&mut s, "Blue", "play 16 + 23", 5);
    // F (1), pass Red (1), E (1): Green there stops it, the last MP lost.
    assert_eq!(queue(&s, E), ["Green", "Blue"]);
}

#[test]
fn a_car_that_did_not_move_is_passed_for_one_anywhere() {
    // CASO ESPECIAL: "Um carro que pulou seu turno ... pode ser ultrapassado por outros carros
    // gastando 1 PM independente da seção onde ele esteja."
    let mut s = field(2, json!({}));
    layout(&mut s, &[(G, &["Orange"]), (I, &["Blue"])], 3);
    hand(&mut s, "Blue", &["16", "23"]);
    s.start_turn_at(5);
    only(&mut s, &["Orange", "Blue"]);
    s.resume();
    skip_turn(&mut s, "Orange");
    run_turn(&mut s, "Blue", "play 16 + 23");
    // H, G, pass the NO MOVE Orange in the corner (1), F.
    assert_eq!(section_of(&s, "Blue"), F);
}

#[test]
fn every_pass_costs_one_at_the_race_start() {
    // Relargadas / início da corrida: "você gasta apenas 1 ponto de movimento para efetuar
    // essas manobras independentemente do tipo de seção".
    let mut s = field(2, json!({}));
    layout(&mut s, &[(G, &["Orange"]), (I, &["Blue"])], 0);
    hand(&mut s, "Blue", &["16", "23"]);
    move_alone(&mut s, "Blue", "play 16 + 23", 1);
    assert_eq!(section_of(&s, "Blue"), F);
}

#[test]
fn the_last_turn_passes_cost_one_unless_the_option_is_off() {
    for (easy, section) in [(true, F), (false, G)] {
        let mut s = book_race(
            json!({"players": 2, "robots": {}, "turns": 8, "last_turn_easy_passing": easy}),
        );
        layout(&mut s, &[(G, &["Orange"]), (I, &["Blue"])], 3);
        strategy(&mut s, "Blue", Strategy::Balance);
        s.cars[0].fuel = 30;
        hand(&mut s, "Blue", &["16", "23"]);
        move_alone(&mut s, "Blue", "play 16 + 23", 8);
        assert_eq!(section_of(&s, "Blue"), section, "easy passing {easy}");
    }
}

#[test]
fn the_leader_checks_before_lapping_and_stops_without_damage_on_a_failure() {
    // "Se falhar, o Líder deve parar e qualquer movimento restante será perdido (mas sem
    // danos). O Líder não pode recusar este teste ... ele pode decidir fazer um teste cego".
    let mut s = field(2, json!({}));
    layout(&mut s, &[(F, &["Orange@2"]), (I, &["Blue"])], 3);
    target(&mut s, "Blue", "30");
    hand(&mut s, "Blue", &["16", "23", "70"]);
    s.start_turn_at(5);
    only(&mut s, &["Blue"]);
    s.resume();
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 16 + 23");
    assert!(matches!(s.phase, Phase::Check { .. }));
    assert!(has(&s, "check blind") && has(&s, "check with 70"));
    act(&mut s, "check with 70");
    let blue = car(&s, "Blue");
    assert_eq!(queue(&s, F), ["Orange", "Blue"]);
    assert_eq!(s.car(blue).wear(), 0);
    assert_eq!(s.race.card_name(s.car(blue).target), "70");
}

#[test]
fn no_leader_check_for_a_second_lap() {
    // "Esta verificação não é necessária se o Líder estiver dando a 2a ou 3a volta".
    let mut s = field(2, json!({}));
    layout(&mut s, &[(F, &["Orange@1"]), (I, &["Blue"])], 3);
    hand(&mut s, "Blue", &["16", "23"]);
    move_alone(&mut s, "Blue", "play 16 + 23", 5);
    assert_eq!(queue(&s, F), ["Blue", "Orange"]);
}

#[test]
fn crossing_the_finish_line_completes_a_lap() {
    let mut s = field(1, json!({}));
    layout(&mut s, &[(15, &["Blue"])], 3);
    hand(&mut s, "Blue", &["16"]);
    move_alone(&mut s, "Blue", "play 16", 5);
    let blue = car(&s, "Blue");
    assert_eq!((s.car(blue).section, s.car(blue).lap), (1, 4));
}

#[test]
fn robots_pass_robots_for_nothing_and_stop_behind_players_in_corners() {
    // "Os robôs ultrapassam uns aos outros sem gastar nenhum PM, mesmo em zonas de frenagem ou
    // curvas. ... Em uma seção de curva com jogadores humanos, eles devem parar".
    let mut s = field(1, json!({"superfast": 1, "slow": 1}));
    layout(
        &mut s,
        &[(G, &["Slow"]), (I, &["SuperFast"]), (2, &["Blue"])],
        3,
    );
    s.start_turn_at(5);
    // The SuperFast (leader) plays first: H, G, passes Slow for 0, F, E.
    let sf = car(&s, "SuperFast");
    assert_eq!(s.car(sf).section, E);
    let mut s = field(1, json!({"superfast": 1}));
    layout(&mut s, &[(G, &["Blue"]), (I, &["SuperFast"])], 3);
    s.start_turn_at(5);
    skip_turn(&mut s, "Blue");
    // Blue skipped (NO MOVE): the robot passes it for 1. Without the skip it would stop.
    let mut t = field(1, json!({"superfast": 1}));
    layout(&mut t, &[(G, &["Blue"]), (I, &["SuperFast"])], 3);
    t.start_turn_at(5);
    only(&mut t, &["SuperFast"]);
    t.resume();
    assert_eq!(queue(&t, G), ["Blue", "SuperFast"]);
}

#[test]
fn robots_pass_players_on_straights_for_one() {
    let mut s = field(2, json!({"fast": 1}));
    layout(
        &mut s,
        &[(6, &["Blue"]), (5, &["Fast"]), (1, &["Orange"])],
        3,
    );
    s.start_turn_at(5);
    // Orange, behind, has yet to play: the turn stops there after the robot's move.
    only(&mut s, &["Fast", "Orange"]);
    s.resume();
    // Fast, 3 MP: into 6 (1), past Blue (1), into 7 (1).
    assert_eq!(queue(&s, 7), ["Fast"]);
}

#[test]
fn a_robot_leader_checks_blind_against_seventy() {
    // "Se o líder da corrida for um robô, ele também deve realizar este check test ... Trata-se
    // de um teste cego contra um Target Check de 70."
    let mut s = field(1, json!({"superfast": 1}));
    layout(&mut s, &[(6, &["Blue@2"]), (5, &["SuperFast"])], 3);
    s.start_turn_at(5);
    assert_eq!(s.current_player(), Player::Chance);
    draw(&mut s, "71");
    // Failed: the robot stops behind Blue.
    assert_eq!(queue(&s, 6), ["Blue", "SuperFast"]);
    assert!(
        s.race_discard.contains(card(&s, "71")),
        "a robot's drawn card is discarded"
    );
}

#[test]
fn a_robot_stops_behind_a_car_with_more_laps() {
    // "Robôs perdem quaisquer pontos de movimento restantes quando alcançam um humano com mais
    // voltas."
    let mut s = field(1, json!({"superfast": 1}));
    layout(&mut s, &[(6, &["Blue@4"]), (5, &["SuperFast@3"])], 3);
    s.start_turn_at(5);
    only(&mut s, &["SuperFast"]);
    s.resume();
    assert_eq!(queue(&s, 6), ["Blue", "SuperFast"]);
}

#[test]
fn banging_wheels_special_a_track_card_for_an_overtake_once_a_turn() {
    let mut s = field(2, json!({}));
    layout(&mut s, &[(6, &["Orange"]), (5, &["Blue"])], 3);
    strategy(&mut s, "Blue", Strategy::BangingWheels);
    hand(&mut s, "Blue", &["16", "23"]);
    s.start_turn_at(5);
    only(&mut s, &["Blue"]);
    s.resume();
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 16 + 23");
    // Section 8 holds a free trajectory: F.2 comes first.
    act(&mut s, "no trajectory");
    assert!(matches!(s.phase, Phase::DrawTrack { .. }), "{:?}", s.phase);
}
