//! Where Legend's `hard` loses time to the book's Neutral Cars: races 2 `hard` cars against 2
//! Neutral Cars on `example` (the ladder's configurations) and prints, per car, the mean finish
//! round and, with `--trace K`, race K's rows, Speed, Temperature and wear at each round's end.
//!
//! ```text
//! cargo run --release -p autodromo-core --example legend_trace -- 200
//! cargo run --release -p autodromo-core --example legend_trace -- 1 --trace 0
//! ```
use std::sync::Arc;

use autodromo_core::game::{Game, Player, State};
use autodromo_core::legend::{self, Legend};
use autodromo_core::sim::{runner, Policy, Sim};
use serde_json::json;

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
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../python/autodromo/content/legend");
    let content = Arc::new(legend::Content::from_dir(&dir).expect("content"));
    let m = MODELS.len();
    let (mut bot_rounds, mut neu_rounds, mut wins, mut bot_n, mut neu_n) =
        (0.0, 0.0, 0.0, 0.0, 0.0);
    for i in 0..n {
        let r = (i % (2 * m as u64)) as usize;
        let cars: Vec<&str> = (0..m).map(|k| MODELS[(k + r) % m]).collect();
        let side_a: Vec<bool> = (0..m).map(|k| (k < m / 2) == (r < m)).collect();
        let neutral: Vec<bool> = side_a.iter().map(|x| !x).collect();
        let opts = json!({"circuit": "example", "laps": 2, "cars": cars, "neutral": neutral});
        let g = Legend::new(content.clone(), &opts).expect("options");
        let policies = vec![policy; m];
        if trace == Some(i) {
            let (mut chance, mut bots) = runner::race_rngs(2026, i);
            let mut s = g.new_initial_state();
            let mut legal = Vec::new();
            let mut round = 0;
            while s.current_player() != Player::Terminal {
                if s.round != round {
                    round = s.round;
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
                let a = match s.current_player() {
                    Player::Chance => s.sample_chance(&mut chance),
                    Player::Seat(seat) => {
                        s.legal_actions_into(&mut legal);
                        let a = policies[usize::from(seat)].act(&s, &legal, &mut bots);
                        if let Some(a) = a {
                            println!("    car {seat}: {}", s.action_to_string(a));
                        }
                        a
                    }
                    Player::Terminal => None,
                };
                s.apply_fast(a.expect("an action")).expect("legal");
            }
            println!(
                "finish: {:?}",
                s.cars.iter().map(|c| c.finish).collect::<Vec<_>>()
            );
        }
        let st = runner::play_one(&g, 2026, i, &policies).expect("a race");
        let best = |a: bool| {
            (0..m)
                .filter(|&k| side_a[k] == a)
                .map(|k| st.ranking[k])
                .min()
                .unwrap()
        };
        wins += match best(true).cmp(&best(false)) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        };
        for (k, c) in st.cars.iter().enumerate() {
            if c.time.is_finite() {
                if side_a[k] {
                    bot_rounds += f64::from(c.time);
                    bot_n += 1.0;
                } else {
                    neu_rounds += f64::from(c.time);
                    neu_n += 1.0;
                }
            }
        }
    }
    println!(
        "{n} races: bot wins {wins} ({:.1}%); mean finish round bot {:.2} ({bot_n} finished), Neutral {:.2} ({neu_n})",
        100.0 * wins / n as f64,
        bot_rounds / bot_n,
        neu_rounds / neu_n
    );
}
