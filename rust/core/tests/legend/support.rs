//! Shared by the Legend tests: the shipped content and small scripting helpers.
#![allow(dead_code)]
use std::path::Path;
use std::sync::Arc;

use autodromo_core::grid::Cell;
use autodromo_core::legend::state::Phase;
use autodromo_core::legend::{Content, Legend, LegendState};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::Value;

pub fn content() -> Arc<Content> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/autodromo/content/legend");
    Arc::new(Content::from_dir(&dir).expect("the shipped content is valid"))
}

/// A race on the shipped content.
pub fn game(options: Value) -> Legend {
    Legend::new(content(), &options).expect("options are valid")
}

pub fn race(options: Value) -> LegendState {
    game(options).new_initial_state()
}

/// Applies a labelled action, panicking with the rule if it is refused.
pub fn act(s: &mut LegendState, label: &str) {
    let a = s
        .string_to_action(label)
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    if let Err(e) = s.apply_action(a) {
        panic!("{label} refused: {e}; legal: {:?}", labels(s));
    }
}

pub fn labels(s: &LegendState) -> Vec<String> {
    s.legal_actions()
        .into_iter()
        .map(|a| s.action_to_string(a))
        .collect()
}

/// Asserts `label` is refused with a message containing `rule`, leaving the state untouched.
pub fn refused(s: &mut LegendState, label: &str, rule: &str) {
    let before = s.serialize();
    let a = s.string_to_action(label).expect("a known label");
    let err = s.apply_action(a).expect_err("must be refused").to_string();
    assert!(err.contains(rule), "{label}: {err:?} does not say {rule:?}");
    assert_eq!(s.serialize(), before, "a refused action changed the state");
}

pub fn place(s: &mut LegendState, car: usize, row: u16, lane: u8, speed: u8) {
    let len = s.race.track().len() as i32;
    let c = &mut s.cars[car];
    let lap_start = c.progress - (c.progress.rem_euclid(len));
    c.cell = Cell { row, lane };
    c.progress = lap_start + i32::from(row);
    c.speed = speed;
}

/// Makes `car` the only car to act this round (others stay where the test put them).
pub fn only(s: &mut LegendState, car: usize) {
    s.order = vec![car as u8];
    s.next = 0;
    s.begin_activation(car);
}

pub fn cell(s: &LegendState, car: usize) -> (u16, u8) {
    let c = s.cars[car].cell;
    (c.row, c.lane)
}

// ---- Stage races --------------------------------------------------------------------------

/// A Stage race with the weather rolled clear (a 3): the first car to start sets its pace.
pub fn stage_race(options: Value) -> LegendState {
    let mut s = race(options);
    act(&mut s, "d6 3");
    s
}

/// Puts a car on the current stage's road at `row`, racing at `speed`.
pub fn place_on_road(s: &mut LegendState, car: usize, row: u16, lane: u8, speed: u8) {
    let c = &mut s.cars[car];
    c.cell = Cell { row, lane };
    c.progress = i32::from(row);
    c.speed = speed;
    c.status = autodromo_core::legend::car::Status::Racing;
}

/// Plays the greedy driver for `car`'s activation, until another seat, chance or the next round.
pub fn drive(s: &mut LegendState, car: usize) {
    let round = s.round;
    while s.phase.seat() == Some(car as u8) && s.round == round {
        let a = autodromo_core::legend::bots::greedy_action(s).expect("a decision");
        s.apply_action(a)
            .expect("the greedy driver plays legal moves");
    }
}

/// Whether `label` is among the legal actions.
pub fn has(s: &LegendState, label: &str) -> bool {
    labels(s).iter().any(|l| l == label)
}

/// Runs one activation of `car` alone: a Neutral Car with the round's die.
pub fn neutral_round(s: &mut LegendState, car: u8, die: u8) {
    s.order = vec![car];
    s.next = 0;
    s.neutral_row = None;
    s.phase = Phase::Flow;
    s.settle();
    assert_eq!(s.phase, Phase::NeutralDie);
    act(s, &format!("d6 {die}"));
}

/// Plays `s` at random (chance sampled, a uniform legal action for the seat) from `seed` until
/// it ends or 1,500 actions were applied, calling `each` before every action.
pub fn play_randomly(s: &mut LegendState, seed: u64, mut each: impl FnMut(&LegendState)) {
    let mut rng = SplitMix64::new(seed);
    while !s.is_terminal() && s.history().len() < 1500 {
        each(s);
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            _ => {
                let legal = s.legal_actions();
                legal[(rng.next_u64() % legal.len() as u64) as usize]
            }
        };
        s.apply_action(a).unwrap();
    }
}

/// Moves `car` `n` spaces straight ahead in its lane.
pub fn straight_on(s: &mut LegendState, car: usize, n: usize) {
    for _ in 0..n {
        let lane = s.cars[car].cell.lane;
        act(s, &format!("move to lane {lane}"));
    }
}

/// Every shipped content file, as `(path relative to the folder, text)`.
pub fn all_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/autodromo/content/legend");
    let mut out = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "toml") {
                let rel = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((rel, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// The shipped content with files added (or replaced).
pub fn content_with(extra: &[(&str, &str)]) -> Arc<Content> {
    let mut files = all_files();
    for (name, text) in extra {
        files.retain(|(n, _)| n != name);
        files.push((name.to_string(), text.to_string()));
    }
    Arc::new(Content::parse(&files).expect("valid content"))
}

/// A route of our own: Verona – Ravenna alone, a stage that ends at a Check Point.
pub const CONTROLLO: (&str, &str) = (
    "routes/controllo.toml",
    "name = \"Controllo\"\nstart = \"10:00\"\nstages = [\"verona_ravenna\"]\n",
);

/// A Stage race on `CONTROLLO` (its `route` set here), the weather rolled clear.
pub fn controllo(mut options: Value) -> LegendState {
    options["route"] = Value::from("controllo");
    stage_race_on(content_with(&[CONTROLLO]), options)
}

/// A Stage race on `content`, the weather rolled clear.
pub fn stage_race_on(content: Arc<Content>, options: Value) -> LegendState {
    let mut s = Legend::new(content, &options)
        .expect("options are valid")
        .new_initial_state();
    act(&mut s, "d6 3");
    s
}
