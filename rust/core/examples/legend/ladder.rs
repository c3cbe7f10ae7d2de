//! Legend's bot ladder of docs/simulation.md, one match at a time:
//!
//! ```text
//! cargo run --release -p autodromo-core --example legend_ladder -- hard medium 1000
//! cargo run --release -p autodromo-core --example legend_ladder -- hard neutral 1000
//! ```
//!
//! `--from K` races `K..K + n` instead of `0..n` (`ladder`'s pieces); `--circuit`, `--laps`,
//! `--cars` set the race, `--route` makes it a Stage race. Head to head: two cars of one model,
//! the model rotating through the list (`--cars`), the seats alternating. Against `neutral`: four
//! cars, two driven by the bot and two Neutral Cars, every model through every seat; a race
//! counts for the bot when one of its cars wins it (and the share of bot-Neutral pairs where the
//! bot's car finished ahead is printed too). `--per-side 1`: one bot car against one Neutral Car
//! of the same model, the seats alternating. `benches/legend/neutral_table.py` runs every row of
//! issue 33's table.
use std::sync::Arc;
use std::time::Instant;

use autodromo_core::legend;
use autodromo_core::sim::Policy;

#[path = "races.rs"]
mod races;
use races::Races;

#[path = "../common/mod.rs"]
mod common;
use common::{content_dir, print_result, two_seats, Args, Match};

fn main() {
    let args = Args::parse();
    let a_name = args.at(0).unwrap_or("hard").to_string();
    let b_name = args.at(1).unwrap_or("medium").to_string();
    let n: u64 = args.at(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let from: u64 = args
        .flag("--from")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let a = Policy::parse(&a_name).expect("a policy");
    let start = Instant::now();
    let content = Arc::new(legend::Content::from_dir(&content_dir("legend")).expect("content"));
    let circuit = args.flag("--circuit").unwrap_or_else(|| "example".into());
    let laps: u8 = args
        .flag("--laps")
        .and_then(|l| l.parse().ok())
        .unwrap_or(2);
    let models: Vec<String> = args
        .flag("--cars")
        .unwrap_or_else(|| "alfa_8c_2900b,aston_db3s,jaguar_c_type,maserati_300s".into())
        .split(',')
        .map(String::from)
        .collect();
    let m = models.len();
    let races = match args.flag("--route") {
        Some(route) => Races::on_route(content.clone(), &route),
        None => Races::new(content.clone(), &circuit, laps),
    };
    let configs = if b_name == "neutral" {
        // Every model through every seat, the bot's pair first, then the Neutral pair; with
        // `--per-side 1`, one car of a model against one Neutral Car of it, the seats alternating.
        let field = if args.flag("--per-side").as_deref() == Some("1") {
            races.one_against_neutral(&models)
        } else {
            races.against_neutral(&models)
        };
        field
            .into_iter()
            .map(|(g, side_a)| (g, vec![a; m], side_a))
            .collect()
    } else {
        let b = Policy::parse(&b_name).expect("a policy");
        models
            .iter()
            .flat_map(|car| {
                let cars = [car.clone(), car.clone()];
                two_seats(&races.race(&cars, &[false, false]), a, b)
            })
            .collect()
    };
    let result = Match { configs }.run(from, n);
    print_result(
        "legend",
        &a_name,
        &b_name,
        result,
        n,
        from,
        start.elapsed().as_secs_f64(),
    );
}
