//! Duel cards lie face down until the reveal (PROCEDIMENTOS DE DUELO: "VIRADAS PARA BAIXO";
//! RESOLUÇÃO DOS DUELOS: "Todas as cartas são reveladas ao mesmo tempo"; decision 37): no other
//! seat, no spectator, no observation tensor and no determinization reads them before; after
//! the reveal they are face up for everyone, also in a second duel of the same turn. A robot's
//! two drawn cards lie face down like the players' (decision 8) and only this duel's count.

use crate::support::*;
use autodromo_core::formula90::cards::CardSet;
use autodromo_core::formula90::F90State;
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Sim;
use autodromo_core::{Game, State};
use serde_json::{json, Value};

const ABBEY: u8 = 13;

fn tensor(s: &F90State, seat: usize) -> Vec<f32> {
    let mut out = vec![0.0f32; s.game().observation_len()];
    s.observation_tensor(seat, &mut out);
    out
}

/// `who`'s frozen card `from` swapped with `to` from the Race deck (the duel's record and
/// total follow): a state no other seat can tell apart while the duel is sealed.
fn swap_frozen(s: &F90State, who: &str, from: &str, to: &str) -> F90State {
    let mut t = s.clone();
    let (c, a, b) = (car(s, who), card(s, from), card(s, to));
    assert!(t.car(c).frozen.contains(a) && t.race_deck.contains(b));
    let car = &mut t.cars[usize::from(c)];
    car.frozen.remove(a);
    car.frozen.insert(b);
    t.race_deck.remove(b);
    t.race_deck.insert(a);
    if t.duel.cards.contains(a) {
        t.duel.cards.remove(a);
        t.duel.cards.insert(b);
    }
    if let Some(i) = t.duel_member_index(c) {
        if !t.duel.revealed {
            t.duel.sums[usize::from(i)] = t.sealed_sum(i);
        }
    }
    autodromo_core::formula90::invariants::check(&t).unwrap();
    t
}

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect()
}

/// The book's Abbey duel (Orange, Green, Blue) up to Orange's cards laid face down.
fn abbey_sealed() -> F90State {
    abbey_sealed_with(&["97", "98", "7", "16"], "duel with 97 + 98")
}

/// The same duel with Orange holding `orange` and laying `laid`.
fn abbey_sealed_with(orange: &[&str], laid: &str) -> F90State {
    let mut s = book_race(json!({"players": 6, "robots": {}}));
    layout(
        &mut s,
        &[
            (ABBEY + 1, &["Red@2"]),
            (ABBEY, &["Blue", "Green", "Orange"]),
        ],
        3,
    );
    hand(&mut s, "Green", &["13", "6", "23"]);
    hand(&mut s, "Orange", orange);
    hand(&mut s, "Blue", &["8", "32"]);
    s.start_turn_at(5);
    act(&mut s, "challenge");
    act(&mut s, "join the duel");
    act(&mut s, "join the duel");
    act(&mut s, laid);
    s
}

#[test]
fn another_seats_sealed_duel_cards_are_in_no_view_or_tensor_until_the_reveal() {
    let s = abbey_sealed();
    let orange = usize::from(car(&s, "Orange"));
    let other = swap_frozen(&s, "Orange", "97", "50");
    for seat in (0..6).filter(|&x| x != orange) {
        assert_eq!(
            other.view(Some(seat)),
            s.view(Some(seat)),
            "seat {}",
            seat + 1
        );
        assert_eq!(tensor(&other, seat), tensor(&s, seat), "seat {}", seat + 1);
    }
    assert_eq!(other.view(None), s.view(None), "the shared screen");
    // The log is kept as the race goes, so a swapped copy carries the same one: the log is
    // compared with a race where Orange really laid other cards.
    let laid_other = abbey_sealed_with(&["50", "98", "7", "16"], "duel with 50 + 98");
    assert_ne!(laid_other.view(Some(orange)), s.view(Some(orange)));
    for seat in (0..6).filter(|&x| x != orange) {
        assert_eq!(
            laid_other.events(Some(seat)),
            s.events(Some(seat)),
            "seat {}",
            seat + 1
        );
    }
    assert_eq!(laid_other.events(None), s.events(None));
    // Green, to lay its cards now, sees two cards face down beside Orange and no face.
    let green = s.view(Some(usize::from(car(&s, "Green"))));
    let o = &green["cars"][orange];
    assert_eq!(o["name"], "Orange");
    assert_eq!(o["sealed"], 2);
    assert_eq!(o["frozen"], json!([]));
    assert!(o.get("sealed_cards").is_none());
    // Orange sees its own, and its total; Green has laid nothing yet: no total of its own.
    let mine = &s.view(Some(orange))["cars"][orange];
    assert_eq!(names(&mine["sealed_cards"]), ["97", "98"]);
    let total = |seat: usize, who: &str| {
        let v = s.view(Some(seat));
        let m = v["duel"]["members"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["car"] == who)
            .cloned();
        m.unwrap()["total"].clone()
    };
    assert_eq!(total(orange, "Orange"), 6);
    let green = usize::from(car(&s, "Green"));
    assert_eq!(total(green, "Green"), Value::Null);
    assert_eq!(total(green, "Orange"), Value::Null);
    assert_ne!(tensor(&other, orange), tensor(&s, orange));
}

#[test]
fn after_the_reveal_the_duel_cards_are_face_up_for_everyone() {
    let mut s = abbey_sealed();
    act(&mut s, "duel with 13 + 6");
    act(&mut s, "duel with 8");
    assert!(s.duel.revealed);
    let orange = usize::from(car(&s, "Orange"));
    let green = usize::from(car(&s, "Green"));
    for seat in [Some(0), Some(green), Some(orange), None] {
        let v = s.view(seat);
        assert_eq!(names(&v["cars"][orange]["frozen"]), ["97", "98"]);
        assert_eq!(names(&v["cars"][green]["frozen"]), ["6", "13"]);
        assert_eq!(v["cars"][orange]["sealed"], 0);
    }
    // Now another card there is another state for every seat, in the view and the tensor.
    let other = swap_frozen(&s, "Orange", "97", "50");
    for seat in (0..6).filter(|&x| x != orange) {
        assert_ne!(other.view(Some(seat)), s.view(Some(seat)));
        assert_ne!(tensor(&other, seat), tensor(&s, seat), "seat {}", seat + 1);
    }
    assert_ne!(other.view(None), s.view(None));
}

/// Two Race Cards of 4 MP from the deck, frozen beside `who` face up as if from a duel
/// already revealed earlier in this game turn ("Mais Sobre Duelos": a car may duel twice).
fn earlier_duel(s: &mut F90State, who: &str) -> CardSet {
    let c = car(s, who);
    let mut up = CardSet::EMPTY;
    for id in s
        .race_deck
        .iter()
        .filter(|&id| s.race.card(id).mp == 4)
        .take(2)
    {
        up.insert(id);
    }
    assert_eq!(up.len(), 2);
    s.race_deck = s.race_deck.minus(up);
    s.cars[usize::from(c)].frozen = s.car(c).frozen.union(up);
    up
}

#[test]
fn determinizing_deals_again_only_the_cards_still_face_down() {
    // Green dueled earlier this turn: its two cards lie face up; Orange's 97 + 98 face down.
    let mut s = book_race(json!({"players": 6, "robots": {}}));
    layout(&mut s, &[(ABBEY, &["Blue", "Green", "Orange"])], 3);
    hand(&mut s, "Green", &["13", "6", "23"]);
    hand(&mut s, "Orange", &["97", "98", "7", "16"]);
    hand(&mut s, "Blue", &["8", "32"]);
    s.start_turn_at(5);
    let up = earlier_duel(&mut s, "Green");
    act(&mut s, "challenge");
    act(&mut s, "join the duel");
    act(&mut s, "join the duel");
    act(&mut s, "duel with 97 + 98");
    let (orange, green, blue) = (car(&s, "Orange"), car(&s, "Green"), car(&s, "Blue"));
    let down = CardSet::one(card(&s, "97")).union(CardSet::one(card(&s, "98")));
    let seat = usize::from(blue);
    let v = s.view(Some(seat));
    assert_eq!(
        v["cars"][usize::from(green)]["frozen"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let mut dealt = 0;
    for k in 0..20 {
        let d = s.determinize(seat, &mut SplitMix64::new(k));
        autodromo_core::formula90::invariants::check(&d).unwrap();
        assert_eq!(d.view(Some(seat)), v, "the seat's view is kept");
        assert_eq!(d.car(green).frozen, up, "face-up cards are kept");
        assert_eq!(d.car(orange).frozen.len(), 2);
        dealt += usize::from(d.car(orange).frozen != down);
        // Orange's total follows the cards dealt to it.
        let i = d.duel_member_index(orange).unwrap();
        assert_eq!(d.duel.sums[usize::from(i)], d.sealed_sum(i));
    }
    assert!(
        dealt >= 18,
        "Orange's sealed cards dealt again {dealt} times of 20"
    );
    // Orange knows its own cards.
    let d = s.determinize(usize::from(orange), &mut SplitMix64::new(1));
    assert_eq!(d.car(orange).frozen, down);
}

/// The book's Curve 1 example up to the duel's cards: the lapped Slow robot challenges Orange,
/// Orange and Blue join, the robot draws 4 and 5 face down; Orange to lay its cards.
fn curve_one_duel(before: impl FnOnce(&mut F90State)) -> F90State {
    let mut s = curve_one();
    let blue = car(&s, "Blue");
    act(&mut s, "drive");
    settle(&mut s);
    act(&mut s, "play 2 + 85 on the trajectory");
    finish_turn(&mut s, blue);
    before(&mut s);
    settle(&mut s);
    act(&mut s, "join the duel");
    act(&mut s, "join the duel");
    draw(&mut s, "4");
    draw(&mut s, "5");
    assert_eq!(to_move(&s), "Orange");
    s
}

#[test]
fn a_robots_drawn_duel_cards_lie_face_down_until_the_reveal() {
    let s = curve_one_duel(|_| {});
    let slow = car(&s, "Slow");
    let drawn = CardSet::one(card(&s, "4")).union(CardSet::one(card(&s, "5")));
    for seat in [Some(0), Some(1), None] {
        let v = s.view(seat);
        assert_eq!(v["cars"][usize::from(slow)]["sealed"], 2);
        assert_eq!(v["cars"][usize::from(slow)]["frozen"], json!([]));
    }
    let mut dealt = 0;
    for k in 0..20 {
        let d = s.determinize(0, &mut SplitMix64::new(k));
        autodromo_core::formula90::invariants::check(&d).unwrap();
        assert_eq!(d.view(Some(0)), s.view(Some(0)));
        assert_eq!(d.car(slow).frozen.len(), 2);
        assert!(
            d.car(slow).frozen.races() == d.car(slow).frozen,
            "robots draw Race Cards"
        );
        dealt += usize::from(d.car(slow).frozen != drawn);
    }
    assert!(
        dealt >= 18,
        "the robot's cards dealt again {dealt} times of 20"
    );
}

#[test]
fn a_robot_dueling_twice_in_a_turn_counts_only_this_duels_cards() {
    // The example's result (Orange, Blue, then the Slow robot) stands when the robot still has
    // two 4s frozen from an earlier duel: its total is its two drawn cards only.
    let mut up = CardSet::EMPTY;
    let mut s = curve_one_duel(|s| up = earlier_duel(s, "Slow"));
    let slow = car(&s, "Slow");
    let i = s.duel_member_index(slow).unwrap();
    let drawn =
        i8::try_from(s.race.card(card(&s, "4")).mp + s.race.card(card(&s, "5")).mp).unwrap();
    let modifier = if i == 0 { 0 } else { -3 };
    assert_eq!(s.duel.sums[usize::from(i)], drawn + modifier);
    let v = s.view(Some(0));
    assert_eq!(v["cars"][usize::from(slow)]["sealed"], 2);
    assert_eq!(
        v["cars"][usize::from(slow)]["frozen"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    act(&mut s, "duel with 66 + 25");
    act(&mut s, "duel with 1");
    assert_eq!(queue(&s, STOWE), ["Fast", "Orange", "Blue", "Slow"]);
    assert_eq!(s.car(slow).frozen.len(), 4);
    assert!(up.minus(s.car(slow).frozen).is_empty());
}

#[test]
fn a_position_keeps_which_duel_cards_lie_face_down() {
    let mut s = abbey_sealed();
    let up = earlier_duel(&mut s, "Blue");
    let p = s.position();
    assert_eq!(p["duel"]["cards"], json!(["97", "98"]));
    let back = F90State::from_position(&s, &p).unwrap();
    for seat in [Some(0), Some(1), Some(2), None] {
        assert_eq!(back.view(seat), s.view(seat));
    }
    assert_eq!(back.face_down(), s.face_down());
    // Written before the duel's cards were recorded: every participant's frozen card is taken
    // to lie face down (Blue's earlier ones too: hidden rather than shown).
    let mut old = p.clone();
    old["duel"].as_object_mut().unwrap().remove("cards");
    let back = F90State::from_position(&s, &old).unwrap();
    assert_eq!(back.face_down(), s.face_down().union(up));
    // A face-down card must lie frozen beside a member.
    let mut bad = p.clone();
    bad["duel"]["cards"] = json!(["97", "50"]);
    let err = F90State::from_position(&s, &bad).unwrap_err().to_string();
    assert!(
        err.contains("duel.cards: 50 is not frozen beside a member"),
        "{err}"
    );
}

/// The duel event's line and its cards, as `seat` reads the log from `since` on.
fn duel_lines(s: &F90State, seat: Option<usize>, since: usize) -> Vec<Value> {
    steps(&s.events_since(seat, since))
        .into_iter()
        .filter(|e| e["kind"] == "duel")
        .collect()
}

#[test]
fn the_reveal_line_names_every_cars_cards_and_what_they_count() {
    let mut s = abbey_sealed();
    let orange = usize::from(car(&s, "Orange"));
    // Since the challenge, no other seat's log names Orange's face-down cards.
    let since = s
        .events(None)
        .iter()
        .rposition(|e| e["kind"] == "challenge")
        .unwrap();
    for seat in (0..6).filter(|&x| x != orange).map(Some).chain([None]) {
        for e in s.events_since(seat, since) {
            let text = e.to_string();
            assert!(
                !text.contains("\"97\"") && !text.contains("\"98\""),
                "{text}"
            );
        }
        assert!(duel_lines(&s, seat, since).is_empty());
    }
    act(&mut s, "duel with 13 + 6");
    act(&mut s, "duel with 8");
    assert!(s.duel.revealed);
    let mp = |name: &str| s.race.card(card(&s, name)).mp;
    // Orange's total in its own view before the reveal was 6: its cards and the corner's box.
    let bonus = 6 - i16::from(mp("97")) - i16::from(mp("98"));
    assert_ne!(
        bonus, 0,
        "the corner's duel box counts for Orange, not first in it"
    );
    for seat in [Some(0), Some(orange), None] {
        let lines = duel_lines(&s, seat, since);
        assert_eq!(lines.len(), 1, "one reveal event");
        let line = &lines[0];
        let result = line["result"].as_array().unwrap();
        let laid: Vec<&str> = result
            .iter()
            .flat_map(|r| r["cards"].as_array().unwrap())
            .map(|c| c["card"]["name"].as_str().unwrap())
            .collect();
        for n in ["13", "6", "8", "97", "98"] {
            assert!(laid.contains(&n), "{n} not in {laid:?}");
        }
        let o = result
            .iter()
            .find(|r| r["car"]["name"] == "Orange")
            .unwrap();
        let names: Vec<&Value> = o["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["card"]["name"])
            .collect();
        assert_eq!(names, [&json!("97"), &json!("98")]);
        let points: Vec<&Value> = o["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["mp"])
            .collect();
        assert_eq!(points, [&json!(mp("97")), &json!(mp("98"))]);
        assert_eq!(o["modifiers"], json!(bonus));
        assert_eq!(o["total"], 6);
    }
}
