//! The Time Chart's line, plain data below the stage rules (`stage.rs`) and the state that
//! holds the chart, so that neither names the other for it.

/// One line of the Time Chart: a car's stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageRecord {
    /// The Chrono minute the car starts this stage.
    pub start: u32,
    /// Order among cars starting in the same minute.
    pub start_rank: u8,
    /// The Chrono after the round in which it crossed the finish line.
    pub finish: Option<u32>,
    /// Its Speed as it crossed.
    pub speed: u8,
    /// The round of the crossing and the car's place in that round's order (ties).
    pub crossed_round: u16,
    pub crossed_at: u8,
    /// Seconds saved by residual MPs (optional rule).
    pub bonus: u32,
    /// Seconds: the Check Point's speed limit exceeded.
    pub penalty: u32,
    /// Seconds: Chronograph Event cards.
    pub time_cards: u32,
}
