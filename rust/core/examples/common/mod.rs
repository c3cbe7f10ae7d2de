//! What the ladder examples share: the match loop, its score and Wilson intervals, arguments.
#![allow(dead_code)]

use autodromo_core::game::Game;
use autodromo_core::sim::{runner, Policy, RaceStats, Sim};
use rayon::prelude::*;

pub const SEED: u64 = 2026;

/// Wilson score interval of `k` successes in `n`, 95%.
pub fn wilson(k: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964f64;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

pub fn content_dir(game: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../python/autodromo/content/{game}"))
}

/// One match: configurations (a game, a policy per seat, the seats of side A), raced in turn.
pub struct Match<G> {
    pub configs: Vec<(G, Vec<Policy>, Vec<bool>)>,
}

/// Side A's score in one race: 1 when its best car finished ahead of side B's best, 0.5 a tie,
/// 0 behind.
pub fn best_car_score(st: &RaceStats, side_a: &[bool]) -> f64 {
    let best = |a: bool| {
        (0..side_a.len())
            .filter(|&i| side_a[i] == a)
            .map(|i| st.ranking[i])
            .min()
            .unwrap_or(u32::MAX)
    };
    match best(true).cmp(&best(false)) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    }
}

/// Per race: side A's score (`best_car_score`) and its share of pairs won.
fn score(st: &RaceStats, side_a: &[bool]) -> (f64, f64) {
    let win = best_car_score(st, side_a);
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
    pub fn run(&self, from: u64, n: u64) -> (f64, f64) {
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

/// A two-seat game raced both ways round, so neither side keeps the first seat.
pub fn two_seats<G: Clone>(game: &G, a: Policy, b: Policy) -> Vec<(G, Vec<Policy>, Vec<bool>)> {
    vec![
        (game.clone(), vec![a, b], vec![true, false]),
        (game.clone(), vec![b, a], vec![false, true]),
    ]
}

/// The command line: positional arguments, and `--flag value` pairs.
pub struct Args {
    pub positional: Vec<String>,
    all: Vec<String>,
}

impl Args {
    pub fn parse() -> Args {
        let all: Vec<String> = std::env::args().skip(1).collect();
        let positional = all
            .iter()
            .enumerate()
            .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !all[i - 1].starts_with("--")))
            .map(|(_, a)| a.clone())
            .collect();
        Args { positional, all }
    }

    pub fn flag(&self, name: &str) -> Option<String> {
        self.all
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.all.get(i + 1).cloned())
    }

    pub fn at(&self, i: usize) -> Option<&str> {
        self.positional.get(i).map(String::as_str)
    }
}

/// The match's line: wins with their interval, pairs won, time.
pub fn print_result(
    game: &str,
    a: &str,
    b: &str,
    (wins, pairs): (f64, f64),
    n: u64,
    from: u64,
    secs: f64,
) {
    let (lo, hi) = wilson(wins, n as f64);
    if from > 0 {
        println!("races {from}..{}:", from + n);
    }
    println!(
        "{game}: {a} beats {b} in {wins} of {n} ({:.1}%, 95% interval {:.1}–{:.1}%); pairs won {:.1}%; {secs:.0} s",
        100.0 * wins / n as f64,
        100.0 * lo,
        100.0 * hi,
        100.0 * pairs,
    );
}
