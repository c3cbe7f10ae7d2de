//! Formula 90 content, parsed from TOML and validated; every error names the file and the key.
//! The book does not print its decks, boards, robot chits or per-player table: all of it is ours
//! and documented in `docs/content/formula90.md`.
//!
//! Files (paths relative to the content folder): `race_cards.toml` (the 99 Race Cards),
//! `cars.toml` (the car chart, the cars' names and colours, the wear bag by number of players),
//! `robots.toml` (robot types, the line-up by number of players, the 30 refuel chits) and one
//! folder per track: `tracks/<id>/track.toml` and its Track deck `tracks/<id>/cards.toml`.
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use serde::Deserialize;

use super::cards::{Card, Colour, Flag, Power, Test, MAX_TRACK_CARDS, RACE_CARDS};
use super::track::{
    Costs, Extreme, Kind, LateBrake, Outcome, Recovery, RecoveryNode, Section, Track, Trajectory,
};
use super::weather::{Sky, Space};
use crate::content::{error as err, hash, parse_toml as parse};
use crate::error::Error;

pub const MAX_SECTIONS: usize = 64;
pub const MAX_HUMANS: usize = 6;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TestDef {
    kind: String,
    #[serde(default)]
    modifier: i8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardDef {
    #[serde(default)]
    number: u16,
    #[serde(default)]
    corner: u8,
    cf: u8,
    colour: String,
    mp: u8,
    #[serde(default)]
    tyres: u8,
    #[serde(default)]
    wear: u8,
    #[serde(default)]
    discard: u8,
    #[serde(default)]
    draw: u8,
    test: Option<TestDef>,
    flag: Option<String>,
    #[serde(default)]
    weather: bool,
    #[serde(default)]
    combine: bool,
    #[serde(default)]
    corner_pass: bool,
    power: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    card: Vec<CardDef>,
}

/// A car chart's printed values (Painel: tyres, cards in hand, wear slots).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chart {
    pub tyres: u8,
    pub hand: u8,
    pub wear_slots: u8,
}

/// What the setup tokens of the advanced Free Practice give for 1, 2 and 3 points.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupTable {
    pub points: u8,
    pub tuning_points: u8,
    pub tyres: [u8; 3],
    pub hand: [u8; 3],
    pub wear_slots: [u8; 3],
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarLook {
    pub name: String,
    /// The car's name in other languages (language code -> name; docs/content/names.md): the
    /// words read it, the rules never do.
    #[serde(default)]
    pub names: BTreeMap<String, String>,
    pub colour: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct WearBag {
    red: Vec<u8>,
    brown: Vec<u8>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct CarsFile {
    chart: Chart,
    setup: SetupTable,
    wear_bag: WearBag,
    car: Vec<CarLook>,
}

/// The three robot types ("SuperFast (pretos)", "Fast (amarelos)", "Slow (roxos)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum RobotType {
    SuperFast,
    Fast,
    Slow,
}

impl RobotType {
    pub const ALL: [RobotType; 3] = [RobotType::SuperFast, RobotType::Fast, RobotType::Slow];

    pub fn key(self) -> &'static str {
        match self {
            RobotType::SuperFast => "superfast",
            RobotType::Fast => "fast",
            RobotType::Slow => "slow",
        }
    }

    pub fn parse(s: &str) -> Option<RobotType> {
        RobotType::ALL.into_iter().find(|t| t.key() == s)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RobotLook {
    pub name: String,
    pub colour: String,
    /// Movement points before any bonus.
    pub mp: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChitDef {
    #[serde(rename = "type")]
    kind: String,
    qualifying: i8,
    cf: u8,
    pit_turn: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RobotsFile {
    target_check: u8,
    superfast: RobotLook,
    fast: RobotLook,
    slow: RobotLook,
    lineup: Vec<[u8; 3]>,
    #[serde(default)]
    chit: Vec<ChitDef>,
}

/// A robot refuel chit: its qualifying value, the check factor for ties, its pit turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chit {
    pub kind: RobotType,
    pub qualifying: i8,
    pub cf: u8,
    pub pit_turn: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Robots {
    pub target_check: u8,
    /// SuperFast, Fast, Slow.
    pub types: [RobotLook; 3],
    /// Robots of each type (SuperFast, Fast, Slow) for 1..=6 human players.
    pub lineup: [[u8; 3]; MAX_HUMANS],
    pub chits: Vec<Chit>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Content {
    pub race_cards: Vec<Card>,
    pub chart: Chart,
    pub setup: SetupTable,
    pub cars: Vec<CarLook>,
    /// Red and brown wear tokens in the bag for 1..=6 human players.
    pub wear_bag: [(u8, u8); MAX_HUMANS],
    pub robots: Robots,
    pub tracks: Vec<Track>,
    /// (path, hash of its text): a race's content hash covers only the files it reads.
    pub file_hashes: BTreeMap<String, u64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TrajectoryDef {
    colours: Vec<String>,
    bonus: u8,
    #[serde(default)]
    tyres: u8,
    #[serde(default)]
    wear: u8,
    #[serde(default)]
    discard: u8,
    outer: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtremeDef {
    colours: Vec<String>,
    bonus: u8,
    #[serde(default)]
    modifier: i8,
    recovery: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct LateBrakeDef {
    #[serde(default)]
    modifier: i8,
    recovery: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct SectionDef {
    kind: String,
    #[serde(default)]
    corner: u8,
    #[serde(default)]
    name: String,
    #[serde(default)]
    duel: i8,
    #[serde(default)]
    trajectory: Vec<TrajectoryDef>,
    extreme: Option<ExtremeDef>,
    late_brake: Option<LateBrakeDef>,
    length: f32,
    #[serde(default)]
    angle: f32,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeDef {
    #[serde(default)]
    tyres: u8,
    #[serde(default)]
    wear: u8,
    #[serde(default)]
    discard: u8,
    #[serde(default)]
    time_loss: u8,
    #[serde(default)]
    forced_pit: bool,
    #[serde(default)]
    abandon: bool,
    #[serde(default)]
    safety_car: bool,
    next: Option<String>,
    reenter: Option<u16>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeDef {
    id: String,
    test: TestDef,
    pass: OutcomeDef,
    fail: OutcomeDef,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecoveryDef {
    id: String,
    node: Vec<NodeDef>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct WeatherDef {
    cf: [u8; 2],
    sky: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TrackFile {
    name: String,
    turns: u8,
    /// The Short Race (variant V1): where its "Short Race Finish" chit lies on the Turn track.
    #[serde(default)]
    short_turns: Option<u8>,
    stages: Vec<u8>,
    laps_per_turn: u8,
    pit: u8,
    grid_per_section: u8,
    section: Vec<SectionDef>,
    #[serde(default)]
    recovery: Vec<RecoveryDef>,
    #[serde(default)]
    weather: Vec<WeatherDef>,
}

/// The weather table: spaces from the driest to the wettest, their check-factor ranges covering
/// 1 to 99 once, dry before drizzle before rain, with both stable conditions printed.
fn weather_table(file: &str, list: &[WeatherDef]) -> Result<Vec<Space>, Error> {
    if list.is_empty() {
        return Ok(Vec::new());
    }
    let mut out: Vec<Space> = Vec::new();
    let mut seen = [false; 100];
    for (i, w) in list.iter().enumerate() {
        let key = format!("weather[{i}]");
        let sky = Sky::parse(&w.sky).ok_or_else(|| {
            err(
                file,
                format!("{key}.sky"),
                format!("{:?}: dry, drizzle or rain", w.sky),
            )
        })?;
        let [a, b] = w.cf;
        let (lo, hi) = (a.min(b), a.max(b));
        range(file, format!("{key}.cf"), lo, 1, 99)?;
        range(file, format!("{key}.cf"), hi, 1, 99)?;
        for cf in lo..=hi {
            if core::mem::replace(&mut seen[usize::from(cf)], true) {
                return Err(err(
                    file,
                    format!("{key}.cf"),
                    format!("check factor {cf} is on two spaces"),
                ));
            }
        }
        if out.last().is_some_and(|p| p.sky > sky) {
            return Err(err(
                file,
                format!("{key}.sky"),
                "spaces run from dry through drizzle to rain",
            ));
        }
        out.push(Space { lo, hi, sky });
    }
    if let Some(cf) = (1..=99).find(|&c| !seen[c]) {
        return Err(err(
            file,
            "weather",
            format!("check factor {cf} is on no space: the table covers 1 to 99"),
        ));
    }
    if out.first().map(|w| w.sky) != Some(Sky::Dry) || out.last().map(|w| w.sky) != Some(Sky::Rain)
    {
        return Err(err(
            file,
            "weather",
            "the table runs from a dry space to a rain space",
        ));
    }
    Ok(out)
}

fn colour(file: &str, key: &str, s: &str) -> Result<Colour, Error> {
    Colour::parse(s).ok_or_else(|| {
        err(
            file,
            key,
            format!("unknown colour {s:?}; one of red, green, orange, yellow"),
        )
    })
}

fn colours(file: &str, key: &str, list: &[String]) -> Result<u8, Error> {
    if list.is_empty() || list.len() > 2 {
        return Err(err(file, key, "one or two colours"));
    }
    let mut bits = 0;
    for c in list {
        bits |= colour(file, key, c)?.bit();
    }
    Ok(bits)
}

fn test(file: &str, key: &str, t: &TestDef) -> Result<Test, Error> {
    let blind = match t.kind.as_str() {
        "normal" => false,
        "blind" => true,
        other => {
            return Err(err(
                file,
                format!("{key}.kind"),
                format!("{other:?}: a test is \"normal\" or \"blind\""),
            ))
        }
    };
    if !(-60..=60).contains(&t.modifier) {
        return Err(err(file, format!("{key}.modifier"), "-60 to 60"));
    }
    Ok(Test {
        blind,
        modifier: t.modifier,
    })
}

fn range(file: &str, key: String, v: u8, lo: u8, hi: u8) -> Result<(), Error> {
    if v < lo || v > hi {
        return Err(err(file, key, format!("{v} is not in {lo} to {hi}")));
    }
    Ok(())
}

fn card(file: &str, key: &str, d: &CardDef, track: bool) -> Result<Card, Error> {
    range(file, format!("{key}.cf"), d.cf, 1, 99)?;
    range(
        file,
        format!("{key}.mp"),
        d.mp,
        1,
        if track { 6 } else { 4 },
    )?;
    range(file, format!("{key}.tyres"), d.tyres, 0, 3)?;
    range(file, format!("{key}.wear"), d.wear, 0, 2)?;
    range(file, format!("{key}.discard"), d.discard, 0, 2)?;
    range(file, format!("{key}.draw"), d.draw, 0, 2)?;
    let flag = match d.flag.as_deref() {
        None => None,
        Some("yellow") => Some(Flag::Yellow),
        Some("green") => Some(Flag::Green),
        Some("blue") => Some(Flag::Blue),
        Some("orange") => Some(Flag::Orange),
        Some(o) => {
            return Err(err(
                file,
                format!("{key}.flag"),
                format!("{o:?}: one of yellow, green, blue, orange"),
            ))
        }
    };
    let power = match d.power.as_deref() {
        None | Some("none") => Power::None,
        Some("late_brake") => Power::LateBrake,
        Some("extreme") => Power::Extreme,
        Some("duel") => Power::Duel,
        Some(o) => {
            return Err(err(
                file,
                format!("{key}.power"),
                format!("{o:?}: one of none, late_brake, extreme, duel"),
            ))
        }
    };
    if !track {
        for (name, set) in [
            ("number", d.number != 0),
            ("corner", d.corner != 0),
            ("combine", d.combine),
            ("corner_pass", d.corner_pass),
            ("power", power != Power::None),
        ] {
            if set {
                return Err(err(
                    file,
                    format!("{key}.{name}"),
                    "only Track Cards carry it",
                ));
            }
        }
    } else {
        if d.corner == 0 {
            return Err(err(
                file,
                format!("{key}.corner"),
                "a Track Card names its corner",
            ));
        }
        if d.number == 0 {
            return Err(err(
                file,
                format!("{key}.number"),
                "a Track Card has a printed number from 1",
            ));
        }
    }
    Ok(Card {
        colour: colour(file, &format!("{key}.colour"), &d.colour)?,
        mp: d.mp,
        cf: d.cf,
        tyres: d.tyres,
        discard: d.discard,
        wear: d.wear,
        draw: d.draw,
        test: d
            .test
            .as_ref()
            .map(|t| test(file, &format!("{key}.test"), t))
            .transpose()?,
        flag,
        weather: d.weather,
        corner: d.corner,
        number: d.number,
        combine: d.combine,
        corner_pass: d.corner_pass,
        power,
    })
}

fn race_cards(file: &str, text: &str) -> Result<Vec<Card>, Error> {
    let f: CardsFile = parse(file, text)?;
    if f.card.len() != usize::from(RACE_CARDS) {
        return Err(err(
            file,
            "card",
            format!(
                "{} cards: the Race deck has 99, one per check factor",
                f.card.len()
            ),
        ));
    }
    let mut out: Vec<Option<Card>> = alloc::vec![None; 99];
    for (i, d) in f.card.iter().enumerate() {
        let key = format!("card[{i}]");
        let c = card(file, &key, d, false)?;
        let slot = &mut out[usize::from(c.cf) - 1];
        if slot.is_some() {
            return Err(err(
                file,
                format!("{key}.cf"),
                format!("check factor {} twice: one card per check factor", c.cf),
            ));
        }
        *slot = Some(c);
    }
    Ok(out.into_iter().flatten().collect())
}

fn cars(file: &str, text: &str) -> Result<CarsFile, Error> {
    let f: CarsFile = parse(file, text)?;
    range(file, "chart.tyres".into(), f.chart.tyres, 1, 30)?;
    range(file, "chart.hand".into(), f.chart.hand, 1, 12)?;
    range(file, "chart.wear_slots".into(), f.chart.wear_slots, 1, 10)?;
    if f.car.len() < MAX_HUMANS {
        return Err(err(
            file,
            "car",
            format!("{} cars: six seats need six cars", f.car.len()),
        ));
    }
    for (name, list) in [
        ("wear_bag.red", &f.wear_bag.red),
        ("wear_bag.brown", &f.wear_bag.brown),
    ] {
        if list.len() != MAX_HUMANS {
            return Err(err(file, name, "one count per number of players, 1 to 6"));
        }
    }
    for (i, c) in f.car.iter().enumerate() {
        if c.name.trim().is_empty() {
            return Err(err(file, format!("car[{i}].name"), "a car needs a name"));
        }
    }
    Ok(f)
}

fn robots(file: &str, text: &str) -> Result<Robots, Error> {
    let f: RobotsFile = parse(file, text)?;
    range(file, "target_check".into(), f.target_check, 1, 99)?;
    for (k, t) in [
        ("superfast", &f.superfast),
        ("fast", &f.fast),
        ("slow", &f.slow),
    ] {
        range(file, format!("{k}.mp"), t.mp, 1, 8)?;
    }
    if f.lineup.len() != MAX_HUMANS {
        return Err(err(
            file,
            "lineup",
            "one line-up per number of players, 1 to 6",
        ));
    }
    let mut lineup = [[0u8; 3]; MAX_HUMANS];
    lineup.copy_from_slice(&f.lineup);
    let mut chits = Vec::new();
    for (i, c) in f.chit.iter().enumerate() {
        let key = format!("chit[{i}]");
        let kind = RobotType::parse(&c.kind).ok_or_else(|| {
            err(
                file,
                format!("{key}.type"),
                format!("{:?}: superfast, fast or slow", c.kind),
            )
        })?;
        range(file, format!("{key}.cf"), c.cf, 1, 99)?;
        range(file, format!("{key}.pit_turn"), c.pit_turn, 2, 60)?;
        if !(-5..=12).contains(&c.qualifying) {
            return Err(err(file, format!("{key}.qualifying"), "-5 to 12"));
        }
        chits.push(Chit {
            kind,
            qualifying: c.qualifying,
            cf: c.cf,
            pit_turn: c.pit_turn,
        });
    }
    for (t, kind) in RobotType::ALL.into_iter().enumerate() {
        let have = chits.iter().filter(|c| c.kind == kind).count();
        let need = lineup.iter().map(|l| usize::from(l[t])).max().unwrap_or(0);
        if have < need {
            return Err(err(
                file,
                "chit",
                format!(
                    "{have} {} chits for a line-up of {need}: one chit per robot at least",
                    kind.key()
                ),
            ));
        }
    }
    Ok(Robots {
        target_check: f.target_check,
        types: [f.superfast, f.fast, f.slow],
        lineup,
        chits,
    })
}

fn outcome(
    file: &str,
    key: &str,
    o: &OutcomeDef,
    ids: &BTreeMap<&str, u16>,
    sections: usize,
) -> Result<Outcome, Error> {
    let next = match &o.next {
        None => None,
        Some(n) => Some(*ids.get(n.as_str()).ok_or_else(|| {
            err(
                file,
                format!("{key}.next"),
                format!("no test {n:?} in this chart"),
            )
        })?),
    };
    let reenter = match o.reenter {
        None => None,
        Some(r) if r >= 1 && usize::from(r) <= sections => Some((r - 1) as u8),
        Some(r) => {
            return Err(err(
                file,
                format!("{key}.reenter"),
                format!("section {r}: sections count from 1 to {sections}"),
            ))
        }
    };
    let ends = [next.is_some(), reenter.is_some(), o.abandon]
        .iter()
        .filter(|b| **b)
        .count();
    if ends > 1 {
        return Err(err(
            file,
            key,
            "an arrow leads to one of: another test, a re-entry point, abandoning",
        ));
    }
    range(file, format!("{key}.tyres"), o.tyres, 0, 5)?;
    range(file, format!("{key}.wear"), o.wear, 0, 5)?;
    range(file, format!("{key}.discard"), o.discard, 0, 5)?;
    range(file, format!("{key}.time_loss"), o.time_loss, 0, 9)?;
    Ok(Outcome {
        tyres: o.tyres,
        wear: o.wear,
        discard: o.discard,
        time_loss: o.time_loss,
        forced_pit: o.forced_pit,
        abandon: o.abandon,
        safety_car: o.safety_car,
        next,
        reenter,
    })
}

/// A late-braking chart must lead every path to a re-entry point or to abandoning.
fn lb_chart_ends(nodes: &[RecoveryNode], start: u16) -> bool {
    let mut stack = alloc::vec![(start, 0usize)];
    while let Some((n, depth)) = stack.pop() {
        if depth > nodes.len() {
            return false;
        }
        let node = &nodes[usize::from(n)];
        for o in [node.pass, node.fail] {
            match o.next {
                Some(m) => stack.push((m, depth + 1)),
                None if o.reenter.is_none() && !o.abandon => return false,
                None => {}
            }
        }
    }
    true
}

/// An Extreme Trajectory's chart keeps the car on the track: no path leads to a re-entry
/// point ("Agora você está livre para jogar seu turno").
fn et_chart_stays(nodes: &[RecoveryNode], start: u16) -> bool {
    let mut stack = alloc::vec![(start, 0usize)];
    while let Some((n, depth)) = stack.pop() {
        if depth > nodes.len() {
            return false;
        }
        let node = &nodes[usize::from(n)];
        for o in [node.pass, node.fail] {
            if o.reenter.is_some() {
                return false;
            }
            if let Some(m) = o.next {
                stack.push((m, depth + 1));
            }
        }
    }
    true
}

fn track(
    id: &str,
    file: &str,
    text: &str,
    cards_file: &str,
    cards_text: &str,
) -> Result<Track, Error> {
    let f: TrackFile = parse(file, text)?;
    let n = f.section.len();
    if !(8..=MAX_SECTIONS).contains(&n) {
        return Err(err(file, "section", format!("{n} sections: 8 to 64")));
    }
    range(file, "turns".into(), f.turns, 2, 60)?;
    // Ours where the track says nothing: the end of the Race Stage row nearest mid-race.
    let short_turns = match f.short_turns {
        Some(t) => {
            range(file, "short_turns".into(), t, 2, f.turns)?;
            t
        }
        None => f
            .stages
            .iter()
            .map(|&s| s.saturating_sub(1))
            .filter(|&t| t >= 2)
            .min_by_key(|&t| t.abs_diff(f.turns / 2))
            .unwrap_or(f.turns.div_ceil(2).max(2)),
    };
    range(file, "pit".into(), f.pit, 1, (n - 1) as u8)?;
    range(file, "grid_per_section".into(), f.grid_per_section, 1, 4)?;
    range(file, "laps_per_turn".into(), f.laps_per_turn, 1, 9)?;
    if f.stages.first() != Some(&1) || f.stages.windows(2).any(|w| w[0] >= w[1]) {
        return Err(err(
            file,
            "stages",
            "Race Stages open at increasing turns, the first at turn 1",
        ));
    }
    if f.stages.iter().any(|&t| t > f.turns) {
        return Err(err(
            file,
            "stages",
            "a Race Stage opens after the last turn",
        ));
    }
    // Recovery charts first: sections refer to them by id.
    let (recoveries, nodes, chart_ids) = recovery_charts(file, &f, n)?;
    let chart = |key: String, id: &str| -> Result<u16, Error> {
        chart_ids
            .get(id)
            .copied()
            .ok_or_else(|| err(file, key, format!("no recovery chart {id:?}")))
    };
    let mut sections = Vec::with_capacity(n);
    let mut corners: BTreeMap<u8, String> = BTreeMap::new();
    for (i, s) in f.section.iter().enumerate() {
        sections.push(section(
            file,
            i,
            s,
            (&recoveries, &nodes),
            &chart,
            &mut corners,
        )?);
    }
    let cards = track_cards(cards_file, cards_text, &corners)?;
    let weather = weather_table(file, &f.weather)?;
    Ok(Track {
        id: id.to_string(),
        name: f.name,
        turns: f.turns,
        short_turns,
        stages: f.stages,
        laps_per_turn: f.laps_per_turn,
        pit: f.pit,
        grid_per_section: f.grid_per_section,
        sections,
        recoveries,
        nodes,
        cards,
        weather,
    })
}

/// A track's recovery charts, their tests in one list, and each chart's place by its id.
type Charts<'f> = (Vec<Recovery>, Vec<RecoveryNode>, BTreeMap<&'f str, u16>);

/// The track's recovery charts, read first: sections refer to them by id. Each chart's tests
/// go into one list of nodes; `ids` names each chart's place.
fn recovery_charts<'f>(file: &str, f: &'f TrackFile, n: usize) -> Result<Charts<'f>, Error> {
    let mut recoveries = Vec::new();
    let mut nodes: Vec<RecoveryNode> = Vec::new();
    let mut chart_ids: BTreeMap<&str, u16> = BTreeMap::new();
    for (i, r) in f.recovery.iter().enumerate() {
        let key = format!("recovery[{i}]");
        if chart_ids.insert(r.id.as_str(), i as u16).is_some() {
            return Err(err(
                file,
                format!("{key}.id"),
                format!("chart {:?} twice", r.id),
            ));
        }
        if r.node.is_empty() {
            return Err(err(
                file,
                format!("{key}.node"),
                "a chart starts with a test",
            ));
        }
        let base = nodes.len() as u16;
        let mut ids: BTreeMap<&str, u16> = BTreeMap::new();
        for (j, nd) in r.node.iter().enumerate() {
            if ids.insert(nd.id.as_str(), base + j as u16).is_some() {
                return Err(err(
                    file,
                    format!("{key}.node[{j}].id"),
                    format!("test {:?} twice", nd.id),
                ));
            }
        }
        for (j, nd) in r.node.iter().enumerate() {
            let nk = format!("{key}.node[{j}]");
            let t = test(file, &format!("{nk}.test"), &nd.test)?;
            nodes.push(RecoveryNode {
                blind: t.blind,
                modifier: t.modifier,
                pass: outcome(file, &format!("{nk}.pass"), &nd.pass, &ids, n)?,
                fail: outcome(file, &format!("{nk}.fail"), &nd.fail, &ids, n)?,
            });
        }
        recoveries.push(Recovery {
            id: r.id.clone(),
            start: base,
        });
    }
    Ok((recoveries, nodes, chart_ids))
}

/// A section's kind by its name in the file.
fn section_kind(file: &str, key: &str, name: &str) -> Result<Kind, Error> {
    match name {
        "straight" => Ok(Kind::Straight),
        "braking" => Ok(Kind::Braking),
        "corner" => Ok(Kind::Corner),
        o => Err(err(
            file,
            format!("{key}.kind"),
            format!("{o:?}: straight, braking or corner"),
        )),
    }
}

/// One section of the track (`i`, from 0): its kind and corner, trajectories, Extreme
/// Trajectory and late brake, each corner named once in `corners`.
fn section(
    file: &str,
    i: usize,
    s: &SectionDef,
    charts: (&[Recovery], &[RecoveryNode]),
    chart: &dyn Fn(String, &str) -> Result<u16, Error>,
    corners: &mut BTreeMap<u8, String>,
) -> Result<Section, Error> {
    let (recoveries, nodes) = charts;
    let key = format!("section[{i}]");
    let kind = section_kind(file, &key, &s.kind)?;
    if kind == Kind::Corner {
        if !(1..=15).contains(&s.corner) || s.name.trim().is_empty() {
            return Err(err(
                file,
                key,
                "a corner section has a corner number from 1 to 15 and a name",
            ));
        }
        if let Some(other) = corners.insert(s.corner, s.name.clone()) {
            if other != s.name {
                return Err(err(
                    file,
                    format!("{key}.name"),
                    format!("corner {} is named {other:?} elsewhere", s.corner),
                ));
            }
        }
        if !(-9..=9).contains(&s.duel) {
            return Err(err(file, format!("{key}.duel"), "-9 to 9"));
        }
    } else if s.corner != 0 || s.duel != 0 {
        return Err(err(
            file,
            key,
            "only corner sections have a corner number and a duel modifier",
        ));
    }
    if s.trajectory.len() > 5 {
        return Err(err(
            file,
            format!("{key}.trajectory"),
            "at most five trajectories a section",
        ));
    }
    let mut trajectories = Vec::new();
    for (j, t) in s.trajectory.iter().enumerate() {
        let tk = format!("{key}.trajectory[{j}]");
        range(file, format!("{tk}.bonus"), t.bonus, 1, 4)?;
        range(file, format!("{tk}.tyres"), t.tyres, 0, 2)?;
        range(file, format!("{tk}.wear"), t.wear, 0, 1)?;
        range(file, format!("{tk}.discard"), t.discard, 0, 1)?;
        if trajectories.iter().any(|o: &Trajectory| o.outer == t.outer) {
            return Err(err(
                file,
                format!("{tk}.outer"),
                "two trajectories at the same place across the track",
            ));
        }
        trajectories.push(Trajectory {
            colours: colours(file, &format!("{tk}.colours"), &t.colours)?,
            bonus: t.bonus,
            costs: Costs {
                tyres: t.tyres,
                wear: t.wear,
                discard: t.discard,
            },
            outer: t.outer,
        });
    }
    let late_brake = match &s.late_brake {
        None => None,
        Some(_) if kind != Kind::Braking => {
            return Err(err(
                file,
                format!("{key}.late_brake"),
                "late-braking points are in braking zones",
            ))
        }
        Some(lb) => {
            let rec = chart(format!("{key}.late_brake.recovery"), &lb.recovery)?;
            let start = recoveries[usize::from(rec)].start;
            if !lb_chart_ends(nodes, start) {
                return Err(err(
                    file,
                    format!("{key}.late_brake.recovery"),
                    "every path of a late-braking chart ends at a re-entry point or abandoning",
                ));
            }
            Some(LateBrake {
                modifier: lb.modifier,
                recovery: rec,
            })
        }
    };
    let extreme = match &s.extreme {
        None => None,
        Some(e) => {
            range(file, format!("{key}.extreme.bonus"), e.bonus, 1, 6)?;
            if !(-60..=60).contains(&e.modifier) {
                return Err(err(file, format!("{key}.extreme.modifier"), "-60 to 60"));
            }
            let rec = chart(format!("{key}.extreme.recovery"), &e.recovery)?;
            if !et_chart_stays(nodes, recoveries[usize::from(rec)].start) {
                return Err(err(
                    file,
                    format!("{key}.extreme.recovery"),
                    "an Extreme Trajectory's chart keeps the car on the track: no re-entry point",
                ));
            }
            Some(Extreme {
                colours: colours(file, &format!("{key}.extreme.colours"), &e.colours)?,
                bonus: e.bonus,
                modifier: e.modifier,
                recovery: rec,
            })
        }
    };
    if !(s.length > 0.0 && s.length < 100.0 && (-360.0..=360.0).contains(&s.angle)) {
        return Err(err(
            file,
            key,
            "length is above 0 and angle within -360 to 360 degrees",
        ));
    }
    Ok(Section {
        kind,
        corner: s.corner,
        name: s.name.clone(),
        duel: s.duel,
        trajectories,
        extreme,
        late_brake,
        length: s.length,
        angle: s.angle,
    })
}

/// The track's Track Cards, each for one of its corners and numbered once.
fn track_cards(
    cards_file: &str,
    cards_text: &str,
    corners: &BTreeMap<u8, String>,
) -> Result<Vec<Card>, Error> {
    let cf: CardsFile = parse(cards_file, cards_text)?;
    if cf.card.len() > usize::from(MAX_TRACK_CARDS) {
        return Err(err(
            cards_file,
            "card",
            format!("at most {MAX_TRACK_CARDS} Track Cards"),
        ));
    }
    let mut cards = Vec::new();
    for (i, d) in cf.card.iter().enumerate() {
        let key = format!("card[{i}]");
        let c = card(cards_file, &key, d, true)?;
        if !corners.contains_key(&c.corner) {
            return Err(err(
                cards_file,
                format!("{key}.corner"),
                format!("this track has no corner {}", c.corner),
            ));
        }
        if cards.iter().any(|o: &Card| o.number == c.number) {
            return Err(err(
                cards_file,
                format!("{key}.number"),
                format!("Track Card {} twice", c.number),
            ));
        }
        cards.push(c);
    }
    Ok(cards)
}

impl Content {
    /// Parses the content folder's files, given as (relative path, text) pairs.
    pub fn parse(files: &[(String, String)]) -> Result<Content, Error> {
        let get = |name: &str| -> Result<&str, Error> {
            files
                .iter()
                .find(|(p, _)| p == name)
                .map(|(_, t)| t.as_str())
                .ok_or_else(|| err(name, "(file)", "missing from the content folder"))
        };
        let race_cards = race_cards("race_cards.toml", get("race_cards.toml")?)?;
        let cars_file = cars("cars.toml", get("cars.toml")?)?;
        let robots = robots("robots.toml", get("robots.toml")?)?;
        let mut tracks = Vec::new();
        for (path, text) in files {
            let Some(rest) = path.strip_prefix("tracks/") else {
                continue;
            };
            let Some(id) = rest.strip_suffix("/track.toml") else {
                continue;
            };
            let cards_path = format!("tracks/{id}/cards.toml");
            let cards_text = get(&cards_path)?;
            tracks.push(track(id, path, text, &cards_path, cards_text)?);
        }
        if tracks.is_empty() {
            return Err(err(
                "tracks/<id>/track.toml",
                "(file)",
                "no track in the content folder",
            ));
        }
        tracks.sort_by(|a, b| a.id.cmp(&b.id));
        let mut wear_bag = [(0u8, 0u8); MAX_HUMANS];
        for (i, w) in wear_bag.iter_mut().enumerate() {
            *w = (cars_file.wear_bag.red[i], cars_file.wear_bag.brown[i]);
        }
        let file_hashes = files
            .iter()
            .map(|(p, t)| (p.clone(), hash(core::iter::once((p.as_str(), t.as_str())))))
            .collect();
        Ok(Content {
            race_cards,
            chart: cars_file.chart,
            setup: cars_file.setup,
            cars: cars_file.car,
            wear_bag,
            robots,
            tracks,
            file_hashes,
        })
    }

    #[cfg(feature = "std")]
    pub fn from_dir(dir: &std::path::Path) -> Result<Content, Error> {
        let mut files = Vec::new();
        let mut stack = alloc::vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            let entries = std::fs::read_dir(&d)
                .map_err(|e| err(&d.display().to_string(), "(folder)", e.to_string()))?;
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "toml") {
                    let rel = p
                        .strip_prefix(dir)
                        .map(|r| r.to_string_lossy().replace('\\', "/"))
                        .unwrap_or_default();
                    let text = std::fs::read_to_string(&p)
                        .map_err(|e| err(&rel, "(file)", e.to_string()))?;
                    files.push((rel, text));
                }
            }
        }
        files.sort();
        Content::parse(&files)
    }

    pub fn track(&self, id: &str) -> Option<&Track> {
        self.tracks.iter().find(|t| t.id == id)
    }

    /// The hash of exactly the files a race on `track` reads.
    pub fn race_hash(&self, track: &str) -> u64 {
        let wanted = [
            String::from("race_cards.toml"),
            String::from("cars.toml"),
            String::from("robots.toml"),
            format!("tracks/{track}/track.toml"),
            format!("tracks/{track}/cards.toml"),
        ];
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for w in &wanted {
            let v = self.file_hashes.get(w).copied().unwrap_or(0);
            h ^= v;
            h = h.wrapping_mul(0x0000_0100_0000_01b3).rotate_left(17);
        }
        h
    }
}
