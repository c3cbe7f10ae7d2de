//! Positions: a whole race as JSON with names, and a state built from one; a position that
//! breaks a rule is refused with the rule.

use crate::support::*;
use autodromo_core::formula90::F90State;
use autodromo_core::{Error, State};
use serde_json::{json, Value};

fn mid_race() -> F90State {
    let mut s = book_race(json!({"players": 2, "robots": {"fast": 1}}));
    layout(&mut s, &[(6, &["Blue", "Fast"]), (3, &["Orange"])], 2);
    hand(&mut s, "Blue", &["16", "23", "40"]);
    hand(&mut s, "Orange", &["6", "85"]);
    target(&mut s, "Blue", "70");
    target(&mut s, "Orange", "60");
    s.start_turn_at(4);
    s
}

fn refused(p: Value, rule: &str) {
    let base = mid_race();
    match F90State::from_position(&base, &p) {
        Err(Error::Replay { reason }) => {
            assert!(reason.contains(rule), "{reason:?} does not say {rule:?}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_position_rebuilds_the_same_race() {
    let s = mid_race();
    let p = s.position();
    assert_eq!(p["cars"][0]["name"], "Blue");
    assert_eq!(p["cars"][0]["section"], 7, "sections count from 1");
    assert_eq!(p["cars"][0]["hand"], json!(["16", "23", "40"]));
    assert_eq!(p["phase"]["at"], "declare");
    let back = F90State::from_position(&s, &p).unwrap();
    assert_eq!(back.view(Some(0)), s.view(Some(0)));
    assert_eq!(back.legal_actions(), s.legal_actions());
}

#[test]
fn an_edited_position_is_a_puzzle() {
    // Give Blue a pair of [2]s and move Orange: the race goes on from there.
    let s = mid_race();
    let mut p = s.position();
    p["cars"][1]["section"] = json!(9);
    p["order"] = json!(["Orange", "Blue", "Fast"]);
    // Orange leads now and is asked first: the phase says so.
    p["phase"] = json!({"at": "declare", "car": "Orange"});
    p["individual_turn"]["car"] = json!("Orange");
    let mut t = F90State::from_position(&s, &p).unwrap();
    assert_eq!(to_move(&t), "Orange");
    act(&mut t, "drive");
}

#[test]
fn a_card_in_two_places_is_refused() {
    let mut p = mid_race().position();
    p["cars"][1]["hand"] = json!(["6", "85", "16"]);
    refused(p, "card 16 is in two places");
}

#[test]
fn a_card_nowhere_is_refused() {
    let mut p = mid_race().position();
    p["cars"][0]["hand"] = json!(["16", "23"]);
    refused(p, "card 40 is nowhere");
}

#[test]
fn a_car_must_be_on_the_track_once() {
    let mut p = mid_race().position();
    p["order"] = json!(["Blue", "Orange"]);
    refused(p, "Fast is racing but not on the track");
    let mut p = mid_race().position();
    p["order"] = json!(["Blue", "Blue", "Fast", "Orange"]);
    refused(p, "listed twice");
}

#[test]
fn bad_values_are_refused_with_their_key() {
    let mut p = mid_race().position();
    p["cars"][0]["section"] = json!(0);
    refused(p, "cars.Blue.section: 1 to 16");
    let mut p = mid_race().position();
    p["cars"][0]["red"] = json!(6);
    refused(p, "6 wear tokens in 5 slots");
    let mut p = mid_race().position();
    p["cars"][0]["name"] = json!("Magenta");
    refused(p, "no car \"Magenta\"");
    let mut p = mid_race().position();
    p["phase"] = json!({"at": "declare", "car": "Fast"});
    refused(p, "robots take no decision");
    let mut p = mid_race().position();
    p["game"] = json!("legend");
    refused(p, "not of Formula 90");
}
