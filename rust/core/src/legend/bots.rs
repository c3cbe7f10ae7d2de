//! A greedy driver for human seats: fast on straights, at the safe speed into turns, the best line
//! when free, and wear kept out of the red zone. Everything in Legend is public, so it reads the
//! state directly.
use super::actions::Move;
use super::state::{LegendState, Phase};
use crate::game::Action;

/// Rows from `row` to the next entry line, and that turn's safe speed for `car` (+1 best line);
/// a marker the driver cannot see is taken for an A. A Check Point line counts with its limit.
fn next_turn(s: &LegendState, car: usize) -> Option<(u16, u8)> {
    let track = s.track();
    let c = &s.cars[car];
    let len = track.len();
    let ahead = if track.closed {
        len
    } else {
        len - c.cell.row.min(len)
    };
    (0..ahead).find_map(|k| {
        let row = (c.cell.row + k) % len;
        if s.check_point_ahead(row) {
            return s
                .race
                .stage(s.stage)
                .and_then(|st| st.speed_limit())
                .map(|l| (k, l));
        }
        let turn = track.entry_ahead(row)?;
        let t = track.turns.iter().position(|u| u == turn)?;
        let rating = if s.sees_turn(car, t) {
            s.rating_for(car, turn.rating)
        } else {
            0
        };
        let pin = c.safe_speed(s.race.spec(car), s.race.dash(), rating);
        Some((k, pin + 1))
    })
}

/// Before a Check Point: a Speed that covers `moves` more rows this round can still cross the
/// line at its limit, lifting a step each round and braking at the line (there is no emergency
/// braking there). True away from a Check Point.
fn check_point_ok(s: &LegendState, car: usize, braking: u8, speed: u8, moves: u16) -> bool {
    let Some(limit) = s.race.stage(s.stage).and_then(|st| st.speed_limit()) else {
        return true;
    };
    let Some(mut left) = s.track().len().checked_sub(1 + s.cars[car].cell.row) else {
        return true;
    };
    let reach = u16::from(limit + braking);
    let (mut v, mut covered) = (u16::from(speed), moves);
    loop {
        if covered >= left {
            return v <= reach;
        }
        if v <= reach {
            return true;
        }
        left -= covered;
        v -= 1;
        covered = v;
    }
}

fn rate(s: &LegendState, car: usize, m: Move) -> i32 {
    let c = &s.cars[car];
    let dash = s.race.dash();
    // The first Temperature step whose overheating test damages the engine.
    let red = dash
        .temperature_red_zone
        .iter()
        .position(|&d| d > 0)
        .unwrap_or(usize::from(dash.temperature_max)) as u8;
    let hot = c.temperature + 1 >= red;
    let braking = c.limits(s.race.spec(car), dash, false).braking;
    match m {
        Move::Split(k) => {
            -(i32::from(k) - i32::from(s.race.spec(car).reliability.div_ceil(2))).abs()
        }
        Move::NoChallenge | Move::Yield => 1,
        // A Temperature step for priority only while far from the red zone.
        Move::BidPriority | Move::MatchBid => i32::from(c.temperature + 3 < red) * 2,
        Move::NoBid | Move::ConcedePriority => 1,
        Move::Challenge(_) | Move::MatchChallenge => 0,
        Move::Accelerate(k, push) => {
            let new = if push {
                s.act.top_speed + 1
            } else {
                (c.speed + k).min(s.act.top_speed)
            };
            let target = match next_turn(s, car) {
                // Far enough: as fast as possible; near: no faster than braking can undo.
                Some((d, safe)) if u16::from(new) + 1 >= d => i32::from(safe + braking),
                _ => i32::from(s.act.top_speed),
            };
            let over = (i32::from(new) - target).max(0)
                + 2 * i32::from(!check_point_ok(s, car, braking, new, u16::from(new)));
            let full = k >= s.act.acc_limit;
            100 + i32::from(new)
                - 20 * over
                - 3 * i32::from(full && hot)
                - 30 * i32::from(push)
                - i32::from(k)
        }
        Move::LiftAndCoast => {
            if c.temperature + 1 >= red {
                150
            } else {
                match next_turn(s, car) {
                    Some((d, safe)) if u16::from(c.speed) >= d && c.speed > safe + braking => 140,
                    _ if !check_point_ok(s, car, braking, c.speed, u16::from(c.speed)) => 140,
                    _ => 10,
                }
            }
        }
        Move::StopToCool => {
            if c.temperature >= dash.temperature_max {
                200
            } else {
                -100
            }
        }
        Move::PitStop => {
            let worn = c.engine * 2 < c.engine_max || c.tires < 4 || !c.battery_ok;
            if worn {
                300
            } else {
                -100
            }
        }
        Move::Brake(k) => {
            let safe = next_turn(s, car).map_or(s.act.top_speed, |(_, safe)| safe);
            let after = c.speed.saturating_sub(k);
            100 - 10 * i32::from(after.saturating_sub(safe)) - i32::from(safe.saturating_sub(after))
        }
        Move::LiftAtEntry => 0,
        Move::MoveToLane(l) => {
            let track = s.track();
            let row = track.next_row(c.cell.row);
            let best = track.row(row).best_lane;
            let inside = track
                .current_or_next_turn(row)
                .map_or(0, |t| t.inside_rank(l, track.lanes));
            100 + if best == Some(l) { 20 } else { 0 } - i32::from(inside)
        }
        Move::EmergencyBrake(k) => {
            50 - i32::from(k) * 5
                + if c.brakes > dash.brake_red_zone + k {
                    20
                } else {
                    -40
                }
        }
        Move::Drift => 40 - if c.tires > 4 { 0 } else { 30 },
        Move::RegainBestLine => i32::from(c.tires > 8) * 60,
        Move::PowerOut(k) => {
            let new = (c.speed + k).min(s.act.top_speed.max(c.speed));
            let moves = u16::from(new.saturating_sub(s.act.spent));
            let late = !check_point_ok(s, car, braking, new, moves);
            i32::from(k) - if hot { 3 * i32::from(k) } else { 0 } - 100 * i32::from(late)
        }
        Move::SlipstreamTo(l) => 10 - i32::from(l),
        Move::DriftOutward => i32::from(c.tires <= 8) * 20,
        Move::ResistWithTire => i32::from(c.tires > 8) * 20,
        Move::UseSpare(_) => 100,
        Move::LeavePit => 0,
        Move::SetSetup(..) => -10,
        Move::Die(_) | Move::DamageCard(_) | Move::EventCard(_) => 0,
        Move::Assistance => {
            let worn = c.engine * 2 < c.engine_max
                || c.brakes <= 4
                || c.tires < 8
                || !c.battery_ok
                || !c.headlights_ok
                || c.temperature + 2 >= red;
            if worn {
                300
            } else {
                -100
            }
        }
        // A part costs a round stopped: only one of a kind the car has none of, at the
        // Technical Assistance stop it makes anyway.
        Move::TakeSpare(p) => {
            if s.act.assistance && c.spares[usize::from(p)] == 0 && p != super::car::BATTERY {
                50
            } else {
                -50
            }
        }
    }
}

/// The greedy driver's choice for the seat to act (None at chance nodes or at the end).
pub fn greedy_action(s: &LegendState) -> Option<Action> {
    let car = usize::from(s.phase.seat()?);
    if s.phase == Phase::Over {
        return None;
    }
    let enc = s.race.enc;
    s.legal_moves()
        .into_iter()
        .max_by_key(|&m| (rate(s, car, m), core::cmp::Reverse(enc.encode(m))))
        .map(|m| enc.encode(m))
}
