//! FREE PRACTICE (Escolha a Habilidade, Setup do Carro, Carro Substituto) and the skills of
//! Apêndice B: when each acts and what it changes; the option that turns the module off.

use crate::support::*;
use autodromo_core::formula90::rules::{Skill, Strategy};
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::{Player, State};
use serde_json::json;

/// A race with Free Practice on, waiting for its first decision.
fn practice(players: u8) -> F90State {
    race(json!({"players": players, "robots": {}, "free_practice": true}))
}

/// Chance nodes resolved by drawing the lowest cards.
fn deal_low(s: &mut F90State) {
    settle(s);
}

fn give_skill(s: &mut F90State, who: &str, k: Skill) {
    let c = car(s, who);
    s.cars[usize::from(c)].skill = Some(k);
}

/// One player alone on the book track at `section` with a skill, its turn about to start.
fn alone(section: u8, cards: &[&str], k: Skill) -> F90State {
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    layout(&mut s, &[(section, &["Blue"])], 2);
    hand(&mut s, "Blue", cards);
    target(&mut s, "Blue", "96");
    strategy(&mut s, "Blue", Strategy::Balance);
    give_skill(&mut s, "Blue", k);
    s.cars[0].fuel = 12;
    s.start_turn_at(5);
    s
}

// ---- Free Practice ------------------------------------------------------------------------

#[test]
fn free_practice_comes_before_the_deal_skill_then_setup_for_each_player() {
    // "Cada jogador escolhe uma habilidade ... Mais de um jogador pode optar por usar a mesma
    // habilidade"; then the setup; "Depois de completar o setup, cada jogador pega tantos tokens
    // de pneu ... e compra tantas cartas".
    let mut s = practice(2);
    assert!(matches!(s.phase, Phase::Skill { seat: 0 }), "{:?}", s.phase);
    for k in Skill::ALL {
        assert!(has(&s, &format!("skill {}", k.name())), "{}", k.name());
    }
    act(&mut s, "skill Reflexes");
    assert!(matches!(s.phase, Phase::Setup { seat: 0 }));
    act(&mut s, "setup 12 tyres, 5 cards, 5 wear slots");
    assert_eq!(to_move(&s), "Orange");
    act(&mut s, "skill Reflexes");
    act(&mut s, "setup 10 tyres, 6 cards, 5 wear slots");
    // The deal: Blue draws 5.
    assert_eq!(s.current_player(), Player::Chance);
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).chart.hand, 5);
    assert_eq!(s.car(blue).tyres, 12);
    assert_eq!(s.car(blue).skill, Some(Skill::Reflexes));
}

#[test]
fn formula90_example_setup_points() {
    // "10 tokens de pneu (2 pontos), 6 Race Cards iniciais (2 pontos) e 5 slots de desgaste (2
    // pontos) para um total de 6 pontos ... 12 tokens de pneu (3 pontos), 5 cartas iniciais (1
    // ponto) e 5 slots de desgaste (2 pontos) com o total ainda sendo 6 pontos". A1: the
    // example's "compra 7 Race Cards" is read as the chart's 6 (decision 1 of Free Practice).
    let mut s = practice(1);
    act(&mut s, "skill Qualify");
    assert!(has(&s, "setup 10 tyres, 6 cards, 5 wear slots (6 points)"));
    assert!(has(&s, "setup 12 tyres, 5 cards, 5 wear slots (6 points)"));
    refused(&mut s, "setup 12 tyres, 6 cards, 5 wear slots", "at most 6");
    refused(&mut s, "setup 12 tyres, 7 cards, 6 wear slots", "Tuning");
}

#[test]
fn tuning_sets_up_with_eight_points_never_more_than_three_a_category() {
    // TUNING: "pode gastar até 8 pontos de setup (sendo que o normal é 6)" and "nunca pode
    // ultrapassar os 3 pontos máximo em qualquer característica".
    let mut s = practice(1);
    act(&mut s, "skill Tuning");
    assert!(has(&s, "setup 12 tyres, 7 cards, 5 wear slots (8 points)"));
    refused(&mut s, "setup 12 tyres, 7 cards, 6 wear slots", "at most 8");
    // No category beyond 3 points: the table has no fourth value to ask for.
    assert!(s
        .string_to_action("setup 14 tyres, 6 cards, 5 wear slots")
        .is_err());
    act(&mut s, "setup 12 tyres, 7 cards, 5 wear slots");
    assert_eq!(s.car(0).chart.wear_slots, 5);
    assert_eq!(s.car(0).chart.hand, 7);
}

#[test]
fn the_spare_car_gives_one_new_hand_which_must_be_kept() {
    // CARRO SUBSTITUTO: "pode descartar toda sua mão para a pilha de descarte e comprar novas
    // cartas. Isso só pode ser feito uma vez e deve aceitar esta segunda mão".
    let mut s = practice(1);
    act(&mut s, "skill Qualify");
    act(&mut s, "setup 10 tyres, 6 cards, 5 wear slots");
    deal_low(&mut s);
    assert!(
        matches!(s.phase, Phase::SpareCar { seat: 0 }),
        "{:?}",
        s.phase
    );
    let first = s.car(0).hand;
    assert_eq!(first.len(), 6);
    act(&mut s, "new hand (spare car)");
    deal_low(&mut s);
    let second = s.car(0).hand;
    assert_eq!(second.len(), 6);
    assert!(second.iter().all(|id| !first.contains(id)));
    assert!(first.iter().all(|id| s.race_discard.contains(id)));
    // No second spare car: qualifying comes next.
    assert!(
        matches!(s.phase, Phase::QualifyCard { .. }),
        "{:?}",
        s.phase
    );
}

#[test]
fn without_free_practice_the_race_starts_at_the_deal_with_the_charts_values() {
    let s = race(json!({"players": 1, "robots": {}, "free_practice": false}));
    assert_eq!(s.current_player(), Player::Chance);
    assert_eq!(s.car(0).skill, None);
    assert_eq!(s.car(0).chart.hand, 6);
}

// ---- the skills ---------------------------------------------------------------------------

#[test]
fn qualify_adds_two_in_qualifying_and_two_track_cards_before_the_race() {
    // QUALIFY: "Soma +2 na qualificação ... ganha 2 TRACK CARDs no começo da corrida."
    let mut s = practice(1);
    act(&mut s, "skill Qualify");
    act(&mut s, "setup 10 tyres, 6 cards, 5 wear slots");
    deal_low(&mut s);
    act(&mut s, "keep the hand");
    let q = labels(&s)[0].clone();
    act(&mut s, &q);
    act(&mut s, "fuel to turn 12");
    settle(&mut s);
    let c = s.car(0);
    let qcard = if c.qualify_card != autodromo_core::formula90::car::NO_CARD {
        c.qualify_card
    } else {
        c.target
    };
    assert_eq!(c.qualifying, s.race.card(qcard).mp as i8 + 2);
    act(&mut s, "strategy Balance");
    settle(&mut s);
    // The hard tyres' Track Card and Qualify's two.
    assert_eq!(s.car(0).hand.tracks().len(), 3);
}

#[test]
fn qualify_adds_a_movement_point_at_the_race_start() {
    // "ganha +1 movimento extra na largada".
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    layout(&mut s, &[(2, &["Blue"])], 0);
    give_skill(&mut s, "Blue", Skill::Qualify);
    strategy(&mut s, "Blue", Strategy::Balance);
    hand(&mut s, "Blue", &["6"]);
    s.start_turn_at(1);
    act(&mut s, "drive");
    draw(&mut s, "50");
    assert!(has(&s, "play 6 (2 MP)"), "{:?}", labels(&s));
    let mut later = alone(2, &["6"], Skill::Qualify);
    act(&mut later, "drive");
    draw(&mut later, "50");
    assert!(has(&later, "play 6 (1 MP)"));
}

#[test]
fn reflexes_adds_twenty_to_every_check() {
    // REFLEXES: "O jogador soma +20 em qualquer teste (carta verde, atraso de freada ou Extreme
    // Trajectory)"; W20: "uma penalidade de -10 com esta habilidade implica fazer um teste em
    // +10".
    for (k, passes) in [(Skill::Reflexes, true), (Skill::Qualify, false)] {
        let mut s = alone(2, &["39", "55"], k);
        target(&mut s, "Blue", "50");
        act(&mut s, "drive");
        draw(&mut s, "70");
        act(&mut s, "play 39"); // a green [3], check -10
                                // 50 - 10 + 20 = 60: 55 passes; without Reflexes the target is 40.
        act(&mut s, "check 39 with 55");
        assert_eq!(
            !matches!(s.phase, Phase::Wear { .. }),
            passes,
            "{}",
            k.name()
        );
        let blue = car(&s, "Blue");
        let bonus = if passes { 20 } else { 0 };
        assert_eq!(s.check_target(blue, -10), 55 - 10 + bonus);
    }
}

#[test]
fn lapping_laps_for_nothing_on_straights_and_one_in_corners() {
    // LAPPING: "não gasta pontos de movimento para ultrapassar retardatários em RETAS e ZONAS DE
    // FRENAGEM e gasta apenas 1 ponto de movimento para ultrapassar em curvas".
    let mut s = book_race(json!({"players": 2, "robots": {}}));
    layout(&mut s, &[(4, &["Orange@1"]), (3, &["Blue"])], 2);
    give_skill(&mut s, "Blue", Skill::Lapping);
    strategy(&mut s, "Blue", Strategy::Balance);
    s.cars[0].fuel = 14;
    hand(&mut s, "Blue", &["16"]);
    target(&mut s, "Blue", "96");
    s.start_turn_at(5);
    only(&mut s, &["Blue"]);
    s.resume();
    act(&mut s, "drive");
    draw(&mut s, "50");
    // [2]: into 4, lap Orange (0 with Lapping; the leader check first), into 5.
    act(&mut s, "play 16");
    if matches!(s.phase, Phase::Check { .. }) {
        act(&mut s, "check with 50");
    }
    assert_eq!(section_of(&s, "Blue"), 5, "{:?}", s.phase);
}

#[test]
fn lapping_adds_a_movement_point_per_blue_flag_on_the_cards_played() {
    // "Ganha +1 pm para cada bandeira azul existente nas cartas usadas para movimento."
    let mut s = alone(2, &["22", "6"], Skill::Lapping);
    act(&mut s, "drive");
    draw(&mut s, "50");
    // 22: a yellow [2] with a blue flag.
    assert!(has(&s, "play 22 (3 MP)"), "{:?}", labels(&s));
}

#[test]
fn pitting_goes_back_two_sections_fewer_and_takes_a_track_card() {
    // PITTING: "recua -2 seções a cada pit stop e recebe +1 track card extra a cada parada
    // (esta carta não conta para o total de cartas existente no painel do carro)".
    let mut s = alone(12, &["6", "16"], Skill::Pitting);
    act(&mut s, "pit stop");
    // The book track's pit is 8: 12 - 6.
    assert_eq!(section_of(&s, "Blue"), 6);
    act(&mut s, "keep the hand");
    settle(&mut s);
    act(&mut s, "new hard tyres");
    settle(&mut s);
    let blue = car(&s, "Blue");
    assert_eq!(
        s.car(blue).hand.tracks().len(),
        2,
        "hard tyres' and Pitting's"
    );
    assert_eq!(s.car(blue).hand.races().len(), 6);
}

#[test]
fn tuning_repairs_a_permanent_wear_token_at_each_pit_stop() {
    // TUNING: "pode remover 1 token de Dano Permanente a cada pit stop".
    let mut s = alone(12, &["6"], Skill::Tuning);
    s.cars[0].brown = 2;
    s.cars[0].red = 1;
    let bag = s.bag;
    act(&mut s, "pit stop");
    assert_eq!((s.car(0).red, s.car(0).brown), (0, 1));
    assert_eq!(s.bag, [bag[0] + 1, bag[1] + 1]);
}

#[test]
fn versatility_changes_the_strategy_once_between_pit_stops() {
    // A.2 "Um jogador com VERSATILITY agora pode mudar sua estratégia e girar seu token"; "Durante
    // qualquer pit stop gire novamente a ficha para sua posição normal".
    let mut s = alone(2, &["6", "16"], Skill::Versatility);
    act(&mut s, "change strategy (Versatility)");
    act(&mut s, "strategy Push");
    assert_eq!(s.car(0).strategy, Strategy::Push);
    assert!(matches!(s.phase, Phase::Declare { .. }));
    refused(&mut s, "skip the turn", "A.1");
    refused(&mut s, "change strategy", "one skill declaration");
    act(&mut s, "drive");
    let mut next = s.clone();
    next.start_turn_at(6);
    refused(&mut next, "change strategy", "turned");
    // A pit stop turns the chit back.
    act(&mut next, "pit stop");
    assert!(!next.car(0).skill_used);
}

#[test]
fn wise_driving_discards_race_cards_and_draws_back_to_the_hand() {
    // A.2 "Um jogador com WISE DRIVING pode descartar quantas Race Cards de sua mão desejar e
    // comprar cartas novas até seu limite de mão, mas apenas uma vez entre pit stops"; Track
    // Cards do not count.
    let mut s = alone(2, &["6", "8", "16", "T1"], Skill::WiseDriving);
    act(&mut s, "new cards (Wise Driving)");
    assert!(matches!(s.phase, Phase::WiseDiscard { .. }));
    refused(&mut s, "discard T1", "Race Cards only");
    act(&mut s, "discard 6");
    act(&mut s, "discard 8");
    act(&mut s, "keep the hand");
    // 1 Race Card left; the chart's 6: five drawn.
    assert_eq!(s.current_player(), Player::Chance);
    settle(&mut s);
    assert_eq!(s.car(0).hand.races().len(), 6);
    assert_eq!(s.car(0).hand.tracks().len(), 1);
    assert!(matches!(s.phase, Phase::Declare { .. }));
    refused(&mut s, "new cards", "one skill declaration");
}

#[test]
fn wise_driving_leaves_the_pit_with_track_cards_beyond_the_hand() {
    // "as TRACK CARDs que o jogador tenha acumulado não contam para o total de cartas de sua mão
    // após um PIT STOP".
    let mut s = alone(
        12,
        &["6", "8", "16", "17", "20", "23", "T1", "T2"],
        Skill::WiseDriving,
    );
    act(&mut s, "pit stop");
    assert!(has(&s, "keep the hand"));
    let mut other = alone(
        12,
        &["6", "8", "16", "17", "20", "23", "T1", "T2"],
        Skill::Reflexes,
    );
    act(&mut other, "pit stop");
    refused(&mut other, "keep the hand", "at most 6");
}
