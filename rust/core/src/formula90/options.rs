//! Formula 90 race options: the track, the number of players, the robots, the race length and
//! the readings players may disagree on (each a decision in docs/rules/formula90.md).
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde_json::{json, Map, Value};

use super::content::{Content, RobotType, MAX_HUMANS};
use super::weather::TyreTable;
use crate::error::Error;

/// Humans and robots together.
pub const MAX_CARS: usize = 16;

/// How many wear tokens each car of a tie draws in a duel ("recebem um dano para cada carro que
/// empatou").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieWear {
    /// One each (the example: two tied cars "recebem 1 dano").
    One,
    /// One per other tied car.
    PerOther,
}

/// Where a refuel counts from: the chit's place (the example: 8 + 13 = 21) or the current turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefuelFrom {
    Chit,
    CurrentTurn,
}

/// Which strategy cards a race offers (Apêndice A): the nine printed ones (the advanced game) or
/// the basic race's four.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategies {
    All,
    Basic,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub track: String,
    pub players: u8,
    /// Robots of each type: SuperFast, Fast, Slow; `None` takes the line-up for `players`.
    pub robots: Option<[u8; 3]>,
    /// Race length in game turns; `None` is the track's.
    pub turns: Option<u8>,
    /// Every pass costs 1 MP in the last turn, as at the start (the book copies the start's
    /// paragraph under "Fim da Corrida").
    pub last_turn_easy_passing: bool,
    pub duel_tie_wear: TieWear,
    pub refuel_from: RefuelFrom,
    pub strategies: Strategies,
    /// FREE PRACTICE: skills, setup tokens and the spare car.
    pub free_practice: bool,
    /// The book's Short Race (variant V1): the track's `short_turns`.
    pub short_race: bool,
    /// The weather and tyres module (the advanced game): on by default where the track prints
    /// a weather table.
    pub weather: bool,
    /// The Intermediate row of the tyre table (decision A2).
    pub tyre_table: TyreTable,
    /// The flags module (D.4 Bandeiras): the cards' yellow, green, blue and orange flags.
    pub flags: bool,
    /// The Track Cards' combination icon and Discard Powers (Mais Sobre Track Cards).
    pub track_powers: bool,
    /// The Safety Car and restarts (Safety Car (SC), Relargadas).
    pub safety_car: bool,
    /// Extreme Trajectories (the diamond spots): the blind test, the recovery, Flat Out and the
    /// orange flag's robots.
    pub extreme: bool,
}

const KEYS: [&str; 16] = [
    "track",
    "players",
    "robots",
    "turns",
    "last_turn_easy_passing",
    "duel_tie_wear",
    "refuel_from",
    "strategies",
    "free_practice",
    "race_length",
    "weather",
    "tyre_table",
    "flags",
    "track_powers",
    "safety_car",
    "extreme",
];

fn flag(map: &Map<String, Value>, key: &str, default: bool) -> Result<bool, Error> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(v) => Err(Error::options(
            key,
            format!("must be true or false, not {v}"),
        )),
    }
}

fn choice<'a>(
    map: &'a Map<String, Value>,
    key: &str,
    allowed: &[&str],
) -> Result<Option<&'a str>, Error> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if allowed.contains(&s.as_str()) => Ok(Some(s.as_str())),
        Some(v) => Err(Error::options(
            key,
            format!("{v}: one of {}", allowed.join(", ")),
        )),
    }
}

fn robots(v: &Value) -> Result<Option<[u8; 3]>, Error> {
    let bad = |why: String| Error::options("robots", why);
    match v {
        Value::Null => Ok(None),
        Value::Number(_) => Err(bad(
            "name the robots: {\"superfast\": 1, \"fast\": 2, \"slow\": 1} or a list of types"
                .into(),
        )),
        Value::Object(m) => {
            let mut out = [0u8; 3];
            for (k, n) in m {
                let t = RobotType::parse(k)
                    .ok_or_else(|| bad(format!("{k:?}: superfast, fast or slow")))?;
                let n = n
                    .as_u64()
                    .filter(|&n| n <= MAX_CARS as u64)
                    .ok_or_else(|| bad(format!("{k}: a count of robots, not {n}")))?;
                out[t as usize] = n as u8;
            }
            Ok(Some(out))
        }
        Value::Array(list) => {
            let mut out = [0u8; 3];
            for x in list {
                let t = x
                    .as_str()
                    .and_then(RobotType::parse)
                    .ok_or_else(|| bad(format!("{x}: superfast, fast or slow")))?;
                out[t as usize] += 1;
            }
            Ok(Some(out))
        }
        other => Err(bad(format!(
            "{other}: an object of counts or a list of types"
        ))),
    }
}

impl Options {
    pub fn defaults(content: &Content) -> Options {
        Options {
            track: content
                .track("lago")
                .map_or_else(|| content.tracks[0].id.clone(), |t| t.id.clone()),
            players: 2,
            robots: None,
            turns: None,
            last_turn_easy_passing: true,
            duel_tie_wear: TieWear::One,
            refuel_from: RefuelFrom::Chit,
            strategies: Strategies::All,
            free_practice: true,
            short_race: false,
            weather: false,
            tyre_table: TyreTable::Corrected,
            flags: true,
            track_powers: true,
            safety_car: true,
            extreme: true,
        }
    }

    pub fn from_json(v: &Value, content: &Content) -> Result<Options, Error> {
        let empty = Map::new();
        let map = match v {
            Value::Null => &empty,
            Value::Object(m) => m,
            other => return Err(Error::options("options", format!("an object, not {other}"))),
        };
        if let Some(k) = map.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(Error::options(
                k,
                format!("unknown option; known: {}", KEYS.join(", ")),
            ));
        }
        let mut o = Options::defaults(content);
        match map.get("track") {
            None | Some(Value::Null) => {}
            Some(Value::String(t)) if content.track(t).is_some() => o.track = t.clone(),
            Some(t) => {
                let known: Vec<&str> = content.tracks.iter().map(|t| t.id.as_str()).collect();
                return Err(Error::options(
                    "track",
                    format!("{t}: known tracks are {}", known.join(", ")),
                ));
            }
        }
        match map.get("players") {
            None | Some(Value::Null) => {}
            Some(p) => {
                o.players = p
                    .as_u64()
                    .filter(|n| (1..=MAX_HUMANS as u64).contains(n))
                    .ok_or_else(|| Error::options("players", format!("{p}: 1 to 6 players")))?
                    as u8;
            }
        }
        o.robots = robots(map.get("robots").unwrap_or(&Value::Null))?;
        let track = content.track(&o.track).expect("checked above");
        match map.get("turns") {
            None | Some(Value::Null) => {}
            Some(t) => {
                o.turns = Some(
                    t.as_u64()
                        .filter(|n| (2..=60).contains(n))
                        .ok_or_else(|| Error::options("turns", format!("{t}: 2 to 60 turns")))?
                        as u8,
                );
            }
        }
        o.last_turn_easy_passing = flag(map, "last_turn_easy_passing", true)?;
        o.duel_tie_wear = match choice(map, "duel_tie_wear", &["one", "per_other"])? {
            Some("per_other") => TieWear::PerOther,
            _ => TieWear::One,
        };
        o.refuel_from = match choice(map, "refuel_from", &["chit", "current_turn"])? {
            Some("current_turn") => RefuelFrom::CurrentTurn,
            _ => RefuelFrom::Chit,
        };
        o.strategies = match choice(map, "strategies", &["all", "basic"])? {
            Some("basic") => Strategies::Basic,
            _ => Strategies::All,
        };
        o.free_practice = flag(map, "free_practice", true)?;
        o.short_race = match choice(map, "race_length", &["full", "short"])? {
            Some("short") if o.turns.is_some() => {
                return Err(Error::options(
                    "race_length",
                    "a short race has the track's length: give turns or race_length, not both",
                ))
            }
            Some("short") => true,
            _ => false,
        };
        let printed = !track.weather.is_empty();
        o.weather = flag(map, "weather", printed)?;
        if o.weather && !printed {
            return Err(Error::options(
                "weather",
                format!("{} prints no weather table", track.name),
            ));
        }
        o.tyre_table = match choice(map, "tyre_table", &["corrected", "as_printed"])? {
            Some("as_printed") => TyreTable::AsPrinted,
            _ => TyreTable::Corrected,
        };
        o.flags = flag(map, "flags", true)?;
        o.track_powers = flag(map, "track_powers", true)?;
        o.safety_car = flag(map, "safety_car", true)?;
        o.extreme = flag(map, "extreme", true)?;
        let robots = o.robot_counts(content);
        for (t, kind) in RobotType::ALL.into_iter().enumerate() {
            let chits = content
                .robots
                .chits
                .iter()
                .filter(|c| c.kind == kind)
                .count();
            if usize::from(robots[t]) > chits {
                return Err(Error::options(
                    "robots",
                    format!(
                        "{} {} robots but only {chits} refuel chits of that type in robots.toml",
                        robots[t],
                        kind.key()
                    ),
                ));
            }
        }
        let cars = usize::from(o.players) + robots.iter().map(|&n| usize::from(n)).sum::<usize>();
        if cars > MAX_CARS {
            return Err(Error::options(
                "robots",
                format!("{cars} cars: at most {MAX_CARS} humans and robots"),
            ));
        }
        let grid = (track.len() - 1) * usize::from(track.grid_per_section);
        if cars > grid {
            return Err(Error::options(
                "robots",
                format!("{cars} cars do not fit the grid of {}", track.name),
            ));
        }
        Ok(o)
    }

    /// Robots of each type in this race.
    pub fn robot_counts(&self, content: &Content) -> [u8; 3] {
        self.robots
            .unwrap_or(content.robots.lineup[usize::from(self.players.max(1)) - 1])
    }

    pub fn to_json(&self) -> Value {
        json!({
            "track": self.track,
            "players": self.players,
            "robots": self.robots.map(|r| json!({"superfast": r[0], "fast": r[1], "slow": r[2]})),
            "turns": self.turns,
            "last_turn_easy_passing": self.last_turn_easy_passing,
            "duel_tie_wear": match self.duel_tie_wear { TieWear::One => "one", TieWear::PerOther => "per_other" },
            "refuel_from": match self.refuel_from { RefuelFrom::Chit => "chit", RefuelFrom::CurrentTurn => "current_turn" },
            "strategies": match self.strategies { Strategies::All => "all", Strategies::Basic => "basic" },
            "free_practice": self.free_practice,
            "race_length": if self.short_race { "short" } else { "full" },
            "weather": self.weather,
            "flags": self.flags,
            "track_powers": self.track_powers,
            "safety_car": self.safety_car,
            "extreme": self.extreme,
            "tyre_table": match self.tyre_table { TyreTable::Corrected => "corrected", TyreTable::AsPrinted => "as_printed" },
        })
    }

    pub fn describe(&self) -> String {
        self.to_json().to_string()
    }
}
