//! Mille Bornes: player counts and teams, decks, the end of a hand, reshuffles, the game to 5000,
//! dealer rotation, and what each seat may see.

use crate::support::{count_of, names, total, Table};
use autodromo_core::mille_bornes::bots::heuristic_action;
use autodromo_core::mille_bornes::cards::Card;
use autodromo_core::mille_bornes::events::Event;
use autodromo_core::mille_bornes::{MbState, MilleBornes, Phase};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Error, Game, Player, State};
use serde_json::{json, Value};

// ---- player counts and teams --------------------------------------------------------------

/// Hands for `n` seats: a Roll, a 25 and filler each (within the 101-card deck for 9 seats).
fn plain_hands(n: usize) -> Vec<Vec<&'static str>> {
    let sixth = ["Repairs", "Gasoline", "Spare Tire"];
    (0..n)
        .map(|k| vec!["Roll", "25", "50", "75", "100", sixth[k % 3]])
        .collect()
}

fn deal_plain(t: &mut Table) {
    let hands = plain_hands(t.core().players());
    let refs: Vec<&[&str]> = hands.iter().map(Vec::as_slice).collect();
    t.deal(&refs);
}

/// `n` players, each on their own: dealing, turn order, one tableau each, attack labels.
fn individual(n: usize) {
    let mut t = Table::new(json!({"players": n}));
    let deck = if n <= 3 { 101 } else { 106 };
    assert_eq!(u32::from(t.core().deck_len), deck);
    assert_eq!(t.core().num_sides(), n);
    assert_eq!(
        t.phase(),
        Phase::Deal {
            seat: 0,
            left: 6 * n as u8
        }
    );
    deal_plain(&mut t);
    assert_eq!(u32::from(t.core().deck_len), deck - 6 * n as u32);
    for s in 0..n {
        assert_eq!(t.hand_size(s), 6);
    }
    for s in 0..n {
        t.turn_any(s, "play Roll");
    }
    for s in 0..n {
        assert!(t.side(s).rolling, "seat {s} rolls on its own tableau");
        t.turn_any(s, "play 25");
        assert_eq!(t.miles(s), 25);
    }
    assert_eq!(t.drawing_seat(), 0, "play goes round and back to seat 0");
    assert!(t
        .state
        .string_to_action(&format!("play Stop on player {}", n + 1))
        .is_err());
    assert!(t.state.string_to_action("play Stop on team 2").is_err());
    t.draw("Stop");
    for s in 1..n {
        assert!(t.is_legal(&format!("play Stop on player {}", s + 1)));
    }
    t.refused("play Stop on player 1", "never on yourself");
    t.act(&format!("play Stop on player {n}"));
    assert_eq!(t.side(n - 1).hazards, Card::Stop.battle_bit());
    for s in 0..n - 1 {
        assert_eq!(t.side(s).hazards, 0);
    }
}

#[test]
fn two_players_individually() {
    individual(2);
}

#[test]
fn three_players_individually() {
    individual(3);
}

#[test]
fn four_players_individually() {
    individual(4);
}

#[test]
fn five_players_individually() {
    individual(5);
}

#[test]
fn six_players_individually() {
    individual(6);
}

#[test]
fn seven_players_individually() {
    individual(7);
}

#[test]
fn eight_players_individually() {
    individual(8);
}

#[test]
fn nine_players_individually() {
    individual(9);
}

/// `players` in `teams` teams: partners alternate round the table and share one tableau.
fn in_teams(players: usize, teams: usize) {
    let mut t = Table::new(json!({"players": players, "teams": teams}));
    assert_eq!(t.core().num_sides(), teams);
    assert_eq!(t.core().deck_len, 106);
    let view = t.state.view(Some(0));
    for side in 0..teams {
        let seats: Vec<usize> = (side..players).step_by(teams).collect();
        assert_eq!(view["sides"][side]["seats"], json!(seats));
        for &s in &seats {
            assert_eq!(t.core().side_of(s), side);
        }
    }
    deal_plain(&mut t);
    for s in 0..players {
        if s < teams {
            t.turn_any(s, "play Roll");
        } else {
            let c = t.filler(&[]);
            t.draw(c);
            t.refused("play Roll", "Roll: your car is already rolling");
            t.act("play 25");
        }
    }
    let per_team = players / teams;
    for side in 0..teams {
        assert_eq!(
            usize::from(t.miles(side)),
            25 * (per_team - 1),
            "partners ran on their team's Roll"
        );
    }
    assert!(t.state.string_to_action("play Stop on player 2").is_err());
    t.draw("Stop");
    t.refused(
        "play Stop on team 1",
        "hazards are played on an opponent, never on your own team",
    );
    for side in 1..teams {
        assert!(t.is_legal(&format!("play Stop on team {}", side + 1)));
    }
    t.act("play Stop on team 2");
    assert_eq!(t.side(1).hazards, Card::Stop.battle_bit());
}

#[test]
fn four_players_in_two_teams() {
    in_teams(4, 2);
}

#[test]
fn six_players_in_two_teams() {
    in_teams(6, 2);
}

#[test]
fn six_players_in_three_teams() {
    in_teams(6, 3);
}

#[test]
fn eight_players_in_two_teams() {
    in_teams(8, 2);
}

#[test]
fn eight_players_in_four_teams() {
    in_teams(8, 4);
}

#[test]
fn nine_players_in_three_teams() {
    in_teams(9, 3);
}

#[test]
fn bad_team_splits_are_rejected() {
    for (players, teams) in [
        (3, 2),
        (4, 3),
        (5, 2),
        (6, 4),
        (6, 5),
        (7, 2),
        (8, 3),
        (9, 2),
        (9, 4),
        (4, 1),
    ] {
        match MilleBornes::from_json(&json!({"players": players, "teams": teams})) {
            Err(Error::Options { key, .. }) => assert_eq!(key, "teams"),
            other => panic!("{players} players in {teams} teams: {other:?}"),
        }
    }
    for players in [1, 10] {
        assert!(matches!(
            MilleBornes::from_json(&json!({"players": players})),
            Err(Error::Options { key, .. }) if key == "players"
        ));
    }
    // One team per player is simply individual play.
    let g = MilleBornes::from_json(&json!({"players": 5, "teams": 5})).unwrap();
    assert!(!g.opts.teams());
}

#[test]
fn deck_has_101_cards_for_2_or_3_players_and_106_otherwise() {
    for n in 2..=9 {
        let t = Table::new(json!({"players": n}));
        let deck = t.core().deck;
        let count = |name| u32::from(count_of(&deck, name));
        let reduced = n <= 3;
        assert_eq!(total(&deck), if reduced { 101 } else { 106 }, "{n} players");
        assert_eq!(u32::from(t.core().deck_len), total(&deck));
        let distance: u32 = ["25", "50", "75", "100", "200"]
            .iter()
            .map(|c| count(c))
            .sum();
        assert_eq!(distance, 46);
        assert_eq!(
            ["25", "50", "75", "100", "200"].map(count),
            [10, 10, 10, 12, 4]
        );
        let cut = u32::from(reduced);
        assert_eq!(
            ["Accident", "Out of Gas", "Flat Tire", "Speed Limit", "Stop"].map(count),
            [3 - cut, 3 - cut, 3 - cut, 4 - cut, 5 - cut]
        );
        assert_eq!(
            ["Repairs", "Gasoline", "Spare Tire", "End of Limit", "Roll"].map(count),
            [6, 6, 6, 6, 14]
        );
        assert_eq!(
            [
                "Driving Ace",
                "Extra Tank",
                "Puncture-Proof",
                "Right of Way"
            ]
            .map(count),
            [1, 1, 1, 1]
        );
    }
    let full2 = Table::new(json!({"players": 2, "deck": 106}));
    assert_eq!(full2.core().deck_len, 106);
    let reduced4 = Table::new(json!({"players": 4, "deck": 101}));
    assert_eq!(reduced4.core().deck_len, 101);
}

#[test]
fn italian_edition_races_to_1000_for_every_player_count() {
    for n in 2..=9 {
        let t = Table::new(json!({"players": n}));
        assert_eq!(t.core().target, 1000);
        assert!(!t.core().opts.extension);
    }
}

// ---- the end of a hand ----------------------------------------------------------------------

#[test]
fn hand_ends_when_pile_and_hands_are_empty() {
    let mut t = Table::new(json!({"players": 2}));
    t.deal_dull();
    t.drain_pile(&[]);
    assert_eq!(t.core().deck_len, 0);
    assert_eq!(t.core().hand_number, 1);
    let mut left = t.hand_size(0) + t.hand_size(1);
    assert_eq!(left, 12, "the pile ran out; every seat still holds six");
    while left > 0 {
        assert!(
            matches!(t.phase(), Phase::Play { .. }),
            "no draw once the pile is out: {:?}",
            t.phase()
        );
        t.idle();
        left -= 1;
        if left > 0 {
            assert_eq!(t.hand_size(0) + t.hand_size(1), left);
            assert_eq!(t.core().hand_number, 1);
        }
    }
    let over: Vec<Event> = t
        .events()
        .into_iter()
        .filter(|e| matches!(e, Event::HandOver { .. }))
        .collect();
    assert!(matches!(
        over[..],
        [Event::HandOver {
            hand: 1,
            completed_by: None,
            ..
        }]
    ));
    assert_eq!(t.core().hand_number, 2);
    assert_eq!(t.phase(), Phase::Deal { seat: 1, left: 12 });
    assert_eq!(t.core().deck_len, 101, "a fresh deck for the new hand");
}

#[test]
fn dealer_rotates_each_hand() {
    let mut t = Table::new(json!({"players": 3}));
    for h in 0..4usize {
        let first = (h % 3) as u8;
        assert_eq!(t.core().hand_number as usize, h + 1);
        assert_eq!(t.core().first_seat, first);
        assert_eq!(
            t.phase(),
            Phase::Deal {
                seat: first,
                left: 18
            }
        );
        t.deal_dull();
        let dealt = t.events_this_hand().into_iter().find_map(|e| match e {
            Event::Dealt { seat, .. } => Some(seat),
            _ => None,
        });
        assert_eq!(
            dealt,
            Some(first),
            "the first card goes to the hand's first seat"
        );
        assert_eq!(
            t.drawing_seat(),
            usize::from(first),
            "and that seat plays first"
        );
        t.play_out_hand(&[]);
    }
}

#[test]
fn reshuffle_returns_only_discards_to_the_pile() {
    let mut t = Table::dealt(
        json!({"players": 2, "reshuffle_discards": true, "score_to_win": 0}),
        &[
            &["Roll", "100", "100", "75", "Gasoline", "25"],
            &["Out of Gas", "Roll", "25", "50", "50", "75"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Roll");
    t.turn(0, "25", "play 100");
    t.turn(1, "25", "play Out of Gas on player 1");
    t.turn(0, "25", "play Gasoline");
    t.turn(1, "25", "play 25");
    t.turn(0, "Roll", "play Roll");
    t.idle();
    t.turn(0, "25", "play 100");
    // On the tableaux now: Rolls 3, 100s 2, a Gasoline, an Out of Gas, a 25.
    loop {
        let c = t.filler(&[]);
        t.draw(c);
        let discards = t.core().discard;
        t.act(&format!("discard {c}"));
        if t.core().reshuffles == 0 {
            continue;
        }
        let mut expected = discards;
        expected[crate::support::card(c).index()] += 1;
        assert_eq!(
            t.core().deck,
            expected,
            "exactly the discards form the new pile"
        );
        assert_eq!(u32::from(t.core().deck_len), total(&expected));
        assert_eq!(total(&t.core().discard), 0);
        assert_eq!(
            t.last_events(1),
            vec![Event::Reshuffled {
                cards: t.core().deck_len
            }]
        );
        break;
    }
    let c = t.core();
    let held = |name| -> u8 { (0..2).map(|p| count_of(&c.hands[p], name)).sum() };
    for (name, in_deck, played) in [
        ("Roll", 14, 3),
        ("100", 12, 2),
        ("Gasoline", 6, 1),
        ("Out of Gas", 2, 1),
        ("25", 10, 1),
    ] {
        assert_eq!(
            count_of(&c.deck, name) + held(name),
            in_deck - played,
            "{name}: cards played on a tableau never return to the pile"
        );
    }
}

#[test]
fn reshuffles_are_limited_per_hand() {
    let mut t = Table::new(json!({"players": 2, "reshuffle_discards": true, "max_reshuffles": 1}));
    t.deal_dull();
    t.play_out_hand(&[]);
    let first_hand: Vec<Event> = t
        .events()
        .into_iter()
        .take_while(|e| !matches!(e, Event::HandOver { .. }))
        .collect();
    let shuffles = first_hand
        .iter()
        .filter(|e| matches!(e, Event::Reshuffled { .. }))
        .count();
    assert_eq!(shuffles, 1);
    assert_eq!(t.core().hand_number, 2, "the hand still ended");
    assert_eq!(t.core().reshuffles, 0, "the count restarts each hand");
}

#[test]
fn without_the_variant_discards_never_return() {
    let mut t = Table::new(json!({"players": 2}));
    t.deal_dull();
    t.drain_pile(&[]);
    t.idle();
    assert_eq!(t.core().deck_len, 0);
    assert!(total(&t.core().discard) > 80);
    assert!(!t
        .events()
        .iter()
        .any(|e| matches!(e, Event::Reshuffled { .. })));
}

// ---- the game to 5000 -----------------------------------------------------------------------

/// Plays a whole game with the rule-of-thumb bot (and a little noise), sampling chance.
fn play_game(options: &Value, seed: u64) -> MbState {
    let game = MilleBornes::from_json(options).unwrap();
    let mut s = game.new_initial_state();
    let mut rng = SplitMix64::new(seed);
    for _ in 0..2_000_000 {
        let a = match s.current_player() {
            Player::Terminal => return s,
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            Player::Seat(p) => {
                let legal = s.legal_actions();
                if rng.below(5) == 0 {
                    legal[rng.below(legal.len() as u32) as usize]
                } else {
                    heuristic_action(&s.seat_view(Some(usize::from(p))), &legal).unwrap()
                }
            }
        };
        s.apply_action(a).unwrap();
    }
    panic!("{options}: the game never ended");
}

#[test]
fn game_goes_to_5000_over_many_hands() {
    for (options, seed) in [
        (json!({"players": 4, "teams": 2}), 1),
        (json!({"players": 2}), 2),
        (json!({"players": 3, "target": 700}), 3),
        (
            json!({"players": 6, "teams": 3, "reshuffle_discards": true}),
            4,
        ),
    ] {
        let s = play_game(&options, seed);
        let c = s.core();
        let n = c.players();
        let sides = c.num_sides();
        let events = s.typed_events();
        let mut running = vec![0i32; sides];
        let mut hands = 0usize;
        let mut next_first = Some(0u8);
        for e in &events {
            match e {
                Event::Dealt { seat, .. } => {
                    if let Some(first) = next_first.take() {
                        assert_eq!(*seat, first, "{options}: hand {} dealt from", hands + 1);
                    }
                }
                Event::HandOver { hand, rows, .. } => {
                    hands += 1;
                    assert_eq!(usize::from(*hand), hands);
                    for (i, total) in running.iter_mut().enumerate() {
                        *total += rows[i].total();
                    }
                    let best = *running.iter().max().unwrap();
                    let leaders = running.iter().filter(|&&t| t == best).count();
                    let over = best >= 5000 && leaders == 1;
                    let last = hands == usize::from(c.hand_number);
                    assert_eq!(over, last, "{options}: hand {hands}, totals {running:?}");
                    next_first = Some((hands % n) as u8);
                }
                _ => {}
            }
        }
        assert!(hands >= 2, "{options}: 5000 takes more than one hand");
        assert_eq!(&c.totals[..sides], &running[..]);
        let best = *running.iter().max().unwrap();
        let winner = running.iter().position(|&t| t == best).unwrap();
        assert_eq!(c.winners, 1 << winner);
        assert!(matches!(events.last(), Some(Event::GameOver { .. })));
        let ranking = s.ranking();
        for (p, &ret) in s.returns().iter().enumerate() {
            let won = c.side_of(p) == winner;
            assert_eq!(ret, if won { 1.0 } else { 0.0 }, "{options}");
            assert_eq!(ranking[p] == 0, won);
        }
    }
}

/// Two players race to `score_to_win` 100; in hand 1 seat 0 runs `miles0`, seat 1 `miles1`
/// (in 100s), then the hand runs dry.
fn first_hand_with(miles0: usize, miles1: usize) -> Table {
    first_hand_to(100, miles0, miles1)
}

fn first_hand_to(score_to_win: u32, miles0: usize, miles1: usize) -> Table {
    let mut t = Table::dealt(
        json!({"players": 2, "score_to_win": score_to_win}),
        &[
            &["Roll", "100", "100", "25", "50", "75"],
            &["Roll", "100", "100", "25", "50", "75"],
        ],
    );
    t.turn(0, "25", "play Roll");
    t.turn(1, "25", "play Roll");
    for k in 0..miles0.max(miles1) {
        if k < miles0 {
            t.turn(0, "25", "play 100");
        } else {
            t.idle();
        }
        if k < miles1 {
            t.turn(1, "25", "play 100");
        } else {
            t.idle();
        }
    }
    t.play_out_hand(&[]);
    t
}

#[test]
fn several_sides_past_the_goal_the_highest_wins() {
    let t = first_hand_with(2, 1);
    assert_eq!(&t.core().totals[..2], &[200, 100], "both passed 100");
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(t.core().winners, 0b01);
    assert_eq!(t.state.returns(), vec![1.0, 0.0]);
    assert_eq!(t.state.ranking(), vec![0, 1]);
}

#[test]
fn tie_at_the_top_past_the_goal_plays_another_hand() {
    let mut t = first_hand_with(1, 1);
    assert_eq!(&t.core().totals[..2], &[100, 100]);
    assert_eq!(t.core().hand_number, 2, "a tie at the top is no win");
    assert_eq!(t.phase(), Phase::Deal { seat: 1, left: 12 });
    assert_eq!(t.state.returns(), vec![0.0, 0.0]);
    t.deal(&[
        &["25", "50", "75", "75", "50", "Repairs"],
        &["Roll", "25", "50", "75", "75", "50"],
    ]);
    t.turn(1, "25", "play Roll");
    t.idle();
    t.turn(1, "25", "play 25");
    t.play_out_hand(&[]);
    assert_eq!(&t.core().totals[..2], &[100, 125]);
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(t.state.returns(), vec![0.0, 1.0]);
}

#[test]
fn single_hand_game_every_side_tied_at_the_top_wins() {
    let t = first_hand_to(0, 1, 1);
    assert_eq!(t.phase(), Phase::GameOver);
    assert_eq!(t.core().winners, 0b11);
    assert_eq!(t.state.returns(), vec![1.0, 1.0]);
    assert_eq!(t.state.ranking(), vec![0, 0]);
}

// ---- what a seat may see ----------------------------------------------------------------------

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Checks every seat's view and event log of `s` for other seats' cards.
fn check_privacy(s: &MbState, with_events: bool) {
    let c = s.core();
    let n = c.players();
    let spectator = s.view(None);
    assert_eq!(spectator["hand"], json!([]));
    assert!(spectator.get("legal_actions").is_none());
    let typed = if with_events {
        s.typed_events()
    } else {
        Vec::new()
    };
    for p in 0..n {
        let v = s.view(Some(p));
        assert_eq!(v["seat"], json!(p));
        let shown: Vec<String> = v["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect();
        let own: Vec<String> = names(&c.hands[p]).into_iter().map(String::from).collect();
        assert_eq!(
            sorted(shown),
            sorted(own),
            "seat {p}'s hand shows only its own cards"
        );
        let to_move = s.current_player() == Player::Seat(p as u8);
        assert_eq!(v.get("legal_actions").is_some(), to_move);
        if !with_events {
            continue;
        }
        let log = s.events(Some(p));
        assert_eq!(log.len(), typed.len());
        for (e, j) in typed.iter().zip(&log) {
            if let Event::Dealt { seat, card } | Event::Drew { seat, card } = e {
                if usize::from(*seat) == p {
                    assert_eq!(j["card"], card.reference());
                } else {
                    assert_eq!(
                        j["card"],
                        Value::Null,
                        "seat {p} sees seat {seat}'s card: {j}"
                    );
                }
            }
        }
    }
    if with_events {
        for j in s.events(None) {
            if j["kind"] == "dealt" || j["kind"] == "drew" {
                assert_eq!(j["card"], Value::Null, "a spectator sees a drawn card: {j}");
            }
        }
    }
}

#[test]
fn seat_view_never_shows_another_seats_cards() {
    for (k, options) in [
        json!({"players": 2, "score_to_win": 0}),
        json!({"players": 4, "teams": 2, "score_to_win": 0}),
        json!({"players": 9, "teams": 3, "score_to_win": 0, "reshuffle_discards": true}),
        json!({"players": 3, "score_to_win": 0, "wrong_way": true, "cumulative_attacks": true,
               "target": 700}),
    ]
    .into_iter()
    .enumerate()
    {
        let game = MilleBornes::from_json(&options).unwrap();
        for seed in 0..3u64 {
            let mut rng = SplitMix64::new(seed * 31 + k as u64);
            let mut s = game.new_initial_state();
            let mut step = 0usize;
            while !s.is_terminal() {
                check_privacy(&s, step % 97 == 0);
                let a = match s.current_player() {
                    Player::Chance => s.sample_chance(&mut rng).unwrap(),
                    _ => {
                        let legal = s.legal_actions();
                        legal[rng.below(legal.len() as u32) as usize]
                    }
                };
                s.apply_action(a).unwrap();
                step += 1;
            }
            check_privacy(&s, true);
        }
    }
}
