//! Stage races' content: stages (open roads from a start to an Arrivo or a Check Point), routes
//! of stages, and `stage_races.toml` (the Chrono board's scale, the class order). Every error
//! names the file and the key; the schema is in docs/content/legend.md.
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde::Deserialize;

use super::content::{lay_tiles, CarSpec, Dashboard, LaidTiles, Placement, Road, TileFile};
use crate::content::{error as err, parse_toml as parse};
use crate::error::Error;
use crate::grid::geometry::lay_out;
use crate::grid::Track;

/// The minutes between two staggered starts ("First Stage Start": P1 at minute 0, P2 at 3, …).
pub const START_INTERVAL: u32 = 3;
/// The speed limit printed on a Check Point's finish marker when the stage file names none.
pub const CHECK_POINT_LIMIT: u8 = 2;

/// The damage icons on a stage's layout diagram: the wear of the stage before it, applied to
/// every car before this stage starts (points lost; Temperature in steps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageWear {
    #[serde(default)]
    pub engine: u8,
    #[serde(default)]
    pub brakes: u8,
    #[serde(default)]
    pub tires: u8,
    #[serde(default)]
    pub temperature: u8,
}

impl StageWear {
    pub fn is_none(&self) -> bool {
        *self == StageWear::default()
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct StageSpec {
    name: String,
    finish: String,
    #[serde(default)]
    speed_limit: Option<u8>,
    #[serde(default)]
    fog: bool,
    #[serde(default)]
    wear: StageWear,
    tiles: Vec<Placement>,
}

/// How a stage ends ("Standard Stage Finish", "Check Point").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    Arrivo,
    CheckPoint { speed_limit: u8 },
}

/// A stage ready to race: an open road.
#[derive(Debug, Clone, PartialEq)]
pub struct Stage {
    pub id: String,
    pub name: String,
    pub finish: Finish,
    /// "Some stages may replace clear weather with fog."
    pub fog: bool,
    pub wear: StageWear,
    pub track: Track,
}

impl Stage {
    pub fn speed_limit(&self) -> Option<u8> {
        match self.finish {
            Finish::CheckPoint { speed_limit } => Some(speed_limit),
            Finish::Arrivo => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RouteSpec {
    name: String,
    start: String,
    stages: Vec<String>,
}

/// A stage race: its stages in order and the Chrono board's time when the first car starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    pub id: String,
    pub name: String,
    /// Minutes from midnight of race day.
    pub start: u32,
    /// Indices into `Content::stages`.
    pub stages: Vec<usize>,
    /// The hash of exactly the files a race on this route reads: it goes into its saves.
    pub hash: u64,
}

fn three() -> u8 {
    3
}

/// `stage_races.toml`: what Stage races need beyond the Track-race content.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageRaces {
    /// Minutes per step of the Chrono board's minutes hand: one round.
    #[serde(default = "three")]
    pub chrono_minutes: u8,
    /// The car classes from the lowest to the highest ("superior Class", Historical points).
    #[serde(default)]
    pub classes: Vec<String>,
}

impl Default for StageRaces {
    fn default() -> StageRaces {
        StageRaces {
            chrono_minutes: three(),
            classes: Vec::new(),
        }
    }
}

pub(crate) const FILE: &str = "stage_races.toml";

/// Files a Track race does not read: they stay out of its content hash, so adding a stage or a
/// route breaks no saved Track race.
pub(crate) fn stage_only(name: &str) -> bool {
    name == FILE || name.starts_with("stages/") || name.starts_with("routes/")
}

pub(crate) fn parse_stage_races(text: Option<&str>, cars: &[CarSpec]) -> Result<StageRaces, Error> {
    let Some(text) = text else {
        return Ok(StageRaces::default());
    };
    let s: StageRaces = parse(FILE, text)?;
    let m = u32::from(s.chrono_minutes);
    if m == 0 || 60 % m != 0 || START_INTERVAL % m != 0 {
        return Err(err(
            FILE,
            "chrono_minutes",
            "must divide 60 (the hour) and 3 (the book's start interval): 1 or 3",
        ));
    }
    for (i, c) in s.classes.iter().enumerate() {
        if s.classes[..i].contains(c) {
            return Err(err(
                FILE,
                format!("classes[{i}]"),
                format!("{c:?} is listed twice"),
            ));
        }
    }
    if !s.classes.is_empty() {
        if let Some((i, car)) = cars
            .iter()
            .enumerate()
            .find(|(_, car)| !s.classes.contains(&car.class))
        {
            return Err(err(
                FILE,
                "classes",
                format!(
                    "cars.toml car[{i}] ({}) has class {:?}, which is not listed",
                    car.id, car.class
                ),
            ));
        }
    }
    Ok(s)
}

pub(crate) fn build_stage(
    file: &str,
    id: &str,
    text: &str,
    tiles: &TileFile,
    dash: &Dashboard,
) -> Result<Stage, Error> {
    let spec: StageSpec = parse(file, text)?;
    let finish = match spec.finish.as_str() {
        "arrivo" => {
            if spec.speed_limit.is_some() {
                return Err(err(
                    file,
                    "speed_limit",
                    "only a Check Point carries a speed limit",
                ));
            }
            Finish::Arrivo
        }
        "checkpoint" => {
            let speed_limit = spec.speed_limit.unwrap_or(CHECK_POINT_LIMIT);
            if speed_limit > dash.tachometer_max {
                return Err(err(file, "speed_limit", "must lie on the Tachometer"));
            }
            Finish::CheckPoint { speed_limit }
        }
        other => {
            return Err(err(
                file,
                "finish",
                format!("unknown finish {other:?}: \"arrivo\" or \"checkpoint\""),
            ))
        }
    };
    let w = spec.wear;
    if w.engine.max(w.brakes).max(w.tires).max(w.temperature) > 8 {
        return Err(err(file, "wear", "damage icons of at most 8 points each"));
    }
    let LaidTiles {
        rows,
        turns,
        pieces,
        tile_slopes,
    } = lay_tiles(file, &spec.tiles, tiles, Road::Stage)?;
    if rows.len() < 8 {
        return Err(err(file, "tiles", "a stage needs at least 8 rows"));
    }
    // Cars start on row 0 and brake for a Check Point on the last row: both lie on straights.
    let straight = |i: usize| {
        tiles
            .tile
            .iter()
            .find(|t| t.id == spec.tiles[i].tile)
            .is_some_and(|t| t.kind == "straight")
    };
    if !straight(0) {
        return Err(err(file, "tiles[0].tile", "a stage starts on a straight"));
    }
    let last = spec.tiles.len() - 1;
    if !straight(last) {
        return Err(err(
            file,
            format!("tiles[{last}].tile"),
            "a stage ends on a straight (the finish line follows its last row)",
        ));
    }
    let (geometry, _) = lay_out(&pieces, tiles.lanes);
    Ok(Stage {
        id: id.into(),
        name: spec.name,
        finish,
        fog: spec.fog,
        wear: spec.wear,
        track: Track {
            lanes: tiles.lanes,
            closed: false,
            rows,
            turns,
            geometry,
            tile_slopes,
            pieces,
        },
    })
}

/// "HH:MM" on the 24-hour Chrono board, as minutes from midnight.
fn clock(text: &str) -> Option<u32> {
    let (h, m) = text.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

pub(crate) fn build_route(
    file: &str,
    id: &str,
    text: &str,
    stages: &[Stage],
    chrono_minutes: u8,
) -> Result<Route, Error> {
    let spec: RouteSpec = parse(file, text)?;
    let start = clock(&spec.start)
        .ok_or_else(|| err(file, "start", "a time of day \"HH:MM\" (24-hour)"))?;
    if start % u32::from(chrono_minutes) != 0 {
        return Err(err(
            file,
            "start",
            format!(
                "the minutes must fall on a step of the Chrono board ({chrono_minutes} minutes)"
            ),
        ));
    }
    if spec.stages.is_empty() {
        return Err(err(file, "stages", "a route has at least one stage"));
    }
    let mut indices = Vec::new();
    for (i, s) in spec.stages.iter().enumerate() {
        let k = stages.iter().position(|st| &st.id == s).ok_or_else(|| {
            let known: Vec<&str> = stages.iter().map(|s| s.id.as_str()).collect();
            err(
                file,
                format!("stages[{i}]"),
                format!("no stage {s:?} in stages/; known: {}", known.join(", ")),
            )
        })?;
        indices.push(k);
    }
    let last = &stages[*indices.last().unwrap_or(&0)];
    if last.speed_limit().is_none() {
        return Err(err(
            file,
            format!("stages[{}]", indices.len() - 1),
            format!(
                "{:?} ends at an Arrivo: a stage race is won at its final Check Point",
                last.id
            ),
        ));
    }
    Ok(Route {
        id: id.into(),
        name: spec.name,
        start,
        stages: indices,
        hash: 0,
    })
}

/// The route's saves hash: the files every race reads, `stage_races.toml`, the route and its
/// stages (in name order, like the whole-content hash).
pub(crate) fn route_hash(files: &[&(String, String)], route: &Route, stages: &[Stage]) -> u64 {
    let wanted = |name: &str| {
        if !stage_only(name) {
            return !name.starts_with("circuits/");
        }
        name == FILE
            || name == format!("routes/{}.toml", route.id)
            || route
                .stages
                .iter()
                .any(|&k| name == format!("stages/{}.toml", stages[k].id))
    };
    crate::content::hash(
        files
            .iter()
            .filter(|(n, _)| wanted(n))
            .map(|(n, t)| (n.as_str(), t.as_str())),
    )
}
