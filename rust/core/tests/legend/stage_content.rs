//! Stage-race content (ours: docs/content/legend.md): the shipped stages and routes, their
//! validation (every error names the file and the key), and saves that survive new content.

use crate::support::*;
use autodromo_core::legend::route::Finish;
use autodromo_core::legend::{Content, Legend};
use autodromo_core::Game;
use serde_json::json;

fn parse_with(file: &str, from: &str, to: &str) -> Result<Content, String> {
    let mut files = all_files();
    let f = files
        .iter_mut()
        .find(|(n, _)| n == file)
        .unwrap_or_else(|| panic!("no {file}"));
    assert!(f.1.contains(from), "{file} has no {from:?}");
    f.1 = f.1.replacen(from, to, 1);
    Content::parse(&files).map_err(|e| e.to_string())
}

#[test]
fn shipped_stages_and_routes_parse() {
    let c = content();
    let ids: Vec<&str> = c.stages.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "brescia_verona",
            "ravenna_roma",
            "roma_brescia",
            "verona_ravenna"
        ]
    );
    let rows: Vec<u16> = c.stages.iter().map(|s| s.track.len()).collect();
    assert_eq!(rows, [42, 63, 70, 50]);
    assert!(c.stages.iter().all(|s| !s.track.closed));
    let (_, mm) = c.route("mille_miglia").unwrap();
    let names: Vec<&str> = mm.stages.iter().map(|&k| c.stages[k].id.as_str()).collect();
    assert_eq!(
        names,
        [
            "brescia_verona",
            "verona_ravenna",
            "ravenna_roma",
            "roma_brescia"
        ]
    );
    assert_eq!(mm.start, 5 * 60);
    let (_, cb) = c.route("coppa_breve").unwrap();
    assert_eq!(cb.stages.len(), 2);
    assert_eq!(cb.start, 17 * 60 + 30);
    // Both finishes, Technical Assistance, fog, the damage icons, every rating, both slopes.
    let finishes: Vec<Finish> = c.stages.iter().map(|s| s.finish).collect();
    assert!(finishes.contains(&Finish::Arrivo));
    assert!(finishes.contains(&Finish::CheckPoint { speed_limit: 2 }));
    assert_eq!(
        c.stages
            .iter()
            .filter(|s| s.track.rows.iter().any(|r| r.assistance))
            .count(),
        3
    );
    assert!(c.stages.iter().any(|s| s.fog) && c.stages.iter().any(|s| !s.fog));
    let mut ratings: Vec<u8> = c
        .stages
        .iter()
        .flat_map(|s| s.track.turns.iter().map(|t| t.rating))
        .collect();
    ratings.sort_unstable();
    ratings.dedup();
    assert_eq!(ratings, [0, 1, 2, 3, 4]);
    assert_eq!(c.stage_races.chrono_minutes, 3);
    assert_eq!(c.stage_races.classes.len(), 6);
}

#[test]
fn laid_out_stages_do_not_overlap() {
    // The board and the LED maps draw the stages from the same cell centres: no stretch of road
    // may lie on another (three lanes a space apart: centres 3 apart at least).
    for s in &content().stages {
        let t = &s.track;
        let centre = |row: u16| t.centre(autodromo_core::grid::Cell { row, lane: 1 });
        for a in 0..t.len() {
            for b in a + 6..t.len() {
                let (p, q) = (centre(a), centre(b));
                let d = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
                assert!(d >= 3.0, "{}: rows {a} and {b} are {d:.2} apart", s.id);
            }
        }
    }
}

#[test]
fn stage_content_errors_name_the_file_and_the_key() {
    let cases = [
        (
            "stages/verona_ravenna.toml",
            "finish = \"checkpoint\"",
            "finish = \"arrival\"",
            "stages/verona_ravenna.toml: finish",
        ),
        (
            "stages/brescia_verona.toml",
            "finish = \"arrivo\"",
            "finish = \"arrivo\"\nspeed_limit = 2",
            "only a Check Point carries a speed limit",
        ),
        (
            "stages/verona_ravenna.toml",
            "speed_limit = 2",
            "speed_limit = 20",
            "speed_limit",
        ),
        (
            "stages/verona_ravenna.toml",
            "slope = \"flat\"\nassistance = true",
            "slope = \"flat\"\nbox = true",
            "tiles[3].box",
        ),
        (
            "circuits/example.toml",
            "box = true",
            "box = true\nassistance = true",
            "Stage races only",
        ),
        (
            "stages/brescia_verona.toml",
            "tile = \"straight_6\"",
            "tile = \"turn_45_left\"\nrating = \"E\"",
            "tiles[0].tile",
        ),
        (
            "stages/verona_ravenna.toml",
            "wear = { engine = 0, brakes = 0, tires = 1, temperature = 0 }",
            "wear = { engine = 0, brakes = 0, tires = 1, oil = 1 }",
            "stages/verona_ravenna.toml",
        ),
        (
            "routes/coppa_breve.toml",
            "\"verona_ravenna\"]",
            "\"verona_ravena\"]",
            "routes/coppa_breve.toml: stages[1]",
        ),
        (
            "routes/coppa_breve.toml",
            "stages = [\"brescia_verona\", \"verona_ravenna\"]",
            "stages = [\"verona_ravenna\", \"brescia_verona\"]",
            "final Check Point",
        ),
        (
            "routes/coppa_breve.toml",
            "start = \"17:30\"",
            "start = \"5pm\"",
            "routes/coppa_breve.toml: start",
        ),
        (
            "routes/coppa_breve.toml",
            "start = \"17:30\"",
            "start = \"17:31\"",
            "a step of the Chrono board",
        ),
        (
            "stage_races.toml",
            "chrono_minutes = 3",
            "chrono_minutes = 4",
            "stage_races.toml: chrono_minutes",
        ),
        (
            "stage_races.toml",
            "  \"Gran Turismo\",\n",
            "",
            "Gran Turismo",
        ),
        (
            "stage_races.toml",
            "  \"Gran Turismo\",\n",
            "  \"Gran Turismo\",\n  \"Gran Turismo\",\n",
            "stage_races.toml: classes[3]",
        ),
    ];
    for (file, from, to, expect) in cases {
        let e = parse_with(file, from, to).expect_err(file);
        assert!(e.contains(expect), "{file}: {e:?} does not say {expect:?}");
    }
}

#[test]
fn adding_a_stage_or_a_route_breaks_no_saved_race() {
    // A save records a hash of the content it used; a Track race's hash covers none of the
    // Stage-race files, and a route's covers only its own stages.
    let all = all_files();
    let track_only: Vec<(String, String)> = all
        .iter()
        .filter(|(n, _)| {
            !n.starts_with("stages/") && !n.starts_with("routes/") && n != "stage_races.toml"
        })
        .cloned()
        .collect();
    let with = Content::parse(&all).unwrap();
    let without = Content::parse(&track_only).unwrap();
    assert_eq!(with.hash, without.hash);
    assert!(without.stages.is_empty() && without.routes.is_empty());
    let more = content_with(&[(
        "routes/sud.toml",
        "name = \"Sud\"\nstart = \"10:00\"\nstages = [\"ravenna_roma\", \"roma_brescia\"]\n",
    )]);
    let hash = |c: std::sync::Arc<Content>, route: &str| {
        Legend::new(
            c,
            &json!({"route": route, "cars": ["bugatti_type_35", "fiat_1100s"]}),
        )
        .unwrap()
        .content_hash()
    };
    assert_eq!(
        hash(more.clone(), "coppa_breve"),
        hash(content(), "coppa_breve")
    );
    assert_ne!(hash(more.clone(), "sud"), hash(more, "coppa_breve"));
}

#[test]
fn historical_points_need_every_class_in_the_order() {
    let content = content_with(&[("stage_races.toml", "chrono_minutes = 3\n")]);
    let e = Legend::new(
        content,
        &json!({"route": "coppa_breve", "cars": ["bugatti_type_35", "fiat_1100s"],
                "historical_points": true}),
    )
    .expect_err("no class order")
    .to_string();
    assert!(
        e.contains("historical_points") && e.contains("classes"),
        "{e}"
    );
}
