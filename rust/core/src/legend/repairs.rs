//! Stage races' repairs ("Repairs"): roadside repairs, Technical Assistance spots, and the spare
//! part taken there or at the start after a Check Point. The Pit Lane (Track races) is in
//! `movement.rs`.
use alloc::vec::Vec;

use super::actions::Move;
use super::car::{Car, Status, SPARE_PARTS};
use super::content::Dashboard;
use super::state::{LegendState, Phase};

/// "Recover 2 steps per round stopped: Brake condition needle cannot move beyond 4."
pub const ROADSIDE_BRAKE_CAP: u8 = 4;
/// Steps a round stopped at the roadside ("Reduce temperature by 2 steps", "Reduce engine damage
/// by 2 steps", "Recover 2 steps").
pub const ROADSIDE_STEPS: u8 = 2;

/// The next underlined value of the Tire dial above the needle (a Sutherland Tires part).
pub(crate) fn refit_tires(c: &mut Car, dash: &Dashboard) {
    let mut marks = dash.tire_refit_marks.clone();
    marks.sort_unstable();
    let t = c.tires;
    c.tires = marks
        .iter()
        .map(|&m| m as i8)
        .find(|&m| m > t)
        .unwrap_or(dash.tires_max as i8);
}

/// One round stopped at the roadside: Temperature -2, Engine +2, Brakes +2 but never beyond 4.
fn roadside_round(c: &mut Car) {
    c.cool(ROADSIDE_STEPS);
    c.engine = (c.engine + ROADSIDE_STEPS).min(c.engine_max);
    if c.brakes < ROADSIDE_BRAKE_CAP {
        c.brakes = (c.brakes + ROADSIDE_STEPS)
            .min(ROADSIDE_BRAKE_CAP)
            .min(c.brakes_max);
    }
}

/// One round at a Technical Assistance spot: "repairs take half the time of roadside repairs and
/// require no spare parts" — twice the steps (no cap on the brakes), and the repairs that need a
/// part at the roadside (tires, battery, headlights) free.
fn assistance_round(c: &mut Car, dash: &Dashboard) {
    c.cool(2 * ROADSIDE_STEPS);
    c.engine = (c.engine + 2 * ROADSIDE_STEPS).min(c.engine_max);
    c.brakes = (c.brakes + 2 * ROADSIDE_STEPS).min(c.brakes_max);
    if c.tires < dash.tires_max as i8 {
        refit_tires(c, dash);
    }
    c.battery_ok = true;
    c.headlights_ok = true;
}

impl LegendState {
    /// Stage-race pace choices: Technical Assistance on a marked tile; a spare part at the start
    /// after a Check Point (holding at most one of that type).
    pub(crate) fn stage_pace_moves(&self, car: usize, out: &mut Vec<Move>) {
        let c = &self.cars[car];
        if self.track().row(c.cell.row).assistance {
            out.push(Move::Assistance);
        }
        if c.spare_offer {
            out.extend(
                (0..SPARE_PARTS.len() as u8)
                    .filter(|&p| c.spares[usize::from(p)] <= 1)
                    .map(Move::TakeSpare),
            );
        }
    }

    /// A stop off the road in a Stage race: roadside repairs or Technical Assistance, then held
    /// parts may be played (and, at Technical Assistance, set-up cards turned and a part taken).
    pub(crate) fn stage_stop(&mut self, car: usize, m: Move) {
        let dash = self.race.content.dashboard.clone();
        let c = &mut self.cars[car];
        c.status = Status::OffRoad;
        c.speed = 0;
        c.best_line = false;
        match m {
            Move::Assistance => {
                assistance_round(c, &dash);
                self.act.assistance = true;
            }
            Move::TakeSpare(p) => {
                // "remain stationary for one full round before departing"
                c.spares[usize::from(p)] += 1;
                c.spare_offer = false;
                self.end_activation();
                return;
            }
            _ => roadside_round(c),
        }
        if self.pit_moves(car).len() > 1 {
            self.phase = Phase::Pit { car: car as u8 };
        } else {
            self.end_activation();
        }
    }

    /// At a Technical Assistance spot: one spare part of a type the car holds none of, once a
    /// stop.
    pub(crate) fn assistance_spares(&self, car: usize, out: &mut Vec<Move>) {
        let c = &self.cars[car];
        if self.act.assistance && !self.act.spare_taken {
            out.extend(
                (0..SPARE_PARTS.len() as u8)
                    .filter(|&p| c.spares[usize::from(p)] == 0)
                    .map(Move::TakeSpare),
            );
        }
    }

    /// "You may also gain one single spare part of your choice by remaining there for one
    /// additional round."
    pub(crate) fn take_spare_at_assistance(&mut self, car: usize, p: u8) {
        let c = &mut self.cars[car];
        c.spares[usize::from(p)] += 1;
        c.stop_rounds = 1;
        self.act.spare_taken = true;
    }
}
