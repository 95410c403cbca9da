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
        let (pts, nrm) = seg_core(a, b);
        Ok(Self {
            pts,
            h: [
                pinned_offset(pts[0], pts[1], nrm[0]),
                pinned_offset(pts[1], pts[0], nrm[1]),
            ],
        })
    }

    /// The outward unit normals of its two faces (right of `a → b`, then left), computed
    /// from the ends when a query asks, as they were when the segment was made (the same
    /// function of the same numbers, so the same to the bit): kept, they would make a
    /// segment 40 bytes and a [`Shape`](super::Shape) 48.
    #[inline]
    pub(crate) fn normals(&self) -> [Vec2; 2] {
        seg_core(self.pts[0], self.pts[1]).1
    }

    /// The planes of its two faces side by side, for 4-lane clipping, with the normals they
    /// are made of ([`normals`](Self::normals)): built when a query asks (a few moves), so
    /// that a segment stays 24 bytes.
    #[inline]
    pub(crate) fn planes(&self) -> (Planes8, [Vec2; 2]) {
        let nrm = self.normals();
        (Planes8::two_faces(nrm, self.h), nrm)
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

    /// Unit normal on the right of `a → b` (the other side's normal is its negation).
    #[inline]
    #[must_use]
    pub fn normal(&self) -> Vec2 {
        self.normals()[0]
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
