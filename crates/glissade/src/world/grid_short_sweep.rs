//! Whether a short sweep through the grid meets only colliders that pass a test, without
//! gathering them: a body of a crowd moving through open space (see
//! `World::sweep_meets_nothing`).

use glam::{IVec2, Vec2};

use super::{Grid, SHORT_SWEEP_CELLS, work};

impl Grid {
    /// Whether `ok` holds for every collider a [`sweep`](Self::sweep) with the same numbers
    /// would hand to its `visit`, when that sweep gathers its cells in one piece (at most
    /// [`SHORT_SWEEP_CELLS`] of the area in use); `false`, unchecked, for a longer sweep and
    /// for one entirely outside the area in use (which the sweep walks apart).
    /// Large colliders are not included: `ok` is not asked about them.
    pub fn all_in_short_sweep(
        &self,
        lo: Vec2,
        hi: Vec2,
        d: Vec2,
        pad: f32,
        mut ok: impl FnMut(u32) -> bool,
    ) -> bool {
        let Some(occ) = self.occupied() else {
            return true;
        };
        let Some(rect) = self.swept_cells(lo, hi, d, pad).clamp(occ.lo, occ.hi) else {
            return false;
        };
        if rect.count() > SHORT_SWEEP_CELLS {
            return false;
        }
        work::add(rect.count());
        // Within the dense array (the usual case), each row's buckets follow one another.
        // Cells are counted from the array's origin in 64 bits: far out, cell coordinates
        // reach the ends of `i32` (as `Grid::dense_index` counts them).
        let origin = self.origin.as_i64vec2();
        let (from, to) = (rect.lo.as_i64vec2() - origin, rect.hi.as_i64vec2() - origin);
        let dims = self.dims.as_i64vec2();
        let dense = (from.x >= 0) & (from.y >= 0) & (to.x < dims.x) & (to.y < dims.y);
        for y in rect.lo.y..=rect.hi.y {
            for x in rect.lo.x..=rect.hi.x {
                let bucket = if dense {
                    // Within the array: both differences are in `0..dims`.
                    let dx = (i64::from(x) - origin.x) as usize;
                    let dy = (i64::from(y) - origin.y) as usize;
                    &self.dense[dy * dims.x as usize + dx]
                } else {
                    match self.bucket(IVec2::new(x, y)) {
                        Some(b) => b,
                        None => continue,
                    }
                };
                let (filed, spilled) = bucket.ids();
                if !(filed.iter().all(|&i| ok(i)) && spilled.iter().all(|&i| ok(i))) {
                    return false;
                }
            }
        }
        true
    }
}
