//! Where the grid files a collider (in the buckets of some cells, or in the list of large
//! colliders), and when a collider that moved stays filed where it is.

use glam::{IVec2, Vec2};

use crate::world::grid_walk::CellRect;

/// Where a collider is filed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    /// In every bucket of these cells: every cell its bounds touch, and at most
    /// [`KEPT_SPARE_CELLS`] more along each axis (see [`Placement::keeps`]).
    Cells(CellRect),
    /// In the list of large colliders.
    Large,
}

/// Cells along each axis a collider may stay filed in beyond those its bounds touch, before
/// it is filed again. A body crossing a cell's edge covers both cells for a while, then only
/// the new one: filed exactly, it would be filed again twice for each edge it crosses; kept
/// in both until it reaches a third, once. Every query turns away a candidate that its box or
/// shape does not meet (by the candidate's bounds, and then by exact shapes where they decide),
/// so a collider filed in a cell it does not touch changes no answer: it only costs the
/// queries there that test.
pub(crate) const KEPT_SPARE_CELLS: i32 = 1;

impl Placement {
    /// Whether a collider filed here stays put with new world bounds `[lo, hi]`, in a grid of
    /// cells of side `cell`: in cells, when they still hold every cell the bounds touch and no
    /// more than [`KEPT_SPARE_CELLS`] besides along each axis. A large collider is filed again
    /// (as [`Grid::update`](super::Grid::update) does).
    #[inline]
    pub(crate) fn keeps(self, lo: Vec2, hi: Vec2, cell: f32) -> bool {
        let Placement::Cells(r) = self else {
            return false;
        };
        let touched = CellRect::covering(lo, hi, cell);
        // The spare cells count only where the filed cells hold the touched ones: a filed
        // rectangle has at most `MAX_CELLS_PER_COLLIDER` cells, so neither span overflows
        // there. Elsewhere cell coordinates far apart (saturated at the ends of `i32`) may
        // wrap, and the count is dropped (`&`, not `&&`: no branch for a test this short).
        let spans = |c: CellRect| c.hi.wrapping_sub(c.lo);
        let spare = spans(r).wrapping_sub(spans(touched));
        r.covers(touched) & spare.cmple(IVec2::splat(KEPT_SPARE_CELLS)).all()
    }
}
