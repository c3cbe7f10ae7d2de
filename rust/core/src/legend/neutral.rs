//! Neutral Cars: moved by the book's rules, with the round's die row and their Neutral table.
use super::car::Status;
use super::state::LegendState;
use crate::grid::{Cell, Slope};

/// Columns of a Neutral table.
const STANDING: usize = 0;
pub(crate) const COLUMN_B: usize = 2;
const COLUMN_E: usize = 5;
const COLUMN_T: usize = 6;

impl LegendState {
    pub(crate) fn neutral_move(&mut self, car: usize) {
        let row_index = usize::from(self.neutral_row.unwrap_or(0));
        let die_one_or_two = row_index == 0;
        if self.cars[car].status == Status::OffRoad {
            self.return_to_track(car);
        }
        let race = self.race.clone();
        let track = race.track_for(self.stage);
        let table = race.spec(car).neutral[row_index];
        let c = self.cars[car];
        let here = track.row(c.cell.row);
        let turn_near = track
            .turn_at(c.cell.row)
            .or_else(|| track.entry_ahead(c.cell.row))
            .copied();
        let mut column = if c.speed == 0 {
            STANDING
        } else if let Some(t) = turn_near {
            1 + usize::from(self.rating_now(t.rating))
        } else if self.check_point_ahead(c.cell.row) {
            // "Treat the Checkpoint line as the entry line of a B-Turn for Neutral Cars."
            COLUMN_B
        } else if here.slope == Slope::Uphill {
            COLUMN_E
        } else {
            COLUMN_T
        };
        let mut allowance = table[column];
        if column == STANDING && !c.battery_ok {
            allowance = allowance.min(1); // a failed battery applies to Neutral Cars too
        }
        if column == COLUMN_T && here.slope == Slope::Downhill {
            allowance += 1;
        }
        let low_visibility = self.low_visibility(car);
        self.cars[car].speed = allowance;
        let mut spent = 0u8;
        while spent < allowance {
            let c = self.cars[car];
            // "As soon as the car reaches the exit line of the turn, switch to the Top Speed (T)
            // column and use any remaining movement points" (decision 34); "On uphill sections,
            // Neutral Cars use the E column instead of the T column", so E on an uphill exit.
            if !matches!(column, COLUMN_T | STANDING) && track.exit_ahead(c.cell.row).is_some() {
                let straight = if track.row(c.cell.row).slope == Slope::Uphill {
                    COLUMN_E
                } else {
                    COLUMN_T
                };
                if column != straight {
                    column = straight;
                    allowance = allowance.max(table[straight]);
                    // Its Speed is its allowance: a Check Point crossed next is crossed at it.
                    self.cars[car].speed = allowance;
                }
            }
            let Some(to) = self.neutral_target(car, allowance - spent) else {
                break;
            };
            let entering_box = track.row(to.row).pit_box && !track.row(c.cell.row).pit_box;
            let entering_assistance =
                track.row(to.row).assistance && !track.row(c.cell.row).assistance;
            let into_turn =
                track.row(to.row).turn.is_some() && track.row(c.cell.row).turn.is_none();
            self.place(car, to);
            spent += 1;
            if track.beyond_finish(to.row) {
                self.cross_finish(car, allowance - spent);
                break;
            }
            // "In Track Races, whenever a Neutral Car enters a tile containing a Pit Lane ...
            // space and the die roll is 1 or 2, it stops for one round ... This stop is added to
            // any mandatory stop required to clear Damage cards" (decision 54).
            if entering_box && self.neutral_service_stop(car, u8::from(die_one_or_two)) {
                break;
            }
            if into_turn && low_visibility && row_index == 2 {
                // "if a Neutral Car moves from a straight into a turn and the die result for that
                // round is 5 or 6, shift the car one lane outward and end its movement."
                self.neutral_blind_shift(car);
                break;
            }
            if entering_assistance && self.neutral_service_stop(car, 0) {
                break;
            }
        }
        let c = &mut self.cars[car];
        if c.status == Status::Racing {
            c.speed = allowance;
            // Slipstreaming on straights, as for everyone.
            let ahead = Cell {
                row: track.next_row(c.cell.row),
                lane: c.cell.lane,
            };
            let cell = c.cell;
            if track.row(cell.row).turn.is_none() && self.occupied(ahead).is_some() {
                let inside = |l: u8| {
                    track
                        .current_or_next_turn(cell.row)
                        .map_or(l, |t| t.inside_rank(l, track.lanes))
                };
                let mut side: alloc::vec::Vec<Cell> = track
                    .forward(cell)
                    .filter(|x| x.lane != cell.lane && track.row(x.row).turn.is_none())
                    .filter(|&x| self.occupied(x).is_none())
                    .collect();
                side.sort_by_key(|x| inside(x.lane));
                if let Some(&to) = side.first() {
                    self.place(car, to);
                }
            }
        } else {
            c.speed = 0;
        }
        let len = self.race_length();
        let c = &mut self.cars[car];
        if let Some(f) = c.finish.as_mut() {
            f.1 = c.progress - len;
        }
    }

    /// Best line in turns, innermost lane on straights; blocked: any free way round, no penalty.
    /// Among the free spaces ahead it takes one from which it gets furthest with the MPs left.
    fn neutral_target(&self, car: usize, remaining: u8) -> Option<Cell> {
        let track = self.race.track_for(self.stage);
        let c = &self.cars[car];
        let next = track.next_row(c.cell.row);
        let preferred = match track.row(next).best_lane {
            Some(lane) => lane,
            None => match track.current_or_next_turn(next) {
                Some(t) => (0..track.lanes)
                    .min_by_key(|&l| t.inside_rank(l, track.lanes))
                    .unwrap_or(0),
                None => c.cell.lane,
            },
        };
        track
            .forward(c.cell)
            .filter(|&cell| self.occupied(cell).is_none())
            .max_by_key(|&cell| {
                let reach = self.free_reach(cell, remaining.saturating_sub(1));
                (
                    reach,
                    core::cmp::Reverse((cell.lane.abs_diff(preferred), cell.lane)),
                )
            })
    }

    /// How many more spaces forward a car could go from `from` through free spaces (at most `steps`).
    fn free_reach(&self, from: Cell, steps: u8) -> u8 {
        let track = self.race.track_for(self.stage);
        let mut lanes: u16 = 1 << from.lane;
        let mut row = from.row;
        for k in 0..steps {
            let next = track.next_row(row);
            let mut reached = 0u16;
            for lane in 0..track.lanes {
                if lanes & (1 << lane) == 0 {
                    continue;
                }
                for cell in track.forward(Cell { row, lane }) {
                    if self.occupied(cell).is_none() {
                        reached |= 1 << cell.lane;
                    }
                }
            }
            if reached == 0 {
                return k;
            }
            lanes = reached;
            row = next;
        }
        steps
    }

    /// Moves a car one space forward without a decision (Neutral Cars).
    fn place(&mut self, car: usize, to: Cell) {
        let len = self.race_length();
        let closed = self.track().closed;
        let (round, next) = (self.round, self.next);
        let c = &mut self.cars[car];
        c.cell = to;
        c.progress += 1;
        if c.progress >= len && c.finish.is_none() && closed {
            c.finish = Some((round, 0, next));
        }
    }

    /// The low-visibility shift: one lane outward on the turn's first row; off the track, a
    /// Damage card (the car stays where it entered). A lane taken by a car: it stays too, as
    /// Neutral Cars never crash into other cars.
    fn neutral_blind_shift(&mut self, car: usize) {
        let track = self.race.track_for(self.stage);
        let cell = self.cars[car].cell;
        let Some(turn) = track.turn_at(cell.row).copied() else {
            return;
        };
        match turn.outward(cell.lane, track.lanes) {
            None => self.cars[car].damage_due += 1,
            Some(lane) => {
                let to = Cell {
                    row: cell.row,
                    lane,
                };
                if self.occupied(to).is_none() {
                    self.cars[car].cell = to;
                }
            }
        }
    }

    /// "Neutral Cars must stop at a Technical Assistance / Pit Lane space if they carry any Damage
    /// card. They remain stopped for a number of rounds equal to the number of Damage cards they
    /// hold (maximum 2: one Headlight and one Battery failure)." `extra`: rounds stopped there
    /// anyway (the Box's 1–2). True when it stops.
    fn neutral_service_stop(&mut self, car: usize, extra: u8) -> bool {
        let c = &mut self.cars[car];
        let cards = u8::from(!c.battery_ok) + u8::from(!c.headlights_ok);
        if cards + extra == 0 {
            return false;
        }
        c.status = Status::OffRoad;
        c.stop_rounds = cards + extra;
        c.battery_ok = true;
        c.headlights_ok = true;
        true
    }
}
