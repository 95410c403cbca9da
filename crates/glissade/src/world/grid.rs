//! Broadphase: a uniform grid of buckets (dense where colliders are, hashed beyond), counts
//! of colliders per block of cells ([`Coarse`]) to step over empty space, plus a list of large
//! colliders.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use glam::{IVec2, Vec2};

use super::bucket::{Bucket, KeyHasher, key, unkey};
use super::coarse::{COARSE_AREA, COARSE_SHIFT, Coarse, Windows, work};
use super::grid_walk::{CellRect, Moving, walk_cells};
use super::small_ids::SmallIds;

/// Colliders covering more cells than this are kept in one list, tested by every query.
const MAX_CELLS_PER_COLLIDER: u64 = 64;

/// A sweep whose swept box covers at most this many cells of the area in use gathers them all
/// at once instead of walking them in order along the motion.
pub(crate) const SHORT_SWEEP_CELLS: u64 = 9;

/// The cell of side `cell` holding `p`.
pub(crate) fn cell_of(p: Vec2, cell: f32) -> IVec2 {
    CellRect::covering(p, p, cell).lo
}

/// Most cells kept in the dense array (1 M, about 48 MB); cells beyond it go to a hash map.
const MAX_DENSE_CELLS: u64 = 1 << 20;

/// The dense array may hold this many cells per filed entry (and at least
/// [`MIN_DENSE_CELLS`]): a sparse world stays in the hash map.
const DENSE_CELLS_PER_ENTRY: u64 = 8;

/// Fewest cells the dense array grows by on each side when it grows.
const DENSE_MARGIN_CELLS: i64 = 8;

/// Cells the dense array may always hold.
const MIN_DENSE_CELLS: u64 = 4096;

/// The uniform grid: a dense array of cells over the area in use (so that neighbouring cells
/// are neighbours in memory), a hash map for cells far outside it, the counts of colliders per
/// coarse cell, and a list of large colliders.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    cell: f32,
    /// Dense cells `[origin, origin + dims)`, row by row.
    origin: IVec2,
    dims: IVec2,
    dense: Vec<Bucket>,
    sparse: HashMap<u64, Bucket, BuildHasherDefault<KeyHasher>>,
    /// Number of (cell, collider) entries filed.
    filed: u64,
    /// The cells ever filed, at most (it grows, never shrinks).
    used: Option<CellRect>,
    /// Colliders filed in cells (not in the large list), and the sum of their ids.
    in_cells: u32,
    id_sum: u64,
    /// Times the dense array was rebuilt (tests check that growth is amortized).
    #[cfg(test)]
    rebuilt: u32,
    /// Cells of every dense array built, summed (tests check that growth is amortized).
    #[cfg(test)]
    rebuilt_cells: u64,
    large: Vec<u32>,
    /// Colliders per coarse cell: queries stop at the edge of the coarse cells in use and
    /// step over those holding nothing.
    coarse: Coarse,
}

impl Grid {
    pub fn new(cell: f32) -> Self {
        Grid {
            cell,
            origin: IVec2::ZERO,
            dims: IVec2::ZERO,
            dense: Vec::new(),
            sparse: HashMap::default(),
            filed: 0,
            used: None,
            in_cells: 0,
            id_sum: 0,
            #[cfg(test)]
            rebuilt: 0,
            #[cfg(test)]
            rebuilt_cells: 0,
            large: Vec::new(),
            coarse: Coarse::default(),
        }
    }

    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    /// Index of `c` in the dense array, if it is there.
    #[inline]
    fn dense_index(&self, c: IVec2) -> Option<usize> {
        let d = c.as_i64vec2() - self.origin.as_i64vec2();
        let dims = self.dims.as_i64vec2();
        (d.x >= 0 && d.y >= 0 && d.x < dims.x && d.y < dims.y)
            .then(|| d.y as usize * dims.x as usize + d.x as usize)
    }

    #[inline]
    fn bucket(&self, c: IVec2) -> Option<&Bucket> {
        match self.dense_index(c) {
            Some(i) => Some(&self.dense[i]),
            None => self.sparse.get(&key(c)),
        }
    }

    fn bucket_mut(&mut self, c: IVec2) -> &mut Bucket {
        match self.dense_index(c) {
            Some(i) => &mut self.dense[i],
            None => self.sparse.entry(key(c)).or_default(),
        }
    }

    /// Makes the dense array cover `rect` too, when the result stays within the allowance
    /// (cells per filed entry, at most [`MAX_DENSE_CELLS`]); each rebuild grows the array by
    /// half again, so that growth is amortized (see the margins below).
    fn cover(&mut self, rect: CellRect) {
        if !self.dense.is_empty() {
            let cur_hi = self.origin + self.dims - 1;
            if rect.lo.cmpge(self.origin).all() && rect.hi.cmple(cur_hi).all() {
                return;
            }
        }
        let used = match self.used {
            Some(u) => CellRect {
                lo: u.lo.min(rect.lo),
                hi: u.hi.max(rect.hi),
            },
            None => rect,
        };
        self.used = Some(used);
        // The array is laid around every cell ever filed (not around its own old margins,
        // which would only grow it further each time) when that fits; else it grows from
        // where it is toward the new cells.
        // Two at most, in an array: this runs each time a collider is filed beyond the dense
        // array, often without rebuilding it (the hashed cells of a world too sparse for it).
        let grown = (!self.dense.is_empty()).then(|| {
            let cur_hi = self.origin + self.dims - 1;
            CellRect {
                lo: self.origin.min(rect.lo),
                hi: cur_hi.max(rect.hi),
            }
        });
        let bases = [Some(used), grown];
        let allowed = (self.filed + rect.count())
            .saturating_mul(DENSE_CELLS_PER_ENTRY)
            .clamp(MIN_DENSE_CELLS, MAX_DENSE_CELLS);
        // Margins of half the span again on each side (at least a few cells), else of half the
        // span on each side only (a long thin area in use, a floor or a wall, gets thin
        // margins across it), around the cells in use or around the array grown toward the
        // new cells: each such rebuild grows the array by half, so rebuilding stays amortized.
        // When none fits, margins of a quarter, an eighth, then a sixteenth of the span around
        // the cells in use, for an array at least half again as large as the current one (so
        // that these rebuilds stay amortized too): a world whose colliders are spread evenly
        // over a large area, too few of them for margins of half its span, still gets a dense
        // array around them instead of hashing most of its cells. When nothing fits the array
        // stays as it is and the cells beyond it are hashed.
        let fixed = glam::I64Vec2::splat(DENSE_MARGIN_CELLS);
        let around = |base: CellRect, part: i64, least: glam::I64Vec2| {
            let span = base.hi.as_i64vec2() - base.lo.as_i64vec2() + 1;
            let margin = (span / part).max(glam::I64Vec2::ONE).max(least);
            let lo64 =
                (base.lo.as_i64vec2() - margin).max(glam::I64Vec2::splat(i64::from(i32::MIN)));
            let hi64 =
                (base.hi.as_i64vec2() + margin).min(glam::I64Vec2::splat(i64::from(i32::MAX) - 1));
            (lo64, hi64 - lo64 + 1)
        };
        let cells = |dims64: glam::I64Vec2| (dims64.x as u64).saturating_mul(dims64.y as u64);
        let current = self.dense.len() as u64;
        let halves = bases
            .into_iter()
            .flatten()
            .flat_map(|base| [around(base, 2, fixed), around(base, 2, glam::I64Vec2::ONE)])
            .filter(|&(_, dims64)| cells(dims64) <= allowed);
        // Lazily, as the halves: only when no half fits (a world hashing its cells comes here
        // each time a collider is filed past the array).
        let smaller = [4, 8, 16]
            .into_iter()
            .map(|part| around(used, part, glam::I64Vec2::ONE))
            .filter(|&(_, dims64)| {
                let n = cells(dims64);
                n <= allowed && n >= current + current / 2
            });
        let Some((lo64, dims64)) = halves.chain(smaller).next() else {
            return;
        };
        #[cfg(test)]
        {
            self.rebuilt += 1;
            self.rebuilt_cells += cells(dims64);
        }
        let (new_origin, new_dims) = (lo64.as_ivec2(), dims64.as_ivec2());
        let mut dense = vec![Bucket::default(); (dims64.x * dims64.y) as usize];
        let old = std::mem::take(&mut self.dense);
        for (i, b) in old.into_iter().enumerate() {
            if b.is_empty() {
                continue;
            }
            let c = self.origin + IVec2::new(i as i32 % self.dims.x, i as i32 / self.dims.x);
            let d = c - new_origin;
            if d.cmpge(IVec2::ZERO).all() && d.cmplt(new_dims).all() {
                dense[d.y as usize * new_dims.x as usize + d.x as usize] = b;
            } else {
                // Outside the new array (the old one's margin went another way): hashed.
                self.sparse.insert(key(c), b);
            }
        }
        let sparse = std::mem::take(&mut self.sparse);
        self.origin = new_origin;
        self.dims = new_dims;
        self.dense = dense;
        for (k, b) in sparse {
            match unkey(k).and_then(|c| self.dense_index(c)) {
                Some(i) => self.dense[i] = b,
                None => {
                    self.sparse.insert(k, b);
                }
            }
        }
    }

    /// Files collider `id` with world bounds `[lo, hi]`.
    pub fn insert(&mut self, id: u32, lo: Vec2, hi: Vec2, large: bool) -> Placement {
        let rect = CellRect::covering(lo, hi, self.cell);
        if large || rect.count() > MAX_CELLS_PER_COLLIDER {
            self.large.push(id);
            return Placement::Large;
        }
        self.file(id, rect);
        self.coarse.add(rect);
        self.in_cells += 1;
        self.id_sum = self.id_sum.wrapping_add(u64::from(id));
        Placement::Cells(rect)
    }

    /// The only collider filed in cells, when there is exactly one (large ones aside): a
    /// world holding one moving body and a tile map has nothing else to walk the grid for.
    pub fn sole(&self) -> Option<u32> {
        // With one collider left the sum of the ids is its id.
        (self.in_cells == 1).then_some(self.id_sum as u32)
    }

    /// How many colliders are filed in cells (large ones aside).
    pub fn in_cells(&self) -> u32 {
        self.in_cells
    }

    /// Puts `id` in the buckets of `rect`.
    fn file(&mut self, id: u32, rect: CellRect) {
        self.file_outside(id, rect, CellRect::NONE);
    }

    /// Puts `id` in the buckets of `rect` that are not in `kept` (where it is already).
    fn file_outside(&mut self, id: u32, rect: CellRect, kept: CellRect) {
        self.cover(rect);
        for y in rect.lo.y..=rect.hi.y {
            for x in rect.lo.x..=rect.hi.x {
                let c = IVec2::new(x, y);
                if !kept.contains(c) {
                    self.bucket_mut(c).push(id);
                }
            }
        }
        self.filed += rect.count();
    }

    /// Takes `id` out of the buckets of `rect` that are not in `kept` (where it stays).
    fn unfile_outside(&mut self, id: u32, rect: CellRect, kept: CellRect) {
        for y in rect.lo.y..=rect.hi.y {
            for x in rect.lo.x..=rect.hi.x {
                let c = IVec2::new(x, y);
                if !kept.contains(c) {
                    self.unfile_cell(id, c);
                }
            }
        }
        self.filed = self.filed.saturating_sub(rect.count());
    }

    /// Takes `id` out of the bucket of cell `c`.
    fn unfile_cell(&mut self, id: u32, c: IVec2) {
        match self.dense_index(c) {
            Some(i) => self.dense[i].remove(id),
            None => {
                let k = key(c);
                if let Some(b) = self.sparse.get_mut(&k) {
                    b.remove(id);
                    if b.is_empty() {
                        self.sparse.remove(&k);
                    }
                }
            }
        }
    }

    /// Takes `id` out of the buckets of `rect`.
    fn unfile(&mut self, id: u32, rect: CellRect) {
        self.unfile_outside(id, rect, CellRect::NONE);
    }

    /// Removes collider `id` filed at `placement`.
    pub fn remove(&mut self, id: u32, placement: Placement) {
        match placement {
            Placement::Large => {
                if let Some(i) = self.large.iter().position(|&x| x == id) {
                    self.large.swap_remove(i);
                }
            }
            Placement::Cells(rect) => {
                self.unfile(id, rect);
                self.coarse.remove(rect);
                self.in_cells -= 1;
                self.id_sum = self.id_sum.wrapping_sub(u64::from(id));
            }
        }
    }

    /// Reads the buckets of the corner cells of where a collider filed at `old` is and of
    /// where the bounds `[lo, hi]` would file it (those in the dense array; cells of the hash
    /// map are not read), which [`Grid::update`] is about to visit, and returns a value made
    /// of them; changes nothing. Many updates far apart in a large grid each wait on memory in
    /// turn; reading the buckets of several first, loads that do not depend on one another,
    /// lets the processor fetch them all at once.
    #[inline]
    pub fn touch(&self, old: Placement, lo: Vec2, hi: Vec2) -> u32 {
        let len = |c: IVec2| self.dense_index(c).map_or(0, |i| self.dense[i].len);
        let new = CellRect::covering(lo, hi, self.cell);
        let mut read = len(new.lo).wrapping_add(len(new.hi));
        if let Placement::Cells(r) = old {
            read = read.wrapping_add(len(r.lo)).wrapping_add(len(r.hi));
        }
        read
    }

    /// Moves collider `id` to new bounds; nothing to do when its cells still hold it (see
    /// [`Placement::keeps`]), and the coarse counts change only when it changes coarse cells.
    #[inline]
    pub fn update(
        &mut self,
        id: u32,
        old: Placement,
        lo: Vec2,
        hi: Vec2,
        large: bool,
    ) -> Placement {
        if !large && old.keeps(lo, hi, self.cell) {
            return old;
        }
        self.refile(id, old, lo, hi, large)
    }

    /// [`Grid::update`] to other cells.
    #[inline(never)]
    fn refile(&mut self, id: u32, old: Placement, lo: Vec2, hi: Vec2, large: bool) -> Placement {
        if let Placement::Cells(r) = old
            && !large
        {
            let rect = CellRect::covering(lo, hi, self.cell);
            if rect.count() <= MAX_CELLS_PER_COLLIDER {
                // Only the cells it left and the cells it entered change (a body moving a
                // little keeps most of its cells); the order of ids within a cell is nobody's
                // concern (every query sorts them).
                self.unfile_outside(id, r, rect);
                self.file_outside(id, rect, r);
                if rect.coarser(COARSE_SHIFT) != r.coarser(COARSE_SHIFT) {
                    self.coarse.remove(r);
                    self.coarse.add(rect);
                }
                return Placement::Cells(rect);
            }
        }
        self.remove(id, old);
        self.insert(id, lo, hi, large)
    }

    /// The grid cells of the coarse cells in use: no collider is filed outside them (they
    /// shrink back as soon as colliders are removed or move away, past any spare cell they
    /// were kept in).
    #[inline]
    pub fn occupied(&self) -> Option<CellRect> {
        self.coarse.occupied()
    }

    /// Pushes to `out` the colliders filed in cells that the box `[lo, hi]` touches, and the
    /// large ones (unsorted, possibly repeated).
    ///
    /// Cost, beyond copying the large colliders: a box over at most [`COARSE_AREA`] cells of
    /// the area in use looks each of them up; a larger one looks up each of its coarse cells
    /// (or goes through the coarse cells in use, when they are fewer), then only its cells
    /// within the coarse cells holding something. So at most `min(its coarse cells, coarse
    /// cells in use) + COARSE_AREA × (its coarse cells holding something)` lookups: never a
    /// scan of the whole area in use.
    pub fn candidates_in(&self, lo: Vec2, hi: Vec2, out: &mut Vec<u32>) {
        out.extend_from_slice(&self.large);
        let Some(occ) = self.occupied() else {
            return;
        };
        let Some(rect) = CellRect::covering(lo, hi, self.cell).clamp(occ.lo, occ.hi) else {
            return;
        };
        self.for_each_bucket(rect, None, |b| b.extend_into(out));
    }

    /// Calls `f` with the bucket of each cell of `rect` not in `skip` that may hold something:
    /// every cell of a small rectangle, else the cells of its coarse cells that hold something.
    #[inline]
    fn for_each_bucket(&self, rect: CellRect, skip: Option<CellRect>, mut f: impl FnMut(&Bucket)) {
        if rect.count() <= COARSE_AREA {
            self.for_each_bucket_of(rect, skip, &mut f);
        } else {
            self.for_each_held_bucket(rect, skip, &mut f);
        }
    }

    /// [`Grid::for_each_bucket`] of a large rectangle: coarse cell by coarse cell.
    #[inline(never)]
    fn for_each_held_bucket(
        &self,
        rect: CellRect,
        skip: Option<CellRect>,
        f: &mut impl FnMut(&Bucket),
    ) {
        self.coarse.for_each_held(rect.coarser(COARSE_SHIFT), |c| {
            let block = super::coarse::fine_cells(CellRect { lo: c, hi: c });
            if let Some(part) = block.clamp(rect.lo, rect.hi) {
                self.for_each_bucket_of(part, skip, f);
            }
        });
    }

    /// Calls `f` with the bucket of each cell of `rect` not in `skip`, if it has one. Always
    /// inlined: a character's step calls it through short gathers, where a call measured
    /// about 7 instructions more per step.
    #[inline(always)]
    fn for_each_bucket_of(
        &self,
        rect: CellRect,
        skip: Option<CellRect>,
        f: &mut impl FnMut(&Bucket),
    ) {
        work::add(rect.count());
        for y in rect.lo.y..=rect.hi.y {
            for x in rect.lo.x..=rect.hi.x {
                let c = IVec2::new(x, y);
                if skip.is_some_and(|s| s.contains(c)) {
                    continue;
                }
                if let Some(b) = self.bucket(c) {
                    f(b);
                }
            }
        }
    }

    /// The large colliders.
    pub fn large(&self) -> &[u32] {
        &self.large
    }

    /// The cells a [`sweep`](Self::sweep) of the box `[lo, hi]` widened by `pad`, moving by
    /// `d`, looks in (those within the area in use): all at once when at most
    /// [`SHORT_SWEEP_CELLS`] of them are in that area.
    #[inline]
    pub fn swept_cells(&self, lo: Vec2, hi: Vec2, d: Vec2, pad: f32) -> CellRect {
        Moving::new(lo, hi, d, self.cell, pad).whole()
    }

    /// The colliders filed in the cells of `rect` (large ones not included), sorted and
    /// without repeats: for a rectangle of at most [`SHORT_SWEEP_CELLS`] cells, what a sweep
    /// over any part of it gathers (and no more than its bounds test turns away). Always
    /// inlined into its one caller, a character's gather of the colliders near it.
    #[inline(always)]
    pub fn gather(&self, rect: CellRect, out: &mut SmallIds) {
        out.clear();
        if let Some(occ) = self.occupied()
            && let Some(rect) = rect.clamp(occ.lo, occ.hi)
        {
            self.for_each_bucket(rect, None, |b| b.push_into(out));
        }
        out.sort_dedup();
    }

    /// Walks the cells the box `[lo, hi]` touches while moving by `d`, in pieces in order
    /// along the motion: `visit(t0, ids, only)` gets the colliders filed in the piece's cells
    /// that were not in the previous piece's (unsorted, possibly repeated; none of them is met
    /// before `t0`; `only` when this is the sweep's one and only piece) and returns whether to
    /// go on. Large colliders are not included.
    ///
    /// Cost: only the part of the motion within the coarse cells in use is walked (an area
    /// that shrinks back as soon as colliders are removed or move away). A motion sweeping at
    /// most [`COARSE_AREA`] cells of it is walked cell by cell: a few lookups per cell swept.
    /// A longer one is first walked coarse cell by coarse cell (pieces of about one coarse
    /// cell of motion, at most 65,536), each piece looking up the coarse cells the box touches
    /// during it (none when the last piece's coarse cell in use is among them; never more than
    /// there are coarse cells in use); then only the runs of consecutive pieces touching a
    /// coarse cell in use are walked cell by cell. So a sweep costs at most a few lookups per
    /// coarse cell the moving box touches, plus a few per cell it touches during the coarse
    /// pieces that touch a coarse cell in use (each such piece touching a few coarse cells of
    /// [`COARSE_AREA`] cells): empty space costs one lookup per coarse cell, colliders
    /// elsewhere nothing, and the whole area in use is never gone through. A body so large
    /// that its pieces would cover the same cells over and over is visited in one piece
    /// instead, at the cost of one [`Grid::candidates_in`] of everything it sweeps.
    pub fn sweep(
        &self,
        lo: Vec2,
        hi: Vec2,
        d: Vec2,
        pad: f32,
        scratch: &mut SmallIds,
        mut visit: impl FnMut(f32, &mut SmallIds, bool) -> bool,
    ) {
        let Some(occ) = self.occupied() else {
            return;
        };
        let moving = Moving::new(lo, hi, d, self.cell, pad);
        let short = moving
            .whole()
            .clamp(occ.lo, occ.hi)
            .is_none_or(|r| r.count() <= COARSE_AREA);
        // Walks the fractions `window` of the motion cell by cell: each piece's colliders not
        // in the previous piece's cells go to `visit` (called from here only); whether it
        // never asked to stop.
        let mut walk = |window: (f32, f32)| {
            walk_cells(moving, occ, window, |t0, rect, prev| {
                scratch.clear();
                self.for_each_bucket(rect, prev, |b| b.push_into(scratch));
                visit(t0, scratch, false)
            })
        };
        if short {
            if let Some(rect) = moving.whole().clamp(occ.lo, occ.hi)
                && rect.count() <= SHORT_SWEEP_CELLS
            {
                // A sweep over a handful of cells (a character's step): one gathering of
                // them all costs less than walking them piece by piece.
                scratch.clear();
                self.for_each_bucket(rect, None, |b| b.push_into(scratch));
                visit(0.0, scratch, true);
                return;
            }
            walk((0.0, 1.0));
            return;
        }
        let windows = Windows::new(&self.coarse, moving, occ);
        for window in windows {
            if !walk(window) {
                return;
            }
        }
    }
}

#[path = "grid_placement.rs"]
mod placement;
pub(crate) use placement::Placement;

#[path = "grid_short_sweep.rs"]
mod short_sweep;

#[cfg(feature = "parallel")]
#[path = "grid_refile.rs"]
mod refile;
#[cfg(feature = "parallel")]
pub(crate) use refile::DenseMove;

#[cfg(test)]
#[path = "grid_tests.rs"]
pub(super) mod tests;
