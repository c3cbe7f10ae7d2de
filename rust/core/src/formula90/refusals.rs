//! Each refusal of Formula 90 as a meaning (issue 31): a key and the values it names (a card by
//! the name the core gives it, a car by its name, a skill, strategy or flag by the core's name,
//! the phase by the name the view gives it, the numbers the English shows), which
//! `autodromo.formula90.words` words in each language; the English stays the core's own
//! (`Error`'s text, built where the rule is checked).
use crate::error::{Error, Values};
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use serde_json::Value;

crate::refusal_keys! {
    NotAChoice = "not_a_choice",
    NotAChoiceChance = "not_a_choice_chance",
    RaceOver = "race_over",
    NotInHand = "not_in_hand",
    Frozen = "frozen",
    NotInRaceDeck = "not_in_race_deck",
    NotInTrackDeck = "not_in_track_deck",
    PitExtra = "pit_extra",
    NoRedWear = "no_red_wear",
    NoBrownWear = "no_brown_wear",
    ChitNotFree = "chit_not_free",
    NotInTie = "not_in_tie",
    QualifyRaceCard = "qualify_race_card",
    QualifyFuel = "qualify_fuel",
    AdvancedStrategy = "advanced_strategy",
    NoSuchStrategy = "no_such_strategy",
    SixthDeclared = "sixth_declared",
    SkipBeforeSkill = "skip_before_skill",
    OneSkill = "one_skill",
    NoSuchSkill = "no_such_skill",
    WiseRaceCards = "wise_race_cards",
    MustPit = "must_pit",
    ForcedPit = "forced_pit",
    MustPitNow = "must_pit_now",
    ForcedPitNow = "forced_pit_now",
    PitHand = "pit_hand",
    NameTyres = "name_tyres",
    TyreKinds = "tyre_kinds",
    RobotTyres = "robot_tyres",
    HardTyresOnly = "hard_tyres_only",
    SoftSets = "soft_sets",
    WeatherStep = "weather_step",
    Driest = "driest",
    Wettest = "wettest",
    YellowCorner = "yellow_corner",
    YellowThere = "yellow_there",
    YellowPlace = "yellow_place",
    GreenFlag = "green_flag",
    NoFreeExtreme = "no_free_extreme",
    SaveFuelOnly = "save_fuel_only",
    SaveFuelCard = "save_fuel_card",
    ChaseNone = "chase_none",
    ChaseCard = "chase_card",
    PayToken = "pay_token",
    PayCard = "pay_card",
    LateBrakePower = "late_brake_power",
    TrajectoryTaken = "trajectory_taken",
    DuelSame = "duel_same",
    PlayFirst = "play_first",
    CouldPlay = "could_play",
    PlaySame = "play_same",
    PairTwo = "pair_two",
    PairOne = "pair_one",
    PushFuel = "push_fuel",
    OffTrack = "off_track",
    NoTrajectory = "no_trajectory",
    TrajectoryColour = "trajectory_colour",
    NoExtreme = "no_extreme",
    ExtremeColour = "extreme_colour",
    NoTyreToken = "no_tyre_token",
    TyresToPay = "tyres_to_pay",
    Discards = "discards",
    Wear = "wear",
    TrackCorner = "track_corner",
    TrackExtreme = "track_extreme",
    TrackChecks = "track_checks",
    NoCheckPending = "no_check_pending",
    BlindCheck = "blind_check",
    CheckCard = "check_card",
    LeaderCheckHand = "leader_check_hand",
    LeaderCheckCard = "leader_check_card",
    SafetyCarExtra = "safety_car_extra",
    SafetyCarSkip = "safety_car_skip",
    SafetyCarSkill = "safety_car_skill",
    SafetyCarDrive = "safety_car_drive",
    SetupPoints = "setup_points",
    SetupTuning = "setup_tuning",
    SetupLimit = "setup_limit",
    NotTheSkill = "not_the_skill",
    SkillTurned = "skill_turned",
    NoOtherStrategy = "no_other_strategy",
    SixthNoSkill = "sixth_no_skill",
    SixthFlagsOff = "sixth_flags_off",
    SixthTokens = "sixth_tokens",
    SixthUsed = "sixth_used",
    SixthMustPit = "sixth_must_pit",
    FlatOutSkill = "flat_out_skill",
    ExtremePower = "extreme_power",
    ExtremeBlind = "extreme_blind",
}

/// A refusal a helper checks without the state's names: its key and its English.
pub type Said = (Key, &'static str);

/// A refusal being built: its key, the values it names and its English.
#[derive(Debug, Clone, PartialEq)]
pub struct Why {
    pub key: Key,
    values: Values,
    text: String,
}

impl Why {
    pub fn new(key: Key, text: impl Into<String>) -> Self {
        Why {
            key,
            values: Vec::new(),
            text: text.into(),
        }
    }

    /// Names `value` as `name`.
    pub fn with(mut self, name: &'static str, value: impl Into<Value>) -> Self {
        self.values.push((name, value.into()));
        self
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl From<Why> for Error {
    fn from(w: Why) -> Self {
        Error::refused(w.key.as_str(), w.values, w.text)
    }
}

/// Recovery's forced pit stop, refused alike by the Safety Car's turn and the others (here, so
/// that neither of their files depends on the other's).
pub(super) fn forced_pit() -> Why {
    Why::new(
        Key::ForcedPit,
        "Recovery: a forced pit stop at the start of this turn",
    )
}
