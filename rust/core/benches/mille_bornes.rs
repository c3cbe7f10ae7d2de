//! `make bench`, Mille Bornes: whole games in a single-core Rust loop (medians of several runs),
//! and the bots' decision times (`-- throughput`, `-- bots`: one part only).
use std::hint::black_box;
use std::time::Instant;

use autodromo_core::mille_bornes::{bots, Core, MbState, MilleBornes};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::Policy;
use autodromo_core::{Action, Game, Player, State};
use serde_json::json;

mod common;
use common::{machine, median, report_decisions, time_decisions, wanted, RUNS};

/// Plays `games` whole games; every seat picks with `pick`. Returns actions per second.
fn playouts(
    game: &MilleBornes,
    games: u64,
    pick: impl Fn(&MbState, &[Action], &mut SplitMix64) -> Action,
) -> f64 {
    let mut legal = Vec::with_capacity(64);
    let mut actions = 0u64;
    let start = Instant::now();
    for i in 0..games {
        let mut rng = SplitMix64::for_index(42, i);
        let mut s = game.new_initial_state();
        loop {
            let a = match s.current_player() {
                Player::Terminal => break,
                Player::Chance => s
                    .sample_chance(&mut rng)
                    .expect("a chance node has outcomes"),
                Player::Seat(_) => {
                    s.legal_actions_into(&mut legal);
                    pick(&s, &legal, &mut rng)
                }
            };
            s.apply_unrecorded(a).expect("legal");
            actions += 1;
        }
        black_box(&s);
    }
    actions as f64 / start.elapsed().as_secs_f64()
}

fn report(name: &str, game: &MilleBornes, games: u64, bot: &str) {
    let runs: Vec<f64> = (0..RUNS)
        .map(|_| match bot {
            "random" => playouts(game, games, |_, legal, rng| {
                legal[rng.below(legal.len() as u32) as usize]
            }),
            _ => playouts(game, games, |s, legal, _| {
                let Player::Seat(p) = s.current_player() else {
                    unreachable!()
                };
                bots::heuristic_action(&s.seat_view(Some(usize::from(p))), legal).expect("legal")
            }),
        })
        .collect();
    println!(
        "  {name:<44} {bot:<9} median {:>12.0} actions/s  ({RUNS} runs)",
        median(runs)
    );
}

fn throughput() {
    println!("Mille Bornes, single-core Rust loop (chance sampled, no history kept):");
    let two = MilleBornes::from_json(&json!({"players": 2})).unwrap();
    let four = MilleBornes::from_json(&json!({"players": 4, "teams": 2})).unwrap();
    let six =
        MilleBornes::from_json(&json!({"players": 6, "teams": 3, "reshuffle_discards": true}))
            .unwrap();
    report("2 players, game to 5000", &two, 300, "random");
    report("4 players in 2 teams, game to 5000", &four, 300, "random");
    report(
        "6 players in 3 teams, reshuffle, to 5000",
        &six,
        100,
        "random",
    );
    report("2 players, game to 5000", &two, 300, "heuristic");
    println!(
        "State size without history: {} bytes (Core)",
        std::mem::size_of::<Core>()
    );
    let s = four.new_initial_state();
    let clones: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..1_000_000 {
                black_box(black_box(&s).clone());
            }
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    println!(
        "State clone (empty history): median {:.1} ns",
        median(clones)
    );
}

fn bot_times() {
    let mb = MilleBornes::from_json(&json!({"players": 2})).expect("options");
    for name in ["easy", "medium", "hard", "mcts:50ms"] {
        let p = Policy::parse(name).expect("a policy");
        let games = if name == "easy" || name == "medium" {
            200
        } else {
            6
        };
        report_decisions("mille_bornes", name, time_decisions(|_| mb, games, p, &[0]));
    }
}

fn main() {
    println!("machine: {}", machine());
    if wanted("throughput") {
        throughput();
    }
    if wanted("bots") {
        common::decisions_heading();
        bot_times();
    }
}
