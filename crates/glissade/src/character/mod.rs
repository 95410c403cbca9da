//! A character controller on top of move-and-slide: ground, slopes, ground sticking, steps,
//! one-way and moving platforms, and other characters.
//!
//! A character is a kinematic collider of the [`World`]; each step,
//! [`CharacterController::step`] moves it by a motion the game asks for and reports where it
//! stands. The game-feel layer (acceleration, jumps, gravity) is [`Platformer`].
//!
//! Where things are: the stages of a step in `controller`, and what they read and move (the
//! world itself, or a world held still while a batch is computed) in `step_world`; many
//! characters at once in `batch`; riding and being pushed by
//! platforms in `platforms`; probing, snapping and settling on the ground (what keeps the
//! grounded state from flickering) in `ground`; stepping up ledges in `stairs`; walking along a slope in `slope`; the settings in
//! `config`, the report in `state`, the step's input and errors in `step`; the game feel and its actions (wall jumps, dashes, crouching, climbing, knockback, the
//! animation state) in `platformer`.

mod batch;
mod body_shape;
mod config;
mod controller;
mod ground;
#[cfg(test)]
mod near_tests;
mod platformer;
mod platforms;
mod slope;
mod stairs;
mod state;
mod step;
mod step_world;

pub use batch::{CharacterMove, step_characters};
pub use config::{CharacterConfig, MAX_SLOPE_LIMIT, PlatformLeave, SlideRule};
pub use controller::CharacterController;
use controller::Scope;
pub use platformer::{Animation, Facing, Platformer, PlatformerConfig, PlatformerInput};
pub use state::{CharacterState, Ground, WallSide};
pub use step::{CharacterError, Step};

use glam::Vec2;

use crate::motion::{
    ContactHook, MoveConfig, MoveContact, MoveError, MoveResult, plan_move_with_planes,
};
use crate::shape::Shape;
use crate::world::{Skip, World};

/// Plans a move of `shape` from `pos` by `motion` without changing the world.
fn plan(
    world: &World,
    shape: &Shape,
    pos: Vec2,
    motion: Vec2,
    mc: &MoveConfig,
    hook: Option<ContactHook>,
) -> Result<MoveResult, MoveError> {
    plan_move_with_planes(
        world,
        shape,
        pos,
        motion,
        motion,
        mc,
        Skip::default(),
        &[],
        hook,
    )
}

/// Appends the contacts of colliders not yet met.
fn merge(into: &mut Vec<MoveContact>, more: Vec<MoveContact>) {
    for c in more {
        if !into.iter().any(|k| k.handle == c.handle) {
            into.push(c);
        }
    }
}
