//! The vocabulary over random games (issue 29): every legal action of the seat to act has exactly
//! one move, of a documented kind, naming cards and cars that exist, and applying it gives what
//! its `leads_to` and `costs` say; a manoeuvre check's declared chance of an accident is the
//! share of the pile's Speed cards that give one.

use crate::moves_support::checked_moves;
use crate::support::*;
use autodromo_core::lamborghini::moves::MOVE_KINDS;
use autodromo_core::lamborghini::{LamboState, Phase};
use autodromo_core::rng::SplitMix64;
use autodromo_core::State;
use serde_json::{json, Value};

fn check_moves(s: &LamboState, seen: &mut std::collections::BTreeSet<String>) {
    let Some((seat, moves)) = checked_moves(s, usize::from(s.def.opts.players), &MOVE_KINDS, seen)
    else {
        return;
    };
    for m in &moves {
        let kind = m["kind"].as_str().unwrap();
        let a = m["action"].as_u64().unwrap() as u32;
        if let Some(card) = m.get("card") {
            let k = &content().cards[usize::from(id(card["id"].as_str().unwrap()))];
            assert_ne!(card["name"], k.id.as_str(), "{m}: a name, not an id");
        }
        for key in ["car", "target"] {
            if let Some(c) = m.get(key).and_then(Value::as_u64) {
                assert!((c as usize) < s.murcs.len(), "{m}");
            }
        }
        let mut after = s.clone();
        after.apply_action(a).unwrap();
        let leads = &m["leads_to"];
        if let Some(c) = m.get("car").and_then(Value::as_u64) {
            let to = &after.murcs[c as usize];
            assert_eq!(leads["car"]["row"], to.cell.row, "{m}");
            assert_eq!(leads["car"]["lane"], to.cell.lane, "{m}");
            assert_eq!(leads["car"]["progress"], to.progress, "{m}");
            assert_eq!(leads["car"]["damages"], to.damages, "{m}");
            if kind == "step" {
                assert_eq!(m["costs"]["squares"], 1, "{m}: a square of the allowance");
            }
        }
        if s.def.opts.long {
            assert_eq!(leads["money"], after.hands[seat].money, "{m}");
            let paid = s.hands[seat].money - after.hands[seat].money;
            assert_eq!(
                m["costs"].get("money").and_then(Value::as_i64).unwrap_or(0),
                i64::from(paid.max(0)),
                "{m}"
            );
        }
        let risks = m["risks"].as_array().unwrap();
        assert_eq!(
            !risks.is_empty(),
            matches!(after.phase, Phase::Check { .. }),
            "{m}: a check follows"
        );
        for r in risks {
            let p = r["probability"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&p), "{m}");
            // Drawn from the pile, each card once: the share of draws that damage or queue an
            // accident's direction for the car (Brakes may prevent the damage, not the accident).
            let c = r["car"].as_u64().unwrap() as usize;
            let outcomes = after.chance_outcomes();
            let accidents = outcomes
                .iter()
                .filter(|(k, _)| {
                    let mut t = after.clone();
                    t.apply_action(*k).unwrap();
                    t.murcs[c].damages > after.murcs[c].damages
                        || t.dir_queue.contains(&(c as u8))
                        || t.turn.shield < after.turn.shield
                })
                .count();
            assert!(
                (p - accidents as f64 / outcomes.len() as f64).abs() < 1e-9,
                "{m}: declared {p}, the draws give {accidents} of {}",
                outcomes.len()
            );
        }
    }
}

#[test]
fn every_legal_action_has_one_move_that_says_what_it_leads_to() {
    let mut seen = std::collections::BTreeSet::new();
    for (options, seed) in [
        (json!({"players": 3}), 11),
        (json!({"players": 2}), 12),
        (json!({"players": 5, "laps": 1}), 13),
        (
            json!({"players": 3, "long": true, "races": 2, "laps": 1}),
            14,
        ),
    ] {
        for k in 0..3 {
            let mut s = game(options.clone());
            let mut rng = SplitMix64::new(seed * 10 + k);
            while !s.is_terminal() && s.history().len() < 2000 {
                check_moves(&s, &mut seen);
                let legal = s.legal_actions();
                let a = legal[(rng.next_u64() % legal.len() as u64) as usize];
                s.apply_action(a).unwrap();
            }
        }
    }
    for kind in [
        "bid",
        "turn_card",
        "pick",
        "play_card",
        "step",
        "take_check",
        "choose_direction",
    ] {
        assert!(seen.contains(kind), "{kind} never seen in {seen:?}");
    }
}

#[test]
fn a_seat_not_in_the_game_is_refused() {
    let s = game(json!({"players": 3}));
    assert!(s.moves(3).is_err());
}
