//! The game-feel layer over the character controller: acceleration along the ground, jumps
//! with coyote time and buffering, gravity, bounces, dashes and knockback.

use glam::Vec2;

mod animation;
mod climb;
mod config;
mod crouch;
mod dash;
mod input;
mod knockback;
mod presets;
mod wall;

pub use animation::{Animation, Facing};
pub use config::PlatformerConfig;
pub use input::PlatformerInput;

use super::{CharacterConfig, CharacterController, CharacterError, CharacterState, Step, WallSide};
use crate::motion::{MoveError, bounce_velocity};
use crate::shape::Shape;
use crate::world::{Handle, World};

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
/// - a fresh `dash` press (with [`PlatformerConfig::dash_distance`] set) moves the character
///   that far in one of eight directions over `dash_time`, gravity and steering suspended (see
///   the field); a [`push`](Self::push) adds an impulse and takes the controls away for
///   `knockback_time`;
/// - at a ladder (a climbable sensor), with `climb_speed` set, up or down starts a climb:
///   the keys set the velocity, without gravity, through one-way platforms, until a jump,
///   leaving the ladder or climbing down onto the ground lets go (see
///   [`PlatformerConfig::climb_speed`]);
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
    /// Timers and the state of the actions.
    feel: Feel,
    /// The shape to stand up to, while crouching.
    standing: Option<Shape>,
    /// The settings of the last update that passed their checks.
    checked: Option<(PlatformerConfig, CharacterConfig)>,
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
        let (air_jumps, air_dashes) = (config.air_jumps, config.air_dashes);
        Platformer {
            config,
            controller: CharacterController::new(character),
            velocity: Vec2::ZERO,
            standing: None,
            checked: None,
            feel: Feel {
                coyote: 0.0,
                buffered: 0.0,
                jump_was_held: false,
                rising: false,
                air_jumps_left: air_jumps,
                wall: None,
                lock: None,
                animation: Animation::Idle,
                facing: Facing::Right,
                carried: Vec2::ZERO,
                crouch: crouch::Crouch::default(),
                dash: dash::Dash::new(air_dashes),
                knock: knockback::Knock::default(),
                climbing: None,
            },
        }
    }

    /// What the last [`update`](Self::update) was doing, to choose an animation by
    /// ([`Animation::Idle`] before any).
    #[must_use]
    pub fn animation(&self) -> Animation {
        self.feel.animation
    }

    /// Whether the character is crouching (it has [`PlatformerConfig::crouch_shape`] as its
    /// collider).
    #[must_use]
    pub fn crouching(&self) -> bool {
        self.standing.is_some()
    }

    /// Whether the last update wanted to stand up (crouch released) and could not: something
    /// is in the way of the standing shape. It keeps crouching and tries again each update.
    #[must_use]
    pub fn stand_blocked(&self) -> bool {
        self.feel.crouch.blocked
    }

    /// Which way the character faces: the last direction held ([`Facing::Right`] before any).
    #[must_use]
    pub fn facing(&self) -> Facing {
        self.feel.facing
    }

    /// The climbable sensor the character is climbing after the last
    /// [`update`](Self::update), `None` when it is not climbing (see
    /// [`PlatformerConfig::climb_speed`]).
    #[must_use]
    pub fn climbing(&self) -> Option<Handle> {
        self.feel.climbing
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
        let before = (self.velocity, self.feel);
        let mut swapped = None;
        match self.update_feel(world, body, input, dt, &mut swapped) {
            Ok(()) => Ok(&self.controller.state),
            Err(e) => {
                (self.velocity, self.feel) = before;
                crouch::undo(world, body, swapped, &mut self.standing);
                Err(e)
            }
        }
    }

    /// [`update`](Self::update), leaving the restoring of its own fields on error to it.
    fn update_feel(
        &mut self,
        world: &mut World,
        body: Handle,
        input: PlatformerInput,
        dt: f32,
        swapped: &mut Option<crouch::Swapped>,
    ) -> Result<(), CharacterError> {
        // The settings are checked when they differ from the last ones that passed (the
        // check is a good part of a light update's work).
        let unchanged = self
            .checked
            .as_ref()
            .is_some_and(|(p, c)| p.same_bits(&self.config) && *c == self.controller.config);
        if !unchanged {
            self.config.validate()?;
            self.controller.config.validate()?;
            self.checked = Some((self.config.clone(), self.controller.config));
        }
        if !(dt.is_finite() && dt > 0.0) {
            return Err(CharacterError::BadStep {
                field: "dt",
                value: dt,
                reason: "must be positive and finite (seconds)",
            });
        }
        let input = knockback::steer(&mut self.feel, input);
        // Ladders (climb.rs): a climbing update is taken whole there. Not while dashing or
        // knocked back (a push lets go of the ladder).
        let off_ladder = if self.dashing() || self.knocked() {
            self.feel.climbing = None;
            false
        } else {
            match self.climb(world, body, input, dt)? {
                climb::Climb::Climbed => return Ok(()),
                other => other == climb::Climb::JumpedOff,
            }
        };
        let up = self.controller.config.up;
        let right = self.controller.config.right();
        let ground = knockback::ground(&mut self.feel, self.controller.state.ground, self.velocity);
        let sliding = self.controller.state.sliding.is_some();
        let mut v = self.velocity;
        self.feel.crouch.update(
            (&mut self.standing, swapped),
            world,
            body,
            &self.config,
            (up, self.controller.config.skin),
            input.crouch,
            ground.is_some(),
        )?;
        let crouching = self.standing.is_some();

        // Timers.
        if ground.is_some() {
            self.feel.coyote = self.config.coyote_time;
            self.feel.carried = Vec2::ZERO;
            self.feel.air_jumps_left = self.config.air_jumps;
            self.feel.wall = None;
        }
        if let Some(side) = wall::wall_in_air(&self.controller.state) {
            self.feel.wall = Some((side, self.config.wall_jump_grace));
        }
        let pressed = input.jump && !self.feel.jump_was_held;
        self.feel.jump_was_held = input.jump;
        if pressed {
            self.feel.buffered = self.config.jump_buffer;
        }
        if self.dash_update(world, body, input, dt, pressed)? {
            return Ok(());
        }
        let c = &self.config;

        // Impulses, at the start of the step: the jump, and the cut of a released one.
        let can_jump =
            off_ladder || ground.is_some() || (self.feel.coyote > 0.0 && !self.feel.rising);
        let from_ground = can_jump && (pressed || self.feel.buffered > 0.0);
        // A wall jump, then an air jump, need a fresh press (a buffered one waits for the
        // ground).
        let off_wall = match self.feel.wall {
            Some((side, _)) if !from_ground && pressed && c.wall_jump_speed > 0.0 => Some(side),
            _ => None,
        };
        if let Some(side) = off_wall {
            v = wall::jump_velocity(c, side, up, right);
            self.feel.wall = None;
            self.feel.lock = Some((side, c.wall_jump_lock));
            self.feel.carried = Vec2::ZERO;
            if c.wall_jump_refreshes_air_jumps {
                self.feel.air_jumps_left = c.air_jumps;
            }
        }
        let in_air = !from_ground && off_wall.is_none() && pressed && self.feel.air_jumps_left > 0;
        if in_air {
            self.feel.air_jumps_left -= 1;
        }
        let jumped = from_ground || in_air || off_wall.is_some();
        if from_ground || in_air {
            v += up * (c.jump_speed - v.dot(up));
        }
        if jumped {
            self.feel.coyote = 0.0;
            self.feel.buffered = 0.0;
            self.feel.rising = true;
        }
        if self.feel.rising && !input.jump && v.dot(up) > 0.0 {
            v -= up * (v.dot(up) * (1.0 - c.jump_cut));
            self.feel.rising = false;
        }
        let v0 = v;

        // Accelerations over the step. Along the ground (sideways in the air):
        let n = ground.filter(|_| !jumped).map_or(up, |g| g.normal);
        let along = Vec2::new(n.y, -n.x);
        let held = f32::from(u8::from(input.right)) - f32::from(u8::from(input.left));
        let locked = self
            .feel
            .lock
            .is_some_and(|(side, _)| held != 0.0 && held == wall::toward(side));
        // A held direction accelerates (while crouching, up to the crouching cap, and a faster
        // slide brakes down to it); none brakes. Friction slows the character's own speed, not
        // what a platform gave it.
        let own = (v - self.feel.carried).dot(along);
        let brake = |s: f32| match c.deceleration {
            Some(d) => s.signum() * s.abs().min(d * dt),
            None => s * (1.0 - (-c.friction * dt).exp()),
        };
        if locked {
            // Steering back toward the wall just jumped off: neither speeds up nor slows.
        } else if held != 0.0 && crouching {
            let s = own * held;
            v += along * (held * crouch::walk_change(c, s, c.acceleration * dt, brake(s)));
        } else if held != 0.0 {
            v += along * (held * c.acceleration * dt);
        } else {
            v -= along * brake(own);
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
            self.feel.rising = false;
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
        self.controller.step_checked(world, body, step)?;
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
                self.feel.carried = Vec2::ZERO;
                bounced = true;
                continue;
            }
            let rise = v.dot(up).max(0.0);
            v -= n * into;
            self.feel.carried -= n * self.feel.carried.dot(n).min(0.0);
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
        self.feel.carried += state.inherited_velocity;
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
        self.feel.animation = animation::classify(
            ground.is_some(),
            &self.controller.state,
            v,
            up,
            held,
            wall_sliding,
        )
        .or_doing(
            crouching && self.controller.state.grounded(),
            Animation::Crouch,
        );
        self.feel.facing = animation::face(self.feel.facing, held);
        self.feel.tick(dt);
        Ok(())
    }
}

/// The part of a [`Platformer`] an update changes besides its controller and velocity:
/// timers and the state of each action.
#[derive(Debug, Clone, Copy)]
struct Feel {
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
    /// The crouch.
    crouch: crouch::Crouch,
    /// The dashes (dash.rs).
    dash: dash::Dash,
    /// The knockback of a push (knockback.rs).
    knock: knockback::Knock,
    /// The climbable sensor being climbed (climb.rs).
    climbing: Option<Handle>,
}

impl Feel {
    /// Counts `dt` seconds off the timers, at the end of an update.
    fn tick(&mut self, dt: f32) {
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
        self.dash.tick(dt);
        knockback::tick(self, dt);
    }
}

/// The body's shape and position, and the layers and mask its queries see by (the actions'
/// own casts and overlaps, like the controller's, never see the body itself).
fn body_of(world: &World, body: Handle) -> Result<(&Shape, Vec2, u32, u32), CharacterError> {
    let c = world
        .get(body)
        .ok_or(CharacterError::Move(MoveError::UnknownHandle(body)))?;
    let shape = c
        .shape()
        .ok_or(CharacterError::Move(MoveError::NotAShape(body)))?;
    Ok((shape, c.position(), c.layers(), c.mask()))
}

/// The length of `v`, without overflowing for huge finite components.
fn length(v: Vec2) -> f32 {
    let m = v.abs().max_element();
    if m == 0.0 || !m.is_finite() {
        return m;
    }
    m * (v / m).length()
}
