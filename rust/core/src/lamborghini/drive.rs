//! The race: turn order, the Speed card, playing a card, moving square by square (the diagonal
//! squeeze, a blocked road, slipstreaming), manoeuvre checks, accidents and damage, the finish.
use alloc::vec::Vec;

use super::actions::{Dir, Move, DIRS};
use super::content::{Kind, Man, Tech};
use super::options::AccidentReading;
use super::rules::StepBar;
use super::state::{FinishRecord, LamboState, Phase, Turn, Why};
use crate::grid::Cell;

impl LamboState {
    /// Pole at the front: two cars a row (outer lanes) on the last rows before the line.
    pub(crate) fn place_grid(&mut self) {
        let def = self.def.clone();
        let track = def.track();
        let mut grid: Vec<u8> = (0..self.murcs.len() as u8).collect();
        grid.sort_by_key(|&c| core::cmp::Reverse(self.murcs[usize::from(c)].quali));
        for (pos, &c) in grid.iter().enumerate() {
            let row = track.len() - 1 - (pos / 2) as u16;
            let lane = if pos % 2 == 0 { 0 } else { track.lanes - 1 };
            let m = &mut self.murcs[usize::from(c)];
            m.cell = Cell { row, lane };
            m.progress = i32::from(row) - i32::from(track.len());
        }
        self.order = grid;
        self.racing = true;
        self.round = 1;
        self.next = 0;
        self.phase = Phase::Flow;
    }

    fn running(&self, car: usize) -> bool {
        let m = &self.murcs[car];
        m.finish.is_none() && !m.stopped
    }

    /// The next car's turn, or the next round; false when a chance or decision is pending.
    pub(crate) fn next_car(&mut self) -> bool {
        while usize::from(self.next) < self.order.len() {
            let car = usize::from(self.order[usize::from(self.next)]);
            if self.running(car) {
                self.turn = Turn {
                    car: car as u8,
                    off_track_penalty: self.murcs[car].off_track_next,
                    ..Turn::default()
                };
                self.murcs[car].off_track_next = false;
                self.phase = Phase::SpeedDraw { car: car as u8 };
                return false;
            }
            self.next += 1;
        }
        // Round over: "the car who first crosses the finishing line and in the same turn is not
        // overtaken by another car is declared the winner".
        if (0..self.murcs.len()).all(|c| !self.running(c)) || self.round >= self.def.opts.max_turns
        {
            for m in self.murcs.iter_mut().filter(|m| m.finish.is_none()) {
                m.stopped = true;
            }
            if self.def.opts.long && self.races_done + 1 < self.def.opts.races {
                self.next_race();
                return false;
            }
            if self.def.opts.long {
                // The last race's prizes (the long game is won on money).
                self.close_race();
            }
            self.phase = Phase::Over;
            return false;
        }
        self.round += 1;
        // From the second turn: by position; a tie keeps the previous turn's order.
        let prev = self.order.clone();
        let mut order = prev.clone();
        order.sort_by_key(|&c| core::cmp::Reverse(self.murcs[usize::from(c)].progress));
        self.order = order;
        self.next = 0;
        true
    }

    fn card_value(&self, c: u16) -> &super::content::Card {
        &self.def.content.cards[usize::from(c)]
    }

    fn bonus(&self, card: Option<u16>, manoeuvre: bool) -> i32 {
        card.map_or(0, |c| {
            let c = usize::from(c);
            i32::from(if manoeuvre {
                self.def.manoeuvre_of[c]
            } else {
                self.def.speed_bonus[c]
            })
        })
    }

    /// Speed and manoeuvre lost to damage: 1st −1, 2nd −2.
    fn damage_penalty(&self, car: usize) -> i32 {
        match self.murcs[car].damages {
            0 => 0,
            1 => 1,
            _ => 2,
        }
    }

    /// The squares of this turn: Speed card + Car + Driver + card played + checks − damage.
    pub fn allowance(&self, car: usize) -> i32 {
        let m = &self.murcs[car];
        let t = &self.turn;
        let mut v = i32::from(self.def.speed_of[usize::from(t.card)])
            + self.bonus(m.car, false)
            + self.bonus(m.driver, false)
            - if m.wrecked > 0 {
                0
            } else {
                self.damage_penalty(car)
            }
            + i32::from(t.bonus)
            + i32::from(t.extra);
        if m.boost_turns > 0 {
            v += 1;
        }
        if m.wrecked > 0 {
            // The permanent damage: −3 that turn, then −4, −5… until the car stops.
            v -= 2 + i32::from(m.wrecked);
        }
        if t.off_track_penalty {
            v -= 3;
        }
        v.max(0)
    }

    pub(crate) fn apply_speed(&mut self, card: u16) {
        let Phase::SpeedDraw { car } = self.phase else {
            return;
        };
        self.draw_speed(card);
        self.turn.card = card;
        let c = self.card_value(card);
        // A third check is never run (Fortune may bring a second Crazy card).
        if c.crazy && self.turn.checks < 2 {
            self.turn.crazy = Some(c.speed.saturating_sub(10));
            self.phase = Phase::CheckPrep { car };
        } else {
            self.after_check(usize::from(car));
        }
    }

    fn after_check(&mut self, car: usize) {
        if self.allowance(car) == 0 && self.murcs[car].wrecked > 0 {
            self.murcs[car].stopped = true;
        }
        self.phase = Phase::Drive { car: car as u8 };
        self.maybe_end(car);
    }

    fn maybe_end(&mut self, car: usize) {
        if !matches!(self.phase, Phase::Drive { .. }) {
            return;
        }
        if self.murcs[car].stopped || i32::from(self.turn.spent) >= self.allowance(car) {
            self.end_turn(car);
            return;
        }
        if self.step_mask(car) == 0 {
            let track = self.def.track();
            let here = self.murcs[car].cell;
            let row = track.next_row(here.row);
            let hit = self
                .occupied(Cell {
                    row,
                    lane: here.lane,
                })
                .or_else(|| (0..track.lanes).find_map(|lane| self.occupied(Cell { row, lane })));
            match hit {
                // "If a Murciélago reaches completely occupied squares, it is forced to cause a crash."
                Some(other) if !self.turn.blocked && self.turn.checks < 2 => {
                    self.turn.blocked = true;
                    self.turn.engage_card = false;
                    self.turn.attacker_12 = false;
                    self.phase = Phase::Check {
                        car: car as u8,
                        why: Why::Engage {
                            attacker: true,
                            other: other as u8,
                        },
                    };
                }
                _ => {
                    let full =
                        (0..track.lanes).all(|lane| self.occupied(Cell { row, lane }).is_some());
                    if self.turn.checks >= 2 && full {
                        // "If the player uses them both, the car can pass through occupied squares
                        // when the width of the route is completely occupied so ending its movement."
                        self.pass_through(car);
                    }
                    self.end_turn(car);
                }
            }
        }
        // Otherwise a free square is ahead: the turn goes on.
    }

    /// Through a fully occupied width to the first free square beyond it.
    fn pass_through(&mut self, car: usize) {
        let def = self.def.clone();
        let track = def.track();
        let here = self.murcs[car].cell;
        let mut row = here.row;
        for k in 1..8 {
            row = track.next_row(row);
            let free = (0..track.lanes)
                .map(|lane| Cell { row, lane })
                .filter(|&c| self.occupied(c).is_none())
                .min_by_key(|c| c.lane.abs_diff(here.lane));
            if let Some(to) = free {
                self.place(car, to, k);
                return;
            }
        }
    }

    fn end_turn(&mut self, car: usize) {
        let len = self.def.race_length();
        let m = &mut self.murcs[car];
        if m.boost_turns > 0 {
            m.boost_turns -= 1;
        }
        if m.wrecked > 0 {
            m.wrecked += 1;
        }
        if let Some(f) = m.finish.as_mut() {
            f.past_line = m.progress - len;
        }
        self.turn.ended = true;
        self.next += 1;
        self.phase = Phase::Flow;
    }

    // ---- the decisions of a turn ---------------------------------------------------------

    pub fn drive_moves(&self, car: usize) -> Vec<Move> {
        let mut out = Vec::with_capacity(8);
        self.each_drive_move(car, |m| out.push(m));
        out
    }

    /// The decisions of the moving car, one call each (the hot path allocates nothing). A card
    /// held twice is offered once.
    pub(crate) fn each_drive_move(&self, car: usize, mut f: impl FnMut(Move)) {
        if !self.turn.played {
            let pos = self.place_of(car);
            let cards = self.car_cards(car);
            for (i, &c) in cards.iter().enumerate() {
                if !cards[..i].contains(&c) && self.card_bar(car, c, pos).is_none() {
                    f(Move::Play(c));
                }
            }
        }
        let rows = self.taken_rows(car);
        if i32::from(self.turn.spent) < self.allowance(car) {
            for d in DIRS {
                if self.step_bar_in(car, d, rows).is_none() {
                    f(Move::Step(d));
                }
            }
        }
        // "behind an opponent's car and declares a crash ...; beside an opponent's car and
        // declares a push": open to any car, once a turn, while it has a check left.
        if !self.turn.declared && self.turn.checks < 2 {
            let (this_row, next_row) = rows;
            let here = self.murcs[car].cell;
            let track = self.def.track();
            let opponent = |cell: Cell| {
                self.occupied(cell)
                    .is_some_and(|c| self.def.opts.owner(c) != self.def.opts.owner(car))
            };
            let ahead = Cell {
                row: track.next_row(here.row),
                lane: here.lane,
            };
            if next_row & (1 << here.lane) != 0 && opponent(ahead) {
                f(Move::Crash);
            }
            for (d, lane) in [
                (Dir::Left, here.lane.checked_sub(1)),
                (Dir::Right, Some(here.lane + 1)),
            ] {
                if let Some(lane) = lane.filter(|&l| l < track.lanes) {
                    let beside = Cell {
                        row: here.row,
                        lane,
                    };
                    if this_row & (1 << lane) != 0 && opponent(beside) {
                        f(Move::Push(d));
                    }
                }
            }
        }
    }

    /// The opponent's car a crash (right ahead) or a push (right beside) by `car` would hit, if
    /// one may be declared now.
    pub(crate) fn engage_target(&self, car: usize, m: Move) -> Option<usize> {
        if self.turn.declared || self.turn.checks >= 2 {
            return None;
        }
        let here = self.murcs[car].cell;
        let track = self.def.track();
        let cell = match m {
            Move::Crash => Cell {
                row: track.next_row(here.row),
                lane: here.lane,
            },
            Move::Push(Dir::Left) => Cell {
                row: here.row,
                lane: here.lane.checked_sub(1)?,
            },
            Move::Push(Dir::Right) => Cell {
                row: here.row,
                lane: Some(here.lane + 1).filter(|&l| l < track.lanes)?,
            },
            _ => return None,
        };
        self.occupied(cell)
            .filter(|&c| self.def.opts.owner(c) != self.def.opts.owner(car))
    }

    /// The car's place in the race, 0 = first.
    pub(crate) fn place_of(&self, car: usize) -> usize {
        let p = self.murcs[car].progress;
        self.murcs.iter().filter(|m| m.progress > p).count()
    }

    /// The squares the car may enter next: ahead or diagonally, never sideways, never occupied.
    /// The free squares ahead as a bit set (left, ahead, right): the hot path allocates nothing.
    pub(crate) fn step_mask(&self, car: usize) -> u8 {
        let rows = self.taken_rows(car);
        let mut out = 0u8;
        for (i, &d) in DIRS.iter().enumerate() {
            if self.step_bar_in(car, d, rows).is_none() {
                out |= 1 << i;
            }
        }
        out
    }

    /// The lanes taken on the car's row and on the next, as bit sets, in one pass over the cars.
    fn taken_rows(&self, car: usize) -> (u16, u16) {
        let here = self.murcs[car].cell;
        let row = self.def.track().next_row(here.row);
        let (mut this_row, mut next_row) = (0u16, 0u16);
        if self.racing {
            for m in &self.murcs {
                if m.finish.is_none() || m.stopped {
                    if m.cell.row == here.row {
                        this_row |= 1 << m.cell.lane;
                    } else if m.cell.row == row {
                        next_row |= 1 << m.cell.lane;
                    }
                }
            }
        }
        (this_row, next_row)
    }

    /// Why the square in direction `d` may not be entered next, if it may not.
    pub fn step_bar(&self, car: usize, d: Dir) -> Option<StepBar> {
        self.step_bar_in(car, d, self.taken_rows(car))
    }

    fn step_bar_in(&self, car: usize, d: Dir, (this_row, next_row): (u16, u16)) -> Option<StepBar> {
        let here = self.murcs[car].cell;
        if let Some(f) = self.murcs[car].forced.filter(|&f| f != d) {
            return Some(StepBar::Forced(f));
        }
        if self.turn.no_lane_change && d != Dir::Ahead {
            return Some(StepBar::Aerodynamics);
        }
        let lane = match d {
            Dir::Left => here.lane.checked_sub(1),
            Dir::Ahead => Some(here.lane),
            Dir::Right => Some(here.lane + 1),
        };
        let Some(lane) = lane.filter(|&l| l < self.def.track().lanes) else {
            return Some(StepBar::Edge);
        };
        if next_row & (1 << lane) != 0 {
            return Some(StepBar::Taken(lane));
        }
        // "Every Murciélago is allowed 2 manoeuvre checks per turn": no squeeze after both.
        let squeeze =
            d != Dir::Ahead && this_row & (1 << lane) != 0 && next_row & (1 << here.lane) != 0;
        if squeeze && !self.turn.hazard && self.turn.checks >= 2 {
            return Some(StepBar::SqueezeWithoutCheck);
        }
        None
    }

    pub(crate) fn apply_drive(&mut self, car: usize, m: Move) {
        match m {
            Move::Play(c) => self.play(car, c),
            Move::Step(d) => self.step(car, d),
            Move::Crash | Move::Push(_) => {
                let other = self.engage_target(car, m).unwrap_or(car) as u8;
                self.turn.declared = true;
                self.turn.engage_card = self.turn.engaged;
                self.turn.attacker_12 = false;
                self.phase = Phase::Check {
                    car: car as u8,
                    why: Why::Engage {
                        attacker: true,
                        other,
                    },
                };
                return;
            }
            _ => {}
        }
        if matches!(self.phase, Phase::Drive { .. }) {
            self.maybe_end(car);
        }
    }

    fn play(&mut self, car: usize, card: u16) {
        let seat = usize::from(self.def.opts.owner(car));
        let cards = self.car_cards_mut(car);
        if let Some(i) = cards.iter().position(|&c| c == card) {
            cards.remove(i);
        }
        if self.def.opts.long {
            // Turned face down: not for this race, active again in the next.
            self.hands[seat].face_down.push(card);
        }
        self.turn.played = true;
        let c = self.card_value(card);
        let (kind, value) = (c.kind, c.value);
        let before = self.allowance(car);
        match kind {
            Kind::Tech(_, Tech::Aerodynamics) => {
                self.turn.bonus += value as i8;
                self.turn.no_lane_change = true;
            }
            Kind::Tech(_, Tech::Engine) => self.turn.bonus += value as i8,
            Kind::Tech(_, Tech::Brakes) => self.turn.shield += value,
            Kind::Tech(_, Tech::Setup) => self.turn.check_bonus += value as i8,
            Kind::Tech(_, Tech::Tyres | Tech::PetrolTank) => {
                // +1 for this and the following turns (value = turns).
                self.murcs[car].boost_turns = value;
            }
            Kind::Tech(_, Tech::Team) => self.phase = Phase::Team { car: car as u8 },
            Kind::Manoeuvre(Man::Skill) => self.turn.bonus += (12 - before).clamp(0, 3) as i8,
            Kind::Manoeuvre(Man::FastCar) => self.turn.bonus += (14 - before).clamp(0, 4) as i8,
            Kind::Manoeuvre(Man::Winning) => self.turn.bonus += 2,
            Kind::Manoeuvre(Man::Will) => {
                let last = self.place_of(car) + 1 == self.murcs.len();
                self.turn.bonus += if last { 3 } else { 2 };
            }
            Kind::Manoeuvre(Man::Hazard) => self.turn.hazard = true,
            Kind::Manoeuvre(Man::Manoeuvre) => self.turn.check_bonus += 2,
            Kind::Manoeuvre(Man::Slipstreaming) => self.turn.slip_bonus = true,
            // "The car that engages increases its manoeuvre check by +1; the car that suffers
            // the engagement decreases its manoeuvre check by -1."
            Kind::Manoeuvre(Man::Engagement) => {
                self.turn.engaged = true;
                self.turn.check_bonus += 1;
            }
            Kind::Manoeuvre(Man::Fortune) => {
                // A new Speed card replaces the one drawn.
                self.phase = Phase::SpeedDraw { car: car as u8 };
            }
            _ => {}
        }
    }

    /// "The driver chooses to repair damage and/or increase by +1 the manoeuvre check."
    pub(crate) fn apply_team(&mut self, car: usize, repair: bool) {
        if repair && self.murcs[car].damages > 0 {
            let m = &mut self.murcs[car];
            m.damages -= 1;
            if m.damages < 3 {
                m.wrecked = 0;
            }
        }
        self.turn.check_bonus += 1;
        self.back_after_card(car);
    }

    /// Back to the decision a card was played from (the turn, or a waiting Crazy check).
    fn back_after_card(&mut self, car: usize) {
        if self.turn.crazy.is_some() {
            self.phase = Phase::CheckPrep { car: car as u8 };
        } else {
            self.phase = Phase::Drive { car: car as u8 };
            self.maybe_end(car);
        }
    }

    /// Cards playable before a Crazy Murciélago check: those that change the check, and Brakes,
    /// which "must be played before the damage" the check may bring.
    pub fn check_cards(&self, car: usize) -> Vec<Move> {
        let mut out = Vec::new();
        if !self.turn.played {
            for &c in self.car_cards(car) {
                let kind = self.card_value(c).kind;
                let check = matches!(
                    kind,
                    Kind::Tech(_, Tech::Setup | Tech::Team | Tech::Brakes)
                        | Kind::Manoeuvre(Man::Manoeuvre)
                );
                if check && !out.contains(&Move::Play(c)) {
                    out.push(Move::Play(c));
                }
            }
        }
        out.push(Move::Proceed);
        out
    }

    pub(crate) fn apply_check_prep(&mut self, car: usize, m: Move) {
        match m {
            Move::Play(c) => {
                self.play(car, c);
                if self.phase != (Phase::Team { car: car as u8 }) {
                    self.phase = Phase::CheckPrep { car: car as u8 };
                }
            }
            _ => {
                let penalty = self.turn.crazy.take().unwrap_or(0);
                self.phase = Phase::Check {
                    car: car as u8,
                    why: Why::Crazy(penalty),
                };
            }
        }
    }

    fn step(&mut self, car: usize, d: Dir) {
        let here = self.murcs[car].cell;
        let to = Cell {
            row: self.def.track().next_row(here.row),
            lane: match d {
                Dir::Left => here.lane - 1,
                Dir::Ahead => here.lane,
                Dir::Right => here.lane + 1,
            },
        };
        // Passing between two cars on the opposite diagonal: a manoeuvre check.
        let squeeze = d != Dir::Ahead
            && self
                .occupied(Cell {
                    row: here.row,
                    lane: to.lane,
                })
                .is_some()
            && self
                .occupied(Cell {
                    row: to.row,
                    lane: here.lane,
                })
                .is_some();
        self.advance(car, to);
        if d != Dir::Ahead {
            self.turn.lane_changed = true;
        }
        self.murcs[car].forced = None;
        if squeeze && !self.turn.hazard {
            self.phase = Phase::Check {
                car: car as u8,
                why: Why::Squeeze,
            };
            return;
        }
        self.slipstream(car);
    }

    fn advance(&mut self, car: usize, to: Cell) {
        let len = self.def.race_length();
        let (round, next) = (self.round, self.next);
        let m = &mut self.murcs[car];
        m.cell = to;
        m.progress += 1;
        self.turn.spent += 1;
        if m.progress >= len && m.finish.is_none() {
            m.finish = Some(FinishRecord {
                turn: round,
                past_line: 0,
                in_order: next,
            });
        }
    }

    /// Reaching the square exactly behind another car: one free square beside it (two with the
    /// Slipstreaming card, which overtakes), once a movement.
    fn slipstream(&mut self, car: usize) {
        // "will immediately enjoy the benefit of one free movement": even with no square left.
        if self.turn.slip_done {
            return;
        }
        let here = self.murcs[car].cell;
        // The track's numbers first: no borrow of the game is held while the state changes.
        let (lanes, ahead_row, beyond_row) = {
            let track = self.def.track();
            let ahead = track.next_row(here.row);
            (track.lanes, ahead, track.next_row(ahead))
        };
        let ahead = Cell {
            row: ahead_row,
            lane: here.lane,
        };
        if self.occupied(ahead).is_none() {
            return;
        }
        self.turn.slip_done = true;
        // With Aerodynamics the car may not change lane: only the Slipstreaming card's overtake.
        let sideways_barred = self.turn.no_lane_change;
        if self.turn.slip_bonus {
            let beyond = Cell {
                row: beyond_row,
                lane: here.lane,
            };
            if self.occupied(beyond).is_none() {
                self.place(car, beyond, 2);
                return;
            }
        }
        if sideways_barred {
            return;
        }
        let sides: Vec<Dir> = [
            (Dir::Left, here.lane.checked_sub(1)),
            (Dir::Right, Some(here.lane + 1)),
        ]
        .into_iter()
        .filter_map(|(d, l)| l.filter(|&l| l < lanes).map(|l| (d, l)))
        .filter(|&(_, l)| {
            self.occupied(Cell {
                row: ahead.row,
                lane: l,
            })
            .is_none()
        })
        .map(|(d, _)| d)
        .collect();
        match sides.len() {
            // Both checks already used: no risk may be run, the slipstream is lost.
            0 if self.turn.checks >= 2 => {}
            0 => {
                self.phase = Phase::Check {
                    car: car as u8,
                    why: Why::Slipstream,
                }
            }
            1 => self.slip_to(car, sides[0]),
            _ => self.phase = Phase::Slip { car: car as u8 },
        }
    }

    pub(crate) fn slip_to(&mut self, car: usize, d: Dir) {
        let track = self.def.track();
        let here = self.murcs[car].cell;
        let lane = if d == Dir::Left {
            here.lane - 1
        } else {
            here.lane + 1
        };
        let to = Cell {
            row: track.next_row(here.row),
            lane,
        };
        self.place(car, to, 1);
        self.phase = Phase::Drive { car: car as u8 };
        self.maybe_end(car);
    }

    /// A free move of `rows` rows (slipstream): no square of the allowance is spent.
    fn place(&mut self, car: usize, to: Cell, rows: i32) {
        let len = self.def.race_length();
        let (round, next) = (self.round, self.next);
        let m = &mut self.murcs[car];
        m.cell = to;
        m.progress += rows;
        if m.progress >= len && m.finish.is_none() {
            m.finish = Some(FinishRecord {
                turn: round,
                past_line: 0,
                in_order: next,
            });
        }
    }

    pub fn slip_moves(&self, car: usize) -> Vec<Move> {
        let track = self.def.track();
        let here = self.murcs[car].cell;
        let row = track.next_row(here.row);
        [
            (Dir::Left, here.lane.checked_sub(1)),
            (Dir::Right, Some(here.lane + 1)),
        ]
        .into_iter()
        .filter_map(|(d, l)| l.filter(|&l| l < track.lanes).map(|l| (d, l)))
        .filter(|&(_, l)| self.occupied(Cell { row, lane: l }).is_none())
        .map(|(d, _)| Move::Slip(d))
        .collect()
    }

    // ---- manoeuvre checks ----------------------------------------------------------------

    /// A drawn Speed card for a manoeuvre check ("the yellow, orange and red are not taken into
    /// account"), resolved against the table.
    pub(crate) fn apply_check(&mut self, card: u16) {
        let Phase::Check { car, why } = self.phase else {
            return;
        };
        self.draw_speed(card);
        let c = usize::from(car);
        let v = self.check_total(c, why, card);
        let acting = c == usize::from(self.turn.car);
        if acting {
            self.turn.checks += 1;
        }
        if matches!(why, Why::Engage { attacker: true, .. }) {
            self.turn.attacker_12 = v >= 12;
        }
        let accident = v <= 7;
        if v >= 10 && acting {
            self.turn.extra += 1; // "+1 square movement"
        }
        if accident {
            self.damage(c);
            if !self.murcs[c].stopped && !self.dir_queue.contains(&car) {
                self.dir_queue.push(car);
            }
        }
        if let Why::Engage {
            attacker: true,
            other,
        } = why
        {
            // "the attacking car is first and the defending car is second"
            self.phase = Phase::Check {
                car: other,
                why: Why::Engage {
                    attacker: false,
                    other: car,
                },
            };
            return;
        }
        self.resume();
    }

    /// The manoeuvre check of `car` for `why` with the Speed card `card` drawn: 7 or less is an
    /// accident, 10 or more "+1 square movement" to the moving car.
    pub(crate) fn check_total(&self, car: usize, why: Why, card: u16) -> i32 {
        let mut v = i32::from(self.card_value(card).speed) + self.check_base(car);
        if car == usize::from(self.turn.car) {
            v += i32::from(self.turn.check_bonus);
        }
        match why {
            Why::Crazy(p) => v -= i32::from(p),
            // The car that suffers an Engagement: -1; -1 more when the attacker checked 12 or more.
            Why::Engage {
                attacker: false, ..
            } => v -= i32::from(self.turn.engage_card) + i32::from(self.turn.attacker_12),
            _ => {}
        }
        v
    }

    /// What a manoeuvre check adds to the Speed card before any card or penalty of the turn:
    /// the Car's and the Driver's manoeuvre, less the damage.
    pub(crate) fn check_base(&self, car: usize) -> i32 {
        let m = &self.murcs[car];
        self.bonus(m.car, true) + self.bonus(m.driver, true) - self.damage_penalty(car)
    }

    /// After a check: the accidents' directions, then the moving car goes on.
    fn resume(&mut self) {
        match self.dir_queue.first() {
            Some(&c) => self.phase = Phase::DirectionDraw { car: c },
            None => self.back_to(usize::from(self.turn.car)),
        }
    }

    fn back_to(&mut self, car: usize) {
        self.phase = Phase::Drive { car: car as u8 };
        if car == usize::from(self.turn.car) {
            self.maybe_end(car);
        }
    }

    /// A damage: −1 then −2 to speed and manoeuvre; the third is permanent. At most 2 a turn,
    /// and a Brakes card prevents as many as it shows.
    fn damage(&mut self, car: usize) {
        if car == usize::from(self.turn.car) && self.turn.shield > 0 {
            self.turn.shield -= 1;
            return;
        }
        // "Every Murciélago can suffer a maximum of 2 damages in each turn" (the game turn).
        let round = self.round;
        let m = &mut self.murcs[car];
        if m.damage_round != round {
            m.damage_round = round;
            m.damage_count = 0;
        }
        if m.damage_count >= 2 {
            return;
        }
        m.damage_count += 1;
        m.damages += 1;
        if m.damages >= 3 && m.wrecked == 0 {
            m.wrecked = 1;
        }
    }

    /// The direction the car takes: the first square of its (next) movement.
    pub(crate) fn apply_direction_draw(&mut self, card: u16) {
        let Phase::DirectionDraw { car } = self.phase else {
            return;
        };
        self.draw_speed(card);
        let v = self.card_value(card).speed;
        let owner = self.def.opts.owner(usize::from(car));
        let right = (owner + 1) % self.def.opts.players;
        let dir = match (v, self.def.opts.accident) {
            (5..=7, _) => None,
            (12, _) => None,
            (8 | 9, AccidentReading::Split)
            | (8..=10, AccidentReading::RightFirst)
            | (8, AccidentReading::LeftFirst) => Some(Dir::Right),
            _ => Some(Dir::Left),
        };
        match dir {
            Some(d) => self.set_direction(usize::from(car), d),
            None => {
                // 5–7: the player at the right chooses; 12: free choice.
                let chooser = if v <= 7 { right } else { owner };
                self.phase = Phase::Direction { car, chooser };
            }
        }
    }

    pub(crate) fn set_direction(&mut self, car: usize, d: Dir) {
        let track = self.def.track();
        let lane = self.murcs[car].cell.lane;
        let off = (d == Dir::Left && lane == 0) || (d == Dir::Right && lane + 1 >= track.lanes);
        if off {
            // "If the first square is out of the track, the speed is reduced of –3 in that turn."
            let moving = car == usize::from(self.turn.car)
                && !self.turn.ended
                && i32::from(self.turn.spent) < self.allowance(car);
            if moving {
                self.turn.off_track_penalty = true;
            } else {
                self.murcs[car].off_track_next = true;
            }
            self.murcs[car].forced = Some(Dir::Ahead);
        } else {
            self.murcs[car].forced = Some(d);
        }
        self.dir_queue.retain(|&c| usize::from(c) != car);
        self.resume();
    }

    /// Per car, 0 = first: finishers by the turn they finished and how far past the line, level
    /// cars by who crossed first (ending level is not overtaking); the rest by the distance
    /// covered.
    pub fn ranking(&self) -> Vec<u32> {
        let mut order: Vec<usize> = (0..self.murcs.len()).collect();
        order.sort_by_key(|&i| {
            let m = &self.murcs[i];
            match m.finish {
                Some(f) => (
                    0,
                    i64::from(f.turn),
                    -i64::from(f.past_line),
                    i64::from(f.in_order),
                ),
                None => (1, 0, -i64::from(m.progress), i as i64),
            }
        });
        let mut rank = alloc::vec![0u32; order.len()];
        for (pos, &i) in order.iter().enumerate() {
            rank[i] = pos as u32;
        }
        rank
    }
}
