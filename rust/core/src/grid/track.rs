//! A closed track: rows along the road, lanes across it (lane 0 on the left).
use alloc::vec::Vec;

/// A space of the track: `row` along the loop, `lane` across (0 = leftmost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
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
}

/// A closed circuit. Row 0 is just past the finish line.
#[derive(Debug, Clone, PartialEq)]
pub struct Track {
    pub lanes: u8,
    pub rows: Vec<TrackRow>,
    pub turns: Vec<Turn>,
    /// Centre of every cell, `row * lanes + lane`, in space units (one space ≈ 1.0).
    pub geometry: Vec<[f32; 2]>,
    /// Tile index of each row's start, for slopes ("the entire Track tile").
    pub tile_slopes: Vec<Slope>,
}

impl Track {
    pub fn len(&self) -> u16 {
        self.rows.len() as u16
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn row(&self, row: u16) -> &TrackRow {
        &self.rows[usize::from(row % self.len())]
    }

    pub fn next_row(&self, row: u16) -> u16 {
        // A compare, not a division: this runs on every square every car moves.
        if row + 1 >= self.len() {
            0
        } else {
            row + 1
        }
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
