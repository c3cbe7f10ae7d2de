//! A greedy driver for human seats: fast on straights, at the safe speed into turns, the best line
//! when free, and wear kept out of the red zone. Everything in Legend is public, so it reads the
//! state directly.
use super::actions::Move;
use super::state::{LegendState, Phase};
use crate::game::Action;

/// Rows from `row` to the next entry line, and that turn's safe speed for `car` (+1 best line).
fn next_turn(s: &LegendState, car: usize) -> Option<(u16, u8)> {
    let track = s.race.track();
    let c = &s.cars[car];
    let len = track.len();
    (0..len).find_map(|k| {
        let row = (c.cell.row + k) % len;
        let turn = track.entry_ahead(row)?;
        let pin = c.safe_speed(
            s.race.spec(car),
            s.race.dash(),
            s.rating_for(car, turn.rating),
        );
        Some((k, pin + 1))
    })
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
            let over = (i32::from(new) - target).max(0);
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
            let track = s.race.track();
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
        Move::PowerOut(k) => i32::from(k) - if hot { 3 * i32::from(k) } else { 0 },
        Move::SlipstreamTo(l) => 10 - i32::from(l),
        Move::DriftOutward => i32::from(c.tires <= 8) * 20,
        Move::ResistWithTire => i32::from(c.tires > 8) * 20,
        Move::UseSpare(_) => 100,
        Move::LeavePit => 0,
        Move::SetSetup(..) => -10,
        Move::Die(_) | Move::DamageCard(_) | Move::EventCard(_) => 0,
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
