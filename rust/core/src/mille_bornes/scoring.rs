//! End-of-hand scoring: the scoring table (an image in our scan; values from the canonical rules,
//! shared/rules/README.md), as data.
use serde::{Deserialize, Serialize};

use super::rules::Tableau;

/// Points per row of the scoring table.
#[derive(Debug, Clone, Copy)]
pub struct ScoreTable {
    pub per_safety: i32,
    pub all_four_safeties: i32,
    pub per_coup_fourre: i32,
    pub trip_complete: i32,
    pub delayed_action: i32,
    pub safe_trip: i32,
    pub shut_out: i32,
    pub extension: i32,
}

pub const SCORES: ScoreTable = ScoreTable {
    per_safety: 100,
    all_four_safeties: 300,
    per_coup_fourre: 300,
    trip_complete: 400,
    delayed_action: 300,
    safe_trip: 300,
    shut_out: 500,
    extension: 200,
};

/// One side's score for one hand, row by row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandScore {
    pub miles: i32,
    pub safeties: i32,
    pub all_four_safeties: i32,
    pub coups_fourres: i32,
    pub trip_complete: i32,
    pub delayed_action: i32,
    pub safe_trip: i32,
    pub shut_out: i32,
    pub extension: i32,
}

impl HandScore {
    pub fn total(&self) -> i32 {
        self.miles
            + self.safeties
            + self.all_four_safeties
            + self.coups_fourres
            + self.trip_complete
            + self.delayed_action
            + self.safe_trip
            + self.shut_out
            + self.extension
    }
}

/// How a hand ended, as the scoring needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandEnd {
    /// The side that reached the target exactly, if any.
    pub completed_by: Option<usize>,
    /// The completion came after the draw pile ran out (Delayed Action).
    pub delayed: bool,
    /// The side that called the extension to 1000, if any.
    pub extended_by: Option<usize>,
}

/// Scores every side of a hand that ended as `end` says.
pub fn score_hand(sides: &[Tableau], end: HandEnd, out: &mut [HandScore]) {
    let t = &SCORES;
    for (tab, s) in sides.iter().zip(out.iter_mut()) {
        *s = HandScore {
            miles: i32::from(tab.miles),
            safeties: t.per_safety * tab.safety_count() as i32,
            all_four_safeties: if tab.safety_count() == 4 {
                t.all_four_safeties
            } else {
                0
            },
            coups_fourres: t.per_coup_fourre * tab.coups.count_ones() as i32,
            ..HandScore::default()
        };
    }
    if let Some(w) = end.completed_by {
        let others_blank = sides
            .iter()
            .enumerate()
            .all(|(i, tab)| i == w || tab.miles == 0);
        let s = &mut out[w];
        s.trip_complete = t.trip_complete;
        s.delayed_action = if end.delayed { t.delayed_action } else { 0 };
        s.safe_trip = if sides[w].twos == 0 { t.safe_trip } else { 0 };
        s.shut_out = if others_blank { t.shut_out } else { 0 };
    }
    if let Some(caller) = end.extended_by {
        if end.completed_by == Some(caller) {
            out[caller].extension = t.extension;
        } else {
            // The extension failed: every other side scores the bonus instead.
            for (i, s) in out.iter_mut().enumerate() {
                if i != caller {
                    s.extension = t.extension;
                }
            }
        }
    }
}
