//! Cleaning an outline: removing duplicate, collinear and straight vertices, one at a time.

use glissade::glam::Vec2;

use super::turns::{Turn, at, turn};

/// Removes, one at a time until none is left, every vertex `b` (with neighbours `a`, `c`) for
/// which `redundant(a, b, c)` holds, stopping at 2 points.
fn remove_while(mut pts: Vec<Vec2>, redundant: impl Fn(Vec2, Vec2, Vec2) -> bool) -> Vec<Vec2> {
    let mut i = 0usize;
    // Vertices checked since the last removal: a full lap with no removal ends the loop, and
    // every removal shortens `pts`, so this runs at most about len² times.
    let mut stable = 0usize;
    while pts.len() >= 3 && stable < pts.len() {
        let n = pts.len();
        let k = i % n;
        if redundant(at(&pts, k + n - 1), at(&pts, k), at(&pts, k + 1)) {
            pts.remove(k);
            stable = 0;
            // Back to the previous vertex: its next neighbour changed.
            i = if k == 0 {
                pts.len().saturating_sub(1)
            } else {
                k - 1
            };
        } else {
            i = k + 1;
            stable += 1;
        }
    }
    pts
}

/// Removes duplicate consecutive vertices and vertices within `tol` of the line through their
/// neighbours. Duplicates go first, keeping the earliest point of each run (so a closing copy of
/// point 0 goes, not point 0).
pub(super) fn remove_redundant(points: &[Vec2], tol: f32) -> Vec<Vec2> {
    let mut distinct: Vec<Vec2> = Vec::with_capacity(points.len());
    for &p in points {
        if distinct.last().is_none_or(|&q| (p - q).length() > tol) {
            distinct.push(p);
        }
    }
    while distinct.len() > 1
        && let (Some(&first), Some(&last)) = (distinct.first(), distinct.last())
        && (last - first).length() <= tol
    {
        distinct.pop();
    }
    remove_while(distinct, |a, b, c| {
        let ac = c - a;
        let len = ac.length();
        (b - a).length() <= tol || len <= tol || ac.perp_dot(b - a).abs() <= tol * len
    })
}

/// Removes straight vertices (see [`Turn::Straight`]).
pub(super) fn drop_straight(points: Vec<Vec2>) -> Vec<Vec2> {
    remove_while(points, |a, b, c| turn(a, b, c) == Turn::Straight)
}
