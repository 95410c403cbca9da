//! A body that starts touching a surface (inside it by no more than the tolerance) and moves a
//! little further in must not be let through as a graze: step after step it would sink by
//! many tolerances. A cast that misses never ends overlapping.
//!
//! ```text
//!            wall (x = 24, a zero-thickness segment, or a box)
//!   +-----+  |
//!   | box |->|      the box's right face starts a fraction of the tolerance past x = 24
//!   +-----+  |      and moves right by less than the tolerance
//! ```

use glissade::glam::Vec2;
use glissade::tolerance::linear_tolerance;
use glissade::{Aabb, CastResult, ConvexPolygon, Segment, Shape, cast, overlap};
use proptest::prelude::*;

mod common;

fn body() -> Shape {
    Aabb::from_half_extents(Vec2::new(0.3, 0.225))
        .unwrap()
        .into()
}

fn walls() -> [Shape; 3] {
    [
        Segment::new(Vec2::new(24.0, 0.0), Vec2::new(24.0, 12.0))
            .unwrap()
            .into(),
        Aabb::new(Vec2::new(24.0, 0.0), Vec2::new(25.0, 12.0))
            .unwrap()
            .into(),
        ConvexPolygon::new(&[
            Vec2::new(24.0, 0.0),
            Vec2::new(25.0, 0.0),
            Vec2::new(25.0, 12.0),
            Vec2::new(24.0, 12.0),
        ])
        .unwrap()
        .into(),
    ]
}

#[test]
fn creeping_into_a_wall_a_tolerance_at_a_time_stops_at_the_tolerance() {
    // Worked out: the numbers of these queries are at most 24 + 12 + 12 in size (the wall's
    // far end counts), so the tolerance is at most 1e-5 + 48 × 9.5e-7 ≈ 5.6e-5. Each step
    // moves right by 2e-5 (less than that); a step that would end deeper than the tolerance
    // is a contact at its start, so the box never gets deeper than that tolerance plus one
    // step, where twenty steps let through would put it 4e-4 deep.
    let tol = linear_tolerance(24.0);
    let bound = linear_tolerance(48.0) + 2e-5;
    for wall in walls() {
        let mut x = 23.7 - 0.5 * tol;
        for step in 0..20 {
            let motion = Vec2::new(2e-5, -1e-5);
            let at = Vec2::new(x, 0.5);
            match cast(&body(), at, motion, &wall, Vec2::ZERO, Vec2::ZERO) {
                CastResult::Miss => x += motion.x,
                CastResult::Hit(h) => {
                    assert_eq!(h.normal, Vec2::NEG_X, "{wall:?} step {step}");
                    assert_eq!(h.fraction, 0.0, "{wall:?} step {step}");
                    break;
                }
                CastResult::Overlapping(p) => panic!("{wall:?} step {step}: inside by {}", p.depth),
            }
            let depth = x + 0.3 - 24.0;
            assert!(depth <= bound, "{wall:?} step {step}: {depth}");
        }
    }
}

proptest! {
    #![proptest_config(common::config())]

    /// From a start that touches (or is a little apart), a cast that misses never ends
    /// deeper inside than the cast's tolerance: that of numbers the size of the relative
    /// position plus both shapes' extents (here at most 24 + 24 + 24), give or take the
    /// rounding of the end position to f32 (a few millionths at x = 24: hence the margin).
    #[test]
    fn a_cast_that_misses_never_ends_overlapping(
        gap in -1.0f32..1.0,
        dx in -2.0f32..2.0,
        dy in -2.0f32..2.0,
        y in 0.2f32..11.0,
        wall in 0usize..3,
    ) {
        let tol = linear_tolerance(24.0);
        let wall = &walls()[wall];
        let at = Vec2::new(24.0 - 0.3 + gap * tol, y);
        let motion = Vec2::new(dx, dy) * tol;
        if overlap(&body(), at, wall, Vec2::ZERO).is_none()
            && cast(&body(), at, motion, wall, Vec2::ZERO, Vec2::ZERO) == CastResult::Miss
        {
            let end = overlap(&body(), at + motion, wall, Vec2::ZERO);
            let bound = linear_tolerance(72.0) + 4e-6;
            prop_assert!(end.is_none_or(|p| p.depth <= bound), "{end:?}");
        }
    }
}
