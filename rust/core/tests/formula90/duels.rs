//! ATIVANDO SEÇÕES DE CURVA — duels: declarations from the back, joining, sealed cards,
//! modifiers, ties, frozen cards, one chance per (sub)section, robots in duels. On the test
//! track Stowe is section 10 (duel -3) and Abbey section 13 (duel -2).

use crate::support::*;
use autodromo_core::formula90::rules::Strategy;
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::{Player, State};
use serde_json::json;

const ABBEY: u8 = 13;

fn six() -> F90State {
    book_race(json!({"players": 6, "robots": {}}))
}

#[test]
fn formula90_example_duel_for_the_lead_in_a_corner() {
    // "O token do líder está na seção C que está numa curva com um modificador -2 ... O carro
    // laranja inicia os duelos e os carros verde e azul aceitam o desafio. Após revelarem suas
    // cartas o carro laranja é o vencedor e recebe o token do líder. O carro verde fica em 2° e
    // o azul em último." Then B (Purple), then C again with no new duel: Green moves first.
    let mut s = six();
    layout(
        &mut s,
        &[
            (ABBEY + 1, &["Red@2"]),
            (ABBEY, &["Blue", "Green", "Orange"]),
        ],
        3,
    );
    hand(&mut s, "Green", &["13", "6", "23"]);
    hand(&mut s, "Orange", &["97", "98", "7", "16"]);
    hand(&mut s, "Blue", &["8", "32"]);
    for who in ["Orange", "Green", "Blue"] {
        target(&mut s, who, if who == "Orange" { "99" } else { "95" });
    }
    s.start_turn_at(5);
    // From the back: Orange declares first.
    assert_eq!(to_move(&s), "Orange");
    assert!(matches!(s.phase, Phase::Challenge { .. }));
    act(&mut s, "challenge");
    assert_eq!(to_move(&s), "Green");
    act(&mut s, "join the duel");
    assert_eq!(to_move(&s), "Blue");
    act(&mut s, "join the duel");
    // The cards go face down from the back.
    act(&mut s, "duel with 97 + 98");
    // Orange sees its own total; Green does not, until the reveal.
    assert_eq!(s.view(Some(1))["duel"]["members"][2]["total"], 6);
    assert_eq!(
        s.view(Some(2))["duel"]["members"][2]["total"],
        serde_json::Value::Null
    );
    act(&mut s, "duel with 13 + 6");
    act(&mut s, "duel with 8");
    // Orange 4 + 4 - 2 = 6, Green 3 + 1 - 2 = 2, Blue 1 (first car: no modifier).
    assert_eq!(queue(&s, ABBEY), ["Orange", "Green", "Blue"]);
    assert_eq!(s.leader(), Some(car(&s, "Orange")));
    // Duel cards are frozen until the next turn.
    let orange = car(&s, "Orange");
    assert!(s.car(orange).frozen.contains(card(&s, "97")));
    act(&mut s, "drive");
    settle(&mut s);
    refused(&mut s, "play 97", "frozen");
    act(&mut s, "play 7 + 16");
    finish_turn(&mut s, orange);
    // B: Red (Purple) plays; then Abbey again, no duel: Blue then Green.
    settle(&mut s);
    assert_eq!(to_move(&s), "Red");
    skip_turn(&mut s, "Red");
    settle(&mut s);
    assert_eq!(to_move(&s), "Green");
    assert!(
        matches!(s.phase, Phase::Declare { .. }),
        "no second duel in Abbey"
    );
}

#[test]
fn formula90_example_stowe_tie_and_a_decliner() {
    // "O carro laranja e o verde têm um modificador de -3 ... O carro verde ... começa os
    // desafios. O carro laranja desiste ... o carro azul aceita. ... verde ... [3][3] e tem a
    // estratégia Banging Wheels, que soma +3, ... -3 ... totalizando 6. O carro azul joga um par
    // [4][2] e também soma 6. Ocorre um empate e os carros azul e verde recebem 1 dano. O carro
    // laranja é movido para a última posição".
    let mut s = six();
    layout(&mut s, &[(STOWE, &["Blue", "Orange", "Green"])], 3);
    strategy(&mut s, "Green", Strategy::BangingWheels);
    hand(&mut s, "Green", &["13", "25", "6"]);
    hand(&mut s, "Blue", &["97", "16", "8"]);
    hand(&mut s, "Orange", &["32"]);
    s.start_turn_at(5);
    assert_eq!(to_move(&s), "Green");
    act(&mut s, "challenge");
    assert_eq!(to_move(&s), "Orange");
    act(&mut s, "decline the duel");
    act(&mut s, "join the duel");
    act(&mut s, "duel with 13 + 25");
    act(&mut s, "duel with 97 + 16");
    // The tie: each tied car draws one wear token.
    assert_eq!(s.current_player(), Player::Chance);
    act(&mut s, "wear red");
    act(&mut s, "wear red");
    assert_eq!(queue(&s, STOWE), ["Blue", "Green", "Orange"]);
    let (blue, green) = (car(&s, "Blue"), car(&s, "Green"));
    assert_eq!(s.car(blue).wear(), 1);
    assert_eq!(s.car(green).wear(), 1);
    let duel = s
        .view(None)
        .get("duel")
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    assert!(duel.is_null() || duel["revealed"] == true);
}

#[test]
fn duel_tie_wear_per_other_tied_car_is_an_option() {
    let mut s = book_race(json!({"players": 6, "robots": {}, "duel_tie_wear": "per_other"}));
    layout(&mut s, &[(STOWE, &["Blue", "Orange", "Green"])], 3);
    // All three tie at 4: Blue [4] (no modifier), Orange and Green 4 + 3 - 3.
    hand(&mut s, "Blue", &["97"]);
    hand(&mut s, "Orange", &["98"]);
    hand(&mut s, "Green", &["96"]);
    strategy(&mut s, "Orange", Strategy::BangingWheels);
    strategy(&mut s, "Green", Strategy::BangingWheels);
    s.start_turn_at(5);
    act(&mut s, "challenge");
    act(&mut s, "join the duel");
    act(&mut s, "join the duel");
    act(&mut s, "duel with 96");
    act(&mut s, "duel with 98");
    act(&mut s, "duel with 97");
    // Two other tied cars: two tokens each, six in all.
    for _ in 0..6 {
        act(&mut s, "wear red");
    }
    assert!(matches!(s.phase, Phase::Declare { .. }));
    for who in ["Blue", "Orange", "Green"] {
        assert_eq!(s.car(car(&s, who)).wear(), 2);
    }
}

#[test]
fn formula90_example_duels_once_per_section_and_the_leader_joining_after_moving() {
    // "Curva 5 com o carro vermelho liderando é ativado. O carro azul inicia um duelo, os carros
    // preto e vermelho aceitam. O vermelho vence o duelo, move ... Agora a Curva 5 é ativada
    // novamente, mas ninguém pode iniciar um duelo porque estes carros já duelaram." (Black is
    // White here, Purple is Pink.)
    let mut s = six();
    layout(
        &mut s,
        &[(STOWE + 2, &["Pink@2"]), (STOWE, &["Red", "White", "Blue"])],
        3,
    );
    hand(&mut s, "Red", &["97", "98", "16", "23", "96"]);
    hand(&mut s, "White", &["30"]);
    hand(&mut s, "Blue", &["6"]);
    target(&mut s, "Red", "99");
    s.start_turn_at(5);
    act(&mut s, "challenge");
    assert_eq!(to_move(&s), "White");
    act(&mut s, "join the duel");
    act(&mut s, "join the duel");
    act(&mut s, "duel with 6");
    act(&mut s, "duel with 30");
    act(&mut s, "duel with 97 + 98");
    assert_eq!(queue(&s, STOWE), ["Red", "White", "Blue"]);
    run_turn(&mut s, "Red", "play 16 + 23");
    settle(&mut s);
    assert_eq!(to_move(&s), "Pink");
    skip_turn(&mut s, "Pink");
    settle(&mut s);
    assert_eq!(to_move(&s), "White");
    assert!(matches!(s.phase, Phase::Declare { .. }), "no second duel");
}

#[test]
fn formula90_example_a_lapped_robot_challenges_and_the_leader_joins() {
    // "O carro vermelho move e dá uma volta no robô Slow e no carro laranja. ... a subseção na
    // Curva 1 com o carro vermelho, o laranja e o roxo é a seção ativa. O carro roxo inicia um
    // duelo contra o laranja e o vermelho participa. O carro laranja vence o duelo e ultrapassa
    // o vermelho. Agora o laranja está à frente do token do líder e jogará seu turno individual
    // mais tarde ... Naquele momento ele será capaz de iniciar um novo duelo contra o carro
    // amarelo".
    // [1] orange + [4] + the orange trajectory: 6 MP; two leader checks with 98 and 96.
    let mut s = curve_one();
    let blue = car(&s, "Blue");
    assert_eq!(to_move(&s), "Blue");
    act(&mut s, "drive");
    settle(&mut s);
    act(&mut s, "play 2 + 85 on the trajectory");
    finish_turn(&mut s, blue);
    assert_eq!(queue(&s, STOWE), ["Fast", "Blue", "Orange", "Slow"]);
    // The Slow robot challenges Orange (its lap); Orange answers, then Blue, who has played,
    // may join.
    settle(&mut s);
    assert_eq!(to_move(&s), "Orange");
    assert!(matches!(s.phase, Phase::Join { .. }));
    act(&mut s, "join the duel");
    assert_eq!(to_move(&s), "Blue");
    act(&mut s, "join the duel");
    // Cards from the back: the robot draws two at random, then Orange, then Blue.
    draw(&mut s, "4");
    draw(&mut s, "5");
    act(&mut s, "duel with 66 + 25");
    act(&mut s, "duel with 1");
    assert_eq!(queue(&s, STOWE), ["Fast", "Orange", "Blue", "Slow"]);
    // The robot's duel cards go to the discard pile at the next turn, not to a hand.
    let slow = car(&s, "Slow");
    assert_eq!(s.car(slow).frozen.len(), 2);
    // The Slow robot plays next (its turn in the Leader's subsection), then Orange comes last
    // with a new chance to duel the Fast robot ahead.
    settle(&mut s);
    assert!(s.car(slow).played);
    assert_eq!(to_move(&s), "Orange");
    assert!(
        matches!(s.phase, Phase::Challenge { .. }),
        "a new duel in the other subsection"
    );
}

#[test]
fn no_duels_at_the_race_start() {
    // "Duelos – Não há duelos no início ou reinício de uma corrida."
    let mut s = six();
    layout(&mut s, &[(STOWE, &["Blue", "Orange"])], 0);
    s.start_turn_at(1);
    assert!(matches!(s.phase, Phase::Declare { .. }));
}

#[test]
fn a_car_that_has_played_may_join_but_not_start_a_duel() {
    let mut s = six();
    layout(&mut s, &[(STOWE, &["Blue", "Orange"])], 3);
    hand(&mut s, "Blue", &["6"]);
    hand(&mut s, "Orange", &["8"]);
    s.start_turn_at(5);
    // Orange (behind) could challenge; it does not; Blue has no one ahead to challenge.
    assert_eq!(to_move(&s), "Orange");
    act(&mut s, "no challenge");
    assert!(matches!(s.phase, Phase::Declare { .. }));
    assert_eq!(to_move(&s), "Blue");
}

#[test]
fn robots_never_duel_each_other() {
    // "numa seção de curva onde existam apenas robôs, estes nunca se desafiam em um duelo".
    let mut s = book_race(json!({"players": 1, "robots": {"superfast": 1, "fast": 1}}));
    layout(
        &mut s,
        &[(STOWE, &["SuperFast", "Fast"]), (2, &["Blue"])],
        3,
    );
    s.start_turn_at(5);
    // The robots played without a duel; Blue is asked.
    assert_eq!(to_move(&s), "Blue");
    assert!(s.car(car(&s, "Fast")).played);
}

#[test]
fn a_robot_defends_against_a_player_on_its_lap_unless_ahead_of_the_leader() {
    // "Um jogador humano na mesma volta já anunciou um duelo (defesa ...)" joins.
    let mut s = book_race(json!({"players": 1, "robots": {"fast": 1}}));
    layout(&mut s, &[(STOWE, &["Fast", "Blue"])], 3);
    hand(&mut s, "Blue", &["97", "98"]);
    s.start_turn_at(5);
    assert_eq!(to_move(&s), "Blue");
    act(&mut s, "challenge");
    act(&mut s, "duel with 97 + 98");
    // The robot joined and draws its two cards.
    assert!(matches!(s.phase, Phase::DrawRace { .. }));
    draw(&mut s, "2");
    draw(&mut s, "3");
    // Blue 8 - 3 = 5 beats the Fast's 1 + 1 = 2 (first car, no modifier).
    assert_eq!(queue(&s, STOWE), ["Blue", "Fast"]);
}

#[test]
fn banging_wheels_adds_three_and_a_clear_win_brings_a_track_card() {
    let mut s = six();
    layout(&mut s, &[(STOWE, &["Blue", "Orange"])], 3);
    strategy(&mut s, "Orange", Strategy::BangingWheels);
    hand(&mut s, "Orange", &["13"]);
    hand(&mut s, "Blue", &["16"]);
    s.start_turn_at(5);
    act(&mut s, "challenge");
    act(&mut s, "join the duel");
    act(&mut s, "duel with 13");
    act(&mut s, "duel with 16");
    // Orange 3 + 3 - 3 = 3 beats Blue's 2: "Sempre que vencer um duelo contra todos os
    // oponentes numa curva" a Track Card.
    assert!(matches!(s.phase, Phase::DrawTrack { .. }));
    draw(&mut s, "T1");
    assert_eq!(queue(&s, STOWE), ["Orange", "Blue"]);
}

#[test]
fn frozen_duel_cards_count_against_the_hand_at_a_pit_and_come_back_next_turn() {
    // "Se o jogador fizer pit stop neste turno, não poderá descartá-las ... contam para o total
    // de cartas na mão".
    let mut s = six();
    layout(&mut s, &[(STOWE, &["Blue", "Orange"])], 3);
    hand(&mut s, "Orange", &["13", "25", "6", "8", "16", "23"]);
    hand(&mut s, "Blue", &["32"]);
    s.start_turn_at(5);
    act(&mut s, "challenge");
    act(&mut s, "decline the duel");
    act(&mut s, "duel with 13 + 25");
    assert_eq!(queue(&s, STOWE), ["Orange", "Blue"]);
    assert_eq!(to_move(&s), "Orange");
    act(&mut s, "pit stop");
    refused(&mut s, "discard 13", "frozen");
    // 4 in hand + 2 frozen = 6: at the limit.
    act(&mut s, "keep the hand");
    assert!(matches!(s.phase, Phase::PitTyres { .. }), "no card to draw");
    let orange = car(&s, "Orange");
    assert_eq!(s.car(orange).hand.len(), 4);
    s.start_turn_at(6);
    assert_eq!(s.car(orange).hand.len(), 6);
    assert!(s.car(orange).frozen.is_empty());
}
