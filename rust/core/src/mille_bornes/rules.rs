//! Which card may be played where, and what it does to a tableau. Each refusal is the rule, in
//! the player's words, with the cards and miles in play.
use core::fmt;

use super::cards::Card;
use super::refusals::{plain, Key};

/// Why a card may not be played on one's own tableau: the check that failed. `Copy` and free of
/// allocation, since the legal list is built from the same checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A rule whose wording needs no numbers.
    Rule(Key),
    /// The car is stopped by these hazards (`Card::battle_bit`s): each one's remedy first.
    Stopped(u8),
    /// A Roll while a hazard other than Stop is on the battle pile.
    RollBeforeRemedy(u8),
    /// The distance card would carry the trip past the target.
    PastTarget { miles: u16, card: u16, target: u16 },
}

/// The hazards that stop a car, with the card that cures each.
pub(super) const STOPPERS: [(Card, &str); 4] = [
    (Card::Accident, "Repairs"),
    (Card::OutOfGas, "Gasoline"),
    (Card::FlatTire, "a Spare Tire"),
    (Card::Stop, "a Roll"),
];

fn remedies(f: &mut fmt::Formatter<'_>, hazards: u8) -> fmt::Result {
    let mut first = true;
    for (hazard, remedy) in STOPPERS {
        if hazards & hazard.battle_bit() != 0 {
            if !first {
                f.write_str("; ")?;
            }
            write!(f, "{}: play {remedy} first", hazard.name())?;
            first = false;
        }
    }
    Ok(())
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::Rule(key) => f.write_str(plain(key)),
            Refusal::Stopped(hazards) => remedies(f, hazards),
            Refusal::RollBeforeRemedy(hazards) => {
                f.write_str("Roll comes after the remedy: ")?;
                remedies(f, hazards)
            }
            Refusal::PastTarget {
                miles,
                card,
                target,
            } => write!(
                f,
                "{miles} + {card} passes the {target} target (the trip ends exactly on it)"
            ),
        }
    }
}

/// Why a hazard may not hit a side: the check that failed. `Copy` and free of allocation, since
/// the legal list is built from the same checks; `Attack` words it with the card and the side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocked {
    /// The side's safety protects it against the hazard.
    Immune(Card),
    /// The side already suffers this very hazard.
    Already,
    /// The side already suffers these attacks: `Card::battle_bit`s, with `SPEED_LIMIT_BIT` and
    /// `WRONG_WAY_BIT` for the cards beside the battle pile.
    UnderAttack(u8),
    /// No Roll in play: the car has not started, or not restarted after its remedy.
    NotRolling,
}

/// Bits past the four battle hazards, naming the attacks beside the battle pile in `Blocked`.
pub const SPEED_LIMIT_BIT: u8 = 1 << 4;
pub const WRONG_WAY_BIT: u8 = 1 << 5;

/// A refused attack, as the player reads it: the hazard, the side it was aimed at (counted from
/// 1, as the labels count), and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attack {
    pub hazard: Card,
    pub side: u8,
    pub teams: bool,
    pub why: Blocked,
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = if self.teams { "team" } else { "player" };
        let side = u16::from(self.side) + 1;
        let hazard = self.hazard.name();
        match self.why {
            Blocked::Immune(safety) => {
                let the = if matches!(safety, Card::DrivingAce | Card::ExtraTank) {
                    "the "
                } else {
                    ""
                };
                write!(f, "immune: {word} {side} has {the}{}", safety.name())
            }
            Blocked::Already => {
                let state = match self.hazard {
                    Card::SpeedLimit => "is already under a Speed Limit",
                    Card::WrongWay => "is already going the Wrong Way",
                    _ => "already has this hazard in play",
                };
                write!(f, "{hazard}: {word} {side} {state}")
            }
            Blocked::UnderAttack(bits) => {
                write!(f, "{hazard}: {word} {side} is already under attack (")?;
                let mut first = true;
                for card in ATTACKS {
                    if bits & attack_bit(card) != 0 {
                        if !first {
                            f.write_str(", ")?;
                        }
                        f.write_str(card.name())?;
                        first = false;
                    }
                }
                f.write_str("): one attack at a time, unless attacks are cumulative")
            }
            Blocked::NotRolling => write!(
                f,
                "{hazard}: {word} {side} has not played a Roll yet \
                 (only a rolling car may be attacked)"
            ),
        }
    }
}

/// The attack cards in the order a refusal lists them.
pub(super) const ATTACKS: [Card; 6] = [
    Card::Accident,
    Card::OutOfGas,
    Card::FlatTire,
    Card::Stop,
    Card::SpeedLimit,
    Card::WrongWay,
];

pub(super) fn attack_bit(card: Card) -> u8 {
    match card {
        Card::SpeedLimit => SPEED_LIMIT_BIT,
        Card::WrongWay => WRONG_WAY_BIT,
        _ => card.battle_bit(),
    }
}

/// One side's tableau: the battle, speed, distance and safety piles, reduced to what the rules
/// read. Partners share one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tableau {
    pub miles: u16,
    /// 200s played this hand (at most two).
    pub twos: u8,
    /// Hazards on the battle pile, as `Card::battle_bit`s (more than one only with cumulative
    /// attacks).
    pub hazards: u8,
    /// A Roll is on top of the battle pile.
    pub rolling: bool,
    /// A Speed Limit is on top of the speed pile.
    pub limited: bool,
    pub wrong_way: bool,
    /// Safeties in play, as `Card::safety_bit`s.
    pub safeties: u8,
    /// Which of those were played as a coup fourré.
    pub coups: u8,
    /// Distance cards played this hand, whatever their direction.
    pub distance_cards: u8,
}

impl Tableau {
    pub fn has(&self, safety: Card) -> bool {
        self.safeties & safety.safety_bit() != 0
    }

    /// Right of Way is a permanent Roll: with it, only a hazard stops the car.
    pub fn moving(&self) -> bool {
        self.hazards == 0 && (self.rolling || self.has(Card::RightOfWay))
    }

    /// Why `card` (not a hazard) may not be played on this tableau now.
    pub fn check_own(&self, card: Card, target: u16) -> Result<(), Refusal> {
        match card {
            Card::D25 | Card::D50 | Card::D75 | Card::D100 | Card::D200 => {
                self.check_distance(card, target)
            }
            Card::Repairs => need(
                self.hazards & Card::Accident.battle_bit() != 0,
                Key::RepairsNeedAccident,
            ),
            Card::Gasoline => need(
                self.hazards & Card::OutOfGas.battle_bit() != 0,
                Key::GasolineNeedsOutOfGas,
            ),
            Card::SpareTire => need(
                self.hazards & Card::FlatTire.battle_bit() != 0,
                Key::SpareTireNeedsFlatTire,
            ),
            Card::EndOfLimit => need(self.limited, Key::EndOfLimitNeedsSpeedLimit),
            Card::EndOfWrongWay => need(self.wrong_way, Key::EndOfWrongWayNeedsWrongWay),
            Card::Roll => {
                let others = self.hazards & !Card::Stop.battle_bit();
                if self.has(Card::RightOfWay) {
                    Err(Refusal::Rule(Key::RollRightOfWay))
                } else if self.rolling {
                    Err(Refusal::Rule(Key::RollAlready))
                } else if others != 0 {
                    Err(Refusal::RollBeforeRemedy(others))
                } else {
                    Ok(())
                }
            }
            Card::DrivingAce | Card::ExtraTank | Card::PunctureProof | Card::RightOfWay => Ok(()),
            _ => Err(Refusal::Rule(Key::HazardOnOpponent)),
        }
    }

    fn check_distance(&self, card: Card, target: u16) -> Result<(), Refusal> {
        if self.hazards != 0 {
            return Err(Refusal::Stopped(self.hazards));
        }
        if !self.moving() {
            return Err(Refusal::Rule(Key::DistanceNeedsRoll));
        }
        if self.limited && card.miles() > 50 {
            return Err(Refusal::Rule(Key::SpeedLimitValues));
        }
        if card == Card::D200 && self.twos >= 2 {
            return Err(Refusal::Rule(Key::TwoHundreds));
        }
        if !self.wrong_way && self.miles + card.miles() > target {
            return Err(Refusal::PastTarget {
                miles: self.miles,
                card: card.miles(),
                target,
            });
        }
        Ok(())
    }

    /// Why `hazard` may not hit this tableau now. Without cumulative attacks the Italian book
    /// allows an attack only on a car that rolls and suffers no other attack: "Non è possibile
    /// attaccare un giocatore già bloccato o un giocatore che non abbia già giocato un Semaforo
    /// verde", its five attack cards (Speed Limit among them, Wrong Way added with its variant)
    /// alike. `independent_speed_limit` puts the Speed Limit beside the battle pile, as the
    /// English and French editions do.
    pub fn check_hazard(
        &self,
        hazard: Card,
        cumulative: bool,
        independent_speed_limit: bool,
    ) -> Result<(), Blocked> {
        if let Some(safety) = hazard.safety_against() {
            if self.has(safety) {
                return Err(Blocked::Immune(safety));
            }
        }
        let same = match hazard {
            Card::SpeedLimit => self.limited,
            Card::WrongWay => self.wrong_way,
            _ => self.hazards & hazard.battle_bit() != 0,
        };
        if same {
            return Err(Blocked::Already);
        }
        if cumulative || (independent_speed_limit && hazard == Card::SpeedLimit) {
            return Ok(());
        }
        let limited = self.limited && !independent_speed_limit;
        let attacks = self.hazards
            | if limited { SPEED_LIMIT_BIT } else { 0 }
            | if self.wrong_way { WRONG_WAY_BIT } else { 0 };
        if attacks != 0 {
            return Err(Blocked::UnderAttack(attacks));
        }
        if !self.moving() {
            return Err(Blocked::NotRolling);
        }
        Ok(())
    }

    /// The attacks this side suffers, counted as the one-at-a-time rule counts them (a Speed
    /// Limit on its own speed pile does not count).
    pub fn attacks(&self, independent_speed_limit: bool) -> u32 {
        self.hazards.count_ones()
            + u32::from(self.limited && !independent_speed_limit)
            + u32::from(self.wrong_way)
    }

    /// Plays `card` (checked) on this tableau.
    pub fn play_own(&mut self, card: Card) {
        match card {
            Card::D25 | Card::D50 | Card::D75 | Card::D100 | Card::D200 => {
                self.miles = if self.wrong_way {
                    self.miles.saturating_sub(card.miles())
                } else {
                    self.miles + card.miles()
                };
                self.twos += u8::from(card == Card::D200);
                self.distance_cards += 1;
            }
            Card::Repairs | Card::Gasoline | Card::SpareTire => {
                let cured = card.remedy_for().map_or(0, Card::battle_bit);
                self.hazards &= !cured;
                // The remedy now tops the battle pile: a new Roll is needed (unless Right of Way).
                self.rolling = false;
            }
            Card::EndOfLimit => self.limited = false,
            Card::EndOfWrongWay => self.wrong_way = false,
            Card::Roll => {
                self.rolling = true;
                self.hazards &= !Card::Stop.battle_bit();
            }
            Card::DrivingAce | Card::ExtraTank | Card::PunctureProof | Card::RightOfWay => {
                self.play_safety(card)
            }
            _ => {}
        }
    }

    /// A safety protects for the rest of the hand and cancels the matching hazards in play. It is
    /// not a Roll: after cancelling a hazard the car still needs one, unless it has Right of Way.
    pub fn play_safety(&mut self, safety: Card) {
        self.safeties |= safety.safety_bit();
        match safety {
            Card::DrivingAce => {
                self.hazards &= !Card::Accident.battle_bit();
                self.wrong_way = false;
            }
            Card::ExtraTank => self.hazards &= !Card::OutOfGas.battle_bit(),
            Card::PunctureProof => self.hazards &= !Card::FlatTire.battle_bit(),
            Card::RightOfWay => {
                self.hazards &= !Card::Stop.battle_bit();
                self.limited = false;
            }
            _ => {}
        }
    }

    /// `hazard` (checked) hits this tableau.
    pub fn suffer(&mut self, hazard: Card) {
        match hazard {
            Card::SpeedLimit => self.limited = true,
            Card::WrongWay => self.wrong_way = true,
            _ => {
                self.hazards |= hazard.battle_bit();
                self.rolling = false;
            }
        }
    }

    pub fn safety_count(&self) -> u32 {
        self.safeties.count_ones()
    }
}

fn need(ok: bool, rule: Key) -> Result<(), Refusal> {
    if ok {
        Ok(())
    } else {
        Err(Refusal::Rule(rule))
    }
}
