//! The moving movers of a [`move_bodies`](super::move_bodies) step binned in a grid, so that
//! each finds the few others its swept box may touch without checking them all.

use glam::Vec2;

use super::bodies_item::Item;

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

    fn cell_of(&self, p: Vec2) -> glam::IVec2 {
        let c = (p - self.origin) * self.inv_cell;
        glam::IVec2::new(
            crate::geometry::floor_i32(c.x).clamp(0, self.dims.x - 1),
            crate::geometry::floor_i32(c.y).clamp(0, self.dims.y - 1),
        )
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
        let mut counts = vec![0u32; n + 1];
        let cells: Vec<usize> = binned
            .iter()
            .map(|&(_, centre)| {
                let c = self.cell_of(centre);
                (c.y * dims.x + c.x) as usize
            })
            .collect();
        for &c in &cells {
            counts[c + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut ids = vec![0u32; binned.len()];
        for (&c, &(k, _)) in cells.iter().zip(binned) {
            ids[fill[c] as usize] = k;
            fill[c] += 1;
        }
        self.starts = counts;
        self.ids = ids;
    }

    /// Pushes the binned items whose swept boxes may touch `it`'s: for a binned item, those
    /// in the cells around its own (3 × 3); for a larger one, those in the cells its box
    /// covers and one more all round (a binned box's centre is within a cell of its edges).
    pub(super) fn near(&self, it: &Item, binned: bool, out: &mut Vec<u32>) {
        if self.ids.is_empty() {
            return;
        }
        let (c0, c1) = if binned {
            let c = self.cell_of((it.lo + it.hi) * 0.5);
            (c, c)
        } else {
            (self.cell_of(it.lo), self.cell_of(it.hi))
        };
        let (x0, x1) = ((c0.x - 1).max(0), (c1.x + 1).min(self.dims.x - 1));
        for y in (c0.y - 1).max(0)..=(c1.y + 1).min(self.dims.y - 1) {
            let row = y * self.dims.x;
            let a = (row + x0) as usize;
            let b = (row + x1) as usize;
            out.extend_from_slice(&self.ids[self.starts[a] as usize..self.starts[b + 1] as usize]);
        }
    }
}
