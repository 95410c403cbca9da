//! Wall slides and wall jumps for the [`Platformer`](super::Platformer).
//!
//! A wall here is what the controller reports as [`CharacterState::wall`]: a surface steeper
//! than [`CharacterConfig::max_slope`](crate::character::CharacterConfig::max_slope) and not a ceiling,
//! met by the character's own move this step. One-way platforms never block from the side and
//! sensors never block, so neither is ever a wall.

use glam::Vec2;

use super::PlatformerConfig;
use crate::character::{CharacterState, WallSide};

/// The wall the character is against, when it is in the air: the wall met by the last step.
pub(super) fn wall_in_air(state: &CharacterState) -> Option<WallSide> {
    if state.ground.is_some() {
        None
    } else {
        state.wall
    }
}

/// The sideways direction a held input points, `+1` for right, `-1` for left, 0 for none.
pub(super) fn toward(side: WallSide) -> f32 {
    match side {
        WallSide::Left => -1.0,
        WallSide::Right => 1.0,
    }
}

/// The velocity a wall jump off a wall on `side` sets: `wall_jump_speed` at
/// `wall_jump_angle` from the wall's outward direction toward `up`.
pub(super) fn jump_velocity(c: &PlatformerConfig, side: WallSide, up: Vec2, right: Vec2) -> Vec2 {
    let away = right * -toward(side);
    let (sin, cos) = c.wall_jump_angle.sin_cos();
    (away * cos + up * sin) * c.wall_jump_speed
}

/// `v` with its fall speed (along `-up`) capped at `cap`.
pub(super) fn cap_fall(v: Vec2, up: Vec2, cap: f32) -> Vec2 {
    let fall = -v.dot(up);
    if fall > cap { v + up * (fall - cap) } else { v }
}
