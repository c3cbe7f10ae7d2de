//! Bot against bot in two-player Mille Bornes (the figures in docs/simulation.md):
//! `cargo run --release -p autodromo-core --example mille_bornes_strength -- heuristic random 1000`.
//! Seats alternate between games so neither bot keeps the first deal.
use autodromo_core::mille_bornes::MilleBornes;
use autodromo_core::sim::{runner, Policy};
use serde_json::json;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = args.first().map_or("heuristic", String::as_str);
    let b = args.get(1).map_or("random", String::as_str);
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let (pa, pb) = (Policy::parse(a).unwrap(), Policy::parse(b).unwrap());
    let game = MilleBornes::from_json(&json!({"players": 2})).unwrap();
    let start = std::time::Instant::now();
    let first = runner::run(&game, 1, 0..n / 2, &[pa, pb], None).unwrap();
    let second = runner::run(&game, 2, 0..n - n / 2, &[pb, pa], None).unwrap();
    let wins = first
        .iter()
        .filter(|s| s.ranking[0] == 0 && s.ranking[1] == 1)
        .count()
        + second
            .iter()
            .filter(|s| s.ranking[1] == 0 && s.ranking[0] == 1)
            .count();
    let p = wins as f64 / n as f64;
    let half = 1.96 * (p * (1.0 - p) / n as f64).sqrt();
    println!(
        "{a} beats {b} in {wins} of {n} games: {:.1}% ± {:.1}% (95%), {:.1} s",
        100.0 * p,
        100.0 * half,
        start.elapsed().as_secs_f64()
    );
}
