//! SIXTH SENSE (Apêndice B, R142): "No início do seu turno este jogador possui 3 tokens de
//! bandeira para utilizar. Assim que os 3 tokens forem utilizados, gire esta ficha 90 graus ... e
//! retorne à posição original após cada pit stop. Nenhuma dessas 'bandeiras' pode ser usada mais
//! de uma vez." Decision A34: one yellow, one green, one blue token, declared at the start of the
//! turn and resolved in phase D.4 as the same flag printed on a movement card. The book track:
//! section 13 is the corner Abbey.

use crate::support::*;
use autodromo_core::formula90::bots::{choose, Level};
use autodromo_core::formula90::rules::{Skill, Strategy};
use autodromo_core::formula90::{F90State, Phase};
use autodromo_core::State;
use serde_json::json;

const YELLOW: &str = "use the yellow flag token (Sixth Sense)";
const GREEN: &str = "use the green flag token (Sixth Sense)";
const BLUE: &str = "use the blue flag token (Sixth Sense)";

/// Blue, with Sixth Sense, about to start its turn at `section`; Orange at `orange`.
fn sixth(section: u8, orange: u8, cards: &[&str], options: serde_json::Value) -> F90State {
    let mut opts = json!({"players": 2, "robots": {}, "flags": true});
    for (k, v) in options.as_object().unwrap() {
        opts[k] = v.clone();
    }
    let mut s = book_race(opts);
    layout(&mut s, &[(section, &["Blue"]), (orange, &["Orange"])], 2);
    hand(&mut s, "Blue", cards);
    target(&mut s, "Blue", "99");
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].skill = Some(Skill::SixthSense);
    s.cars[usize::from(blue)].strategy = Strategy::Balance;
    s.cars[usize::from(blue)].fuel = 12;
    s.start_turn_at(5);
    assert_eq!(to_move(&s), "Blue");
    s
}

fn tokens(s: &F90State) -> serde_json::Value {
    let blue = car(s, "Blue");
    s.view(Some(usize::from(blue)))["cars"][usize::from(blue)]["sixth_sense_flags"].clone()
}

fn drive_and_play(s: &mut F90State, play: &str) {
    act(s, "drive");
    draw(s, "50");
    assert!(matches!(s.phase, Phase::Play { .. }), "{:?}", s.phase);
    act(s, play);
    // D.1: its tyre paid with a token; then the checks and draws up to D.4.
    while matches!(s.phase, Phase::PayTyres { .. }) {
        act(s, "pay a tyre token");
    }
    settle(s);
}

#[test]
fn sixth_sense_offers_a_yellow_a_green_and_a_blue_token_at_the_start_of_its_turn() {
    let s = sixth(2, 0, &["95", "32"], json!({}));
    assert!(matches!(s.phase, Phase::Declare { .. }), "{:?}", s.phase);
    for l in [YELLOW, GREEN, BLUE] {
        assert!(has(&s, l), "{l}: {:?}", labels(&s));
    }
    assert_eq!(tokens(&s), json!(["yellow", "green", "blue"]));
    // Orange has no such skill: no tokens offered nor shown.
    let mut t = sixth(2, 0, &["95", "32"], json!({}));
    let blue = car(&t, "Blue");
    t.cars[usize::from(blue)].skill = Some(Skill::Reflexes);
    assert!(!has(&t, GREEN));
    refused(&mut t, GREEN, "has not the Sixth Sense skill");
    assert_eq!(tokens(&t), serde_json::Value::Null);
}

#[test]
fn the_green_token_removes_a_yellow_in_phase_d4_as_a_green_flag_card_does() {
    // Yellow in Abbey; Blue plays 95 (no flag printed): the token's green asks in D.4.
    let mut s = sixth(2, 0, &["95", "32"], json!({}));
    s.yellow[13] = 1;
    act(&mut s, GREEN);
    assert!(
        matches!(s.phase, Phase::Declare { .. }),
        "declared, then it drives"
    );
    assert_eq!(s.yellow_at(13), Some(0), "nothing happens before D.4");
    assert_eq!(tokens(&s), json!(["yellow", "blue"]));
    drive_and_play(&mut s, "play 95");
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
fn the_yellow_token_places_a_yellow_on_a_corner_in_phase_d4() {
    let mut s = sixth(2, 0, &["95", "32"], json!({}));
    act(&mut s, YELLOW);
    drive_and_play(&mut s, "play 95");
    assert!(matches!(s.phase, Phase::YellowFlag { .. }), "{:?}", s.phase);
    refused(
        &mut s,
        "yellow flag in section 3 (straight 3) at the front",
        "corner section",
    );
    act(&mut s, "yellow flag in section 14 (Abbey) at the front");
    assert_eq!(s.yellow_at(13), Some(0));
}

#[test]
fn the_blue_token_takes_a_blue_flag_pawn_in_phase_d4() {
    let mut s = sixth(2, 0, &["95", "32"], json!({}));
    let blue = car(&s, "Blue");
    act(&mut s, BLUE);
    assert!(!s.car(blue).blue_flag, "not before D.4");
    drive_and_play(&mut s, "play 95");
    finish_turn(&mut s, blue);
    assert!(s.car(blue).blue_flag);
}

#[test]
fn no_token_is_used_twice_and_none_when_the_book_does_not_allow_it() {
    let mut s = sixth(2, 0, &["95", "32"], json!({}));
    act(&mut s, GREEN);
    refused(&mut s, GREEN, "green flag token is used");
    // Declared: the car drives this turn, so the token reaches D.4.
    refused(&mut s, "skip the turn", "drives to use it");
    refused(&mut s, "pit stop", "drives to use it");
    act(&mut s, BLUE);
    drive_and_play(&mut s, "play 95");
    let blue = car(&s, "Blue");
    finish_turn(&mut s, blue);
    // The next turn: the green and blue tokens are gone until a pit stop.
    let mut next = s.clone();
    next.start_turn_at(6);
    assert_eq!(to_move(&next), "Blue");
    assert!(!has(&next, GREEN) && !has(&next, BLUE) && has(&next, YELLOW));
    refused(&mut next, BLUE, "blue flag token is used");
    // Not once phase A is past.
    let mut later = sixth(2, 0, &["95", "32"], json!({}));
    act(&mut later, "drive");
    refused(&mut later, YELLOW, "");
    // Without the flags module the tokens have nothing to act on.
    let mut off = sixth(2, 0, &["95", "32"], json!({"flags": false}));
    assert!(!has(&off, YELLOW));
    refused(&mut off, YELLOW, "flags module is off");
    // A car that must pit now does not drive: no token.
    let mut pit = sixth(2, 0, &["95", "32"], json!({}));
    pit.cars[usize::from(blue)].forced_pit = true;
    refused(&mut pit, YELLOW, "must pit");
}

#[test]
fn the_third_token_turns_the_chit_and_a_pit_stop_brings_all_three_back() {
    let mut s = sixth(2, 0, &["95", "32"], json!({}));
    let blue = car(&s, "Blue");
    act(&mut s, YELLOW);
    act(&mut s, GREEN);
    assert!(!s.car(blue).skill_used);
    act(&mut s, BLUE);
    assert!(s.car(blue).skill_used, "all three used: the chit turns");
    assert_eq!(tokens(&s), json!([]));
    drive_and_play(&mut s, "play 95");
    finish_turn(&mut s, blue);
    let mut next = s.clone();
    next.start_turn_at(6);
    assert!(![YELLOW, GREEN, BLUE].iter().any(|l| has(&next, l)));
    act(&mut next, "pit stop");
    assert!(!next.car(blue).skill_used);
    assert_eq!(next.car(blue).sixth_used, 0);
    assert_eq!(tokens(&next), json!(["yellow", "green", "blue"]));
}

#[test]
fn a_position_carries_the_tokens_used_and_declared() {
    let mut s = sixth(2, 0, &["95", "32"], json!({}));
    act(&mut s, GREEN);
    let p = s.position();
    let blue = usize::from(car(&s, "Blue"));
    assert_eq!(p["cars"][blue]["sixth_sense_used"], json!(["green"]));
    assert_eq!(p["individual_turn"]["sixth_sense"], json!(["green"]));
    let back = F90State::from_position(&s, &p).unwrap();
    assert_eq!(back.position(), p);
    assert_eq!(back.car(car(&s, "Blue")), s.car(car(&s, "Blue")));
    assert_eq!(back.it, s.it);
    assert_eq!(back.legal_actions(), s.legal_actions());
    // A token named twice, or on a car without the skill, is refused with its key.
    let mut bad = p.clone();
    bad["cars"][blue]["sixth_sense_used"] = json!(["green", "green"]);
    let e = F90State::from_position(&s, &bad).unwrap_err().to_string();
    assert!(e.contains("sixth_sense_used"), "{e}");
    let mut bad = p.clone();
    bad["cars"][blue]["skill"] = json!("Reflexes");
    let e = F90State::from_position(&s, &bad).unwrap_err().to_string();
    assert!(e.contains("only a car with the Sixth Sense skill"), "{e}");
}

#[test]
fn medium_bots_use_a_token_when_its_flag_helps_and_easy_ones_never() {
    let pick = |s: &F90State, level: Level| {
        let legal = s.legal_actions();
        let blue = car(s, "Blue");
        let a = choose(&s.seat_view(Some(usize::from(blue))), &legal, level).unwrap();
        s.action_to_string(a)
    };
    // A yellow in the next section: the green token first.
    let mut s = sixth(2, 0, &["95", "32"], json!({}));
    s.yellow[3] = 1;
    assert_eq!(pick(&s, Level::Medium), GREEN);
    assert_eq!(pick(&s, Level::Easy), "drive");
    // Nothing to gain: the tokens wait for a better turn.
    let s = sixth(2, 0, &["95", "32"], json!({}));
    assert_eq!(pick(&s, Level::Medium), "drive");
}
