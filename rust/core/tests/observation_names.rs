//! Every game names each feature of its observation tensor (issue 35): as many names as
//! features, none twice, for every option set that changes the layout; and a few named
//! features read back what the state holds.
use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use autodromo_core::formula90::{self, Formula90};
use autodromo_core::game::{Game, State};
use autodromo_core::lamborghini::{self, Lamborghini};
use autodromo_core::legend::{self, Legend};
use autodromo_core::mille_bornes::MilleBornes;
use autodromo_core::rng::SplitMix64;
use serde_json::json;

fn content_dir(game: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../python/autodromo/content/{game}"))
}

fn names_fit<G: Game>(g: &G) -> Vec<String> {
    let names = g.observation_names();
    assert_eq!(
        names.len(),
        g.observation_len(),
        "{}: one name a feature",
        g.id()
    );
    let unique: HashSet<&String> = names.iter().collect();
    assert_eq!(unique.len(), names.len(), "{}: no name twice", g.id());
    assert!(names.iter().all(|n| !n.is_empty() && !n.contains('?')));
    names
}

/// The feature named `name` for `seat` after `steps` random steps.
fn feature<G: Game>(
    g: &G,
    names: &[String],
    name: &str,
    seat: usize,
    steps: usize,
) -> (f32, G::State) {
    let mut s = g.new_initial_state();
    let mut rng = SplitMix64::new(7);
    for _ in 0..steps {
        if s.is_terminal() {
            break;
        }
        let a = if s.is_chance_node() {
            s.sample_chance(&mut rng).unwrap()
        } else {
            let legal = s.legal_actions();
            legal[rng.below(legal.len() as u32) as usize]
        };
        s.apply_action(a).unwrap();
    }
    let mut out = vec![0f32; g.observation_len()];
    s.observation_tensor(seat, &mut out);
    let at = names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no feature {name:?}"));
    (out[at], s)
}

#[test]
fn mille_bornes_names_every_feature() {
    for opts in [
        json!({}),
        json!({"players": 2}),
        json!({"players": 3}),
        json!({"players": 6, "teams": 3}),
    ] {
        let g = MilleBornes::from_json(&opts).unwrap();
        let names = names_fit(&g);
        let (x, s) = feature(&g, &names, "draw pile (of 106)", 0, 40);
        let deck = s.view(Some(0))["deck_size"].as_f64().unwrap() as f32;
        assert_eq!(x, deck / 106.0);
    }
}

#[test]
fn legend_names_every_feature_and_reads_the_turn_ahead() {
    let content = Arc::new(legend::Content::from_dir(&content_dir("legend")).unwrap());
    let cars: Vec<String> = content.cars.iter().take(3).map(|c| c.id.clone()).collect();
    let track = Legend::new(
        content.clone(),
        &json!({"circuit": "example", "cars": cars[..2]}),
    )
    .unwrap();
    let names = names_fit(&track);
    // The issue: 35 floats for two cars carried no turn ahead, safe speed or ratings.
    assert_eq!(names.len(), 2 * 19 + 9);
    for steps in [30, 120, 300] {
        let (x, s) = feature(
            &track,
            &names,
            "car +1: next turn: safe speed (of 12)",
            0,
            steps,
        );
        let v = s.view(Some(0));
        let pin = v["cars"][1]["next_turn"]["safe_speed"]
            .as_f64()
            .map_or(0.0, |p| p as f32 / 12.0);
        assert_eq!(x, pin, "after {steps} steps");
        let (top, _) = feature(&track, &names, "car +0: top speed now (of 12)", 0, steps);
        assert_eq!(
            top,
            v["cars"][0]["top_speed"].as_f64().unwrap() as f32 / 12.0
        );
    }
    let stage = Legend::new(content, &json!({"route": "coppa_breve", "cars": cars})).unwrap();
    names_fit(&stage);
}

#[test]
fn lamborghini_names_every_feature() {
    let content = Arc::new(lamborghini::Content::from_dir(&content_dir("lamborghini")).unwrap());
    for players in [2, 3, 4] {
        let g = Lamborghini::new(content.clone(), &json!({"players": players})).unwrap();
        let names = names_fit(&g);
        let (x, _) = feature(&g, &names, "car 1 (seat 1): mine", 0, 10);
        assert_eq!(x, 1.0);
        // The seat's own cards, one flag each (issue 35): as many as its hand holds.
        let (_, s) = feature(&g, &names, "car 1 (seat 1): mine", 0, 80);
        let mut out = vec![0f32; g.observation_len()];
        s.observation_tensor(0, &mut out);
        let held = names
            .iter()
            .zip(&out)
            .filter(|(n, &v)| n.starts_with("my cards: ") && v == 1.0)
            .count();
        assert!(held > 0);
        assert_eq!(held, s.hands[0].cards.len());
    }
}

#[test]
fn formula90_names_every_feature() {
    let content = Arc::new(formula90::Content::from_dir(&content_dir("formula90")).unwrap());
    let g = Formula90::new(content, &json!({"players": 2})).unwrap();
    let names = names_fit(&g);
    let (x, _) = feature(&g, &names, "car 1: mine", 0, 5);
    assert_eq!(x, 1.0);
    let (y, _) = feature(&g, &names, "car 2: mine", 0, 5);
    assert_eq!(y, 0.0);
}
