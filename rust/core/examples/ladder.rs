//! The bot ladder of docs/simulation.md, one match at a time:
//!
//! ```text
//! cargo run --release -p autodromo-core --example ladder -- mille_bornes hard medium 1000
//! cargo run --release -p autodromo-core --example ladder -- lamborghini medium easy 1000
//! cargo run --release -p autodromo-core --example ladder -- legend hard medium 1000
//! cargo run --release -p autodromo-core --example ladder -- legend hard neutral 1000
//! ```
//!
//! `--from K` races `K..K + n` instead of `0..n`, so a long match can run in pieces whose
//! counts add up to the one long run's.
//!
//! Two-seat games alternate the seats. Legend head to head: two cars of one model, the model
//! rotating through the list (`--cars`), the seats alternating. Legend against `neutral`: four
//! cars, two driven by the bot and two Neutral Cars, every model through every seat; a race
//! counts for the bot when one of its cars wins it (and the share of bot-Neutral pairs where
//! the bot's car finished ahead is printed too).
use std::sync::Arc;
use std::time::Instant;

use autodromo_core::game::Game;
use autodromo_core::lamborghini::{self, Lamborghini};
use autodromo_core::legend::{self, Legend};
use autodromo_core::mille_bornes::MilleBornes;
use autodromo_core::sim::{runner, Policy, RaceStats, Sim};
use rayon::prelude::*;
use serde_json::json;

const SEED: u64 = 2026;

/// Wilson score interval of `k` successes in `n`, 95%.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964f64;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

fn content_dir(game: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../python/autodromo/content/{game}"))
}

/// One match: configurations (a game, a policy per seat, the seats of side A), raced in turn.
struct Match<G> {
    configs: Vec<(G, Vec<Policy>, Vec<bool>)>,
}

/// Per race: side A's score (1 a win, 0.5 a tie, 0 a loss) and its share of pairs won.
fn score(st: &RaceStats, side_a: &[bool]) -> (f64, f64) {
    let best = |a: bool| {
        (0..side_a.len())
            .filter(|&i| side_a[i] == a)
            .map(|i| st.ranking[i])
            .min()
            .unwrap_or(u32::MAX)
    };
    let (a, b) = (best(true), best(false));
    let win = if a < b {
        1.0
    } else if a == b {
        0.5
    } else {
        0.0
    };
    let (mut won, mut pairs) = (0.0, 0.0);
    for i in (0..side_a.len()).filter(|&i| side_a[i]) {
        for j in (0..side_a.len()).filter(|&j| !side_a[j]) {
            pairs += 1.0;
            won += match st.ranking[i].cmp(&st.ranking[j]) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
        }
    }
    (win, won / pairs)
}

impl<G: Game + Sync> Match<G>
where
    G::State: Sim,
{
    /// Races `from..from + n`: a long match can be run in pieces and summed, each race the
    /// same as in one run of the whole.
    fn run(&self, from: u64, n: u64) -> (f64, f64) {
        let k = self.configs.len() as u64;
        let results: Vec<(f64, f64)> = (from..from + n)
            .into_par_iter()
            .map(|i| {
                let (game, policies, side_a) = &self.configs[(i % k) as usize];
                let st = runner::play_one(game, SEED, i, policies).expect("a race");
                score(&st, side_a)
            })
            .collect();
        let wins: f64 = results.iter().map(|r| r.0).sum();
        let pairs: f64 = results.iter().map(|r| r.1).sum();
        (wins, pairs / n as f64)
    }
}

fn two_seats<G: Clone>(game: &G, a: Policy, b: Policy) -> Vec<(G, Vec<Policy>, Vec<bool>)> {
    vec![
        (game.clone(), vec![a, b], vec![true, false]),
        (game.clone(), vec![b, a], vec![false, true]),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let positional: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a)
        .collect();
    let game = positional.first().map_or("mille_bornes", |s| s.as_str());
    let a_name = positional.get(1).map_or("hard", |s| s.as_str());
    let b_name = positional.get(2).map_or("medium", |s| s.as_str());
    let n: u64 = positional
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let from: u64 = flag("--from").and_then(|s| s.parse().ok()).unwrap_or(0);
    let a = Policy::parse(a_name).expect("a policy");
    let start = Instant::now();
    let (wins, pairs) = match game {
        "mille_bornes" => {
            let g = MilleBornes::from_json(&json!({"players": 2})).expect("options");
            let b = Policy::parse(b_name).expect("a policy");
            Match {
                configs: two_seats(&g, a, b),
            }
            .run(from, n)
        }
        "lamborghini" => {
            let content = Arc::new(
                lamborghini::Content::from_dir(&content_dir("lamborghini")).expect("content"),
            );
            let circuit = flag("--circuit").unwrap_or_else(|| "sant_agata".into());
            let g = Lamborghini::new(content, &json!({"players": 2, "circuit": circuit}))
                .expect("options");
            let b = Policy::parse(b_name).expect("a policy");
            Match {
                configs: two_seats(&g, a, b),
            }
            .run(from, n)
        }
        "legend" => {
            let content =
                Arc::new(legend::Content::from_dir(&content_dir("legend")).expect("content"));
            let circuit = flag("--circuit").unwrap_or_else(|| "example".into());
            let laps: u8 = flag("--laps").and_then(|l| l.parse().ok()).unwrap_or(2);
            let models: Vec<String> = flag("--cars")
                .unwrap_or_else(|| "alfa_8c_2900b,aston_db3s,jaguar_c_type,maserati_300s".into())
                .split(',')
                .map(String::from)
                .collect();
            let m = models.len();
            let race = |cars: &[String], neutral: &[bool]| {
                let opts =
                    json!({"circuit": circuit, "laps": laps, "cars": cars, "neutral": neutral});
                Legend::new(content.clone(), &opts).expect("options")
            };
            let configs = if b_name == "neutral" {
                // Every model through every seat, the bot's pair first, then the Neutral pair.
                (0..2 * m)
                    .map(|r| {
                        let cars: Vec<String> =
                            (0..m).map(|k| models[(k + r) % m].clone()).collect();
                        let side_a: Vec<bool> = (0..m).map(|k| (k < m / 2) == (r < m)).collect();
                        let neutral: Vec<bool> = side_a.iter().map(|x| !x).collect();
                        (race(&cars, &neutral), vec![a; m], side_a)
                    })
                    .collect()
            } else {
                let b = Policy::parse(b_name).expect("a policy");
                models
                    .iter()
                    .flat_map(|car| {
                        let cars = [car.clone(), car.clone()];
                        two_seats(&race(&cars, &[false, false]), a, b)
                    })
                    .collect()
            };
            Match { configs }.run(from, n)
        }
        other => panic!("unknown game {other:?}: mille_bornes, legend or lamborghini"),
    };
    let (lo, hi) = wilson(wins, n as f64);
    if from > 0 {
        println!("races {from}..{}:", from + n);
    }
    println!(
        "{game}: {a_name} beats {b_name} in {wins} of {n} ({:.1}%, 95% interval {:.1}–{:.1}%); pairs won {:.1}%; {:.0} s",
        100.0 * wins / n as f64,
        100.0 * lo,
        100.0 * hi,
        100.0 * pairs,
        start.elapsed().as_secs_f64()
    );
}
