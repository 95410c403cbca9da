//! One step of a character, and why a step is refused.

use glam::Vec2;

use crate::motion::MoveError;

/// Why a character step was refused. Nothing was moved.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CharacterError {
    /// The move under the step refused (unknown handle, a tile map as the character,
    /// non-finite motion).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A setting of [`CharacterConfig`](super::CharacterConfig) or [`PlatformerConfig`](super::PlatformerConfig) is out of range.
    #[error("{config}.{field} = {value}: {reason}")]
    BadConfig {
        /// Which settings: `"CharacterConfig"` or `"PlatformerConfig"`.
        config: &'static str,
        /// Which setting.
        field: &'static str,
        /// The value given.
        value: f32,
        /// The rule it breaks.
        reason: &'static str,
    },
    /// The same body is listed twice in one [`step_characters`](super::step_characters)
    /// batch (each of its entries is refused).
    #[error("body {0:?} is listed twice in one step_characters batch")]
    DuplicateCharacter(crate::world::Handle),
    /// `CharacterConfig.up` is not a unit vector.
    #[error("CharacterConfig.up = {0}: must be a finite unit vector (length 1 within 1e-4)")]
    BadUp(Vec2),
    /// A field of [`Step`] is out of range.
    #[error("Step.{field} = {value}: {reason}")]
    BadStep {
        /// Which field.
        field: &'static str,
        /// The value given.
        value: f32,
        /// The rule it breaks.
        reason: &'static str,
    },
}

/// One step of a character: the motion wanted and the time it takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// World units this step. When the character stands on walkable ground and the motion
    /// does not go up, its sideways part is walked along the ground (the same sideways
    /// progress, up or down a slope, so walking keeps its horizontal speed) and its downward
    /// part is held by the ground.
    pub motion: Vec2,
    /// Seconds this step lasts (positive): moving platforms carry their riders by their
    /// velocity times this, and the character's collider reports its displacement over it as
    /// its velocity.
    pub dt: f32,
    /// Fall through one-way platforms this step (dropping down from one).
    pub drop_through: bool,
    /// Pull the character down to the ground when the step walks it off a slope change
    /// (default `true`; a game turns it off for a step meant to leave the ground, a knockback).
    pub snap: bool,
}

impl Step {
    /// A step of `motion` (world units) lasting `dt` seconds, snapping on, not dropping.
    #[must_use]
    pub fn new(motion: Vec2, dt: f32) -> Self {
        Step {
            motion,
            dt,
            drop_through: false,
            snap: true,
        }
    }

    /// Drops through one-way platforms this step.
    #[must_use]
    pub fn dropping_through(self) -> Self {
        Step {
            drop_through: true,
            ..self
        }
    }

    /// Does not snap to the ground this step.
    #[must_use]
    pub fn without_snap(self) -> Self {
        Step {
            snap: false,
            ..self
        }
    }

    pub(super) fn validate(&self) -> Result<(), CharacterError> {
        crate::motion::check_vector("motion", self.motion)?;
        if !(self.dt.is_finite() && self.dt > 0.0) {
            return Err(CharacterError::BadStep {
                field: "dt",
                value: self.dt,
                reason: "must be positive and finite (seconds)",
            });
        }
        Ok(())
    }
}
