//! Broadphase: a uniform grid of buckets in a hash map, plus a list of large colliders.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use glam::{IVec2, Vec2};

use super::sweep::{CellRect, sweep_cells};

/// Colliders covering more cells than this are kept in one list, tested by every query.
const MAX_CELLS_PER_COLLIDER: u64 = 64;

/// Where a collider is filed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    /// In every bucket of these cells.
    Cells(CellRect),
    /// In the list of large colliders.
    Large,
}

/// Hashes a cell key that is already well mixed.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}

#[inline]
fn key(c: IVec2) -> u64 {
    let k = (u64::from(c.x as u32) << 32) | u64::from(c.y as u32);
    // A multiplicative mix (Fibonacci hashing) keeps neighbouring cells apart in the table.
    k.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
}

/// The cell of side `cell` holding `p`.
pub(crate) fn cell_of(p: Vec2, cell: f32) -> IVec2 {
    CellRect::covering(p, p, cell).lo
}

/// The uniform grid.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    cell: f32,
    buckets: HashMap<u64, Vec<u32>, BuildHasherDefault<KeyHasher>>,
    large: Vec<u32>,
    /// Cells that have held a collider (grown, never shrunk): queries stop at its edge.
    occupied: Option<CellRect>,
}

impl Grid {
    pub fn new(cell: f32) -> Self {
        Grid {
            cell,
            buckets: HashMap::default(),
            large: Vec::new(),
            occupied: None,
        }
    }

    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    /// Files collider `id` with world bounds `[lo, hi]`.
    pub fn insert(&mut self, id: u32, lo: Vec2, hi: Vec2, large: bool) -> Placement {
        let rect = CellRect::covering(lo, hi, self.cell);
        if large || rect.count() > MAX_CELLS_PER_COLLIDER {
            self.large.push(id);
            return Placement::Large;
        }
        for y in rect.lo.y..=rect.hi.y {
            for x in rect.lo.x..=rect.hi.x {
                self.buckets
                    .entry(key(IVec2::new(x, y)))
                    .or_default()
                    .push(id);
            }
        }
        self.occupied = Some(match self.occupied {
            Some(o) => CellRect {
                lo: o.lo.min(rect.lo),
                hi: o.hi.max(rect.hi),
            },
            None => rect,
        });
        Placement::Cells(rect)
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
                for y in rect.lo.y..=rect.hi.y {
                    for x in rect.lo.x..=rect.hi.x {
                        let k = key(IVec2::new(x, y));
                        if let Some(b) = self.buckets.get_mut(&k) {
                            if let Some(i) = b.iter().position(|&x| x == id) {
                                b.swap_remove(i);
                            }
                            if b.is_empty() {
                                self.buckets.remove(&k);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Moves collider `id` to new bounds; nothing to do when it stays in the same cells.
    pub fn update(
        &mut self,
        id: u32,
        old: Placement,
        lo: Vec2,
        hi: Vec2,
        large: bool,
    ) -> Placement {
        if let Placement::Cells(r) = old
            && !large
            && CellRect::covering(lo, hi, self.cell) == r
        {
            return old;
        }
        self.remove(id, old);
        self.insert(id, lo, hi, large)
    }

    /// Pushes to `out` the colliders filed in cells that the box `[lo, hi]` touches, and the
    /// large ones (unsorted, possibly repeated).
    pub fn candidates_in(&self, lo: Vec2, hi: Vec2, out: &mut Vec<u32>) {
        out.extend_from_slice(&self.large);
        let Some(occ) = self.occupied else {
            return;
        };
        let Some(rect) = CellRect::covering(lo, hi, self.cell).clamp(occ.lo, occ.hi) else {
            return;
        };
        if rect.count() > self.buckets.len() as u64 {
            // A box larger than the filled part of the grid: every bucket.
            for b in self.buckets.values() {
                out.extend_from_slice(b);
            }
            return;
        }
        self.push_rect(rect, None, out);
    }

    fn push_rect(&self, rect: CellRect, skip: Option<CellRect>, out: &mut Vec<u32>) {
        for y in rect.lo.y..=rect.hi.y {
            for x in rect.lo.x..=rect.hi.x {
                let c = IVec2::new(x, y);
                if skip.is_some_and(|s| s.contains(c)) {
                    continue;
                }
                if let Some(b) = self.buckets.get(&key(c)) {
                    out.extend_from_slice(b);
                }
            }
        }
    }

    /// The large colliders.
    pub fn large(&self) -> &[u32] {
        &self.large
    }

    /// Walks the cells the box `[lo, hi]` touches while moving by `d`, in pieces in order
    /// along the motion: `visit(t0, ids)` gets the colliders filed in the piece's cells that
    /// were not in the previous piece's (unsorted, possibly repeated) and returns whether to
    /// go on. Large colliders are not included.
    pub fn sweep(
        &self,
        lo: Vec2,
        hi: Vec2,
        d: Vec2,
        pad: f32,
        scratch: &mut Vec<u32>,
        mut visit: impl FnMut(f32, &mut Vec<u32>) -> bool,
    ) {
        let Some(occ) = self.occupied else {
            return;
        };
        sweep_cells(lo, hi, d, self.cell, pad, occ, |t0, rect, prev| {
            scratch.clear();
            self.push_rect(rect, prev, scratch);
            visit(t0, scratch)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_within_the_same_cells_refiles_nothing_and_removal_forgets() {
        let mut g = Grid::new(2.0);
        let p = g.insert(7, Vec2::new(0.5, 0.5), Vec2::new(1.0, 1.0), false);
        assert_eq!(
            g.update(7, p, Vec2::new(0.6, 0.6), Vec2::new(1.1, 1.1), false),
            p
        );
        let mut out = Vec::new();
        g.candidates_in(Vec2::ZERO, Vec2::ONE, &mut out);
        assert_eq!(out, vec![7]);
        let p2 = g.update(7, p, Vec2::new(10.0, 10.0), Vec2::new(11.0, 11.0), false);
        out.clear();
        g.candidates_in(Vec2::ZERO, Vec2::ONE, &mut out);
        assert!(out.is_empty());
        g.remove(7, p2);
        g.candidates_in(Vec2::splat(9.0), Vec2::splat(12.0), &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn a_huge_collider_goes_to_the_large_list() {
        let mut g = Grid::new(1.0);
        assert_eq!(
            g.insert(1, Vec2::ZERO, Vec2::splat(100.0), false),
            Placement::Large
        );
        let mut out = Vec::new();
        g.candidates_in(Vec2::splat(-5.0), Vec2::splat(-4.0), &mut out);
        assert_eq!(out, vec![1]);
    }
}
