//! A track: rows along the road, lanes across it (lane 0 on the left). A circuit is closed (its
//! last row leads back to row 0); a stage is an open road whose finish line lies after its last
//! row.
use alloc::vec::Vec;

use super::geometry::Piece;

/// A space of the track: `row` along the loop, `lane` across (0 = leftmost).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    pub row: u16,
    pub lane: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Slope {
    #[default]
    Flat,
    Uphill,
    Downhill,
}

/// A turn: its marker (0 = A, tightest … 4 = E, fastest), its inside side, and the rows between
/// its entry line (just before `entry`) and its exit line (just after `exit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    pub rating: u8,
    pub inside: Side,
    pub entry: u16,
    pub exit: u16,
}

impl Turn {
    pub fn contains(&self, row: u16) -> bool {
        self.entry <= row && row <= self.exit
    }

    /// Lane one step away from the inside, or None past the edge.
    pub fn outward(&self, lane: u8, lanes: u8) -> Option<u8> {
        match self.inside {
            Side::Left => (lane + 1 < lanes).then_some(lane + 1),
            Side::Right => lane.checked_sub(1),
        }
    }

    /// Distance of `lane` from the inside edge (0 = innermost).
    pub fn inside_rank(&self, lane: u8, lanes: u8) -> u8 {
        match self.inside {
            Side::Left => lane,
            Side::Right => lanes - 1 - lane,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TrackRow {
    /// Index of the circuit tile this row belongs to.
    pub tile: u16,
    /// Index into `Track::turns` when the row lies between a turn's entry and exit lines.
    pub turn: Option<u8>,
    pub slope: Slope,
    /// The stretch marked "Box", from which the Pit Lane is entered.
    pub pit_box: bool,
    /// Lane of the best line on this row, inside a turn.
    pub best_lane: Option<u8>,
    /// The row lies on a tile marked with a Technical Assistance marker (Stage races).
    pub assistance: bool,
}

/// What lies past the finish line of an open road: plain straight road, nothing to check.
static BEYOND: TrackRow = TrackRow {
    tile: u16::MAX,
    turn: None,
    slope: Slope::Flat,
    pit_box: false,
    best_lane: None,
    assistance: false,
};

/// A circuit (closed: row 0 is just past the finish line) or a stage (open: row 0 is just past
/// the start, the finish line just after the last row).
#[derive(Debug, Clone, PartialEq)]
pub struct Track {
    pub lanes: u8,
    /// The last row leads back to row 0; false on an open road.
    pub closed: bool,
    pub rows: Vec<TrackRow>,
    pub turns: Vec<Turn>,
    /// Centre of every cell, `row * lanes + lane`, in space units (one space ≈ 1.0).
    pub geometry: Vec<[f32; 2]>,
    /// Tile index of each row's start, for slopes ("the entire Track tile").
    pub tile_slopes: Vec<Slope>,
    /// The tiles or sections the circuit is laid from, in order: what the board draws.
    pub pieces: Vec<Piece>,
}

impl Track {
    pub fn len(&self) -> u16 {
        self.rows.len() as u16
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn row(&self, row: u16) -> &TrackRow {
        match self.rows.get(usize::from(row)) {
            Some(r) => r,
            None if self.closed => &self.rows[usize::from(row % self.len())],
            None => &BEYOND,
        }
    }

    /// The row ahead; on an open road the rows past the last one lie beyond the finish line.
    pub fn next_row(&self, row: u16) -> u16 {
        // A compare, not a division: this runs on every square every car moves.
        if row + 1 >= self.len() && self.closed {
            0
        } else {
            row + 1
        }
    }

    /// On an open road: the row lies past the finish line.
    pub fn beyond_finish(&self, row: u16) -> bool {
        !self.closed && row >= self.len()
    }

    pub fn turn_at(&self, row: u16) -> Option<&Turn> {
        self.row(row).turn.map(|t| &self.turns[usize::from(t)])
    }

    /// The turn whose entry line lies just ahead of `row` (the next row is its entry row).
    pub fn entry_ahead(&self, row: u16) -> Option<&Turn> {
        let next = self.next_row(row);
        self.turns
            .iter()
            .find(|t| t.entry == next && !t.contains(row))
    }

    /// The turn whose exit line lies just ahead of `row` (`row` is its last row).
    pub fn exit_ahead(&self, row: u16) -> Option<&Turn> {
        self.turn_at(row).filter(|t| t.exit == row)
    }

    /// The turn the car is in, or else the next one ahead (for the inside-lane tie-break).
    pub fn current_or_next_turn(&self, row: u16) -> Option<&Turn> {
        if !self.closed {
            return (row..self.len()).find_map(|r| self.turn_at(r));
        }
        (0..self.len())
            .map(|k| (row + k) % self.len())
            .find_map(|r| self.turn_at(r))
    }

    pub fn is_straight(&self, row: u16) -> bool {
        self.row(row).turn.is_none()
    }

    /// The three forward moves: diagonally left, straight, diagonally right (those on the track).
    pub fn forward(&self, from: Cell) -> impl Iterator<Item = Cell> + '_ {
        let row = self.next_row(from.row);
        let lanes = self.lanes;
        [
            from.lane.checked_sub(1),
            Some(from.lane),
            Some(from.lane + 1),
        ]
        .into_iter()
        .flatten()
        .filter(move |&l| l < lanes)
        .map(move |lane| Cell { row, lane })
    }

    pub fn centre(&self, c: Cell) -> [f32; 2] {
        self.geometry[usize::from(c.row) * usize::from(self.lanes) + usize::from(c.lane)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn road(closed: bool) -> Track {
        let mut rows = alloc::vec![TrackRow::default(); 10];
        for r in rows.iter_mut().take(4).skip(2) {
            r.turn = Some(0);
        }
        Track {
            lanes: 3,
            closed,
            rows,
            turns: alloc::vec![Turn {
                rating: 1,
                inside: Side::Left,
                entry: 2,
                exit: 3,
            }],
            geometry: alloc::vec![[0.0, 0.0]; 30],
            tile_slopes: alloc::vec![Slope::Flat],
            pieces: alloc::vec![],
        }
    }

    #[test]
    fn an_open_road_ends_at_its_finish_line() {
        let open = road(false);
        assert_eq!(open.next_row(9), 10, "past the last row: over the line");
        assert!(open.beyond_finish(10) && !open.beyond_finish(9));
        assert_eq!(open.row(10).turn, None);
        assert_eq!(open.row(10).tile, u16::MAX);
        assert!(open.forward(Cell { row: 9, lane: 1 }).all(|c| c.row == 10));
        assert!(
            open.current_or_next_turn(5).is_none(),
            "no wrap to the first turn"
        );
        let closed = road(true);
        assert_eq!(closed.next_row(9), 0);
        assert!(!closed.beyond_finish(10));
        assert_eq!(closed.current_or_next_turn(5).map(|t| t.entry), Some(2));
    }
}
