//! Lamborghini game options.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Value};

use crate::error::Error;

/// The Car Accident table's overlapping rows ("8 - 10 diagonal right", "9 - 11 diagonal left").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccidentReading {
    /// 8–9 right, 10–11 left: the overlap split evenly (our default).
    Split,
    /// 8–10 right, 11 left: the first printed row wins the overlap.
    RightFirst,
    /// 8 right, 9–11 left: the second printed row wins the overlap.
    LeftFirst,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LamboOptions {
    pub players: u8,
    pub circuit: String,
    /// Laps (the book: 3).
    pub laps: Option<u8>,
    /// The seat that "last saw a real Lamborghini": the first to choose.
    pub first_player: u8,
    pub accident: AccidentReading,
    /// Safety cap on race turns: cars still running are classified by distance.
    pub max_turns: u16,
    /// Long game: money, the pick-order auction, prices, several races.
    pub long: bool,
    /// Long game: the number of races.
    pub races: u8,
    /// Long game: the circuit of each race, in order (the book: "from 1 up to 2 races run on each
    /// track"); empty: every race on `circuit`.
    pub circuits: Vec<String>,
}

/// Prize money by finishing place in a long-game race (ours: the book prints none).
pub const PRIZES: [i32; 5] = [30_000, 20_000, 10_000, 5_000, 0];

const KEYS: [&str; 9] = [
    "circuits",
    "races",
    "players",
    "circuit",
    "laps",
    "first_player",
    "accident_table",
    "max_turns",
    "long",
];

impl LamboOptions {
    pub fn from_json(v: &Value) -> Result<LamboOptions, Error> {
        let m = v
            .as_object()
            .ok_or_else(|| Error::options("options", "must be a mapping"))?;
        if let Some(k) = m.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(Error::options(
                k.as_str(),
                format!("unknown option; known: {}", KEYS.join(", ")),
            ));
        }
        let int = |k: &str, d: u64, lo: u64, hi: u64| -> Result<u64, Error> {
            match m.get(k) {
                None | Some(Value::Null) => Ok(d),
                Some(v) => v
                    .as_u64()
                    .filter(|n| (lo..=hi).contains(n))
                    .ok_or_else(|| Error::options(k, format!("must be between {lo} and {hi}"))),
            }
        };
        let players = int("players", 4, 2, 5)? as u8;
        let first_player = int("first_player", 0, 0, 4)? as u8;
        if first_player >= players {
            return Err(Error::options("first_player", "must be one of the seats"));
        }
        let accident = match m.get("accident_table").and_then(Value::as_str) {
            None | Some("split") => AccidentReading::Split,
            Some("right_first") => AccidentReading::RightFirst,
            Some("left_first") => AccidentReading::LeftFirst,
            Some(o) => {
                return Err(Error::options(
                    "accident_table",
                    format!("{o:?}: split, right_first or left_first"),
                ))
            }
        };
        let long = match m.get("long") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err(Error::options("long", "true or false")),
        };
        let circuits: Vec<String> = match m.get("circuits") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(a)) if a.is_empty() => Vec::new(),
            Some(Value::Array(a)) if long && !a.is_empty() && a.len() <= 6 => a
                .iter()
                .map(|c| {
                    c.as_str()
                        .map(String::from)
                        .ok_or_else(|| Error::options("circuits", "circuit ids"))
                })
                .collect::<Result<_, _>>()?,
            Some(_) => {
                return Err(Error::options(
                    "circuits",
                    "a list of 1 to 6 circuit ids, in the long game",
                ))
            }
        };
        for c in &circuits {
            if circuits.iter().filter(|&x| x == c).count() > 2 {
                return Err(Error::options(
                    "circuits",
                    "from 1 up to 2 races on each track",
                ));
            }
        }
        let races_given = m.get("races").is_some_and(|v| !v.is_null());
        if circuits.is_empty() && races_given && int("races", 1, 1, 6)? > 2 {
            return Err(Error::options(
                "races",
                "from 1 up to 2 races run on each track: list the tracks in circuits",
            ));
        }
        if !circuits.is_empty() && races_given && int("races", 1, 1, 6)? as usize != circuits.len()
        {
            return Err(Error::options("races", "one race per entry of circuits"));
        }
        Ok(LamboOptions {
            players,
            // `null` is the circuit's own count, as a save writes it.
            laps: m
                .get("laps")
                .filter(|v| !v.is_null())
                .map(|_| int("laps", 3, 1, 9).map(|n| n as u8))
                .transpose()?,
            first_player,
            accident,
            max_turns: int("max_turns", 300, 10, 5000)? as u16,
            races: if !circuits.is_empty() {
                circuits.len() as u8
            } else if long {
                int("races", 2, 1, 6)? as u8
            } else {
                int("races", 1, 1, 1)? as u8
            },
            circuit: circuits.first().cloned().unwrap_or_else(|| {
                m.get("circuit")
                    .and_then(Value::as_str)
                    .unwrap_or("sant_agata")
                    .into()
            }),
            circuits,
            long,
        })
    }

    pub fn to_json(&self) -> Value {
        json!({
            "players": self.players,
            "circuit": self.circuit,
            "circuits": self.circuits,
            "laps": self.laps,
            "first_player": self.first_player,
            "accident_table": match self.accident {
                AccidentReading::Split => "split",
                AccidentReading::RightFirst => "right_first",
                AccidentReading::LeftFirst => "left_first",
            },
            "max_turns": self.max_turns,
            "long": self.long,
            "races": self.races,
        })
    }

    /// Murciélagos in the race: one each, two each with 2 players.
    pub fn cars(&self) -> usize {
        if self.players == 2 {
            4
        } else {
            usize::from(self.players)
        }
    }

    pub fn owner(&self, car: usize) -> u8 {
        (car % usize::from(self.players)) as u8
    }

    pub fn cars_of(&self, seat: u8) -> Vec<usize> {
        (0..self.cars())
            .filter(|&c| self.owner(c) == seat)
            .collect()
    }
}
