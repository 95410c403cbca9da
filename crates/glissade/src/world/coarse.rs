//! The broadphase's second, coarser level: how many colliders touch each block of
//! [`COARSE_SIDE`] × [`COARSE_SIDE`] grid cells, and the exact bounds of the blocks touched.
//! Queries use it to step over empty space a block at a time and to descend to the grid's
//! cells only where a block holds something; the counts make it forget a collider the moment
//! the collider is removed or moves away.

use std::collections::{BTreeMap, HashMap};
use std::hash::BuildHasherDefault;

use glam::IVec2;

use super::bucket::{KeyHasher, key, unkey};
use super::grid_walk::{CellRect, Moving, Plan};

/// A coarse cell is `2^COARSE_SHIFT` grid cells on a side.
pub(crate) const COARSE_SHIFT: u32 = 4;

/// Grid cells on a side of a coarse cell.
pub(crate) const COARSE_SIDE: i32 = 1 << COARSE_SHIFT;

/// Grid cells in a coarse cell: a query over at most this many cells looks them up directly.
pub(crate) const COARSE_AREA: u64 = (COARSE_SIDE * COARSE_SIDE) as u64;

/// The counts table is shrunk when it holds fewer than one entry in this many slots, so that
/// going through it after many removals costs what is left, not what once was.
const SHRINK_RATIO: usize = 4;

/// The counts table is never shrunk below this many slots.
const MIN_CAPACITY: usize = 64;

/// The grid cells of coarse cells `rect` (coarse coordinates are grid coordinates shifted
/// right, so this cannot overflow).
pub(crate) fn fine_cells(rect: CellRect) -> CellRect {
    let s = COARSE_SHIFT as i32;
    CellRect {
        lo: rect.lo << s,
        hi: (rect.hi << s) + (COARSE_SIDE - 1),
    }
}

/// Counts of the work queries do, for tests that bound it without timing anything: one per
/// grid cell looked up, per coarse cell looked up and per coarse entry gone through.
#[cfg(test)]
pub(crate) mod work {
    use std::cell::Cell;

    thread_local! {
        static EXAMINED: Cell<u64> = const { Cell::new(0) };
    }

    pub fn add(n: u64) {
        EXAMINED.with(|e| e.set(e.get() + n));
    }

    /// The work counted on this thread since the last call.
    pub fn take() -> u64 {
        EXAMINED.with(|e| e.replace(0))
    }
}

/// Outside tests the count is nothing.
#[cfg(not(test))]
pub(crate) mod work {
    #[inline(always)]
    pub fn add(_: u64) {}
}

/// Colliders per coarse cell, for the coarse cells that some collider touches.
#[derive(Debug, Clone, Default)]
pub(crate) struct Coarse {
    /// Colliders touching each coarse cell, keyed by [`key`]; no zero counts.
    counts: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    /// Coarse cells in `counts` per column (x) and per row (y): their first and last keys
    /// give `bounds` back when an edge empties.
    columns: BTreeMap<i32, u32>,
    rows: BTreeMap<i32, u32>,
    /// The smallest rectangle of coarse cells holding every cell in `counts`, and its grid
    /// cells.
    bounds: Option<CellRect>,
    occupied: Option<CellRect>,
}

/// Counts one more (`up`) or one less at `at`, dropping the entry at zero; whether it was
/// dropped.
fn bump(map: &mut BTreeMap<i32, u32>, at: i32, up: bool) -> bool {
    let n = map.entry(at).or_default();
    if up {
        *n += 1;
        return false;
    }
    *n -= 1;
    if *n == 0 {
        map.remove(&at);
        return true;
    }
    false
}

impl Coarse {
    /// The grid cells of the smallest rectangle of coarse cells holding every collider filed,
    /// if any.
    #[inline]
    pub fn occupied(&self) -> Option<CellRect> {
        self.occupied
    }

    fn set_bounds(&mut self, bounds: Option<CellRect>) {
        self.bounds = bounds;
        self.occupied = bounds.map(fine_cells);
    }

    /// Counts one more collider in the coarse cells of grid cells `cells`.
    pub fn add(&mut self, cells: CellRect) {
        let rect = cells.coarser(COARSE_SHIFT);
        for y in rect.lo.y..=rect.hi.y {
            for x in rect.lo.x..=rect.hi.x {
                let n = self.counts.entry(key(IVec2::new(x, y))).or_default();
                *n += 1;
                if *n == 1 {
                    bump(&mut self.columns, x, true);
                    bump(&mut self.rows, y, true);
                }
            }
        }
        let grown = match self.bounds {
            Some(b) => CellRect {
                lo: b.lo.min(rect.lo),
                hi: b.hi.max(rect.hi),
            },
            None => rect,
        };
        if self.bounds != Some(grown) {
            self.set_bounds(Some(grown));
        }
    }

    /// Counts one collider less in the coarse cells of grid cells `cells`.
    pub fn remove(&mut self, cells: CellRect) {
        let rect = cells.coarser(COARSE_SHIFT);
        let mut edge_emptied = false;
        for y in rect.lo.y..=rect.hi.y {
            for x in rect.lo.x..=rect.hi.x {
                let k = key(IVec2::new(x, y));
                let Some(n) = self.counts.get_mut(&k) else {
                    continue;
                };
                *n -= 1;
                if *n == 0 {
                    self.counts.remove(&k);
                    edge_emptied |= bump(&mut self.columns, x, false);
                    edge_emptied |= bump(&mut self.rows, y, false);
                }
            }
        }
        if edge_emptied {
            // A whole column or row emptied: the bounds may shrink.
            let bounds = match (
                self.columns.first_key_value(),
                self.columns.last_key_value(),
                self.rows.first_key_value(),
                self.rows.last_key_value(),
            ) {
                (Some((&x0, _)), Some((&x1, _)), Some((&y0, _)), Some((&y1, _))) => {
                    Some(CellRect {
                        lo: IVec2::new(x0, y0),
                        hi: IVec2::new(x1, y1),
                    })
                }
                _ => None,
            };
            self.set_bounds(bounds);
        }
        let cap = self.counts.capacity();
        if cap > MIN_CAPACITY && self.counts.len() * SHRINK_RATIO < cap {
            self.counts.shrink_to(self.counts.len() * 2);
        }
    }

    /// Calls `f` with each coarse cell of `rect` that some collider touches (in no particular
    /// order): by looking up each coarse cell of `rect`, or by going through the coarse cells
    /// in use when they are fewer; so in `min(rect.count(), held)` steps, `held` being the
    /// number of coarse cells in use (going through them costs about as much: the table is
    /// kept within [`SHRINK_RATIO`] times their number).
    pub fn for_each_held(&self, rect: CellRect, mut f: impl FnMut(IVec2)) {
        let held = self.counts.len() as u64;
        if rect.count() <= held {
            work::add(rect.count());
            for y in rect.lo.y..=rect.hi.y {
                for x in rect.lo.x..=rect.hi.x {
                    let c = IVec2::new(x, y);
                    if self.counts.contains_key(&key(c)) {
                        f(c);
                    }
                }
            }
        } else {
            work::add(held);
            for c in self.counts.keys().filter_map(|&k| unkey(k)) {
                if rect.contains(c) {
                    f(c);
                }
            }
        }
    }

    /// A coarse cell of `rect` that some collider touches, if any: of those, the one in the
    /// row furthest toward `ahead` (the signs of a motion: +1 toward +x or +y, else 0), and in
    /// it the column furthest toward `ahead`, so that the next piece of the motion likely
    /// holds it too. At most as many steps as [`Coarse::for_each_held`].
    pub fn find_held(&self, rect: CellRect, ahead: IVec2) -> Option<IVec2> {
        // How far along the motion a cell is, row first.
        let along = |v: i32, up: i32| if up > 0 { i64::from(v) } else { -i64::from(v) };
        let rank = |c: IVec2| (along(c.y, ahead.y), along(c.x, ahead.x));
        if rect.count() > self.counts.len() as u64 {
            let mut best: Option<IVec2> = None;
            self.for_each_held(rect, |c| {
                if best.is_none_or(|b| rank(c) > rank(b)) {
                    best = Some(c);
                }
            });
            return best;
        }
        // From the far corner back: the first found is the furthest.
        let size = rect.hi - rect.lo;
        for j in 0..=size.y {
            let y = if ahead.y > 0 {
                rect.hi.y - j
            } else {
                rect.lo.y + j
            };
            for i in 0..=size.x {
                let x = if ahead.x > 0 {
                    rect.hi.x - i
                } else {
                    rect.lo.x + i
                };
                let c = IVec2::new(x, y);
                work::add(1);
                if self.counts.contains_key(&key(c)) {
                    return Some(c);
                }
            }
        }
        None
    }
}

/// The fractions of a sweep to walk cell by cell, in order: the coarse pieces of the motion
/// that touch a coarse cell in use (see [`Moving::plan`]), consecutive ones together.
pub(crate) struct Windows<'a> {
    coarse: &'a Coarse,
    moving: Moving,
    /// The coarse cells in use.
    bounds: CellRect,
    /// The coarse pieces not yet gone through ([`Plan::Nothing`] when done).
    plan: Plan,
    /// The next of many pieces.
    next: u32,
    /// A coarse cell in use of the last piece (often in the next one too: no lookup then).
    held: Option<IVec2>,
    /// The signs of the motion, +1 toward +x or +y: where the next piece is.
    ahead: IVec2,
}

impl<'a> Windows<'a> {
    /// The windows of the motion of `moving`, within the cells `occupied` (the grid cells of
    /// the coarse cells in use).
    pub fn new(coarse: &'a Coarse, moving: Moving, occupied: CellRect) -> Self {
        let d = moving.motion();
        Windows {
            coarse,
            moving,
            bounds: occupied.coarser(COARSE_SHIFT),
            plan: moving.plan(COARSE_SHIFT, occupied, (0.0, 1.0)),
            next: 0,
            held: None,
            ahead: IVec2::new(i32::from(d.x > 0.0), i32::from(d.y > 0.0)),
        }
    }
}

impl Iterator for Windows<'_> {
    type Item = (f32, f32);

    fn next(&mut self) -> Option<(f32, f32)> {
        match std::mem::replace(&mut self.plan, Plan::Nothing) {
            Plan::Nothing => None,
            Plan::One(t0, t1, coarse) => {
                self.coarse.find_held(coarse, self.ahead).map(|_| (t0, t1))
            }
            Plan::Many { ta, tb, n } => {
                let mut run: Option<(f32, f32)> = None;
                while self.next < n {
                    let span = Plan::span(ta, tb, n, self.next);
                    self.next += 1;
                    let coarse = self.moving.cells(span).coarser(COARSE_SHIFT);
                    let last = self.held;
                    self.held =
                        coarse
                            .clamp(self.bounds.lo, self.bounds.hi)
                            .and_then(|c| match last {
                                Some(h) if c.contains(h) => Some(h),
                                _ => self.coarse.find_held(c, self.ahead),
                            });
                    match (run, self.held) {
                        (Some((a, _)), Some(_)) => run = Some((a, span.1)),
                        (None, Some(_)) => run = Some(span),
                        (Some(window), None) => {
                            // Pieces left: gone through on the next call.
                            self.plan = Plan::Many { ta, tb, n };
                            return Some(window);
                        }
                        (None, None) => {}
                    }
                }
                run
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The work of broadphase queries, counted by [`work`]: bounded by what is near the query,
    //! whatever lies elsewhere or lay there once.

    use std::collections::HashSet;

    use glam::Vec2;

    use super::super::grid::{Grid, Placement};
    use super::super::small_ids::SmallIds;
    use super::*;
    use crate::shape::{Aabb, Shape};
    use crate::world::DEFAULT_CELL_SIZE;
    use crate::world::{ColliderDesc, QueryFilter, World};

    /// The work and the colliders of a sweep of the box `[lo, hi]` by `d` (never stopped).
    fn sweep(g: &Grid, lo: Vec2, hi: Vec2, d: Vec2) -> (u64, Vec<u32>) {
        work::take();
        let mut ids = Vec::new();
        g.sweep(lo, hi, d, 0.0, &mut SmallIds::default(), |_, found, _| {
            ids.extend_from_slice(found.as_slice());
            true
        });
        ids.sort_unstable();
        ids.dedup();
        (work::take(), ids)
    }

    /// The coarse cells the box `[lo, hi]` touches while moving by `d`, by sampling the motion
    /// every quarter of a grid cell.
    fn coarse_cells_along(lo: Vec2, hi: Vec2, d: Vec2, cell: f32) -> HashSet<IVec2> {
        let steps = (d.abs().max_element() / cell * 4.0).ceil() as u32;
        let mut out = HashSet::new();
        for k in 0..=steps {
            let p = d * (k as f32 / steps as f32);
            let r = CellRect::covering(lo + p, hi + p, cell).coarser(COARSE_SHIFT);
            for y in r.lo.y..=r.hi.y {
                for x in r.lo.x..=r.hi.x {
                    out.insert(IVec2::new(x, y));
                }
            }
        }
        out
    }

    fn unit_box(at: Vec2) -> ColliderDesc {
        ColliderDesc::new(Aabb::new(Vec2::ZERO, Vec2::ONE).unwrap(), at)
    }

    /// A world of 8 × 8 unit boxes near the origin, 16 apart, and the shape cast in it.
    fn field() -> (World, Shape) {
        let mut w = World::new();
        for i in 0..8 {
            for j in 0..8 {
                w.add(unit_box(Vec2::new(i as f32, j as f32) * 16.0))
                    .unwrap();
            }
        }
        (w, Aabb::new(Vec2::ZERO, Vec2::splat(0.5)).unwrap().into())
    }

    /// The most work a sweep may do: a few lookups per coarse cell the moving box touches
    /// (`along`), and a few per grid cell of the coarse cells in use that it touches (`held`).
    fn bound(along: usize, held: u64) -> u64 {
        4 * along as u64 + 4 * COARSE_AREA * held
    }

    /// The work of one cast in `w`.
    fn cast_work(w: &World, shape: &Shape, from: Vec2, by: Vec2) -> u64 {
        work::take();
        let _ = w.cast_shape(shape, from, by, &QueryFilter::default());
        work::take()
    }

    #[test]
    fn a_long_cast_past_one_far_box_costs_the_coarse_cells_on_its_way() {
        let cell = 4.0;
        let mut g = Grid::new(cell);
        g.insert(1, Vec2::splat(-10.0), Vec2::splat(-9.0), false);
        g.insert(2, Vec2::splat(1e6), Vec2::splat(1e6 + 1.0), false);
        let (lo, hi, d) = (Vec2::ZERO, Vec2::splat(0.5), Vec2::splat(1e6));
        let (work, ids) = sweep(&g, lo, hi, d);
        // It ends on the far box, and finds it.
        assert_eq!(ids, vec![2]);
        // The coarse cells on the way, and the far box's (the other is off the way).
        let along = coarse_cells_along(lo, hi, d, cell).len();
        assert!(
            work <= bound(along, 1),
            "{work} for {along} coarse cells along"
        );
        // (Before: 65,536 pieces, each going through every bucket.)
    }

    #[test]
    fn a_long_cast_along_a_row_costs_the_coarse_cells_on_its_way() {
        let cell = 4.0;
        let mut g = Grid::new(cell);
        g.insert(1, Vec2::new(-10.0, 0.0), Vec2::new(-9.0, 1.0), false);
        g.insert(2, Vec2::new(1e6, 0.0), Vec2::new(1e6 + 1.0, 1.0), false);
        let (lo, hi, d) = (Vec2::ZERO, Vec2::splat(0.5), Vec2::new(1e6, 0.0));
        let (work, ids) = sweep(&g, lo, hi, d);
        assert_eq!(ids, vec![2]);
        let along = coarse_cells_along(lo, hi, d, cell).len();
        assert!(
            work <= bound(along, 1),
            "{work} for {along} coarse cells along"
        );
    }

    #[test]
    fn a_far_box_does_not_slow_a_long_cast_elsewhere_and_leaves_no_trace() {
        let (mut w, shape) = field();
        let from = Vec2::new(8.0, 0.0);
        let before = cast_work(&w, &shape, from, Vec2::splat(1e5));
        let far = w.add(unit_box(Vec2::splat(1e6))).unwrap();
        // The whole way to the far box, past the field (four coarse cells) and the far box's.
        let by = Vec2::splat(1e6);
        let long = cast_work(&w, &shape, from, by);
        let along = coarse_cells_along(from, from + 0.5, by, DEFAULT_CELL_SIZE).len();
        assert!(
            long <= bound(along, 5),
            "{long} for {along} coarse cells along"
        );
        w.remove(far).unwrap();
        assert_eq!(cast_work(&w, &shape, from, Vec2::splat(1e5)), before);
        // Nor does a box that went far and came back.
        let h = w.add(unit_box(Vec2::new(4.0, 4.0))).unwrap();
        let with_it = cast_work(&w, &shape, from, Vec2::splat(1e5));
        w.set_position(h, Vec2::splat(-1e6)).unwrap();
        w.set_position(h, Vec2::new(4.0, 4.0)).unwrap();
        assert_eq!(cast_work(&w, &shape, from, Vec2::splat(1e5)), with_it);
        w.remove(h).unwrap();
        assert_eq!(cast_work(&w, &shape, from, Vec2::splat(1e5)), before);
    }

    #[test]
    fn the_occupied_area_shrinks_on_remove_and_on_moves_away() {
        let mut g = Grid::new(1.0);
        let a = g.insert(1, Vec2::ZERO, Vec2::ONE, false);
        let block = |c: IVec2| fine_cells(CellRect { lo: c, hi: c });
        let home = block(IVec2::ZERO);
        assert_eq!(g.occupied(), Some(home));
        // A second collider in the same column and the same row, then one far away.
        let b = g.insert(2, Vec2::new(0.5, 40.0), Vec2::new(0.6, 40.1), false);
        let c = g.insert(3, Vec2::new(40.0, 0.5), Vec2::new(40.1, 0.6), false);
        let far = g.insert(4, Vec2::splat(-1e6), Vec2::splat(-1e6 + 1.0), false);
        assert_eq!(
            g.occupied().map(|o| o.lo),
            Some(block(IVec2::splat(-62_500)).lo)
        );
        g.remove(4, far);
        g.remove(3, c);
        g.remove(2, b);
        assert_eq!(g.occupied(), Some(home));
        // Moving away and back.
        let moved = g.update(1, a, Vec2::splat(5e5), Vec2::splat(5e5 + 1.0), false);
        let there = block(IVec2::splat(31_250));
        assert_eq!(g.occupied(), Some(there));
        let back = g.update(1, moved, Vec2::ZERO, Vec2::ONE, false);
        assert_eq!((back, g.occupied()), (a, Some(home)));
        // Becoming large (a tile map) and going: nothing left.
        let large = g.update(1, back, Vec2::ZERO, Vec2::ONE, true);
        assert_eq!((large, g.occupied()), (Placement::Large, None));
        g.remove(1, large);
        assert_eq!(g.occupied(), None);
    }

    #[test]
    fn a_huge_query_box_costs_the_coarse_cells_in_use() {
        let mut g = Grid::new(1.0);
        g.insert(1, Vec2::ZERO, Vec2::ONE, false);
        g.insert(2, Vec2::splat(1e6), Vec2::splat(1e6 + 1.0), false);
        work::take();
        let mut out = Vec::new();
        g.candidates_in(Vec2::splat(-2e6), Vec2::splat(2e6), &mut out);
        out.sort_unstable();
        out.dedup();
        assert_eq!(out, vec![1, 2]);
        // The two coarse cells held, then their cells.
        let work = work::take();
        assert!(work <= 2 + 2 * COARSE_AREA, "{work}");
        // A huge body swept far: the same, the coarse cells held gone through twice (to find
        // where to look, then to look).
        let (work, ids) = sweep(&g, Vec2::splat(-5e5), Vec2::splat(5e5), Vec2::splat(6e5));
        assert_eq!(ids, vec![1, 2]);
        assert!(work <= 2 * 2 + 2 * COARSE_AREA, "{work}");
    }
}
