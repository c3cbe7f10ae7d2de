//! The batch runner and the built-in bots: same results on any thread count, only legal
//! moves, and nothing read that the moving seat cannot see.
use std::path::Path;
use std::sync::Arc;

use autodromo_core::formula90::{self, Formula90};
use autodromo_core::game::{Game, Player, State};
use autodromo_core::lamborghini::{self, Lamborghini};
use autodromo_core::legend::{self, Legend};
use autodromo_core::mille_bornes::MilleBornes;
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::{runner, Level, Policy, Sim};
use serde_json::json;

fn content_dir(game: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../python/autodromo/content/{game}"))
}

fn lambo(players: u8) -> Lamborghini {
    let content = Arc::new(lamborghini::Content::from_dir(&content_dir("lamborghini")).unwrap());
    Lamborghini::new(content, &json!({"players": players, "laps": 1})).unwrap()
}

fn legend_game(neutral: bool) -> Legend {
    let content = Arc::new(legend::Content::from_dir(&content_dir("legend")).unwrap());
    let cars: Vec<String> = content.cars.iter().take(4).map(|c| c.id.clone()).collect();
    Legend::new(
        content,
        &json!({"circuit": "example", "cars": cars, "neutral": [neutral, true, true, false], "laps": 1}),
    )
    .unwrap()
}

fn policies(names: &[&str]) -> Vec<Policy> {
    names.iter().map(|n| Policy::parse(n).unwrap()).collect()
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let mb = MilleBornes::from_json(&json!({"players": 3})).unwrap();
    let p = policies(&["heuristic", "random", "heuristic"]);
    let one = runner::run(&mb, 7, 0..40, &p, Some(1)).unwrap();
    let two = runner::run(&mb, 7, 0..40, &p, Some(2)).unwrap();
    assert_eq!(one, two);
    // A slice of the run is the same races as the whole run's slice: seeds are per index.
    let tail = runner::run(&mb, 7, 30..40, &p, Some(2)).unwrap();
    assert_eq!(&one[30..], &tail[..]);
    let lg = lambo(3);
    let p = policies(&["heuristic", "random", "heuristic"]);
    assert_eq!(
        runner::run(&lg, 3, 0..6, &p, Some(1)).unwrap(),
        runner::run(&lg, 3, 0..6, &p, Some(2)).unwrap()
    );
    let leg = legend_game(false);
    let p = policies(&["heuristic", "random", "random", "heuristic"]);
    assert_eq!(
        runner::run(&leg, 5, 0..4, &p, Some(1)).unwrap(),
        runner::run(&leg, 5, 0..4, &p, Some(2)).unwrap()
    );
}

#[test]
fn every_race_ends_with_a_full_ranking_and_car_lines() {
    let mb = MilleBornes::from_json(&json!({"players": 2})).unwrap();
    for st in runner::run(&mb, 1, 0..20, &policies(&["heuristic", "random"]), Some(2)).unwrap() {
        assert_eq!(st.ranking.len(), 2);
        assert!(st.ranking.contains(&0));
        assert!(st.length >= 1 && st.actions > 0);
        // Mille Bornes is played to 5000: the winner's side has at least that many points.
        let winner = st.ranking.iter().position(|&r| r == 0).unwrap();
        assert!(st.seat_extra[winner] >= 5000.0, "{st:?}");
    }
    let leg = legend_game(true);
    for st in runner::run(&leg, 1, 0..3, &policies(&["random"; 4]), Some(2)).unwrap() {
        assert_eq!(st.cars.len(), 4);
        assert_eq!(
            st.cars[0].seat, 0,
            "a Neutral Car keeps the seat it is ranked in"
        );
        assert_eq!(st.cars[3].seat, 3);
        let finished = st.cars.iter().filter(|c| !c.time.is_nan()).count();
        assert!(finished >= 1);
    }
}

#[test]
fn mcts_plays_only_legal_moves_in_every_game() {
    // The runner checks each bot move against the legal list and fails the race otherwise.
    let mb = MilleBornes::from_json(&json!({"players": 2, "score_to_win": 0})).unwrap();
    runner::run(&mb, 2, 0..4, &policies(&["mcts:30", "heuristic"]), Some(2)).unwrap();
    runner::run(
        &lambo(2),
        2,
        0..1,
        &policies(&["mcts:5", "heuristic"]),
        Some(2),
    )
    .unwrap();
    let leg = legend_game(false);
    runner::run(
        &leg,
        2,
        0..1,
        &policies(&["mcts:3", "random", "random", "heuristic"]),
        Some(2),
    )
    .unwrap();
}

#[test]
fn policy_names_are_checked() {
    for bad in [
        "",
        "mcts:",
        "mcts:0",
        "mcts:x",
        "alphazero",
        "mcts:0ms",
        "Hard",
        "expert",
    ] {
        let e = Policy::parse(bad).unwrap_err().to_string();
        assert!(e.contains("unknown policy"), "{bad}: {e}");
        assert!(e.contains("easy, medium, hard"), "{bad}: {e}");
    }
    // The old names stay: `heuristic` and Legend's `greedy` are `medium`.
    for old in ["heuristic", "greedy", "medium"] {
        assert_eq!(Policy::parse(old).unwrap(), Policy::Bot(Level::Medium));
    }
    assert_eq!(Policy::parse("easy").unwrap(), Policy::Bot(Level::Easy));
    assert_eq!(Policy::parse("hard").unwrap(), Policy::Bot(Level::Hard));
}

/// Walks a game with random moves and calls `check` at every decision.
fn walk<S: Sim>(mut s: S, seed: u64, mut check: impl FnMut(&S, usize)) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..4000 {
        let a = match s.current_player() {
            Player::Terminal => return,
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            Player::Seat(seat) => {
                check(&s, usize::from(seat));
                let legal = s.legal_actions();
                legal[rng.below(legal.len() as u32) as usize]
            }
        };
        s.apply_action(a).unwrap();
    }
}

/// What the seat sees is unchanged by a determinization, and the bots decide the same on both.
fn hidden_information_is_not_read<S: Sim>(s: S, seed: u64, every: usize) {
    let mut n = 0;
    walk(s, seed, |s, seat| {
        n += 1;
        if n % every != 0 {
            return;
        }
        let d = s.determinize(seat, &mut SplitMix64::new(n as u64));
        assert_eq!(
            d.view(Some(seat)),
            s.view(Some(seat)),
            "the seat's view changed"
        );
        let legal = s.legal_actions();
        assert_eq!(d.legal_actions(), legal);
        assert_eq!(
            s.heuristic(&legal),
            d.heuristic(&legal),
            "heuristic read hidden cards"
        );
        for name in ["mcts:20", "easy", "medium"] {
            let p = Policy::parse(name).unwrap();
            assert_eq!(
                p.act(s, &legal, &mut SplitMix64::new(9)),
                p.act(&d, &legal, &mut SplitMix64::new(9)),
                "{name} read hidden cards"
            );
        }
        if n % (every * 5) == 0 {
            // `hard` searches (slower): every fifth check.
            let hard = Policy::Bot(Level::Hard);
            assert_eq!(
                hard.act(s, &legal, &mut SplitMix64::new(9)),
                hard.act(&d, &legal, &mut SplitMix64::new(9)),
                "hard read hidden cards"
            );
        }
    });
}

#[test]
fn bots_read_only_what_their_seat_sees_mille_bornes() {
    for (players, seed) in [(2u8, 1u64), (4, 2), (3, 3)] {
        let g = MilleBornes::from_json(&json!({"players": players, "score_to_win": 0})).unwrap();
        hidden_information_is_not_read(g.new_initial_state(), seed, 7);
    }
}

#[test]
fn determinizing_redeals_the_other_hands() {
    let g = MilleBornes::from_json(&json!({"players": 2})).unwrap();
    let mut seen_different = false;
    walk(g.new_initial_state(), 4, |s, seat| {
        let d = s.determinize(seat, &mut SplitMix64::new(1));
        if d.view(Some(1 - seat)) != s.view(Some(1 - seat)) {
            seen_different = true;
        }
    });
    assert!(seen_different, "the other hand was never dealt again");
}

#[test]
fn bots_read_only_what_their_seat_sees_formula90() {
    // Every advanced module on (the defaults): the hard bot's play-outs are dealt from the
    // seat's view, so it decides the same in a world dealt again.
    let content = Arc::new(formula90::Content::from_dir(&content_dir("formula90")).unwrap());
    for (players, seed) in [(2u8, 1u64), (3, 2)] {
        let g = Formula90::new(content.clone(), &json!({"players": players})).unwrap();
        hidden_information_is_not_read(g.new_initial_state(), seed, 29);
    }
}

#[test]
fn bots_read_only_what_their_seat_sees_lamborghini() {
    for (players, seed) in [(2u8, 1u64), (3, 2)] {
        hidden_information_is_not_read(lambo(players).new_initial_state(), seed, 97);
    }
}

/// A run given too few policies says which seat has none, counting seats from 1.
#[test]
fn a_missing_policy_names_the_seat_from_one() {
    let mb = MilleBornes::from_json(&json!({"players": 3})).unwrap();
    let err = runner::run(&mb, 7, 0..1, &policies(&["random", "random"]), Some(1)).unwrap_err();
    assert_eq!(
        err,
        "race 1 (index 0 to re-run it): no policy for seat 3: 2 given"
    );
}
