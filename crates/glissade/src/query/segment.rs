//! Segment intersection in general form.
//!
//! A line through `p` with direction `dir` is `a·x + b·y = c` with `a = dir.y`, `b = -dir.x`,
//! `c = a·p.x + b·p.y`. Evaluating the left side at a segment's two ends tells on which side of
//! the line each lies; where `c` falls between the two values is the crossing, as a fraction.
//! Vertical lines need no special case. We evaluate relative to `p` so that large coordinates
//! keep their precision.

use glam::Vec2;

use crate::tolerance::{GEOMETRY_REL, linear_tolerance};

/// How two segments meet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SegmentIntersection {
    /// The segments cross (or touch) at one point.
    Crossing {
        /// The point, world frame.
        point: Vec2,
        /// Fraction along the first segment, in [0, 1].
        t: f32,
        /// Fraction along the second segment, in [0, 1].
        u: f32,
    },
    /// Not parallel, but the lines cross outside at least one of the segments.
    Miss,
    /// Parallel, on different lines: they never meet.
    Parallel,
    /// On the same line (a motion along a wall: the wall-slide case, not a collision).
    Collinear {
        /// The part of the first segment that the second covers, as fractions `(from, to)`
        /// along the first with `from <= to`; `None` when they do not overlap.
        overlap: Option<(f32, f32)>,
    },
}

/// The general-form value of `x` against the line through `p` along `dir`: zero on the line,
/// of opposite signs on opposite sides.
#[inline]
fn side(p: Vec2, dir: Vec2, x: Vec2) -> f32 {
    let w = x - p;
    dir.y * w.x - dir.x * w.y
}

/// Where the infinite line through `line_point` along `line_dir` crosses the segment
/// `seg_a`–`seg_b`, as a fraction from `seg_a`. `None` when it does not cross, or runs
/// parallel.
///
/// ```
/// use glissade::{glam::Vec2, query::line_crosses_segment};
/// // The line through (10, 30) and (15, 40) meets the wall
/// // (-10, 40)–(30, 40) 62.5% along it, at (15, 40).
/// let f = line_crosses_segment(Vec2::new(10.0, 30.0), Vec2::new(5.0, 10.0),
///                              Vec2::new(-10.0, 40.0), Vec2::new(30.0, 40.0)).unwrap();
/// assert_eq!(f, 0.625);
/// ```
#[must_use]
pub fn line_crosses_segment(
    line_point: Vec2,
    line_dir: Vec2,
    seg_a: Vec2,
    seg_b: Vec2,
) -> Option<f32> {
    // The answer is the same for every input scaled alike: huge ones are scaled down (by a
    // power of two, exactly) so that no product overflows.
    let k = far_scale(&[line_point, line_dir, seg_a, seg_b]);
    let (line_point, line_dir, seg_a, seg_b) = (line_point * k, line_dir * k, seg_a * k, seg_b * k);
    let ca = side(line_point, line_dir, seg_a);
    let cb = side(line_point, line_dir, seg_b);
    let span = ca - cb;
    if span.abs() <= GEOMETRY_REL * line_dir.length() * (seg_b - seg_a).length() {
        return None;
    }
    let f = ca / span;
    (0.0..=1.0).contains(&f).then_some(f)
}

/// Intersection of the segments `p0`–`p1` and `q0`–`q1`, in general form.
///
/// ```
/// use glissade::{glam::Vec2, query::SegmentIntersection, query::segment_intersection};
/// // A mover from (5, 20) to (20, 50) crosses the wall (-10, 40)–(30, 40) at (15, 40).
/// let SegmentIntersection::Crossing { point, t, u } = segment_intersection(
///     Vec2::new(5.0, 20.0), Vec2::new(20.0, 50.0), Vec2::new(-10.0, 40.0), Vec2::new(30.0, 40.0))
/// else { panic!() };
/// assert_eq!(point, Vec2::new(15.0, 40.0));
/// assert!((t - 2.0 / 3.0).abs() < 1e-6 && u == 0.625);
/// ```
#[must_use]
pub fn segment_intersection(p0: Vec2, p1: Vec2, q0: Vec2, q1: Vec2) -> SegmentIntersection {
    // Fractions are the same for every input scaled alike: huge ones are scaled down (by a
    // power of two, exactly) so that no product overflows, and the point scaled back.
    let k = far_scale(&[p0, p1, q0, q1]);
    match crossing(p0 * k, p1 * k, q0 * k, q1 * k) {
        SegmentIntersection::Crossing { point, t, u } => SegmentIntersection::Crossing {
            point: point / k,
            t,
            u,
        },
        other => other,
    }
}

/// A power of two that brings every coordinate of `pts` within the range where products
/// stay finite (1 when they already are, or when one is not finite).
fn far_scale(pts: &[Vec2]) -> f32 {
    let m = pts.iter().fold(0.0f32, |m, p| m.max(p.abs().max_element()));
    if m > super::far::DIRECT_LIMIT && m.is_finite() {
        super::far::downscale(m)
    } else {
        1.0
    }
}

/// [`segment_intersection`] on coordinates small enough to multiply.
fn crossing(p0: Vec2, p1: Vec2, q0: Vec2, q1: Vec2) -> SegmentIntersection {
    let r = p1 - p0;
    let s = q1 - q0;
    // Ends of the second segment against the first's line, and vice versa.
    let cq0 = side(p0, r, q0);
    let cq1 = side(p0, r, q1);
    let cp0 = side(q0, s, p0);
    let cp1 = side(q0, s, p1);
    let span = cp0 - cp1; // = r × s
    if span.abs() <= GEOMETRY_REL * r.length() * s.length() {
        let scale = p0
            .abs()
            .max(p1.abs())
            .max(q0.abs())
            .max(q1.abs())
            .max_element();
        let rl = r.length();
        if rl == 0.0 || (cq0 / rl).abs() > linear_tolerance(scale) {
            return SegmentIntersection::Parallel;
        }
        let rr = r.length_squared();
        let a = (q0 - p0).dot(r) / rr;
        let b = (q1 - p0).dot(r) / rr;
        let (lo, hi) = (a.min(b).max(0.0), a.max(b).min(1.0));
        return SegmentIntersection::Collinear {
            overlap: (lo <= hi).then_some((lo, hi)),
        };
    }
    let t = cp0 / span;
    let u = cq0 / (cq0 - cq1);
    if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
        SegmentIntersection::Crossing {
            point: q0 + s * u,
            t,
            u,
        }
    } else {
        SegmentIntersection::Miss
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn a_line_crosses_a_wall_where_its_general_form_changes_sign() {
        // General form of the line through (10,30) and (15,40): 10x - 5y = -50.
        // Ends of the red wall give -300 and 100; -50 sits 62.5% of the way.
        assert_eq!(side(v(10., 30.), v(5., 10.), v(-10., 40.)), -250.0);
        assert_eq!(side(v(10., 30.), v(5., 10.), v(30., 40.)), 150.0);
        assert_eq!(
            line_crosses_segment(v(10., 30.), v(5., 10.), v(-10., 40.), v(30., 40.)),
            Some(0.625)
        );
        // The vertical line x = 20 (slope-intercept form cannot say it) works the same.
        assert_eq!(
            line_crosses_segment(v(20., 10.), v(0., 10.), v(0., 0.), v(40., 0.)),
            Some(0.5)
        );
    }

    #[test]
    fn crossing_miss_parallel_and_collinear_are_told_apart() {
        assert_eq!(
            segment_intersection(v(0., 0.), v(1., 0.), v(2., -1.), v(2., 1.)),
            SegmentIntersection::Miss
        );
        assert_eq!(
            segment_intersection(v(0., 0.), v(4., 0.), v(0., 1.), v(4., 1.)),
            SegmentIntersection::Parallel
        );
        // A motion along the wall is the wall-slide case, not a collision.
        assert_eq!(
            segment_intersection(v(0., 0.), v(4., 0.), v(2., 0.), v(6., 0.)),
            SegmentIntersection::Collinear {
                overlap: Some((0.5, 1.0))
            }
        );
        assert_eq!(
            segment_intersection(v(0., 0.), v(4., 0.), v(5., 0.), v(6., 0.)),
            SegmentIntersection::Collinear { overlap: None }
        );
        // Touching at an end counts as crossing.
        assert!(matches!(
            segment_intersection(v(0., 0.), v(2., 0.), v(2., 0.), v(2., 3.)),
            SegmentIntersection::Crossing { t: 1.0, u: 0.0, .. }
        ));
    }
}
