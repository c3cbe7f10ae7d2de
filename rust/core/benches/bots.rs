//! `make bench`: how long each game's bots take to decide, per level (median, 95th percentile,
//! worst), over whole games against `medium` opponents, one core. The target is `hard` under
//! 50 ms at the 95th percentile; `mcts:50ms` must keep to its budget.
//!
//! Legend races are built afresh for every race, as the web page does for each game, so the
//! `hard` driver's pace tables are computed during the timed decisions.
use std::sync::Arc;
use std::time::Instant;

use cpu_time::ThreadTime;

use autodromo_core::formula90::{self, Formula90};
use autodromo_core::lamborghini::{self, Lamborghini};
use autodromo_core::legend::{self, Legend};
use autodromo_core::mille_bornes::MilleBornes;
use autodromo_core::sim::{runner, Policy, Sim};
use autodromo_core::{Game, Player, State};
use serde_json::{json, Value};

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

/// Plays `games` games of `make(i)`; seats in `timed` play `policy` and each of their decisions
/// is timed, the others play `medium`. Returns the decision times in milliseconds: wall clock,
/// and CPU time of the thread.
fn time_decisions<G: Game>(
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

fn report(game: &str, name: &str, (wall, cpu): (Vec<f64>, Vec<f64>)) {
    let n = wall.len();
    let (cm, c95, cmax) = quantiles(cpu);
    let (wm, w95, wmax) = quantiles(wall);
    println!(
        "  {game:<13} {name:<10} {n:>6} decisions   CPU median {cm:>7.3} p95 {c95:>7.3} max {cmax:>7.1} ms   wall median {wm:>7.3} p95 {w95:>7.3} max {wmax:>7.1} ms"
    );
}

fn content_dir(game: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../python/autodromo/content/{game}"))
}

fn main() {
    let only: Option<String> = std::env::args()
        .skip(1)
        .find(|a| ["mille_bornes", "legend", "lamborghini", "formula90"].contains(&a.as_str()));
    let wanted = |g: &str| only.as_deref().is_none_or(|o| o == g);
    println!("machine: {}", machine());
    println!("Bot decision times, one core, against medium opponents:");
    let levels = ["easy", "medium", "hard", "mcts:50ms"];
    if wanted("mille_bornes") {
        let mb = MilleBornes::from_json(&json!({"players": 2})).expect("options");
        for name in levels {
            let p = Policy::parse(name).expect("a policy");
            let games = if name == "easy" || name == "medium" {
                200
            } else {
                6
            };
            report("mille_bornes", name, time_decisions(|_| mb, games, p, &[0]));
        }
    }
    if wanted("legend") {
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
            report("legend", name, time_decisions(make, games, p, &[0, 1]));
        }
    }
    if wanted("lamborghini") {
        let content =
            Arc::new(lamborghini::Content::from_dir(&content_dir("lamborghini")).expect("content"));
        let lg = Lamborghini::new(content, &json!({"players": 2})).expect("options");
        for name in levels {
            let p = Policy::parse(name).expect("a policy");
            let games = if name == "easy" || name == "medium" {
                100
            } else {
                10
            };
            report(
                "lamborghini",
                name,
                time_decisions(|_| lg.clone(), games, p, &[0]),
            );
        }
    }
    if wanted("formula90") {
        // Every advanced module on (the defaults), one player against the line-up's eight
        // robots and two players (the timed level against medium) with seven.
        let content =
            Arc::new(formula90::Content::from_dir(&content_dir("formula90")).expect("content"));
        for players in [1, 2] {
            let game =
                Formula90::new(content.clone(), &json!({"players": players})).expect("options");
            for name in ["easy", "medium", "hard"] {
                let p = Policy::parse(name).expect("a policy");
                let games = if name == "hard" { 10 } else { 200 };
                report(
                    &format!("formula90 {players}p"),
                    name,
                    time_decisions(|_| game.clone(), games, p, &[0]),
                );
            }
        }
    }
}
