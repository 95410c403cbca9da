//! Axis-aligned boxes.

use glam::Vec2;

use super::{ShapeError, check_box_corners, check_half_extents};

/// An axis-aligned box `[min, max]` in the local frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aabb {
    pub(crate) min: Vec2,
    pub(crate) max: Vec2,
}

impl Aabb {
    /// A box from corners already known to be finite and ordered (`min < max`).
    #[inline]
    pub(crate) fn from_ordered(min: Vec2, max: Vec2) -> Self {
        debug_assert!(min.cmplt(max).all());
        Aabb { min, max }
    }

    /// The box from `min` to `max` (local frame). Refuses values that are not finite or larger
    /// than [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), and `min >= max`.
    pub fn new(min: Vec2, max: Vec2) -> Result<Self, ShapeError> {
        check_box_corners(min.to_array(), max.to_array())?;
        Ok(Self { min, max })
    }

    /// A box centred on the local origin with the given half extents (both positive).
    ///
    /// ```
    /// use glissade::{Aabb, glam::Vec2};
    /// let player = Aabb::from_half_extents(Vec2::new(0.5, 1.0))?;
    /// assert_eq!(player.max(), Vec2::new(0.5, 1.0));
    /// # Ok::<(), glissade::ShapeError>(())
    /// ```
    pub fn from_half_extents(half_extents: Vec2) -> Result<Self, ShapeError> {
        check_half_extents(half_extents.to_array())?;
        Ok(Self {
            min: -half_extents,
            max: half_extents,
        })
    }

    /// Lower-left corner, local frame.
    #[inline]
    #[must_use]
    pub fn min(&self) -> Vec2 {
        self.min
    }

    /// Upper-right corner, local frame.
    #[inline]
    #[must_use]
    pub fn max(&self) -> Vec2 {
        self.max
    }

    /// Half the size on each axis.
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// Centre, local frame.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Vec2 {
        (self.max + self.min) * 0.5
    }

    /// The four corners counter-clockwise from `min`.
    #[inline]
    #[must_use]
    pub fn corners(&self) -> [Vec2; 4] {
        [
            self.min,
            Vec2::new(self.max.x, self.min.y),
            self.max,
            Vec2::new(self.min.x, self.max.y),
        ]
    }
}

/// Outward normals of an [`Aabb`]'s edges, in the order of [`Aabb::corners`].
pub(crate) const AABB_NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];
