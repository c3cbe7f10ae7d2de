//! Legend's action encoding: every decision the book gives a driver, as small action sets.
//!
//! Decisions come first, then chance outcomes (their number depends on the decks); the decisions
//! only Stage races have come after them, so a Track race's ids are those it always had.
use alloc::format;
use alloc::string::String;

use super::car::SPARE_PARTS;
use crate::error::Error;
use crate::game::Action;

pub const MAX_STAT: u8 = 8;
pub const MAX_RELIABILITY: u8 = 24;
pub const MAX_LANES: u8 = 6;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wear {
    Engine,
    Brakes,
    Tires,
}

pub const WEARS: [Wear; 3] = [Wear::Engine, Wear::Brakes, Wear::Tires];

impl Wear {
    pub fn name(self) -> &'static str {
        match self {
            Wear::Engine => "engine",
            Wear::Brakes => "brakes",
            Wear::Tires => "tires",
        }
    }
}

/// The set-up cards that may change in the Pit Lane, with their two sides.
pub const ADJUSTABLE: [(&str, [&str; 2]); 3] = [
    ("suspension", ["stiff", "soft"]),
    ("tires", ["wet", "hard"]),
    ("mixture", ["rich", "standard"]),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Track-race set-up: Reliability split, this many points to the Engine.
    Split(u8),
    Challenge(Wear),
    NoChallenge,
    MatchChallenge,
    Yield,
    /// Optional rule: contest the moving order of tied cars with a Temperature step.
    BidPriority,
    NoBid,
    MatchBid,
    ConcedePriority,
    /// Use `k` Acceleration points (0 = maintain); `push` spends an Engine point (+1 past T, or
    /// +1 Acceleration at a standing start).
    Accelerate(u8, bool),
    LiftAndCoast,
    StopToCool,
    PitStop,
    /// At an entry line: brake by `k` (0 = no braking).
    Brake(u8),
    LiftAtEntry,
    EmergencyBrake(u8),
    Drift,
    MoveToLane(u8),
    RegainBestLine,
    PowerOut(u8),
    /// Slipstream on a straight: the extra space diagonally to this lane.
    SlipstreamTo(u8),
    DriftOutward,
    ResistWithTire,
    UseSpare(u8),
    LeavePit,
    /// In the Pit Lane: turn an adjustable set-up card (see `ADJUSTABLE`) to a side; the car then
    /// stays one more round.
    SetSetup(u8, u8),
    Die(u8),
    DamageCard(u8),
    EventCard(u8),
    /// Stage races: stop at a Technical Assistance spot (a marked tile) for repairs.
    Assistance,
    /// Stage races: take a spare part of this type (at a Technical Assistance spot, or at the
    /// start after a Check Point), staying one round more.
    TakeSpare(u8),
}

/// Ids for one game: the decks' sizes fix the chance block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encoding {
    pub damage_kinds: u8,
    pub event_kinds: u8,
    /// A Stage race: its own decisions follow the Event block, and two labels read for stages.
    pub stage: bool,
}

// Block sizes, in id order.
const SPLIT: u32 = MAX_RELIABILITY as u32; // engine 1..=24
const QUALI: u32 = 10; // qualifying challenges and the optional temperature bid for priority
const ACCEL: u32 = (MAX_STAT as u32 + 1) * 2; // k 0..=8, with and without push
const PACE_OTHER: u32 = 3; // lift and coast, stop to cool, pit stop
const BRAKE: u32 = MAX_STAT as u32 + 2; // brake 0..=8, lift at entry
const EMERGENCY: u32 = MAX_STAT as u32 + 1; // emergency 1..=8, drift
const LANES: u32 = MAX_LANES as u32;
const SMALL: u32 = 1 + (MAX_STAT as u32 + 1); // regain, power out 0..=8
const SLIP: u32 = LANES + 2;
const PIT: u32 = SPARE_PARTS.len() as u32 + 1 + 6; // parts, leave, adjustable set-up sides
const DIE: u32 = 6;
const STAGE: u32 = 1 + SPARE_PARTS.len() as u32; // technical assistance, take a part

const B_SPLIT: u32 = 0;
const B_QUALI: u32 = B_SPLIT + SPLIT;
const B_ACCEL: u32 = B_QUALI + QUALI;
const B_PACE: u32 = B_ACCEL + ACCEL;
const B_BRAKE: u32 = B_PACE + PACE_OTHER;
const B_EMERGENCY: u32 = B_BRAKE + BRAKE;
const B_LANES: u32 = B_EMERGENCY + EMERGENCY;
const B_SMALL: u32 = B_LANES + LANES;
const B_SLIP: u32 = B_SMALL + SMALL;
const B_PIT: u32 = B_SLIP + SLIP;
const B_DIE: u32 = B_PIT + PIT;
const B_DAMAGE: u32 = B_DIE + DIE;

impl Encoding {
    fn b_event(&self) -> u32 {
        B_DAMAGE + u32::from(self.damage_kinds)
    }

    fn b_stage(&self) -> u32 {
        self.b_event() + u32::from(self.event_kinds)
    }

    pub fn num_actions(&self) -> usize {
        (self.b_stage() + if self.stage { STAGE } else { 0 }) as usize
    }

    pub fn encode(&self, m: Move) -> Action {
        match m {
            Move::Split(k) => B_SPLIT + u32::from(k) - 1,
            Move::Challenge(w) => B_QUALI + w as u32,
            Move::NoChallenge => B_QUALI + 3,
            Move::MatchChallenge => B_QUALI + 4,
            Move::Yield => B_QUALI + 5,
            Move::BidPriority => B_QUALI + 6,
            Move::NoBid => B_QUALI + 7,
            Move::MatchBid => B_QUALI + 8,
            Move::ConcedePriority => B_QUALI + 9,
            Move::Accelerate(k, push) => B_ACCEL + u32::from(k) * 2 + u32::from(push),
            Move::LiftAndCoast => B_PACE,
            Move::StopToCool => B_PACE + 1,
            Move::PitStop => B_PACE + 2,
            Move::Brake(k) => B_BRAKE + u32::from(k),
            Move::LiftAtEntry => B_BRAKE + BRAKE - 1,
            Move::EmergencyBrake(k) => B_EMERGENCY + u32::from(k) - 1,
            Move::Drift => B_EMERGENCY + EMERGENCY - 1,
            Move::MoveToLane(l) => B_LANES + u32::from(l),
            Move::RegainBestLine => B_SMALL,
            Move::PowerOut(k) => B_SMALL + 1 + u32::from(k),
            Move::SlipstreamTo(l) => B_SLIP + u32::from(l),
            Move::DriftOutward => B_SLIP + LANES,
            Move::ResistWithTire => B_SLIP + LANES + 1,
            Move::UseSpare(p) => B_PIT + u32::from(p),
            Move::LeavePit => B_PIT + SPARE_PARTS.len() as u32,
            Move::SetSetup(card, side) => {
                B_PIT + SPARE_PARTS.len() as u32 + 1 + u32::from(card) * 2 + u32::from(side)
            }
            Move::Die(v) => B_DIE + u32::from(v) - 1,
            Move::DamageCard(i) => B_DAMAGE + u32::from(i),
            Move::EventCard(i) => self.b_event() + u32::from(i),
            Move::Assistance => self.b_stage(),
            Move::TakeSpare(p) => self.b_stage() + 1 + u32::from(p),
        }
    }

    pub fn decode(&self, a: Action) -> Option<Move> {
        let m = if a < B_QUALI {
            Move::Split((a - B_SPLIT + 1) as u8)
        } else if a < B_ACCEL {
            match a - B_QUALI {
                0 => Move::Challenge(Wear::Engine),
                1 => Move::Challenge(Wear::Brakes),
                2 => Move::Challenge(Wear::Tires),
                3 => Move::NoChallenge,
                4 => Move::MatchChallenge,
                5 => Move::Yield,
                6 => Move::BidPriority,
                7 => Move::NoBid,
                8 => Move::MatchBid,
                _ => Move::ConcedePriority,
            }
        } else if a < B_PACE {
            let k = a - B_ACCEL;
            Move::Accelerate((k / 2) as u8, k % 2 == 1)
        } else if a < B_BRAKE {
            [Move::LiftAndCoast, Move::StopToCool, Move::PitStop][(a - B_PACE) as usize]
        } else if a < B_EMERGENCY {
            let k = a - B_BRAKE;
            if k == BRAKE - 1 {
                Move::LiftAtEntry
            } else {
                Move::Brake(k as u8)
            }
        } else if a < B_LANES {
            let k = a - B_EMERGENCY;
            if k == EMERGENCY - 1 {
                Move::Drift
            } else {
                Move::EmergencyBrake((k + 1) as u8)
            }
        } else if a < B_SMALL {
            Move::MoveToLane((a - B_LANES) as u8)
        } else if a < B_SLIP {
            let k = a - B_SMALL;
            if k == 0 {
                Move::RegainBestLine
            } else {
                Move::PowerOut((k - 1) as u8)
            }
        } else if a < B_PIT {
            let k = a - B_SLIP;
            if k < LANES {
                Move::SlipstreamTo(k as u8)
            } else if k == LANES {
                Move::DriftOutward
            } else {
                Move::ResistWithTire
            }
        } else if a < B_DIE {
            let k = a - B_PIT;
            let parts = SPARE_PARTS.len() as u32;
            if k < parts {
                Move::UseSpare(k as u8)
            } else if k == parts {
                Move::LeavePit
            } else {
                let j = k - parts - 1;
                Move::SetSetup((j / 2) as u8, (j % 2) as u8)
            }
        } else if a < B_DAMAGE {
            Move::Die((a - B_DIE + 1) as u8)
        } else if a < self.b_event() {
            Move::DamageCard((a - B_DAMAGE) as u8)
        } else if a < self.b_stage() {
            Move::EventCard((a - self.b_event()) as u8)
        } else if (a as usize) < self.num_actions() {
            match a - self.b_stage() {
                0 => Move::Assistance,
                k => Move::TakeSpare((k - 1) as u8),
            }
        } else {
            return None;
        };
        Some(m)
    }

    /// The label; card outcomes are named from the decks by the caller (`names`).
    pub fn label(
        &self,
        a: Action,
        damage: &dyn Fn(u8) -> String,
        event: &dyn Fn(u8) -> String,
    ) -> String {
        match self.decode(a) {
            None => format!("<invalid action {a}>"),
            Some(m) => match m {
                Move::Split(k) => format!("engine {k}"),
                Move::Challenge(w) => format!("challenge with {}", w.name()),
                Move::NoChallenge => "no challenge".into(),
                Move::MatchChallenge => "match the challenge".into(),
                Move::Yield => "yield the position".into(),
                Move::BidPriority => "bid a temperature step for priority".into(),
                Move::NoBid => "no bid".into(),
                Move::MatchBid => "match the bid".into(),
                Move::ConcedePriority => "concede priority".into(),
                Move::Accelerate(0, false) => "maintain".into(),
                Move::Accelerate(0, true) => "maintain push".into(),
                Move::Accelerate(k, false) => format!("accelerate {k}"),
                Move::Accelerate(k, true) => format!("accelerate {k} push"),
                Move::LiftAndCoast => "lift and coast".into(),
                // In a Stage race the same stop also repairs ("Roadside Repairs").
                Move::StopToCool if self.stage => "roadside stop".into(),
                Move::StopToCool => "stop to cool".into(),
                Move::PitStop => "pit stop".into(),
                Move::Brake(0) => "no braking".into(),
                Move::Brake(k) => format!("brake {k}"),
                Move::LiftAtEntry => "lift and coast at entry".into(),
                Move::EmergencyBrake(k) => format!("emergency brake {k}"),
                Move::Drift => "drift".into(),
                Move::MoveToLane(l) => format!("move to lane {l}"),
                Move::RegainBestLine => "regain best line".into(),
                Move::PowerOut(0) => "no power out".into(),
                Move::PowerOut(k) => format!("power out {k}"),
                Move::SlipstreamTo(l) => format!("slipstream to lane {l}"),
                Move::DriftOutward => "slipstream drift outward".into(),
                Move::ResistWithTire => "resist with a tire point".into(),
                Move::UseSpare(p) => format!("use {}", SPARE_PARTS[usize::from(p)]),
                Move::SetSetup(card, side) => {
                    let (name, sides) = ADJUSTABLE[usize::from(card).min(2)];
                    format!("set {name} {}", sides[usize::from(side).min(1)])
                }
                Move::LeavePit if self.stage => "end the stop".into(),
                Move::LeavePit => "leave pit".into(),
                Move::Die(v) => format!("d6 {v}"),
                Move::DamageCard(i) => format!("damage {}", damage(i)),
                Move::EventCard(i) => format!("event {}", event(i)),
                Move::Assistance => "technical assistance".into(),
                Move::TakeSpare(p) => format!("take {}", SPARE_PARTS[usize::from(p).min(5)]),
            },
        }
    }

    pub fn parse(
        &self,
        label: &str,
        damage: &dyn Fn(u8) -> String,
        event: &dyn Fn(u8) -> String,
    ) -> Result<Action, Error> {
        // Labels are few per game: look the label up among all of them.
        (0..self.num_actions() as u32)
            .find(|&a| {
                self.label(a, damage, event)
                    .eq_ignore_ascii_case(label.trim())
            })
            .ok_or_else(|| Error::UnknownAction { what: label.into() })
    }
}
