//! Legend's car auction in the core ("Selecting Cars", "Special Rule — More Players Than Cars")
//! and its Spare Part cards in the races: "Each player will start the game with the Spare part
//! cards left after the auction" (Track races, Stage races, and a championship's next race).

use crate::support::*;
use autodromo_core::legend::auction::{Auction, ADD, ATTACH, PASS, STAND};
use autodromo_core::legend::car::{COOLANT, PLUGS};
use autodromo_core::legend::{bots, LegendState, Phase};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, State};
use serde_json::{json, Value};

const CARS: [&str; 3] = ["ferrari_166_mm", "bugatti_type_35", "alfa_8c_2300"];

fn auction(players: usize, seed: u64) -> Auction {
    Auction::new(CARS.iter().map(|c| c.to_string()).collect(), players, seed).expect("valid")
}

fn play(a: &mut Auction, actions: &[u32]) {
    for &x in actions {
        a.apply(x).unwrap_or_else(|e| panic!("{x}: {e}"));
    }
}

/// Asserts `action` is refused naming `rule`, and the auction is unchanged.
fn refused(a: &mut Auction, action: u32, rule: &str) {
    let before = a.clone();
    let err = a.apply(action).expect_err("must be refused").to_string();
    assert!(err.contains(rule), "{err:?} does not say {rule:?}");
    assert_eq!(*a, before, "a refused action changed the auction");
}

fn hands(a: &Auction) -> Vec<[u8; 6]> {
    a.result().iter().map(|r| r.1).collect()
}

/// Bots to the end of the auction.
fn bots_to_end(a: &mut Auction) {
    for _ in 0..500 {
        if a.is_over() {
            return;
        }
        let x = a.bot().expect("a bot move");
        assert!(
            a.legal_actions().contains(&x),
            "the bot chose an illegal move"
        );
        a.apply(x).expect("legal");
    }
    panic!("the auction does not end");
}

#[test]
fn every_player_starts_with_one_card_of_each_type_and_a_random_first_bidder() {
    // "Each player collects one Spare Part card of each type." "Randomly choose a starting player."
    let a = auction(3, 1);
    assert!(hands(&a).iter().all(|h| *h == [1; 6]));
    let firsts: std::collections::BTreeSet<_> = (0..40)
        .map(|seed| auction(3, seed).current_player())
        .collect();
    assert_eq!(firsts.len(), 3, "every seat may start: {firsts:?}");
    assert_eq!(
        auction(3, 7),
        auction(3, 7),
        "the same seed, the same auction"
    );
}

#[test]
fn a_new_bid_must_exceed_the_previous_one_and_a_refusal_changes_nothing() {
    let mut a = auction(2, 3);
    let p = a.current_player().unwrap();
    play(&mut a, &[ADD + COOLANT as u32, STAND]);
    assert_eq!(a.current_player(), Some(1 - p));
    a.apply(ADD).unwrap();
    refused(&mut a, STAND, "Each new bid must exceed the previous one");
    refused(&mut a, ADD, "you hold none of that type");
    refused(
        &mut a,
        ATTACH + 1,
        "only the winner of a car assigns its bid cards",
    );
    let by_label = a
        .action_of(&format!("attach Luxor to {}", CARS[1]))
        .unwrap();
    refused(
        &mut a,
        by_label,
        "only the winner of a car assigns its bid cards",
    );
    assert!(a.action_of("attach Luxor to a car not for sale").is_err());
    play(&mut a, &[ADD + PLUGS as u32, STAND]);
    assert_eq!(a.bid_of(1 - p), 2);
}

#[test]
fn passing_returns_the_played_cards_and_the_last_bidder_wins_then_attaches_its_cards() {
    // "If you have already bid this round, return all your played cards to your hand"; "The
    // last remaining bidder wins the car"; "assign your bid cards to the other cars still up for
    // auction ... as long as each car holds up to two Spare Parts".
    let mut a = auction(3, 5);
    let p = a.current_player().unwrap();
    let (q, r) = ((p + 1) % 3, (p + 2) % 3);
    play(&mut a, &[ADD, STAND]); // p bids 1
    play(&mut a, &[ADD, ADD + 1, ADD + 2, STAND]); // q bids 3
    play(&mut a, &[PASS, PASS]); // r, then p: p's coolant comes back
    assert_eq!(hands(&a)[p], [1; 6]);
    assert_eq!(a.result()[q].0, Some(CARS[0]));
    assert_eq!(a.current_player(), Some(q));
    assert_eq!(a.legal_actions(), vec![ATTACH + 1, ATTACH + 2]);
    refused(
        &mut a,
        ADD + 3,
        "assign your bid cards to the other cars still up for auction",
    );
    play(&mut a, &[ATTACH + 1, ATTACH + 1]);
    assert_eq!(
        a.legal_actions(),
        vec![ATTACH + 2],
        "a car holding two is locked"
    );
    refused(&mut a, ATTACH + 1, "each car holds up to two Spare Parts");
    play(&mut a, &[ATTACH + 2]);
    // The Bugatti is up with coolant and plugs on it; whoever wins it takes them.
    assert_eq!(a.car_up(), Some(CARS[1]));
    let first = a.current_player().unwrap();
    assert_ne!(first, q, "a player who owns a car no longer bids");
    let other = if first == p { r } else { p };
    play(&mut a, &[ADD + 5, STAND, PASS]);
    assert_eq!(a.result()[first].0, Some(CARS[1]));
    assert_eq!(
        hands(&a)[first],
        [2, 2, 1, 1, 1, 0],
        "its hand plus the two attached cards"
    );
    let _ = other;
}

#[test]
fn a_car_nobody_bids_for_leaves_the_auction() {
    // "If all players pass without bidding, the car remains unassigned and is removed".
    let mut a = auction(2, 9);
    play(&mut a, &[PASS, PASS]);
    assert_eq!(a.car_up(), Some(CARS[1]));
    assert_eq!(a.view()["unassigned"], json!([CARS[0]]));
}

#[test]
fn more_players_than_cars_the_two_last_bidders_share_the_car() {
    // "as soon as two bidders remain, they share the same car model"; "If one card is attached,
    // it goes to the higher bidder."
    let mut a = Auction::new(vec!["a".into(), "b".into()], 4, 11).unwrap();
    let s = a.current_player().unwrap();
    let seat = |k: usize| (s + k) % 4;
    // The first car: seat 0 wins with one card and attaches it to "b".
    play(&mut a, &[ADD + 4, STAND, PASS, PASS, PASS, ATTACH + 1]);
    assert_eq!(a.result()[seat(0)].0, Some("a"));
    // "b": three players for one car; two bid, one passes: they share it.
    let next = a.current_player().unwrap();
    let order: Vec<usize> = (0..4)
        .map(|k| (next + k) % 4)
        .filter(|&x| x != seat(0))
        .collect();
    play(&mut a, &[ADD, STAND, ADD, ADD + 1, STAND, PASS]);
    assert_eq!(a.result()[order[0]].0, Some("b"));
    assert_eq!(a.result()[order[1]].0, Some("b"));
    assert_eq!(a.result()[order[2]].0, None);
    assert_eq!(
        hands(&a)[order[1]][4],
        2,
        "the attached card goes to the higher bidder"
    );
    assert!(
        a.is_over(),
        "no car left to attach to: the bid cards go back to their decks"
    );
}

#[test]
fn bots_finish_any_auction_choosing_legal_moves_and_saves_replay_it() {
    for seed in 0..40 {
        let players = 2 + (seed as usize) % 5;
        let mut a = auction(players, seed);
        bots_to_end(&mut a);
        let back = Auction::deserialize(&a.serialize()).expect("a save loads");
        assert_eq!(back, a, "seed {seed}: the save replays to the same auction");
    }
    let mut a = auction(3, 2);
    bots_to_end(&mut a);
    let tampered = a.serialize().replace("\"actions\":[", "\"actions\":[6,");
    assert!(Auction::deserialize(&tampered).is_err());
}

#[test]
fn moves_give_each_legal_action_a_kind_and_its_references() {
    let mut a = auction(2, 4);
    let moves = a.moves();
    assert_eq!(moves.len(), a.legal_actions().len());
    assert_eq!(moves[0]["kind"], "add");
    assert_eq!(
        moves[0]["part"],
        json!({"id": "coolant", "name": "Acqua Refrigerante Galetti"})
    );
    assert_eq!(moves.last().unwrap()["kind"], "pass");
    play(&mut a, &[ADD, STAND, PASS]);
    let m = a.moves();
    assert!(m.iter().all(|m| m["kind"] == "attach"));
    assert_eq!(m[0]["car"], json!({"id": CARS[1]}));
    assert_eq!(
        m[0]["label"],
        format!("attach Acqua Refrigerante Galetti to {}", CARS[1])
    );
}

// ---- the parts in the races -------------------------------------------------------------------

/// An auction of the three cars among three bots: the cars won and the cards kept, per seat.
fn auctioned(seed: u64) -> (Vec<String>, Vec<[u8; 6]>) {
    let mut a = auction(3, seed);
    bots_to_end(&mut a);
    let res = a.result();
    assert!(
        res.iter().all(|r| r.0.is_some()),
        "three cars, three players"
    );
    (
        res.iter().map(|r| r.0.unwrap().to_string()).collect(),
        res.iter().map(|r| r.1).collect(),
    )
}

/// A seed whose auction leaves the players different hands, none of them one of each.
fn uneven() -> (Vec<String>, Vec<[u8; 6]>) {
    (0..50)
        .map(auctioned)
        .find(|(_, h)| h.iter().any(|h| *h != [1; 6]) && h[0] != h[1])
        .expect("some auction spends cards")
}

fn track(cars: &[String], spares: &[[u8; 6]]) -> LegendState {
    let mut s = race(
        json!({"circuit": "example", "cars": cars, "qualifying": false,
                            "choose_split": false, "spares": spares}),
    );
    act(&mut s, "d6 3");
    s
}

#[test]
fn a_track_race_starts_each_car_with_the_parts_its_player_kept() {
    let (cars, spares) = uneven();
    let s = track(&cars, &spares);
    for (i, h) in spares.iter().enumerate() {
        assert_eq!(s.cars[i].spares, *h);
        let shown: Vec<u64> = s.view(None)["cars"][i]["spares"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(shown, h.iter().map(|&n| u64::from(n)).collect::<Vec<_>>());
    }
    // Without the option every car holds one of each, as before.
    let plain = race(json!({"circuit": "example", "cars": cars}));
    assert!(plain.cars.iter().all(|c| c.spares == [1; 6]));
}

#[test]
fn in_the_pit_lane_a_car_plays_only_the_parts_it_kept() {
    // Pit Lane: "you must already possess the Spare Part card required for any repair."
    let cars: Vec<String> = CARS.iter().map(|c| c.to_string()).collect();
    let mut s = track(&cars, &[[2, 0, 1, 1, 1, 1], [1; 6], [1; 6]]);
    for (car, row) in [(1, 40), (2, 44)] {
        place(&mut s, car, row, 2, 0);
    }
    place(&mut s, 0, 68, 1, 3);
    (s.cars[0].engine, s.cars[0].temperature) = (1, 6);
    only(&mut s, 0);
    act(&mut s, "pit stop");
    let offered = labels(&s);
    assert!(
        !offered.iter().any(|l| l == "use Candele Folgore"),
        "{offered:?}"
    );
    let a = s.string_to_action("use Candele Folgore").unwrap();
    let before = s.serialize();
    let err = s.apply_action(a).expect_err("no plugs kept").to_string();
    assert!(err.contains("the car holds none"), "{err}");
    assert_eq!(s.serialize(), before);
    act(&mut s, "use Acqua Refrigerante Galetti");
    assert_eq!(
        s.cars[0].spares[usize::from(COOLANT)],
        1,
        "two kept, one played"
    );
}

#[test]
fn a_stage_race_starts_each_car_with_its_parts_and_the_roadside_uses_them() {
    let (cars, spares) = uneven();
    let s = stage_race(json!({"route": "coppa_breve", "cars": cars, "spares": spares}));
    for (i, h) in spares.iter().enumerate() {
        assert_eq!(s.cars[i].spares, *h);
    }
    // Roadside Repairs: a part the car did not keep is not there to play.
    let mut s = controllo(json!({"cars": ["bugatti_type_35", "alfa_8c_2300"],
               "spares": [[0, 1, 0, 0, 0, 0], null]}));
    place_on_road(&mut s, 0, 5, 1, 4);
    (s.cars[0].engine, s.cars[0].brakes, s.cars[0].temperature) = (2, 1, 7);
    s.begin_activation(0);
    act(&mut s, "roadside stop");
    assert_eq!(s.phase, Phase::Pit { car: 0 });
    let uses: Vec<String> = labels(&s)
        .into_iter()
        .filter(|l| l.starts_with("use "))
        .collect();
    assert_eq!(uses, vec!["use Candele Folgore"]);
    assert_eq!(
        s.cars[1].spares, [1; 6],
        "null: one of each, as without an auction"
    );
}

#[test]
fn spares_are_refused_for_a_neutral_car_a_wrong_count_or_twice_with_a_condition() {
    let cars = json!(["bugatti_type_35", "alfa_8c_2300"]);
    let bad = [
        json!({"cars": cars, "neutral": [false, true], "spares": [null, [1, 1, 1, 1, 1, 1]]}),
        json!({"cars": cars, "spares": [[1, 1, 1], null]}),
        json!({"cars": cars, "spares": [[1, 1, 1, 1, 1, 10], null]}),
        json!({"cars": cars, "spares": [null]}),
        json!({"spares": [null, null]}),
        json!({"cars": cars, "spares": [[1, 1, 1, 1, 1, 1], null],
               "condition": [{"engine": 4, "engine_max": 4, "brakes": 4, "brakes_max": 4, "tires": 16}, null]}),
    ];
    for o in bad {
        let err = autodromo_core::legend::Legend::new(content(), &o).expect_err("refused");
        assert!(err.to_string().contains("spares"), "{o}: {err}");
    }
}

/// Plays a race out: greedy drivers, chance from `seed`.
fn finish(mut s: LegendState, seed: u64) -> LegendState {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..20_000 {
        if s.is_terminal() {
            return s;
        }
        let a = if s.is_chance_node() {
            let o = s.chance_outcomes();
            o[rng.below(o.len() as u32) as usize].0
        } else {
            bots::greedy_action(&s).expect("a decision")
        };
        s.apply_action(a).expect("legal");
    }
    panic!("the race does not end");
}

#[test]
fn a_championship_carries_the_auctions_parts_into_the_next_race() {
    // Race 1 takes the auction's parts; race 2 takes what each car holds at race 1's end (its
    // `condition`, as championship.py passes it after the repairs between races).
    let (cars, spares) = uneven();
    let opts = json!({"circuit": "example", "laps": 1, "cars": cars, "spares": spares});
    let first = finish(race(opts), 5);
    let kept: Vec<[u8; 6]> = first.cars.iter().map(|c| c.spares).collect();
    for (k, h) in kept.iter().zip(&spares) {
        assert!(
            k.iter().zip(h).all(|(k, h)| k <= h),
            "a race only spends parts: {k:?} {h:?}"
        );
    }
    let condition: Vec<Value> = first
        .cars
        .iter()
        .map(|c| {
            json!({"engine": c.engine, "engine_max": c.engine_max, "brakes": c.brakes,
                        "brakes_max": c.brakes_max, "tires": c.tires, "spares": c.spares,
                        "battery_ok": c.battery_ok, "headlights_ok": c.headlights_ok})
        })
        .collect();
    let second = race(json!({"circuit": "castelrosso", "laps": 1, "cars": cars,
                            "condition": condition}));
    for (c, k) in second.cars.iter().zip(&kept) {
        assert_eq!(c.spares, *k);
    }
    let g =
        autodromo_core::legend::Legend::new(content(), &json!({"cars": cars, "spares": spares}))
            .unwrap();
    assert_eq!(
        g.options_json()["spares"],
        json!(spares),
        "the option is kept with the race"
    );
}
