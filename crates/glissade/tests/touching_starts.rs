//! Casts that start touching (within the tolerance, one way or the other) and leave at once,
//! found by a search against an f64 reference (the distance between the exact shapes along
//! the motion). Touching is not overlapping: a motion that leaves through a face it touches
//! at the start, never deeper than the tolerance on the way, is no hit.

use glissade::glam::Vec2;
use glissade::{CastResult, ConvexPolygon, Shape, cast, distance};

/// A long quadrilateral's lower left corner resting 1.3e-5 inside a small octagon's upper
/// right corner (within the tolerance: touching), moving up and left, away from it: out
/// through the octagon's top at once (1.8e-8 of its motion), never deeper than at the start.
/// The stretch inside (1.9e-5 of travel) was longer than the tolerance of the face entered,
/// so the start counted as going in: a hit at 0 with the normal of the octagon's right side,
/// across the motion, which would turn a slide along the top into a stop.
///
/// ```text
///        ↖
///         *━━━━━━━━━━━━┓   the quadrilateral, 4 × 0.66, its corner * on the octagon's
///      ╱‾‾╲            ┃   upper right corner
///     ╱    ╲ the octagon
///     ╲____╱
/// ```
#[test]
fn a_corner_resting_on_a_corner_and_moving_away_meets_nothing() {
    let a: Shape = ConvexPolygon::new(&[
        Vec2::new(-0.58115214, -1.4534659),
        Vec2::new(3.4168577, -1.3273021),
        Vec2::new(3.3960922, -0.6692663),
        Vec2::new(-0.60191756, -0.79543024),
    ])
    .unwrap()
    .into();
    let b: Shape = ConvexPolygon::new(&[
        Vec2::new(0.6932743, 0.3237433),
        Vec2::new(-0.22846252, 0.23290062),
        Vec2::new(-0.8349344, -0.10276409),
        Vec2::new(-0.86250275, -0.16255414),
        Vec2::new(-0.8447907, -0.24439596),
        Vec2::new(-0.25155413, -0.33372778),
        Vec2::new(0.044046216, -0.28250208),
        Vec2::new(0.12137772, -0.2633831),
    ])
    .unwrap()
    .into();
    let (pa, ma) = (
        Vec2::new(-562.4686, 366.474),
        Vec2::new(230.62549, 623.6913),
    );
    let (pb, mb) = (
        Vec2::new(-563.74304, 364.6968),
        Vec2::new(705.5563, -373.6682),
    );
    // Touching at the start, then apart, about 1,000 a unit of the motion's fraction.
    assert!(distance(&a, pa, &b, pb).abs() < 2e-5);
    let apart = distance(&a, pa + ma * 1e-3, &b, pb + mb * 1e-3);
    assert!(apart > 0.9, "{apart}");
    assert_eq!(cast(&a, pa, ma, &b, pb, mb), CastResult::Miss);
}
