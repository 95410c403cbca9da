//! The first contact of a shape moving through the world, and the overlaps it starts in: the
//! cast every move is made of.

use glam::{IVec2, Vec2};

use super::small_ids::SmallIds;
use super::{BodyKind, Collider, Geometry, Handle, Nearby, QueryFilter, World};
use crate::query::{CastHit, CastResult, Penetration, cast, overlap};
use crate::shape::Shape;
use crate::tolerance::linear_tolerance;

/// A contact found by the internal sweep (also used by the mover).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Found {
    pub handle: Handle,
    pub fraction: f32,
    pub point: Vec2,
    pub normal: Vec2,
    /// Penetration depth for overlaps (0 for hits).
    pub depth: f32,
    pub cell: Option<IVec2>,
}

impl World {
    pub(crate) fn overlaps_into(
        &self,
        shape: &Shape,
        position: Vec2,
        filter: &QueryFilter,
        skip: &Skip,
        out: &mut Vec<Found>,
    ) {
        if !crate::geometry::all_finite(position) {
            return;
        }
        let (slo, shi) = shape.local_bounds();
        let mut cells = Vec::new();
        for (handle, c) in self.candidates(position + slo, position + shi, filter) {
            if skip.contains(handle) {
                continue;
            }
            match &c.geometry {
                // One-way platforms never push.
                Geometry::Shape(_) if c.one_way => {}
                Geometry::Shape(s) => {
                    if let Some(p) = overlap(shape, position, s, c.position) {
                        out.push(found_overlap(handle, p, position, None));
                    }
                }
                Geometry::Tiles(t) => {
                    cells.clear();
                    t.overlaps(shape, position - c.position, &mut cells);
                    for (cell, p) in &cells {
                        out.push(found_overlap(handle, *p, position, Some(*cell)));
                    }
                }
            }
        }
    }

    /// The first collider (by handle) passing `filter` and not in `skip` that `shape` at
    /// `position` overlaps deeper than the tolerance, if any.
    pub(crate) fn overlaps_anything(
        &self,
        shape: &Shape,
        position: Vec2,
        filter: &QueryFilter,
        skip: &Skip,
    ) -> Option<Handle> {
        if !crate::geometry::all_finite(position) {
            return None;
        }
        let (slo, shi) = shape.local_bounds();
        self.candidates(position + slo, position + shi, filter)
            .into_iter()
            .filter(|(h, _)| !skip.contains(*h))
            .find(|(_, c)| match &c.geometry {
                Geometry::Shape(s) => {
                    !c.one_way && overlap(shape, position, s, c.position).is_some()
                }
                Geometry::Tiles(t) => t.overlaps_any(shape, position - c.position),
            })
            .map(|(h, _)| h)
    }

    /// The first contact of `shape` moving from `position` by `motion` among colliders
    /// passing `filter` and not in `skip`; the colliders it starts overlapping go to
    /// `overlaps` (when given) instead. Ties go to the lower handle.
    pub(crate) fn sweep(
        &self,
        shape: &Shape,
        position: Vec2,
        motion: Vec2,
        filter: &QueryFilter,
        skip: &Skip,
        mut overlaps: Option<&mut Vec<Found>>,
    ) -> Option<Found> {
        if !(crate::geometry::all_finite(position) && crate::geometry::all_finite(motion)) {
            return None;
        }
        let Swept {
            lo,
            hi,
            end_lo,
            end_hi,
        } = Swept::of(shape.local_bounds(), position, motion);
        let mut best: Option<Found> = None;
        let query = OneSweep {
            shape,
            position,
            motion,
            end_lo,
            end_hi,
            filter,
            skip,
        };
        for &i in self.grid.large() {
            if let Some(c) = self.slots[i as usize].collider.as_ref() {
                query.consider(self.handle_of(i), c, &mut best, &mut overlaps);
            }
        }
        // Made only when a second piece of the grid's walk may follow.
        let mut tested: Option<SmallIds> = None;
        // The colliders of one piece of the sweep (sorted, without repeats), none met before
        // `t0`; whether to go on.
        let mut scan = |t0: f32, ids: &[u32], only: bool| {
            if best.is_some_and(|b| b.fraction < t0) {
                return false;
            }
            // The first piece with colliders has nothing tested before it: its ids become the
            // tested list whole, instead of being inserted one by one; and none at all when no
            // piece follows (a character's short sweep).
            let first = tested.as_ref().is_none_or(SmallIds::is_empty);
            for &i in ids {
                // Skipped by slot without reading the slot (many movers at once).
                if skip.skips_slot(i) {
                    continue;
                }
                if (first || tested.as_mut().is_some_and(|t| t.insert_sorted(i)))
                    && let Some(c) = self.slots[i as usize].collider.as_ref()
                {
                    query.consider(self.handle_of(i), c, &mut best, &mut overlaps);
                }
            }
            if first && !only {
                let t = tested.get_or_insert_with(SmallIds::default);
                t.clear();
                t.extend_from_slice(ids);
            }
            true
        };
        let tol = || grid_pad(lo, hi);
        // The colliders near the body, gathered before: the grid's one-piece gathering of
        // these cells would give the same ones in the same order (the list may hold more,
        // which the bounds turn away before anything else).
        let near = skip
            .near
            .and_then(|n| n.ids_for(|| self.grid.swept_cells(lo, hi, motion, tol())));
        if let Some(ids) = near {
            debug_assert!(
                skip.near.and_then(Nearby::body).is_none_or(
                    |b| skip.contains(b) || self.get(b).is_none_or(|c| !filter.passes(b, c))
                ),
                "a sweep through the colliders near a body leaves that body out"
            );
            scan(0.0, ids, true);
        } else {
            // When the grid holds only a collider this query leaves out (the mover itself,
            // beside a tile map in the large list), there is nothing in it to meet.
            let only_left_out = self.grid.sole().is_some_and(|i| {
                let h = self.handle_of(i);
                skip.skips_slot(i)
                    || skip.contains(h)
                    || self.slots[i as usize]
                        .collider
                        .as_ref()
                        .is_none_or(|c| !filter.passes(h, c))
            });
            if !only_left_out {
                let mut scratch = SmallIds::default();
                self.grid
                    .sweep(lo, hi, motion, tol(), &mut scratch, |t0, ids, only| {
                        ids.sort_dedup();
                        scan(t0, ids.as_slice(), only)
                    });
            }
        }
        if let Some(out) = overlaps {
            out.sort_by(|a, b| {
                a.handle
                    .cmp(&b.handle)
                    .then(cell_key(a.cell).cmp(&cell_key(b.cell)))
            });
        }
        // A corner of a shape collider that a flush neighbour hides is met as the face.
        if let Some(b) = best.as_mut()
            && b.cell.is_none()
        {
            self.hide_flush_corner(b, (shape, position, motion), filter, skip);
        }
        best
    }
}

impl World {
    /// Whether [`sweep`](World::sweep) of a shape whose box in its own frame is `(slo, shi)`,
    /// from `position` (world frame) by `motion` (world units), leaving out `skip`, is sure to
    /// find no contact and no starting overlap, whatever its filter: each collider it would
    /// meet is left out or has bounds apart from the swept box (what the sweep checks first),
    /// and each tile map's cells swept hold no tile. Only the shape's box is read: a shape
    /// with that box meets nothing if the box meets nothing. Only a short sweep (cells
    /// gathered in one piece, in the grid and in the maps) is decided, and not one through
    /// colliders gathered before (`skip.near`); `false` decides nothing. Nothing is cast or
    /// gathered: most moves of a crowd through open space are decided this way for a
    /// fraction of a sweep.
    pub(crate) fn sweep_meets_nothing(
        &self,
        (slo, shi): (Vec2, Vec2),
        position: Vec2,
        motion: Vec2,
        skip: &Skip,
    ) -> bool {
        if skip.near.is_some()
            || !(crate::geometry::all_finite(position) && crate::geometry::all_finite(motion))
        {
            return false;
        }
        let Swept {
            lo,
            hi,
            end_lo,
            end_hi,
        } = Swept::of((slo, shi), position, motion);
        // What the sweep turns away before anything else (see `OneSweep::consider`).
        let left_out = |i: u32, c: &Collider| {
            bounds_apart(c, end_lo, end_hi) || skip.contains(self.handle_of(i))
        };
        let large_clear = self.grid.large().iter().all(|&i| {
            let Some(c) = self.slots[i as usize].collider.as_ref() else {
                return true;
            };
            // A map's tiles first: most often they settle it, and the map is seldom left out.
            let tiles_clear = match &c.geometry {
                Geometry::Tiles(t) => t.clear_of_tiles(slo, shi, position - c.position, motion),
                Geometry::Shape(_) => false,
            };
            tiles_clear || left_out(i, c)
        });
        // The grid's colliders, in the cells the sweep looks in: those whose slots are left
        // out (most of a crowd's neighbours) without reading their slots.
        large_clear
            && self
                .grid
                .all_in_short_sweep(lo, hi, motion, grid_pad(lo, hi), |i| {
                    skip.skips_slot(i)
                        || self.slots[i as usize]
                            .collider
                            .as_ref()
                            .is_none_or(|c| left_out(i, c))
                })
    }
}

/// The boxes of a sweep, world frame: the shape's box at the start (`[lo, hi]`) and the box
/// it sweeps over the whole motion (`[end_lo, end_hi]`). The one spelling of these sums, for
/// the world's sweeps and a `move_bodies` step's movers alike.
pub(crate) struct Swept {
    pub(crate) lo: Vec2,
    pub(crate) hi: Vec2,
    pub(crate) end_lo: Vec2,
    pub(crate) end_hi: Vec2,
}

impl Swept {
    /// The boxes of a shape whose box in its own frame is `(slo, shi)`, at `position` (world
    /// frame) moving by `motion` (world units).
    #[inline(always)]
    pub(crate) fn of((slo, shi): (Vec2, Vec2), position: Vec2, motion: Vec2) -> Swept {
        let (lo, hi) = (position + slo, position + shi);
        Swept {
            lo,
            hi,
            end_lo: lo + motion.min(Vec2::ZERO),
            end_hi: hi + motion.max(Vec2::ZERO),
        }
    }
}

/// Whether the world bounds of `c` are apart from the swept box `[end_lo, end_hi]`: the test
/// a sweep turns a collider away with before anything else (touching boxes are not apart).
#[inline(always)]
pub(super) fn bounds_apart(c: &Collider, end_lo: Vec2, end_hi: Vec2) -> bool {
    !(c.lo.cmple(end_hi).all() && end_lo.cmple(c.hi).all())
}

/// How far (world units) a sweep of the box `[lo, hi]` widens it when it looks up the grid's
/// cells: the linear tolerance of its coordinates.
#[inline(always)]
fn grid_pad(lo: Vec2, hi: Vec2) -> f32 {
    linear_tolerance(lo.abs().max(hi.abs()).max_element())
}

/// One sweep's query: `shape` from `position` by `motion` (its swept box `[end_lo, end_hi]`),
/// against the colliders passing `filter` and not in `skip`.
struct OneSweep<'q> {
    shape: &'q Shape,
    position: Vec2,
    motion: Vec2,
    end_lo: Vec2,
    end_hi: Vec2,
    filter: &'q QueryFilter<'q>,
    skip: &'q Skip<'q>,
}

impl OneSweep<'_> {
    /// Meets the collider `c` (slot `handle`): a contact earlier than `best` replaces it, an
    /// overlap at the start goes to `overlaps` (when wanted). Always inlined: called for
    /// every candidate, from the large colliders' loop and from each piece of the grid's
    /// walk, where a call would cost more than the bounds test that turns most away.
    #[inline(always)]
    fn consider(
        &self,
        handle: Handle,
        c: &Collider,
        best: &mut Option<Found>,
        overlaps: &mut Option<&mut Vec<Found>>,
    ) {
        // The bounds first: they turn away most candidates, and read only the slot's first
        // cache line.
        if bounds_apart(c, self.end_lo, self.end_hi) {
            return;
        }
        if self.skip.contains(handle)
            || (self.skip.kinematic && c.kind != BodyKind::Static)
            || !self.filter.passes(handle, c)
        {
            return;
        }
        match &c.geometry {
            Geometry::Shape(s) => {
                match cast(
                    self.shape,
                    self.position,
                    self.motion,
                    s,
                    c.position,
                    Vec2::ZERO,
                ) {
                    CastResult::Miss => {}
                    // A one-way platform blocks only a body that starts clear of it and
                    // comes onto a face looking up; it never pushes.
                    CastResult::Hit(h) if c.one_way && h.normal.y <= 0.0 => {}
                    CastResult::Overlapping(_) if c.one_way => {}
                    CastResult::Hit(h) => {
                        let f = found_hit(handle, &h);
                        if best.is_none_or(|b| first_met(&f, &b, self.motion)) {
                            *best = Some(f);
                        }
                    }
                    CastResult::Overlapping(p) => {
                        if let Some(out) = overlaps.as_deref_mut() {
                            out.push(found_overlap(handle, p, self.position, None));
                        }
                    }
                }
            }
            Geometry::Tiles(t) => {
                let q = self.position - c.position;
                let mut cells = Vec::new();
                let want = overlaps.is_some();
                if let Some(h) = t.cast(
                    self.shape,
                    q,
                    self.motion,
                    self.filter.one_way,
                    want.then_some(&mut cells),
                    c.position,
                ) {
                    let f = Found {
                        handle,
                        fraction: h.fraction,
                        point: h.point + c.position,
                        normal: h.normal,
                        depth: 0.0,
                        cell: Some(h.cell),
                    };
                    if best.is_none_or(|b| first_met(&f, &b, self.motion)) {
                        *best = Some(f);
                    }
                }
                if let Some(out) = overlaps.as_deref_mut() {
                    for (cell, p) in cells {
                        out.push(found_overlap(handle, p, self.position, Some(cell)));
                    }
                }
            }
        }
    }
}

/// Colliders a query leaves out: a sorted list (searched by bisection), a short unsorted one,
/// and a bit per slot index (for many at once); and, for a body's own sweeps, the colliders
/// near it already gathered.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Skip<'a> {
    pub sorted: &'a [Handle],
    pub extra: &'a [Handle],
    pub slots: &'a [u64],
    /// Leave out every collider that is not static (a push out of an overlap is checked
    /// against the level only).
    pub kinematic: bool,
    /// The colliders gathered near a moving body that this query leaves out: a sweep within
    /// the cells they were gathered from considers them instead of walking the grid, with the
    /// same result.
    pub near: Option<&'a Nearby>,
}

impl Skip<'_> {
    #[inline]
    pub fn contains(&self, h: Handle) -> bool {
        self.skips_slot(h.index) || self.extra.contains(&h) || self.sorted.binary_search(&h).is_ok()
    }

    /// Whether the slot's bit is set.
    #[inline]
    pub fn skips_slot(&self, index: u32) -> bool {
        let i = index as usize;
        self.slots
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
}

/// One bit per slot index of `world`, none set: see [`set_live_slot_bit`].
pub(crate) fn no_slot_bits(world: &World) -> Vec<u64> {
    vec![0u64; world.slots.len().div_ceil(64)]
}

/// Sets the bit of the slot of `handle` in `bits` (from [`no_slot_bits`]), a handle that the
/// caller has just found live (no slot is read to check it again: a bit set for a handle that
/// is not live would leave out whatever lives in its slot).
#[inline]
pub(crate) fn set_live_slot_bit(bits: &mut [u64], handle: Handle) {
    let i = handle.index as usize;
    if let Some(word) = bits.get_mut(i / 64) {
        *word |= 1 << (i % 64);
    }
}

/// Whether contact `a` comes before `b` for a body moving by `motion`: the earlier one; at the
/// same instant the more head-on one, then by normal, then by handle — so that the order the
/// world was built in decides nothing but exact ties of everything.
pub(super) fn first_met(a: &Found, b: &Found, motion: Vec2) -> bool {
    let key = |f: &Found| (f.fraction, f.normal.dot(motion), f.normal.x, f.normal.y);
    match key(a).partial_cmp(&key(b)) {
        Some(std::cmp::Ordering::Less) => true,
        Some(std::cmp::Ordering::Greater) => false,
        _ => a.handle < b.handle,
    }
}

fn cell_key(c: Option<IVec2>) -> (i32, i32) {
    c.map_or((i32::MIN, i32::MIN), |c| (c.y, c.x))
}

/// A hit of a shape collider met by a cast, world frame.
pub(super) fn found_hit(handle: Handle, h: &CastHit) -> Found {
    Found {
        handle,
        fraction: h.fraction,
        point: h.point,
        normal: h.normal,
        depth: 0.0,
        cell: None,
    }
}

pub(super) fn found_overlap(
    handle: Handle,
    p: Penetration,
    position: Vec2,
    cell: Option<IVec2>,
) -> Found {
    Found {
        handle,
        fraction: 0.0,
        point: position,
        normal: p.normal,
        depth: p.depth,
        cell,
    }
}
