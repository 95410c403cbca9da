//! Shapes: boxes, circles, capsules, convex polygons and segments, in their local frame.
//!
//! Bodies translate but never rotate, so a shape is placed in the world by a position alone:
//! a local point `p` of a shape at position `pos` is the world point `pos + p`.

mod aabb;
mod capsule;
mod circle;
mod core;
mod error;
mod polygon;
mod segment;
mod shared_polygon;

pub(crate) use aabb::AABB_NORMALS;
pub use aabb::Aabb;
pub use capsule::Capsule;
pub use circle::Circle;
pub(crate) use core::{Core, CoreBuf, Hull};
pub use error::ShapeError;
pub(crate) use error::check_coordinate;
pub use polygon::{ConvexPolygon, FaceNormals, MAX_POLYGON_VERTICES};
pub use segment::Segment;
pub use shared_polygon::SharedPolygon;

use std::sync::Arc;

use glam::Vec2;

/// A finite value no larger than [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE).
fn finite(field: &'static str, value: f32) -> Result<(), ShapeError> {
    check_coordinate(field, None, value)
}

/// The corners of a box in 2 or 3 dimensions, checked for every box glissade builds: every
/// coordinate finite and in range (min's, then max's, axis by axis), then `min < max` on each
/// axis. Errors name the field (`min.x` … `max.z`) or the axis.
pub(crate) fn check_box_corners<const N: usize>(
    min: [f32; N],
    max: [f32; N],
) -> Result<(), ShapeError> {
    const AXES: [&str; 3] = ["x", "y", "z"];
    const MIN: [&str; 3] = ["min.x", "min.y", "min.z"];
    const MAX: [&str; 3] = ["max.x", "max.y", "max.z"];
    for (names, values) in [(MIN, min), (MAX, max)] {
        for (name, value) in names.iter().zip(values) {
            finite(name, value)?;
        }
    }
    for i in 0..N {
        if min[i] >= max[i] {
            return Err(ShapeError::InvertedBounds {
                axis: AXES[i],
                min: min[i],
                max: max[i],
            });
        }
    }
    Ok(())
}

/// The half extents of a box centred on its origin in 2 or 3 dimensions: each finite, in
/// range and positive; errors name the field (`half_extents.x` …).
pub(crate) fn check_half_extents<const N: usize>(half: [f32; N]) -> Result<(), ShapeError> {
    const FIELDS: [&str; 3] = ["half_extents.x", "half_extents.y", "half_extents.z"];
    for (field, value) in FIELDS.iter().zip(half) {
        positive(field, value)?;
    }
    Ok(())
}

fn positive(field: &'static str, value: f32) -> Result<(), ShapeError> {
    finite(field, value)?;
    if value > 0.0 {
        Ok(())
    } else {
        Err(ShapeError::NotPositive { field, value })
    }
}

/// Any shape glissade knows. Every query answers every pair of variants.
///
/// A `Shape` is 32 bytes: boxes, circles, capsules and segments are kept inline, and a
/// polygon (its vertices and face planes, 176 bytes) is shared behind an [`Arc`], its bounds
/// kept beside the pointer ([`SharedPolygon`]), so that a collection of shapes, a world's
/// colliders or a batch of queries stays compact in memory. Cloning a shape is cheap (a
/// polygon's reference count goes up; nothing is copied); a [`ConvexPolygon`] is turned into
/// a shape with `.into()`.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// An axis-aligned box.
    Aabb(Aabb),
    /// A circle.
    Circle(Circle),
    /// A capsule (segment grown by a radius).
    Capsule(Capsule),
    /// A convex polygon (3 to 8 vertices, triangles included), shared.
    Polygon(SharedPolygon),
    /// A zero-thickness segment.
    Segment(Segment),
}

macro_rules! from_shape {
    ($($t:ident),*) => {$(
        impl From<$t> for Shape {
            fn from(s: $t) -> Self {
                Shape::$t(s)
            }
        }
    )*};
}
from_shape!(Aabb, Circle, Capsule, Segment);

impl From<ConvexPolygon> for Shape {
    fn from(s: ConvexPolygon) -> Self {
        Shape::Polygon(s.into())
    }
}

impl From<Arc<ConvexPolygon>> for Shape {
    fn from(s: Arc<ConvexPolygon>) -> Self {
        Shape::Polygon(s.into())
    }
}

impl From<SharedPolygon> for Shape {
    fn from(s: SharedPolygon) -> Self {
        Shape::Polygon(s)
    }
}

impl Shape {
    /// Largest `dir · p` over the points `p` of the shape, local frame (`dir` need not be unit
    /// length; the radius counts `|dir|` times).
    #[must_use]
    pub(crate) fn support(&self, dir: Vec2) -> f32 {
        let mut buf = CoreBuf::default();
        let core = self.core(&mut buf);
        let mut best = f32::NEG_INFINITY;
        for p in core.hull.real_pts() {
            best = best.max(dir.dot(*p));
        }
        best + core.radius * dir.length()
    }

    /// Whether `o` is the same shape bit for bit (`-0.0` against `0.0` is a difference):
    /// for a box, four comparisons of bits without a branch each; other kinds compare as `==`.
    #[inline]
    pub(crate) fn same_bits(&self, o: &Shape) -> bool {
        match (self, o) {
            (Shape::Aabb(a), Shape::Aabb(b)) => {
                let x = |p: Vec2, q: Vec2| {
                    (p.x.to_bits() ^ q.x.to_bits()) | (p.y.to_bits() ^ q.y.to_bits())
                };
                x(a.min, b.min) | x(a.max, b.max) == 0
            }
            _ => self == o,
        }
    }

    /// Copies this shape into `out` (a box placeholder), apart from `self`: a polygon is
    /// copied into the `Arc` taken from `kept` when no one else holds it (else into a new
    /// one), so that the copy never shares, nor counts, the `Arc` of `self` (which characters
    /// stepped on other threads may share). When `out` is of the same kind, only what that
    /// kind holds moves (a box is 16 bytes). For the copy of its shape a character controller
    /// makes every step; it hands a polygon's `Arc` back to `kept` after the step.
    // Always inlined: a call costs as much as copying a box (it was inlined by itself until
    // a polygon shape carried its bounds).
    #[inline(always)]
    pub(crate) fn copy_into(&self, out: &mut Shape, kept: &mut Option<Arc<ConvexPolygon>>) {
        match (self, out) {
            (Shape::Aabb(s), Shape::Aabb(d)) => *d = *s,
            (Shape::Circle(s), Shape::Circle(d)) => *d = *s,
            (Shape::Capsule(s), Shape::Capsule(d)) => *d = *s,
            (Shape::Segment(s), Shape::Segment(d)) => *d = *s,
            (Shape::Polygon(s), d) => *d = polygon_copy(s, kept),
            (s, d) => *d = s.clone(),
        }
    }

    /// The smallest box holding the shape, local frame, as `(min, max)`.
    #[must_use]
    #[inline]
    pub fn local_bounds(&self) -> (Vec2, Vec2) {
        match self {
            Shape::Aabb(b) => (b.min, b.max),
            Shape::Circle(c) => (c.center[0] - c.radius, c.center[0] + c.radius),
            Shape::Capsule(c) => (
                c.pts[0].min(c.pts[1]) - c.radius,
                c.pts[0].max(c.pts[1]) + c.radius,
            ),
            Shape::Polygon(p) => p.bounds(),
            Shape::Segment(s) => (s.pts[0].min(s.pts[1]), s.pts[0].max(s.pts[1])),
        }
    }
}

/// `p` copied into the `Arc` taken from `kept` when no one else holds it, else into a new one
/// (see [`Shape::copy_into`]). Kept out of line: the boxes and circles most characters are
/// copy in a few moves.
#[inline(never)]
fn polygon_copy(p: &SharedPolygon, kept: &mut Option<Arc<ConvexPolygon>>) -> Shape {
    let arc = match kept.take() {
        Some(mut k) => match Arc::get_mut(&mut k) {
            Some(m) => {
                *m = **p;
                k
            }
            None => Arc::new(**p),
        },
        None => Arc::new(**p),
    };
    // The same polygon: its bounds are copied, not computed again.
    Shape::Polygon(p.with_arc(arc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Planes8;

    /// What a query, a world's collider or a batch of inputs carries per shape: a box, circle,
    /// capsule or segment inline, a polygon by reference (see [`Shape`]). A variant grown past
    /// these (a polygon put back inline, lanes kept in a capsule) fails here.
    #[test]
    fn shapes_stay_compact() {
        use std::mem::size_of;
        assert!(size_of::<Shape>() <= 32, "{}", size_of::<Shape>());
        // Ends, offsets and radius; the normals are computed from the ends when asked.
        assert!(size_of::<Capsule>() <= 28, "{}", size_of::<Capsule>());
        assert!(size_of::<Segment>() <= 24, "{}", size_of::<Segment>());
        assert!(size_of::<Aabb>() <= 16 && size_of::<Circle>() <= 12);
        // Planes' lanes, vertices and the count. The face normals are the planes' (a list of
        // them as well cost 64 bytes; building the lanes per query from such a list instead
        // cost about 60 instructions a polygon, 9% more on polygon pairs), and the bounds are
        // kept beside the pointer only (`SharedPolygon`).
        assert!(
            size_of::<ConvexPolygon>() <= 176,
            "{}",
            size_of::<ConvexPolygon>()
        );
    }

    proptest::proptest! {
        /// The normals a capsule or a segment computes from the ends it keeps (listed with its
        /// planes, and a segment's `normal`) are those its constructor found (`seg_core` of
        /// the ends given), to the bit, and the planes it builds from them and its offsets
        /// (`Planes8::two_faces`) are those of its faces, to the bit (`Planes8::new` on its
        /// ends and those normals): long, short, far from the origin, and a capsule whose
        /// ends are one point.
        #[test]
        fn capsules_and_segments_build_the_planes_of_their_faces(
            a in (-1e6f32..1e6, -1e6f32..1e6),
            d in (-1e3f32..1e3, -1e3f32..1e3),
            tiny in proptest::bool::ANY,
            radius in 0.01f32..10.0,
        ) {
            let a = Vec2::from(a);
            let b = a + Vec2::from(d) * if tiny { 1e-4 } else { 1.0 };
            let bits = |n: [Vec2; 2]| n.map(|v| [v.x.to_bits(), v.y.to_bits()]);
            let want = |pts: [Vec2; 2], nrm: [Vec2; 2]| Planes8::new(&pts, &nrm).lane_bits();
            for ends in [(a, b), (a, a)] {
                let c = Capsule::new(ends.0, ends.1, radius).expect("finite ends, positive radius");
                let (pts, nrm) = segment::seg_core(ends.0, ends.1);
                let (planes, listed) = c.planes();
                proptest::prop_assert_eq!(bits(listed), bits(nrm));
                proptest::prop_assert_eq!(planes.lane_bits(), want(pts, nrm));
            }
            if let Ok(s) = Segment::new(a, b) {
                let (pts, nrm) = segment::seg_core(a, b);
                proptest::prop_assert_eq!(bits([s.normal(), -s.normal()]), bits(nrm));
                let (planes, listed) = s.planes();
                proptest::prop_assert_eq!(bits(listed), bits(nrm));
                proptest::prop_assert_eq!(planes.lane_bits(), want(pts, nrm));
            }
        }
    }

    /// A polygon turned into a shape is shared, not copied: clones point at one polygon.
    #[test]
    fn a_cloned_polygon_shape_shares_its_polygon() {
        let p = ConvexPolygon::regular(6, 1.0, 0.0).expect("a hexagon");
        let s: Shape = p.into();
        let t = s.clone();
        match (&s, &t) {
            (Shape::Polygon(a), Shape::Polygon(b)) => {
                assert!(Arc::ptr_eq(a.arc(), b.arc()));
                assert_eq!(**a, p);
            }
            _ => panic!("a polygon stays a polygon"),
        }
        assert_eq!(s, t);
    }
}
