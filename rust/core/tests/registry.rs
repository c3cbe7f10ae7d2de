//! The game registry (issue 11, item 1): every game is built by id through `AnyGame::load`, and
//! a game played through `AnyGame`/`AnyState` is the same game as the one played directly.
use std::path::{Path, PathBuf};

use autodromo_core::registry::{AnyGame, AnyState, GAME_IDS};
use autodromo_core::rng::SplitMix64;
use autodromo_core::sim::{runner, Policy, Sim};
use autodromo_core::{on_game, Error, Game, Player, State};
use serde_json::json;

/// Every `.toml` under a game's content folder as (relative path, text), sorted by path, as the
/// Python layer passes them.
fn content_files(id: &str) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "toml") {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((rel, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let root: PathBuf =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../python/autodromo/content/{id}"));
    let mut files = Vec::new();
    if root.is_dir() {
        walk(&root, &root, &mut files);
    }
    files.sort();
    files
}

/// A two-seat game of `id` on its content.
fn load(id: &str) -> AnyGame {
    let files = content_files(id);
    let content = (!files.is_empty()).then_some(files.as_slice());
    AnyGame::load(id, &json!({"players": 2}), content)
        .or_else(|_| AnyGame::load(id, &json!({}), content))
        .unwrap_or_else(|e| panic!("{id}: {e}"))
}

#[test]
fn the_registry_lists_every_game_once_and_builds_each_by_its_id() {
    assert_eq!(
        GAME_IDS,
        ["mille_bornes", "legend", "lamborghini", "formula90"]
    );
    for id in GAME_IDS {
        let game = load(id);
        assert_eq!(game.id(), *id);
        assert!(matches!(
            game.new_initial_state().current_player(),
            Player::Seat(_) | Player::Chance
        ));
    }
}

#[test]
fn an_unknown_game_or_missing_content_is_refused_by_name() {
    let err = AnyGame::load("monaco", &json!({}), None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "option \"game\": unknown game \"monaco\"; known: mille_bornes, legend, lamborghini, formula90"
    );
    for (id, name) in [
        ("legend", "Legend"),
        ("lamborghini", "Lamborghini"),
        ("formula90", "Formula 90"),
    ] {
        let err = AnyGame::load(id, &json!({}), None).unwrap_err();
        assert_eq!(
            err,
            Error::options("content", format!("{name} needs its content files"))
        );
    }
}

/// A seeded game with `medium` bots, through the registry's dispatch and through the game's own
/// type (`on_game!`): the same actions, the same end.
#[test]
fn a_game_through_the_registry_is_the_game_itself() {
    let medium = Policy::parse("medium").unwrap();
    for id in GAME_IDS {
        let game = load(id);
        let seats = game.num_players();
        let via_registry = runner::play_one(&game, 5, 0, &vec![medium; seats]).unwrap();
        let direct = on_game!(&game, g => runner::play_one(g, 5, 0, &vec![medium; seats]).unwrap());
        assert_eq!(via_registry, direct, "{id}");
    }
}

/// `apply_whole` refuses an illegal action with the game's reason and changes nothing; a legal
/// one advances as `apply_action` does; a save goes back through `deserialize_state`.
#[test]
fn apply_whole_is_all_or_nothing_and_saves_round_trip() {
    for id in GAME_IDS {
        let game = load(id);
        let mut s: AnyState = game.new_initial_state();
        let mut rng = SplitMix64::new(3);
        for _ in 0..40 {
            if s.is_terminal() {
                break;
            }
            let legal = s.legal_actions();
            let illegal = (0..game.num_distinct_actions() as u32).find(|a| !legal.contains(a));
            if let Some(bad) = illegal {
                let before = s.clone();
                let err = s.apply_whole(bad).unwrap_err();
                assert_eq!(Some(err), before.why_illegal(bad), "{id}");
                assert_eq!(s, before, "{id}: a refused action changed the state");
            }
            let a = match s.current_player() {
                Player::Chance => s.sample_chance(&mut rng).unwrap(),
                _ => s.heuristic(&legal).unwrap_or(legal[0]),
            };
            let mut expected = s.clone();
            expected.apply_action(a).unwrap();
            s.apply_whole(a).unwrap();
            assert_eq!(s, expected, "{id}");
        }
        let back = game.deserialize_state(&s.serialize()).unwrap();
        assert_eq!(back, s, "{id}");
        assert_eq!(back.game().id(), *id);
    }
}
