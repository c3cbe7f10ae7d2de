//! Lamborghini content: the 132 cards and the circuits, parsed from TOML and validated; every
//! error names the file and the key. Schema: docs/content/lamborghini.md (all values are ours).
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use serde::Deserialize;

use crate::content::{error as err, parse_toml as parse};
use crate::error::Error;
use crate::grid::geometry::{lay_out, Piece};
use crate::grid::{Slope, Track, TrackRow};

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarCard {
    pub id: String,
    pub name: String,
    pub speed: i8,
    pub manoeuvre: i8,
    pub price: u32,
    pub technology: u8,
    pub manoeuvre_cards: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TechCard {
    pub id: String,
    pub supplier: String,
    pub kind: String,
    pub value: u8,
    pub speed: u8,
    pub crazy: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManoeuvreCard {
    pub id: String,
    pub kind: String,
    pub speed: u8,
    pub crazy: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Banknote {
    pub id: String,
    pub amount: u32,
    pub speed: u8,
    pub crazy: bool,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    car: Vec<CarCard>,
    driver: Vec<CarCard>,
    technology: Vec<TechCard>,
    manoeuvre: Vec<ManoeuvreCard>,
    banknote: Vec<Banknote>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Section {
    rows: u16,
    length: f32,
    angle: f32,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct CircuitFile {
    name: String,
    laps: u8,
    lanes: u8,
    grid_rows: u16,
    section: Vec<Section>,
}

/// What a card is, for the rules. Every card has an index in `Content::cards`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Car,
    Driver,
    Tech(Supplier, Tech),
    Manoeuvre(Man),
    Banknote,
}

/// Blue is the best supplier, Red the worst ("lower" suppliers for the fall-back).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Supplier {
    Red,
    Yellow,
    Blue,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tech {
    Aerodynamics,
    Brakes,
    Setup,
    Engine,
    Tyres,
    PetrolTank,
    Team,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Man {
    Skill,
    Hazard,
    Fortune,
    Manoeuvre,
    Slipstreaming,
    Engagement,
    FastCar,
    Winning,
    Will,
}

/// One card of the game, with what every part of the rules reads from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    /// Car and Driver cards: speed, manoeuvre, price, Tech and Manoeuvre cards granted.
    pub speed_bonus: i8,
    pub manoeuvre: i8,
    pub price: u32,
    pub grants: (u8, u8),
    /// Technology: the effect's number.
    pub value: u8,
    /// The Speed value at the bottom (Tech, Manoeuvre, Banknote) and the Crazy arrow.
    pub speed: u8,
    pub crazy: bool,
    pub amount: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Circuit {
    pub id: String,
    pub name: String,
    pub laps: u8,
    pub grid_rows: u16,
    pub track: Track,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Content {
    pub cards: Vec<Card>,
    pub circuits: Vec<Circuit>,
    /// FNV-1a over every file: what saves recorded before they hashed their race's files alone.
    pub hash: u64,
    /// Every file, in name order: `race_hash` and old saves' hash are computed from them.
    pub files: Vec<(String, String)>,
}

pub(super) const TECH_KINDS: [(&str, Tech); 7] = [
    ("aerodynamics", Tech::Aerodynamics),
    ("brakes", Tech::Brakes),
    ("setup", Tech::Setup),
    ("engine", Tech::Engine),
    ("tyres", Tech::Tyres),
    ("petrol_tank", Tech::PetrolTank),
    ("team", Tech::Team),
];

pub(super) const MAN_KINDS: [(&str, Man); 9] = [
    ("skill", Man::Skill),
    ("hazard", Man::Hazard),
    ("fortune", Man::Fortune),
    ("manoeuvre", Man::Manoeuvre),
    ("slipstreaming", Man::Slipstreaming),
    ("engagement", Man::Engagement),
    ("fast_car", Man::FastCar),
    ("winning", Man::Winning),
    ("will", Man::Will),
];

fn speed_ok(file: &str, key: String, speed: u8, crazy: bool) -> Result<(), Error> {
    if !(5..=12).contains(&speed) {
        return Err(err(file, key, "a Speed value is 5 to 12"));
    }
    if crazy && speed < 10 {
        return Err(err(
            file,
            key,
            "only 10, 11 and 12 carry the Crazy Murciélago arrow",
        ));
    }
    Ok(())
}

impl Content {
    /// Parses `cards.toml` and `circuits/<id>.toml` from (path, text) pairs.
    pub fn parse(files: &[(String, String)]) -> Result<Content, Error> {
        let mut sorted: Vec<&(String, String)> = files.iter().collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let hash = crate::content::hash(sorted.iter().map(|(n, t)| (n.as_str(), t.as_str())));
        let f = "cards.toml";
        let text = sorted
            .iter()
            .find(|(n, _)| n == f)
            .ok_or_else(|| err(f, "(file)", "missing"))?;
        let file: CardFile = parse(f, &text.1)?;
        let counts = [
            (file.car.len(), 5, "car"),
            (file.driver.len(), 10, "driver"),
            (file.technology.len(), 39, "technology"),
            (file.manoeuvre.len(), 39, "manoeuvre"),
            (file.banknote.len(), 39, "banknote"),
        ];
        for (n, want, key) in counts {
            if n != want {
                return Err(err(
                    f,
                    key,
                    format!("the game has {want} of these cards, not {n}"),
                ));
            }
        }
        let mut cards = Vec::new();
        for (key, list, kind) in [
            ("car", &file.car, Kind::Car),
            ("driver", &file.driver, Kind::Driver),
        ] {
            for (i, c) in list.iter().enumerate() {
                if c.speed < 0 || c.technology > 3 || c.manoeuvre_cards > 3 {
                    return Err(err(
                        f,
                        format!("{key}[{i}]"),
                        "speed at least 0, at most 3 cards granted of each kind",
                    ));
                }
                cards.push(Card {
                    id: c.id.clone(),
                    name: c.name.clone(),
                    kind,
                    speed_bonus: c.speed,
                    manoeuvre: c.manoeuvre,
                    price: c.price,
                    grants: (c.technology, c.manoeuvre_cards),
                    value: 0,
                    speed: 0,
                    crazy: false,
                    amount: 0,
                });
            }
        }
        for (i, t) in file.technology.iter().enumerate() {
            let key = || format!("technology[{i}]");
            let supplier = match t.supplier.as_str() {
                "blue" => Supplier::Blue,
                "yellow" => Supplier::Yellow,
                "red" => Supplier::Red,
                s => {
                    return Err(err(
                        f,
                        format!("{}.supplier", key()),
                        format!("unknown supplier {s:?}: blue, yellow or red"),
                    ))
                }
            };
            let kind = TECH_KINDS
                .iter()
                .find(|(n, _)| *n == t.kind)
                .map(|(_, k)| *k)
                .ok_or_else(|| {
                    err(
                        f,
                        format!("{}.kind", key()),
                        format!("unknown Technology {:?}", t.kind),
                    )
                })?;
            speed_ok(f, format!("{}.speed", key()), t.speed, t.crazy)?;
            cards.push(Card {
                id: t.id.clone(),
                name: t.kind.clone(),
                kind: Kind::Tech(supplier, kind),
                speed_bonus: 0,
                manoeuvre: 0,
                price: 0,
                grants: (0, 0),
                value: t.value,
                speed: t.speed,
                crazy: t.crazy,
                amount: 0,
            });
        }
        for supplier in [Supplier::Blue, Supplier::Yellow, Supplier::Red] {
            let n = cards
                .iter()
                .filter(|c| matches!(c.kind, Kind::Tech(s, _) if s == supplier))
                .count();
            if n != 13 {
                return Err(err(
                    f,
                    "technology",
                    format!("13 Technology cards per supplier, not {n}"),
                ));
            }
        }
        for (i, m) in file.manoeuvre.iter().enumerate() {
            let kind = MAN_KINDS
                .iter()
                .find(|(n, _)| *n == m.kind)
                .map(|(_, k)| *k)
                .ok_or_else(|| {
                    err(
                        f,
                        format!("manoeuvre[{i}].kind"),
                        format!("unknown Manoeuvre {:?}", m.kind),
                    )
                })?;
            speed_ok(f, format!("manoeuvre[{i}].speed"), m.speed, m.crazy)?;
            cards.push(Card {
                id: m.id.clone(),
                name: m.kind.clone(),
                kind: Kind::Manoeuvre(kind),
                speed_bonus: 0,
                manoeuvre: 0,
                price: 0,
                grants: (0, 0),
                value: 0,
                speed: m.speed,
                crazy: m.crazy,
                amount: 0,
            });
        }
        for (i, b) in file.banknote.iter().enumerate() {
            if ![1000, 5000, 20000].contains(&b.amount) {
                return Err(err(
                    f,
                    format!("banknote[{i}].amount"),
                    "1000, 5000 or 20000",
                ));
            }
            speed_ok(f, format!("banknote[{i}].speed"), b.speed, b.crazy)?;
            cards.push(Card {
                id: b.id.clone(),
                name: format!("{}$", b.amount),
                kind: Kind::Banknote,
                speed_bonus: 0,
                manoeuvre: 0,
                price: 0,
                grants: (0, 0),
                value: 0,
                speed: b.speed,
                crazy: b.crazy,
                amount: b.amount,
            });
        }
        let mut ids = BTreeMap::new();
        for (i, c) in cards.iter().enumerate() {
            if ids.insert(c.id.as_str(), i).is_some() {
                return Err(err(f, format!("id {:?}", c.id), "duplicate card id"));
            }
        }
        let mut circuits = Vec::new();
        for (name, text) in &sorted {
            if let Some(id) = name
                .strip_prefix("circuits/")
                .and_then(|n| n.strip_suffix(".toml"))
            {
                circuits.push(build_circuit(name, id, &parse::<CircuitFile>(name, text)?)?);
            }
        }
        if circuits.is_empty() {
            return Err(err("circuits/", "(directory)", "no circuit"));
        }
        Ok(Content {
            cards,
            circuits,
            hash,
            files: sorted.into_iter().cloned().collect(),
        })
    }

    pub fn circuit(&self, id: &str) -> Option<(usize, &Circuit)> {
        self.circuits.iter().enumerate().find(|(_, c)| c.id == id)
    }

    /// The hash of exactly the files a game on `circuits` reads: the cards and those circuits,
    /// so adding a circuit breaks no saved game.
    pub fn race_hash(&self, circuits: &[&str]) -> u64 {
        crate::content::hash(
            self.files
                .iter()
                .filter(|(n, _)| !n.starts_with("circuits/") || reads(circuits, n))
                .map(|(n, t)| (n.as_str(), t.as_str())),
        )
    }

    /// Whether `saved` is the whole-content hash an older save of a game on `circuits` recorded:
    /// the files of today less any circuits added since (docs/architecture.md).
    pub fn accepts_old_hash(&self, circuits: &[&str], saved: u64) -> bool {
        crate::content::legacy_hash_matches(
            &self.files,
            |n| n.starts_with("circuits/") && !reads(circuits, n),
            saved,
        )
    }
}

fn reads(circuits: &[&str], file: &str) -> bool {
    file.strip_prefix("circuits/")
        .and_then(|n| n.strip_suffix(".toml"))
        .is_some_and(|id| circuits.contains(&id))
}

fn build_circuit(file: &str, id: &str, c: &CircuitFile) -> Result<Circuit, Error> {
    if !(2..=5).contains(&c.lanes) {
        return Err(err(file, "lanes", "the road is 2 to 5 squares wide"));
    }
    if c.laps == 0 {
        return Err(err(file, "laps", "at least 1"));
    }
    let mut rows = Vec::new();
    let mut pieces = Vec::new();
    for (i, s) in c.section.iter().enumerate() {
        if s.rows == 0 || s.rows > 40 {
            return Err(err(file, format!("section[{i}].rows"), "1 to 40 squares"));
        }
        for _ in 0..s.rows {
            rows.push(TrackRow {
                tile: i as u16,
                turn: None,
                slope: Slope::Flat,
                pit_box: false,
                best_lane: None,
                assistance: false,
            });
        }
        pieces.push(Piece {
            rows: s.rows,
            length: s.length,
            left_degrees: s.angle,
        });
    }
    let total: f32 = pieces.iter().map(|p| p.left_degrees).sum();
    if (total.abs() - 360.0).abs() > 1.0 {
        return Err(err(
            file,
            "section",
            format!("the sections turn {total} degrees: a closed circuit turns 360"),
        ));
    }
    if rows.len() < 20 || usize::from(c.grid_rows) * 2 >= rows.len() {
        return Err(err(
            file,
            "grid_rows",
            "the grid must fit well within the lap (at least 20 rows)",
        ));
    }
    let (geometry, _) = lay_out(&pieces, c.lanes);
    let tile_slopes = alloc::vec![Slope::Flat; pieces.len()];
    Ok(Circuit {
        id: id.into(),
        name: c.name.clone(),
        laps: c.laps,
        grid_rows: c.grid_rows,
        track: Track {
            lanes: c.lanes,
            closed: true,
            rows,
            turns: Vec::new(),
            geometry,
            tile_slopes,
            pieces,
        },
    })
}

#[cfg(feature = "std")]
impl Content {
    pub fn from_dir(dir: &std::path::Path) -> Result<Content, Error> {
        let mut files = Vec::new();
        let read = |rel: String| {
            std::fs::read_to_string(dir.join(&rel))
                .map(|t| (rel.clone(), t))
                .map_err(|e| err(&rel, "(file)", e.to_string()))
        };
        files.push(read("cards.toml".into())?);
        let mut names: Vec<String> = std::fs::read_dir(dir.join("circuits"))
            .map_err(|e| err("circuits/", "(directory)", e.to_string()))?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        names.sort();
        for n in names {
            files.push(read(format!("circuits/{n}"))?);
        }
        Content::parse(&files)
    }
}
