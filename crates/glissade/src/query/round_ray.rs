//! Rays against round cores: a circle (one point grown by a radius) and a capsule (a
//! segment grown by one), the exact roots the kernel's corners and two-point cores meet.

use glam::Vec2;

use super::nearest::Closest;
use super::raw::{Face, Raw};
use crate::tolerance::tolerance_along;

/// Ray against a capsule (2-point core grown by r, r may be 0), start outside by more than tol.
/// Kept out of line: inlined, it changed how the polygon path of
/// [`ray_rounded`](super::kernel::ray_rounded) is compiled (0.3% more instructions on
/// circle–polygon casts, which never come here).
#[inline(never)]
pub(super) fn capsule_ray(
    pts: &[Vec2],
    nrm: &[Vec2],
    r: f32,
    q: Vec2,
    d: Vec2,
    max_t: f32,
    c: Closest,
) -> Raw {
    let a = pts[0];
    let b = pts[1];
    let n = nrm[0];
    // The distance from the segment's line, measured from the nearest point (on the line, and
    // as near to q as the start's distance). Measured from the segment's first end, which on
    // a long segment is far away, it would carry that end's rounding: more than the start's
    // own tolerance.
    let s = n.dot(q - c.core_point);
    let dn = n.dot(d);
    if s.abs() > r || !c.at_vertex {
        // Outside the slab: enter it through the side facing q. (A start nearest a point
        // inside the face, clear of it, is outside the slab whatever the rounding of `s`.)
        if s * dn >= 0.0 {
            return Raw::Miss;
        }
        let t = ((s.abs() - r) / dn.abs()).max(0.0);
        if t > max_t {
            return Raw::Miss;
        }
        let p = q + d * t;
        let e = b - a;
        let u = (p - a).dot(e);
        if u >= 0.0 && u <= e.length_squared() {
            let normal = if s > 0.0 { n } else { -n };
            return Raw::Hit {
                t,
                normal,
                face: Face::Some,
            };
        }
        if r == 0.0 {
            return Raw::Miss;
        }
        return match circle_ray(if u < 0.0 { a } else { b }, r, q, d, max_t) {
            Raw::Miss => capsule_side_after_all((a, b, n), r, (q, d, max_t), t),
            hit => hit,
        };
    }
    // Inside the slab, beyond an end: only that end's cap can be met first.
    circle_ray(c.core_point, r, q, d, max_t)
}

/// A ray nearly parallel to a capsule's side that entered the side's slab at `t_slab`, its
/// entry point computed past an end, and missed that end's circle. The entry point divides by
/// a tiny approach, so it carries that division's rounding: the ray may really enter the slab
/// over the side (or at the very edge of the end's circle, which rounding misses). So both
/// ends' circles are tried, and the side where the ray, in the slab, comes over an end of the
/// core (`a`, `b`, unit normal `n`): the earliest. Rare: kept out of line.
#[cold]
#[inline(never)]
fn capsule_side_after_all(
    (a, b, n): (Vec2, Vec2, Vec2),
    r: f32,
    (q, d, max_t): (Vec2, Vec2, f32),
    t_slab: f32,
) -> Raw {
    let mut first = circle_ray(a, r, q, d, max_t).earlier(circle_ray(b, r, q, d, max_t));
    if let Some((onto, _)) = onto_face(a, b, q, d) {
        // Over the end the ray moves toward the side from, once in the slab.
        let t = onto.max(t_slab);
        let e = b - a;
        let p = q + d * t - a;
        let s = n.dot(p);
        let tol = tolerance_along(n, q.abs().max(a.abs()).max(b.abs()), r);
        // Over the side then (not still, or already, past an end: a ray leaving the side's
        // extent is no contact with it).
        let slack = tol * e.length();
        let over = (-slack..=e.length_squared() + slack).contains(&p.dot(e));
        if (0.0..=max_t).contains(&t) && s.abs() <= r + tol && over {
            first = first.earlier(Raw::Hit {
                t,
                normal: if s > 0.0 { n } else { -n },
                face: Face::Some,
            });
        }
    }
    first
}

/// When the ray `q + t d` comes over the face from `a` to `b` along the face (crossing the
/// line square to it through the end it moves in from), and whether that end is `a` (the
/// ray moves from `a` toward `b`); `None` for a ray square to the face. The time is any real
/// number: callers check it against their own interval.
pub(super) fn onto_face(a: Vec2, b: Vec2, q: Vec2, d: Vec2) -> Option<(f32, bool)> {
    let e = b - a;
    let (u0, de) = ((q - a).dot(e), d.dot(e));
    if de == 0.0 {
        return None;
    }
    let from_start = de > 0.0;
    let end = if from_start { 0.0 } else { e.length_squared() };
    Some(((end - u0) / de, from_start))
}

/// Ray from `q` (outside) against the circle of radius `r` at `center`.
#[inline]
pub(crate) fn circle_ray(center: Vec2, r: f32, q: Vec2, d: Vec2, max_t: f32) -> Raw {
    if r <= 0.0 {
        return Raw::Miss;
    }
    let m = q - center;
    let b = m.dot(d);
    if b >= 0.0 {
        return Raw::Miss;
    }
    // Closest approach first, then back along the ray by half the chord: grazing rays keep
    // their precision (the textbook discriminant b² - a·c cancels catastrophically there).
    let dd = d.length_squared();
    let t_mid = -b / dd;
    let h = (m + d * t_mid).length();
    if h > r {
        return Raw::Miss;
    }
    let half = ((r - h) * (r + h) / dd).sqrt();
    let t = (t_mid - half).max(0.0);
    if t > max_t {
        return Raw::Miss;
    }
    let normal = (m + d * t)
        .try_normalize()
        .unwrap_or_else(|| m.normalize_or(Vec2::Y));
    Raw::Hit {
        t,
        normal,
        face: Face::Corner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circle_ray_hits_at_the_exact_root() {
        // Ray from (-5, 0) along +x against the unit circle at the origin: enters at x = -1.
        match circle_ray(
            Vec2::ZERO,
            1.0,
            Vec2::new(-5.0, 0.0),
            Vec2::new(10.0, 0.0),
            1.0,
        ) {
            Raw::Hit { t, normal, .. } => {
                assert!((t - 0.4).abs() < 1e-7);
                assert_eq!(normal, Vec2::NEG_X);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_start_over_the_middle_of_a_long_segment_meets_it_along_its_normal() {
        // A circle of radius 7.79, 0.0035 clear of the middle of a segment 1.7 million units
        // long, moving in at a slant:
        //
        //      \  o        the circle, just above the segment's middle
        //       \   ↙      its motion, into the segment
        //        \
        //
        // The distance from the segment's line, measured from its far end, carries that end's
        // rounding (about 0.05), more than the gap: the cast once took the start for one
        // beyond an end and met a circle at the nearest point, 1.6e-3 rad off the normal, and
        // a slide along that normal sank 4.6 units into the segment in 2,900.
        use crate::query::{CastResult, cast};
        use crate::shape::{Circle, Segment, Shape};
        let (a, b) = (
            Vec2::new(-608751.44, 624342.8),
            Vec2::new(608751.44, -624342.8),
        );
        let segment: Shape = Segment::new(a, b).unwrap().into();
        let at = Vec2::new(3243.4841, -3562.5317);
        let r = 7.7887287;
        let body: Shape = Circle::new(r).unwrap().into();
        let from = Vec2::new(3124.6729, -3429.5156);
        let motion = Vec2::new(-2625.1245, 1518.8751);
        // Worked out in f64: the unit normal toward the circle, the gap and the time to close it.
        let e = (b - a).as_dvec2();
        let n = glam::DVec2::new(-e.y, e.x).normalize();
        let gap = n.dot((from - at).as_dvec2()) - f64::from(r);
        let fraction = gap / -n.dot(motion.as_dvec2());
        assert!(gap > 0.003 && gap < 0.004, "gap {gap}");
        match cast(&body, from, motion, &segment, at, Vec2::ZERO) {
            CastResult::Hit(h) => {
                assert!(
                    (h.normal.as_dvec2() - n).length() < 1e-6,
                    "{} against {n}",
                    h.normal
                );
                // Within the precision at the start (about 1e-4 units) over 3,000 of motion.
                assert!(
                    (f64::from(h.fraction) - fraction).abs() < 1e-7,
                    "{h:?}, {fraction}"
                );
            }
            other => panic!("{other:?}"),
        }
    }
}
