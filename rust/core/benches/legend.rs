//! `make bench`, Legend: whole races and Stage routes in a single-core Rust loop (medians of
//! several runs), and the bots' decision times (`-- throughput`, `-- bots`: one part only).
//!
//! For the decision times, races are built afresh for every race, as the web page does for each
//! game, so the `hard` driver's pace tables are computed during the timed decisions.
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use autodromo_core::legend::{self, Content, Legend};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Policy;
use autodromo_core::{Game, Player, State};
use serde_json::{json, Value};

mod common;
use common::{content_dir, machine, median, report_decisions, time_decisions, wanted, RUNS};

/// Whole Legend races in a single-core loop; returns races per second.
fn legend_races(game: &Legend, races: u64, greedy: bool) -> f64 {
    let start = Instant::now();
    for i in 0..races {
        let mut rng = SplitMix64::for_index(7, i);
        let mut s = game.new_initial_state();
        loop {
            let a = match s.current_player() {
                Player::Terminal => break,
                Player::Chance => s.sample_chance(&mut rng).expect("outcomes"),
                Player::Seat(_) if greedy => legend::bots::greedy_action(&s).expect("a decision"),
                Player::Seat(_) => unreachable!("Neutral Cars take no decisions"),
            };
            s.apply_unrecorded(a).expect("legal");
        }
        black_box(&s);
    }
    races as f64 / start.elapsed().as_secs_f64()
}

fn legend_bench() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../python/autodromo/content/legend");
    let content = Arc::new(Content::from_dir(&dir).expect("content"));
    let cars = [
        "bugatti_type_35",
        "alfa_8c_2300",
        "ferrari_166_mm",
        "maserati_300s",
        "fiat_1100s",
        "porsche_550",
    ];
    println!("Legend, single-core Rust loop, 6 cars, 2 laps of circuits/example.toml:");
    for (label, neutral, greedy) in [
        ("Neutral Cars", true, false),
        ("greedy drivers", false, true),
    ] {
        let options =
            json!({"circuit": "example", "cars": cars, "neutral": vec![neutral; 6], "laps": 2});
        let game = Legend::new(content.clone(), &options).expect("options");
        let runs: Vec<f64> = (0..RUNS)
            .map(|_| legend_races(&game, 200, greedy))
            .collect();
        println!(
            "  {label:<44}           median {:>12.0} races/s  ({RUNS} runs)",
            median(runs)
        );
    }
    let options = json!({"circuit": "example", "cars": cars, "neutral": vec![true; 6], "laps": 2});
    let game = Legend::new(content, &options).expect("options");
    let mut s = game.new_initial_state();
    let mut rng = SplitMix64::new(1);
    for _ in 0..60 {
        if let Some(a) = s.sample_chance(&mut rng) {
            s.apply_unrecorded(a).expect("legal");
        }
    }
    let clones: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..200_000 {
                black_box(black_box(&s).clone());
            }
            start.elapsed().as_secs_f64() / 200_000.0 * 1e9
        })
        .collect();
    println!(
        "  State clone, 6 cars mid-race: median {:.0} ns",
        median(clones)
    );
    stage_bench(content_for_stages());
}

fn content_for_stages() -> Arc<Content> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../python/autodromo/content/legend");
    Arc::new(Content::from_dir(&dir).expect("content"))
}

/// Stage races: the two-stage route `coppa_breve` (issue 16's figure: at least 300 routes a second
/// on one core), six cars, whole routes from the weather roll to the final Check Point.
fn stage_bench(content: Arc<Content>) {
    let cars = [
        "bugatti_type_35",
        "alfa_8c_2300",
        "ferrari_166_mm",
        "maserati_300s",
        "fiat_1100s",
        "porsche_550",
    ];
    println!("Legend Stage races, single-core Rust loop, 6 cars, coppa_breve (2 stages):");
    for (label, neutral, greedy) in [
        ("Neutral Cars", true, false),
        ("greedy drivers", false, true),
    ] {
        let options = json!({"route": "coppa_breve", "cars": cars, "neutral": vec![neutral; 6]});
        let game = Legend::new(content.clone(), &options).expect("options");
        let runs: Vec<f64> = (0..RUNS)
            .map(|_| legend_races(&game, 200, greedy))
            .collect();
        println!(
            "  {label:<44}           median {:>12.0} routes/s  ({RUNS} runs)",
            median(runs)
        );
    }
}

fn bot_times() {
    let content = Arc::new(legend::Content::from_dir(&content_dir("legend")).expect("content"));
    let options: Value = json!({
        "circuit": "example", "laps": 2,
        "cars": ["alfa_8c_2900b", "aston_db3s", "jaguar_c_type", "maserati_300s"],
        "neutral": [false, false, true, true],
    });
    for name in ["easy", "medium", "hard"] {
        let p = Policy::parse(name).expect("a policy");
        let games = if name == "hard" { 12 } else { 100 };
        let make = |_| Legend::new(content.clone(), &options).expect("options");
        report_decisions("legend", name, time_decisions(make, games, p, &[0, 1]));
    }
}

fn main() {
    println!("machine: {}", machine());
    if wanted("throughput") {
        legend_bench();
    }
    if wanted("bots") {
        common::decisions_heading();
        bot_times();
    }
}
