//! The section track's geometry, for the page that draws it and the LED map that lights it: each
//! section an arc of its content `length` turning its `angle`, laid end to end from the finish
//! line. No rule reads it.
use alloc::vec::Vec;
use serde_json::{json, Value};

use super::cards::Colour;
use super::track::Track;
use crate::grid::geometry::{cos, sin};

/// The road's width in space units: room for a car beside a trajectory spot.
pub const WIDTH: f32 = 1.6;
/// Points along each section's centre line.
const STEPS: usize = 6;

/// One section laid out: its centre line (from entry to exit) and its outline.
#[derive(Debug, Clone, PartialEq)]
pub struct Laid {
    pub path: Vec<[f32; 2]>,
    pub outline: Vec<[f32; 2]>,
    pub centre: [f32; 2],
}

/// Walks the loop from the origin heading along +x.
pub fn lay_out(track: &Track) -> Vec<Laid> {
    let (mut x, mut y, mut heading) = (0.0f32, 0.0f32, 0.0f32);
    let mut out = Vec::with_capacity(track.len());
    for s in &track.sections {
        let step = s.length / STEPS as f32;
        let turn = s.angle.to_radians() / STEPS as f32;
        let mut path = alloc::vec![[x, y]];
        let mut left = alloc::vec![side(x, y, heading, 1.0)];
        let mut right = alloc::vec![side(x, y, heading, -1.0)];
        for _ in 0..STEPS {
            // Half the turn before the step and half after keeps the arc centred.
            heading += turn / 2.0;
            x += step * cos(heading);
            y += step * sin(heading);
            heading += turn / 2.0;
            path.push([x, y]);
            left.push(side(x, y, heading, 1.0));
            right.push(side(x, y, heading, -1.0));
        }
        let centre = path[STEPS / 2];
        let mut outline = left;
        outline.extend(right.into_iter().rev());
        out.push(Laid {
            path,
            outline,
            centre,
        });
    }
    out
}

fn side(x: f32, y: f32, heading: f32, sign: f32) -> [f32; 2] {
    let h = WIDTH / 2.0 * sign;
    [x - h * sin(heading), y + h * cos(heading)]
}

fn round(x: f32) -> f64 {
    let y = f64::from(x) * 1000.0;
    let r = if y >= 0.0 { y + 0.5 } else { y - 0.5 } as i64;
    r as f64 / 1000.0 + 0.0
}

fn point(p: [f32; 2]) -> Value {
    json!([round(p[0]), round(p[1])])
}

/// A line across the road where section `i` begins: its outline's first points, left and right.
fn entry_line(laid: &[Laid], i: usize) -> Value {
    let l = &laid[i % laid.len()];
    let n = l.outline.len();
    json!([point(l.outline[0]), point(l.outline[n - 1])])
}

/// The board as JSON, with every game's keys for the same things (`grid::board` documents them):
/// `"geometry": "sections"`, one row a section with one cell at its centre (`lanes` 1), the
/// corners as `turns` (a corner's sections in a row, its number the marker), `finish` where
/// section 1 begins, no Box (a pit stop goes back `pit` sections from anywhere, R48). Beside them
/// the facts of this game: each section's `kind`, `name`, `number`, `outline`, `centre`, `path`,
/// corner, duel modifier, trajectories, Extreme Trajectory and late-brake modifier; the track's
/// `pit` and `turns_of_race` (the race runs game turns, not laps: `laps` is null).
pub fn board_json(track: &Track, turns: u8, cars: usize) -> Value {
    let laid = lay_out(track);
    let mut bounds = [
        f32::INFINITY,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NEG_INFINITY,
    ];
    for l in &laid {
        for p in &l.outline {
            bounds = [
                bounds[0].min(p[0]),
                bounds[1].min(p[1]),
                bounds[2].max(p[0]),
                bounds[3].max(p[1]),
            ];
        }
    }
    // A turn: the corner's sections in a row.
    let mut corners: Vec<(usize, usize)> = Vec::new();
    for (i, s) in track.sections.iter().enumerate() {
        if s.corner == 0 {
            continue;
        }
        match corners.last_mut() {
            Some((_, exit)) if *exit + 1 == i && track.sections[*exit].corner == s.corner => {
                *exit = i
            }
            _ => corners.push((i, i)),
        }
    }
    let turn_of = |i: usize| corners.iter().position(|&(a, b)| a <= i && i <= b);
    let turns_json: Vec<Value> = corners
        .iter()
        .map(|&(entry, exit)| {
            let s = &track.sections[entry];
            let angle: f32 = track.sections[entry..=exit].iter().map(|s| s.angle).sum();
            json!({
                "marker": alloc::format!("{}", s.corner),
                "name": track.section_own_name(entry as u8),
                "inside": if angle >= 0.0 { "left" } else { "right" },
                "entry": entry,
                "exit": exit,
                "best_line": [],
                "entry_line": entry_line(&laid, entry),
                "exit_line": entry_line(&laid, exit + 1),
                "marker_at": point(laid[entry].centre),
                "duel": s.duel,
            })
        })
        .collect();
    let rows: Vec<Value> = laid
        .iter()
        .enumerate()
        .map(|(i, l)| {
            json!({
                "row": i,
                "cells": [point(l.centre)],
                "box": false,
                "turn": turn_of(i),
                "section": i,
            })
        })
        .collect();
    let sections: Vec<Value> = track
        .sections
        .iter()
        .zip(&laid)
        .enumerate()
        .map(|(i, (s, l))| {
            json!({
                "first_row": i,
                "rows": 1,
                "length": round(s.length),
                "angle": round(s.angle),
                "kind": s.kind.name(),
                "name": track.section_own_name(i as u8),
                "number": i + 1,
                "outline": l.outline.iter().map(|p| point(*p)).collect::<Vec<_>>(),
                "centre": point(l.centre),
                "path": l.path.iter().map(|p| point(*p)).collect::<Vec<_>>(),
                "corner": s.corner,
                "duel": s.duel,
                "late_brake": s.late_brake.map(|lb| lb.modifier),
                "trajectories": s.trajectories.iter().map(|t| json!({
                    "colours": Colour::ALL.iter().filter(|c| t.matches(**c)).map(|c| c.name()).collect::<Vec<_>>(),
                    "bonus": t.bonus,
                    "tyres": t.costs.tyres,
                    "wear": t.costs.wear,
                    "discard": t.costs.discard,
                    "outer": t.outer,
                })).collect::<Vec<_>>(),
                "extreme": s.extreme.map(|e| json!({"bonus": e.bonus, "modifier": e.modifier})),
            })
        })
        .collect();
    let per = usize::from(track.grid_per_section.max(1));
    json!({
        "geometry": "sections",
        "game": super::GAME_ID,
        "kind": "circuit",
        "id": track.id,
        "name": track.name,
        "laps": Value::Null,
        "closed": true,
        "lanes": 1,
        "length": track.len(),
        "grid_rows": cars.div_ceil(per),
        "rows": rows,
        "turns": turns_json,
        "sections": sections,
        "finish": {"row": 0, "line": entry_line(&laid, 0)},
        "bounds": bounds.map(round),
        "pit": track.pit,
        "turns_of_race": turns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_have_outlines_and_the_loop_closes() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../python/autodromo/content/formula90"
        );
        let c = crate::formula90::Content::from_dir(std::path::Path::new(dir)).unwrap();
        let t = c.track("lago").unwrap();
        let laid = lay_out(t);
        assert_eq!(laid.len(), 24);
        let end = laid.last().unwrap().path[STEPS];
        assert!(
            end[0].abs() < 0.3 && end[1].abs() < 0.3,
            "the loop ends at {end:?}"
        );
        assert_eq!(laid[0].outline.len(), 2 * (STEPS + 1));
    }
}
