//! The rule-of-thumb player (`medium`, `bots::heuristic_action`) with the options of rules
//! version 2: Brakes before a Crazy Murciélago check, a declared crash, purchases paid in full.

use crate::support::*;
use autodromo_core::lamborghini::bots::heuristic_action;
use autodromo_core::lamborghini::{LamboState, Phase};
use autodromo_core::State;
use serde_json::json;

/// Manoeuvre +2 (car) +2 (driver): no check of a Speed card of 5 or more can be 7 or less.
const SURE: (&str, &str) = ("murcielago_lp670_4_sv", "benedetti");

fn choice(s: &LamboState) -> String {
    let a = heuristic_action(s).expect("a decision");
    assert!(s.legal_actions().contains(&a), "a legal decision");
    s.action_to_string(a)
}

/// Waiting for a Crazy 12 check (−2): with no manoeuvre to spare an accident is likely, and the
/// Brakes are played before it; a car whose check cannot fail keeps its card.
#[test]
fn brakes_before_a_crazy_check_when_an_accident_is_likely() {
    for (pair, want) in [(PLAIN, "play red_brakes_1"), (SURE, "take the check")] {
        let mut s = race(json!({}), &[pair, PLAIN, PLAIN]);
        give(&mut s, 0, "red_brakes_1");
        only(&mut s, 0);
        let c = speed_card(&s, 12, true);
        act(&mut s, &format!("draw {c}"));
        assert_eq!(s.phase, Phase::CheckPrep { car: 0 });
        assert_eq!(choice(&s), want, "{pair:?}");
    }
}

/// Right behind an opponent: a car whose check cannot fail declares the crash (the car hit checks
/// at its plain manoeuvre, 7 or less a third of the time); an even match is not worth the risk.
#[test]
fn a_crash_is_declared_when_it_pays() {
    for (pair, want) in [(SURE, "crash into the car ahead"), (PLAIN, "move ahead")] {
        let mut s = race(json!({}), &[pair, PLAIN, PLAIN]);
        put(&mut s, 1, 21, 1);
        only(&mut s, 0);
        draw(&mut s, 5);
        assert!(legal(&s, "crash into the car ahead"));
        let got = choice(&s);
        if want == "move ahead" {
            assert!(got.starts_with("move "), "{pair:?}: {got}");
        } else {
            assert_eq!(got, want, "{pair:?}");
        }
    }
}

/// The long game's draft: a Car or Driver card beyond the money is never chosen.
#[test]
fn a_card_beyond_the_money_is_never_picked() {
    let mut s = long_draft(&["benedetti", "murcielago_lp670_4_sv", "fabbri"]);
    // The Murciélago Roadster (12.000$) is still in the Car deck, so the SuperVeloce (30.000$) is
    // beyond reach; Nino Fabbri (5.000$) is not.
    s.hands[0].money = 15_000;
    assert_eq!(labels(&s), ["pick fabbri"]);
    assert_eq!(choice(&s), "pick fabbri");
}

/// `easy` in the short game's draft: "players take the Murciélago corresponding to their Car
/// card" and "add their own Car card's speed value" to every move, so a beginner takes the
/// fastest Car card on the table (the SuperVeloce, speed 3, over the 2001 original, speed 1),
/// whatever else is offered, on every seed.
#[test]
fn easy_drafts_the_fastest_car_card_on_the_table() {
    use autodromo_core::lamborghini::bots::easy_action;
    use autodromo_core::rng::SplitMix64;
    for seed in 0..20 {
        let s = drafting(
            game(json!({"players": 3})),
            0,
            0,
            &["murcielago", "benedetti", "murcielago_lp670_4_sv", "fabbri"],
        );
        let legal = s.legal_actions();
        let a = easy_action(&s, &legal, &mut SplitMix64::new(seed)).expect("a pick");
        assert_eq!(
            s.action_to_string(a),
            "pick murcielago_lp670_4_sv",
            "seed {seed}"
        );
    }
}

/// `easy` before a Crazy 12 check (−2) with no manoeuvre to spare: "The card must be played
/// before the damage", so the Brakes go down first, on every seed.
#[test]
fn easy_brakes_before_a_crazy_check_when_an_accident_is_likely() {
    use autodromo_core::lamborghini::bots::easy_action;
    use autodromo_core::rng::SplitMix64;
    for seed in 0..20 {
        let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
        give(&mut s, 0, "red_brakes_1");
        only(&mut s, 0);
        let c = speed_card(&s, 12, true);
        act(&mut s, &format!("draw {c}"));
        assert_eq!(s.phase, Phase::CheckPrep { car: 0 });
        let legal = s.legal_actions();
        let a = easy_action(&s, &legal, &mut SplitMix64::new(seed)).expect("a decision");
        assert_eq!(s.action_to_string(a), "play red_brakes_1", "seed {seed}");
    }
}
