//! `make bench`: single-core Rust loops over whole games, medians of several runs.
use std::hint::black_box;
use std::time::Instant;

use std::sync::Arc;

use autodromo_core::lamborghini::{self, Lamborghini};
use autodromo_core::legend::{self, Content, Legend};
use autodromo_core::mille_bornes::{bots, Core, MbState, MilleBornes};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Action, Game, Player, State};
use serde_json::json;

const RUNS: usize = 7;

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(String::from)
        })
        .and_then(|l| l.split(':').nth(1).map(|s| s.trim().to_string()))
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("{cpu}, {cores} cores")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Plays `games` whole games; every seat picks with `pick`. Returns actions per second.
fn playouts(
    game: &MilleBornes,
    games: u64,
    pick: impl Fn(&MbState, &[Action], &mut SplitMix64) -> Action,
) -> f64 {
    let mut legal = Vec::with_capacity(64);
    let mut actions = 0u64;
    let start = Instant::now();
    for i in 0..games {
        let mut rng = SplitMix64::for_index(42, i);
        let mut s = game.new_initial_state();
        loop {
            let a = match s.current_player() {
                Player::Terminal => break,
                Player::Chance => s
                    .sample_chance(&mut rng)
                    .expect("a chance node has outcomes"),
                Player::Seat(_) => {
                    s.legal_actions_into(&mut legal);
                    pick(&s, &legal, &mut rng)
                }
            };
            s.apply_unrecorded(a).expect("legal");
            actions += 1;
        }
        black_box(&s);
    }
    actions as f64 / start.elapsed().as_secs_f64()
}

fn report(name: &str, game: &MilleBornes, games: u64, bot: &str) {
    let runs: Vec<f64> = (0..RUNS)
        .map(|_| match bot {
            "random" => playouts(game, games, |_, legal, rng| {
                legal[rng.below(legal.len() as u32) as usize]
            }),
            _ => playouts(game, games, |s, legal, _| {
                let Player::Seat(p) = s.current_player() else {
                    unreachable!()
                };
                bots::heuristic_action(&s.seat_view(Some(usize::from(p))), legal).expect("legal")
            }),
        })
        .collect();
    println!(
        "  {name:<44} {bot:<9} median {:>12.0} actions/s  ({RUNS} runs)",
        median(runs)
    );
}

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

fn main() {
    // `cargo bench` passes --bench; `--only lamborghini` (for profiling) runs one game's part.
    if std::env::args().any(|a| a == "lamborghini") {
        lambo_bench();
        return;
    }
    println!("machine: {}", machine());
    println!("Mille Bornes, single-core Rust loop (chance sampled, no history kept):");
    let two = MilleBornes::from_json(&json!({"players": 2})).unwrap();
    let four = MilleBornes::from_json(&json!({"players": 4, "teams": 2})).unwrap();
    let six =
        MilleBornes::from_json(&json!({"players": 6, "teams": 3, "reshuffle_discards": true}))
            .unwrap();
    report("2 players, game to 5000", &two, 300, "random");
    report("4 players in 2 teams, game to 5000", &four, 300, "random");
    report(
        "6 players in 3 teams, reshuffle, to 5000",
        &six,
        100,
        "random",
    );
    report("2 players, game to 5000", &two, 300, "heuristic");
    println!(
        "State size without history: {} bytes (Core)",
        std::mem::size_of::<Core>()
    );
    let s = four.new_initial_state();
    let clones: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..1_000_000 {
                black_box(black_box(&s).clone());
            }
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    println!(
        "State clone (empty history): median {:.1} ns",
        median(clones)
    );
    legend_bench();
    lambo_bench();
}
