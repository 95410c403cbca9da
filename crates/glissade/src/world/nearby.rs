//! The colliders near one moving body, gathered from the broadphase once and kept while the
//! world around the body stays as it was: the moves and ground probes of a character's step
//! look through this short list instead of each walking the grid again.

use glam::Vec2;

use super::grid::SHORT_SWEEP_CELLS;
use super::grid_walk::CellRect;
use super::small_ids::SmallIds;
use super::{Handle, StampValue, World};

/// The colliders filed in a few broadphase cells around one body, that body left out.
///
/// A sweep that leaves the body out and whose cells all lie in [`Nearby::rect`] may look
/// through [`Nearby::ids`] instead of the grid: the list holds every other collider filed in
/// those cells, sorted by slot as the grid's own one-piece gathering sorts them, so the sweep
/// considers the same colliders in the same order (and maybe a few more, which its bounds
/// test turns away before anything else: a collider whose bounds meet the sweep's is filed
/// in one of its cells) and finds the same contact to the bit. (Keeping the body in the list
/// would spare its users that condition, at the price of a bounds test and a skip per sweep:
/// measured 3 to 5% of a character's step.)
///
/// It stays right while only the body itself moves. [`Nearby::prepare`] keeps it from one
/// step to the next when the world's stamp is the one [`Nearby::finish`] recorded at the end
/// of the last step of the same body (nothing else changed since), and gathers it again
/// otherwise.
#[derive(Debug, Clone)]
pub(crate) struct Nearby {
    /// The world and version the list was last known right for, and the body that alone may
    /// have moved since it was gathered; `None` until gathered, or when the step's cells were
    /// too many to gather.
    known: Option<(StampValue, Handle)>,
    /// The cells gathered.
    rect: CellRect,
    /// The colliders filed in `rect` when gathered, by slot, without the body.
    ids: Vec<u32>,
    /// Whether the current step may use the list.
    active: bool,
    /// How many times the list was gathered.
    #[cfg(test)]
    pub(crate) gathers: u32,
    /// How many sweeps looked through the list.
    #[cfg(test)]
    pub(crate) used: std::sync::Arc<std::sync::atomic::AtomicU32>,
    /// Never gathers (the step's sweeps walk the grid), to hold the list's answers to the
    /// grid's in tests.
    #[cfg(test)]
    pub(crate) off: bool,
}

impl Default for Nearby {
    fn default() -> Self {
        Nearby {
            known: None,
            rect: CellRect::NONE,
            ids: Vec::new(),
            active: false,
            #[cfg(test)]
            gathers: 0,
            #[cfg(test)]
            used: std::sync::Arc::default(),
            #[cfg(test)]
            off: false,
        }
    }
}

impl Nearby {
    /// Readies the list for a step of `body` that moves within the world box `reach()`
    /// (lowest and highest corners): kept when nothing but the body changed since the last
    /// [`finish`](Self::finish) and its cells cover the box, else gathered again. A box over
    /// more than a few cells is not gathered (the step's sweeps walk the grid as usual).
    #[inline]
    pub(crate) fn prepare(
        &mut self,
        world: &World,
        body: Handle,
        reach: impl FnOnce() -> (Vec2, Vec2),
    ) {
        #[cfg(test)]
        if self.off {
            self.active = false;
            return;
        }
        // Nothing but the body (or nothing at all) in the grid: its sweeps find that out in
        // a few instructions already.
        if world.grid.in_cells() == 0 || world.grid.sole() == Some(body.index) {
            self.active = false;
            return;
        }
        let (lo, hi) = reach();
        self.prepare_within(world, body, lo, hi);
    }

    /// [`prepare`](Self::prepare) once the box is known, in a world holding more than the
    /// body in its cells.
    #[inline(never)]
    fn prepare_within(&mut self, world: &World, body: Handle, lo: Vec2, hi: Vec2) {
        let want = CellRect::covering(lo, hi, world.grid.cell_size());
        let stamp = world.stamp();
        if self.known == Some((stamp, body)) && self.rect.covers(want) {
            self.active = true;
            return;
        }
        self.active = want.count() <= SHORT_SWEEP_CELLS;
        if !self.active {
            self.known = None;
            return;
        }
        let mut found = SmallIds::default();
        world.grid.gather(want, &mut found);
        self.ids.clear();
        self.ids.extend(
            found
                .as_slice()
                .iter()
                .copied()
                .filter(|&i| i != body.index),
        );
        self.rect = want;
        self.known = Some((stamp, body));
        #[cfg(test)]
        {
            self.gathers += 1;
        }
    }

    /// Ends a step: only the body moved since [`prepare`](Self::prepare), so the list is
    /// still right for the world as it now is.
    pub(crate) fn finish(&mut self, world: &World) {
        if self.active
            && let Some((_, body)) = self.known
        {
            self.known = Some((world.stamp(), body));
        }
        self.active = false;
    }

    /// The body left out of the list, once gathered.
    pub(crate) fn body(&self) -> Option<Handle> {
        self.known.map(|(_, b)| b)
    }

    /// The colliders a sweep looking in the cells `rect()` may consider instead of the
    /// grid's, when a step under way has the list ready and it covers them (the cells are
    /// worked out only then).
    #[inline]
    pub(crate) fn ids_for(&self, rect: impl FnOnce() -> CellRect) -> Option<&[u32]> {
        let covered = self.active && self.rect.covers(rect());
        #[cfg(test)]
        self.used
            .fetch_add(u32::from(covered), std::sync::atomic::Ordering::Relaxed);
        covered.then_some(self.ids.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::Nearby;
    use crate::shape::{Aabb, Circle, ConvexPolygon, Shape};
    use crate::world::{ColliderDesc, Found, Handle, QueryFilter, Skip, World};

    /// A world of boxes and triangles (cells of 4 units), and a round body at `at`.
    fn world_with(boxes: &[(f32, f32, f32, f32)], at: Vec2, r: f32) -> (World, Handle) {
        let mut world = World::new();
        for (k, &(x, y, w, h)) in boxes.iter().enumerate() {
            let shape: Shape = if k % 3 == 2 {
                ConvexPolygon::regular(3, w.max(h), 0.3 * k as f32)
                    .expect("a triangle")
                    .into()
            } else {
                Aabb::from_half_extents(Vec2::new(w, h))
                    .expect("a box")
                    .into()
            };
            world
                .add(ColliderDesc::new(shape, Vec2::new(x, y)))
                .expect("a finite position");
        }
        let body = world
            .add(ColliderDesc::new(Circle::new(r).expect("a circle"), at).kinematic())
            .expect("a finite position");
        (world, body)
    }

    /// Both sweeps of `shape` from `at` by `m` leaving `body` out: through the grid, and
    /// through `near`; each with the overlaps it starts in.
    fn both(
        world: &World,
        near: &Nearby,
        body: Handle,
        at: Vec2,
        m: Vec2,
    ) -> [(Option<Found>, Vec<Found>); 2] {
        let shape = world
            .get(body)
            .and_then(|c| c.shape())
            .expect("a shape")
            .clone();
        let own = [body];
        [None, Some(near)].map(|near| {
            let skip = Skip {
                sorted: &own,
                near,
                ..Skip::default()
            };
            let mut overlaps = Vec::new();
            let hit = world.sweep(
                &shape,
                at,
                m,
                &QueryFilter::default(),
                &skip,
                Some(&mut overlaps),
            );
            (hit, overlaps)
        })
    }

    proptest! {
        /// Within the cells gathered, a sweep through the list finds what the grid finds, to
        /// the bit: the same first contact and the same overlaps at the start.
        #[test]
        fn a_sweep_through_the_list_finds_what_the_grid_finds(
            boxes in prop::collection::vec(
                (-7.0f32..7.0, -7.0f32..7.0, 0.05f32..2.0, 0.05f32..2.0),
                1..30,
            ),
            at in (-2.0f32..2.0, -2.0f32..2.0),
            motions in prop::collection::vec((-2.4f32..2.4, -2.4f32..2.4), 1..8),
            long in prop::collection::vec((-9.0f32..9.0, -9.0f32..9.0), 1..4),
            r in 0.1f32..0.5,
        ) {
            let at = Vec2::new(at.0, at.1);
            let (world, body) = world_with(&boxes, at, r);
            let mut near = Nearby::default();
            near.prepare(&world, body, || (at - 3.0, at + 3.0));
            // Boxes 6 units wide in cells of 4: at most 3 × 3 cells, always gathered.
            prop_assert!(near.active);
            for (x, y) in motions {
                let used = near.used.load(std::sync::atomic::Ordering::Relaxed);
                let [grid, listed] = both(&world, &near, body, at, Vec2::new(x, y));
                prop_assert_eq!(grid, listed);
                prop_assert_eq!(
                    near.used.load(std::sync::atomic::Ordering::Relaxed),
                    used + 1,
                    "the list covers the sweep"
                );
            }
            // Longer sweeps, mostly beyond the cells gathered: the grid's answer all the same.
            for (x, y) in long {
                let [grid, listed] = both(&world, &near, body, at, Vec2::new(x, y));
                prop_assert_eq!(grid, listed);
            }
        }
    }

    #[test]
    fn a_change_to_another_collider_between_steps_gathers_the_list_again() {
        // A body at the origin, a box far to its left; then, between two steps, a wall
        // right in its way.
        //
        //   #             □ |
        //  -6             0 1
        let (mut world, body) = world_with(&[(-6.0, 0.0, 0.5, 0.5)], Vec2::ZERO, 0.4);
        let reach = || (Vec2::splat(-2.0), Vec2::splat(2.0));
        let mut near = Nearby::default();
        near.prepare(&world, body, reach);
        // The body's own move during the step: the list stays right.
        world
            .set_position(body, Vec2::new(0.1, 0.0))
            .expect("a live body");
        near.finish(&world);
        near.prepare(&world, body, reach);
        assert_eq!(near.gathers, 1, "nothing but the body moved: kept");
        near.finish(&world);
        let wall = world
            .add(ColliderDesc::new(
                Aabb::new(Vec2::new(1.0, -1.0), Vec2::new(1.2, 1.0)).expect("a box"),
                Vec2::ZERO,
            ))
            .expect("a finite position");
        near.prepare(&world, body, reach);
        assert_eq!(near.gathers, 2, "another collider changed: gathered again");
        assert!(near.ids.contains(&wall.index), "the new wall is gathered");
        let at = Vec2::new(0.1, 0.0);
        let [grid, listed] = both(&world, &near, body, at, Vec2::X);
        assert_eq!(grid, listed);
        // Met at x = 1 - 0.4: 0.5 of the way.
        let hit = listed.0.expect("the wall is met");
        assert_eq!(hit.handle, wall);
        assert!((hit.fraction - 0.5).abs() < 1e-5, "{}", hit.fraction);
    }

    #[test]
    fn nothing_is_gathered_for_a_body_alone_in_the_grid_or_a_reach_over_many_cells() {
        let (world, body) = world_with(&[], Vec2::ZERO, 0.4);
        let mut near = Nearby::default();
        near.prepare(&world, body, || (Vec2::splat(-1.0), Vec2::splat(1.0)));
        assert!(!near.active);
        // Too many cells to gather: the sweeps walk the grid.
        let (world, body) = world_with(&[(5.0, 5.0, 1.0, 1.0)], Vec2::ZERO, 0.4);
        near.prepare(&world, body, || (Vec2::splat(-9.0), Vec2::splat(9.0)));
        assert!(!near.active);
        let origin = || {
            world
                .grid
                .swept_cells(Vec2::ZERO, Vec2::ZERO, Vec2::ZERO, 0.0)
        };
        assert!(near.ids_for(origin).is_none());
    }
}
