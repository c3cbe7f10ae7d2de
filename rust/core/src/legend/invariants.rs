//! Invariants of every reachable race state; the harness checks them at every step.
use alloc::format;
use alloc::string::String;

use super::car::Status;
use super::state::LegendState;

pub fn check(s: &LegendState) -> Result<(), String> {
    let dash = s.race.dash();
    let lanes = s.race.track().lanes;
    for (i, c) in s.cars.iter().enumerate() {
        if s.racing && c.status == Status::Racing {
            if let Some(j) = s
                .cars
                .iter()
                .enumerate()
                .position(|(j, o)| j > i && o.status == Status::Racing && o.cell == c.cell)
            {
                return Err(format!("cars {i} and {j} share a space {:?}", c.cell));
            }
        }
        if c.cell.lane >= lanes || c.cell.row >= s.race.track().len() {
            return Err(format!("car {i} is off the grid at {:?}", c.cell));
        }
        if c.temperature > dash.temperature_max {
            return Err(format!(
                "car {i}: temperature {} past the scale",
                c.temperature
            ));
        }
        if c.engine > c.engine_max || c.brakes > c.brakes_max {
            return Err(format!("car {i}: repaired above Reliability"));
        }
        if c.tires > dash.tires_max as i8 || c.tires < -1 {
            return Err(format!("car {i}: tires {} off the scale", c.tires));
        }
        if c.speed > dash.tachometer_max + 1 {
            return Err(format!("car {i}: speed {} off the Tachometer", c.speed));
        }
        if u16::from(c.engine_max) + u16::from(c.brakes_max) > u16::from(s.race.spec(i).reliability)
        {
            return Err(format!("car {i}: Engine and Brakes exceed Reliability"));
        }
    }
    // Every MP is spent unless a rule stopped the car.
    let a = &s.act;
    if s.racing && a.ended && !a.stopped && a.spent < a.allowance {
        return Err(format!(
            "car {} spent {} MPs of {}",
            a.car, a.spent, a.allowance
        ));
    }
    Ok(())
}
