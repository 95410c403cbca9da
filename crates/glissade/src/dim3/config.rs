//! Settings, results and errors of the 3D move, and the checks of its inputs.

use glam::Vec3;
use thiserror::Error;

use super::Aabb;
use crate::motion::{DEFAULT_SKIN, SkinRule, check_move_settings};

/// Default [`MoveConfig::max_iterations`]: 4, one fewer than in 2D — a box among boxes
/// meets at most a floor and two walls at once (its normals are axes), plus one spare. The
/// skin and the most iterations are the 2D ones ([`DEFAULT_SKIN`], [`MAX_ITERATIONS`](crate::motion::MAX_ITERATIONS)).
pub const DEFAULT_MAX_ITERATIONS: u32 = 4;

/// Settings of [`move_and_slide`](super::move_and_slide).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveConfig {
    /// Gap, in world units, the body keeps from what it hits, measured along the contact
    /// normal. Finite and positive; default [`DEFAULT_SKIN`]. Positive where 2D accepts 0:
    /// the 2D mover needs a gap of 0 for bodies that slide along tile seams and rounded
    /// corners while touching them, which boxes among boxes never do, and every 3D move's
    /// promise (it ends with a gap in `(0, 2 × skin]` from what it touches) is stated for a gap.
    pub skin: f32,
    /// How many casts (hit, then slide) one move may take, 1 to [`MAX_ITERATIONS`](crate::motion::MAX_ITERATIONS); default
    /// [`DEFAULT_MAX_ITERATIONS`]. Motion left when they run out is not performed.
    pub max_iterations: u32,
}

impl Default for MoveConfig {
    fn default() -> Self {
        Self {
            skin: DEFAULT_SKIN,
            max_iterations: DEFAULT_MAX_ITERATIONS,
        }
    }
}

/// One solid the body touched during a move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveContact {
    /// Index of the solid in the `solids` slice given to [`move_and_slide`](super::move_and_slide).
    pub index: usize,
    /// Unit face normal, world frame, pointing from the solid toward the body: one of `±X`,
    /// `±Y`, `±Z`.
    pub normal: Vec3,
    /// Contact point, world frame: on the solid's face, at the centre of the area the two
    /// boxes share at the moment of contact (before the skin is taken off).
    pub point: Vec3,
    /// When the contact happened, as a fraction in `[0, 1]` of the whole move: `0` for a
    /// solid the body started inside.
    pub fraction: f32,
}

/// What [`move_and_slide`](super::move_and_slide) did.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveResult {
    /// Where the body ended, world frame (its translation, like the `position` given).
    pub position: Vec3,
    /// The part of the requested motion not performed, world units: `motion` minus the
    /// displacement of the move (a push out of solids the body started inside is not counted
    /// as performed motion).
    pub remaining: Vec3,
    /// The velocity given, with every component going into a contact normal removed (units
    /// of the input, typically world units per second).
    pub velocity: Vec3,
    /// Each solid touched, once, in the order it was met.
    pub contacts: Vec<MoveContact>,
}

/// Why [`move_and_slide`](super::move_and_slide) refused a move. Nothing is moved when it does.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum MoveError {
    /// `position`, `motion`, `velocity` or `position + motion` has a NaN or infinite
    /// component (or, for positions near `f32::MAX`, the push out of solids overflows).
    #[error("{field} is not finite: {value}")]
    NotFinite {
        /// Which input: `position`, `motion`, `velocity`, `position + motion` or
        /// `position after the push out of solids`.
        field: &'static str,
        /// The value given (world frame).
        value: Vec3,
    },
    /// A vector is larger in magnitude than
    /// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE).
    #[error("{field} = {value} is too large: at most {max} in magnitude on each axis")]
    TooLarge {
        /// Which input: `position`, `motion` or `velocity`.
        field: &'static str,
        /// The value given (world frame).
        value: Vec3,
        /// The largest magnitude accepted.
        max: f32,
    },
    /// The position of a solid has a NaN or infinite component, or one larger in magnitude
    /// than [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE).
    #[error("the position of solids[{index}] is not finite or too far: {value}")]
    SolidNotFinite {
        /// Index in the `solids` slice.
        index: usize,
        /// The position given (world frame).
        value: Vec3,
    },
    /// A [`MoveConfig`] field is out of range.
    #[error("config.{field} = {value} is invalid: it {reason}")]
    BadConfig {
        /// `skin` or `max_iterations`.
        field: &'static str,
        /// The value given (`max_iterations` converted to f32).
        value: f32,
        /// What the field must be.
        reason: &'static str,
    },
}

/// Refuses a vector that is not finite, or larger in magnitude than
/// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE): the 2D moves' rule.
pub(super) fn check_finite(field: &'static str, value: Vec3) -> Result<(), MoveError> {
    match crate::tolerance::check_components(&value.to_array()) {
        Ok(()) => Ok(()),
        Err(None) => Err(MoveError::NotFinite { field, value }),
        Err(Some(max)) => Err(MoveError::TooLarge { field, value, max }),
    }
}

pub(super) fn validate(
    position: Vec3,
    motion: Vec3,
    velocity: Vec3,
    solids: &[(Aabb, Vec3)],
    config: &MoveConfig,
) -> Result<(), MoveError> {
    check_finite("position", position)?;
    check_finite("motion", motion)?;
    check_finite("velocity", velocity)?;
    check_finite("position + motion", position + motion)?;
    let bad = |p: &Vec3| crate::tolerance::check_components(&p.to_array()).is_err();
    if let Some((index, (_, at))) = solids.iter().enumerate().find(|(_, s)| bad(&s.1)) {
        return Err(MoveError::SolidNotFinite { index, value: *at });
    }
    // A positive skin, where 2D allows 0: the 3D mover keeps the skin as its only gap (it has
    // no tile seams or rounded corners that a touching start must slide past).
    check_move_settings(config.skin, config.max_iterations, SkinRule::Positive).map_err(
        |(field, value, reason)| MoveError::BadConfig {
            field,
            value,
            reason,
        },
    )?;
    Ok(())
}
