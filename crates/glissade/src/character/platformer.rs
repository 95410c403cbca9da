//! The game-feel layer over the character controller: acceleration along the ground, jumps
//! with coyote time and buffering, gravity, bounces.

use glam::Vec2;

use super::{
    Animation, CharacterConfig, CharacterController, CharacterError, CharacterState, Facing, Step,
    WallSide, animation, wall,
};
use crate::motion::bounce_velocity;
use crate::world::{Handle, World};

/// The numbers of a [`Platformer`]. Speeds in world units per second, accelerations in world
/// units per second squared, times in seconds; directions relative to the controller's `up`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlatformerConfig {
    /// Acceleration while a direction is held, along the ground (or sideways in the air).
    pub acceleration: f32,
    /// Rate at which the speed along the ground decays while no direction is held, per
    /// second: the speed is multiplied by `exp(-friction · dt)` each step. Unused when
    /// [`deceleration`](Self::deceleration) is set.
    pub friction: f32,
    /// Stopping at a constant rate instead of by `friction`, world units per second squared:
    /// while no direction is held the speed along the ground (sideways in the air) drops by
    /// `deceleration · dt` each step, down to 0 and no further. From `max_speed` the character
    /// is at rest after `max_speed / deceleration` seconds and
    /// `max_speed² / (2 · deceleration)` world units, at any frame rate (to within a step).
    /// `None` (the default, and in [`PlatformerConfig::in_pixels`]): the exponential
    /// `friction`.
    pub deceleration: Option<f32>,
    /// Upward speed a jump sets.
    pub jump_speed: f32,
    /// Gravity in the air.
    pub gravity: f32,
    /// Gravity while sliding down a slope too steep to stand on.
    pub steep_gravity: f32,
    /// Fastest fall: gravity stops adding once the downward speed reaches it.
    pub terminal_speed: f32,
    /// Fastest speed (the whole velocity).
    pub max_speed: f32,
    /// A hit bounces when the speed into the surface is more than this (never on a riser the
    /// controller could step up onto, within its `max_step_height`)...
    pub bounce_speed: f32,
    /// ...and the surface's `n·up` is less than this (walls and ceilings, not floors).
    pub bounce_max_up: f32,
    /// Share of the reflected velocity a bounce keeps.
    pub restitution: f32,
    /// A jump is still allowed this long after walking off the ground.
    pub coyote_time: f32,
    /// A jump pressed this long before landing happens on landing.
    pub jump_buffer: f32,
    /// Share of the upward speed kept when the jump button is released while rising (1: no
    /// variable jump height).
    pub jump_cut: f32,
    /// Extra jumps in the air (double jumps and more): a jump press off the ground, once
    /// coyote time is over, sets the upward speed to `jump_speed` again while any are left.
    /// All of them come back on landing (on walkable ground). 0 (the default, and in
    /// [`PlatformerConfig::in_pixels`]): none.
    pub air_jumps: u32,
    /// Fastest fall while in the air against a wall and holding the direction into it, world
    /// units per second along `-up`. A wall is what [`CharacterState::wall`] reports: a
    /// surface steeper than [`CharacterConfig::max_slope`] and not a ceiling, met by the
    /// character's own move in the last step; one-way platforms (never met from the side) and
    /// sensors (never met) are never walls.
    /// `None` (the default, and in [`PlatformerConfig::in_pixels`]): no wall slide.
    pub wall_slide_speed: Option<f32>,
    /// Speed a wall jump sets, world units per second: a jump press in the air against a
    /// wall (a wall as for [`wall_slide_speed`](Self::wall_slide_speed)), or within `wall_jump_grace` of leaving one, sets the whole velocity to this
    /// speed at `wall_jump_angle` from the wall's outward direction toward `up`. 0 (the
    /// default, and in [`PlatformerConfig::in_pixels`]): no wall jumps.
    pub wall_jump_speed: f32,
    /// Angle of a wall jump above the wall's outward direction, radians, from 0 (straight
    /// away) to π/2 (straight up). Default π/4.
    pub wall_jump_angle: f32,
    /// A wall jump is still allowed this long after the character last met a wall in the
    /// air, seconds. Default 0.1.
    pub wall_jump_grace: f32,
    /// For this long after a wall jump, seconds, holding the direction back toward the wall
    /// neither accelerates nor slows the character (holding the other way does). Default
    /// 0.15.
    pub wall_jump_lock: f32,
}

impl PlatformerConfig {
    /// Refuses settings out of range, naming the field.
    pub fn validate(&self) -> Result<(), CharacterError> {
        for (field, value) in [
            ("acceleration", self.acceleration),
            ("friction", self.friction),
            ("jump_speed", self.jump_speed),
            ("gravity", self.gravity),
            ("steep_gravity", self.steep_gravity),
            ("terminal_speed", self.terminal_speed),
            ("max_speed", self.max_speed),
            ("bounce_speed", self.bounce_speed),
            ("restitution", self.restitution),
            ("coyote_time", self.coyote_time),
            ("jump_buffer", self.jump_buffer),
            ("jump_cut", self.jump_cut),
            ("wall_slide_speed", self.wall_slide_speed.unwrap_or(0.0)),
            ("wall_jump_speed", self.wall_jump_speed),
            ("wall_jump_grace", self.wall_jump_grace),
            ("wall_jump_lock", self.wall_jump_lock),
        ] {
            if !(value.is_finite() && value >= 0.0) {
                return Err(CharacterError::BadConfig {
                    config: "PlatformerConfig",
                    field,
                    value,
                    reason: "must be finite and at least 0",
                });
            }
        }
        if let Some(d) = self.deceleration
            && !(d.is_finite() && d > 0.0)
        {
            return Err(CharacterError::BadConfig {
                config: "PlatformerConfig",
                field: "deceleration",
                value: d,
                reason: "must be finite and more than 0 when set",
            });
        }
        if !(0.0..=std::f32::consts::FRAC_PI_2).contains(&self.wall_jump_angle) {
            return Err(CharacterError::BadConfig {
                config: "PlatformerConfig",
                field: "wall_jump_angle",
                value: self.wall_jump_angle,
                reason: "must be from 0 to π/2 (radians)",
            });
        }
        if !self.bounce_max_up.is_finite() {
            return Err(CharacterError::BadConfig {
                config: "PlatformerConfig",
                field: "bounce_max_up",
                value: self.bounce_max_up,
                reason: "must be finite",
            });
        }
        Ok(())
    }
}

/// The buttons held this step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlatformerInput {
    /// Left held.
    pub left: bool,
    /// Right held.
    pub right: bool,
    /// Jump held (a jump starts when it goes down).
    pub jump: bool,
    /// Down held: drops through a one-way platform.
    pub down: bool,
}

/// A platformer character: velocity, jumps and gravity over a [`CharacterController`].
///
/// Each [`update`](Self::update) (frame-rate independent: it takes `dt`):
/// - a held direction accelerates along the ground's direction, so walking hugs slopes; with
///   none held the speed along the ground decays by `friction` (or drops at the constant
///   `deceleration`, when set);
/// - on the ground (or within `coyote_time` of walking off it) a jump press, or one made
///   within `jump_buffer` before landing, sets the upward speed; so does a press in the air
///   while any of the `air_jumps` are left (they come back on landing), and against a wall in
///   the air (or within `wall_jump_grace` of one) a press jumps away from it at
///   `wall_jump_angle` (then steering back toward it is locked for `wall_jump_lock`);
///   releasing jump while rising
///   keeps `jump_cut` of the upward speed (both at the start of the step);
/// - in the air gravity pulls down to the terminal speed (to `wall_slide_speed` while
///   pressing into a wall); on a slope too steep to stand on,
///   `steep_gravity` pulls it down the slope;
/// - the velocity is capped at `max_speed`; the controller moves the body by the mean of the
///   step's start and end velocities times `dt` (exact for constant acceleration: the same
///   jump height at 30 Hz as at 1000 Hz), and each surface met removes the velocity going into
///   it, or bounces it on a hard hit of a wall or ceiling.
///
/// ```
/// use glissade::{Aabb, ColliderDesc, Platformer, PlatformerInput, World, glam::Vec2};
/// let mut world = World::new();
/// world.add(ColliderDesc::new(Aabb::new(Vec2::new(-50.0, -1.0), Vec2::new(50.0, 0.0))?, Vec2::ZERO))?;
/// let body = world.add(
///     ColliderDesc::new(Aabb::from_half_extents(Vec2::new(0.4, 0.5))?, Vec2::new(0.0, 0.505)).kinematic(),
/// )?;
/// let mut player = Platformer::default();
/// let right = PlatformerInput { right: true, ..Default::default() };
/// for _ in 0..120 {
///     player.update(&mut world, body, right, 1.0 / 60.0)?;
/// }
/// // Two seconds of running: at the top speed, still on the floor.
/// assert!(player.controller.state.grounded());
/// assert!((player.velocity.x - player.config.max_speed).abs() < 1e-3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Platformer {
    /// The numbers.
    pub config: PlatformerConfig,
    /// The controller under it.
    pub controller: CharacterController,
    /// Velocity, world units per second.
    pub velocity: Vec2,
    /// Time left to jump after leaving the ground.
    coyote: f32,
    /// Time left for a buffered jump press.
    buffered: f32,
    /// Whether jump was held last step.
    jump_was_held: bool,
    /// Rising from a jump (the cut applies).
    rising: bool,
    /// Air jumps left before landing.
    air_jumps_left: u32,
    /// The wall last met in the air, and the time left to wall jump off it.
    wall: Option<(WallSide, f32)>,
    /// The wall jumped off, and the time left of the lock on steering back toward it.
    lock: Option<(WallSide, f32)>,
    /// What the last update was doing.
    animation: Animation,
    /// The last direction held.
    facing: Facing,
    /// The part of the velocity kept from a platform left, which friction leaves alone until
    /// the character lands.
    carried: Vec2,
}

impl Default for Platformer {
    /// [`PlatformerConfig::default`] over [`PlatformerConfig::default_character`].
    fn default() -> Self {
        Platformer::new(
            PlatformerConfig::default(),
            PlatformerConfig::default_character(),
        )
    }
}

impl Platformer {
    /// A platformer character with these settings, at rest.
    #[must_use]
    pub fn new(config: PlatformerConfig, character: CharacterConfig) -> Self {
        Platformer {
            config,
            controller: CharacterController::new(character),
            velocity: Vec2::ZERO,
            coyote: 0.0,
            buffered: 0.0,
            jump_was_held: false,
            rising: false,
            air_jumps_left: config.air_jumps,
            wall: None,
            lock: None,
            animation: Animation::Idle,
            facing: Facing::Right,
            carried: Vec2::ZERO,
        }
    }

    /// What the last [`update`](Self::update) was doing, to choose an animation by
    /// ([`Animation::Idle`] before any).
    #[must_use]
    pub fn animation(&self) -> Animation {
        self.animation
    }

    /// Which way the character faces: the last direction held ([`Facing::Right`] before any).
    #[must_use]
    pub fn facing(&self) -> Facing {
        self.facing
    }

    /// One step of `dt` seconds with the buttons `input`; moves `body` in `world`. An update
    /// that returns an error changes nothing: not the body, not this character's velocity,
    /// timers or state.
    pub fn update(
        &mut self,
        world: &mut World,
        body: Handle,
        input: PlatformerInput,
        dt: f32,
    ) -> Result<&CharacterState, CharacterError> {
        let before = self.feel();
        match self.update_feel(world, body, input, dt) {
            Ok(()) => Ok(&self.controller.state),
            Err(e) => {
                self.restore(before);
                Err(e)
            }
        }
    }

    /// The game-feel state an update changes (the controller keeps its own).
    fn feel(&self) -> Feel {
        Feel {
            velocity: self.velocity,
            coyote: self.coyote,
            buffered: self.buffered,
            jump_was_held: self.jump_was_held,
            rising: self.rising,
            air_jumps_left: self.air_jumps_left,
            wall: self.wall,
            lock: self.lock,
            animation: self.animation,
            facing: self.facing,
            carried: self.carried,
        }
    }

    fn restore(&mut self, f: Feel) {
        self.velocity = f.velocity;
        self.coyote = f.coyote;
        self.buffered = f.buffered;
        self.jump_was_held = f.jump_was_held;
        self.rising = f.rising;
        self.air_jumps_left = f.air_jumps_left;
        self.wall = f.wall;
        self.lock = f.lock;
        self.animation = f.animation;
        self.facing = f.facing;
        self.carried = f.carried;
    }

    /// [`update`](Self::update), leaving the restoring of its own fields on error to it.
    fn update_feel(
        &mut self,
        world: &mut World,
        body: Handle,
        input: PlatformerInput,
        dt: f32,
    ) -> Result<(), CharacterError> {
        let c = self.config;
        c.validate()?;
        self.controller.config.validate()?;
        if !(dt.is_finite() && dt > 0.0) {
            return Err(CharacterError::BadStep {
                field: "dt",
                value: dt,
                reason: "must be positive and finite (seconds)",
            });
        }
        let up = self.controller.config.up;
        let right = self.controller.config.right();
        let ground = self.controller.state.ground;
        let sliding = self.controller.state.sliding.is_some();
        let mut v = self.velocity;

        // Timers.
        if ground.is_some() {
            self.coyote = c.coyote_time;
            self.carried = Vec2::ZERO;
            self.air_jumps_left = c.air_jumps;
            self.wall = None;
        }
        if let Some(side) = wall::wall_in_air(&self.controller.state) {
            self.wall = Some((side, c.wall_jump_grace));
        }
        let pressed = input.jump && !self.jump_was_held;
        self.jump_was_held = input.jump;
        if pressed {
            self.buffered = c.jump_buffer;
        }

        // Impulses, at the start of the step: the jump, and the cut of a released one.
        let can_jump = ground.is_some() || (self.coyote > 0.0 && !self.rising);
        let from_ground = can_jump && (pressed || self.buffered > 0.0);
        // A wall jump, then an air jump, need a fresh press (a buffered one waits for the
        // ground).
        let off_wall = match self.wall {
            Some((side, _)) if !from_ground && pressed && c.wall_jump_speed > 0.0 => Some(side),
            _ => None,
        };
        if let Some(side) = off_wall {
            v = wall::jump_velocity(&c, side, up, right);
            self.wall = None;
            self.lock = Some((side, c.wall_jump_lock));
            self.carried = Vec2::ZERO;
        }
        let in_air = !from_ground && off_wall.is_none() && pressed && self.air_jumps_left > 0;
        if in_air {
            self.air_jumps_left -= 1;
        }
        let jumped = from_ground || in_air || off_wall.is_some();
        if from_ground || in_air {
            v += up * (c.jump_speed - v.dot(up));
        }
        if jumped {
            self.coyote = 0.0;
            self.buffered = 0.0;
            self.rising = true;
        }
        if self.rising && !input.jump && v.dot(up) > 0.0 {
            v -= up * (v.dot(up) * (1.0 - c.jump_cut));
            self.rising = false;
        }
        let v0 = v;

        // Accelerations over the step. Along the ground (sideways in the air):
        let n = ground.filter(|_| !jumped).map_or(up, |g| g.normal);
        let along = Vec2::new(n.y, -n.x);
        let held = f32::from(u8::from(input.right)) - f32::from(u8::from(input.left));
        let locked = self
            .lock
            .is_some_and(|(side, _)| held != 0.0 && held == wall::toward(side));
        if locked {
            // Steering back toward the wall just jumped off: neither speeds up nor slows.
        } else if held != 0.0 {
            v += along * (held * c.acceleration * dt);
        } else {
            // Friction slows the character's own speed, not what a platform gave it.
            let s = (v - self.carried).dot(along);
            let drop = match c.deceleration {
                Some(d) => s.signum() * s.abs().min(d * dt),
                None => s * (1.0 - (-c.friction * dt).exp()),
            };
            v -= along * drop;
        }
        // Gravity, in the air (from the jump's own step on).
        if ground.is_none() || jumped {
            let g = if sliding && !jumped {
                c.steep_gravity
            } else {
                c.gravity
            };
            let fall = -v.dot(up);
            if fall < c.terminal_speed {
                v -= up * (g * dt).min(c.terminal_speed - fall);
            }
        }
        // Sliding down a wall pressed into, in the air.
        let mut wall_sliding = false;
        if let (Some(cap), Some(side)) = (
            c.wall_slide_speed,
            wall::wall_in_air(&self.controller.state),
        ) && held == wall::toward(side)
            && !jumped
        {
            v = wall::cap_fall(v, up, cap);
            wall_sliding = true;
        }
        if v.dot(up) <= 0.0 {
            self.rising = false;
        }
        let speed = length(v);
        if speed > c.max_speed {
            v *= c.max_speed / speed;
        }

        // Move by the mean of the velocities at the start and the end of the step: exact for
        // a constant acceleration, so a jump peaks at jump_speed² / (2 gravity) at any frame
        // rate. On the ground, the sideways part (the controller walks it along the ground with
        // the same sideways progress, so the body moves the whole speed along the slope).
        let mean = (v0 + v) * 0.5;
        let motion = match ground {
            Some(_) if !jumped => right * (mean.dot(right) * dt),
            _ => mean * dt,
        };
        let mut step = Step::new(motion, dt);
        if input.down {
            step = step.dropping_through();
        }
        self.controller.step(world, body, step)?;
        let state = &self.controller.state;

        // What was met: the velocity into each surface is removed (a wall or a slope too
        // steep to stand on gives no height unless jumping), or bounced on a hard hit.
        let mut bounced = false;
        for n in &state.normals {
            let n = *n;
            let into = v.dot(n);
            if into >= 0.0 {
                continue;
            }
            if -into > c.bounce_speed
                && n.dot(up) < c.bounce_max_up
                && !self
                    .controller
                    .could_step_onto(world, body, n)
                    .unwrap_or(false)
            {
                v = bounce_velocity(v, n, 1.0) * c.restitution;
                self.carried = Vec2::ZERO;
                bounced = true;
                continue;
            }
            let rise = v.dot(up).max(0.0);
            v -= n * into;
            self.carried -= n * self.carried.dot(n).min(0.0);
            let steep = n.dot(up).abs() < self.controller.config.max_slope.cos();
            if steep && !jumped && v.dot(up) > rise {
                v -= up * (v.dot(up) - rise);
            }
        }
        // On the ground (and not leaving it by a jump), the velocity follows the ground: the
        // tutorial's projection after a landing or a snap, and at every change of slope.
        if let Some(g) = state.ground
            && !bounced
            && !jumped
        {
            let along = Vec2::new(g.normal.y, -g.normal.x);
            v = along * v.dot(along);
        }
        v += state.inherited_velocity;
        self.carried += state.inherited_velocity;
        if !crate::geometry::all_finite(v) {
            // Refused after the controller moved: its step is taken back too.
            self.controller.undo(world);
            return Err(CharacterError::BadStep {
                field: "dt",
                value: dt,
                reason: "the velocity overflows f32 with these settings",
            });
        }
        self.velocity = v;
        self.animation = animation::classify(
            ground.is_some(),
            &self.controller.state,
            v,
            up,
            held,
            wall_sliding,
        );
        self.facing = animation::face(self.facing, held);
        self.coyote = (self.coyote - dt).max(0.0);
        self.buffered = (self.buffered - dt).max(0.0);
        self.wall = self
            .wall
            .map(|(side, t)| (side, t - dt))
            .filter(|(_, t)| *t > 0.0);
        self.lock = self
            .lock
            .map(|(side, t)| (side, t - dt))
            .filter(|(_, t)| *t > 0.0);
        Ok(())
    }
}

/// The part of a [`Platformer`] an update changes besides its controller.
#[derive(Clone, Copy)]
struct Feel {
    velocity: Vec2,
    coyote: f32,
    buffered: f32,
    jump_was_held: bool,
    rising: bool,
    air_jumps_left: u32,
    wall: Option<(WallSide, f32)>,
    lock: Option<(WallSide, f32)>,
    animation: Animation,
    facing: Facing,
    carried: Vec2,
}

/// The length of `v`, without overflowing for huge finite components.
fn length(v: Vec2) -> f32 {
    let m = v.abs().max_element();
    if m == 0.0 || !m.is_finite() {
        return m;
    }
    m * (v / m).length()
}
