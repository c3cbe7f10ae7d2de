//! Rules the first engine broke, found by the rules tests; each test is the rule, kept as a
//! regression test.

use crate::support::*;
use autodromo_core::legend::car::Status;
use autodromo_core::legend::{Content, LegendState, Phase};
use autodromo_core::Error;
use serde_json::{json, Value};

fn start_with(circuit: &str, cars: &[&str], extra: Value) -> LegendState {
    let mut opts = json!({"circuit": circuit, "cars": cars, "qualifying": false,
                          "choose_split": false});
    for (k, v) in extra.as_object().unwrap() {
        opts[k] = v.clone();
    }
    let mut s = race(opts);
    act(&mut s, "d6 3");
    s
}

/// BUG 1. "As you reach the exit line, you may accelerate by spending any remaining Acceleration
/// points you still have available for this round." A car that passes two exit lines in one round
/// is offered powering out only at the first: `Activation::exit_done` is set once per activation.
/// Example circuit, Mercedes 300 SLR (T 10, +5, pins D 7, E 9) committed to the D bend's best line
/// at Speed 8: it powers out 1 at the D exit line (row 62), crosses the E entry line and reaches
/// the E exit line (row 67) with 2 MPs and 4 Acceleration points left.
#[test]
fn power_out_at_every_exit_line_of_the_round() {
    let mut s = start_with(
        "example",
        &["mercedes_300slr", "bugatti_type_35"],
        json!({}),
    );
    place(&mut s, 1, 30, 0, 0);
    place(&mut s, 0, 61, 0, 8);
    s.cars[0].best_line = true;
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "move to lane 1"); // row 62: the D exit line
    act(&mut s, "power out 1"); // Speed 9, 4 Acceleration points left
    act(&mut s, "move to lane 1"); // 63
    act(&mut s, "move to lane 1"); // 64: the E entry line
    act(&mut s, "no braking");
    for lane in ["move to lane 1", "move to lane 0", "move to lane 1"] {
        act(&mut s, lane); // 65, 66, 67: the E exit line, 6 MPs of 9 spent
    }
    assert_eq!(cell(&s, 0), (67, 1));
    assert!(
        matches!(s.phase, Phase::ExitLine { car: 0 }),
        "expected the power-out decision at the E exit line; offered {:?}",
        labels(&s)
    );
}

/// BUG 2. "When the Chrono board advances to a new hour or when a card causes a weather change,
/// roll the D6 die to determine the weather." and "Whenever the weather changes, immediately
/// rearrange all Turn markers"; events.toml's schema: `weather_roll = true # roll for weather
/// now`. After an Event card the engine goes straight on to the next car's activation: the
/// weather rolls wait for the end of the following round (and then one per round).
#[test]
fn weather_roll_follows_the_event_card_at_once() {
    let mut s = start_with("example", &["bugatti_type_35", "alfa_8c_2300"], json!({}));
    place(&mut s, 1, 30, 0, 0);
    place(&mut s, 0, 2, 0, 2);
    s.hours = 11;
    only(&mut s, 0);
    act(&mut s, "maintain");
    act(&mut s, "move to lane 0");
    act(&mut s, "move to lane 0");
    assert_eq!(s.phase, Phase::Event);
    act(&mut s, "event acquazzone"); // a sudden shower: weather_roll = true
    assert_eq!(
        s.phase,
        Phase::Weather,
        "the weather is rolled before any car moves (weather_due = {})",
        s.weather_due
    );
}

/// BUG 3. "Starting with the pole-position driver, each car begins the race with a standing
/// start." The grid always puts the pole sitter in lane 0; on a circuit whose first turn is a
/// right-hander (Castelrosso: C turn, inside lane 2) the inside-lane tie-break of the track order
/// makes the second car on the grid move first in round 1.
#[test]
fn pole_position_moves_first_on_castelrosso() {
    let s = start_with(
        "castelrosso",
        &["bugatti_type_35", "alfa_8c_2300"],
        json!({}),
    );
    assert_eq!(s.grid[0], 0, "car 0 is on pole");
    assert_eq!(s.phase, Phase::Pace { car: 0 }, "order {:?}", s.order);
}

/// BUG 4. "Neutral Cars do not track damage, wear, or repairs like human-controlled cars,
/// except for Headlight and Battery failures, which apply normally." and "With a failed
/// battery, your standing start speed is limited to 1". The Neutral Car with a failed battery
/// still takes its whole column-0 allowance (Alfa 8C 2300, die 6: 4).
#[test]
fn neutral_battery_failure_caps_standing_start_at_one() {
    let mut s = start_with(
        "example",
        &["bugatti_type_35", "alfa_8c_2300"],
        json!({"neutral": [false, true]}),
    );
    place(&mut s, 0, 40, 0, 0);
    place(&mut s, 1, 2, 0, 0);
    s.cars[1].damage_due = 1;
    s.settle();
    act(&mut s, "damage batteria_scarica");
    assert!(!s.cars[1].battery_ok);
    neutral_round(&mut s, 1, 6);
    assert_eq!(s.cars[1].speed, 1, "moved to {:?}", cell(&s, 1));
    assert_eq!(cell(&s, 1), (3, 0));
}

/// BUG 5. "Neutral Cars never crash into other cars. If their ideal path is blocked, they simply
/// move through any available unoccupied spaces with no penalty. If all lanes are blocked, move
/// the Neutral Car as far as possible". The Neutral Car's path is chosen one space at a time
/// (nearest to its preferred lane), so it walks into lane 0 behind two cars and stops, although
/// lane 2 is free: it discards 7 of its 8 MPs while a free path exists.
#[test]
fn neutral_car_goes_round_a_blockage_two_lanes_across() {
    let mut s = start_with(
        "example",
        &["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"],
        json!({"neutral": [false, true, false]}),
    );
    place(&mut s, 0, 6, 0, 0);
    place(&mut s, 2, 6, 1, 0);
    place(&mut s, 1, 4, 0, 5);
    neutral_round(&mut s, 1, 5); // T column, die 5-6: 8
    assert_eq!(s.cars[1].cell.row, 12, "stuck at {:?}", cell(&s, 1));
}

/// BUG 6 (rule source: docs/content/legend.md, "an error names the file and the key"). A TOML
/// error whose span starts a line (an unknown key) names the line before it: content.rs counts
/// `text[..start].lines()`, one short when `start` follows a newline.
#[test]
fn content_parse_error_names_the_offending_line() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../python/autodromo/content/legend");
    let mut files: Vec<(String, String)> = [
        "dashboard.toml",
        "cars.toml",
        "damage.toml",
        "events.toml",
        "tiles.toml",
        "circuits/example.toml",
    ]
    .iter()
    .map(|n| (n.to_string(), std::fs::read_to_string(dir.join(n)).unwrap()))
    .collect();
    files[1].1 = files[1]
        .1
        .replacen("year = 1933", "year = 1933\ncolour = \"red\"", 1);
    let line = files[1]
        .1
        .lines()
        .position(|l| l.starts_with("colour"))
        .unwrap()
        + 1;
    match Content::parse(&files) {
        Err(Error::Content { key, .. }) => {
            assert_eq!(key, format!("line {line}: colour = \"red\""))
        }
        other => panic!("{other:?}"),
    }
}

/// QUESTIONABLE 7. "Overheating Test. If the Temperature needle is in the red zone at the end of
/// your round, assign the indicated number of damage points to your engine." The engine skips
/// the test (and the rest of the technical issues) for a car that stopped off the road this
/// round: at 8, stopping to cool leaves 6, still in the red zone (1 Engine point).
#[test]
fn overheating_test_applies_to_a_stopped_car() {
    let mut s = start_with("example", &["bugatti_type_35", "alfa_8c_2300"], json!({}));
    place(&mut s, 1, 30, 0, 0);
    place(&mut s, 0, 2, 0, 2);
    s.cars[0].temperature = 8;
    only(&mut s, 0);
    act(&mut s, "stop to cool");
    assert_eq!(s.cars[0].temperature, 6);
    assert_eq!(s.cars[0].engine, s.cars[0].engine_max - 1);
}

/// QUESTIONABLE 8 (content schema, events.toml: "Effects on temperature, tyres and engine hit
/// every car"). A car stopped off the road (cooling, or in the Pit Lane) when the Event card is
/// drawn is skipped: only `Status::Racing` cars are hit.
#[test]
fn event_cards_hit_cars_stopped_off_the_road() {
    let mut s = start_with("example", &["bugatti_type_35", "alfa_8c_2300"], json!({}));
    place(&mut s, 1, 30, 0, 0);
    place(&mut s, 0, 2, 0, 2);
    s.hours = 11;
    only(&mut s, 0);
    act(&mut s, "stop to cool");
    assert_eq!(s.cars[0].status, Status::OffRoad);
    assert_eq!(s.phase, Phase::Event);
    act(&mut s, "event ondata_di_calore");
    assert_eq!(s.cars[1].temperature, 1);
    assert_eq!(
        s.cars[0].temperature, 1,
        "the stopped car feels the heat wave too"
    );
}
