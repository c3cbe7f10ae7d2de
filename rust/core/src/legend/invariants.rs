//! Invariants of every reachable race state; the harness checks them at every step.
use alloc::format;
use alloc::string::String;

use super::car::Status;
use super::state::LegendState;
use super::state::Phase;

/// A car as people read it (its name, with its seat when the name is twice in the race), worded
/// only when a message is.
struct Named<'a>(&'a LegendState, usize);

impl core::fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0.car_label(self.1))
    }
}

pub fn check(s: &LegendState) -> Result<(), String> {
    let dash = s.race.dash();
    let lanes = s.track().lanes;
    for (i, c) in s.cars.iter().enumerate() {
        let name = Named(s, i);
        if s.racing && c.status == Status::Racing {
            if let Some(j) = s
                .cars
                .iter()
                .enumerate()
                .position(|(j, o)| j > i && o.status == Status::Racing && o.cell == c.cell)
            {
                return Err(format!(
                    "{name} and {} share the space at row {} lane {}",
                    s.car_label(j),
                    c.cell.row,
                    c.cell.lane
                ));
            }
        }
        if c.cell.lane >= lanes || c.cell.row >= s.track().len() {
            return Err(format!(
                "{name} is off the road at row {} lane {}",
                c.cell.row, c.cell.lane
            ));
        }
        if c.temperature > dash.temperature_max {
            return Err(format!(
                "{name}: temperature {} past the scale",
                c.temperature
            ));
        }
        if c.engine > c.engine_max || c.brakes > c.brakes_max {
            return Err(format!("{name}: repaired above Reliability"));
        }
        if c.tires > dash.tires_max as i8 || c.tires < -1 {
            return Err(format!("{name}: tires {} off the scale", c.tires));
        }
        if c.speed > dash.tachometer_max + 1 {
            return Err(format!("{name}: speed {} off the Tachometer", c.speed));
        }
        let r = u16::from(s.race.spec(i).reliability);
        let (e, b) = (u16::from(c.engine_max), u16::from(c.brakes_max));
        // A Track race splits Reliability; a Stage race sets both needles to it.
        let within = if s.race.is_stage_race() {
            e <= r && b <= r
        } else {
            e + b <= r
        };
        if !within {
            return Err(format!("{name}: Engine and Brakes exceed Reliability"));
        }
    }
    if s.race.is_stage_race() && s.racing {
        stage_race(s)?;
    }
    // Every MP is spent unless a rule stopped the car.
    let a = &s.act;
    if s.racing && a.ended && !a.stopped && a.spent < a.allowance {
        return Err(format!(
            "{} spent {} MPs of {}",
            s.car_label(usize::from(a.car)),
            a.spent,
            a.allowance
        ));
    }
    Ok(())
}

/// Stage races: the Chrono steps once a round within a stage, cars off the road are not driven,
/// and racing time is never negative.
fn stage_race(s: &LegendState) -> Result<(), String> {
    let step = u32::from(s.race.content.stage_races.chrono_minutes);
    let (round, chrono) = s.stage_began;
    let rounds = u32::from(s.round.saturating_sub(round)) + u32::from(s.phase == Phase::Over);
    if s.round < round || s.chrono != chrono + rounds * step {
        return Err(format!(
            "the Chrono reads {} in round {}: the stage began at {chrono} in round {round}",
            s.chrono, s.round
        ));
    }
    // Cars still to act this round: a waiting car only once its start time has come, a parked
    // car never.
    let rest = s.order.get(usize::from(s.next) + 1..).unwrap_or(&[]);
    for &car in rest {
        let (c, rec) = (
            &s.cars[usize::from(car)],
            s.record(s.stage, usize::from(car)),
        );
        match c.status {
            Status::Waiting if rec.start > s.chrono => {
                return Err(format!(
                    "{} is called to start before {}",
                    s.car_label(usize::from(car)),
                    rec.start
                ));
            }
            Status::Parked => {
                return Err(format!(
                    "{} is called to drive while parked",
                    s.car_label(usize::from(car))
                ))
            }
            _ => {}
        }
    }
    for (i, c) in s.cars.iter().enumerate() {
        let name = Named(s, i);
        let rec = s.record(s.stage, i);
        match c.status {
            Status::Waiting if rec.finish.is_some() || c.progress != 0 => {
                return Err(format!("{name} waits to start a stage it has run"));
            }
            Status::Parked | Status::Finished if rec.finish.is_none() => {
                return Err(format!("{name} is off the road without a finishing time"));
            }
            Status::Waiting | Status::Parked
                if s.phase.seat() == Some(i as u8) && s.phase != Phase::Over =>
            {
                return Err(format!("{name} is driven while off the road"));
            }
            // On the road (or stopped beside it) only from its start time on.
            Status::Racing | Status::OffRoad if rec.start > s.chrono => {
                return Err(format!(
                    "{name} is on the road at {} before its start time {}",
                    s.chrono, rec.start
                ));
            }
            _ => {}
        }
        if let Some(t) = s.racing_time(i) {
            if t < 0 {
                return Err(format!("{name}: racing time {t} s is negative"));
            }
        }
    }
    Ok(())
}
