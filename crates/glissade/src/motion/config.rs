//! The settings of a move, their limits and defaults, and why a move is refused.

use glam::Vec2;

use super::{Response, ResponseFn};
use crate::tolerance::MAX_BACK_OFF_SKINS;
use crate::world::{Collider, Handle, QueryFilter, World};

/// How the move finds how far it can go.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum MoveStrategy {
    /// Exact time of impact from one cast per iteration (the default).
    #[default]
    Exact,
    /// The step-halving search of the vectorial-platformer tutorial, for comparison: try the whole step, then halve the step size,
    /// going back on a collision and forward otherwise, up to `max_steps` times or until the
    /// step is shorter than `min_step`; a colliding position is retried shifted sideways by
    /// `shift` (perpendicular to the motion) before it counts as blocked. The normal is the
    /// push out of the deepest overlap at the first blocked position. Not exact: it may stop
    /// short by up to `min_step`, and can pass walls thinner than the step it tries.
    Bisection {
        /// Most halvings.
        max_steps: u32,
        /// Shortest step tried, world units.
        min_step: f32,
        /// Sideways nudge tried on a collision, world units.
        shift: f32,
    },
}

impl MoveStrategy {
    /// The bisection kept as a baseline to compare the exact cast with, with the numbers of
    /// the vectorial-platformer tutorial it comes from: 15 steps, 0.05 minimum step, 0.1
    /// shift.
    pub const BISECTION_BASELINE: MoveStrategy = MoveStrategy::Bisection {
        max_steps: 15,
        min_step: 0.05,
        shift: 0.1,
    };
}

/// Settings of a move. `MoveConfig::default()` slides on everything with a skin of 0.01.
#[derive(Clone, Copy)]
pub struct MoveConfig<'a> {
    /// Distance kept from surfaces, world units: a move stops this far short of a contact
    /// (measured along the contact normal, but backing off at most 2 × skin along the motion:
    /// a grazing hit ends nearer its surface rather than far from it), and a body pushed out
    /// of an overlap ends this far out. Every move ends at least 0 and at most 2 × skin from
    /// the surface that stopped it.
    pub skin: f32,
    /// Most cast-and-respond rounds per move (1 to 8).
    pub max_iterations: u32,
    /// Exact casts (default) or a step-halving search ([`MoveStrategy::Bisection`]).
    pub strategy: MoveStrategy,
    /// Which colliders the body meets at all. Sensors never block a move, whatever its
    /// [`sensors`](QueryFilter::sensors) field says; the move reports those passing the rest
    /// of it ([`MoveResult::sensors`](super::MoveResult::sensors)).
    pub filter: QueryFilter<'a>,
    /// The response to a collider (default: [`Response::Slide`] for every one).
    pub response: Option<ResponseFn<'a>>,
}

/// Which skins a mover accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SkinRule {
    /// 0 or more: the 2D moves, where a touching start slides past tile seams and rounded
    /// corners without a gap.
    AtLeastZero,
    /// More than 0: the 3D move, which keeps the skin as its only gap.
    Positive,
}

/// The settings every mover shares, 2D and 3D, checked in one place: the skin (by `rule`) and
/// the number of iterations (1 to [`MAX_ITERATIONS`]). A refusal names the field, the value
/// given (iterations as f32) and the rule it breaks.
pub(crate) fn check_move_settings(
    skin: f32,
    max_iterations: u32,
    rule: SkinRule,
) -> Result<(), (&'static str, f32, &'static str)> {
    let skin_ok = skin.is_finite()
        && match rule {
            SkinRule::AtLeastZero => skin >= 0.0,
            SkinRule::Positive => skin > 0.0,
        };
    if !skin_ok {
        let reason = match rule {
            SkinRule::AtLeastZero => "must be finite and at least 0",
            SkinRule::Positive => "must be finite and positive",
        };
        return Err(("skin", skin, reason));
    }
    if !(1..=MAX_ITERATIONS).contains(&max_iterations) {
        return Err((
            "max_iterations",
            max_iterations as f32,
            "must be between 1 and 8",
        ));
    }
    Ok(())
}

/// How far to back off along the motion from a contact met at `approach` (the cosine between
/// the motion and the inward normal): `skin / approach`, at most [`MAX_BACK_OFF_SKINS`]
/// skins; nothing when the motion does not go into the normal (a corrected tile-corner
/// normal): the contact itself is reached.
pub(crate) fn back_off(skin: f32, approach: f32) -> f32 {
    if approach > 0.0 {
        (skin / approach).min(MAX_BACK_OFF_SKINS * skin)
    } else {
        0.0
    }
}

/// Default skin, world units.
pub const DEFAULT_SKIN: f32 = 0.01;

/// Default number of iterations per move.
pub const DEFAULT_MAX_ITERATIONS: u32 = 5;

/// Most halvings [`MoveStrategy::Bisection`] may be configured with.
pub const MAX_BISECTION_STEPS: u32 = 64;

/// Most iterations a move may be configured with.
pub const MAX_ITERATIONS: u32 = 8;

impl Default for MoveConfig<'_> {
    fn default() -> Self {
        MoveConfig {
            skin: DEFAULT_SKIN,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            strategy: MoveStrategy::Exact,
            filter: QueryFilter::default(),
            response: None,
        }
    }
}

impl std::fmt::Debug for MoveConfig<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveConfig")
            .field("skin", &self.skin)
            .field("max_iterations", &self.max_iterations)
            .field("strategy", &self.strategy)
            .field("filter", &self.filter)
            .field("response", &self.response.is_some())
            .finish()
    }
}

impl<'a> MoveConfig<'a> {
    /// Sets the skin.
    #[must_use]
    pub fn with_skin(self, skin: f32) -> Self {
        MoveConfig { skin, ..self }
    }

    /// Sets the most iterations.
    #[must_use]
    pub fn with_max_iterations(self, max_iterations: u32) -> Self {
        MoveConfig {
            max_iterations,
            ..self
        }
    }

    /// Sets the strategy.
    #[must_use]
    pub fn with_strategy(self, strategy: MoveStrategy) -> Self {
        MoveConfig { strategy, ..self }
    }

    /// Sets the filter.
    #[must_use]
    pub fn with_filter(self, filter: QueryFilter<'a>) -> Self {
        MoveConfig { filter, ..self }
    }

    /// Sets the response callback.
    #[must_use]
    pub fn with_response(self, response: &'a dyn Fn(Handle, &Collider) -> Response) -> Self {
        MoveConfig {
            response: Some(response),
            ..self
        }
    }

    /// The response to `handle`, refused when the callback gives a restitution that is not
    /// finite.
    pub(super) fn respond(&self, world: &World, handle: Handle) -> Result<Response, MoveError> {
        let response = match (self.response, world.get(handle)) {
            (Some(f), Some(c)) => f(handle, c),
            _ => Response::Slide,
        };
        match response {
            Response::Bounce { restitution } if !restitution.is_finite() => {
                Err(MoveError::BadConfig {
                    field: "response restitution",
                    value: restitution,
                    reason: "must be finite",
                })
            }
            r => Ok(r),
        }
    }

    pub(super) fn validate(&self) -> Result<(), MoveError> {
        check_move_settings(self.skin, self.max_iterations, SkinRule::AtLeastZero).map_err(
            |(field, value, reason)| MoveError::BadConfig {
                field,
                value,
                reason,
            },
        )?;
        if let MoveStrategy::Bisection {
            max_steps,
            min_step,
            shift,
        } = self.strategy
        {
            let bad = if !(1..=MAX_BISECTION_STEPS).contains(&max_steps) {
                Some(("strategy.max_steps", max_steps as f32, "must be 1 to 64"))
            } else if !(min_step.is_finite() && min_step > 0.0) {
                Some(("strategy.min_step", min_step, "must be positive and finite"))
            } else if !(shift.is_finite() && shift >= 0.0) {
                Some(("strategy.shift", shift, "must be finite and at least 0"))
            } else {
                None
            };
            if let Some((field, value, reason)) = bad {
                return Err(MoveError::BadConfig {
                    field,
                    value,
                    reason,
                });
            }
        }
        Ok(())
    }
}

/// Refuses a position, motion or velocity that is not finite or is larger in magnitude than
/// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), naming it.
pub(crate) fn check_vector(field: &'static str, value: Vec2) -> Result<(), MoveError> {
    match crate::tolerance::check_components(&value.to_array()) {
        Ok(()) => Ok(()),
        Err(None) => Err(MoveError::NotFinite { field, value }),
        Err(Some(max)) => Err(MoveError::TooLarge { field, value, max }),
    }
}

/// Why a move was refused. Nothing was changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MoveError {
    /// A motion, velocity or position is NaN or infinite.
    #[error("{field} is not finite: {value}")]
    NotFinite {
        /// Which input.
        field: &'static str,
        /// The value given.
        value: Vec2,
    },
    /// A motion, velocity or position is larger in magnitude than
    /// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE).
    #[error("{field} = {value} is too large: at most {max} in magnitude on each axis")]
    TooLarge {
        /// Which input.
        field: &'static str,
        /// The value given.
        value: Vec2,
        /// The largest magnitude accepted.
        max: f32,
    },
    /// The mover's handle is not a collider of this world.
    #[error("unknown collider handle {0:?} (removed, or from another world)")]
    UnknownHandle(Handle),
    /// The same collider is listed twice in one [`move_bodies`](super::move_bodies) step.
    #[error("collider {0:?} is listed twice in one move_bodies step")]
    DuplicateMover(Handle),
    /// The mover is a tile map, which cannot be moved by a move.
    #[error("collider {0:?} is a tile map: tile maps are teleported, not moved")]
    NotAShape(Handle),
    /// A setting is out of range.
    #[error("MoveConfig.{field} = {value}: {reason}")]
    BadConfig {
        /// Which setting.
        field: &'static str,
        /// The value given.
        value: f32,
        /// The rule it breaks.
        reason: &'static str,
    },
}
