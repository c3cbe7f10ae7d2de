//! Stage races' classification ("Check Point", "Winning the Game"): racing time, the overall
//! order, and the Historical points table.
use alloc::vec::Vec;

use super::car::Status;
use super::state::LegendState;

/// "Winning the Mille Miglia" 10, "Overall second place" 6, "Overall third place" 4.
pub const OVERALL_POINTS: [u32; 3] = [10, 6, 4];
/// "Class winner (excluding Overall winner)".
pub const CLASS_WINNER_POINTS: u32 = 8;
/// "For each superior Class car finished behind".
pub const SUPERIOR_CLASS_POINTS: u32 = 2;
/// "Least damaged car".
pub const LEAST_DAMAGED_POINTS: u32 = 5;

/// One car's Historical points, line by line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Points {
    pub overall: u32,
    pub class_winner: u32,
    pub superior_beaten: u32,
    pub least_damaged: u32,
}

impl Points {
    pub fn total(&self) -> u32 {
        self.overall + self.class_winner + self.superior_beaten + self.least_damaged
    }
}

impl LegendState {
    /// Stages this car has finished.
    pub fn stages_done(&self, car: usize) -> u8 {
        (0..self.race.stages())
            .take_while(|&k| self.record(k, car).finish.is_some())
            .count() as u8
    }

    /// The car crossed the final stage's line.
    pub fn finished_route(&self, car: usize) -> bool {
        self.stages_done(car) == self.race.stages()
    }

    /// Racing time in seconds over the stages finished: the last finishing time minus the race
    /// starting time, penalties and bonuses included (None before the first stage is done).
    pub fn racing_time(&self, car: usize) -> Option<i64> {
        let done = self.stages_done(car);
        if done == 0 {
            return None;
        }
        let first = self.record(0, car).start;
        let last = self.record(done - 1, car).finish?;
        let mut seconds = (i64::from(last) - i64::from(first)) * 60;
        for k in 0..done {
            let r = self.record(k, car);
            seconds += i64::from(r.penalty) + i64::from(r.time_cards) - i64::from(r.bonus);
        }
        Some(seconds)
    }

    /// The overall order: finishers by racing time (then the earlier crossing of the last line,
    /// then seat); cars still in the race by stages done, then racing time; retired cars last,
    /// by stages done, then distance into their last stage.
    pub(crate) fn stage_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.cars.len()).collect();
        order.sort_by_key(|&i| {
            let c = &self.cars[i];
            let done = self.stages_done(i);
            let time = self.racing_time(i).unwrap_or(i64::MAX);
            let last = self.record(done.saturating_sub(1), i);
            // A car that retires in the technical issues of the round it crossed the final line
            // keeps its finish (as in a Track race).
            let group = if self.finished_route(i) {
                0
            } else if c.status == Status::Retired {
                2
            } else {
                1
            };
            let distance = if group == 2 { -c.progress } else { 0 };
            (
                group,
                core::cmp::Reverse(done),
                if group == 2 { 0 } else { time },
                distance,
                last.crossed_round,
                last.crossed_at,
                i,
            )
        });
        order
    }

    /// "Least damaged car (assign 1 point to each damage step and malfunctioning system)": lost
    /// Engine, Brake and Tire points (a flat tire counts every point) and failed switches; a
    /// Neutral Car, which tracks no wear, counts its stops for damage.
    pub fn damage_score(&self, car: usize) -> u32 {
        let c = &self.cars[car];
        let switches = u32::from(!c.battery_ok) + u32::from(!c.headlights_ok);
        if c.neutral {
            return u32::from(c.damage_stops) + switches;
        }
        let r = u32::from(self.race.spec(car).reliability);
        let tires = i32::from(self.race.dash().tires_max) - i32::from(c.tires);
        (r - u32::from(c.engine.min(c.engine_max)))
            + (r - u32::from(c.brakes.min(c.brakes_max)))
            + tires.max(0) as u32
            + switches
    }

    /// The Historical points of every car (finishers only score).
    pub fn historical_points(&self) -> Vec<Points> {
        let n = self.cars.len();
        let mut points = alloc::vec![Points::default(); n];
        let finishers: Vec<usize> = self
            .stage_order()
            .into_iter()
            .filter(|&i| self.finished_route(i))
            .collect();
        let classes = &self.race.content.stage_races.classes;
        let class = |i: usize| {
            let name = &self.race.spec(i).class;
            classes.iter().position(|c| c == name).unwrap_or(0)
        };
        for (place, &i) in finishers.iter().enumerate().take(OVERALL_POINTS.len()) {
            points[i].overall = OVERALL_POINTS[place];
        }
        if let Some(&winner) = finishers.first() {
            for (k, &i) in finishers.iter().enumerate() {
                let first_of_class = finishers[..k].iter().all(|&j| class(j) != class(i));
                if first_of_class && class(i) != class(winner) {
                    points[i].class_winner = CLASS_WINNER_POINTS;
                }
                let beaten = finishers[k + 1..]
                    .iter()
                    .filter(|&&j| class(j) > class(i))
                    .count() as u32;
                points[i].superior_beaten = beaten * SUPERIOR_CLASS_POINTS;
            }
        }
        if let Some(least) = finishers.iter().map(|&i| self.damage_score(i)).min() {
            for &i in &finishers {
                if self.damage_score(i) == least {
                    points[i].least_damaged = LEAST_DAMAGED_POINTS;
                }
            }
        }
        points
    }

    /// Who won a Stage race: by racing time, or by points in Historical play (equal totals by
    /// racing time, then seat). Per seat, 0 = first.
    pub(crate) fn stage_ranking(&self) -> Vec<u32> {
        let mut order = self.stage_order();
        if self.race.opts.historical_points {
            let points = self.historical_points();
            let base: Vec<usize> = order.clone();
            order.sort_by_key(|&i| {
                let place = base.iter().position(|&j| j == i).unwrap_or(i);
                (core::cmp::Reverse(points[i].total()), place)
            });
        }
        let mut rank = alloc::vec![0u32; self.cars.len()];
        for (pos, &i) in order.iter().enumerate() {
            rank[i] = pos as u32;
        }
        rank
    }
}
