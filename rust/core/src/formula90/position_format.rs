//! A Formula 90 position as serde writes and reads it: plain data, everything named as people
//! read it (cars and cards by name, sections, chits, spots and checks counting from 1). One
//! type per part (`position.rs` turns a state into these and back, checking the rules), so the
//! format is read here: a field written only for some cars is an `Option` left out when `None`.
//!
//! Reading is lenient where the hand-written reader was: a missing or `null` flag is `false`, a
//! missing list is empty, `null` for an optional car or card is none.
use alloc::string::String;
use alloc::vec::Vec;
use serde::{Deserialize, Deserializer, Serialize};

/// A flag that may be missing or `null` (false).
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(d)?.unwrap_or(false))
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A car or a card by name, or `null`.
pub type Name = Option<String>;

#[derive(Serialize, Deserialize, Debug)]
pub struct Position {
    pub game: String,
    pub turn: u8,
    pub phase: PhasePos,
    pub cars: Vec<CarPos>,
    pub order: Vec<Name>,
    #[serde(default)]
    pub race_deck: Vec<String>,
    #[serde(default)]
    pub race_discard: Vec<String>,
    #[serde(default)]
    pub track_deck: Vec<String>,
    #[serde(default)]
    pub track_discard: Vec<String>,
    pub wear_bag: WearBag,
    #[serde(default)]
    pub chits: Vec<u8>,
    pub grid: Vec<Name>,
    pub retirements: u8,
    pub flags: Option<FlagsPos>,
    pub weather: Option<WeatherPos>,
    pub safety_car: Option<SafetyCarPos>,
    pub individual_turn: TurnPos,
    pub duel: DuelPos,
}

/// Where the race stands (`at`) and what that phase holds; each phase writes only its fields.
#[derive(Serialize, Deserialize, Default, Debug)]
pub struct PhasePos {
    pub at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub car: Option<Name>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub then: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<CheckPos>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pit: Option<bool>,
}

/// A check: `"leader"`, `"late brake"`, `"extreme trajectory"`, `{"card": 1 or 2}` or
/// `{"recovery": a chart's test from 1}`.
#[derive(Serialize, Deserialize, Debug)]
#[serde(untagged)]
pub enum CheckPos {
    Named(String),
    Card { card: u8 },
    Recovery { recovery: u16 },
}

/// A number or a word: a trajectory spot from 1 or `"extreme"`; a corner's number or `"ready"`.
#[derive(Serialize, Deserialize, Debug)]
#[serde(untagged)]
pub enum SpotPos {
    Spot(u8),
    Named(String),
}

/// A car: what every car has, then a robot's (`refuelled`, `chit`) or a player's fields.
#[derive(Serialize, Deserialize, Debug)]
pub struct CarPos {
    pub name: Name,
    pub lap: i16,
    pub section: u8,
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reentry: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retired_order: Option<u8>,
    #[serde(default, deserialize_with = "flag")]
    pub played: bool,
    #[serde(default, deserialize_with = "flag")]
    pub moved: bool,
    #[serde(default, deserialize_with = "flag")]
    pub no_move: bool,
    #[serde(default, deserialize_with = "flag")]
    pub just_pit: bool,
    #[serde(default)]
    pub duel_chances: Vec<Vec<u8>>,
    pub trajectory: Option<SpotPos>,
    #[serde(default, deserialize_with = "flag")]
    pub special_taken: bool,
    pub time_loss: u8,
    #[serde(default, deserialize_with = "flag")]
    pub forced_pit: bool,
    #[serde(default, deserialize_with = "flag")]
    pub must_pit: bool,
    #[serde(default)]
    pub frozen: Vec<String>,
    pub qualifying: i8,
    pub qualifying_cf: u8,
    // A robot's own fields (none for a player's car).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refuelled: Option<bool>,
    /// The refuel chit it drew, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chit: Option<Option<u8>>,
    // A player's car's own fields (none for a robot).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Name>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tyres: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub red: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub brown: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chasing: Option<Name>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skill: Option<Name>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skill_used: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sixth_sense_used: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spare_used: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chart: Option<ChartPos>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserved: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tyre: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blue: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub soft_sets: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blue_flag: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fuel: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qualify_card: Option<Name>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fuel_pick: Option<Option<u8>>,
}

#[derive(Serialize, Deserialize, Debug)]
pub struct ChartPos {
    pub tyres: u8,
    pub hand: u8,
    pub wear_slots: u8,
}

#[derive(Serialize, Deserialize, Debug)]
pub struct WearBag {
    pub red: u8,
    pub brown: u8,
}

#[derive(Serialize, Deserialize, Debug)]
pub struct FlagsPos {
    #[serde(default)]
    pub yellow: Vec<YellowPos>,
    pub orange: Name,
}

/// A yellow flag in a corner (from 1) and the cars ahead of it.
#[derive(Serialize, Deserialize, Debug)]
pub struct YellowPos {
    pub section: u8,
    pub behind: u8,
}

#[derive(Serialize, Deserialize, Debug)]
pub struct WeatherPos {
    pub space: u8,
    pub robot_tyres: Option<String>,
    #[serde(default, deserialize_with = "flag")]
    pub robots_pit: bool,
}

#[derive(Serialize, Deserialize, Debug)]
pub struct SafetyCarPos {
    #[serde(default, deserialize_with = "flag")]
    pub out: bool,
    pub section: u8,
    #[serde(default, deserialize_with = "flag")]
    pub pit_window: bool,
    #[serde(default, deserialize_with = "flag")]
    pub restart: bool,
    pub entries: u8,
    #[serde(default)]
    pub asked: Vec<Name>,
}

/// A card's check: blind, and what is added to its number.
#[derive(Serialize, Deserialize, Debug)]
pub struct TestPos {
    #[serde(default, deserialize_with = "flag")]
    pub blind: bool,
    pub modifier: i8,
}

/// The individual turn in progress.
#[derive(Serialize, Deserialize, Debug)]
pub struct TurnPos {
    pub car: Name,
    pub cards: Vec<Name>,
    #[serde(default)]
    pub used: Vec<bool>,
    #[serde(default)]
    pub in_play: Vec<String>,
    #[serde(default)]
    pub checks: Vec<Option<TestPos>>,
    #[serde(default, deserialize_with = "flag")]
    pub trajectory: bool,
    #[serde(default, deserialize_with = "flag")]
    pub matched: bool,
    pub tyres_due: u8,
    pub discard_due: u8,
    pub wear_due: u8,
    pub draws_due: u8,
    #[serde(default)]
    pub weather_due: u8,
    #[serde(default)]
    pub flags: Vec<Name>,
    #[serde(default, deserialize_with = "flag")]
    pub token_paid: bool,
    pub mp: i8,
    pub mp_left: i8,
    #[serde(default, deserialize_with = "flag")]
    pub entered: bool,
    #[serde(default, deserialize_with = "flag")]
    pub overtook: bool,
    #[serde(default)]
    pub pledge: Vec<u8>,
    pub lapping: Name,
    #[serde(default)]
    pub lucky: Vec<Name>,
    #[serde(default, deserialize_with = "flag")]
    pub late_braked: bool,
    pub recovery_next: Option<u16>,
    pub recovery_reentry: Option<u8>,
    pub blind_draws: Option<u8>,
    pub hazard_draws: Option<u8>,
    pub tokens_paid: Option<u8>,
    #[serde(default, deserialize_with = "flag")]
    pub chase_mp: bool,
    #[serde(default, deserialize_with = "flag")]
    pub small_cards: bool,
    pub specials_due: Option<u8>,
    #[serde(default, deserialize_with = "flag")]
    pub a2: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sixth_sense: Option<Vec<String>>,
    /// Extreme Trajectories: the test still due, the bonus won, the car in the ET's recovery
    /// chart, a Track Card played on a sure pass; written only when set (positions of a race
    /// without them read as before).
    #[serde(default, deserialize_with = "flag", skip_serializing_if = "is_false")]
    pub et_due: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub et_mp: u8,
    #[serde(default, deserialize_with = "flag", skip_serializing_if = "is_false")]
    pub et_recovery: bool,
    #[serde(default, deserialize_with = "flag", skip_serializing_if = "is_false")]
    pub et_bound: bool,
    /// A Track Card's "-1" icon: `"ready"`, then the corner it was spent in; left out without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub corner_pass: Option<SpotPos>,
}

/// A duel under way: its members by name, the rest by member.
#[derive(Serialize, Deserialize, Debug)]
pub struct DuelPos {
    pub section: u8,
    pub side: u8,
    pub members: Vec<Name>,
    pub challenger: Name,
    pub at: u8,
    #[serde(default)]
    pub eligible: Vec<Name>,
    #[serde(default)]
    pub joined: Vec<Name>,
    #[serde(default)]
    pub declined: Vec<Name>,
    #[serde(default)]
    pub totals: Vec<i8>,
    /// The cards laid in it; `None` in a position written before they were recorded.
    pub cards: Option<Vec<String>>,
    #[serde(default, deserialize_with = "flag")]
    pub revealed: bool,
    #[serde(default)]
    pub tie_wear: Vec<Name>,
}
