//! Axis-aligned boxes in 3D.

use glam::Vec3;

use crate::shape::{ShapeError, check_coordinate};

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
        const AXES: [&str; 3] = ["x", "y", "z"];
        const MIN: [&str; 3] = ["min.x", "min.y", "min.z"];
        const MAX: [&str; 3] = ["max.x", "max.y", "max.z"];
        for i in 0..3 {
            for (field, value) in [(MIN[i], min[i]), (MAX[i], max[i])] {
                check_coordinate(field, None, value)?;
            }
            if min[i] >= max[i] {
                return Err(ShapeError::InvertedBounds {
                    axis: AXES[i],
                    min: min[i],
                    max: max[i],
                });
            }
        }
        Ok(Self { min, max })
    }

    /// A box centred on the local origin with positive half extents.
    pub fn from_half_extents(half_extents: Vec3) -> Result<Self, ShapeError> {
        const FIELDS: [&str; 3] = ["half_extents.x", "half_extents.y", "half_extents.z"];
        for (i, field) in FIELDS.iter().enumerate() {
            let value = half_extents[i];
            check_coordinate(field, None, value)?;
            if value <= 0.0 {
                return Err(ShapeError::NotPositive { field, value });
            }
        }
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
