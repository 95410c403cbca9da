//! Axis-aligned boxes in 3D.

use glam::Vec3;

use crate::shape::{ShapeError, check_box_corners, check_half_extents};

/// An axis-aligned box `[min, max]` in its local frame, placed by a `Vec3` position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aabb {
    pub(super) min: Vec3,
    pub(super) max: Vec3,
}

impl Aabb {
    /// The box from `min` to `max` (local frame). Refuses values that are not finite or larger
    /// than [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), and `min >= max`.
    pub fn new(min: Vec3, max: Vec3) -> Result<Self, ShapeError> {
        check_box_corners(min.to_array(), max.to_array())?;
        Ok(Self { min, max })
    }

    /// A box centred on the local origin with positive half extents.
    pub fn from_half_extents(half_extents: Vec3) -> Result<Self, ShapeError> {
        check_half_extents(half_extents.to_array())?;
        Ok(Self {
            min: -half_extents,
            max: half_extents,
        })
    }

    /// Lower corner, local frame.
    #[inline]
    #[must_use]
    pub fn min(&self) -> Vec3 {
        self.min
    }

    /// Upper corner, local frame.
    #[inline]
    #[must_use]
    pub fn max(&self) -> Vec3 {
        self.max
    }
}
