//! Where Legend's `hard` loses time to the book's Neutral Cars in a Stage race: races 2 `hard`
//! cars against 2 Neutral Cars on a route (the ladder's configurations, `legend_ladder --route`)
//! and prints, per stage and side, the mean minutes from start to line, the rounds begun on a
//! straight, at a turn (inside one or on the row before its entry), on the last straight before
//! the line and stopped off the road, the Check Point penalties and the Chronograph seconds;
//! with `--trace K`, race K round by round (each car's status, row, lane, Speed and Temperature at
//! the round's start, and every decision).
//!
//! ```text
//! cargo run --release -p autodromo-core --example legend_stage_trace -- coppa_breve 200
//! cargo run --release -p autodromo-core --example legend_stage_trace -- coppa_breve 200 --bot medium
//! cargo run --release -p autodromo-core --example legend_stage_trace -- coppa_breve 1 --trace 0
//! cargo run --release -p autodromo-core --example legend_stage_trace -- coppa_breve 200 --neutral-checkpoint-penalty never
//! ```
use std::sync::Arc;

use autodromo_core::game::{Game, Player, State};
use autodromo_core::legend::{self, Legend, LegendState};
use autodromo_core::sim::{runner, Policy, Sim};
use rayon::prelude::*;

#[path = "races.rs"]
mod races;
use races::Races;

#[path = "../common/mod.rs"]
mod common;
use common::{content_dir, Args, SEED};

const MODELS: [&str; 4] = [
    "alfa_8c_2900b",
    "aston_db3s",
    "jaguar_c_type",
    "maserati_300s",
];

#[derive(Clone, Copy, Default)]
struct CarStage {
    /// Rounds by where the car began them (`kind`).
    rounds: [u32; 4],
    minutes: u32,
    penalty: u32,
    cards: u32,
    speed: u32,
    finished: bool,
}

fn main() {
    let args = Args::parse();
    let route = args.at(0).unwrap_or("coppa_breve").to_string();
    let n: u64 = args.at(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let from: u64 = args
        .flag("--from")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let policy =
        Policy::parse(&args.flag("--bot").unwrap_or_else(|| "hard".into())).expect("a policy");
    let content = Arc::new(legend::Content::from_dir(&content_dir("legend")).expect("content"));
    let models: Vec<String> = MODELS.iter().map(|m| m.to_string()).collect();
    let m = models.len();
    let trace: Option<u64> = args.flag("--trace").and_then(|s| s.parse().ok());
    let mut base = serde_json::json!({ "route": route });
    if let Some(v) = args.flag("--neutral-checkpoint-penalty") {
        base["neutral_checkpoint_penalty"] = serde_json::Value::from(v);
    }
    let configs = Races::with(content, base).against_neutral(&models);
    let races: Vec<(Vec<bool>, Vec<Vec<CarStage>>)> = (from..from + n)
        .into_par_iter()
        .map(|i| {
            let (g, side_a) = &configs[(i % (2 * m as u64)) as usize];
            (
                side_a.clone(),
                race(g, i, &vec![policy; m], trace == Some(i)),
            )
        })
        .collect();
    let stages = races.first().map_or(0, |r| r.1.len());
    println!(
        "{route}, races {from}-{}: per stage, per car, means over the cars that crossed the line",
        from + n - 1
    );
    println!("stage side   cars  minutes  rounds: straight  turn  last straight  stopped  penalty cars (s)  chronograph s  speed over the line");
    for k in 0..stages {
        for (side, name) in [(true, "bot"), (false, "Neutral")] {
            let cars: Vec<&CarStage> = races
                .iter()
                .flat_map(|(a, st)| st[k].iter().zip(a).filter(move |(_, &x)| x == side))
                .map(|(c, _)| c)
                .filter(|c| c.finished)
                .collect();
            let c = cars.len().max(1) as f64;
            let mean = |f: &dyn Fn(&CarStage) -> u32| {
                cars.iter().map(|x| f64::from(f(x))).sum::<f64>() / c
            };
            let penalised = cars.iter().filter(|x| x.penalty > 0).count();
            println!(
                "{:5} {:7} {:5} {:8.1} {:17.2} {:5.2} {:14.2} {:8.2} {:5} ({:6.1}) {:14.1} {:8.2}",
                k + 1,
                name,
                cars.len(),
                mean(&|x| x.minutes),
                mean(&|x| x.rounds[0]),
                mean(&|x| x.rounds[1]),
                mean(&|x| x.rounds[2]),
                mean(&|x| x.rounds[3]),
                penalised,
                mean(&|x| x.penalty),
                mean(&|x| x.cards),
                mean(&|x| x.speed),
            );
        }
    }
}

/// Where `car` begins the round: 0 a straight, 1 at a turn, 2 the last straight, 3 stopped.
fn kind(s: &LegendState, car: usize) -> usize {
    let c = &s.cars[car];
    if c.status == legend::car::Status::OffRoad {
        return 3;
    }
    let track = s.track();
    let row = c.cell.row;
    if track.turn_at(row).is_some() || track.entry_ahead(row).is_some() {
        1
    } else if (row..track.len()).all(|r| track.turn_at(r).is_none()) {
        2
    } else {
        0
    }
}

fn race(g: &Legend, i: u64, policies: &[Policy], print: bool) -> Vec<Vec<CarStage>> {
    let (mut chance, mut bots) = runner::race_rngs(SEED, i);
    let mut s = g.new_initial_state();
    let mut legal = Vec::new();
    let stages = usize::from(g.race.stages());
    let mut out = vec![vec![CarStage::default(); s.cars.len()]; stages];
    let mut round = 0;
    while s.current_player() != Player::Terminal {
        if s.round != round {
            round = s.round;
            if print {
                let line: Vec<String> = s
                    .cars
                    .iter()
                    .map(|c| {
                        format!(
                            "{}{:?} r{:2} l{} v{} T{}",
                            if c.neutral { "N" } else { "H" },
                            c.status,
                            c.cell.row,
                            c.cell.lane,
                            c.speed,
                            c.temperature
                        )
                    })
                    .collect();
                println!(
                    "stage {} round {:3}: {}",
                    s.stage + 1,
                    round,
                    line.join(" | ")
                );
            }
            let stage = &mut out[usize::from(s.stage)];
            for (car, c) in s.cars.iter().enumerate() {
                use legend::car::Status;
                if matches!(c.status, Status::Racing | Status::OffRoad) {
                    stage[car].rounds[kind(&s, car)] += 1;
                }
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
    for (k, stage) in out.iter_mut().enumerate() {
        for (car, c) in stage.iter_mut().enumerate() {
            let r = s.record(k as u8, car);
            if let Some(f) = r.finish {
                c.finished = true;
                c.minutes = f - r.start;
                c.penalty = r.penalty;
                c.cards = r.time_cards;
                c.speed = u32::from(r.speed);
            }
        }
    }
    out
}
