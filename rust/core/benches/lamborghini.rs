//! `make bench`, Lamborghini: whole short games in a single-core Rust loop (medians of several
//! runs), and the bots' decision times (`-- throughput`, `-- bots`: one part only).
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use autodromo_core::lamborghini::{self, Lamborghini};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Policy;
use autodromo_core::{Game, Player, State};
use serde_json::json;

mod common;
use common::{content_dir, machine, median, report_decisions, time_decisions, wanted, RUNS};

fn lambo_games(game: &Lamborghini, games: u64, heuristic: bool) -> f64 {
    let mut legal = Vec::with_capacity(64);
    let start = Instant::now();
    for i in 0..games {
        let mut rng = SplitMix64::for_index(11, i);
        let mut s = game.new_initial_state();
        loop {
            let a = match s.current_player() {
                Player::Terminal => break,
                Player::Chance => s.sample_chance(&mut rng).expect("outcomes"),
                Player::Seat(_) if heuristic => {
                    lamborghini::bots::heuristic_action(&s).expect("a decision")
                }
                Player::Seat(_) => {
                    s.legal_actions_into(&mut legal);
                    legal[rng.below(legal.len() as u32) as usize]
                }
            };
            s.apply_unrecorded(a).expect("legal");
        }
        black_box(&s);
    }
    games as f64 / start.elapsed().as_secs_f64()
}

fn lambo_bench() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../python/autodromo/content/lamborghini");
    let content = Arc::new(lamborghini::Content::from_dir(&dir).expect("content"));
    println!("Lamborghini, single-core Rust loop, short game, 4 players, 3 laps of sant_agata:");
    let game = Lamborghini::new(content, &json!({"players": 4})).expect("options");
    for (label, heuristic) in [("heuristic players", true), ("random players", false)] {
        let runs: Vec<f64> = (0..RUNS)
            .map(|_| lambo_games(&game, 200, heuristic))
            .collect();
        println!(
            "  {label:<44}           median {:>12.0} games/s  ({RUNS} runs)",
            median(runs)
        );
    }
}

fn bot_times() {
    let content =
        Arc::new(lamborghini::Content::from_dir(&content_dir("lamborghini")).expect("content"));
    let lg = Lamborghini::new(content, &json!({"players": 2})).expect("options");
    for name in ["easy", "medium", "hard", "mcts:50ms"] {
        let p = Policy::parse(name).expect("a policy");
        let games = if name == "easy" || name == "medium" {
            100
        } else {
            10
        };
        report_decisions(
            "lamborghini",
            name,
            time_decisions(|_| lg.clone(), games, p, &[0]),
        );
    }
}

fn main() {
    println!("machine: {}", machine());
    if wanted("throughput") {
        lambo_bench();
    }
    if wanted("bots") {
        common::decisions_heading();
        bot_times();
    }
}
