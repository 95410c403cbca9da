//! Climbing ladders, vines and nets for the [`Platformer`]: climbable sensors
//! ([`ColliderDesc::climbable`](crate::world::ColliderDesc::climbable)) and
//! [`PlatformerConfig::climb_speed`](super::PlatformerConfig::climb_speed).
//!
//! A climbing update is taken whole here, before the running-and-jumping physics of
//! [`Platformer::update`] (which it skips): the held keys set the velocity, and the controller
//! moves the body through one-way platforms without snapping it to the ground.

use glam::Vec2;

use super::{Animation, Platformer, PlatformerInput, animation, body_of};
use crate::character::{CharacterConfig, CharacterError, Step};
use crate::geometry::all_finite;
use crate::motion::{MoveConfig, move_and_slide};
use crate::world::{Handle, QueryFilter, World};

/// What the climb made of an update, for the rest of [`Platformer::update`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Climb {
    /// Not climbing this update: the usual physics runs.
    No,
    /// A jump press let go of the ladder: the usual physics runs, and jumps as from the
    /// ground.
    JumpedOff,
    /// The update was a climbing step, done whole.
    Climbed,
}

/// The keys held along `up` and sideways: `+1`, `-1` or 0 each (opposite keys cancel).
fn axes(input: PlatformerInput) -> (f32, f32) {
    let key = |b: bool| f32::from(u8::from(b));
    (
        key(input.up) - key(input.down),
        key(input.right) - key(input.left),
    )
}

impl Platformer {
    /// The climb's part of an update, before anything else of it: lets go of the ladder on a
    /// jump press or when the body is no longer at one, starts a climb, and takes a climbing
    /// step whole (see [`PlatformerConfig::climb_speed`](super::PlatformerConfig::climb_speed)).
    /// Does nothing at all while `climb_speed` is 0.
    pub(super) fn climb(
        &mut self,
        world: &mut World,
        body: Handle,
        input: PlatformerInput,
        dt: f32,
    ) -> Result<Climb, CharacterError> {
        let c = &self.config;
        if c.climb_speed <= 0.0 {
            self.feel.climbing = None;
            return Ok(Climb::No);
        }
        let pressed = input.jump && !self.feel.jump_was_held;
        if self.feel.climbing.is_some() && pressed {
            self.feel.climbing = None;
            return Ok(Climb::JumpedOff);
        }
        let cfg = self.controller.config;
        let (vertical, held) = axes(input);
        let ladder = ladder_at(world, body, &cfg, vertical < 0.0);
        match (self.feel.climbing, ladder) {
            (Some(_), None) => {
                // No longer at a ladder since the last update: the world changed, or down was
                // released with the ladder only under the feet.
                self.feel.climbing = None;
                self.velocity = let_go(self.velocity, cfg.up);
                return Ok(Climb::No);
            }
            (None, Some(_)) => {
                let starts = !pressed
                    && !self.feel.rising
                    && (vertical > 0.0 || (vertical < 0.0 && way_down_is_free(world, body, &cfg)));
                if !starts {
                    return Ok(Climb::No);
                }
            }
            (None, None) => return Ok(Climb::No),
            (Some(_), Some(_)) => {}
        }

        // The climbing step: a constant velocity from the keys, no gravity, no friction.
        let (up, right) = (cfg.up, cfg.right());
        let mut v = (up * vertical + right * held) * c.climb_speed;
        let motion = v * dt;
        if !(all_finite(v) && all_finite(motion)) {
            return Err(CharacterError::BadStep {
                field: "dt",
                value: dt,
                reason: "the climbing velocity overflows f32 with these settings",
            });
        }
        let was_grounded = self.controller.state.grounded();
        let step = Step::new(motion, dt).dropping_through().without_snap();
        self.controller.step_checked(world, body, step)?;
        let state = &self.controller.state;
        for n in &state.normals {
            v -= *n * v.dot(*n).min(0.0);
        }
        // Climbing down onto the ground lets go; so does leaving the climbable area.
        let on_ground = state.grounded() && vertical < 0.0;
        let mut at = if on_ground {
            None
        } else {
            ladder_at(world, body, &cfg, vertical < 0.0)
        };
        // Out through the top of a ladder with up alone held and nothing to stand on there
        // (a rope or a vine hanging in the air): held at the top instead of letting go,
        // falling back and grabbing it again. With a side key held too, it lets go: the
        // player steers off the top to that side.
        let mut held_at_top = false;
        if at.is_none()
            && !on_ground
            && vertical > 0.0
            && held == 0.0
            && let Some(l) = ladder
            && hold_at_top(world, body, &cfg, l)?
        {
            at = Some(l);
            held_at_top = true;
        }
        self.feel.climbing = at;
        if on_ground {
            v -= up * v.dot(up);
        } else if held_at_top {
            v -= up * v.dot(up).max(0.0);
        } else if self.feel.climbing.is_none() {
            v = let_go(v, up);
        }
        self.velocity = v;
        let f = &mut self.feel;
        f.coyote = 0.0;
        f.buffered = 0.0;
        f.jump_was_held = input.jump;
        f.rising = false;
        f.air_jumps_left = c.air_jumps;
        f.wall = None;
        f.lock = None;
        f.carried = Vec2::ZERO;
        // The other timers (the dash's cooldown) run on while climbing.
        f.tick(dt);
        f.animation = if f.climbing.is_some() {
            Animation::Climb
        } else {
            animation::classify(was_grounded, state, v, up, held, false)
        };
        f.facing = animation::face(f.facing, held);
        Ok(Climb::Climbed)
    }
}

/// The velocity `v` on letting go of a ladder without a jump: its part along `up` dropped when
/// it goes up (climbing out of the top does not throw the character up), kept when it goes
/// down.
fn let_go(v: Vec2, up: Vec2) -> Vec2 {
    v - up * v.dot(up).max(0.0)
}

/// The climbable sensor the body is at: one its shape overlaps deeper than the tolerance (the
/// lowest handle when several), or, when `below` (climbing down is wanted), one the shape
/// would overlap moved down by the ground probe (a ladder going down from under the feet).
fn ladder_at(world: &World, body: Handle, cfg: &CharacterConfig, below: bool) -> Option<Handle> {
    let (shape, pos, layers, mask) = body_of(world, body).ok()?;
    let own = [body];
    let filter = QueryFilter::default()
        .with_layers(layers)
        .with_mask(mask)
        .excluding(&own)
        .only_sensors();
    let find = |at: Vec2| {
        world
            .overlap_shape(shape, at, &filter)
            .into_iter()
            .map(|o| o.handle)
            .find(|h| world.get(*h).is_some_and(|c| c.is_climbable()))
    };
    find(pos).or_else(|| {
        let reach = cfg.at_position(pos).ground_probe;
        below.then(|| find(pos - cfg.up * reach)).flatten()
    })
}

/// Holds a body that just climbed out through the top of `ladder` at that top when there is
/// nothing within the ground probe under it to stand on: moves it back down (an exact move)
/// until its lowest point is [`TOP_HOLD_SKINS`] skins below the ladder's highest point along
/// `up`, deep enough for the ladder to hold it. Whether it was held; with something to stand
/// on under it, the body is left where it is (it steps off the top).
fn hold_at_top(
    world: &mut World,
    body: Handle,
    cfg: &CharacterConfig,
    ladder: Handle,
) -> Result<bool, CharacterError> {
    let Some(top) = world.get(ladder).map(|l| highest_along(l.bounds(), cfg.up)) else {
        return Ok(false);
    };
    let (shape, pos, layers, mask) = body_of(world, body)?;
    let here = cfg.at_position(pos);
    let own = [body];
    let solid = QueryFilter::default()
        .with_layers(layers)
        .with_mask(mask)
        .excluding(&own);
    if world
        .cast_shape(shape, pos, -cfg.up * here.ground_probe, &solid)
        .is_some()
    {
        return Ok(false);
    }
    let (lo, hi) = shape.local_bounds();
    let bottom = -highest_along((pos + lo, pos + hi), -cfg.up);
    let down = bottom - (top - TOP_HOLD_SKINS * here.skin);
    if down > 0.0 {
        let mc = MoveConfig::default()
            .with_skin(here.skin)
            .with_max_iterations(cfg.max_iterations)
            .with_filter(solid);
        move_and_slide(world, body, -cfg.up * down, &mc)?;
    }
    Ok(true)
}

/// How deep, in skins, a body held at the open top of a ladder stays in it: more than the
/// tolerance by which [`ladder_at`] tells it is still at the ladder.
const TOP_HOLD_SKINS: f32 = 1.0;

/// The highest point along `dir` of the box `(lo, hi)`: its farthest corner.
fn highest_along((lo, hi): (Vec2, Vec2), dir: Vec2) -> f32 {
    let corner = Vec2::new(
        if dir.x >= 0.0 { hi.x } else { lo.x },
        if dir.y >= 0.0 { hi.y } else { lo.y },
    );
    corner.dot(dir)
}

/// Whether the body can start down a ladder: nothing but one-way platforms and sensors within
/// the ground probe below it (it does not stand on solid ground).
fn way_down_is_free(world: &World, body: Handle, cfg: &CharacterConfig) -> bool {
    let Ok((shape, pos, layers, mask)) = body_of(world, body) else {
        return false;
    };
    let own = [body];
    let filter = QueryFilter::default()
        .with_layers(layers)
        .with_mask(mask)
        .excluding(&own)
        .without_one_way();
    let reach = cfg.at_position(pos).ground_probe;
    world
        .cast_shape(shape, pos, -cfg.up * reach, &filter)
        .is_none()
}
