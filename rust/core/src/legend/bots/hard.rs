//! The `hard` driver: it plays out every way its activation can go under the real rules (its
//! own decisions only: lanes, braking, emergency braking, drifts, powering out, slipstreams, the
//! pit) and picks the one whose end is worth most by the pace table (`pace.rs`): the rounds
//! still needed from there to the finish, with the Engine, Brake and Tire points it spent priced
//! in rounds and a Damage card as a round and a half. Before the race it splits Reliability to
//! keep a reserve on both needles, and pays no wear point for a grid place. Everything in a
//! Legend race is public, so it reads the state.
use alloc::collections::BTreeMap;
use alloc::sync::Arc;

use super::pace::{Drive, Start, Table, STUCK};
use super::prices::{drive_of, point_price, wear};
use crate::game::Action;
use crate::legend::actions::Move;
use crate::legend::car::{Car, Status, BULBS, COOLANT};
use crate::legend::state::{LegendState, Phase};

/// A Damage card still to draw: the average card costs about this much, in thousandths of a round.
pub const DAMAGE: u32 = 1500;
/// Inside a turn without the best line (or unable to reach it before the entry line): the +1
/// the table counted on is gone for that turn.
const LINE_LOST: u32 = 250;
/// Cornered (see `cornered`): a round stopped, about.
const CORNERED: u32 = 1500;
/// Of two ends worth the same rounds, each row further ahead is worth this much.
pub const AHEAD: i64 = 4;
/// Positions searched in one decision before giving up on the search (never reached in our
/// circuits; the guard keeps a pathological position from stalling a game).
const MAX_NODES: usize = 50_000;

fn table(s: &LegendState, d: &Drive) -> Arc<Table> {
    s.race.pace.table(&s.race, d)
}

/// Rounds (in thousandths) `car` still needs from the end of its activation in `s`, with its
/// place, Speed and Temperature; `ended_round`: the round's end (T step, overheating) is past.
pub fn rounds_to_go(s: &LegendState, car: usize, ended_round: bool) -> u32 {
    let c = &s.cars[car];
    if c.status == Status::Retired {
        return STUCK;
    }
    let d = drive_of(s, car);
    let t = table(s, &d);
    let course = s.race.pace.course(&s.race);
    let track = s.race.track();
    let at = Start {
        p: c.progress,
        speed: c.speed,
        temp: c.temperature,
        lost: track.row(c.cell.row).turn.is_some() && !c.best_line,
    };
    if ended_round && c.progress < course.finish() {
        return t.start(at);
    }
    course.end_value(&d, &t, at)
}

/// Whether the car will lack the best-line +1 in the turn it is in or is about to enter.
fn line_lost(s: &LegendState, car: usize) -> bool {
    let track = s.race.track();
    let c = &s.cars[car];
    if track.row(c.cell.row).turn.is_some() {
        return false; // the table knows (`Start::lost`)
    }
    // On a straight: can it still slide onto the best line of the next turn's first row?
    let mut row = c.cell.row;
    for d in 1..=8u8 {
        row = track.next_row(row);
        let r = track.row(row);
        if r.turn.is_some() {
            return r.best_lane.is_some_and(|b| b.abs_diff(c.cell.lane) > d);
        }
    }
    false
}

/// Too fast inside a turn with no lane left outward to drift into and too few Brake points: the
/// table would have it drift next round, but the car can only stop or crash.
fn cornered(s: &LegendState, car: usize) -> bool {
    let track = s.race.track();
    let c = &s.cars[car];
    let Some(turn) = track.turn_at(c.cell.row) else {
        return false;
    };
    let pin = c.safe_speed(
        s.race.spec(car),
        s.race.dash(),
        s.rating_for(car, turn.rating),
    );
    let limit = pin + u8::from(c.best_line);
    let lift = c.speed.saturating_sub(1);
    let brakes = if c
        .limits(s.race.spec(car), s.race.dash(), false)
        .emergency_braking
    {
        c.brakes
    } else {
        0
    };
    lift > limit + brakes && turn.outward(c.cell.lane, track.lanes).is_none()
}

struct Search<'a> {
    car: usize,
    round: u16,
    root: &'a Car,
    memo: BTreeMap<u128, i64>,
    nodes: usize,
}

impl Search<'_> {
    fn active(&self, s: &LegendState) -> bool {
        s.round == self.round
            && s.phase.seat() == Some(self.car as u8)
            && !matches!(s.phase, Phase::Split { .. } | Phase::Challenge { .. })
    }

    fn leaf(&self, s: &LegendState) -> i64 {
        let c = &s.cars[self.car];
        if c.status == Status::Retired {
            return i64::from(STUCK) * 2;
        }
        let mut v = i64::from(rounds_to_go(s, self.car, s.round != self.round));
        v += i64::from(c.damage_due) * i64::from(DAMAGE);
        if c.status == Status::Racing && line_lost(s, self.car) {
            v += i64::from(LINE_LOST);
        }
        if c.status == Status::Racing && cornered(s, self.car) {
            v += i64::from(CORNERED);
        }
        let track = s.race.track();
        let inside = track
            .current_or_next_turn(c.cell.row)
            .map_or(0, |t| t.inside_rank(c.cell.lane, track.lanes));
        // Of two ends the table values alike (it counts whole rounds), the one further ahead
        // now leaves more room for what it cannot see: other cars, cards, the weather.
        v + wear(s, self.root, c) + i64::from(inside) - AHEAD * i64::from(c.progress)
    }

    fn value(&mut self, s: &LegendState) -> i64 {
        if !self.active(s) {
            return self.leaf(s);
        }
        if let Phase::Pit { .. } = s.phase {
            let mut n = s.clone();
            pit_out(&mut n, self.car);
            return self.value(&n);
        }
        let key = key(s, self.car);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        self.nodes += 1;
        let mut best = i64::from(STUCK) * 4;
        if self.nodes < MAX_NODES {
            for m in s.legal_moves() {
                if matches!(m, Move::SetSetup(..)) {
                    continue;
                }
                let mut n = s.clone();
                n.apply_move(m);
                n.settle();
                best = best.min(self.value(&n));
            }
        }
        self.memo.insert(key, best);
        best
    }
}

/// The parts worth fitting in the pit: all that repair something, but bulbs (no night in a
/// Track race) and the coolant when the stop's own cooling is enough.
fn pit_part(s: &LegendState, car: usize) -> Option<Move> {
    let c = &s.cars[car];
    s.pit_moves(car).into_iter().find(|m| match *m {
        Move::UseSpare(p) if p == BULBS => false,
        Move::UseSpare(p) if p == COOLANT => c.temperature >= 3,
        Move::UseSpare(_) => true,
        _ => false,
    })
}

fn pit_out(s: &mut LegendState, car: usize) {
    while let Some(m) = pit_part(s, car) {
        s.apply_move(m);
    }
    s.apply_move(Move::LeavePit);
    s.settle();
}

/// Everything about the moving car and its activation that the rest of the move depends on.
fn key(s: &LegendState, car: usize) -> u128 {
    let c = &s.cars[car];
    let a = &s.act;
    let phase: u128 = match s.phase {
        Phase::Pace { .. } => 0,
        Phase::EntryLine { turn, .. } => 1 + (u128::from(turn) << 4),
        Phase::Step { .. } => 2,
        Phase::ExitLine { .. } => 3,
        Phase::Slipstream { .. } => 4,
        Phase::TurnSlipstream { .. } => 5,
        _ => 6,
    };
    let fields: [(u128, u32); 18] = [
        (u128::from(c.cell.row), 16),
        (u128::from(c.cell.lane), 4),
        (u128::from(c.speed), 5),
        (u128::from(c.temperature), 5),
        (u128::from(c.engine), 5),
        (u128::from(c.brakes), 5),
        ((i16::from(c.tires) + 1) as u128, 5),
        (u128::from(c.best_line), 1),
        (c.entry_done.map_or(0, |t| u128::from(t) + 1), 5),
        (c.exit_done.map_or(0, |t| u128::from(t) + 1), 5),
        (u128::from(c.damage_due), 3),
        (u128::from(a.allowance), 5),
        (u128::from(a.spent), 5),
        (u128::from(a.acc_left), 4),
        (
            u128::from(a.drifting)
                | u128::from(a.drift_entering) << 1
                | u128::from(a.slip_done) << 2
                | u128::from(a.downhill_done) << 3
                | u128::from(a.drifted_past_exit) << 4,
            5,
        ),
        (u128::from(c.status as u8), 2),
        (phase, 12),
        (c.progress.rem_euclid(1 << 12) as u128, 12),
    ];
    fields.iter().fold(0u128, |acc, &(v, bits)| {
        (acc << bits) | (v & ((1 << bits) - 1))
    })
}

/// The hard driver's choice for the seat to act. In a Stage race: the stage planner
/// (`bots_stage.rs`), which scores the activation's ends itself.
pub fn action(s: &LegendState) -> Option<Action> {
    if s.race.is_stage_race() {
        return crate::legend::bots_stage::planned_action(s);
    }
    let car = usize::from(s.phase.seat()?);
    let enc = s.race.enc;
    let m = match s.phase {
        Phase::Split { .. } => {
            let r = s.race.spec(car).reliability;
            let brakes = if r >= 8 { 3 } else { 2 };
            Move::Split(r.saturating_sub(brakes).clamp(1, r - 1))
        }
        Phase::Challenge { .. } => challenge(s, car),
        // Matching a challenge only starts a war of attrition (see `challenge`): yielded.
        Phase::ChallengeReply { .. } => Move::Yield,
        Phase::PriorityBid { .. } => Move::NoBid,
        Phase::PriorityReply { .. } => Move::ConcedePriority,
        Phase::Pit { .. } => pit_part(s, car).unwrap_or(Move::LeavePit),
        _ => return plan(s, car),
    };
    let a = enc.encode(m);
    let legal = s.legal_moves();
    if legal.contains(&m) {
        Some(a)
    } else {
        legal.first().map(|&m| enc.encode(m))
    }
}

/// A grid place is worth about a row (an eighth of a round) and, in the first round, moving
/// before the car it passed; in thousandths of a round.
const GRID_PLACE: i64 = 125;

/// Qualifying: challenge the car ahead with the cheapest wear point, when that point costs less
/// than the place and the car ahead cannot match it: a Neutral Car takes no part in challenges
/// (the book's Neutral Cars track no wear), nor does a car with nothing left to pay. Between two
/// drivers who can both pay, each point matched costs both and moves nobody.
fn challenge(s: &LegendState, car: usize) -> Move {
    let pos = usize::from(s.quali.pos);
    let Some(&ahead) = pos.checked_sub(1).and_then(|p| s.grid.get(p)) else {
        return Move::NoChallenge;
    };
    let a = &s.cars[usize::from(ahead)];
    if !a.neutral && (a.engine > 1 || a.brakes > 1 || a.tires > 0) {
        return Move::NoChallenge;
    }
    s.legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Challenge(w) => Some((point_price(s, car, w), m)),
            _ => None,
        })
        .filter(|&(p, _)| p < GRID_PLACE)
        .min_by_key(|&(p, _)| p)
        .map_or(Move::NoChallenge, |(_, m)| m)
}

/// The decision on the way to the best end of this activation (the lowest id among equals).
fn plan(s: &LegendState, car: usize) -> Option<Action> {
    let mut best: Option<(i64, Action)> = None;
    for (a, v) in values(s, car) {
        if best.is_none_or(|(bv, ba)| v < bv || (v == bv && a < ba)) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a)
}

/// Each legal decision of the moving car with the value of the best end it leads to
/// (thousandths of a round still needed; lower is better).
pub fn values(s: &LegendState, car: usize) -> alloc::vec::Vec<(Action, i64)> {
    let mut root = s.clone();
    root.history.clear();
    let start = root.cars[car];
    let mut search = Search {
        car,
        round: root.round,
        root: &start,
        memo: BTreeMap::new(),
        nodes: 0,
    };
    let enc = s.race.enc;
    let mut out = alloc::vec::Vec::new();
    for m in root.legal_moves() {
        if matches!(m, Move::SetSetup(..)) {
            continue;
        }
        let mut n = root.clone();
        n.apply_move(m);
        n.settle();
        out.push((enc.encode(m), search.value(&n)));
    }
    out
}
