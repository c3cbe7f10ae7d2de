//! The typed log over random games (issue 29): every entry has a documented kind, names cards by
//! id and display name (never a bare content id), seats and cars as numbers, and the turn the
//! action was taken in, so a car's movement never splits across the next turn's heading.

use crate::support::*;
use autodromo_core::lamborghini::events::EVENT_KINDS;
use autodromo_core::lamborghini::{LamboState, Phase};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Player, State};
use serde_json::{json, Value};

fn random_game(options: Value, seed: u64) -> LamboState {
    let mut s = game(options);
    let mut rng = SplitMix64::new(seed);
    while !s.is_terminal() && s.history().len() < 3000 {
        let legal = s.legal_actions();
        let a = legal[(rng.next_u64() % legal.len() as u64) as usize];
        s.apply_action(a).expect("a legal action");
    }
    s
}

fn check_card(e: &Value, field: &str) {
    let c = &e[field];
    let id = c["id"]
        .as_str()
        .unwrap_or_else(|| panic!("{e}: no card id"));
    let name = c["name"]
        .as_str()
        .unwrap_or_else(|| panic!("{e}: no card name"));
    let k = &content().cards[usize::from(crate::support::id(id))];
    assert!(
        !name.contains('_') && !name.is_empty(),
        "{e}: a name people read"
    );
    assert_ne!(name, k.id, "{e}: the name is no content id");
}

#[test]
fn every_event_is_typed_and_names_what_it_refers_to() {
    let mut seen = std::collections::BTreeSet::new();
    for (options, seed) in [
        (json!({"players": 3}), 1),
        (json!({"players": 2}), 2),
        (json!({"players": 5, "laps": 1}), 3),
        (
            json!({"players": 3, "long": true, "races": 2, "laps": 1}),
            4,
        ),
    ] {
        let s = random_game(options.clone(), seed);
        let players = s.def.opts.players as i64;
        let cars = s.murcs.len() as u64;
        for viewer in [None, Some(0)] {
            let events = s.events(viewer);
            assert_eq!(
                events.len(),
                s.history().len(),
                "{options}: one event per action"
            );
            for e in &events {
                let kind = e["kind"].as_str().unwrap_or_else(|| panic!("{e}: no kind"));
                assert!(EVENT_KINDS.contains(&kind) && kind != "other", "{e}");
                seen.insert(kind.to_string());
                assert!(
                    e.get("action").is_none() && e.get("label").is_none(),
                    "{e}: no prose"
                );
                match e["seat"].as_i64() {
                    Some(p) => assert!((0..players).contains(&p), "{e}"),
                    None => assert!(e["seat"].is_null(), "{e}"),
                }
                if let Some(c) = e.get("car") {
                    assert!(c.as_u64().unwrap() < cars, "{e}");
                }
                if e.get("card").is_some() {
                    check_card(e, "card");
                }
                if kind == "dealt" {
                    let mine = viewer.map(|v| v as u64) == e["owner"].as_u64();
                    assert_eq!(
                        e.get("card").is_some(),
                        mine,
                        "{e}: a dealt card shows to its owner only"
                    );
                }
                for d in e["damaged"].as_array().into_iter().flatten() {
                    assert!(
                        d["car"].as_u64().unwrap() < cars && d["added"].as_u64().unwrap() <= 3,
                        "{e}"
                    );
                }
            }
        }
    }
    for kind in [
        "bid",
        "revealed",
        "turned",
        "picked",
        "dealt",
        "qualifying_card",
        "speed_card",
        "stepped",
        "played",
    ] {
        assert!(seen.contains(kind), "{kind} never seen in {seen:?}");
    }
}

/// The bug seen on the page ("Alice: moves 6 squares / Turn 3 / Alice: moves 1 square"): the
/// square that ends a turn was logged with the next turn's number. A car's squares between its
/// Speed card and the next car's carry one turn.
#[test]
fn a_movement_is_logged_in_the_turn_it_was_made() {
    for seed in 1..6 {
        let s = random_game(json!({"players": 3}), seed);
        let events = s.events(None);
        let mut run: Option<(u64, u64)> = None; // (car, turn)
        let mut runs = 0;
        for e in &events {
            if e["kind"] == "stepped" || e["kind"] == "slipstreamed" {
                let car = e["car"].as_u64().unwrap();
                let turn = e["turn"].as_u64().unwrap();
                match run {
                    Some((c, t)) if c == car => {
                        assert_eq!(t, turn, "seed {seed}: {e} splits a movement")
                    }
                    _ => runs += 1,
                }
                run = Some((car, turn));
            } else if e["kind"] == "speed_card" {
                run = None;
            }
        }
        assert!(runs > 10, "seed {seed}: {runs} movements");
    }
}

/// "Players secretly decide the amount of money they want to bet": while the auction is open a
/// bid shows its amount to its bidder alone.
#[test]
fn an_open_auction_shows_each_bid_to_its_bidder_only() {
    let mut s = game(json!({"players": 3, "long": true}));
    act(&mut s, "bid 5000$");
    assert!(matches!(s.phase, Phase::Bid { .. }));
    assert_eq!(s.current_player(), Player::Seat(1));
    let theirs = &s.events(Some(1))[0];
    assert_eq!(theirs["kind"], "bid");
    assert_eq!(theirs["sealed"], true);
    assert!(theirs.get("amount").is_none(), "{theirs}");
    assert_eq!(s.events(Some(0))[0]["amount"], 5000);
}
