//! How near a straight motion comes to a convex core: what decides whether a start touching a
//! rounded shape goes in. Along a motion the distance to a face changes as a straight line,
//! but past the face's end it does not: a rounded corner curves away from a motion along its
//! tangent, and the straight line along the start's normal would call such a motion a hit.
//! Also the nearest point of a segment to a point, which the kernel's nearest features use too.

use glam::Vec2;

use crate::shape::Hull;

/// Closest point of the segment `a`–`b` to `q`, and whether it is one of the ends.
///
/// Computed in f64: the nearest point of a long segment (a floor a million units long) is then
/// as precise as its own coordinates, not as those of the segment's far ends.
#[inline]
pub(crate) fn closest_on_segment(a: Vec2, b: Vec2, q: Vec2) -> (Vec2, bool) {
    let a64 = a.as_dvec2();
    let e = b.as_dvec2() - a64;
    let ee = e.length_squared();
    let s = if ee > 0.0 {
        ((q.as_dvec2() - a64).dot(e) / ee).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((a64 + e * s).as_vec2(), s == 0.0 || s == 1.0)
}

/// The least distance between the segment from `a` to `b` and the core `hull` (its points and
/// the polygon they span, without a radius), or `None` when the segment meets the core. Both
/// are convex: apart, their nearest points include an end of the segment or a point of the
/// core.
pub(crate) fn segment_core_distance(hull: Hull, a: Vec2, b: Vec2) -> Option<f32> {
    let pts = hull.real_pts();
    let k = pts.len();
    let from_segment = |p: Vec2| (p - closest_on_segment(a, b, p).0).length();
    if k == 1 {
        let d = from_segment(pts[0]);
        return (d > 0.0).then_some(d);
    }
    if meets(hull, a, b) {
        return None;
    }
    // From an end of the segment to the core's edges (one edge for a two-point core).
    let edges = if k == 2 { 1 } else { k };
    let from_core = |p: Vec2| {
        (0..edges)
            .map(|i| (p - closest_on_segment(pts[i], pts[(i + 1) % k], p).0).length())
            .fold(f32::INFINITY, f32::min)
    };
    let ends = from_core(a).min(from_core(b));
    Some(pts.iter().map(|&p| from_segment(p)).fold(ends, f32::min))
}

/// Whether the segment from `a` to `b` meets the core `hull` of two or more points: no
/// separating axis among the core's face normals, the segment's normal and its direction.
fn meets(hull: Hull, a: Vec2, b: Vec2) -> bool {
    let pts = hull.real_pts();
    // Wholly outside one of the core's faces (each through its first point).
    let outside_a_face = (0..hull.k).any(|i| {
        let n = hull.normal(i);
        let h = n.dot(pts[i]);
        n.dot(a) > h && n.dot(b) > h
    });
    if outside_a_face {
        return false;
    }
    // The core wholly on one side of the segment's line, or wholly beyond one of its ends.
    let e = b - a;
    let side = |p: Vec2| e.perp_dot(p - a);
    let one_side = pts.iter().all(|&p| side(p) > 0.0) || pts.iter().all(|&p| side(p) < 0.0);
    let along = |p: Vec2| e.dot(p - a);
    let beyond = pts.iter().all(|&p| along(p) < 0.0) || pts.iter().all(|&p| along(p) > e.dot(e));
    !(one_side || beyond)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The distance from `p` to the convex polygon `pts` (counter-clockwise), zero inside.
    fn to_polygon(pts: &[Vec2], p: Vec2) -> f32 {
        let k = pts.len();
        let inside = (0..k).all(|i| (pts[(i + 1) % k] - pts[i]).perp_dot(p - pts[i]) >= 0.0);
        if inside && k >= 3 {
            return 0.0;
        }
        (0..k)
            .map(|i| (p - closest_on_segment(pts[i], pts[(i + 1) % k], p).0).length())
            .fold(f32::INFINITY, f32::min)
    }

    #[test]
    fn a_motion_along_a_corners_tangent_keeps_its_distance() {
        // The unit square's corner at (1, 1); a segment from (2, 1) straight up passes it at
        // distance 1, and one through the square meets it.
        let pts = [
            Vec2::ZERO,
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ];
        let nrm = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];
        let hull = Hull::exact(&pts, &nrm);
        let d = segment_core_distance(hull, Vec2::new(2.0, 1.0), Vec2::new(2.0, 9.0));
        assert_eq!(d, Some(1.0));
        let diag = segment_core_distance(hull, Vec2::new(3.0, 0.0), Vec2::new(0.0, 3.0));
        assert!((diag.unwrap() - 0.5f32.sqrt()).abs() < 1e-6, "{diag:?}");
        assert_eq!(
            segment_core_distance(hull, Vec2::new(-1.0, 0.5), Vec2::new(2.0, 0.5)),
            None
        );
    }

    proptest! {
        /// Against the densely sampled distance from points along the segment to a polygon
        /// (vertices on an ellipse) or to a segment: never more than the least sample (the
        /// exact least distance is at most any sample), and within the sampling step of it;
        /// `None` only when some sample is inside or on the core.
        #[test]
        fn the_distance_is_the_least_along_the_segment(
            n in 2usize..=6,
            rx in 0.5f32..3.0,
            ry in 0.5f32..3.0,
            turn in 0.0f32..6.3,
            a in (-6.0f32..6.0, -6.0f32..6.0),
            b in (-6.0f32..6.0, -6.0f32..6.0),
        ) {
            let pts: Vec<Vec2> = (0..n)
                .map(|i| {
                    let t = turn + std::f32::consts::TAU * i as f32 / n as f32;
                    Vec2::new(rx * t.cos(), ry * t.sin())
                })
                .collect();
            let nrm: Vec<Vec2> = (0..n)
                .map(|i| -(pts[(i + 1) % n] - pts[i]).perp().normalize())
                .collect();
            let hull = Hull::exact(&pts, &nrm);
            let (a, b) = (Vec2::from(a), Vec2::from(b));
            const STEPS: usize = 4000;
            let least = (0..=STEPS)
                .map(|s| to_polygon(&pts, a.lerp(b, s as f32 / STEPS as f32)))
                .fold(f32::INFINITY, f32::min);
            let step = (b - a).length() / STEPS as f32;
            match segment_core_distance(hull, a, b) {
                Some(d) => {
                    prop_assert!(d <= least + 1e-4, "{d} against {least}");
                    prop_assert!(d >= least - step - 1e-4, "{d} against {least}");
                }
                None => prop_assert!(least <= step + 1e-4, "met, but {least} apart"),
            }
        }
    }
}
