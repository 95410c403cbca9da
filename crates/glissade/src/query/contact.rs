//! Where two touching shapes meet: the contact point of a cast.

use glam::{Vec2, Vec4};

use super::kernel::Face;
use crate::shape::Hull;
use crate::tolerance::{CONTACT_SNAP_COS, tolerance_along};

/// A core's support feature along `dir`: its two extreme points along `tan` among the points
/// within the linear tolerance of the support height (one vertex, or the two ends of a face
/// facing `dir`). `extent` is the per-axis magnitude of the core's coordinates.
///
/// Of several points equally far along `tan`, the first in `pts` is taken.
#[inline]
pub(crate) fn feature(pts: &[Vec2], dir: Vec2, tan: Vec2, extent: Vec2) -> (Vec2, Vec2) {
    let tol = tolerance_along(dir, extent, 0.0);
    if pts.is_empty() || pts.len() > LANES {
        return feature_in_order(pts, dir, tol, tan);
    }
    // Up to eight points side by side, padded with copies of the first (which change no
    // extreme and, coming after it, are never the first to reach one): which points are near
    // the support changes from one query to the next, and four-lane compares and a mask
    // decide it where a branch per point would be guessed wrong.
    let at = |i: usize| pts.get(i).copied().unwrap_or(pts[0]);
    let half = |from: usize, f: fn(Vec2) -> f32| {
        Vec4::new(
            f(at(from)),
            f(at(from + 1)),
            f(at(from + 2)),
            f(at(from + 3)),
        )
    };
    let (x, y) = (
        [half(0, |p| p.x), half(4, |p| p.x)],
        [half(0, |p| p.y), half(4, |p| p.y)],
    );
    // `d · p` as `Vec2::dot` computes it: the same roundings, so the same answers.
    let dot = |d: Vec2| [x[0] * d.x + y[0] * d.y, x[1] * d.x + y[1] * d.y];
    let height = dot(dir);
    let h = height[0].max(height[1]).max_element();
    let near = height.map(|v| v.cmpge(Vec4::splat(h - tol)));
    let along = dot(tan);
    let pick = |empty: f32, extreme: fn([Vec4; 2]) -> f32| {
        let keys = [0, 1].map(|k| Vec4::select(near[k], along[k], Vec4::splat(empty)));
        let best = Vec4::splat(extreme(keys));
        let mask = (near[0] & along[0].cmpeq(best)).bitmask()
            | ((near[1] & along[1].cmpeq(best)).bitmask() << 4);
        // The first point that reaches it; the first point when none does (only with NaN).
        at(((mask | 1 << LANES).trailing_zeros() as usize) % LANES)
    };
    (
        pick(f32::INFINITY, |k| k[0].min(k[1]).min_element()),
        pick(f32::NEG_INFINITY, |k| k[0].max(k[1]).max_element()),
    )
}

/// How many points [`feature`] takes side by side.
const LANES: usize = 8;

/// [`feature`] point by point, for any number of points.
fn feature_in_order(pts: &[Vec2], dir: Vec2, tol: f32, tan: Vec2) -> (Vec2, Vec2) {
    let h = pts
        .iter()
        .fold(f32::NEG_INFINITY, |m, p| m.max(dir.dot(*p)));
    let (mut lo, mut hi) = (pts[0], pts[0]);
    let (mut lo_t, mut hi_t) = (f32::INFINITY, f32::NEG_INFINITY);
    for p in pts {
        if dir.dot(*p) >= h - tol {
            let s = tan.dot(*p);
            if s < lo_t {
                (lo, lo_t) = (*p, s);
            }
            if s > hi_t {
                (hi, hi_t) = (*p, s);
            }
        }
    }
    (lo, hi)
}

/// Where two touching cores are: A's core `a` at relative position `qa` with radius `ra`, B's
/// core `b` with radius `rb`, in B's frame; `ext_a` and `ext_b` are the per-axis magnitudes
/// of the cores' local coordinates.
#[derive(Clone, Copy)]
pub(crate) struct Touching<'a> {
    pub a: Hull<'a>,
    pub b: Hull<'a>,
    pub qa: Vec2,
    pub ra: f32,
    pub rb: f32,
    pub ext_a: Vec2,
    pub ext_b: Vec2,
}

/// The contact point, in B's frame, of A touching B with unit normal `n` from B toward A.
///
/// It lies on B's surface, in the middle of the part that the two touching features share
/// along the contact plane: a vertex for a vertex contact, the middle of the overlap for two
/// parallel faces; where they share nothing (a rounded or sharp corner), at B's point nearest
/// A's feature. For a rounded corner's normal, a face whose normal is within
/// [`CONTACT_SNAP_COS`] of it is taken as B's or A's feature, if any.
pub(crate) fn contact_point(t: Touching, n: Vec2, face: Face) -> Vec2 {
    let Touching {
        a,
        b,
        qa,
        ra,
        rb,
        ext_a,
        ext_b,
    } = t;
    if a.k == 1 {
        // A round: its point nearest B.
        return qa + a.pts[0] - n * ra;
    }
    if b.k == 1 {
        return b.pts[0] + n * rb;
    }
    let mut dir = n;
    if face == Face::Corner {
        let mut best = CONTACT_SNAP_COS;
        let faces_b = b.nrm.iter().take(b.k).copied();
        let faces_a = a.nrm.iter().take(a.k).map(|m| -*m);
        for m in faces_b.chain(faces_a) {
            let c = m.dot(n);
            if c > best {
                (best, dir) = (c, m);
            }
        }
    }
    let tan = dir.perp();
    // A known face is its own feature; the other shape's is found by its support.
    let edge = |h: Hull, i: usize| {
        let (p, q) = (h.pts[i], h.pts[(i + 1) % h.k]);
        if tan.dot(p) <= tan.dot(q) {
            (p, q)
        } else {
            (q, p)
        }
    };
    let (b_lo, b_hi) = match face {
        Face::B(i) => edge(b, i),
        _ => feature(b.pts, dir, tan, ext_b),
    };
    let (a_lo, a_hi) = match face {
        Face::A(i) => edge(a, i),
        _ => feature(a.pts, -dir, tan, ext_a),
    };
    // Along the contact plane, in f64: on a long face (a floor a million units long) the
    // point is as precise as its own coordinates, not as the face's far ends.
    let t = tan.as_dvec2();
    let along_tan = |p: Vec2| t.dot(p.as_dvec2());
    let (bl, bh) = (along_tan(b_lo), along_tan(b_hi));
    let shift = along_tan(qa);
    let (al, ah) = (along_tan(a_lo) + shift, along_tan(a_hi) + shift);
    let (lo, hi) = (bl.max(al), bh.min(ah));
    let along = if lo <= hi {
        0.5 * (lo + hi)
    } else if ah < bl {
        bl
    } else {
        bh
    };
    let on_b = if bh > bl {
        let f = ((along - bl) / (bh - bl)).clamp(0.0, 1.0);
        b_lo.as_dvec2().lerp(b_hi.as_dvec2(), f).as_vec2()
    } else {
        b_lo
    };
    on_b + n * rb
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::{feature, feature_in_order};
    use crate::tolerance::tolerance_along;

    /// Coordinates on a small lattice, so that ties along `dir` and along `tan` are common.
    fn point() -> impl Strategy<Value = Vec2> {
        prop_oneof![
            ((-3i32..=3), (-3i32..=3)).prop_map(|(x, y)| Vec2::new(x as f32, y as f32)),
            (-5.0f32..5.0, -5.0f32..5.0).prop_map(|(x, y)| Vec2::new(x, y)),
        ]
    }

    fn direction() -> impl Strategy<Value = Vec2> {
        prop_oneof![
            Just(Vec2::X),
            Just(Vec2::NEG_Y),
            Just(Vec2::new(1.0, 1.0).normalize()),
            (0.0f32..std::f32::consts::TAU).prop_map(Vec2::from_angle),
        ]
    }

    proptest! {
        #[test]
        fn four_lane_features_are_the_in_order_ones(
            pts in prop::collection::vec(point(), 1..=8),
            dir in direction(),
            extent in prop_oneof![Just(Vec2::ONE), Just(Vec2::splat(1e4))],
        ) {
            let tan = dir.perp();
            let tol = tolerance_along(dir, extent, 0.0);
            let lanes = feature(&pts, dir, tan, extent);
            let in_order = feature_in_order(&pts, dir, tol, tan);
            // Bit for bit, ties included (the first point in order wins both ways).
            let bits = |(a, b): (Vec2, Vec2)| [a.x, a.y, b.x, b.y].map(f32::to_bits);
            prop_assert_eq!(bits(lanes), bits(in_order));
        }
    }

    #[test]
    fn the_tolerance_edge_counts_as_near_and_ties_go_to_the_first() {
        // Along +y the support height is 1; `tol` below it is still near, a hair more is not.
        // Along `tan` = -x, the extremes are the near points of largest and smallest x.
        let extent = Vec2::splat(4.0);
        let tol = tolerance_along(Vec2::Y, extent, 0.0);
        let edge = 1.0 - tol;
        let pts = [
            Vec2::new(0.0, 1.0),
            Vec2::new(3.0, edge.next_down()), // not near: the largest x, ignored
            Vec2::new(2.0, edge),             // near, exactly at the edge: lowest along tan
            Vec2::new(-1.0, 1.0),             // near: highest along tan...
            Vec2::new(-1.0, 1.0 - tol / 2.0), // ...tied with this one, which comes later
            Vec2::new(0.0, -1.0),
        ];
        let (lo, hi) = feature(&pts, Vec2::Y, Vec2::Y.perp(), extent);
        assert_eq!(lo, Vec2::new(2.0, edge));
        assert_eq!(hi, Vec2::new(-1.0, 1.0));
        assert_eq!(
            (lo, hi),
            feature_in_order(&pts, Vec2::Y, tol, Vec2::Y.perp())
        );
    }

    #[test]
    fn a_face_facing_the_direction_is_found_whole() {
        // A box's top face, from (-1, 1) to (1, 1), along +y; its bottom corners are not near.
        let pts = [
            Vec2::new(-1.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(-1.0, 1.0),
        ];
        let (lo, hi) = feature(&pts, Vec2::Y, Vec2::X, Vec2::ONE);
        assert_eq!((lo, hi), (Vec2::new(-1.0, 1.0), Vec2::new(1.0, 1.0)));
    }
}
