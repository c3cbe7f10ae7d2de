//! Legend's `hard` with a lookahead (`legend::bots::lookahead`) against the book's Neutral
//! Cars, on the ladder's configurations (docs/simulation.md: 2 driven cars and 2 Neutral Cars
//! on `example`, every model through every seat, seed 2026), with the lookahead's settings on
//! the command line, and the CPU time of its decisions:
//!
//! ```text
//! cargo run --release -p autodromo-core --example legend_lookahead -- 200 --samples 2 --rounds 2
//! ```
//!
//! `--samples 0` is plain `hard` (the ladder's row); `--from K` races `K..K + n`;
//! `--margin M` keeps the pace choices within M thousandths of a round of `hard`'s best,
//! `--top T` at most T of them; `--rival R` adds R thousandths of a round per row the leading
//! Neutral Car gains.
use std::sync::Arc;
use std::time::Instant;

use autodromo_core::game::{Game, Player, State};
use autodromo_core::legend::bots::lookahead::{self, Lookahead};
use autodromo_core::legend::{self, Legend};
use autodromo_core::sim::{runner, Sim};
use cpu_time::ThreadTime;
use rayon::prelude::*;

#[path = "races.rs"]
mod races;
use races::Races;

#[path = "../common/mod.rs"]
mod common;
use common::{best_car_score, content_dir, wilson, Args, SEED};

const MODELS: [&str; 4] = [
    "alfa_8c_2900b",
    "aston_db3s",
    "jaguar_c_type",
    "maserati_300s",
];

struct Race {
    score: f64,
    /// Mean finish round of each side's cars (driven, Neutral).
    rounds: (f64, f64),
    /// CPU seconds of each decision the lookahead took at a pace choice.
    times: Vec<f64>,
}

fn main() {
    let args = Args::parse();
    let n: u64 = args.at(0).and_then(|s| s.parse().ok()).unwrap_or(200);
    let flag = |name: &str, default: i64| -> i64 {
        args.flag(name)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let from = flag("--from", 0) as u64;
    let la = Lookahead {
        rounds: flag("--rounds", 2) as u16,
        samples: flag("--samples", 2) as u32,
        margin: flag("--margin", 500),
        top: flag("--top", 3) as usize,
        rival: flag("--rival", 0),
    };
    let start = Instant::now();
    let content = Arc::new(legend::Content::from_dir(&content_dir("legend")).expect("content"));
    let m = MODELS.len();
    let models: Vec<String> = MODELS.iter().map(|m| m.to_string()).collect();
    let configs = Races::new(content.clone(), "example", 2).against_neutral(&models);
    let races: Vec<Race> = (from..from + n)
        .into_par_iter()
        .map(|i| {
            let (g, side_a) = &configs[(i % (2 * m as u64)) as usize];
            race(g, i, side_a, &la)
        })
        .collect();
    let wins: f64 = races.iter().map(|r| r.score).sum();
    let (lo, hi) = wilson(wins, n as f64);
    let mean = |f: &dyn Fn(&Race) -> f64| races.iter().map(f).sum::<f64>() / n as f64;
    let mut times: Vec<f64> = races.iter().flat_map(|r| r.times.clone()).collect();
    times.sort_by(f64::total_cmp);
    let q = |p: f64| {
        times
            .get(((times.len() as f64 * p) as usize).min(times.len().saturating_sub(1)))
            .map_or(0.0, |t| t * 1000.0)
    };
    println!(
        "{la:?}: races {from}..{}: hard+lookahead beats 2 Neutral Cars in {wins} of {n} ({:.1}%, 95% interval {:.1}–{:.1}%); mean finish round driven {:.2}, Neutral {:.2}; pace decisions {}: CPU median {:.2} ms, p95 {:.2} ms, max {:.2} ms; {:.0} s",
        from + n,
        100.0 * wins / n as f64,
        100.0 * lo,
        100.0 * hi,
        mean(&|r| r.rounds.0),
        mean(&|r| r.rounds.1),
        times.len(),
        q(0.5),
        q(0.95),
        times.last().map_or(0.0, |t| t * 1000.0),
        start.elapsed().as_secs_f64(),
    );
}

fn race(g: &Legend, i: u64, side_a: &[bool], la: &Lookahead) -> Race {
    let (mut chance, _) = runner::race_rngs(SEED, i);
    let mut s = g.new_initial_state();
    let mut times = Vec::new();
    while s.current_player() != Player::Terminal {
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut chance),
            Player::Seat(_) => {
                let pace = matches!(s.phase, legend::Phase::Pace { .. });
                let t = ThreadTime::now();
                let a = lookahead::action(&s, la);
                if pace {
                    times.push(t.elapsed().as_secs_f64());
                }
                a
            }
            Player::Terminal => None,
        };
        s.apply_fast(a.expect("an action")).expect("legal");
    }
    let score = best_car_score(&s.stats(), side_a);
    let m = side_a.len();
    let side_round = |a: bool| {
        let v: Vec<f64> = (0..m)
            .filter(|&k| side_a[k] == a)
            .map(|k| s.cars[k].finish.map_or(60.0, |f| f64::from(f.0)))
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    Race {
        score,
        rounds: (side_round(true), side_round(false)),
        times,
    }
}
