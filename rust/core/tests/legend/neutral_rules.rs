//! Neutral Cars, rule by rule against the book ("Neutral Cars", "Damage, Wear and Repairs (Neutral
//! Cars)", "Points Scoring"; issue 33, item 2). Each test starts from a position
//! (`Game::state_from`, docs/positions.md): the cars placed, the Neutral Cars' die about to be
//! rolled. Track races on `circuits/example.toml` (straight 0-15, B 16-22, A 27, uphill 34-39,
//! downhill 48-53, C 54-57, D 60-62, E 65-67, Box 68-71; left turns, lane 0 inside). Neutral
//! tables (columns 0, A, B, C, D, E, T; rows D6 1-2, 3-4, 5-6):
//! Alfa Romeo 8C 2300 [3 1 2 3 4 6 7], [4 2 3 4 5 7 7], [4 3 4 5 6 8 8];
//! Bugatti Type 35 [3 1 2 3 4 5 6], [4 2 3 4 5 6 6], [4 3 4 5 6 7 7].

use crate::support::*;
use autodromo_core::legend::car::Status;
use autodromo_core::legend::stage::CHECK_POINT_PENALTY;
use autodromo_core::legend::{bots, Legend, LegendState, Phase};
use autodromo_core::rng::SplitMix64;
use autodromo_core::{Game, Player, State};
use serde_json::{json, Value};

const BUGATTI: &str = "bugatti_type_35";
const ALFA: &str = "alfa_8c_2300";
const FIAT: &str = "fiat_1100s";
const OSCA: &str = "osca_mt4";
/// Brescia – Verona (an Arrivo), then Verona – Ravenna (a Check Point).
const COPPA: &str = "\"brescia_verona\", \"verona_ravenna\"";

/// A car placed by a test: seat, row, lane, Speed.
type At = (usize, u16, u8, u8);

/// A Track race on `example` (no qualifying, Engine ⌈R/2⌉), the weather rolled clear.
fn track(cars: &[&str], neutral: &[bool]) -> (Legend, LegendState) {
    let g = Legend::new(
        content(),
        &json!({"circuit": "example", "cars": cars, "neutral": neutral,
                "qualifying": false, "choose_split": false}),
    )
    .expect("valid options");
    let mut s = g.new_initial_state();
    act(&mut s, "d6 3");
    (g, s)
}

/// A Stage race over `stages` (a route written for the test), the weather rolled clear.
fn stage(stages: &str, cars: &[&str], neutral: &[bool], extra: Value) -> (Legend, LegendState) {
    let route = format!("name = \"Prova\"\nstart = \"10:00\"\nstages = [{stages}]\n");
    let content = content_with(&[("routes/prova.toml", route.as_str())]);
    let mut o = json!({"route": "prova", "cars": cars, "neutral": neutral});
    for (k, v) in extra.as_object().unwrap() {
        o[k] = v.clone();
    }
    let g = Legend::new(content, &o).expect("valid options");
    let mut s = g.new_initial_state();
    act(&mut s, "d6 3");
    (g, s)
}

/// The position of `base` with the cars placed on the road, `order` to act this round (seats)
/// and the Neutral Cars' die about to be rolled; `edit` changes anything else first.
fn at_the_die(
    g: &Legend,
    base: &LegendState,
    cars: &[At],
    order: &[usize],
    edit: impl FnOnce(&mut Value),
) -> LegendState {
    let mut p = base.position().expect("a position");
    for &(seat, row, lane, speed) in cars {
        let c = &mut p["cars"][seat];
        c["cell"] = json!({"row": row, "lane": lane});
        c["progress"] = json!(row);
        c["speed"] = json!(speed);
        c["status"] = json!("racing");
    }
    let names: Vec<Value> = order
        .iter()
        .map(|&i| p["cars"][i]["name"].clone())
        .collect();
    p["order"] = Value::from(names);
    if base.race.is_stage_race() && base.round == 1 {
        // Half an hour after the start: every car's start time has come.
        at_minute(&mut p, base.chrono + 30);
    }
    p["next"] = json!(0);
    p["phase"] = json!({"at": "neutral_die"});
    p["neutral_row"] = Value::Null;
    edit(&mut p);
    g.state_from(&p)
        .unwrap_or_else(|e| panic!("the position is refused: {e}"))
}

fn nothing(_: &mut Value) {}

/// A Stage race's position later in its first stage: the Chrono at `minute`, three minutes a
/// round since the stage began.
fn at_minute(p: &mut Value, minute: u32) {
    let began = p["stage_began"]["chrono"].as_u64().unwrap() as u32;
    p["chrono"] = json!(minute);
    p["round"] = json!(1 + (minute - began) / 3);
}

/// The Neutral Alfa (seat 1) alone at `row`, `lane`, `speed`, the Bugatti parked far away,
/// after the die `die`: the Alfa's cell and Speed.
fn alfa_moves(row: u16, lane: u8, speed: u8, die: u8) -> ((u16, u8), u8) {
    let (g, s) = track(&[BUGATTI, ALFA], &[false, true]);
    let mut s = at_the_die(
        &g,
        &s,
        &[(0, 44, 2, 0), (1, row, lane, speed)],
        &[1],
        nothing,
    );
    act(&mut s, &format!("d6 {die}"));
    (cell(&s, 1), s.cars[1].speed)
}

// ---- Activating Neutral Cars ---------------------------------------------------------------

#[test]
fn neutral_cars_activate_in_track_order_just_like_human_controlled_cars() {
    // "Neutral Cars activate in track order, just like human-controlled cars."
    let (g, s) = track(&[BUGATTI, ALFA, FIAT], &[false, true, false]);
    let s = at_the_die(
        &g,
        &s,
        &[(0, 8, 0, 5), (1, 10, 1, 5), (2, 6, 2, 5)],
        &[1],
        nothing,
    );
    assert_eq!(
        s.track_order(),
        vec![1, 0, 2],
        "the Neutral Car furthest ahead"
    );
    let s = at_the_die(
        &g,
        &s,
        &[(0, 8, 0, 5), (1, 4, 1, 5), (2, 6, 2, 5)],
        &[1],
        nothing,
    );
    assert_eq!(s.track_order(), vec![0, 2, 1], "the Neutral Car last");
}

#[test]
fn one_die_a_round_gives_the_row_for_every_neutral_car() {
    // "When the first Neutral Car is about to move, roll 1D6 and keep the result visible; this
    // die result determines the row used by all Neutral Cars for that round."
    let (g, s) = track(&[BUGATTI, ALFA, ALFA], &[false, true, true]);
    let mut s = at_the_die(
        &g,
        &s,
        &[(0, 44, 2, 0), (1, 2, 0, 5), (2, 2, 2, 5)],
        &[1, 2, 0],
        nothing,
    );
    act(&mut s, "d6 5");
    // Both moved on the one die (T, row 5-6: 8); the driven car's pace is next, no second die.
    assert_eq!(s.phase, Phase::Pace { car: 0 });
    assert_eq!((s.cars[1].speed, s.cars[2].speed), (8, 8));
    assert_eq!((s.cars[1].cell.row, s.cars[2].cell.row), (10, 10));
}

#[test]
fn the_allowance_is_the_rolled_row_at_the_car_s_column() {
    // "For each Neutral Car, locate the intersection between the rolled row and the appropriate
    // speed column on its Performance Card to determine its movement allowance for the round."
    // On the straight, the T column: 7, 7, 8 by rows 1-2, 3-4, 5-6.
    for (die, spaces) in [(1u8, 7u8), (2, 7), (3, 7), (4, 7), (5, 8), (6, 8)] {
        let (_, speed) = alfa_moves(2, 0, 5, die);
        assert_eq!(speed, spaces, "die {die}");
    }
    assert_eq!(alfa_moves(2, 0, 5, 6).0, (10, 0));
}

// ---- Movement --------------------------------------------------------------------------------

#[test]
fn a_standing_start_uses_the_zero_column_during_the_first_round() {
    // "Standing Start. For a standing start, Neutral Cars use the 0 column on their Performance
    // Card during the first round." Then the T column on the straight.
    assert_eq!(alfa_moves(2, 0, 0, 1), ((5, 0), 3));
    assert_eq!(alfa_moves(2, 0, 0, 4), ((6, 0), 4));
    let (g, s) = track(&[BUGATTI, ALFA], &[false, true]);
    let mut s = at_the_die(&g, &s, &[(0, 44, 2, 0), (1, 2, 0, 0)], &[1, 0], nothing);
    act(&mut s, "d6 3");
    let s = at_the_die(&g, &s, &[(0, 44, 2, 0)], &[1, 0], nothing);
    let mut s = s;
    act(&mut s, "d6 3");
    assert_eq!(
        (cell(&s, 1), s.cars[1].speed),
        ((13, 0), 7),
        "then T: 4 + 7"
    );
}

#[test]
fn on_straights_the_t_column_even_into_a_turn_on_the_best_line() {
    // "Straights. On straights, a Neutral Car always uses the Top Speed (T) column, even if this
    // movement carries it into a turn. In that case, it simply follows the best available line."
    // Row 12, two spaces before the B turn (safe speed 3): T 7 carries it to row 19, no check.
    let (g, s) = track(&[BUGATTI, ALFA], &[false, true]);
    let best = s.race.track().row(19).best_lane.expect("a best line");
    let mut s = at_the_die(&g, &s, &[(0, 44, 2, 0), (1, 12, 0, 5)], &[1], nothing);
    act(&mut s, "d6 3");
    assert_eq!((cell(&s, 1), s.cars[1].speed), ((19, best), 7));
    assert_eq!(
        (s.cars[1].damage_due, s.cars[1].status),
        (0, Status::Racing)
    );
}

#[test]
fn one_space_from_a_turn_or_inside_it_the_turn_s_column() {
    // "Turns. When a Neutral Car is one space away from a turn, or already inside it, use the
    // Turn Speed column that matches the turn's difficulty." The B turn: B column 2, 3, 4.
    for (die, spaces) in [(1u8, 2u16), (3, 3), (5, 4)] {
        let (at, speed) = alfa_moves(15, 0, 5, die);
        assert_eq!(
            (at.0, speed),
            (15 + spaces, spaces as u8),
            "one space away, die {die}"
        );
        let (at, speed) = alfa_moves(17, 2, 3, die);
        assert_eq!(
            (at.0, speed),
            (17 + spaces, spaces as u8),
            "inside, die {die}"
        );
    }
}

#[test]
fn at_the_exit_line_the_t_column_for_the_remaining_movement_points() {
    // "As soon as the car reaches the exit line of the turn, switch to the Top Speed (T) column
    // and use any remaining movement points." Decision 34: the round's allowance becomes the T
    // column's, the spaces already moved counted. The A corner (row 27 only), die 3-4: A 2, T 7.
    assert_eq!(
        alfa_moves(26, 0, 3, 3),
        ((33, 0), 7),
        "1 space in A, then 7 in all"
    );
    // On its last row already: T at once.
    assert_eq!(alfa_moves(27, 0, 3, 3).1, 7);
    // The last MP onto the exit row: no MP left to switch with (A, die 1-2: 1).
    assert_eq!(alfa_moves(26, 0, 3, 1), ((27, 0), 1));
}

#[test]
fn from_a_turn_into_a_harder_turn_it_follows_the_best_line_with_no_penalty() {
    // "If its movement inside a turn leads directly into another turn of higher difficulty,
    // simply follows the best line; if that line is occupied, it shifts sideways with no
    // penalty." Out of the B turn's exit (row 22) at T 8 (die 5-6), through the A corner (27).
    let (g, s) = track(&[BUGATTI, ALFA], &[false, true]);
    let best = s
        .race
        .track()
        .row(27)
        .best_lane
        .expect("the A corner's best line");
    // The driven car sits on the A corner's best-line space.
    let mut s = at_the_die(&g, &s, &[(0, 27, best, 0), (1, 21, 2, 4)], &[1], nothing);
    act(&mut s, "d6 5");
    assert!(s.cars[1].cell.row > 27, "through the A corner");
    assert_eq!(s.cars[1].speed, 8, "T, row 5-6");
    assert_eq!(cell(&s, 0), (27, best), "the driven car untouched");
    assert!(s.cars.iter().all(|c| c.damage_due == 0 && c.crashes == 0));
}

#[test]
fn uphill_the_e_column_and_at_an_uphill_exit_line_too() {
    // "Slopes. On uphill sections, Neutral Cars use the E column instead of the T column."
    // The example's climb (rows 34-39), die 1-2: E 6 where T is 7.
    assert_eq!(alfa_moves(34, 0, 5, 1), ((40, 0), 6));
    // Ravenna – Roma's A turn (rows 35-40) ends on the climb (rows 29-40): at its exit line the
    // Neutral Bugatti switches to E (5, row 1-2), not to T (6).
    let (g, s) = stage(
        "\"ravenna_roma\", \"roma_brescia\"",
        &[BUGATTI, ALFA],
        &[true, false],
        json!({}),
    );
    let mut s = at_the_die(&g, &s, &[(0, 40, 1, 3), (1, 5, 1, 0)], &[0], nothing);
    act(&mut s, "d6 1");
    assert_eq!((s.cars[0].cell.row, s.cars[0].speed), (45, 5));
}

#[test]
fn on_straight_downhill_sections_one_movement_point_more() {
    // "On straight downhill sections, add +1 movement point to their movement allowance."
    // The example's descent (rows 48-53), die 3-4: T 7 + 1.
    assert_eq!(alfa_moves(48, 0, 5, 3), ((56, 0), 8));
    // Not in a turn: one space before the C turn (row 53), its column (3) and no +1.
    assert_eq!(alfa_moves(53, 0, 5, 3).1, 4);
}

#[test]
fn neutral_cars_slipstream_on_straights_as_the_main_rules_say() {
    // "Slipstreaming. Neutral Cars benefit from slipstreaming on straights exactly as described
    // in the main rules": one extra space diagonally forward, beside the car straight ahead.
    let (g, s) = track(&[BUGATTI, ALFA], &[false, true]);
    let mut s = at_the_die(&g, &s, &[(0, 10, 0, 0), (1, 2, 0, 5)], &[1], nothing);
    act(&mut s, "d6 1");
    assert_eq!(
        cell(&s, 1),
        (10, 1),
        "T 7 to row 9, then beside the car ahead"
    );
    // Never into a turn: the car ahead on the B turn's first row, no extra space.
    let (g, s) = track(&[BUGATTI, ALFA], &[false, true]);
    let lane = s.race.track().row(15).best_lane.unwrap_or(0);
    let mut s = at_the_die(&g, &s, &[(0, 16, lane, 0), (1, 8, lane, 5)], &[1], nothing);
    act(&mut s, "d6 1");
    assert_eq!(
        cell(&s, 1),
        (15, lane),
        "behind it, no slipstream onto the turn's row"
    );
}

#[test]
fn neutral_cars_never_crash_into_other_cars() {
    // "Crash and collisions. Neutral Cars never crash into other cars. If their ideal path is
    // blocked, they simply move through any available unoccupied spaces with no penalty. If all
    // lanes are blocked, move the Neutral Car as far as possible and discard any remaining
    // movement points."
    let cars = [BUGATTI, ALFA, FIAT, OSCA];
    let (g, s) = track(&cars, &[false, true, false, false]);
    let wall = [(0, 6, 0, 0), (2, 6, 1, 0), (3, 6, 2, 0)];
    let mut s = at_the_die(
        &g,
        &s,
        &[wall[0], wall[1], wall[2], (1, 4, 0, 5)],
        &[1],
        nothing,
    );
    act(&mut s, "d6 3");
    assert_eq!(cell(&s, 1), (5, 0), "as far as possible, the rest dropped");
    let mut s = at_the_die(
        &g,
        &s,
        &[wall[0], (2, 40, 1, 0), wall[2], (1, 4, 0, 5)],
        &[1],
        nothing,
    );
    act(&mut s, "d6 3");
    assert_eq!(s.cars[1].cell.row, 11, "T 7 through the gap");
    assert!(s
        .cars
        .iter()
        .all(|c| c.damage_due == 0 && c.status == Status::Racing));
}

// ---- Fog, Night and Rain ---------------------------------------------------------------------

#[test]
fn in_low_visibility_a_five_or_six_entering_a_turn_shifts_it_outward_and_ends_its_move() {
    // "Fog, Night and Rain. In low-visibility conditions (fog or night without working
    // headlights), if a Neutral Car moves from a straight into a turn and the die result for that
    // round is 5 or 6, shift the car one lane outward and end its movement in that lane."
    // Brescia – Verona in fog (a weather roll of 1 on a fog stage); its E turn (rows 12-14)
    // turns left, so outward is towards lane 2.
    let fog = |p: &mut Value| {
        p["weather_total"] = json!(1);
    };
    let (g, s) = stage(COPPA, &[BUGATTI, ALFA], &[true, false], json!({}));
    for (die, shifted) in [(5u8, true), (6, true), (4, false)] {
        let mut s = at_the_die(&g, &s, &[(0, 10, 1, 6), (1, 2, 1, 0)], &[0], fog);
        assert!(s.fog());
        act(&mut s, &format!("d6 {die}"));
        if shifted {
            assert_eq!(
                cell(&s, 0),
                (12, 2),
                "die {die}: the turn's first row, a lane out"
            );
        } else {
            assert!(s.cars[0].cell.row > 12, "die {die}: no shift");
        }
    }
    // In clear weather by day a 5 changes nothing.
    let mut s = at_the_die(&g, &s, &[(0, 10, 1, 6), (1, 2, 1, 0)], &[0], nothing);
    act(&mut s, "d6 5");
    assert!(s.cars[0].cell.row > 12);
}

#[test]
fn at_night_the_shift_only_without_working_headlights() {
    // "(fog or night without working headlights)"; Neutral Cars track "Headlight and Battery
    // failures, which apply normally". Brescia – Verona at 22:00.
    let night = |lights: bool| {
        move |p: &mut Value| {
            at_minute(p, 22 * 60);
            p["cars"][0]["headlights_ok"] = json!(lights);
        }
    };
    let (g, s) = stage(COPPA, &[BUGATTI, ALFA], &[true, false], json!({}));
    let mut s1 = at_the_die(&g, &s, &[(0, 10, 1, 6), (1, 2, 1, 0)], &[0], night(true));
    assert!(s1.night());
    act(&mut s1, "d6 5");
    assert!(s1.cars[0].cell.row > 12, "headlights on: no shift");
    let mut s2 = at_the_die(&g, &s, &[(0, 10, 1, 6), (1, 2, 1, 0)], &[0], night(false));
    act(&mut s2, "d6 5");
    assert_eq!(cell(&s2, 0), (12, 2), "headlights failed: a lane out");
}

#[test]
fn the_shift_off_the_track_draws_a_damage_card() {
    // "If this shift causes the car to exit the track, draw and resolve a Damage card."
    let (g, s) = stage(
        COPPA,
        &[BUGATTI, ALFA, FIAT],
        &[true, false, false],
        json!({}),
    );
    let fog = |p: &mut Value| {
        p["weather_total"] = json!(1);
    };
    let mut s = at_the_die(
        &g,
        &s,
        &[(0, 11, 2, 6), (1, 12, 0, 3), (2, 12, 1, 3)],
        &[0],
        fog,
    );
    act(&mut s, "d6 6");
    assert_eq!(cell(&s, 0), (12, 2), "no lane further out: it stays");
    assert_eq!(s.phase, Phase::Damage { car: 0 });
}

#[test]
fn rain_lowers_the_turn_marker_a_neutral_car_reads() {
    // "Light Rain: Temporarily reduce any Turn Marker by one step (not lower than A)"; the Neutral
    // Car's "Turn Speed column that matches the turn's difficulty" is the marker as it reads
    // now. The B turn from the row before it, die 3-4: B 3, in any rain A 2.
    for (rain, speed) in [(0u8, 3u8), (1, 2), (2, 2)] {
        let (g, s) = track(&[BUGATTI, ALFA], &[false, true]);
        let mut s = at_the_die(&g, &s, &[(0, 44, 2, 0), (1, 15, 0, 5)], &[1], |p| {
            p["rain"] = json!(rain);
            p["cars"][0]["rain"] = json!(rain);
            p["cars"][1]["rain"] = json!(rain);
        });
        act(&mut s, "d6 3");
        assert_eq!(s.cars[1].speed, speed, "rain {rain}");
    }
}

// ---- Damage, Wear and Repairs ----------------------------------------------------------------

#[test]
fn damage_is_a_one_round_stop_then_a_standing_start() {
    // "Neutral Cars do not track damage, wear, or repairs like human-controlled cars, except for
    // Headlight and Battery failures, which apply normally. Whenever a card or event assigns any
    // other type of damage to a Neutral Car, treat it as an immediate one-round stop for repairs
    // (in Stage Races), followed by a standing start on its next activation."
    let (g, s) = stage(COPPA, &[BUGATTI, ALFA], &[true, false], json!({}));
    for card in [
        "molla_valvola",
        "tamburi_surriscaldati",
        "gomma_a_terra",
        "cinghia_ventola",
    ] {
        // Its move done this round, the driven car's to come.
        let mut s = at_the_die(&g, &s, &[(0, 5, 1, 6), (1, 2, 1, 0)], &[0, 1], |p| {
            p["phase"] = json!({"at": "damage", "car": "Bugatti Type 35"});
            p["cars"][0]["damage_due"] = json!(1);
            p["next"] = json!(1);
        });
        let before = s.cars[0];
        act(&mut s, &format!("damage {card}"));
        let c = s.cars[0];
        assert_eq!(
            (c.status, c.speed, c.stop_rounds),
            (Status::OffRoad, 0, 1),
            "{card}"
        );
        assert_eq!(
            (c.engine, c.brakes, c.tires, c.temperature),
            (
                before.engine,
                before.brakes,
                before.tires,
                before.temperature
            ),
            "{card}: no wear tracked"
        );
    }
    // The next round stopped, then a standing start (column 0, die 1-2: 3) from where it stopped.
    let mut s = at_the_die(&g, &s, &[(0, 5, 1, 6), (1, 35, 1, 0)], &[0, 1], |p| {
        p["phase"] = json!({"at": "damage", "car": "Bugatti Type 35"});
        p["cars"][0]["damage_due"] = json!(1);
        p["next"] = json!(1);
    });
    act(&mut s, "damage molla_valvola");
    let round = s.round;
    while s.phase != Phase::NeutralDie && s.round < round + 3 {
        drive(&mut s, 1);
    }
    assert_eq!(s.round, round + 2, "round {} skipped", round + 1);
    assert_eq!((cell(&s, 0), s.cars[0].status), ((5, 1), Status::OffRoad));
    act(&mut s, "d6 1");
    assert_eq!((s.cars[0].cell.row, s.cars[0].speed), (8, 3));
    // Battery and Headlight cards are kept, not a stop.
    for (card, battery, lights) in [
        ("batteria_scarica", false, true),
        ("lampadina_bruciata", true, false),
    ] {
        let mut s = at_the_die(&g, &s, &[(0, 5, 1, 6), (1, 2, 1, 0)], &[0], |p| {
            p["phase"] = json!({"at": "damage", "car": "Bugatti Type 35"});
            p["cars"][0]["damage_due"] = json!(1);
        });
        act(&mut s, &format!("damage {card}"));
        let c = s.cars[0];
        assert_eq!(
            (c.status, c.battery_ok, c.headlights_ok),
            (Status::Racing, battery, lights)
        );
    }
}

#[test]
fn an_event_s_damage_is_a_stop_its_heat_is_not_damage() {
    // "Whenever a card or event assigns any other type of damage to a Neutral Car, treat it as an
    // immediate one-round stop". An Engine or Tire point is damage; a heat wave's Temperature
    // step is no damage to a car that "does not track ... wear" (decision 34).
    let (g, s) = stage(COPPA, &[BUGATTI, ALFA], &[true, false], json!({}));
    for (card, stops) in [
        ("benzina_scadente", true),
        ("ghiaia", true),
        ("ondata_di_calore", false),
    ] {
        let mut s = at_the_die(&g, &s, &[(0, 5, 1, 6), (1, 2, 1, 0)], &[0], |p| {
            p["phase"] = json!({"at": "event"});
            p["events_due"] = json!(1);
        });
        act(&mut s, &format!("event {card}"));
        assert_eq!(s.cars[0].status == Status::OffRoad, stops, "{card}");
        assert_eq!(s.cars[0].temperature, 0, "{card}");
    }
}

#[test]
fn a_battery_failure_applies_normally_at_a_standing_start() {
    // "except for Headlight and Battery failures, which apply normally"; Battery: a failed
    // battery limits a standing start to Speed 1.
    let (g, s) = track(&[BUGATTI, ALFA], &[false, true]);
    let mut s = at_the_die(&g, &s, &[(0, 44, 2, 0), (1, 2, 0, 0)], &[1], |p| {
        p["cars"][1]["battery_ok"] = json!(false);
    });
    act(&mut s, "d6 5");
    assert_eq!((cell(&s, 1), s.cars[1].speed), ((3, 0), 1));
}

#[test]
fn time_penalty_cards_still_apply() {
    // "Time-penalty cards still apply." A Chronograph card's seconds on the Neutral Car's Time
    // Chart.
    let (g, s) = stage(COPPA, &[BUGATTI, ALFA], &[true, false], json!({}));
    let mut s = at_the_die(&g, &s, &[(0, 5, 1, 6), (1, 2, 1, 0)], &[0], |p| {
        p["phase"] = json!({"at": "event"});
        p["events_due"] = json!(1);
    });
    act(&mut s, "event passaggio_a_livello");
    assert_eq!(s.record(0, 0).time_cards, 60);
    assert_eq!(s.cars[0].status, Status::Racing, "a delay, no stop");
}

#[test]
fn with_damage_cards_it_stops_at_technical_assistance_a_round_a_card() {
    // "Neutral Cars must stop at a Technical Assistance / Pit Lane space if they carry any Damage
    // card. They remain stopped for a number of rounds equal to the number of Damage cards they
    // hold (maximum 2: one Headlight and one Battery failure)." Verona – Ravenna's Technical
    // Assistance rows 15-18.
    let (g, s) = stage(
        "\"verona_ravenna\"",
        &[BUGATTI, ALFA],
        &[true, false],
        json!({}),
    );
    for (battery, lights, rounds) in [(false, true, 1u8), (false, false, 2), (true, true, 0)] {
        let mut s = at_the_die(&g, &s, &[(0, 13, 1, 6), (1, 2, 1, 0)], &[0, 1], |p| {
            p["cars"][0]["battery_ok"] = json!(battery);
            p["cars"][0]["headlights_ok"] = json!(lights);
        });
        act(&mut s, "d6 3");
        let c = s.cars[0];
        if rounds == 0 {
            assert_eq!(c.status, Status::Racing, "no card: it drives through");
            assert!(c.cell.row > 18);
            continue;
        }
        assert_eq!(
            (c.cell.row, c.status),
            (15, Status::OffRoad),
            "stops on entering"
        );
        assert!(c.battery_ok && c.headlights_ok, "the cards cleared");
        assert_eq!(c.stop_rounds, rounds, "a round a card");
    }
}

#[test]
fn in_track_races_the_box_on_a_one_or_two_and_with_damage_cards() {
    // "In Track Races, whenever a Neutral Car enters a tile containing a Pit Lane or Technical
    // Assistance space and the die roll is 1 or 2, it stops for one round and performs a standing
    // start on the next. This stop is added to any mandatory stop required to clear Damage
    // cards." The Box stretch: rows 68-71.
    let run = |die: u8, battery: bool| {
        let (g, s) = track(&[BUGATTI, ALFA], &[false, true]);
        let mut s = at_the_die(&g, &s, &[(0, 44, 2, 0), (1, 66, 1, 5)], &[1, 0], |p| {
            p["cars"][1]["battery_ok"] = json!(battery);
        });
        act(&mut s, &format!("d6 {die}"));
        s.cars[1]
    };
    for die in [1u8, 2] {
        let c = run(die, true);
        assert_eq!(
            (c.cell.row, c.status, c.stop_rounds),
            (68, Status::OffRoad, 1)
        );
    }
    let c = run(3, true);
    assert_eq!(c.status, Status::Racing, "a 3: through the Box");
    let c = run(3, false);
    assert_eq!(
        (c.cell.row, c.status, c.stop_rounds),
        (68, Status::OffRoad, 1),
        "the card"
    );
    let c = run(1, false);
    assert_eq!(
        (c.status, c.stop_rounds),
        (Status::OffRoad, 2),
        "the card and the die"
    );
}

#[test]
fn a_new_stage_s_damage_icons_do_not_reach_neutral_cars() {
    // "Neutral Cars do not track damage, wear, or repairs like human-controlled cars": the
    // icons of wear on a stage's layout (New Stage) are no card or event (decision 55).
    // Verona – Ravenna to Ravenna – Roma (Engine 1, Tires 2).
    let (g, s) = stage(
        "\"verona_ravenna\", \"ravenna_roma\", \"roma_brescia\"",
        &[BUGATTI, ALFA],
        &[true, false],
        json!({}),
    );
    let mut s = at_the_die(&g, &s, &[(0, 48, 1, 6), (1, 49, 0, 2)], &[0, 1], nothing);
    act(&mut s, "d6 1");
    let mut before = s.cars.clone();
    while s.stage == 0 {
        before = s.cars.clone();
        let a = bots::greedy_action(&s).expect("a decision");
        s.apply_action(a).expect("legal");
    }
    let (n, d) = (s.cars[0], s.cars[1]);
    assert_eq!((n.engine, n.tires), (before[0].engine, before[0].tires));
    assert_eq!(
        (d.engine, d.tires),
        (before[1].engine - 1, before[1].tires - 2),
        "the driven car takes the icons"
    );
}

// ---- Check Points and the Time Chart ----------------------------------------------------------

/// The Neutral Bugatti (seat 0) at `row`, `speed` on Verona – Ravenna (its Check Point line
/// after row 49, limit 2), the die `die`: its Time Chart record.
fn to_the_check_point(row: u16, speed: u8, die: u8, option: Value) -> (u8, u32) {
    let (g, s) = stage(
        "\"verona_ravenna\"",
        &[BUGATTI, ALFA],
        &[true, false],
        json!({ "neutral_checkpoint_penalty": option }),
    );
    let mut s = at_the_die(&g, &s, &[(0, row, 1, speed), (1, 2, 1, 0)], &[0], nothing);
    act(&mut s, &format!("d6 {die}"));
    let r = *s.record(0, 0);
    assert!(r.finish.is_some(), "over the line");
    (r.speed, r.penalty)
}

#[test]
fn the_check_point_line_is_a_b_turn_s_entry_line_for_neutral_cars() {
    // "Checkpoints. Treat the Checkpoint line as the entry line of a B-Turn for Neutral Cars."
    // One space from the line, the B column (2, 3, 4): its speed for a B turn, no penalty
    // (decision 52).
    for (die, speed) in [(1u8, 2u8), (3, 3), (5, 4)] {
        assert_eq!(
            to_the_check_point(49, 5, die, Value::Null),
            (speed, 0),
            "die {die}"
        );
    }
}

#[test]
fn a_neutral_car_over_the_check_point_above_its_b_column_pays_six_minutes() {
    // "The Check Point line must be crossed at speed 2 or lower ... Exceeding the speed limit
    // results in a 6-minute penalty"; the book exempts no car, and Neutral Cars are "treated
    // exactly like human-controlled cars for points scoring". From further back, the T column
    // ("On straights, a Neutral Car always uses the Top Speed (T) column") carries it over at
    // 6: above its B column, 6 minutes (decision 52).
    assert_eq!(
        to_the_check_point(45, 6, 3, Value::Null),
        (6, CHECK_POINT_PENALTY)
    );
    // The other readings, by option: never (false), above the line's limit as every car (true).
    assert_eq!(to_the_check_point(45, 6, 3, json!(false)), (6, 0));
    assert_eq!(to_the_check_point(45, 6, 3, json!("never")), (6, 0));
    assert_eq!(
        to_the_check_point(49, 5, 5, json!(true)),
        (4, CHECK_POINT_PENALTY)
    );
    assert_eq!(
        to_the_check_point(49, 5, 5, json!("above_limit")),
        (4, CHECK_POINT_PENALTY)
    );
    assert_eq!(to_the_check_point(49, 5, 1, json!("above_limit")), (2, 0));
}

#[test]
fn a_neutral_car_s_finish_goes_on_the_time_chart_as_everyone_s() {
    // "Standard Stage Finish ... record its finishing time and Speed on the Time Chart"; "Neutral
    // Cars are treated exactly like human-controlled cars for points scoring and prize awards."
    // Brescia – Verona's Arrivo after row 41: from row 38 at T 6 (die 3-4).
    let (g, s) = stage(COPPA, &[BUGATTI, ALFA], &[true, false], json!({}));
    let mut s = at_the_die(&g, &s, &[(0, 38, 1, 6), (1, 2, 1, 0)], &[0], nothing);
    let chrono = s.chrono;
    act(&mut s, "d6 3");
    let r = *s.record(0, 0);
    let step = u32::from(s.race.content.stage_races.chrono_minutes);
    assert_eq!((r.finish, r.speed, r.penalty), (Some(chrono + step), 6, 0));
    assert_eq!(
        s.cars[0].status,
        Status::Parked,
        "off the road until the next stage"
    );
}

#[test]
fn the_check_point_option_names_its_readings() {
    // Decision 52's readings by name; bad values and a Track race are refused naming the key.
    for (given, read) in [
        (Value::Null, "above_b_column"),
        (json!(true), "above_limit"),
        (json!(false), "never"),
        (json!("never"), "never"),
    ] {
        let (g, _) = stage(
            COPPA,
            &[BUGATTI, ALFA],
            &[true, false],
            json!({"neutral_checkpoint_penalty": given}),
        );
        assert_eq!(g.options_json()["neutral_checkpoint_penalty"], json!(read));
    }
    let route = "name = \"Prova\"\nstart = \"10:00\"\nstages = [\"verona_ravenna\"]\n";
    let content = content_with(&[("routes/prova.toml", route)]);
    let err = Legend::new(
        content.clone(),
        &json!({"route": "prova", "neutral_checkpoint_penalty": "sometimes"}),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("neutral_checkpoint_penalty") && err.contains("above_b_column"),
        "{err}"
    );
    let err = Legend::new(content, &json!({"neutral_checkpoint_penalty": "never"}))
        .unwrap_err()
        .to_string();
    assert!(err.contains("a Stage-race option"), "{err}");
}

/// A save of `g`'s race 40 steps in, as rules version 1 wrote it.
fn saved_under_version_1(g: &Legend) -> String {
    let mut s = g.new_initial_state();
    let mut rng = SplitMix64::new(3);
    for _ in 0..40 {
        let a = match s.current_player() {
            Player::Chance => s.sample_chance(&mut rng).unwrap(),
            _ => bots::greedy_action(&s).unwrap(),
        };
        s.apply_action(a).unwrap();
    }
    let mut v: Value = serde_json::from_str(&s.serialize()).unwrap();
    let hash = u64::from_str_radix(v["content_hash"].as_str().unwrap(), 16).unwrap();
    v["rules_version"] = json!(1);
    v["content_hash"] = json!(format!("{:016x}", hash ^ 2 ^ 1));
    v.to_string()
}

#[test]
fn saves_of_rules_version_1_load_where_the_neutral_rules_changed_nothing() {
    // Rules version 2 changed a Neutral Car at a Check Point and at an uphill exit line only: a
    // Track race on a shipped circuit (no turn ends uphill) or a race without Neutral Cars plays
    // as it did; a Stage race with Neutral Cars is refused with the reason.
    let track = Legend::new(
        content(),
        &json!({"circuit": "example", "laps": 1, "cars": [BUGATTI, ALFA], "neutral": [false, true]}),
    )
    .unwrap();
    assert!(track
        .deserialize_state(&saved_under_version_1(&track))
        .is_ok());
    let (plain, _) = stage(COPPA, &[BUGATTI, ALFA], &[false, false], json!({}));
    assert!(plain
        .deserialize_state(&saved_under_version_1(&plain))
        .is_ok());
    let (with_neutral, _) = stage(COPPA, &[BUGATTI, ALFA], &[true, false], json!({}));
    let err = with_neutral
        .deserialize_state(&saved_under_version_1(&with_neutral))
        .unwrap_err()
        .to_string();
    assert!(err.contains("saved under another rules version"), "{err}");
    // Today's saves load.
    let mut s = with_neutral.new_initial_state();
    act(&mut s, "d6 3");
    assert!(with_neutral.deserialize_state(&s.serialize()).is_ok());
}

#[test]
fn neutral_cars_are_classified_as_human_controlled_cars_are() {
    // "Points Scoring. Neutral Cars are treated exactly like human-controlled cars for points
    // scoring and prize awards." A one-lap race: the Neutral Alfa crosses the line first and
    // keeps its seat's place.
    let g = Legend::new(
        content(),
        &json!({"circuit": "example", "laps": 1, "cars": [BUGATTI, ALFA], "neutral": [false, true],
                "qualifying": false, "choose_split": false}),
    )
    .unwrap();
    let mut s = g.new_initial_state();
    act(&mut s, "d6 3");
    let mut s = at_the_die(&g, &s, &[(0, 40, 1, 5), (1, 69, 0, 5)], &[1, 0], nothing);
    act(&mut s, "d6 3");
    assert!(s.cars[1].finish.is_some(), "over the line");
    assert_eq!(
        s.ranking(),
        vec![1, 0],
        "the Neutral Car first, the driven car second"
    );
}
