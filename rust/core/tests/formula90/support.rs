//! Shared by the Formula 90 tests: the shipped content, a test track shaped for the book's
//! worked examples, and scripting helpers (cars and cards by their names, positions by hand).
#![allow(dead_code)]
use std::path::Path;
use std::sync::Arc;

use autodromo_core::formula90::bots::{choose, Level};
use autodromo_core::formula90::cards::CardId;
use autodromo_core::formula90::rules::Strategy;
use autodromo_core::formula90::{Content, F90State, Formula90, Phase};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::{json, Value};

pub fn shipped_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/autodromo/content/formula90")
}

pub fn shipped_files() -> Vec<(String, String)> {
    let dir = shipped_dir();
    let mut files = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "toml") {
                let rel = p
                    .strip_prefix(&dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                files.push((rel, std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    files.sort();
    files
}

pub fn content() -> Arc<Content> {
    Arc::new(Content::from_dir(&shipped_dir()).expect("the shipped content is valid"))
}

/// The shipped content plus the test track `book` (`book_*.toml` beside this file).
pub fn book_content() -> Arc<Content> {
    let mut files = shipped_files();
    files.push((
        "tracks/book/track.toml".into(),
        include_str!("book_track.toml").into(),
    ));
    files.push((
        "tracks/book/cards.toml".into(),
        include_str!("book_cards.toml").into(),
    ));
    Arc::new(Content::parse(&files).expect("the test content is valid"))
}

/// The basic race unless a test names an advanced module: each module's tests turn it on.
fn basic(mut options: Value) -> Value {
    if options.is_null() {
        options = serde_json::json!({});
    }
    for module in [
        "weather",
        "flags",
        "track_powers",
        "free_practice",
        "safety_car",
        "extreme",
    ] {
        if options.get(module).is_none() {
            options[module] = Value::from(false);
        }
    }
    options
}

pub fn game(options: Value) -> Formula90 {
    Formula90::new(content(), &basic(options)).expect("options are valid")
}

/// A game with the book's defaults (every module the track supports on).
pub fn advanced_game(options: Value) -> Formula90 {
    Formula90::new(content(), &options).expect("options are valid")
}

pub fn race(options: Value) -> F90State {
    game(options).new_initial_state()
}

/// A race on the book track, set up (hands dealt, grid formed with the first choice of every
/// decision) and waiting at the start of turn 1.
pub fn book_race(options: Value) -> F90State {
    let mut opts = basic(options);
    if opts.get("track").is_none() {
        opts["track"] = Value::from("book");
    }
    let g = Formula90::new(book_content(), &opts).expect("options are valid");
    let mut s = g.new_initial_state();
    while s.turn == 0 {
        let a = match s.current_player() {
            Player::Chance => s.chance_outcomes()[0].0,
            Player::Seat(_) => s.legal_actions()[0],
            Player::Terminal => break,
        };
        s.apply_action(a).unwrap();
    }
    clear_cards(&mut s);
    s
}

/// Every card back in its deck: no hands, no Target Checks, no discards (tests give each car
/// what its example needs; a car without a Target Check tests against 70).
pub fn clear_cards(s: &mut F90State) {
    for c in 0..s.n {
        s.set_hand(c, &[]);
        let t = s.car(c).target;
        if t != autodromo_core::formula90::car::NO_CARD {
            s.cars[usize::from(c)].target = autodromo_core::formula90::car::NO_CARD;
            s.return_card(t);
        }
    }
    let (rd, td) = (s.race_discard, s.track_discard);
    for id in rd.iter().chain(td.iter()) {
        s.take_card(id);
        s.return_card(id);
    }
}

/// A car by its name.
pub fn car(s: &F90State, name: &str) -> u8 {
    s.race
        .names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no car {name:?} in {:?}", s.race.names)) as u8
}

/// A card by its name ("42", "T3").
pub fn card(s: &F90State, name: &str) -> CardId {
    s.race
        .card_by_name(name)
        .unwrap_or_else(|| panic!("no card {name:?}"))
}

pub fn cards(s: &F90State, names: &[&str]) -> Vec<CardId> {
    names.iter().map(|n| card(s, n)).collect()
}

/// Cars by section (front of each queue first), all on lap `lap` unless given as "Name@lap".
pub fn layout(s: &mut F90State, sections: &[(u8, &[&str])], lap: i16) {
    let owned: Vec<(u8, Vec<(u8, i16)>)> = sections
        .iter()
        .map(|(sec, names)| {
            let cars = names
                .iter()
                .map(|n| match n.split_once('@') {
                    Some((name, l)) => (car(s, name), l.parse().unwrap()),
                    None => (car(s, n), lap),
                })
                .collect();
            (*sec, cars)
        })
        .collect();
    let refs: Vec<(u8, &[(u8, i16)])> = owned.iter().map(|(s, v)| (*s, v.as_slice())).collect();
    s.arrange(&refs);
}

pub fn hand(s: &mut F90State, who: &str, names: &[&str]) {
    let c = car(s, who);
    let ids = cards(s, names);
    s.set_hand(c, &ids);
}

pub fn target(s: &mut F90State, who: &str, name: &str) {
    let c = car(s, who);
    let id = card(s, name);
    s.set_target(c, id);
}

/// Marks every car but `who` as having played this turn.
pub fn only(s: &mut F90State, who: &[&str]) {
    let keep: Vec<u8> = who.iter().map(|n| car(s, n)).collect();
    for c in 0..s.n {
        s.cars[usize::from(c)].played = !keep.contains(&c);
    }
}

/// Sections of the cars, front first.
pub fn section_of(s: &F90State, name: &str) -> u8 {
    s.car(car(s, name)).section
}

pub fn queue(s: &F90State, section: u8) -> Vec<String> {
    s.section_cars(section)
        .map(|c| s.race.names[usize::from(c)].clone())
        .collect()
}

/// Applies a labelled action, panicking with the rule if it is refused.
pub fn act(s: &mut F90State, label: &str) {
    let a = s
        .string_to_action(label)
        .unwrap_or_else(|e| panic!("{label}: {e}; legal: {:?}", labels(s)));
    if let Err(e) = s.apply_action(a) {
        panic!("{label} refused: {e}; legal: {:?}", labels(s));
    }
}

/// Draws a given card at a chance node (a draw, a blind check).
pub fn draw(s: &mut F90State, name: &str) {
    assert_eq!(
        s.current_player(),
        Player::Chance,
        "not a chance node: {:?}",
        s.phase
    );
    act(s, &format!("draw {name}"));
}

pub fn labels(s: &F90State) -> Vec<String> {
    s.legal_actions()
        .into_iter()
        .map(|a| s.action_to_string(a))
        .collect()
}

pub fn has(s: &F90State, label: &str) -> bool {
    labels(s).iter().any(|l| l == label)
}

/// Asserts `label` is refused with a message containing `rule`, leaving the state untouched.
pub fn refused(s: &mut F90State, label: &str, rule: &str) {
    let before = s.clone();
    let a = s.string_to_action(label).expect("a known label");
    let err = s.apply_action(a).expect_err("must be refused").to_string();
    assert!(err.contains(rule), "{label}: {err:?} does not say {rule:?}");
    assert_eq!(*s, before, "a refused action changed the state");
}

/// Who acts now, by name.
pub fn to_move(s: &F90State) -> String {
    match s.current_player() {
        Player::Seat(x) => s.race.names[usize::from(x)].clone(),
        Player::Chance => format!("chance ({:?})", s.phase),
        Player::Terminal => "nobody".into(),
    }
}

pub fn phase(s: &F90State) -> Phase {
    s.phase
}

/// One step of a random race: a chance node draws its outcome, a seat takes a legal action at
/// random. The race must not be over.
pub fn random_step(s: &mut F90State, rng: &mut SplitMix64) {
    let a = match s.current_player() {
        Player::Chance => s.sample_chance(rng).unwrap(),
        _ => {
            let l = s.legal_actions();
            l[rng.below(l.len() as u32) as usize]
        }
    };
    s.apply_action(a).unwrap();
}

/// Resolves chance nodes with the first outcome until a seat decides.
pub fn settle(s: &mut F90State) {
    while s.current_player() == Player::Chance {
        let a = s.chance_outcomes()[0].0;
        s.apply_action(a).unwrap();
    }
}

/// Plays `who`'s individual turn: drive, the draw, `play` (a label), then phase D and the rest
/// with the first option (tyres with tokens, checks blind, no late brake, no trajectory),
/// leader checks passed with the lowest card of the deck. Stops when another car is to play.
pub fn run_turn(s: &mut F90State, who: &str, play: &str) {
    let c = car(s, who);
    let turn = s.turn;
    assert_eq!(to_move(s), who, "phase {:?}", s.phase);
    act(s, "drive");
    settle(s);
    if matches!(s.phase, Phase::LuckyDiscard { .. }) {
        let first = labels(s)[0].clone();
        act(s, &first);
    }
    act(s, play);
    finish_turn_of(s, c, turn);
}

/// Resolves the rest of car `c`'s turn with the first option of each decision.
pub fn finish_turn(s: &mut F90State, c: u8) {
    let turn = s.turn;
    finish_turn_of(s, c, turn)
}

/// `finish_turn`, stopping as well when game turn `turn` is over.
pub fn finish_turn_of(s: &mut F90State, c: u8, turn: u8) {
    for _ in 0..200 {
        if s.car(c).played || s.car(c).just_pit || s.is_terminal() || s.turn != turn {
            return;
        }
        match s.current_player() {
            Player::Chance => {
                let a = s.chance_outcomes()[0].0;
                s.apply_action(a).unwrap();
            }
            Player::Seat(x) if x != c => return,
            Player::Seat(seat) => {
                let l = labels(s);
                let fixed = ["pay a tyre token", "no late brake", "no trajectory"]
                    .iter()
                    .find(|p| l.iter().any(|x| x == *p));
                match fixed {
                    Some(p) => act(s, p),
                    None => {
                        // Checks and the rest as the medium bot would: a passing card that
                        // keeps the Target Check high.
                        let legal = s.legal_actions();
                        let a =
                            choose(&s.seat_view(Some(usize::from(seat))), &legal, Level::Medium)
                                .unwrap();
                        s.apply_action(a).unwrap();
                    }
                }
            }
            Player::Terminal => return,
        }
    }
    panic!("the turn of {} does not end", s.race.names[usize::from(c)]);
}

/// Skips `who`'s turn, keeping its strategy.
pub fn skip_turn(s: &mut F90State, who: &str) {
    assert_eq!(to_move(s), who, "phase {:?}", s.phase);
    act(s, "skip the turn");
    let keep = format!("strategy {}", s.car(car(s, who)).strategy.name());
    act(s, &keep);
}

/// The steps of log entries, in order: what the rules resolved, whoever's entry it is in.
pub fn steps(entries: &[Value]) -> Vec<Value> {
    entries
        .iter()
        .flat_map(|e| e["steps"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// Gives `who`'s car the strategy `st`.
pub fn strategy(s: &mut F90State, who: &str, st: Strategy) {
    let c = car(s, who);
    s.cars[usize::from(c)].strategy = st;
}

/// Drives and takes the phase B draw (the card `drawn`): the car is to play its cards.
pub fn to_phase_c(s: &mut F90State, drawn: &str) {
    act(s, "drive");
    draw(s, drawn);
    assert!(matches!(s.phase, Phase::Play { .. }), "{:?}", s.phase);
}

/// Stowe on the book's test track (`book_track.toml`): the corner of the book's duel examples.
pub const STOWE: u8 = 10;

/// The book's Curve 1 example (the Duel section) on the book's test track: Fast, Orange and Slow
/// (a lapped robot) side by side at Stowe, Blue two sections behind on the trajectory, with the
/// hands the example plays; game turn 5 starts, Blue to move.
pub fn curve_one() -> F90State {
    let mut s = book_race(json!({"players": 2, "robots": {"fast": 1, "slow": 1}}));
    layout(
        &mut s,
        &[
            (STOWE, &["Fast@2", "Orange@2", "Slow@2"]),
            (STOWE - 2, &["Blue"]),
        ],
        3,
    );
    let blue = car(&s, "Blue");
    s.cars[usize::from(blue)].trajectory = Some(0);
    hand(&mut s, "Blue", &["2", "85", "98", "96", "9"]);
    target(&mut s, "Blue", "99");
    hand(&mut s, "Orange", &["66", "25", "8"]);
    s.start_turn_at(5);
    s
}
