//! A car's activation: set the pace, then move one space at a time — entry lines and dive
//! braking, entering too fast (emergency braking, drifting, crashing), the best line, powering out,
//! collisions, slipstreaming and slopes ("Setting the Pace" to "Slopes" in the book).
use alloc::vec::Vec;

use super::actions::Move;
use super::car::{Status, BATTERY, BRAKE_KIT, BULBS, COOLANT, PLUGS, TIRES};
use super::stage::CHECK_POINT_LINE;
use super::state::{Activation, LegendState, Phase};
use crate::grid::{Cell, Slope};

/// "Stopping to Cool ... Reduce temperature by 2 steps per round stopped."
pub const STOP_COOLING: u8 = 2;

impl LegendState {
    pub(crate) fn uphill(&self, car: usize) -> bool {
        let c = &self.cars[car];
        self.race.track_for(self.stage).row(c.cell.row).slope == Slope::Uphill
    }

    /// Off-road cars come back on the nearest free space: their row first, then rows behind
    /// (on an open road never behind the start, and then ahead).
    pub(crate) fn return_to_track(&mut self, car: usize) {
        let track = self.race.track_for(self.stage);
        let (lanes, len, closed) = (track.lanes, track.len(), track.closed);
        let from = self.cars[car].cell;
        for back in 0..len {
            let row = if closed {
                (from.row + len - back) % len
            } else if back <= from.row {
                from.row - back
            } else {
                back // none free behind: the rows ahead
            };
            let mut lanes_by_distance: Vec<u8> = (0..lanes).collect();
            lanes_by_distance.sort_by_key(|&l| (l.abs_diff(from.lane), l));
            for lane in lanes_by_distance {
                let cell = Cell { row, lane };
                if self.occupied(cell).is_none() {
                    let c = &mut self.cars[car];
                    c.cell = cell;
                    c.progress += i32::from(row) - i32::from(from.row);
                    if closed && row > from.row {
                        c.progress -= i32::from(len); // behind, across the finish line
                    }
                    c.status = Status::Racing;
                    c.speed = 0;
                    c.best_line = false;
                    return;
                }
            }
        }
    }

    /// Starts `car`'s activation now (the flow calls it in track order; scenario tests call it to
    /// script one car against cars placed by hand).
    pub fn begin_activation(&mut self, car: usize) {
        if self.cars[car].status == Status::OffRoad {
            self.return_to_track(car);
        }
        let race = self.race.clone();
        let uphill = self.uphill(car);
        let limits = self.cars[car].limits(race.spec(car), race.dash(), uphill);
        // Uphill: a speed above the lowered Top Speed drops to it at once. Otherwise a Speed one
        // step past T (pushed last round) may be held by pushing again; more than that (Top Speed
        // cut by engine wear) drops to one step past T at once.
        let c = &mut self.cars[car];
        c.speed = if uphill {
            c.speed.min(limits.top_speed)
        } else {
            c.speed.min(limits.top_speed + 1)
        };
        self.act = Activation {
            car: car as u8,
            acc_left: limits.acceleration,
            acc_limit: limits.acceleration,
            top_speed: limits.top_speed,
            ..Activation::default()
        };
        self.phase = Phase::Pace { car: car as u8 };
    }

    /// The pace choices ("Setting the Pace", "Standing Start").
    pub fn pace_moves(&self, car: usize) -> Vec<Move> {
        let c = &self.cars[car];
        let (a, t, s) = (self.act.acc_limit, self.act.top_speed, c.speed);
        let standing = s == 0;
        let mut out = Vec::new();
        if !standing && s <= t {
            out.push(Move::Accelerate(0, false));
        }
        if s > t && c.engine > 0 {
            // Holding a speed past T costs the Engine point again.
            out.push(Move::Accelerate(0, true));
        }
        for k in 1..=a {
            if standing && !c.battery_ok && k > 1 {
                break; // a failed battery caps a standing start at 1
            }
            if standing || s < t {
                out.push(Move::Accelerate(k, false));
            }
            if !standing && s <= t && s + k > t && c.engine > 0 {
                out.push(Move::Accelerate(k, true));
            }
        }
        if standing && c.battery_ok && c.engine > 0 {
            out.push(Move::Accelerate(a + 1, true));
        }
        if s > 0 {
            out.push(Move::LiftAndCoast);
        }
        out.push(Move::StopToCool);
        if self.galetti_stop(car) {
            out.push(Move::UseSpare(COOLANT));
        }
        if self.race.track_for(self.stage).row(c.cell.row).pit_box {
            out.push(Move::PitStop);
        }
        if self.race.is_stage_race() {
            self.stage_pace_moves(car, &mut out);
        }
        out
    }

    /// "If you discard an Acqua Refrigerante Galetti spare part while stopped, temperature drops
    /// to 0 within one round" (Stopping to Cool): in a Track race the stop and the discard are one
    /// pace choice, "use Acqua Refrigerante Galetti", offered while the car holds the part and the
    /// stop's own 2 steps would not bring the Temperature to 0 (decision 22). A Stage race's
    /// roadside stop offers its parts after the stop (decision 48).
    pub(crate) fn galetti_stop(&self, car: usize) -> bool {
        let c = &self.cars[car];
        !self.race.is_stage_race()
            && c.spares[usize::from(COOLANT)] > 0
            && c.temperature > STOP_COOLING
    }

    pub(crate) fn apply_pace(&mut self, car: usize, m: Move) {
        self.cars[car].spare_offer = false;
        if self.race.is_stage_race()
            && matches!(m, Move::StopToCool | Move::Assistance | Move::TakeSpare(_))
        {
            self.stage_stop(car, m);
            return;
        }
        let dash = self.race.content.dashboard.clone();
        let act = self.act;
        let c = &mut self.cars[car];
        match m {
            Move::Accelerate(k, push) => {
                let standing = c.speed == 0;
                let mut engine = 0;
                let mut heat = 0;
                c.speed = if push && standing {
                    engine += 1;
                    k.min(act.top_speed)
                } else if push {
                    // Past T by one step: an Engine point and a Temperature step.
                    engine += 1;
                    heat += 1;
                    act.top_speed + 1
                } else if standing && !c.battery_ok {
                    1
                } else {
                    (c.speed + k).min(act.top_speed)
                };
                if k >= act.acc_limit {
                    heat += 1; // full Acceleration used
                }
                let over = c.heat(heat, &dash);
                c.damage_engine(engine + over);
                self.act.acc_left = act.acc_limit.saturating_sub(k);
            }
            Move::LiftAndCoast => {
                c.speed -= 1;
                c.cool(1);
            }
            Move::StopToCool | Move::PitStop | Move::UseSpare(COOLANT) => {
                c.status = Status::OffRoad;
                c.speed = 0;
                c.cool(STOP_COOLING);
                c.best_line = false;
                if m == Move::UseSpare(COOLANT) {
                    // At once, in the round stopped: the round's overheating test finds it cool.
                    c.spares[usize::from(COOLANT)] -= 1;
                    c.temperature = 0;
                }
                if m == Move::PitStop {
                    self.phase = Phase::Pit { car: car as u8 };
                } else {
                    self.end_activation();
                }
                return;
            }
            _ => {}
        }
        if self.cars[car].status != Status::Racing {
            self.end_activation();
            return;
        }
        self.act.allowance = self.cars[car].speed;
        self.phase = Phase::Moving { car: car as u8 };
    }

    pub fn pit_moves(&self, car: usize) -> Vec<Move> {
        let c = &self.cars[car];
        let useful = [
            c.temperature > 0,
            c.engine < c.engine_max,
            c.brakes < c.brakes_max,
            c.tires < self.race.dash().tires_max as i8,
            !c.battery_ok,
            !c.headlights_ok,
        ];
        let mut out: Vec<Move> = (0..6u8)
            .filter(|&p| c.spares[usize::from(p)] > 0 && useful[usize::from(p)])
            .map(Move::UseSpare)
            .collect();
        self.assistance_spares(car, &mut out);
        let set = c.setup;
        // Set-up cards change in the Pit Lane or at Technical Assistance, not at the roadside.
        let garage = !self.race.is_stage_race() || self.act.assistance;
        if set != super::car::Setup::default() && garage {
            // Adjustable cards: suspension, treads, mixture; only to the other side.
            let now = [
                (set.suspension != 0).then_some(u8::from(set.suspension < 0)),
                match set.tread {
                    super::car::Tread::Wet => Some(0),
                    super::car::Tread::Hard => Some(1),
                    super::car::Tread::Standard => None,
                },
                Some(u8::from(!set.rich)),
            ];
            for (card, side_now) in now.iter().enumerate() {
                for side in 0..2u8 {
                    if *side_now != Some(side) {
                        out.push(Move::SetSetup(card as u8, side));
                    }
                }
            }
        }
        out.push(Move::LeavePit);
        out
    }

    pub(crate) fn apply_pit(&mut self, car: usize, m: Move) {
        let dash = self.race.content.dashboard.clone();
        let c = &mut self.cars[car];
        match m {
            Move::SetSetup(card, side) => {
                let set = &mut c.setup;
                match card {
                    0 => set.suspension = if side == 0 { 1 } else { -1 },
                    1 => {
                        set.tread = if side == 0 {
                            super::car::Tread::Wet
                        } else {
                            super::car::Tread::Hard
                        }
                    }
                    _ => set.rich = side == 0,
                }
                // "provided you remain there for one additional round"
                c.stop_rounds = 1;
            }
            Move::TakeSpare(p) => self.take_spare_at_assistance(car, p),
            Move::UseSpare(p) => {
                c.spares[usize::from(p)] -= 1;
                match p {
                    COOLANT => c.temperature = 0,
                    PLUGS => c.engine = c.engine_max,
                    BRAKE_KIT => c.brakes = c.brakes_max,
                    // Counterclockwise to the first underlined value reached.
                    TIRES => super::repairs::refit_tires(c, &dash),
                    BATTERY => c.battery_ok = true,
                    BULBS => c.headlights_ok = true,
                    _ => {}
                }
            }
            _ => self.end_activation(),
        }
    }

    // ---- movement --------------------------------------------------------------------------

    pub(crate) fn end_activation(&mut self) {
        self.act.ended = true;
        if self.cars[usize::from(self.act.car)].status != Status::Racing {
            self.act.stopped = true;
        }
        let len = self.race_length();
        let c = &mut self.cars[usize::from(self.act.car)];
        if let Some(f) = c.finish.as_mut() {
            f.1 = c.progress - len;
        }
        self.next += 1;
        self.phase = Phase::Flow;
    }

    /// Rating (with rain), safe speed and turn index of the turn a row belongs to.
    pub(crate) fn turn_at(&self, car: usize, row: u16) -> Option<(u8, u8)> {
        let track = self.race.track_for(self.stage);
        let t = track.row(row).turn?;
        let turn = track.turns[usize::from(t)];
        let pin = self.cars[car].safe_speed(
            self.race.spec(car),
            self.race.dash(),
            self.rating_for(car, turn.rating),
        );
        Some((t, pin))
    }

    /// Continues the active car's move to its next decision; false when the activation ended.
    pub(crate) fn continue_move(&mut self) -> bool {
        let car = usize::from(self.act.car);
        let race = self.race.clone();
        let track = race.track_for(self.stage);
        loop {
            let c = self.cars[car];
            if c.status != Status::Racing {
                self.end_activation();
                return false;
            }
            let row = c.cell.row;
            if let Some(t) = track
                .entry_ahead(row)
                .and_then(|t| track.turns.iter().position(|u| u == t))
            {
                if c.entry_done != Some(t as u8) && c.speed > 0 && !self.act.drifting {
                    self.phase = Phase::EntryLine {
                        car: car as u8,
                        turn: t as u8,
                    };
                    return true;
                }
            }
            // The Check Point line is braked for like an entry line (docs/rules/legend.md).
            if self.check_point_ahead(row)
                && c.entry_done != Some(CHECK_POINT_LINE)
                && c.speed > 0
                && !self.act.drifting
            {
                self.phase = Phase::EntryLine {
                    car: car as u8,
                    turn: CHECK_POINT_LINE,
                };
                return true;
            }
            // Reaching an exit line: power out, even with the last MP spent (it adds MPs).
            let exit = track
                .row(row)
                .turn
                .filter(|_| track.exit_ahead(row).is_some());
            if let Some(t) = exit {
                if c.exit_done != Some(t) && !self.act.drifting {
                    if self.act.acc_left > 0 {
                        self.phase = Phase::ExitLine { car: car as u8 };
                        return true;
                    }
                    self.cars[car].exit_done = Some(t);
                }
            }
            if self.act.spent >= self.act.allowance {
                return self.end_movement();
            }
            if self.act.drifting && !self.act.drift_entering {
                if !self.drift_step(car) {
                    self.end_activation();
                    return false;
                }
                continue;
            }
            if self.step_moves(car).is_empty() {
                self.act.stopped = true;
                self.collide(car);
                self.end_activation();
                return false;
            }
            self.phase = Phase::Step { car: car as u8 };
            return true;
        }
    }

    /// The moves of the active car: the spaces it may enter, and the answers to entering too fast.
    pub fn step_moves(&self, car: usize) -> Vec<Move> {
        let c = &self.cars[car];
        let track = self.race.track_for(self.stage);
        let speed = c.speed;
        let here = track.row(c.cell.row).turn;
        let mut out = Vec::new();
        if self.act.drift_entering {
            // Entering above the safe speed: any free space; the drift starts after it.
            return track
                .forward(c.cell)
                .filter(|&cell| self.occupied(cell).is_none())
                .map(|cell| Move::MoveToLane(cell.lane))
                .collect();
        }
        for cell in track.forward(c.cell) {
            if self.occupied(cell).is_some() {
                continue;
            }
            if let Some((t, pin)) = self.turn_at(car, cell.row) {
                let on_best = track.row(cell.row).best_lane == Some(cell.lane);
                let bonus = on_best && (here != Some(t) || c.best_line);
                if speed > pin + u8::from(bonus) {
                    continue;
                }
            }
            out.push(Move::MoveToLane(cell.lane));
        }
        let next_row = track.next_row(c.cell.row);
        if let Some((_, pin)) = self.turn_at(car, next_row) {
            if speed > pin {
                let limits = c.limits(self.race.spec(car), self.race.dash(), false);
                if limits.emergency_braking {
                    for k in 1..=(speed - pin).min(c.brakes) {
                        out.push(Move::EmergencyBrake(k));
                    }
                }
                out.push(Move::Drift);
            }
        }
        let on_best_now = track.row(c.cell.row).best_lane == Some(c.cell.lane);
        if here.is_some() && !c.best_line && on_best_now && c.can_spend_tire() {
            out.push(Move::RegainBestLine);
        }
        out
    }

    pub(crate) fn apply_step(&mut self, car: usize, m: Move) {
        let race = self.race.clone();
        let track = race.track_for(self.stage);
        match m {
            Move::MoveToLane(lane) => {
                let c = self.cars[car];
                let to = Cell {
                    row: track.next_row(c.cell.row),
                    lane,
                };
                let here = track.row(c.cell.row).turn;
                let there = track.row(to.row).turn;
                let on_best = track.row(to.row).best_lane == Some(lane);
                let best = there.is_some()
                    && on_best
                    && (here != there || c.best_line)
                    && !self.act.drifting;
                self.advance(car, to);
                self.cars[car].best_line = best;
                self.act.drift_entering = false;
            }
            Move::EmergencyBrake(k) => {
                let c = &mut self.cars[car];
                c.speed -= k;
                c.damage_brakes(k);
                self.act.allowance = c.speed;
            }
            Move::Drift => {
                let c = &mut self.cars[car];
                c.wear_tires(1);
                c.best_line = false;
                self.act.drifting = true;
                self.act.drift_entering = true;
            }
            Move::RegainBestLine => {
                let c = &mut self.cars[car];
                c.wear_tires(1);
                c.best_line = true;
            }
            _ => {}
        }
        self.phase = Phase::Moving { car: car as u8 };
    }

    /// Moves the car one space and counts it; on a stage, the space past the last row is over
    /// the finish line.
    fn advance(&mut self, car: usize, to: Cell) {
        let track = self.race.track_for(self.stage);
        let len = self.race_length();
        let round = self.round;
        let next = self.next;
        let leaving_turn = track.row(to.row).turn.is_none();
        let crossing = track.beyond_finish(to.row);
        let c = &mut self.cars[car];
        c.cell = to;
        c.progress += 1;
        if leaving_turn {
            c.entry_done = c.entry_done.filter(|_| track.entry_ahead(to.row).is_some());
            c.exit_done = None;
            c.best_line = false;
        }
        if c.progress >= len && c.finish.is_none() && track.closed {
            c.finish = Some((round, 0, next));
        }
        self.act.spent += 1;
        if crossing {
            let residual = self.act.allowance.saturating_sub(self.act.spent);
            self.cross_finish(car, residual);
        }
    }

    /// One forced drift space: diagonally outward, one Speed lost. False when the move ended
    /// (a crash or a collision).
    fn drift_step(&mut self, car: usize) -> bool {
        let race = self.race.clone();
        let track = race.track_for(self.stage);
        let c = self.cars[car];
        let next_row = track.next_row(c.cell.row);
        let turn = track
            .turn_at(c.cell.row)
            .or_else(|| track.turn_at(next_row))
            .copied();
        let Some(turn) = turn else {
            self.act.drifting = false;
            return true;
        };
        if self
            .turn_at(car, c.cell.row)
            .is_some_and(|(_, pin)| c.speed <= pin)
        {
            self.act.drifting = false; // the Speed matches the safe speed: the drift ends
            return true;
        }
        let Some(lane) = turn.outward(c.cell.lane, track.lanes) else {
            // Off the track: a crash in the first space left.
            self.act.stopped = true;
            let c = &mut self.cars[car];
            c.speed = 0;
            c.crashes += 1;
            c.damage_due += 1;
            c.best_line = false;
            self.act.drifting = false;
            return false;
        };
        let to = Cell {
            row: next_row,
            lane,
        };
        if let Some(hit) = self.occupied(to) {
            self.act.stopped = true;
            self.collide_with(car, hit, true);
            return false;
        }
        self.advance(car, to);
        let c = &mut self.cars[car];
        c.speed -= 1;
        c.best_line = false;
        self.act.allowance = c.speed;
        match self.turn_at(car, to.row) {
            None => {
                self.act.drifting = false;
                self.act.drifted_past_exit = true;
            }
            Some((_, pin)) if self.cars[car].speed <= pin => self.act.drifting = false,
            _ => {}
        }
        true
    }

    /// Forced into an occupied space: the car stops where it is, beside the car it hits.
    fn collide(&mut self, car: usize) {
        let track = self.race.track_for(self.stage);
        let c = self.cars[car];
        let ahead = Cell {
            row: track.next_row(c.cell.row),
            lane: c.cell.lane,
        };
        let hit = self
            .occupied(ahead)
            .or_else(|| track.forward(c.cell).find_map(|cell| self.occupied(cell)))
            .unwrap_or(car);
        self.collide_with(car, hit, false);
    }

    fn collide_with(&mut self, car: usize, hit: usize, drifting: bool) {
        let realistic = self.race.opts.realistic_collisions;
        let c = &mut self.cars[car];
        c.speed = c.speed.div_ceil(2);
        c.damage_due += 1 + u8::from(realistic);
        if realistic && hit != car {
            self.cars[hit].damage_due += 1;
        }
        if drifting && hit != car {
            // A collision in a drift pushes both cars one space outward.
            let race = self.race.clone();
            let track = race.track_for(self.stage);
            for who in [car, hit] {
                let cell = self.cars[who].cell;
                let turn = track
                    .turn_at(cell.row)
                    .or_else(|| track.turn_at(track.next_row(cell.row)))
                    .copied();
                if let Some(lane) = turn.and_then(|t| t.outward(cell.lane, track.lanes)) {
                    let to = Cell {
                        row: cell.row,
                        lane,
                    };
                    if self.occupied(to).is_none() {
                        self.cars[who].cell = to;
                    }
                }
            }
        }
        self.act.drifting = false;
    }

    pub fn entry_moves(&self, car: usize) -> Vec<Move> {
        let c = &self.cars[car];
        let limits = c.limits(self.race.spec(car), self.race.dash(), self.uphill(car));
        let mut out: Vec<Move> = (0..=limits.braking.min(c.speed)).map(Move::Brake).collect();
        if c.speed > 0 {
            out.push(Move::LiftAtEntry);
        }
        out
    }

    /// Dive braking at the entry line: then the new Speed against the MPs already spent.
    pub(crate) fn apply_entry(&mut self, car: usize, turn: u8, m: Move) {
        let c = &mut self.cars[car];
        match m {
            Move::Brake(k) => c.speed -= k,
            Move::LiftAtEntry => {
                c.speed -= 1;
                c.cool(1);
            }
            _ => {}
        }
        c.entry_done = Some(turn);
        self.act.allowance = c.speed;
        self.phase = Phase::Moving { car: car as u8 };
    }

    pub fn exit_moves(&self) -> Vec<Move> {
        (0..=self.act.acc_left).map(Move::PowerOut).collect()
    }

    /// Powering out at the exit line with the unused Acceleration.
    pub(crate) fn apply_exit(&mut self, car: usize, m: Move) {
        if let Move::PowerOut(k) = m {
            let dash = self.race.content.dashboard.clone();
            let act = self.act;
            let c = &mut self.cars[car];
            c.speed = (c.speed + k).min(act.top_speed.max(c.speed));
            if k > 0 && k == act.acc_left {
                // This completes the round's Acceleration allowance.
                let over = c.heat(1, &dash);
                c.damage_engine(over);
            }
            self.act.acc_left -= k;
            self.act.allowance = c.speed;
        }
        let row = self.cars[car].cell.row;
        self.cars[car].exit_done = self.race.track_for(self.stage).row(row).turn;
        self.phase = Phase::Moving { car: car as u8 };
    }

    // ---- the end of the move ---------------------------------------------------------------

    /// Slipstreaming, then the downhill space; true when a decision is pending.
    fn end_movement(&mut self) -> bool {
        let car = usize::from(self.act.car);
        let race = self.race.clone();
        let track = race.track_for(self.stage);
        if !self.act.slip_done {
            self.act.slip_done = true;
            let c = self.cars[car];
            let next_row = track.next_row(c.cell.row);
            let ahead = Cell {
                row: next_row,
                lane: c.cell.lane,
            };
            let in_turn = track.row(c.cell.row).turn.is_some();
            if !in_turn && self.occupied(ahead).is_some() {
                let choices = self.slipstream_cells(car);
                match choices.len() {
                    0 => {}
                    1 => self.advance(car, choices[0]),
                    _ => {
                        self.phase = Phase::Slipstream { car: car as u8 };
                        return true;
                    }
                }
            } else if in_turn && self.race.opts.slipstream_in_turns {
                let best_ahead = track.row(next_row).best_lane.map(|l| Cell {
                    row: next_row,
                    lane: l,
                });
                let on_best = track.row(c.cell.row).best_lane == Some(c.cell.lane);
                let trigger = self.occupied(ahead).is_some()
                    || (on_best && best_ahead.is_some_and(|b| self.occupied(b).is_some()));
                if trigger && self.turn_slip_target(car).is_some() {
                    self.phase = Phase::TurnSlipstream { car: car as u8 };
                    return true;
                }
            }
        }
        if !self.act.downhill_done {
            self.act.downhill_done = true;
            let c = self.cars[car];
            let row = track.row(c.cell.row);
            // Never across an entry line: the compulsory space does not carry a car into a turn.
            let into_turn = track.entry_ahead(c.cell.row).is_some();
            if row.turn.is_none() && row.slope == Slope::Downhill && !into_turn {
                let straight = Cell {
                    row: track.next_row(c.cell.row),
                    lane: c.cell.lane,
                };
                let target = core::iter::once(straight)
                    .chain(track.forward(c.cell))
                    .find(|&cell| self.occupied(cell).is_none());
                if let Some(to) = target {
                    self.advance(car, to);
                    let max = self.race.dash().tachometer_max;
                    let c = &mut self.cars[car];
                    c.speed = (c.speed + 1).min(max);
                }
            }
        }
        self.end_activation();
        false
    }

    /// Free diagonal spaces past the car ahead, short of a turn's entry line.
    pub fn slipstream_cells(&self, car: usize) -> Vec<Cell> {
        let track = self.race.track_for(self.stage);
        let c = &self.cars[car];
        track
            .forward(c.cell)
            .filter(|cell| cell.lane != c.cell.lane)
            .filter(|&cell| self.occupied(cell).is_none() && track.row(cell.row).turn.is_none())
            .collect()
    }

    fn turn_slip_target(&self, car: usize) -> Option<Cell> {
        let track = self.race.track_for(self.stage);
        let c = &self.cars[car];
        let turn = track.turn_at(c.cell.row)?;
        let lane = turn.outward(c.cell.lane, track.lanes)?;
        let cell = Cell {
            row: track.next_row(c.cell.row),
            lane,
        };
        self.occupied(cell).is_none().then_some(cell)
    }

    pub fn slipstream_moves(&self, car: usize) -> Vec<Move> {
        match self.phase {
            Phase::Slipstream { .. } => self
                .slipstream_cells(car)
                .into_iter()
                .map(|c| Move::SlipstreamTo(c.lane))
                .collect(),
            _ => {
                let mut out = alloc::vec![Move::DriftOutward];
                if self.cars[car].can_spend_tire() {
                    out.push(Move::ResistWithTire);
                }
                out
            }
        }
    }

    pub(crate) fn apply_slipstream(&mut self, car: usize, m: Move) {
        let race = self.race.clone();
        let track = race.track_for(self.stage);
        match m {
            Move::SlipstreamTo(lane) => {
                let to = Cell {
                    row: track.next_row(self.cars[car].cell.row),
                    lane,
                };
                self.advance(car, to);
            }
            Move::DriftOutward => {
                if let Some(to) = self.turn_slip_target(car) {
                    self.advance(car, to);
                    let c = &mut self.cars[car];
                    c.speed = c.speed.saturating_sub(1);
                    c.best_line = false;
                }
            }
            Move::ResistWithTire => self.cars[car].wear_tires(1),
            _ => {}
        }
        // The rest of the end of the move (downhill) follows.
        self.act.allowance = self.act.spent;
        self.phase = Phase::Moving { car: car as u8 };
    }
}
