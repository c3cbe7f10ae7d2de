//! Where on the lap Legend's `hard` loses time to the book's Neutral Cars: the ladder's races
//! (2 `hard` cars against 2 Neutral Cars on `example`, every model through every seat, seed 2026)
//! cut into the track's sections (each straight and each turn, per lap), with the rounds each
//! side's cars spend in each, for every race and for the races `hard` lost, and what the driven
//! cars did each round (stops, Speed under the top, Temperature, wear).
//!
//! ```text
//! cargo run --release -p autodromo-core --example legend_sections -- 200
//! cargo run --release -p autodromo-core --example legend_sections -- 200 --from 200
//! ```
//!
//! A section's time is the difference of the moments a car crosses its first and last rows, each
//! moment the round of the crossing plus the share of that round's rows covered before it (a
//! car's move is spread evenly over its round: a model, not the book's order of activation).
use std::sync::Arc;

use autodromo_core::game::{Game, Player, State};
use autodromo_core::legend::car::Status;
use autodromo_core::legend::{self, Legend, LegendState};
use autodromo_core::sim::{runner, Policy, Sim};
use rayon::prelude::*;

#[path = "races.rs"]
mod races;
use races::Races;

#[path = "../common/mod.rs"]
mod common;
use common::{best_car_score, content_dir, Args, SEED};

const MODELS: [&str; 4] = [
    "alfa_8c_2900b",
    "aston_db3s",
    "jaguar_c_type",
    "maserati_300s",
];

/// One car at the end of a round.
#[derive(Clone, Copy)]
struct Snap {
    progress: i32,
    speed: u8,
    top: u8,
    temperature: u8,
    off_road: bool,
    wear: u8,
}

struct Race {
    score: f64,
    side_a: Vec<bool>,
    /// Per car: its state before round 1 and at the end of each round.
    snaps: Vec<Vec<Snap>>,
    crashes: Vec<u8>,
    retired: Vec<bool>,
}

/// A stretch of the lap: its name and first row (absolute progress on lap 0).
struct Section {
    name: String,
    first: i32,
}

fn sections(s: &LegendState) -> (Vec<Section>, i32) {
    let track = s.track();
    let names = ["A", "B", "C", "D", "E", "F"];
    let mut turns: Vec<_> = track.turns.iter().collect();
    turns.sort_by_key(|t| t.entry);
    let mut out = vec![Section {
        name: "straight to the first turn".into(),
        first: 0,
    }];
    for (k, t) in turns.iter().enumerate() {
        out.push(Section {
            name: format!("turn {}", names[usize::from(t.rating)]),
            first: i32::from(t.entry),
        });
        let after = if k + 1 == turns.len() {
            "straight to the line".to_string()
        } else {
            format!("straight after {}", names[usize::from(t.rating)])
        };
        out.push(Section {
            name: after,
            first: i32::from(t.exit) + 1,
        });
    }
    (out, i32::from(track.len()))
}

/// The moment (in rounds from the start) the car first reaches progress `b`.
fn crossing(snaps: &[Snap], b: i32) -> Option<f64> {
    let k = snaps.iter().position(|x| x.progress >= b)?;
    if k == 0 {
        return Some(0.0);
    }
    let (p0, p1) = (snaps[k - 1].progress, snaps[k].progress);
    Some((k - 1) as f64 + f64::from(b - p0) / f64::from(p1 - p0))
}

fn main() {
    let args = Args::parse();
    let n: u64 = args.at(0).and_then(|s| s.parse().ok()).unwrap_or(200);
    let from: u64 = args
        .flag("--from")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let policy =
        Policy::parse(&args.flag("--bot").unwrap_or_else(|| "hard".into())).expect("a policy");
    let content = Arc::new(legend::Content::from_dir(&content_dir("legend")).expect("content"));
    let m = MODELS.len();
    let models: Vec<String> = MODELS.iter().map(|m| m.to_string()).collect();
    let configs = Races::new(content.clone(), "example", 2).against_neutral(&models);
    let probe = configs[0].0.new_initial_state();
    let (secs, len) = sections(&probe);
    let finish = probe.race.race_length();
    let laps = finish / len;
    let races: Vec<Race> = (from..from + n)
        .into_par_iter()
        .map(|i| {
            let (g, side_a) = &configs[(i % (2 * m as u64)) as usize];
            race(g, i, &vec![policy; m], side_a.clone())
        })
        .collect();
    // Every boundary of every lap, then the finish line.
    let mut bounds: Vec<(String, i32)> = Vec::new();
    for lap in 0..laps {
        for s in &secs {
            bounds.push((format!("lap {} {}", lap + 1, s.name), lap * len + s.first));
        }
    }
    bounds.push(("finish".into(), finish));
    let lost = races.iter().filter(|r| r.score < 0.5).count();
    println!(
        "races {from}..{}: {} won by hard, {} lost, {} tied",
        from + n,
        races.iter().filter(|r| r.score > 0.5).count(),
        lost,
        races.iter().filter(|r| r.score == 0.5).count()
    );
    // The book's Neutral Cars stop a round at the box tile on a die of 1 or 2: how the races go
    // when one of them never stopped there (a round off the road on the box stretch).
    let box_rows: Vec<bool> = (0..len)
        .map(|r| probe.track().row(r as u16).pit_box)
        .collect();
    let box_stops = |r: &Race, k: usize| {
        r.snaps[k]
            .iter()
            .skip(2)
            .filter(|x| {
                x.off_road && x.progress < finish && box_rows[x.progress.rem_euclid(len) as usize]
            })
            .count()
    };
    for (label, clean) in [("no box stop", true), ("at least one box stop", false)] {
        let v: Vec<&Race> = races
            .iter()
            .filter(|r| {
                (0..m)
                    .filter(|&k| !r.side_a[k])
                    .any(|k| box_stops(r, k) == 0)
                    == clean
            })
            .collect();
        let won: f64 = v.iter().map(|r| r.score).sum();
        println!(
            "races where {} Neutral Car made {label}: {} ({:.0}%), hard wins {won} ({:.1}%)",
            if clean { "a" } else { "every" },
            v.len(),
            100.0 * v.len() as f64 / races.len() as f64,
            100.0 * won / v.len().max(1) as f64
        );
    }
    for (label, pick) in [
        ("every race", &(|_: &Race| true) as &dyn Fn(&Race) -> bool),
        ("races hard lost", &|r: &Race| r.score < 0.5),
    ] {
        let chosen: Vec<&Race> = races.iter().filter(|r| pick(r)).collect();
        println!(
            "\n{label} ({}): rounds in each section, mean over the cars that finished it",
            chosen.len()
        );
        println!("section | hard, every car | Neutral, every car | hard − Neutral | hard's best car | Neutral's best car | best − best");
        let (mut tot_a, mut tot_b) = ([0.0; 2], [0.0; 2]);
        for w in bounds.windows(2) {
            let (name, b0) = (&w[0].0, w[0].1);
            let b1 = w[1].1;
            let mut acc = [(0.0, 0.0); 4];
            for r in &chosen {
                let best = |a: bool| {
                    (0..m)
                        .filter(|&k| r.side_a[k] == a)
                        .min_by(|&x, &y| {
                            let f = |k: usize| crossing(&r.snaps[k], finish).unwrap_or(99.0);
                            f(x).total_cmp(&f(y))
                        })
                        .unwrap()
                };
                for k in 0..m {
                    let (Some(t0), Some(t1)) =
                        (crossing(&r.snaps[k], b0), crossing(&r.snaps[k], b1))
                    else {
                        continue;
                    };
                    let side = usize::from(!r.side_a[k]);
                    acc[side].0 += t1 - t0;
                    acc[side].1 += 1.0;
                    if k == best(r.side_a[k]) {
                        acc[2 + side].0 += t1 - t0;
                        acc[2 + side].1 += 1.0;
                    }
                }
            }
            let mean = |x: (f64, f64)| x.0 / x.1.max(1.0);
            let v: Vec<f64> = acc.iter().map(|&x| mean(x)).collect();
            tot_a[0] += v[0] - v[1];
            tot_a[1] += v[2] - v[3];
            tot_b[0] += v[0];
            tot_b[1] += v[1];
            println!(
                "{name} ({} rows) | {:.3} | {:.3} | {:+.3} | {:.3} | {:.3} | {:+.3}",
                b1 - b0,
                v[0],
                v[1],
                v[0] - v[1],
                v[2],
                v[3],
                v[2] - v[3]
            );
        }
        println!(
            "sum of the differences: every car {:+.3}, best cars {:+.3} (hard {:.3}, Neutral {:.3} rounds)",
            tot_a[0], tot_a[1], tot_b[0], tot_b[1]
        );
        // Round by round: what the driven and Neutral cars did.
        let (mut rounds, mut off, mut under, mut hot, mut wear, mut crashes, mut retired) = (
            [0.0; 2], [0.0; 2], [0.0; 2], [0.0; 2], [0.0; 2], [0.0; 2], [0.0; 2],
        );
        for r in &chosen {
            for k in 0..m {
                let side = usize::from(!r.side_a[k]);
                let sn = &r.snaps[k];
                for x in sn.iter().skip(1).take_while(|x| x.progress < finish) {
                    rounds[side] += 1.0;
                    off[side] += f64::from(u8::from(x.off_road));
                    under[side] += f64::from(u8::from(x.speed < x.top));
                    hot[side] += f64::from(x.temperature);
                }
                wear[side] += f64::from(sn.last().map_or(0, |x| x.wear));
                crashes[side] += f64::from(r.crashes[k]);
                retired[side] += f64::from(u8::from(r.retired[k]));
            }
        }
        let cars = chosen.len() as f64 * m as f64 / 2.0;
        // Where the stops are: rounds ended off the road, by the section the car stopped in,
        // with the Temperature it had at the end of the round before.
        for (side, who) in ["hard", "Neutral"].iter().enumerate() {
            let mut at: Vec<(f64, f64)> = vec![(0.0, 0.0); secs.len()];
            for r in &chosen {
                for k in (0..m).filter(|&k| usize::from(!r.side_a[k]) == side) {
                    let sn = &r.snaps[k];
                    for j in 2..sn.len() {
                        if sn[j].off_road && sn[j].progress < finish {
                            let row = sn[j].progress.rem_euclid(len);
                            let q = secs.iter().rposition(|x| x.first <= row).unwrap_or(0);
                            at[q].0 += 1.0;
                            at[q].1 += f64::from(sn[j - 1].temperature);
                        }
                    }
                }
            }
            let parts: Vec<String> = secs
                .iter()
                .zip(&at)
                .filter(|(_, a)| a.0 > 0.0)
                .map(|(x, a)| {
                    format!(
                        "{} {:.3} (Temperature before {:.1})",
                        x.name,
                        a.0 / cars,
                        a.1 / a.0
                    )
                })
                .collect();
            println!("{who}'s stops a car, by section: {}", parts.join("; "));
        }
        for (side, who) in ["hard", "Neutral"].iter().enumerate() {
            println!(
                "{who}: {:.2} rounds racing a car; rounds off the road (stops) {:.2}; ending a round under the car's top speed {:.1}% of rounds; mean Temperature {:.2}; wear points spent {:.2}; crashes {:.3}; retired {:.3} a car",
                rounds[side] / cars,
                off[side] / cars,
                100.0 * under[side] / rounds[side].max(1.0),
                hot[side] / rounds[side].max(1.0),
                wear[side] / cars,
                crashes[side] / cars,
                retired[side] / cars,
            );
        }
    }
}

fn snap(s: &LegendState, k: usize) -> Snap {
    let c = &s.cars[k];
    let top = c.limits(s.race.spec(k), s.race.dash(), false).top_speed;
    Snap {
        progress: c.progress,
        speed: c.speed,
        top,
        temperature: c.temperature,
        off_road: c.status == Status::OffRoad,
        wear: (c.engine_max - c.engine.min(c.engine_max))
            + (c.brakes_max - c.brakes.min(c.brakes_max)),
    }
}

fn race(g: &Legend, i: u64, policies: &[Policy], side_a: Vec<bool>) -> Race {
    let (mut chance, mut bots) = runner::race_rngs(SEED, i);
    let mut s = g.new_initial_state();
    let mut legal = Vec::new();
    let mut round = 0;
    let m = side_a.len();
    let mut snaps: Vec<Vec<Snap>> = vec![Vec::new(); m];
    while s.current_player() != Player::Terminal {
        if s.round != round {
            round = s.round;
            for (k, v) in snaps.iter_mut().enumerate() {
                v.push(snap(&s, k));
            }
        }
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut chance),
            Player::Seat(seat) => {
                s.legal_actions_into(&mut legal);
                policies[usize::from(seat)].act(&s, &legal, &mut bots)
            }
            Player::Terminal => None,
        };
        s.apply_fast(a.expect("an action")).expect("legal");
    }
    for (k, v) in snaps.iter_mut().enumerate() {
        v.push(snap(&s, k));
    }
    Race {
        score: best_car_score(&s.stats(), &side_a),
        side_a,
        snaps,
        crashes: s.cars.iter().map(|c| c.crashes).collect(),
        retired: s.cars.iter().map(|c| c.status == Status::Retired).collect(),
    }
}
