//! Legend for the bots and the batch runner. Nothing in a Legend race is hidden from any seat,
//! so a determinization is the state itself.
use alloc::vec::Vec;

use super::bots;
use super::car::Status;
use super::LegendState;
use crate::error::Error;
use crate::game::Action;
use crate::rng::SplitMix64;
use crate::sim::{CarStats, Level, RaceStats, Sim, StageCarStats};

impl Sim for LegendState {
    fn determinize(&self, _seat: usize, _rng: &mut SplitMix64) -> Self {
        self.clone()
    }

    fn apply_fast(&mut self, action: Action) -> Result<(), Error> {
        self.apply_unrecorded(action)
    }

    fn heuristic(&self, _legal: &[Action]) -> Option<Action> {
        bots::greedy_action(self)
    }

    fn bot(&self, level: Level, _legal: &[Action], rng: &mut SplitMix64) -> Option<Action> {
        bots::action(self, level, rng)
    }

    /// A car's wear is the Dashboard points it lost: engine + brakes + tyres.
    fn stats(&self) -> RaceStats {
        let dash = self.race.dash();
        let ranking = self.ranking();
        RaceStats {
            ranking: ranking.clone(),
            length: u32::from(self.round),
            actions: self.history.len() as u32,
            cars: self
                .cars
                .iter()
                .enumerate()
                .map(|(i, c)| CarStats {
                    // A Neutral Car keeps its seat: the ranking and the winner count it there.
                    seat: i as i8,
                    time: c.finish.map_or(f32::NAN, |(round, _, _)| f32::from(round)),
                    wear: f32::from(c.engine_max - c.engine)
                        + f32::from(c.brakes_max - c.brakes)
                        + (f32::from(dash.tires_max) - f32::from(c.tires)),
                    crashes: u16::from(c.crashes),
                    retired: c.status == Status::Retired,
                    place: ranking[i],
                })
                .collect(),
            seat_extra: self
                .cars
                .iter()
                .map(|c| c.progress as f32)
                .collect::<Vec<_>>(),
            stage: self.stage_stats(),
        }
    }
}

impl LegendState {
    /// Racing time, Check Point penalties and Historical points per car (a Stage race only).
    fn stage_stats(&self) -> Vec<StageCarStats> {
        if !self.is_stage_race() {
            return Vec::new();
        }
        let points = self
            .race
            .opts
            .historical_points
            .then(|| self.historical_points());
        (0..self.cars.len())
            .map(|i| {
                let penalty: u32 = (0..self.stages_done(i))
                    .map(|k| self.record(k, i).penalty)
                    .sum();
                StageCarStats {
                    racing_time: match self.racing_time(i) {
                        Some(t) if self.finished_route(i) => t as f32,
                        _ => f32::NAN,
                    },
                    penalty: penalty as f32,
                    points: points.as_ref().map_or(f32::NAN, |p| p[i].total() as f32),
                }
            })
            .collect()
    }
}
