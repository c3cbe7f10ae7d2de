//! What each seat sees: its own hand only, sealed qualifying and duel cards, draws named only
//! to the drawer; determinization keeps a seat's view; plans show each play's landing, costs
//! and checks; labels name cards and cars.

use crate::support::*;
use autodromo_core::formula90::car::NO_CARD;
use autodromo_core::formula90::Phase;
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Sim;
use autodromo_core::{Game, Player, State};
use serde_json::json;

fn race_to_turn_three(seed: u64) -> autodromo_core::formula90::F90State {
    let g = game(json!({"players": 3}));
    let mut s = g.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    while s.turn < 3 || s.current_player() != Player::Seat(0) {
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            Player::Seat(_) => s.heuristic(&s.legal_actions()).unwrap(),
            Player::Terminal => break,
        };
        s.apply_action(a).unwrap();
    }
    s
}

#[test]
fn a_seat_sees_its_own_hand_and_no_other() {
    let s = race_to_turn_three(1);
    let v0 = s.view(Some(0));
    let v1 = s.view(Some(1));
    let blue = s.car(0).hand.len() as usize;
    assert_eq!(v0["hand"].as_array().unwrap().len(), blue);
    assert_ne!(v0["hand"], v1["hand"]);
    assert!(
        s.view(None).get("hand").is_none(),
        "a spectator sees no hand"
    );
    // Hand sizes and charts are public.
    assert_eq!(v1["cars"][0]["hand_size"], blue);
    assert!(v1["cars"][0]["tyres"].is_number());
    // No deck order anywhere: only counts.
    assert!(v0["race_deck"].is_number());
}

#[test]
fn others_draws_are_not_named_in_the_log() {
    let s = race_to_turn_three(2);
    let mine = steps(&s.events(Some(0)));
    let theirs = steps(&s.events(Some(1)));
    let named = |log: &[serde_json::Value], car: &str| {
        log.iter()
            .filter(|e| e["kind"] == "draw" && e["car"]["name"] == car && !e["card"].is_null())
            .count()
    };
    assert!(named(&mine, "Blue") > 0);
    assert_eq!(named(&theirs, "Blue"), 0);
    assert_eq!(named(&steps(&s.events(None)), "Blue"), 0);
}

#[test]
fn determinizing_keeps_what_the_seat_sees() {
    let s = race_to_turn_three(3);
    let mut rng = SplitMix64::new(9);
    for seat in 0..3 {
        let d = s.determinize(seat, &mut rng);
        assert_eq!(d.view(Some(seat)), s.view(Some(seat)), "seat {seat}");
        autodromo_core::formula90::invariants::check(&d).unwrap();
        for other in (0..3).filter(|&o| o != seat) {
            assert_eq!(d.car(other as u8).hand.len(), s.car(other as u8).hand.len());
        }
    }
}

#[test]
fn plans_show_each_play_with_its_landing_and_costs() {
    let mut s = book_race(json!({"players": 1, "robots": {"fast": 1}}));
    layout(&mut s, &[(11, &["Fast@2"]), (8, &["Blue"])], 3);
    hand(&mut s, "Blue", &["16", "23", "97"]);
    target(&mut s, "Blue", "90");
    s.cars[0].strategy = autodromo_core::formula90::rules::Strategy::Balance;
    s.start_turn_at(5);
    act(&mut s, "drive");
    draw(&mut s, "50");
    assert!(matches!(s.phase, Phase::Play { .. }));
    let plans = s.plan_moves();
    let p = plans
        .iter()
        .find(|p| p["label"] == "play 16 + 23 (4 MP)")
        .expect("the plan of a pair");
    // 9, 10, 11, lapping the Fast robot on the straight (a leader check, assumed passed).
    assert_eq!(p["landing"], 12);
    assert_eq!(p["passes"], 1);
    assert_eq!(p["leader_checks"], 1);
    assert_eq!(p["tyres"], 0);
    let q = plans
        .iter()
        .find(|p| p["label"] == "play 97 (4 MP)")
        .unwrap();
    assert_eq!(q["checks"][0]["modifier"], -10);
    assert_eq!(q["checks"][0]["target"], 80);
    assert_eq!(q["tyres"], 1);
    // The view of the seat to move carries them.
    assert!(s.view(Some(0))["plans"].as_array().unwrap().len() >= 4);
}

#[test]
fn labels_name_cards_cars_and_sections_counting_from_one() {
    let s = race_to_turn_three(4);
    for a in s.legal_actions() {
        let l = s.action_to_string(a);
        assert!(!l.contains("player 0") && !l.contains("seat"), "{l}");
        assert_eq!(s.string_to_action(&l).unwrap(), a, "{l}");
    }
    let v = s.view(None);
    let sections = v["sections"].as_array().unwrap();
    assert_eq!(sections[0]["number"], 1);
    assert_eq!(sections[3]["name"], "Curva Prima");
}

#[test]
fn the_observation_has_a_fixed_length() {
    let s = race_to_turn_three(5);
    let g = s.game();
    let mut out = vec![0.0f32; g.observation_len()];
    s.observation_tensor(0, &mut out);
    assert!(out.iter().all(|x| x.is_finite()));
    assert!(out.iter().any(|&x| x != 0.0));
}

/// A race with every module the track supports (the Safety Car, flags, weather, Extreme
/// Trajectories), played at random for `steps` steps, calling `at` at each seat's decision.
fn advanced_walk(
    seed: u64,
    steps: usize,
    mut at: impl FnMut(&autodromo_core::formula90::F90State),
) {
    let g = advanced_game(json!({"players": 3}));
    let mut s = g.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    for _ in 0..steps {
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            Player::Seat(_) => {
                at(&s);
                let legal = s.legal_actions();
                legal[rng.below(legal.len() as u32) as usize]
            }
            Player::Terminal => break,
        };
        s.apply_action(a).unwrap();
    }
}

fn tensor(s: &autodromo_core::formula90::F90State, seat: usize) -> Vec<f32> {
    let mut out = vec![0.0f32; s.game().observation_len()];
    s.observation_tensor(seat, &mut out);
    out
}

#[test]
fn the_observation_shows_the_safety_car() {
    let mut checked = 0;
    advanced_walk(6, 400, |s| {
        if s.turn < 2 || s.sc.out || checked > 0 {
            return;
        }
        assert!(s.race.opts.safety_car, "the track supports the Safety Car");
        let mut out = s.clone();
        out.sc.out = true;
        out.sc.section = s.car(s.race_order()[0]).section;
        for seat in 0..3 {
            assert_ne!(
                out.view(Some(seat))["safety_car"],
                s.view(Some(seat))["safety_car"]
            );
            assert_ne!(tensor(&out, seat), tensor(s, seat), "seat {seat}");
        }
        // Where it stands is part of it.
        let mut further = out.clone();
        further.sc.section = (out.sc.section + 1) % s.race.track().len() as u8;
        assert_ne!(tensor(&further, 0), tensor(&out, 0));
        checked += 1;
    });
    assert_eq!(checked, 1);
}

#[test]
fn the_observation_never_reads_hidden_information() {
    // Two states a seat cannot tell apart (the same view) give it the same tensor: the other
    // hands dealt again, and the others' sealed refuel chits and qualifying cards changed.
    let (mut sealed, mut dealt) = (0, 0);
    for seed in [1, 2] {
        advanced_walk(seed, 700, |s| {
            for seat in 0..3usize {
                // Determinizing deals again only what the seat cannot see (the other hands,
                // duel cards still face down): the same view, the same tensor.
                let d = s.determinize(seat, &mut SplitMix64::new(seed));
                assert_eq!(d.view(Some(seat)), s.view(Some(seat)), "seat {seat}");
                assert_eq!(
                    tensor(&d, seat),
                    tensor(s, seat),
                    "seat {seat} read another hand"
                );
                dealt += 1;
                let mut t = s.clone();
                for other in (0..3).filter(|&o| o != seat) {
                    let c = &mut t.cars[other];
                    c.fuel = if c.fuel == 10 { 12 } else { 10 };
                    if c.qualify_card != NO_CARD {
                        c.qualify_card = s.cars[seat].hand.iter().next().unwrap_or(c.qualify_card);
                    }
                }
                if t.view(Some(seat)) == s.view(Some(seat)) {
                    assert_eq!(
                        tensor(&t, seat),
                        tensor(s, seat),
                        "seat {seat} read a sealed chit"
                    );
                    sealed += 1;
                }
            }
        });
    }
    assert!(sealed > 0 && dealt > 0, "no sealed chit was checked");
}
