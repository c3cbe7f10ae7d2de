//! The static part of a Legend race, shared by every state of it: content, circuit or route,
//! options, the action encoding and the decks as dealt.
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::actions::Encoding;
use super::bots::pace::PaceMemo;
use super::content::{CarSpec, Circuit, Content, Dashboard};
use super::options::LegendOptions;
use super::route::{Route, Stage};
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
    /// A Stage race: the route's index in the content.
    pub route: Option<usize>,
    pub enc: Encoding,
    pub damage_counts: Vec<u8>,
    /// The Event deck as dealt: in a Track race, cards with the Chronograph icon removed.
    pub event_counts: Vec<u8>,
    /// The `hard` driver's pace tables, computed once per car picture and shared by every state
    /// of the race and every race of a batch (not part of the race: equal and cloned empty).
    pub pace: PaceMemo,
}

impl RaceDef {
    pub fn new(content: Arc<Content>, opts: LegendOptions) -> Result<RaceDef, Error> {
        if let Some(id) = &opts.route {
            return RaceDef::stage_race(content, opts.clone(), id);
        }
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
        let car_specs = car_specs(&content, &opts)?;
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
        // "Before starting to race, eliminate from the Event deck any card featuring the
        // Chronograph icon."
        let event_counts: Vec<u8> = content
            .events
            .iter()
            .map(|e| if e.chronograph { 0 } else { e.count })
            .collect();
        let enc = Encoding {
            damage_kinds: damage_counts.len() as u8,
            event_kinds: event_counts.len() as u8,
            stage: false,
        };
        Ok(RaceDef {
            content: content.clone(),
            circuit,
            opts,
            car_specs,
            laps,
            route: None,
            enc,
            damage_counts,
            event_counts,
            pace: PaceMemo::default(),
        })
    }

    /// A Stage race: the route's stages; the Event deck keeps its Chronograph cards.
    fn stage_race(content: Arc<Content>, opts: LegendOptions, id: &str) -> Result<RaceDef, Error> {
        let (route, _) = content.route(id).ok_or_else(|| {
            let known: Vec<&str> = content.routes.iter().map(|r| r.id.as_str()).collect();
            Error::options(
                "route",
                alloc::format!("unknown route {id:?}; known: {}", known.join(", ")),
            )
        })?;
        let car_specs = car_specs(&content, &opts)?;
        if opts.historical_points {
            let classes = &content.stage_races.classes;
            if let Some(&s) = car_specs
                .iter()
                .find(|&&s| !classes.contains(&content.cars[usize::from(s)].class))
            {
                return Err(Error::options(
                    "historical_points",
                    alloc::format!(
                        "the class order (stage_races.toml classes) does not list {:?}",
                        content.cars[usize::from(s)].class
                    ),
                ));
            }
        }
        let damage_counts: Vec<u8> = content.damage.iter().map(|d| d.count).collect();
        let event_counts: Vec<u8> = content.events.iter().map(|e| e.count).collect();
        let enc = Encoding {
            damage_kinds: damage_counts.len() as u8,
            event_kinds: event_counts.len() as u8,
            stage: true,
        };
        Ok(RaceDef {
            content,
            circuit: 0,
            opts,
            car_specs,
            laps: 1,
            route: Some(route),
            enc,
            damage_counts,
            event_counts,
            pace: PaceMemo::default(),
        })
    }

    pub fn is_stage_race(&self) -> bool {
        self.route.is_some()
    }

    pub fn route(&self) -> Option<&Route> {
        self.route.map(|r| &self.content.routes[r])
    }

    /// The `k`-th stage of the route (a Stage race only).
    pub fn stage(&self, k: u8) -> Option<&Stage> {
        let r = self.route()?;
        r.stages
            .get(usize::from(k))
            .map(|&i| &self.content.stages[i])
    }

    pub fn stages(&self) -> u8 {
        self.route().map_or(0, |r| r.stages.len() as u8)
    }

    /// The road of stage `k` in a Stage race; the circuit in a Track race.
    pub fn track_for(&self, k: u8) -> &Track {
        match self.stage(k) {
            Some(s) => &s.track,
            None => &self.circuit().track,
        }
    }

    /// What a save of this race records of its content: the files it reads.
    pub fn content_hash(&self) -> u64 {
        self.route()
            .map_or(self.content.circuit_hashes[self.circuit], |r| r.hash)
    }

    /// Whether a save's `saved` hash names this race's content: today's hash, or for a Track
    /// race the whole-content hash saves recorded before (`Content::accepts_track_hash`).
    pub fn accepts_content_hash(&self, saved: u64) -> bool {
        saved == self.content_hash()
            || (self.route().is_none()
                && self.content.accepts_track_hash(&self.circuit().id, saved))
    }

    /// The circuit of a Track race.
    pub fn circuit(&self) -> &Circuit {
        &self.content.circuits[self.circuit]
    }

    /// The circuit's track in a Track race, the first stage's road in a Stage race.
    pub fn track(&self) -> &Track {
        self.track_for(0)
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

/// Content index of each seat's car; no more than two seats on one model.
fn car_specs(content: &Content, opts: &LegendOptions) -> Result<Vec<u8>, Error> {
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
    Ok(car_specs)
}
