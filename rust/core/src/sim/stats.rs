//! What one simulated race did, in a shape every game fills the same way.
use alloc::vec::Vec;

/// One car (in a card game, one seat's or team's tableau) at the end of a race.
#[derive(Debug, Clone, Copy, Default)]
pub struct CarStats {
    /// The seat it counts for in the ranking (a car the rules drive may keep a seat of its own);
    /// -1 for a car with no seat in the ranking (a robot car of the line-up).
    pub seat: i8,
    /// The game turn (round) it crossed the line, with the fraction of a turn the finish rule
    /// gives; NaN if it did not finish.
    pub time: f32,
    /// Wear at the end: points lost, as the game counts them (each game's `Sim::stats` says).
    pub wear: f32,
    pub crashes: u16,
    /// Out of the race (retired, wrecked) before the end: a car that did not finish.
    pub retired: bool,
    /// Its place in the whole field, every car that raced counted (robots and Neutral Cars
    /// too); 0 = first, tied cars share a place.
    pub place: u32,
}

/// Bit for bit, so that two runs of an unfinished car (NaN time) compare equal.
impl PartialEq for CarStats {
    fn eq(&self, o: &Self) -> bool {
        self.seat == o.seat
            && self.time.to_bits() == o.time.to_bits()
            && self.wear.to_bits() == o.wear.to_bits()
            && self.crashes == o.crashes
            && self.retired == o.retired
            && self.place == o.place
    }
}

/// One car of a race run over stages (a route): what the route's classification reads.
#[derive(Debug, Clone, Copy, Default)]
pub struct StageCarStats {
    /// Racing time in seconds (penalties, Chronograph cards and residual-MP bonuses included);
    /// NaN for a car that did not finish the route.
    pub racing_time: f32,
    /// Seconds of Check Point penalties, over every stage the car finished.
    pub penalty: f32,
    /// Points from the game's points table; NaN when the route is won on racing time.
    pub points: f32,
}

/// Bit for bit, as `CarStats`: NaN marks a missing figure, and two runs must compare equal.
impl PartialEq for StageCarStats {
    fn eq(&self, o: &Self) -> bool {
        self.racing_time.to_bits() == o.racing_time.to_bits()
            && self.penalty.to_bits() == o.penalty.to_bits()
            && self.points.to_bits() == o.points.to_bits()
    }
}

/// One race or game, for the batch runner's columns.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RaceStats {
    /// Per seat, its place in the whole field (0 = first; tied seats share a place): a seat
    /// whose car a robot beat is not first.
    pub ranking: Vec<u32>,
    /// Game turns (rounds) in a race; hands in a card game played over hands.
    pub length: u32,
    /// Decisions and chance outcomes applied.
    pub actions: u32,
    pub cars: Vec<CarStats>,
    /// Per seat, the game's own figure (a card game's points, say), as its `Sim::stats` says.
    pub seat_extra: Vec<f32>,
    /// Per car, a race over stages' figures; empty for every other race.
    pub stage: Vec<StageCarStats>,
}
