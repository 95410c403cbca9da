//! What a [`Platformer`](super::Platformer) is doing, for choosing its animation, and which
//! way it faces.

use glam::Vec2;

use crate::character::CharacterState;

/// What a [`Platformer`](super::Platformer) is doing after an update, one per update.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Animation {
    /// On the ground with no direction held (the default, before any update).
    #[default]
    Idle,
    /// On the ground with a direction held.
    Run,
    /// In the air, going up (along the controller's `up`).
    Jump,
    /// In the air, not going up.
    Fall,
    /// On the ground after an update that ended in the air: for exactly one update.
    Land,
    /// In the air, not going up, pressing into a wall with
    /// [`PlatformerConfig::wall_slide_speed`](super::PlatformerConfig::wall_slide_speed) set.
    WallSlide,
    /// On a climbable sensor, climbing (or holding still on it).
    Climb,
    /// Crouching, on the ground (also while the standing shape does not fit yet).
    Crouch,
    /// Dashing: every update that moved by a dash, the one it ended in included (see
    /// [`PlatformerConfig::dash_distance`](super::PlatformerConfig::dash_distance)).
    Dash,
    /// Thrown by a [`Platformer::push`](super::Platformer::push): every update that starts
    /// with knockback time left
    /// ([`PlatformerConfig::knockback_time`](super::PlatformerConfig::knockback_time)).
    Knocked,
}

impl Animation {
    /// `action` in place of `self` when `doing` it: an action (climbing, crouching, a dash, a
    /// knockback) shows over what the motion alone would show.
    pub(super) fn or_doing(self, doing: bool, action: Animation) -> Animation {
        if doing { action } else { self }
    }
}

/// Which way a [`Platformer`](super::Platformer) faces: the last direction held (relative
/// to the controller's right), [`Facing::Right`] before any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Facing {
    /// Toward the controller's left.
    Left,
    /// Toward the controller's right (the default).
    #[default]
    Right,
}

/// What an update that ended in `state`, with `velocity` (world units per second) and `held`
/// (+1 right, -1 left, 0 none), was doing; `was_grounded` is whether the update before ended
/// on the ground, `wall_sliding` whether this one slid down a wall.
pub(super) fn classify(
    was_grounded: bool,
    state: &CharacterState,
    velocity: Vec2,
    up: Vec2,
    held: f32,
    wall_sliding: bool,
) -> Animation {
    if state.grounded() {
        if !was_grounded {
            Animation::Land
        } else if held != 0.0 {
            Animation::Run
        } else {
            Animation::Idle
        }
    } else if velocity.dot(up) > 0.0 {
        Animation::Jump
    } else if wall_sliding {
        Animation::WallSlide
    } else {
        Animation::Fall
    }
}

/// The facing after an update with `held` (+1 right, -1 left, 0 none): the held direction,
/// else `facing` unchanged.
pub(super) fn face(facing: Facing, held: f32) -> Facing {
    if held > 0.0 {
        Facing::Right
    } else if held < 0.0 {
        Facing::Left
    } else {
        facing
    }
}
