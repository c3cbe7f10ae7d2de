//! Lays tiles out in the plane: one walk along the centre line gives every cell a centre, so the
//! same file drives the rules, the SVG board and the LED map.
use alloc::vec::Vec;

/// A tile as the layout sees it: rows, its centre-line length, and the angle it turns (degrees,
/// positive to the left).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Piece {
    pub rows: u16,
    pub length: f32,
    pub left_degrees: f32,
}

/// Cell centres row by row (lane 0 leftmost), starting at the origin heading along +x.
/// Returns the centres and where the walk ends (a closed loop ends near the origin).
pub fn lay_out(pieces: &[Piece], lanes: u8) -> (Vec<[f32; 2]>, [f32; 2]) {
    let mut out = Vec::new();
    let (mut x, mut y, mut heading) = (0.0f32, 0.0f32, 0.0f32);
    for p in pieces {
        let step = p.length / f32::from(p.rows.max(1));
        let turn = p.left_degrees.to_radians() / f32::from(p.rows.max(1));
        for _ in 0..p.rows {
            // Half the turn before the row and half after keeps rows centred on the arc.
            heading += turn / 2.0;
            x += step * cos(heading);
            y += step * sin(heading);
            for lane in 0..lanes {
                // Lane 0 is on the left of the direction of travel.
                let offset = (f32::from(lanes - 1) / 2.0 - f32::from(lane)) * 1.0;
                out.push([x - offset * sin(heading), y + offset * cos(heading)]);
            }
            heading += turn / 2.0;
        }
    }
    (out, [x, y])
}

// libm-free sine and cosine (the core is no_std): range-reduced Taylor series, ample for a board.
pub(crate) fn sin(a: f32) -> f32 {
    let tau = core::f32::consts::TAU;
    let mut x = a % tau;
    if x > core::f32::consts::PI {
        x -= tau;
    } else if x < -core::f32::consts::PI {
        x += tau;
    }
    let x2 = x * x;
    x * (1.0
        - x2 / 6.0 * (1.0 - x2 / 20.0 * (1.0 - x2 / 42.0 * (1.0 - x2 / 72.0 * (1.0 - x2 / 110.0)))))
}

pub(crate) fn cos(a: f32) -> f32 {
    sin(a + core::f32::consts::FRAC_PI_2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_quarter_turns_close_the_loop() {
        let straight = Piece {
            rows: 4,
            length: 4.0,
            left_degrees: 0.0,
        };
        let quarter = Piece {
            rows: 3,
            length: 3.0,
            left_degrees: 90.0,
        };
        let pieces = [
            straight, quarter, straight, quarter, straight, quarter, straight, quarter,
        ];
        let (cells, end) = lay_out(&pieces, 3);
        assert_eq!(cells.len(), 28 * 3);
        assert!(
            end[0].abs() < 0.05 && end[1].abs() < 0.05,
            "loop ends at {end:?}"
        );
    }

    #[test]
    fn sine_is_accurate_enough() {
        for i in -20..20 {
            let a = i as f32 * 0.37;
            assert!((sin(a) - a.sin()).abs() < 1e-3, "sin({a})");
        }
    }
}
