//! Knockback for the [`Platformer`]: an impulse from outside (a hit, an explosion) that takes
//! the controls away for a moment.

use glam::Vec2;

use super::{Animation, Feel, Platformer, PlatformerInput};
use crate::character::Ground;
use crate::geometry::all_finite;

/// The state of a [`Platformer`]'s knockback.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Knock {
    /// Time left of the knockback, seconds (at most 0: none).
    left: f32,
    /// A push came since the last update: one that goes away from the ground lifts the
    /// character off it.
    fresh: bool,
}

impl Platformer {
    /// Adds `impulse` (world units per second, world frame) to the velocity, as a hit or an
    /// explosion would, and takes the controls away for
    /// [`knockback_time`](super::PlatformerConfig::knockback_time):
    /// - a dash under way ends (its cooldown starts now), and the impulse is added to the
    ///   velocity it leaves; the sum is capped at `max_speed` at once (as every update caps
    ///   the velocity), so `velocity` after a push is at most `max_speed`;
    /// - while the knockback lasts, `left` and `right` are ignored (neither accelerating nor
    ///   braking the character; friction, or `deceleration`, slows it as when nothing is held,
    ///   on the ground and in the air alike), and so are jump and dash presses (a button
    ///   held through the knockback does not count as pressed when it ends; a jump buffered
    ///   before the push, and the coyote time of a ground left, are dropped); gravity
    ///   applies, and the velocity is capped at `max_speed` as always;
    /// - an impulse going away from the ground the character stands on lifts it off the
    ///   ground at the next update (no snapping back); one along the ground slides it;
    /// - every motion goes through the controller, so the character never passes into what
    ///   it meets, and each surface met removes the velocity going into it (or bounces it, on
    ///   a hard hit of a wall or ceiling, per `bounce_speed`);
    /// - a climb lets go of its ladder, and none starts while the knockback lasts (nor while
    ///   dashing);
    /// - [`animation`](Platformer::animation) reports [`Animation::Knocked`] for each update
    ///   that starts with knockback time left.
    ///
    /// A second push adds its impulse and restarts the time. An impulse with a component
    /// that is not finite is ignored (nothing changes); a huge finite one is capped as any.
    pub fn push(&mut self, impulse: Vec2) {
        let c = &self.config;
        if !all_finite(impulse) {
            return;
        }
        let v = self.feel.dash.end(c, self.velocity) + impulse;
        self.velocity = super::dash::cap(v, c.max_speed);
        self.feel.knock = Knock {
            left: c.knockback_time,
            fresh: true,
        };
        self.feel.rising = false;
        self.feel.buffered = 0.0;
        self.feel.coyote = 0.0;
        self.feel.carried = Vec2::ZERO;
        self.feel.climbing = None;
    }

    /// Whether a [`push`](Self::push) is overriding the controls (its knockback time is not
    /// over).
    #[must_use]
    pub fn knocked(&self) -> bool {
        self.feel.knock.left > 0.0
    }
}

/// The buttons an update acts on: while knocked, no sideways direction held; jump and dash
/// are noted as already held last update, so that neither counts as a fresh press now nor
/// when the knockback ends with it still held.
pub(super) fn steer(feel: &mut Feel, input: PlatformerInput) -> PlatformerInput {
    if feel.knock.left <= 0.0 {
        return input;
    }
    feel.jump_was_held = input.jump;
    feel.dash.hold(input.dash);
    PlatformerInput {
        left: false,
        right: false,
        ..input
    }
}

/// The ground the update starts on: none when a push since the last update sends the
/// character (at `velocity`) away from it.
pub(super) fn ground(feel: &mut Feel, ground: Option<Ground>, velocity: Vec2) -> Option<Ground> {
    let fresh = std::mem::take(&mut feel.knock.fresh);
    ground.filter(|g| !(fresh && velocity.dot(g.normal) > 0.0))
}

/// At the end of an update of `dt` seconds: the knocked animation while the time runs, and
/// the time counted down.
pub(super) fn tick(feel: &mut Feel, dt: f32) {
    if feel.knock.left > 0.0 {
        feel.animation = Animation::Knocked;
        feel.knock.left = (feel.knock.left - dt).max(0.0);
    }
}
