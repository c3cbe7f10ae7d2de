//! Scratch: average places of bot levels and robots.
use autodromo_core::formula90::bots::{choose, Level};
use autodromo_core::formula90::{Content, Formula90};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::json;
use std::sync::Arc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(200);
    let levels: Vec<Level> = args
        .get(2)
        .map(|s| s.split(',').map(|l| Level::parse(l).unwrap()).collect())
        .unwrap_or(vec![Level::Medium; 6]);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../python/autodromo/content/formula90");
    let content = Arc::new(Content::from_dir(&dir).unwrap());
    let players = levels.len();
    let game = Formula90::new(content, &json!({"players": players})).unwrap();
    let names = game.race.names.clone();
    let mut sum = vec![0f64; names.len()];
    let mut wins = vec![0u32; names.len()];
    let mut retired = vec![0u32; names.len()];
    let mut legal = Vec::new();
    let mut why: std::collections::BTreeMap<String, u32> = Default::default();
    for i in 0..n {
        let mut rng = SplitMix64::for_index(3, i);
        let mut s = game.new_initial_state();
        while !s.is_terminal() {
            let a = match s.current_player() {
                Player::Chance => s.sample_chance(&mut rng).unwrap(),
                Player::Seat(seat)
                    if matches!(s.phase, autodromo_core::formula90::Phase::Strategy { .. })
                        && std::env::var("STRATS").is_ok() =>
                {
                    let st: Vec<String> = std::env::var("STRATS")
                        .unwrap()
                        .split(',')
                        .map(String::from)
                        .collect();
                    s.string_to_action(&format!("strategy {}", st[seat as usize]))
                        .unwrap()
                }
                Player::Seat(seat) => {
                    s.legal_actions_into(&mut legal);
                    choose(
                        &s.seat_view(Some(seat as usize)),
                        &legal,
                        levels[seat as usize],
                    )
                    .unwrap()
                }
                Player::Terminal => break,
            };
            s.apply_action(a).unwrap();
        }
        if i < 60 {
            for e in s.events(None) {
                if e["event"] == "retired" {
                    let k = format!("{}", e["why"]);
                    *why.entry(k).or_insert(0) += 1;
                }
            }
        }
        let places = s.places();
        for c in 0..names.len() {
            sum[c] += places[c] as f64 + 1.0;
            if places[c] == 0 {
                wins[c] += 1;
            }
            if s.car(c as u8).retired() {
                retired[c] += 1;
            }
        }
    }
    println!("{why:?}");
    for c in 0..names.len() {
        let lvl = if c < players {
            format!("{:?}", levels[c])
        } else {
            "robot".into()
        };
        println!(
            "{:12} {:7} mean place {:5.2} wins {:4} retired {:4}",
            names[c],
            lvl,
            sum[c] / n as f64,
            wins[c],
            retired[c]
        );
    }
}
