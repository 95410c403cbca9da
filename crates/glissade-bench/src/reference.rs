//! A slow, straightforward f64 reference, used only to tell which side is nearer the truth on
//! the inputs where glissade and parry2d disagree.
//!
//! Every shape is a convex core (points) grown by a radius. A pair query becomes a query on
//! the Minkowski difference `B ⊖ A` — the convex hull of `b_j - a_i`, grown by `r_a + r_b` —
//! against the relative position `q = pos_a - pos_b`: A overlaps B when `q` is inside it, and
//! a cast is the ray `q + t * (motion_a - motion_b)` entering it.

use glissade::Shape;
use glissade::glam::{DVec2, Vec2};

use crate::cases::Answer;

/// A shape's core points (local frame, f64) and radius.
fn core(s: &Shape) -> (Vec<DVec2>, f64) {
    let d = |p: Vec2| p.as_dvec2();
    match s {
        Shape::Aabb(b) => (b.corners().iter().copied().map(d).collect(), 0.0),
        Shape::Circle(c) => (vec![d(c.center())], f64::from(c.radius())),
        Shape::Capsule(c) => (vec![d(c.a()), d(c.b())], f64::from(c.radius())),
        Shape::Polygon(p) => (p.vertices().iter().copied().map(d).collect(), 0.0),
        Shape::Segment(s) => (vec![d(s.a()), d(s.b())], 0.0),
    }
}

/// Counter-clockwise convex hull (Andrew's monotone chain); collinear points dropped.
fn hull(mut pts: Vec<DVec2>) -> Vec<DVec2> {
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let cross = |o: DVec2, a: DVec2, b: DVec2| (a - o).perp_dot(b - o);
    let chain = |it: &mut dyn Iterator<Item = DVec2>| {
        let mut h: Vec<DVec2> = Vec::new();
        for p in it {
            while h.len() >= 2 && cross(h[h.len() - 2], h[h.len() - 1], p) <= 0.0 {
                h.pop();
            }
            h.push(p);
        }
        h.pop();
        h
    };
    let mut lower = chain(&mut pts.iter().copied());
    lower.extend(chain(&mut pts.iter().rev().copied()));
    lower
}

/// The core of `B ⊖ A` and its radius.
fn difference(a: &Shape, b: &Shape) -> (Vec<DVec2>, f64) {
    let (pa, ra) = core(a);
    let (pb, rb) = core(b);
    let pts = pb
        .iter()
        .flat_map(|&y| pa.iter().map(move |&x| y - x))
        .collect();
    (hull(pts), ra + rb)
}

/// Distance from `p` to the segment `a`–`b`.
fn seg_dist(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let e = b - a;
    let len2 = e.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(e) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + e * t)).length()
}

/// Signed distance from `p` to a convex core grown by `r` (negative inside).
fn signed_distance(core: &[DVec2], r: f64, p: DVec2) -> f64 {
    let n = core.len();
    if n == 1 {
        return (p - core[0]).length() - r;
    }
    let boundary = (0..n)
        .map(|i| seg_dist(p, core[i], core[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min);
    let inside =
        n >= 3 && (0..n).all(|i| (core[(i + 1) % n] - core[i]).perp_dot(p - core[i]) > 0.0);
    if inside { -boundary - r } else { boundary - r }
}

/// Smallest `t` in `[0, max_t]` at which `q + t d` is in the core grown by `r`, for `q`
/// outside it: the first crossing of an offset edge or of a vertex circle (every such crossing
/// lies in the shape, and the entry point is one of them).
fn first_entry(core: &[DVec2], r: f64, q: DVec2, d: DVec2, max_t: f64) -> Option<f64> {
    let n = core.len();
    let mut best = f64::INFINITY;
    // Vertex circles (or the vertices themselves when r = 0, handled by the edges).
    if r > 0.0 {
        for &c in core {
            let m = q - c;
            let (a, b, cc) = (d.length_squared(), m.dot(d), m.length_squared() - r * r);
            let disc = b * b - a * cc;
            if a > 0.0 && disc >= 0.0 {
                let t = (-b - disc.sqrt()) / a;
                if t >= 0.0 {
                    best = best.min(t);
                }
            }
        }
    }
    // Offset edges (both sides of a segment core).
    let edges = if n >= 3 {
        n
    } else if n == 2 {
        2
    } else {
        0
    };
    for i in 0..edges {
        let (p0, p1) = (core[i], core[(i + 1) % n]);
        let e = p1 - p0;
        let normal = DVec2::new(e.y, -e.x).normalize();
        let (s0, s1) = (p0 + normal * r, p1 + normal * r);
        // Solve q + t d = s0 + u (s1 - s0).
        let f = s1 - s0;
        let den = d.perp_dot(f);
        if den == 0.0 {
            continue;
        }
        let w = s0 - q;
        let t = w.perp_dot(f) / den;
        let u = w.perp_dot(d) / den;
        if t >= 0.0 && (0.0..=1.0).contains(&u) {
            best = best.min(t);
        }
    }
    (best <= max_t).then_some(best)
}

/// The reference answer of a cast.
pub fn cast(
    a: &Shape,
    start_a: Vec2,
    motion_a: Vec2,
    b: &Shape,
    start_b: Vec2,
    motion_b: Vec2,
) -> Answer {
    let (core, r) = difference(a, b);
    let q = start_a.as_dvec2() - start_b.as_dvec2();
    let d = motion_a.as_dvec2() - motion_b.as_dvec2();
    let sd = signed_distance(&core, r, q);
    if sd < 0.0 {
        return Answer::Overlapping(-sd as f32);
    }
    first_entry(&core, r, q, d, 1.0).map_or(Answer::Miss, |t| Answer::Hit(t as f32))
}

/// The reference answer of a ray cast.
pub fn ray(shape: &Shape, pos: Vec2, origin: Vec2, dir: Vec2, max_t: f32) -> Answer {
    let (core, r) = core(shape);
    let q = origin.as_dvec2() - pos.as_dvec2();
    if signed_distance(&core, r, q) < 0.0 {
        return Answer::Hit(0.0);
    }
    first_entry(&core, r, q, dir.as_dvec2(), f64::from(max_t))
        .map_or(Answer::Miss, |t| Answer::Hit(t as f32))
}

/// The reference answer of an overlap query.
pub fn overlap(a: &Shape, pos_a: Vec2, b: &Shape, pos_b: Vec2) -> Answer {
    let (core, r) = difference(a, b);
    let sd = signed_distance(&core, r, pos_a.as_dvec2() - pos_b.as_dvec2());
    if sd < 0.0 {
        Answer::Overlapping(-sd as f32)
    } else {
        Answer::Miss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glissade::{Aabb, Circle};

    #[test]
    fn box_lands_on_floor() {
        let floor: Shape = Aabb::new(Vec2::new(-50.0, -1.0), Vec2::new(50.0, 0.0))
            .unwrap()
            .into();
        let player: Shape = Aabb::from_half_extents(Vec2::new(0.4, 0.9)).unwrap().into();
        let a = cast(
            &player,
            Vec2::new(0.0, 2.0),
            Vec2::new(0.0, -3.0),
            &floor,
            Vec2::ZERO,
            Vec2::ZERO,
        );
        let Answer::Hit(t) = a else { panic!("{a:?}") };
        assert!((t - 1.1 / 3.0).abs() < 1e-6);
    }

    #[test]
    fn ball_hits_wall_and_circles_overlap() {
        let wall: Shape = Aabb::new(Vec2::new(10.0, -5.0), Vec2::new(11.0, 5.0))
            .unwrap()
            .into();
        let ball: Shape = Circle::new(1.0).unwrap().into();
        let a = cast(
            &ball,
            Vec2::ZERO,
            Vec2::new(100.0, 0.0),
            &wall,
            Vec2::ZERO,
            Vec2::ZERO,
        );
        assert_eq!(a, Answer::Hit(0.09));
        let o = overlap(&ball, Vec2::new(1.5, 0.0), &ball, Vec2::ZERO);
        assert_eq!(o, Answer::Overlapping(0.5));
        assert_eq!(
            overlap(&ball, Vec2::new(2.5, 0.0), &ball, Vec2::ZERO),
            Answer::Miss
        );
        // A ball passing a box's corner diagonally: enters the corner's circle.
        let unit: Shape = Aabb::from_half_extents(Vec2::ONE).unwrap().into();
        let a = cast(
            &ball,
            Vec2::new(-3.0, 3.0),
            Vec2::new(6.0, 0.0),
            &unit,
            Vec2::ZERO,
            Vec2::ZERO,
        );
        assert_eq!(a, Answer::Miss);
        let a = cast(
            &ball,
            Vec2::new(-3.0, 1.5),
            Vec2::new(6.0, 0.0),
            &unit,
            Vec2::ZERO,
            Vec2::ZERO,
        );
        let Answer::Hit(t) = a else { panic!("{a:?}") };
        // Enters the circle of radius 1 around (-1, 1) at x = -1 - sqrt(0.75).
        assert!((t - (2.0 - 0.75f32.sqrt()) / 6.0).abs() < 1e-6);
    }
}
