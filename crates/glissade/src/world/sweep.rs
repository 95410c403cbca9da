//! Walking the grid cells a moving box touches, in order along its motion.

use glam::{IVec2, Vec2};

/// A short list of collider ids kept on the stack (spilling to the heap past
/// [`SmallIds::INLINE`]): the candidates of one query, with no allocation in the common case.
#[derive(Debug, Clone)]
pub(crate) struct SmallIds {
    len: usize,
    inline: [u32; SmallIds::INLINE],
    spill: Vec<u32>,
}

impl Default for SmallIds {
    fn default() -> Self {
        SmallIds {
            len: 0,
            inline: [0; SmallIds::INLINE],
            spill: Vec::new(),
        }
    }
}

impl SmallIds {
    /// Ids held without allocating.
    pub const INLINE: usize = 32;

    #[inline]
    pub fn push(&mut self, id: u32) {
        if self.spill.is_empty() && self.len < Self::INLINE {
            self.inline[self.len] = id;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline[..self.len]);
            }
            self.spill.push(id);
        }
        self.len += 1;
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    #[inline]
    pub fn as_slice(&self) -> &[u32] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }

    /// Sorts and removes repeats.
    pub fn sort_dedup(&mut self) {
        let ids: &mut [u32] = if self.spill.is_empty() {
            &mut self.inline[..self.len]
        } else {
            &mut self.spill
        };
        ids.sort_unstable();
        let mut n = 0;
        for i in 0..ids.len() {
            if i == 0 || ids[i] != ids[n - 1] {
                ids[n] = ids[i];
                n += 1;
            }
        }
        self.len = n;
        self.spill.truncate(n);
    }

    /// Inserts `id` into a sorted list; `false` when it was there.
    pub fn insert_sorted(&mut self, id: u32) -> bool {
        match self.as_slice().binary_search(&id) {
            Ok(_) => false,
            Err(at) => {
                self.push(id);
                let ids: &mut [u32] = if self.spill.is_empty() {
                    &mut self.inline[..self.len]
                } else {
                    &mut self.spill
                };
                ids[at..].rotate_right(1);
                true
            }
        }
    }
}

/// `floor(x)` as an `i32`, saturating (no call into libm on targets without SSE4.1).
#[inline]
pub(crate) fn floor_i32(x: f32) -> i32 {
    let i = x as i32;
    if (i as f32) > x {
        i.saturating_sub(1)
    } else {
        i
    }
}

/// An inclusive range of grid cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellRect {
    pub lo: IVec2,
    pub hi: IVec2,
}

impl CellRect {
    /// The cells of side `cell` that the box `[lo, hi]` touches (a box ending exactly on a
    /// cell boundary touches the next cell too). Coordinates beyond `i32` saturate.
    #[inline]
    pub fn covering(lo: Vec2, hi: Vec2, cell: f32) -> CellRect {
        let inv = 1.0 / cell;
        let (lo, hi) = (lo * inv, hi * inv);
        CellRect {
            lo: IVec2::new(floor_i32(lo.x), floor_i32(lo.y)),
            hi: IVec2::new(floor_i32(hi.x), floor_i32(hi.y)),
        }
    }

    /// The part inside `[lo, hi]`, if any.
    #[inline]
    pub fn clamp(self, lo: IVec2, hi: IVec2) -> Option<CellRect> {
        let r = CellRect {
            lo: self.lo.max(lo),
            hi: self.hi.min(hi),
        };
        (r.lo.cmple(r.hi).all()).then_some(r)
    }

    #[inline]
    pub fn contains(self, c: IVec2) -> bool {
        c.cmpge(self.lo).all() & c.cmple(self.hi).all()
    }

    /// Number of cells, saturating.
    #[inline]
    pub fn count(self) -> u64 {
        let d = self.hi.as_i64vec2() - self.lo.as_i64vec2() + 1;
        (d.x.max(0) as u64).saturating_mul(d.y.max(0) as u64)
    }
}

/// Most pieces a motion is cut into (motions longer than this many cells use longer pieces).
const MAX_PIECES: f32 = 65_536.0;

/// A sweep whose pieces would visit more than this many times the cells it sweeps is visited
/// as one piece (its early stop given up to bound the work).
const REVISIT_LIMIT: f64 = 4.0;

/// A sweep touching at most this many cells in all is visited as one piece.
const ONE_PIECE_CELLS: u64 = 16;

/// Visits the cells that the box `[lo, hi]` (widened by `pad`) touches while it moves by `d`,
/// within `bounds`, in pieces of about one cell of motion each, in order along the motion:
/// `visit(t0, rect, previous_rect)` gets the fraction at which the piece starts, the cells it
/// touches and the previous piece's cells (already visited, so a caller can skip them) and
/// returns whether to go on. The pieces only cover the part of the motion where the box is
/// within `bounds`, so an endless motion over a small map costs the map's size.
pub(crate) fn sweep_cells(
    lo: Vec2,
    hi: Vec2,
    d: Vec2,
    cell: f32,
    pad: f32,
    bounds: CellRect,
    mut visit: impl FnMut(f32, CellRect, Option<CellRect>) -> bool,
) {
    let lo = lo - pad;
    let hi = hi + pad;
    // A short sweep: one piece.
    let whole = CellRect::covering(lo.min(lo + d), hi.max(hi + d), cell);
    if whole.count() <= ONE_PIECE_CELLS {
        if let Some(r) = whole.clamp(bounds.lo, bounds.hi) {
            visit(0.0, r, None);
        }
        return;
    }
    // The fractions during which the moving box overlaps the bounds' box.
    let blo = bounds.lo.as_vec2() * cell;
    let bhi = (bounds.hi.as_vec2() + 1.0) * cell;
    let (mut ta, mut tb) = (0.0f32, 1.0f32);
    for i in 0..2 {
        if d[i] == 0.0 {
            if hi[i] < blo[i] || lo[i] > bhi[i] {
                return;
            }
        } else {
            let t0 = (blo[i] - hi[i]) / d[i];
            let t1 = (bhi[i] - lo[i]) / d[i];
            let (near, far) = if t0 < t1 { (t0, t1) } else { (t1, t0) };
            ta = ta.max(near);
            tb = tb.min(far);
        }
    }
    if ta.is_nan() || tb.is_nan() || ta > tb {
        return;
    }
    // |d| without overflow for huge motions.
    let big = d.abs().max_element();
    let length = if big > 0.0 {
        big * (d / big).length()
    } else {
        0.0
    };
    let travel = length * (tb - ta);
    let pieces = (travel / cell).ceil().clamp(1.0, MAX_PIECES);
    // A body so large that its pieces would cover the same cells over and over: one visit of
    // everything it sweeps instead, so the work stays within the cells of the bounds.
    let Some(clamped) = whole.clamp(bounds.lo, bounds.hi) else {
        return;
    };
    let piece_cells = ((hi - lo) / cell + d.abs() * ((tb - ta) / pieces) / cell + 2.0).as_dvec2();
    if f64::from(pieces) * piece_cells.x * piece_cells.y > REVISIT_LIMIT * clamped.count() as f64 {
        visit(0.0, clamped, None);
        return;
    }
    let n = pieces as u32;
    let mut prev: Option<CellRect> = None;
    for k in 0..n {
        let t0 = ta + (tb - ta) * (k as f32 / pieces);
        let t1 = if k + 1 == n {
            tb
        } else {
            ta + (tb - ta) * ((k + 1) as f32 / pieces)
        };
        let (a, b) = (d * t0, d * t1);
        let rect = CellRect::covering(lo + a.min(b), hi + a.max(b), cell);
        let Some(rect) = rect.clamp(bounds.lo, bounds.hi) else {
            continue;
        };
        if !visit(t0, rect, prev) {
            return;
        }
        prev = Some(rect);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_a_moving_box_crosses_is_visited_once_in_order() {
        // A point moving from (0.5, 0.5) by (9, 3) over 1-unit cells in a 20 × 20 area.
        let bounds = CellRect {
            lo: IVec2::ZERO,
            hi: IVec2::splat(19),
        };
        let mut seen = Vec::new();
        let mut last_t = -1.0;
        sweep_cells(
            Vec2::splat(0.5),
            Vec2::splat(0.5),
            Vec2::new(9.0, 3.0),
            1.0,
            0.0,
            bounds,
            |t0, r, prev| {
                assert!(t0 > last_t);
                last_t = t0;
                for y in r.lo.y..=r.hi.y {
                    for x in r.lo.x..=r.hi.x {
                        let c = IVec2::new(x, y);
                        if !prev.is_some_and(|p| p.contains(c)) {
                            assert!(!seen.contains(&c), "{c} twice");
                            seen.push(c);
                        }
                    }
                }
                true
            },
        );
        // Every cell the segment passes through is there.
        for i in 0..=900 {
            let p = Vec2::splat(0.5) + Vec2::new(9.0, 3.0) * (i as f32 / 900.0);
            assert!(seen.contains(&p.floor().as_ivec2()), "missed {p}");
        }
        assert!(seen.len() < 30, "{} cells for a 9-cell walk", seen.len());
    }

    #[test]
    fn small_id_lists_sort_dedup_and_spill() {
        let mut ids = SmallIds::default();
        for i in (0..40).rev() {
            ids.push(i % 25);
        }
        ids.sort_dedup();
        assert_eq!(ids.as_slice(), (0..25).collect::<Vec<_>>().as_slice());
        let mut set = SmallIds::default();
        for i in [5, 1, 9, 1, 5, 3] {
            set.insert_sorted(i);
        }
        assert_eq!(set.as_slice(), &[1, 3, 5, 9]);
        for (x, f) in [
            (1.5, 1),
            (-1.5, -2),
            (-2.0, -2),
            (1e30, i32::MAX),
            (-1e30, i32::MIN),
        ] {
            assert_eq!(floor_i32(x), f, "{x}");
        }
    }

    #[test]
    fn a_huge_body_moving_far_visits_the_bounds_once() {
        // A 400-unit box moving 1e5 diagonally over 1-unit cells in a 1000 × 1000 area.
        let bounds = CellRect {
            lo: IVec2::ZERO,
            hi: IVec2::splat(999),
        };
        let mut visited = 0u64;
        sweep_cells(
            Vec2::ZERO,
            Vec2::splat(400.0),
            Vec2::splat(1e5),
            1.0,
            0.0,
            bounds,
            |_, r, _| {
                visited += r.count();
                true
            },
        );
        assert!(visited <= 1_000_000, "{visited} cells");
    }

    #[test]
    fn an_endless_motion_costs_only_the_bounds() {
        let bounds = CellRect {
            lo: IVec2::ZERO,
            hi: IVec2::splat(9),
        };
        let mut pieces = 0;
        sweep_cells(
            Vec2::ZERO,
            Vec2::ONE,
            Vec2::new(1e30, 1e29),
            1.0,
            0.0,
            bounds,
            |_, _, _| {
                pieces += 1;
                true
            },
        );
        assert!((1..=12).contains(&pieces), "{pieces} pieces");
    }
}
