//! Rules tests for Stage races ("Stage Races", Setup step 5, "Advance Time"), one test per rule
//! and per book example. Route `coppa_breve`: stage 1 `brescia_verona` (straight rows 0-11, E turn
//! 12-14, downhill 15-20, C 21-24, D 29-31, straight 32-41, the Arrivo after row 41), stage 2
//! `verona_ravenna` (E 6-8, Technical Assistance 15-18, A 19-20, D 27-29, C 36-39, straight 40-49,
//! the Check Point after row 49, limit 2). Test routes of our own add a Check Point first.

use crate::support::*;
use autodromo_core::legend::car::Status;
use autodromo_core::legend::stage::{CHECK_POINT_LINE, CHECK_POINT_PENALTY, RESIDUAL_MPS};
use autodromo_core::legend::{Legend, LegendState, Phase};
use autodromo_core::{Game, State};
use serde_json::json;

const BUGATTI: &str = "bugatti_type_35"; // Ranking 11, Reliability 8, Braking 3
const ALFA: &str = "alfa_8c_2300"; // Ranking 15
const FIAT: &str = "fiat_1100s"; // Ranking 8

/// 17:30, the start of `coppa_breve`.
const DUSK: u32 = 17 * 60 + 30;

/// Routes of our own: a Check Point stage alone, and one Check Point stage after another.
fn check_point_routes() -> std::sync::Arc<autodromo_core::legend::Content> {
    content_with(&[
        CONTROLLO,
        (
            "routes/due_controlli.toml",
            "name = \"Due controlli\"\nstart = \"10:00\"\nstages = [\"verona_ravenna\", \"verona_ravenna\"]\n",
        ),
    ])
}

/// Starts `car`'s activation again where the test put it (fresh limits and MPs).
fn at_pace(s: &mut LegendState, car: usize, row: u16, lane: u8, speed: u8) {
    place_on_road(s, car, row, lane, speed);
    s.begin_activation(car);
}

// ---- First Stage Start ----------------------------------------------------------------------

#[test]
fn first_stage_start_lowest_ranking_first_three_minutes_apart() {
    // "the player with the lowest Rank score starts first, followed by others in ascending
    // order ... At minute 0, Player 1 starts. At minute 3, Player 1 moves and Player 2 starts.
    // At minute 6, Players 1 and 2 move, and Player 3 starts, and so on."
    let mut s = stage_race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA, FIAT]}));
    // "Players record their starting time on the Time Chart."
    assert_eq!(s.record(0, 2).start, DUSK, "the Fiat (Ranking 8) is P1");
    assert_eq!(s.record(0, 0).start, DUSK + 3, "the Bugatti (11) is P2");
    assert_eq!(s.record(0, 1).start, DUSK + 6, "the Alfa (15) is P3");
    // Minute 0: P1 alone, from a standing start on the start line's row.
    assert_eq!((s.round, s.chrono, s.order.clone()), (1, DUSK, vec![2]));
    assert_eq!(s.phase, Phase::Pace { car: 2 });
    assert_eq!(cell(&s, 2), (0, 1), "the middle lane of row 0");
    assert_eq!(s.cars[0].status, Status::Waiting);
    assert_eq!(s.cars[1].status, Status::Waiting);
    assert!(
        labels(&s).iter().all(|l| l != "maintain"),
        "a standing start"
    );
    drive(&mut s, 2);
    // Minute 3: P1 moves, then P2 starts.
    assert_eq!(
        (s.round, s.chrono, s.order.clone()),
        (2, DUSK + 3, vec![2, 0])
    );
    assert_eq!(s.phase, Phase::Pace { car: 2 });
    drive(&mut s, 2);
    assert_eq!(s.phase, Phase::Pace { car: 0 });
    drive(&mut s, 0);
    // Minute 6: P1 and P2 move in track order, then P3 starts.
    assert_eq!((s.round, s.chrono), (3, DUSK + 6));
    assert_eq!(s.order.len(), 3);
    assert_eq!(s.order[2], 1, "the starter acts after the cars on the road");
    let mut on_road = s.order[..2].to_vec();
    on_road.sort_unstable();
    assert_eq!(on_road, vec![0, 2]);
}

#[test]
fn once_all_have_started_turns_proceed_in_track_position_order() {
    // "Once all drivers have started, turns proceed in track position order."
    let mut s = stage_race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]}));
    drive(&mut s, 0);
    drive(&mut s, 0);
    drive(&mut s, 1);
    for _ in 0..5 {
        assert_eq!(s.order, s.track_order(), "round {}", s.round);
        let round = s.round;
        while s.round == round {
            match s.phase.seat() {
                Some(car) => drive(&mut s, usize::from(car)),
                None => {
                    let first = labels(&s)[0].clone();
                    act(&mut s, &first);
                }
            }
        }
    }
}

#[test]
fn stage_race_engine_and_brakes_at_reliability() {
    // Setup step 5: "Set Engine and Brakes needles to your Reliability value. For Track races,
    // distribute your Reliability value between Engine and Brakes as desired."
    let s = stage_race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]}));
    let c = &s.cars[0];
    assert_eq!(
        (c.engine, c.engine_max, c.brakes, c.brakes_max),
        (8, 8, 8, 8)
    );
    assert!(
        matches!(s.phase, Phase::Pace { .. }),
        "no Reliability split"
    );
}

#[test]
fn stage_options_refuse_track_race_options() {
    let content = content();
    let bad = |extra: serde_json::Value, key: &str| {
        let mut o = json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]});
        for (k, v) in extra.as_object().unwrap() {
            o[k] = v.clone();
        }
        let e = Legend::new(content.clone(), &o)
            .expect_err("refused")
            .to_string();
        assert!(e.contains(key), "{e:?} does not name {key}");
    };
    bad(json!({"circuit": "example"}), "circuit");
    bad(json!({"laps": 2}), "laps");
    bad(json!({"qualifying": true}), "qualifying");
    bad(json!({"choose_split": true}), "choose_split");
    bad(json!({"route": "nowhere"}), "unknown route");
    let e = Legend::new(
        content.clone(),
        &json!({"circuit": "example", "cars": [BUGATTI, ALFA], "residual_mps": true}),
    )
    .expect_err("a Stage-race option")
    .to_string();
    assert!(e.contains("residual_mps"), "{e}");
    // The options a save records read back as the same race.
    let g = Legend::new(
        content,
        &json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA], "residual_mps": true}),
    )
    .unwrap();
    let again = Legend::new(g.race.content.clone(), &g.options_json()).unwrap();
    assert_eq!(again.race.opts, g.race.opts);
}

// ---- Standard Stage Finish --------------------------------------------------------------------

#[test]
fn standard_stage_finish_drops_residual_mps_and_records_time_and_speed() {
    // "When a car crosses the finish line (Arrivo), its stage ends. Drop any residual Movement
    // Points (MPs), Record finishing time and speed on the Time Chart."
    let mut s = stage_race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]}));
    at_pace(&mut s, 0, 40, 1, 6);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 2);
    assert_eq!(
        s.cars[0].status,
        Status::Parked,
        "off the road until the next stage"
    );
    let r = *s.record(0, 0);
    assert_eq!(
        r.finish,
        Some(DUSK + 3),
        "the Chrono after the round of the crossing"
    );
    assert_eq!((r.speed, r.bonus, r.penalty), (6, 0, 0));
    assert_eq!(
        s.phase,
        Phase::Pace { car: 1 },
        "4 MPs dropped: the next round began"
    );
}

#[test]
fn residual_mps_chart_four_is_45_seconds() {
    // Optional rule: "convert them into saved time using the Residual MPs chart ... Example:
    // 4 residual MPs = –45 seconds on the racing time."
    let mut s =
        stage_race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA], "residual_mps": true}));
    at_pace(&mut s, 0, 40, 1, 6);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 2); // the second MP crosses: 6 - 2 = 4 left
    assert_eq!(s.record(0, 0).bonus, 45);
    assert_eq!(s.racing_time(0), Some(3 * 60 - 45));
}

#[test]
fn residual_chart_is_the_books() {
    let book = [
        (1, 0),
        (2, 31),
        (3, 41),
        (4, 45),
        (5, 48),
        (6, 50),
        (7, 52),
        (8, 54),
        (9, 56),
        (10, 57),
        (11, 58),
        (12, 59),
    ];
    for (mps, seconds) in book {
        assert_eq!(RESIDUAL_MPS[mps], seconds, "{mps} residual MPs");
    }
    assert_eq!(
        RESIDUAL_MPS[13], 60,
        "the lost 13th cell: ours (docs/rules/legend.md)"
    );
}

// ---- Check Point ------------------------------------------------------------------------------

#[test]
fn check_point_over_the_limit_costs_six_minutes() {
    // "The Check Point line must be crossed at speed 2 or lower ... Exceeding the speed limit
    // results in a 6-minute penalty to be added to the stage finish time. Drop any residual MPs."
    let mut s = stage_race_on(
        check_point_routes(),
        json!({"route": "controllo", "cars": [BUGATTI, ALFA], "residual_mps": true}),
    );
    at_pace(&mut s, 0, 48, 1, 3);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 1);
    assert_eq!(
        s.phase,
        Phase::EntryLine {
            car: 0,
            turn: CHECK_POINT_LINE
        }
    );
    act(&mut s, "no braking");
    straight_on(&mut s, 0, 1);
    let r = *s.record(0, 0);
    assert_eq!((r.speed, r.penalty, r.bonus), (3, CHECK_POINT_PENALTY, 0));
    assert_eq!(CHECK_POINT_PENALTY, 360);
    // At 2 or lower: no penalty.
    drive_to(&mut s, 1);
    at_pace(&mut s, 1, 48, 1, 3);
    act(&mut s, "maintain");
    straight_on(&mut s, 1, 1);
    act(&mut s, "brake 1");
    straight_on(&mut s, 1, 1);
    let r = *s.record(0, 1);
    assert_eq!((r.speed, r.penalty, r.bonus), (2, 0, 0));
}

/// Plays the greedy driver for every other seat until `car` sets its pace.
fn drive_to(s: &mut LegendState, car: usize) {
    while s.phase != (Phase::Pace { car: car as u8 }) {
        match s.phase.seat() {
            Some(other) => drive(s, usize::from(other)),
            None => {
                let first = labels(s)[0].clone();
                act(s, &first);
            }
        }
    }
}

#[test]
fn check_point_line_is_braked_for_like_an_entry_line() {
    // Decision 42: the line is an entry line for dive braking (once, even with no MP left); a new
    // Speed not above the MPs spent stops the car short of it. No emergency braking there.
    let mut s = stage_race_on(
        check_point_routes(),
        json!({"route": "controllo", "cars": [BUGATTI, ALFA]}),
    );
    at_pace(&mut s, 0, 46, 1, 6);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 3);
    let brakes: Vec<String> = labels(&s);
    assert_eq!(
        brakes,
        vec![
            "no braking",
            "brake 1",
            "brake 2",
            "brake 3",
            "lift and coast at entry"
        ]
    );
    act(&mut s, "brake 3");
    assert_eq!(
        cell(&s, 0),
        (49, 1),
        "Speed 3 against 3 MPs spent: stopped short"
    );
    assert_eq!(s.cars[0].status, Status::Racing);
    drive_to(&mut s, 0);
    assert!(
        labels(&s).iter().all(|l| !l.starts_with("brake")),
        "one braking decision per line"
    );
    act(&mut s, "lift and coast");
    straight_on(&mut s, 0, 1);
    assert_eq!((s.record(0, 0).speed, s.record(0, 0).penalty), (2, 0));
}

#[test]
fn racing_time_is_finish_minus_race_start_penalties_and_bonus_included() {
    // "determine each driver's provisional racing time by subtracting race starting time from
    // current finishing time, penalties and bonus included. The leading car is the one with the
    // shortest racing time."
    let mut s = stage_race_on(
        check_point_routes(),
        json!({"route": "controllo", "cars": [BUGATTI, ALFA]}),
    );
    at_pace(&mut s, 0, 48, 1, 4);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 1);
    act(&mut s, "no braking");
    straight_on(&mut s, 0, 1); // 10:00 start, 10:03 finish, 6 minutes penalty
    assert_eq!(s.racing_time(0), Some(3 * 60 + 360));
    drive_to(&mut s, 1);
    at_pace(&mut s, 1, 48, 1, 3);
    act(&mut s, "lift and coast");
    straight_on(&mut s, 1, 1);
    act(&mut s, "no braking");
    straight_on(&mut s, 1, 1); // 10:03 start, 10:06 finish
    assert_eq!(s.racing_time(1), Some(3 * 60));
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.ranking(), vec![1, 0], "the shortest racing time leads");
    assert_eq!(s.returns(), vec![0.0, 1.0]);
}

// ---- New Stage ------------------------------------------------------------------------------------

#[test]
fn new_stage_after_arrivo_keeps_time_and_speed_and_resets_the_chrono_to_the_earliest() {
    // "Identify the driver who finished earliest and reset the Chrono board to that time for the
    // next stage. All other drivers start at the same time and speed they finished the previous
    // stage." And "apply the damage indicated by the icons on its layout diagram".
    let mut s = stage_race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]}));
    at_pace(&mut s, 0, 38, 1, 4);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 4); // crosses at 17:30, finish 17:33, Speed 4
    at_pace(&mut s, 1, 39, 1, 5);
    act(&mut s, "maintain");
    straight_on(&mut s, 1, 3); // crosses at 17:33, finish 17:36, Speed 5
    assert_eq!(s.stage, 1, "both over the line: stage 2");
    assert_eq!(s.chrono, DUSK + 3, "the Chrono back to the earliest finish");
    assert_eq!(s.record(1, 0).start, DUSK + 3);
    assert_eq!(s.record(1, 1).start, DUSK + 6);
    assert_eq!(s.order, vec![0], "the Alfa starts a round later");
    assert_eq!(s.phase, Phase::Pace { car: 0 });
    assert_eq!(s.cars[0].speed, 4, "a flying start at the finishing Speed");
    assert!(labels(&s).contains(&"maintain".to_string()));
    // verona_ravenna's icons: 1 Tire point.
    assert_eq!((s.cars[0].tires, s.cars[1].tires), (15, 15));
    drive(&mut s, 0);
    assert_eq!(
        s.order,
        vec![0, 1],
        "17:36: the Alfa starts after the Bugatti moves"
    );
    drive(&mut s, 0);
    assert_eq!((s.phase, s.cars[1].speed), (Phase::Pace { car: 1 }, 5));
}

#[test]
fn new_stage_after_check_point_standing_starts() {
    // "Follow the same rules used after a stage finish, except that all cars begin the new stage
    // at Speed 0."
    let mut s = stage_race_on(
        check_point_routes(),
        json!({"route": "due_controlli", "cars": [BUGATTI, ALFA]}),
    );
    at_pace(&mut s, 0, 49, 1, 2);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    straight_on(&mut s, 0, 1);
    at_pace(&mut s, 1, 49, 1, 2);
    act(&mut s, "maintain");
    act(&mut s, "no braking");
    straight_on(&mut s, 1, 1);
    assert_eq!(s.stage, 1);
    assert_eq!(s.phase, Phase::Pace { car: 0 });
    assert_eq!(s.cars[0].speed, 0);
    assert!(
        labels(&s).iter().all(|l| l != "maintain"),
        "a standing start"
    );
}

#[test]
fn spare_part_after_a_check_point_for_a_round_stationary() {
    // "After a Check Point, players may acquire one Spare Part card of their choice, provided
    // they do not already hold more than one card of that type and they remain stationary for
    // one full round before departing."
    let mut s = stage_race_on(
        check_point_routes(),
        json!({"route": "due_controlli", "cars": [BUGATTI, ALFA]}),
    );
    refused(
        &mut s,
        "take Candele Folgore",
        "at the start after a Check Point",
    );
    for car in [0, 1] {
        at_pace(&mut s, car, 49, 1, 2);
        act(&mut s, "maintain");
        act(&mut s, "no braking");
        straight_on(&mut s, car, 1);
    }
    s.cars[0].spares[2] = 2; // two König kits already
    s.begin_activation(0);
    assert!(labels(&s).contains(&"take Candele Folgore".to_string()));
    refused(
        &mut s,
        "take Impianti Frenanti König",
        "holding at most one",
    );
    let (round, chrono) = (s.round, s.chrono);
    act(&mut s, "take Candele Folgore");
    assert_eq!(s.cars[0].spares[1], 2);
    drive_to(&mut s, 0);
    assert_eq!(
        (s.round, s.chrono),
        (round + 1, chrono + 3),
        "a round stationary"
    );
    assert_eq!(cell(&s, 0), (0, 1), "it departs from the start");
    assert_eq!(s.cars[0].speed, 0);
    assert!(
        labels(&s).iter().all(|l| !l.starts_with("take")),
        "one part only"
    );
}

#[test]
fn the_start_waits_while_row_zero_is_full() {
    // Decision 45: a starter finds row 0 full: it starts the next round, its start time unchanged.
    let mut s = stage_race(
        json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA, FIAT, "ferrari_166_mm"]}),
    );
    for (car, lane) in [(0, 0), (1, 1), (3, 2)] {
        place_on_road(&mut s, car, 0, lane, 0);
        s.cars[car].status = Status::OffRoad;
    }
    // The Fiat (P1) sets off; the others are stopped off the road: the start is free.
    assert_eq!(s.phase, Phase::Pace { car: 2 });
    for car in [0, 1, 3] {
        s.cars[car].status = Status::Racing;
    }
    s.cars[2].status = Status::Waiting;
    s.order = vec![2];
    s.next = 0;
    s.phase = Phase::Flow;
    s.settle();
    assert_eq!(s.cars[2].status, Status::Waiting, "row 0 is full");
    assert_eq!(s.record(0, 2).start, DUSK);
}

// ---- Advance Time, Event cards ------------------------------------------------------------------

#[test]
fn the_chrono_steps_three_minutes_a_round_and_an_event_comes_on_the_hour() {
    // "When all cars finish their actions, rotate the minutes hand of the Chrono board one step.
    // When it returns to 0, advance the hours hand as well. Each time the hours hand advances,
    // roll for Weather and draw an Event card." One step is 3 minutes (decision 40).
    let mut s = stage_race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]}));
    let mut events = 0;
    while s.round < 11 {
        assert_eq!(s.chrono, DUSK + 3 * (u32::from(s.round) - 1));
        match s.phase {
            Phase::Event => {
                events += 1;
                act(&mut s, "event ghiaia");
            }
            Phase::Weather => act(&mut s, "d6 3"),
            p => drive(&mut s, usize::from(p.seat().expect("a seat"))),
        }
    }
    assert_eq!(events, 0, "no Event before 18:00");
    assert_eq!(s.chrono, 18 * 60);
    assert_eq!(
        s.phase,
        Phase::Event,
        "18:00: an Event card, then the weather"
    );
    act(&mut s, "event ghiaia");
    assert_eq!(s.phase, Phase::Weather);
}

#[test]
fn chronograph_cards_stay_in_stage_races() {
    // Track Race: "eliminate from the Event deck any card featuring the Chronograph icon" — so a
    // Stage race keeps them: 16 cards against 11.
    let stage = race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]}));
    let track = race(json!({"circuit": "example", "cars": [BUGATTI, ALFA]}));
    let total = |s: &LegendState| s.event_deck.iter().map(|&n| u32::from(n)).sum::<u32>();
    assert_eq!((total(&stage), total(&track)), (16, 11));
}

#[test]
fn chronograph_time_goes_on_the_time_chart_of_every_car_on_the_road() {
    // Decision 47: a time card costs its seconds to every car on the road or stopped off it;
    // cars waiting to start or parked after the line are spared.
    let mut s = stage_race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA, FIAT]}));
    act(&mut s, "accelerate 3");
    straight_on(&mut s, 2, 3); // the Fiat on the road, the Bugatti and the Alfa waiting
    s.phase = Phase::Event;
    s.events_due = 1;
    act(&mut s, "event passaggio_a_livello");
    assert_eq!(s.record(0, 2).time_cards, 60);
    assert_eq!(s.record(0, 0).time_cards, 0);
    assert_eq!(s.record(0, 1).time_cards, 0);
}

// ---- Weather, Night Driving ----------------------------------------------------------------------

#[test]
fn weather_one_is_fog_only_on_fog_stages() {
    // "1 — Clear or Fog: Some stages may replace clear weather with fog."
    let mut s = race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]}));
    act(&mut s, "d6 1");
    assert!(s.fog(), "Brescia – Verona has fog");
    assert_eq!(s.view(None)["weather"], "fog");
    let content = content_with(&[(
        "routes/sud.toml",
        "name = \"Sud\"\nstart = \"10:00\"\nstages = [\"ravenna_roma\", \"verona_ravenna\"]\n",
    )]);
    let mut s = Legend::new(content, &json!({"route": "sud", "cars": [BUGATTI, ALFA]}))
        .unwrap()
        .new_initial_state();
    act(&mut s, "d6 1");
    assert!(!s.fog(), "Ravenna – Roma has none");
    assert_eq!(s.view(None)["weather"], "clear");
    let mut t = race(json!({"circuit": "example", "cars": [BUGATTI, ALFA], "choose_split": false}));
    act(&mut t, "d6 1");
    assert!(!t.fog(), "a Track race reads a 1 as clear");
}

/// A route that starts at `start` on brescia_verona (the E turn's entry line before row 12).
fn night_or_day(start: &str) -> LegendState {
    let route = format!(
        "name = \"Notte\"\nstart = \"{start}\"\nstages = [\"brescia_verona\", \"verona_ravenna\"]\n"
    );
    stage_race_on(
        content_with(&[("routes/notte.toml", route.as_str())]),
        json!({"route": "notte", "cars": [BUGATTI, ALFA]}),
    )
}

#[test]
fn night_is_eighteen_to_six() {
    // "From 18:00 to 06:00, flip all Turn and Slope markers face-down."
    assert!(!night_or_day("17:57").night());
    assert!(night_or_day("18:00").night());
    assert!(night_or_day("05:57").night());
    assert!(!night_or_day("06:00").night());
}

#[test]
fn failed_headlights_at_night_read_a_turn_marker_only_approaching_its_entry_line() {
    // "Cars with working headlights may check any marker at any time. If your headlights fail,
    // you may check a Turn marker only when approaching its entry line, and a Slope marker only
    // after entering its tile."
    let mut s = night_or_day("22:00");
    place_on_road(&mut s, 0, 5, 1, 4);
    assert!(s.sees_turn(0, 0), "working headlights");
    s.cars[0].headlights_ok = false;
    assert!(!s.sees_turn(0, 0));
    assert!(!s.sees_slope(0, 3), "the downhill tile ahead");
    assert!(s.sees_slope(0, 0), "its own tile");
    let view = s.view(Some(0));
    assert_eq!(
        view["markers"]["turns"][0]["rating"],
        serde_json::Value::Null
    );
    assert_eq!(view["markers"]["slopes"][3], serde_json::Value::Null);
    place_on_road(&mut s, 0, 11, 1, 4);
    assert!(s.sees_turn(0, 0), "the row before the entry line");
    assert_eq!(s.view(Some(0))["markers"]["turns"][0]["rating"], "E");
    assert_eq!(
        s.view(Some(1))["markers"]["turns"][1]["rating"],
        "C",
        "the other car sees"
    );
    // The table itself: face down for a spectator at night.
    assert_eq!(
        s.view(None)["markers"]["turns"][1]["rating"],
        serde_json::Value::Null
    );
}

#[test]
fn in_daylight_failed_headlights_change_nothing() {
    // Decision 50: the Headlight rule is the night's ("night without working headlights").
    let mut s = night_or_day("10:00");
    place_on_road(&mut s, 0, 5, 1, 4);
    s.cars[0].headlights_ok = false;
    assert!(s.sees_turn(0, 0) && !s.low_visibility(0));
    assert_eq!(s.view(None)["markers"]["turns"][0]["rating"], "E");
}

#[test]
fn fog_hides_the_markers_from_every_car() {
    // "Fog uses the same visibility limits as failed headlights."
    let mut s = race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]}));
    act(&mut s, "d6 1");
    place_on_road(&mut s, 0, 5, 1, 4);
    assert!(s.cars[0].headlights_ok && s.low_visibility(0));
    assert!(!s.sees_turn(0, 0));
    assert_eq!(
        s.view(Some(0))["markers"]["turns"][0]["rating"],
        serde_json::Value::Null
    );
    assert_eq!(s.view(None)["chrono"]["fog"], true);
}

#[test]
fn plan_moves_stop_at_the_entry_line_of_an_unseen_turn() {
    // What night hides, plans do not show: the reachable spaces past an unseen marker depend on
    // it. Legal moves do not change (the marker is read at the entry line).
    let mut s = night_or_day("22:00");
    at_pace(&mut s, 0, 6, 1, 6);
    let seen = s.plan_moves();
    assert!(
        seen.iter().any(|p| p.row >= 12),
        "headlights: plans into the E turn"
    );
    assert!(seen.iter().all(|p| !p.unseen_turn));
    let legal = s.legal_actions();
    s.cars[0].headlights_ok = false;
    assert_eq!(s.legal_actions(), legal, "the rules do not change");
    let blind = s.plan_moves();
    assert!(blind.iter().all(|p| p.row <= 11), "{blind:?}");
    assert!(blind.iter().any(|p| p.unseen_turn && p.row == 11));
}

// ---- Off the road, the Time Chart in the view ----------------------------------------------------

#[test]
fn waiting_and_parked_cars_are_off_the_road() {
    let mut s = stage_race(json!({"route": "coppa_breve", "cars": [BUGATTI, ALFA]}));
    assert_eq!(s.cars[1].status, Status::Waiting);
    let waiting = s.cars[1].cell;
    assert_eq!(s.occupied(waiting).filter(|&c| c == 1), None);
    at_pace(&mut s, 0, 40, 1, 6);
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 2);
    assert_eq!(s.cars[0].status, Status::Parked);
    assert_eq!(s.occupied(s.cars[0].cell), None, "its last space is free");
    let v = s.view(Some(1));
    assert_eq!(v["cars"][0]["status"], "parked");
    assert_eq!(v["time_chart"][0]["stages"][0]["finish"], "17:33");
    assert_eq!(v["time_chart"][1]["stages"][0]["start"], "17:33");
    assert_eq!(v["stage"]["name"], "Brescia – Desenzano – Verona");
    assert_eq!(v["chrono"]["clock"], "17:33");
}

#[test]
fn every_stage_decision_shows_its_time_cost() {
    let mut s = stage_race_on(
        check_point_routes(),
        json!({"route": "controllo", "cars": [BUGATTI, ALFA]}),
    );
    at_pace(&mut s, 0, 48, 1, 5);
    let costs: Vec<(String, String)> = s
        .explained_actions()
        .into_iter()
        .map(|(_, l, c)| (l, c))
        .collect();
    let stop = costs.iter().find(|(l, _)| l == "roadside stop").unwrap();
    assert!(stop.1.contains("+3:00 off the road"), "{stop:?}");
    act(&mut s, "maintain");
    straight_on(&mut s, 0, 1);
    let costs = s.explained_actions();
    let none = costs.iter().find(|(_, l, _)| l == "no braking").unwrap();
    assert!(none.2.contains("+6:00 Check Point penalty"), "{none:?}");
    let brake = costs.iter().find(|(_, l, _)| l == "brake 3").unwrap();
    assert!(!brake.2.contains("penalty"), "{brake:?}");
}

#[test]
fn the_dashboard_shows_no_turn_pin_for_a_marker_it_cannot_read() {
    // Decision 50: what a driver cannot read, its Dashboard does not show (the bridge's Turn pins).
    let mut s = night_or_day("22:00");
    place_on_road(&mut s, 0, 5, 1, 4);
    let next = &s.view(Some(0))["cars"][0]["next_turn"];
    assert_eq!(
        (next["rating"].as_str(), next["rows"].as_u64()),
        (Some("E"), Some(7))
    );
    assert_eq!(next["safe_speed"], 6, "the Bugatti's E pin");
    s.cars[0].headlights_ok = false;
    let v = s.view(Some(0));
    let next = &v["cars"][0]["next_turn"];
    assert!(next["rating"].is_null() && next["safe_speed"].is_null());
    assert_eq!(v["cars"][0]["low_visibility"], true);
    place_on_road(&mut s, 0, 11, 1, 4);
    assert_eq!(s.view(Some(0))["cars"][0]["next_turn"]["safe_speed"], 6);
}
