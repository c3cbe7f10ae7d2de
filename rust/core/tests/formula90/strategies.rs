//! ESTRATÉGIAS (Apêndice A), the advanced five: Save Fuel, Hazard, Push, Chase and Recovery,
//! each Bonus and Special; the option that keeps the basic race's four.

use crate::support::*;
use autodromo_core::formula90::car::NO_CAR;
use autodromo_core::formula90::rules::Strategy;
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::{Player, State};
use serde_json::json;

/// One player alone on the book track at `section` with `st`, its turn about to start.
fn alone(section: u8, cards: &[&str], st: Strategy) -> F90State {
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    layout(&mut s, &[(section, &["Blue"])], 2);
    hand(&mut s, "Blue", cards);
    target(&mut s, "Blue", "96");
    strategy(&mut s, "Blue", st);
    s.cars[0].fuel = 12;
    s.start_turn_at(5);
    s
}

fn track_cards(s: &F90State, who: &str) -> u32 {
    s.car(car(s, who)).hand.tracks().len()
}

// ---- the option ---------------------------------------------------------------------------

#[test]
fn the_advanced_strategies_are_offered_unless_the_basic_four_are_asked_for() {
    // "Existem 10 estratégias diferentes" — nine printed; Recovery is marked <STK> ("não usá-la
    // no jogo Básico").
    let s = race(json!({"players": 1, "robots": {}}));
    let mut s = s;
    while !matches!(s.phase, Phase::Strategy { .. }) {
        let a = match s.current_player() {
            Player::Chance => s.chance_outcomes()[0].0,
            _ => s.legal_actions()[0],
        };
        s.apply_action(a).unwrap();
    }
    for st in Strategy::ALL {
        assert!(has(&s, &format!("strategy {}", st.name())), "{}", st.name());
    }
    let mut b = race(json!({"players": 1, "robots": {}, "strategies": "basic"}));
    while !matches!(b.phase, Phase::Strategy { .. }) {
        let a = match b.current_player() {
            Player::Chance => b.chance_outcomes()[0].0,
            _ => b.legal_actions()[0],
        };
        b.apply_action(a).unwrap();
    }
    refused(&mut b, "strategy Recovery", "advanced");
    refused(&mut b, "strategy Chase", "advanced");
    assert!(has(&b, "strategy Balance"));
}

// ---- SAVE FUEL ----------------------------------------------------------------------------

#[test]
fn save_fuel_trades_a_card_over_two_for_two_race_cards() {
    // "Ao final de cada turno, ao invés de comprar sua Race Card, pode descartar qualquer carta
    // maior que 2 (incluindo Track Card) para comprar DUAS RACE CARDs ao invés de apenas uma."
    let mut s = alone(2, &["95", "16", "T1"], Strategy::SaveFuel);
    act(&mut s, "drive");
    assert!(matches!(s.phase, Phase::DrawChoice { .. }), "{:?}", s.phase);
    assert!(has(&s, "draw from the deck"));
    refused(&mut s, "discard 16", "over [2]");
    // A Track Card over [2] may go too.
    assert!(has(&s, "discard T1 (Save Fuel: two Race Cards)"));
    act(&mut s, "discard 95");
    draw(&mut s, "50");
    draw(&mut s, "51");
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).hand.len(), 4, "16, T1, 50, 51");
    assert!(s.race_discard.contains(card(&s, "95")));
    assert!(matches!(s.phase, Phase::Play { .. }));
}

#[test]
fn save_fuel_with_no_card_over_two_draws_as_usual() {
    let mut s = alone(2, &["16", "6"], Strategy::SaveFuel);
    act(&mut s, "drive");
    assert!(matches!(s.phase, Phase::DrawRace { .. }), "{:?}", s.phase);
}

#[test]
fn save_fuel_moving_with_small_cards_saves_a_turn_of_fuel_and_earns_a_track_card() {
    // "Permite avançar o token de abastecimento 1 casa para frente sempre que mover o carro usando
    // somente cartas menores ou iguais a 2." Special: "Sempre que mover o carro com cartas
    // menores ou iguais a 2."
    let mut s = alone(2, &["16", "6", "95"], Strategy::SaveFuel);
    act(&mut s, "drive");
    act(&mut s, "draw from the deck");
    draw(&mut s, "50");
    act(&mut s, "play 16 + 6");
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).fuel, 13, "the chit one turn on");
    assert!(matches!(s.phase, Phase::DrawTrack { .. }), "{:?}", s.phase);
    settle(&mut s);
    assert_eq!(track_cards(&s, "Blue"), 1);
}

#[test]
fn save_fuel_with_a_card_over_two_saves_nothing() {
    let mut s = alone(2, &["16", "44", "6"], Strategy::SaveFuel);
    act(&mut s, "drive");
    act(&mut s, "draw from the deck");
    draw(&mut s, "50");
    act(&mut s, "play 44");
    settle(&mut s);
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).fuel, 12);
    assert_eq!(track_cards(&s, "Blue"), 0);
}

// ---- HAZARD -------------------------------------------------------------------------------

#[test]
fn hazard_a_blind_check_gives_a_movement_point_and_a_track_card() {
    // "fornece 1 ponto extra de movimento sempre que fizer um TESTE CEGO (através de uma carta
    // verde ...)"; "PARA GANHAR TRACK CARDS: Sempre que realizar uma compra cega que envolva
    // risco de desgaste". "Passar ou falhar num teste cego é irrelevante."
    for (drawn, wear) in [("20", false), ("99", true)] {
        let mut s = alone(2, &["17", "6"], Strategy::Hazard);
        target(&mut s, "Blue", "60");
        act(&mut s, "drive");
        draw(&mut s, "50");
        act(&mut s, "play 17"); // a green [3], a normal check
        act(&mut s, "check 17 blind");
        draw(&mut s, drawn);
        if wear {
            // The failed check's wear gives no movement point ("este dano não dá 1 PM extra").
            assert!(matches!(s.phase, Phase::Wear { .. }));
            act(&mut s, "wear red");
        }
        // [3] + 1 for the blind draw: 4 sections from section 2.
        assert_eq!(section_of(&s, "Blue"), 6, "drawn {drawn}");
        assert!(matches!(s.phase, Phase::DrawTrack { .. }), "{:?}", s.phase);
    }
}

#[test]
fn hazard_wear_printed_on_a_card_gives_a_movement_point() {
    // "ganha 1 movimento extra para cada DANO que receber vindo de uma carta".
    let mut s = alone(2, &["82", "6"], Strategy::Hazard);
    act(&mut s, "drive");
    draw(&mut s, "50");
    // 82: a red [3], 1 tyre, 1 wear: 4 MP under Hazard, and the label says so.
    assert!(has(&s, "play 82 (4 MP)"), "{:?}", labels(&s));
    act(&mut s, "play 82");
    act(&mut s, "wear red");
    assert_eq!(section_of(&s, "Blue"), 6);
    // A normal check made with a card of the hand is not blind: no Track Card.
    settle(&mut s);
    assert_eq!(track_cards(&s, "Blue"), 0);
}

#[test]
fn hazard_late_brake_gains_two_empty_sections_or_one() {
    // "Atrasar a Freada permite avançar 2 casas ao invés de apenas 1 (desde que as casas
    // avançadas não tenham outros carros)". Braking zone 9 (LB -10) before Stowe (10), then 11.
    for (occupied, landing) in [(false, 11u8), (true, 10u8)] {
        let mut s = book_race(json!({"players": 2, "robots": {}}));
        let layout_cars: Vec<(u8, &[&str])> = if occupied {
            vec![(11, &["Orange"]), (7, &["Blue"])]
        } else {
            vec![(15, &["Orange"]), (7, &["Blue"])]
        };
        layout(&mut s, &layout_cars, 2);
        strategy(&mut s, "Blue", Strategy::Hazard);
        s.cars[0].fuel = 12;
        hand(&mut s, "Blue", &["16", "6"]);
        target(&mut s, "Blue", "95");
        s.start_turn_at(5);
        only(&mut s, &["Blue"]);
        s.resume();
        act(&mut s, "drive");
        draw(&mut s, "50");
        act(&mut s, "play 16"); // [2]: sections 8 and 9, the braking zone
        assert!(matches!(s.phase, Phase::LateBrake { .. }), "{:?}", s.phase);
        act(&mut s, "late brake");
        draw(&mut s, "10"); // 10 <= 95 - 10: passed
        assert_eq!(section_of(&s, "Blue"), landing, "occupied: {occupied}");
        settle(&mut s);
        if matches!(s.phase, Phase::Trajectory { .. }) {
            act(&mut s, "no trajectory");
        }
        // The late brake's blind draw is a Track Card ("atraso de freada").
        assert_eq!(track_cards(&s, "Blue"), 1, "occupied: {occupied}");
    }
}

// ---- PUSH ---------------------------------------------------------------------------------

#[test]
fn push_pairs_a_two_with_a_higher_card_and_costs_a_turn_of_fuel() {
    // "Permite combinar cartas de valor +2 (e apenas estas cartas) com valores +3, +4, +5 ou +6
    // ... Sempre que fizer isso, recue o token de abastecimento 1 posição".
    let mut s = alone(2, &["16", "44", "95", "13"], Strategy::Push);
    act(&mut s, "drive");
    draw(&mut s, "50");
    refused(&mut s, "play 44 + 13", "Pairs");
    act(&mut s, "play 16 + 44");
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).fuel, 11);
    settle(&mut s);
    assert_eq!(section_of(&s, "Blue"), 7, "[2] + [3]");
}

#[test]
fn without_push_a_two_pairs_only_with_a_two_or_a_one() {
    let mut s = alone(2, &["16", "44"], Strategy::Balance);
    act(&mut s, "drive");
    draw(&mut s, "50");
    refused(&mut s, "play 16 + 44", "Pairs");
}

#[test]
fn push_never_leaves_the_car_out_of_fuel() {
    // "Cuidado para não sofrer pane seca": the chit may not come back onto a turn begun.
    let mut s = alone(2, &["16", "44"], Strategy::Push);
    s.cars[0].fuel = 6;
    act(&mut s, "drive");
    draw(&mut s, "50");
    refused(&mut s, "play 16 + 44", "out of fuel");
    assert!(has(&s, "play 44 (3 MP)"));
}

#[test]
fn push_special_two_tyre_tokens_spent() {
    // "PARA GANHAR TRACK CARDS: Sempre que gastar 2 ou mais pneus no turno (não cartas)."
    for (pay_card, special) in [(false, true), (true, false)] {
        let mut s = alone(2, &["95", "6", "30"], Strategy::Push);
        act(&mut s, "drive");
        draw(&mut s, "50");
        act(&mut s, "play 95"); // 2 tyres
        if pay_card {
            act(&mut s, "pay a tyre with 30");
        } else {
            act(&mut s, "pay a tyre token");
        }
        assert_eq!(
            matches!(s.phase, Phase::DrawTrack { .. }),
            special,
            "{:?}",
            s.phase
        );
    }
}

// ---- CHASE --------------------------------------------------------------------------------

/// Orange ahead of Blue on the same lap; Blue chases.
fn chase_race() -> F90State {
    let mut s = book_race(json!({"players": 2, "robots": {}}));
    layout(&mut s, &[(6, &["Orange"]), (2, &["Blue"])], 2);
    strategy(&mut s, "Blue", Strategy::Chase);
    strategy(&mut s, "Orange", Strategy::Balance);
    for c in 0..2 {
        s.cars[c].fuel = 14;
    }
    target(&mut s, "Blue", "93");
    target(&mut s, "Orange", "94");
    s
}

#[test]
fn formula90_example_chase_first_turn_a_movement_point_then_the_chased_cards() {
    // "em seu primeiro turno com Chase você sempre ganha 1 PM em vez de comprar uma carta do
    // oponente"; then "pode comprar da pilha de descarte do jogador que estava à sua frente".
    let mut s = chase_race();
    hand(&mut s, "Orange", &["16", "68"]);
    hand(&mut s, "Blue", &["6", "8"]);
    s.start_turn_at(5);
    // Orange (the leader) plays first: nobody chases it yet.
    run_turn(&mut s, "Orange", "play 16 + 68");
    assert_eq!(section_of(&s, "Orange"), 10);
    // Blue's phase A puts the Chased chit on Orange; nothing reserved: +1 MP.
    assert_eq!(to_move(&s), "Blue");
    act(&mut s, "drive");
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).chasing, car(&s, "Orange"));
    draw(&mut s, "50");
    assert!(has(&s, "play 6 + 8 (3 MP)"), "{:?}", labels(&s));
    act(&mut s, "play 6 + 8");
    settle(&mut s);
    assert_eq!(section_of(&s, "Blue"), 5);
    // Next turn: Orange's movement cards stay for Blue to take.
    hand(&mut s, "Orange", &["26", "30", "41"]);
    assert_eq!(to_move(&s), "Orange");
    run_turn(&mut s, "Orange", "play 26 + 30");
    settle(&mut s);
    assert_eq!(to_move(&s), "Blue");
    act(&mut s, "drive");
    assert!(matches!(s.phase, Phase::DrawChoice { .. }), "{:?}", s.phase);
    assert!(has(&s, "take 26 from Orange") && has(&s, "take 30 from Orange"));
    act(&mut s, "take 30 from Orange");
    assert!(s.car(blue).hand.contains(card(&s, "30")));
    assert!(!s.race_discard.contains(card(&s, "30")));
    // Taking a card gives no movement point.
    assert!(!s.it.chase_mp);
}

#[test]
fn chase_declining_the_chased_cards_gives_no_movement_point() {
    // "Você pode decidir recusar a opção (se disponível); no entanto, se o fizer, não receberá
    // 1 PM adicional."
    let mut s = chase_race();
    let (blue, orange) = (car(&s, "Blue"), car(&s, "Orange"));
    s.cars[usize::from(blue)].chasing = orange;
    hand(&mut s, "Orange", &["16", "68"]);
    hand(&mut s, "Blue", &["6", "8"]);
    s.start_turn_at(5);
    run_turn(&mut s, "Orange", "play 16 + 68");
    act(&mut s, "drive");
    act(&mut s, "draw from the deck");
    draw(&mut s, "50");
    assert!(has(&s, "play 6 + 8 (2 MP)"), "{:?}", labels(&s));
}

#[test]
fn chase_chit_comes_off_at_a_pit_and_at_a_change_of_strategy() {
    // "Se durante sua fase A você declarar um pit stop; Se você mudar de estratégia".
    let mut s = chase_race();
    let (blue, orange) = (car(&s, "Blue"), car(&s, "Orange"));
    s.cars[usize::from(blue)].chasing = orange;
    s.start_turn_at(5);
    only(&mut s, &["Blue"]);
    s.resume();
    act(&mut s, "pit stop");
    assert_eq!(s.car(blue).chasing, NO_CAR);

    let mut s = chase_race();
    s.cars[usize::from(blue)].chasing = orange;
    s.start_turn_at(5);
    only(&mut s, &["Blue"]);
    s.resume();
    act(&mut s, "skip the turn");
    act(&mut s, "strategy Lucky");
    assert_eq!(s.car(blue).chasing, NO_CAR);
}

#[test]
fn chase_chases_the_nearest_car_ahead_on_its_lap_and_drops_one_behind() {
    // "Este piloto deve estar à sua frente e na mesma volta"; the chit comes off "Se, a
    // qualquer momento durante a sua fase A, o piloto perseguido estiver atrás de você".
    let mut s = book_race(json!({"players": 3, "robots": {}}));
    // Green is a lap down just ahead of Blue; Orange ahead on Blue's lap.
    layout(
        &mut s,
        &[(8, &["Orange"]), (4, &["Green@1"]), (2, &["Blue"])],
        2,
    );
    strategy(&mut s, "Blue", Strategy::Chase);
    s.cars[0].fuel = 14;
    let (blue, orange, green) = (car(&s, "Blue"), car(&s, "Orange"), car(&s, "Green"));
    // A chit left on a car now behind comes off and goes on Orange.
    s.cars[usize::from(blue)].chasing = green;
    s.start_turn_at(5);
    only(&mut s, &["Blue"]);
    s.resume();
    assert_eq!(s.car(blue).chasing, orange);
}

#[test]
fn chase_special_ending_in_the_chased_cars_section() {
    // "PARA GANHAR TRACK CARDS: O jogador precisa finalizar seu movimento na mesma seção do
    // jogador que ele está perseguindo."
    let mut s = chase_race();
    let (blue, orange) = (car(&s, "Blue"), car(&s, "Orange"));
    s.cars[usize::from(blue)].chasing = orange;
    hand(&mut s, "Blue", &["16", "68"]);
    s.start_turn_at(5);
    only(&mut s, &["Blue"]);
    s.resume();
    act(&mut s, "drive");
    draw(&mut s, "50");
    // +1 MP (nothing reserved): [2] + [2] + 1 = 5 MP from section 2 stops behind Orange in 6.
    act(&mut s, "play 16 + 68");
    settle(&mut s);
    assert_eq!(section_of(&s, "Blue"), 6);
    assert_eq!(track_cards(&s, "Blue"), 1);
}

// ---- RECOVERY -----------------------------------------------------------------------------

#[test]
fn recovery_passes_fast_and_slow_robots_cheaply() {
    // "Ultrapassar um robô Rápido/Lento em uma seção reta é gratuito. ... em uma seção de
    // frenagem custa 1 PM. ... em uma seção de curva custa 2 PM." A SuperFast is passed as usual.
    let mut s = book_race(json!({"players": 1, "robots": {"fast": 1, "slow": 1, "superfast": 1}}));
    let names = s.race.names.clone();
    let (fast, slow, sf) = (&names[2], &names[3], &names[1]);
    strategy(&mut s, "Blue", Strategy::Recovery);
    s.cars[0].fuel = 14;
    hand(&mut s, "Blue", &["95", "6"]);
    target(&mut s, "Blue", "96");
    s.start_turn_at(5);
    // A straight (4) with the Slow robot, a braking zone (9) with the Fast one; the robots
    // have played.
    layout(
        &mut s,
        &[
            (15, &[sf.as_str()]),
            (9, &[fast.as_str()]),
            (4, &[slow.as_str()]),
            (3, &["Blue"]),
        ],
        2,
    );
    only(&mut s, &["Blue"]);
    s.resume();
    act(&mut s, "drive");
    draw(&mut s, "50");
    // 5 MP: 4 (free pass of the Slow robot), 5, 6, 7, 8; 9 would need a sixth point.
    act(&mut s, "play 95 + 6");
    finish_turn(&mut s, 0);
    assert_eq!(section_of(&s, "Blue"), 8);
    assert_eq!(queue(&s, 4), [slow.as_str()]);
}

#[test]
fn recovery_passes_a_fast_robot_in_a_braking_zone_for_one() {
    let s = book_race(json!({"players": 1, "robots": {"fast": 1}}));
    let fast = s.race.names[1].clone();
    for (st, landing) in [(Strategy::Balance, 9u8), (Strategy::Recovery, 10u8)] {
        let mut s = s.clone();
        strategy(&mut s, "Blue", st);
        s.cars[0].fuel = 14;
        hand(&mut s, "Blue", &["16", "68"]);
        target(&mut s, "Blue", "95");
        s.start_turn_at(5);
        layout(&mut s, &[(9, &[fast.as_str()]), (7, &["Blue"])], 2);
        only(&mut s, &["Blue"]);
        s.resume();
        act(&mut s, "drive");
        draw(&mut s, "50");
        // 4 MP: 8, 9, the pass (1 with Recovery; a stop without), Stowe.
        act(&mut s, "play 16 + 68");
        // (Without Recovery the car waits in the braking zone for its late brake.)
        assert_eq!(section_of(&s, "Blue"), landing, "{}", st.name());
    }
}

#[test]
fn recovery_special_a_fast_or_slow_robot_ahead_on_the_lap() {
    // "No final do seu turno individual, receba uma Track Card se tiver pelo menos um robô
    // Fast/Slow à sua frente na mesma volta."
    for (robot, special) in [("slow", true), ("superfast", false)] {
        let mut s = book_race(json!({"players": 1, "robots": {robot: 1}}));
        let r = s.race.names[1].clone();
        strategy(&mut s, "Blue", Strategy::Recovery);
        s.cars[0].fuel = 14;
        hand(&mut s, "Blue", &["6"]);
        target(&mut s, "Blue", "95");
        s.start_turn_at(5);
        layout(&mut s, &[(10, &[r.as_str()]), (2, &["Blue"])], 2);
        only(&mut s, &["Blue"]);
        s.resume();
        act(&mut s, "drive");
        draw(&mut s, "50");
        act(&mut s, "play 6");
        settle(&mut s);
        assert_eq!(track_cards(&s, "Blue") == 1, special, "{robot}");
    }
}
