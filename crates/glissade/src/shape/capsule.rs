//! Capsules: a segment grown by a radius.

use glam::Vec2;

use super::segment::{seg_faces, seg_kept};
use super::{ShapeError, finite, positive};
use crate::geometry::Planes8;

/// A segment from `a` to `b` grown by `radius`: the usual character shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Capsule {
    pub(crate) pts: [Vec2; 2],
    /// The plane offsets of the inner segment's two faces (see [`Capsule::planes`]).
    pub(crate) h: [f32; 2],
    pub(crate) radius: f32,
}

impl Capsule {
    /// A capsule around the segment `a`–`b` (local frame). `a == b` is allowed (a circle).
    pub fn new(a: Vec2, b: Vec2, radius: f32) -> Result<Self, ShapeError> {
        finite("a.x", a.x)?;
        finite("a.y", a.y)?;
        finite("b.x", b.x)?;
        finite("b.y", b.y)?;
        positive("radius", radius)?;
        let (pts, h) = seg_kept(a, b);
        Ok(Self { pts, h, radius })
    }

    /// How many distinct points the inner segment has: 2, or 1 when it is a point (a
    /// circle). A capsule built with `a == b`, or with ends too close for the segment to have
    /// a direction, keeps `a` twice (see `seg_core`), so its ends are equal exactly then.
    /// Read from the ends rather than stored, which keeps a capsule at 28 bytes and a
    /// [`Shape`](super::Shape) at 32.
    #[inline]
    pub(crate) fn point_count(&self) -> usize {
        1 + usize::from(self.pts[0] != self.pts[1])
    }

    /// The face planes of the inner segment side by side, for 4-lane clipping, with the
    /// outward unit normals they are made of (right of `a → b`, then left; zero for a point):
    /// built when a query asks (a few moves), the normals computed from the ends as they were
    /// when the capsule was made (the same function of the same numbers, so the same to the
    /// bit). Kept, the lanes would make a capsule 144 bytes, the normals alone 44 bytes and a
    /// [`Shape`](super::Shape) 48; it is 28.
    #[inline]
    pub(crate) fn planes(&self) -> (Planes8, [Vec2; 2]) {
        seg_faces(self.pts, self.h)
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

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::Capsule;

    #[test]
    fn a_capsule_whose_ends_give_no_direction_has_one_point() {
        let count = |a: Vec2, b: Vec2| Capsule::new(a, b, 0.5).unwrap().point_count();
        assert_eq!(count(Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0)), 2);
        // Apart by a hair that still has a direction.
        assert_eq!(count(Vec2::ZERO, Vec2::new(1e-20, 0.0)), 2);
        assert_eq!(count(Vec2::new(3.0, 4.0), Vec2::new(3.0, 4.0)), 1);
        // Different ends whose difference's length rounds to zero (1e-40 squared is 0 in
        // f32): no direction, kept as one point.
        let c = Capsule::new(Vec2::ZERO, Vec2::new(1e-40, 0.0), 0.5).unwrap();
        assert_eq!(c.point_count(), 1);
        assert_eq!(c.a(), c.b());
    }
}
