//! The planner's pace table: for one car driving alone, the rounds it still needs from every
//! place, Speed and Temperature to the finish, with wear priced in rounds.
//!
//! It is a dynamic programme over a model of one activation that follows `movement.rs` step for
//! step on a lane-less track: the pace (accelerate, push past T, lift and coast, stop to cool),
//! dive braking or lifting at entry lines, the safe speed (+1 for the best line) at every turn
//! row, emergency braking, powering out at exit lines, slopes, then the end of the round's
//! Temperature step and overheating test. Lanes, other cars, drifts and cards are left to the
//! planner, which plays the real rules for the activation it is choosing and uses this table
//! only to value where the activation ends.
//!
//! Values are in thousandths of a round. The table covers the last three laps (a two-lap race
//! from the grid); earlier places add one ordinary lap's time per lap.
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::super::race::RaceDef;
use crate::grid::Slope;
use crate::sim::memo::Memo;

/// A round, in the table's unit.
pub const ROUND: u32 = 1000;
/// Far beyond any race: a place the model cannot drive out of.
pub const STUCK: u32 = 1_000_000;
/// What crossing the line further ahead is worth, per row (the finish order's tie-break).
const PAST_LINE: u32 = 10;

/// What the table assumes about the car: its limiters and Turn pins now, and what wear costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Drive {
    pub top: u8,
    pub acc: u8,
    pub braking: u8,
    /// Brake points emergency braking may still spend (0: none).
    pub emergency: u8,
    /// Safe speed for each printed marker A..E, as the car reads it now (rain, tires, set-up).
    pub pins: [u8; 5],
    /// Thousandths of a round per Engine point (pushing, overheating) and per Brake point.
    pub engine_price: u16,
    pub brake_price: u16,
    /// Per Tire point (drifting); `NO_DRIFT` or more: the model never drifts.
    pub tire_price: u16,
}

/// Wear prices are for the rest of the race: all of them with a lap or more to go, then in
/// `STAKE`ths over the last lap, down to nothing at the line.
pub const STAKE: i32 = 8;

/// The `STAKE`ths of a wear price still at stake with `left` rows to go on a `len`-row lap.
pub fn stake(left: i32, len: i32) -> i32 {
    let left = left.clamp(0, len);
    (left * STAKE + len - 1) / len
}

/// A Tire price at which the model no longer drifts (a flat tire, or the last points).
pub const NO_DRIFT: u16 = 10_000;

#[derive(Debug, Clone, Copy, Default)]
struct Row {
    turn: Option<u8>,
    rating: u8,
    /// The turn's last row: its exit line lies ahead.
    last: bool,
    /// The next row starts this turn: its entry line lies ahead.
    entry: Option<u8>,
    uphill: bool,
    downhill: bool,
}

/// The circuit as the model sees it.
#[derive(Debug, Clone)]
pub struct Course {
    rows: Vec<Row>,
    lanes: u8,
    len: i32,
    finish: i32,
    tach_max: u8,
    temp_max: u8,
    red: Vec<u8>,
}

impl Course {
    pub fn new(race: &RaceDef) -> Course {
        let track = race.track();
        let rows = (0..track.len())
            .map(|r| {
                let row = track.row(r);
                Row {
                    turn: row.turn,
                    rating: track.turn_at(r).map_or(0, |t| t.rating),
                    last: track.exit_ahead(r).is_some(),
                    entry: track
                        .entry_ahead(r)
                        .and_then(|t| track.turns.iter().position(|u| u == t))
                        .map(|t| t as u8),
                    uphill: row.slope == Slope::Uphill,
                    downhill: row.slope == Slope::Downhill,
                }
            })
            .collect();
        let dash = race.dash();
        Course {
            rows,
            lanes: track.lanes,
            len: i32::from(track.len()),
            finish: race.race_length(),
            tach_max: dash.tachometer_max,
            temp_max: dash.temperature_max,
            red: dash.temperature_red_zone.clone(),
        }
    }

    fn row(&self, progress: i32) -> &Row {
        &self.rows[progress.rem_euclid(self.len) as usize]
    }

    pub fn finish(&self) -> i32 {
        self.finish
    }
}

/// One car's movement in progress, as the model follows it.
#[derive(Debug, Clone, Copy)]
struct Mv {
    p: i32,
    speed: u8,
    allowance: u8,
    spent: u8,
    acc_left: u8,
    top: u8,
    /// Temperature steps gained and lost, Engine points (pushes) and Brake points spent.
    heat: u8,
    cool: u8,
    engine: u8,
    brakes: u8,
    tires: u8,
    entry_done: Option<u8>,
    exit_done: Option<u8>,
    /// The turn whose best-line +1 was lost (a drift).
    lost_line: Option<u8>,
}

/// How a round can end: the place and Speed, the Temperature steps gained and lost, and the
/// Engine and Brake points spent. The movement never depends on the Temperature, so one list
/// of outcomes serves every Temperature (steps past the top of the scale become Engine points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Outcome {
    pub p: i32,
    pub speed: u8,
    pub heat: u8,
    pub cool: u8,
    pub engine: u8,
    pub brakes: u8,
    pub tires: u8,
    /// Ends in a turn without its best-line +1.
    pub lost: bool,
}

impl Outcome {
    /// The outcome as one number ordered like the struct (place first), for a fast sort.
    fn packed(&self) -> u64 {
        let p = (self.p + (1 << 15)) as u64 & 0xffff;
        p << 40
            | u64::from(self.speed) << 32
            | u64::from(self.lost) << 31
            | u64::from(self.heat) << 24
            | u64::from(self.cool) << 16
            | u64::from(self.engine) << 12
            | u64::from(self.brakes) << 6
            | u64::from(self.tires)
    }

    /// Whether `self` ends at the same place as `o` and no worse on any count.
    fn dominates(&self, o: &Outcome) -> bool {
        self.p == o.p
            && self.speed == o.speed
            && self.lost == o.lost
            && i16::from(self.heat) - i16::from(self.cool) <= i16::from(o.heat) - i16::from(o.cool)
            && self.cool >= o.cool
            && self.engine <= o.engine
            && self.brakes <= o.brakes
            && self.tires <= o.tires
    }
}

/// Removes repeated and dominated outcomes (same end, as much wear or more).
fn prune(out: &mut Vec<Outcome>) {
    out.sort_unstable_by_key(Outcome::packed);
    out.dedup();
    let mut keep: Vec<Outcome> = Vec::with_capacity(out.len());
    let mut group = 0;
    for o in out.iter() {
        if keep
            .last()
            .is_some_and(|k| (k.p, k.speed, k.lost) != (o.p, o.speed, o.lost))
        {
            group = keep.len();
        }
        if keep[group..].iter().any(|k| k.dominates(o)) {
            continue;
        }
        keep.retain_mut_from(group, |k| !o.dominates(k));
        keep.push(*o);
    }
    *out = keep;
}

/// `Vec::retain` on a tail of the vector.
trait RetainFrom<T> {
    fn retain_mut_from(&mut self, from: usize, keep: impl FnMut(&T) -> bool);
}

impl<T> RetainFrom<T> for Vec<T> {
    fn retain_mut_from(&mut self, from: usize, mut keep: impl FnMut(&T) -> bool) {
        let mut tail = self.split_off(from);
        tail.retain(|x| keep(x));
        self.append(&mut tail);
    }
}

/// Where an activation starts: the place, Speed and Temperature, and whether the car is in a
/// turn whose best-line +1 it has lost (it drifted, or came in off the line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Start {
    pub p: i32,
    pub speed: u8,
    pub temp: u8,
    pub lost: bool,
}

/// Rounds to the finish from the start of an activation, by `Start`.
#[derive(Debug, Clone)]
pub struct Table {
    first: i32,
    len: i32,
    finish: i32,
    speeds: usize,
    temps: usize,
    start: Vec<u32>,
}

impl Table {
    fn at(&self, p: i32, speed: u8, temp: u8, lost: bool) -> usize {
        let s = usize::from(speed).min(self.speeds - 1);
        let t = usize::from(temp).min(self.temps - 1);
        (((p - self.first) as usize * self.speeds + s) * self.temps + t) * 2 + usize::from(lost)
    }

    /// Rounds still needed from the start of an activation.
    pub fn start(&self, at: Start) -> u32 {
        let Start {
            p,
            speed,
            temp,
            lost,
        } = at;
        if p >= self.finish {
            return 0;
        }
        if p >= self.first {
            return self.start[self.at(p, speed, temp, lost)];
        }
        // Before the table (long races only): whole laps, each as long as the table's first lap
        // (from a place to the same place a lap on, with a whole lap still to come after it).
        let laps = (self.first - p + self.len - 1) / self.len;
        let q = p + laps * self.len;
        let here = self.start[self.at(q, speed, temp, lost)];
        let next = self.start[self.at(q + self.len, speed, temp, lost)];
        here.saturating_add(here.saturating_sub(next).saturating_mul(laps as u32))
    }
}

impl Course {
    /// Top speed and acceleration where an activation starts at `p` (uphill: one less).
    fn limits(&self, d: &Drive, p: i32) -> (u8, u8) {
        if self.row(p).uphill {
            (
                d.top.saturating_sub(1).max(1),
                d.acc.saturating_sub(1).max(1),
            )
        } else {
            (d.top, d.acc)
        }
    }

    /// Every way one activation can end from `(p, speed)` at its start, without repeats
    /// (`lost`: without the best-line +1 in the turn it is in).
    pub fn outcomes(&self, d: &Drive, p: i32, speed: u8, lost: bool, out: &mut Vec<Outcome>) {
        out.clear();
        let (top, acc) = self.limits(d, p);
        let up = self.row(p).uphill;
        let speed = if up {
            speed.min(top)
        } else {
            speed.min(top + 1)
        };
        let row = self.row(p);
        let base = Mv {
            p,
            speed,
            allowance: 0,
            spent: 0,
            acc_left: acc,
            top,
            heat: 0,
            cool: 0,
            engine: 0,
            brakes: 0,
            tires: 0,
            lost_line: if lost { row.turn } else { None },
            // A car standing before an entry line or on an exit line took that decision already.
            entry_done: row.entry,
            exit_done: if row.last { row.turn } else { None },
        };
        let standing = speed == 0;
        let go = |k: u8, push: bool, v: u8, out: &mut Vec<Outcome>| {
            let mut m = base;
            m.speed = v;
            m.allowance = v;
            m.acc_left = acc.saturating_sub(k);
            m.heat = u8::from(k >= acc);
            if push {
                m.engine += 1;
                m.heat += u8::from(!standing);
            }
            self.walk(d, m, out);
        };
        if !standing && speed <= top {
            go(0, false, speed, out);
        }
        if speed > top {
            go(0, true, top + 1, out);
        }
        for k in 1..=acc {
            if standing || speed < top {
                go(k, false, (speed + k).min(top), out);
            }
            if !standing && speed <= top && speed + k > top {
                go(k, true, top + 1, out);
            }
        }
        if standing {
            go(acc + 1, true, (acc + 1).min(top), out);
        } else {
            let mut m = base;
            m.speed = speed - 1;
            m.allowance = m.speed;
            m.cool = 1;
            self.walk(d, m, out);
        }
        // Stopping to cool: the round spent off the road, two steps cooler.
        out.push(Outcome {
            p,
            speed: 0,
            heat: 0,
            cool: 2,
            engine: 0,
            brakes: 0,
            tires: 0,
            lost: false,
        });
        prune(out);
    }

    /// The movement from `m`, branching at every decision; the ends go to `out`.
    fn walk(&self, d: &Drive, mut m: Mv, out: &mut Vec<Outcome>) {
        loop {
            let row = *self.row(m.p);
            if let Some(t) = row.entry {
                if m.entry_done != Some(t) && m.speed > 0 {
                    m.entry_done = Some(t);
                    for b in 0..=d.braking.min(m.speed) {
                        let mut n = m;
                        n.speed -= b;
                        n.allowance = n.speed;
                        self.walk(d, n, out);
                    }
                    let mut n = m;
                    n.speed -= 1;
                    n.allowance = n.speed;
                    n.cool += 1;
                    self.walk(d, n, out);
                    return;
                }
            }
            if row.last && m.exit_done != row.turn {
                m.exit_done = row.turn;
                if m.acc_left > 0 {
                    for j in 0..=m.acc_left {
                        let mut n = m;
                        n.speed = (m.speed + j).min(m.top.max(m.speed));
                        if j > 0 && j == m.acc_left {
                            n.heat += 1;
                        }
                        n.acc_left -= j;
                        n.allowance = n.speed;
                        self.walk(d, n, out);
                    }
                    return;
                }
            }
            if m.spent >= m.allowance {
                self.end(m, out);
                return;
            }
            let next = *self.row(m.p + 1);
            if next.turn.is_some() {
                let pin = d.pins[usize::from(next.rating.min(4))];
                let bonus = u8::from(m.lost_line != next.turn);
                if m.speed > pin + bonus {
                    // Emergency braking to the safe speed (+1 on the best line) or to it.
                    let least = m.speed - pin - bonus;
                    for e in least..=(m.speed - pin).min(d.emergency) {
                        if e == 0 {
                            continue;
                        }
                        let mut n = m;
                        n.speed -= e;
                        n.brakes += e;
                        n.allowance = n.speed;
                        self.walk(d, n, out);
                    }
                    if d.tire_price < NO_DRIFT {
                        self.drift(d, m, out);
                    }
                    return;
                }
            }
            m.p += 1;
            m.spent += 1;
            if next.turn.is_none() {
                m.exit_done = None;
                m.lost_line = None;
                if next.entry != m.entry_done {
                    m.entry_done = None;
                }
            }
            if m.p >= self.finish {
                // Over the line: the rest of the MPs carry it further past.
                m.p += i32::from(m.allowance - m.spent);
                self.end(m, out);
                return;
            }
        }
    }

    /// Entering a turn too fast and drifting (a Tire point): into the turn, then a row on and a
    /// lane outward at -1 Speed per MP until the Speed is safe or the turn is left; more lanes
    /// outward than the track has is a crash, a way the model does not take.
    fn drift(&self, d: &Drive, mut m: Mv, out: &mut Vec<Outcome>) {
        m.tires += 1;
        m.p += 1;
        m.spent += 1;
        let turn = self.row(m.p).turn;
        m.lost_line = turn;
        let mut outward = 0;
        loop {
            if m.p >= self.finish {
                m.p += i32::from(m.allowance.saturating_sub(m.spent));
                return self.end(m, out);
            }
            let row = *self.row(m.p);
            let pin = d.pins[usize::from(row.rating.min(4))];
            let safe = row.turn.is_some() && m.speed <= pin;
            if row.turn != turn || safe {
                return self.walk(d, m, out);
            }
            if m.spent >= m.allowance {
                // Stopped in the middle of the drift, off the line: next round a lift and coast
                // must bring it to the safe speed, for the lanes outward may be gone.
                if m.speed <= pin + 1 {
                    self.end(m, out);
                }
                return;
            }
            outward += 1;
            if outward >= self.lanes {
                return;
            }
            m.p += 1;
            m.spent += 1;
            m.speed -= 1;
            m.allowance = m.speed;
            if self.row(m.p).turn != turn {
                // Drifted over the exit line: no powering out there.
                m.exit_done = turn;
                m.lost_line = None;
                return self.walk(d, m, out);
            }
        }
    }

    /// The end of the movement: the downhill space, then the outcome.
    fn end(&self, mut m: Mv, out: &mut Vec<Outcome>) {
        let row = self.row(m.p);
        if m.p < self.finish && row.turn.is_none() && row.downhill && row.entry.is_none() {
            m.p += 1;
            m.speed = (m.speed + 1).min(self.tach_max);
        }
        out.push(Outcome {
            p: m.p,
            speed: m.speed,
            heat: m.heat,
            cool: m.cool,
            engine: m.engine,
            brakes: m.brakes,
            tires: m.tires,
            lost: m.lost_line.is_some() && m.lost_line == self.row(m.p).turn,
        });
    }
}

impl Course {
    /// Temperature after `o` from `temp`, and the Engine points of steps past the scale's top.
    fn temperature(&self, temp: u8, o: &Outcome) -> (u8, u8) {
        let t = i16::from(temp) + i16::from(o.heat) - i16::from(o.cool);
        let over = (t - i16::from(self.temp_max)).max(0) as u8;
        (t.clamp(0, i16::from(self.temp_max)) as u8, over)
    }

    /// The value of ending an activation at `at`: the end of the round (the T step, the
    /// overheating test), then the rounds from the next activation.
    pub fn end_value(&self, d: &Drive, table: &Table, at: Start) -> u32 {
        let Start {
            p,
            speed,
            temp,
            lost,
        } = at;
        if p >= self.finish {
            // Done this round: only the distance past the line still counts.
            let past = (p - self.finish).min(20) as u32;
            return PAST_LINE * (20 - past);
        }
        let (top, _) = self.limits(d, p);
        let (temp, over) = if speed == top && temp >= self.temp_max {
            (temp, 1u8)
        } else {
            (temp + u8::from(speed == top), 0u8)
        };
        let overheat = self.red.get(usize::from(temp)).copied().unwrap_or(0);
        let engine = u32::from(over) + u32::from(overheat);
        let lost = lost && self.row(p).turn.is_some();
        table
            .start(Start {
                p,
                speed,
                temp,
                lost,
            })
            .saturating_add(
                engine * u32::from(d.engine_price) * stake(self.finish - p, self.len) as u32
                    / STAKE as u32,
            )
    }

    /// Solves the table for one Drive.
    pub fn solve(&self, d: &Drive) -> Table {
        let speeds = usize::from(self.tach_max) + 1;
        let temps = usize::from(self.temp_max) + 1;
        // Three laps: the whole of a two-lap race from the grid, and enough of a longer one
        // for its first lap to be an ordinary lap (the last one ends at the line).
        let first = self.finish - 3 * self.len;
        let mut table = Table {
            first,
            len: self.len,
            finish: self.finish,
            speeds,
            temps,
            start: alloc::vec![STUCK; (self.finish - first) as usize * speeds * temps * 2],
        };
        let mut outs = Vec::new();
        for p in (first..self.finish).rev() {
            let in_turn = self.row(p).turn.is_some();
            // Speed 0 first, coolest first: the only rounds that end where they began (a stop,
            // braking to a standstill) end at Speed 0, cooler or as hot.
            for speed in 0..speeds as u8 {
                for lost in [false, true] {
                    if lost && !in_turn {
                        // Off a turn the line is never lost: the same values.
                        for temp in 0..temps as u8 {
                            let v = table.start[table.at(p, speed, temp, false)];
                            let i = table.at(p, speed, temp, true);
                            table.start[i] = v;
                        }
                        continue;
                    }
                    self.outcomes(d, p, speed, lost, &mut outs);
                    let share = stake(self.finish - p, self.len) as u32;
                    let price = |x: u16| u32::from(x) * share / STAKE as u32;
                    let (pe, pb, pt) = (
                        price(d.engine_price),
                        price(d.brake_price),
                        price(d.tire_price),
                    );
                    for temp in 0..temps as u8 {
                        let best = outs
                            .iter()
                            .map(|o| {
                                let (t, over) = self.temperature(temp, o);
                                let wear = u32::from(o.engine + over) * pe
                                    + u32::from(o.brakes) * pb
                                    + u32::from(o.tires) * pt;
                                let end = Start {
                                    p: o.p,
                                    speed: o.speed,
                                    temp: t,
                                    lost: o.lost,
                                };
                                ROUND
                                    .saturating_add(self.end_value(d, &table, end))
                                    .saturating_add(wear)
                            })
                            .min()
                            .unwrap_or(STUCK)
                            .min(STUCK);
                        let i = table.at(p, speed, temp, lost);
                        table.start[i] = best;
                    }
                }
            }
        }
        table
    }
}

/// The circuit's model and the tables solved so far, kept with the race definition (so every
/// state of a race and every race of a batch share them). A copy starts empty, as a `Memo` does.
#[derive(Debug, Default, PartialEq)]
pub struct PaceMemo {
    course: Arc<Memo<(), Course>>,
    tables: Arc<Memo<Drive, Table>>,
}

impl Clone for PaceMemo {
    fn clone(&self) -> Self {
        PaceMemo::default()
    }
}

impl PaceMemo {
    /// A memo that shares this one's tables, for a race on the same circuit with the same laps
    /// and Dashboard scales (the tables depend on nothing else): a batch of races that differ
    /// only in cars, seats or drivers (the ladder's configurations) solves each table once.
    pub fn shared(&self) -> PaceMemo {
        PaceMemo {
            course: self.course.clone(),
            tables: self.tables.clone(),
        }
    }

    pub fn course(&self, race: &RaceDef) -> Arc<Course> {
        self.course.get_or_make(&(), || Course::new(race))
    }

    pub fn table(&self, race: &RaceDef, d: &Drive) -> Arc<Table> {
        self.tables.get_or_make(d, || self.course(race).solve(d))
    }
}
