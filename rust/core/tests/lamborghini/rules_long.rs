//! Lamborghini rules tests: the long game over several races — money carried, the cards played
//! face down coming back, a new strategic-economic phase. Book:
//! `shared/rules/lamborghini-official-race-game.en.txt`, "Game Preparation" and "The Race".

use crate::support::*;
use autodromo_core::lamborghini::content::{Kind, Supplier};
use autodromo_core::lamborghini::state::LamboState;
use autodromo_core::lamborghini::{LamboOptions, Phase};
use autodromo_core::{Player, State};
use serde_json::json;

/// A long game of three players in its first race, every car home: car 1 first, car 0 second,
/// car 2 third. Seat 0 holds one card and has played another (face down).
fn race_over(races: u8) -> LamboState {
    let mut s = race(
        json!({"long": true, "races": races}),
        &[PLAIN, PLAIN, PLAIN],
    );
    for h in s.hands.iter_mut() {
        h.money = 10_000;
        h.bid = Some(2);
    }
    s.hands[0].suppliers = vec![Supplier::Red];
    s.murcs[0].supplier = Some(Supplier::Red);
    give(&mut s, 0, "red_engine_1");
    give(&mut s, 0, "skill_2");
    s.hands[0].face_down = vec![id("skill_2")];
    s.hands[0].cards.retain(|&c| c != id("skill_2"));
    s.murcs[1].finish = Some(finished(5, 6, 0));
    s.murcs[0].finish = Some(finished(5, 2, 1));
    s.murcs[2].finish = Some(finished(6, 1, 0));
    s.round = 6;
    s.order = vec![1, 0, 2];
    s.next = 3;
    s.settle();
    s
}

/// "Choose to play a Short game (one single race without the money) or a Long game (several
/// races with an Economic phase included). In this last case decide for a number of races":
/// after a race that is not the last, a new strategic-economic phase opens, with the money
/// carried over (and our prize money by place: 30.000$, 20.000$, 10.000$, 5.000$, 0).
#[test]
fn long_game_opens_a_new_economic_phase_after_each_race_but_the_last() {
    let s = race_over(2);
    assert_eq!(s.races_done, 1);
    assert_eq!(s.phase, Phase::Bid { seat: 0 }, "a new auction");
    assert_eq!(s.current_player(), Player::Seat(0));
    let money: Vec<i32> = s.hands.iter().map(|h| h.money).collect();
    assert_eq!(money, [10_000 + 20_000, 10_000 + 30_000, 10_000 + 10_000]);
    assert!(s.hands.iter().all(|h| h.bid.is_none()));
    // Cars and drivers go back to their decks; the Murciélagos start again with nothing.
    assert_eq!(s.decks[0].len(), 5);
    assert_eq!(s.decks[1].len(), 10);
    assert!(s
        .murcs
        .iter()
        .all(|m| m.car.is_none() && m.driver.is_none() && m.finish.is_none()));
    assert!(!s.racing);
    assert!(s.speed_deck.is_empty() && s.face_up.is_empty());
    // Our decision: supplier agreements are made again in each race's draft.
    assert!(s.hands[0].suppliers.is_empty());
    assert_eq!(s.murcs[0].supplier, None);
}

/// "If you are playing a Long game, the Tech and Manoeuvre played cards are turned face down near
/// to the player; they cannot be used for that race, but they will be activated again in the
/// next races." The cards a player holds stay out of the decks.
#[test]
fn long_game_face_down_cards_come_back_for_the_next_race() {
    let s = race_over(2);
    let mut hand = s.hands[0].cards.clone();
    hand.sort_unstable();
    let mut want = vec![id("red_engine_1"), id("skill_2")];
    want.sort_unstable();
    assert_eq!(hand, want);
    assert!(s.hands[0].face_down.is_empty());
    for c in &want {
        assert!(!s.decks[2].contains(c) && !s.decks[3].contains(c));
    }
    // Every other Technology and Manoeuvre card is back in its deck for the draft.
    let free = content()
        .cards
        .iter()
        .filter(|c| matches!(c.kind, Kind::Tech(..) | Kind::Manoeuvre(_)))
        .count();
    assert_eq!(s.decks[2].len() + s.decks[3].len(), free - 2);
}

/// The next race is played like the first: the auction, the draft, the set-up, qualification.
#[test]
fn long_game_second_race_starts_with_the_auction_and_the_draft() {
    let mut s = race_over(2);
    for b in ["bid 3000$", "bid nothing", "bid 1000$"] {
        act(&mut s, b);
    }
    assert_eq!(s.pick_order, [0, 2, 1]);
    assert_eq!(s.hands[0].money, 30_000 - 3_000);
    assert_eq!(s.phase, Phase::Reveal { n: 0 });
    let mut n = 0;
    while !s.racing {
        let a = if s.current_player() == Player::Chance {
            s.chance_outcomes()[0].0
        } else {
            s.legal_actions()[0]
        };
        s.apply_action(a).expect("legal");
        n += 1;
        assert!(n < 3000);
    }
    assert!(s
        .murcs
        .iter()
        .all(|m| m.car.is_some() && m.driver.is_some()));
    assert!(s.hands.iter().all(|h| h.money >= 0));
}

/// After the last race the game is over; the book does not say how a long game is won: our
/// decision, on money (prizes included).
#[test]
fn long_game_ends_after_the_last_race_and_is_won_on_money() {
    let s = race_over(1);
    assert_eq!(s.phase, Phase::Over);
    let money: Vec<i32> = s.hands.iter().map(|h| h.money).collect();
    assert_eq!(money, [30_000, 40_000, 20_000]);
    let r = s.returns();
    assert_eq!(r[1], 1.0, "the richest seat wins");
    assert!(r[0] > r[2]);
    assert_eq!(State::ranking(&s), [1, 0, 2]);
    // The second of two races ends the game too.
    let mut s = race_over(2);
    s.racing = true;
    s.races_done = 1;
    for (i, f) in [
        (0, finished(3, 4, 0)),
        (1, finished(3, 1, 1)),
        (2, finished(4, 2, 0)),
    ] {
        s.murcs[i].car = Some(id(PLAIN.0));
        s.murcs[i].finish = Some(f);
    }
    s.order = vec![0, 1, 2];
    s.next = 3;
    s.phase = Phase::Flow;
    s.settle();
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.hands[0].money, 30_000 + 30_000);
}

/// "a Short game (one single race without the money)".
#[test]
fn short_game_is_one_race() {
    assert!(LamboOptions::from_json(&json!({"races": 2})).is_err());
    let o = LamboOptions::from_json(&json!({})).expect("defaults");
    assert_eq!((o.long, o.races), (false, 1));
    let s = race_over(1);
    assert_eq!(s.races_done, 1);
    let mut short = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    for (i, f) in [
        (0, finished(3, 4, 0)),
        (1, finished(3, 1, 1)),
        (2, finished(4, 2, 0)),
    ] {
        short.murcs[i].finish = Some(f);
    }
    short.next = 3;
    short.settle();
    assert_eq!(short.phase, Phase::Over);
    assert!(short.hands.iter().all(|h| h.money == 0), "no money");
}

/// "decide for a number of races: from 1 up to 2 races run on each track": with `circuits` the
/// races follow the list, each track at most twice, and the next race is on the next track.
#[test]
fn long_game_races_follow_the_circuits_each_at_most_twice() {
    let three = json!({"long": true, "circuits": ["sant_agata", "sant_agata", "sant_agata"]});
    assert!(
        LamboOptions::from_json(&three).is_err(),
        "three races on a track"
    );
    let o =
        LamboOptions::from_json(&json!({"long": true, "circuits": ["sant_agata", "imola_like"]}))
            .expect("two tracks");
    assert_eq!(o.races, 2);
    let mut s = race(
        json!({"long": true, "circuits": ["sant_agata", "imola_like"]}),
        &[PLAIN, PLAIN, PLAIN],
    );
    assert_eq!(s.def.track().lanes, 3, "Sant'Agata first");
    for (i, f) in [
        (0, finished(3, 4, 0)),
        (1, finished(3, 1, 1)),
        (2, finished(4, 2, 0)),
    ] {
        s.murcs[i].finish = Some(f);
    }
    s.next = 3;
    s.settle();
    assert_eq!(s.races_done, 1);
    assert_eq!(s.def.track().lanes, 4, "then Valsanterno");
    assert!(
        LamboOptions::from_json(&json!({"circuits": ["sant_agata"]})).is_err(),
        "the short game is one race"
    );
}

/// Between races the next race's set-up clears the cars, so each race of the long game is kept
/// as it ended (issue 32 item 8): each car's place and prize (decision 33, finished cars only),
/// each seat's money through the race (the bid lost, the cards paid, the prize won), and the
/// view says which race this is.
#[test]
fn long_game_keeps_each_race_as_it_ended_with_prizes_and_money() {
    let s = race_over(2);
    assert_eq!(s.results.len(), 1);
    let r = &s.results[0];
    let places: Vec<u32> = r.cars.iter().map(|c| c.place).collect();
    assert_eq!(places, [1, 0, 2], "car 1 first, car 0 second, car 2 third");
    let prizes: Vec<i32> = r.cars.iter().map(|c| c.prize).collect();
    assert_eq!(prizes, [20_000, 30_000, 10_000]);
    assert!(r.cars.iter().all(|c| c.finish.is_some()));
    for (seat, p) in r.purses.iter().enumerate() {
        assert_eq!((p.bid, p.paid), (2_000, 0));
        assert_eq!(p.money, s.hands[seat].money, "the money after the prize");
        assert_eq!(p.start(), 10_000 + 2_000, "before the bid was lost");
    }
    let v = s.view(Some(0));
    assert_eq!(
        (v["races"].as_u64(), v["races_run"].as_u64()),
        (Some(2), Some(1))
    );
    let run = &v["results"][0];
    assert_eq!(run["race"], 1);
    assert_eq!(run["circuit"], "sant_agata");
    assert_eq!(run["cars"][1]["place"], 1, "places count from 1");
    assert_eq!(run["cars"][1]["prize"], 30_000);
    assert_eq!(
        run["money"][1],
        json!({"seat": 1, "start": 12_000, "bid": 2_000, "paid": 0,
                                        "prize": 30_000, "end": 40_000})
    );
    // The short game keeps no such record and its view says nothing of races.
    let short = race(json!({}), &[PLAIN, PLAIN, PLAIN]);
    assert!(short.view(None).get("results").is_none());
}

/// A random long game of two races to its end: each race's money starts where the last one
/// ended (60.000$ at first), moves only by the bid, the cards and the prize; the action that ends
/// a race says so in its event, with the cars that crossed the line in it.
#[test]
fn long_game_money_is_carried_race_to_race_and_each_race_end_is_an_event() {
    use autodromo_core::rng::SplitMix64;
    for seed in 1..4u64 {
        let mut s = game(json!({"players": 3, "long": true, "races": 2, "laps": 1}));
        let mut rng = SplitMix64::new(seed);
        while !s.is_terminal() && s.history().len() < 40_000 {
            let legal = s.legal_actions();
            let a = legal[(rng.next_u64() % legal.len() as u64) as usize];
            s.apply_action(a).expect("a legal action");
        }
        assert_eq!(s.phase, Phase::Over, "seed {seed}: played to its end");
        assert_eq!(s.results.len(), 2);
        let mut before = vec![60_000; 3];
        for r in &s.results {
            for (seat, p) in r.purses.iter().enumerate() {
                assert_eq!(p.start(), before[seat], "seed {seed}: money carried");
                assert!(p.bid >= 0 && p.paid >= 0 && p.prize >= 0);
                before[seat] = p.money;
            }
            let won: i32 = r.cars.iter().map(|c| c.prize).sum();
            assert_eq!(won, r.purses.iter().map(|p| p.prize).sum::<i32>());
        }
        let money: Vec<i32> = s.hands.iter().map(|h| h.money).collect();
        assert_eq!(money, before, "the last race's money is the game's");
        let ends: Vec<_> = s
            .events(None)
            .into_iter()
            .filter(|e| e.get("race_over").is_some())
            .collect();
        assert_eq!(ends.len(), 2, "seed {seed}");
        assert_eq!(
            (ends[0]["race_over"].as_u64(), ends[1]["race_over"].as_u64()),
            (Some(1), Some(2))
        );
        for e in &ends {
            // The race ends when the last running car is home or stopped: a finish, when one is.
            if let Some(f) = e.get("finished") {
                assert!(!f.as_array().unwrap().is_empty());
            }
        }
    }
}
