//! Formula 90 content and options: the shipped files parse; every error names the file and the
//! key; a race's content hash covers only the files it reads.

use crate::support::*;
use autodromo_core::formula90::{Content, Formula90};
use autodromo_core::{Error, Game};
use serde_json::json;

fn with(path: &str, edit: impl Fn(&str) -> String) -> Result<Content, Error> {
    let files: Vec<(String, String)> = shipped_files()
        .into_iter()
        .map(|(p, t)| if p == path { (p, edit(&t)) } else { (p, t) })
        .collect();
    Content::parse(&files)
}

fn error_of(path: &str, edit: impl Fn(&str) -> String) -> (String, String, String) {
    match with(path, edit) {
        Err(Error::Content { file, key, reason }) => (file, key, reason),
        other => panic!("expected a content error, got {other:?}"),
    }
}

#[test]
fn the_second_track_has_its_own_track_deck() {
    let c = content();
    let colline = c.track("colline").expect("the Colline track");
    assert_eq!(colline.len(), 22);
    assert_eq!(colline.pit, 6);
    assert_eq!(colline.turns, 18);
    assert_eq!(
        colline.cards.len(),
        15,
        "three cards for each of its five corners"
    );
    for corner in 1..=5 {
        assert_eq!(
            colline.cards.iter().filter(|k| k.corner == corner).count(),
            3
        );
        assert!(colline.sections.iter().any(|s| s.corner == corner));
    }
    let g = game(serde_json::json!({"track": "colline", "players": 3}));
    assert_eq!(g.race.track().name, "Circuito delle Colline");
    assert_eq!(g.race.track_cards(), 15);
}

#[test]
fn the_shipped_content_parses() {
    let c = content();
    assert_eq!(c.race_cards.len(), 99);
    assert!((1..=99).all(|cf| c.race_cards[cf - 1].cf as usize == cf));
    let lago = c.track("lago").expect("the Lago track");
    assert_eq!(lago.len(), 24);
    assert_eq!(lago.cards.len(), 18);
    assert_eq!(c.robots.chits.len(), 30);
    assert_eq!(c.chart.tyres, 10);
    assert_eq!(c.chart.hand, 6);
    assert_eq!(c.chart.wear_slots, 5);
}

#[test]
fn the_race_deck_has_one_card_per_check_factor() {
    let (file, key, reason) =
        error_of("race_cards.toml", |t| t.replacen("cf = 2\n", "cf = 1\n", 1));
    assert_eq!(file, "race_cards.toml");
    assert_eq!(key, "card[1].cf");
    assert!(reason.contains("check factor 1 twice"), "{reason}");
    let (_, key, reason) = error_of("race_cards.toml", |t| {
        let i = t.rfind("[[card]]").unwrap();
        t[..i].to_string()
    });
    assert_eq!(key, "card");
    assert!(reason.contains("98 cards"), "{reason}");
}

#[test]
fn card_values_are_checked() {
    let (_, key, reason) = error_of("race_cards.toml", |t| t.replacen("mp = 1\n", "mp = 5\n", 1));
    assert_eq!(key, "card[0].mp");
    assert!(reason.contains("1 to 4"), "{reason}");
    let (_, key, _) = error_of("race_cards.toml", |t| {
        t.replacen("colour = \"yellow\"", "colour = \"purple\"", 1)
    });
    assert_eq!(key, "card[0].colour");
    let (_, key, reason) = error_of("race_cards.toml", |t| {
        t.replacen("mp = 1\n", "mp = 1\ncorner = 2\n", 1)
    });
    assert_eq!(key, "card[0].corner");
    assert!(reason.contains("only Track Cards"), "{reason}");
}

#[test]
fn a_toml_error_names_the_line() {
    let (file, key, _) = error_of("robots.toml", |t| {
        t.replacen("target_check = 70", "target_check = seventy", 1)
    });
    assert_eq!(file, "robots.toml");
    assert!(key.starts_with("line "), "{key}");
    let (_, key, reason) = error_of("cars.toml", |t| {
        t.replacen("[chart]", "[chart]\nturbo = 1", 1)
    });
    assert!(key.contains("turbo"), "{key}");
    assert!(reason.contains("unknown field"), "{reason}");
}

#[test]
fn track_errors_name_the_section() {
    let path = "tracks/lago/track.toml";
    let (file, key, reason) = error_of(path, |t| {
        t.replacen(
            "kind = \"straight\"\nlength = 4.0\n",
            "kind = \"straight\"\nlength = 4.0\nlate_brake = { modifier = -10, recovery = \"prima\" }\n",
            1,
        )
    });
    assert_eq!(file, path);
    assert_eq!(key, "section[0].late_brake");
    assert!(reason.contains("braking zones"), "{reason}");
    let (_, key, reason) = error_of(path, |t| {
        t.replacen("recovery = \"prima\"", "recovery = \"nowhere\"", 1)
    });
    assert_eq!(key, "section[2].late_brake.recovery");
    assert!(reason.contains("no recovery chart"), "{reason}");
    let (_, key, _) = error_of(path, |t| t.replacen("name = \"Curva Prima\"\n", "", 1));
    assert_eq!(key, "section[3]");
    let (_, key, reason) = error_of(path, |t| t.replacen("reenter = 5 }", "reenter = 99 }", 1));
    assert_eq!(key, "recovery[0].node[0].pass.reenter");
    assert!(reason.contains("sections count from 1 to 24"), "{reason}");
    let (_, key, reason) = error_of(path, |t| {
        t.replacen(
            "fail = { wear = 1, time_loss = 2, reenter = 5 }",
            "fail = { wear = 1 }",
            1,
        )
    });
    assert_eq!(key, "section[2].late_brake.recovery");
    assert!(reason.contains("re-entry point or abandoning"), "{reason}");
    let (_, key, _) = error_of(path, |t| t.replacen("pit = 7", "pit = 40", 1));
    assert_eq!(key, "pit");
}

#[test]
fn track_card_errors_name_the_card() {
    let path = "tracks/lago/cards.toml";
    let (file, key, reason) = error_of(path, |t| t.replacen("corner = 1\n", "corner = 9\n", 1));
    assert_eq!(file, path);
    assert_eq!(key, "card[0].corner");
    assert!(reason.contains("no corner 9"), "{reason}");
    let (_, key, _) = error_of(path, |t| t.replacen("number = 2\n", "number = 1\n", 1));
    assert_eq!(key, "card[1].number");
}

#[test]
fn robots_and_cars_are_checked() {
    let (_, key, _) = error_of("robots.toml", |t| {
        t.replacen("lineup = [[2, 3, 3], ", "lineup = [", 1)
    });
    assert_eq!(key, "lineup");
    let (_, key, reason) = error_of("robots.toml", |t| {
        let i = t.find("[[chit]]").unwrap();
        t[..i].to_string()
    });
    assert_eq!(key, "chit");
    assert!(reason.contains("chits for a line-up"), "{reason}");
    let (_, key, _) = error_of("cars.toml", |t| {
        let i = t.rfind("[[car]]").unwrap();
        t[..i].to_string()
    });
    assert_eq!(key, "car");
}

#[test]
fn a_missing_file_is_named() {
    let files: Vec<(String, String)> = shipped_files()
        .into_iter()
        .filter(|(p, _)| p != "robots.toml")
        .collect();
    match Content::parse(&files) {
        Err(Error::Content { file, .. }) => assert_eq!(file, "robots.toml"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_options_are_refused_with_the_key() {
    let c = content();
    let bad = |o: serde_json::Value, key: &str| match Formula90::new(c.clone(), &o) {
        Err(Error::Options { key: k, reason }) => assert_eq!(k, key, "{reason}"),
        other => panic!("{o}: {other:?}"),
    };
    bad(json!({"players": 7}), "players");
    bad(json!({"track": "monza"}), "track");
    bad(json!({"laps": 3}), "laps");
    bad(json!({"robots": {"superfast": 11}}), "robots");
    bad(json!({"robots": ["rocket"]}), "robots");
    bad(json!({"turns": 1}), "turns");
    bad(json!({"duel_tie_wear": "two"}), "duel_tie_wear");
    let g = Formula90::new(c.clone(), &json!({})).unwrap();
    assert_eq!(g.num_players(), 2, "defaults that play");
    assert_eq!(g.options_json()["track"], "lago");
}

#[test]
fn a_races_content_hash_covers_only_the_files_it_reads() {
    let lago = Formula90::new(content(), &json!({})).unwrap();
    let with_book = Formula90::new(book_content(), &json!({})).unwrap();
    assert_eq!(
        lago.content_hash(),
        with_book.content_hash(),
        "another track changes nothing"
    );
    let edited = with("tracks/lago/track.toml", |t| {
        t.replacen("pit = 7", "pit = 6", 1)
    })
    .unwrap();
    let other = Formula90::new(std::sync::Arc::new(edited), &json!({})).unwrap();
    assert_ne!(lago.content_hash(), other.content_hash());
    // A save refuses other content.
    let s = lago.new_initial_state();
    assert!(other
        .deserialize_state(&autodromo_core::State::serialize(&s))
        .is_err());
}
