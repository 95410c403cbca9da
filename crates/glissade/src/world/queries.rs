//! The scene queries: boxes, points, rays and shapes against every collider, through a
//! filter.
//!
//! Pair queries answer [`RayHit`](crate::query::RayHit), [`CastHit`](crate::query::CastHit)
//! and [`Penetration`](crate::query::Penetration); these answer the same with the collider met
//! (and the tile cell, for a tile map): [`WorldRayHit`], [`WorldCastHit`] and
//! [`WorldOverlap`].

use glam::{IVec2, Vec2};

use super::sweep::{Skip, first_met};
use super::{Geometry, Handle, Nearby, QueryFilter, Sensors, World};
use crate::query::raycast as shape_raycast;
use crate::shape::Shape;
use crate::tolerance::linear_tolerance;

/// A ray hit on a collider.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WorldRayHit {
    /// The collider hit.
    pub handle: Handle,
    /// Fraction of the ray's `translation`, in [0, 1].
    pub fraction: f32,
    /// Hit point, world frame.
    pub point: Vec2,
    /// Unit outward normal of the collider at the hit, world frame (toward the ray's origin
    /// side); for a ray starting inside, the direction of the shortest way out.
    pub normal: Vec2,
}

/// The first contact of a shape cast through the world.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WorldCastHit {
    /// The collider hit.
    pub handle: Handle,
    /// Fraction of the motion, in [0, 1], at which the shape first touches the collider
    /// (0 when it starts overlapping it).
    pub fraction: f32,
    /// Contact point, world frame (the shape's position when it starts overlapping).
    pub point: Vec2,
    /// Unit normal, world frame, from the collider toward the moving shape.
    pub normal: Vec2,
    /// Tile map cell hit, when the collider is a tile map.
    pub cell: Option<IVec2>,
}

/// One overlap of a shape with a collider (or with one cell of a tile map).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WorldOverlap {
    /// The collider overlapped.
    pub handle: Handle,
    /// Unit push direction, world frame, from the collider toward the shape.
    pub normal: Vec2,
    /// How far to push the shape along `normal` to separate it, world units (positive).
    pub depth: f32,
    /// The tile map cell, when the collider is a tile map.
    pub cell: Option<IVec2>,
}

impl WorldOverlap {
    /// The push `normal * depth`.
    #[must_use]
    pub fn mtv(&self) -> Vec2 {
        self.normal * self.depth
    }
}

impl World {
    /// Colliders passing `filter` whose solid part overlaps or touches the box `[min, max]`
    /// (world frame), sorted by handle.
    #[must_use]
    pub fn query_aabb(&self, min: Vec2, max: Vec2, filter: &QueryFilter) -> Vec<Handle> {
        if !(crate::geometry::all_finite(min) && crate::geometry::all_finite(max)) {
            return Vec::new();
        }
        let (lo, hi) = (min.min(max), min.max(max));
        self.scene_candidates(lo, hi, filter)
            .into_iter()
            .filter(|(_, c)| match &c.geometry {
                Geometry::Shape(s) => box_touches(lo, hi, s, c.position),
                Geometry::Tiles(t) => t.any_in_box(lo - c.position, hi - c.position),
            })
            .map(|(h, _)| h)
            .collect()
    }

    /// Colliders passing `filter` that contain the world point `p` (boundary included),
    /// sorted by handle.
    #[must_use]
    pub fn query_point(&self, p: Vec2, filter: &QueryFilter) -> Vec<Handle> {
        if !crate::geometry::all_finite(p) {
            return Vec::new();
        }
        self.scene_candidates(p, p, filter)
            .into_iter()
            .filter(|(_, c)| match &c.geometry {
                Geometry::Shape(s) => box_touches(p, p, s, c.position),
                Geometry::Tiles(t) => t.any_in_box(p - c.position, p - c.position),
            })
            .map(|(h, _)| h)
            .collect()
    }

    /// The first collider the ray `origin + t · translation`, `t ∈ [0, 1]`, enters. A ray
    /// starting inside a collider hits it at fraction 0. Ties go to the lower handle.
    #[must_use]
    pub fn raycast(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &QueryFilter,
    ) -> Option<WorldRayHit> {
        let mut best: Option<WorldRayHit> = None;
        self.ray_visit(origin, translation, filter, |h| {
            if best.is_none_or(|b| (h.fraction, h.handle) < (b.fraction, b.handle)) {
                best = Some(h);
            }
        });
        best
    }

    /// Every collider the ray enters, sorted by fraction (then handle); for a tile map, its
    /// first hit.
    #[must_use]
    pub fn raycast_all(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &QueryFilter,
    ) -> Vec<WorldRayHit> {
        let mut all = Vec::new();
        self.ray_visit(origin, translation, filter, |h| all.push(h));
        all.sort_by(|a, b| {
            a.fraction
                .total_cmp(&b.fraction)
                .then(a.handle.cmp(&b.handle))
        });
        all
    }

    fn ray_visit(
        &self,
        origin: Vec2,
        translation: Vec2,
        filter: &QueryFilter,
        mut f: impl FnMut(WorldRayHit),
    ) {
        if !(crate::geometry::all_finite(origin) && crate::geometry::all_finite(translation)) {
            return;
        }
        let end = origin + translation;
        if !crate::geometry::all_finite(end) {
            return;
        }
        for (handle, c) in self.scene_candidates(origin.min(end), origin.max(end), filter) {
            let hit = match &c.geometry {
                // A one-way platform stops only rays coming down onto its top.
                Geometry::Shape(s) if c.one_way => {
                    shape_raycast(s, c.position, origin, translation, 1.0)
                        .filter(|h| h.fraction > 0.0 && h.normal.y > 0.0)
                }
                Geometry::Shape(s) => shape_raycast(s, c.position, origin, translation, 1.0),
                Geometry::Tiles(t) => t
                    .raycast(
                        origin - c.position,
                        translation,
                        1.0,
                        filter.one_way,
                        c.position,
                    )
                    .map(|(_, h)| crate::query::RayHit {
                        point: h.point + c.position,
                        ..h
                    }),
            };
            if let Some(h) = hit {
                f(WorldRayHit {
                    handle,
                    fraction: h.fraction,
                    point: h.point,
                    normal: h.normal,
                });
            }
        }
    }

    /// The first collider `shape` meets moving from `position` by `motion`.
    ///
    /// A collider the shape starts touching and moves away from, or slides along, is not a
    /// hit; one it starts overlapping is a hit at fraction 0 with the shortest way out as
    /// normal, unless the motion leaves along that normal. Ties go to the lower handle.
    #[must_use]
    #[doc(alias = "sweep")]
    #[doc(alias = "shape_cast")]
    pub fn cast_shape(
        &self,
        shape: &Shape,
        position: Vec2,
        motion: Vec2,
        filter: &QueryFilter,
    ) -> Option<WorldCastHit> {
        self.cast_shape_near(shape, position, motion, filter, None)
    }

    /// [`cast_shape`](Self::cast_shape), looking through the colliders `near` holds, gathered
    /// near a body that `filter` leaves out, rather than the grid where they cover the cast
    /// (the same answer).
    pub(crate) fn cast_shape_near(
        &self,
        shape: &Shape,
        position: Vec2,
        motion: Vec2,
        filter: &QueryFilter,
        near: Option<&Nearby>,
    ) -> Option<WorldCastHit> {
        let skip = Skip {
            near,
            ..Skip::default()
        };
        let mut overlaps = Vec::new();
        let mut hit = if filter.sensors == Sensors::Only {
            None
        } else {
            self.sweep(shape, position, motion, filter, &skip, Some(&mut overlaps))
        };
        if filter.sensors != Sensors::Exclude
            && crate::geometry::all_finite(position)
            && crate::geometry::all_finite(motion)
            && let Some(s) = self.sweep_sensors(shape, position, motion, filter, &mut overlaps)
            && hit.is_none_or(|b| first_met(&s, &b, motion))
        {
            hit = Some(s);
        }
        let into = overlaps
            .into_iter()
            .filter(|o| o.normal.dot(motion) <= 0.0)
            .min_by_key(|o| o.handle);
        into.or(hit).map(|f| WorldCastHit {
            handle: f.handle,
            fraction: f.fraction,
            point: f.point,
            normal: f.normal,
            cell: f.cell,
        })
    }

    /// Every collider `shape` at `position` overlaps deeper than the tolerance, with the
    /// shortest push out of each, sorted by handle. A tile map pushes only through faces that
    /// no neighbouring tile covers, and out of all the tiles it overlaps at once: one entry
    /// (for the tile it overlaps first), or one per tile when their own pushes together clear
    /// them all (a floor and a wall in a corner); a body buried in tiles is pushed to the
    /// nearest free cell. One-way platforms never push.
    #[must_use]
    pub fn overlap_shape(
        &self,
        shape: &Shape,
        position: Vec2,
        filter: &QueryFilter,
    ) -> Vec<WorldOverlap> {
        let mut out = Vec::new();
        if filter.sensors != Sensors::Only {
            self.overlaps_into(shape, position, filter, &Skip::default(), &mut out);
        }
        if filter.sensors != Sensors::Exclude && crate::geometry::all_finite(position) {
            let others = out.len();
            self.sensor_overlaps(shape, position, filter, &mut out);
            if others > 0 && out.len() > others {
                // Stable: a tile map's cells keep their order.
                out.sort_by_key(|f| f.handle);
            }
        }
        out.into_iter()
            .map(|f| WorldOverlap {
                handle: f.handle,
                normal: f.normal,
                depth: f.depth,
                cell: f.cell,
            })
            .collect()
    }
}

/// Whether the box `[lo, hi]` (a segment or a point when flat) touches or overlaps `shape`
/// at `pos`, within the linear tolerance.
pub(crate) fn box_touches(lo: Vec2, hi: Vec2, shape: &Shape, pos: Vec2) -> bool {
    let size = hi - lo;
    // Computed from `lo`, so that far from the origin the box keeps its precision.
    let tol = linear_tolerance(size.abs().max_element() + (pos - lo).abs().max_element());
    if size.x > 0.0 && size.y > 0.0 {
        let probe = Shape::Aabb(crate::shape::Aabb::from_ordered(Vec2::ZERO, size));
        crate::query::distance(&probe, lo, shape, pos) <= tol
    } else if let Ok(seg) = crate::shape::Segment::new(Vec2::ZERO, size) {
        crate::query::distance(&Shape::Segment(seg), lo, shape, pos) <= tol
    } else {
        shape.distance_to_point(pos, lo) <= tol
    }
}
