//! Capsules: a segment grown by a radius.

use glam::Vec2;

use super::segment::seg_core;
use super::{ShapeError, finite, positive};
use crate::geometry::{Planes8, pinned_offset};

/// A segment from `a` to `b` grown by `radius`: the usual character shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Capsule {
    pub(crate) pts: [Vec2; 2],
    pub(crate) nrm: [Vec2; 2],
    /// The plane offsets of the inner segment's two faces (see [`Capsule::planes`]).
    pub(crate) h: [f32; 2],
    pub(crate) radius: f32,
    /// 2, or 1 when the inner segment is a point (`a == b`: a circle).
    pub(crate) len: u32,
}

impl Capsule {
    /// A capsule around the segment `a`–`b` (local frame). `a == b` is allowed (a circle).
    pub fn new(a: Vec2, b: Vec2, radius: f32) -> Result<Self, ShapeError> {
        finite("a.x", a.x)?;
        finite("a.y", a.y)?;
        finite("b.x", b.x)?;
        finite("b.y", b.y)?;
        positive("radius", radius)?;
        let (pts, nrm, len) = seg_core(a, b);
        Ok(Self {
            pts,
            nrm,
            h: [
                pinned_offset(pts[0], pts[1], nrm[0]),
                pinned_offset(pts[1], pts[0], nrm[1]),
            ],
            radius,
            len: len as u32,
        })
    }

    /// The face planes of the inner segment side by side, for 4-lane clipping: built when a
    /// query asks (a few moves), so that a capsule stays 48 bytes.
    #[inline]
    pub(crate) fn planes(&self) -> Planes8 {
        Planes8::two_faces(self.nrm, self.h)
    }

    /// An upright capsule centred on the local origin: total height
    /// `2 * (half_segment + radius)`, width `2 * radius`.
    pub fn vertical(half_segment: f32, radius: f32) -> Result<Self, ShapeError> {
        finite("half_segment", half_segment)?;
        if half_segment < 0.0 {
            return Err(ShapeError::NotPositive {
                field: "half_segment",
                value: half_segment,
            });
        }
        Self::new(
            Vec2::new(0.0, -half_segment),
            Vec2::new(0.0, half_segment),
            radius,
        )
    }

    /// First end of the inner segment, local frame.
    #[inline]
    #[must_use]
    pub fn a(&self) -> Vec2 {
        self.pts[0]
    }

    /// Second end of the inner segment, local frame.
    #[inline]
    #[must_use]
    pub fn b(&self) -> Vec2 {
        self.pts[1]
    }

    /// Radius, in world units.
    #[inline]
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.radius
    }
}
