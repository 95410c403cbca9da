//! Overlap with MTV and exact swept casts of 3D boxes.
//!
//! Same conventions as 2D, on `glam::Vec3` with y up: normals point from `b` toward `a`,
//! fractions are of the requested motion, depth is positive, touching is not overlapping.

use glam::Vec3;

use super::Aabb;
use crate::geometry::{Slab, slab_cast, slab_overlap, slab_tolerances};

/// How far two 3D boxes overlap and the shortest way apart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Penetration {
    /// Unit axis, world frame, pointing from `b` toward `a`.
    pub normal: Vec3,
    /// Depth in world units, positive.
    pub depth: f32,
}

/// First contact of a 3D box cast.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CastHit {
    /// Fraction of the requested motions in [0, 1].
    pub fraction: f32,
    /// Contact point, world frame: the centre of the touching faces' shared area.
    pub point: Vec3,
    /// Unit face normal, world frame, from `b` toward `a`.
    pub normal: Vec3,
}

/// The answer of [`cast`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CastResult {
    /// No contact during the motion.
    Miss,
    /// First contact.
    Hit(CastHit),
    /// Overlapping at the start.
    Overlapping(Penetration),
}

fn axis3(axis: usize, sign: f32) -> Vec3 {
    let mut n = Vec3::ZERO;
    n[axis] = sign;
    n
}

/// Whether box `a` at `pos_a` overlaps box `b` at `pos_b`, and the shortest push of `a` out
/// (normal from `b` toward `a`, world frame). Touching within the
/// [linear tolerance](crate::tolerance) is not overlapping; exact ties between axes are broken
/// by axis order.
#[must_use]
pub fn overlap(a: &Aabb, pos_a: Vec3, b: &Aabb, pos_b: Vec3) -> Option<Penetration> {
    let q = pos_a - pos_b;
    if !q.is_finite() {
        return None;
    }
    let (lo, hi, q) = (
        (b.min - a.max).to_array(),
        (b.max - a.min).to_array(),
        q.to_array(),
    );
    slab_overlap(lo, hi, q, slab_tolerances(q, lo, hi), [0.0; 3]).map(|(depth, axis, sign)| {
        Penetration {
            normal: axis3(axis, sign),
            depth,
        }
    })
}

/// Sweeps box `a` from `start_a` by `motion_a` and box `b` from `start_b` by `motion_b`; the
/// first contact, exactly (slab clipping on the Minkowski difference).
///
/// ```
/// use glissade::{dim3::{Aabb, CastResult, cast}, glam::Vec3};
/// let cube = Aabb::from_half_extents(Vec3::splat(0.5))?;
/// let floor = Aabb::new(Vec3::new(-10.0, -1.0, -10.0), Vec3::new(10.0, 0.0, 10.0))?;
/// // Falling 4 units from a bottom 1.5 above the floor: touches at 1.5 / 4.
/// let CastResult::Hit(hit) = cast(&cube, Vec3::new(0.0, 2.0, 0.0), Vec3::new(0.0, -4.0, 0.0),
///                                         &floor, Vec3::ZERO, Vec3::ZERO) else { panic!() };
/// assert_eq!(hit.fraction, 0.375);
/// assert_eq!(hit.normal, Vec3::Y);
/// # Ok::<(), glissade::ShapeError>(())
/// ```
#[must_use]
pub fn cast(
    a: &Aabb,
    start_a: Vec3,
    motion_a: Vec3,
    b: &Aabb,
    start_b: Vec3,
    motion_b: Vec3,
) -> CastResult {
    let q = start_a - start_b;
    let d = motion_a - motion_b;
    if !(q.is_finite() && d.is_finite()) {
        return CastResult::Miss;
    }
    let (lo, hi, qa) = (
        (b.min - a.max).to_array(),
        (b.max - a.min).to_array(),
        q.to_array(),
    );
    match slab_cast(lo, hi, qa, d.to_array(), 1.0, slab_tolerances(qa, lo, hi)) {
        Slab::Miss => CastResult::Miss,
        Slab::Inside { depth, axis, sign } => CastResult::Overlapping(Penetration {
            normal: axis3(axis, sign),
            depth,
        }),
        Slab::Hit { t, axis, sign } => {
            let qa = q + d * t;
            let mut local = ((a.min + qa).max(b.min) + (a.max + qa).min(b.max)) * 0.5;
            local[axis] = if sign > 0.0 { b.max[axis] } else { b.min[axis] };
            CastResult::Hit(CastHit {
                fraction: t,
                point: start_b + motion_b * t + local,
                normal: axis3(axis, sign),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cubes_crossing_paths_collide_mid_frame() {
        // Seen from above (x right, z down the page), two unit cubes swap places in one frame:
        //   a ->   <- b      a from x = -5 moving +10, b from x = +5 moving -10.
        // Gap 9 closes at 20 units per frame: contact at 9 / 20.
        let c = Aabb::from_half_extents(Vec3::splat(0.5)).unwrap();
        let r = cast(
            &c,
            Vec3::new(-5.0, 0.0, 0.0),
            Vec3::new(10.0, 0.0, 0.0),
            &c,
            Vec3::new(5.0, 0.0, 0.0),
            Vec3::new(-10.0, 0.0, 0.0),
        );
        let CastResult::Hit(h) = r else {
            panic!("{r:?}")
        };
        assert_eq!(h.fraction, 0.45);
        assert_eq!(h.normal, Vec3::NEG_X);
        assert_eq!(h.point, Vec3::new(0.0, 0.0, 0.0));
    }

    #[test]
    fn overlap3_pushes_out_the_short_way_and_touching_is_not_overlap() {
        let c = Aabb::from_half_extents(Vec3::splat(1.0)).unwrap();
        let p = overlap(&c, Vec3::new(0.5, 1.9, 0.0), &c, Vec3::ZERO).unwrap();
        assert_eq!(p.normal, Vec3::Y);
        assert!((p.depth - 0.1).abs() < 1e-6);
        assert_eq!(overlap(&c, Vec3::new(0.0, 2.0, 0.0), &c, Vec3::ZERO), None);
    }

    #[test]
    fn sliding_along_a_floor_of_cubes_does_not_hit_the_next_cube() {
        // A cube resting on floor cube 2 slides over the seam onto cube 3: no hit.
        let c = Aabb::from_half_extents(Vec3::splat(0.5)).unwrap();
        let r = cast(
            &c,
            Vec3::new(0.0, 1.0, 0.0),
            Vec3::new(3.0, 0.0, 0.0),
            &c,
            Vec3::new(1.0, 0.0, 0.0),
            Vec3::ZERO,
        );
        assert_eq!(r, CastResult::Miss);
    }

    #[test]
    fn bad_boxes_are_refused() {
        assert!(Aabb::new(Vec3::ZERO, Vec3::new(1.0, 0.0, 1.0)).is_err());
        assert!(Aabb::from_half_extents(Vec3::new(1.0, f32::NAN, 1.0)).is_err());
    }
}
