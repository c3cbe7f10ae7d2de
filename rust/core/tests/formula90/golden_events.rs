//! A few events as the log writes them, field for field (issue 30: the log is written by serde;
//! these pin the format it had when it was written by hand): a seat's own draw and another's
//! hidden, a robot's step (`seat` null), a pass, a bonus, a yellow flag removed by the Leader
//! (no car), CHASE's chit coming off, and a duel with what the corner and strategies add.
//! Changed once on purpose (issue 29): a section reference gained its `kind` and its `name` is
//! the track's own or `null`, no longer "straight 5" made in English by the core.

use crate::support::*;
use autodromo_core::formula90::car::{NO_CAR, NO_CARD};
use autodromo_core::formula90::events::{Bonus, Event};
use autodromo_core::formula90::options::MAX_CARS;
use autodromo_core::formula90::rules::Relation;
use autodromo_core::formula90::F90State;
use serde_json::{json, Value};

fn race() -> F90State {
    book_race(json!({"players": 2, "robots": {"fast": 1}}))
}

fn written(s: &F90State, e: Event, seat: Option<usize>) -> Value {
    e.to_json(&s.race, seat).expect("the event is written")
}

fn car(s: &F90State, c: u8) -> Value {
    json!({"id": c, "name": s.race.names[usize::from(c)]})
}

fn card(s: &F90State, id: u8) -> Value {
    json!({"id": id, "name": s.race.card_name(id)})
}

/// Since issue 29 a section is its number, its kind and the track's name for it (`null` where
/// the track names none): it was `"name": "straight 5"`, English made by the core.
fn section(s: &F90State, i: u8) -> Value {
    let track = s.race.track();
    json!({"number": i + 1, "kind": track.sections[usize::from(i)].kind.name(),
           "name": track.section_own_name(i)})
}

#[test]
fn a_draw_shows_its_card_to_its_own_seat_only() {
    let s = race();
    let draw = Event::Draw { car: 1, card: 7 };
    assert_eq!(
        written(&s, draw, Some(1)),
        json!({"kind": "draw", "car": car(&s, 1), "seat": 1, "card": card(&s, 7)})
    );
    for seat in [Some(0), None] {
        assert_eq!(
            written(&s, draw, seat),
            json!({"kind": "draw", "car": car(&s, 1), "seat": 1, "card": null})
        );
    }
}

#[test]
fn a_robot_passes_with_no_seat() {
    let s = race();
    let pass = Event::Pass {
        car: 2,
        other: 0,
        relation: Relation::Lap,
        cost: 3,
    };
    assert_eq!(
        written(&s, pass, None),
        json!({"kind": "pass", "car": car(&s, 2), "seat": null, "other": car(&s, 0),
            "relation": "lap", "cost": 3})
    );
}

#[test]
fn bonuses_flags_and_chase_keep_their_fields() {
    let s = race();
    let cases = [
        (
            Event::Bonus {
                car: 0,
                bonus: Bonus::SaveFuel(9),
            },
            json!({"kind": "bonus", "car": car(&s, 0), "seat": 0, "bonus": "save_fuel", "fuel": 9}),
        ),
        (
            Event::Bonus {
                car: 0,
                bonus: Bonus::ChaseMp,
            },
            json!({"kind": "bonus", "car": car(&s, 0), "seat": 0, "bonus": "chase_mp", "mp": 1}),
        ),
        (
            Event::YellowRemoved {
                car: None,
                section: 4,
            },
            json!({"kind": "yellow_removed",
                   "section": {"number": 5, "kind": "straight", "name": null}}),
        ),
        (
            Event::Chased {
                car: 1,
                chased: NO_CAR,
            },
            json!({"kind": "chased", "car": car(&s, 1), "seat": 1, "chased": null}),
        ),
        (
            Event::TurnStart {
                turn: 3,
                stage: true,
            },
            json!({"kind": "turn", "turn": 3, "race_stage": true}),
        ),
        (Event::RaceEnd, json!({"kind": "race_end"})),
    ];
    for (e, want) in cases {
        assert_eq!(written(&s, e, None), want, "{e:?}");
    }
}

#[test]
fn a_duel_lists_its_cars_by_total_with_what_is_added_to_their_cards() {
    let s = race();
    let sec = (0..s.race.track().sections.len() as u8)
        .find(|&i| s.race.duel_points(i, 7) != 0)
        .expect("a section where a card scores in a duel");
    let points = |id| s.race.duel_points(sec, id);
    let mut result = [(u8::MAX, 0i8); MAX_CARS];
    let mut cards = [[NO_CARD; 2]; MAX_CARS];
    result[0] = (1, points(7) + points(12) + 2);
    cards[0] = [7, 12];
    result[1] = (0, points(20));
    cards[1] = [20, NO_CARD];
    let duel = Event::DuelReveal {
        section: sec,
        result,
        cards,
    };
    let laid = |id| json!({"card": card(&s, id), "mp": points(id)});
    assert_eq!(
        written(&s, duel, Some(0)),
        json!({"kind": "duel", "section": section(&s, sec), "result": [
            {"car": car(&s, 1), "total": points(7) + points(12) + 2,
                "cards": [laid(7), laid(12)], "modifiers": 2},
            {"car": car(&s, 0), "total": points(20), "cards": [laid(20)], "modifiers": 0},
        ]})
    );
}
