//! The static part of a Legend race, shared by every state of it: content, circuit, options,
//! the action encoding and the decks as dealt.
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::actions::Encoding;
use super::content::{CarSpec, Circuit, Content, Dashboard};
use super::options::LegendOptions;
use crate::error::Error;
use crate::grid::Track;

#[derive(Debug, Clone, PartialEq)]
pub struct RaceDef {
    pub content: Arc<Content>,
    pub circuit: usize,
    pub opts: LegendOptions,
    /// Content index of each seat's car.
    pub car_specs: Vec<u8>,
    pub laps: u8,
    pub enc: Encoding,
    pub damage_counts: Vec<u8>,
    /// The Event deck for a Track race: cards with the Chronograph icon removed.
    pub event_counts: Vec<u8>,
}

impl RaceDef {
    pub fn new(content: Arc<Content>, opts: LegendOptions) -> Result<RaceDef, Error> {
        let (circuit, c) = content.circuit(&opts.circuit).ok_or_else(|| {
            let known: Vec<&str> = content.circuits.iter().map(|c| c.id.as_str()).collect();
            Error::options(
                "circuit",
                alloc::format!(
                    "unknown circuit {:?}; known: {}",
                    opts.circuit,
                    known.join(", ")
                ),
            )
        })?;
        let mut car_specs = Vec::new();
        for id in &opts.cars {
            let (i, _) = content
                .car(id)
                .ok_or_else(|| Error::options("cars", alloc::format!("unknown car {id:?}")))?;
            car_specs.push(i as u8);
        }
        // The shared-car rule: no more than two players on one model.
        for &s in &car_specs {
            if car_specs.iter().filter(|&&o| o == s).count() > 2 {
                return Err(Error::options(
                    "cars",
                    "no more than two seats may share a car model",
                ));
            }
        }
        let grid_capacity = usize::from(c.grid_rows) * 2;
        if opts.cars.len() > grid_capacity.max(2) + usize::from(c.track.len()) / 4 {
            return Err(Error::options(
                "cars",
                "more cars than the circuit's grid holds",
            ));
        }
        for (i, cond) in opts.condition.iter().enumerate() {
            if let Some(k) = cond {
                let spec = &content.cars[usize::from(car_specs[i])];
                let fits = k.engine <= k.engine_max
                    && k.brakes <= k.brakes_max
                    && u16::from(k.engine_max) + u16::from(k.brakes_max)
                        == u16::from(spec.reliability)
                    && k.tires <= content.dashboard.tires_max as i8;
                if !fits {
                    return Err(Error::options(
                        alloc::format!("condition[{i}]"),
                        "needles must stay within the car's Reliability split and the tire scale",
                    ));
                }
            }
        }
        let laps = opts.laps.unwrap_or(c.laps);
        let damage_counts: Vec<u8> = content.damage.iter().map(|d| d.count).collect();
        let event_counts: Vec<u8> = content
            .events
            .iter()
            .map(|e| if e.chronograph { 0 } else { e.count })
            .collect();
        let enc = Encoding {
            damage_kinds: damage_counts.len() as u8,
            event_kinds: event_counts.len() as u8,
        };
        Ok(RaceDef {
            content: content.clone(),
            circuit,
            opts,
            car_specs,
            laps,
            enc,
            damage_counts,
            event_counts,
        })
    }

    pub fn circuit(&self) -> &Circuit {
        &self.content.circuits[self.circuit]
    }

    pub fn track(&self) -> &Track {
        &self.circuit().track
    }

    pub fn dash(&self) -> &Dashboard {
        &self.content.dashboard
    }

    pub fn spec(&self, seat: usize) -> &CarSpec {
        &self.content.cars[usize::from(self.car_specs[seat])]
    }

    pub fn cars(&self) -> usize {
        self.car_specs.len()
    }

    /// Rows from the start line to the finish of the last lap.
    pub fn race_length(&self) -> i32 {
        i32::from(self.laps) * i32::from(self.track().len())
    }
}
