//! Bot strength in Formula 90 against the book's robots and each other (docs/simulation.md):
//! `cargo run --release -p autodromo-core --example formula90_strength -- [races]`.
//! Each line: mean race place (1 = winner) with a 95% interval, win rate with its interval,
//! retirements. Seats take their level in turn; the robots are the line-up for the players.
use std::sync::Arc;

use autodromo_core::formula90::bots::{choose, Level};
use autodromo_core::formula90::{Content, Formula90};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::json;

fn run(levels: &[Level], races: u64) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../python/autodromo/content/formula90");
    let content = Arc::new(Content::from_dir(&dir).expect("content"));
    let game = Formula90::new(content, &json!({"players": levels.len()})).expect("options");
    let cars = game.race.names.len();
    // Per car: sum and sum of squares of places, wins, retirements; seats rotate their levels
    // race by race so no level keeps a grid-order advantage.
    let mut by_level: std::collections::BTreeMap<String, (f64, f64, f64, f64, f64)> =
        Default::default();
    let mut legal = Vec::new();
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
                    choose(
                        &s.seat_view(Some(usize::from(seat))),
                        &legal,
                        level_of(usize::from(seat)),
                    )
                    .expect("a move")
                }
                Player::Terminal => break,
            };
            s.apply_unrecorded(a).expect("legal");
        }
        let places = s.places();
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
        let win = wins / n;
        println!(
            "  {who:<10} place {mean:5.2} ± {:4.2}   wins {:5.1}% ± {:3.1}   retired {:4.1}%   ({n} cars)",
            1.96 * sd / n.sqrt(),
            100.0 * win,
            100.0 * 1.96 * (win * (1.0 - win) / n).sqrt(),
            100.0 * retired / n,
        );
    }
}

fn main() {
    let races: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    use Level::{Easy, Hard, Medium};
    if std::env::var("ONLY_HARD").is_ok() {
        run(&[Hard], races);
        return;
    }
    for levels in [
        vec![Easy],
        vec![Medium],
        vec![Hard],
        vec![Medium; 6],
        vec![Hard, Medium, Easy, Hard, Medium, Easy],
        vec![Hard, Medium],
    ] {
        run(&levels, races);
    }
}
