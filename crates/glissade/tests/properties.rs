//! Property tests for the geometry promises: exact casts, MTVs that separate, symmetric
//! normals, precision far from the origin, and no NaN or panic for any finite input.
//!
//! Every property runs at least 10,000 cases (more with `PROPTEST_CASES`).

use glissade::glam::Vec2;
use glissade::{
    Aabb, Capsule, CastResult, Circle, ConvexPolygon, Segment, Shape, cast, distance, overlap,
    raycast,
};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000u32)
        .max(10_000);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A polygon with vertices on an ellipse (always in convex position), 3 to 8 of them.
fn polygon() -> impl Strategy<Value = Shape> {
    (
        3usize..=8,
        0.2f32..3.0,
        0.2f32..3.0,
        prop::collection::vec(0.05f32..1.0, 8),
        0.0f32..6.3,
        (-1.0f32..1.0, -1.0f32..1.0),
    )
        .prop_filter_map(
            "degenerate polygon",
            |(n, rx, ry, gaps, phase, (cx, cy))| {
                let total: f32 = gaps[..n].iter().sum();
                let mut a = phase;
                let mut pts = Vec::with_capacity(n);
                for g in &gaps[..n] {
                    pts.push(Vec2::new(cx + rx * a.cos(), cy + ry * a.sin()));
                    a += g / total * std::f32::consts::TAU;
                }
                ConvexPolygon::new(&pts).ok().map(Shape::from)
            },
        )
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (0.1f32..3.0, 0.1f32..3.0, -0.5f32..0.5, -0.5f32..0.5).prop_map(|(hx, hy, ox, oy)| {
            let o = Vec2::new(ox, oy);
            Aabb::new(o - Vec2::new(hx, hy), o + Vec2::new(hx, hy))
                .unwrap()
                .into()
        }),
        (0.1f32..3.0).prop_map(|r| Circle::new(r).unwrap().into()),
        (-2.0f32..2.0, -2.0f32..2.0, 0.1f32..1.5).prop_map(|(x, y, r)| {
            Capsule::new(Vec2::new(-x, -y), Vec2::new(x, y), r)
                .unwrap()
                .into()
        }),
        polygon(),
        (-3.0f32..3.0, -3.0f32..3.0, 0.1f32..3.0, 0.0f32..6.3).prop_map(|(x, y, l, a)| {
            let c = Vec2::new(x, y) * 0.2;
            let h = Vec2::new(a.cos(), a.sin()) * l;
            Segment::new(c - h, c + h).unwrap().into()
        }),
    ]
}

fn vec(range: f32) -> impl Strategy<Value = Vec2> {
    (-range..range, -range..range).prop_map(|(x, y)| Vec2::new(x, y))
}

/// A motion: often axis-aligned (sliding along faces), sometimes zero.
fn motion() -> impl Strategy<Value = Vec2> {
    prop_oneof![
        4 => vec(12.0),
        1 => (-12.0f32..12.0).prop_map(|x| Vec2::new(x, 0.0)),
        1 => (-12.0f32..12.0).prop_map(|y| Vec2::new(0.0, y)),
        1 => Just(Vec2::ZERO),
    ]
}

/// The tolerance these tests allow: 1e-4 plus the f32 resolution of the coordinates involved.
fn allowed(scale: f32) -> f32 {
    1e-4 + 16.0 * f32::EPSILON * scale
}

/// Checks a cast against dense sampling of the signed distance along the relative path.
fn check_cast_against_sampling(
    a: &Shape,
    pa: Vec2,
    ma: Vec2,
    b: &Shape,
    pb: Vec2,
    mb: Vec2,
) -> Result<(), TestCaseError> {
    let scale = pa.abs().max(pb.abs()).max_element() + (ma - mb).length();
    let tol = allowed(scale);
    let at = |t: f32| distance(a, pa + ma * t, b, pb + mb * t);
    const N: usize = 64;
    match cast(a, pa, ma, b, pb, mb) {
        CastResult::Overlapping(p) => {
            let d0 = at(0.0);
            prop_assert!(d0 < 0.0, "overlapping at start but distance {d0}");
            prop_assert!((p.depth + d0).abs() <= tol, "depth {} vs {}", p.depth, -d0);
        }
        CastResult::Miss => {
            for k in 0..=N {
                let t = k as f32 / N as f32;
                prop_assert!(
                    at(t) >= -tol,
                    "miss, but overlapping {} at fraction {t}",
                    -at(t)
                );
            }
        }
        CastResult::Hit(h) => {
            prop_assert!((0.0..=1.0).contains(&h.fraction));
            prop_assert!(
                (h.normal.length() - 1.0).abs() < 1e-4,
                "normal {:?}",
                h.normal
            );
            let dt = at(h.fraction);
            prop_assert!(
                dt.abs() <= tol,
                "distance {dt} at the reported fraction {}",
                h.fraction
            );
            for k in 0..=N {
                let t = k as f32 / N as f32 * h.fraction;
                prop_assert!(
                    at(t) >= -tol,
                    "overlap {} at {t} before the hit {}",
                    -at(t),
                    h.fraction
                );
            }
            // The motion goes on into b: just after the hit the shapes are no farther apart.
            let rel = ma - mb;
            prop_assert!(
                rel.dot(h.normal) < 0.0,
                "hit while not approaching: {:?}",
                h.normal
            );
            // The contact point lies on both surfaces at the moment of contact.
            let qa = pa + ma * h.fraction;
            let qb = pb + mb * h.fraction;
            let on_a = a.project_point(qa, h.point).signed_distance;
            let on_b = b.project_point(qb, h.point).signed_distance;
            prop_assert!(
                on_a.abs() <= 10.0 * tol && on_b.abs() <= 10.0 * tol,
                "point {:?} off the surfaces: {on_a} {on_b}",
                h.point
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn cast_agrees_with_dense_sampling(
        a in shape(), b in shape(), pa in vec(8.0), pb in vec(8.0), ma in motion(), mb in motion(),
        aim in prop_oneof![Just(None), (0.5f32..1.5, vec(1.5)).prop_map(Some)],
    ) {
        // Half the cases aim a at b, so that hits, grazes and near misses are common.
        let ma = match aim {
            Some((k, jitter)) => (pb - pa) * k + jitter + mb,
            None => ma,
        };
        check_cast_against_sampling(&a, pa, ma, &b, pb, mb)?;
    }

    #[test]
    fn cast_agrees_with_dense_sampling_far_from_the_origin(
        a in shape(), b in shape(), pa in vec(8.0), pb in vec(8.0), k in 0.5f32..1.5, jitter in vec(1.5),
        offset in vec(1e5),
    ) {
        let ma = (pb - pa) * k + jitter;
        check_cast_against_sampling(&a, pa + offset, ma, &b, pb + offset, Vec2::ZERO)?;
    }

    #[test]
    fn moving_by_the_mtv_leaves_the_pair_touching(
        a in shape(), b in shape(), pa in vec(3.0), pb in vec(3.0), offset in prop_oneof![Just(Vec2::ZERO), vec(1e5)],
    ) {
        let (pa, pb) = (pa + offset, pb + offset);
        if let Some(p) = overlap(&a, pa, &b, pb) {
            prop_assert!(p.depth > 0.0);
            prop_assert!((p.normal.length() - 1.0).abs() < 1e-5);
            let moved = pa + p.mtv();
            // f32 can only place `moved` to within half an ulp of its coordinates.
            let tol = allowed(moved.abs().max_element());
            let d = distance(&a, moved, &b, pb);
            prop_assert!(d.abs() <= tol, "after the MTV the distance is {d}");
            if let Some(again) = overlap(&a, moved, &b, pb) {
                prop_assert!(again.depth <= tol, "still overlapping by {}", again.depth);
            }
        } else {
            prop_assert!(distance(&a, pa, &b, pb) >= -allowed(pa.abs().max_element()));
        }
    }

    #[test]
    fn swapping_the_shapes_flips_the_normal(
        a in shape(), b in shape(), pa in vec(4.0), pb in vec(4.0), ma in motion(), mb in motion(),
    ) {
        match (overlap(&a, pa, &b, pb), overlap(&b, pb, &a, pa)) {
            (Some(p), Some(q)) => {
                prop_assert!((p.depth - q.depth).abs() <= 1e-4, "{p:?} {q:?}");
                // Equal depths through different faces are both shortest; otherwise the
                // normals must be opposite.
                let alt = distance(&a, pa + q.normal * -q.depth, &b, pb).abs();
                prop_assert!((p.normal + q.normal).length() <= 1e-4 || alt <= 1e-4, "{p:?} {q:?}");
            }
            (None, None) => {}
            (p, q) => {
                let d = distance(&a, pa, &b, pb);
                prop_assert!(d.abs() <= 1e-4, "one-sided overlap {p:?} {q:?} at distance {d}");
            }
        }
        match (cast(&a, pa, ma, &b, pb, mb), cast(&b, pb, mb, &a, pa, ma)) {
            (CastResult::Hit(h), CastResult::Hit(g)) => {
                prop_assert!((h.fraction - g.fraction).abs() <= 1e-4, "{h:?} {g:?}");
                // At a corner-to-corner contact several normals are valid; otherwise opposite.
                let rel = ma - mb;
                prop_assert!((h.normal + g.normal).length() <= 1e-3 || rel.dot(g.normal) > 0.0, "{h:?} {g:?}");
            }
            (CastResult::Miss, CastResult::Miss) | (CastResult::Overlapping(_), CastResult::Overlapping(_)) => {}
            (x, y) => {
                // Disagreement only within tolerance of touching.
                let min_d = (0..=64).map(|k| {
                    let t = k as f32 / 64.0;
                    distance(&a, pa + ma * t, &b, pb + mb * t)
                }).fold(f32::INFINITY, f32::min);
                prop_assert!(min_d.abs() <= 1e-3, "{x:?} vs swapped {y:?}, min distance {min_d}");
            }
        }
    }

    #[test]
    fn no_nan_and_no_panic_for_any_finite_input(
        a in shape(), b in shape(), pa in vec(1e5), pb in vec(1e5),
        dir in vec(1.0), len in prop_oneof![Just(0.0f32), Just(1e-12), Just(1e9), 0.0f32..100.0],
    ) {
        let m = dir * len;
        match cast(&a, pa, m, &b, pb, Vec2::ZERO) {
            CastResult::Hit(h) => {
                prop_assert!((0.0..=1.0).contains(&h.fraction));
                prop_assert!(h.point.is_finite() && h.normal.is_finite());
                prop_assert!((h.normal.length() - 1.0).abs() < 1e-3);
            }
            CastResult::Overlapping(p) => {
                prop_assert!(p.depth > 0.0 && p.depth.is_finite() && p.normal.is_finite());
            }
            CastResult::Miss => {}
        }
        if let Some(p) = overlap(&a, pa, &b, pb) {
            prop_assert!(p.depth.is_finite() && p.normal.is_finite());
        }
        prop_assert!(!distance(&a, pa, &b, pb).is_nan());
        if let Some(h) = raycast(&b, pb, pa, m, 1.0) {
            prop_assert!(h.fraction.is_finite() && h.point.is_finite() && h.normal.is_finite());
        }
    }

    #[test]
    fn raycast_agrees_with_sampling_point_containment(
        s in shape(), pos in vec(5.0), origin in vec(8.0), dir in vec(12.0),
    ) {
        let tol = allowed(8.0);
        let sd = |t: f32| s.project_point(pos, origin + dir * t).signed_distance;
        match raycast(&s, pos, origin, dir, 1.0) {
            None => {
                for k in 0..=64 {
                    let t = k as f32 / 64.0;
                    prop_assert!(sd(t) >= -tol, "missed, but inside by {} at {t}", -sd(t));
                }
            }
            Some(h) => {
                prop_assert!((0.0..=1.0).contains(&h.fraction));
                if h.fraction > 0.0 {
                    prop_assert!(sd(h.fraction).abs() <= tol, "not on the surface: {}", sd(h.fraction));
                    prop_assert!(dir.dot(h.normal) < 0.0);
                    for k in 0..64 {
                        let t = k as f32 / 64.0 * h.fraction;
                        prop_assert!(sd(t) >= -tol, "inside by {} at {t} before the hit", -sd(t));
                    }
                } else {
                    // Starts inside, or on the surface heading in.
                    prop_assert!(sd(0.0) <= tol);
                    prop_assert_eq!(h.point, origin);
                }
            }
        }
    }

    #[test]
    fn polygon_construction_accepts_either_winding_and_keeps_the_points(
        pts in prop::collection::vec(vec(10.0), 0..10),
    ) {
        match ConvexPolygon::new(&pts) {
            Ok(p) => {
                let v = p.vertices();
                prop_assert_eq!(v.len(), pts.len());
                for q in &pts {
                    prop_assert!(v.contains(q));
                }
                for k in 0..v.len() {
                    let e1 = v[(k + 1) % v.len()] - v[k];
                    let e2 = v[(k + 2) % v.len()] - v[(k + 1) % v.len()];
                    prop_assert!(e1.perp_dot(e2) > 0.0, "not counter-clockwise and convex");
                }
                let mut rev = pts.clone();
                rev.reverse();
                prop_assert!(ConvexPolygon::new(&rev).is_ok());
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

/// A long sliver (a triangle whose long face runs through its origin, `2 × half` long, its
/// third corner `height` behind the face near the middle) and its long face's outward normal.
fn sliver(half: f32, height: f32, angle: f32, apex_at: f32) -> (ConvexPolygon, Vec2) {
    let dir = Vec2::from_angle(angle);
    // The third corner on the left of the face as it runs from its first corner to its
    // second: counter-clockwise, the face's outward normal points right.
    let apex = dir * apex_at + dir.perp() * height;
    let p = ConvexPolygon::new(&[-dir * half, dir * half, apex]).expect("a valid sliver");
    (p, -dir.perp())
}

/// A round body `size` across: a circle, or a capsule turned by `turn` whose radius is `r` of
/// its half length; and how far it reaches from its centre toward a face with unit normal `n`.
fn round_body(size: f32, capsule: Option<(f32, f32)>, n: Vec2) -> (Shape, f32) {
    match capsule {
        None => (Circle::new(size).unwrap().into(), size),
        Some((turn, r)) => {
            let axis = Vec2::from_angle(turn) * size * 0.5;
            let radius = size * 0.5 * r;
            (
                Capsule::new(-axis, axis, radius).unwrap().into(),
                axis.dot(n).abs() + radius,
            )
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// A round body (a circle or a capsule, small against the face) starting clear, within
    /// the tolerance of a long face's plane (whose far corners make that tolerance much larger
    /// than the body's own), near the face's middle: a motion that ends deeper in
    /// the sliver than the face's precision is met by the cast. None passes into it unseen.
    /// (A capsule's cast goes through the difference of the two shapes, whose long face is
    /// known less precisely than the sliver's own: most cases are capsules.)
    #[test]
    fn a_round_body_at_the_middle_of_a_long_face_never_passes_into_it_unseen(
        half in (2.0f32..5.0).prop_map(|e| 10f32.powf(e)),
        height in 0.5f32..100.0,
        angle in 0.0f32..std::f32::consts::TAU,
        apex_at in -0.4f32..0.4,
        along in -20.0f32..20.0,
        size in (-4.0f32..-1.0).prop_map(|e| 10f32.powf(e)),
        capsule in prop_oneof![1 => Just(None), 3 => (0.0f32..std::f32::consts::TAU, 0.1f32..1.0).prop_map(Some)],
        gap in 0.0f32..1.0,
        into in (-3.0f32..0.0).prop_map(|e| 10f32.powf(e)),
        slide in -1.0f32..1.0,
        at in vec(10.0),
    ) {
        let (poly, n) = sliver(half, height, angle, apex_at * half);
        let sliver: Shape = poly.into();
        let (body, reach) = round_body(size, capsule, n);
        // Off the face's point `along` units from its middle (where the nearest point is
        // known most precisely) by 1e-6 up to 1e-6 of its half length (evenly in the
        // logarithm): up to a few f32 steps of its far corners' coordinates, within its
        // plane's tolerance.
        let foot = at + n.perp() * along;
        let start = foot + n * (reach + 1e-6 * half.powf(gap));
        prop_assume!(overlap(&body, start, &sliver, at).is_none());
        let motion = (-n * into + n.perp() * slide) * size * 100.0;
        // Deeper at the end than the precision of the face (that of its far corners'
        // coordinates): the cast must have met it.
        let precision = allowed(half + height + at.abs().max_element());
        let end = overlap(&body, start + motion, &sliver, at);
        if let Some(p) = end.filter(|p| p.depth > precision) {
            let met = cast(&body, start, motion, &sliver, at, Vec2::ZERO);
            prop_assert!(
                !matches!(met, CastResult::Miss),
                "{body:?} from {start} by {motion} ends {} deep in {sliver:?} at {at} unseen",
                p.depth
            );
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// A round body (a circle or a capsule) starting clear of the middle of a long segment or
    /// capsule, closer than the rounding of the long shape's far ends, moving in at a slant:
    /// the cast meets the long face along its own normal, when the gap closes. A cast that
    /// measured the start's distance from a far end took such a start for one beyond an end,
    /// met a circle at the nearest point off the normal, and a slide along that sank into the
    /// segment. The body is resolved against the face (at least 64 times its precision, that
    /// of the far ends' coordinates, across): a thinner one is below what f32 can tell there.
    #[test]
    fn a_round_body_clear_of_a_long_segments_middle_meets_it_along_its_normal(
        half in (2.0f32..6.5).prop_map(|e| 10f32.powf(e)),
        thickness in prop_oneof![1 => Just(0.0f32), 1 => 0.01f32..10.0],
        angle in 0.0f32..std::f32::consts::TAU,
        along in -20.0f32..20.0,
        size in (0.0f32..1.0).prop_map(|e| 10f32.powf(e)),
        capsule in prop_oneof![1 => Just(None), 1 => (0.0f32..std::f32::consts::TAU, 0.5f32..1.0).prop_map(Some)],
        gap in -5.0f32..-1.0,
        into in 0.05f32..1.0,
        slide in -1.0f32..1.0,
        at in vec(1e4),
    ) {
        let dir = Vec2::from_angle(angle);
        let (a, b) = (-dir * half, dir * half);
        let long: Shape = if thickness == 0.0 {
            Segment::new(a, b).unwrap().into()
        } else {
            Capsule::new(a, b, thickness).unwrap().into()
        };
        // The long face's outward normal on the body's side, from the shape's own (rounded)
        // ends, in f64.
        let e = (b - a).as_dvec2();
        let n64 = glissade::glam::DVec2::new(-e.y, e.x).normalize();
        let n = n64.as_vec2();
        // At least 128 times the face's precision long, so at least 64 times it thick.
        let size = size * 128.0 * allowed(half + thickness + at.abs().max_element());
        let (body, reach) = round_body(size, capsule, n);
        // Clear of the face by 1e-5 to 0.1 units, near its middle.
        let start = at + n.perp() * along + n * (thickness + reach + 10f32.powf(gap));
        // A start rounded into the face (about 1 case in 20) is another property's.
        if overlap(&body, start, &long, at).is_some() {
            return Ok(());
        }
        let motion = (-n * into + n.perp() * slide) * size * 10.0;
        // The gap as f64 measures it, along the face's normal, and when the motion closes it.
        let gap = n64.dot((start - at).as_dvec2() - a.as_dvec2()) - f64::from(thickness + reach);
        let closes = gap / -n64.dot(motion.as_dvec2());
        match cast(&body, start, motion, &long, at, Vec2::ZERO) {
            CastResult::Hit(h) => {
                prop_assert!(
                    (h.normal.as_dvec2() - n64).length() < 1e-5,
                    "{body:?} from {start} by {motion} meets {long:?} at {at} along {} (face {n})",
                    h.normal
                );
                // Exact up to the precision of the face (that of its far ends' coordinates: a
                // start within the tolerance of the shapes' own planes is decided on the
                // difference of the two, whose corners carry them).
                let off = (f64::from(h.fraction) - closes).abs() * -n64.dot(motion.as_dvec2());
                prop_assert!(
                    off <= f64::from(allowed(half + thickness + start.abs().max_element() + size)),
                    "{body:?} from {start} by {motion} into {long:?} at {at}: fraction {} against {closes} ({off} apart), {h:?}",
                    h.fraction
                );
            }
            other => prop_assert!(false, "{body:?} from {start} by {motion} into {long:?} at {at}: {other:?}"),
        }
    }
}
