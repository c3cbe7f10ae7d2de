//! The bot ladder of docs/simulation.md, one match at a time, for any registered two-seat game:
//!
//! ```text
//! cargo run --release -p autodromo-core --example ladder -- <game> hard medium 1000
//! cargo run --release -p autodromo-core --example ladder -- <game> medium easy 1000 --circuit <id>
//! ```
//!
//! `--from K` races `K..K + n` instead of `0..n`, so a long match can run in pieces whose
//! counts add up to the one long run's. The game is built through the core's registry with
//! two players (and `--circuit`, if given) on its shipped content; the seats alternate. A game
//! whose ladder needs more than that has its own example (`<game>_ladder`).
use std::time::Instant;

use autodromo_core::registry::{AnyGame, GAME_IDS};
use autodromo_core::sim::Policy;
use serde_json::json;

mod common;
use common::{content_dir, print_result, two_seats, Args, Match};

/// Every `.toml` of the game's content folder as (relative path, text), as the Python layer
/// passes them; `None` for a game with no content folder.
fn content_files(id: &str) -> Option<Vec<(String, String)>> {
    fn walk(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("content folder") {
            let path = entry.expect("a file").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "toml") {
                let rel = path.strip_prefix(root).expect("inside").to_string_lossy();
                let text = std::fs::read_to_string(&path).expect("content text");
                out.push((rel.replace('\\', "/"), text));
            }
        }
    }
    let root = content_dir(id);
    if !root.is_dir() {
        return None;
    }
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    Some(files)
}

fn main() {
    let args = Args::parse();
    let id = args.at(0).unwrap_or(GAME_IDS[0]).to_string();
    let a_name = args.at(1).unwrap_or("hard").to_string();
    let b_name = args.at(2).unwrap_or("medium").to_string();
    let n: u64 = args.at(3).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let from: u64 = args
        .flag("--from")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let a = Policy::parse(&a_name).expect("a policy");
    let b = Policy::parse(&b_name).expect("a policy");
    let mut options = json!({"players": 2});
    if let Some(circuit) = args.flag("--circuit") {
        options["circuit"] = json!(circuit);
    }
    let files = content_files(&id);
    let game = AnyGame::load(&id, &options, files.as_deref()).unwrap_or_else(|e| panic!("{e}"));
    let start = Instant::now();
    // One dispatch for the whole match: the races run the game's own code.
    let result =
        autodromo_core::on_game!(&game, g => Match { configs: two_seats(g, a, b) }.run(from, n));
    print_result(
        &id,
        &a_name,
        &b_name,
        result,
        n,
        from,
        start.elapsed().as_secs_f64(),
    );
}
