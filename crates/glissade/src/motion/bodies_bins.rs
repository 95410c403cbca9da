//! The moving movers of a [`move_bodies`](super::move_bodies) step binned in a grid, so that
//! each finds the few others its swept box may touch without checking them all.

use glam::Vec2;

/// A mover's swept box over the step, world frame: its lower and upper corners.
pub(super) type SweptBox = (Vec2, Vec2);

/// The larger side of a swept box, world units: wider than the step's limit, the mover is
/// kept apart from the bins (see `move_bodies`).
#[inline]
pub(super) fn swept_width((lo, hi): SweptBox) -> f32 {
    (hi - lo).max_element()
}

/// A counting sort: the values of `entries` (each a key below `groups` and a value) grouped by
/// key, each group in the order given; and where each group starts among them (`groups + 1`
/// numbers, the last the count of entries), so that group `g` is `starts[g]..starts[g + 1]`.
///
/// The entries are counted per key, then the counts summed up to and with each key: `starts[g]`
/// is where group `g` ends. Each value is then put just before its group's end, which moves
/// down by one, the last entry first (so a group keeps the order given): after all,
/// `starts[g]` is where group `g` starts.
pub(super) fn grouped_by_key<E>(entries: E, groups: usize) -> (Vec<u32>, Vec<u32>)
where
    E: DoubleEndedIterator<Item = (usize, u32)> + Clone,
{
    let mut starts = vec![0u32; groups + 1];
    for (key, _) in entries.clone() {
        starts[key] += 1;
    }
    let mut sum = 0u32;
    for s in &mut starts {
        sum += *s;
        *s = sum;
    }
    let mut values = vec![0u32; sum as usize];
    for (key, value) in entries.rev() {
        let end = &mut starts[key];
        *end -= 1;
        values[*end as usize] = value;
    }
    (values, starts)
}

/// Most bins along a side of the step's grid of movers.
const MAX_BIN_SIDE: i32 = 4096;

/// The moving movers of one step binned by the centre of their swept boxes, in a grid whose
/// cells are at least as wide as any binned box (compressed rows: one array of starts, one of
/// item indices).
#[derive(Default)]
pub(super) struct Bins {
    origin: Vec2,
    inv_cell: f32,
    dims: glam::IVec2,
    starts: Vec<u32>,
    ids: Vec<u32>,
}

impl Bins {
    /// Most cells per binned item (the grid is about as fine as the items are many).
    const CELLS_PER_ITEM: f32 = 4.0;

    /// The cell of the point `p`, the nearest cell for a point outside the grid.
    fn cell_of(&self, p: Vec2) -> glam::IVec2 {
        // Truncated, not floored: the two differ only below zero, which is clamped to the
        // first cell either way (a NaN too: truncated to zero).
        ((p - self.origin) * self.inv_cell)
            .as_ivec2()
            .clamp(glam::IVec2::ZERO, self.dims - 1)
    }

    /// Bins the movers `binned`: each its place in the step's items and the centre of its
    /// swept box; `widest` is the largest side of their swept boxes.
    pub(super) fn build(&mut self, binned: &[(u32, Vec2)], widest: f32) {
        if binned.is_empty() {
            return;
        }
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for &(_, c) in binned {
            lo = lo.min(c);
            hi = hi.max(c);
        }
        let span = (hi - lo).max(Vec2::splat(f32::MIN_POSITIVE));
        // Cells about as many as items, never narrower than the widest box.
        let even = (span.x * span.y / (binned.len() as f32 * Self::CELLS_PER_ITEM)).sqrt();
        // Never narrower than the widest box, nor so fine that a side has too many cells.
        let cell = even
            .max(widest)
            .max(span.max_element() / (MAX_BIN_SIDE - 1) as f32)
            .max(f32::MIN_POSITIVE);
        let dims = ((span / cell).floor().as_ivec2() + 1)
            .clamp(glam::IVec2::ONE, glam::IVec2::splat(MAX_BIN_SIDE));
        self.origin = lo;
        self.inv_cell = 1.0 / cell;
        self.dims = dims;
        let n = (dims.x * dims.y) as usize;
        let cells: Vec<u32> = binned
            .iter()
            .map(|&(_, centre)| {
                let c = self.cell_of(centre);
                (c.y * dims.x + c.x) as u32
            })
            .collect();
        let (ids, starts) = grouped_by_key(
            cells
                .iter()
                .zip(binned)
                .map(|(&c, &(k, _))| (c as usize, k)),
            n,
        );
        self.starts = starts;
        self.ids = ids;
    }

    /// The binned items whose swept boxes may touch the swept box `(lo, hi)` of a mover, as
    /// runs of item indices (one run a row of cells), in the order of the bins: for a binned
    /// mover, those in the cells around its own (3 × 3); for a larger one, those in the cells
    /// its box covers and one more all round (a binned box's centre is within a cell of its
    /// edges).
    #[inline]
    pub(super) fn near(&self, (lo, hi): SweptBox, binned: bool) -> NearRuns<'_> {
        if self.ids.is_empty() {
            return NearRuns {
                bins: self,
                y: 1,
                last_y: 0,
                x0: 0,
                x1: 0,
            };
        }
        let (c0, c1) = if binned {
            let c = self.cell_of((lo + hi) * 0.5);
            (c, c)
        } else {
            (self.cell_of(lo), self.cell_of(hi))
        };
        NearRuns {
            bins: self,
            y: (c0.y - 1).max(0),
            last_y: (c1.y + 1).min(self.dims.y - 1),
            x0: (c0.x - 1).max(0),
            x1: (c1.x + 1).min(self.dims.x - 1),
        }
    }
}

/// The runs of [`Bins::near`]: rows `y..=last_y`, columns `x0..=x1` of the bins.
pub(super) struct NearRuns<'b> {
    bins: &'b Bins,
    y: i32,
    last_y: i32,
    x0: i32,
    x1: i32,
}

impl<'b> Iterator for NearRuns<'b> {
    type Item = &'b [u32];

    #[inline]
    fn next(&mut self) -> Option<&'b [u32]> {
        if self.y > self.last_y {
            return None;
        }
        let row = self.y * self.bins.dims.x;
        self.y += 1;
        // The cells of a row follow one another: their ids make one run.
        let (a, b) = ((row + self.x0) as usize, (row + self.x1) as usize);
        let starts = &self.bins.starts;
        Some(&self.bins.ids[starts[a] as usize..starts[b + 1] as usize])
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The cell of `p` written the plain way: its coordinates in cells floored, then clamped
    /// to the grid.
    fn floored_cell(bins: &Bins, p: Vec2) -> glam::IVec2 {
        let c = (p - bins.origin) * bins.inv_cell;
        glam::IVec2::new(
            crate::geometry::floor_i32(c.x).clamp(0, bins.dims.x - 1),
            crate::geometry::floor_i32(c.y).clamp(0, bins.dims.y - 1),
        )
    }

    /// Coordinates of -0 and a hair below zero from the grid's origin (which the property
    /// below reaches only by chance): the first cell, as flooring then clamping gives.
    #[test]
    fn a_point_at_or_just_before_the_origin_is_in_the_first_cell() {
        let mut bins = Bins::default();
        bins.build(&[(0, Vec2::ZERO), (1, Vec2::splat(3.0))], 0.5);
        assert_eq!(bins.origin, Vec2::ZERO);
        for p in [
            Vec2::new(-0.0, -0.0),
            Vec2::new(-1e-30, -0.0),
            Vec2::new(-0.0, 1.0),
        ] {
            assert_eq!(bins.cell_of(p), floored_cell(&bins, p));
            assert_eq!(bins.cell_of(p).x, 0);
        }
    }

    proptest! {
        /// A point's cell is its coordinates floored, then clamped to the grid: for points in
        /// the grid, left of it, right of it, far away and not numbers.
        #[test]
        fn a_point_falls_in_its_floored_cell_clamped_to_the_grid(
            centres in proptest::collection::vec((-20.0f32..20.0, -20.0f32..20.0), 1..40),
            p in prop_oneof![
                (-30.0f32..30.0, -30.0f32..30.0).prop_map(|(x, y)| Vec2::new(x, y)),
                Just(Vec2::new(-1e30, 1e30)),
                Just(Vec2::new(f32::NAN, -0.5)),
                Just(Vec2::new(f32::INFINITY, f32::NEG_INFINITY)),
            ],
        ) {
            let binned: Vec<(u32, Vec2)> =
                centres.iter().zip(0u32..).map(|(&(x, y), k)| (k, Vec2::new(x, y))).collect();
            let mut bins = Bins::default();
            bins.build(&binned, 0.5);
            prop_assert_eq!(bins.cell_of(p), floored_cell(&bins, p));
        }

        /// Each cell's ids are the binned items whose centres fall in it, in the order they
        /// were binned, and the cells follow one another row by row: the ids are the items
        /// sorted (stably) by cell, as a plain sort gives them.
        #[test]
        fn each_cell_holds_its_items_in_the_order_binned(
            centres in proptest::collection::vec((-20.0f32..20.0, -20.0f32..20.0), 1..300),
            widest in 0.0f32..6.0,
        ) {
            let binned: Vec<(u32, Vec2)> = centres
                .iter()
                .zip(0u32..)
                .map(|(&(x, y), k)| (k * 7 + 3, Vec2::new(x, y)))
                .collect();
            let mut bins = Bins::default();
            bins.build(&binned, widest);
            let n = (bins.dims.x * bins.dims.y) as usize;
            let cell = |p: Vec2| {
                let c = bins.cell_of(p);
                (c.y * bins.dims.x + c.x) as usize
            };
            let mut by_cell: Vec<(usize, u32)> = binned.iter().map(|&(k, p)| (cell(p), k)).collect();
            by_cell.sort_by_key(|&(c, _)| c);
            let want: Vec<u32> = by_cell.iter().map(|&(_, k)| k).collect();
            prop_assert_eq!(&bins.ids, &want);
            prop_assert_eq!(bins.starts.len(), n + 1);
            for c in 0..n {
                let run = &by_cell[bins.starts[c] as usize..bins.starts[c + 1] as usize];
                prop_assert!(run.iter().all(|&(rc, _)| rc == c));
                let count = by_cell.iter().filter(|&&(rc, _)| rc == c).count();
                prop_assert_eq!(run.len(), count);
            }
            prop_assert_eq!(bins.starts[n] as usize, binned.len());
        }
    }
}
