//! Character components: a plain [`CharacterController`] moved by a velocity, the
//! [`Platformer`] game feel driven by [`PlatformerInput`], and the [`CharacterState`] both
//! write each step.

use std::ops::{Deref, DerefMut};

use bevy_ecs::component::Component;
use bevy_math::Vec2;
use glissade::character::{self as gc, CharacterConfig, PlatformerConfig};

use crate::components::Kinematic;

/// A kinematic character moved by [`velocity`](Self::velocity) each step through glissade's
/// [`CharacterController`](gc::CharacterController): it walks along the ground, rides
/// platforms, steps up ledges and snaps down over crests. Needs a [`Collider`](crate::Collider)
/// with a shape (not a tile map). The plugin writes its [`CharacterState`] after each step.
#[derive(Component, Debug, Clone)]
#[require(Kinematic, CharacterState)]
pub struct CharacterController {
    /// The wanted velocity, world units per second: each step asks for `velocity × dt`.
    pub velocity: Vec2,
    /// Fall through one-way platforms (checked each step; the game clears it).
    pub drop_through: bool,
    /// Snap down to the ground over crests and slope changes (default `true`).
    pub snap: bool,
    pub(crate) inner: gc::CharacterController,
}

impl Default for CharacterController {
    fn default() -> Self {
        Self::new(CharacterConfig::default())
    }
}

impl CharacterController {
    /// A controller with `config`, at rest.
    #[must_use]
    pub fn new(config: CharacterConfig) -> Self {
        CharacterController {
            velocity: Vec2::ZERO,
            drop_through: false,
            snap: true,
            inner: gc::CharacterController::new(config),
        }
    }

    /// With this wanted velocity (world units per second).
    #[must_use]
    pub fn with_velocity(mut self, velocity: Vec2) -> Self {
        self.velocity = velocity;
        self
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &CharacterConfig {
        &self.inner.config
    }

    /// The settings, to change (checked at the next step; bad settings refuse the step with
    /// a [`StepFailed`](crate::StepFailed)).
    pub fn config_mut(&mut self) -> &mut CharacterConfig {
        &mut self.inner.config
    }
}

/// Where a character stands after its last step (glissade's
/// [`CharacterState`](gc::CharacterState): ground, wall, ceiling, contacts, sensors), written
/// by the plugin. Handles in it are world handles: turn them into entities with
/// [`GlissadeWorld::entity`](crate::GlissadeWorld::entity).
#[derive(Component, Debug, Clone, Default)]
pub struct CharacterState(pub gc::CharacterState);

impl Deref for CharacterState {
    type Target = gc::CharacterState;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

/// A platformer character: glissade's [`Platformer`](gc::Platformer) (acceleration, jumps,
/// gravity, wall jumps, dashes, crouching, climbing, knockback) stepped each step with the
/// entity's [`PlatformerInput`]. Needs a [`Collider`](crate::Collider) with a shape. Its
/// velocity, animation, facing and timers are the wrapped platformer's (through `Deref`); a
/// knockback is [`push`](gc::Platformer::push) on it (through `DerefMut`).
#[derive(Component, Debug, Clone, Default)]
#[require(Kinematic, CharacterState, PlatformerInput)]
pub struct Platformer(pub gc::Platformer);

impl Platformer {
    /// A platformer with these settings, at rest.
    #[must_use]
    pub fn new(config: PlatformerConfig, character: CharacterConfig) -> Self {
        Platformer(gc::Platformer::new(config, character))
    }
}

impl Deref for Platformer {
    type Target = gc::Platformer;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for Platformer {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// The buttons held by a [`Platformer`] this step (glissade's
/// [`PlatformerInput`](gc::PlatformerInput): left, right, jump, down, up, dash, crouch). Set
/// it before [`GlissadeSystems::Characters`](crate::GlissadeSystems::Characters); it is kept
/// from step to step (buttons stay held until the game changes them).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlatformerInput(pub gc::PlatformerInput);

impl Deref for PlatformerInput {
    type Target = gc::PlatformerInput;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for PlatformerInput {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}
