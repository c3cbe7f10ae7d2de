//! A lane-grid road as JSON, exactly as the core laid it: the one board geometry the web page
//! draws and the LED maps light, so neither parses tiles again.
//!
//! Shape (coordinates in space units, y up, rounded to a thousandth so the text is the same on
//! every machine):
//! `{"geometry": "grid", "game", "kind" ("circuit" | "stage"), "id", "name", "laps", "closed",
//! "lanes", "length" (rows), "grid_rows", "rows": [{"row", "cells": [[x, y]; lanes], "slope",
//! "box", "assistance", "turn" (index or null), "best_lane", "section"}], "turns": [{"marker",
//! "inside", "entry", "exit", "best_line", "entry_line", "exit_line", "marker_at"}],
//! "sections": [{"first_row", "rows", "length", "angle"}], "finish": {"row", "line"}, "bounds"}`.
//! A line is two points across the road; `finish.row` is the row just past the finish line
//! (0 on a circuit, `length` on an open road). Games whose board is made of sections rather than
//! a lane grid use the same top-level keys with their own `geometry`.
use alloc::string::String;
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::{Side, Slope, Track};

pub const MARKERS: [&str; 5] = ["A", "B", "C", "D", "E"];

/// What the track itself does not say: which game and race it belongs to.
#[derive(Debug, Clone)]
pub struct Meta<'a> {
    pub game: &'a str,
    /// "circuit" (laps of a closed track) or "stage" (an open road).
    pub kind: &'a str,
    pub id: &'a str,
    pub name: &'a str,
    pub laps: Option<u8>,
    pub grid_rows: u16,
}

/// Rounds to a thousandth without libm (the core is no_std).
pub fn round3(v: f32) -> f64 {
    let m = f64::from(v) * 1000.0;
    let i = if m >= 0.0 { m + 0.5 } else { m - 0.5 } as i64;
    i as f64 / 1000.0
}

fn point(p: [f32; 2]) -> Value {
    json!([round3(p[0]), round3(p[1])])
}

fn slope_name(s: Slope) -> &'static str {
    match s {
        Slope::Flat => "flat",
        Slope::Uphill => "uphill",
        Slope::Downhill => "downhill",
    }
}

fn sub(a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    [a[0] - b[0], a[1] - b[1]]
}

// libm-free square root (the core is no_std): Newton's method, ample for a board.
fn sqrt(x: f32) -> f32 {
    if x <= 0.0 {
        return 0.0;
    }
    let mut r = if x > 1.0 { x / 2.0 } else { 1.0 };
    for _ in 0..30 {
        r = 0.5 * (r + x / r);
    }
    r
}

fn unit(v: [f32; 2]) -> [f32; 2] {
    let len = sqrt(v[0] * v[0] + v[1] * v[1]);
    if len > 0.0 {
        [v[0] / len, v[1] / len]
    } else {
        [1.0, 0.0]
    }
}

/// The road's centre at `row` (the middle of its cells).
fn middle(track: &Track, row: u16) -> [f32; 2] {
    let cell =
        |lane: u8| track.geometry[usize::from(row) * usize::from(track.lanes) + usize::from(lane)];
    let (a, b) = (cell(0), cell(track.lanes - 1));
    [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]
}

/// The direction of travel arriving at `row` (on an open road's first row: leaving it).
fn heading(track: &Track, row: u16) -> [f32; 2] {
    let n = track.len();
    if row > 0 {
        unit(sub(middle(track, row), middle(track, row - 1)))
    } else if track.closed {
        unit(sub(middle(track, 0), middle(track, n - 1)))
    } else {
        unit(sub(middle(track, 1), middle(track, 0)))
    }
}

/// The line across the road half a space before `row`, reaching half a lane past each edge;
/// `row == len` on an open road is the line just after its last row.
pub fn line_before(track: &Track, row: u16) -> [[f32; 2]; 2] {
    let n = track.len();
    let lanes = track.lanes;
    let (at, back) = if row >= n {
        // Past the last row: the last row pushed one space on.
        (n - 1, -1.0)
    } else {
        (row, 1.0)
    };
    let d = heading(track, at);
    let left = track.geometry[usize::from(at) * usize::from(lanes)];
    let right = track.geometry[usize::from(at) * usize::from(lanes) + usize::from(lanes - 1)];
    let across = if lanes > 1 {
        let s = 1.0 / f32::from(lanes - 1);
        [(right[0] - left[0]) * s, (right[1] - left[1]) * s]
    } else {
        let u = [-d[1], d[0]];
        [-u[0], -u[1]]
    };
    let shift = |p: [f32; 2], outward: f32| {
        [
            p[0] - d[0] * back * 0.5 + across[0] * outward,
            p[1] - d[1] * back * 0.5 + across[1] * outward,
        ]
    };
    [shift(left, -0.5), shift(right, 0.5)]
}

/// Where a turn's marker stands: a little before its entry line, by the lane its best line
/// starts from (the middle lane without one).
fn marker_at(track: &Track, entry: u16, lane: u8) -> [f32; 2] {
    let d = heading(track, entry);
    let c = track.geometry[usize::from(entry) * usize::from(track.lanes) + usize::from(lane)];
    [c[0] - d[0] * 1.2, c[1] - d[1] * 1.2]
}

fn line(l: [[f32; 2]; 2]) -> Value {
    json!([point(l[0]), point(l[1])])
}

/// The whole road as JSON; see the module's documentation for the shape.
pub fn to_json(track: &Track, meta: &Meta<'_>) -> Value {
    let lanes = usize::from(track.lanes);
    let rows: Vec<Value> = track
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let cells: Vec<Value> = track.geometry[i * lanes..(i + 1) * lanes]
                .iter()
                .map(|&c| point(c))
                .collect();
            json!({
                "row": i,
                "cells": cells,
                "slope": slope_name(r.slope),
                "box": r.pit_box,
                "assistance": r.assistance,
                "turn": r.turn,
                "best_lane": r.best_lane,
                "section": r.tile,
            })
        })
        .collect();
    let turns: Vec<Value> = track
        .turns
        .iter()
        .map(|t| {
            let best: Vec<u8> = (t.entry..=t.exit)
                .filter_map(|r| track.row(r).best_lane)
                .collect();
            let first = best.first().copied().unwrap_or(track.lanes / 2);
            json!({
                "marker": MARKERS[usize::from(t.rating.min(4))],
                "inside": if t.inside == Side::Left { "left" } else { "right" },
                "entry": t.entry,
                "exit": t.exit,
                "best_line": best,
                "entry_line": line(line_before(track, t.entry)),
                "exit_line": line(line_before(track, track.next_row(t.exit))),
                "marker_at": point(marker_at(track, t.entry, first)),
            })
        })
        .collect();
    let mut first_row = 0u16;
    let sections: Vec<Value> = track
        .pieces
        .iter()
        .map(|p| {
            let s = json!({
                "first_row": first_row,
                "rows": p.rows,
                "length": round3(p.length),
                "angle": round3(p.left_degrees),
            });
            first_row += p.rows;
            s
        })
        .collect();
    let finish_row = if track.closed { 0 } else { track.len() };
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for c in &track.geometry {
        x0 = x0.min(c[0]);
        y0 = y0.min(c[1]);
        x1 = x1.max(c[0]);
        y1 = y1.max(c[1]);
    }
    json!({
        "geometry": "grid",
        "game": meta.game,
        "kind": meta.kind,
        "id": meta.id,
        "name": String::from(meta.name),
        "laps": meta.laps,
        "closed": track.closed,
        "lanes": track.lanes,
        "length": track.len(),
        "grid_rows": meta.grid_rows,
        "rows": rows,
        "turns": turns,
        "sections": sections,
        "finish": {"row": finish_row, "line": line(line_before(track, finish_row))},
        "bounds": [round3(x0), round3(y0), round3(x1), round3(y1)],
    })
}
