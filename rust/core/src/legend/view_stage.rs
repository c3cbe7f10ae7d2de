//! What a seat sees of a Stage race: the stage, the Chrono (day, night, fog), the markers it can
//! read, the Time Chart, the standings and the Historical points.
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::car::Status;
use super::content::RATINGS;
use super::route::Finish;
use super::state::LegendState;
use crate::grid::Slope;

/// A Chrono minute as the board shows it, "hh:mm" (24-hour).
pub fn clock(minutes: u32) -> String {
    let t = minutes % (24 * 60);
    format!("{:02}:{:02}", t / 60, t % 60)
}

/// Seconds as "h:mm:ss" (a racing time), or "m:ss" under an hour (a penalty, a bonus).
pub fn duration(seconds: i64) -> String {
    let sign = if seconds < 0 { "-" } else { "" };
    let s = seconds.unsigned_abs();
    if s >= 3600 {
        format!("{sign}{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{sign}{}:{:02}", s / 60, s % 60)
    }
}

fn finish_name(f: Finish) -> &'static str {
    match f {
        Finish::Arrivo => "arrivo",
        Finish::CheckPoint { .. } => "checkpoint",
    }
}

fn slope_name(s: Slope) -> &'static str {
    match s {
        Slope::Flat => "flat",
        Slope::Uphill => "uphill",
        Slope::Downhill => "downhill",
    }
}

/// The Stage-race part of the view (merged into `view.rs`'s).
pub fn stage_view(s: &LegendState, player: Option<usize>) -> serde_json::Map<String, Value> {
    let race = &s.race;
    let mut m = serde_json::Map::new();
    let Some(route) = race.route() else {
        return m;
    };
    let stages: Vec<Value> = (0..race.stages())
        .filter_map(|k| race.stage(k))
        .map(|st| {
            json!({"id": st.id, "name": st.name, "finish": finish_name(st.finish),
                   "speed_limit": st.speed_limit(), "length": st.track.len(), "fog": st.fog})
        })
        .collect();
    m.insert(
        "route".into(),
        json!({"id": route.id, "name": route.name, "start": clock(route.start), "stages": stages}),
    );
    if let Some(st) = race.stage(s.stage) {
        m.insert(
            "stage".into(),
            json!({"index": s.stage, "number": s.stage + 1, "of": race.stages(), "id": st.id,
                   "name": st.name, "finish": finish_name(st.finish), "speed_limit": st.speed_limit(),
                   "length": st.track.len(), "fog": st.fog}),
        );
    }
    m.insert(
        "chrono".into(),
        json!({"minutes": s.chrono, "clock": clock(s.chrono), "day": s.chrono / (24 * 60) + 1,
               "night": s.night(), "fog": s.fog()}),
    );
    m.insert("markers".into(), markers(s, player));
    m.insert("time_chart".into(), time_chart(s));
    let standings: Vec<usize> = {
        let rank = s.ranking();
        let mut seats: Vec<usize> = (0..s.cars.len()).collect();
        seats.sort_by_key(|&i| rank[i]);
        seats
    };
    m.insert("standings".into(), Value::from(standings));
    if race.opts.historical_points {
        let points: Vec<Value> = s
            .historical_points()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                json!({"seat": i, "total": p.total(), "overall": p.overall,
                       "class_winner": p.class_winner, "superior_beaten": p.superior_beaten,
                       "least_damaged": p.least_damaged, "damage": s.damage_score(i),
                       "class": race.spec(i).class})
            })
            .collect();
        m.insert("points".into(), Value::from(points));
    }
    m
}

/// The Turn and Slope markers as `player`'s car can read them (null: face down to it); a
/// spectator sees none at night or in fog.
fn markers(s: &LegendState, player: Option<usize>) -> Value {
    let track = s.track();
    let turns: Vec<Value> = track
        .turns
        .iter()
        .enumerate()
        .map(|(t, turn)| {
            let seen = match player {
                Some(p) if p < s.cars.len() => s.sees_turn(p, t),
                _ => !s.markers_face_down(),
            };
            let rating = seen.then(|| RATINGS[usize::from(s.rating_now(turn.rating))].to_string());
            json!({"turn": t, "entry": turn.entry, "exit": turn.exit, "rating": rating})
        })
        .collect();
    let slopes: Vec<Value> = track
        .tile_slopes
        .iter()
        .enumerate()
        .map(|(tile, &slope)| {
            let seen = match player {
                Some(p) if p < s.cars.len() => s.sees_slope(p, tile as u16),
                _ => !s.markers_face_down(),
            };
            if seen {
                Value::from(slope_name(slope))
            } else {
                Value::Null
            }
        })
        .collect();
    let assistance: Vec<u16> = (0..track.len())
        .filter(|&r| track.row(r).assistance)
        .collect();
    json!({"face_down": s.markers_face_down(), "turns": turns, "slopes": slopes,
           "assistance_rows": assistance})
}

/// Every car's line of the Time Chart: start, finish, Speed, bonus and penalties per stage, and
/// the racing time so far.
fn time_chart(s: &LegendState) -> Value {
    let rows: Vec<Value> = (0..s.cars.len())
        .map(|i| {
            let stages: Vec<Value> = (0..s.race.stages())
                .filter(|&k| k <= s.stage)
                .map(|k| {
                    let r = s.record(k, i);
                    let started = k < s.stage || s.cars[i].status != Status::Waiting;
                    json!({"stage": k + 1, "start": clock(r.start), "started": started,
                           "finish": r.finish.map(clock), "speed": r.finish.map(|_| r.speed),
                           "bonus": r.bonus, "penalty": r.penalty, "time_cards": r.time_cards})
                })
                .collect();
            let time = s.racing_time(i);
            let starts_at =
                (s.cars[i].status == Status::Waiting).then(|| clock(s.record(s.stage, i).start));
            json!({"seat": i, "stages": stages, "racing_time": time,
                   "racing_time_text": time.map(duration), "starts_at": starts_at,
                   "stages_done": s.stages_done(i)})
        })
        .collect();
    Value::from(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_and_duration_read_like_the_board() {
        assert_eq!(clock(17 * 60 + 30), "17:30");
        assert_eq!(clock(24 * 60 + 5), "00:05");
        assert_eq!(duration(3 * 3600 + 4 * 60 + 5), "3:04:05");
        assert_eq!(duration(-45), "-0:45");
        assert_eq!(duration(360), "6:00");
    }
}
