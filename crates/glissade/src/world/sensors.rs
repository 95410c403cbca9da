//! Sensors in the world: filed in a grid of their own, so that the moves and the blocking
//! queries, which look only at the main grid, never meet them; the scene queries add them when
//! their filter asks for them.

use glam::Vec2;

use super::small_ids::SmallIds;
use super::sweep::{Found, Swept, bounds_apart, first_met, found_hit, found_overlap};
use super::{Collider, Geometry, Handle, QueryFilter, Sensors, World};
use crate::query::{CastResult, cast, overlap};
use crate::shape::Shape;
use crate::tolerance::linear_tolerance;

impl World {
    /// Whether the world holds a sensor (a world without any pays nothing for them).
    #[inline]
    pub(crate) fn has_sensors(&self) -> bool {
        self.sensor_count > 0
    }

    /// What a scene query looks at: the colliders passing `filter` whose bounds touch
    /// `[lo, hi]`, with or without the sensors as its [`sensors`](QueryFilter::sensors) says,
    /// sorted by index.
    pub(super) fn scene_candidates(
        &self,
        lo: Vec2,
        hi: Vec2,
        filter: &QueryFilter,
    ) -> Vec<(Handle, &Collider)> {
        match filter.sensors {
            Sensors::Exclude => self.candidates(lo, hi, filter),
            Sensors::Only => self.sensors_near(lo, hi, filter),
            Sensors::Include => {
                let mut all = self.candidates(lo, hi, filter);
                if self.has_sensors() {
                    all.extend(self.sensors_near(lo, hi, filter));
                    all.sort_unstable_by_key(|(h, _)| h.index);
                }
                all
            }
        }
    }

    /// Live sensors passing `filter` (its [`sensors`](QueryFilter::sensors) field aside) whose
    /// bounds touch `[lo, hi]`, sorted by index.
    pub(crate) fn sensors_near(
        &self,
        lo: Vec2,
        hi: Vec2,
        filter: &QueryFilter,
    ) -> Vec<(Handle, &Collider)> {
        if !self.has_sensors() {
            return Vec::new();
        }
        self.filed_in(&self.sensor_grid, lo, hi, filter)
    }

    /// Live sensors passing `filter` (its [`sensors`](QueryFilter::sensors) field aside) that
    /// a box with local bounds `[slo, shi]` moving along `path` (world positions, straight
    /// from each to the next) may meet: those filed in the cells it sweeps, and the large
    /// ones, whose bounds touch the box swept over one of the path's stretches (the box where
    /// it stands, for a path of one position), widened by the tolerance of its coordinates:
    /// each handed to `each`, by index. Work follows the cells swept, as for the moves' own
    /// casts, and nothing is allocated for a path near a few sensors.
    pub(crate) fn sensors_along(
        &self,
        (slo, shi): (Vec2, Vec2),
        path: &[Vec2],
        filter: &QueryFilter,
        mut each: impl FnMut(Handle, &Collider),
    ) {
        if !self.has_sensors() || path.is_empty() {
            return;
        }
        // A sensor whose bounds stay apart from every stretch's swept box, widened by the
        // tolerance of its coordinates, is met by none of the exact tests that follow: it is
        // left out as the cells are gathered, before any sorting. (The widening covers the
        // rounding of the box's world-frame sums: far out, the box summed from a stretch's
        // start can end a float step short of where the body ends, which the exact tests,
        // made relative to the sensor, see.) A sensor the exact tests meet on a stretch
        // overlaps the body somewhere along it, so that stretch's walk through the grid
        // hands it over (or it is large), with a box that touches it: each stretch keeps
        // those touching its own box.
        let mut ids = SmallIds::default();
        let mut scratch = SmallIds::default();
        let large = self.sensor_grid.large();
        let mut sweep = |from: Vec2, to: Vec2| {
            let Swept {
                lo,
                hi,
                end_lo,
                end_hi,
            } = Swept::of((slo, shi), from, to - from);
            let pad = linear_tolerance(end_lo.abs().max(end_hi.abs()).max_element());
            let (near_lo, near_hi) = (end_lo - pad, end_hi + pad);
            let touches = |i: u32| {
                self.slots[i as usize]
                    .collider
                    .as_ref()
                    .is_some_and(|c| !bounds_apart(c, near_lo, near_hi))
            };
            let mut keep = |i: u32| {
                if touches(i) {
                    ids.push(i);
                }
            };
            large.iter().for_each(|&i| keep(i));
            let tol = linear_tolerance(lo.abs().max(hi.abs()).max_element());
            self.sensor_grid
                .sweep(lo, hi, to - from, tol, &mut scratch, |_, found, _| {
                    found.as_slice().iter().for_each(|&i| keep(i));
                    true
                });
        };
        if path.len() == 1 {
            sweep(path[0], path[0]);
        }
        for w in path.windows(2) {
            sweep(w[0], w[1]);
        }
        ids.sort_dedup();
        for &i in ids.as_slice() {
            let h = self.handle_of(i);
            if let Some(c) = self.slots[i as usize].collider.as_ref()
                && filter.passes(h, c)
            {
                each(h, c);
            }
        }
    }

    /// The first contact of `shape` moving from `position` by `motion` with a sensor passing
    /// `filter`, and the sensors it starts overlapping (sorted by handle), as
    /// [`World::sweep`] answers for the other colliders.
    pub(super) fn sweep_sensors(
        &self,
        shape: &Shape,
        position: Vec2,
        motion: Vec2,
        filter: &QueryFilter,
        overlaps: &mut Vec<Found>,
    ) -> Option<Found> {
        let Swept { end_lo, end_hi, .. } = Swept::of(shape.local_bounds(), position, motion);
        let mut best: Option<Found> = None;
        for (handle, c) in self.sensors_near(end_lo, end_hi, filter) {
            let Geometry::Shape(s) = &c.geometry else {
                continue;
            };
            match cast(shape, position, motion, s, c.position, Vec2::ZERO) {
                CastResult::Miss => {}
                CastResult::Hit(h) => {
                    let f = found_hit(handle, &h);
                    if best.is_none_or(|b| first_met(&f, &b, motion)) {
                        best = Some(f);
                    }
                }
                CastResult::Overlapping(p) => {
                    overlaps.push(found_overlap(handle, p, position, None));
                }
            }
        }
        best
    }

    /// The sensors passing `filter` that `shape` at `position` overlaps deeper than the
    /// tolerance, with the shortest push out of each, sorted by handle.
    pub(super) fn sensor_overlaps(
        &self,
        shape: &Shape,
        position: Vec2,
        filter: &QueryFilter,
        out: &mut Vec<Found>,
    ) {
        let (slo, shi) = shape.local_bounds();
        for (handle, c) in self.sensors_near(position + slo, position + shi, filter) {
            if let Geometry::Shape(s) = &c.geometry
                && let Some(p) = overlap(shape, position, s, c.position)
            {
                out.push(found_overlap(handle, p, position, None));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Aabb;
    use crate::world::{ColliderDesc, TileMap, WorldError};

    fn unit() -> Aabb {
        Aabb::from_half_extents(Vec2::splat(0.5)).unwrap()
    }

    #[test]
    fn sensors_are_filed_apart_and_counted() {
        let mut world = World::new();
        assert!(!world.has_sensors());
        let wall = world.add(ColliderDesc::new(unit(), Vec2::ZERO)).unwrap();
        let s = world
            .add(ColliderDesc::new(unit(), Vec2::ZERO).sensor())
            .unwrap();
        assert!(world.has_sensors());
        assert!(world.get(s).unwrap().is_sensor());
        assert!(!world.get(wall).unwrap().is_sensor());
        let all = QueryFilter::default();
        // The main candidates never hold a sensor; the sensors' never hold the wall.
        let main: Vec<Handle> = world
            .candidates(Vec2::splat(-1.0), Vec2::ONE, &all)
            .into_iter()
            .map(|(h, _)| h)
            .collect();
        assert_eq!(main, vec![wall]);
        let near: Vec<Handle> = world
            .sensors_near(Vec2::splat(-1.0), Vec2::ONE, &all)
            .into_iter()
            .map(|(h, _)| h)
            .collect();
        assert_eq!(near, vec![s]);
        // Moving it keeps it in its own grid.
        world.set_position(s, Vec2::new(40.0, 0.0)).unwrap();
        assert!(
            world
                .sensors_near(Vec2::new(39.0, -1.0), Vec2::new(41.0, 1.0), &all)
                .iter()
                .any(|(h, _)| *h == s)
        );
        assert!(
            world
                .sensors_near(Vec2::splat(-1.0), Vec2::ONE, &all)
                .is_empty()
        );
        world.remove(s).unwrap();
        assert!(!world.has_sensors());
        assert_eq!(QueryFilter::default().sensors, Sensors::Exclude);
    }

    #[test]
    fn a_sensor_leaves_the_stamp_alone() {
        let mut world = World::new();
        let before = world.stamp();
        let s = world
            .add(ColliderDesc::new(unit(), Vec2::ZERO).sensor())
            .unwrap();
        world.set_position(s, Vec2::ONE).unwrap();
        world.set_velocity(s, Vec2::ONE).unwrap();
        world.set_layers(s, 1, 1).unwrap();
        world.remove(s).unwrap();
        assert_eq!(world.stamp(), before);
    }

    /// One broadphase cell of side 8 holds the whole scene. A unit box (`[-0.5, 0.5]²` in its
    /// own frame) goes right from (0.5, 0.5) to (3.5, 0.5), then up to (3.5, 3.5):
    ///
    /// ```text
    ///   y 4.5 |         T T     T: touching, [4, 5] × [3.5, 4.5]
    ///     4   |       ↑ T T
    ///     3   |       │         stretch 2 sweeps [3, 4] × [0, 4]
    ///     2   |   F   │         F: far, [1.5, 2.5]², inside the L's bounding box
    ///     1   |       │         stretch 1 sweeps [0, 4] × [0, 1]
    ///     0   | ━━━━━━┘
    ///         +---------------- x
    ///           0 1 2 3 4 5
    /// ```
    ///
    /// T touches stretch 2's box (at x = 4); F touches neither. Both are filed in the cell the
    /// path sweeps, and only T is a candidate: F is left out before any exact test.
    #[test]
    fn sensors_along_leaves_out_sensors_apart_from_every_stretch() {
        let mut world = World::with_cell_size(8.0).unwrap();
        let small = Aabb::from_half_extents(Vec2::splat(0.5)).unwrap();
        let far = world
            .add(ColliderDesc::new(small, Vec2::new(2.0, 2.0)).sensor())
            .unwrap();
        let touching = world
            .add(ColliderDesc::new(small, Vec2::new(4.5, 4.0)).sensor())
            .unwrap();
        // The body's box in its own frame: [-0.5, 0.5]²; the path's corner at (3.5, 0.5).
        let bounds = (Vec2::splat(-0.5), Vec2::splat(0.5));
        let path = [
            Vec2::new(0.5, 0.5),
            Vec2::new(3.5, 0.5),
            Vec2::new(3.5, 3.5),
        ];
        // Both are filed in the one cell the path sweeps.
        let all = QueryFilter::default();
        let filed: Vec<Handle> = world
            .sensors_near(Vec2::ZERO, Vec2::splat(7.9), &all)
            .into_iter()
            .map(|(h, _)| h)
            .collect();
        assert_eq!(filed, vec![far, touching]);
        let along = |path: &[Vec2]| -> Vec<Handle> {
            let mut met = Vec::new();
            world.sensors_along(bounds, path, &all, |h, _| met.push(h));
            met
        };
        assert_eq!(along(&path), vec![touching]);
        // A path of one position: the box where it stands.
        let here = |p: Vec2| along(&[p]);
        assert_eq!(here(Vec2::new(2.0, 3.0)), vec![far]);
        assert!(here(Vec2::new(6.5, 6.5)).is_empty());
    }

    #[test]
    fn a_tile_map_sensor_is_refused() {
        let mut world = World::new();
        let map = TileMap::new(2, 2, 1.0).unwrap();
        let r = world.add(ColliderDesc::tiles(map, Vec2::ZERO).sensor());
        assert_eq!(r, Err(WorldError::SensorTileMap));
        assert!(world.is_empty());
    }
}
