//! TURNO DE JOGO and ATIVAR SEÇÃO: the Turn pawn and Race Stages, activation from the Leader
//! backwards, the FAS moving with the Leader, subsections around the Leader line, the end of
//! the race. The book's pictures letter sections from A at the front; on the test track the
//! stretch A..I is sections 8 down to 0 (all straights). The book's Purple, Yellow and Black
//! cars are Red, Pink and White here.

use crate::support::*;
use autodromo_core::formula90::Phase;
use autodromo_core::{Player, State};
use serde_json::json;

const A: u8 = 8;
const B: u8 = 7;
const C: u8 = 6;
const D: u8 = 5;
const E: u8 = 4;
const G: u8 = 2;
const I: u8 = 0;

fn six() -> autodromo_core::formula90::F90State {
    book_race(json!({"players": 6, "robots": {}}))
}

/// Names of the cars in the order they are asked to declare (phase A), skipping each.
fn order_by_skipping(s: &mut autodromo_core::formula90::F90State, n: usize) -> Vec<String> {
    let mut out = Vec::new();
    for _ in 0..n {
        settle(s);
        let who = to_move(s);
        out.push(who.clone());
        skip_turn(s, &who);
    }
    out
}

#[test]
fn formula90_example_activation_from_the_leader_backwards() {
    // "Seção E é ativada primeiro (token do líder). Carro Azul joga sua vez e dá 1 volta no
    // carro Roxo. A próxima seção ... começa na Seção A e segue para trás ... a seção D. ...
    // a seção G, onde há 2 carros ... Por fim, a seção I".
    let mut s = six();
    layout(
        &mut s,
        &[
            (D, &["Red@2"]),
            (E, &["Blue"]),
            (G, &["Orange", "Green"]),
            (I, &["Pink"]),
        ],
        3,
    );
    hand(&mut s, "Blue", &["6", "97", "16"]);
    target(&mut s, "Blue", "99");
    s.start_turn_at(5);
    assert_eq!(to_move(&s), "Blue");
    // [1] + [4]: D (1), lap Red (1, after the leader check), C, B, A.
    run_turn(&mut s, "Blue", "play 6 + 97");
    assert_eq!(section_of(&s, "Blue"), A);
    assert_eq!(s.car(car(&s, "Red")).lap, 2);
    assert_eq!(
        order_by_skipping(&mut s, 4),
        ["Red", "Orange", "Green", "Pink"]
    );
    assert_eq!(s.turn, 6, "every car has played: the next game turn");
}

#[test]
fn formula90_example_only_the_leader_plays_when_his_section_is_first_activated() {
    // "Quando a seção do Líder é ativada pela primeira vez, apenas o líder pode ter seu turno
    // individual e o FAS se move em conjunto com ele": E holds Blue (leader), Orange, Green;
    // Blue plays, then D (Purple), then E again, then I.
    let mut s = six();
    layout(
        &mut s,
        &[
            (D, &["Red@2"]),
            (E, &["Blue", "Orange", "Green"]),
            (I, &["White"]),
        ],
        3,
    );
    hand(&mut s, "Blue", &["6", "97", "16"]);
    target(&mut s, "Blue", "99");
    s.start_turn_at(5);
    run_turn(&mut s, "Blue", "play 6 + 97");
    assert_eq!(section_of(&s, "Blue"), A);
    assert_eq!(
        order_by_skipping(&mut s, 4),
        ["Red", "Orange", "Green", "White"]
    );
}

#[test]
fn formula90_example_the_leader_pits_and_the_front_moves_to_the_new_leader() {
    // "O carro azul faz o pit e o token do líder é reassociado ao carro Laranja. Agora a seção
    // D é a nova FAS ... O carro laranja move e dá 1 volta no carro roxo. A próxima seção
    // ativada é a B ... Após a seção B ter sido ativada, ativam-se a E e a G."
    let mut s = six();
    layout(
        &mut s,
        &[
            (B, &["Red@2"]),
            (C, &["Blue"]),
            (D, &["Orange"]),
            (E, &["Green"]),
            (G, &["Pink"]),
        ],
        3,
    );
    hand(&mut s, "Orange", &["16", "23", "6"]);
    target(&mut s, "Orange", "99");
    s.start_turn_at(5);
    assert_eq!(to_move(&s), "Blue");
    act(&mut s, "pit stop");
    act(&mut s, "keep the hand");
    settle(&mut s);
    act(&mut s, "new hard tyres");
    settle(&mut s);
    act(&mut s, "strategy Banging Wheels");
    // The Leader chit is Orange's now, and Orange plays next.
    assert_eq!(s.leader(), Some(car(&s, "Orange")));
    // [2] + [2]: C, B, lap Red, A.
    run_turn(&mut s, "Orange", "play 16 + 23");
    assert_eq!(section_of(&s, "Orange"), A);
    assert_eq!(order_by_skipping(&mut s, 3), ["Red", "Green", "Pink"]);
    // Blue, back 8 sections behind them all, plays last (JUST PIT): its draw comes now.
    settle(&mut s);
    assert_eq!(to_move(&s), "Blue");
    assert!(
        matches!(s.phase, Phase::Play { .. }),
        "Blue resumes at phase C"
    );
}

#[test]
fn formula90_example_subsections_around_the_leader_line() {
    // "Vamos ativar a subseção C2 que considera apenas o CARRO AZUL mas não o ROXO" ... Orange
    // laps Purple and Yellow but not Red; then B2 (Yellow), then C and G. Here Purple is Pink
    // and Yellow is White; Red keeps its colour.
    let mut s = six();
    layout(
        &mut s,
        &[
            (B, &["Red@2", "White@2"]),
            (C, &["Pink@2", "Blue"]),
            (D, &["Orange"]),
            (G, &["Green"]),
        ],
        3,
    );
    hand(&mut s, "Orange", &["16", "23", "98", "96"]);
    target(&mut s, "Orange", "99");
    s.start_turn_at(5);
    assert_eq!(
        to_move(&s),
        "Blue",
        "C2 first: the Leader, not Pink ahead of him"
    );
    act(&mut s, "pit stop");
    act(&mut s, "keep the hand");
    settle(&mut s);
    act(&mut s, "new hard tyres");
    settle(&mut s);
    act(&mut s, "strategy Lucky");
    assert_eq!(to_move(&s), "Orange");
    // C (1), lap Pink (1), B (1), lap White (1): four MP, Red stays ahead.
    run_turn(&mut s, "Orange", "play 16 + 23");
    assert_eq!(queue(&s, B), ["Red", "Orange", "White"]);
    // B2 (White, behind the Leader line), then C (Pink), then G (Green), then Blue (behind
    // them after its pit), and Red (ahead of the Leader in B) last.
    assert_eq!(order_by_skipping(&mut s, 3), ["White", "Pink", "Green"]);
    settle(&mut s);
    assert_eq!(to_move(&s), "Blue");
}

#[test]
fn a_game_turn_ends_when_every_car_on_the_track_has_played() {
    let mut s = book_race(json!({"players": 2, "robots": {}}));
    layout(&mut s, &[(3, &["Blue", "Orange"])], 1);
    s.start_turn_at(4);
    skip_turn(&mut s, "Blue");
    assert_eq!(s.turn, 4);
    skip_turn(&mut s, "Orange");
    assert_eq!(s.turn, 5);
    assert!(!s.car(0).played && !s.car(1).played);
    // NO MOVE tokens go at the end of the game turn.
    assert!(!s.car(0).no_move);
}

#[test]
fn the_race_ends_after_the_last_turn_and_the_leader_wins() {
    // "Quando a última posição no Indicador de Turno é alcançada e todos os carros fizeram seus
    // turnos individuais, a corrida é encerrada. O vencedor é o líder ... Se mais carros
    // terminaram a corrida na mesma seção, veja a ordem".
    let mut s = book_race(json!({"players": 3, "robots": {}, "turns": 6}));
    layout(&mut s, &[(3, &["Orange", "Blue"]), (2, &["Green"])], 2);
    s.start_turn_at(6);
    for who in ["Orange", "Blue", "Green"] {
        skip_turn(&mut s, who);
    }
    assert!(s.is_terminal());
    assert_eq!(
        s.ranking(),
        vec![1, 0, 2],
        "Orange, then Blue in the same section, then Green"
    );
    assert_eq!(s.returns(), vec![0.5, 1.0, 0.0]);
    let v = s.view(None);
    assert_eq!(v["results"][0]["car"], "Orange");
    assert_eq!(v["over"], true);
}

#[test]
fn a_black_row_of_the_turn_track_opens_a_race_stage() {
    let mut s = book_race(json!({"players": 1, "robots": {}}));
    s.start_turn_at(6);
    assert_eq!(s.view(None)["race_stage"], 2);
    assert!(s.race.track().is_race_stage_start(6));
    assert!(!s.race.track().is_race_stage_start(7));
}

#[test]
fn a_car_plays_at_most_once_a_turn_even_when_its_section_is_activated_again() {
    // "Uma seção pode ser ativada várias vezes durante um Turno, mas cada carro joga seu turno
    // apenas uma vez."
    let mut s = six();
    layout(&mut s, &[(E, &["Blue", "Orange"])], 3);
    hand(&mut s, "Blue", &["6"]);
    s.start_turn_at(5);
    run_turn(&mut s, "Blue", "play 6");
    skip_turn(&mut s, "Orange");
    assert_eq!(s.turn, 6);
    assert_eq!(s.current_player(), Player::Seat(0));
}
