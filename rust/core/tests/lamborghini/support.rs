//! Shared by the Lamborghini rules tests: the shipped content and small scripting helpers.
//!
//! Every field of `LamboState` is public, so a test sets a position up by hand (cells, progress,
//! damages, hands, the Speed deck, the phase) and then applies labelled actions: "draw <card id>"
//! for a chance card, "move ahead", "play <card id>", "pick <card id>" and so on.
#![allow(dead_code)]
use std::path::Path;
use std::sync::{Arc, OnceLock};

use autodromo_core::grid::Cell;
use autodromo_core::lamborghini::content::Kind;
use autodromo_core::lamborghini::{Content, FinishRecord, LamboState, Lamborghini, Phase};
use autodromo_core::{Game, State};
use serde_json::{json, Value};

/// Speed +1, manoeuvre 0: a check's value is the card drawn.
pub const PLAIN: (&str, &str) = ("murcielago_roadster", "fabbri");

pub fn content() -> Arc<Content> {
    static CONTENT: OnceLock<Arc<Content>> = OnceLock::new();
    CONTENT
        .get_or_init(|| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../python/autodromo/content/lamborghini");
            Arc::new(Content::from_dir(&dir).expect("the shipped content is valid"))
        })
        .clone()
}

/// A new game with these options (the draft, or the long game's auction, comes first).
pub fn game(options: Value) -> LamboState {
    Lamborghini::new(content(), &options)
        .expect("options are valid")
        .new_initial_state()
}

/// The index of a card by its id.
pub fn id(name: &str) -> u16 {
    content()
        .cards
        .iter()
        .position(|c| c.id == name)
        .unwrap_or_else(|| panic!("no card {name}")) as u16
}

pub fn name(card: u16) -> String {
    content().cards[usize::from(card)].id.clone()
}

pub fn ids(cards: &[u16]) -> Vec<String> {
    cards.iter().map(|&c| name(c)).collect()
}

/// Applies a labelled action, panicking with the rule if it is refused.
pub fn act(s: &mut LamboState, label: &str) {
    let a = s
        .string_to_action(label)
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    if let Err(e) = s.apply_action(a) {
        panic!(
            "{label} refused in {:?}: {e}; legal: {:?}",
            s.phase,
            labels(s)
        );
    }
}

pub fn labels(s: &LamboState) -> Vec<String> {
    s.legal_actions()
        .into_iter()
        .map(|a| s.action_to_string(a))
        .collect()
}

pub fn legal(s: &LamboState, label: &str) -> bool {
    labels(s).iter().any(|l| l == label)
}

/// Asserts `label` is refused with a message containing `rule`, leaving the state untouched.
pub fn refused(s: &mut LamboState, label: &str, rule: &str) {
    let before = s.clone();
    let a = s.string_to_action(label).expect("a known label");
    let err = s.apply_action(a).expect_err("must be refused").to_string();
    assert!(err.contains(rule), "{label}: {err:?} does not say {rule:?}");
    assert_eq!(*s, before, "a refused action changed the state");
}

/// Every Technology, Manoeuvre and Banknote card: what a Speed deck may hold.
pub fn speed_cards() -> Vec<u16> {
    content()
        .cards
        .iter()
        .enumerate()
        .filter(|(_, c)| !matches!(c.kind, Kind::Car | Kind::Driver))
        .map(|(i, _)| i as u16)
        .collect()
}

/// A race under way on Sant'Agata (3 lanes, 82 rows, one lap unless `options` says otherwise):
/// car `i` has the car and driver `pairs[i]`, hands are empty, the Speed deck holds every
/// Technology, Manoeuvre and Banknote card; car 0 stands on row 20 in the middle lane and the
/// others further on, off its lane (rows 40, 44, 48, 52, in lanes 0 and 2).
pub fn race(options: Value, pairs: &[(&str, &str)]) -> LamboState {
    let mut opts = json!({"players": pairs.len(), "laps": 1});
    for (k, v) in options.as_object().expect("a mapping") {
        opts[k] = v.clone();
    }
    let mut s = game(opts);
    assert_eq!(s.murcs.len(), pairs.len(), "one pair per Murciélago");
    for (i, (car, driver)) in pairs.iter().enumerate() {
        s.murcs[i].car = Some(id(car));
        s.murcs[i].driver = Some(id(driver));
    }
    s.decks = Default::default();
    s.face_up.clear();
    s.speed_deck = speed_cards();
    s.speed_discard.clear();
    s.racing = true;
    s.round = 1;
    put(&mut s, 0, 20, 1);
    for i in 1..pairs.len() {
        put(&mut s, i, 36 + 4 * i as i32, if i % 2 == 1 { 0 } else { 2 });
    }
    s.order = (0..pairs.len() as u8).collect();
    s.next = 0;
    s.phase = Phase::Flow;
    s
}

/// Puts `car` `progress` squares past the start line (first lap: the row is the progress), in
/// `lane`.
pub fn put(s: &mut LamboState, car: usize, progress: i32, lane: u8) {
    let len = i32::from(s.def.track().len());
    s.murcs[car].cell = Cell {
        row: progress.rem_euclid(len) as u16,
        lane,
    };
    s.murcs[car].progress = progress;
}

/// The round's order from here: `order`, the first of it to move next.
pub fn in_order(s: &mut LamboState, order: &[u8]) {
    s.order = order.to_vec();
    s.next = 0;
    s.settle();
}

/// Starts the turn of `car` alone this round (the others stay where the test put them): the
/// next thing is its Speed card.
pub fn only(s: &mut LamboState, car: usize) {
    s.order = vec![car as u8];
    s.next = 0;
    s.phase = Phase::Flow;
    s.settle();
    assert_eq!(s.phase, Phase::SpeedDraw { car: car as u8 });
}

/// `s` at a draft decision: `seat` picks (pick `picks` of its turn, step 2) from exactly
/// `face_up`, which leave their decks.
pub fn drafting(mut s: LamboState, seat: u8, picks: u8, face_up: &[&str]) -> LamboState {
    s.face_up = face_up.iter().map(|c| id(c)).collect();
    for d in s.decks.iter_mut() {
        d.retain(|&c| !s.face_up.contains(&c));
    }
    s.phase = Phase::Draft {
        seat,
        step: 2,
        picks,
    };
    s
}

/// The long game of three, every seat bidding nothing for the first place: seat 0's second pick of
/// the draft from exactly `face_up`.
pub fn long_draft(face_up: &[&str]) -> LamboState {
    let mut s = game(json!({"players": 3, "long": true}));
    for _ in 0..3 {
        act(&mut s, "bid nothing");
    }
    drafting(s, 0, 1, face_up)
}

/// Three plain cars, car 1 one row straight ahead of car 0 (21, lane 1); car 0 draws a 7 and
/// plays its engagement_1 to crash into car 1: its manoeuvre check is next. `alone`: car 0 is the
/// only car to move this round (`only`), else car 1 moves after it.
pub fn engagement_crash(alone: bool) -> LamboState {
    let mut s = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 21, 1);
    give(&mut s, 0, "engagement_1");
    if alone {
        only(&mut s, 0);
    } else {
        in_order(&mut s, &[0, 1]);
    }
    draw(&mut s, 7);
    act(&mut s, "play engagement_1");
    act(&mut s, "crash into the car ahead");
    s
}

/// Four plain cars: car 0 on (20,1) holding `card`, car 1 beside it on the right (20,2), car 2
/// ahead (21,1); car 0 alone moves this round, draws a Crazy 10 and makes its first check with an
/// 8: one check of the turn left.
pub fn first_check_between_two(card: &str) -> LamboState {
    let mut s = race(json!({"players": 4}), &[PLAIN, PLAIN, PLAIN, PLAIN]);
    put(&mut s, 1, 20, 2);
    put(&mut s, 2, 21, 1);
    give(&mut s, 0, card);
    only(&mut s, 0);
    draw_crazy(&mut s, 10);
    draw(&mut s, 8);
    s
}

/// A card of the Speed deck with this Speed value and arrow (a non-crazy 12 does not exist: every
/// 12 carries the red arrow).
pub fn speed_card(s: &LamboState, value: u8, crazy: bool) -> String {
    let cards = &s.def.content.cards;
    let pool = if s.speed_deck.is_empty() {
        &s.speed_discard
    } else {
        &s.speed_deck
    };
    pool.iter()
        .copied()
        .filter(|&c| matches!(cards[usize::from(c)].kind, Kind::Banknote))
        .chain(pool.iter().copied())
        .find(|&c| cards[usize::from(c)].speed == value && cards[usize::from(c)].crazy == crazy)
        .map(name)
        .unwrap_or_else(|| panic!("no Speed card {value} (crazy {crazy}) left"))
}

/// Draws a Speed card of `value`: without an arrow where one exists (for a check the arrow does
/// not count).
pub fn draw(s: &mut LamboState, value: u8) {
    let card = speed_card(s, value, value == 12);
    act(s, &format!("draw {card}"));
    take_check(s);
}

/// Draws a Speed card of `value` with its coloured arrow (10 yellow, 11 orange, 12 red).
pub fn draw_crazy(s: &mut LamboState, value: u8) {
    let card = speed_card(s, value, true);
    act(s, &format!("draw {card}"));
    take_check(s);
}

/// A Crazy Murciélago Speed card waits for the player to take its check (a card may be played
/// for it first); the scripted tests take it at once.
pub fn take_check(s: &mut LamboState) {
    if matches!(
        s.phase,
        autodromo_core::lamborghini::Phase::CheckPrep { .. }
    ) {
        act(s, "take the check");
    }
}

/// `n` squares with `label` ("move ahead").
pub fn moves(s: &mut LamboState, label: &str, n: usize) {
    for _ in 0..n {
        act(s, label);
    }
}

pub fn cell(s: &LamboState, car: usize) -> (u16, u8) {
    let c = s.murcs[car].cell;
    (c.row, c.lane)
}

/// Gives `card` to the hand of the seat that owns `car`.
/// Puts `card` where `car` plays it from: its own linked cards with 2 players, else the hand.
pub fn give(s: &mut LamboState, car: usize, card: &str) {
    let seat = usize::from(s.def.opts.owner(car));
    let c = id(card);
    s.speed_deck.retain(|&x| x != c);
    if s.def.opts.players == 2 {
        s.murcs[car].hand.push(c);
    } else {
        s.hands[seat].cards.push(c);
    }
}

/// A finish in game turn `turn`, `past_line` squares past the line, `in_order`-th to move.
pub fn finished(turn: u16, past_line: i32, in_order: u8) -> FinishRecord {
    FinishRecord {
        turn,
        past_line,
        in_order,
    }
}
