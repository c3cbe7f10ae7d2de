//! Where a race stands and what waits in it: the phases (who decides, or chance), what comes
//! after a draw, why a strategy is chosen, which check is made. Plain data, below the rules.

/// Where a race stands. Chance phases draw a card, a wear token, a robot chit or a tie-break;
/// the others wait for one seat's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Chance: a Race Card to `car`'s hand, then `then`.
    DrawRace {
        car: u8,
        left: u8,
        then: Then,
    },
    /// Chance: a Track Card to `car`'s hand.
    DrawTrack {
        car: u8,
        then: Then,
    },
    /// Chance: a blind check's card from the top of the Race deck.
    Blind {
        car: u8,
        why: Check,
    },
    /// Chance: a wear token from the bag.
    Wear {
        car: u8,
        left: u8,
        then: Then,
    },
    /// Chance: a robot's refuel chit.
    RobotChit {
        car: u8,
    },
    /// Chance: which of the cars tied in qualifying takes grid slot `slot`.
    GridTie {
        slot: u8,
    },
    /// Free Practice: the skill, the setup tokens, then after the deal the spare car.
    Skill {
        seat: u8,
    },
    Setup {
        seat: u8,
    },
    SpareCar {
        seat: u8,
    },
    /// A.2 WISE DRIVING: Race Cards to discard, then the hand refilled.
    WiseDiscard {
        car: u8,
    },
    /// Qualifying: the sealed card, then the sealed refuel chit.
    QualifyCard {
        seat: u8,
    },
    QualifyFuel {
        seat: u8,
    },
    /// Chance, pre-race: the weather card (a Race Card from the deck).
    WeatherCard,
    /// Chance, pre-race: the robots' tyres when the pawn stands exactly in the middle.
    RobotTyres,
    /// Pre-race, after the strategy: the tyre type (the weather module).
    StartTyres {
        car: u8,
    },
    /// D.4: a weather icon moves the pawn one space either way, or not.
    WeatherIcon {
        car: u8,
    },
    /// Before E: one blue token for +1 MP, or none.
    BlueToken {
        car: u8,
    },
    /// D.4: where a yellow flag goes (or none); which yellow a green flag removes (or none).
    YellowFlag {
        car: u8,
    },
    GreenFlag {
        car: u8,
    },
    /// F, a robot at a late-braking point: the orange pawn's holder `car` may force its late
    /// brake (the robot is `it.car`).
    OrangeFlag {
        car: u8,
    },
    /// D.2, an Extreme Trajectory attempted: the blind test, Flat Out, or a Track Card's ET
    /// Discard Power (`extreme.rs`).
    Extreme {
        car: u8,
    },
    /// F.2, a robot ending its move by a free Extreme Trajectory: the orange pawn's holder
    /// `car` may put it there (the robot is `it.car`).
    OrangeExtreme {
        car: u8,
    },
    /// Pre-race (grid order), at a pit stop, after skipping a turn: the strategy card.
    Strategy {
        car: u8,
        why: StrategyWhy,
    },
    /// A: drive, skip or pit.
    Declare {
        car: u8,
    },
    /// The pit stop: discards down to the chart's hand, then the tyres.
    PitDiscard {
        car: u8,
    },
    PitTyres {
        car: u8,
    },
    /// B, Lucky: one card back to the discard pile.
    LuckyDiscard {
        car: u8,
    },
    /// B, Save Fuel or Chase: the ordinary draw, or Save Fuel's discard of a card over [2] for
    /// two Race Cards, or one of the chased car's reserved cards.
    DrawChoice {
        car: u8,
    },
    /// C: the movement cards.
    Play {
        car: u8,
    },
    /// D.1: tyre units beyond the first token, then the cards to discard.
    PayTyres {
        car: u8,
    },
    PayDiscard {
        car: u8,
    },
    /// D.2: the pending checks of the movement cards, in any order.
    Tests {
        car: u8,
    },
    /// E: the leader's check before lapping a car; a recovery's normal test.
    Check {
        car: u8,
        why: Check,
    },
    /// F.1 and F.2.
    LateBrake {
        car: u8,
    },
    /// F.2 (or a pit stop's landing, `pit`): take a free trajectory.
    Trajectory {
        car: u8,
        pit: bool,
    },
    /// A recovery chart's discards.
    RecoveryDiscard {
        car: u8,
        left: u8,
    },
    /// Duels: declarations from the back, joining, the sealed cards.
    Challenge {
        car: u8,
    },
    Join {
        car: u8,
    },
    DuelCards {
        car: u8,
    },
    /// The Safety Car has come out: `car`, not having played, may pit now (or stay out).
    SafetyCarPit {
        car: u8,
    },
    /// Under the Safety Car: the card discarded at the end of the individual turn.
    SafetyCarDiscard {
        car: u8,
    },
    GameOver,
}

/// What comes after a draw or a wear token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Then {
    /// Dealing the starting hands.
    Deal,
    /// A.2 WISE DRIVING's refill.
    WiseRefill,
    /// Pre-race: the hard tyres' Track Card, then the next car in grid order.
    PreRace,
    /// A pit stop: the refill, then the tyres; the hard tyres' Track Card, then the strategy.
    PitRefill,
    PitTyreCard,
    /// Phase B's draw (Lucky: two), then Lucky's Track Card.
    PhaseB,
    LuckySpecial,
    /// D.1 wear, D.3 draws and a failed check's wear: back to phase D.
    Symbols,
    /// A strategy's Track Cards at the end of the individual turn (Hazard may earn several).
    TurnEnd,
    /// A recovery chart's wear.
    Recovery,
    /// Robots' duel cards; the tie's wear; Banging Wheels' Track Card after a duel.
    DuelRobot,
    DuelTie,
    DuelSpecial,
    /// Under the Safety Car: the turn's Race Card, then its discard.
    SafetyCar,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrategyWhy {
    PreRace,
    Pit,
    Skip,
    /// A.2 VERSATILITY.
    Versatility,
}

/// Which check is being made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// D.2: the movement card in slot 0 or 1.
    Card(u8),
    /// E: the Leader before lapping a car for the first time.
    Leader,
    LateBrake,
    /// A recovery chart's test (node index).
    Recovery(u16),
    /// D.2: the blind test of an Extreme Trajectory, before every other test.
    Extreme,
}

/// Who a phase waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decider {
    /// A chance outcome: a draw, a wear token, a chit, a tie.
    Chance,
    /// A seat, named by the phase (Free Practice, qualifying).
    Seat(u8),
    /// A car's driver: its seat, or for a robot its rules (chance).
    Car(u8),
    /// No one: the race is over.
    Nobody,
}

impl Phase {
    /// Who decides in this phase: the one list of it (the state's player to act and the bots'
    /// car both read it).
    pub fn decider(self) -> Decider {
        match self {
            Self::DrawRace { .. }
            | Self::DrawTrack { .. }
            | Self::Blind { .. }
            | Self::Wear { .. }
            | Self::RobotChit { .. }
            | Self::GridTie { .. }
            | Self::WeatherCard
            | Self::RobotTyres => Decider::Chance,
            Self::QualifyCard { seat }
            | Self::QualifyFuel { seat }
            | Self::Skill { seat }
            | Self::Setup { seat }
            | Self::SpareCar { seat } => Decider::Seat(seat),
            Self::WiseDiscard { car } => Decider::Car(car),
            Self::Strategy { car, .. }
            | Self::Declare { car }
            | Self::PitDiscard { car }
            | Self::PitTyres { car }
            | Self::LuckyDiscard { car }
            | Self::DrawChoice { car }
            | Self::Play { car }
            | Self::PayTyres { car }
            | Self::PayDiscard { car }
            | Self::Tests { car }
            | Self::Check { car, .. }
            | Self::LateBrake { car }
            | Self::Trajectory { car, .. }
            | Self::RecoveryDiscard { car, .. }
            | Self::Challenge { car }
            | Self::Join { car }
            | Self::DuelCards { car }
            | Self::StartTyres { car }
            | Self::WeatherIcon { car }
            | Self::BlueToken { car }
            | Self::YellowFlag { car }
            | Self::GreenFlag { car }
            | Self::OrangeFlag { car }
            | Self::SafetyCarPit { car }
            | Self::SafetyCarDiscard { car }
            | Self::Extreme { car }
            | Self::OrangeExtreme { car } => Decider::Car(car),
            Self::GameOver => Decider::Nobody,
        }
    }
}
