//! The records a Lamborghini race keeps: the turn of the moving car, a car's finish, and the
//! four draft decks by name.
use core::ops::{Index, IndexMut};

use alloc::vec::Vec;

use super::content::Kind;

/// The four decks of the draft ("Car, Driver, Technology and Manoeuvre"), as `LamboState::decks`
/// holds them; the Speed deck is formed from what is left of the last two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckKind {
    Car,
    Driver,
    Technology,
    Manoeuvre,
}

impl DeckKind {
    /// In the order the eight cards are turned face up at the start, two from each.
    pub const ALL: [DeckKind; 4] = [
        DeckKind::Car,
        DeckKind::Driver,
        DeckKind::Technology,
        DeckKind::Manoeuvre,
    ];

    /// The deck a card starts in; Banknotes are in none (they join the Speed deck).
    pub fn of(kind: Kind) -> Option<DeckKind> {
        match kind {
            Kind::Car => Some(DeckKind::Car),
            Kind::Driver => Some(DeckKind::Driver),
            Kind::Tech(..) => Some(DeckKind::Technology),
            Kind::Manoeuvre(_) => Some(DeckKind::Manoeuvre),
            Kind::Banknote => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DeckKind::Car => "Car",
            DeckKind::Driver => "Driver",
            DeckKind::Technology => "Technology",
            DeckKind::Manoeuvre => "Manoeuvre",
        }
    }
}

impl Index<DeckKind> for [Vec<u16>; 4] {
    type Output = Vec<u16>;
    fn index(&self, deck: DeckKind) -> &Vec<u16> {
        &self[deck as usize]
    }
}

impl IndexMut<DeckKind> for [Vec<u16>; 4] {
    fn index_mut(&mut self, deck: DeckKind) -> &mut Vec<u16> {
        &mut self[deck as usize]
    }
}

/// When and how a car crossed the finishing line: the ranking reads it ("the car who first
/// crosses the finishing line and in the same turn is not overtaken by another car").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FinishRecord {
    /// The game turn (round, from 1) in which the car crossed the line.
    pub turn: u16,
    /// Squares past the line at the end of that car's turn: within one game turn, further past
    /// is ahead.
    pub past_line: i32,
    /// The car's place in that game turn's order of movement (0 = moved first).
    pub in_order: u8,
}

/// The turn of the car moving now: everything its Speed card, cards played and checks gave it.
/// Reset at the start of each car's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Turn {
    /// The car moving (an index into `LamboState::murcs`).
    pub car: u8,
    /// The Speed card drawn for this movement (replaced when Fortune is played).
    pub card: u16,
    /// Squares added by the card played (Engine, Aerodynamics, Skill, Fast car, Winning, Will).
    pub bonus: i8,
    /// Squares won by manoeuvre checks of 10 or more ("+1 square movement" each).
    pub extra: i8,
    /// Squares of the allowance moved so far (a slipstream's free squares are not counted).
    pub spent: u8,
    /// A Technology or Manoeuvre card was played this turn: one a turn.
    pub played: bool,
    /// Manoeuvre checks the moving car has taken this turn ("2 manoeuvre checks per turn").
    pub checks: u8,
    /// Added to the moving car's manoeuvre checks this turn (Set-up, Manoeuvre, Engagement, Team).
    pub check_bonus: i8,
    /// The slipstream's free movement was taken: once a movement.
    pub slip_done: bool,
    /// Slipstreaming was played: the slipstream gives one more square, straight ahead, overtaking.
    pub slip_bonus: bool,
    /// Aerodynamics was played: no lane change this turn.
    pub no_lane_change: bool,
    /// The car has changed lane this turn (Aerodynamics may no longer be played).
    pub lane_changed: bool,
    /// Hazard was played: passing diagonally between two cars needs no manoeuvre check.
    pub hazard: bool,
    /// Damages a Brakes card still prevents this turn.
    pub shield: u8,
    /// Engagement was played this turn: a crash or push declared after it costs the car hit −1.
    pub engaged: bool,
    /// A crash or push was declared this turn (any player may, once a turn).
    pub declared: bool,
    /// An accident sent this movement's first square off the track: −3 squares this turn.
    pub off_track_penalty: bool,
    /// The forced crash of a blocked road was resolved this turn.
    pub blocked: bool,
    /// The crash or push under way comes from an Engagement card (the car hit checks at -1).
    pub engage_card: bool,
    /// The attacker checked 12 or more: -1 more to the car that suffers.
    pub attacker_12: bool,
    /// A Crazy Murciélago check waits, with the arrow's penalty: a card may be played for it
    /// first.
    pub crazy: Option<u8>,
    /// The movement is over; an accident's direction now applies to the car's next movement.
    pub ended: bool,
}
