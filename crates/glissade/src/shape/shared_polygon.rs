//! A convex polygon as a [`Shape`](super::Shape) holds it: shared behind an `Arc`, with its
//! bounds kept beside the pointer.

use std::sync::Arc;

use glam::Vec2;

use super::ConvexPolygon;

/// A [`ConvexPolygon`] shared between shapes (cloning one counts a reference; nothing is
/// copied), with the polygon's local bounds kept beside the pointer: a query whose boxes
/// miss, most of those between far-apart shapes, is answered without reading the polygon,
/// which among many thousands of shapes is the slowest thing a query waits on.
///
/// Derefs to the polygon; made from a polygon or an `Arc` of one with `.into()`, and equal to
/// another when their polygons are equal.
///
/// ```
/// use glissade::{ConvexPolygon, Shape, SharedPolygon, glam::Vec2};
/// let tri = ConvexPolygon::new(&[Vec2::ZERO, Vec2::X, Vec2::Y])?;
/// let shared = SharedPolygon::from(tri);
/// assert_eq!(shared.vertices().len(), 3);
/// let shape = Shape::Polygon(shared);
/// assert_eq!(shape.local_bounds(), (Vec2::ZERO, Vec2::ONE));
/// # Ok::<(), glissade::ShapeError>(())
/// ```
#[derive(Clone)]
pub struct SharedPolygon {
    /// The polygon's smallest box, local frame (`ConvexPolygon::bounds`, computed once here:
    /// the polygon does not keep it).
    lo: Vec2,
    /// See `lo`.
    hi: Vec2,
    polygon: Arc<ConvexPolygon>,
}

impl SharedPolygon {
    /// The smallest box holding the polygon, local frame, as `(min, max)`, read without
    /// reading the polygon.
    #[inline]
    #[must_use]
    pub fn bounds(&self) -> (Vec2, Vec2) {
        (self.lo, self.hi)
    }

    /// The `Arc` the polygon is shared through.
    #[inline]
    #[must_use]
    pub fn arc(&self) -> &Arc<ConvexPolygon> {
        &self.polygon
    }

    /// `arc`, which holds a polygon equal to this one, with this one's bounds beside it
    /// (copied, not computed again).
    #[inline]
    pub(crate) fn with_arc(&self, arc: Arc<ConvexPolygon>) -> Self {
        debug_assert!(*arc == *self.polygon, "the same polygon");
        SharedPolygon {
            lo: self.lo,
            hi: self.hi,
            polygon: arc,
        }
    }

    /// The `Arc` the polygon is shared through, taken out.
    #[inline]
    #[must_use]
    pub fn into_arc(self) -> Arc<ConvexPolygon> {
        self.polygon
    }
}

impl std::ops::Deref for SharedPolygon {
    type Target = ConvexPolygon;
    #[inline]
    fn deref(&self) -> &ConvexPolygon {
        &self.polygon
    }
}

impl From<Arc<ConvexPolygon>> for SharedPolygon {
    #[inline]
    fn from(polygon: Arc<ConvexPolygon>) -> Self {
        let (lo, hi) = polygon.bounds();
        SharedPolygon { lo, hi, polygon }
    }
}

impl From<ConvexPolygon> for SharedPolygon {
    #[inline]
    fn from(polygon: ConvexPolygon) -> Self {
        Arc::new(polygon).into()
    }
}

impl PartialEq for SharedPolygon {
    /// Equal polygons (the bounds follow from them), shared or not.
    fn eq(&self, other: &Self) -> bool {
        *self.polygon == *other.polygon
    }
}

impl std::fmt::Debug for SharedPolygon {
    /// The polygon's own.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&*self.polygon, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_beside_the_pointer_are_the_polygons() {
        let p = ConvexPolygon::regular(5, 1.5, 0.3).expect("a pentagon");
        let s = SharedPolygon::from(p);
        assert_eq!(s.bounds(), p.bounds());
        let (lo, hi) = p.bounds();
        for v in p.vertices() {
            assert!(v.cmpge(lo).all() && v.cmple(hi).all());
        }
        // Every side of the box touches the polygon.
        for (bound, axis) in [(lo.x, 0), (lo.y, 1), (hi.x, 0), (hi.y, 1)] {
            assert!(p.vertices().iter().any(|v| v[axis] == bound));
        }
        let t = s.clone();
        assert!(Arc::ptr_eq(s.arc(), t.arc()));
        assert_eq!(s, SharedPolygon::from(Arc::new(p)));
        assert_eq!(*t.into_arc(), p);
        assert_eq!(format!("{s:?}"), format!("{p:?}"));
    }
}
