//! The action encoding: dense ids and their stable labels.
//!
//! | ids                     | meaning                                   | label                      |
//! |-------------------------|-------------------------------------------|----------------------------|
//! | 0..21                   | chance: the card drawn (by kind)          | `draw Stop`                |
//! | 21..36                  | play a card on your own side              | `play 200`, `play Roll`    |
//! | 36..36+6·S              | play a hazard on side t (hazard-major)    | `play Stop on player 2`    |
//! | 36+6·S..57+6·S          | discard a card                            | `discard 25`               |
//! | 57+6·S..61+6·S          | coup fourré, decline it, extend, stop     | `coup fourre`, `extend`    |
//!
//! S is the number of sides (players, or teams: then labels say `on team t`). Ids number sides
//! from 0, like seats; labels count them from 1, as people do: side 0 is `player 1`.
use alloc::format;
use alloc::string::String;

use super::cards::{Card, HAZARDS, NUM_KINDS, OWN_PLAYS};
use crate::error::Error;
use crate::game::Action;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Draw(Card),
    Play(Card),
    Attack(Card, u8),
    Discard(Card),
    CoupFourre,
    DeclineCoupFourre,
    Extend,
    StopAt700,
}

const PLAY_BASE: u32 = NUM_KINDS as u32;
const ATTACK_BASE: u32 = PLAY_BASE + OWN_PLAYS.len() as u32;

/// Action ids for a game with `sides` sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encoding {
    pub sides: u8,
    pub teams: bool,
}

impl Encoding {
    fn discard_base(&self) -> u32 {
        ATTACK_BASE + HAZARDS.len() as u32 * u32::from(self.sides)
    }

    fn special_base(&self) -> u32 {
        self.discard_base() + NUM_KINDS as u32
    }

    pub fn num_actions(&self) -> usize {
        self.special_base() as usize + 4
    }

    pub fn encode(&self, m: Move) -> Action {
        match m {
            Move::Draw(c) => c.index() as u32,
            Move::Play(c) => {
                PLAY_BASE
                    + OWN_PLAYS
                        .iter()
                        .position(|&o| o == c)
                        .expect("not an own play") as u32
            }
            Move::Attack(h, side) => {
                let hi = HAZARDS.iter().position(|&o| o == h).expect("not a hazard") as u32;
                ATTACK_BASE + hi * u32::from(self.sides) + u32::from(side)
            }
            Move::Discard(c) => self.discard_base() + c.index() as u32,
            Move::CoupFourre => self.special_base(),
            Move::DeclineCoupFourre => self.special_base() + 1,
            Move::Extend => self.special_base() + 2,
            Move::StopAt700 => self.special_base() + 3,
        }
    }

    pub fn decode(&self, a: Action) -> Option<Move> {
        let s = u32::from(self.sides);
        Some(if a < PLAY_BASE {
            Move::Draw(Card::from_index(a as usize)?)
        } else if a < ATTACK_BASE {
            Move::Play(OWN_PLAYS[(a - PLAY_BASE) as usize])
        } else if a < self.discard_base() {
            let k = a - ATTACK_BASE;
            Move::Attack(HAZARDS[(k / s) as usize], (k % s) as u8)
        } else if a < self.special_base() {
            Move::Discard(Card::from_index((a - self.discard_base()) as usize)?)
        } else {
            match a - self.special_base() {
                0 => Move::CoupFourre,
                1 => Move::DeclineCoupFourre,
                2 => Move::Extend,
                3 => Move::StopAt700,
                _ => return None,
            }
        })
    }

    fn side_word(&self) -> &'static str {
        if self.teams {
            "team"
        } else {
            "player"
        }
    }

    pub fn label(&self, a: Action) -> String {
        match self.decode(a) {
            Some(Move::Draw(c)) => format!("draw {}", c.name()),
            Some(Move::Play(c)) => format!("play {}", c.name()),
            Some(Move::Attack(h, t)) => {
                format!(
                    "play {} on {} {}",
                    h.name(),
                    self.side_word(),
                    u16::from(t) + 1
                )
            }
            Some(Move::Discard(c)) => format!("discard {}", c.name()),
            Some(Move::CoupFourre) => String::from("coup fourre"),
            Some(Move::DeclineCoupFourre) => String::from("decline coup fourre"),
            Some(Move::Extend) => String::from("extend to 1000"),
            Some(Move::StopAt700) => String::from("stop at 700"),
            None => format!("<invalid action {a}>"),
        }
    }

    /// Inverse of `label`; also accepts Italian card names and "coup fourré".
    pub fn parse(&self, label: &str) -> Result<Action, Error> {
        let unknown = || Error::UnknownAction {
            what: String::from(label),
        };
        let l = label.trim();
        let m = match l.to_ascii_lowercase().as_str() {
            "coup fourre" | "coup fourré" => Move::CoupFourre,
            "decline coup fourre" | "decline coup fourré" => Move::DeclineCoupFourre,
            "extend to 1000" | "extend" => Move::Extend,
            "stop at 700" => Move::StopAt700,
            _ => {
                let (verb, rest) = l.split_once(' ').ok_or_else(unknown)?;
                match verb.to_ascii_lowercase().as_str() {
                    "draw" => Move::Draw(Card::parse(rest).ok_or_else(unknown)?),
                    "discard" => Move::Discard(Card::parse(rest).ok_or_else(unknown)?),
                    "play" => self.parse_play(rest).map_err(|why| Error::UnknownAction {
                        what: match why {
                            Some(why) => format!("{l} ({why})"),
                            None => String::from(label),
                        },
                    })?,
                    _ => return Err(unknown()),
                }
            }
        };
        Ok(self.encode(m))
    }

    /// `Err(Some(why))` when the label names a side that is not in the game.
    fn parse_play(&self, rest: &str) -> Result<Move, Option<String>> {
        if let Some((card, target)) = rest.rsplit_once(" on ") {
            let hazard = Card::parse(card).filter(|c| c.is_hazard()).ok_or(None)?;
            let (word, n) = target.trim().split_once(' ').ok_or(None)?;
            let side_word = self.side_word();
            if !word.eq_ignore_ascii_case(side_word) {
                return Err(None);
            }
            let n: u16 = n.trim().parse().map_err(|_| None)?;
            if (1..=u16::from(self.sides)).contains(&n) {
                return Ok(Move::Attack(hazard, (n - 1) as u8));
            }
            return Err(Some(format!(
                "{side_word}s count from 1: {side_word} 1 to {}",
                self.sides
            )));
        }
        Card::parse(rest)
            .filter(|c| !c.is_hazard())
            .map(Move::Play)
            .ok_or(None)
    }
}
