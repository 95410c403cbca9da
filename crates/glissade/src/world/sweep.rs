//! The first contact of a shape moving through the world, and the overlaps it starts in: the
//! cast every move is made of.

use glam::{IVec2, Vec2};

use super::small_ids::SmallIds;
use super::{BodyKind, Collider, Geometry, Handle, QueryFilter, World};
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
        let (slo, shi) = shape.local_bounds();
        let (lo, hi) = (position + slo, position + shi);
        let end_lo = lo + motion.min(Vec2::ZERO);
        let end_hi = hi + motion.max(Vec2::ZERO);
        let mut best: Option<Found> = None;
        let consider = |handle: Handle,
                        c: &Collider,
                        best: &mut Option<Found>,
                        overlaps: &mut Option<&mut Vec<Found>>| {
            // The bounds first: they turn away most candidates, and read only the slot's first
            // cache line.
            if !(c.lo.cmple(end_hi).all() && end_lo.cmple(c.hi).all()) {
                return;
            }
            if skip.contains(handle)
                || (skip.kinematic && c.kind != BodyKind::Static)
                || !filter.passes(handle, c)
            {
                return;
            }
            match &c.geometry {
                Geometry::Shape(s) => {
                    match cast(shape, position, motion, s, c.position, Vec2::ZERO) {
                        CastResult::Miss => {}
                        // A one-way platform blocks only a body that starts clear of it and
                        // comes onto a face looking up; it never pushes.
                        CastResult::Hit(h) if c.one_way && h.normal.y <= 0.0 => {}
                        CastResult::Overlapping(_) if c.one_way => {}
                        CastResult::Hit(h) => {
                            let f = found_hit(handle, &h);
                            if best.is_none_or(|b| first_met(&f, &b, motion)) {
                                *best = Some(f);
                            }
                        }
                        CastResult::Overlapping(p) => {
                            if let Some(out) = overlaps.as_deref_mut() {
                                out.push(found_overlap(handle, p, position, None));
                            }
                        }
                    }
                }
                Geometry::Tiles(t) => {
                    let q = position - c.position;
                    let mut cells = Vec::new();
                    let want = overlaps.is_some();
                    if let Some(h) =
                        t.cast(shape, q, motion, filter.one_way, want.then_some(&mut cells))
                    {
                        let f = Found {
                            handle,
                            fraction: h.fraction,
                            point: h.point + c.position,
                            normal: h.normal,
                            depth: 0.0,
                            cell: Some(h.cell),
                        };
                        if best.is_none_or(|b| first_met(&f, &b, motion)) {
                            *best = Some(f);
                        }
                    }
                    if let Some(out) = overlaps.as_deref_mut() {
                        for (cell, p) in cells {
                            out.push(found_overlap(handle, p, position, Some(cell)));
                        }
                    }
                }
            }
        };
        for &i in self.grid.large() {
            if let Some(c) = self.slots[i as usize].collider.as_ref() {
                consider(self.handle_of(i), c, &mut best, &mut overlaps);
            }
        }
        // When the grid holds only a collider this query leaves out (the mover itself, beside
        // a tile map in the large list), there is nothing in it to meet.
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
            let tol = linear_tolerance(lo.abs().max(hi.abs()).max_element());
            // Made only when a second piece may follow.
            let mut tested: Option<SmallIds> = None;
            let mut scratch = SmallIds::default();
            self.grid
                .sweep(lo, hi, motion, tol, &mut scratch, |t0, ids, only| {
                    if best.is_some_and(|b| b.fraction < t0) {
                        return false;
                    }
                    ids.sort_dedup();
                    // The first piece with colliders has nothing tested before it: its ids
                    // (sorted, without repeats) become the tested list whole, instead of being
                    // inserted one by one; and none at all when no piece follows (a
                    // character's short sweep).
                    let first = tested.as_ref().is_none_or(SmallIds::is_empty);
                    for &i in ids.as_slice() {
                        // Skipped by slot without reading the slot (many movers at once).
                        if skip.skips_slot(i) {
                            continue;
                        }
                        if (first || tested.as_mut().is_some_and(|t| t.insert_sorted(i)))
                            && let Some(c) = self.slots[i as usize].collider.as_ref()
                        {
                            consider(self.handle_of(i), c, &mut best, &mut overlaps);
                        }
                    }
                    if first && !only {
                        tested.get_or_insert_with(SmallIds::default).copy_from(ids);
                    }
                    true
                });
        }
        if let Some(out) = overlaps {
            out.sort_by(|a, b| {
                a.handle
                    .cmp(&b.handle)
                    .then(cell_key(a.cell).cmp(&cell_key(b.cell)))
            });
        }
        best
    }
}
/// Colliders a query leaves out: a sorted list (searched by bisection), a short unsorted one,
/// and a bit per slot index (for many at once).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Skip<'a> {
    pub sorted: &'a [Handle],
    pub extra: &'a [Handle],
    pub slots: &'a [u64],
    /// Leave out every collider that is not static (a push out of an overlap is checked
    /// against the level only).
    pub kinematic: bool,
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

/// One bit per slot index, set for `handles`, which the caller has just found live (no slot
/// is read to check them again: a bit set for a handle that is not live would leave out
/// whatever lives in its slot).
pub(crate) fn live_slot_bits(world: &World, handles: impl Iterator<Item = Handle>) -> Vec<u64> {
    let mut bits = vec![0u64; world.slots.len().div_ceil(64)];
    for h in handles {
        debug_assert!(world.contains(h), "a handle found live");
        let i = h.index as usize;
        bits[i / 64] |= 1 << (i % 64);
    }
    bits
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
