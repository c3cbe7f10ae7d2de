//! Lamborghini's action encoding: card ids are dense (0..132), so card actions are blocks of
//! card ids; the rest are small sets.
use alloc::format;
use alloc::string::String;

use crate::error::Error;
use crate::game::Action;

pub const MAX_BID: u32 = 60; // in thousands of dollars

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    Left,
    Ahead,
    Right,
}

pub const DIRS: [Dir; 3] = [Dir::Left, Dir::Ahead, Dir::Right];

impl Dir {
    pub fn name(self) -> &'static str {
        match self {
            Dir::Left => "left",
            Dir::Ahead => "ahead",
            Dir::Right => "right",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Long game: the sealed bid for the pick order, in thousands.
    Bid(u8),
    /// Draft: turn a card of the Technology (true) or Manoeuvre deck; of the Car (true) or Driver deck.
    TurnTech(bool),
    TurnCar(bool),
    Pick(u16),
    /// Race: play a Technology or Manoeuvre card.
    Play(u16),
    /// One square: diagonally left, ahead, diagonally right.
    Step(Dir),
    /// The free slipstream square beside the reached car.
    Slip(Dir),
    /// A declared crash into the opponent's car ahead, or push of the one beside (any car, once
    /// a turn; an Engagement card played before adds its +1 and −1).
    Crash,
    Push(Dir),
    /// The direction a car takes after an accident, when somebody chooses it.
    Direction(Dir),
    /// The Team card: repair a damage (true) or +1 to the manoeuvre check.
    Team(bool),
    /// Take the manoeuvre check now (after playing a card for it, or without).
    Proceed,
    /// 2 players, set-up: keep the drivers on their cars, or swap them.
    SwapDrivers(bool),
    /// 2 players, set-up: link the next card of the hand to the first (0) or second (1) car.
    LinkTo(u8),
    /// Chance: the card drawn.
    Draw(u16),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encoding {
    pub cards: u16,
}

impl Encoding {
    fn n(&self) -> u32 {
        u32::from(self.cards)
    }
    fn b_pick(&self) -> u32 {
        MAX_BID + 1 + 4
    }
    fn b_play(&self) -> u32 {
        self.b_pick() + self.n()
    }
    fn b_small(&self) -> u32 {
        self.b_play() + self.n()
    }
    fn b_draw(&self) -> u32 {
        self.b_small() + 3 + 3 + 1 + 3 + 3 + 2 + 1 + 4
    }
    pub fn num_actions(&self) -> usize {
        (self.b_draw() + self.n()) as usize
    }

    pub fn encode(&self, m: Move) -> Action {
        let d = |d: Dir| DIRS.iter().position(|&x| x == d).unwrap_or(0) as u32;
        let s = self.b_small();
        match m {
            Move::Bid(k) => u32::from(k),
            Move::TurnTech(t) => MAX_BID + 1 + u32::from(!t),
            Move::TurnCar(c) => MAX_BID + 3 + u32::from(!c),
            Move::Pick(c) => self.b_pick() + u32::from(c),
            Move::Play(c) => self.b_play() + u32::from(c),
            Move::Step(x) => s + d(x),
            Move::Slip(x) => s + 3 + d(x),
            Move::Crash => s + 6,
            Move::Push(x) => s + 7 + d(x),
            Move::Direction(x) => s + 10 + d(x),
            Move::Team(repair) => s + 13 + u32::from(!repair),
            Move::Proceed => s + 15,
            Move::SwapDrivers(swap) => s + 16 + u32::from(swap),
            Move::LinkTo(k) => s + 18 + u32::from(k.min(1)),
            Move::Draw(c) => self.b_draw() + u32::from(c),
        }
    }

    pub fn decode(&self, a: Action) -> Option<Move> {
        let dir = |k: u32| DIRS.get(k as usize).copied();
        let s = self.b_small();
        Some(if a <= MAX_BID {
            Move::Bid(a as u8)
        } else if a < MAX_BID + 3 {
            Move::TurnTech(a == MAX_BID + 1)
        } else if a < self.b_pick() {
            Move::TurnCar(a == MAX_BID + 3)
        } else if a < self.b_play() {
            Move::Pick((a - self.b_pick()) as u16)
        } else if a < s {
            Move::Play((a - self.b_play()) as u16)
        } else if a < self.b_draw() {
            match a - s {
                k @ 0..=2 => Move::Step(dir(k)?),
                k @ 3..=5 => Move::Slip(dir(k - 3)?),
                6 => Move::Crash,
                k @ 7..=9 => Move::Push(dir(k - 7)?),
                k @ 10..=12 => Move::Direction(dir(k - 10)?),
                13 => Move::Team(true),
                14 => Move::Team(false),
                15 => Move::Proceed,
                16 => Move::SwapDrivers(false),
                17 => Move::SwapDrivers(true),
                18 => Move::LinkTo(0),
                _ => Move::LinkTo(1),
            }
        } else if (a as usize) < self.num_actions() {
            Move::Draw((a - self.b_draw()) as u16)
        } else {
            return None;
        })
    }

    pub fn label(&self, a: Action, card: &dyn Fn(u16) -> String) -> String {
        match self.decode(a) {
            None => format!("<invalid action {a}>"),
            Some(m) => match m {
                Move::Bid(0) => "bid nothing".into(),
                Move::Bid(k) => format!("bid {k}000$"),
                Move::TurnTech(true) => "turn a Technology card".into(),
                Move::TurnTech(false) => "turn a Manoeuvre card".into(),
                Move::TurnCar(true) => "turn a Car card".into(),
                Move::TurnCar(false) => "turn a Driver card".into(),
                Move::Pick(c) => format!("pick {}", card(c)),
                Move::Play(c) => format!("play {}", card(c)),
                Move::Step(d) => format!("move {}", d.name()),
                Move::Slip(d) => format!("slipstream {}", d.name()),
                Move::Crash => "crash into the car ahead".into(),
                Move::Push(d) => format!("push the car {}", d.name()),
                Move::Direction(d) => format!("direction {}", d.name()),
                Move::Team(true) => "team: repair a damage".into(),
                Move::Proceed => "take the check".into(),
                Move::SwapDrivers(false) => "keep the drivers".into(),
                Move::SwapDrivers(true) => "swap the drivers".into(),
                Move::LinkTo(k) => format!("link to car {}", if k == 0 { "A" } else { "B" }),
                Move::Team(false) => "team: +1 to the check".into(),
                Move::Draw(c) => format!("draw {}", card(c)),
            },
        }
    }

    pub fn parse(&self, label: &str, card: &dyn Fn(u16) -> String) -> Result<Action, Error> {
        let l = label.trim();
        let unknown = || Error::UnknownAction { what: l.into() };
        // Card actions name a card id: look the id up rather than every label.
        for (verb, make) in [
            ("draw ", Move::Draw as fn(u16) -> Move),
            ("pick ", Move::Pick),
            ("play ", Move::Play),
        ] {
            if let Some(id) = l.strip_prefix(verb) {
                let c = (0..self.cards)
                    .find(|&c| card(c).eq_ignore_ascii_case(id))
                    .ok_or_else(unknown)?;
                return Ok(self.encode(make(c)));
            }
        }
        (0..self.b_pick())
            .chain(self.b_small()..self.b_draw())
            .find(|&a| self.label(a, card).eq_ignore_ascii_case(l))
            .ok_or_else(unknown)
    }
}
