//! Walking the grid cells a moving box touches, in order along its motion.

use glam::{IVec2, Vec2, Vec4};

use crate::geometry::floor_i32x4;

/// An inclusive range of grid cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CellRect {
    pub lo: IVec2,
    pub hi: IVec2,
}

impl CellRect {
    /// No cell at all (it contains nothing).
    pub const NONE: CellRect = CellRect {
        lo: IVec2::MAX,
        hi: IVec2::MIN,
    };

    /// The cells of side `cell` that the box `[lo, hi]` touches (a box ending exactly on a
    /// cell boundary touches the next cell too). Coordinates beyond `i32` saturate.
    #[inline]
    pub fn covering(lo: Vec2, hi: Vec2, cell: f32) -> CellRect {
        let inv = 1.0 / cell;
        // The four corners' cells at once, each `floor_i32` of its coordinate.
        let [x0, y0, x1, y1] = floor_i32x4(Vec4::new(lo.x, lo.y, hi.x, hi.y) * inv);
        CellRect {
            lo: IVec2::new(x0, y0),
            hi: IVec2::new(x1, y1),
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

    /// Whether every cell of `inner` is one of these.
    #[inline]
    pub fn covers(self, inner: CellRect) -> bool {
        self.lo.cmple(inner.lo).all() && inner.hi.cmple(self.hi).all()
    }

    /// The cells of side `2^shift` cells holding these (cell coordinates shifted right,
    /// rounding down).
    #[inline]
    pub fn coarser(self, shift: u32) -> CellRect {
        CellRect {
            lo: self.lo >> shift as i32,
            hi: self.hi >> shift as i32,
        }
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
pub(crate) const ONE_PIECE_CELLS: u64 = 16;

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
    visit: impl FnMut(f32, CellRect, Option<CellRect>) -> bool,
) {
    walk_cells(Moving::new(lo, hi, d, cell, pad), bounds, (0.0, 1.0), visit);
}

/// Visits the cells `moving` touches during the fractions `window` of its motion, within
/// `bounds`, in pieces in order along the motion, as [`sweep_cells`] does (see
/// [`Moving::plan`]); whether `visit` never asked to stop.
#[inline(always)]
pub(crate) fn walk_cells(
    moving: Moving,
    bounds: CellRect,
    window: (f32, f32),
    mut visit: impl FnMut(f32, CellRect, Option<CellRect>) -> bool,
) -> bool {
    match moving.plan(0, bounds, window) {
        Plan::Nothing => true,
        Plan::One(t0, _, rect) => visit(t0, rect, None),
        Plan::Many { ta, tb, n } => {
            let mut prev: Option<CellRect> = None;
            for k in 0..n {
                let span = Plan::span(ta, tb, n, k);
                let Some(rect) = moving.cells(span).clamp(bounds.lo, bounds.hi) else {
                    continue;
                };
                if !visit(span.0, rect, prev) {
                    return false;
                }
                prev = Some(rect);
            }
            true
        }
    }
}

/// A box moving over a grid of cells of side `cell`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Moving {
    /// The box at the start, widened by the padding.
    lo: Vec2,
    hi: Vec2,
    /// The motion.
    d: Vec2,
    /// Side of a (fine) cell.
    cell: f32,
}

/// How [`Moving::plan`] cuts a motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Plan {
    /// The box never touches the bounds.
    Nothing,
    /// One piece: its fractions and cells.
    One(f32, f32, CellRect),
    /// `n` pieces of equal fractions from `ta` to `tb`: see [`Plan::span`].
    Many { ta: f32, tb: f32, n: u32 },
}

impl Plan {
    /// The fractions of piece `k` of `n` from `ta` to `tb` (the last ends exactly at `tb`).
    #[inline(always)]
    pub fn span(ta: f32, tb: f32, n: u32, k: u32) -> (f32, f32) {
        let pieces = n as f32;
        let t0 = ta + (tb - ta) * (k as f32 / pieces);
        let t1 = if k + 1 == n {
            tb
        } else {
            ta + (tb - ta) * ((k + 1) as f32 / pieces)
        };
        (t0, t1)
    }
}

impl Moving {
    /// The box `[lo, hi]` widened by `pad` on every side, moving by `d`.
    #[inline(always)]
    pub fn new(lo: Vec2, hi: Vec2, d: Vec2, cell: f32, pad: f32) -> Self {
        Moving {
            lo: lo - pad,
            hi: hi + pad,
            d,
            cell,
        }
    }

    /// The cells the box touches while it moves from fraction `wa` to `wb` of the motion.
    #[inline(always)]
    pub fn cells(&self, (wa, wb): (f32, f32)) -> CellRect {
        let (a, b) = (self.d * wa, self.d * wb);
        CellRect::covering(self.lo + a.min(b), self.hi + a.max(b), self.cell)
    }

    /// The motion.
    #[inline(always)]
    pub fn motion(&self) -> Vec2 {
        self.d
    }

    /// The cells the box touches over its whole motion.
    #[inline(always)]
    pub fn whole(&self) -> CellRect {
        let (lo, hi, d) = (self.lo, self.hi, self.d);
        CellRect::covering(lo.min(lo + d), hi.max(hi + d), self.cell)
    }

    /// How to cut the fractions `window` of the motion into pieces in order along it, each
    /// about one walked cell of motion, where a walked cell is `2^shift` cells on a side: the
    /// walked cells of a piece are its cells ([`Moving::cells`] of its fractions) shifted right
    /// by `shift`, so the coarse cells of a piece hold its fine cells whatever the rounding.
    /// The pieces' cells are to be taken within `bounds` (given in cells).
    ///
    /// The pieces only cover the part of `window` during which the box is within `bounds`
    /// (the same fractions at every `shift`, so that a finer walk of a coarser piece's
    /// fractions covers what the coarser piece did). There are at most [`MAX_PIECES`], and
    /// either one or at most about [`REVISIT_LIMIT`] times the walked cells swept in all
    /// (except, when `shift > 0`, for a body whose pieces touch at most [`ONE_PIECE_CELLS`]
    /// walked cells each).
    #[inline(always)]
    pub fn plan(&self, shift: u32, bounds: CellRect, (wa, wb): (f32, f32)) -> Plan {
        let Moving { lo, hi, d, cell } = *self;
        let walked = bounds.coarser(shift);
        let whole = if (wa, wb) == (0.0, 1.0) {
            self.whole()
        } else {
            self.cells((wa, wb))
        }
        .coarser(shift);
        // A short sweep: one piece.
        if whole.count() <= ONE_PIECE_CELLS {
            return match whole.clamp(walked.lo, walked.hi) {
                Some(r) => Plan::One(wa, wb, r),
                None => Plan::Nothing,
            };
        }
        // The fractions during which the moving box overlaps the bounds' box.
        let blo = bounds.lo.as_vec2() * cell;
        let bhi = (bounds.hi.as_vec2() + 1.0) * cell;
        let (mut ta, mut tb) = (wa, wb);
        for i in 0..2 {
            if d[i] == 0.0 {
                if hi[i] < blo[i] || lo[i] > bhi[i] {
                    return Plan::Nothing;
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
            return Plan::Nothing;
        }
        let walked_cell = cell * (1u32 << shift) as f32;
        // |d| without overflow for huge motions.
        let big = d.abs().max_element();
        let length = if big > 0.0 {
            big * (d / big).length()
        } else {
            0.0
        };
        let travel = length * (tb - ta);
        let pieces = (travel / walked_cell).ceil().clamp(1.0, MAX_PIECES);
        // A body so large that its pieces would cover the same cells over and over: one visit
        // of everything it sweeps instead, so the work stays within the cells of the bounds.
        let Some(clamped) = whole.clamp(walked.lo, walked.hi) else {
            return Plan::Nothing;
        };
        let piece_cells =
            ((hi - lo) / walked_cell + d.abs() * ((tb - ta) / pieces) / walked_cell + 2.0)
                .as_dvec2();
        // Coarser walks (finding where to walk finely) keep the pieces of a small body: they
        // cost a few lookups each, and one piece would walk all it sweeps finely.
        let small = shift > 0 && piece_cells.x * piece_cells.y <= ONE_PIECE_CELLS as f64;
        if !small
            && f64::from(pieces) * piece_cells.x * piece_cells.y
                > REVISIT_LIMIT * clamped.count() as f64
        {
            return Plan::One(wa, wb, clamped);
        }
        Plan::Many {
            ta,
            tb,
            n: pieces as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::geometry::floor_i32;

    /// A rectangle covers itself and what lies inside it, not one reaching a cell past any
    /// of its sides.
    #[test]
    fn a_rectangle_covers_exactly_the_rectangles_inside_it() {
        let r = |lx, ly, hx, hy| CellRect {
            lo: IVec2::new(lx, ly),
            hi: IVec2::new(hx, hy),
        };
        let outer = r(-2, 0, 3, 4);
        assert!(outer.covers(outer));
        assert!(outer.covers(r(-1, 1, 2, 3)));
        assert!(outer.covers(r(3, 4, 3, 4)));
        for past in [
            r(-3, 0, 3, 4),
            r(-2, -1, 3, 4),
            r(-2, 0, 4, 4),
            r(-2, 0, 3, 5),
        ] {
            assert!(!outer.covers(past));
            assert!(past.covers(outer));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// The four corners' cells found at once are `floor_i32` of each coordinate, for every
        /// number: near and on cell boundaries, negative zero, huge, infinite and NaN.
        #[test]
        fn covering_floors_each_coordinate_as_floor_i32(
            c in proptest::collection::vec(
                prop_oneof![
                    proptest::num::f32::ANY,
                    (-1000i32..1000).prop_map(|k| k as f32 * 0.5),
                    (-1000i32..1000).prop_map(|k| (k as f32 * 0.5).next_up()),
                    (-1000i32..1000).prop_map(|k| (k as f32 * 0.5).next_down()),
                    Just(-0.0f32),
                    (-1e12f32..1e12),
                ],
                4,
            ),
            cell in prop_oneof![
                Just(1.0f32),
                Just(2.0f32),
                Just(0.3f32),
                1e-3f32..1e3,
            ],
        ) {
            let (lo, hi) = (Vec2::new(c[0], c[1]), Vec2::new(c[2], c[3]));
            let inv = 1.0 / cell;
            let want = CellRect {
                lo: IVec2::new(floor_i32(lo.x * inv), floor_i32(lo.y * inv)),
                hi: IVec2::new(floor_i32(hi.x * inv), floor_i32(hi.y * inv)),
            };
            prop_assert_eq!(CellRect::covering(lo, hi, cell), want);
        }
    }

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
    fn the_coarse_pieces_of_a_motion_hold_the_fine_pieces_of_their_fractions() {
        // Cells of side 0.7 (no exact inverse), coarse cells of 16 × 16 of them.
        let (cell, shift) = (0.7, 4);
        let bounds = CellRect {
            lo: IVec2::splat(-1024),
            hi: IVec2::splat(1023),
        };
        let coarse_bounds = bounds.coarser(shift);
        for (lo, size, d) in [
            (
                Vec2::new(-700.0, -3.0),
                Vec2::splat(0.5),
                Vec2::new(1400.0, 11.0),
            ),
            (
                Vec2::new(11.2, 0.0),
                Vec2::new(4.0, 1.0),
                Vec2::new(-333.3, 700.0),
            ),
            (Vec2::splat(-2000.0), Vec2::splat(0.1), Vec2::splat(1e6)),
            (
                Vec2::new(0.0, 44.8),
                Vec2::splat(2.0),
                Vec2::new(0.0, -600.0),
            ),
        ] {
            let m = Moving::new(lo, lo + size, d, cell, 0.01);
            let Plan::Many { ta, tb, n } = m.plan(shift, bounds, (0.0, 1.0)) else {
                panic!("a long motion of a small body is cut into pieces");
            };
            let mut end = ta;
            for k in 0..n {
                let span = Plan::span(ta, tb, n, k);
                // The pieces follow one another exactly.
                assert_eq!(span.0, end);
                end = span.1;
                let coarse = m
                    .cells(span)
                    .coarser(shift)
                    .clamp(coarse_bounds.lo, coarse_bounds.hi);
                walk_cells(m, bounds, span, |_, rect, _| {
                    let c = rect.coarser(shift);
                    assert!(coarse.is_some_and(|o| o.contains(c.lo) && o.contains(c.hi)));
                    true
                });
            }
            assert_eq!(end, tb);
        }
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
