//! Measures of a polygon's outline that the level checks ask for before splitting: its
//! signed area, the first pair of edges that cross, the first reflex vertex.

use glissade::glam::{DVec2, Vec2};

use super::turns::{STRAIGHT_SINE, at};

/// Twice the signed area (positive for counter-clockwise).
pub(crate) fn signed_area2(points: &[Vec2]) -> f32 {
    let Some(&origin) = points.first() else {
        return 0.0;
    };
    let o = origin.as_dvec2();
    let mut sum = 0.0f64;
    for (k, p) in points.iter().enumerate() {
        let a = p.as_dvec2() - o;
        let b = at(points, k + 1).as_dvec2() - o;
        sum += a.perp_dot(b);
    }
    sum as f32
}

/// The first pair of non-adjacent edges (i, j), i < j, that touch or cross (edge i goes from
/// point i to point i+1 mod n); None for a simple polygon.
///
/// "First" is the smallest `i`, then the smallest `j`. Touching includes an end of one edge on
/// the other and collinear overlap; a duplicate consecutive point (an edge of length zero) makes
/// its two neighbouring edges touch.
pub(crate) fn crossing_edges(points: &[Vec2]) -> Option<(usize, usize)> {
    let n = points.len();
    for i in 0..n {
        let (p1, p2) = (at(points, i).as_dvec2(), at(points, i + 1).as_dvec2());
        for j in i + 2..n {
            if i == 0 && j + 1 == n {
                continue; // edges n-1 and 0 share point 0
            }
            let (q1, q2) = (at(points, j).as_dvec2(), at(points, j + 1).as_dvec2());
            if segments_touch(p1, p2, q1, q2) {
                return Some((i, j));
            }
        }
    }
    None
}

/// The first vertex (index) where a CCW polygon turns clockwise (a reflex vertex), if any.
///
/// A turn counts as clockwise when its cross product is below `-STRAIGHT_SINE * |e1| * |e2|`;
/// straight vertices (and duplicate points) are not reported.
pub(crate) fn first_reflex_vertex(points: &[Vec2]) -> Option<usize> {
    let n = points.len();
    if n < 3 {
        return None;
    }
    (0..n).find(|&k| {
        let (a, b, c) = (at(points, k + n - 1), at(points, k), at(points, k + 1));
        let (e1, e2) = (b - a, c - b);
        e1.perp_dot(e2) < -STRAIGHT_SINE * e1.length() * e2.length()
    })
}

/// Whether closed segments `p1 p2` and `q1 q2` share a point (f64 orientation tests).
fn segments_touch(p1: DVec2, p2: DVec2, q1: DVec2, q2: DVec2) -> bool {
    let orient = |a: DVec2, b: DVec2, c: DVec2| (b - a).perp_dot(c - a);
    let within = |p: DVec2, a: DVec2, b: DVec2| {
        p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
    };
    let opposite = |s: f64, t: f64| (s > 0.0 && t < 0.0) || (s < 0.0 && t > 0.0);
    let d1 = orient(q1, q2, p1);
    let d2 = orient(q1, q2, p2);
    let d3 = orient(p1, p2, q1);
    let d4 = orient(p1, p2, q2);
    (opposite(d1, d2) && opposite(d3, d4))
        || (d1 == 0.0 && within(p1, q1, q2))
        || (d2 == 0.0 && within(p2, q1, q2))
        || (d3 == 0.0 && within(q1, p1, p2))
        || (d4 == 0.0 && within(q2, p1, p2))
}
