//! Each refusal of Lamborghini as a meaning (issue 31): a key and the values it names (card
//! ids, a car by its number and its Car card, directions, numbers), which
//! `autodromo.lamborghini.words` words in each language; the English stays the core's own
//! (`Error`'s text, built in `rules.rs`).
use super::actions::Dir;
use super::content::Supplier;
use super::state::LamboState;
use super::turn::DeckKind;
use crate::error::{Error, Values};
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Value};

crate::refusal_keys! {
    NotOpen = "not_open",
    BidMoney = "bid_money",
    NotInDeck = "not_in_deck",
    GrantTech = "grant_tech",
    NotInSpeedDeck = "not_in_speed_deck",
    DeckEmpty = "deck_empty",
    TechAlreadyTurned = "tech_already_turned",
    DraftTurned = "draft_turned",
    TurnTechFirst = "turn_tech_first",
    PickAfterTurning = "pick_after_turning",
    DriversFirst = "drivers_first",
    DriversLinked = "drivers_linked",
    NotFaceUp = "not_face_up",
    PickCosts = "pick_costs",
    PickCheapest = "pick_cheapest",
    HasCar = "has_car",
    HasDriver = "has_driver",
    PickSupplier = "pick_supplier",
    CannotPick = "cannot_pick",
    NothingToLink = "nothing_to_link",
    NoSuchCar = "no_such_car",
    LinkSupplier = "link_supplier",
    CannotLink = "cannot_link",
    CheckPrepCard = "check_prep_card",
    OneCardATurn = "one_card_a_turn",
    NotInHand = "not_in_hand",
    NotAmongCards = "not_among_cards",
    SpeedCardActive = "speed_card_active",
    LaneChanged = "lane_changed",
    TeamUseless = "team_useless",
    NotSecondOrThird = "not_second_or_third",
    NotLastOrSecondLast = "not_last_or_second_last",
    NotPlayable = "not_playable",
    MovementSpent = "movement_spent",
    ForcedFirst = "forced_first",
    AerodynamicsLane = "aerodynamics_lane",
    StepEdge = "step_edge",
    StepCar = "step_car",
    StepTaken = "step_taken",
    Squeeze = "squeeze",
    StepNot = "step_not",
    Engaged = "engaged",
    EngageNoChecks = "engage_no_checks",
    PushSideways = "push_sideways",
    PushNone = "push_none",
    CrashNone = "crash_none",
    SlipBeside = "slip_beside",
    SlipEdge = "slip_edge",
    SlipTaken = "slip_taken",
    TeamNoDamage = "team_no_damage",
}

/// A refusal being built: its key, the values it names and its English.
#[derive(Debug)]
pub struct Why {
    key: Key,
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

    /// Replaces the English (a refusal whose text is built after its values).
    pub fn text(mut self, text: impl Into<String>) -> Self {
        self.text = text.into();
        self
    }

    pub fn text_of(&self) -> &str {
        &self.text
    }

    /// Names a direction (`dir`: "left", "ahead", "right").
    pub fn dir(self, d: Dir) -> Self {
        self.with("dir", d.name())
    }

    /// Names a deck (`deck`: "car", "driver", "technology", "manoeuvre").
    pub fn deck(self, d: DeckKind) -> Self {
        self.with("deck", deck_id(d))
    }
}

impl From<Why> for Error {
    fn from(w: Why) -> Self {
        Error::refused(w.key.as_str(), w.values, w.text)
    }
}

pub fn deck_id(d: DeckKind) -> &'static str {
    match d {
        DeckKind::Car => "car",
        DeckKind::Driver => "driver",
        DeckKind::Technology => "technology",
        DeckKind::Manoeuvre => "manoeuvre",
    }
}

pub fn supplier_id(s: Supplier) -> &'static str {
    match s {
        Supplier::Red => "red",
        Supplier::Yellow => "yellow",
        Supplier::Blue => "blue",
    }
}

impl LamboState {
    /// A card named by its content id (`card` and the like), for the words module to name.
    pub(super) fn card_id(&self, card: u16) -> Value {
        self.def
            .content
            .cards
            .get(usize::from(card))
            .map_or(Value::Null, |c| json!(c.id))
    }

    /// Names a car: `car` its number from 0, `car_card` its Car card's id once it has one (a
    /// surface names it by its player).
    pub(super) fn car_values(&self, w: Why, car: usize) -> Why {
        let model = self.murcs.get(car).and_then(|m| m.car);
        let card = model.map_or(Value::Null, |c| self.card_id(c));
        w.with("car", car).with("car_card", card)
    }
}
