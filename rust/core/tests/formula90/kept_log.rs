//! The race log kept as the race goes is the log a replay of the whole race gives: the same
//! events, in the same order, with the same text, for every seat and the spectator, read whole
//! or from any index on; a copy, a determinization, a refused action and a position keep it
//! right. (The log was made by replaying the race at each request; docs/web.md, "Under load".)

use crate::support::*;
use autodromo_core::formula90::entries::entries;
use autodromo_core::formula90::{F90State, Formula90};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Sim;
use autodromo_core::{Game, State};
use serde_json::{json, Value};

fn same_log(s: &F90State, step: usize) {
    // The log as it was read before it was kept: replayed from the history, then worded.
    let replayed = s.replayed_events();
    assert_eq!(s.typed_events(), &replayed[..], "step {step}");
    let seats = (0..s.game().num_players()).map(Some).chain([None]);
    for seat in seats {
        let whole: Vec<Value> = entries(s, &replayed, seat, 0);
        assert_eq!(s.events(seat), whole, "step {step}, seat {seat:?}");
        let n = whole.len();
        for since in [1, n / 2, n.saturating_sub(1), n, n + 1, n + 40] {
            assert_eq!(
                s.events_since(seat, since),
                whole[since.min(n)..],
                "step {step}, seat {seat:?}, since {since}"
            );
        }
    }
}

fn games() -> Vec<Formula90> {
    vec![
        game(json!({"players": 2, "robots": {"fast": 1}})),
        game(json!({"players": 3, "robots": {"superfast": 1, "slow": 1}})),
        advanced_game(json!({"players": 2, "robots": {"fast": 2}})),
        advanced_game(json!({"players": 4, "turns": 6})),
        advanced_game(json!({"players": 1, "robots": {"superfast": 2, "fast": 1, "slow": 1}})),
    ]
}

/// A random race, checked every `every` actions and at its end.
fn random_race(g: &Formula90, seed: u64, every: usize) -> F90State {
    let mut rng = SplitMix64::new(seed);
    let mut s = g.new_initial_state();
    let mut step = 0;
    while !s.is_terminal() {
        if step % every == 0 {
            same_log(&s, step);
        }
        random_step(&mut s, &mut rng);
        step += 1;
    }
    same_log(&s, step);
    assert!(step > 100, "a whole race, not a few steps: {step}");
    s
}

#[test]
fn the_kept_log_is_the_replayed_log_in_random_races() {
    for (i, g) in games().iter().enumerate() {
        for seed in 0..3u64 {
            random_race(g, 1000 * i as u64 + seed, 41);
        }
    }
}

#[test]
fn a_refused_action_logs_nothing() {
    let g = &games()[2];
    let mut rng = SplitMix64::new(7);
    let mut s = g.new_initial_state();
    for step in 0..300 {
        if s.is_terminal() {
            break;
        }
        let legal = s.legal_actions();
        // An id no rule allows here: refused, the log as it was.
        if let Some(bad) = (0..g.num_distinct_actions() as u32).find(|a| !legal.contains(a)) {
            let before = s.clone();
            assert!(s.apply_action(bad).is_err());
            assert_eq!(s, before, "step {step}");
        }
        random_step(&mut s, &mut rng);
    }
    same_log(&s, 300);
}

#[test]
fn copies_determinizations_saves_and_positions_keep_the_right_log() {
    let g = &games()[2];
    let mut rng = SplitMix64::new(11);
    let mut s = g.new_initial_state();
    for step in 0..400 {
        if s.is_terminal() {
            break;
        }
        if step % 50 == 0 {
            // A copy goes on with its own log; the original's is as it was.
            let mut fork = s.clone();
            let before = s.events(None);
            let legal = fork.legal_actions();
            fork.apply_action(legal[0]).unwrap();
            same_log(&fork, step);
            assert_eq!(s.events(None), before);
            // A determinization is the same race as far as its actions go: its log is theirs.
            let seat = step % g.num_players();
            let d = s.determinize(seat, &mut SplitMix64::new(step as u64));
            same_log(&d, step);
            // A save read back replays the race, and so its log.
            let back = g.deserialize_state(&s.serialize()).unwrap();
            assert_eq!(back.typed_events(), s.typed_events(), "step {step}");
            // A position has no history: its log is the start's, as a replay of none gives.
            let p = F90State::from_position(&s, &s.position()).unwrap();
            same_log(&p, step);
        }
        random_step(&mut s, &mut rng);
    }
}
