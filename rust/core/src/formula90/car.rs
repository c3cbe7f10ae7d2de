//! One car in the race: a player's car with its chart (tyres, hand, wear, Target Check,
//! strategy) or a robot, and the tokens the book puts under or beside it.
use super::cards::{CardId, CardSet};
use super::content::{Chart, RobotType};
use super::rules::{Skill, Strategy};
use super::weather::Tyre;

/// No card (an empty Target Check slot, an unplayed second card).
pub const NO_CARD: CardId = u8::MAX;
/// No car (no Chased chit placed).
pub const NO_CAR: u8 = u8::MAX;

/// Who drives a car: a seat (JOGADOR) or the robot rules (ROBÔ).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Driver {
    Human { seat: u8 },
    Robot(RobotType),
}

/// Where a car is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// In its section's queue.
    Racing,
    /// Lost control at a late brake: on the re-entry point beside `reentry`, ignored by the
    /// others, ranked behind every car of the section where it lost control.
    OffTrack { reentry: u8 },
    /// Out of the race; `order` counts retirements (a later one ranks ahead).
    Retired { order: u8 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Car {
    pub driver: Driver,
    /// Laps completed: crossing the finish line adds one, a pit stop back across it takes one.
    pub lap: i16,
    pub section: u8,
    pub status: Status,

    // The game turn's tokens.
    /// Has played its individual turn this game turn.
    pub played: bool,
    /// Entered a section or passed a car in its individual turn this game turn.
    pub moved: bool,
    /// "NO MOVE -1 PM": skipped or did not move; passed for 1 MP anywhere until the turn ends.
    pub no_move: bool,
    /// "JUST PIT": pitted in phase A, plays the rest of its turn when its section is reactivated.
    pub just_pit: bool,
    /// The duels it had the chance to join this game turn: per (section, side of the Leader
    /// line) a bit; side 1 is ahead of the Leader in the Leader's section.
    pub duel_chances: [u64; 2],
    /// The trajectory spot it occupies in its section.
    pub trajectory: Option<u8>,
    /// Banging Wheels gave it a Track Card this game turn ("apenas 1 track card por turno").
    pub special_taken: bool,

    // Recovery penalties that act in its next turn.
    pub time_loss: u8,
    pub forced_pit: bool,

    // Fuel.
    /// Humans: the turn on the Turn track holding its refuel chit (a stop due at that turn).
    pub fuel: u8,
    /// Robots: has made its one refuel stop; `must_pit`: the chit makes it stop this turn.
    pub refuelled: bool,
    pub must_pit: bool,

    // A player's chart.
    pub chart: Chart,
    pub hand: CardSet,
    /// Cards played in a duel: the owner's but unusable until the next game turn (robots' duel
    /// cards too, discarded then).
    pub frozen: CardSet,
    pub target: CardId,
    pub tyres: u8,
    /// Wear tokens in its slots: red (repairable at a pit) and brown (permanent).
    pub red: u8,
    pub brown: u8,
    pub strategy: Strategy,
    /// CHASE: the car it chases (the Chased chit), `NO_CAR` when none.
    pub chasing: u8,
    /// Its movement cards of its last individual turn, on the discard piles but reserved for
    /// the cars chasing it ("comprar da pilha de descarte do jogador que estava à sua frente").
    pub reserved: CardSet,
    /// Free Practice: the skill, its chit turned (Versatility, Wise Driving and Sixth Sense
    /// until the next pit stop), the spare car taken.
    pub skill: Option<Skill>,
    pub skill_used: bool,
    /// SIXTH SENSE: the flag tokens used since the last pit stop (bit `flag_code - 1`: yellow,
    /// green, blue); the chit turns when all three are.
    pub sixth_used: u8,
    pub spare_used: bool,
    /// The tyres fitted, the blue +1 MP tokens left (soft tyres), soft sets fitted this race.
    pub tyre: Tyre,
    pub blue: u8,
    pub soft_sets: u8,
    /// Holds a blue flag pawn until the next Race Stage.
    pub blue_flag: bool,

    // Qualifying: the sealed card and fuel chit, then the value it qualified with.
    pub qualify_card: CardId,
    pub fuel_pick: u8,
    pub qualifying: i8,
    pub qualifying_cf: u8,
}

impl Car {
    pub fn new(driver: Driver, chart: Chart) -> Car {
        Car {
            driver,
            lap: 0,
            section: 0,
            status: Status::Racing,
            played: false,
            moved: false,
            no_move: false,
            just_pit: false,
            duel_chances: [0; 2],
            trajectory: None,
            special_taken: false,
            time_loss: 0,
            forced_pit: false,
            fuel: 0,
            refuelled: false,
            must_pit: false,
            chart,
            hand: CardSet::EMPTY,
            frozen: CardSet::EMPTY,
            target: NO_CARD,
            tyres: chart.tyres,
            red: 0,
            brown: 0,
            strategy: Strategy::SaveTyres,
            chasing: NO_CAR,
            reserved: CardSet::EMPTY,
            skill: None,
            skill_used: false,
            sixth_used: 0,
            spare_used: false,
            tyre: Tyre::Hard,
            blue: 0,
            soft_sets: 0,
            blue_flag: false,
            qualify_card: NO_CARD,
            fuel_pick: u8::MAX,
            qualifying: 0,
            qualifying_cf: 0,
        }
    }

    pub fn is_robot(&self) -> bool {
        matches!(self.driver, Driver::Robot(_))
    }

    pub fn seat(&self) -> Option<usize> {
        match self.driver {
            Driver::Human { seat } => Some(usize::from(seat)),
            Driver::Robot(_) => None,
        }
    }

    pub fn robot(&self) -> Option<RobotType> {
        match self.driver {
            Driver::Robot(t) => Some(t),
            Driver::Human { .. } => None,
        }
    }

    pub fn racing(&self) -> bool {
        self.status == Status::Racing
    }

    pub fn off_track(&self) -> bool {
        matches!(self.status, Status::OffTrack { .. })
    }

    pub fn retired(&self) -> bool {
        matches!(self.status, Status::Retired { .. })
    }

    pub fn wear(&self) -> u8 {
        self.red + self.brown
    }

    pub fn free_slots(&self) -> u8 {
        self.chart.wear_slots.saturating_sub(self.wear())
    }

    /// Cards it may use now: its hand without the frozen duel cards.
    pub fn usable(&self) -> CardSet {
        self.hand
    }

    pub fn uses(&self, s: super::rules::Strategy) -> bool {
        !self.is_robot() && self.strategy == s
    }

    pub fn has(&self, k: Skill) -> bool {
        !self.is_robot() && self.skill == Some(k)
    }
}
