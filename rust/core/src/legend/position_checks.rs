//! What a position may not say of a car and its activation because the car's own card, its
//! set-up or the rules say otherwise (issue 36, item 9): limiters beyond the car's rating, a pace
//! offered with limits that are not the car's, a Speed past its Top Speed at the pace, set-up
//! cards it never held, more spare parts than it can hold, a turn the road does not have, a Stage
//! race's status in a Track race. Each refusal names the field, the value and the rule
//! (docs/positions.md); `position.rs` reads the position and calls these once it is built.
use alloc::format;
use alloc::string::String;

use super::car::{Setup, Status, SPARE_PARTS};
use super::stage::CHECK_POINT_LINE;
use super::state::{Activation, LegendState, Phase};
use crate::error::Error;

fn bad(why: impl Into<String>) -> Error {
    Error::replay(format!("position: {}", why.into()))
}

impl LegendState {
    /// The car's limiters at their best: its Performance card and its fixed gears, a rich
    /// mixture if it holds set-up cards (the mixture may be turned in the pit), no engine wear, no
    /// slope: what no activation of this car can exceed.
    fn best_limits(&self, car: usize) -> (u8, u8) {
        let spec = self.race.spec(car);
        let was = self.race.opts.setups.get(car).copied().unwrap_or_default();
        let rich = i16::from(was != Setup::default());
        let top = (i16::from(spec.top_speed) + i16::from(was.gears))
            .clamp(1, i16::from(self.race.dash().tachometer_max)) as u8;
        let acc = (i16::from(spec.acceleration) - i16::from(was.gears) + rich).clamp(1, 8) as u8;
        (top, acc)
    }

    /// A car's fields that its card, its set-up and the rules fix.
    pub(crate) fn check_car_rules(&self, base: &LegendState, i: usize) -> Result<(), Error> {
        let c = &self.cars[i];
        let what = format!("cars.{}", self.car_label(i));
        let stage_race = self.race.is_stage_race();
        if !stage_race && matches!(c.status, Status::Waiting | Status::Parked) {
            return Err(bad(format!(
                "{what}.status: {} is a Stage race's (waiting to start, parked after the line); a Track race has neither",
                status_name(c.status)
            )));
        }
        // Set-up cards: the fixed ones (gears, brake bias) as the race's options set them; the
        // adjustable ones change only for a car that holds set-up cards.
        let (set, was) = (c.setup, base.cars[i].setup);
        for (name, v) in [
            ("gears", set.gears),
            ("suspension", set.suspension),
            ("brake_bias", set.brake_bias),
        ] {
            if !(-1..=1).contains(&v) {
                return Err(bad(format!(
                    "{what}.setup.{name}: {v}, a card is -1, 0 (none) or 1"
                )));
            }
        }
        if set.gears != was.gears || set.brake_bias != was.brake_bias {
            return Err(bad(format!(
                "{what}.setup: gears {} and brake bias {}, but this race's options fix {} and {} (fixed cards: they never change)",
                set.gears, set.brake_bias, was.gears, was.brake_bias
            )));
        }
        if was == Setup::default() && set != was {
            return Err(bad(format!(
                "{what}.setup: the car has no set-up cards in this race, so none can be turned"
            )));
        }
        // Spare parts: what the car starts with, and parts are taken only while holding at most
        // one of that type (Check Point, Technical Assistance: none).
        for (k, (&n, &start)) in c.spares.iter().zip(base.cars[i].spares.iter()).enumerate() {
            let most = start.max(2);
            if n > most {
                return Err(bad(format!(
                    "{what}.spares: {n} {}, the car starts with {start} and takes one only while holding at most one",
                    SPARE_PARTS[k]
                )));
            }
        }
        if c.rain != self.rain {
            return Err(bad(format!(
                "{what}.rain: {}, but the weather's rain is {} (every car feels the same weather)",
                c.rain, self.rain
            )));
        }
        // Rows travelled and the space agree: on a circuit the row is the distance round the lap.
        let track = self.track();
        let len = i32::from(track.len());
        let placed = self.racing && matches!(c.status, Status::Racing | Status::OffRoad);
        let row = i32::from(c.cell.row);
        let agrees = if track.closed {
            c.progress.rem_euclid(len) == row
        } else {
            c.progress == row
        };
        if placed && !agrees {
            return Err(bad(format!(
                "{what}.progress: {} rows travelled, but the car stands on row {row} of a road of {len} rows",
                c.progress
            )));
        }
        let turns = track.turns.len();
        for (name, t) in [("entry_done", c.entry_done), ("exit_done", c.exit_done)] {
            if let Some(t) = t {
                let check_point = name == "entry_done" && t == CHECK_POINT_LINE && stage_race;
                if usize::from(t) >= turns && !check_point {
                    return Err(bad(format!(
                        "{what}.{name}: turn {t}, but the road has {turns} turns (counted from 0)"
                    )));
                }
            }
        }
        if !stage_race && c.spare_offer {
            return Err(bad(format!(
                "{what}.spare_offer: a part after a Check Point is a Stage race's"
            )));
        }
        Ok(())
    }

    /// The activation against its car: within the car's limiters always; at the pace exactly the
    /// limits the car has there, before anything is spent.
    pub(crate) fn check_activation(&self) -> Result<(), Error> {
        let a = self.act;
        let car = usize::from(a.car);
        let name = self.car_label(car);
        let (top, acc) = self.best_limits(car);
        // (0 and 0 before any activation; the pace checks the exact values.)
        if a.acc_limit > acc {
            return Err(bad(format!(
                "act.acc_limit: {}, but {name}'s Acceleration limiter is at most {acc} (its card and set-up)",
                a.acc_limit
            )));
        }
        if a.acc_left > a.acc_limit {
            return Err(bad(format!(
                "act.acc_left: {} unused of an Acceleration of {}",
                a.acc_left, a.acc_limit
            )));
        }
        if a.top_speed > top {
            return Err(bad(format!(
                "act.top_speed: {}, but {name}'s Top Speed limiter is at most {top} (its card and set-up)",
                a.top_speed
            )));
        }
        if !self.race.is_stage_race() && (a.assistance || a.spare_taken) {
            return Err(bad(
                "act: Technical Assistance is a Stage race's (assistance, spare_taken)",
            ));
        }
        let Some(phase_car) = self.activation_car() else {
            return Ok(());
        };
        if phase_car != car {
            return Err(bad(format!(
                "act.car: {name}, but the phase is {}'s activation",
                self.car_label(phase_car)
            )));
        }
        if a.ended {
            return Err(bad(format!(
                "act.ended: {name}'s activation is over, but the phase is one of its decisions"
            )));
        }
        let c = &self.cars[car];
        let status_fits = match self.phase {
            Phase::Pit { .. } => c.status == Status::OffRoad,
            _ => c.status == Status::Racing,
        };
        if !status_fits {
            return Err(bad(format!(
                "cars.{name}.status: {} in the phase {}",
                status_name(c.status),
                super::rules::phase_name(self.phase)
            )));
        }
        if let Phase::Pace { .. } = self.phase {
            self.check_pace(car)?;
        }
        Ok(())
    }

    /// The car a phase of an activation names (the pace to the pit).
    fn activation_car(&self) -> Option<usize> {
        match self.phase {
            Phase::Pace { car }
            | Phase::EntryLine { car, .. }
            | Phase::Step { car }
            | Phase::ExitLine { car }
            | Phase::Slipstream { car }
            | Phase::TurnSlipstream { car }
            | Phase::Pit { car } => Some(usize::from(car)),
            _ => None,
        }
    }

    /// At the pace nothing is spent yet and the limits are the car's here (its wear, the slope
    /// it stands on); its Speed is at most one step past Top Speed (at Top Speed uphill).
    fn check_pace(&self, car: usize) -> Result<(), Error> {
        let name = self.car_label(car);
        let uphill = self.uphill(car);
        let l = self.cars[car].limits(self.race.spec(car), self.race.dash(), uphill);
        let a = self.act;
        let fresh = Activation {
            car: a.car,
            acc_left: l.acceleration,
            acc_limit: l.acceleration,
            top_speed: l.top_speed,
            ..Activation::default()
        };
        let here = if uphill { ", uphill" } else { "" };
        if a.acc_limit != l.acceleration {
            return Err(bad(format!(
                "act.acc_limit: {} at {name}'s pace, but its Acceleration limiter is {} here (its card, set-up and Engine{here})",
                a.acc_limit, l.acceleration
            )));
        }
        if a.top_speed != l.top_speed {
            return Err(bad(format!(
                "act.top_speed: {} at {name}'s pace, but its Top Speed limiter is {} here (its card, set-up and Engine{here})",
                a.top_speed, l.top_speed
            )));
        }
        if a != fresh {
            return Err(bad(format!(
                "act: at {name}'s pace nothing is spent or done yet (allowance 0, spent 0, all Acceleration left, no drift, slipstream or downhill step)"
            )));
        }
        let most = if uphill { l.top_speed } else { l.top_speed + 1 };
        let speed = self.cars[car].speed;
        if speed > most {
            return Err(bad(format!(
                "cars.{name}.speed: {speed} at its pace, but Top Speed is {} here: at most {most} (one step past it is held only by pushing{})",
                l.top_speed,
                if uphill { "; uphill the Speed drops to it" } else { "" }
            )));
        }
        Ok(())
    }
}

impl LegendState {
    /// The round's bookkeeping that the flow indexes: the Neutral Cars' die row, the activation
    /// order, the qualifying and priority-bid places and the cars their phases name.
    pub(crate) fn check_flow(&self) -> Result<(), Error> {
        let n = self.cars.len();
        if let Some(r) = self.neutral_row.filter(|&r| r > 2) {
            return Err(bad(format!(
                "neutral_row: {r}, the Neutral Cars' die picks row 0 (1-2), 1 (3-4) or 2 (5-6)"
            )));
        }
        for (k, &car) in self.order.iter().enumerate() {
            if self.order[..k].contains(&car) {
                return Err(bad(format!(
                    "order: {} twice, every car activates once a round",
                    self.car_label(usize::from(car))
                )));
            }
        }
        if let Some((k, d)) = self.dice.iter().enumerate().find(|(_, &d)| d > 6) {
            return Err(bad(format!(
                "dice: {d} for {}, a die shows 1 to 6 (0: not rolled)",
                self.car_label(k)
            )));
        }
        if self.carry > 2 {
            return Err(bad(format!(
                "carry: {}, the rain adds +1 (light) or +2 (heavy) to the next roll",
                self.carry
            )));
        }
        // A Damage card due is drawn before anything else happens.
        if let Some(k) = self.cars.iter().position(|c| c.damage_due > 0) {
            if self.phase != (Phase::Damage { car: k as u8 }) {
                return Err(bad(format!(
                    "cars.{}.damage_due: {} Damage cards due, so the phase is its Damage card draw",
                    self.car_label(k),
                    self.cars[k].damage_due
                )));
            }
        }
        if let Phase::Damage { car } = self.phase {
            if self
                .cars
                .get(usize::from(car))
                .is_some_and(|c| c.damage_due == 0)
            {
                return Err(bad(format!(
                    "phase: a Damage card for {}, whose damage_due is 0",
                    self.car_label(usize::from(car))
                )));
            }
        }
        let pos = usize::from(self.quali.pos);
        if pos >= n {
            return Err(bad(format!(
                "qualifying.pos: {pos}, the grid has places 0 to {}",
                n - 1
            )));
        }
        let bid = usize::from(self.bid_pos);
        if bid > 0 && bid >= self.order.len() {
            return Err(bad(format!(
                "bid_pos: {bid}, the order has places 0 to {}",
                self.order.len().saturating_sub(1)
            )));
        }
        // The car a challenge or a bid names is the one at its place, with a car ahead of it.
        let (field, place, list) = match self.phase {
            Phase::Challenge { .. } | Phase::ChallengeReply { .. } => {
                ("qualifying.pos", pos, &self.grid)
            }
            Phase::PriorityBid { .. } | Phase::PriorityReply { .. } => {
                ("bid_pos", bid, &self.order)
            }
            _ => return Ok(()),
        };
        let (car, at, does) = match self.phase {
            Phase::Challenge { car } | Phase::PriorityBid { car } => (car, place, "bids"),
            Phase::ChallengeReply { car, .. } | Phase::PriorityReply { car } => {
                (car, place.wrapping_sub(1), "answers")
            }
            _ => return Ok(()),
        };
        let there = if place == 0 {
            None
        } else {
            list.get(at).copied()
        };
        if there != Some(car) {
            return Err(bad(format!(
                "phase: {} {does} at {field} {place}, where {}",
                self.car_label(usize::from(car)),
                there.map_or(String::from("no car has one ahead to challenge"), |c| {
                    format!("the car is {}", self.car_label(usize::from(c)))
                })
            )));
        }
        Ok(())
    }
}

/// A status as positions write it.
fn status_name(s: Status) -> &'static str {
    match s {
        Status::Racing => "racing",
        Status::OffRoad => "off_road",
        Status::Finished => "finished",
        Status::Retired => "retired",
        Status::Waiting => "waiting",
        Status::Parked => "parked",
    }
}
