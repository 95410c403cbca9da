//! Plain moving bodies: move-and-slide with a velocity and per-collider responses.

use bevy_ecs::component::Component;
use bevy_ecs::entity::{Entity, EntityHashMap};
use bevy_math::Vec2;
use glissade::motion::{DEFAULT_MAX_ITERATIONS, DEFAULT_SKIN, Response};

use crate::components::Kinematic;

/// A kinematic body moved each step by glissade's
/// [`move_and_slide_with_velocity`](glissade::motion::move_and_slide_with_velocity): it
/// moves by `velocity × dt + motion`, stops a skin short of what it meets and responds to
/// each collider as [`response_to`](Self::response_to) says (slides by default); the velocity
/// is redirected by the same responses (a bounce reflects it) and kept for the next step.
/// Needs a [`Collider`](crate::Collider) with a shape.
#[derive(Component, Debug, Clone)]
#[require(Kinematic)]
pub struct MoveAndSlide {
    /// World units per second; redirected by each step's responses.
    pub velocity: Vec2,
    /// Extra displacement for the next step only (world units), cleared after it.
    pub motion: Vec2,
    /// The response to colliders with no [`ContactResponse`] and not in `responses`.
    pub default_response: Response,
    /// Responses to given colliders (by entity), before their [`ContactResponse`].
    pub responses: EntityHashMap<Response>,
    /// Distance kept from surfaces, world units (default 0.01).
    pub skin: f32,
    /// Most cast-and-respond rounds per step (1 to 8).
    pub max_iterations: u32,
}

impl Default for MoveAndSlide {
    fn default() -> Self {
        MoveAndSlide {
            velocity: Vec2::ZERO,
            motion: Vec2::ZERO,
            default_response: Response::Slide,
            responses: EntityHashMap::default(),
            skin: DEFAULT_SKIN,
            max_iterations: DEFAULT_MAX_ITERATIONS,
        }
    }
}

impl MoveAndSlide {
    /// A body moving at `velocity` (world units per second), sliding on everything.
    #[must_use]
    pub fn with_velocity(velocity: Vec2) -> Self {
        MoveAndSlide {
            velocity,
            ..Default::default()
        }
    }

    /// Responds to colliders without a specific response with `response`.
    #[must_use]
    pub fn with_default_response(mut self, response: Response) -> Self {
        self.default_response = response;
        self
    }

    /// Responds to the collider of `entity` with `response`.
    #[must_use]
    pub fn with_response(mut self, entity: Entity, response: Response) -> Self {
        self.responses.insert(entity, response);
        self
    }

    /// The response to the collider of `other` (`None` for a collider without entity), given
    /// that collider's own [`ContactResponse`].
    #[must_use]
    pub fn response_to(&self, other: Option<Entity>, own: Option<ContactResponse>) -> Response {
        other
            .and_then(|e| self.responses.get(&e).copied())
            .or(own.map(|r| r.0))
            .unwrap_or(self.default_response)
    }
}

/// How [`MoveAndSlide`] bodies respond to this collider unless they say otherwise (a bouncy
/// wall: `ContactResponse(Response::Bounce { restitution: 1.0 })`). Characters ignore it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Default)]
pub struct ContactResponse(pub Response);
