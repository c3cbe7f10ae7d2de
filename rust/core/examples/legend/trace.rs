//! Where Legend's `hard` loses time to the book's Neutral Cars: races 2 `hard` cars against 2
//! Neutral Cars on `example` (the ladder's configurations) and prints, per car, the mean finish
//! round, how many races the distance past the line decided, the rows each side gains round by
//! round and, with `--trace K`, race K's rows, Speed, Temperature and wear at each round's end.
//!
//! ```text
//! cargo run --release -p autodromo-core --example legend_trace -- 200
//! cargo run --release -p autodromo-core --example legend_trace -- 1 --trace 0
//! cargo run --release -p autodromo-core --example legend_trace -- 200 --from 200
//! ```
use std::sync::Arc;

use autodromo_core::game::{Game, Player, State};
use autodromo_core::legend::{self, Legend};
use autodromo_core::sim::{runner, Policy, Sim};
use rayon::prelude::*;

#[path = "races.rs"]
mod races;
use races::Races;

#[path = "../common/mod.rs"]
mod common;
use common::{best_car_score, content_dir, SEED};

const MODELS: [&str; 4] = [
    "alfa_8c_2900b",
    "aston_db3s",
    "jaguar_c_type",
    "maserati_300s",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(100);
    let trace: Option<u64> = args
        .iter()
        .position(|a| a == "--trace")
        .and_then(|i| args.get(i + 1)?.parse().ok());
    let policy = Policy::parse(
        args.iter()
            .position(|a| a == "--bot")
            .and_then(|i| args.get(i + 1).map(String::as_str))
            .unwrap_or("hard"),
    )
    .expect("a policy");
    let content = Arc::new(legend::Content::from_dir(&content_dir("legend")).expect("content"));
    let m = MODELS.len();
    let from: u64 = args
        .iter()
        .position(|a| a == "--from")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(0);
    let models: Vec<String> = MODELS.iter().map(|m| m.to_string()).collect();
    let configs = Races::new(content.clone(), "example", 2).against_neutral(&models);
    let races: Vec<Race> = (from..from + n)
        .into_par_iter()
        .map(|i| {
            let (g, side_a) = &configs[(i % (2 * m as u64)) as usize];
            race(g, i, &vec![policy; m], side_a.clone(), trace == Some(i))
        })
        .collect();
    let (mut wins, mut bot, mut neu) = (0.0, Vec::new(), Vec::new());
    let mut same_round = [0u32; 2];
    let mut rounds = 0usize;
    for r in &races {
        wins += r.score;
        rounds = rounds.max(r.progress.len());
        for (k, f) in r.finish.iter().enumerate() {
            if let Some(f) = f {
                if r.side_a[k] {
                    bot.push(f.0)
                } else {
                    neu.push(f.0)
                }
            }
        }
        let best = |a: bool| {
            (0..m)
                .filter(|&k| r.side_a[k] == a)
                .filter_map(|k| r.finish[k].map(|f| f.0))
                .min()
        };
        if best(true).is_some() && best(true) == best(false) {
            same_round[usize::from(r.score < 0.5)] += 1;
        }
    }
    let mean = |v: &[u16]| v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len().max(1) as f64;
    println!(
        "{n} races: bot wins {wins} ({:.1}%); mean finish round bot {:.2} ({} finished), Neutral {:.2} ({}); decided by the distance past the line in the same round: bot {} and Neutral {}",
        100.0 * wins / n as f64,
        mean(&bot),
        bot.len(),
        mean(&neu),
        neu.len(),
        same_round[0],
        same_round[1],
    );
    // Rows gained (+) or lost (-) against the Neutral Cars, round by round: each side's mean
    // progress at the end of the round, for races where every car still runs.
    println!("round: bot rows, Neutral rows, bot lead (cumulative), change this round");
    let mut last = 0.0;
    for k in 0..rounds {
        let (mut b, mut q, mut c) = (0.0, 0.0, 0.0);
        for r in races.iter().filter(|r| r.progress.len() > k) {
            let p = &r.progress[k];
            let side = |a: bool| {
                let v: Vec<f64> = (0..m)
                    .filter(|&j| r.side_a[j] == a)
                    .map(|j| f64::from(p[j]))
                    .collect();
                v.iter().sum::<f64>() / v.len() as f64
            };
            b += side(true);
            q += side(false);
            c += 1.0;
        }
        if c < n as f64 * 0.9 {
            break;
        }
        let lead = (b - q) / c;
        println!(
            "{:5}: {:7.2} {:7.2} {:+7.2} {:+6.2}",
            k + 1,
            b / c,
            q / c,
            lead,
            lead - last
        );
        last = lead;
    }
}

struct Race {
    score: f64,
    side_a: Vec<bool>,
    finish: Vec<Option<(u16, i32)>>,
    /// Each car's progress at the end of each round.
    progress: Vec<Vec<i32>>,
}

fn race(g: &Legend, i: u64, policies: &[Policy], side_a: Vec<bool>, print: bool) -> Race {
    let (mut chance, mut bots) = runner::race_rngs(SEED, i);
    let mut s = g.new_initial_state();
    let mut legal = Vec::new();
    let mut round = 0;
    let mut progress = Vec::new();
    while s.current_player() != Player::Terminal {
        if s.round != round {
            if round > 0 {
                progress.push(s.cars.iter().map(|c| c.progress).collect());
            }
            round = s.round;
            if print {
                let line: Vec<String> = s
                    .cars
                    .iter()
                    .enumerate()
                    .map(|(k, c)| {
                        format!(
                            "{}{} p{:3} v{:2} T{} E{:2} B{:2} t{:2}",
                            if c.neutral { "N" } else { "H" },
                            k,
                            c.progress,
                            c.speed,
                            c.temperature,
                            c.engine,
                            c.brakes,
                            c.tires
                        )
                    })
                    .collect();
                println!("round {:2}: {}", round, line.join(" | "));
            }
        }
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut chance),
            Player::Seat(seat) => {
                s.legal_actions_into(&mut legal);
                let a = policies[usize::from(seat)].act(&s, &legal, &mut bots);
                if let (true, Some(a)) = (print, a) {
                    println!("    car {seat}: {}", s.action_to_string(a));
                }
                a
            }
            Player::Terminal => None,
        };
        s.apply_fast(a.expect("an action")).expect("legal");
    }
    progress.push(s.cars.iter().map(|c| c.progress).collect());
    let finish: Vec<Option<(u16, i32)>> = s
        .cars
        .iter()
        .map(|c| c.finish.map(|f| (f.0, f.1)))
        .collect();
    if print {
        println!("finish: {finish:?}");
    }
    let score = best_car_score(&s.stats(), &side_a);
    Race {
        score,
        side_a,
        finish,
        progress,
    }
}
