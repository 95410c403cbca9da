//! How a path turns at a vertex, with the tolerance every step of the split shares: the
//! left/straight/right test, strict convexity of a vertex and of a whole piece, and reading
//! points around a ring.

use glissade::glam::Vec2;
use glissade::tolerance::GEOMETRY_REL;

/// Sine tolerance for turns: a turn `a -> b -> c` whose cross product `(b - a) x (c - b)` lies
/// within `STRAIGHT_SINE * |b - a| * |c - b|` of zero is straight, not a left or right turn.
/// Ten times glissade's own [`GEOMETRY_REL`], so every piece passes `ConvexPolygon::new` (which
/// refuses straight vertices at `GEOMETRY_REL`) with margin.
pub(super) const STRAIGHT_SINE: f32 = 10.0 * GEOMETRY_REL;

const _: () = assert!(STRAIGHT_SINE > GEOMETRY_REL);

/// `points[i % len]`, or zero for no points.
pub(super) fn at(points: &[Vec2], i: usize) -> Vec2 {
    match points.len() {
        0 => Vec2::ZERO,
        n => points.get(i % n).copied().unwrap_or(Vec2::ZERO),
    }
}

/// How a path turns at its middle point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Turn {
    /// Counter-clockwise, beyond the tolerance: a convex vertex.
    Left,
    /// Within the tolerance of straight on (or a zero-length edge).
    Straight,
    /// Clockwise beyond the tolerance, or a hairpin back on itself: not convex.
    Right,
}

pub(super) fn turn(a: Vec2, b: Vec2, c: Vec2) -> Turn {
    let (e1, e2) = (b - a, c - b);
    let cross = e1.perp_dot(e2);
    let limit = STRAIGHT_SINE * e1.length() * e2.length();
    if cross > limit {
        Turn::Left
    } else if cross < -limit {
        Turn::Right
    } else if e1.dot(e2) >= 0.0 {
        Turn::Straight
    } else {
        Turn::Right
    }
}

/// What `ConvexPolygon::new` asks of a CCW polygon, with [`STRAIGHT_SINE`]: at least 3
/// vertices, a strict left turn at each, and each vertex strictly inside every edge not ending
/// at it.
pub(super) fn valid_convex(poly: &[Vec2]) -> bool {
    let n = poly.len();
    if n < 3 {
        return false;
    }
    (0..n).all(|k| {
        let a = at(poly, k);
        let e = at(poly, k + 1) - a;
        turn(at(poly, k + n - 1), a, at(poly, k + 1)) == Turn::Left
            && (2..n).all(|d| {
                let w = at(poly, k + d) - a;
                e.perp_dot(w) > STRAIGHT_SINE * e.length() * w.length()
            })
    })
}

/// Whether `b` turns left between `a` and `c` beyond the tolerance.
pub(super) fn strictly_convex(a: Vec2, b: Vec2, c: Vec2) -> bool {
    turn(a, b, c) == Turn::Left
}
