//! Bounding-box tests that answer a query before its shapes' cores are read: a pair whose
//! boxes cannot meet is a miss (a cast, a ray) or apart (an overlap) whatever the shapes
//! inside them. They read only what a shape keeps inline (a polygon's bounds sit beside its
//! pointer), so that a query between far-apart shapes reads nothing of a polygon.

use glam::Vec2;

use crate::geometry::slab_tolerances;

/// Whether A's box at relative position `q` and B's box (`(min, max)`, local frames) are
/// apart: shapes inside them cannot overlap. Boxes that touch or overlap are left to the
/// exact test.
#[inline]
pub(super) fn boxes_apart(a: (Vec2, Vec2), b: (Vec2, Vec2), q: Vec2) -> bool {
    let (lo, hi) = (b.0 - a.1, b.1 - a.0);
    (q.cmplt(lo) | q.cmpgt(hi)).any()
}

/// Whether the motion keeps the shapes' bounding boxes (`(min, max)`, local frames) apart by
/// more than the tolerance: a cheap, certain miss (most casts in a scene are). Each axis has
/// its own tolerance, from the coordinates along it.
#[inline]
pub(super) fn boxes_miss(a: (Vec2, Vec2), b: (Vec2, Vec2), q: Vec2, d: Vec2, max_t: f32) -> bool {
    // The box of B ⊖ A, widened by the tolerance, against the ray q + t d.
    let (lo, hi) = (b.0 - a.1, b.1 - a.0);
    let tol = Vec2::from(slab_tolerances(q.to_array(), lo.to_array(), hi.to_array()));
    ray_misses_box(lo - tol, hi + tol, q, d, max_t)
}

/// Whether `q + t d`, t in `[0, max_t]`, misses the closed box `[lo, hi]` (touching it is no
/// miss).
///
/// Written without a branch on the data: every comparison below is a select or a bool
/// combined with `|`, so that the one branch is the caller's on the answer. Which way a
/// motion points changes from one query to the next, and a branch on it is guessed wrong
/// half the time. An axis without motion constrains nothing in time (its entry and exit are
/// made infinite) and misses when the start is outside on it.
#[inline]
fn ray_misses_box(lo: Vec2, hi: Vec2, q: Vec2, d: Vec2, max_t: f32) -> bool {
    let (mut enter, mut exit) = (0.0f32, max_t);
    let mut outside = false;
    for i in 0..2 {
        let still = d[i] == 0.0;
        outside |= still & ((q[i] < lo[i]) | (q[i] > hi[i]));
        let inv = 1.0 / d[i];
        let t0 = (lo[i] - q[i]) * inv;
        let t1 = (hi[i] - q[i]) * inv;
        let near = if t0 < t1 { t0 } else { t1 };
        let far = if t0 < t1 { t1 } else { t0 };
        let near = if still { f32::NEG_INFINITY } else { near };
        let far = if still { f32::INFINITY } else { far };
        enter = if near > enter { near } else { enter };
        exit = if far < exit { far } else { exit };
    }
    outside | (enter > exit)
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::ray_misses_box;

    /// The box test written the plain way, with a branch per decision: the select form must
    /// answer exactly as it does.
    fn misses_branching(lo: Vec2, hi: Vec2, q: Vec2, d: Vec2, max_t: f32) -> bool {
        let (mut enter, mut exit) = (0.0f32, max_t);
        for i in 0..2 {
            if d[i] == 0.0 {
                if q[i] < lo[i] || q[i] > hi[i] {
                    return true;
                }
            } else {
                let inv = 1.0 / d[i];
                let (t0, t1) = ((lo[i] - q[i]) * inv, (hi[i] - q[i]) * inv);
                let (near, far) = if t0 < t1 { (t0, t1) } else { (t1, t0) };
                enter = if near > enter { near } else { enter };
                exit = if far < exit { far } else { exit };
            }
        }
        enter > exit
    }

    /// Motions that make still axes and inverses that overflow (`1 / 1e-40` is infinite, and
    /// infinite times zero is NaN) likely.
    fn motion() -> impl Strategy<Value = f32> {
        prop_oneof![
            Just(0.0f32),
            Just(-0.0f32),
            Just(1e-40f32),
            Just(-1e-40f32),
            (-8i32..=8).prop_map(|k| k as f32 * 0.5),
            -100.0f32..100.0,
        ]
    }

    /// A start coordinate on the box `[lo, hi]` along one axis: exactly on a face, a hair
    /// either side of one, or anywhere.
    fn start(lo: f32, hi: f32) -> impl Strategy<Value = f32> {
        prop_oneof![
            Just(lo),
            Just(hi),
            Just(lo.next_down()),
            Just(lo.next_up()),
            Just(hi.next_down()),
            Just(hi.next_up()),
            -20.0f32..20.0,
        ]
    }

    fn case() -> impl Strategy<Value = (Vec2, Vec2, Vec2, Vec2, f32)> {
        let corner = (-8.0f32..8.0, -8.0f32..8.0);
        let size = (0.25f32..4.0, 0.25f32..4.0);
        (corner, size)
            .prop_flat_map(|((x, y), (w, h))| {
                let (lo, hi) = (Vec2::new(x, y), Vec2::new(x + w, y + h));
                let q = (start(lo.x, hi.x), start(lo.y, hi.y));
                let max_t = prop_oneof![Just(1.0f32), 0.0f32..2.0];
                (Just(lo), Just(hi), q, (motion(), motion()), max_t)
            })
            .prop_map(|(lo, hi, (qx, qy), (dx, dy), max_t)| {
                (lo, hi, Vec2::new(qx, qy), Vec2::new(dx, dy), max_t)
            })
    }

    proptest! {
        #[test]
        fn the_select_box_test_answers_as_the_branching_one((lo, hi, q, d, max_t) in case()) {
            prop_assert_eq!(
                ray_misses_box(lo, hi, q, d, max_t),
                misses_branching(lo, hi, q, d, max_t)
            );
        }
    }
}

/// The box tests never decide a query the exact passes would answer otherwise: shapes of
/// every kind, placed so that their boxes touch, nearly touch or overlap by a hair.
#[cfg(test)]
mod exact {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::super::{PairCast, cast_cores, overlap_cores, ray::ray_core};
    use super::{boxes_apart, boxes_miss};
    use crate::shape::{Aabb, Capsule, Circle, ConvexPolygon, CoreBuf, Segment, Shape};

    fn polygon() -> impl Strategy<Value = Shape> {
        (
            3usize..=8,
            0.2f32..2.0,
            0.2f32..2.0,
            0.0f32..6.3,
            (-0.5f32..0.5, -0.5f32..0.5),
        )
            .prop_filter_map("degenerate polygon", |(n, rx, ry, phase, (cx, cy))| {
                let pts: Vec<Vec2> = (0..n)
                    .map(|k| {
                        let a = phase + std::f32::consts::TAU * k as f32 / n as f32;
                        Vec2::new(cx + rx * a.cos(), cy + ry * a.sin())
                    })
                    .collect();
                ConvexPolygon::new(&pts).ok().map(Shape::from)
            })
    }

    fn shape() -> impl Strategy<Value = Shape> {
        prop_oneof![
            polygon(),
            (0.1f32..2.0, 0.1f32..2.0).prop_map(|(w, h)| Aabb::from_half_extents(Vec2::new(w, h))
                .expect("positive")
                .into()),
            (0.1f32..2.0).prop_map(|r| Circle::new(r).expect("positive").into()),
            (-1.5f32..1.5, -1.5f32..1.5, 0.1f32..1.0).prop_map(|(x, y, r)| {
                Capsule::new(Vec2::new(-x, -y), Vec2::new(x, y), r)
                    .expect("valid")
                    .into()
            }),
            (0.1f32..2.0, 0.0f32..6.3).prop_map(|(l, a)| {
                let h = Vec2::new(a.cos(), a.sin()) * l;
                Segment::new(-h, h).expect("valid").into()
            }),
        ]
    }

    /// How far past touching along one axis: exactly touching, a hair or a tolerance either
    /// side, or anywhere near.
    fn gap() -> impl Strategy<Value = f32> {
        prop_oneof![
            Just(0.0f32),
            Just(1e-6f32),
            Just(-1e-6f32),
            Just(1e-3f32),
            Just(-1e-3f32),
            -0.5f32..0.5,
        ]
    }

    fn motion() -> impl Strategy<Value = Vec2> {
        prop_oneof![
            Just(Vec2::ZERO),
            (-3.0f32..3.0).prop_map(|x| Vec2::new(x, 0.0)),
            (-3.0f32..3.0).prop_map(|y| Vec2::new(0.0, y)),
            (-3.0f32..3.0, -3.0f32..3.0).prop_map(|(x, y)| Vec2::new(x, y)),
        ]
    }

    /// A's relative position putting its box against B's on one side (which side and axis
    /// chosen), `gap` beyond touching, slid anywhere along the other axis; near the origin
    /// or far from it.
    fn placed(a: &Shape, b: &Shape, side: usize, gap: f32, slide: f32) -> Vec2 {
        let ((alo, ahi), (blo, bhi)) = (a.local_bounds(), b.local_bounds());
        let (lo, hi) = (blo - ahi, bhi - alo);
        let axis = side & 1;
        let mut q = lo + (hi - lo) * (0.5 + slide);
        q[axis] = if side < 2 {
            lo[axis] - gap
        } else {
            hi[axis] + gap
        };
        q
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn a_cast_whose_boxes_miss_is_a_miss(
            a in shape(),
            b in shape(),
            side in 0usize..4,
            gap in gap(),
            slide in -1.0f32..1.0,
            d in motion(),
        ) {
            let q = placed(&a, &b, side, gap, slide);
            if boxes_miss(a.local_bounds(), b.local_bounds(), q, d, 1.0) {
                let (mut ba, mut bb) = (CoreBuf::default(), CoreBuf::default());
                let full = cast_cores(&a.core(&mut ba), &b.core(&mut bb), q, d, 1.0);
                prop_assert!(matches!(full, PairCast::Miss));
            }
        }

        #[test]
        fn shapes_whose_boxes_are_apart_do_not_overlap(
            a in shape(),
            b in shape(),
            side in 0usize..4,
            gap in gap(),
            slide in -1.0f32..1.0,
        ) {
            let q = placed(&a, &b, side, gap, slide);
            if boxes_apart(a.local_bounds(), b.local_bounds(), q) {
                let (mut ba, mut bb) = (CoreBuf::default(), CoreBuf::default());
                prop_assert_eq!(overlap_cores(&a.core(&mut ba), &b.core(&mut bb), q), None);
            }
        }

        /// A ray whose box is apart from a polygon's: the full pass finds no hit either,
        /// very long rays included (`raycast` takes any finite length; an end too far to
        /// compute is infinite).
        #[test]
        fn a_ray_whose_box_is_apart_misses(
            p in polygon(),
            side in 0usize..4,
            gap in gap(),
            slide in -1.0f32..1.0,
            d in motion(),
            long in proptest::bool::ANY,
        ) {
            let point: Shape = Circle::new(f32::MIN_POSITIVE).expect("positive").into();
            let q = placed(&point, &p, side, gap, slide);
            let max_t = if long { f32::MAX } else { 1.0 };
            let end = q + d * max_t;
            if boxes_apart((q.min(end), q.max(end)), p.local_bounds(), Vec2::ZERO) {
                let mut buf = CoreBuf::default();
                let full = ray_core(&p.core(&mut buf), q, d, q, d, max_t);
                prop_assert_eq!(full, None);
            }
        }
    }
}
