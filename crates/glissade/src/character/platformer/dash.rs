//! Dashes for the [`Platformer`]: a fixed distance in a fixed time, in one of eight
//! directions, every step through the controller's exact casts.
//!
//! A dash starts on a fresh press of `dash` (down this update, up the one before) when
//! [`PlatformerConfig::dash_distance`] is more than 0, the cooldown is over, no
//! [`push`](Platformer::push) is overriding the controls, and the character stands on the
//! ground or has air dashes left. While it lasts, the update is the dash's alone:
//! - the step's motion is `direction · speed · min(dt, time left)`, with
//!   `speed = dash_distance / dash_time`: no gravity, no steering, no friction, no jump cut,
//!   no wall slide. The last step moves only the part of the dash left, and the rest of that
//!   step's time the character stays where the dash ended (the ordinary update takes over from
//!   the next one), so on open ground the dash ends exactly `dash_distance` from its start, at
//!   `dash_time`, at any frame rate;
//! - the controller decides, as for any motion, how it meets the world: standing on walkable
//!   ground with a direction that does not go up, it walks the dash along the ground (the
//!   same sideways progress up and down slopes, the downward part held by the ground, and a
//!   ledge low enough stepped up); otherwise it slides along what it meets. A dash that goes
//!   up never snaps to the ground. One-way platforms hold a dash going down (holding `down`
//!   to aim it does not drop through them);
//! - a surface met with a normal within [`DASH_STOP_COS`] of head-on (`n · direction <
//!   -DASH_STOP_COS`) ends the dash at the end of that step, a skin off the surface (the
//!   controller keeps the skin); a surface met more obliquely (a diagonal dash along a wall
//!   or a floor, a horizontal dash up a walkable slope) is slid along, or walked up, to the
//!   end of the dash's time.

use glam::Vec2;

use super::{Facing, Feel, Platformer, PlatformerConfig, PlatformerInput, animation, length};
use crate::character::{CharacterError, Step};
use crate::world::{Handle, World};

/// A surface stops a dash when its unit normal `n` meets the dash's unit direction `d` with
/// `n · d < -DASH_STOP_COS`: within about 41.4° of head-on. A 45° diagonal dash into a wall
/// or a floor (`n · d ≈ -0.707`) slides along it; a horizontal dash walks up slopes up to
/// about 48.6°.
pub(crate) const DASH_STOP_COS: f32 = 0.75;

/// Share of [`PlatformerConfig::dash_time`] below which the time left of a dash counts as
/// none: the sum of the steps' `dt` rounds, and a dash that should end with a step must not
/// linger for one more update of a few nanoseconds.
const DASH_TIME_ROUNDING: f32 = 1e-5;

/// The state of a [`Platformer`]'s dashes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Dash {
    /// The dash under way, if any.
    active: Option<Active>,
    /// Time left before the next dash may start, seconds (at most 0: may start).
    cooldown: f32,
    /// Dashes left before landing.
    air_left: u32,
    /// Whether `dash` was held last update.
    was_held: bool,
}

/// A dash under way.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Active {
    /// Unit direction, world frame.
    dir: Vec2,
    /// Time left, seconds.
    left: f32,
}

impl Dash {
    /// No dash under way, no cooldown, `air_dashes` left.
    pub(super) fn new(air_dashes: u32) -> Self {
        Dash {
            active: None,
            cooldown: 0.0,
            air_left: air_dashes,
            was_held: false,
        }
    }

    /// Whether a dash is under way.
    pub(super) fn active(&self) -> bool {
        self.active.is_some()
    }

    /// Counts `dt` seconds off the cooldown.
    pub(super) fn tick(&mut self, dt: f32) {
        self.cooldown = (self.cooldown - dt).max(0.0);
    }

    /// Notes whether `dash` is held this update without starting a dash (a press while
    /// something else overrides the controls is not a fresh press once that ends).
    pub(super) fn hold(&mut self, held: bool) {
        self.was_held = held;
    }

    /// Ends the dash under way, if any, with its cooldown starting now: the velocity it
    /// leaves is `velocity` capped at `max_speed`.
    pub(super) fn end(&mut self, c: &PlatformerConfig, velocity: Vec2) -> Vec2 {
        if self.active.take().is_none() {
            return velocity;
        }
        self.cooldown = c.dash_cooldown;
        cap(velocity, c.max_speed)
    }
}

/// The unit direction of a dash (world frame) from the held directions: one of eight, the
/// opposite keys of a pair cancelling; when none is held (or all cancel), the `facing`.
pub(super) fn direction(input: PlatformerInput, facing: Facing, up: Vec2, right: Vec2) -> Vec2 {
    let axis = |plus: bool, minus: bool| f32::from(u8::from(plus)) - f32::from(u8::from(minus));
    let side = axis(input.right, input.left);
    let rise = axis(input.up, input.down);
    if side == 0.0 && rise == 0.0 {
        return match facing {
            Facing::Right => right,
            Facing::Left => -right,
        };
    }
    (right * side + up * rise).normalize()
}

/// `v` with its length capped at `max`.
pub(super) fn cap(v: Vec2, max: f32) -> Vec2 {
    let speed = length(v);
    if speed > max { v * (max / speed) } else { v }
}

impl Platformer {
    /// Whether a dash is under way (it started in an update and has not ended yet).
    #[must_use]
    pub fn dashing(&self) -> bool {
        self.feel.dash.active()
    }

    /// The dash's part of an update (see the module's docs), after the jump timers were read:
    /// `jump_pressed` is whether jump went down this update. Returns whether the dash took the
    /// update (then the update is done); a jump press ends a dash under way and leaves the
    /// update to the ordinary code, which jumps if a jump is allowed (or buffers the press).
    pub(super) fn dash_update(
        &mut self,
        world: &mut World,
        body: Handle,
        input: PlatformerInput,
        dt: f32,
        jump_pressed: bool,
    ) -> Result<bool, CharacterError> {
        let c = &self.config;
        let up = self.controller.config.up;
        let right = self.controller.config.right();
        let grounded = self.controller.state.ground.is_some();
        let d = &mut self.feel.dash;
        if grounded {
            d.air_left = c.air_dashes;
        }
        let fresh = input.dash && !d.was_held;
        d.was_held = input.dash;
        if d.active() && jump_pressed {
            self.velocity = d.end(c, self.velocity);
            return Ok(false);
        }
        if !d.active()
            && fresh
            && c.dash_distance > 0.0
            && d.cooldown <= 0.0
            && (grounded || d.air_left > 0)
        {
            if !grounded {
                d.air_left -= 1;
            }
            d.active = Some(Active {
                dir: direction(input, self.feel.facing, up, right),
                left: c.dash_time,
            });
            self.feel.rising = false;
            self.feel.carried = Vec2::ZERO;
        }
        let Some(a) = d.active else {
            return Ok(false);
        };

        // The step: the whole step's time, or only what is left of the dash.
        let last = a.left <= dt + DASH_TIME_ROUNDING * c.dash_time;
        let used = if last { a.left } else { dt };
        let motion = a.dir * (c.dash_distance * (used / c.dash_time));
        let mut step = Step::new(motion, dt);
        if a.dir.dot(up) > 0.0 {
            step = step.without_snap();
        }
        self.controller.step_checked(world, body, step)?;
        let state = &self.controller.state;

        // What was met: the velocity into each surface is removed; one met head-on stops it.
        let mut v = a.dir * (c.dash_distance / c.dash_time);
        let mut stopped = false;
        for &n in &state.normals {
            v -= n * v.dot(n).min(0.0);
            stopped |= a.dir.dot(n) < -DASH_STOP_COS;
        }
        let ended = last || stopped;
        if ended {
            v = cap(v, c.max_speed);
            if let Some(g) = state.ground
                && a.dir.dot(up) <= 0.0
            {
                let along = Vec2::new(g.normal.y, -g.normal.x);
                v = along * v.dot(along);
            }
        }
        self.velocity = v;
        let feel: &mut Feel = &mut self.feel;
        feel.animation = super::Animation::Dash;
        feel.facing = animation::face(feel.facing, a.dir.dot(right));
        feel.tick(dt);
        feel.dash.active = if ended {
            // The cooldown counts from the dash's end, within this step.
            feel.dash.cooldown = c.dash_cooldown - (dt - used);
            None
        } else {
            Some(Active {
                left: a.left - used,
                ..a
            })
        };
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UP: Vec2 = Vec2::Y;
    const RIGHT: Vec2 = Vec2::X;

    fn held(left: bool, right: bool, up: bool, down: bool) -> PlatformerInput {
        PlatformerInput {
            left,
            right,
            up,
            down,
            ..PlatformerInput::NONE
        }
    }

    #[test]
    fn eight_directions_of_unit_length_and_opposite_keys_cancel() {
        let s = std::f32::consts::FRAC_1_SQRT_2;
        for (input, want) in [
            (held(false, true, false, false), Vec2::new(1.0, 0.0)),
            (held(true, false, false, false), Vec2::new(-1.0, 0.0)),
            (held(false, false, true, false), Vec2::new(0.0, 1.0)),
            (held(false, false, false, true), Vec2::new(0.0, -1.0)),
            (held(false, true, true, false), Vec2::new(s, s)),
            (held(true, false, false, true), Vec2::new(-s, -s)),
            (held(true, true, true, false), Vec2::new(0.0, 1.0)),
            (held(false, true, true, true), Vec2::new(1.0, 0.0)),
        ] {
            let d = direction(input, Facing::Left, UP, RIGHT);
            assert!((d - want).length() < 1e-6, "{input:?}: {d}");
            assert!((d.length() - 1.0).abs() < 1e-6);
        }
    }

    #[test]
    fn with_nothing_held_or_all_cancelled_the_facing_is_the_direction() {
        for (facing, want) in [(Facing::Left, -RIGHT), (Facing::Right, RIGHT)] {
            assert_eq!(direction(PlatformerInput::NONE, facing, UP, RIGHT), want);
            assert_eq!(
                direction(held(true, true, true, true), facing, UP, RIGHT),
                want
            );
        }
        // Relative to the controller's frame: with up along -x, right is +y.
        let d = direction(
            held(false, true, false, false),
            Facing::Left,
            -Vec2::X,
            Vec2::Y,
        );
        assert_eq!(d, Vec2::Y);
    }
}
