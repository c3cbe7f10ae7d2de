//! Neutral Cars in Stage races ("Neutral Cars": Checkpoints; Fog, Night and Rain; Damage, Wear and
//! Repairs). The Bugatti's Neutral table: D6 1-2 [3, 1, 2, 3, 4, 5, 6], 3-4 [4, 2, 3, 4, 5, 6, 6],
//! 5-6 [4, 3, 4, 5, 6, 7, 7] (columns 0, A, B, C, D, E, T).

use crate::support::*;
use autodromo_core::legend::car::Status;
use autodromo_core::legend::stage::CHECK_POINT_PENALTY;
use autodromo_core::legend::{LegendState, Phase};
use serde_json::json;

const BUGATTI: &str = "bugatti_type_35";
const ALFA: &str = "alfa_8c_2300";
const FIAT: &str = "fiat_1100s";

fn controllo(extra: serde_json::Value) -> LegendState {
    let mut o = json!({"route": "controllo", "cars": [BUGATTI, ALFA], "neutral": [true, false]});
    for (k, v) in extra.as_object().unwrap() {
        o[k] = v.clone();
    }
    crate::support::controllo(o)
}

/// The Neutral Bugatti (seat 0) placed at `row`, `lane` and `speed` moves alone with `die`.
fn neutral_move(s: &mut LegendState, row: u16, lane: u8, speed: u8, die: u8) {
    place_on_road(s, 0, row, lane, speed);
    neutral_round(s, 0, die);
}

#[test]
fn neutral_cars_treat_the_check_point_as_a_b_turn_and_are_not_penalised_on_its_column() {
    // "Checkpoints. Treat the Checkpoint line as the entry line of a B-Turn for Neutral Cars."
    // Decision 52: crossing on the B column costs no penalty by default (`above_b_column`);
    // above it, see legend_neutral_rules.rs.
    let mut s = controllo(json!({}));
    neutral_move(&mut s, 49, 1, 5, 1);
    let r = *s.record(0, 0);
    assert_eq!((r.speed, r.penalty), (2, 0), "the B column, die 1-2");
    let mut s = controllo(json!({}));
    neutral_move(&mut s, 49, 1, 5, 6);
    let r = *s.record(0, 0);
    assert_eq!(
        (r.speed, r.penalty),
        (4, 0),
        "the B column, die 5-6: over 2, no penalty"
    );
    let mut s = controllo(json!({"neutral_checkpoint_penalty": true}));
    neutral_move(&mut s, 49, 1, 5, 6);
    assert_eq!(
        s.record(0, 0).penalty,
        CHECK_POINT_PENALTY,
        "the option: penalised"
    );
}

/// `coppa_breve` with fog rolled (a 1 on Brescia – Verona), the Neutral Bugatti on seat `neutral`.
fn in_fog(cars: serde_json::Value, neutral: serde_json::Value) -> LegendState {
    let mut s = race(json!({"route": "coppa_breve", "cars": cars, "neutral": neutral}));
    act(&mut s, "d6 1");
    assert!(s.fog());
    s
}

#[test]
fn in_low_visibility_a_neutral_car_entering_a_turn_on_a_five_or_six_shifts_outward_and_stops() {
    // "if a Neutral Car moves from a straight into a turn and the die result for that round is 5
    // or 6, shift the car one lane outward and end its movement in that lane."
    let mut s = in_fog(json!([BUGATTI, ALFA]), json!([true, false]));
    neutral_move(&mut s, 10, 1, 6, 5);
    assert_eq!(
        cell(&s, 0),
        (12, 2),
        "the E turn's first row, one lane out (a left turn)"
    );
    let mut s = in_fog(json!([BUGATTI, ALFA]), json!([true, false]));
    neutral_move(&mut s, 10, 1, 6, 3);
    assert!(s.cars[0].cell.row > 12, "a 3: no shift");
    // In clear weather by day, a 5 changes nothing.
    let mut s = stage_race(
        json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA], "neutral": [true, false]}),
    );
    neutral_move(&mut s, 10, 1, 6, 5);
    assert!(s.cars[0].cell.row > 12);
}

/// Brescia – Verona by night (a 22:00 start, the weather clear), the Neutral Bugatti on seat 0.
fn at_night() -> LegendState {
    let content = content_with(&[(
        "routes/notte.toml",
        "name = \"Notte\"\nstart = \"22:00\"\nstages = [\"brescia_verona\", \"verona_ravenna\"]\n",
    )]);
    let s = stage_race_on(
        content,
        json!({"route": "notte", "cars": [BUGATTI, ALFA], "neutral": [true, false]}),
    );
    assert!(s.night() && !s.fog());
    s
}

#[test]
fn at_night_a_neutral_car_shifts_on_a_five_or_six_only_once_its_headlights_have_failed() {
    // "In low-visibility conditions (fog or night without working headlights)"; Neutral Cars
    // track "Headlight and Battery failures, which apply normally".
    let mut s = at_night();
    neutral_move(&mut s, 10, 1, 6, 5);
    assert!(s.cars[0].cell.row > 12, "working headlights: no shift");
    // A Headlight Damage card is kept, not turned into a stop.
    let mut s = at_night();
    place_on_road(&mut s, 0, 5, 1, 6);
    s.cars[0].damage_due = 1;
    s.settle();
    act(&mut s, "damage lampadina_bruciata");
    assert!(!s.cars[0].headlights_ok);
    assert_eq!(
        s.cars[0].status,
        Status::Racing,
        "no stop for a Headlight card"
    );
    neutral_move(&mut s, 10, 1, 6, 5);
    assert_eq!(cell(&s, 0), (12, 2), "failed headlights: one lane out");
}

#[test]
fn the_low_visibility_shift_off_the_track_draws_a_damage_card() {
    // "If this shift causes the car to exit the track, draw and resolve a Damage card."
    let mut s = in_fog(json!([BUGATTI, ALFA, FIAT]), json!([true, false, false]));
    place_on_road(&mut s, 1, 12, 0, 3);
    place_on_road(&mut s, 2, 12, 1, 3);
    neutral_move(&mut s, 11, 2, 6, 6);
    assert_eq!(cell(&s, 0), (12, 2), "no lane further out");
    assert_eq!(s.phase, Phase::Damage { car: 0 });
}

#[test]
fn neutral_cars_stop_at_technical_assistance_to_clear_their_damage_cards() {
    // "Neutral Cars must stop at a Technical Assistance / Pit Lane space if they carry any Damage
    // card. They remain stopped for a number of rounds equal to the number of Damage cards they
    // hold (maximum 2: one Headlight and one Battery failure)."
    let mut s = controllo(json!({}));
    s.cars[0].battery_ok = false;
    s.cars[0].headlights_ok = false;
    neutral_move(&mut s, 13, 1, 6, 3);
    assert_eq!(
        s.cars[0].cell.row, 15,
        "it stops on entering the marked tile"
    );
    let c = &s.cars[0];
    assert!(c.battery_ok && c.headlights_ok);
    // Round 2 has begun (the Alfa starts): the Bugatti skipped it and skips one more.
    assert_eq!((s.round, c.status, c.stop_rounds), (2, Status::OffRoad, 1));
    // With no Damage card it drives through.
    let mut s = controllo(json!({}));
    neutral_move(&mut s, 13, 1, 6, 3);
    assert_eq!(s.cars[0].status, Status::Racing);
    assert!(s.cars[0].cell.row > 15);
}

#[test]
fn time_penalty_cards_still_apply_to_neutral_cars() {
    // "Time-penalty cards still apply."
    let mut s = controllo(json!({}));
    neutral_move(&mut s, 5, 1, 6, 3);
    s.phase = Phase::Event;
    s.events_due = 1;
    act(&mut s, "event gregge");
    assert_eq!(s.record(0, 0).time_cards, 45);
}
