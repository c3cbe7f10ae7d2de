//! The vocabulary over random races (issue 29): every legal action of the seat to act has
//! exactly one move, of a kind listed in docs/rules/formula90.md, naming cards, cars and sections
//! that exist, and applying it gives what its `leads_to` and `costs` say. The must-show: a check's
//! declared chance of failing agrees with the failures seen when that move is applied and the
//! draw resolved many times from the same position (within a 99% interval).

use crate::moves_support::checked_moves;
use crate::support::*;
use autodromo_core::formula90::events::Event;
use autodromo_core::formula90::moves::MOVE_KINDS;
use autodromo_core::formula90::F90State;
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::{json, Value};

fn check_card(s: &F90State, m: &Value, c: &Value) {
    if c.is_null() {
        return;
    }
    let id = c["id"].as_u64().unwrap_or_else(|| panic!("{m}: card id"));
    assert_eq!(c["name"], json!(s.race.card_name(id as u8)), "{m}");
}

fn check_moves(s: &F90State, seen: &mut std::collections::BTreeSet<String>) {
    let Some((seat, moves)) = checked_moves(s, s.race.humans(), &MOVE_KINDS, seen) else {
        return;
    };
    let car = s.seat_car(seat);
    for m in &moves {
        let kind = m["kind"].as_str().unwrap();
        let a = m["action"].as_u64().unwrap() as u32;
        assert_eq!(m["car"]["id"], json!(car), "{m}");
        for key in ["card", "with", "of"] {
            if let Some(c) = m.get(key) {
                check_card(s, m, c);
            }
        }
        for c in m
            .get("cards")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            check_card(s, m, c);
        }
        let mut after = s.clone();
        after.apply_action(a).unwrap();
        let c = after.car(car);
        let leads = &m["leads_to"];
        assert_eq!(
            leads["section"]["number"],
            json!(u16::from(c.section) + 1),
            "{m}"
        );
        assert_eq!(leads["tyres"], json!(c.tyres), "{m}");
        assert_eq!(leads["hand"], json!(c.hand.len()), "{m}");
        assert_eq!(leads["wear"]["red"], json!(c.red), "{m}");
        if kind == "pay_token" {
            assert_eq!(m["costs"]["tyres"], json!(1), "{m}");
        }
        for r in m["risks"].as_array().unwrap() {
            assert!(r["rule"].as_str().is_some_and(|t| !t.is_empty()), "{m}");
            if let Some(p) = r["probability"].as_f64() {
                assert!((0.0..=1.0).contains(&p), "{m}");
            }
        }
    }
}

#[test]
fn every_legal_action_has_one_move_of_a_documented_kind() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/rules/formula90.md"
    ))
    .unwrap();
    let vocabulary = &doc[doc.find("## Vocabulary").expect("a Vocabulary section")..];
    for k in MOVE_KINDS {
        assert!(
            vocabulary.contains(&format!("`{k}`")),
            "{k} is not documented"
        );
    }
    let mut seen = std::collections::BTreeSet::new();
    for (options, seed) in [
        (json!({"players": 2}), 11),
        (json!({"players": 3, "robots": {"fast": 2}}), 12),
        (
            json!({"players": 2, "free_practice": false, "weather": false}),
            13,
        ),
    ] {
        let mut s = advanced_game(options.clone()).new_initial_state();
        let mut rng = SplitMix64::new(seed);
        while !s.is_terminal() {
            check_moves(&s, &mut seen);
            random_step(&mut s, &mut rng);
        }
        assert!(
            s.moves(0).unwrap().is_empty(),
            "no moves once the race is over"
        );
        assert!(s.moves(s.race.humans()).is_err(), "a seat not in the race");
    }
    for k in [
        "drive",
        "play",
        "check",
        "pay_token",
        "late_brake",
        "strategy",
        "qualify",
    ] {
        assert!(seen.contains(k), "no {k} in any race: {seen:?}");
    }
}

/// Applies `a`, then resolves chance until `car`'s check is drawn: whether it failed.
fn failed_once(s: &F90State, a: u32, car: u8, rng: &mut SplitMix64) -> bool {
    let mut t = s.clone();
    let from = t.typed_events().len();
    t.apply_action(a).unwrap();
    loop {
        let found = t.typed_events()[from..].iter().find_map(|e| match *e {
            Event::Check { car: c, pass, .. } if c == car => Some(!pass),
            _ => None,
        });
        if let Some(failed) = found {
            return failed;
        }
        assert_eq!(
            t.current_player(),
            Player::Chance,
            "the check waits on a draw"
        );
        let o = t.sample_chance(rng).unwrap();
        t.apply_action(o).unwrap();
    }
}

#[test]
fn a_checks_declared_chance_of_failing_is_the_frequency_seen() {
    const TRIES: u32 = 400;
    let mut tested = 0;
    let mut strict = 0;
    let mut draws = SplitMix64::new(2929);
    for seed in 0..40 {
        let mut s = advanced_game(json!({"players": 3})).new_initial_state();
        let mut rng = SplitMix64::new(seed);
        while !s.is_terminal() && strict < 25 {
            if let Player::Seat(seat) = s.current_player() {
                let car = s.seat_car(usize::from(seat));
                for m in s.moves(usize::from(seat)).unwrap() {
                    let Some(p) = m["risks"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|r| r["kind"] == "failed_check")
                        .and_then(|r| r["probability"].as_f64())
                    else {
                        continue;
                    };
                    let chance = p > 0.0 && p < 1.0;
                    if !chance && tested - strict >= 10 {
                        continue;
                    }
                    let a = m["action"].as_u64().unwrap() as u32;
                    let failed = (0..TRIES)
                        .filter(|_| failed_once(&s, a, car, &mut draws))
                        .count() as f64;
                    let freq = failed / f64::from(TRIES);
                    // The normal 99% interval about p, and a half count for p at 0 or 1.
                    let half =
                        2.576 * (p * (1.0 - p) / f64::from(TRIES)).sqrt() + 0.5 / f64::from(TRIES);
                    assert!(
                        (freq - p).abs() <= half,
                        "{}: declared {p}, seen {freq} of {TRIES}",
                        m["label"]
                    );
                    tested += 1;
                    strict += usize::from(chance);
                }
            }
            random_step(&mut s, &mut rng);
        }
        if strict >= 25 {
            break;
        }
    }
    assert!(
        strict >= 25,
        "only {strict} checks left to chance among {tested}"
    );
}
