//! Stage races ("Stage Races"): staggered starts, the stage finish (Arrivo or Check Point), the
//! Time Chart, the change of stage and the Chrono reset. Racing time, the classification and the
//! Historical points are in `classification.rs`.
use alloc::vec::Vec;

use super::car::Status;
use super::options::NeutralCheckPoint;
use super::route::{Finish, START_INTERVAL};
use super::stage_record::StageRecord;
use super::state::{Activation, LegendState};
use crate::grid::Cell;

/// "Residual MPs chart" (Standard Stage Finish, optional rule): seconds saved, by residual MPs.
/// The book's 13th cell is lost in the text: ours is 60 s (docs/rules/legend.md).
pub const RESIDUAL_MPS: [u32; 14] = [0, 0, 31, 41, 45, 48, 50, 52, 54, 56, 57, 58, 59, 60];
/// "Exceeding the speed limit results in a 6-minute penalty."
pub const CHECK_POINT_PENALTY: u32 = 6 * 60;
/// The entry-line sentinel of the Check Point line (turn indices are the road's turns).
pub const CHECK_POINT_LINE: u8 = u8::MAX;

impl LegendState {
    pub fn record(&self, stage: u8, car: usize) -> &StageRecord {
        &self.chart[usize::from(stage) * self.cars.len() + car]
    }

    pub(crate) fn record_mut(&mut self, stage: u8, car: usize) -> &mut StageRecord {
        let n = self.cars.len();
        &mut self.chart[usize::from(stage) * n + car]
    }

    pub fn is_stage_race(&self) -> bool {
        self.race.is_stage_race()
    }

    /// The current stage's finish (a Stage race only).
    pub fn finish_kind(&self) -> Option<Finish> {
        self.race.stage(self.stage).map(|s| s.finish)
    }

    /// The car on `row` is before the Check Point line: the next row lies past it.
    pub fn check_point_ahead(&self, row: u16) -> bool {
        let track = self.track();
        matches!(self.finish_kind(), Some(Finish::CheckPoint { .. }))
            && track.beyond_finish(track.next_row(row))
    }

    /// The Speed `car` may cross this stage's Check Point line at without the 6 minutes ("The
    /// Check Point line must be crossed at speed 2 or lower, as indicated by the speed limit on
    /// the finish marker"): the line's limit, a Neutral Car's as option
    /// `neutral_checkpoint_penalty` says (decision 52; `u8::MAX`: never). None at an Arrivo.
    pub fn check_point_limit(&self, car: usize) -> Option<u8> {
        let Some(Finish::CheckPoint { speed_limit }) = self.finish_kind() else {
            return None;
        };
        if !self.cars[car].neutral {
            return Some(speed_limit);
        }
        Some(match self.race.opts.neutral_checkpoint_penalty {
            NeutralCheckPoint::AboveBColumn => {
                let row = usize::from(self.neutral_row.unwrap_or(0));
                speed_limit.max(self.race.spec(car).neutral[row][super::neutral::COLUMN_B])
            }
            NeutralCheckPoint::AboveLimit => speed_limit,
            NeutralCheckPoint::Never => u8::MAX,
        })
    }

    /// "First Stage Start": the lowest Rank score starts first, then the others in ascending
    /// order, three minutes apart (ties: Performance, then seat).
    pub(crate) fn schedule_first_stage(&mut self) {
        let start = self.race.route().map_or(0, |r| r.start);
        let mut seats: Vec<usize> = (0..self.cars.len()).collect();
        seats.sort_by_key(|&i| {
            let spec = self.race.spec(i);
            (spec.ranking, spec.performance, i)
        });
        for (k, &car) in seats.iter().enumerate() {
            let rec = self.record_mut(0, car);
            rec.start = start + START_INTERVAL * k as u32;
            rec.start_rank = k as u8;
        }
        self.stage_began = (1, start);
    }

    /// Cars whose start time has come, in their starting order: they act after the cars already
    /// on the road ("At minute 3, Player 1 moves and Player 2 starts").
    pub(crate) fn starters(&self) -> Vec<u8> {
        let mut out: Vec<u8> = (0..self.cars.len() as u8)
            .filter(|&i| {
                self.cars[usize::from(i)].status == Status::Waiting
                    && self.record(self.stage, usize::from(i)).start <= self.chrono
            })
            .collect();
        out.sort_by_key(|&i| {
            let r = self.record(self.stage, usize::from(i));
            (r.start, r.start_rank, i)
        });
        out
    }

    /// A starting car takes row 0: the middle lane, else the nearest free one (the lower first).
    /// False when row 0 is full: it tries again next round, its start time unchanged.
    pub(crate) fn start_on_road(&mut self, car: usize) -> bool {
        let lanes = self.track().lanes;
        let mut by_distance: Vec<u8> = (0..lanes).collect();
        let middle = (lanes - 1) / 2;
        by_distance.sort_by_key(|&l| (l.abs_diff(middle), l));
        let Some(lane) = by_distance
            .into_iter()
            .find(|&lane| self.occupied(Cell { row: 0, lane }).is_none())
        else {
            return false;
        };
        let c = &mut self.cars[car];
        c.cell = Cell { row: 0, lane };
        c.progress = 0;
        c.status = Status::Racing;
        c.best_line = false;
        c.entry_done = None;
        c.exit_done = None;
        true
    }

    /// The car's move crossed the stage's finish line: its stage ends at once ("Drop any residual
    /// MPs, Record finishing time and speed on the Time Chart"); it leaves the road.
    pub(crate) fn cross_finish(&mut self, car: usize, residual: u8) {
        let Some(stage) = self.race.stage(self.stage).cloned() else {
            return;
        };
        let last = self.stage + 1 >= self.race.stages();
        let step = u32::from(self.race.content.stage_races.chrono_minutes);
        let (round, at, chrono, k) = (self.round, self.next, self.chrono, self.stage);
        let opts = self.race.opts.clone();
        let len = stage.track.len();
        let limit = self.check_point_limit(car);
        let c = &mut self.cars[car];
        let speed = c.speed;
        c.status = if last {
            Status::Finished
        } else {
            Status::Parked
        };
        c.finish = Some((round, 0, at));
        c.cell.row = len - 1;
        c.progress = i32::from(len);
        c.best_line = false;
        let rec = self.record_mut(k, car);
        rec.finish = Some(chrono + step);
        rec.speed = speed;
        rec.crossed_round = round;
        rec.crossed_at = at;
        match stage.finish {
            Finish::Arrivo if opts.residual_mps => {
                rec.bonus = RESIDUAL_MPS[usize::from(residual).min(RESIDUAL_MPS.len() - 1)];
            }
            Finish::Arrivo => {}
            Finish::CheckPoint { .. } => {
                if limit.is_some_and(|l| speed > l) {
                    rec.penalty += CHECK_POINT_PENALTY;
                }
            }
        }
    }

    /// Every car has crossed this stage's line or retired.
    pub fn stage_over(&self) -> bool {
        self.cars.iter().all(|c| {
            matches!(
                c.status,
                Status::Parked | Status::Finished | Status::Retired
            )
        })
    }

    /// "New Stage": the layout's damage icons, the Chrono reset to the earliest finisher's time,
    /// every car starting at the time (and, after an Arrivo, the Speed) it finished with.
    pub(crate) fn next_stage(&mut self) {
        let prev = self.stage;
        let after_check_point = matches!(self.finish_kind(), Some(Finish::CheckPoint { .. }));
        self.stage += 1;
        let wear = self
            .race
            .stage(self.stage)
            .map(|s| s.wear)
            .unwrap_or_default();
        let dash = self.race.dash().clone();
        let mut starting: Vec<(u32, u16, u8, usize)> = Vec::new();
        for car in 0..self.cars.len() {
            if self.cars[car].status == Status::Retired {
                continue;
            }
            let rec = *self.record(prev, car);
            let c = &mut self.cars[car];
            c.status = Status::Waiting;
            c.progress = 0;
            c.cell = Cell::default();
            c.best_line = false;
            c.entry_done = None;
            c.exit_done = None;
            c.finish = None;
            c.stop_rounds = 0;
            c.speed = if after_check_point { 0 } else { rec.speed };
            c.spare_offer = after_check_point && !c.neutral;
            if !c.neutral {
                // The icons stand for the wear of the stage just raced.
                c.damage_brakes(wear.brakes);
                c.tires = (i16::from(c.tires) - i16::from(wear.tires)).max(-1) as i8;
                let over = c.heat(wear.temperature, &dash);
                c.damage_engine(wear.engine + over);
                c.heated_round = false;
                if c.status == Status::Retired {
                    continue;
                }
            }
            let start = rec.finish.unwrap_or(self.chrono);
            starting.push((start, rec.crossed_round, rec.crossed_at, car));
        }
        starting.sort_unstable();
        for (k, &(start, _, _, car)) in starting.iter().enumerate() {
            let rec = self.record_mut(self.stage, car);
            rec.start = start;
            rec.start_rank = k as u8;
        }
        // "Identify the driver who finished earliest and reset the Chrono board to that time."
        if let Some(&(earliest, ..)) = starting.first() {
            self.chrono = earliest;
        }
        self.act = Activation::default();
        self.stage_began = (self.round + 1, self.chrono);
    }
}
