//! Zero-thickness segments.

use glam::Vec2;

use super::{ShapeError, finite};
use crate::geometry::{Planes8, pinned_offset};

/// A zero-thickness wall from `a` to `b` (local frame). Both sides are solid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    pub(crate) pts: [Vec2; 2],
    /// The plane offsets of its two faces (see [`Segment::planes`]).
    pub(crate) h: [f32; 2],
}

impl Segment {
    /// The segment `a`–`b`; refuses ends that are not finite or larger than
    /// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), and `a == b`.
    pub fn new(a: Vec2, b: Vec2) -> Result<Self, ShapeError> {
        finite("a.x", a.x)?;
        finite("a.y", a.y)?;
        finite("b.x", b.x)?;
        finite("b.y", b.y)?;
        if a == b {
            return Err(ShapeError::DuplicatePoint {
                first: 0,
                second: 1,
                x: a.x,
                y: a.y,
            });
        }
        let (pts, h) = seg_kept(a, b);
        Ok(Self { pts, h })
    }

    /// The planes of its two faces side by side, for 4-lane clipping, with the outward unit
    /// normals they are made of (right of `a → b`, then left): built when a query asks (a few
    /// moves), the normals computed from the ends as they were when the segment was made (the
    /// same function of the same numbers, so the same to the bit). Kept, the normals would make
    /// a segment 40 bytes and a [`Shape`](super::Shape) 48; it is 24.
    #[inline]
    pub(crate) fn planes(&self) -> (Planes8, [Vec2; 2]) {
        seg_faces(self.pts, self.h)
    }

    /// First end, local frame.
    #[inline]
    #[must_use]
    pub fn a(&self) -> Vec2 {
        self.pts[0]
    }

    /// Second end, local frame.
    #[inline]
    #[must_use]
    pub fn b(&self) -> Vec2 {
        self.pts[1]
    }

    /// Unit normal on the right of `a → b`, local frame (the other side's normal is its
    /// negation). Computed from the ends at each call (a square root and a division).
    #[inline]
    #[must_use]
    pub fn normal(&self) -> Vec2 {
        seg_normals(self.pts)[0]
    }
}

/// Core of a segment: its ends and the two side normals (right of a→b, then left). Ends too
/// close for the segment to have a direction (equal, or their difference's length rounding
/// to zero) give `a` twice and zero normals: a point.
pub(super) fn seg_core(a: Vec2, b: Vec2) -> ([Vec2; 2], [Vec2; 2]) {
    let e = b - a;
    match Vec2::new(e.y, -e.x).try_normalize() {
        Some(n) => ([a, b], [n, -n]),
        None => ([a, a], [Vec2::ZERO; 2]),
    }
}

/// What a segment or a capsule keeps of the segment `a`–`b`: its ends (as [`seg_core`] gives
/// them) and the offsets of its two face planes, each pinned to the face's line (see
/// `pinned_offset`). The normals are left out: [`seg_normals`] gives them again.
pub(super) fn seg_kept(a: Vec2, b: Vec2) -> ([Vec2; 2], [f32; 2]) {
    let (pts, nrm) = seg_core(a, b);
    let h = [
        pinned_offset(pts[0], pts[1], nrm[0]),
        pinned_offset(pts[1], pts[0], nrm[1]),
    ];
    (pts, h)
}

/// The two side normals of kept ends `pts` (from [`seg_kept`]): those [`seg_core`] found when
/// they were kept, to the bit (the same function of the same numbers; for a point, whose ends
/// are kept equal, zero both times).
#[inline]
pub(super) fn seg_normals(pts: [Vec2; 2]) -> [Vec2; 2] {
    seg_core(pts[0], pts[1]).1
}

/// The face planes side by side (4 lanes) of kept ends `pts` and offsets `h`, with the normals
/// they are made of.
#[inline]
pub(super) fn seg_faces(pts: [Vec2; 2], h: [f32; 2]) -> (Planes8, [Vec2; 2]) {
    let nrm = seg_normals(pts);
    (Planes8::two_faces(nrm, h), nrm)
}
