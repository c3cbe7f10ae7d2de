//! The cards and the deck tables (the book's card lists, which were images in our scan, restored
//! from the canonical facts in `shared/rules/README.md`).

/// Every kind of card. The order is part of the action encoding: never reorder, only append.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Card {
    D25,
    D50,
    D75,
    D100,
    D200,
    Accident,
    OutOfGas,
    FlatTire,
    SpeedLimit,
    Stop,
    WrongWay,
    Repairs,
    Gasoline,
    SpareTire,
    EndOfLimit,
    Roll,
    EndOfWrongWay,
    DrivingAce,
    ExtraTank,
    PunctureProof,
    RightOfWay,
}

pub const NUM_KINDS: usize = 21;

pub const ALL: [Card; NUM_KINDS] = [
    Card::D25,
    Card::D50,
    Card::D75,
    Card::D100,
    Card::D200,
    Card::Accident,
    Card::OutOfGas,
    Card::FlatTire,
    Card::SpeedLimit,
    Card::Stop,
    Card::WrongWay,
    Card::Repairs,
    Card::Gasoline,
    Card::SpareTire,
    Card::EndOfLimit,
    Card::Roll,
    Card::EndOfWrongWay,
    Card::DrivingAce,
    Card::ExtraTank,
    Card::PunctureProof,
    Card::RightOfWay,
];

/// The hazards, in the order of the attack block of the action encoding.
pub const HAZARDS: [Card; 6] = [
    Card::Accident,
    Card::OutOfGas,
    Card::FlatTire,
    Card::SpeedLimit,
    Card::Stop,
    Card::WrongWay,
];

/// The four safeties, in the order of the safety bits of a tableau.
pub const SAFETIES: [Card; 4] = [
    Card::DrivingAce,
    Card::ExtraTank,
    Card::PunctureProof,
    Card::RightOfWay,
];

/// Cards a player plays on their own side's tableau (everything but hazards).
pub const OWN_PLAYS: [Card; 15] = [
    Card::D25,
    Card::D50,
    Card::D75,
    Card::D100,
    Card::D200,
    Card::Repairs,
    Card::Gasoline,
    Card::SpareTire,
    Card::EndOfLimit,
    Card::Roll,
    Card::EndOfWrongWay,
    Card::DrivingAce,
    Card::ExtraTank,
    Card::PunctureProof,
    Card::RightOfWay,
];

impl Card {
    pub fn from_index(i: usize) -> Option<Card> {
        ALL.get(i).copied()
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Card::D25 => "25",
            Card::D50 => "50",
            Card::D75 => "75",
            Card::D100 => "100",
            Card::D200 => "200",
            Card::Accident => "Accident",
            Card::OutOfGas => "Out of Gas",
            Card::FlatTire => "Flat Tire",
            Card::SpeedLimit => "Speed Limit",
            Card::Stop => "Stop",
            Card::WrongWay => "Wrong Way",
            Card::Repairs => "Repairs",
            Card::Gasoline => "Gasoline",
            Card::SpareTire => "Spare Tire",
            Card::EndOfLimit => "End of Limit",
            Card::Roll => "Roll",
            Card::EndOfWrongWay => "End of Wrong Way",
            Card::DrivingAce => "Driving Ace",
            Card::ExtraTank => "Extra Tank",
            Card::PunctureProof => "Puncture-Proof",
            Card::RightOfWay => "Right of Way",
        }
    }

    /// The stable id a move or an event names the card by (`{"id", "name"}`); never shown.
    pub fn id(self) -> &'static str {
        match self {
            Card::D25 => "distance_25",
            Card::D50 => "distance_50",
            Card::D75 => "distance_75",
            Card::D100 => "distance_100",
            Card::D200 => "distance_200",
            Card::Accident => "accident",
            Card::OutOfGas => "out_of_gas",
            Card::FlatTire => "flat_tire",
            Card::SpeedLimit => "speed_limit",
            Card::Stop => "stop",
            Card::WrongWay => "wrong_way",
            Card::Repairs => "repairs",
            Card::Gasoline => "gasoline",
            Card::SpareTire => "spare_tire",
            Card::EndOfLimit => "end_of_limit",
            Card::Roll => "roll",
            Card::EndOfWrongWay => "end_of_wrong_way",
            Card::DrivingAce => "driving_ace",
            Card::ExtraTank => "extra_tank",
            Card::PunctureProof => "puncture_proof",
            Card::RightOfWay => "right_of_way",
        }
    }

    /// The card as a move or an event refers to it: its id and the name the game shows.
    pub fn reference(self) -> serde_json::Value {
        serde_json::json!({"id": self.id(), "name": self.name()})
    }

    /// Accepts the English name in any case, and the Italian edition's name.
    pub fn parse(s: &str) -> Option<Card> {
        let found = ALL
            .iter()
            .copied()
            .find(|c| c.name().eq_ignore_ascii_case(s));
        found.or_else(|| {
            ALL.iter()
                .copied()
                .find(|c| c.italian_name().eq_ignore_ascii_case(s))
        })
    }

    /// The Italian edition's name ("1000 miglia").
    pub fn italian_name(self) -> &'static str {
        match self {
            Card::D25 | Card::D50 | Card::D75 | Card::D100 | Card::D200 => self.name(),
            Card::Accident => "Incidente",
            Card::OutOfGas => "Fuori benzina",
            Card::FlatTire => "Foratura",
            Card::SpeedLimit => "Limite di velocità",
            Card::Stop => "Semaforo rosso",
            Card::WrongWay => "Senso contrario",
            Card::Repairs => "Riparazioni",
            Card::Gasoline => "Benzina",
            Card::SpareTire => "Ruota di scorta",
            Card::EndOfLimit => "Fine limite di velocità",
            Card::Roll => "Semaforo verde",
            Card::EndOfWrongWay => "Fine del senso contrario",
            Card::DrivingAce => "Campione del volante",
            Card::ExtraTank => "Cisterna",
            Card::PunctureProof => "Antiforatura",
            Card::RightOfWay => "Veicolo con priorità",
        }
    }

    /// Miles of a distance card, 0 for any other card.
    pub fn miles(self) -> u16 {
        match self {
            Card::D25 => 25,
            Card::D50 => 50,
            Card::D75 => 75,
            Card::D100 => 100,
            Card::D200 => 200,
            _ => 0,
        }
    }

    pub fn is_distance(self) -> bool {
        self.miles() > 0
    }

    pub fn is_hazard(self) -> bool {
        HAZARDS.contains(&self)
    }

    pub fn is_safety(self) -> bool {
        SAFETIES.contains(&self)
    }

    /// Bit of a hazard that stops the car (the battle pile); 0 for other cards.
    pub fn battle_bit(self) -> u8 {
        match self {
            Card::Accident => 1,
            Card::OutOfGas => 2,
            Card::FlatTire => 4,
            Card::Stop => 8,
            _ => 0,
        }
    }

    /// Bit of a safety in a tableau's safety set; 0 for other cards.
    pub fn safety_bit(self) -> u8 {
        match self {
            Card::DrivingAce => 1,
            Card::ExtraTank => 2,
            Card::PunctureProof => 4,
            Card::RightOfWay => 8,
            _ => 0,
        }
    }

    /// The safety that protects against this hazard (Driving Ace also against Wrong Way:
    /// "Il Campione del volante è immune dal Senso contrario").
    pub fn safety_against(self) -> Option<Card> {
        match self {
            Card::Accident | Card::WrongWay => Some(Card::DrivingAce),
            Card::OutOfGas => Some(Card::ExtraTank),
            Card::FlatTire => Some(Card::PunctureProof),
            Card::Stop | Card::SpeedLimit => Some(Card::RightOfWay),
            _ => None,
        }
    }

    /// The hazard a remedy cures (Roll cures Stop).
    pub fn remedy_for(self) -> Option<Card> {
        match self {
            Card::Repairs => Some(Card::Accident),
            Card::Gasoline => Some(Card::OutOfGas),
            Card::SpareTire => Some(Card::FlatTire),
            Card::EndOfLimit => Some(Card::SpeedLimit),
            Card::Roll => Some(Card::Stop),
            Card::EndOfWrongWay => Some(Card::WrongWay),
            _ => None,
        }
    }
}

/// Counts per kind, indexed by `Card::index`.
pub type Counts = [u8; NUM_KINDS];

/// The standard 106-card deck: 46 distance, 18 hazards, 38 remedies, 4 safeties.
pub const DECK_106: Counts = [
    10, 10, 10, 12, 4, // 25 50 75 100 200
    3, 3, 3, 4, 5, 0, // Accident, Out of Gas, Flat Tire, Speed Limit, Stop, Wrong Way
    6, 6, 6, 6, 14, 0, // Repairs, Gasoline, Spare Tire, End of Limit, Roll, End of Wrong Way
    1, 1, 1, 1, // safeties
];

/// The 2–3 player deck: one each of Stop, Accident, Out of Gas, Flat Tire, Speed Limit removed.
pub const DECK_101: Counts = [
    10, 10, 10, 12, 4, //
    2, 2, 2, 3, 4, 0, //
    6, 6, 6, 6, 14, 0, //
    1, 1, 1, 1, //
];

/// Wrong Way and End of Wrong Way counts added by the Italian edition's extra-cards option.
/// The book does not print them: ours, mirroring the other hazard/remedy pairs (see
/// docs/rules/mille_bornes.md, "Wrong Way"). The reduced deck loses one Wrong Way as it loses one
/// of every other hazard.
pub const WRONG_WAY_FULL: (u8, u8) = (3, 6);
pub const WRONG_WAY_REDUCED: (u8, u8) = (2, 6);

pub fn total(c: &Counts) -> u32 {
    c.iter().map(|&n| u32::from(n)).sum()
}
