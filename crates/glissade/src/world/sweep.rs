//! Walking the grid cells a moving box touches, in order along its motion.

use glam::{IVec2, Vec2};

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
        CellRect {
            lo: (lo * inv).floor().as_ivec2(),
            hi: (hi * inv).floor().as_ivec2(),
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
        let d = (self.hi - self.lo).as_i64vec2() + 1;
        (d.x.max(0) as u64).saturating_mul(d.y.max(0) as u64)
    }
}

/// Most pieces a motion is cut into (motions longer than this many cells use longer pieces).
const MAX_PIECES: f32 = 65_536.0;

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
    // The fractions during which the moving box overlaps the bounds' box.
    let blo = bounds.lo.as_vec2() * cell;
    let bhi = (bounds.hi + 1).as_vec2() * cell;
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
