//! The cost of each decision, spelled out ("brake 3 → speed 4 ≤ safe 3 + 1 best line"): every
//! legal action is tried on a copy and the Dashboard before and after is compared.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::actions::Move;
use super::state::{LegendState, Phase};
use crate::game::{Action, State};

impl LegendState {
    /// `(action, label, breakdown)` for every legal action of the seat to act.
    pub fn explained_actions(&self) -> Vec<(Action, String, String)> {
        let enc = self.race.enc;
        let Some(car) = self.phase.seat().map(usize::from) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        // Each decision's cost ends with the car's activation, also for the last car of a round
        // (plan.rs, `apply_within_activation`).
        for m in self.legal_moves() {
            let a = enc.encode(m);
            let mut next = self.clone();
            next.apply_within_activation(m);
            out.push((a, self.action_to_string(a), self.breakdown(car, m, &next)));
        }
        out
    }

    /// The cost breakdown of one action of the seat to act (empty at chance nodes).
    pub fn explain(&self, action: Action) -> String {
        let (Some(car), Some(m)) = (
            self.phase.seat().map(usize::from),
            self.race.enc.decode(action),
        ) else {
            return String::new();
        };
        if !self.legal_moves().contains(&m) {
            return String::new();
        }
        let mut next = self.clone();
        next.apply_within_activation(m);
        self.breakdown(car, m, &next)
    }

    fn breakdown(&self, car: usize, m: Move, after: &LegendState) -> String {
        let (b, c) = (&self.cars[car], &after.cars[car]);
        let mut parts: Vec<String> = Vec::new();
        if c.speed != b.speed {
            parts.push(format!("speed {} → {}", b.speed, c.speed));
        }
        let temp = i16::from(c.temperature) - i16::from(b.temperature);
        if temp != 0 {
            parts.push(format!("temperature {temp:+}"));
        }
        let lost =
            |was: u8, now: u8, what: &str| (was > now).then(|| format!("{} {what}", was - now));
        parts.extend(lost(b.engine, c.engine, "Engine"));
        parts.extend(lost(b.brakes, c.brakes, "Brake"));
        if c.tires < b.tires {
            parts.push(format!("{} Tire", b.tires - c.tires));
        }
        if c.damage_due > b.damage_due {
            parts.push(String::from("a Damage card"));
        }
        match m {
            Move::MoveToLane(lane) => {
                let track = self.track();
                let row = track.next_row(b.cell.row);
                if let Some(t) = track.row(row).turn {
                    let turn = track.turns[usize::from(t)];
                    let rating = self.rating_for(car, turn.rating);
                    let pin = b.safe_speed(self.race.spec(car), self.race.dash(), rating);
                    let best = track.row(row).best_lane == Some(lane)
                        && (track.row(b.cell.row).turn != Some(t) || b.best_line);
                    let marker = char::from(b'A' + rating);
                    parts.push(if best {
                        format!("speed {} ≤ safe {pin} + 1 best line ({marker})", b.speed)
                    } else {
                        format!("speed {} ≤ safe {pin} ({marker})", b.speed)
                    });
                }
            }
            Move::Brake(_) | Move::LiftAtEntry | Move::EmergencyBrake(_) | Move::PowerOut(_) => {
                let spent = self.act.spent;
                if c.speed > spent {
                    parts.push(format!("{} MP left", c.speed - spent));
                } else {
                    parts.push(String::from("the move ends here"));
                }
            }
            Move::Drift => parts.push(String::from(
                "then outward one space at a time, −1 speed each",
            )),
            Move::StopToCool | Move::PitStop => parts.push(String::from("off the road this round")),
            Move::UseSpare(_) if matches!(self.phase, Phase::Pace { .. }) => parts.push(
                String::from("off the road this round, the Galetti coolant discarded"),
            ),
            _ => {}
        }
        if self.race.is_stage_race() {
            parts.extend(self.time_cost(car, m, after));
        }
        if matches!(self.phase, Phase::Pace { .. }) && c.speed > 0 && after.act.allowance > 0 {
            parts.push(format!("{} MP", after.act.allowance));
        }
        if parts.is_empty() {
            String::from("no cost")
        } else {
            parts.join(", ")
        }
    }
}

/// What a decision does on the Time Chart, in seconds (a Stage race): shared by the cost text
/// and the moves (`moves.rs`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TimeCost {
    /// A round off the road (stopping, Technical Assistance).
    pub off_road: u32,
    /// A spare part taken: one more round stopped.
    pub stop_more: u32,
    /// The Chrono the stage ends at, when the decision crosses its line.
    pub finish: Option<u32>,
    /// The Check Point line crossed above the limit.
    pub penalty: u32,
    /// Residual MPs saved at an Arrivo (optional rule).
    pub bonus: u32,
    /// At the Check Point line: the Speed after braking and the car's limit, when above it.
    pub over_at_line: Option<(u8, u8)>,
}

impl LegendState {
    pub fn time_effects(&self, car: usize, m: Move, after: &LegendState) -> TimeCost {
        use super::car::Status;
        let mut t = TimeCost::default();
        let step = u32::from(self.race.content.stage_races.chrono_minutes) * 60;
        let (b, c) = (&self.cars[car], &after.cars[car]);
        let stops = matches!(m, Move::StopToCool | Move::Assistance | Move::TakeSpare(_));
        if stops && matches!(self.phase, Phase::Pace { .. }) && b.status == Status::Racing {
            t.off_road = step;
        }
        if matches!(m, Move::TakeSpare(_)) && c.stop_rounds > b.stop_rounds {
            t.stop_more = step;
        }
        let (rb, ra) = (self.record(self.stage, car), after.record(self.stage, car));
        if after.stage == self.stage {
            if rb.finish.is_none() {
                t.finish = ra.finish;
            }
            t.penalty = ra.penalty.saturating_sub(rb.penalty);
            t.bonus = ra.bonus.saturating_sub(rb.bonus);
        }
        if let (Phase::EntryLine { turn, .. }, Some(limit)) =
            (self.phase, self.check_point_limit(car))
        {
            if turn == super::stage::CHECK_POINT_LINE && c.speed > limit {
                t.over_at_line = Some((c.speed, limit));
            }
        }
        t
    }

    /// What a decision costs on the Time Chart, in words: a round off the road, a finish, its
    /// penalty or its residual-MP bonus, the Check Point limit still exceeded after braking.
    fn time_cost(&self, car: usize, m: Move, after: &LegendState) -> Vec<String> {
        use super::view_stage::{clock, duration};
        let t = self.time_effects(car, m, after);
        let mut out = Vec::new();
        if t.off_road > 0 {
            out.push(format!("+{} off the road", duration(i64::from(t.off_road))));
        }
        if t.stop_more > 0 {
            out.push(format!(
                "+{} one more round stopped",
                duration(i64::from(t.stop_more))
            ));
        }
        if let Some(f) = t.finish {
            out.push(format!("over the line: finish {}", clock(f)));
        }
        if t.penalty > 0 {
            out.push(format!(
                "+{} Check Point penalty",
                duration(i64::from(t.penalty))
            ));
        }
        if t.bonus > 0 {
            out.push(format!("−{} residual MPs", duration(i64::from(t.bonus))));
        }
        if let Some((speed, limit)) = t.over_at_line {
            out.push(format!(
                "crossing at {speed} > {limit}: +{} Check Point penalty",
                duration(i64::from(super::stage::CHECK_POINT_PENALTY))
            ));
        }
        out
    }
}
