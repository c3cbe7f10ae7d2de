//! SETUP, QUALIFICAÇÃO, GERENCIAMENTO DE COMBUSTÍVEL and PRE-RACE: the deal, the sealed card
//! and refuel chit, the robots' chits, the grid and its ties, the Target Check, refuelling, the
//! strategy and hard tyres in grid order, Lucky's draw.

use crate::support::*;
use autodromo_core::formula90::rules::FUEL_CHITS;
use autodromo_core::formula90::Phase;
use autodromo_core::{Player, State};
use serde_json::json;

/// Deals each seat the named cards (the deal is a chance node per card).
fn deal(s: &mut autodromo_core::formula90::F90State, hands: &[&[&str]]) {
    for h in hands {
        for c in h.iter() {
            draw(s, c);
        }
    }
}

#[test]
fn setup_deals_each_player_the_charts_hand() {
    // "cada jogador ... compra tantas cartas conforme indicado no token de setup": 6.
    let mut s = race(json!({"players": 2, "robots": {"fast": 1}}));
    settle(&mut s);
    assert_eq!(s.car(0).hand.len(), 6);
    assert_eq!(s.car(1).hand.len(), 6);
    assert_eq!(s.car(0).tyres, 10);
    assert_eq!(s.race_deck.len(), 99 - 12);
    assert!(matches!(s.phase, Phase::QualifyCard { seat: 0 }));
}

#[test]
fn formula90_example_qualifying_three_players() {
    // Orange [3] (13) stopping at 10: 3 + 1 = 4; Blue [2] (74) at 8: 2 + 2 = 4; Green [3] (17)
    // at 14: 3 - 1 = 2. Orange wins the tie with the lower check factor.
    let mut s = race(json!({"players": 3, "robots": {"superfast": 1}}));
    deal(
        &mut s,
        &[
            &["74", "1", "2", "3", "4", "5"],
            &["13", "6", "7", "8", "9", "10"],
            &["17", "11", "12", "14", "15", "16"],
        ],
    );
    act(&mut s, "qualify with 74");
    act(&mut s, "fuel to turn 8");
    // Sealed: the others see that Blue chose, not what.
    assert_eq!(s.view(Some(1))["cars"][0]["qualify_card"], "sealed");
    assert_eq!(s.view(Some(1))["cars"][0]["fuel"], serde_json::Value::Null);
    assert_eq!(s.view(Some(0))["cars"][0]["qualify_card"]["name"], "74");
    act(&mut s, "qualify with 13");
    act(&mut s, "fuel to turn 10");
    act(&mut s, "qualify with 17");
    act(&mut s, "fuel to turn 14");
    // The robots' chits are drawn at random after the reveal: the one pitting at turn 8.
    assert_eq!(s.current_player(), Player::Chance);
    act(&mut s, "chit 10");
    let (blue, orange, green) = (car(&s, "Blue"), car(&s, "Orange"), car(&s, "Green"));
    assert_eq!(
        (
            s.car(orange).qualifying,
            s.car(blue).qualifying,
            s.car(green).qualifying
        ),
        (4, 4, 2)
    );
    let grid: Vec<u8> = s.grid[..4].to_vec();
    let pos = |c: u8| grid.iter().position(|&g| g == c).unwrap();
    assert!(pos(orange) < pos(blue), "13 beats 74 in the tie");
    assert!(pos(blue) < pos(green));
    // "mantenha a carta usada para a qualificação ... ela será usada como target check".
    assert_eq!(s.race.card_name(s.car(blue).target), "74");
    assert_eq!(s.race.card_name(s.car(orange).target), "13");
    // The fuel chits on the Turn track (the book's next example): Blue and the SuperFast at 8,
    // Orange at 10, Green at 14.
    assert_eq!(
        (s.car(blue).fuel, s.car(orange).fuel, s.car(green).fuel),
        (8, 10, 14)
    );
    let sf = car(&s, "SuperFast");
    let chit = s.race.content.robots.chits[usize::from(s.robot_chit[usize::from(sf)])];
    assert_eq!(chit.pit_turn, 8);
}

#[test]
fn formula90_example_qualifying_lower_check_factor_first() {
    // "um carro com valor de carta igual a 4 e um número de check factor de (25) atinge um
    // melhor posição do que um carro com valor de carta 4 e um check factor de (30)".
    let mut s = race(json!({"players": 2, "robots": {}}));
    deal(
        &mut s,
        &[
            &["30", "1", "2", "3", "4", "5"],
            &["25", "6", "7", "8", "9", "10"],
        ],
    );
    act(&mut s, "qualify with 30"); // [2], fuel to 8: +2
    act(&mut s, "fuel to turn 8");
    act(&mut s, "qualify with 25"); // [3], fuel to 10: +1
    act(&mut s, "fuel to turn 10");
    let (blue, orange) = (car(&s, "Blue"), car(&s, "Orange"));
    assert_eq!(s.car(blue).qualifying, 4);
    assert_eq!(s.car(orange).qualifying, 4);
    assert_eq!(s.grid[0], orange);
}

#[test]
fn qualifying_fuel_modifiers_are_the_books() {
    assert_eq!(FUEL_CHITS, [(8, 2), (10, 1), (12, 0), (14, -1), (16, -2)]);
}

#[test]
fn a_tie_left_by_the_check_factors_is_drawn_at_random() {
    // "Se ainda assim houve empate entre valores, sorteie as posições."
    let mut s = race(json!({"players": 1, "robots": {"superfast": 1}}));
    let chits = s.race.content.robots.chits.clone();
    // A SuperFast chit whose check factor is a card Blue can match in value.
    let (k, chit, fuel) = chits
        .iter()
        .enumerate()
        .filter(|(_, c)| c.kind == autodromo_core::formula90::content::RobotType::SuperFast)
        .find_map(|(k, c)| {
            let mp = s.race.card(c.cf - 1).mp as i8;
            FUEL_CHITS
                .iter()
                .position(|f| mp + f.1 == c.qualifying)
                .map(|f| (k, *c, f))
        })
        .expect("a chit a card can tie");
    let cf = chit.cf.to_string();
    deal(&mut s, &[&[cf.as_str(), "1", "2", "3", "4", "5"]]);
    act(&mut s, &format!("qualify with {cf}"));
    act(&mut s, &format!("fuel to turn {}", FUEL_CHITS[fuel].0));
    act(&mut s, &format!("chit {}", k + 1));
    assert!(matches!(s.phase, Phase::GridTie { slot: 0 }));
    let outcomes = s.chance_outcomes();
    assert_eq!(outcomes.len(), 2);
    assert!((outcomes[0].1 - 0.5).abs() < 1e-9);
    act(&mut s, "tie won by SuperFast");
    assert_eq!(s.grid[0], car(&s, "SuperFast"));
}

#[test]
fn pre_race_strategy_and_hard_tyres_go_in_grid_order() {
    // "Começando com o jogador na pole position e seguindo de acordo com a ordem de largada";
    // hard tyres bring one Track Card.
    let mut s = race(json!({"players": 2, "robots": {}, "strategies": "basic"}));
    deal(
        &mut s,
        &[
            &["1", "2", "3", "4", "5", "6"],
            &["97", "7", "8", "9", "10", "11"],
        ],
    );
    act(&mut s, "qualify with 1");
    act(&mut s, "fuel to turn 12");
    act(&mut s, "qualify with 97");
    act(&mut s, "fuel to turn 12");
    let orange = car(&s, "Orange");
    assert_eq!(s.grid[0], orange, "97 is a [4]");
    assert_eq!(to_move(&s), "Orange");
    assert!(has(&s, "strategy Lucky"));
    refused(&mut s, "strategy Save Fuel", "advanced");
    act(&mut s, "strategy Banging Wheels");
    assert_eq!(s.current_player(), Player::Chance);
    draw(&mut s, "T1");
    assert!(s.car(orange).hand.contains(card(&s, "T1")));
    assert_eq!(to_move(&s), "Blue");
    act(&mut s, "strategy Lucky");
    draw(&mut s, "T2");
    assert_eq!(s.turn, 1);
    // The pole sitter is on the last section before the line, the other behind it.
    let last = (s.race.track().len() - 1) as u8;
    assert_eq!(s.car(orange).section, last);
    assert_eq!(s.car(orange).lap, 0);
}

#[test]
fn formula90_example_refuelling_at_turn_eight() {
    // "É começo do turno 8 e tanto o carro Azul quanto um Superfast devem fazer pit stop. ...
    // O tempo de pit stop nesta pista é -8 ... ele decide voltar 9 seções e avança seu token
    // de abastecimento por 13 turnos terminando na no turno 21."
    let mut s = book_race(json!({"players": 1, "robots": {"superfast": 1}}));
    let (blue, sf) = (car(&s, "Blue"), car(&s, "SuperFast"));
    layout(&mut s, &[(15, &["Blue", "SuperFast"])], 3);
    s.cars[usize::from(blue)].fuel = 8;
    s.robot_chit[usize::from(sf)] = 9;
    s.chits = 1 << 9;
    s.start_turn_at(8);
    assert_eq!(to_move(&s), "Blue");
    refused(&mut s, "drive", "must pit this turn");
    refused(&mut s, "skip the turn", "must pit this turn");
    act(&mut s, "pit stop +1 section");
    assert_eq!(s.car(blue).section, 6, "15 - 9");
    assert_eq!(s.car(blue).fuel, 21);
    // The pit procedure, then Blue waits for its section.
    act(&mut s, "keep the hand");
    settle(&mut s);
    act(&mut s, "new hard tyres");
    settle(&mut s);
    act(&mut s, "strategy Lucky");
    if labels(&s).iter().any(|l| l.starts_with("trajectory")) {
        act(&mut s, "no trajectory");
    }
    // The SuperFast goes back 8 to section 7, plays its 4 movement points from there (to 11),
    // and its chit is gone for good.
    assert_eq!(s.car(sf).section, 11);
    assert!(s.car(sf).refuelled);
    assert_eq!(s.chits, 0);
}

#[test]
fn refuelling_never_fills_more_than_sixteen_turns() {
    // "o tanque de combustível de um carro não pode exceder mais de 16 turnos".
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    let blue = car(&s, "Blue");
    layout(&mut s, &[(15, &["Blue"])], 3);
    s.cars[usize::from(blue)].fuel = 14;
    s.start_turn_at(8);
    act(&mut s, "pit stop +2 sections");
    assert_eq!(s.car(blue).fuel, 8 + 16);
}

#[test]
fn a_refuel_chit_past_the_last_turn_needs_no_stop() {
    let mut s = book_race(json!({"players": 1, "robots": {}, "turns": 6}));
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].fuel = 8;
    s.start_turn_at(6);
    assert!(has(&s, "drive"));
}

#[test]
fn formula90_example_lucky_draws_two_and_discards_one() {
    // "durante fase B ele poderá comprar 2 cartas em vez de uma e descartar uma carta de sua
    // mão ... se as duas Race Cards compradas tiverem o mesmo valor ou a mesma cor, ele também
    // comprará uma Track Card."
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].strategy = autodromo_core::formula90::rules::Strategy::Lucky;
    layout(&mut s, &[(3, &["Blue"])], 1);
    hand(&mut s, "Blue", &["50", "51"]);
    s.start_turn_at(2);
    act(&mut s, "drive");
    // Two red cards (13 and 25 are both red [3]s): the Special.
    draw(&mut s, "13");
    draw(&mut s, "25");
    assert!(
        matches!(s.phase, Phase::DrawTrack { .. }),
        "Lucky's Track Card"
    );
    draw(&mut s, "T3");
    assert_eq!(s.car(blue).hand.len(), 5);
    act(&mut s, "discard 50");
    assert_eq!(s.car(blue).hand.len(), 4);
    assert!(matches!(s.phase, Phase::Play { .. }));
}

#[test]
fn lucky_without_a_match_draws_no_track_card() {
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].strategy = autodromo_core::formula90::rules::Strategy::Lucky;
    layout(&mut s, &[(3, &["Blue"])], 1);
    hand(&mut s, "Blue", &["50"]);
    s.start_turn_at(2);
    act(&mut s, "drive");
    // 13 is a red [3], 74 an orange [2]: neither value nor colour.
    draw(&mut s, "13");
    draw(&mut s, "74");
    assert!(matches!(s.phase, Phase::LuckyDiscard { .. }));
}
