//! What a driver can see of the road ("Night Driving", "Headlight", "Weather": fog). The rules
//! of movement never depend on a marker before its entry line, so visibility changes no legal
//! move: it hides markers from a seat's view, its plans, its bot and its Dashboard.
use super::state::LegendState;

/// "From 18:00 to 06:00, flip all Turn and Slope markers face-down."
pub const NIGHT_FROM: u32 = 18 * 60;
pub const NIGHT_UNTIL: u32 = 6 * 60;
const DAY: u32 = 24 * 60;

/// The Chrono minute is night-time.
pub fn is_night(chrono: u32) -> bool {
    let t = chrono % DAY;
    !(NIGHT_UNTIL..NIGHT_FROM).contains(&t)
}

impl LegendState {
    /// Night on the Chrono board (Stage races; a Track race keeps only the hours hand).
    pub fn night(&self) -> bool {
        self.race.is_stage_race() && is_night(self.chrono)
    }

    /// "1 — Clear or Fog: Some stages may replace clear weather with fog."
    pub fn fog(&self) -> bool {
        self.weather_total == 1 && self.race.stage(self.stage).is_some_and(|s| s.fog)
    }

    /// Fog, or night with failed headlights: "Fog uses the same visibility limits as failed
    /// headlights"; in daylight a failed headlight changes nothing.
    pub fn low_visibility(&self, car: usize) -> bool {
        self.fog() || (self.night() && !self.cars[car].headlights_ok)
    }

    /// The markers on the table lie face down (what a spectator sees at night or in fog).
    pub fn markers_face_down(&self) -> bool {
        self.night() || self.fog()
    }

    /// The car may read turn `t`'s marker: always, or in low visibility "only when approaching
    /// its entry line" — from the row before the line until the exit line.
    pub fn sees_turn(&self, car: usize, t: usize) -> bool {
        if !self.low_visibility(car) {
            return true;
        }
        let turn = &self.track().turns[t];
        let row = self.cars[car].cell.row;
        row + 1 >= turn.entry && row <= turn.exit
    }

    /// The car may read the Slope marker of tile `tile`: in low visibility "only after entering
    /// its tile".
    pub fn sees_slope(&self, car: usize, tile: u16) -> bool {
        !self.low_visibility(car) || self.track().row(self.cars[car].cell.row).tile == tile
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn night_is_eighteen_to_six() {
        assert!(!is_night(17 * 60 + 57));
        assert!(is_night(18 * 60));
        assert!(is_night(5 * 60 + 57));
        assert!(!is_night(6 * 60));
        assert!(is_night(DAY + 2 * 60), "the Chrono runs past midnight");
    }
}
