//! A core's support feature: the vertex or the face it presents along a direction, which the
//! contact point of a cast and the rounded corners of a plane cast are found from.

use glam::{Vec2, Vec4};

use crate::geometry::{Soa8, first_lane};
use crate::tolerance::tolerance_along;

/// Most points [`feature`] takes side by side (two halves of four lanes). No core has more.
const SIDE_BY_SIDE: usize = 8;

/// A core's support feature along `dir`: its two extreme points along `tan` among the points
/// within the linear tolerance of the support height (one vertex, or the two ends of a face
/// facing `dir`). `extent` is the per-axis magnitude of the core's coordinates. Of several
/// points equally far along `tan`, the first in `pts` is taken.
///
/// For at least one point, finite, whose products with `dir` and `tan` do not overflow (every
/// core's, within [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE)): the answer is then
/// the same, bit for bit, as [`feature_in_order`]'s.
#[inline]
pub(crate) fn feature(pts: &[Vec2], dir: Vec2, tan: Vec2, extent: Vec2) -> (Vec2, Vec2) {
    let tol = tolerance_along(dir, extent, 0.0);
    if pts.len() > SIDE_BY_SIDE {
        return feature_in_order(pts, dir, tan, tol);
    }
    feature_side_by_side(pts, dir, tan, tol)
}

/// [`feature`] with the tolerance given, for up to [`SIDE_BY_SIDE`] points.
///
/// The points sit side by side, padded with copies of the first (which change no extreme and,
/// coming after it, are never the first to reach one). Which points are near the support
/// changes from one query to the next: lane compares and a mask decide it where a branch per
/// point would be guessed wrong.
#[inline]
fn feature_side_by_side(pts: &[Vec2], dir: Vec2, tan: Vec2, tol: f32) -> (Vec2, Vec2) {
    let lanes = Soa8::new(pts);
    let height = lanes.dots(dir);
    let h = height[0].max(height[1]).max_element();
    let near = height.map(|v| v.cmpge(Vec4::splat(h - tol)));
    let along = lanes.dots(tan);
    // `absent` is the key of a point that is not near: it never equals the extreme of a near
    // one, so the first lane equal to the extreme is the first near point to reach it.
    let pick = |absent: f32, extreme: fn([Vec4; 2]) -> f32| {
        let keys = [0, 1].map(|k| Vec4::select(near[k], along[k], Vec4::splat(absent)));
        pts[first_lane(keys, extreme(keys)).min(pts.len() - 1)]
    };
    (
        pick(f32::INFINITY, |k| k[0].min(k[1]).min_element()),
        pick(f32::NEG_INFINITY, |k| k[0].max(k[1]).max_element()),
    )
}

/// [`feature`] point by point, in order: the reference the side-by-side form is held to, and
/// the form for more than [`SIDE_BY_SIDE`] points. At least one point.
fn feature_in_order(pts: &[Vec2], dir: Vec2, tan: Vec2, tol: f32) -> (Vec2, Vec2) {
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

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::{SIDE_BY_SIDE, feature, feature_in_order, feature_side_by_side};
    use crate::tolerance::tolerance_along;

    /// Both answers, as bits.
    fn bits((a, b): (Vec2, Vec2)) -> [u32; 4] {
        [a.x, a.y, b.x, b.y].map(f32::to_bits)
    }

    /// As a polygon's hull holds its points: padded to eight with copies of the first.
    fn padded(pts: &[Vec2]) -> Vec<Vec2> {
        let mut all = pts.to_vec();
        all.resize(SIDE_BY_SIDE, pts[0]);
        all
    }

    /// Points on a half-unit lattice, with axis directions: many distinct points tie along
    /// `tan`, and many sit exactly at the tolerance's edge.
    fn lattice_case() -> impl Strategy<Value = (Vec<Vec2>, Vec2, Vec2, f32, bool)> {
        let point =
            ((-2i32..=2), (-2i32..=2)).prop_map(|(x, y)| Vec2::new(x as f32 * 0.5, y as f32 * 0.5));
        let dir = prop_oneof![
            Just(Vec2::X),
            Just(Vec2::Y),
            Just(Vec2::NEG_X),
            Just(Vec2::NEG_Y)
        ];
        (
            prop::collection::vec(point, 1..=SIDE_BY_SIDE),
            dir,
            any::<bool>(),
            prop_oneof![Just(0.0f32), Just(0.5), Just(1.0), Just(1e-5)],
            any::<bool>(),
        )
            .prop_map(|(pts, dir, flip, tol, pad)| {
                // The A side of a contact looks along `-dir` with the same `tan`.
                let tan = if flip { -dir.perp() } else { dir.perp() };
                (pts, dir, tan, tol, pad)
            })
    }

    /// Random points and a slanted direction, with the tolerance set so that one of the
    /// points lies exactly at its edge (`h - (h - v)` is `v` exactly for heights within a
    /// factor of two, which the points' offset makes likely): a rounding of the products
    /// unlike `Vec2::dot`'s, or `>` for `>=`, moves that point in or out.
    fn edge_case() -> impl Strategy<Value = (Vec<Vec2>, Vec2, Vec2, f32)> {
        let point = (-1.0f32..1.0, -1.0f32..1.0).prop_map(|(x, y)| Vec2::new(x, y));
        (
            prop::collection::vec(point, 1..=SIDE_BY_SIDE),
            0.0f32..std::f32::consts::TAU,
            any::<prop::sample::Index>(),
            any::<bool>(),
        )
            .prop_map(|(pts, angle, edge, flip)| {
                let dir = Vec2::from_angle(angle);
                // Far along `dir`, so that every height is positive and about equal.
                let pts: Vec<Vec2> = pts.iter().map(|p| *p + dir * 4.0).collect();
                let h = pts
                    .iter()
                    .fold(f32::NEG_INFINITY, |m, p| m.max(dir.dot(*p)));
                let tol = h - dir.dot(pts[edge.index(pts.len())]);
                let tan = if flip { -dir.perp() } else { dir.perp() };
                (pts, dir, tan, tol)
            })
    }

    proptest! {
        #[test]
        fn side_by_side_features_are_the_in_order_ones_on_a_lattice(
            (pts, dir, tan, tol, pad) in lattice_case(),
        ) {
            let pts = if pad { padded(&pts) } else { pts };
            prop_assert_eq!(
                bits(feature_side_by_side(&pts, dir, tan, tol)),
                bits(feature_in_order(&pts, dir, tan, tol))
            );
        }

        #[test]
        fn side_by_side_features_are_the_in_order_ones_at_the_edge(
            (pts, dir, tan, tol) in edge_case(),
        ) {
            prop_assert_eq!(
                bits(feature_side_by_side(&pts, dir, tan, tol)),
                bits(feature_in_order(&pts, dir, tan, tol))
            );
        }

        #[test]
        fn feature_takes_the_tolerance_of_the_extent(
            (pts, dir, tan, _, _) in lattice_case(),
            extent in prop_oneof![Just(Vec2::ONE), Just(Vec2::splat(1e4))],
        ) {
            let tol = tolerance_along(dir, extent, 0.0);
            prop_assert_eq!(
                bits(feature(&pts, dir, tan, extent)),
                bits(feature_in_order(&pts, dir, tan, tol))
            );
        }
    }

    #[test]
    fn the_tolerance_edge_counts_as_near_and_ties_go_to_the_first() {
        // Along +y the support height is 1; `tol` below it is still near, a hair more is not.
        // Along `tan` = -x, the extremes are the near points of largest and smallest x.
        let tol = 0.25f32;
        let edge = 1.0 - tol;
        let pts = [
            Vec2::new(0.0, 1.0),
            Vec2::new(3.0, edge.next_down()), // not near: the largest x, ignored
            Vec2::new(2.0, edge),             // near, exactly at the edge: lowest along tan...
            Vec2::new(2.0, 1.0),              // ...tied with this one, which comes later
            Vec2::new(-1.0, 1.0),             // near: highest along tan...
            Vec2::new(-1.0, 0.875),           // ...tied with this one, which comes later
            Vec2::new(0.0, -1.0),
        ];
        let (lo, hi) = feature_side_by_side(&pts, Vec2::Y, Vec2::Y.perp(), tol);
        assert_eq!(lo, Vec2::new(2.0, edge));
        assert_eq!(hi, Vec2::new(-1.0, 1.0));
        let in_order = feature_in_order(&pts, Vec2::Y, Vec2::Y.perp(), tol);
        assert_eq!((lo, hi), in_order);
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
