//! Positions as they are written, pinned (issue 30: positions are read and written by serde;
//! this pins the format they had when they were written by hand): random races over several
//! option sets, every module included, round trip at every step (the state read back writes the
//! same position, has the same views and legal actions), and the text of all those positions
//! hashes to the figure the hand-written writer gave.
//!
//! When a change of the rules or the content changes how these races play, the hash changes
//! too: run with `AUTODROMO_GOLDEN_PRINT=1` (it prints the new figure), check that the change is
//! play and not the format (the round trip still passes, `docs/positions.md` still holds), and
//! update `GOLDEN`.

use crate::support::*;
use autodromo_core::formula90::F90State;
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, State};
use serde_json::{json, Value};

/// FNV-1a over the positions' text, with a newline after each.
const GOLDEN: u64 = 0xac54_a70a_0bf5_b35e;

/// The same over the positions less `EXTREME_KEYS`: the figure the hand-written writer gave
/// (commit 8b53b17), which wrote no Extreme Trajectory state of the turn in progress (a position
/// taken while a car was in the ET's recovery chart read back with another view).
const HAND_WRITTEN: u64 = 0xd437_5c68_17cc_7523;

/// What issue 30's serde format added to `individual_turn`, each written only when set.
const EXTREME_KEYS: [&str; 5] = ["et_due", "et_mp", "et_recovery", "et_bound", "corner_pass"];

fn option_sets() -> Vec<Value> {
    vec![
        json!({"players": 2, "turns": 4}),
        json!({"players": 3, "robots": {"fast": 1}, "turns": 5}),
        // The book's defaults: every module the track supports (weather, flags, Safety Car,
        // Extreme Trajectories, track powers, free practice).
        json!({"players": 2, "robots": {"fast": 1, "slow": 1}, "race_length": "short"}),
        json!({"players": 4, "turns": 4, "strategies": "basic", "duel_tie_wear": "per_other"}),
    ]
}

fn fnv(h: &mut u64, text: &str) {
    for b in text.bytes().chain(core::iter::once(b'\n')) {
        *h ^= u64::from(b);
        *h = h.wrapping_mul(0x0100_0000_01b3);
    }
}

/// The state read back from `p` is the same position, views and legal actions as `s`.
fn round_trip(s: &F90State, p: &Value, at: &str) {
    let back = F90State::from_position(s, p).unwrap_or_else(|e| panic!("{at}: {e}\n{p}"));
    assert_eq!(&back.position(), p, "{at}: written again");
    assert_eq!(
        back.legal_actions(),
        s.legal_actions(),
        "{at}: legal actions"
    );
    for seat in (0..s.race.humans()).map(Some).chain([None]) {
        let (a, b) = (back.view(seat), s.view(seat));
        assert!(
            a == b,
            "{at}: view of {seat:?}: {}",
            first_difference(&a, &b, "view")
        );
    }
}

/// Where two values first differ, and how.
fn first_difference(a: &Value, b: &Value, at: &str) -> String {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                match y.get(k) {
                    Some(w) if w != v => return first_difference(v, w, &format!("{at}.{k}")),
                    None => return format!("{at}.{k} only read back"),
                    _ => {}
                }
            }
            format!(
                "{at}: keys {:?} only written",
                y.keys().filter(|k| !x.contains_key(*k)).collect::<Vec<_>>()
            )
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            let i = (0..x.len()).find(|&i| x[i] != y[i]).unwrap_or(0);
            first_difference(&x[i], &y[i], &format!("{at}[{i}]"))
        }
        _ => format!("{at}: read back {a}, written {b}"),
    }
}

#[test]
fn positions_of_random_races_keep_their_format_and_read_back() {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut before = h;
    let mut written = 0;
    for (k, options) in option_sets().into_iter().enumerate() {
        let g = advanced_game(options);
        for seed in 0..2u64 {
            let mut s = g.new_initial_state();
            let mut rng = SplitMix64::new(1000 * k as u64 + seed);
            let mut step = 0;
            while !s.is_terminal() {
                let p = s.position();
                fnv(&mut h, &p.to_string());
                let mut old = p.clone();
                if let Some(t) = old["individual_turn"].as_object_mut() {
                    for k in EXTREME_KEYS {
                        t.remove(k);
                    }
                }
                fnv(&mut before, &old.to_string());
                round_trip(&s, &p, &format!("set {k} seed {seed} step {step}"));
                random_step(&mut s, &mut rng);
                step += 1;
                written += 1;
            }
        }
    }
    if std::env::var_os("AUTODROMO_GOLDEN_PRINT").is_some() {
        println!("GOLDEN = {h:#018x}, HAND_WRITTEN = {before:#018x}, over {written} positions");
    }
    assert_eq!(
        before, HAND_WRITTEN,
        "the format of 8b53b17 changed ({written} positions)"
    );
    assert!(written > 1000, "{written} positions");
    assert_eq!(
        h, GOLDEN,
        "the positions' text changed ({written} positions)"
    );
}
