//! What a seat sees (in Legend everything on the table is public) and the learning tensor.
use alloc::string::ToString;
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::car::{Status, SPARE_PARTS};
use super::content::RATINGS;
use super::rules::phase_name;
use super::state::{LegendState, Phase};

/// Per car: 13 of its state, then what its driver reads (issue 35): the turn ahead (rows to it,
/// whether its marker is read, the safe speed for it) and the car's ratings now (top speed,
/// acceleration, braking).
const PER_CAR: usize = 13 + 6;

/// Stage races append per car (waiting, parked, racing time in hours) and for the race (stage,
/// night, fog, the Chrono's time of day): a Track race's tensor is unchanged.
const STAGE_PER_CAR: usize = 3;
const STAGE_GLOBAL: usize = 4;

pub fn observation_len(cars: usize) -> usize {
    cars * PER_CAR + 9
}

pub fn observation_len_for(race: &super::RaceDef) -> usize {
    let n = race.cars();
    observation_len(n)
        + if race.is_stage_race() {
            n * STAGE_PER_CAR + STAGE_GLOBAL
        } else {
            0
        }
}

pub(crate) fn status_name(s: Status) -> &'static str {
    match s {
        Status::Racing => "racing",
        Status::OffRoad => "off_road",
        Status::Finished => "finished",
        Status::Retired => "retired",
        Status::Waiting => "waiting",
        Status::Parked => "parked",
    }
}

pub fn view(s: &LegendState, player: Option<usize>) -> Value {
    let race = &s.race;
    let dash = race.dash();
    let track = race.track();
    let cars: Vec<Value> = s
        .cars
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let spec = race.spec(i);
            let uphill = track.row(c.cell.row).slope == crate::grid::Slope::Uphill;
            let limits = c.limits(spec, dash, uphill);
            let pins: serde_json::Map<_, _> = (0..5u8)
                .map(|r| {
                    (
                        RATINGS[usize::from(r)].to_string(),
                        Value::from(c.safe_speed(spec, dash, r)),
                    )
                })
                .collect();
            let spares: serde_json::Map<_, _> = SPARE_PARTS
                .iter()
                .zip(c.spares.iter())
                .map(|(n, &k)| (n.to_string(), Value::from(k)))
                .collect();
            let mut car = json!({
                "seat": i,
                "car": spec.id,
                "name": spec.name,
                "neutral": c.neutral,
                "row": c.cell.row,
                "lane": c.cell.lane,
                "progress": c.progress,
                "lap": (c.progress.max(0) / i32::from(track.len())) + 1,
                "speed": c.speed,
                "temperature": c.temperature,
                "engine": c.engine,
                "engine_max": c.engine_max,
                "brakes": c.brakes,
                "brakes_max": c.brakes_max,
                "tires": c.tires,
                "flat_tire": c.tires < 0,
                "battery_ok": c.battery_ok,
                "headlights_ok": c.headlights_ok,
                "status": status_name(c.status),
                "best_line": c.best_line,
                "top_speed": limits.top_speed,
                "acceleration": limits.acceleration,
                "braking": limits.braking,
                "crashes": c.crashes,
                "low_visibility": s.low_visibility(i),
            });
            // Built values are moved in: `json!` would copy each through serde.
            car["spares"] = Value::Object(spares);
            car["safe_speeds"] = Value::Object(pins);
            car["finish"] = c.finish.map_or(
                Value::Null,
                |(round, past, _)| json!({"round": round, "past_line": past}),
            );
            car["next_turn"] = next_turn(s, i, player);
            car
        })
        .collect();
    let stage_race = race.is_stage_race();
    let mut v = json!({
        "game": "legend",
        "circuit": (!stage_race).then(|| race.circuit().id.clone()),
        "laps": (!stage_race).then_some(race.laps),
        "round": s.round,
        "hours": s.hours,
        "weather": match s.rain { 0 if s.fog() => "fog", 0 => "clear", 1 => "light rain", _ => "heavy rain" },
        "phase": {"name": phase_name(s.phase), "seat": s.phase.seat()},
        "order": s.order,
        "grid": s.grid,
        "active": {
            "car": s.act.car, "allowance": s.act.allowance, "spent": s.act.spent,
            "acceleration_left": s.act.acc_left, "drifting": s.act.drifting,
        },
        "damage_deck": s.damage_deck.iter().map(|&n| u32::from(n)).sum::<u32>(),
        "event_deck": s.event_deck.iter().map(|&n| u32::from(n)).sum::<u32>(),
        "seat": player,
    });
    // The scales a Dashboard is drawn on, so no surface reads the content file for them.
    let d = race.dash();
    v["dashboard"] = json!({
        "tachometer_max": d.tachometer_max, "temperature_max": d.temperature_max,
        "temperature_red_zone": d.temperature_red_zone, "tires_max": d.tires_max,
    });
    v["cars"] = Value::Array(cars);
    if stage_race {
        if let Value::Object(map) = &mut v {
            map.extend(super::view_stage::stage_view(s, player));
        }
    }
    if let (Some(p), Some(seat)) = (player, s.phase.seat()) {
        if usize::from(seat) == p {
            let legal: Vec<Value> = s
                .explained_actions()
                .into_iter()
                .map(|(a, label, cost)| json!({"id": a, "label": label, "cost": cost}))
                .collect();
            v["legal_actions"] = Value::from(legal);
        }
    }
    v
}

pub fn observation(s: &LegendState, player: usize, out: &mut [f32]) {
    let n = s.cars.len();
    let len = s.race_length().max(1) as f32;
    let track = s.track();
    let mut at = 0;
    let mut put = |v: f32, out: &mut [f32]| {
        if let Some(slot) = out.get_mut(at) {
            *slot = v;
        }
        at += 1;
    };
    for k in 0..n {
        let c = &s.cars[(player + k) % n];
        put(c.progress as f32 / len, out);
        put(f32::from(c.cell.lane) / f32::from(track.lanes), out);
        put(f32::from(c.speed) / 12.0, out);
        put(f32::from(c.temperature) / 8.0, out);
        put(f32::from(c.engine) / f32::from(c.engine_max.max(1)), out);
        put(f32::from(c.brakes) / f32::from(c.brakes_max.max(1)), out);
        put(f32::from(c.tires) / 16.0, out);
        put(
            if track.row(c.cell.row).turn.is_some() {
                1.0
            } else {
                0.0
            },
            out,
        );
        put(if c.best_line { 1.0 } else { 0.0 }, out);
        for st in [
            Status::Racing,
            Status::OffRoad,
            Status::Finished,
            Status::Retired,
        ] {
            put(if c.status == st { 1.0 } else { 0.0 }, out);
        }
        let i = (player + k) % n;
        let ahead = turn_ahead(s, i, Some(player));
        put(
            ahead.map_or(1.0, |(rows, _, _)| rows as f32 / track.len().max(1) as f32),
            out,
        );
        let pin = ahead.and_then(|(_, _, pin)| pin);
        put(if pin.is_some() { 1.0 } else { 0.0 }, out);
        put(pin.map_or(0.0, |p| f32::from(p) / 12.0), out);
        let uphill = track.row(c.cell.row).slope == crate::grid::Slope::Uphill;
        let limits = c.limits(s.race.spec(i), s.race.dash(), uphill);
        put(f32::from(limits.top_speed) / 12.0, out);
        put(f32::from(limits.acceleration) / 12.0, out);
        put(f32::from(limits.braking) / 12.0, out);
    }
    put(f32::from(s.rain) / 2.0, out);
    put(f32::from(s.round) / f32::from(s.race.opts.max_rounds), out);
    let mine = s.phase.seat().map(usize::from) == Some(player);
    for probe in [
        matches!(s.phase, Phase::Pace { .. }),
        matches!(s.phase, Phase::EntryLine { .. }),
        matches!(s.phase, Phase::Step { .. }),
        matches!(s.phase, Phase::ExitLine { .. }),
        matches!(
            s.phase,
            Phase::Slipstream { .. } | Phase::TurnSlipstream { .. }
        ),
        matches!(s.phase, Phase::Pit { .. }),
        s.phase == Phase::Over,
    ] {
        put(
            if probe && (mine || s.phase == Phase::Over) {
                1.0
            } else {
                0.0
            },
            out,
        );
    }
    if !s.race.is_stage_race() {
        return;
    }
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    for k in 0..n {
        let i = (player + k) % n;
        let c = &s.cars[i];
        put(flag(c.status == Status::Waiting), out);
        put(flag(c.status == Status::Parked), out);
        put(s.racing_time(i).map_or(0.0, |t| t as f32 / 3600.0), out);
    }
    put(f32::from(s.stage) / f32::from(s.race.stages().max(1)), out);
    put(flag(s.night()), out);
    put(flag(s.fog()), out);
    put((s.chrono % (24 * 60)) as f32 / (24.0 * 60.0), out);
}

/// The turn a car is in or meets next on this road (for a Dashboard's Turn pins): its marker and
/// the car's safe speed for it, or no marker when `player`'s car cannot read it (night, fog; a
/// spectator at night or in fog) — then the Dashboard shows no pin.
fn next_turn(s: &LegendState, car: usize, player: Option<usize>) -> Value {
    let Some((t, rows, pin)) = turn_ahead(s, car, player) else {
        return Value::Null;
    };
    let Some(pin) = pin else {
        return json!({"turn": t, "rows": rows, "rating": null, "safe_speed": null});
    };
    let rating = s.track().turns[t].rating;
    json!({"turn": t, "rows": rows, "rating": RATINGS[usize::from(s.rating_now(rating))].to_string(),
           "safe_speed": pin})
}

/// The turn `car` is in or meets next: its index, the rows to its entry line (0 inside it), and
/// the car's safe speed for it when `player` reads its marker (None at night or in fog unseen).
fn turn_ahead(
    s: &LegendState,
    car: usize,
    player: Option<usize>,
) -> Option<(usize, u16, Option<u8>)> {
    let track = s.track();
    let row = s.cars[car].cell.row;
    let turn = track.current_or_next_turn(row)?;
    let t = track.turns.iter().position(|u| u == turn).unwrap_or(0);
    let seen = match player {
        Some(p) if p < s.cars.len() => s.sees_turn(p, t),
        _ => !s.markers_face_down(),
    };
    let rows = if turn.entry >= row {
        turn.entry - row
    } else if track.closed && !turn.contains(row) {
        track.len() - row + turn.entry
    } else {
        0
    };
    let pin = seen.then(|| {
        let rating = s.rating_for(car, turn.rating);
        s.cars[car].safe_speed(s.race.spec(car), s.race.dash(), rating)
    });
    Some((t, rows, pin))
}

/// The name of every feature of `observation`, in its order. Cars are counted from the
/// observing seat's: "car +0" is its own, "car +1" the next seat's, and so on.
pub fn observation_names(race: &super::RaceDef) -> Vec<alloc::string::String> {
    use alloc::format;
    let n = race.cars();
    let mut out = Vec::new();
    for k in 0..n {
        for f in [
            "progress (of the race)",
            "lane (of the track's lanes)",
            "speed (of 12)",
            "temperature (of 8)",
            "engine (of its maximum)",
            "brakes (of their maximum)",
            "tyres (of 16; below 0 a flat tyre)",
            "in a turn",
            "on the best line",
            "racing",
            "off the road",
            "finished",
            "retired",
            "next turn: rows to its entry (of the track)",
            "next turn: marker read",
            "next turn: safe speed (of 12)",
            "top speed now (of 12)",
            "acceleration now (of 12)",
            "braking now (of 12)",
        ] {
            out.push(format!("car +{k}: {f}"));
        }
    }
    out.push("rain (of 2)".into());
    out.push("round (of max_rounds)".into());
    for f in [
        "my pace",
        "my entry line",
        "my step",
        "my exit line",
        "my slipstream",
        "my pit stop",
        "race over",
    ] {
        out.push(f.into());
    }
    if race.is_stage_race() {
        for k in 0..n {
            for f in ["waiting", "parked", "racing time (hours)"] {
                out.push(format!("car +{k}: {f}"));
            }
        }
        for f in [
            "stage (of the route's)",
            "night",
            "fog",
            "time of day (of 24 h)",
        ] {
            out.push(f.into());
        }
    }
    out
}
