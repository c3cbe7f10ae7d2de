//! What every game's bench shares: the machine line, medians, and the bot decision timer.
#![allow(dead_code)]

use std::time::Instant;

use autodromo_core::sim::{runner, Policy, Sim};
use autodromo_core::{Game, Player, State};
use cpu_time::ThreadTime;

/// Runs of each throughput figure; the median is reported.
pub const RUNS: usize = 7;

pub fn machine() -> String {
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

pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Which parts to run: `cargo bench -- throughput` or `-- bots` runs one part of every game's
/// bench (make bench runs each in turn); no argument runs both.
pub fn wanted(part: &str) -> bool {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let named = |p: &str| args.iter().any(|a| a == p);
    !(named("throughput") || named("bots")) || named(part)
}

pub fn content_dir(game: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../python/autodromo/content/{game}"))
}

/// Plays `games` games of `make(i)`; seats in `timed` play `policy` and each of their decisions
/// is timed, the others play `medium`. Returns the decision times in milliseconds: wall clock,
/// and CPU time of the thread.
pub fn time_decisions<G: Game>(
    make: impl Fn(u64) -> G,
    games: u64,
    policy: Policy,
    timed: &[usize],
) -> (Vec<f64>, Vec<f64>)
where
    G::State: Sim,
{
    let medium = Policy::parse("medium").expect("a level");
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    let mut legal = Vec::new();
    for i in 0..games {
        let game = make(i);
        let (mut chance, mut bots) = runner::race_rngs(7, i);
        let mut s = game.new_initial_state();
        loop {
            let a = match s.current_player() {
                Player::Terminal => break,
                Player::Chance => s.sample_chance(&mut chance).expect("outcomes"),
                Player::Seat(seat) => {
                    s.legal_actions_into(&mut legal);
                    if timed.contains(&usize::from(seat)) {
                        // The thread's CPU time: a machine shared with other work still gives
                        // the single-core figure.
                        let (start, cpu_start) = (Instant::now(), ThreadTime::now());
                        let a = policy.act(&s, &legal, &mut bots).expect("a decision");
                        cpu.push(cpu_start.elapsed().as_secs_f64() * 1e3);
                        wall.push(start.elapsed().as_secs_f64() * 1e3);
                        a
                    } else {
                        medium.act(&s, &legal, &mut bots).expect("a decision")
                    }
                }
            };
            s.apply_fast(a).expect("legal");
        }
    }
    (wall, cpu)
}

/// Median, 95th percentile and worst.
fn quantiles(mut v: Vec<f64>) -> (f64, f64, f64) {
    if v.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.95), at(1.0))
}

/// One line of the decision-time table.
pub fn report_decisions(game: &str, name: &str, (wall, cpu): (Vec<f64>, Vec<f64>)) {
    let n = wall.len();
    let (cm, c95, cmax) = quantiles(cpu);
    let (wm, w95, wmax) = quantiles(wall);
    println!(
        "  {game:<13} {name:<10} {n:>6} decisions   CPU median {cm:>7.3} p95 {c95:>7.3} max {cmax:>7.1} ms   wall median {wm:>7.3} p95 {w95:>7.3} max {wmax:>7.1} ms"
    );
}

/// The decision-time table's heading, printed by each game's bench.
pub fn decisions_heading() {
    println!("Bot decision times, one core, against medium opponents:");
}
