//! `make bench`, Formula 90: whole basic races in a single-core loop, 6 players driven by the
//! `medium` bot and the 4 robots of the line-up, 20 turns on the Lago track; medians of
//! several runs; and the bots' decision times (`-- throughput`, `-- bots`: one part only).
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use autodromo_core::formula90::bots::{choose, Level};
use autodromo_core::formula90::{Content, Formula90};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Policy;
use autodromo_core::{Game, Player, State};
use serde_json::json;

mod common;
use common::{machine, median, report_decisions, time_decisions, wanted, RUNS};

/// CPU time this thread has run, in seconds (Linux's schedstat), so a busy machine shared
/// with other work still gives the single-core figure; wall time elsewhere.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Races per second, actions per race, and races in which the Safety Car came out.
fn races(game: &Formula90, n: u64, level: Level) -> (f64, f64, u64) {
    let mut legal = Vec::with_capacity(256);
    let mut actions = 0u64;
    let mut safety_car = 0u64;
    let start = Instant::now();
    let cpu = cpu_seconds();
    for i in 0..n {
        let mut chance = SplitMix64::for_index(90, i);
        let mut s = game.new_initial_state();
        loop {
            let a = match s.current_player() {
                Player::Terminal => break,
                Player::Chance => s.sample_chance(&mut chance).expect("outcomes"),
                Player::Seat(seat) => {
                    s.legal_actions_into(&mut legal);
                    choose(&s.seat_view(Some(usize::from(seat))), &legal, level)
                        .expect("a decision")
                }
            };
            s.apply_unrecorded(a).expect("legal");
            actions += 1;
        }
        safety_car += u64::from(s.sc.entries > 0);
        black_box(&s);
    }
    let seconds = match (cpu, cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => start.elapsed().as_secs_f64(),
    };
    (n as f64 / seconds, actions as f64 / n as f64, safety_car)
}

fn throughput(content: &Arc<Content>) {
    println!(
        "Formula 90, single-core Rust loop, 6 players + 4 robots, 20 turns of the Lago track:"
    );
    // The basic race, and every advanced module (weather and tyres, flags, Track Card powers,
    // Free Practice, the nine strategies, the Safety Car, Extreme Trajectories): the issue asks
    // the full-module race for at least half the basic race's rate. Each module is named, since
    // most are on by default: the basic race must turn every one off.
    for (race, on) in [("basic", false), ("advanced modules", true)] {
        let strategies = if on { "all" } else { "basic" };
        let options = json!({"players": 6, "turns": 20, "weather": on, "flags": on,
            "track_powers": on, "free_practice": on, "safety_car": on, "extreme": on,
            "strategies": strategies});
        let game = Formula90::new(content.clone(), &options).expect("options");
        for (label, level) in [("easy bots", Level::Easy), ("medium bots", Level::Medium)] {
            let mut per_race = 0.0;
            let mut sc = 0;
            let runs: Vec<f64> = (0..RUNS)
                .map(|_| {
                    let (r, a, k) = races(&game, 200, level);
                    per_race = a;
                    sc = k;
                    r
                })
                .collect();
            let label = format!("{race}, {label}");
            println!(
                "  {label:<44}           median {:>12.0} races/s of CPU time  ({RUNS} runs, {per_race:.0} actions a race, Safety Car out in {sc} of 200)",
                median(runs)
            );
        }
    }
}

fn bot_times(content: &Arc<Content>) {
    // Every advanced module on (the defaults), one player against the line-up's eight robots and
    // two players (the timed level against medium) with seven.
    for players in [1, 2] {
        let game = Formula90::new(content.clone(), &json!({"players": players})).expect("options");
        for name in ["easy", "medium", "hard"] {
            let p = Policy::parse(name).expect("a policy");
            let games = if name == "hard" { 10 } else { 200 };
            report_decisions(
                &format!("formula90 {players}p"),
                name,
                time_decisions(|_| game.clone(), games, p, &[0]),
            );
        }
    }
}

fn main() {
    let content = Arc::new(Content::from_dir(&common::content_dir("formula90")).expect("content"));
    println!("machine: {}", machine());
    if wanted("throughput") {
        throughput(&content);
    }
    if wanted("bots") {
        common::decisions_heading();
        bot_times(&content);
    }
}
