//! The rule-of-thumb drivers, `medium` and `easy`: no search, a few lines of arithmetic a player
//! would do at the table. The pace is the fastest from which the next turn can still be taken:
//! lifting a step a round and dive braking at the entry line bring it to the turn's safe speed
//! (+1 on the best line). At the entry line they brake to that speed, in turns they follow the
//! best line, at the exit they power out as far as the next turn allows, and they lift and coast
//! when the engine runs hot. `medium` counts on the best line, holds Top Speed and keeps the car
//! out of the red zones; `easy` brakes for the safe speed alone, cruises a step below Top Speed,
//! wanders across the lanes and never pits. Both read only what the driver may see (a marker
//! out of sight is taken for an A).
use crate::game::Action;
use crate::legend::actions::Move;
use crate::legend::car::{Car, BATTERY, BULBS, COOLANT};
use crate::legend::state::{LegendState, Phase};
use crate::rng::SplitMix64;

/// How a rule driver plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Counts on the best line's +1 into turns.
    pub best_line: bool,
    /// Cruises at Top Speed (else a step below, which never heats at the end of the round).
    pub top_speed: bool,
    /// Lifts and coasts from this Temperature.
    pub cool_from: u8,
    /// Picks lanes at random among the free ones (else heads for the best line).
    pub wander: bool,
    /// Stops in the pit when a needle is in a red zone.
    pub pits: bool,
}

pub const MEDIUM: Style = Style {
    best_line: true,
    top_speed: true,
    cool_from: 5,
    wander: false,
    pits: true,
};

pub const EASY: Style = Style {
    best_line: false,
    top_speed: false,
    cool_from: 4,
    wander: true,
    pits: false,
};

/// Rows from the car to the next entry line (0: standing before it), the speed to be down to
/// there: the turn's safe speed (+1 on the best line with `best_line`), and whether braking is
/// still to come there (not when the car standing before the line already decided); a Check
/// Point line with its limit. A marker the driver cannot see is taken for an A.
fn next_turn_from(
    s: &LegendState,
    car: usize,
    from: u16,
    best_line: bool,
) -> Option<(u16, u8, bool)> {
    let track = s.track();
    let c = &s.cars[car];
    let len = track.len();
    let ahead = if track.closed {
        len
    } else {
        len - from.min(len)
    };
    (0..ahead).find_map(|k| {
        let row = (from + k) % len;
        if s.check_point_ahead(row) {
            return s
                .race
                .stage(s.stage)
                .and_then(|st| st.speed_limit())
                .map(|l| (k, l, true));
        }
        let turn = track.entry_ahead(row)?;
        let t = track.turns.iter().position(|u| u == turn)?;
        let braked = k == 0 && c.entry_done == Some(t as u8);
        let rating = if s.sees_turn(car, t) {
            s.rating_for(car, turn.rating)
        } else {
            0
        };
        let pin = c.safe_speed(s.race.spec(car), s.race.dash(), rating);
        Some((k, pin + u8::from(best_line), !braked))
    })
}

/// Whether a car `rows` before the entry line, at `speed` at the end of its move, can still
/// come down to `target` there: a lift and coast each round, then `braking` at the line.
fn can_slow(rows: u16, speed: u8, target: u8, braking: u8) -> bool {
    let (mut rows, mut v) = (rows, speed);
    loop {
        if v <= target + braking {
            return true;
        }
        if rows == 0 || v <= 1 {
            return false;
        }
        v -= 1;
        if u16::from(v) >= rows {
            return v <= target + braking;
        }
        rows -= u16::from(v);
    }
}

struct Driver<'a> {
    s: &'a LegendState,
    car: usize,
    c: &'a Car,
    style: Style,
    braking: u8,
}

impl Driver<'_> {
    /// Whether moving `moves` more rows this round at `speed` keeps the next turn (and any Check
    /// Point) within reach of lifting and braking.
    fn safe(&self, speed: u8, moves: u16) -> bool {
        let Some((rows, target, brakes)) =
            next_turn_from(self.s, self.car, self.c.cell.row, self.style.best_line)
        else {
            return true;
        };
        if !brakes {
            return speed <= target;
        }
        if moves > rows {
            // Over the entry line this round: braking there must be enough.
            return speed <= target + self.braking;
        }
        can_slow(rows - moves, speed, target, self.braking)
    }

    /// The safe speed of the turn the car is in (+1 while on the best line), if in one.
    fn in_turn_limit(&self) -> Option<u8> {
        let track = self.s.track();
        let turn = track.turn_at(self.c.cell.row)?;
        let pin = self.c.safe_speed(
            self.s.race.spec(self.car),
            self.s.race.dash(),
            self.s.rating_for(self.car, turn.rating),
        );
        Some(pin + u8::from(self.c.best_line))
    }

    fn red_temperature(&self) -> u8 {
        let dash = self.s.race.dash();
        dash.temperature_red_zone
            .iter()
            .position(|&d| d > 0)
            .unwrap_or(usize::from(dash.temperature_max)) as u8
    }

    fn needs_pit(&self) -> bool {
        let dash = self.s.race.dash();
        let engine_red = self.c.engine_penalty(dash) > 0;
        let brakes_red = self.c.brakes <= dash.brake_red_zone;
        self.style.pits && (engine_red || brakes_red || self.c.tires < 4 || !self.c.battery_ok)
    }

    fn pace(&self, legal: &[Move]) -> Move {
        let c = self.c;
        let act = &self.s.act;
        if legal.contains(&Move::PitStop) && self.needs_pit() {
            return Move::PitStop;
        }
        if c.temperature >= self.s.race.dash().temperature_max && legal.contains(&Move::StopToCool)
        {
            // Stopped anyway: the Galetti coolant takes the Temperature to 0 instead of 2 less.
            let galetti = Move::UseSpare(COOLANT);
            return if legal.contains(&galetti) {
                galetti
            } else {
                Move::StopToCool
            };
        }
        let cruise = if self.style.top_speed {
            act.top_speed
        } else {
            act.top_speed.saturating_sub(1).max(1)
        };
        let hot = c.temperature >= self.style.cool_from;
        let red = self.red_temperature();
        let turn_limit = self.in_turn_limit();
        // The fastest safe choice that keeps the Temperature out of the red zone at the end of
        // the round (full Acceleration and ending at Top Speed each heat a step); lifting and
        // coasting when hot; never pushing.
        let mut best: Option<(i32, Move)> = None;
        for &m in legal {
            let speed = match m {
                Move::Accelerate(_, true) => continue,
                Move::Accelerate(k, _) if c.speed == 0 => k.min(act.top_speed),
                Move::Accelerate(k, _) => (c.speed + k).min(act.top_speed),
                Move::LiftAndCoast => c.speed - 1,
                _ => continue,
            };
            if c.speed == 0 && !c.battery_ok && speed > 1 {
                continue;
            }
            let full = matches!(m, Move::Accelerate(k, _) if k >= act.acc_limit);
            let heat = u8::from(full) + u8::from(speed == act.top_speed);
            let after = (c.temperature + heat).saturating_sub(u8::from(m == Move::LiftAndCoast));
            let cool = after < red;
            let over_turn = turn_limit.is_some_and(|l| speed > l);
            let fits = speed <= cruise.max(1) && !over_turn && self.safe(speed, u16::from(speed));
            let score = i32::from(fits) * 1000 + i32::from(cool) * 500 + i32::from(speed) * 10
                - i32::from(full) * if hot { 30 } else { 1 }
                + if hot && m == Move::LiftAndCoast {
                    25
                } else {
                    0
                };
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, m));
            }
        }
        best.map_or_else(|| legal[0], |(_, m)| m)
    }

    fn entry(&self, legal: &[Move]) -> Move {
        let target = next_turn_from(self.s, self.car, self.c.cell.row, self.style.best_line)
            .map_or(self.c.speed, |(_, t, _)| t);
        let k = self.c.speed.saturating_sub(target);
        let hot = self.c.temperature >= self.style.cool_from;
        if k == 1 && hot && legal.contains(&Move::LiftAtEntry) {
            return Move::LiftAtEntry;
        }
        legal
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Brake(b) if *b <= k))
            .max_by_key(|m| match m {
                Move::Brake(b) => *b,
                _ => 0,
            })
            .unwrap_or(legal[0])
    }

    /// The lane to head for: the best line of the next turn row (within reach), else the inside.
    fn lane(&self, legal: &[Move], rng: &mut SplitMix64) -> Option<Move> {
        let lanes: alloc::vec::Vec<u8> = legal
            .iter()
            .filter_map(|m| match m {
                Move::MoveToLane(l) => Some(*l),
                _ => None,
            })
            .collect();
        if lanes.is_empty() {
            return None;
        }
        if self.style.wander {
            return Some(Move::MoveToLane(
                lanes[rng.below(lanes.len() as u32) as usize],
            ));
        }
        let track = self.s.track();
        let mut row = self.c.cell.row;
        let mut goal = None;
        for _ in 0..6 {
            row = track.next_row(row);
            if let Some(b) = track.row(row).best_lane {
                goal = Some(b);
                break;
            }
        }
        let goal = goal.unwrap_or_else(|| {
            track
                .current_or_next_turn(row)
                .map_or(self.c.cell.lane, |t| {
                    if t.inside_rank(0, track.lanes) == 0 {
                        0
                    } else {
                        track.lanes - 1
                    }
                })
        });
        lanes
            .into_iter()
            .min_by_key(|&l| (l.abs_diff(goal), l))
            .map(Move::MoveToLane)
    }

    fn step(&self, legal: &[Move], rng: &mut SplitMix64) -> Move {
        if let Some(m) = self.lane(legal, rng) {
            return m;
        }
        // Too fast for every space ahead: the fewest Brake points, else a drift.
        let dash = self.s.race.dash();
        let spare_brakes = self.c.brakes > dash.brake_red_zone + 1;
        legal
            .iter()
            .copied()
            .find(|m| matches!(m, Move::EmergencyBrake(_)) && spare_brakes)
            .or_else(|| legal.iter().copied().find(|m| *m == Move::Drift))
            .unwrap_or(legal[0])
    }

    fn exit(&self, legal: &[Move]) -> Move {
        let act = &self.s.act;
        let red = self.red_temperature();
        legal
            .iter()
            .copied()
            .filter(|m| match *m {
                Move::PowerOut(k) => {
                    let speed = (self.c.speed + k).min(act.top_speed.max(self.c.speed));
                    let moves = u16::from(speed.saturating_sub(act.spent));
                    // Completing the Acceleration and ending at Top Speed each heat a step.
                    let heat =
                        u8::from(k > 0 && k == act.acc_left) + u8::from(speed == act.top_speed);
                    self.safe(speed, moves) && (k == 0 || self.c.temperature + heat < red)
                }
                _ => false,
            })
            .max_by_key(|m| match m {
                Move::PowerOut(k) => *k,
                _ => 0,
            })
            .unwrap_or(Move::PowerOut(0))
    }

    /// Every part that repairs something (bulbs only where night falls), then a part taken at
    /// Technical Assistance if worth it, then away.
    fn pit(&self, legal: &[Move]) -> Move {
        let stage = self.s.race.is_stage_race();
        legal
            .iter()
            .copied()
            .find(|m| matches!(m, Move::UseSpare(p) if *p != BULBS || stage))
            .or_else(|| {
                legal
                    .iter()
                    .copied()
                    .find(|&m| matches!(m, Move::TakeSpare(_)) && self.stage_choice(m) > 0)
            })
            .unwrap_or(Move::LeavePit)
    }

    /// Stage races: the Technical Assistance stop when something is worn, and only a missing
    /// part worth a round stopped.
    fn stage_choice(&self, m: Move) -> i32 {
        let c = self.c;
        match m {
            Move::Assistance => {
                let worn = c.engine * 2 < c.engine_max
                    || c.brakes <= 4
                    || c.tires < 8
                    || !c.battery_ok
                    || !c.headlights_ok
                    || c.temperature + 2 >= self.red_temperature();
                if worn && self.style.pits {
                    1
                } else {
                    -1
                }
            }
            Move::TakeSpare(p) if self.s.act.assistance && c.spares[usize::from(p)] == 0 => {
                i32::from(p != BATTERY)
            }
            _ => -1,
        }
    }

    fn choose(&self, legal: &[Move], rng: &mut SplitMix64) -> Move {
        let pick = |wanted: Move| {
            if legal.contains(&wanted) {
                wanted
            } else {
                legal[0]
            }
        };
        match self.s.phase {
            Phase::Split { .. } => pick(Move::Split(
                self.s.race.spec(self.car).reliability.div_ceil(2),
            )),
            Phase::Challenge { .. } => pick(Move::NoChallenge),
            Phase::ChallengeReply { .. } => pick(Move::Yield),
            Phase::PriorityBid { .. } => pick(Move::NoBid),
            Phase::PriorityReply { .. } => pick(Move::ConcedePriority),
            Phase::Pace { .. } => {
                if let Some(&m) = legal
                    .iter()
                    .filter(|m| matches!(m, Move::Assistance | Move::TakeSpare(_)))
                    .max_by_key(|&&m| self.stage_choice(m))
                    .filter(|&&m| self.stage_choice(m) > 0)
                {
                    return m;
                }
                self.pace(legal)
            }
            Phase::EntryLine { .. } => self.entry(legal),
            Phase::Step { .. } => self.step(legal, rng),
            Phase::ExitLine { .. } => self.exit(legal),
            Phase::Slipstream { .. } => self.lane(legal, rng).unwrap_or(legal[0]),
            Phase::TurnSlipstream { .. } => {
                let spare = self.c.tires > 12;
                pick(if spare {
                    Move::ResistWithTire
                } else {
                    Move::DriftOutward
                })
            }
            Phase::Pit { .. } => self.pit(legal),
            _ => legal[0],
        }
    }
}

/// The choice of a rule driver of `style` for the seat to act.
pub fn action(s: &LegendState, style: Style, rng: &mut SplitMix64) -> Option<Action> {
    let car = usize::from(s.phase.seat()?);
    let legal = s.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let c = &s.cars[car];
    let braking = c.limits(s.race.spec(car), s.race.dash(), false).braking;
    let d = Driver {
        s,
        car,
        c,
        style,
        braking,
    };
    Some(s.race.enc.encode(d.choose(&legal, rng)))
}
