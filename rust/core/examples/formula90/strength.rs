//! Bot strength in Formula 90 against the book's robots and each other (docs/simulation.md):
//! `cargo run --release -p autodromo-core --example formula90_strength -- [races] [all|none]
//! [field]`: every advanced module on (`all`, the default options) or none (the basic race);
//! a field is levels joined by commas (`hard`, `hard,medium`), every field of the table if none.
//! Each line: mean race place (1 = winner) with a 95% interval, win rate with its Wilson 95%
//! interval, retirements; where hard and medium share the field, how often hard finishes ahead.
//! Seats take their level in turn; the robots are the line-up for the players.
use std::sync::Arc;

use autodromo_core::formula90::bots::{choose, Level};
use autodromo_core::formula90::{Content, Formula90};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::json;

/// For measuring one strategy or skill: `F90_STRATEGY=push` or `F90_SKILL=reflexes` (the names
/// as printed, lower case) makes every player take it when offered.
fn forced(legal: &[u32]) -> Option<u32> {
    use autodromo_core::formula90::actions::{decode, Move};
    use autodromo_core::formula90::rules::{Skill, Strategy};
    let want = |var: &str, name: &str| {
        std::env::var(var).is_ok_and(|v| name.to_lowercase().replace(' ', "_") == v)
    };
    legal.iter().copied().find(|&a| match decode(a) {
        Some(Move::Strategy(i)) => {
            Strategy::from_index(i).is_some_and(|s| want("F90_STRATEGY", s.name()))
        }
        Some(Move::Skill(i)) => Skill::from_index(i).is_some_and(|s| want("F90_SKILL", s.name())),
        _ => false,
    })
}

/// Wilson's 95% interval for `k` successes in `n`, in percent.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (100.0 * (c - h).max(0.0), 100.0 * (c + h).min(1.0))
}

fn run(levels: &[Level], races: u64, modules: &serde_json::Value) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../python/autodromo/content/formula90");
    let content = Arc::new(Content::from_dir(&dir).expect("content"));
    let mut options = modules.clone();
    options["players"] = json!(levels.len());
    let game = Formula90::new(content, &options).expect("options");
    let cars = game.race.names.len();
    // Per car: sum and sum of squares of places, wins, retirements; seats rotate their levels
    // race by race so no level keeps a grid-order advantage.
    let mut by_level: std::collections::BTreeMap<String, (f64, f64, f64, f64, f64)> =
        Default::default();
    let mut legal = Vec::new();
    // Races where the best hard car finished ahead of the best medium car.
    let mut hard_ahead = 0u64;
    for i in 0..races {
        let mut rng = SplitMix64::for_index(2026, i);
        let mut s = game.new_initial_state();
        let shift = (i as usize) % levels.len();
        let level_of = |seat: usize| levels[(seat + shift) % levels.len()];
        while !s.is_terminal() {
            let a = match s.current_player() {
                Player::Chance => s.sample_chance(&mut rng).expect("outcomes"),
                Player::Seat(seat) => {
                    s.legal_actions_into(&mut legal);
                    if let Some(a) = forced(&legal) {
                        a
                    } else {
                        choose(
                            &s.seat_view(Some(usize::from(seat))),
                            &legal,
                            level_of(usize::from(seat)),
                        )
                        .expect("a move")
                    }
                }
                Player::Terminal => break,
            };
            s.apply_unrecorded(a).expect("legal");
        }
        let places = s.places();
        let best = |l: Level| {
            (0..levels.len())
                .filter(|&c| level_of(c) == l)
                .map(|c| places[c])
                .min()
        };
        if let (Some(h), Some(m)) = (best(Level::Hard), best(Level::Medium)) {
            hard_ahead += u64::from(h < m);
        }
        for (c, &place) in places.iter().enumerate().take(cars) {
            let who = if c < levels.len() {
                format!("{:?}", level_of(c)).to_lowercase()
            } else {
                game.race.names[c]
                    .trim_end_matches(|ch: char| ch == ' ' || ch.is_ascii_digit())
                    .to_string()
            };
            let p = f64::from(place) + 1.0;
            let e = by_level.entry(who).or_default();
            e.0 += 1.0;
            e.1 += p;
            e.2 += p * p;
            e.3 += f64::from(u8::from(place == 0));
            e.4 += f64::from(u8::from(s.car(c as u8).retired()));
        }
    }
    let desc: Vec<String> = levels
        .iter()
        .map(|l| format!("{l:?}").to_lowercase())
        .collect();
    println!(
        "{} players ({}), {} robots, {races} races:",
        levels.len(),
        desc.join(", "),
        cars - levels.len()
    );
    for (who, (n, sum, sq, wins, retired)) in by_level {
        let mean = sum / n;
        let sd = (sq / n - mean * mean).max(0.0).sqrt();
        let (lo, hi) = wilson(wins, n);
        println!(
            "  {who:<10} place {mean:5.2} ± {:4.2}   wins {:5.1}% ({lo:4.1}–{hi:4.1}%)   retired {:4.1}%   ({n} cars)",
            1.96 * sd / n.sqrt(),
            100.0 * wins / n,
            100.0 * retired / n,
        );
    }
    if levels.contains(&Level::Hard) && levels.contains(&Level::Medium) {
        let (lo, hi) = wilson(hard_ahead as f64, races as f64);
        println!("  hard ahead of medium in {hard_ahead} of {races} races ({lo:.1}–{hi:.1}%)");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let races: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let modules = match args.get(1).map(String::as_str) {
        None | Some("all") => json!({}),
        Some("none") => {
            json!({"weather": false, "flags": false, "track_powers": false, "safety_car": false,
            "extreme": false, "free_practice": false, "strategies": "basic"})
        }
        Some(other) => panic!("modules: all or none, not {other}"),
    };
    use Level::{Easy, Hard, Medium};
    let fields: Vec<Vec<Level>> = match args.get(2) {
        Some(f) => vec![f
            .split(',')
            .map(|l| Level::parse(l).expect("easy, medium or hard"))
            .collect()],
        None => vec![
            vec![Easy],
            vec![Medium],
            vec![Hard],
            vec![Medium; 6],
            vec![Hard, Medium, Easy, Hard, Medium, Easy],
            vec![Hard, Medium],
        ],
    };
    for levels in fields {
        run(&levels, races, &modules);
    }
}
