//! The vocabulary over random games (issue 29): every legal action has exactly one move, of a
//! documented kind, naming cards and sides that exist, and applying it gives what its `leads_to`
//! says; every log entry has a documented kind and resolvable references.
use autodromo_core::mille_bornes::cards::{Card, ALL};
use autodromo_core::mille_bornes::events::EVENT_KINDS;
use autodromo_core::mille_bornes::moves::{battle, BATTLE_STATES, MOVE_KINDS};
use autodromo_core::mille_bornes::{MbState, MilleBornes, Phase};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::{json, Value};

fn card_of(v: &Value, what: &str) -> Card {
    let id = v["id"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: no card id in {v}"));
    let card = ALL
        .into_iter()
        .find(|c| c.id() == id)
        .unwrap_or_else(|| panic!("{what}: {id} is no card"));
    assert_eq!(v["name"], card.name(), "{what}: the name of {id}");
    card
}

fn hazard_ids(s: &MbState, side: usize) -> Vec<String> {
    let t = s.core().sides[side];
    [Card::Accident, Card::OutOfGas, Card::FlatTire, Card::Stop]
        .into_iter()
        .filter(|h| t.hazards & h.battle_bit() != 0)
        .map(|h| h.id().to_string())
        .collect()
}

/// What `leads_to` said against the state the move led to.
fn check_leads_to(before: &MbState, after: &MbState, seat: usize, m: &Value) {
    let leads = &m["leads_to"];
    let what = &m["label"];
    let c = after.core();
    let hand_over = c.hand_number != before.core().hand_number || c.phase == Phase::GameOver;
    assert_eq!(leads["hand_over"], hand_over, "{what}: hand_over");
    if let Some(side) = leads["side"].as_u64() {
        let side = side as usize;
        assert!(side < c.num_sides(), "{what}: side {side}");
        let seats: Vec<usize> = (0..c.players()).filter(|&p| c.side_of(p) == side).collect();
        assert_eq!(leads["seats"], json!(seats), "{what}: the side's seats");
        assert!(
            BATTLE_STATES.contains(&leads["battle"].as_str().unwrap()),
            "{what}"
        );
        for h in leads["hazards"].as_array().unwrap() {
            assert!(card_of(h, "leads_to.hazards").is_hazard(), "{what}");
        }
        if !hand_over {
            let t = c.sides[side];
            assert_eq!(leads["miles"], t.miles, "{what}: miles");
            assert_eq!(leads["battle"], battle(&t), "{what}: battle");
            assert_eq!(leads["speed_limit"], t.limited, "{what}: speed limit");
            assert_eq!(leads["wrong_way"], t.wrong_way, "{what}: wrong way");
            let ids: Vec<&str> = leads["hazards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h["id"].as_str().unwrap())
                .collect();
            assert_eq!(ids, hazard_ids(after, side), "{what}: hazards");
        }
    }
    let last_played = || {
        after
            .events(None)
            .into_iter()
            .rev()
            .find(|e| e["kind"] == "played")
    };
    match m["kind"].as_str().unwrap() {
        "play_distance" => {
            let offered = matches!(c.phase, Phase::Extension { .. });
            assert_eq!(leads["extension_offered"], offered, "{what}");
            let complete = leads["trip_complete"].as_bool().unwrap();
            // A hand also ends when the last card is played with the pile gone.
            assert!(!complete || hand_over || offered, "{what}: trip complete");
            assert!(
                !offered || complete,
                "{what}: an extension only at the target"
            );
        }
        "play_safety" => {
            let e = last_played().expect("a safety played is logged");
            assert_eq!(leads["extra_turn"], e["extra_turn"], "{what}: extra turn");
            if leads["extra_turn"] == true {
                let again = matches!(c.phase,
                    Phase::Draw { seat: s } | Phase::Play { seat: s } if usize::from(s) == seat);
                assert!(again, "{what}: the extra turn is {seat}'s");
            }
        }
        "coup_fourre" => {
            let e = after
                .events(None)
                .into_iter()
                .rev()
                .find(|e| e["kind"] == "coup_fourre")
                .expect("a coup fourré is logged");
            assert_eq!(leads["skipped"], e["skipped"], "{what}: skipped");
            let drawn =
                matches!(c.phase, Phase::ReplacementDraw { seat: s } if usize::from(s) == seat);
            assert_eq!(leads["replacement_draw"], drawn, "{what}: replacement draw");
        }
        "extend" => assert_eq!(c.target, 1000, "{what}"),
        "stop" => assert!(hand_over, "{what}"),
        _ => {}
    }
}

fn check_moves(s: &MbState, seat: usize) -> usize {
    let legal = s.legal_actions();
    let moves = s.moves(seat).expect("the seat to act has moves");
    let ids: Vec<u64> = moves
        .iter()
        .map(|m| m["action"].as_u64().unwrap())
        .collect();
    let want: Vec<u64> = legal.iter().map(|&a| u64::from(a)).collect();
    assert_eq!(ids, want, "one move per legal action, in order");
    let c = s.core();
    for m in &moves {
        let a = m["action"].as_u64().unwrap() as u32;
        let kind = m["kind"].as_str().expect("a kind");
        assert!(MOVE_KINDS.contains(&kind), "undocumented kind {kind}");
        assert_eq!(m["label"], s.action_to_string(a));
        if !m["card"].is_null() {
            card_of(&m["card"], "card");
        }
        if !m["hazard"].is_null() {
            assert!(card_of(&m["hazard"], "hazard").is_hazard());
        }
        if kind == "play_hazard" {
            let side = m["target"]["side"]
                .as_u64()
                .expect("an attack names its side") as usize;
            assert!(side < c.num_sides() && side != c.side_of(seat));
        }
        for r in m["risks"].as_array().unwrap() {
            if let Some(p) = r["probability"].as_f64() {
                assert!(p > 0.0 && p <= 1.0, "{r}");
            }
        }
        let mut after = s.clone();
        after.apply_action(a).expect("a move is legal");
        check_leads_to(s, &after, seat, m);
    }
    for other in (0..c.players()).filter(|&p| p != seat) {
        assert_eq!(
            s.moves(other).unwrap(),
            Vec::<Value>::new(),
            "not {other}'s turn"
        );
    }
    assert!(s.moves(c.players()).is_err(), "a seat not in the game");
    moves.len()
}

fn check_events(s: &MbState) {
    let players = s.core().players() as u64;
    for viewer in core::iter::once(None).chain((0..s.core().players()).map(Some)) {
        for e in s.events(viewer) {
            let kind = e["kind"].as_str().expect("a kind");
            assert!(EVENT_KINDS.contains(&kind), "undocumented event {kind}");
            assert!(e.get("event").is_none(), "one word for the kind: {e}");
            if let Some(seat) = e.get("seat") {
                assert!(seat.as_u64().unwrap() < players, "{e}");
            }
            for key in ["card", "safety", "hazard"] {
                if let Some(c) = e.get(key).filter(|c| !c.is_null()) {
                    card_of(c, key);
                }
            }
        }
    }
}

fn run(options: Value, games: u64) -> (usize, Vec<&'static str>) {
    let game = MilleBornes::from_json(&options).unwrap();
    let mut seen = Vec::new();
    let mut moves = 0;
    for i in 0..games {
        let mut rng = SplitMix64::for_index(29, i);
        let mut s = game.new_initial_state();
        while let Some(a) = match s.current_player() {
            Player::Terminal => None,
            Player::Chance => s.sample_chance(&mut rng),
            Player::Seat(p) => {
                moves += check_moves(&s, usize::from(p));
                for m in s.moves(usize::from(p)).unwrap() {
                    let k = MOVE_KINDS.iter().find(|k| m["kind"] == **k).unwrap();
                    if !seen.contains(k) {
                        seen.push(*k);
                    }
                }
                let legal = s.legal_actions();
                Some(legal[rng.below(legal.len() as u32) as usize])
            }
        } {
            s.apply_action(a).unwrap();
        }
        check_events(&s);
    }
    (moves, seen)
}

#[test]
fn every_legal_action_has_one_move_that_leads_where_it_says() {
    let (n, mut seen) = run(json!({"players": 2, "score_to_win": 0}), 30);
    for (options, games) in [
        (json!({"players": 4, "teams": 2, "score_to_win": 0}), 10),
        (
            json!({"players": 3, "target": 700, "score_to_win": 0, "wrong_way": true,
                "cumulative_attacks": true, "reshuffle_discards": true}),
            20,
        ),
        (
            json!({"players": 6, "teams": 3, "score_to_win": 0, "secret_coup_fourre": true,
                "independent_speed_limit": true}),
            8,
        ),
    ] {
        for k in run(options, games).1 {
            if !seen.contains(&k) {
                seen.push(k);
            }
        }
    }
    assert!(n > 1000);
    seen.sort();
    let mut all = MOVE_KINDS.to_vec();
    all.sort();
    assert_eq!(seen, all, "every kind came up in the random games");
}

#[test]
fn an_attack_on_a_side_whose_safety_is_unseen_risks_a_coup_fourre() {
    // Two players, Right of Way nowhere in sight of seat 0: the risk is player 2's 6 cards of
    // the cards seat 0 has not seen.
    let game = MilleBornes::from_json(&json!({"players": 2, "score_to_win": 0})).unwrap();
    let mut s = game.new_initial_state();
    let mut rng = SplitMix64::new(5);
    let mut found = false;
    for _ in 0..4000 {
        match s.current_player() {
            Player::Terminal => break,
            Player::Chance => {
                let a = s.sample_chance(&mut rng).unwrap();
                s.apply_action(a).unwrap();
            }
            Player::Seat(p) => {
                let p = usize::from(p);
                for m in s.moves(p).unwrap() {
                    if m["kind"] != "play_hazard" || m["card"]["id"] != "stop" {
                        continue;
                    }
                    let c = s.core();
                    let k = Card::RightOfWay.index();
                    let unseen_rw = c.hands[p][k] == 0
                        && c.discard[k] == 0
                        && c.sides.iter().all(|t| !t.has(Card::RightOfWay));
                    let risks = m["risks"].as_array().unwrap();
                    if unseen_rw {
                        let other = 1 - p;
                        let held = c.hand_size(other);
                        let unseen = u32::from(c.deck_len) + held;
                        assert_eq!(risks.len(), 1, "{m}");
                        assert_eq!(risks[0]["kind"], "coup_fourre");
                        assert_eq!(risks[0]["safety"]["id"], "right_of_way");
                        let p = risks[0]["probability"].as_f64().unwrap();
                        assert!((p - f64::from(held) / f64::from(unseen)).abs() < 1e-12);
                        found = true;
                    } else {
                        assert!(risks.is_empty(), "{m}");
                    }
                }
                let legal = s.legal_actions();
                let a = legal[rng.below(legal.len() as u32) as usize];
                s.apply_action(a).unwrap();
            }
        }
    }
    assert!(found, "no Stop was playable with Right of Way unseen");
}

#[test]
fn no_seat_has_a_move_while_chance_acts() {
    let mb = MilleBornes::from_json(&json!({"players": 2})).unwrap();
    let s = mb.new_initial_state();
    assert_eq!(s.current_player(), Player::Chance, "the deal");
    assert_eq!(s.moves(0).unwrap(), Vec::<Value>::new());
    assert_eq!(s.moves(1).unwrap(), Vec::<Value>::new());
}

#[test]
fn the_view_says_what_each_card_of_the_deck_is() {
    for options in [
        json!({"players": 2}),
        json!({"players": 3, "wrong_way": true}),
    ] {
        let game = MilleBornes::from_json(&options).unwrap();
        let cards = game.new_initial_state().view(None)["cards"].clone();
        let wrong_way = options["wrong_way"] == true;
        let in_deck = ALL
            .into_iter()
            .filter(|c| wrong_way || !matches!(c, Card::WrongWay | Card::EndOfWrongWay));
        assert_eq!(cards.as_object().unwrap().len(), in_deck.clone().count());
        for card in in_deck {
            let v = &cards[card.name()];
            assert_eq!(v["id"], card.id(), "{options}");
            let class = v["class"].as_str().unwrap();
            assert_eq!(class == "hazard", card.is_hazard());
            assert_eq!(class == "safety", card.is_safety());
            assert_eq!(class == "distance", card.is_distance());
        }
        assert_eq!(cards["Speed Limit"]["cured_by"], "End of Limit");
        assert_eq!(cards["Roll"]["cures"], "Stop");
        let ace = if wrong_way {
            json!(["Accident", "Wrong Way"])
        } else {
            json!(["Accident"])
        };
        assert_eq!(cards["Driving Ace"]["against"], ace);
        assert_eq!(
            cards["Right of Way"]["against"],
            json!(["Speed Limit", "Stop"])
        );
    }
}
