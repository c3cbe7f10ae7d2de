//! Legend content: dashboard scales, cars, decks, tiles and circuits, parsed from TOML and
//! validated; every error names the file and the key. The schema is docs/content/legend.md.
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde::Deserialize;

use crate::content::{error as err, parse_toml as parse};
use crate::error::Error;
use crate::grid::geometry::{lay_out, Piece};
use crate::grid::{Side, Slope, Track, TrackRow, Turn};

use super::route::{self, Route, Stage, StageRaces};

pub const RATINGS: [char; 5] = ['A', 'B', 'C', 'D', 'E'];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pins {
    #[serde(rename = "A")]
    pub a: u8,
    #[serde(rename = "B")]
    pub b: u8,
    #[serde(rename = "C")]
    pub c: u8,
    #[serde(rename = "D")]
    pub d: u8,
    #[serde(rename = "E")]
    pub e: u8,
}

impl Pins {
    pub fn to_array(self) -> [u8; 5] {
        [self.a, self.b, self.c, self.d, self.e]
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dashboard {
    pub tachometer_max: u8,
    pub temperature_max: u8,
    pub temperature_red_zone: Vec<u8>,
    pub engine_red_zone: Vec<u8>,
    pub brake_red_zone: u8,
    pub tires_max: u8,
    pub tire_zones: Vec<[u8; 2]>,
    pub tire_refit_marks: Vec<u8>,
    pub lowest_pins: Pins,
    pub flat_tire_pins: Pins,
    pub chrono_hours: u8,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarSpec {
    pub id: String,
    pub name: String,
    pub year: u16,
    pub class: String,
    pub ranking: u8,
    pub performance: u8,
    pub reliability: u8,
    pub top_speed: u8,
    pub acceleration: u8,
    pub braking: u8,
    pub pins: Pins,
    pub neutral: [[u8; 7]; 3],
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageCard {
    pub id: String,
    pub name: String,
    /// The card's name in other languages (language code -> name; docs/content/names.md):
    /// the words read it, the rules never do.
    #[serde(default)]
    pub names: BTreeMap<String, String>,
    pub count: u8,
    #[serde(default)]
    pub engine: u8,
    #[serde(default)]
    pub brakes: u8,
    #[serde(default)]
    pub tires: u8,
    #[serde(default)]
    pub temperature: u8,
    #[serde(default)]
    pub flat_tire: bool,
    #[serde(default)]
    pub battery: bool,
    #[serde(default)]
    pub headlights: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCard {
    pub id: String,
    pub name: String,
    /// The card's name in other languages (language code -> name; docs/content/names.md):
    /// the words read it, the rules never do.
    #[serde(default)]
    pub names: BTreeMap<String, String>,
    pub count: u8,
    #[serde(default)]
    pub chronograph: bool,
    #[serde(default)]
    pub reshuffle: bool,
    #[serde(default)]
    pub weather_roll: bool,
    #[serde(default)]
    pub temperature: i8,
    #[serde(default)]
    pub tires: u8,
    #[serde(default)]
    pub engine: u8,
    #[serde(default)]
    pub time_penalty: u16,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSpec {
    pub id: String,
    pub kind: String,
    pub rows: u16,
    pub length: f32,
    #[serde(default)]
    pub inside: Option<String>,
    #[serde(default)]
    pub angle: f32,
    #[serde(default)]
    pub entry: Option<u16>,
    #[serde(default)]
    pub exit: Option<u16>,
    #[serde(default)]
    pub best_line: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TileFile {
    pub lanes: u8,
    pub tile: Vec<TileSpec>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub tile: String,
    #[serde(default)]
    pub slope: Option<String>,
    #[serde(default, rename = "box")]
    pub pit_box: bool,
    #[serde(default)]
    pub rating: Option<String>,
    /// A Technical Assistance marker on this tile (Stage races).
    #[serde(default)]
    pub assistance: bool,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CircuitSpec {
    pub name: String,
    pub laps: u8,
    pub characteristics: Vec<String>,
    pub grid_rows: u16,
    pub tiles: Vec<Placement>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct CarFile {
    car: Vec<CarSpec>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct DamageFile {
    card: Vec<DamageCard>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventFile {
    card: Vec<EventCard>,
}

/// A qualifying characteristic of a circuit, most important first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Characteristic {
    TopSpeed,
    Corner(u8),
    Braking,
    Acceleration,
}

/// A circuit ready to race: its track and what qualifying compares.
#[derive(Debug, Clone, PartialEq)]
pub struct Circuit {
    pub id: String,
    pub name: String,
    pub laps: u8,
    pub characteristics: Vec<Characteristic>,
    pub grid_rows: u16,
    pub track: Track,
}

/// Everything a Legend race is built from.
#[derive(Debug, Clone, PartialEq)]
pub struct Content {
    pub dashboard: Dashboard,
    pub cars: Vec<CarSpec>,
    pub damage: Vec<DamageCard>,
    pub events: Vec<EventCard>,
    pub tiles: Vec<TileSpec>,
    pub lanes: u8,
    pub circuits: Vec<Circuit>,
    pub stages: Vec<Stage>,
    pub routes: Vec<Route>,
    pub stage_races: StageRaces,
    /// FNV-1a over every file but the Stage-race files, by name and text: what Track races'
    /// saves recorded before they hashed their own circuit alone (`circuit_hashes`).
    pub hash: u64,
    /// Per circuit (as `circuits`), the hash of exactly the files a Track race on it reads: the
    /// common files and that circuit's, so adding a circuit breaks no saved race. A route keeps
    /// its own (`Route::hash`).
    pub circuit_hashes: Vec<u64>,
    /// The files behind `hash`, in name order, to match old saves (`accepts_track_hash`).
    pub track_files: Vec<(String, String)>,
}

impl Content {
    /// Parses and validates content from `(file name, text)` pairs: `dashboard.toml`,
    /// `cars.toml`, `damage.toml`, `events.toml`, `tiles.toml` and `circuits/<id>.toml`; for
    /// Stage races, optionally `stage_races.toml`, `stages/<id>.toml` and `routes/<id>.toml`.
    pub fn parse(files: &[(String, String)]) -> Result<Content, Error> {
        let mut sorted: Vec<&(String, String)> = files.iter().collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let hash = crate::content::hash(
            sorted
                .iter()
                .filter(|(n, _)| !route::stage_only(n))
                .map(|(n, t)| (n.as_str(), t.as_str())),
        );
        let get = |name: &str| {
            sorted
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, t)| t.as_str())
                .ok_or_else(|| err(name, "(file)", "missing"))
        };
        let dashboard: Dashboard = parse("dashboard.toml", get("dashboard.toml")?)?;
        validate_dashboard(&dashboard)?;
        let cars: CarFile = parse("cars.toml", get("cars.toml")?)?;
        validate_cars(&cars.car, &dashboard)?;
        let damage: DamageFile = parse("damage.toml", get("damage.toml")?)?;
        unique_ids(
            "damage.toml",
            damage.card.iter().map(|c| (c.id.as_str(), c.count)),
        )?;
        let events: EventFile = parse("events.toml", get("events.toml")?)?;
        unique_ids(
            "events.toml",
            events.card.iter().map(|c| (c.id.as_str(), c.count)),
        )?;
        let tiles: TileFile = parse("tiles.toml", get("tiles.toml")?)?;
        validate_tiles(&tiles)?;
        let mut circuits = Vec::new();
        for (name, text) in &sorted {
            if let Some(id) = name
                .strip_prefix("circuits/")
                .and_then(|n| n.strip_suffix(".toml"))
            {
                let spec: CircuitSpec = parse(name, text)?;
                circuits.push(build_circuit(name, id, &spec, &tiles)?);
            }
        }
        if circuits.is_empty() {
            return Err(err("circuits/", "(directory)", "no circuit"));
        }
        let file = |name: &str| {
            sorted
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, t)| t.as_str())
        };
        let stage_races = route::parse_stage_races(file(route::FILE), &cars.car)?;
        let in_dir = |dir: &'static str| {
            sorted.iter().filter_map(move |(name, text)| {
                let id = name.strip_prefix(dir)?.strip_suffix(".toml")?;
                Some((name.as_str(), id, text.as_str()))
            })
        };
        let mut stages = Vec::new();
        for (name, id, text) in in_dir("stages/") {
            stages.push(route::build_stage(name, id, text, &tiles, &dashboard)?);
        }
        let mut routes = Vec::new();
        for (name, id, text) in in_dir("routes/") {
            let mut r = route::build_route(name, id, text, &stages, stage_races.chrono_minutes)?;
            r.hash = route::route_hash(&sorted, &r, &stages);
            routes.push(r);
        }
        let track_files: Vec<(String, String)> = sorted
            .iter()
            .filter(|(n, _)| !route::stage_only(n))
            .map(|f| (*f).clone())
            .collect();
        let circuit_hashes = circuits
            .iter()
            .map(|c| {
                let own = format!("circuits/{}.toml", c.id);
                crate::content::hash(
                    track_files
                        .iter()
                        .filter(|(n, _)| !n.starts_with("circuits/") || *n == own)
                        .map(|(n, t)| (n.as_str(), t.as_str())),
                )
            })
            .collect();
        Ok(Content {
            circuit_hashes,
            track_files,
            dashboard,
            cars: cars.car,
            damage: damage.card,
            events: events.card,
            lanes: tiles.lanes,
            tiles: tiles.tile,
            circuits,
            stages,
            routes,
            stage_races,
            hash,
        })
    }

    /// Whether `saved` is the whole-content hash an older save of a Track race on `circuit`
    /// recorded: the files of today less any circuits added since (docs/architecture.md).
    pub fn accepts_track_hash(&self, circuit: &str, saved: u64) -> bool {
        let own = format!("circuits/{circuit}.toml");
        crate::content::legacy_hash_matches(
            &self.track_files,
            |n| n.starts_with("circuits/") && n != own,
            saved,
        )
    }

    pub fn route(&self, id: &str) -> Option<(usize, &Route)> {
        self.routes.iter().enumerate().find(|(_, r)| r.id == id)
    }

    pub fn car(&self, id: &str) -> Option<(usize, &CarSpec)> {
        self.cars.iter().enumerate().find(|(_, c)| c.id == id)
    }

    pub fn circuit(&self, id: &str) -> Option<(usize, &Circuit)> {
        self.circuits.iter().enumerate().find(|(_, c)| c.id == id)
    }
}

fn unique_ids<'a>(file: &str, ids: impl Iterator<Item = (&'a str, u8)>) -> Result<(), Error> {
    let mut seen = BTreeMap::new();
    for (i, (id, count)) in ids.enumerate() {
        if seen.insert(id, i).is_some() {
            return Err(err(
                file,
                format!("card[{i}].id"),
                format!("duplicate id {id:?}"),
            ));
        }
        if count == 0 {
            return Err(err(file, format!("card[{i}].count"), "must be at least 1"));
        }
    }
    if seen.is_empty() {
        return Err(err(file, "card", "the deck is empty"));
    }
    Ok(())
}

fn validate_dashboard(d: &Dashboard) -> Result<(), Error> {
    let f = "dashboard.toml";
    if d.temperature_red_zone.len() != usize::from(d.temperature_max) + 1 {
        return Err(err(
            f,
            "temperature_red_zone",
            "needs one entry per needle position 0..=temperature_max",
        ));
    }
    if d.engine_red_zone.is_empty() {
        return Err(err(f, "engine_red_zone", "needs at least one position"));
    }
    if d.tire_zones.len() != 4 || d.tire_zones.windows(2).any(|w| w[0][0] <= w[1][0]) {
        return Err(err(
            f,
            "tire_zones",
            "needs four zones with decreasing lower bounds",
        ));
    }
    if d.tire_refit_marks.iter().any(|&m| m > d.tires_max) || d.tire_refit_marks.is_empty() {
        return Err(err(
            f,
            "tire_refit_marks",
            "marks must lie on the tire scale",
        ));
    }
    if d.chrono_hours == 0 {
        return Err(err(f, "chrono_hours", "must be at least 1"));
    }
    Ok(())
}

fn validate_cars(cars: &[CarSpec], d: &Dashboard) -> Result<(), Error> {
    let f = "cars.toml";
    let mut ids = BTreeMap::new();
    for (i, c) in cars.iter().enumerate() {
        let key = |k: &str| format!("car[{i}].{k}");
        if ids.insert(c.id.as_str(), i).is_some() {
            return Err(err(f, key("id"), format!("duplicate id {:?}", c.id)));
        }
        if c.top_speed == 0 || c.top_speed > d.tachometer_max {
            return Err(err(
                f,
                key("top_speed"),
                "must lie on the Tachometer (1..=tachometer_max)",
            ));
        }
        if c.acceleration == 0 || c.braking == 0 || c.reliability < 2 {
            return Err(err(
                f,
                key("acceleration"),
                "acceleration and braking at least 1, reliability at least 2",
            ));
        }
        let pins = c.pins.to_array();
        if pins[0] == 0 || pins.windows(2).any(|w| w[0] >= w[1]) || pins[4] >= c.top_speed {
            return Err(err(
                f,
                key("pins"),
                "Turn pins must rise strictly from A to E, from 1, below T",
            ));
        }
        if c.neutral.iter().flatten().any(|&v| v > d.tachometer_max) {
            return Err(err(f, key("neutral"), "values must lie on the Tachometer"));
        }
    }
    if cars.is_empty() {
        return Err(err(f, "car", "no car"));
    }
    Ok(())
}

fn validate_tiles(t: &TileFile) -> Result<(), Error> {
    let f = "tiles.toml";
    if t.lanes < 2 || t.lanes > 6 {
        return Err(err(f, "lanes", "must be between 2 and 6"));
    }
    let mut ids = BTreeMap::new();
    for (i, tile) in t.tile.iter().enumerate() {
        let key = |k: &str| format!("tile[{i}].{k}");
        if ids.insert(tile.id.as_str(), i).is_some() {
            return Err(err(f, key("id"), format!("duplicate id {:?}", tile.id)));
        }
        if tile.rows == 0 {
            return Err(err(f, key("rows"), "must be at least 1"));
        }
        match tile.kind.as_str() {
            "straight" => {}
            "turn" => {
                match tile.inside.as_deref() {
                    Some("left") | Some("right") => {}
                    _ => {
                        return Err(err(
                            f,
                            key("inside"),
                            "a turn needs inside = \"left\" or \"right\"",
                        ))
                    }
                }
                let entry = tile.entry.unwrap_or(0);
                let exit = tile.exit.unwrap_or(tile.rows - 1);
                if exit < entry {
                    return Err(err(
                        f,
                        key("exit"),
                        "the exit line comes before the entry line",
                    ));
                }
                if exit >= tile.rows {
                    return Err(err(f, key("exit"), "the exit line lies past the tile"));
                }
                if tile.best_line.len() != usize::from(exit - entry + 1) {
                    return Err(err(
                        f,
                        key("best_line"),
                        "needs one lane per row from entry to exit",
                    ));
                }
                if tile.best_line.iter().any(|&l| l >= t.lanes) {
                    return Err(err(f, key("best_line"), "a lane past the track's width"));
                }
            }
            other => {
                return Err(err(
                    f,
                    key("kind"),
                    format!("unknown kind {other:?}: straight or turn"),
                ))
            }
        }
    }
    Ok(())
}

/// A road laid from tile placements: its rows, turns, tile slopes and geometry pieces.
pub(crate) struct LaidTiles {
    pub rows: Vec<TrackRow>,
    pub turns: Vec<Turn>,
    pub pieces: Vec<Piece>,
    pub tile_slopes: Vec<Slope>,
}

/// What a kind of road allows on its tiles: a Box stretch (circuits) or Technical Assistance
/// markers (stages).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Road {
    Circuit,
    Stage,
}

/// Walks the placements tile by tile (shared by circuits and stages); errors name `file` and the
/// placement's key.
pub(crate) fn lay_tiles(
    file: &str,
    placements: &[Placement],
    tiles: &TileFile,
    road: Road,
) -> Result<LaidTiles, Error> {
    let mut rows: Vec<TrackRow> = Vec::new();
    let mut turns: Vec<Turn> = Vec::new();
    let mut pieces = Vec::new();
    let mut tile_slopes = Vec::new();
    for (i, p) in placements.iter().enumerate() {
        let key = |k: &str| format!("tiles[{i}].{k}");
        let tile = tiles.tile.iter().find(|t| t.id == p.tile).ok_or_else(|| {
            err(
                file,
                key("tile"),
                format!("no tile {:?} in tiles.toml", p.tile),
            )
        })?;
        let slope = match p.slope.as_deref() {
            None | Some("flat") => Slope::Flat,
            Some("uphill") => Slope::Uphill,
            Some("downhill") => Slope::Downhill,
            Some(other) => return Err(err(file, key("slope"), format!("unknown slope {other:?}"))),
        };
        tile_slopes.push(slope);
        let start = rows.len() as u16;
        let turn = if tile.kind == "turn" {
            let rating = p
                .rating
                .as_deref()
                .and_then(|r| {
                    RATINGS
                        .iter()
                        .position(|&c| r.len() == 1 && r.starts_with(c))
                })
                .ok_or_else(|| err(file, key("rating"), "a turn needs a rating A, B, C, D or E"))?;
            let entry = start + tile.entry.unwrap_or(0);
            let exit = start + tile.exit.unwrap_or(tile.rows - 1);
            let inside = if tile.inside.as_deref() == Some("left") {
                Side::Left
            } else {
                Side::Right
            };
            turns.push(Turn {
                rating: rating as u8,
                inside,
                entry,
                exit,
            });
            Some((turns.len() - 1) as u8)
        } else {
            if p.rating.is_some() {
                return Err(err(file, key("rating"), "only turn tiles carry a rating"));
            }
            None
        };
        if p.pit_box && road == Road::Stage {
            return Err(err(
                file,
                key("box"),
                "a stage has no Pit Lane (Track races only); mark Technical Assistance instead",
            ));
        }
        if p.pit_box && tile.kind != "straight" {
            return Err(err(file, key("box"), "the Box stretch must be a straight"));
        }
        if p.assistance && road == Road::Circuit {
            return Err(err(
                file,
                key("assistance"),
                "Technical Assistance spots are for Stage races only; a circuit has a Box",
            ));
        }
        for r in 0..tile.rows {
            let row = start + r;
            let in_turn = turn.filter(|&t| turns[usize::from(t)].contains(row));
            let best_lane =
                in_turn.map(|t| tile.best_line[usize::from(row - turns[usize::from(t)].entry)]);
            rows.push(TrackRow {
                tile: i as u16,
                turn: in_turn,
                slope,
                pit_box: p.pit_box,
                best_lane,
                assistance: p.assistance,
            });
        }
        let left = match tile.inside.as_deref() {
            Some("right") => -tile.angle,
            _ => tile.angle,
        };
        pieces.push(Piece {
            rows: tile.rows,
            length: tile.length,
            left_degrees: left,
        });
    }
    Ok(LaidTiles {
        rows,
        turns,
        pieces,
        tile_slopes,
    })
}

fn build_circuit(
    file: &str,
    id: &str,
    spec: &CircuitSpec,
    tiles: &TileFile,
) -> Result<Circuit, Error> {
    let LaidTiles {
        rows,
        turns,
        pieces,
        tile_slopes,
    } = lay_tiles(file, &spec.tiles, tiles, Road::Circuit)?;
    if rows.len() < 8 {
        return Err(err(file, "tiles", "a circuit needs at least 8 rows"));
    }
    if spec.laps == 0 {
        return Err(err(file, "laps", "must be at least 1"));
    }
    if spec.grid_rows == 0 || usize::from(spec.grid_rows) >= rows.len() / 2 {
        return Err(err(
            file,
            "grid_rows",
            "must be at least 1 and less than half the circuit",
        ));
    }
    let total_turn: f32 = pieces.iter().map(|p| p.left_degrees).sum();
    if (total_turn.abs() - 360.0).abs() > 1.0 {
        return Err(err(
            file,
            "tiles",
            format!("the tiles turn {total_turn} degrees: a closed circuit turns 360"),
        ));
    }
    let characteristics = spec
        .characteristics
        .iter()
        .enumerate()
        .map(|(i, c)| match c.as_str() {
            "top_speed" => Ok(Characteristic::TopSpeed),
            "braking" => Ok(Characteristic::Braking),
            "acceleration" => Ok(Characteristic::Acceleration),
            s => s
                .strip_prefix("corner:")
                .and_then(|r| {
                    RATINGS
                        .iter()
                        .position(|&c| r.len() == 1 && r.starts_with(c))
                })
                .map(|r| Characteristic::Corner(r as u8))
                .ok_or_else(|| {
                    err(
                        file,
                        format!("characteristics[{i}]"),
                        format!("unknown characteristic {s:?}"),
                    )
                }),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (geometry, _) = lay_out(&pieces, tiles.lanes);
    Ok(Circuit {
        id: id.into(),
        name: spec.name.clone(),
        laps: spec.laps,
        characteristics,
        grid_rows: spec.grid_rows,
        track: Track {
            lanes: tiles.lanes,
            closed: true,
            rows,
            turns,
            geometry,
            tile_slopes,
            pieces,
        },
    })
}

#[cfg(feature = "std")]
impl Content {
    /// Reads a content directory (`dashboard.toml`, …, `circuits/*.toml`).
    pub fn from_dir(dir: &std::path::Path) -> Result<Content, Error> {
        let read = |rel: String| -> Result<(String, String), Error> {
            std::fs::read_to_string(dir.join(&rel))
                .map(|text| (rel.clone(), text))
                .map_err(|e| err(&rel, "(file)", e.to_string()))
        };
        let mut files = Vec::new();
        for name in [
            "dashboard.toml",
            "cars.toml",
            "damage.toml",
            "events.toml",
            "tiles.toml",
        ] {
            files.push(read(name.into())?);
        }
        if dir.join(route::FILE).is_file() {
            files.push(read(route::FILE.into())?);
        }
        for (sub, required) in [("circuits", true), ("stages", false), ("routes", false)] {
            let listing = match std::fs::read_dir(dir.join(sub)) {
                Ok(l) => l,
                Err(_) if !required => continue,
                Err(e) => return Err(err(&format!("{sub}/"), "(directory)", e.to_string())),
            };
            let mut names: Vec<String> = listing
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".toml"))
                .collect();
            names.sort();
            for n in names {
                files.push(read(format!("{sub}/{n}"))?);
            }
        }
        Content::parse(&files)
    }
}
