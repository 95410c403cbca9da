//! Every shape seen the one way the queries see it: a convex core of 1 to 8 points plus a
//! radius.

use glam::Vec2;

use super::{AABB_NORMALS, Shape};
use crate::geometry::Planes8;

/// A convex core: counter-clockwise points with outward edge normals.
///
/// `pts` and `nrm` may be padded past the `k` real entries with copies of entry 0 (polygons are
/// padded to 8): passes that only take maxima and minima over faces or vertices run over the
/// whole padded slice, so their trip count is fixed per shape kind; walks along the boundary
/// use `k`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Hull<'a> {
    pub pts: &'a [Vec2],
    pub nrm: &'a [Vec2],
    pub k: usize,
    /// The face planes side by side (polygons), for 4-lane clipping.
    pub planes: Option<&'a Planes8>,
}

impl<'a> Hull<'a> {
    /// A hull of exactly `pts.len()` points.
    #[inline]
    pub(crate) fn exact(pts: &'a [Vec2], nrm: &'a [Vec2]) -> Self {
        Hull {
            pts,
            nrm,
            k: pts.len(),
            planes: None,
        }
    }

    /// The real points, without padding.
    #[inline]
    pub(crate) fn real_pts(&self) -> &'a [Vec2] {
        &self.pts[..self.k]
    }
}

/// Scratch space for what a core borrows that the shape does not keep: a box's corners and
/// face planes, a capsule's or a segment's face planes.
#[derive(Default)]
pub(crate) struct CoreBuf {
    // Left empty (only a tag to write) unless the shape is a box.
    aabb: Option<([Vec2; 4], Planes8)>,
    // Left empty unless the shape is a capsule or a segment.
    sides: Option<Planes8>,
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
    /// This shape's core; `buf` holds what the core borrows that the shape does not keep (see
    /// [`CoreBuf`]).
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
                    k: c.len as usize,
                    planes: Some(buf.sides.insert(c.planes())),
                },
                radius: c.radius,
                lo: c.pts[0].min(c.pts[1]) - c.radius,
                hi: c.pts[0].max(c.pts[1]) + c.radius,
            },
            Shape::Polygon(p) => {
                p.prefetch();
                Core {
                    hull: Hull {
                        pts: &p.verts,
                        nrm: &p.normals,
                        k: p.len,
                        planes: Some(&p.planes),
                    },
                    radius: 0.0,
                    lo: p.lo,
                    hi: p.hi,
                }
            }
            Shape::Segment(s) => Core {
                hull: Hull {
                    planes: Some(buf.sides.insert(s.planes())),
                    ..Hull::exact(&s.pts, &s.nrm)
                },
                radius: 0.0,
                lo: s.pts[0].min(s.pts[1]),
                hi: s.pts[0].max(s.pts[1]),
            },
        }
    }
}
