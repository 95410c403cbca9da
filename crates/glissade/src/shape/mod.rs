//! Shapes: boxes, circles, capsules, convex polygons and segments, in their local frame.
//!
//! Bodies translate but never rotate, so a shape is placed in the world by a position alone:
//! a local point `p` of a shape at position `pos` is the world point `pos + p`.

mod polygon;

pub use polygon::{ConvexPolygon, MAX_POLYGON_VERTICES};

use glam::Vec2;

use crate::error::{ShapeError, check_coordinate};
use crate::query::kernel::Hull;
use crate::soa::Planes8;

/// A finite value no larger than [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE).
fn finite(field: &'static str, value: f32) -> Result<(), ShapeError> {
    check_coordinate(field, None, value)
}

fn positive(field: &'static str, value: f32) -> Result<(), ShapeError> {
    finite(field, value)?;
    if value > 0.0 {
        Ok(())
    } else {
        Err(ShapeError::NotPositive { field, value })
    }
}

/// An axis-aligned box `[min, max]` in the local frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aabb {
    min: Vec2,
    max: Vec2,
}

impl Aabb {
    /// A box from corners already known to be finite and ordered (`min < max`).
    #[inline]
    pub(crate) fn from_ordered(min: Vec2, max: Vec2) -> Self {
        debug_assert!(min.cmplt(max).all());
        Aabb { min, max }
    }

    /// The box from `min` to `max` (local frame). Refuses values that are not finite or larger
    /// than [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), and `min >= max`.
    pub fn new(min: Vec2, max: Vec2) -> Result<Self, ShapeError> {
        finite("min.x", min.x)?;
        finite("min.y", min.y)?;
        finite("max.x", max.x)?;
        finite("max.y", max.y)?;
        for (axis, lo, hi) in [("x", min.x, max.x), ("y", min.y, max.y)] {
            if lo >= hi {
                return Err(ShapeError::InvertedBounds {
                    axis,
                    min: lo,
                    max: hi,
                });
            }
        }
        Ok(Self { min, max })
    }

    /// A box centred on the local origin with the given half extents (both positive).
    ///
    /// ```
    /// use glissade::{Aabb, glam::Vec2};
    /// let player = Aabb::from_half_extents(Vec2::new(0.5, 1.0))?;
    /// assert_eq!(player.max(), Vec2::new(0.5, 1.0));
    /// # Ok::<(), glissade::ShapeError>(())
    /// ```
    pub fn from_half_extents(half_extents: Vec2) -> Result<Self, ShapeError> {
        positive("half_extents.x", half_extents.x)?;
        positive("half_extents.y", half_extents.y)?;
        Ok(Self {
            min: -half_extents,
            max: half_extents,
        })
    }

    /// Lower-left corner, local frame.
    #[inline]
    #[must_use]
    pub fn min(&self) -> Vec2 {
        self.min
    }

    /// Upper-right corner, local frame.
    #[inline]
    #[must_use]
    pub fn max(&self) -> Vec2 {
        self.max
    }

    /// Half the size on each axis.
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// Centre, local frame.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Vec2 {
        (self.max + self.min) * 0.5
    }

    /// The four corners counter-clockwise from `min`.
    #[inline]
    #[must_use]
    pub fn corners(&self) -> [Vec2; 4] {
        [
            self.min,
            Vec2::new(self.max.x, self.min.y),
            self.max,
            Vec2::new(self.min.x, self.max.y),
        ]
    }
}

/// Outward normals of an [`Aabb`]'s edges, in the order of [`Aabb::corners`].
pub(crate) const AABB_NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

/// A disc of `radius` around `center` (local frame).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Circle {
    center: [Vec2; 1],
    radius: f32,
}

impl Circle {
    /// A circle of `radius` (positive, finite) centred on the local origin.
    pub fn new(radius: f32) -> Result<Self, ShapeError> {
        Self::with_center(Vec2::ZERO, radius)
    }

    /// A circle of `radius` centred on `center` (local frame).
    pub fn with_center(center: Vec2, radius: f32) -> Result<Self, ShapeError> {
        finite("center.x", center.x)?;
        finite("center.y", center.y)?;
        positive("radius", radius)?;
        Ok(Self {
            center: [center],
            radius,
        })
    }

    /// Centre, local frame.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Vec2 {
        self.center[0]
    }

    /// Radius, in world units.
    #[inline]
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.radius
    }
}

/// A segment from `a` to `b` grown by `radius`: the usual character shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Capsule {
    pts: [Vec2; 2],
    nrm: [Vec2; 2],
    len: usize,
    radius: f32,
    planes: Planes8,
}

impl Capsule {
    /// A capsule around the segment `a`–`b` (local frame). `a == b` is allowed (a circle).
    pub fn new(a: Vec2, b: Vec2, radius: f32) -> Result<Self, ShapeError> {
        finite("a.x", a.x)?;
        finite("a.y", a.y)?;
        finite("b.x", b.x)?;
        finite("b.y", b.y)?;
        positive("radius", radius)?;
        let (pts, nrm, len) = seg_core(a, b);
        Ok(Self {
            pts,
            nrm,
            len,
            radius,
            planes: Planes8::new(&pts, &nrm),
        })
    }

    /// An upright capsule centred on the local origin: total height
    /// `2 * (half_segment + radius)`, width `2 * radius`.
    pub fn vertical(half_segment: f32, radius: f32) -> Result<Self, ShapeError> {
        finite("half_segment", half_segment)?;
        if half_segment < 0.0 {
            return Err(ShapeError::NotPositive {
                field: "half_segment",
                value: half_segment,
            });
        }
        Self::new(
            Vec2::new(0.0, -half_segment),
            Vec2::new(0.0, half_segment),
            radius,
        )
    }

    /// First end of the inner segment, local frame.
    #[inline]
    #[must_use]
    pub fn a(&self) -> Vec2 {
        self.pts[0]
    }

    /// Second end of the inner segment, local frame.
    #[inline]
    #[must_use]
    pub fn b(&self) -> Vec2 {
        self.pts[1]
    }

    /// Radius, in world units.
    #[inline]
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.radius
    }
}

/// A zero-thickness wall from `a` to `b` (local frame). Both sides are solid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    pts: [Vec2; 2],
    nrm: [Vec2; 2],
    planes: Planes8,
}

impl Segment {
    /// The segment `a`–`b`; refuses ends that are not finite or larger than
    /// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), and `a == b`.
    pub fn new(a: Vec2, b: Vec2) -> Result<Self, ShapeError> {
        finite("a.x", a.x)?;
        finite("a.y", a.y)?;
        finite("b.x", b.x)?;
        finite("b.y", b.y)?;
        if a == b {
            return Err(ShapeError::DuplicatePoint {
                first: 0,
                second: 1,
                x: a.x,
                y: a.y,
            });
        }
        let (pts, nrm, _) = seg_core(a, b);
        Ok(Self {
            pts,
            nrm,
            planes: Planes8::new(&pts, &nrm),
        })
    }

    /// First end, local frame.
    #[inline]
    #[must_use]
    pub fn a(&self) -> Vec2 {
        self.pts[0]
    }

    /// Second end, local frame.
    #[inline]
    #[must_use]
    pub fn b(&self) -> Vec2 {
        self.pts[1]
    }

    /// Unit normal on the right of `a → b` (the other side's normal is its negation).
    #[inline]
    #[must_use]
    pub fn normal(&self) -> Vec2 {
        self.nrm[0]
    }
}

/// Core of a segment: its ends and the two side normals (right of a→b, then left).
fn seg_core(a: Vec2, b: Vec2) -> ([Vec2; 2], [Vec2; 2], usize) {
    let e = b - a;
    match Vec2::new(e.y, -e.x).try_normalize() {
        Some(n) => ([a, b], [n, -n], 2),
        None => ([a, a], [Vec2::ZERO; 2], 1),
    }
}

/// Any shape glissade knows. Every query answers every pair of variants.
///
/// A `Shape` is a plain `Copy` value of about 300 bytes (a polygon keeps its vertices and
/// face planes side by side for 4-lane queries); pass it by reference.
#[derive(Debug, Clone, Copy, PartialEq)]
// Boxing the polygon would cost a pointer chase on every query and lose `Copy`.
#[allow(clippy::large_enum_variant)]
pub enum Shape {
    /// An axis-aligned box.
    Aabb(Aabb),
    /// A circle.
    Circle(Circle),
    /// A capsule (segment grown by a radius).
    Capsule(Capsule),
    /// A convex polygon (3 to 8 vertices, triangles included).
    Polygon(ConvexPolygon),
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
        Shape::Polygon(s)
    }
}

/// Scratch space for the corners of a box while its core is borrowed.
#[derive(Default)]
pub(crate) struct CoreBuf {
    // Left empty (only a tag to write) unless the shape is a box.
    aabb: Option<([Vec2; 4], Planes8)>,
}

impl Core<'_> {
    /// Largest local coordinate magnitude along each axis (radius included): the size of
    /// the numbers a query computes with from this core, for its tolerances.
    #[inline]
    pub(crate) fn extent(&self) -> Vec2 {
        self.lo.abs().max(self.hi.abs())
    }
}

/// A shape seen as a convex core (counter-clockwise points, outward edge normals) plus a radius.
#[derive(Clone, Copy)]
pub(crate) struct Core<'a> {
    pub hull: Hull<'a>,
    pub radius: f32,
    /// Smallest box holding the shape (radius included), local frame.
    pub lo: Vec2,
    /// See `lo`.
    pub hi: Vec2,
}

impl Shape {
    /// This shape's core; `buf` holds a box's corners.
    #[inline]
    pub(crate) fn core<'a>(&'a self, buf: &'a mut CoreBuf) -> Core<'a> {
        match self {
            Shape::Aabb(b) => {
                let (pts, planes) = buf.aabb.insert((b.corners(), Planes8::aabb(b.min, b.max)));
                Core {
                    hull: Hull {
                        planes: Some(planes),
                        ..Hull::exact(pts, &AABB_NORMALS)
                    },
                    radius: 0.0,
                    lo: b.min,
                    hi: b.max,
                }
            }
            Shape::Circle(c) => Core {
                hull: Hull::exact(&c.center, &[]),
                radius: c.radius,
                lo: c.center[0] - c.radius,
                hi: c.center[0] + c.radius,
            },
            Shape::Capsule(c) => Core {
                hull: Hull {
                    pts: &c.pts,
                    nrm: &c.nrm,
                    k: c.len,
                    planes: Some(&c.planes),
                },
                radius: c.radius,
                lo: c.pts[0].min(c.pts[1]) - c.radius,
                hi: c.pts[0].max(c.pts[1]) + c.radius,
            },
            Shape::Polygon(p) => Core {
                hull: Hull {
                    pts: &p.verts,
                    nrm: &p.normals,
                    k: p.len,
                    planes: Some(&p.planes),
                },
                radius: 0.0,
                lo: p.lo,
                hi: p.hi,
            },
            Shape::Segment(s) => Core {
                hull: Hull {
                    planes: Some(&s.planes),
                    ..Hull::exact(&s.pts, &s.nrm)
                },
                radius: 0.0,
                lo: s.pts[0].min(s.pts[1]),
                hi: s.pts[0].max(s.pts[1]),
            },
        }
    }

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
            Shape::Polygon(p) => (p.lo, p.hi),
            Shape::Segment(s) => (s.pts[0].min(s.pts[1]), s.pts[0].max(s.pts[1])),
        }
    }
}
