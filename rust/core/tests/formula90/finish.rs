//! F — Fim do Turno: late braking, trajectories; the recovery charts, re-entering the track,
//! retirements. On the test track: section 9 is a braking zone (LB -10, chart "ascari": a
//! normal check at -20, passed: a tyre and -2 MP, re-entry at section 12 counting from 1),
//! 12 is the braking zone before Abbey (LB -20, chart "abbey", trajectories green +2 and orange
//! +1), 13 is Abbey.

use crate::support::*;
use autodromo_core::formula90::car::Status;
use autodromo_core::formula90::rules::Strategy;
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::Player;
use serde_json::json;

fn field(players: u8, robots: serde_json::Value) -> F90State {
    let mut s = book_race(json!({"players": players, "robots": robots}));
    for c in 0..players {
        s.cars[usize::from(c)].strategy = Strategy::Balance;
        s.cars[usize::from(c)].fuel = 30;
    }
    s
}

fn start(s: &mut F90State, who: &[&str], turn: u8) {
    s.start_turn_at(turn);
    only(s, who);
    s.resume();
}

#[test]
fn formula90_example_late_braking_past_two_cars() {
    // "O carro azul está posicionado em uma trajetória +1 ... Ele joga uma carta laranja [3]
    // para um total de 4 PMs. Ele gasta 3 PM para alcançar o Robô Fast e o carro verde em a
    // zona de frenagem ... O carro Azul declara que tentará um Atraso de Freada. Seu Target Check
    // é (88) e há um modificador LB de -20 ... (68). O carro Azul compra uma Race Card de valor
    // (42), ufa! ele passa no teste, ultrapassa os dois carros da frente e avança para a próxima
    // seção. Seu novo Target Check passa a ser (42)".
    let mut s = field(3, json!({"fast": 1}));
    layout(
        &mut s,
        &[(12, &["Fast", "Green"]), (9, &["Blue"]), (13, &["Orange"])],
        3,
    );
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].trajectory = Some(0);
    hand(&mut s, "Blue", &["51", "40"]);
    target(&mut s, "Blue", "88");
    start(&mut s, &["Blue"], 5);
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 51 on the trajectory");
    draw(&mut s, "52"); // the orange card's draw
    assert_eq!(queue(&s, 12), ["Fast", "Green", "Blue"]);
    assert!(matches!(s.phase, Phase::LateBrake { .. }));
    act(&mut s, "late brake");
    assert_eq!(s.current_player(), Player::Chance);
    draw(&mut s, "42");
    assert_eq!(
        queue(&s, 13),
        ["Orange", "Blue"],
        "last in the next section"
    );
    assert_eq!(s.race.card_name(s.car(blue).target), "42");
}

#[test]
fn a_late_brake_is_allowed_with_no_car_to_pass() {
    // "Um carro pode tentar um atraso de freada mesmo se a seção não tiver outros carros.
    // Neste caso, seu único benefício é ganhar 1 seção adicional."
    let mut s = field(1, json!({}));
    layout(&mut s, &[(10, &["Blue"])], 3);
    hand(&mut s, "Blue", &["16"]);
    target(&mut s, "Blue", "99");
    start(&mut s, &["Blue"], 5);
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 16");
    assert_eq!(section_of(&s, "Blue"), 12);
    act(&mut s, "late brake");
    draw(&mut s, "30");
    assert_eq!(section_of(&s, "Blue"), 13);
}

#[test]
fn formula90_example_trajectories_hold_one_car_and_do_not_change_the_order() {
    // "O carro Azul encerrou seu movimento na trajetória verde +2. É a vez do carro vermelho,
    // ele tem 4 PM. Por estar usando Banging Wheels ele pode alcançar o carro azul e
    // ultrapassá-lo na zona de frenagem. O carro vermelho ocupa a trajetória +1 laranja
    // colocando o bico do seu carro à frente do carro azul."
    let mut s = field(4, json!({}));
    layout(&mut s, &[(12, &["Blue"]), (9, &["Red"])], 3);
    let (blue, red) = (car(&s, "Blue"), car(&s, "Red"));
    s.cars[usize::from(blue)].trajectory = Some(0);
    s.cars[usize::from(red)].strategy = Strategy::BangingWheels;
    hand(&mut s, "Red", &["16", "23"]);
    start(&mut s, &["Red"], 5);
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 16 + 23");
    assert_eq!(queue(&s, 12), ["Red", "Blue"]);
    act(&mut s, "no late brake");
    assert!(matches!(s.phase, Phase::Trajectory { .. }));
    assert!(has(&s, "trajectory 2 (orange +1)"));
    assert!(!has(&s, "trajectory 1 (green +2)"), "Blue holds it");
    act(&mut s, "trajectory 2 (orange +1)");
    assert_eq!(s.car(red).trajectory, Some(1));
    assert_eq!(s.car(blue).trajectory, Some(0));
    assert_eq!(queue(&s, 12), ["Red", "Blue"]);
}

#[test]
fn a_trajectory_is_taken_only_by_a_car_that_entered_the_section() {
    // "ela permanece disponível para qualquer carro que entre naquela seção no turno".
    let mut s = field(3, json!({}));
    layout(&mut s, &[(12, &["Green", "Blue"])], 3);
    hand(&mut s, "Blue", &["16"]);
    start(&mut s, &["Blue"], 5);
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 16");
    // Stuck behind Green in the braking zone: a late brake may be tried, no trajectory.
    act(&mut s, "no late brake");
    assert_ne!(to_move(&s), "Blue");
    assert_eq!(s.car(car(&s, "Blue")).trajectory, None);
}

#[test]
fn formula90_example_failed_late_brake_and_recovery() {
    // "No final de seu movimento o carro Azul decide tentar um atraso de freada na Variante
    // Ascari. Seu Target Check é (77), então ele tem que passar em um teste cego contra (67)
    // devido ao modificador -10 ... Ele compra um (73) e falha. O carro Azul agora se moverá ao
    // longo da linha da trajetória fora da pista: ele tem que fazer um teste de recuperação com
    // um modificador -20 (53) que ele consegue passar. O carro Azul é colocado no ponto de
    // reentrada perdendo 1 token de pneu e indo para o próximo turno com uma penalidade de -2 MP."
    let mut s = field(2, json!({}));
    layout(&mut s, &[(7, &["Blue"]), (2, &["Orange"])], 3);
    let blue = car(&s, "Blue");
    hand(&mut s, "Blue", &["16", "50"]);
    target(&mut s, "Blue", "77");
    start(&mut s, &["Blue", "Orange"], 5);
    act(&mut s, "drive");
    draw(&mut s, "60");
    act(&mut s, "play 16");
    assert_eq!(section_of(&s, "Blue"), 9);
    act(&mut s, "late brake");
    draw(&mut s, "73");
    assert_eq!(s.race.card_name(s.car(blue).target), "73");
    assert!(
        matches!(s.phase, Phase::Check { .. }),
        "a normal recovery check"
    );
    let tyres = s.car(blue).tyres;
    act(&mut s, "check with 50");
    assert_eq!(s.car(blue).tyres, tyres - 1);
    assert_eq!(s.car(blue).time_loss, 2);
    assert_eq!(s.car(blue).status, Status::OffTrack { reentry: 11 });
    // Off the track it blocks nobody; it still ranks in the section where it lost control.
    assert!(s.index_of(blue).is_none());
    assert_eq!(to_move(&s), "Orange");
}

#[test]
fn re_entering_costs_one_movement_point_and_the_time_loss() {
    // "Reentrar na pista custa 1 mp com o carro colocado atrás de qualquer outro na seção de
    // reentrada. Se ele sofreu penalidades de movimento, estes são deduzidos".
    let mut s = field(3, json!({}));
    layout(&mut s, &[(11, &["Orange"]), (2, &["Green"])], 3);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].status = Status::OffTrack { reentry: 11 };
    s.cars[usize::from(blue)].section = 9;
    s.cars[usize::from(blue)].lap = 3;
    s.cars[usize::from(blue)].time_loss = 2;
    hand(&mut s, "Blue", &["85"]);
    s.start_turn_at(6);
    only(&mut s, &["Blue"]);
    s.resume();
    act(&mut s, "drive");
    draw(&mut s, "50");
    // [4] - 2 = 2: back in section 11 behind Orange (1), past Orange on the straight (1).
    act(&mut s, "play 85");
    act(&mut s, "pay a tyre token");
    assert_eq!(queue(&s, 11), ["Blue", "Orange"]);
    assert_eq!(s.car(blue).time_loss, 0);
}

#[test]
fn a_re_entry_with_no_movement_left_puts_the_car_back_not_moving() {
    // "Se o movimento total resultar em zero ou um valor negativo, o carro é simplesmente
    // posicionado na seção de reentrada com o token NO MOVE -1 PM atrás dos outros carros."
    let mut s = field(3, json!({}));
    layout(&mut s, &[(11, &["Orange"]), (1, &["Green"])], 3);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].status = Status::OffTrack { reentry: 11 };
    s.cars[usize::from(blue)].section = 9;
    s.cars[usize::from(blue)].lap = 3;
    s.cars[usize::from(blue)].time_loss = 3;
    hand(&mut s, "Blue", &["16"]);
    s.start_turn_at(6);
    // Green, further back, has yet to play: NO MOVE is still on Blue then.
    only(&mut s, &["Blue", "Green"]);
    s.resume();
    act(&mut s, "drive");
    draw(&mut s, "50");
    act(&mut s, "play 16");
    assert_eq!(queue(&s, 11), ["Orange", "Blue"]);
    assert!(s.car(blue).no_move);
}

#[test]
fn an_off_track_car_plays_after_the_others_of_its_section() {
    // "Ele jogará seu turno individual após qualquer todos os outros carros na mesma seção".
    let mut s = field(2, json!({}));
    layout(&mut s, &[(9, &["Orange"])], 3);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].status = Status::OffTrack { reentry: 11 };
    s.cars[usize::from(blue)].section = 9;
    s.cars[usize::from(blue)].lap = 3;
    s.start_turn_at(6);
    assert_eq!(to_move(&s), "Orange");
}

#[test]
fn a_pit_from_the_re_entry_point_goes_back_from_where_control_was_lost() {
    // "será movido para trás começando da seção onde ele originalmente perdeu o controle. Se
    // houver penalidade de movimento impresso no local, recue seu carro uma seção extra para
    // cada ponto de penalidade".
    let mut s = field(1, json!({}));
    layout(&mut s, &[], 3);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].status = Status::OffTrack { reentry: 11 };
    s.cars[usize::from(blue)].section = 9;
    s.cars[usize::from(blue)].lap = 3;
    s.cars[usize::from(blue)].time_loss = 2;
    s.start_turn_at(6);
    act(&mut s, "pit stop");
    // 9 - 8 (the pit box) - 2 (the time loss) = 15, a lap back.
    assert_eq!((s.car(blue).section, s.car(blue).lap), (15, 2));
    assert_eq!(s.car(blue).time_loss, 0);
    assert!(s.car(blue).racing());
}

#[test]
fn a_crash_out_without_regaining_control_retires_the_car() {
    // "Sair da pista num local com o símbolo Crash Out e não conseguir retomar o controle".
    let mut s = field(2, json!({}));
    layout(&mut s, &[(10, &["Blue"]), (2, &["Orange"])], 3);
    let blue = car(&s, "Blue");
    hand(&mut s, "Blue", &["16", "75"]);
    target(&mut s, "Blue", "30");
    start(&mut s, &["Blue", "Orange"], 5);
    act(&mut s, "drive");
    draw(&mut s, "60");
    act(&mut s, "play 16");
    act(&mut s, "late brake");
    draw(&mut s, "80"); // fails 30 - 20; 80 is the Target Check now
    act(&mut s, "check with 75"); // the first recovery check (normal, 80 - 10) fails
    draw(&mut s, "90"); // the blind one (against 75) fails too: abandon
    assert!(s.car(blue).retired());
    // A player's cards go back to the discard pile.
    assert!(s.race_discard.contains(card(&s, "60")));
    assert_eq!(to_move(&s), "Orange");
}

#[test]
fn a_recovery_it_cannot_pay_in_tyres_retires_the_car() {
    // "O carro ... deve pagar imediatamente o número indicado de tokens de pneus. Ele não pode
    // descartar cartas ... Se o carro não tem tokens de pneus suficientes, ele abandona".
    let mut s = field(2, json!({}));
    layout(&mut s, &[(7, &["Blue"]), (2, &["Orange"])], 3);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].tyres = 0;
    hand(&mut s, "Blue", &["16", "50"]);
    target(&mut s, "Blue", "77");
    start(&mut s, &["Blue", "Orange"], 5);
    act(&mut s, "drive");
    draw(&mut s, "60");
    act(&mut s, "play 16");
    act(&mut s, "late brake");
    draw(&mut s, "73");
    act(&mut s, "check with 50");
    assert!(s.car(blue).retired());
}

#[test]
fn a_forced_pit_stop_comes_at_the_start_of_the_next_turn() {
    // "Pit Stop Forçado: O jogador terá que fazer um pit stop no início do seu próximo turno".
    let mut s = field(1, json!({}));
    layout(&mut s, &[(4, &["Blue"])], 3);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].forced_pit = true;
    s.start_turn_at(6);
    refused(&mut s, "drive", "forced pit stop");
    act(&mut s, "pit stop");
    assert!(!s.car(blue).forced_pit);
}

#[test]
fn robots_take_the_best_free_trajectory_the_outermost_of_equals() {
    // "os robôs são sempre colocados na trajetória com o maior valor. Se mais trajetórias
    // tiverem o mesmo valor, eles são preferencialmente colocados na mais externa."
    let mut s = field(1, json!({"fast": 1}));
    layout(&mut s, &[(9, &["Fast"]), (2, &["Blue"])], 3);
    s.start_turn_at(5);
    // Fast, 3 MP: 10, 11, 12 (the green +2 and the orange +1): the +2.
    let fast = car(&s, "Fast");
    assert_eq!(s.car(fast).section, 12);
    assert_eq!(s.car(fast).trajectory, Some(0));
}

#[test]
fn a_pitting_car_may_take_a_free_trajectory_where_it_lands() {
    // A.3 "Se houver uma trajetória livre (incluindo um ponto de Trajetória Extrema), este
    // carro pode ocupá-la, assumindo que ele será o último carro dentro daquela seção."
    let mut s = field(1, json!({}));
    // Section 16 (index) is off the track's 16 sections: 0 + 8 back lands at 8 (orange +1).
    layout(&mut s, &[(0, &["Blue@4"])], 3);
    s.start_turn_at(6);
    act(&mut s, "pit stop");
    act(&mut s, "keep the hand");
    settle(&mut s);
    act(&mut s, "new hard tyres");
    settle(&mut s);
    act(&mut s, "strategy Lucky");
    assert!(has(&s, "trajectory 1 (orange +1)"), "{:?}", labels(&s));
    act(&mut s, "trajectory 1 (orange +1)");
    let blue = car(&s, "Blue");
    assert_eq!((s.car(blue).section, s.car(blue).trajectory), (8, Some(0)));
}

#[test]
fn when_the_leader_leaves_the_track_the_front_is_where_he_lost_control() {
    // "Se o líder sair da pista, o token do Líder é atribuído ao carro que esteja mais à
    // frente na seção onde ele perdeu o controle."
    let mut s = field(3, json!({}));
    layout(
        &mut s,
        &[(9, &["Orange@2"]), (7, &["Blue"]), (3, &["Green"])],
        3,
    );
    hand(&mut s, "Blue", &["16", "75"]);
    target(&mut s, "Blue", "20");
    start(&mut s, &["Blue", "Orange", "Green"], 5);
    act(&mut s, "drive");
    draw(&mut s, "60");
    act(&mut s, "play 16");
    // Stuck behind Orange? No: Orange is a lap down — the leader check first.
    if matches!(s.phase, Phase::Check { .. }) {
        act(&mut s, "check with 75"); // fails: stuck behind Orange in the braking zone
    }
    act(&mut s, "late brake");
    draw(&mut s, "80"); // fails 20 - 10
    act(&mut s, "check with 60"); // fails 80 - 20 too: still re-enters (chart "ascari")
    let blue = car(&s, "Blue");
    assert!(s.car(blue).off_track());
    // Off the track, Blue ranks behind the cars of section 9: Orange (a lap down) leads the
    // activation from there; Blue keeps the race lead on laps.
    assert_eq!(s.leader(), Some(blue));
    assert_eq!(to_move(&s), "Orange");
}

#[test]
fn a_failed_leader_check_in_a_braking_zone_still_allows_a_late_brake() {
    // "Se o Líder falhar no check test do Líder em uma zona de frenagem, ele pode ainda tentar
    // atrasar a freada na fase F."
    let mut s = field(2, json!({}));
    layout(&mut s, &[(12, &["Orange@2"]), (10, &["Blue"])], 3);
    hand(&mut s, "Blue", &["6", "16", "90"]);
    target(&mut s, "Blue", "40");
    start(&mut s, &["Blue"], 5);
    act(&mut s, "drive");
    draw(&mut s, "60");
    act(&mut s, "play 6 + 16");
    act(&mut s, "check with 90");
    assert!(matches!(s.phase, Phase::LateBrake { .. }));
}

#[test]
fn recovery_discards_it_cannot_make_retire_the_car() {
    // "Descartar Cartas ... Se ele não tiver cartas suficientes para este descarte, deve
    // abandonar a corrida." Chart "abbey", test b passed: a wear, a card, -2 MP, forced pit.
    let mut s = field(2, json!({}));
    layout(&mut s, &[(10, &["Blue"]), (2, &["Orange"])], 3);
    hand(&mut s, "Blue", &["16", "75"]);
    target(&mut s, "Blue", "30");
    start(&mut s, &["Blue", "Orange"], 5);
    act(&mut s, "drive");
    draw(&mut s, "60");
    act(&mut s, "play 16");
    act(&mut s, "late brake");
    draw(&mut s, "80");
    act(&mut s, "check with 75"); // test a fails (80 - 10)
                                  // Blue's hand now holds only 60; discard it for the passed test b.
    draw(&mut s, "10"); // test b passes (10 <= 75)
    act(&mut s, "wear red");
    let blue = car(&s, "Blue");
    assert!(matches!(s.phase, Phase::RecoveryDiscard { .. }));
    act(&mut s, "discard 60");
    assert!(s.car(blue).forced_pit);
    assert!(s.car(blue).off_track());
}

#[test]
fn an_empty_race_deck_is_reshuffled_from_its_discards() {
    // "Se algum deck acabar, reembaralhe."
    let mut s = field(1, json!({}));
    layout(&mut s, &[(4, &["Blue"])], 3);
    let ids: Vec<u8> = s.race_deck.iter().collect();
    for id in ids.iter().skip(3) {
        s.take_card(*id);
        s.race_discard.insert(*id);
    }
    let keep: Vec<u8> = ids[..3].to_vec();
    s.set_hand(0, &keep);
    assert!(s.race_deck.is_empty());
    s.start_turn_at(5);
    act(&mut s, "drive");
    assert_eq!(s.current_player(), Player::Chance);
    assert!(!s.race_deck.is_empty() && s.race_discard.is_empty());
}
