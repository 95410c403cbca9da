//! Many colliders filed again at once (the end of a `move_bodies` step), on rayon's threads
//! (the `parallel` feature): the rows of the dense array are split between the threads, and
//! each changes the buckets of its own rows only.
//!
//! Each thread goes through the moves in their order and makes, in its rows, the changes
//! [`Grid::update`] makes there: so every bucket sees the same removals and additions in the
//! same order as when the colliders are filed again one by one, and ends holding the same ids
//! in the same order. The counts (entries filed, colliders per coarse cell) are then updated
//! on the calling thread, in order, as one by one.

use glam::{IVec2, Vec2};
use rayon::prelude::*;

use super::{Bucket, COARSE_SHIFT, CellRect, Grid, MAX_CELLS_PER_COLLIDER, Placement};

/// Parts of the dense array per thread: more parts than threads, so that a thread done with a
/// part of few moves takes another part. Each part goes through every move (most end at a
/// compare of rows): cheap for the few threads of a game's machine; many more threads would
/// want the moves shared out by rows first.
const PARTS_PER_THREAD: usize = 4;

/// Moves whose buckets a part reads before changing any of them (see `apply_dense_moves`).
const TOUCH_AHEAD: usize = 16;

/// A collider filed again from cells of the dense array to other cells of the dense array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DenseMove {
    /// The collider's id.
    pub(crate) id: u32,
    /// The cells it is filed in before.
    pub(crate) old: CellRect,
    /// The cells it is filed in after.
    pub(crate) new: CellRect,
}

impl DenseMove {
    /// Whether the move changes any bucket of the rows `first..=last` (its cells before or
    /// after reach into them).
    #[inline]
    fn meets_rows(&self, first: i32, last: i32) -> bool {
        let within = |r: CellRect| r.lo.y <= last && r.hi.y >= first;
        within(self.old) || within(self.new)
    }
}

impl Grid {
    /// What [`Grid::update`] does for collider `id`, filed at `old`, moving to the world bounds
    /// `[lo, hi]`, when it is filed again within the dense array: filed in cells before and
    /// after (not in the list of large colliders), every cell of both in the dense array.
    /// `None` when `update` has more to do (the hash map, the large list, growing the array).
    pub(crate) fn dense_move(
        &self,
        id: u32,
        old: Placement,
        lo: Vec2,
        hi: Vec2,
    ) -> Option<DenseMove> {
        let Placement::Cells(filed) = old else {
            return None;
        };
        // As `update`: cells that still hold the collider keep it.
        let new = if old.keeps(lo, hi, self.cell) {
            filed
        } else {
            CellRect::covering(lo, hi, self.cell)
        };
        (new.count() <= MAX_CELLS_PER_COLLIDER && self.in_dense(filed) && self.in_dense(new))
            .then_some(DenseMove {
                id,
                old: filed,
                new,
            })
    }

    /// Whether every cell of `r` is in the dense array.
    fn in_dense(&self, r: CellRect) -> bool {
        !self.dense.is_empty()
            && r.lo.cmpge(self.origin).all()
            && r.hi.cmplt(self.origin + self.dims).all()
    }

    /// [`Grid::update`] of each move in order (each from [`Grid::dense_move`], of different
    /// colliders), the rows of the dense array shared out between rayon's threads: the same
    /// grid as one by one. The colliders are filed at `Placement::Cells(m.new)` after.
    pub(crate) fn apply_dense_moves(&mut self, moves: &[DenseMove]) {
        let width = self.dims.x as usize;
        let rows = self.dims.y as usize;
        if width == 0 || rows == 0 {
            // No dense array: no move is a dense move.
            debug_assert!(moves.is_empty(), "dense moves without a dense array");
            return;
        }
        let parts = rayon::current_num_threads() * PARTS_PER_THREAD;
        let rows_per_part = rows.div_ceil(parts);
        let origin = self.origin;
        self.dense
            .par_chunks_mut(rows_per_part * width)
            .enumerate()
            .for_each(|(k, buckets)| {
                let first_row = origin.y + (k * rows_per_part) as i32;
                let last_row = first_row + (buckets.len() / width) as i32 - 1;
                let mut rows = Rows {
                    buckets,
                    origin: IVec2::new(origin.x, first_row),
                    last_row,
                    width,
                };
                // The moves that change these rows, in order, a few at a time: the buckets of
                // the few are read first (loads that do not wait on one another, so the
                // processor fetches them together), then changed.
                let mut mine = moves
                    .iter()
                    .filter(|m| m.meets_rows(first_row, last_row))
                    .peekable();
                let mut ahead: [Option<&DenseMove>; TOUCH_AHEAD] = [None; TOUCH_AHEAD];
                while mine.peek().is_some() {
                    let mut read = 0u32;
                    for a in &mut ahead {
                        *a = mine.next();
                        if let Some(m) = a {
                            read = read.wrapping_add(rows.touch(m));
                        }
                    }
                    // The value read is kept from the optimizer, which would drop the reads.
                    std::hint::black_box(read);
                    for m in ahead.iter().flatten() {
                        rows.apply(m);
                    }
                }
            });
        for m in moves {
            // As `unfile_outside` and `file_outside` count them.
            self.filed = self.filed.saturating_sub(m.old.count()) + m.new.count();
            if m.new.coarser(COARSE_SHIFT) != m.old.coarser(COARSE_SHIFT) {
                self.coarse.remove(m.old);
                self.coarse.add(m.new);
            }
        }
    }
}

/// The buckets of some rows of the dense array: rows `origin.y..=last_row`, cell `origin`
/// first.
struct Rows<'a> {
    buckets: &'a mut [Bucket],
    origin: IVec2,
    last_row: i32,
    width: usize,
}

impl Rows<'_> {
    /// Reads the buckets of these rows at the corners of `m`'s cells before and after (those
    /// [`Rows::apply`] is about to change, or next to them) and returns a value made of them;
    /// changes nothing (see [`Grid::touch`]).
    #[inline]
    fn touch(&self, m: &DenseMove) -> u32 {
        let len = |c: IVec2| {
            let y = c.y.clamp(self.origin.y, self.last_row);
            let row = (y - self.origin.y) as usize * self.width;
            self.buckets
                .get(row + (c.x - self.origin.x) as usize)
                .map_or(0, |b| b.len)
        };
        len(m.old.lo)
            .wrapping_add(len(m.old.hi))
            .wrapping_add(len(m.new.lo))
            .wrapping_add(len(m.new.hi))
    }

    /// The changes of `m` in these rows, in the order `Grid::refile` makes them: out of the
    /// cells left, then into the cells entered.
    fn apply(&mut self, m: &DenseMove) {
        self.each_cell(m.old, m.new, |b| b.remove(m.id));
        self.each_cell(m.new, m.old, |b| b.push(m.id));
    }

    /// `f` of the bucket of each cell of `rect` in these rows and not in `kept`, row by row.
    #[inline]
    fn each_cell(&mut self, rect: CellRect, kept: CellRect, mut f: impl FnMut(&mut Bucket)) {
        let (y0, y1) = (rect.lo.y.max(self.origin.y), rect.hi.y.min(self.last_row));
        for y in y0..=y1 {
            let row = (y - self.origin.y) as usize * self.width;
            for x in rect.lo.x..=rect.hi.x {
                if !kept.contains(IVec2::new(x, y)) {
                    f(&mut self.buckets[row + (x - self.origin.x) as usize]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::collection::vec;
    use proptest::prelude::*;

    use super::*;

    /// The ids of every bucket of the dense array in their order, the entries filed, and the
    /// coarse cells in use.
    fn state(g: &Grid) -> (Vec<Vec<u32>>, u64, String) {
        let buckets = g
            .dense
            .iter()
            .map(|b| {
                let mut ids = Vec::new();
                b.extend_into(&mut ids);
                ids
            })
            .collect();
        // The coarse counts whole (per coarse cell, per row and column, and the bounds).
        (buckets, g.filed, format!("{:?}", g.coarse))
    }

    /// Cells `x0..=x1` of rows `y0..=y1`.
    fn cells(x0: i32, y0: i32, x1: i32, y1: i32) -> CellRect {
        CellRect {
            lo: IVec2::new(x0, y0),
            hi: IVec2::new(x1, y1),
        }
    }

    /// A move meets rows 5 to 9 when its cells before or after reach into them, by one row at
    /// either end or across them all; not when both pass by above and below.
    #[test]
    fn a_move_meets_the_rows_its_cells_reach_before_or_after() {
        let meets = |old, new| DenseMove { id: 0, old, new }.meets_rows(5, 9);
        assert!(
            meets(cells(0, 3, 1, 5), cells(0, 2, 1, 4)),
            "before, on the first row"
        );
        assert!(
            meets(cells(0, 0, 1, 1), cells(0, 9, 1, 12)),
            "after, on the last row"
        );
        assert!(
            meets(cells(2, 1, 3, 14), cells(2, 1, 3, 14)),
            "across every row"
        );
        assert!(
            !meets(cells(0, 0, 9, 4), cells(0, 10, 9, 11)),
            "above, then below"
        );
        assert!(
            !meets(cells(0, 10, 9, 10), cells(0, 3, 9, 4)),
            "below, then above"
        );
    }

    /// Reading ahead the buckets of a move whose corners lie outside a part's rows (above,
    /// below, or both) reads only cells of those rows, and panics nowhere.
    #[test]
    fn touching_a_move_reads_only_the_parts_own_rows() {
        let mut buckets = vec![Bucket::default(); 4 * 3];
        for (k, b) in buckets.iter_mut().enumerate() {
            for id in 0..k as u32 {
                b.push(id);
            }
        }
        // Rows 10 to 12, columns -2 to 1.
        let rows = Rows {
            buckets: &mut buckets,
            origin: IVec2::new(-2, 10),
            last_row: 12,
            width: 4,
        };
        let m = |old, new| DenseMove { id: 0, old, new };
        // Corners clamped into the rows: (-2, 10), which holds nothing, and (1, 12), which
        // holds 11 ids; twice over.
        let spanning = m(cells(-2, 0, 1, 30), cells(-2, 0, 1, 30));
        assert_eq!(rows.touch(&spanning), 2 * 11);
        // Before above the rows and after below them: each corner read in the nearest row.
        let passing = m(cells(-1, 2, 0, 3), cells(-1, 20, 0, 21));
        assert_eq!(rows.touch(&passing), 1 + 2 + 9 + 10);
    }

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Boxes crowded on a few cells (so that buckets spill) and spread over several
        /// coarse cells (so that coarse counts change), each moved a little: every bucket
        /// holds the same ids in the same order, and the counts are the same, as after
        /// `update` of each in turn, whatever the number of threads.
        #[test]
        fn moves_on_threads_leave_every_bucket_as_one_by_one(
            crowded in vec((0.0f32..10.0, 0.0f32..10.0, 0.1f32..3.0), 20..150),
            spread in vec((0.0f32..60.0, 0.0f32..60.0, 0.1f32..3.0), 20..150),
            steps in vec((-3.0f32..3.0, -3.0f32..3.0), 300),
            threads in 1usize..5,
        ) {
            let mut grid = Grid::new(2.0);
            let placed: Vec<(Placement, Vec2, Vec2)> = crowded
                .iter()
                .chain(&spread)
                .enumerate()
                .map(|(i, &(x, y, size))| {
                    let (lo, hi) = (Vec2::new(x, y), Vec2::new(x + size, y + size));
                    (grid.insert(i as u32, lo, hi, false), lo, hi)
                })
                .collect();
            let mut one = grid.clone();
            let mut moves = Vec::new();
            for (i, &(old, lo, hi)) in placed.iter().enumerate() {
                let d = Vec2::from(steps[i]);
                if let Some(m) = grid.dense_move(i as u32, old, lo + d, hi + d) {
                    moves.push(m);
                    let now = one.update(i as u32, old, lo + d, hi + d, false);
                    prop_assert_eq!(now, Placement::Cells(m.new));
                }
            }
            // Most boxes move within the array (it has a margin around what is filed).
            prop_assert!(moves.len() * 2 > placed.len());
            pool(threads).install(|| grid.apply_dense_moves(&moves));
            prop_assert_eq!(state(&grid), state(&one));
        }
    }

    #[test]
    fn only_moves_within_the_dense_array_are_dense_moves() {
        let mut grid = Grid::new(1.0);
        let (lo, hi) = (Vec2::new(2.0, 2.0), Vec2::new(2.5, 2.5));
        let cells = grid.insert(0, lo, hi, false);
        let large = grid.insert(1, lo, hi, true);
        let step = Vec2::new(1.0, 0.0);
        let m = grid.dense_move(0, cells, lo + step, hi + step);
        assert_eq!(
            m.map(|m| (m.old, m.new)),
            Some((
                CellRect::covering(lo, hi, 1.0),
                CellRect::covering(lo + step, hi + step, 1.0)
            ))
        );
        // The large list, far outside the array, too many cells (9 × 9 of them, all within
        // the array): `update` does those. 8 × 8 is not too many.
        assert_eq!(grid.dense_move(1, large, lo + step, hi + step), None);
        let far = Vec2::new(1.0e6, 0.0);
        assert_eq!(grid.dense_move(0, cells, lo + far, hi + far), None);
        assert!(grid.in_dense(CellRect::covering(lo, hi + 8.0, 1.0)));
        assert_eq!(grid.dense_move(0, cells, lo, hi + 8.0), None);
        let eight = Vec2::new(7.0, 7.0);
        assert!(grid.dense_move(0, cells, lo, hi + eight).is_some());
    }
}
