//! Rules tests for repairs in Stage races ("Repairs": Roadside Repairs, Technical Assistance
//! Spots; "Stopping to Cool", "Repairing the Engine", "Repairing Brakes", "Replacing Tires",
//! "Replacing battery", "Replacing bulbs"; Car Setup changes). Route `controllo` (ours, for the
//! tests): `verona_ravenna` alone — Technical Assistance on rows 15-18 (Padova).

use crate::support::*;
use autodromo_core::legend::car::{Status, BATTERY, BRAKE_KIT, BULBS, COOLANT, PLUGS, TIRES};
use autodromo_core::legend::{LegendState, Phase};
use serde_json::json;

const BUGATTI: &str = "bugatti_type_35"; // Reliability 8
const ALFA: &str = "alfa_8c_2300";

fn controllo(extra: serde_json::Value) -> LegendState {
    let mut o = json!({"route": "controllo", "cars": [BUGATTI, ALFA]});
    for (k, v) in extra.as_object().unwrap() {
        o[k] = v.clone();
    }
    crate::support::controllo(o)
}

/// The Bugatti on `row`, at its pace, worn as given, holding no part unless `spares`.
fn worn(s: &mut LegendState, row: u16, engine: u8, brakes: u8, temperature: u8, tires: i8) {
    place_on_road(s, 0, row, 1, 4);
    let c = &mut s.cars[0];
    (c.engine, c.brakes, c.temperature, c.tires) = (engine, brakes, temperature, tires);
    c.spares = [0; 6];
    s.begin_activation(0);
}

/// Plays the Alfa's activations (and chance) until the Bugatti is to set its pace again.
fn next_pace(s: &mut LegendState) {
    loop {
        match s.phase {
            Phase::Pace { car: 0 } => return,
            p => match p.seat() {
                Some(car) => drive(s, usize::from(car)),
                None => {
                    let first = labels(s)[0].clone();
                    act(s, &first);
                }
            },
        }
    }
}

fn needles(s: &LegendState) -> (u8, u8, u8, i8) {
    let c = &s.cars[0];
    (c.engine, c.brakes, c.temperature, c.tires)
}

// ---- Roadside Repairs -----------------------------------------------------------------------------

#[test]
fn roadside_stop_repairs_two_steps_a_round_brakes_never_beyond_four() {
    // "Reduce temperature by 2 steps per round stopped", "Reduce engine damage by 2 steps per
    // round stopped", brakes: "Recover 2 steps per round stopped: Brake condition needle cannot
    // move beyond 4." (Decision 48: every round stopped repairs all three.)
    let mut s = controllo(json!({}));
    worn(&mut s, 5, 3, 1, 5, 16);
    act(&mut s, "roadside stop");
    assert_eq!(needles(&s), (5, 3, 3, 16));
    next_pace(&mut s);
    assert_eq!(s.round, 2);
    assert_eq!(
        s.cars[0].status,
        Status::Racing,
        "back on the road to start again"
    );
    act(&mut s, "roadside stop");
    assert_eq!(needles(&s), (7, 4, 1, 16));
    next_pace(&mut s);
    act(&mut s, "roadside stop");
    assert_eq!(
        needles(&s),
        (8, 4, 0, 16),
        "never above Reliability; brakes held at 4"
    );
    // A needle already above 4 does not move.
    let mut s = controllo(json!({}));
    worn(&mut s, 5, 8, 5, 0, 16);
    act(&mut s, "roadside stop");
    assert_eq!(s.cars[0].brakes, 5);
}

#[test]
fn roadside_stop_plays_held_spare_parts() {
    // "If you discard an Acqua Refrigerante Galetti spare part while stopped, temperature drops to
    // 0 within one round." Candele Folgore: "restore the engine to full Reliability in one
    // round"; König: "brakes return to full Reliability"; Sutherland: "to the first underlined
    // value"; Kraftvolt: the battery; Luxor: the headlights.
    let mut s = controllo(json!({}));
    worn(&mut s, 5, 2, 1, 7, 5);
    s.cars[0].spares = [1; 6];
    s.cars[0].battery_ok = false;
    s.cars[0].headlights_ok = false;
    act(&mut s, "roadside stop");
    assert_eq!(s.phase, Phase::Pit { car: 0 });
    for part in [
        "use Acqua Refrigerante Galetti",
        "use Candele Folgore",
        "use Impianti Frenanti König",
        "use Sutherland Tires",
        "use Kraftvolt Batterien",
        "use Luxor",
    ] {
        act(&mut s, part);
    }
    assert_eq!(
        needles(&s),
        (8, 8, 0, 8),
        "König goes past 4, to Reliability"
    );
    assert!(s.cars[0].battery_ok && s.cars[0].headlights_ok);
    assert_eq!(s.cars[0].spares, [0; 6]);
    act(&mut s, "end the stop");
    assert_eq!(
        (s.round, s.phase),
        (2, Phase::Pace { car: 0 }),
        "back next round"
    );
}

#[test]
fn galetti_while_stopped_at_the_roadside_drops_the_temperature_to_zero() {
    // Stopping to Cool: "If you discard an Acqua Refrigerante Galetti spare part while stopped,
    // temperature drops to 0 within one round." In a Stage race the stop comes first (the
    // roadside stop's own repairs), then the part: both in the round stopped (decision 48).
    let mut s = controllo(json!({}));
    worn(&mut s, 5, 8, 8, 7, 16);
    s.cars[0].spares[usize::from(COOLANT)] = 1;
    refused(
        &mut s,
        "use Acqua Refrigerante Galetti",
        "parts are played once stopped: the roadside stop or Technical Assistance first",
    );
    act(&mut s, "roadside stop");
    assert_eq!(s.cars[0].temperature, 5, "the stop's 2 steps");
    act(&mut s, "use Acqua Refrigerante Galetti");
    assert_eq!((s.cars[0].temperature, s.cars[0].spares[0]), (0, 0));
    act(&mut s, "end the stop");
    next_pace(&mut s);
    assert_eq!(s.cars[0].temperature, 0, "still 0 at the next pace");
    // Control: without the part the stop cools 2 steps and offers nothing more.
    let mut s = controllo(json!({}));
    worn(&mut s, 5, 8, 8, 7, 16);
    act(&mut s, "roadside stop");
    assert_eq!(s.cars[0].temperature, 5);
    assert_ne!(s.phase, Phase::Pit { car: 0 }, "no part to play");
}

#[test]
fn set_up_cards_do_not_change_at_the_roadside() {
    // Car Setup: adjustable cards change "at Technical Assistance spots or in the Pit Lane".
    let mut s = controllo(json!({"setups": [{"suspension": "soft"}, null]}));
    worn(&mut s, 5, 2, 8, 0, 16);
    s.cars[0].spares[PLUGS as usize] = 1;
    act(&mut s, "roadside stop");
    assert!(
        labels(&s).iter().all(|l| !l.starts_with("set ")),
        "{:?}",
        labels(&s)
    );
    refused(&mut s, "set suspension stiff", "in the Pit Lane");
}

#[test]
fn roadside_repairs_are_for_stage_races_only() {
    // "Roadside Repairs (Stage races only)": in a Track race a stop cools and repairs nothing.
    let mut s = race(
        json!({"circuit": "example", "cars": [BUGATTI, ALFA], "qualifying": false,
                            "choose_split": false}),
    );
    act(&mut s, "d6 3");
    let car = usize::from(s.phase.seat().unwrap());
    s.cars[car].engine = 1;
    s.cars[car].temperature = 4;
    act(&mut s, "stop to cool");
    assert_eq!((s.cars[car].engine, s.cars[car].temperature), (1, 2));
}

#[test]
fn a_stopped_car_returns_on_the_next_free_space_never_behind_the_start() {
    // "When the repair is complete, return to the track on the next adjacent space and perform a
    // standing start." On an open road there is no space behind row 0.
    let mut s = controllo(json!({"cars": [BUGATTI, ALFA, "fiat_1100s", "ferrari_166_mm"]}));
    worn(&mut s, 0, 8, 8, 4, 16);
    s.cars[0].status = Status::OffRoad;
    for (car, lane) in [(1, 0), (2, 1), (3, 2)] {
        place_on_road(&mut s, car, 0, lane, 0);
    }
    s.begin_activation(0);
    assert_eq!(cell(&s, 0), (1, 1), "row 0 full: the space ahead");
    assert_eq!((s.cars[0].progress, s.cars[0].speed), (1, 0));
    assert!(
        !labels(&s).contains(&"maintain".to_string()),
        "a standing start"
    );
}

// ---- Technical Assistance Spots ---------------------------------------------------------------

#[test]
fn technical_assistance_only_inside_a_marked_tile() {
    // "If you stop inside a Track tile marked with a Technical Assistance marker"
    let mut s = controllo(json!({}));
    worn(&mut s, 14, 8, 8, 0, 16);
    refused(
        &mut s,
        "technical assistance",
        "marked with a Technical Assistance marker",
    );
    for row in 15..=18 {
        worn(&mut s, row, 8, 8, 0, 16);
        assert!(
            labels(&s).contains(&"technical assistance".to_string()),
            "row {row}"
        );
    }
    let mut t = race(
        json!({"circuit": "example", "cars": [BUGATTI, ALFA], "qualifying": false,
                            "choose_split": false}),
    );
    act(&mut t, "d6 3");
    assert!(
        autodromo_core::State::string_to_action(&t, "technical assistance").is_err(),
        "no such decision in a Track race"
    );
}

#[test]
fn technical_assistance_halves_the_time_and_needs_no_spare_parts() {
    // "repairs take half the time of roadside repairs and require no spare parts" (decision 49:
    // 4 steps a round, the brakes not held at 4; tires, battery and headlights free).
    let mut s = controllo(json!({}));
    worn(&mut s, 16, 2, 1, 6, 5);
    s.cars[0].battery_ok = false;
    s.cars[0].headlights_ok = false;
    act(&mut s, "technical assistance");
    assert_eq!(needles(&s), (6, 5, 2, 8));
    assert!(s.cars[0].battery_ok && s.cars[0].headlights_ok);
    assert_eq!(s.cars[0].spares, [0; 6], "no part spent");
}

#[test]
fn technical_assistance_gives_one_spare_part_for_one_more_round() {
    // "You may also gain one single spare part of your choice by remaining there for one
    // additional round, provided you do not already hold a spare part of that type."
    let mut s = controllo(json!({}));
    worn(&mut s, 16, 6, 8, 0, 16);
    s.cars[0].spares = [1, 0, 1, 1, 1, 1];
    act(&mut s, "technical assistance");
    assert_eq!(s.phase, Phase::Pit { car: 0 });
    let offered: Vec<String> = labels(&s)
        .into_iter()
        .filter(|l| l.starts_with("take"))
        .collect();
    assert_eq!(
        offered,
        vec!["take Candele Folgore"],
        "only a type it holds none of"
    );
    refused(&mut s, "take Luxor", "holding none of that type");
    act(&mut s, "take Candele Folgore");
    assert_eq!(s.cars[0].spares[PLUGS as usize], 1);
    assert!(
        labels(&s).iter().all(|l| !l.starts_with("take")),
        "one part a stop"
    );
    let round = s.round;
    act(&mut s, "end the stop");
    next_pace(&mut s);
    assert_eq!(s.round, round + 2, "it stays the additional round");
    let _ = (BATTERY, BULBS, BRAKE_KIT, COOLANT, TIRES);
}

#[test]
fn technical_assistance_turns_adjustable_set_up_cards_for_one_more_round() {
    // Car Setup: adjustable cards "may be changed at Technical Assistance spots or in the Pit
    // Lane, provided you remain there for one additional round".
    let mut s = controllo(json!({"setups": [{"suspension": "soft"}, null]}));
    worn(&mut s, 16, 8, 8, 0, 16);
    act(&mut s, "technical assistance");
    act(&mut s, "set suspension stiff");
    assert_eq!(s.cars[0].setup.suspension, 1);
    let round = s.round;
    act(&mut s, "end the stop");
    next_pace(&mut s);
    assert_eq!(s.round, round + 2);
}
