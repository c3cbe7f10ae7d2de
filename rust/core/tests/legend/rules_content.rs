//! Content errors: the shipped files of `python/autodromo/content/legend` with one file altered
//! must be refused with an error that names the file and the key (docs/content/legend.md: "an
//! error names the file and the key").

use crate::support::all_files;

use autodromo_core::legend::Content;
use autodromo_core::Error;

fn text_of(file: &str) -> String {
    all_files().into_iter().find(|(n, _)| n == file).unwrap().1
}

/// Index of the `[[table]]` entry holding `anchor` (counted from 0).
fn entry_index(file: &str, table: &str, anchor: &str) -> usize {
    let text = text_of(file);
    let at = text
        .find(anchor)
        .unwrap_or_else(|| panic!("{file}: no {anchor:?}"));
    text[..at].matches(&format!("[[{table}]]")).count() - 1
}

/// Parses the shipped content with `from` (the first one after `anchor`) replaced by `to`.
fn parse_with(file: &str, anchor: &str, from: &str, to: &str) -> Result<Content, Error> {
    let mut files = all_files();
    let f = files.iter_mut().find(|(n, _)| n == file).unwrap();
    let at =
        f.1.find(anchor)
            .unwrap_or_else(|| panic!("{file}: no {anchor:?}"));
    let rel = f.1[at..]
        .find(from)
        .unwrap_or_else(|| panic!("{file}: no {from:?} after {anchor:?}"));
    f.1.replace_range(at + rel..at + rel + from.len(), to);
    Content::parse(&files)
}

fn content_error(r: Result<Content, Error>, file: &str, key: &str, reason: &str) {
    match r {
        Err(Error::Content {
            file: f,
            key: k,
            reason: why,
        }) => {
            assert_eq!(f, file, "the file ({k}: {why})");
            assert_eq!(k, key, "the key ({why})");
            assert!(why.contains(reason), "{why:?} does not say {reason:?}");
        }
        Err(e) => panic!("not a content error: {e}"),
        Ok(_) => panic!("accepted"),
    }
}

const TILE_45: &str = "id = \"turn_45_left\"";
const B_PLACEMENT: &str = "tile = \"turn_90_long_left\"";

#[test]
fn shipped_content_parses() {
    let c = Content::parse(&all_files()).expect("the shipped content is valid");
    assert_eq!(c.lanes, 3);
    assert!(c.circuits.len() >= 2);
}

#[test]
fn turn_exit_before_entry() {
    let i = entry_index("tiles.toml", "tile", TILE_45);
    content_error(
        parse_with(
            "tiles.toml",
            TILE_45,
            "entry = 0\nexit = 2",
            "entry = 2\nexit = 1",
        ),
        "tiles.toml",
        &format!("tile[{i}].exit"),
        "before the entry line",
    );
    content_error(
        parse_with("tiles.toml", TILE_45, "exit = 2", "exit = 3"),
        "tiles.toml",
        &format!("tile[{i}].exit"),
        "past the tile",
    );
}

#[test]
fn unknown_turn_rating_in_a_circuit() {
    let i = entry_index("circuits/example.toml", "tiles", B_PLACEMENT);
    content_error(
        parse_with(
            "circuits/example.toml",
            B_PLACEMENT,
            "rating = \"B\"",
            "rating = \"F\"",
        ),
        "circuits/example.toml",
        &format!("tiles[{i}].rating"),
        "A, B, C, D or E",
    );
    content_error(
        parse_with(
            "circuits/example.toml",
            B_PLACEMENT,
            "rating = \"B\"",
            "rating = \"AB\"",
        ),
        "circuits/example.toml",
        &format!("tiles[{i}].rating"),
        "A, B, C, D or E",
    );
    // A turn without a marker.
    content_error(
        parse_with("circuits/example.toml", B_PLACEMENT, "rating = \"B\"\n", ""),
        "circuits/example.toml",
        &format!("tiles[{i}].rating"),
        "a turn needs a rating",
    );
    // A marker on a straight.
    content_error(
        parse_with(
            "circuits/example.toml",
            "tile = \"straight_6\"",
            "slope = \"flat\"",
            "rating = \"C\"\nslope = \"flat\"",
        ),
        "circuits/example.toml",
        "tiles[0].rating",
        "only turn tiles",
    );
}

#[test]
fn best_line_length_and_width() {
    let i = entry_index("tiles.toml", "tile", TILE_45);
    content_error(
        parse_with(
            "tiles.toml",
            TILE_45,
            "best_line = [1, 0, 1]",
            "best_line = [1, 0]",
        ),
        "tiles.toml",
        &format!("tile[{i}].best_line"),
        "one lane per row",
    );
    content_error(
        parse_with(
            "tiles.toml",
            TILE_45,
            "best_line = [1, 0, 1]",
            "best_line = [1, 0, 3]",
        ),
        "tiles.toml",
        &format!("tile[{i}].best_line"),
        "past the track's width",
    );
}

#[test]
fn lanes_out_of_range() {
    for lanes in ["lanes = 9", "lanes = 1"] {
        content_error(
            parse_with("tiles.toml", "lanes = 3", "lanes = 3", lanes),
            "tiles.toml",
            "lanes",
            "between 2 and 6",
        );
    }
}

#[test]
fn a_circuit_that_does_not_close() {
    // The E bend made a 90-degree turn: the tiles turn 405 degrees.
    content_error(
        parse_with(
            "circuits/example.toml",
            "tile = \"turn_45_left\"\nrating = \"E\"",
            "turn_45_left",
            "turn_90_left",
        ),
        "circuits/example.toml",
        "tiles",
        "a closed circuit turns 360",
    );
    // A right-hand kink in the counter-clockwise loop: 270 degrees.
    content_error(
        parse_with(
            "circuits/example.toml",
            "tile = \"turn_45_left\"\nrating = \"D\"",
            "turn_45_left",
            "turn_45_right",
        ),
        "circuits/example.toml",
        "tiles",
        "360",
    );
}

#[test]
fn unknown_field() {
    let r = parse_with(
        "cars.toml",
        "id = \"fiat_508s_balilla\"",
        "year = 1933",
        "year = 1933\ncolour = \"red\"",
    );
    // The parse error names the file, a line, and the unknown key. (Which line: see the report;
    // the engine names the line before a key that starts a line.)
    match r {
        Err(Error::Content { file, key, reason }) => {
            assert_eq!(file, "cars.toml");
            assert!(key.starts_with("line "), "{key:?}");
            assert!(reason.contains("unknown field `colour`"), "{reason:?}");
        }
        other => panic!("{other:?}"),
    }
    // In a circuit too.
    let r = parse_with(
        "circuits/castelrosso.toml",
        "laps = 2",
        "laps = 2",
        "laps = 2\nweather = \"sunny\"",
    );
    assert!(
        matches!(&r, Err(Error::Content { file, reason, .. })
            if file == "circuits/castelrosso.toml" && reason.contains("unknown field `weather`")),
        "{r:?}"
    );
}

#[test]
fn wrong_type_names_the_line() {
    let r = parse_with(
        "dashboard.toml",
        "tires_max",
        "tires_max = 16",
        "tires_max = \"16\"",
    );
    assert!(
        matches!(&r, Err(Error::Content { file, key, .. })
            if file == "dashboard.toml" && key.contains("tires_max")),
        "{r:?}"
    );
}

#[test]
fn duplicate_car_id() {
    let i = entry_index("cars.toml", "car", "id = \"fiat_1100s\"");
    content_error(
        parse_with(
            "cars.toml",
            "id = \"fiat_1100s\"",
            "fiat_1100s",
            "fiat_508s_balilla",
        ),
        "cars.toml",
        &format!("car[{i}].id"),
        "duplicate id",
    );
}

#[test]
fn duplicate_or_empty_deck_cards() {
    let i = entry_index("damage.toml", "card", "id = \"candele_imbrattate\"");
    content_error(
        parse_with(
            "damage.toml",
            "id = \"candele_imbrattate\"",
            "candele_imbrattate",
            "molla_valvola",
        ),
        "damage.toml",
        &format!("card[{i}].id"),
        "duplicate id",
    );
    let j = entry_index("events.toml", "card", "id = \"ghiaia\"");
    content_error(
        parse_with("events.toml", "id = \"ghiaia\"", "count = 2", "count = 0"),
        "events.toml",
        &format!("card[{j}].count"),
        "at least 1",
    );
}

#[test]
fn pins_not_increasing() {
    let anchor = "id = \"bugatti_type_35\"";
    let i = entry_index("cars.toml", "car", anchor);
    let bugatti_pins = "pins = { A = 2, B = 3, C = 4, D = 5, E = 6 }";
    for pins in [
        "pins = { A = 3, B = 3, C = 4, D = 5, E = 6 }",
        "pins = { A = 2, B = 3, C = 5, D = 4, E = 6 }",
        "pins = { A = 0, B = 3, C = 4, D = 5, E = 6 }",
        "pins = { A = 2, B = 3, C = 4, D = 5, E = 7 }", // E at Top Speed 7
    ] {
        content_error(
            parse_with("cars.toml", anchor, bugatti_pins, pins),
            "cars.toml",
            &format!("car[{i}].pins"),
            "rise strictly",
        );
    }
    content_error(
        parse_with("cars.toml", anchor, "top_speed = 7", "top_speed = 13"),
        "cars.toml",
        &format!("car[{i}].top_speed"),
        "Tachometer",
    );
}

#[test]
fn circuit_placement_errors() {
    let c = "circuits/example.toml";
    content_error(
        parse_with(c, "tile = \"straight_6\"", "straight_6", "straight_5"),
        c,
        "tiles[0].tile",
        "no tile",
    );
    content_error(
        parse_with(
            c,
            "tile = \"straight_6\"",
            "slope = \"flat\"",
            "slope = \"steep\"",
        ),
        c,
        "tiles[0].slope",
        "unknown slope",
    );
    let b = entry_index(c, "tiles", B_PLACEMENT);
    content_error(
        parse_with(
            c,
            B_PLACEMENT,
            "slope = \"flat\"",
            "slope = \"flat\"\nbox = true",
        ),
        c,
        &format!("tiles[{b}].box"),
        "must be a straight",
    );
    content_error(
        parse_with(c, "grid_rows", "grid_rows = 4", "grid_rows = 40"),
        c,
        "grid_rows",
        "less than half",
    );
    content_error(
        parse_with(c, "laps", "laps = 2", "laps = 0"),
        c,
        "laps",
        "at least 1",
    );
    content_error(
        parse_with(c, "characteristics", "\"braking\"", "\"luck\""),
        c,
        "characteristics[2]",
        "unknown characteristic",
    );
}

#[test]
fn tile_errors() {
    let i = entry_index("tiles.toml", "tile", TILE_45);
    content_error(
        parse_with(
            "tiles.toml",
            TILE_45,
            "kind = \"turn\"",
            "kind = \"chicane\"",
        ),
        "tiles.toml",
        &format!("tile[{i}].kind"),
        "unknown kind",
    );
    content_error(
        parse_with(
            "tiles.toml",
            TILE_45,
            "inside = \"left\"",
            "inside = \"up\"",
        ),
        "tiles.toml",
        &format!("tile[{i}].inside"),
        "left",
    );
}

#[test]
fn dashboard_errors() {
    content_error(
        parse_with(
            "dashboard.toml",
            "temperature_red_zone = [",
            "[0, 0, 0, 0, 0, 0, 1, 1, 2]",
            "[0, 0, 0, 0, 0, 1, 1, 2]",
        ),
        "dashboard.toml",
        "temperature_red_zone",
        "one entry per needle position",
    );
    content_error(
        parse_with(
            "dashboard.toml",
            "tire_zones = [",
            "[[12, 0], [8, 1], [4, 2], [0, 4]]",
            "[[12, 0], [4, 1], [8, 2], [0, 4]]",
        ),
        "dashboard.toml",
        "tire_zones",
        "decreasing",
    );
}

#[test]
fn missing_file() {
    let files: Vec<(String, String)> = all_files()
        .into_iter()
        .filter(|(n, _)| n != "events.toml")
        .collect();
    content_error(Content::parse(&files), "events.toml", "(file)", "missing");
}
