//! The lane-grid kernel the track games share: a closed track of rows × lanes, turns
//! with entry and exit lines, best-line cells, slopes, the pit stretch, 2-D geometry for every
//! cell, and forward movement one space at a time.
pub mod board;
pub mod geometry;
pub mod track;

pub use track::{Cell, Side, Slope, Track, TrackRow, Turn};
