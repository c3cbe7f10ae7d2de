//! The section track (Circuitos): a closed loop of straights, braking zones and corners, with
//! the trajectories, late-braking points and recovery charts the board prints, and the turn
//! track. No lanes and no spaces inside a section: a section holds cars in a queue.
use alloc::string::String;
use alloc::vec::Vec;

use super::cards::Colour;

/// Section kinds by the colour of their border: straight (brown), braking (grey), corner (yellow).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Straight,
    Braking,
    Corner,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Straight => "straight",
            Kind::Braking => "braking",
            Kind::Corner => "corner",
        }
    }
}

/// Costs printed beside a trajectory (a tyre, a wear or a card symbol): paid in D.1 or the
/// trajectory is ignored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Costs {
    pub tyres: u8,
    pub wear: u8,
    pub discard: u8,
}

/// A standard trajectory: a bonus in one or two card colours, at most one car at a time.
/// `outer` orders spots across the track (robots prefer the outermost of equal bonuses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trajectory {
    /// Colour bits (`Colour::bit`).
    pub colours: u8,
    pub bonus: u8,
    pub costs: Costs,
    pub outer: u8,
}

impl Trajectory {
    pub fn matches(&self, c: Colour) -> bool {
        self.colours & c.bit() != 0
    }
}

/// An Extreme Trajectory spot (the diamond): read by the advanced module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extreme {
    pub colours: u8,
    pub bonus: u8,
    pub modifier: i8,
    pub recovery: u16,
}

/// A late-braking (LB) point: its printed test modifier and the recovery chart beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LateBrake {
    pub modifier: i8,
    pub recovery: u16,
}

/// What one arrow of a recovery chart does ("Manobras de Recuperação"): every cost at once,
/// then another test (`next`), a re-entry point (`reenter`, LB routes) or back on the spot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outcome {
    pub tyres: u8,
    pub wear: u8,
    pub discard: u8,
    pub time_loss: u8,
    pub forced_pit: bool,
    pub abandon: bool,
    /// The Safety Car symbol beside a Crash Out (advanced module).
    pub safety_car: bool,
    pub next: Option<u16>,
    pub reenter: Option<u8>,
}

/// A test of a recovery chart with its green (pass) and red (fail) arrows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecoveryNode {
    pub blind: bool,
    pub modifier: i8,
    pub pass: Outcome,
    pub fail: Outcome,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Recovery {
    pub id: String,
    /// Node indices into `Track::nodes`, the first being the start.
    pub start: u16,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    pub kind: Kind,
    /// Corner number (0 for straights and braking zones) and name.
    pub corner: u8,
    pub name: String,
    /// The duel modifier printed beside a corner's name.
    pub duel: i8,
    pub trajectories: Vec<Trajectory>,
    pub extreme: Option<Extreme>,
    pub late_brake: Option<LateBrake>,
    /// Drawing only: centre-line length and the angle it turns (degrees, left positive).
    pub length: f32,
    pub angle: f32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Track {
    pub id: String,
    pub name: String,
    /// Race length in game turns.
    pub turns: u8,
    /// The Short Race's length (option `race_length = "short"`).
    pub short_turns: u8,
    /// Turns that open a Race Stage (a black-marked row of the turn track).
    pub stages: Vec<u8>,
    /// Laps a turn stands for (cosmetic, printed small on the turn track).
    pub laps_per_turn: u8,
    /// The pit-stop box: sections a pitting car goes back.
    pub pit: u8,
    /// Cars per grid section, behind the finish line.
    pub grid_per_section: u8,
    pub sections: Vec<Section>,
    pub recoveries: Vec<Recovery>,
    pub nodes: Vec<RecoveryNode>,
    /// The Track deck (ids 99.. in this order).
    pub cards: Vec<super::cards::Card>,
    /// The weather table, driest space first (empty: the track prints none).
    pub weather: Vec<super::weather::Space>,
}

impl Track {
    pub fn len(&self) -> usize {
        self.sections.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sections.is_empty()
    }

    pub fn kind(&self, s: u8) -> Kind {
        self.sections[usize::from(s)].kind
    }

    /// The section after `s` in driving direction.
    pub fn next(&self, s: u8) -> u8 {
        if usize::from(s) + 1 == self.len() {
            0
        } else {
            s + 1
        }
    }

    /// `k` sections behind `s`, and how many times that crosses the finish line backwards.
    pub fn back(&self, s: u8, k: u16) -> (u8, u16) {
        let n = self.len() as i32;
        let raw = i32::from(s) - i32::from(k);
        let laps = if raw < 0 {
            ((-raw - 1) / n + 1) as u16
        } else {
            0
        };
        (raw.rem_euclid(n) as u8, laps)
    }

    /// Whether section `s` is one of corner `corner`'s sections (a Track Card's corner).
    pub fn in_corner(&self, s: u8, corner: u8) -> bool {
        let sec = &self.sections[usize::from(s)];
        sec.kind == Kind::Corner && sec.corner == corner
    }

    pub fn is_race_stage_start(&self, turn: u8) -> bool {
        self.stages.contains(&turn)
    }

    /// The track's own name of section `s` (a corner's), None where it names none: the views,
    /// moves and events give that and the section's kind and number, and the game's words
    /// module words a section from them (issue 29: no English made here for people).
    pub fn section_own_name(&self, s: u8) -> Option<&str> {
        let name = &self.sections[usize::from(s)].name;
        (!name.is_empty()).then_some(name.as_str())
    }

    /// A section as the action labels name it: its corner's name, or "straight 3" counting
    /// from 1 (labels are the stable names for replays and scripts, in English).
    pub fn section_name(&self, s: u8) -> String {
        let sec = &self.sections[usize::from(s)];
        if !sec.name.is_empty() {
            return sec.name.clone();
        }
        alloc::format!("{} {}", sec.kind.name(), u16::from(s) + 1)
    }
}
