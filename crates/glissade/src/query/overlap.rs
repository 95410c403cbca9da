//! Overlap with the minimum translation vector, and signed distance.

use glam::Vec2;

use super::{direct, pair_distance, pair_overlap, relative};
use crate::geometry::{slab_overlap, slab_tolerances};
use crate::shape::{Aabb, Shape};

/// How far two shapes overlap and the shortest way apart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Penetration {
    /// Unit vector, world frame, pointing from `b` toward `a`: moving `a` by
    /// `normal * depth` separates the pair (leaves it touching).
    pub normal: Vec2,
    /// Penetration depth in world units; always positive.
    pub depth: f32,
}

impl Penetration {
    /// The minimum translation vector `normal * depth`, to apply to `a`.
    #[inline]
    #[must_use]
    pub fn mtv(&self) -> Vec2 {
        self.normal * self.depth
    }
}

/// Whether `a` at `pos_a` overlaps `b` at `pos_b`, and the shortest push of `a` out of `b`.
///
/// Exact for every pair: separating-axis for polygons and boxes (with the vertex axis for
/// rounded shapes), closed form for circles and capsules. Touching — a distance within the
/// [linear tolerance](crate::tolerance) of zero — is not overlapping. A shape that is nearer
/// one side of a thin box is always pushed out through that side; when two ways out are
/// exactly equally short, one is chosen deterministically by face order. Positions that are
/// not finite give `None`, and so do positions so far apart (beyond 1e18) that shapes of at
/// most [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE) cannot meet.
///
/// ```
/// use glissade::{Aabb, Shape, overlap, glam::Vec2};
/// let floor: Shape = Aabb::new(Vec2::new(-10.0, -1.0), Vec2::new(10.0, 0.0))?.into();
/// let crate_: Shape = Aabb::from_half_extents(Vec2::splat(0.5))?.into();
/// // The crate sank 0.25 into the floor: the MTV lifts it straight up.
/// let p = overlap(&crate_, Vec2::new(2.0, 0.25), &floor, Vec2::ZERO).unwrap();
/// assert_eq!(p.normal, Vec2::Y);
/// assert!((p.depth - 0.25).abs() < 1e-6);
/// # Ok::<(), glissade::ShapeError>(())
/// ```
#[must_use]
#[doc(alias = "mtv")]
#[doc(alias = "sat")]
pub fn overlap(a: &Shape, pos_a: Vec2, b: &Shape, pos_b: Vec2) -> Option<Penetration> {
    let q = pos_a - pos_b;
    // Beyond the direct range (or not finite) the shapes are far apart, or the input is bad.
    if !direct(q) {
        return None;
    }
    if let (Shape::Aabb(ba), Shape::Aabb(bb)) = (a, b) {
        return overlap_aabb_aabb(ba, bb, q);
    }
    pair_overlap(a, b, q).map(|(depth, normal)| Penetration { normal, depth })
}

/// Signed distance between `a` at `pos_a` and `b` at `pos_b`, in world units: positive when
/// apart, zero when touching, minus the penetration depth when overlapping. Finite for any
/// finite positions, however far apart (beyond f32's range the answer saturates at
/// `f32::MAX`); NaN when a position is not finite.
#[must_use]
pub fn distance(a: &Shape, pos_a: Vec2, b: &Shape, pos_b: Vec2) -> f32 {
    match relative(pos_a, pos_b) {
        Some((q, s)) => pair_distance(a, b, q, s),
        None => f32::NAN,
    }
}

/// Box–box overlap by per-axis gaps (the general path's answer, faster; exact ties between
/// axes may resolve to another, equally short, way out).
fn overlap_aabb_aabb(a: &Aabb, b: &Aabb, q: Vec2) -> Option<Penetration> {
    // The Minkowski difference B ⊖ A is the box [lo, hi]; A overlaps when q is inside.
    let lo = b.min() - a.max();
    let hi = b.max() - a.min();
    let (lo, hi, q) = (lo.to_array(), hi.to_array(), q.to_array());
    slab_overlap(lo, hi, q, slab_tolerances(q, lo, hi), [0.0; 2]).map(|(depth, axis, sign)| {
        let mut normal = Vec2::ZERO;
        normal[axis] = sign;
        Penetration { normal, depth }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Capsule, Circle, ConvexPolygon, Segment};

    fn bx(hx: f32, hy: f32) -> Shape {
        Aabb::from_half_extents(Vec2::new(hx, hy)).unwrap().into()
    }

    #[test]
    fn box_that_entered_a_thin_box_from_below_is_pushed_down() {
        //      +--------------------+  y = 0.1   thin platform (b)
        //  ####|####                |  y = -0.1
        //  #   a   #   a's top entered from below, 0.05 deep
        //  #########
        // Breaking the tie the wrong way would push it up through the platform; the nearer
        // side is below.
        let plat = bx(5.0, 0.1);
        let a = bx(0.5, 0.5);
        let p = overlap(&a, Vec2::new(0.0, -0.55), &plat, Vec2::ZERO).unwrap();
        assert_eq!(p.normal, Vec2::NEG_Y);
        assert!((p.depth - 0.05).abs() < 1e-6);
        // The same through the general (polygon) path.
        let plat_poly: Shape = ConvexPolygon::new(
            &Aabb::from_half_extents(Vec2::new(5.0, 0.1))
                .unwrap()
                .corners(),
        )
        .unwrap()
        .into();
        let p2 = overlap(&a, Vec2::new(0.0, -0.55), &plat_poly, Vec2::ZERO).unwrap();
        assert_eq!(p2.normal, Vec2::NEG_Y);
        assert!((p2.depth - 0.05).abs() < 1e-6);
    }

    #[test]
    fn touching_is_not_overlapping() {
        let a = bx(1.0, 1.0);
        assert_eq!(overlap(&a, Vec2::new(2.0, 0.0), &a, Vec2::ZERO), None);
        let c: Shape = Circle::new(1.0).unwrap().into();
        assert_eq!(overlap(&c, Vec2::new(2.0, 0.0), &c, Vec2::ZERO), None);
        assert!(overlap(&c, Vec2::new(1.99, 0.0), &c, Vec2::ZERO).is_some());
    }

    #[test]
    fn circle_near_a_box_corner_is_pushed_along_the_diagonal() {
        //   . c          circle radius 1 at (1.5, 1.5): its centre is 0.5*sqrt(2) from the
        // +--+           corner (1, 1) of the unit box, so depth = 1 - 0.7071.
        // |  |
        // +--+
        let c: Shape = Circle::new(1.0).unwrap().into();
        let p = overlap(&c, Vec2::new(1.5, 1.5), &bx(1.0, 1.0), Vec2::ZERO).unwrap();
        let diag = Vec2::splat(1.0).normalize();
        assert!((p.normal - diag).length() < 1e-6);
        assert!((p.depth - (1.0 - 0.5f32.sqrt())).abs() < 1e-6);
    }

    #[test]
    fn capsule_over_segment_and_distance_sign() {
        let cap: Shape = Capsule::vertical(1.0, 0.5).unwrap().into();
        let seg: Shape = Segment::new(Vec2::new(-3.0, 0.0), Vec2::new(3.0, 0.0))
            .unwrap()
            .into();
        // Capsule bottom is at y - 1.5.
        assert!((distance(&cap, Vec2::new(0.0, 2.0), &seg, Vec2::ZERO) - 0.5).abs() < 1e-6);
        let p = overlap(&cap, Vec2::new(0.0, 1.25), &seg, Vec2::ZERO).unwrap();
        assert!((p.normal - Vec2::Y).length() < 1e-6);
        assert!((p.depth - 0.25).abs() < 1e-6);
        // Swapped: the normal flips.
        let p2 = overlap(&seg, Vec2::ZERO, &cap, Vec2::new(0.0, 1.25)).unwrap();
        assert!((p2.normal + Vec2::Y).length() < 1e-6);
    }
}
