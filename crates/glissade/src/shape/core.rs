//! Every shape seen the one way the queries see it: a convex core of 1 to 8 points plus a
//! radius.

use glam::Vec2;

use super::{AABB_NORMALS, Shape, SharedPolygon};
use crate::geometry::Planes8;

/// A convex core: counter-clockwise points with outward edge normals.
///
/// `pts` (and `nrm`, when listed) may be padded past the `k` real entries with copies of
/// entry 0 (polygons are padded to 8): passes that only take maxima and minima over faces or vertices run over the
/// whole padded slice, so their trip count is fixed per shape kind; walks along the boundary
/// use `k`.
///
/// A polygon lists no normals (`nrm` is empty): they are the normals of its face planes, which
/// [`normal`](Self::normal) and [`listed_normals`](Self::listed_normals) read. Keeping them
/// once, in the planes, makes a polygon 64 bytes smaller, which is what a query over many
/// polygons waits on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Hull<'a> {
    pub pts: &'a [Vec2],
    /// The face normals, when listed (empty for polygons: see above).
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

    /// The outward unit normal of face `i` (from `pts[i]` to the next point): listed, or read
    /// from the face planes when the hull lists none.
    ///
    /// # Panics
    ///
    /// If there is no such face, as indexing the normals would (`i` past the listed normals,
    /// or 8 or more).
    #[inline(always)]
    pub(crate) fn normal(&self, i: usize) -> Vec2 {
        match self.planes {
            Some(planes) if self.nrm.is_empty() => planes.normal(i),
            _ => self.nrm[i],
        }
    }

    /// The normal of face `i` as [`normal`](Self::normal) gives it, or `None` when there is no
    /// such face (as `get` on the normals, padded like the points, would say).
    #[inline(always)]
    pub(crate) fn get_normal(&self, i: usize) -> Option<Vec2> {
        match self.planes {
            Some(planes) if self.nrm.is_empty() => (i < self.pts.len()).then(|| planes.normal(i)),
            _ => self.nrm.get(i).copied(),
        }
    }

    /// Every normal, padded like the points: the listed ones, or those of the face planes
    /// written into `buf`.
    #[inline]
    pub(crate) fn listed_normals<'b>(&self, buf: &'b mut [Vec2; 8]) -> &'b [Vec2]
    where
        'a: 'b,
    {
        match self.planes {
            Some(planes) if self.nrm.is_empty() => {
                let n = self.pts.len().min(buf.len());
                for (i, slot) in buf.iter_mut().enumerate().take(n) {
                    *slot = planes.normal(i);
                }
                &buf[..n]
            }
            _ => self.nrm,
        }
    }
}

/// Scratch space for what a core borrows that the shape does not keep: a box's corners and
/// face planes, a capsule's or a segment's face planes and normals.
#[derive(Default)]
pub(crate) struct CoreBuf {
    // Left empty (only a tag to write) unless the shape is a box.
    aabb: Option<([Vec2; 4], Planes8)>,
    // Left empty unless the shape is a capsule or a segment.
    sides: Option<(Planes8, [Vec2; 2])>,
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
    ///
    /// Always inlined: each query reads only the arms of its own shapes, which the compiler
    /// then keeps apart, where a call would build every core through one general function
    /// (measured: 5 to 9% more instructions on `overlap/circle-polygon` when the compiler
    /// chose to call it).
    #[inline(always)]
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
            Shape::Capsule(c) => {
                let (planes, nrm) = buf.sides.insert(c.planes());
                Core {
                    hull: Hull {
                        pts: &c.pts,
                        nrm,
                        k: c.point_count(),
                        planes: Some(planes),
                    },
                    radius: c.radius,
                    lo: c.pts[0].min(c.pts[1]) - c.radius,
                    hi: c.pts[0].max(c.pts[1]) + c.radius,
                }
            }
            Shape::Polygon(p) => {
                p.prefetch();
                // The copy beside the pointer: the polygon keeps none.
                let (lo, hi) = SharedPolygon::bounds(p);
                Core {
                    hull: Hull {
                        pts: &p.verts,
                        nrm: &[],
                        k: p.len,
                        planes: Some(&p.planes),
                    },
                    radius: 0.0,
                    lo,
                    hi,
                }
            }
            Shape::Segment(s) => {
                let (planes, nrm) = buf.sides.insert(s.planes());
                Core {
                    hull: Hull {
                        planes: Some(planes),
                        ..Hull::exact(&s.pts, nrm)
                    },
                    radius: 0.0,
                    lo: s.pts[0].min(s.pts[1]),
                    hi: s.pts[0].max(s.pts[1]),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::CoreBuf;
    use crate::shape::{Aabb, ConvexPolygon, Shape};

    /// A polygon's hull lists no normals: they are read from its planes, the outward unit
    /// normals of its edges, padded like its points with the first.
    #[test]
    fn a_polygon_hull_reads_its_normals_from_its_planes() {
        let tri = ConvexPolygon::new(&[Vec2::ZERO, Vec2::new(2.0, 0.0), Vec2::new(0.0, 2.0)])
            .expect("a triangle");
        let shape: Shape = tri.into();
        let mut buf = CoreBuf::default();
        let hull = shape.core(&mut buf).hull;
        assert!(hull.nrm.is_empty());
        let want = [Vec2::NEG_Y, Vec2::ONE.normalize(), Vec2::NEG_X];
        for (i, w) in want.iter().enumerate() {
            assert!((hull.normal(i) - *w).length() < 1e-6, "face {i}");
            assert_eq!(hull.get_normal(i), Some(hull.normal(i)));
            assert_eq!(hull.normal(i), tri.normals()[i]);
        }
        assert_eq!(hull.get_normal(8), None);
        let mut listed = [Vec2::ZERO; 8];
        let normals = hull.listed_normals(&mut listed);
        assert_eq!(normals.len(), hull.pts.len());
        assert_eq!(&normals[..3], &*tri.normals());
        assert!(normals[3..].iter().all(|n| *n == normals[0]));
    }

    /// A box lists its normals: read as listed.
    #[test]
    fn a_box_hull_reads_its_listed_normals() {
        let shape: Shape = Aabb::from_half_extents(Vec2::ONE).expect("a box").into();
        let mut buf = CoreBuf::default();
        let hull = shape.core(&mut buf).hull;
        let mut listed = [Vec2::ZERO; 8];
        assert_eq!(hull.listed_normals(&mut listed), hull.nrm);
        assert_eq!(hull.get_normal(4), None);
        assert_eq!(hull.normal(1), hull.nrm[1]);
    }
}
