//! A planning driver for Stage races: the stage parts of the `hard` level. At every decision of
//! its activation it looks at every way the activation can end (`plan_moves`), scores each end —
//! rows gained, wear, Damage cards, the Check Point's penalty, and whether the car can still slow
//! for what comes next — and takes the first decision of the best. Stops (Technical Assistance,
//! roadside repairs, spare parts) follow the car's wear. It reads only what its seat may see:
//! plans stop at markers it cannot read, and a marker it cannot read counts as an A.
use alloc::vec::Vec;

use super::actions::Move;
use super::car::{Car, Status, BRAKE_KIT, PLUGS, TIRES};
use super::plan::Plan;
use super::state::{LegendState, Phase};
use crate::game::{Action, State};

/// Score units are tenths of a row.
const ROW: i32 = 10;

/// How far above `target` the car still is when it has covered `left` rows, lifting a step each
/// round from its next pace on (the car covers its Speed each round): 0 when it slows in time.
fn too_fast(speed: u8, left: i32, target: u8) -> u8 {
    let (mut v, mut left) = (i32::from(speed), left);
    loop {
        if v <= i32::from(target) {
            return 0;
        }
        v -= 1; // lift and coast at the next pace
        if v >= left {
            return (v - i32::from(target)).max(0) as u8;
        }
        left -= v;
    }
}

/// Rounds still needed to cross the Check Point line at its limit, from `d` rows short of its last
/// row at Speed `v` (`braked`: the line's braking decision is already taken): each round a pace
/// (lift a step, or up to `acc` more, at most `top`), then the rows; on the last row the braking
/// decision (up to `braking`); a new Speed not above the MPs spent stops the car short.
fn rounds_to_cross(d: u16, v: u8, braked: bool, acc: u8, top: u8, braking: u8, limit: u8) -> u8 {
    // Breadth-first over (rows left, Speed, braked), a round a level.
    let mut frontier: Vec<(u16, u8, bool)> = alloc::vec![(d, v, braked)];
    for round in 1..=12u8 {
        let mut next: Vec<(u16, u8, bool)> = Vec::new();
        for &(d, v, braked) in &frontier {
            let lo = v.saturating_sub(1).max(1);
            let hi = if v == 0 {
                acc
            } else {
                (v + acc).min(top.max(v))
            };
            for u in lo..=hi {
                if u16::from(u) <= d {
                    next.push((d - u16::from(u), u, braked));
                    continue;
                }
                // It reaches the last row with `d` MPs spent, then the line.
                let spent = d;
                let options: Vec<u8> = if braked {
                    alloc::vec![u]
                } else {
                    (0..=braking.min(u)).map(|k| u - k).collect()
                };
                for w in options {
                    if u16::from(w) > spent {
                        if w <= limit {
                            return round;
                        }
                    } else {
                        next.push((0, w, true));
                    }
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        frontier = next;
    }
    12
}

/// What the driver must slow for next, seen from `row`: rows to the row before it, the Speed it
/// must have past the line (a turn's safe speed +1 on the best line; the Check Point's limit), and
/// its Braking limiter (what the line's braking can still take off).
fn next_limit(s: &LegendState, car: usize, c: &Car, row: u16) -> Option<(i32, u8, u8)> {
    let track = s.track();
    let braking = c.limits(s.race.spec(car), s.race.dash(), false).braking;
    for r in row..track.len() {
        if s.check_point_ahead(r) {
            let limit = s.race.stage(s.stage)?.speed_limit()?;
            return Some((i32::from(r - row), limit, braking));
        }
        if let Some(turn) = track.entry_ahead(r) {
            let t = track.turns.iter().position(|u| u == turn)?;
            let rating = if s.sees_turn(car, t) {
                s.rating_for(car, turn.rating)
            } else {
                0
            };
            let pin = c.safe_speed(s.race.spec(car), s.race.dash(), rating);
            return Some((i32::from(r - row), pin + 1, braking));
        }
    }
    None
}

/// The first Temperature step whose overheating test damages the engine.
fn red_zone(s: &LegendState) -> u8 {
    let dash = s.race.dash();
    dash.temperature_red_zone
        .iter()
        .position(|&d| d > 0)
        .unwrap_or(usize::from(dash.temperature_max)) as u8
}

/// A round of driving, in score units (about a car's Speed on a straight).
const ROUND: i32 = 8 * ROW;

/// How good the end of an activation is for the driver, in tenths of a row: the way it gained
/// (or, on the run to a Check Point, the rounds still needed to cross it), less wear and risk.
fn score(s: &LegendState, car: usize, start: &Car, p: &Plan) -> i32 {
    let limit = s.race.stage(s.stage).and_then(|st| st.speed_limit());
    let last_turn_behind = s.track().turns.iter().all(|t| t.exit <= p.row);
    let gained = (p.progress - start.progress) * ROW;
    let way = match limit {
        // Over the line: the Check Point's 6 minutes are two rounds.
        Some(l) if p.finishes => gained - 2 * ROUND * i32::from(p.speed > l),
        Some(l) if last_turn_behind => {
            let lim = start.limits(s.race.spec(car), s.race.dash(), false);
            let d = s.track().len() - 1 - p.row;
            let braked = d == 0 && p.speed > 0;
            let rounds = rounds_to_cross(
                d,
                p.speed,
                braked,
                lim.acceleration,
                lim.top_speed,
                lim.braking,
                l,
            );
            // The rows gained, as a plan short of the last turn is scored, less a round for each
            // round more than the fewest any Speed there would need: the way it gained cannot
            // then score below a plan that stopped short of the exit line.
            let fewest = (0..=lim.top_speed)
                .map(|v| {
                    let (acc, top, braking) = (lim.acceleration, lim.top_speed, lim.braking);
                    rounds_to_cross(d, v, false, acc, top, braking, l)
                })
                .min()
                .unwrap_or(rounds);
            gained - i32::from(rounds.saturating_sub(fewest)) * ROUND
        }
        _ if p.finishes => (p.progress - start.progress) * ROW + ROUND,
        _ => (p.progress - start.progress) * ROW - approach(s, car, start, p),
    };
    way - wear(s, car, start, p) + service(s, start, p)
}

/// A car that needs Technical Assistance aims to start its next round on a marked tile (the stop
/// is chosen at the pace), rather than drive past it.
fn service(s: &LegendState, start: &Car, p: &Plan) -> i32 {
    if !needs_assistance(s, start) || p.finishes {
        return 0;
    }
    let track = s.track();
    let ahead = (start.cell.row..track.len()).any(|r| track.row(r).assistance);
    if !ahead {
        return 0;
    }
    if track.row(p.row).assistance {
        2 * ROUND
    } else if (p.row..track.len()).all(|r| !track.row(r).assistance) {
        -2 * ROUND // past the last spot of the stage
    } else {
        0
    }
}

/// The cost of arriving too fast for what comes next (a turn, or a Check Point beyond turns).
fn approach(s: &LegendState, car: usize, start: &Car, p: &Plan) -> i32 {
    if p.unseen_turn {
        // A marker it cannot read: as fast as an A allows, no faster.
        let a = start.safe_speed(s.race.spec(car), s.race.dash(), 0) + 1;
        let braking = start.limits(s.race.spec(car), s.race.dash(), false).braking;
        return ROW * 4 * i32::from(p.speed.saturating_sub(a + braking));
    }
    let mut end = *start;
    end.cell.row = p.row;
    end.tires = start.tires - p.tires as i8;
    let Some((left, safe, braking)) = next_limit(s, car, &end, p.row) else {
        return 0;
    };
    // On the row before the line the braking decision is already taken. Each step too fast is
    // an Emergency Brake point or a drift (and a Tire point) later.
    let excess = if left == 0 {
        p.speed.saturating_sub(1).saturating_sub(safe)
    } else {
        too_fast(p.speed, left, safe + braking)
    };
    3 * ROW * i32::from(excess)
}

/// A Tire point, in score units: each one brings the next zone (every Turn after it a step
/// slower) nearer; at half a row `hard` drifted its tires into zone 3 by the Mille Miglia's last
/// stage (docs/simulation.md).
const TIRE_POINT: i32 = 2 * ROW;

/// Wear, Damage cards and heat, by what they cost later. A Tire point is cheap until it moves the
/// needle into the next zone: then every turn still to come is taken a step slower.
fn wear(s: &LegendState, car: usize, start: &Car, p: &Plan) -> i32 {
    let dash = s.race.dash();
    let mut end = *start;
    end.tires = (i16::from(start.tires) - p.tires).max(-1) as i8;
    let shift = i32::from(end.tire_shift(dash)) - i32::from(start.tire_shift(dash));
    let flat = i32::from(end.tires < 0 && start.tires >= 0);
    let tires = i32::from(p.tires) * TIRE_POINT + shift * 6 * ROW + flat * 30 * ROW;
    let mut v = i32::from(p.engine) * 4 * ROW + i32::from(p.brakes) * 2 * ROW + tires;
    if p.damage {
        v += 20 * ROW;
    }
    // Heat costs nothing far from the red zone, more and more near it (a step lifted later for
    // each), and the overheating test inside it.
    let top = start
        .limits(s.race.spec(car), s.race.dash(), false)
        .top_speed;
    let at_top = i16::from(!p.finishes && !p.off_road && p.speed == top);
    let temperature = i16::from(start.temperature) + p.temperature + at_top;
    let red = i16::from(red_zone(s));
    if temperature >= red {
        v += 6 * ROW * i32::from(temperature - red + 1);
    }
    v + 2 * ROW * i32::from((temperature - (red - 3)).max(0))
}

/// The car needs a Technical Assistance stop: a stop and a standing start cost about three
/// rounds of driving, so only wear that would cost more (the engine or brakes near their red
/// zones, tires past zone 1, a failed switch that matters) calls for one. Heat is cheaper to lift
/// off.
fn needs_assistance(s: &LegendState, c: &Car) -> bool {
    let dash = s.race.dash();
    let engine_low = usize::from(c.engine) <= dash.engine_red_zone.len();
    let brakes_low = c.brakes <= dash.brake_red_zone + 1;
    // Tires past zone 1 (or flat) take every Turn a step slower until serviced: on the Mille
    // Miglia a car that waited for zone 3 lost 4.6 minutes on the last stage (docs/simulation.md).
    let tires_low = c.tires < 0 || c.tire_shift(dash) > 0;
    let switches = !c.battery_ok || (!c.headlights_ok && (s.night() || s.fog()));
    engine_low || brakes_low || tires_low || switches || c.temperature >= red_zone(s)
}

/// Roadside repairs only to save the car: an engine one overheating test from retiring.
fn needs_roadside(s: &LegendState, c: &Car) -> bool {
    c.engine <= 1 || c.temperature + 1 >= s.race.dash().temperature_max
}

/// Which part to play or take in a stop, by what it saves.
fn part_value(s: &LegendState, c: &Car, m: Move) -> Option<i32> {
    let dash = s.race.dash();
    match m {
        Move::UseSpare(p) => {
            let gain = match p {
                0 => i32::from(c.temperature) - 2,
                PLUGS => i32::from(c.engine_max - c.engine) - 2,
                BRAKE_KIT => i32::from(c.brakes_max - c.brakes) - 2,
                TIRES => i32::from(dash.tires_max as i8 - c.tires) - 4,
                _ => 1,
            };
            (gain > 0).then_some(gain)
        }
        Move::TakeSpare(p) if s.act.assistance && matches!(p, PLUGS | BRAKE_KIT | TIRES) => {
            // A round stopped for a part is worth it on a long way still to go.
            let stages_left = s.race.stages().saturating_sub(s.stage + 1);
            (stages_left >= 1).then_some(0)
        }
        _ => None,
    }
}

fn label_action(s: &LegendState, label: &str) -> Option<Action> {
    s.string_to_action(label).ok()
}

/// The planning driver's decision for the seat to act in a Stage race (None at chance nodes,
/// at the end, or in a Track race).
pub fn planned_action(s: &LegendState) -> Option<Action> {
    if !s.race.is_stage_race() {
        return None;
    }
    let car = usize::from(s.phase.seat()?);
    let c = s.cars[car];
    let enc = s.race.enc;
    let legal = s.legal_moves();
    match s.phase {
        Phase::Pit { .. } => {
            let best = legal
                .iter()
                .filter_map(|&m| part_value(s, &c, m).map(|v| (v, m)))
                .max_by_key(|&(v, m)| (v, core::cmp::Reverse(enc.encode(m))));
            let m = best.map_or(Move::LeavePit, |(_, m)| m);
            return Some(enc.encode(m));
        }
        Phase::Pace { .. } if c.status == Status::Racing => {
            if legal.contains(&Move::Assistance) && needs_assistance(s, &c) {
                return Some(enc.encode(Move::Assistance));
            }
            if needs_roadside(s, &c) && !legal.contains(&Move::Assistance) {
                return Some(enc.encode(Move::StopToCool));
            }
        }
        Phase::Pace { .. } | Phase::EntryLine { .. } | Phase::Step { .. } => {}
        Phase::ExitLine { .. } | Phase::Slipstream { .. } | Phase::TurnSlipstream { .. } => {}
        _ => return super::bots::greedy_action(s),
    }
    let plans: Vec<Plan> = s.plan_moves().into_iter().filter(|p| !p.off_road).collect();
    let best = plans
        .iter()
        .filter(|p| !p.decisions.is_empty())
        .max_by_key(|p| (score(s, car, &c, p), core::cmp::Reverse(p.decisions.len())))?;
    label_action(s, &best.decisions[0]).or_else(|| super::bots::greedy_action(s))
}

#[cfg(test)]
mod tests {
    use super::{rounds_to_cross, too_fast};

    #[test]
    fn slowing_a_step_a_round() {
        assert_eq!(too_fast(5, 3, 5), 0, "already slow enough");
        assert_eq!(too_fast(7, 20, 5), 0, "6 rows, then 5: in time");
        assert_eq!(too_fast(7, 4, 5), 1, "6 rows next round: one step too fast");
    }

    #[test]
    fn rounds_to_cross_a_check_point() {
        // On the last row at 5, braking 3 to 2 with no MP spent: over the line this round.
        assert_eq!(rounds_to_cross(0, 5, false, 4, 8, 3, 2), 1);
        // Two rows short at 8: lift to 7, reach the last row with 2 MPs spent, brake 3 to 4:
        // more than 2 spent, over at 4 — too fast; brake less and stop short, or cross later.
        assert!(rounds_to_cross(2, 8, false, 4, 8, 3, 2) >= 2);
    }
}
