//! `Game::board()`: the circuit as the core built it, checked against the content files read
//! here on their own (rows, lanes, turns and their markers, slopes, Box, sections), with the
//! finish line where the lap starts and the same text from every load.
use std::path::{Path, PathBuf};
use std::sync::Arc;

use autodromo_core::lamborghini::{self, Lamborghini};
use autodromo_core::legend::{self, Legend};
use autodromo_core::mille_bornes::MilleBornes;
use autodromo_core::Game;
use serde_json::{json, Value};

fn root(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../python/autodromo/content/{game}"))
}

fn toml_file(path: &Path) -> toml::Value {
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn ids(game: &str, dir: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root(game).join(dir))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".toml").map(String::from))
        .collect();
    out.sort();
    out
}

fn legend_content() -> Arc<legend::Content> {
    Arc::new(legend::Content::from_dir(&root("legend")).unwrap())
}

fn lambo_content() -> Arc<lamborghini::Content> {
    Arc::new(lamborghini::Content::from_dir(&root("lamborghini")).unwrap())
}

fn legend_board(content: Arc<legend::Content>, options: Value) -> Value {
    let mut options = options;
    options["cars"] = json!([content.cars[0].id, content.cars[1].id]);
    Legend::new(content, &options).unwrap().board().unwrap()
}

fn point(v: &Value) -> [f64; 2] {
    [v[0].as_f64().unwrap(), v[1].as_f64().unwrap()]
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

/// Every row has one centre per lane, a space or so from the same lane of the row before (the
/// last row of a circuit leads back to the first).
fn check_cells(board: &Value, lanes: usize) {
    let rows = board["rows"].as_array().unwrap();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["row"], i);
        let cells = row["cells"].as_array().unwrap();
        assert_eq!(cells.len(), lanes, "row {i}");
        for lane in 1..lanes {
            let gap = dist(point(&cells[lane - 1]), point(&cells[lane]));
            assert!((gap - 1.0).abs() < 0.01, "row {i}: lanes {gap} apart");
        }
    }
    let pairs = rows.len() - usize::from(!board["closed"].as_bool().unwrap());
    for i in 0..pairs {
        let (a, b) = (
            &rows[i]["cells"][lanes / 2],
            &rows[(i + 1) % rows.len()]["cells"][lanes / 2],
        );
        let step = dist(point(a), point(b));
        assert!(
            (0.5..=1.7).contains(&step),
            "rows {i} and {}: {step} apart",
            i + 1
        );
    }
}

/// The finish line crosses the whole road (half a lane past each edge) halfway between the row
/// before it and the row after it (past an open road's last row: half a step on).
fn check_finish(board: &Value, lanes: usize) {
    let f = &board["finish"];
    let line = [point(&f["line"][0]), point(&f["line"][1])];
    assert!(
        (dist(line[0], line[1]) - lanes as f64).abs() < 0.05,
        "{line:?}"
    );
    let row = f["row"].as_u64().unwrap() as usize;
    let rows = board["rows"].as_array().unwrap();
    let n = rows.len();
    let middle = |r: usize| {
        let (a, b) = (
            point(&rows[r]["cells"][0]),
            point(&rows[r]["cells"][lanes - 1]),
        );
        [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]
    };
    let (a, b) = if row < n {
        (middle((row + n - 1) % n), middle(row))
    } else {
        let (p, q) = (middle(n - 2), middle(n - 1));
        (q, [2.0 * q[0] - p[0], 2.0 * q[1] - p[1]])
    };
    let mid = [
        (line[0][0] + line[1][0]) / 2.0,
        (line[0][1] + line[1][1]) / 2.0,
    ];
    let want = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
    assert!(
        dist(mid, want) < 0.1,
        "finish line at {mid:?}, not between its rows at {want:?}"
    );
}

#[test]
fn legend_circuits_match_their_files() {
    let content = legend_content();
    let tiles_doc = toml_file(&root("legend").join("tiles.toml"));
    let lanes = tiles_doc["lanes"].as_integer().unwrap() as usize;
    let tiles = tiles_doc["tile"].as_array().unwrap();
    let tile = |id: &str| tiles.iter().find(|t| t["id"].as_str() == Some(id)).unwrap();
    let circuits = ids("legend", "circuits");
    assert!(circuits.len() >= 2);
    for id in circuits {
        let doc = toml_file(&root("legend").join(format!("circuits/{id}.toml")));
        let b = legend_board(content.clone(), json!({ "circuit": id }));
        assert_eq!(b["game"], "legend");
        assert_eq!(b["kind"], "circuit");
        assert_eq!(b["id"], id.as_str());
        assert_eq!(b["name"], doc["name"].as_str().unwrap());
        assert_eq!(b["laps"], doc["laps"].as_integer().unwrap());
        assert_eq!(b["grid_rows"], doc["grid_rows"].as_integer().unwrap());
        assert_eq!(b["closed"], true);
        assert_eq!(b["lanes"], lanes);
        let placed = doc["tiles"].as_array().unwrap();
        let (mut row, mut turns, mut box_rows) = (0usize, Vec::new(), Vec::new());
        for (k, p) in placed.iter().enumerate() {
            let t = tile(p["tile"].as_str().unwrap());
            let n = t["rows"].as_integer().unwrap() as usize;
            let s = &b["sections"][k];
            assert_eq!(
                (s["first_row"].as_u64(), s["rows"].as_u64()),
                (Some(row as u64), Some(n as u64))
            );
            let slope = p.get("slope").and_then(|v| v.as_str()).unwrap_or("flat");
            for r in row..row + n {
                assert_eq!(b["rows"][r]["slope"], slope, "{id} row {r}");
                assert_eq!(b["rows"][r]["section"], k);
            }
            if p.get("box").and_then(|v| v.as_bool()) == Some(true) {
                box_rows.extend(row..row + n);
            }
            if t["kind"].as_str() == Some("turn") {
                let entry = row + t["entry"].as_integer().unwrap() as usize;
                let exit = row + t["exit"].as_integer().unwrap() as usize;
                let best: Vec<i64> = t["best_line"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_integer().unwrap())
                    .collect();
                turns.push((p["rating"].as_str().unwrap().to_string(), entry, exit, best));
            }
            row += n;
        }
        assert_eq!(b["length"], row, "{id}");
        assert_eq!(b["rows"].as_array().unwrap().len(), row);
        assert_eq!(b["sections"].as_array().unwrap().len(), placed.len());
        let got_box: Vec<usize> = (0..row).filter(|&r| b["rows"][r]["box"] == true).collect();
        assert_eq!(got_box, box_rows, "{id}: the Box stretch");
        assert!(!box_rows.is_empty(), "{id}: a circuit has a Box");
        let bt = b["turns"].as_array().unwrap();
        assert_eq!(bt.len(), turns.len(), "{id}: turns");
        for (k, (marker, entry, exit, best)) in turns.iter().enumerate() {
            let t = &bt[k];
            assert_eq!(t["marker"], marker.as_str());
            assert_eq!(
                (t["entry"].as_u64(), t["exit"].as_u64()),
                (Some(*entry as u64), Some(*exit as u64))
            );
            assert_eq!(t["best_line"], json!(best), "{id} turn {k}");
            for r in *entry..=*exit {
                assert_eq!(b["rows"][r]["turn"], k, "{id} row {r}");
                assert_eq!(b["rows"][r]["best_lane"], best[r - entry]);
            }
            let line = [point(&t["entry_line"][0]), point(&t["entry_line"][1])];
            assert!((dist(line[0], line[1]) - lanes as f64).abs() < 0.05);
            // The marker stands before the entry line, off the turn's first row.
            let first = point(&b["rows"][*entry]["cells"][best[0] as usize]);
            assert!((dist(point(&t["marker_at"]), first) - 1.2).abs() < 0.05);
        }
        let in_turns = (0..row)
            .filter(|&r| !b["rows"][r]["turn"].is_null())
            .count();
        assert_eq!(in_turns, turns.iter().map(|t| t.2 - t.1 + 1).sum::<usize>());
        check_cells(&b, lanes);
        check_finish(&b, lanes);
        assert_eq!(b["finish"]["row"], 0);
        // The walk starts at the origin: a circuit that closes ends its last row there.
        let last = point(&b["rows"][row - 1]["cells"][lanes / 2]);
        assert!(
            dist(last, [0.0, 0.0]) < 0.5,
            "{id}: the loop closes ({last:?})"
        );
    }
}

#[test]
fn legend_routes_give_each_stage_as_an_open_road() {
    let content = legend_content();
    for id in ids("legend", "routes") {
        let doc = toml_file(&root("legend").join(format!("routes/{id}.toml")));
        let b = legend_board(content.clone(), json!({ "route": id }));
        assert_eq!(
            (b["kind"].as_str(), b["id"].as_str()),
            (Some("route"), Some(id.as_str()))
        );
        let names: Vec<&str> = doc["stages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let stages = b["stages"].as_array().unwrap();
        assert_eq!(stages.len(), names.len());
        for (s, name) in stages.iter().zip(names) {
            assert_eq!(
                (s["kind"].as_str(), s["id"].as_str()),
                (Some("stage"), Some(name))
            );
            assert_eq!(s["closed"], false);
            let sd = toml_file(&root("legend").join(format!("stages/{name}.toml")));
            assert_eq!(
                s["sections"].as_array().unwrap().len(),
                sd["tiles"].as_array().unwrap().len()
            );
            let lanes = s["lanes"].as_u64().unwrap() as usize;
            check_cells(s, lanes);
            check_finish(s, lanes);
            assert_eq!(
                s["finish"]["row"], s["length"],
                "{name}: the finish line follows the last row"
            );
            let assisted = (0..s["length"].as_u64().unwrap() as usize)
                .filter(|&r| s["rows"][r]["assistance"] == true)
                .count();
            let marked = sd["tiles"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t.get("assistance").and_then(|v| v.as_bool()) == Some(true));
            assert_eq!(assisted > 0, marked, "{name}: Technical Assistance");
        }
    }
}

#[test]
fn lamborghini_circuits_match_their_files() {
    let content = lambo_content();
    let circuits = ids("lamborghini", "circuits");
    assert!(circuits.len() >= 2);
    for id in circuits {
        let doc = toml_file(&root("lamborghini").join(format!("circuits/{id}.toml")));
        let g = Lamborghini::new(content.clone(), &json!({ "circuit": id })).unwrap();
        let b = g.board().unwrap();
        let lanes = doc["lanes"].as_integer().unwrap() as usize;
        assert_eq!(
            (b["game"].as_str(), b["id"].as_str()),
            (Some("lamborghini"), Some(id.as_str()))
        );
        assert_eq!(b["lanes"], lanes);
        assert_eq!(b["name"], doc["name"].as_str().unwrap());
        let sections = doc["section"].as_array().unwrap();
        let bs = b["sections"].as_array().unwrap();
        assert_eq!(bs.len(), sections.len());
        let mut row = 0;
        for (k, (s, got)) in sections.iter().zip(bs).enumerate() {
            let n = s["rows"].as_integer().unwrap();
            assert_eq!(got["first_row"], row, "{id} section {k}");
            assert_eq!(got["rows"], n);
            let angle = s.get("angle").and_then(|a| a.as_float()).unwrap_or(0.0);
            assert!((got["angle"].as_f64().unwrap() - angle).abs() < 1e-3);
            row += n;
        }
        assert_eq!(b["length"], row);
        assert!(
            b["turns"].as_array().unwrap().is_empty(),
            "no turn markers in Lamborghini"
        );
        check_cells(&b, lanes);
        check_finish(&b, lanes);
    }
}

#[test]
fn the_text_is_the_same_from_every_load() {
    let a = legend_board(legend_content(), json!({ "circuit": "castelrosso" })).to_string();
    let b = legend_board(legend_content(), json!({ "circuit": "castelrosso" })).to_string();
    assert_eq!(a, b);
    let g = Lamborghini::new(lambo_content(), &json!({})).unwrap();
    assert_eq!(
        g.board().unwrap().to_string(),
        g.board().unwrap().to_string()
    );
    // Coordinates are rounded to a thousandth: no float noise in the text.
    let noisy = a
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|n| n.split_once('.'))
        .any(|(_, frac)| frac.len() > 3);
    assert!(!noisy, "a coordinate with more than three decimals");
}

#[test]
fn mille_bornes_has_no_board() {
    let g = MilleBornes::from_json(&json!({})).unwrap();
    assert_eq!(g.board(), None);
}
