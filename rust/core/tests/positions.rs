//! Positions round trip in every game (issue 11 item 7): at random points of random games, the
//! state a position builds has the same view for every seat and for a spectator, the same legal
//! actions, writes the same position, and goes on the same way (the same seeded play-out gives
//! the same result). `AUTODROMO_POSITION_GAMES` plays more games (`make soak`).

use std::path::Path;
use std::sync::Arc;

use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::json;

fn games() -> u64 {
    std::env::var("AUTODROMO_POSITION_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

/// One random action (a chance outcome at a chance node).
fn step<S: State>(s: &mut S, rng: &mut SplitMix64) {
    let a = match s.current_player() {
        Player::Chance => s.sample_chance(rng).expect("a chance node has outcomes"),
        _ => {
            let legal = s.legal_actions();
            legal[rng.below(legal.len() as u32) as usize]
        }
    };
    s.apply_action(a).expect("a legal action applies");
}

/// Plays `s` out with `seed`, at most `limit` actions; what it ends on.
fn play_out<S: State>(mut s: S, seed: u64, limit: usize) -> (serde_json::Value, Vec<f64>) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..limit {
        if s.is_terminal() {
            break;
        }
        step(&mut s, &mut rng);
    }
    (s.view(None), s.returns())
}

/// Checks the round trip at about `checks` random points of each of `games()` random games.
fn round_trips<G: Game>(g: &G, checks: u32, limit: usize) {
    let seats = g.num_players();
    let mut total = 0u64;
    for game in 0..games() {
        let mut s = g.new_initial_state();
        let mut rng = SplitMix64::new(1000 + game);
        let mut steps = 0usize;
        let mut checked = 0;
        while !s.is_terminal() && steps < limit {
            if rng.below(100) < checks {
                let p = s.position().expect("every game writes positions");
                let back = g
                    .state_from(&p)
                    .unwrap_or_else(|e| panic!("{} step {steps}: {e}\n{p}", g.id()));
                let at = format!("{} game {game} step {steps}", g.id());
                for seat in 0..seats {
                    assert_eq!(
                        back.view(Some(seat)),
                        s.view(Some(seat)),
                        "{at} seat {seat}"
                    );
                }
                assert_eq!(back.view(None), s.view(None), "{at}");
                assert_eq!(back.legal_actions(), s.legal_actions(), "{at}");
                assert_eq!(back.current_player(), s.current_player(), "{at}");
                assert_eq!(back.position().unwrap(), p, "{at}");
                let seed = rng.next_u64();
                assert_eq!(
                    play_out(back, seed, 300),
                    play_out(s.clone(), seed, 300),
                    "{at}: another continuation"
                );
                checked += 1;
            }
            step(&mut s, &mut rng);
            steps += 1;
        }
        total += checked;
    }
    // Over all games: a random game that ends early (every car out in 161 steps) checks fewer.
    assert!(
        total >= 5 * games(),
        "{}: only {total} positions checked in {} games",
        g.id(),
        games()
    );
}

fn content_dir(game: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../python/autodromo/content")
        .join(game)
}

#[test]
fn mille_bornes_positions_round_trip() {
    use autodromo_core::mille_bornes::MilleBornes;
    for opts in [
        json!({"players": 2}),
        json!({"players": 4, "teams": 2, "target": 700, "reshuffle_discards": true, "score_to_win": 0}),
        json!({"players": 3, "wrong_way": true, "cumulative_attacks": true, "secret_coup_fourre": true}),
    ] {
        round_trips(&MilleBornes::from_json(&opts).unwrap(), 4, 1500);
    }
}

#[test]
fn formula90_positions_round_trip() {
    use autodromo_core::formula90::{Content, Formula90};
    let c = Arc::new(Content::from_dir(&content_dir("formula90")).unwrap());
    let g = Formula90::new(c, &json!({"players": 3, "turns": 4})).unwrap();
    round_trips(&g, 5, 20_000);
}

fn lamborghini(options: serde_json::Value) -> autodromo_core::lamborghini::Lamborghini {
    use autodromo_core::lamborghini::{Content, Lamborghini};
    let c = Arc::new(Content::from_dir(&content_dir("lamborghini")).unwrap());
    Lamborghini::new(c, &options).unwrap()
}

#[test]
fn lamborghini_positions_round_trip() {
    // The harness's option sets: 2 to 5 players, both circuits, the three readings of the
    // accident table, the long game (auction, money, cards face down) over one track and two.
    for opts in [
        json!({"players": 2, "laps": 1}),
        json!({"players": 3, "laps": 1, "long": true, "accident_table": "right_first"}),
        json!({"players": 5, "laps": 1, "circuit": "imola_like", "accident_table": "left_first"}),
        json!({"players": 4, "laps": 1, "long": true, "circuits": ["sant_agata", "imola_like"]}),
    ] {
        round_trips(&lamborghini(opts), 4, 20_000);
    }
}

/// A Mille Bornes position at its first play (after the deal and the first draw).
fn mille_bornes_at_play() -> (autodromo_core::mille_bornes::MilleBornes, serde_json::Value) {
    use autodromo_core::mille_bornes::MilleBornes;
    let g = MilleBornes::from_json(&json!({"players": 2})).unwrap();
    let mut s = g.new_initial_state();
    let mut rng = SplitMix64::new(7);
    while s.is_chance_node() {
        step(&mut s, &mut rng);
    }
    (g, s.position().unwrap())
}

fn refused<G: Game>(g: &G, p: &serde_json::Value, rule: &str) {
    match g.state_from(p) {
        Err(e) => assert!(e.to_string().contains(rule), "{e} does not say {rule:?}"),
        Ok(_) => panic!("built a state from a position that says {rule:?}"),
    }
}

#[test]
fn mille_bornes_positions_that_break_a_rule_are_refused_by_field() {
    let (g, p) = mille_bornes_at_play();
    assert!(g.state_from(&p).is_ok());
    assert_eq!(p["phase"], json!({"at": "play", "seat": 1}));
    assert_eq!(p["hands"][0].as_array().unwrap().len(), 7);
    // A card in two places: the one Driving Ace in a hand and in the discards.
    let mut q = p.clone();
    q["hands"][1][0] = json!("Driving Ace");
    q["discard"] = json!(["Driving Ace"]);
    refused(
        &g,
        &q,
        "Driving Ace cards in the piles, hands and tableaux, the deck holds 1",
    );
    let mut q = p.clone();
    q["discard"] = json!(["Wrong Way"]);
    refused(&g, &q, "discard: this game's deck has no Wrong Way card");
    let mut q = p.clone();
    q["hands"][0] = json!(["25", "25", "25", "25", "25", "25", "25", "25"]);
    refused(&g, &q, "hands.1: 8 cards, a hand holds at most 7");
    let mut q = p.clone();
    q["hands"].as_array_mut().unwrap().push(json!([]));
    refused(&g, &q, "hands: 3 listed, the game has 2 seats");
    let mut q = p.clone();
    q["sides"][0]["miles"] = json!(1025);
    refused(
        &g,
        &q,
        "sides.1.miles: 1025 is not a multiple of 25 up to the target 1000",
    );
    let mut q = p.clone();
    q["sides"][1]["battle"] = json!(["Stop"]);
    q["sides"][1]["rolling"] = json!(true);
    refused(
        &g,
        &q,
        "sides.2.rolling: a car under a hazard is not rolling",
    );
    // Phases that cannot be.
    let mut q = p.clone();
    q["phase"] = json!({"at": "overtake", "seat": 1});
    refused(&g, &q, "phase.at: \"overtake\" is no phase");
    let mut q = p.clone();
    q["phase"] = json!({"at": "play", "seat": 3});
    refused(&g, &q, "phase.seat: seat 3, the game has seats 1 to 2");
    let mut q = p.clone();
    q["phase"] = json!({"at": "extension", "seat": 1});
    refused(&g, &q, "phase: seat 1 may extend only at exactly 700 miles");
    let mut q = p.clone();
    q["phase"] = json!({"at": "over"});
    refused(&g, &q, "winners: a game over has a winner");
    let mut q = p.clone();
    q["game"] = json!("legend");
    refused(&g, &q, "game: this position is not of Mille Bornes");
}

#[test]
fn an_edited_mille_bornes_position_is_a_puzzle() {
    // Seat 1 at 975 miles holding a 25: the trip ends on the next play.
    let (g, mut p) = mille_bornes_at_play();
    let hand: Vec<serde_json::Value> = p["hands"][0].as_array().unwrap().clone();
    let mut pile = p["draw_pile"].as_array().unwrap().clone();
    pile.extend(hand);
    let take = |pile: &mut Vec<serde_json::Value>, name: &str| {
        let i = pile.iter().position(|c| c == name).unwrap();
        pile.remove(i);
    };
    for c in ["25", "Roll", "Roll", "Roll", "Roll", "Roll", "Roll"] {
        take(&mut pile, c);
    }
    // 975 miles: four 200s do not fit (two a hand), so 2 x 200 + 5 x 100 + 75 on the tableau.
    for c in [
        "200", "200", "100", "100", "100", "100", "100", "75", "Roll",
    ] {
        take(&mut pile, c);
    }
    p["hands"][0] = json!(["25", "Roll", "Roll", "Roll", "Roll", "Roll", "Roll"]);
    p["draw_pile"] = json!(pile);
    p["sides"][0] = json!({"miles": 975, "distance_cards": 8, "200s": 2, "battle": [], "rolling": true,
        "speed_limit": false, "wrong_way": false, "safeties": [], "coups_fourres": []});
    let mut s = g.state_from(&p).unwrap();
    let a = s.string_to_action("play 25").unwrap();
    s.apply_action(a).unwrap();
    let v = s.position().unwrap();
    assert_eq!(
        v["hand_number"], 2,
        "the trip is complete: the next hand is dealt"
    );
    assert_eq!(v["last_hand"][0]["miles"], 1000);
    assert_eq!(v["last_hand"][0]["trip_complete"], 400);
}

fn legend(options: serde_json::Value) -> autodromo_core::legend::Legend {
    use autodromo_core::legend::{Content, Legend};
    let c = Arc::new(Content::from_dir(&content_dir("legend")).unwrap());
    Legend::new(c, &options).unwrap()
}

#[test]
fn legend_track_race_positions_round_trip() {
    round_trips(&legend(json!({"laps": 1})), 4, 4000);
    // Neutral Cars, Car Setups, the priority bid, and one car twice (named with its seat).
    let cars = ["fiat_1100s", "osca_mt4", "fiat_1100s", "porsche_550"];
    round_trips(
        &legend(
            json!({"laps": 1, "cars": cars, "neutral": [false, true, false, true],
            "priority_bid": true, "slipstream_in_turns": true,
            "setups": [{"gears": "long", "tires": "wet", "mixture": "rich"}, null, null, null]}),
        ),
        15,
        4000,
    );
}

#[test]
fn legend_stage_race_positions_round_trip() {
    round_trips(&legend(json!({"route": "coppa_breve"})), 2, 3000);
    let cars = ["osca_mt4", "fiat_508s_balilla", "cisitalia_202_smm"];
    round_trips(
        &legend(
            json!({"route": "coppa_breve", "cars": cars, "neutral": [false, true, false],
            "residual_mps": true, "historical_points": true}),
        ),
        15,
        3000,
    );
}

#[test]
fn legend_positions_that_break_a_rule_are_refused_by_field() {
    let g = legend(json!({"laps": 1, "cars": ["fiat_1100s", "osca_mt4"]}));
    let mut s = g.new_initial_state();
    let mut rng = SplitMix64::new(3);
    for _ in 0..40 {
        step(&mut s, &mut rng);
    }
    let p = s.position().unwrap();
    assert!(g.state_from(&p).is_ok());
    assert_eq!(p["cars"][0]["name"], "Fiat 1100 S");
    let mut q = p.clone();
    q["cars"][0]["temperature"] = json!(99);
    refused(
        &g,
        &q,
        "cars.Fiat 1100 S.temperature: 99 is beyond the Dashboard's 0 to",
    );
    let mut q = p.clone();
    q["cars"][1]["engine"] = json!(40);
    refused(
        &g,
        &q,
        "cars.OSCA MT4 1500.engine: 40 is beyond the Dashboard's 0 to",
    );
    let mut q = p.clone();
    q["cars"][0]["cell"] = json!({"row": 9999, "lane": 0});
    refused(
        &g,
        &q,
        "cars.Fiat 1100 S.cell: row 9999 lane 0 is off the road",
    );
    let mut q = p.clone();
    q["cars"][0]["cell"] = json!({"row": 3, "lane": 7});
    refused(
        &g,
        &q,
        "cars.Fiat 1100 S.cell: row 3 lane 7 is off the road",
    );
    let mut q = p.clone();
    let first = q["damage_deck"][0].clone();
    q["damage_discard"]
        .as_array_mut()
        .unwrap()
        .push(first.clone());
    let n = ["damage_deck", "damage_discard"]
        .iter()
        .map(|k| {
            q[k].as_array()
                .unwrap()
                .iter()
                .filter(|c| **c == first)
                .count()
        })
        .sum::<usize>();
    let id = first.as_str().unwrap();
    refused(
        &g,
        &q,
        &format!(
            "Damage cards: {n} {id} in the deck and discards, the game deals {}",
            n - 1
        ),
    );
    let mut q = p.clone();
    q["phase"] = json!({"at": "flow"});
    refused(
        &g,
        &q,
        "phase.at: flow and moving are steps inside an action, never a position",
    );
    let mut q = p.clone();
    q["phase"] = json!({"at": "parade", "car": "Fiat 1100 S"});
    refused(&g, &q, "phase: unknown variant `parade`");
    let mut q = p.clone();
    q["phase"] = json!({"at": "pace", "car": "Bugatti"});
    refused(&g, &q, "phase.car: no car \"Bugatti\" in this race");
    let mut q = p.clone();
    q["cars"].as_array_mut().unwrap().pop();
    refused(&g, &q, "cars: 1 listed, the race has 2");
    // Each needle within Reliability, together past it (a Track race splits it): the invariants
    // name the car, never its index.
    let mut q = p.clone();
    let (e, b) = (&q["cars"][1]["engine_max"], &q["cars"][1]["brakes_max"]);
    assert!(b.as_u64().unwrap() > 0);
    q["cars"][1]["engine_max"] = json!(e.as_u64().unwrap() + b.as_u64().unwrap());
    refused(
        &g,
        &q,
        "position: OSCA MT4 1500: Engine and Brakes exceed Reliability",
    );
}

/// A 2-player Lamborghini position some turns into the race, with seat 1 to drive.
fn lamborghini_in_race() -> (autodromo_core::lamborghini::Lamborghini, serde_json::Value) {
    let g = lamborghini(json!({"players": 2, "laps": 1}));
    let mut s = g.new_initial_state();
    let mut rng = SplitMix64::new(5);
    let mut drives = 0;
    loop {
        let p = s.position().unwrap();
        if p["phase"]["at"] == "drive" && p["turn"].as_u64() >= Some(2) {
            drives += 1;
            if drives > 3 && p["cars"][0]["finish"].is_null() && p["cars"][1]["finish"].is_null() {
                return (g, p);
            }
        }
        step(&mut s, &mut rng);
    }
}

#[test]
fn lamborghini_positions_that_break_a_rule_are_refused_by_field() {
    let (g, p) = lamborghini_in_race();
    assert!(g.state_from(&p).is_ok());
    assert_eq!(p["cars"][0]["seat"], 1);
    assert_eq!(p["cars"][1]["seat"], 2);
    let car1 = p["cars"][0]["car"].as_str().unwrap().to_string();
    let driver1 = p["cars"][0]["driver"].as_str().unwrap().to_string();
    // Cards conserved: one card in two places, a card of another kind in a pile.
    let drawn = p["speed_discard"][0].clone();
    let mut q = p.clone();
    q["cars"][1]["cards"]
        .as_array_mut()
        .unwrap()
        .push(drawn.clone());
    refused(
        &g,
        &q,
        &format!(
            "cards: {} is in speed_discard and cars.2.cards",
            drawn.as_str().unwrap()
        ),
    );
    let mut q = p.clone();
    q["speed_deck"].as_array_mut().unwrap().push(json!(driver1));
    refused(
        &g,
        &q,
        &format!("speed_deck: {driver1} is a Driver card, which this pile never holds"),
    );
    let bank = p["speed_deck"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c.as_str().unwrap().starts_with("bank_"))
        .unwrap()
        .clone();
    let mut q = p.clone();
    q["cars"][0]["cards"]
        .as_array_mut()
        .unwrap()
        .push(bank.clone());
    refused(
        &g,
        &q,
        &format!(
            "cars.1.cards: {} is a Banknote, which this pile never holds",
            bank.as_str().unwrap()
        ),
    );
    let mut q = p.clone();
    q["speed_deck"]
        .as_array_mut()
        .unwrap()
        .retain(|c| *c != bank);
    refused(
        &g,
        &q,
        &format!(
            "cards: {} is in no pile, hand or car",
            bank.as_str().unwrap()
        ),
    );
    let mut q = p.clone();
    q["face_up"] = json!(["Ferrari F40"]);
    refused(&g, &q, "face_up: no card \"Ferrari F40\" in this game");
    let mut q = p.clone();
    q["cars"][0]["driver"] = json!(car1.clone());
    refused(&g, &q, &format!("cars.1.driver: {car1} is a Car card"));
    // Values in their ranges; cars on the track, one to a square.
    let mut q = p.clone();
    q["cars"][0]["cell"] = json!({"row": 999, "lane": 0});
    refused(&g, &q, "cars.1.cell: row 999 lane 0 is off the track");
    let mut q = p.clone();
    q["cars"][1]["cell"] = p["cars"][0]["cell"].clone();
    q["cars"][1]["progress"] = p["cars"][0]["progress"].clone();
    refused(
        &g,
        &q,
        &format!(
            "cars.2.cell: row {} lane {} is taken by {car1}",
            p["cars"][0]["cell"]["row"], p["cars"][0]["cell"]["lane"]
        ),
    );
    let mut q = p.clone();
    q["cars"][0]["progress"] = json!(p["cars"][0]["progress"].as_i64().unwrap() + 1);
    refused(&g, &q, "cars.1.progress:");
    let mut q = p.clone();
    let rows = g.board().unwrap()["length"].as_i64().unwrap();
    q["cars"][0]["progress"] = json!(p["cars"][0]["progress"].as_i64().unwrap() + rows);
    refused(&g, &q, &format!("cars.1.finish: {} squares reach the finish line ({rows}), and the car has not finished",
        p["cars"][0]["progress"].as_i64().unwrap() + rows));
    let mut q = p.clone();
    q["cars"][0]["damages"] = json!(3);
    refused(
        &g,
        &q,
        "cars.1.wrecked_turns: 0 with 3 damages; the third damage is the permanent one",
    );
    let mut q = p.clone();
    q["cars"][0]["damages_that_turn"] = json!(3);
    refused(&g, &q, "cars.1.damages_that_turn: 3 is not in 0 to 2");
    let mut q = p.clone();
    q["players"][1]["money"] = json!(-1000);
    refused(&g, &q, "players.2.money: -1000 is not in 0 to");
    let mut q = p.clone();
    q["cars"][0]["seat"] = json!(2);
    refused(&g, &q, "cars.1.seat: car 1 is seat 1's");
    let mut q = p.clone();
    q["cars"].as_array_mut().unwrap().pop();
    refused(&g, &q, "cars: 3 listed, the race has 4");
    // Phases that cannot be.
    let mut q = p.clone();
    q["phase"] = json!({"at": "flow"});
    refused(
        &g,
        &q,
        "phase.at: flow is a step inside an action, never a position",
    );
    let mut q = p.clone();
    q["phase"] = json!({"at": "pit stop", "car": car1});
    refused(&g, &q, "phase.at: \"pit stop\" is no phase");
    let mut q = p.clone();
    q["phase"] = json!({"at": "draft", "seat": 1, "step": "pick", "picks": 1});
    refused(
        &g,
        &q,
        "phase: draft comes before the race, and the race is under way",
    );
    let mut q = p.clone();
    q["phase"] = json!({"at": "drive", "car": "car 9"});
    refused(&g, &q, "phase.car: no car \"car 9\" in this race");
    let moving = p["moving"]["car"].as_str().unwrap();
    let other = (0..4)
        .map(|i| p["cars"][i]["car"].as_str().unwrap())
        .find(|&c| c != moving)
        .unwrap();
    let mut q = p.clone();
    q["phase"] = json!({"at": "drive", "car": other});
    refused(
        &g,
        &q,
        &format!("phase.car: {other} is not the car moving ({moving})"),
    );
    let mut q = p.clone();
    q["moving"]["speed_card"] = json!(driver1);
    refused(
        &g,
        &q,
        &format!("moving.speed_card: {driver1} has no Speed value"),
    );
    let mut q = p.clone();
    q["game"] = json!("legend");
    refused(&g, &q, "game: this position is not of Lamborghini");
}

#[test]
fn an_edited_lamborghini_position_is_a_puzzle() {
    // The car to drive put two squares before the line, in a lane free up to the line, with its
    // whole allowance to move: two steps ahead and it has finished the race (one lap).
    let (g, mut p) = lamborghini_in_race();
    let moving = p["moving"]["car"].clone();
    let i = (0..4).find(|&i| p["cars"][i]["car"] == moving).unwrap();
    let board = g.board().unwrap();
    let rows = board["length"].as_i64().unwrap();
    let lanes = board["lanes"].as_i64().unwrap();
    let taken = |row: i64, lane: i64| {
        (0..4).any(|j| j != i && p["cars"][j]["cell"] == json!({"row": row, "lane": lane}))
    };
    let lane = (0..lanes)
        .find(|&l| !taken(rows - 2, l) && !taken(rows - 1, l) && !taken(0, l))
        .expect("a lane free to the line");
    p["cars"][i]["cell"] = json!({"row": rows - 2, "lane": lane});
    p["cars"][i]["progress"] = json!(rows - 2);
    p["moving"]["spent"] = json!(0);
    let mut s = g.state_from(&p).unwrap();
    for _ in 0..2 {
        let ahead = s.string_to_action("move ahead").unwrap();
        s.apply_action(ahead).unwrap();
    }
    let v = s.position().unwrap();
    assert_eq!(
        v["cars"][i]["finish"]["turn"], p["turn"],
        "{}",
        v["cars"][i]
    );
    assert_eq!(v["cars"][i]["cell"], json!({"row": 0, "lane": lane}));
}
