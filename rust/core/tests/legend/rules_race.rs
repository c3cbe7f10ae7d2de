//! Rules tests, "Advance Time", "Weather", "Track Race" (qualifying, the grid, the finishing
//! order), "Movement" (track order), "Neutral Cars", the Reliability split, and the refusals of
//! illegal decisions and bad options, one test per rule. Circuit: `circuits/example.toml`
//! (72 rows: straight 0-15, B sweeper 16-22, A corner 27, uphill 34-39, downhill 48-53, C 54-57,
//! D 60-62, E 65-67, Box 68-71; left turns, lane 0 inside).

use crate::support::*;
use autodromo_core::legend::car::Status;
use autodromo_core::legend::{Legend, LegendState, Phase};
use autodromo_core::{Error, Game, State};
use serde_json::{json, Value};

fn options(cars: &[&str], extra: Value) -> Value {
    let mut opts = json!({"circuit": "example", "cars": cars, "qualifying": false,
                          "choose_split": false});
    for (k, v) in extra.as_object().unwrap() {
        opts[k] = v.clone();
    }
    opts
}

fn start_with(cars: &[&str], extra: Value) -> LegendState {
    let mut s = race(options(cars, extra));
    act(&mut s, "d6 3");
    s
}

/// Puts a car at a given distance from the start (rows travelled, as `Car::progress`).
fn put(s: &mut LegendState, car: usize, progress: i32, lane: u8, speed: u8) {
    let len = i32::from(s.race.track().len());
    let c = &mut s.cars[car];
    c.progress = progress;
    c.cell.row = progress.rem_euclid(len) as u16;
    c.cell.lane = lane;
    c.speed = speed;
}

/// Restarts the current round in track order with the cars where the test put them.
fn restart_round(s: &mut LegendState) {
    s.order = s.track_order();
    s.next = 0;
    s.neutral_row = None;
    s.phase = Phase::Flow;
    s.settle();
}

fn index_of(ids: impl Iterator<Item = String>, id: &str) -> usize {
    ids.into_iter().position(|x| x == id).unwrap()
}

// ---- Weather ------------------------------------------------------------------------------

#[test]
fn weather_rolls_and_carry_over() {
    // "Before the race begins, roll the D6 to determine the initial weather conditions."
    // "2–4 — Clear ... 5 — Light Rain: ... Add +1 to the next weather roll. 6+ — Heavy Rain:
    // ... Add +2 to the next weather roll."
    let mut s = race(options(&["bugatti_type_35", "alfa_8c_2300"], json!({})));
    assert_eq!(
        s.phase,
        Phase::Weather,
        "the first decision is the weather roll"
    );
    act(&mut s, "d6 5");
    assert_eq!((s.rain, s.carry), (1, 1));
    for (die, rain, carry) in [
        (4u8, 1u8, 1u8), // 4 + 1 = 5: light rain again
        (3, 0, 0),       // 3 + 1 = 4: clear
        (6, 2, 2),       // heavy rain
        (4, 2, 2),       // 4 + 2 = 6: heavy rain again
        (2, 0, 0),       // 2 + 2 = 4: clear
        (1, 0, 0),       // 1: clear (no fog in a Track race)
    ] {
        s.phase = Phase::Weather;
        s.weather_due = 1;
        act(&mut s, &format!("d6 {die}"));
        assert_eq!((s.rain, s.carry), (rain, carry), "d6 {die}");
    }
}

// ---- Advance Time -------------------------------------------------------------------------

#[test]
fn event_drawn_when_the_hours_hand_returns_to_zero() {
    // "In Track races, use only the hours handle to track rounds. When the handle returns to 0,
    // draw and resolve an Event card as usual." (dashboard.toml: 12 rounds a turn.)
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
    place(&mut s, 1, 40, 2, 0);
    place(&mut s, 0, 2, 1, 2);
    s.hours = 10;
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 2);
    assert_eq!(s.hours, 11);
    assert!(matches!(s.phase, Phase::Pace { .. }), "no event at 11");
    only(&mut s, 0);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 2);
    assert_eq!(s.phase, Phase::Event, "the hand is back at 0");
    // "Resolve Event card before placing it in the discard pile."
    let i = index_of(
        s.race.content.events.iter().map(|e| e.id.clone()),
        "ondata_di_calore",
    );
    act(&mut s, "event ondata_di_calore");
    assert!(
        s.cars.iter().all(|c| c.temperature == 1),
        "the heat wave hits every car"
    );
    assert_eq!(s.event_discard[i], 1);
    assert_eq!(s.event_deck[i], s.race.event_counts[i] - 1);
}

#[test]
fn each_event_brings_a_weather_roll() {
    // "Each time the hours hand advances, roll for Weather and draw an Event card." and "when a
    // card causes a weather change, roll the D6". Engine choice for a Track race: a weather roll
    // with every Event card, a second one when the card asks for it.
    for (card, rolls) in [("ondata_di_calore", 1u8), ("acquazzone", 2)] {
        let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
        s.phase = Phase::Event;
        s.events_due = 1;
        assert_eq!(s.weather_due, 0);
        act(&mut s, &format!("event {card}"));
        assert_eq!(s.weather_due, rolls, "{card}");
    }
}

#[test]
fn chronograph_events_removed_for_track_races() {
    // "Before starting to race, eliminate from the Event deck any card featuring the
    // Chronograph icon and shuffle the deck."
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
    let content = s.race.content.clone();
    for (i, e) in content.events.iter().enumerate() {
        let expected = if e.chronograph { 0 } else { e.count };
        assert_eq!(s.race.event_counts[i], expected, "{}", e.id);
        assert_eq!(s.event_deck[i], expected, "{}", e.id);
    }
    assert!(content.events.iter().any(|e| e.chronograph));
    s.phase = Phase::Event;
    s.events_due = 1;
    for e in content.events.iter() {
        assert_eq!(
            has(&s, &format!("event {}", e.id)),
            !e.chronograph,
            "{}",
            e.id
        );
    }
    refused(
        &mut s,
        "event passaggio_a_livello",
        "that Event card is not in the deck now",
    );
}

#[test]
fn event_reshuffle_card_returns_the_discards() {
    // "When there are no more Event cards to draw, or if the reshuffle card is drawn, return all
    // discarded cards to the deck and reshuffle it."
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
    let ids = || {
        s.race
            .content
            .events
            .iter()
            .map(|e| e.id.clone())
            .collect::<Vec<_>>()
    };
    let gravel = index_of(ids().into_iter(), "ghiaia");
    s.event_deck[gravel] -= 1;
    s.event_discard[gravel] += 1;
    s.phase = Phase::Event;
    s.events_due = 1;
    act(&mut s, "event nuovo_giorno");
    assert_eq!(
        s.event_deck, s.race.event_counts,
        "every card back in the deck"
    );
    assert!(s.event_discard.iter().all(|&n| n == 0));

    // An exhausted deck is rebuilt from the discards.
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
    let heat = index_of(
        s.race.content.events.iter().map(|e| e.id.clone()),
        "ondata_di_calore",
    );
    s.event_discard = s.event_deck.clone();
    s.event_deck.iter_mut().for_each(|n| *n = 0);
    s.phase = Phase::Event;
    s.events_due = 1;
    act(&mut s, "event ondata_di_calore");
    let mut expected = s.race.event_counts.clone();
    expected[heat] -= 1;
    assert_eq!(s.event_deck, expected);
    assert_eq!(
        s.event_discard.iter().map(|&n| u32::from(n)).sum::<u32>(),
        1
    );
}

#[test]
fn damage_deck_reshuffles_when_exhausted() {
    // "If the Damage deck is exhausted, shuffle the discarded cards to form a new draw deck."
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
    let content = s.race.content.clone();
    let valve = index_of(content.damage.iter().map(|d| d.id.clone()), "molla_valvola");
    s.damage_discard = s.damage_deck.clone();
    s.damage_deck.iter_mut().for_each(|n| *n = 0);
    s.cars[0].damage_due = 1;
    s.settle();
    assert_eq!(s.phase, Phase::Damage { car: 0 });
    let odds: f64 = s.chance_outcomes().iter().map(|o| o.1).sum();
    assert!((odds - 1.0).abs() < 1e-9);
    assert_eq!(
        s.chance_outcomes().len(),
        content.damage.len(),
        "every card drawable again"
    );
    act(&mut s, "damage molla_valvola");
    let mut expected = s.race.damage_counts.clone();
    expected[valve] -= 1;
    assert_eq!(s.damage_deck, expected);
    assert_eq!(s.damage_discard[valve], 1);
    assert_eq!(s.cars[0].engine, s.cars[0].engine_max - 1);
}

// ---- Qualifying ---------------------------------------------------------------------------

#[test]
fn qualifying_by_characteristics_then_dice() {
    // "To determine the starting grid, refer to the circuit's characteristics, shown as icons in
    // descending order of importance. ... These characteristics are also used as tie-breakers
    // ... If ties remain roll the D6 die: the highest roll takes the position."
    // The example circuit: top_speed, corner:B, braking. Jaguar T 9; Alfa 8C 2300 and Ferrari 166
    // MM both T 8, B 3, Braking 3; Bugatti T 7.
    let cars = [
        "bugatti_type_35",
        "alfa_8c_2300",
        "ferrari_166_mm",
        "jaguar_c_type",
    ];
    let mut s = race(options(&cars, json!({"qualifying": true})));
    act(&mut s, "d6 3");
    assert_eq!(s.phase, Phase::QualifyingDie { car: 1 });
    act(&mut s, "d6 4");
    assert_eq!(s.phase, Phase::QualifyingDie { car: 2 });
    // Equal dice do not separate them: both roll again.
    act(&mut s, "d6 4");
    assert_eq!(s.phase, Phase::QualifyingDie { car: 1 });
    act(&mut s, "d6 2");
    act(&mut s, "d6 5");
    assert_eq!(s.grid, vec![3, 2, 1, 0]);
    assert_eq!(
        s.phase,
        Phase::Challenge { car: 0 },
        "the challenges start from the back"
    );
}

#[test]
fn wear_point_challenge_from_the_back() {
    // "The last-placed player may spend 1 point from any wearable part (Engine, Brakes, or
    // Tires) to challenge the position immediately ahead. The challenged player may either match
    // the bid by spending 1 point of the same wearable part to keep the position, or pass and
    // give up the position."
    let cars = ["bugatti_type_35", "jaguar_c_type"];
    let mut s = race(options(&cars, json!({"qualifying": true})));
    act(&mut s, "d6 3");
    assert_eq!(s.grid, vec![1, 0], "Jaguar (T 9) on pole");
    assert_eq!(
        labels(&s),
        vec![
            "challenge with engine",
            "challenge with brakes",
            "challenge with tires",
            "no challenge"
        ]
    );
    let mut matched = s.clone();
    act(&mut s, "challenge with tires");
    assert_eq!(s.cars[0].tires, 15);
    assert_eq!(
        s.phase,
        Phase::ChallengeReply {
            car: 1,
            wear: autodromo_core::legend::actions::Wear::Tires
        }
    );
    act(&mut s, "yield the position");
    assert_eq!(s.grid, vec![0, 1]);
    assert_eq!(s.cars[1].tires, 16);
    assert!(s.racing);
    let len = s.race.track().len();
    assert_eq!(cell(&s, 0), (len - 1, 0), "the challenger takes pole");

    act(&mut matched, "challenge with engine");
    act(&mut matched, "match the challenge");
    assert_eq!((matched.cars[0].engine, matched.cars[1].engine), (3, 4));
    assert_eq!(matched.grid, vec![1, 0], "matched: the position is kept");
    assert_eq!(
        matched.phase,
        Phase::Challenge { car: 0 },
        "the challenger may bid again"
    );
    act(&mut matched, "no challenge");
    assert!(matched.racing);
    assert_eq!(cell(&matched, 1), (len - 1, 0));
}

#[test]
fn a_car_that_passed_cannot_challenge() {
    // "A player who passes cannot challenge any other car during qualifying."
    // Jaguar (T 9) pole, Alfa 8C 2300 (T 8) second, Bugatti (T 7) third.
    let cars = ["bugatti_type_35", "alfa_8c_2300", "jaguar_c_type"];
    let mut s = race(options(&cars, json!({"qualifying": true})));
    act(&mut s, "d6 3");
    assert_eq!(s.grid, vec![2, 1, 0]);
    act(&mut s, "challenge with brakes");
    act(&mut s, "yield the position");
    assert_eq!(s.grid, vec![2, 0, 1]);
    // The Bugatti, now second, may go on; the Alfa, which passed, never gets to challenge.
    assert_eq!(s.phase, Phase::Challenge { car: 0 });
    act(&mut s, "no challenge");
    assert!(
        s.racing,
        "qualifying is over without a challenge by the Alfa"
    );
    assert_eq!(s.grid, vec![2, 0, 1]);
}

#[test]
fn pole_position_starts_at_the_front_of_the_grid() {
    // "place the cars on the official starting grid" and "Starting with the pole-position
    // driver, each car begins the race with a standing start." Engine choice: two cars a row on
    // the last rows before the finish line, pole in lane 0.
    let cars = [
        "bugatti_type_35",
        "alfa_8c_2300",
        "ferrari_166_mm",
        "jaguar_c_type",
    ];
    let mut s = race(options(&cars, json!({"qualifying": true})));
    act(&mut s, "d6 3");
    act(&mut s, "d6 2");
    act(&mut s, "d6 5");
    for _ in 0..3 {
        act(&mut s, "no challenge");
    }
    assert_eq!(s.grid, vec![3, 2, 1, 0]);
    let len = s.race.track().len();
    assert_eq!(cell(&s, 3), (len - 1, 0));
    assert_eq!(cell(&s, 2), (len - 1, 2));
    assert_eq!(cell(&s, 1), (len - 2, 0));
    assert_eq!(cell(&s, 0), (len - 2, 2));
    assert_eq!(
        s.phase,
        Phase::Pace { car: 3 },
        "the pole sitter moves first"
    );
    assert!(s.cars.iter().all(|c| c.speed == 0), "standing starts");
}

// ---- Track order --------------------------------------------------------------------------

#[test]
fn track_order_furthest_ahead_first() {
    // "Cars move in track order, starting with the one furthest ahead."
    let mut s = start_with(
        &["bugatti_type_35", "alfa_8c_2300", "ferrari_166_mm"],
        json!({}),
    );
    place(&mut s, 0, 3, 0, 7);
    place(&mut s, 1, 9, 2, 1);
    place(&mut s, 2, 5, 1, 4);
    assert_eq!(s.track_order(), vec![1, 2, 0]);
    restart_round(&mut s);
    assert_eq!(s.phase, Phase::Pace { car: 1 });
}

#[test]
fn track_order_priority_ties() {
    // "If more cars are side by side and it's unclear who is ahead: The faster car moves first.
    // If still tied, the car on the best line moves first. If still tied, the car closest to the
    // inside of the current (or next) turn moves first." Row 17 of the B sweeper: best lane 2.
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
    place(&mut s, 0, 17, 0, 3);
    place(&mut s, 1, 17, 2, 3);
    assert_eq!(
        s.track_order(),
        vec![1, 0],
        "same speed: the best line first"
    );
    place(&mut s, 1, 17, 2, 2);
    assert_eq!(s.track_order(), vec![0, 1], "the faster car first");
    place(&mut s, 0, 17, 1, 3);
    place(&mut s, 1, 17, 0, 3);
    assert_eq!(
        s.track_order(),
        vec![1, 0],
        "off the best line: the inside (lane 0) first"
    );
    // A right turn next (Castelrosso's C turn): lane 2 is the inside.
    let mut s = race(
        json!({"circuit": "castelrosso", "cars": ["bugatti_type_35", "alfa_8c_2300"],
                            "qualifying": false, "choose_split": false}),
    );
    act(&mut s, "d6 3");
    place(&mut s, 0, 3, 0, 4);
    place(&mut s, 1, 3, 2, 4);
    assert_eq!(s.track_order(), vec![1, 0]);
}

// ---- The finish ---------------------------------------------------------------------------

#[test]
fn finishing_order_furthest_past_the_line_then_activation() {
    // "If two or more cars cross the line during the same round, the winner is the car that has
    // advanced the farthest beyond the finish line; if a tie still remains, use the activation
    // hierarchy as the tie-breaker."
    let finish = |speed1: u8| {
        let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({"laps": 1}));
        let len = i32::from(s.race.track().len());
        put(&mut s, 0, len - 2, 0, 3);
        put(&mut s, 1, len - 3, 2, speed1);
        restart_round(&mut s);
        assert_eq!(
            s.phase,
            Phase::Pace { car: 0 },
            "car 0 is ahead: it moves first"
        );
        act(&mut s, "maintain");
        straight_on(&mut s, 0, 3);
        act(&mut s, "maintain");
        straight_on(&mut s, 1, usize::from(speed1));
        assert_eq!(s.phase, Phase::Over, "both cars crossed the line");
        s
    };
    // Car 0 ends 1 row past the line, car 1 2 rows past: car 1 wins.
    let s = finish(5);
    assert_eq!(s.ranking(), vec![1, 0]);
    assert_eq!(s.returns(), vec![0.0, 1.0]);
    // Both 1 row past: car 0 activated first.
    let s = finish(4);
    assert_eq!(s.ranking(), vec![0, 1]);
}

#[test]
fn race_runs_until_every_car_has_crossed_the_line() {
    // "The race continues until all cars have crossed the finish line, applying the same
    // criteria to determine the complete finishing order." A car that crosses in an earlier round
    // is ahead of one that crosses later, however far past the line the latter gets.
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({"laps": 1}));
    let len = i32::from(s.race.track().len());
    put(&mut s, 0, len - 1, 0, 1);
    put(&mut s, 1, len - 4, 2, 3);
    restart_round(&mut s);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 1);
    act(&mut s, "maintain");
    straight_on(&mut s, 1, 3);
    assert_ne!(s.phase, Phase::Over);
    assert_eq!(s.cars[0].status, Status::Finished);
    assert_eq!(s.order, vec![1], "a finished car no longer moves");
    act(&mut s, "accelerate 4");
    straight_on(&mut s, 1, 7);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.ranking(), vec![0, 1]);
}

// ---- Neutral Cars -------------------------------------------------------------------------

fn with_neutral(cars: &[&str], neutral: &[bool]) -> LegendState {
    start_with(cars, json!({"neutral": neutral}))
}

#[test]
fn neutral_car_uses_the_die_row_and_column() {
    // "When the first Neutral Car is about to move, roll 1D6 ... this die result determines the
    // row used by all Neutral Cars for that round. For each Neutral Car, locate the intersection
    // between the rolled row and the appropriate speed column". Alfa 8C 2300 Neutral table rows
    // (0 A B C D E T): [3 1 2 3 4 6 7], [4 2 3 4 5 7 7], [4 3 4 5 6 8 8].
    let run = |row: u16, lane: u8, die: u8| {
        let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
        place(&mut s, 0, 44, 2, 0);
        place(&mut s, 1, row, lane, 5);
        neutral_round(&mut s, 1, die);
        (cell(&s, 1), s.cars[1].speed)
    };
    // "Straights. On straights, a Neutral Car always uses the Top Speed (T) column" and "on
    // straights, prefer the innermost lane".
    assert_eq!(run(2, 1, 1), ((9, 0), 7));
    assert_eq!(run(2, 1, 2), ((9, 0), 7));
    assert_eq!(run(2, 1, 5), ((10, 0), 8));
    // "When a Neutral Car is one space away from a turn ... use the Turn Speed column" (B, die
    // 3-4: 3), always on the best line (lanes 2 2 2 on rows 16-18).
    assert_eq!(run(15, 0, 3), ((18, 2), 3));
    // "On uphill sections, Neutral Cars use the E column instead of the T column." (die 3: 7)
    assert_eq!(run(34, 0, 3), ((41, 0), 7));
}

#[test]
fn in_the_rain_a_neutral_car_reads_the_turn_marker_as_the_rain_lowers_it() {
    // "Light Rain: Temporarily reduce any Turn Marker by one step (not lower than A)"; decision
    // 34: the turn column is the marker as the rain reads it. Rain is no low visibility ("fog or
    // night without working headlights"). Alfa 8C 2300, die 3-4: A 2, B 3; the B turn ahead.
    for (rain, speed) in [(0u8, 3u8), (1, 2), (2, 2)] {
        let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
        place(&mut s, 0, 44, 2, 0);
        place(&mut s, 1, 15, 0, 5);
        s.rain = rain;
        neutral_round(&mut s, 1, 3);
        assert_eq!(s.cars[1].speed, speed, "rain {rain}");
    }
    // A 5 entering the turn in the rain by day: no outward shift, all 3 spaces (A, die 5-6).
    let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
    place(&mut s, 0, 44, 2, 0);
    place(&mut s, 1, 15, 0, 5);
    s.rain = 1;
    neutral_round(&mut s, 1, 5);
    assert_eq!((s.cars[1].cell.row, s.cars[1].speed), (18, 3));
}

#[test]
fn neutral_car_downhill_adds_a_movement_point() {
    // "On straight downhill sections, add +1 movement point to their movement allowance."
    // Castelrosso's descent (rows 11-16).
    let mut s = race(
        json!({"circuit": "castelrosso", "cars": ["bugatti_type_35", "alfa_8c_2300"],
                            "neutral": [false, true], "qualifying": false, "choose_split": false}),
    );
    act(&mut s, "d6 3");
    place(&mut s, 0, 60, 2, 0);
    place(&mut s, 1, 11, 0, 5);
    neutral_round(&mut s, 1, 3);
    assert_eq!(s.cars[1].cell.row, 19, "T 7 (die 3-4) + 1");
}

#[test]
fn neutral_car_standing_start_column_zero() {
    // "Standing Start. For a standing start, Neutral Cars use the 0 column on their Performance
    // Card during the first round."
    for (die, spaces) in [(1u8, 3u16), (6, 4)] {
        let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
        place(&mut s, 0, 44, 2, 0);
        place(&mut s, 1, 2, 0, 0);
        neutral_round(&mut s, 1, die);
        assert_eq!(
            (cell(&s, 1), s.cars[1].speed),
            ((2 + spaces, 0), spaces as u8)
        );
    }
}

#[test]
fn neutral_car_switches_to_t_at_the_exit_line() {
    // "As soon as the car reaches the exit line of the turn, switch to the Top Speed (T) column
    // and use any remaining movement points." Engine choice: the allowance becomes the T
    // column's value, counting the spaces already moved. The A corner (row 27, one row), die 3:
    // A column 2, T column 7.
    let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
    place(&mut s, 0, 44, 2, 0);
    place(&mut s, 1, 26, 0, 3);
    neutral_round(&mut s, 1, 3);
    assert_eq!(
        s.cars[1].cell.row, 33,
        "1 space into the corner, then up to 7 in all"
    );
    assert_eq!(s.cars[1].speed, 7);
}

#[test]
fn neutral_car_never_collides() {
    // "Neutral Cars never crash into other cars. If their ideal path is blocked, they simply move
    // through any available unoccupied spaces with no penalty. If all lanes are blocked, move the
    // Neutral Car as far as possible and discard any remaining movement points."
    let cars = [
        "bugatti_type_35",
        "alfa_8c_2300",
        "ferrari_166_mm",
        "osca_mt4",
    ];
    let mut s = with_neutral(&cars, &[false, true, false, false]);
    place(&mut s, 0, 6, 0, 0);
    place(&mut s, 2, 6, 1, 0);
    place(&mut s, 3, 6, 2, 0);
    place(&mut s, 1, 4, 0, 5);
    neutral_round(&mut s, 1, 3);
    assert_eq!(
        cell(&s, 1),
        (5, 0),
        "as far as possible; the rest is dropped"
    );
    assert!(
        s.cars.iter().all(|c| c.damage_due == 0),
        "no collision, no damage"
    );
    assert!(s.cars.iter().all(|c| c.status == Status::Racing));
    // A gap: the Neutral Car goes through it with no penalty.
    let mut s = with_neutral(&cars, &[false, true, false, false]);
    place(&mut s, 0, 6, 0, 0);
    place(&mut s, 2, 6, 2, 0);
    place(&mut s, 3, 40, 2, 0);
    place(&mut s, 1, 4, 0, 5);
    neutral_round(&mut s, 1, 3);
    assert_eq!(
        s.cars[1].cell.row, 11,
        "7 spaces (T, die 3-4), through lane 1"
    );
    assert!(s.cars.iter().all(|c| c.damage_due == 0));
}

#[test]
fn neutral_cars_slipstream_on_straights() {
    // "Slipstreaming. Neutral Cars benefit from slipstreaming on straights exactly as described
    // in the main rules."
    let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
    place(&mut s, 0, 10, 0, 0);
    place(&mut s, 1, 2, 0, 5);
    neutral_round(&mut s, 1, 1);
    assert_eq!(
        cell(&s, 1),
        (10, 1),
        "7 to row 9 behind car 0, then one more"
    );
}

#[test]
fn neutral_damage_is_a_stop() {
    // "Neutral Cars do not track damage, wear, or repairs like human-controlled cars, except for
    // Headlight and Battery failures, which apply normally. Whenever a card or event assigns any
    // other type of damage to a Neutral Car, treat it as an immediate one-round stop for repairs
    // ..., followed by a standing start on its next activation."
    let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
    place(&mut s, 0, 44, 2, 0);
    place(&mut s, 1, 2, 0, 5);
    let before = s.cars[1];
    s.cars[1].damage_due = 1;
    s.settle();
    act(&mut s, "damage molla_valvola");
    let c = s.cars[1];
    assert_eq!((c.status, c.speed, c.stop_rounds), (Status::OffRoad, 0, 1));
    assert_eq!(
        (c.engine, c.brakes, c.tires),
        (before.engine, before.brakes, before.tires)
    );
    // Its next activation is the stop; the one after, a standing start (column 0, die 1: 3).
    s.order = vec![1];
    s.next = 0;
    s.phase = Phase::Flow;
    s.settle();
    assert_eq!(s.cars[1].status, Status::OffRoad, "stopped for the round");
    assert_eq!(s.cars[1].stop_rounds, 0);
    neutral_round(&mut s, 1, 1);
    assert_eq!((cell(&s, 1), s.cars[1].speed), ((5, 0), 3));
    // A battery failure is tracked, not a stop.
    let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
    s.cars[1].damage_due = 1;
    s.settle();
    act(&mut s, "damage batteria_scarica");
    assert_eq!(s.cars[1].status, Status::Racing);
    assert!(!s.cars[1].battery_ok);
    // An event card's engine damage is a stop too.
    let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
    s.phase = Phase::Event;
    s.events_due = 1;
    act(&mut s, "event benzina_scadente");
    assert_eq!(s.cars[1].status, Status::OffRoad);
    assert_eq!(
        s.cars[0].engine,
        s.cars[0].engine_max - 1,
        "the human car takes the point"
    );
}

#[test]
fn neutral_car_stops_in_the_box_on_a_low_roll() {
    // "In Track Races, whenever a Neutral Car enters a tile containing a Pit Lane or Technical
    // Assistance space and the die roll is 1 or 2, it stops for one round and performs a
    // standing start on the next."
    let run = |die: u8| {
        let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
        place(&mut s, 0, 44, 2, 0);
        place(&mut s, 1, 66, 1, 5);
        neutral_round(&mut s, 1, die);
        s
    };
    let mut s = run(1);
    assert_eq!(s.cars[1].cell.row, 68, "stopped on entering the Box tile");
    assert_eq!(s.cars[1].status, Status::OffRoad);
    // The next round (already begun) is the stop: the Neutral Car is skipped.
    assert_eq!(s.phase, Phase::Pace { car: 0 });
    assert_eq!(s.cars[1].stop_rounds, 0);
    // Then a standing start (column 0, die 3-4: 4) from the Box.
    neutral_round(&mut s, 1, 3);
    assert_eq!((cell(&s, 1), s.cars[1].speed), ((0, 0), 4));
    let s = run(3);
    assert_eq!(s.cars[1].status, Status::Racing);
    assert!(s.cars[1].cell.row < 10, "went on past the finish line");
}

#[test]
fn a_neutral_car_with_damage_cards_stops_in_the_box_whatever_the_die() {
    // "Neutral Cars must stop at a Technical Assistance / Pit Lane space if they carry any Damage
    // card. They remain stopped for a number of rounds equal to the number of Damage cards they
    // hold (maximum 2: one Headlight and one Battery failure)." "In Track Races ... the die roll
    // is 1 or 2, it stops for one round ... This stop is added to any mandatory stop required to
    // clear Damage cards." Decision 54: a stop skips an activation per round stopped.
    let run = |die: u8, battery: bool, headlights: bool| {
        let mut s = with_neutral(&["bugatti_type_35", "alfa_8c_2300"], &[false, true]);
        place(&mut s, 0, 44, 2, 0);
        place(&mut s, 1, 66, 1, 5);
        s.cars[1].battery_ok = !battery;
        s.cars[1].headlights_ok = !headlights;
        neutral_round(&mut s, 1, die);
        s
    };
    // A failed battery, die 3: it stops on entering the Box tile, repaired; the next round,
    // already begun, is its one round stopped.
    let s = run(3, true, false);
    assert_eq!(
        (s.cars[1].cell.row, s.cars[1].status),
        (68, Status::OffRoad)
    );
    assert!(s.cars[1].battery_ok && s.cars[1].headlights_ok);
    assert_eq!(
        s.cars[1].stop_rounds, 0,
        "one round stopped, being skipped now"
    );
    // Both switches failed and a 1: two rounds for the cards and one for the die.
    let s = run(1, true, true);
    assert_eq!(
        (s.cars[1].cell.row, s.cars[1].status),
        (68, Status::OffRoad)
    );
    assert_eq!(
        s.cars[1].stop_rounds, 2,
        "three rounds stopped, the first being skipped now"
    );
    // No card and a 3: through the Box.
    let s = run(3, false, false);
    assert_eq!(s.cars[1].status, Status::Racing);
}

// ---- Set-up -------------------------------------------------------------------------------

#[test]
fn reliability_split_between_engine_and_brakes() {
    // "Set Engine and Brakes needles to your Reliability value. For Track races, distribute your
    // Reliability value between Engine and Brakes as desired." Engine choice: each needle keeps
    // at least 1; Neutral Cars take the default split (half each, Engine rounded up).
    let mut s = race(
        json!({"circuit": "example", "cars": ["bugatti_type_35", "alfa_8c_2300",
                            "osca_mt4"], "neutral": [false, false, true], "qualifying": false}),
    );
    assert_eq!(s.phase, Phase::Split { car: 0 });
    let split: Vec<String> = (1..8).map(|k| format!("engine {k}")).collect();
    assert_eq!(labels(&s), split, "Bugatti, Reliability 8");
    refused(&mut s, "engine 8", "Reliability split");
    act(&mut s, "engine 3");
    let c = s.cars[0];
    assert_eq!(
        (c.engine, c.engine_max, c.brakes, c.brakes_max),
        (3, 3, 5, 5)
    );
    assert_eq!(s.phase, Phase::Split { car: 1 });
    act(&mut s, "engine 6");
    assert_eq!((s.cars[1].engine, s.cars[1].brakes), (6, 3));
    assert_eq!(s.phase, Phase::Weather, "the Neutral Car does not split");
    assert_eq!((s.cars[2].engine, s.cars[2].brakes), (5, 5));
}

// ---- Refusals -------------------------------------------------------------------------------

#[test]
fn illegal_decisions_change_nothing() {
    // Every refused decision names the rule and leaves the race as it was.
    let mut s = start_with(&["bugatti_type_35", "alfa_8c_2300"], json!({}));
    place(&mut s, 1, 3, 1, 0);
    place(&mut s, 0, 2, 0, 0);
    only(&mut s, 0);
    refused(&mut s, "maintain", "standing start: you must accelerate");
    refused(&mut s, "accelerate 6", "Acceleration limiter");
    refused(&mut s, "power out 2", "only at the exit line");
    refused(&mut s, "drift", "only when entering a turn too fast");
    refused(
        &mut s,
        "emergency brake 1",
        "only when entering a turn too fast",
    );
    refused(
        &mut s,
        "move to lane 0",
        "moving to a lane: one space at a time, during your own movement",
    );
    refused(
        &mut s,
        "leave pit",
        "leaving the pit: only for a car stopped in the Pit Lane",
    );
    refused(
        &mut s,
        "use Candele Folgore",
        "at the start of the round only the Acqua Refrigerante Galetti, by stopping to cool; the other parts in the Pit Lane",
    );
    refused(
        &mut s,
        "d6 3",
        "dice and cards decide only at a roll or a draw",
    );
    refused(
        &mut s,
        "damage molla_valvola",
        "dice and cards decide only at a roll or a draw",
    );
    refused(
        &mut s,
        "slipstream to lane 1",
        "the slipstream choices come only when a movement ends right behind another car",
    );
    refused(&mut s, "challenge with engine", "qualifying challenges");
    refused(&mut s, "engine 4", "Reliability split");
    refused(&mut s, "pit stop", "stretch marked Box");
    act(&mut s, "accelerate 3");
    refused(&mut s, "move to lane 1", "never into an occupied space");
    refused(&mut s, "move to lane 2", "one space straight or diagonally");
    refused(
        &mut s,
        "accelerate 1",
        "the pace is set at the start of your round",
    );
    refused(
        &mut s,
        "stop to cool",
        "the pace is set at the start of your round",
    );
    refused(&mut s, "regain best line", "only in a turn");
    // An unknown label is no action at all.
    let err = s.string_to_action("accelerate fast").unwrap_err();
    assert!(matches!(err, Error::UnknownAction { .. }));
    // An id out of range is refused, not applied.
    let before = s.serialize();
    let n = s.game().num_distinct_actions() as u32;
    assert!(matches!(
        s.apply_action(n + 5),
        Err(Error::UnknownAction { .. })
    ));
    assert_eq!(s.serialize(), before);
}

#[test]
fn bad_options_are_rejected() {
    let bad = |opts: Value, key: &str| match Legend::new(crate::support::content(), &opts) {
        Err(Error::Options { key: k, .. }) => assert_eq!(k, key, "{opts}"),
        Err(e) => panic!("{opts}: {e}"),
        Ok(_) => panic!("{opts} accepted"),
    };
    let two = json!(["bugatti_type_35", "alfa_8c_2300"]);
    bad(json!({"cars": two, "colour": "red"}), "colour");
    bad(json!("example"), "options");
    bad(json!({"circuit": "monza", "cars": two}), "circuit");
    bad(json!({"circuit": 3, "cars": two}), "circuit");
    bad(json!({"cars": ["bugatti_type_35"]}), "cars");
    bad(json!({"cars": vec!["bugatti_type_35"; 13]}), "cars");
    bad(json!({"cars": ["bugatti_type_35", "trabant"]}), "cars");
    bad(json!({"cars": ["bugatti_type_35", 7]}), "cars");
    // "No more than two players may share a car."
    bad(
        json!({"cars": ["bugatti_type_35", "bugatti_type_35", "bugatti_type_35"]}),
        "cars",
    );
    bad(json!({"cars": two, "neutral": [true]}), "neutral");
    bad(json!({"cars": two, "neutral": [true, "yes"]}), "neutral");
    bad(json!({"cars": two, "laps": 0}), "laps");
    bad(json!({"cars": two, "laps": 21}), "laps");
    bad(json!({"cars": two, "laps": "two"}), "laps");
    bad(json!({"cars": two, "max_rounds": 5}), "max_rounds");
    bad(
        json!({"cars": two, "slipstream_in_turns": "yes"}),
        "slipstream_in_turns",
    );
    bad(
        json!({"cars": two, "realistic_collisions": 1}),
        "realistic_collisions",
    );
    bad(json!({"cars": two, "qualifying": "no"}), "qualifying");
    bad(json!({"cars": two, "choose_split": 0}), "choose_split");
    // Two seats may share a model.
    assert!(Legend::new(
        crate::support::content(),
        &json!({"cars": ["bugatti_type_35", "bugatti_type_35"]})
    )
    .is_ok());
}
