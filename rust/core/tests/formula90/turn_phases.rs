//! TURNO INDIVIDUAL, phases A to D: skipping, the pit stop and its procedure, the pair rules,
//! Track Card eligibility, trajectories and their colours, paying tyres, discards and wear,
//! checks against the Target Check, draws; the strategies Save Tyres and Balance.

use crate::support::*;
use autodromo_core::formula90::rules::Strategy;
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::{Player, State};
use serde_json::json;

/// One player alone on the book track at `section`, its turn about to start.
fn alone(section: u8, cards: &[&str]) -> F90State {
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    layout(&mut s, &[(section, &["Blue"])], 2);
    hand(&mut s, "Blue", cards);
    target(&mut s, "Blue", "95");
    // Balance changes nothing off a trajectory: a neutral strategy for these tests.
    strategy(&mut s, "Blue", Strategy::Balance);
    s.start_turn_at(5);
    s
}

// ---- A: declarations -------------------------------------------------------------------

#[test]
fn skipping_the_turn_keeps_the_car_still_and_may_change_the_strategy() {
    // A.1 "seu carro não se move. O jogador pode mudar sua estratégia e então finalizar".
    let mut s = book_race(json!({"players": 2, "robots": {}}));
    layout(&mut s, &[(4, &["Blue"]), (2, &["Orange"])], 2);
    s.start_turn_at(5);
    act(&mut s, "skip the turn");
    act(&mut s, "strategy Balance");
    let blue = car(&s, "Blue");
    assert_eq!(s.car(blue).strategy, Strategy::Balance);
    assert_eq!(s.car(blue).section, 4);
    assert!(s.car(blue).no_move, "NO MOVE -1 PM");
    assert!(s.car(blue).played);
}

#[test]
fn formula90_example_pit_stop_procedure() {
    // "O carro azul é o líder e no começo de um Turno de Jogo ele declara um pit. O pit stop
    // desta pista tem valor -8 ... O token do líder é reassociado ao Robô Superfast ... avança seu
    // token de abastecimento 10 espaços ... descarta 2 de seus tokens de desgaste ... O token
    // marrom permanece ... tem 3 cartas em sua mão e ele decide manter apenas uma ... compra 5
    // novas cartas até o limite de 6 ... Ele tem um token de pneu restante ... pneu Duro ... 10
    // tokens e compra 1 track card ... muda sua estratégia de Lucky para Banging Wheels."
    let mut s = book_race(json!({"players": 1, "robots": {"superfast": 1, "fast": 1}}));
    layout(&mut s, &[(12, &["Blue", "SuperFast"]), (4, &["Fast"])], 4);
    let blue = car(&s, "Blue");
    hand(&mut s, "Blue", &["30", "31", "32"]);
    {
        let c = &mut s.cars[usize::from(blue)];
        c.fuel = 14;
        c.red = 2;
        c.brown = 1;
        c.tyres = 1;
        c.strategy = Strategy::Lucky;
    }
    s.bag[0] -= 2;
    s.bag[1] -= 1;
    let red_in_bag = s.bag[0];
    s.start_turn_at(9);
    assert_eq!(to_move(&s), "Blue");
    act(&mut s, "pit stop");
    // Back 8 sections, last there, behind the Fast robot; the SuperFast leads now.
    assert_eq!(queue(&s, 4), ["Fast", "Blue"]);
    assert_eq!(s.leader(), Some(car(&s, "SuperFast")));
    assert_eq!(s.car(blue).fuel, 24);
    assert_eq!((s.car(blue).red, s.car(blue).brown), (0, 1));
    assert_eq!(s.bag[0], red_in_bag + 2);
    act(&mut s, "discard 31");
    act(&mut s, "discard 32");
    act(&mut s, "keep the hand");
    for c in ["40", "41", "42", "43", "44"] {
        draw(&mut s, c);
    }
    assert_eq!(s.car(blue).hand.len(), 6);
    act(&mut s, "new hard tyres");
    draw(&mut s, "T2");
    assert_eq!(s.car(blue).tyres, 10);
    assert_eq!(
        s.car(blue).hand.len(),
        7,
        "the hard tyres' Track Card does not count"
    );
    act(&mut s, "strategy Banging Wheels");
    assert_eq!(s.car(blue).strategy, Strategy::BangingWheels);
    // The robots ahead played; Blue's turn resumes at phase B when its section is activated
    // again (the JUST PIT token is gone then).
    assert!(s.car(car(&s, "SuperFast")).played && s.car(car(&s, "Fast")).played);
    assert!(
        matches!(s.phase, Phase::DrawRace { car: 0, .. }),
        "{:?}",
        s.phase
    );
    assert!(!s.car(blue).played);
}

#[test]
fn the_pit_stop_leaves_with_no_more_cards_than_the_chart() {
    // "Um jogador não pode completar um pit stop tendo mais cartas na mão do que o número
    // indicado no painel do carro".
    let mut s = alone(6, &["1", "2", "3", "4", "5", "6", "7", "8"]);
    act(&mut s, "pit stop");
    refused(&mut s, "keep the hand", "at most 6");
    act(&mut s, "discard 1");
    act(&mut s, "discard 2");
    act(&mut s, "keep the hand");
    assert!(matches!(s.phase, Phase::PitTyres { .. }));
}

#[test]
fn keeping_the_tyres_at_a_pit_keeps_the_tokens() {
    // "Caso opte por não trocar os pneus, deve manter a mesma quantidade de tokens".
    let mut s = alone(6, &["1", "2", "3", "4", "5", "6"]);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].tyres = 4;
    act(&mut s, "pit stop");
    act(&mut s, "keep the hand");
    act(&mut s, "keep the tyres");
    assert_eq!(s.car(blue).tyres, 4);
    assert!(matches!(s.phase, Phase::Strategy { .. }));
}

// ---- C: play cards ------------------------------------------------------------------------

#[test]
fn pairs_are_a_one_with_anything_or_two_twos() {
    // "caso uma delas seja um [1], a outra carta pode ter qualquer valor. Caso uma delas seja
    // [2], a outra só pode ter valor [2] ... não é permitido jogar [2][3] ... ou [2][4]".
    let mut s = alone(2, &["6", "85", "16", "23", "13", "25"]);
    to_phase_c(&mut s, "50");
    assert!(has(&s, "play 6 + 85 (5 MP)"), "[1] + [4]");
    assert!(has(&s, "play 16 + 23 (4 MP)"), "[2] + [2]");
    refused(
        &mut s,
        "play 16 + 13",
        "Pairs: a [2] pairs only with a [2] or a [1]",
    );
    refused(
        &mut s,
        "play 16 + 85",
        "Pairs: a [2] pairs only with a [2] or a [1]",
    );
    refused(&mut s, "play 13 + 25", "Pairs");
    assert!(has(&s, "play 13 (3 MP)"), "one card: any");
    refused(&mut s, "play 60", "not in your hand");
}

#[test]
fn a_track_card_needs_a_move_through_its_corner() {
    // "Um jogador pode jogar uma Track Card somente se o movimento resultante na fase E fizer
    // com que seu carro comece ... atravesse ... ou finalize o movimento na curva".
    // T1 is a [4] for corner 1, Stowe (section 10).
    let mut s = alone(7, &["T1", "6"]);
    to_phase_c(&mut s, "50");
    assert!(has(&s, "play T1 (4 MP)"), "7 -> 8, 9, 10, 11 crosses Stowe");
    let mut s = alone(2, &["T1", "6"]);
    to_phase_c(&mut s, "50");
    refused(&mut s, "play T1", "corner 1 (Stowe)");
    let mut s = alone(10, &["T1"]);
    to_phase_c(&mut s, "50");
    assert!(
        has(&s, "play T1 (4 MP)"),
        "a move that starts in the corner"
    );
}

#[test]
fn formula90_example_a_track_card_and_a_leader_check_before_its_corner() {
    // "há um Robô Slow que vai tomar 1 volta antes da Curva 1. Para usar a Track Card o carro
    // Laranja deve usar uma carta de sua mão para passar no teste de Líder e ele deve possuir
    // esta carta".
    let setup = |extra: &str| {
        let mut s = book_race(json!({"players": 1, "robots": {"slow": 1}}));
        layout(&mut s, &[(9, &["Slow@1"]), (7, &["Blue"])], 2);
        hand(&mut s, "Blue", &["T1", "6", extra]);
        target(&mut s, "Blue", "60");
        s.start_turn_at(5);
        act(&mut s, "drive");
        draw(&mut s, "80");
        s
    };
    // 55 passes a check against 60: the Track Card may be played, and the leader check before
    // Stowe must use a passing card of the hand.
    let mut s = setup("55");
    assert!(has(&s, "play 6 + T1 (5 MP)"));
    act(&mut s, "play 6 + T1");
    assert!(
        matches!(s.phase, Phase::Check { .. }),
        "the leader check before lapping Slow"
    );
    refused(&mut s, "check blind", "Track Card");
    refused(&mut s, "check with 80", "Track Card");
    act(&mut s, "check with 55");
    // Without a passing card in hand (65 fails 60), the move is not certain: refused.
    let mut s = setup("65");
    refused(&mut s, "play 6 + T1", "leader check");
}

#[test]
fn a_card_is_played_only_if_its_costs_can_be_paid() {
    // "Uma carta não pode ser jogada se o jogador não puder pagar os recursos necessários."
    let mut s = alone(2, &["85", "6"]);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].tyres = 0;
    to_phase_c(&mut s, "50");
    refused(&mut s, "play 85", "at least one must be a token");
    s.cars[usize::from(blue)].tyres = 1;
    s.cars[usize::from(blue)].red = 5;
    // 98 is a [4] costing a tyre and a wear token: no free slot.
    let c98 = card(&s, "98");
    s.take_card(c98);
    s.cars[usize::from(blue)].hand.insert(c98);
    refused(&mut s, "play 98", "Wear: 1 wear tokens and 0 free slots");
}

// ---- D: symbols ---------------------------------------------------------------------------

#[test]
fn formula90_example_trajectory_colour_and_cost() {
    // "O carro Laranja está posicionado em uma trajetória +2 verde/laranja. Ele joga um par
    // [2] laranja [2] amarelo somando 6 MPs ... O gasto total de pontos de pneus é de 2 ... O
    // carro Laranja poderia ter decidido ignorar a trajetória - nesse caso ele gasta 1 pneu
    // apenas mas move 4 MP. Neste caso, a trajetória não fica disponível para o carro Verde".
    // On the Lago track, section 3 (index 2) holds a green/orange +2 trajectory costing a tyre.
    let mut s = book_race(json!({"players": 3, "robots": {}, "track": "lago"}));
    layout(&mut s, &[(2, &["Orange", "Green"]), (0, &["Blue"])], 2);
    let orange = car(&s, "Orange");
    s.cars[usize::from(orange)].trajectory = Some(0);
    strategy(&mut s, "Orange", Strategy::BangingWheels);
    hand(&mut s, "Orange", &["74", "19", "50"]);
    s.start_turn_at(5);
    assert_eq!(to_move(&s), "Orange");
    act(&mut s, "drive");
    draw(&mut s, "51");
    assert!(
        has(&s, "play 19 + 74 on the trajectory (6 MP)"),
        "{:?}",
        labels(&s)
    );
    assert!(has(&s, "play 19 + 74 (4 MP)"));
    let tyres = s.car(orange).tyres;
    act(&mut s, "play 19 + 74 on the trajectory");
    // Two tyres: the first a token, the second a token or a card.
    assert!(matches!(s.phase, Phase::PayTyres { .. }));
    act(&mut s, "pay a tyre token");
    assert_eq!(s.car(orange).tyres, tyres - 2);
    assert_eq!(s.it.mp, 0, "movement comes after the symbols");
    draw(&mut s, "52");
    assert_eq!(s.it.mp, 6);
}

#[test]
fn a_trajectory_needs_a_card_of_its_colour() {
    // "Se você não jogou pelo menos uma carta correspondente aquele tipo, você deve ignorar".
    let mut s = book_race(json!({"players": 1, "robots": {}, "track": "lago"}));
    layout(&mut s, &[(2, &["Blue"])], 2);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].trajectory = Some(0);
    hand(&mut s, "Blue", &["13", "6"]);
    s.start_turn_at(5);
    to_phase_c(&mut s, "50");
    refused(
        &mut s,
        "play 13 on the trajectory",
        "no movement card matches",
    );
    // Balance: "não precisa jogar uma carta da mesma cor para pegá-la".
    let mut s2 = s.clone();
    strategy(&mut s2, "Blue", Strategy::Balance);
    assert!(has(&s2, "play 13 on the trajectory (5 MP)"));
}

#[test]
fn formula90_example_paying_tyres_with_tokens_and_cards() {
    // "jogando um par formado por uma carta que custa 1 token de pneu e uma carta que custa 2
    // tokens de pneu custará 3 tokens de pneu no total e, portanto, pode ser pago com 1 token de
    // pneu e 2 cartas." 13 is a [3] costing a tyre... here a [1] with none and a [4] with two:
    // 6 + 85 costs two; with 89 ([2], one tyre) and 16 ([2], none) ... we pair 6 + 85 (2) and
    // pay 1 token + 1 card.
    let mut s = alone(2, &["6", "85", "30", "31"]);
    to_phase_c(&mut s, "50");
    let blue = car(&s, "Blue");
    let tyres = s.car(blue).tyres;
    act(&mut s, "play 6 + 85");
    assert!(has(&s, "pay a tyre token"));
    assert!(has(&s, "pay a tyre with 30"));
    act(&mut s, "pay a tyre with 30");
    assert_eq!(
        s.car(blue).tyres,
        tyres - 1,
        "one token: the first tyre is always a token"
    );
    assert!(s.race_discard.contains(card(&s, "30")));
}

#[test]
fn formula90_example_a_three_costing_two_tyres_and_a_wear_token() {
    // "Para jogar esta [3] carta de movimento, um jogador deve descartar 2 tokens de pneu (ou
    // alternativamente 1 pneu e 1 carta) e comprar um token de desgaste. Se o jogador estiver
    // usando a estratégia SAVE TYRES, ele paga 1 token de pneu apenas e compra um token de
    // dano." Card 42 is that [3].
    let mut s = alone(2, &["42", "30"]);
    strategy(&mut s, "Blue", Strategy::SaveTyres);
    to_phase_c(&mut s, "50");
    let blue = car(&s, "Blue");
    let tyres = s.car(blue).tyres;
    act(&mut s, "play 42");
    // One token paid, no second tyre to pay: the wear token comes.
    assert!(matches!(s.phase, Phase::Wear { .. }));
    assert_eq!(s.car(blue).tyres, tyres - 1);
    act(&mut s, "wear brown");
    assert_eq!(s.car(blue).brown, 1);
    // Without Save Tyres the second tyre is paid too.
    let mut s = alone(2, &["42", "30"]);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 42");
    assert!(matches!(s.phase, Phase::PayTyres { .. }));
}

#[test]
fn save_tyres_plays_a_one_tyre_card_with_no_token_left() {
    // "com Save Tyres, mesmo se você ficar sem pneus ainda pode jogar cartas exigindo o
    // pagamento de 1 token de pneu".
    let mut s = alone(2, &["13", "6"]);
    strategy(&mut s, "Blue", Strategy::SaveTyres);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].tyres = 0;
    to_phase_c(&mut s, "50");
    assert!(has(&s, "play 13 (3 MP)"));
}

#[test]
fn the_wear_bag_draws_red_and_brown_by_their_counts() {
    let mut s = alone(2, &["98", "6"]);
    s.bag = [3, 1];
    to_phase_c(&mut s, "50");
    act(&mut s, "play 98");
    let o = s.chance_outcomes();
    assert_eq!(o.len(), 2);
    assert!(
        (o[0].1 - 0.75).abs() < 1e-9 && (o[1].1 - 0.25).abs() < 1e-9,
        "{o:?}"
    );
}

#[test]
fn a_car_with_no_slot_for_a_forced_wear_token_retires() {
    // "Comprar tokens de dano que não podem ser colocados em seu painel" — a failed check's
    // wear on a full chart.
    let mut s = alone(2, &["97", "6", "99"]);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].red = 4;
    to_phase_c(&mut s, "50");
    // 97's check at -10 against 95: 85. Failing it on purpose with 99 costs a wear token.
    act(&mut s, "play 97");
    act(&mut s, "check 97 with 99");
    assert!(matches!(s.phase, Phase::Wear { .. }));
    act(&mut s, "wear red");
    assert_eq!(s.car(blue).red, 5);
    let mut s2 = alone(2, &["97", "6", "99"]);
    s2.cars[usize::from(blue)].red = 5;
    to_phase_c(&mut s2, "50");
    refused(&mut s2, "play 98", "not in your hand");
    act(&mut s2, "play 97");
    act(&mut s2, "check 97 with 99");
    act(&mut s2, "wear red");
    assert!(s2.car(blue).retired());
    assert!(
        s2.is_terminal(),
        "the only player is out: nothing left to decide"
    );
}

#[test]
fn formula90_example_target_check_pass_and_fail() {
    // "jogar um (79) contra um Target Check de (83) é um sucesso, jogar um (79) contra um Target
    // Check (37) é uma falha. ... a carta utilizada ... deve substituir a carta existente".
    for (target_cf, pass) in [("83", true), ("37", false)] {
        let mut s = alone(2, &["8", "79"]);
        target(&mut s, "Blue", target_cf);
        to_phase_c(&mut s, "50");
        // 8 is a green [1] without a check; 97 ... use 66 (normal check, no modifier).
        let c66 = card(&s, "66");
        s.take_card(c66);
        let blue = car(&s, "Blue");
        s.cars[usize::from(blue)].hand.insert(c66);
        act(&mut s, "play 66");
        act(&mut s, "check 66 with 79");
        assert_eq!(s.race.card_name(s.car(blue).target), "79");
        assert!(
            s.race_discard.contains(card(&s, target_cf)),
            "the old target is discarded"
        );
        assert_eq!(
            matches!(s.phase, Phase::Wear { .. }),
            !pass,
            "a failure costs a wear"
        );
    }
}

#[test]
fn formula90_example_the_checks_options_for_a_pair() {
    // "Um jogador joga um par de cartas de movimento (33) (89) com um deles exigindo um teste
    // Normal. O Target Check ... é (56). ... usar a carta ... (33) e passar ...; usar a carta
    // ... (89) e falhar ...; usar qualquer outra carta de sua mão; comprar uma carta do topo".
    // Card 33 prints its check at +10 here (66): 33 passes, 89 fails.
    let mut s = alone(2, &["33", "89", "40"]);
    target(&mut s, "Blue", "56");
    to_phase_c(&mut s, "50");
    act(&mut s, "play 33 + 89");
    let options = labels(&s);
    for l in [
        "check 33 with 33",
        "check 33 with 89",
        "check 33 with 40",
        "check 33 with 50",
        "check 33 blind",
    ] {
        assert!(options.iter().any(|o| o == l), "{l} in {options:?}");
    }
    act(&mut s, "check 33 with 89");
    let blue = car(&s, "Blue");
    assert_eq!(s.race.card_name(s.car(blue).target), "89");
    assert!(matches!(s.phase, Phase::Wear { .. }), "89 fails 66");
}

#[test]
fn formula90_example_two_checks_in_the_players_order() {
    // "Ele então decide realizar o primeiro teste Normal sem modificador usando sua carta de
    // movimento (20), que também é um sucesso pois é menor que (22). ... Há mais um teste para
    // fazer com um modificador de +20, portanto um Target check de (40). ... ele decide jogar
    // uma carta (91) de sua mão. Ele falha no teste, mas substitui seu Target Check".
    // (The example's Extreme Trajectory first is the advanced module; the target is 22.)
    let mut s = alone(2, &["20", "66", "91"]);
    target(&mut s, "Blue", "22");
    to_phase_c(&mut s, "50");
    act(&mut s, "play 20 + 66");
    // 66's check has no modifier; 20's has +20. Either first.
    assert!(has(&s, "check 20 blind") && has(&s, "check 66 blind"));
    act(&mut s, "check 66 with 20");
    let blue = car(&s, "Blue");
    assert_eq!(s.race.card_name(s.car(blue).target), "20");
    assert!(matches!(s.phase, Phase::Tests { .. }), "passed: no wear");
    act(&mut s, "check 20 with 91");
    assert_eq!(s.race.card_name(s.car(blue).target), "91");
    assert!(
        matches!(s.phase, Phase::Wear { .. }),
        "91 fails 40: a wear token"
    );
}

#[test]
fn a_blind_check_draws_the_top_card_which_becomes_the_target() {
    // "Teste Cego ... sua única escolha é comprar do topo do deck de Race Cards."
    let mut s = alone(2, &["88", "40"]);
    to_phase_c(&mut s, "50");
    // 88 is a green [4] with a blind check at +20.
    act(&mut s, "play 88");
    refused(&mut s, "check 88 with 40", "blind check");
    act(&mut s, "check 88 blind");
    assert_eq!(s.current_player(), Player::Chance);
    draw(&mut s, "77");
    let blue = car(&s, "Blue");
    assert_eq!(s.race.card_name(s.car(blue).target), "77");
}

#[test]
fn gear_cards_draw_race_cards_in_phase_d() {
    // D.3 "O jogador compra N Race Cards e as acrescenta à sua mão."
    let mut s = alone(2, &["5", "40"]);
    to_phase_c(&mut s, "50");
    let blue = car(&s, "Blue");
    act(&mut s, "play 5"); // an orange [1] drawing two
    draw(&mut s, "60");
    draw(&mut s, "61");
    assert!(s.car(blue).hand.contains(card(&s, "60")) && s.car(blue).hand.contains(card(&s, "61")));
}

#[test]
fn movement_cards_are_discarded_before_the_move() {
    // "após ter jogado e descartado suas cartas de movimento" (Líder Dando Volta).
    let mut s = alone(2, &["16", "23"]);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 16 + 23");
    assert!(s.race_discard.contains(card(&s, "16")) && s.race_discard.contains(card(&s, "23")));
    assert_eq!(section_of(&s, "Blue"), 6);
}

#[test]
fn save_tyres_special_a_token_spent_brings_a_track_card() {
    // SAVE TYRES: "PARA GANHAR TRACK CARD: Gaste pelo menos 1 pneu do seu estoque."
    let mut s = alone(2, &["85", "6"]);
    strategy(&mut s, "Blue", Strategy::SaveTyres);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 85");
    assert!(matches!(s.phase, Phase::DrawTrack { .. }), "{:?}", s.phase);
}

#[test]
fn balance_special_on_a_matched_trajectory() {
    // BALANCE: "PARA GANHAR TRACK CARDS: Sempre que estiver numa trajetória e COMBINAR COR com
    // uma das cartas de movimento."
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    layout(&mut s, &[(8, &["Blue"])], 2);
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].trajectory = Some(0);
    s.cars[usize::from(blue)].strategy = Strategy::Balance;
    hand(&mut s, "Blue", &["2"]);
    s.start_turn_at(5);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 2 on the trajectory");
    settle(&mut s);
    // The orange [1] matched the orange trajectory: a Track Card at the end of the turn.
    assert!(s.car(blue).hand.tracks().len() == 1, "{:?}", s.phase);
}

#[test]
fn a_card_with_a_discard_symbol_makes_the_player_discard() {
    // D.1 "Um jogador deve descartar de sua mão o número total de cartas indicadas".
    let mut s = alone(2, &["60", "40", "41"]);
    to_phase_c(&mut s, "50");
    act(&mut s, "play 60"); // a yellow [2]: discard one, draw one
    assert!(matches!(s.phase, Phase::PayDiscard { .. }));
    act(&mut s, "discard 41");
    assert!(s.race_discard.contains(card(&s, "41")));
    draw(&mut s, "70");
}
