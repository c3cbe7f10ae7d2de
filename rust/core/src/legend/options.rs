//! Legend race options: the circuit (a Track race) or the route (a Stage race), the cars on each
//! seat, laps, and every optional rule.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::car::{Setup, Tread};
use crate::error::Error;

pub const MAX_CARS: usize = 12;
/// Cars in the field when the options name none.
pub const DEFAULT_FIELD: usize = 4;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegendOptions {
    pub circuit: String,
    /// Car id per seat (a car model may appear twice: the shared-car rule).
    pub cars: Vec<String>,
    /// Seats driven by the Neutral Car rules inside the core.
    pub neutral: Vec<bool>,
    pub laps: Option<u8>,
    /// Optional rule: slipstreaming inside turns.
    pub slipstream_in_turns: bool,
    /// Optional rule: the colliding car draws 2 Damage cards and the hit car 1.
    pub realistic_collisions: bool,
    /// Optional rule: tied cars may contest the moving order by bidding a Temperature step.
    pub priority_bid: bool,
    /// Qualifying by the circuit's characteristics and the wear-point challenge; off: seat order.
    pub qualifying: bool,
    /// Every car splits its Reliability itself (a decision); off: half to each, Engine rounded up.
    pub choose_split: bool,
    /// Safety cap: cars still racing after this many rounds are classified by distance.
    pub max_rounds: u16,
    /// Optional rule "Car Setup": each seat's cards (all unused by default).
    pub setups: Vec<Setup>,
    /// A car's condition carried over from an earlier race (a Championship), per seat.
    pub condition: Vec<Option<Condition>>,
    /// The Spare Part cards each seat keeps after the auction ("Each player will start the game
    /// with the Spare part cards left after the auction"), per seat; None: one of each type.
    pub spares: Vec<Option<[u8; 6]>>,
    /// A Stage race on this route (instead of a Track race on `circuit`).
    pub route: Option<String>,
    /// Optional rule (Standard Stage Finish): residual MPs at an Arrivo become saved time.
    pub residual_mps: bool,
    /// Historical Gameplay: the game is won on the points table, not by racing time alone.
    pub historical_points: bool,
    /// When a Neutral Car pays the Check Point's 6 minutes (decision 52).
    pub neutral_checkpoint_penalty: NeutralCheckPoint,
}

/// When a Neutral Car crossing a Check Point line pays its 6 minutes (docs/rules/legend.md,
/// decision 52). The book: "Treat the Checkpoint line as the entry line of a B-Turn for Neutral
/// Cars", and it exempts no car from the line's limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NeutralCheckPoint {
    /// Above the larger of the line's limit and its B column for the round's die: the B column is
    /// its speed for a B turn, so a car that took it there crossed as the book tells it to.
    AboveBColumn,
    /// Above the line's limit, as every car (`true`).
    AboveLimit,
    /// Never (`false`; the reading before 7 December 2026).
    Never,
}

impl NeutralCheckPoint {
    const NAMES: [(&'static str, NeutralCheckPoint); 3] = [
        ("above_b_column", NeutralCheckPoint::AboveBColumn),
        ("above_limit", NeutralCheckPoint::AboveLimit),
        ("never", NeutralCheckPoint::Never),
    ];

    fn parse(v: Option<&Value>) -> Result<NeutralCheckPoint, Error> {
        let key = "neutral_checkpoint_penalty";
        match v {
            None | Some(Value::Null) => Ok(NeutralCheckPoint::AboveBColumn),
            Some(Value::Bool(true)) => Ok(NeutralCheckPoint::AboveLimit),
            Some(Value::Bool(false)) => Ok(NeutralCheckPoint::Never),
            Some(Value::String(s)) => Self::NAMES
                .iter()
                .find(|(n, _)| n == s)
                .map(|&(_, x)| x)
                .ok_or_else(|| {
                    Error::options(
                        key,
                        format!(
                            "{s:?}: one of above_b_column, above_limit, never (or true, false)"
                        ),
                    )
                }),
            Some(v) => Err(Error::options(
                key,
                format!("must be above_b_column, above_limit or never (or true, false), not {v}"),
            )),
        }
    }

    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, x)| *x == self)
            .map_or("above_b_column", |(n, _)| n)
    }
}

/// Needles, switches and spare parts a car brings to the start instead of a fresh car.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Condition {
    pub engine: u8,
    pub engine_max: u8,
    pub brakes: u8,
    pub brakes_max: u8,
    pub tires: i8,
    pub spares: [u8; 6],
    pub battery_ok: bool,
    pub headlights_ok: bool,
}

const KEYS: [&str; 17] = [
    "spares",
    "route",
    "residual_mps",
    "historical_points",
    "neutral_checkpoint_penalty",
    "priority_bid",
    "setups",
    "condition",
    "circuit",
    "cars",
    "neutral",
    "laps",
    "slipstream_in_turns",
    "realistic_collisions",
    "qualifying",
    "choose_split",
    "max_rounds",
];

fn flag(map: &serde_json::Map<String, Value>, key: &str, default: bool) -> Result<bool, Error> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(v) => Err(Error::options(
            key,
            format!("must be true or false, not {v}"),
        )),
    }
}

impl LegendOptions {
    pub fn from_json(v: &Value) -> Result<LegendOptions, Error> {
        let map = v
            .as_object()
            .ok_or_else(|| Error::options("options", "must be a mapping"))?;
        if let Some(k) = map.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(Error::options(
                k.as_str(),
                format!("unknown option; known: {}", KEYS.join(", ")),
            ));
        }
        let route = match map.get("route") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(v) => {
                return Err(Error::options(
                    "route",
                    format!("must be a route id, not {v}"),
                ))
            }
        };
        if route.is_some() {
            // A Stage race has no circuit, laps, qualifying or Reliability split (Setup step 5).
            let track_only = ["circuit", "laps", "qualifying", "choose_split", "condition"];
            if let Some(k) = track_only
                .iter()
                .find(|k| !matches!(map.get(**k), None | Some(Value::Null)))
            {
                return Err(Error::options(
                    *k,
                    "a Track-race option: a Stage race (route) has no circuit, laps, qualifying, Reliability split or carried-over condition",
                ));
            }
        } else if let Some(k) = [
            "residual_mps",
            "historical_points",
            "neutral_checkpoint_penalty",
        ]
        .iter()
        .find(|k| matches!(map.get(**k), Some(Value::Bool(true) | Value::String(_))))
        {
            return Err(Error::options(*k, "a Stage-race option: name a route"));
        }
        let circuit = match map.get("circuit") {
            None | Some(Value::Null) => String::from("example"),
            Some(Value::String(s)) => s.clone(),
            Some(v) => {
                return Err(Error::options(
                    "circuit",
                    format!("must be a circuit id, not {v}"),
                ))
            }
        };
        let cars: Vec<String> = match map.get("cars") {
            Some(Value::Array(a)) => a
                .iter()
                .map(|c| {
                    c.as_str()
                        .map(String::from)
                        .ok_or_else(|| Error::options("cars", "car ids are strings"))
                })
                .collect::<Result<_, _>>()?,
            // The default field is filled in from the content (`with_default_field`).
            None | Some(Value::Null) => {
                if let Some(k) = ["neutral", "setups", "condition", "spares"]
                    .iter()
                    .find(|k| !matches!(map.get(**k), None | Some(Value::Null)))
                {
                    return Err(Error::options(
                        *k,
                        "one value per car: name the cars too (option cars)",
                    ));
                }
                Vec::new()
            }
            Some(v) => {
                return Err(Error::options(
                    "cars",
                    format!("must be a list of car ids, not {v}"),
                ))
            }
        };
        if map.get("cars").is_some_and(|c| !c.is_null())
            && (cars.len() < 2 || cars.len() > MAX_CARS)
        {
            return Err(Error::options(
                "cars",
                format!("2 to {MAX_CARS} cars, not {}", cars.len()),
            ));
        }
        let neutral = match map.get("neutral") {
            None | Some(Value::Null) => alloc::vec![false; cars.len()],
            Some(Value::Array(a)) if a.len() == cars.len() => a
                .iter()
                .map(|b| {
                    b.as_bool()
                        .ok_or_else(|| Error::options("neutral", "one true/false per car"))
                })
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(Error::options("neutral", "one true/false per car")),
        };
        let laps = match map.get("laps") {
            None | Some(Value::Null) => None,
            Some(v) => match v.as_u64() {
                Some(n @ 1..=20) => Some(n as u8),
                _ => return Err(Error::options("laps", "must be between 1 and 20")),
            },
        };
        let max_rounds = match map.get("max_rounds") {
            None | Some(Value::Null) => 400,
            Some(v) => match v.as_u64() {
                Some(n @ 10..=10_000) => n as u16,
                _ => return Err(Error::options("max_rounds", "must be between 10 and 10000")),
            },
        };
        let setups = match map.get("setups") {
            None | Some(Value::Null) => alloc::vec![Setup::default(); cars.len()],
            Some(Value::Array(a)) if a.len() == cars.len() => a
                .iter()
                .enumerate()
                .map(|(i, v)| parse_setup(i, v))
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(Error::options("setups", "one set-up (or null) per car")),
        };
        let condition = match map.get("condition") {
            None | Some(Value::Null) => alloc::vec![None; cars.len()],
            Some(Value::Array(a)) if a.len() == cars.len() => a
                .iter()
                .enumerate()
                .map(|(i, v)| parse_condition(i, v))
                .collect::<Result<_, _>>()?,
            Some(_) => {
                return Err(Error::options(
                    "condition",
                    "one condition (or null) per car",
                ))
            }
        };
        let spares = parse_spares(map.get("spares"), &neutral, &condition)?;
        Ok(LegendOptions {
            condition,
            spares,
            setups,
            circuit,
            cars,
            neutral,
            laps,
            slipstream_in_turns: flag(map, "slipstream_in_turns", false)?,
            realistic_collisions: flag(map, "realistic_collisions", false)?,
            priority_bid: flag(map, "priority_bid", false)?,
            // Stage races start by Ranking with Engine and Brakes both at Reliability.
            qualifying: route.is_none() && flag(map, "qualifying", true)?,
            choose_split: route.is_none() && flag(map, "choose_split", true)?,
            max_rounds,
            route,
            residual_mps: flag(map, "residual_mps", false)?,
            historical_points: flag(map, "historical_points", false)?,
            neutral_checkpoint_penalty: NeutralCheckPoint::parse(
                map.get("neutral_checkpoint_penalty"),
            )?,
        })
    }

    /// With no `cars` option, the first `DEFAULT_FIELD` cars of the content in its files' order
    /// (the shipped roster: the four smallest cars), all driven by players (docs/rules/legend.md).
    pub fn with_default_field(mut self, car_ids: &[&str]) -> Result<LegendOptions, Error> {
        if !self.cars.is_empty() {
            return Ok(self);
        }
        if car_ids.len() < 2 {
            return Err(Error::options(
                "cars",
                "the content has fewer than 2 cars for a default field: name the cars",
            ));
        }
        self.cars = car_ids
            .iter()
            .take(DEFAULT_FIELD)
            .map(|id| String::from(*id))
            .collect();
        let n = self.cars.len();
        self.neutral = alloc::vec![false; n];
        self.setups = alloc::vec![Setup::default(); n];
        self.condition = alloc::vec![None; n];
        self.spares = alloc::vec![None; n];
        Ok(self)
    }

    pub fn is_stage_race(&self) -> bool {
        self.route.is_some()
    }

    pub fn to_json(&self) -> Value {
        let mut v = self.to_json_without_spares();
        // Written only when given, so the options of races before the auction's parts read the same.
        if self.spares.iter().any(Option::is_some) {
            v["spares"] = json!(self.spares);
        }
        v
    }

    fn to_json_without_spares(&self) -> Value {
        if self.is_stage_race() {
            return json!({
                "route": self.route,
                "cars": self.cars,
                "neutral": self.neutral,
                "slipstream_in_turns": self.slipstream_in_turns,
                "realistic_collisions": self.realistic_collisions,
                "priority_bid": self.priority_bid,
                "max_rounds": self.max_rounds,
                "setups": self.setups.iter().map(setup_json).collect::<Vec<_>>(),
                "residual_mps": self.residual_mps,
                "historical_points": self.historical_points,
                "neutral_checkpoint_penalty": self.neutral_checkpoint_penalty.name(),
            });
        }
        json!({
            "circuit": self.circuit,
            "cars": self.cars,
            "neutral": self.neutral,
            "laps": self.laps,
            "slipstream_in_turns": self.slipstream_in_turns,
            "realistic_collisions": self.realistic_collisions,
            "priority_bid": self.priority_bid,
            "qualifying": self.qualifying,
            "choose_split": self.choose_split,
            "max_rounds": self.max_rounds,
            "setups": self.setups.iter().map(setup_json).collect::<Vec<_>>(),
            "condition": self.condition.iter().map(|c| c.map(|c| json!({
                "engine": c.engine, "engine_max": c.engine_max, "brakes": c.brakes,
                "brakes_max": c.brakes_max, "tires": c.tires, "spares": c.spares,
                "battery_ok": c.battery_ok, "headlights_ok": c.headlights_ok,
            }))).collect::<Vec<_>>(),
        })
    }
}

const SETUP_CARDS: [(&str, [&str; 2]); 5] = [
    ("gears", ["long", "short"]),
    ("suspension", ["stiff", "soft"]),
    ("brake_bias", ["forward", "rear"]),
    ("tires", ["wet", "hard"]),
    ("mixture", ["rich", "standard"]),
];

/// `{"gears": "long", "suspension": "soft", ...}`: each card on one side, or left out.
fn parse_setup(seat: usize, v: &Value) -> Result<Setup, Error> {
    let key = || format!("setups[{seat}]");
    let mut s = Setup::default();
    let Some(map) = v.as_object() else {
        return if v.is_null() {
            Ok(s)
        } else {
            Err(Error::options(key(), "a mapping of set-up cards"))
        };
    };
    for (card, side) in map {
        let Some((_, sides)) = SETUP_CARDS.iter().find(|(c, _)| c == card) else {
            return Err(Error::options(key(), format!("unknown set-up card {card:?}; known: gears, suspension, brake_bias, tires, mixture")));
        };
        let side = side.as_str().filter(|x| sides.contains(x)).ok_or_else(|| {
            Error::options(key(), format!("{card} is {} or {}", sides[0], sides[1]))
        })?;
        let first = side == sides[0];
        let sign = if first { 1 } else { -1 };
        match card.as_str() {
            "gears" => s.gears = sign,
            "suspension" => s.suspension = sign,
            "brake_bias" => s.brake_bias = sign,
            "tires" => s.tread = if first { Tread::Wet } else { Tread::Hard },
            _ => s.rich = first,
        }
    }
    Ok(s)
}

fn setup_json(s: &Setup) -> Value {
    let mut m = serde_json::Map::new();
    fn pick(v: i8, sides: [&'static str; 2]) -> &'static str {
        if v > 0 {
            sides[0]
        } else {
            sides[1]
        }
    }
    if s.gears != 0 {
        m.insert("gears".into(), pick(s.gears, ["long", "short"]).into());
    }
    if s.suspension != 0 {
        m.insert(
            "suspension".into(),
            pick(s.suspension, ["stiff", "soft"]).into(),
        );
    }
    if s.brake_bias != 0 {
        m.insert(
            "brake_bias".into(),
            pick(s.brake_bias, ["forward", "rear"]).into(),
        );
    }
    match s.tread {
        Tread::Wet => {
            m.insert("tires".into(), "wet".into());
        }
        Tread::Hard => {
            m.insert("tires".into(), "hard".into());
        }
        Tread::Standard => {}
    }
    if s.rich {
        m.insert("mixture".into(), "rich".into());
    }
    if m.is_empty() {
        Value::Null
    } else {
        Value::Object(m)
    }
}

/// Six counts of Spare Part cards, 0 to 9 each.
fn parse_counts(key: &str, v: &Value) -> Result<[u8; 6], Error> {
    let list = v
        .as_array()
        .filter(|l| l.len() == 6)
        .ok_or_else(|| Error::options(key, "spares: six counts"))?;
    let mut out = [0u8; 6];
    for (slot, n) in out.iter_mut().zip(list) {
        *slot = n
            .as_u64()
            .filter(|&n| n <= 9)
            .ok_or_else(|| Error::options(key, "spares: counts 0..=9"))? as u8;
    }
    Ok(out)
}

/// `spares`: per seat null or the six counts the auction left it (docs/rules/legend.md, decision 35).
fn parse_spares(
    v: Option<&Value>,
    neutral: &[bool],
    condition: &[Option<Condition>],
) -> Result<Vec<Option<[u8; 6]>>, Error> {
    let list = match v {
        None | Some(Value::Null) => return Ok(alloc::vec![None; neutral.len()]),
        Some(Value::Array(a)) if a.len() == neutral.len() => a,
        Some(_) => return Err(Error::options("spares", "six counts (or null) per car")),
    };
    list.iter()
        .enumerate()
        .map(|(i, x)| {
            let key = format!("spares[{i}]");
            if x.is_null() {
                return Ok(None);
            }
            if neutral[i] {
                return Err(Error::options(
                    key,
                    "a Neutral Car takes no part in the auction: null",
                ));
            }
            if condition[i].is_some() {
                return Err(Error::options(
                    key,
                    "the car's condition already carries its spare parts: give them once",
                ));
            }
            parse_counts(&key, x).map(Some)
        })
        .collect()
}

fn parse_condition(seat: usize, v: &Value) -> Result<Option<Condition>, Error> {
    let key = || format!("condition[{seat}]");
    if v.is_null() {
        return Ok(None);
    }
    let m = v
        .as_object()
        .ok_or_else(|| Error::options(key(), "a mapping of needles"))?;
    let int = |k: &str, lo: i64, hi: i64| -> Result<i64, Error> {
        let n = m
            .get(k)
            .and_then(Value::as_i64)
            .ok_or_else(|| Error::options(key(), format!("{k}: an integer is needed")))?;
        if n < lo || n > hi {
            return Err(Error::options(
                key(),
                format!("{k}: {n} is not within {lo}..={hi}"),
            ));
        }
        Ok(n)
    };
    let flag = |k: &str| {
        m.get(k).map_or(Ok(true), |b| {
            b.as_bool()
                .ok_or_else(|| Error::options(key(), format!("{k}: true or false")))
        })
    };
    let spares = match m.get("spares") {
        Some(list) => parse_counts(&key(), list)?,
        None => [1u8; 6],
    };
    for k in m.keys() {
        if ![
            "engine",
            "engine_max",
            "brakes",
            "brakes_max",
            "tires",
            "spares",
            "battery_ok",
            "headlights_ok",
        ]
        .contains(&k.as_str())
        {
            return Err(Error::options(key(), format!("unknown field {k:?}")));
        }
    }
    Ok(Some(Condition {
        engine: int("engine", 0, 40)? as u8,
        engine_max: int("engine_max", 1, 40)? as u8,
        brakes: int("brakes", 0, 40)? as u8,
        brakes_max: int("brakes_max", 1, 40)? as u8,
        tires: int("tires", -1, 40)? as i8,
        spares,
        battery_ok: flag("battery_ok")?,
        headlights_ok: flag("headlights_ok")?,
    }))
}
