//! Circles.

use glam::Vec2;

use super::{ShapeError, finite, positive};

/// A disc of `radius` around `center` (local frame).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Circle {
    pub(crate) center: [Vec2; 1],
    pub(crate) radius: f32,
}

impl Circle {
    /// A circle of `radius` (positive, finite) centred on the local origin.
    pub fn new(radius: f32) -> Result<Self, ShapeError> {
        Self::with_center(Vec2::ZERO, radius)
    }

    /// A circle of `radius` centred on `center` (local frame).
    pub fn with_center(center: Vec2, radius: f32) -> Result<Self, ShapeError> {
        finite("center.x", center.x)?;
        finite("center.y", center.y)?;
        positive("radius", radius)?;
        Ok(Self {
            center: [center],
            radius,
        })
    }

    /// Centre, local frame.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Vec2 {
        self.center[0]
    }

    /// Radius, in world units.
    #[inline]
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.radius
    }
}
