//! Each refusal of Mille Bornes as a meaning (issue 31): a key and the values it names, which
//! `autodromo.mille_bornes.words` words in each language; the English here stays the core's own
//! (`Error`'s text). The keys and their English are listed in docs/rules/mille_bornes.md
//! ("Refusals").
use super::cards::Card;
use super::rules::{Attack, Blocked, Refusal, ATTACKS, STOPPERS};
use crate::error::{Error, Values};
use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;
use serde_json::{json, Value};

crate::refusal_keys! {
    GameOver = "game_over",
    DrawNow = "draw_now",
    DrawAtChance = "draw_at_chance",
    CoupFourrePending = "coup_fourre_pending",
    ExtensionPending = "extension_pending",
    CoupFourreNotNow = "coup_fourre_not_now",
    ExtensionNotNow = "extension_not_now",
    NoneLeft = "none_left",
    NotInHand = "not_in_hand",
    CoupFourreNeedsSafety = "coup_fourre_needs_safety",
    HazardOnOpponent = "hazard_on_opponent",
    HazardOnOwnTeam = "hazard_on_own_team",
    HazardOnYourself = "hazard_on_yourself",
    RollRightOfWay = "roll_right_of_way",
    RollAlready = "roll_already",
    RepairsNeedAccident = "repairs_need_accident",
    GasolineNeedsOutOfGas = "gasoline_needs_out_of_gas",
    SpareTireNeedsFlatTire = "spare_tire_needs_flat_tire",
    EndOfLimitNeedsSpeedLimit = "end_of_limit_needs_speed_limit",
    EndOfWrongWayNeedsWrongWay = "end_of_wrong_way_needs_wrong_way",
    DistanceNeedsRoll = "distance_needs_roll",
    SpeedLimitValues = "speed_limit_values",
    TwoHundreds = "two_hundreds",
    PastTarget = "past_target",
    Stopped = "stopped",
    RollBeforeRemedy = "roll_before_remedy",
    Immune = "immune",
    AlreadyLimited = "already_limited",
    AlreadyWrongWay = "already_wrong_way",
    AlreadyHazard = "already_hazard",
    UnderAttack = "under_attack",
    NotRolling = "not_rolling",
}

/// The English of a refusal whose words need no values (any other key: its refusal's `Display`).
pub fn plain(key: Key) -> &'static str {
    match key {
        Key::GameOver => "the game is over",
        Key::DrawNow => "a card must be drawn now (a chance outcome)",
        Key::DrawAtChance => "cards are drawn only at a chance node",
        Key::CoupFourrePending => "a coup fourré is pending: call it or decline it",
        Key::ExtensionPending => "at exactly 700 miles: extend to 1000 or stop",
        Key::CoupFourreNotNow => "coup fourré: only right after the matching hazard hits your side",
        Key::ExtensionNotNow => "extension: only on reaching exactly 700 miles",
        Key::CoupFourreNeedsSafety => {
            "a coup fourré needs the safety against the hazard in your hand"
        }
        Key::HazardOnOpponent => "hazards are played on an opponent",
        Key::HazardOnOwnTeam => "hazards are played on an opponent, never on your own team",
        Key::HazardOnYourself => "hazards are played on an opponent, never on yourself",
        Key::RollRightOfWay => "Roll: Right of Way already lets your car roll",
        Key::RollAlready => "Roll: your car is already rolling",
        Key::RepairsNeedAccident => "Repairs: only after an Accident",
        Key::GasolineNeedsOutOfGas => "Gasoline: only when Out of Gas",
        Key::SpareTireNeedsFlatTire => "Spare Tire: only on a Flat Tire",
        Key::EndOfLimitNeedsSpeedLimit => "End of Limit: only under a Speed Limit",
        Key::EndOfWrongWayNeedsWrongWay => "End of Wrong Way: only when going the Wrong Way",
        Key::DistanceNeedsRoll => "distance: play a Roll before any distance card",
        Key::SpeedLimitValues => "Speed Limit: only 25 and 50 may be played",
        Key::TwoHundreds => "200: at most two 200s may be played in a hand",
        _ => "",
    }
}

/// A refusal named by its key alone.
pub fn rule(key: Key) -> Error {
    let values = match key {
        Key::SpeedLimitValues => vec![("low", json!(25)), ("high", json!(50))],
        _ => Vec::new(),
    };
    Error::refused(key.as_str(), values, plain(key))
}

/// A refusal that names one card (`card`: its id).
pub fn of_card(key: Key, card: Card, english: alloc::string::String) -> Error {
    Error::refused(key.as_str(), vec![("card", json!(card.id()))], english)
}

/// The hazards of a battle pile (`Card::battle_bit`s) as their ids, in the refusal's order.
fn hazard_ids(bits: u8) -> Value {
    let ids: Vec<&str> = STOPPERS
        .iter()
        .filter(|(h, _)| bits & h.battle_bit() != 0)
        .map(|(h, _)| h.id())
        .collect();
    json!(ids)
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Self {
        let (key, values): (Key, Values) = match r {
            Refusal::Rule(key) => return rule(key),
            Refusal::Stopped(bits) => (Key::Stopped, vec![("hazards", hazard_ids(bits))]),
            Refusal::RollBeforeRemedy(bits) => {
                (Key::RollBeforeRemedy, vec![("hazards", hazard_ids(bits))])
            }
            Refusal::PastTarget {
                miles,
                card,
                target,
            } => (
                Key::PastTarget,
                vec![
                    ("miles", json!(miles)),
                    ("card", json!(card)),
                    ("target", json!(target)),
                ],
            ),
        };
        Error::refused(key.as_str(), values, r.to_string())
    }
}

impl From<Attack> for Error {
    fn from(a: Attack) -> Self {
        let mut values: Values = vec![
            ("hazard", json!(a.hazard.id())),
            ("side", json!(u16::from(a.side) + 1)),
            ("teams", json!(a.teams)),
        ];
        let key = match a.why {
            Blocked::Immune(safety) => {
                values.push(("safety", json!(safety.id())));
                Key::Immune
            }
            Blocked::Already => match a.hazard {
                Card::SpeedLimit => Key::AlreadyLimited,
                Card::WrongWay => Key::AlreadyWrongWay,
                _ => Key::AlreadyHazard,
            },
            Blocked::UnderAttack(bits) => {
                let ids: Vec<&str> = ATTACKS
                    .iter()
                    .filter(|c| bits & super::rules::attack_bit(**c) != 0)
                    .map(|c| c.id())
                    .collect();
                values.push(("attacks", json!(ids)));
                Key::UnderAttack
            }
            Blocked::NotRolling => Key::NotRolling,
        };
        Error::refused(key.as_str(), values, a.to_string())
    }
}
