//! Point queries on one shape: containment, closest point, distance.

use glam::Vec2;

use super::{direct, nearest, relative, with_core, within_direct};
use crate::shape::{CoreBuf, Shape};

/// The nearest boundary point of a shape to a query point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointProjection {
    /// Nearest point on the shape's boundary, world frame.
    pub point: Vec2,
    /// Unit outward normal of the boundary there, world frame (from the shape toward the
    /// query point when it is outside).
    pub normal: Vec2,
    /// Signed distance from the boundary, world units: positive outside, negative inside.
    pub signed_distance: f32,
}

impl Shape {
    /// Projects the world point `p` onto the boundary of this shape placed at `pos`. Finite
    /// for any finite input, however far apart (a distance beyond f32's range saturates at
    /// `f32::MAX`); when `p` or `pos` is not finite, every field is NaN.
    #[must_use]
    pub fn project_point(&self, pos: Vec2, p: Vec2) -> PointProjection {
        let Some((q, s)) = relative(p, pos) else {
            return PointProjection {
                point: Vec2::NAN,
                normal: Vec2::NAN,
                signed_distance: f32::NAN,
            };
        };
        let (q, s) = within_direct(q, s);
        with_core(self, s, |core| {
            let c = nearest::closest(core.hull, core.radius, q, Vec2::ZERO);
            PointProjection {
                point: pos + (c.core_point + c.normal * core.radius) / s,
                normal: c.normal,
                signed_distance: (c.sd / s).clamp(-f32::MAX, f32::MAX),
            }
        })
    }

    /// Whether the world point `p` is inside this shape placed at `pos`. Points on the boundary
    /// (within the [linear tolerance](crate::tolerance)) are not inside; a segment contains none.
    #[must_use]
    pub fn contains_point(&self, pos: Vec2, p: Vec2) -> bool {
        let q = p - pos;
        // Beyond the direct range a point is far outside any shape.
        if !direct(q) {
            return false;
        }
        let mut buf = CoreBuf::default();
        let core = self.core(&mut buf);
        let c = nearest::closest(core.hull, core.radius, q, Vec2::ZERO);
        c.sd < -c.tolerance(q.abs(), core.radius)
    }

    /// The point of this shape (placed at `pos`) closest to the world point `p`: `p` itself
    /// when inside, else the nearest boundary point. World frame.
    #[must_use]
    pub fn closest_point(&self, pos: Vec2, p: Vec2) -> Vec2 {
        let proj = self.project_point(pos, p);
        if proj.signed_distance < 0.0 {
            p
        } else {
            proj.point
        }
    }

    /// Distance in world units from the world point `p` to this shape at `pos`; 0 inside.
    #[must_use]
    pub fn distance_to_point(&self, pos: Vec2, p: Vec2) -> f32 {
        let sd = self.project_point(pos, p).signed_distance;
        if sd < 0.0 { 0.0 } else { sd }
    }
}

#[cfg(test)]
mod tests {
    use crate::shape::{Aabb, Capsule, Shape};
    use glam::Vec2;

    #[test]
    fn point_queries_on_a_box_and_a_capsule() {
        let b: Shape = Aabb::from_half_extents(Vec2::new(2.0, 1.0)).unwrap().into();
        let pos = Vec2::new(10.0, 0.0);
        assert!(b.contains_point(pos, Vec2::new(11.0, 0.5)));
        assert!(
            !b.contains_point(pos, Vec2::new(12.0, 0.5)),
            "boundary is not inside"
        );
        assert_eq!(
            b.closest_point(pos, Vec2::new(15.0, 3.0)),
            Vec2::new(12.0, 1.0)
        );
        assert_eq!(b.distance_to_point(pos, Vec2::new(15.0, 5.0)), 5.0);
        let inside = b.project_point(pos, Vec2::new(11.5, 0.0));
        assert_eq!(inside.point, Vec2::new(12.0, 0.0));
        assert_eq!(inside.normal, Vec2::X);
        assert_eq!(inside.signed_distance, -0.5);

        let c: Shape = Capsule::vertical(1.0, 0.5).unwrap().into();
        // Above the top cap: distance from (0, 1) minus the radius.
        assert!((c.distance_to_point(Vec2::ZERO, Vec2::new(0.0, 3.0)) - 1.5).abs() < 1e-6);
        assert!((c.distance_to_point(Vec2::ZERO, Vec2::new(2.0, 0.0)) - 1.5).abs() < 1e-6);
    }
}
