//! rapier2d's side of the actions course: its `KinematicCharacterController` (configured like
//! character/walk's peer) with the platformer's actions written over it by hand, the way a
//! game would, from the same numbers ([`platformer_config`]):
//!
//! - velocity integrated per step: acceleration toward the held direction (friction when none
//!   is held), gravity in the air up to the terminal speed, the speed capped, the move the
//!   mean of the step's start and end velocities (sideways only on the ground);
//! - the velocity into every surface `move_shape` reports is removed afterwards;
//! - wall slide: the fall capped while in the air, holding into a wall the last move met;
//! - wall jump: a fresh jump press within the grace time of such a wall sets the velocity away
//!   from it, and steering back is ignored for the lock time;
//! - dash: a fresh press starts `dash_time` of `move_shape` at `dash_distance / dash_time` in
//!   the held direction (one of eight, the facing when none), no gravity, no steering; a move
//!   that gets less than half its way ends it; once per flight in the air, with a cooldown;
//! - crouch: held on the ground, the collider becomes the crouching box with its bottom kept;
//!   released, the standing box comes back only when a cast of the crouching box upward by the
//!   difference of heights hits nothing;
//! - on the ground: rapier's `grounded`; when the character was not already standing there,
//!   confirmed by a short cast down meeting a floor (see [`Peer::on_floor`]).

use glissade::PlatformerInput;
use glissade::character::PlatformerConfig;
use glissade::glam::Vec2;
use rapier2d::control::KinematicCharacterController;
use rapier2d::geometry::Cuboid;
use rapier2d::math::{Pose, Vector as RVec};
use rapier2d::parry::query::ShapeCastOptions;
use rapier2d::pipeline::QueryPipeline;

use super::level::{CROUCH, STAND, platformer_config};
use super::player::{Player, State};
use crate::character::{Course, DT, SKIN, rapier_controller};

/// Below this a dash's remaining time counts as over (the sum of steps of 1/60 s rounds).
const TIME_EPS: f32 = 1.0e-4;

/// A wall beside the character: on its left or on its right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

impl Side {
    /// The held direction that presses into this wall (−1 left, +1 right).
    fn toward(self) -> f32 {
        match self {
            Side::Left => -1.0,
            Side::Right => 1.0,
        }
    }
}

/// The peer's character: where it is, how it moves, and its actions' timers.
#[derive(Debug, Clone, Copy)]
struct Body {
    pos: Vec2,
    velocity: Vec2,
    grounded: bool,
    /// The wall the last move met while in the air.
    wall: Option<Side>,
    /// The wall last met in the air and the time left to jump off it.
    grace: Option<(Side, f32)>,
    /// The wall jumped off and the time left of the lock on steering back toward it.
    lock: Option<(Side, f32)>,
    jump_was_held: bool,
    dash_was_held: bool,
    /// The running dash: its unit direction and its time left.
    dash: Option<(Vec2, f32)>,
    cooldown: f32,
    air_dashes_left: u32,
    crouching: bool,
    /// The last held direction (±1).
    facing: f32,
}

/// What one `move_shape` did.
struct Moved {
    translation: Vec2,
    grounded: bool,
}

/// rapier2d's side over the level's query pipeline.
pub(super) struct Peer<'a> {
    queries: QueryPipeline<'a>,
    controller: KinematicCharacterController,
    config: PlatformerConfig,
    stand: Cuboid,
    crouch: Cuboid,
    start: Body,
    body: Body,
    /// The normals (pointing at the character) of the surfaces the last move met.
    normals: Vec<Vec2>,
}

impl<'a> Peer<'a> {
    pub(super) fn new(level: &Course, queries: QueryPipeline<'a>) -> Self {
        let config = platformer_config();
        let start = Body {
            pos: level.start,
            velocity: Vec2::ZERO,
            grounded: false,
            wall: None,
            grace: None,
            lock: None,
            jump_was_held: false,
            dash_was_held: false,
            dash: None,
            cooldown: 0.0,
            air_dashes_left: config.air_dashes,
            crouching: false,
            facing: 1.0,
        };
        Peer {
            queries,
            controller: rapier_controller(),
            config,
            stand: Cuboid::new(RVec::new(STAND.x, STAND.y)),
            crouch: Cuboid::new(RVec::new(CROUCH.x, CROUCH.y)),
            start,
            body: start,
            normals: Vec::with_capacity(8),
        }
    }

    /// `move_shape` by `desired` from the body's position with its current shape; moves the
    /// body and keeps the normals met. rapier's `grounded` is taken as it is when the body
    /// `stays` on the ground it stood on (not jumping off it); otherwise (landing, or touching
    /// a wall in the air) a floor must be confirmed by [`Peer::on_floor`].
    fn move_by(&mut self, desired: Vec2, stays: bool) -> Moved {
        let pose = Pose::from_translation(RVec::new(self.body.pos.x, self.body.pos.y));
        let shape = if self.body.crouching {
            &self.crouch
        } else {
            &self.stand
        };
        let normals = &mut self.normals;
        normals.clear();
        let mv = self.controller.move_shape(
            DT,
            &self.queries,
            shape,
            &pose,
            RVec::new(desired.x, desired.y),
            |hit| normals.push(Vec2::new(hit.hit.normal1.x, hit.hit.normal1.y)),
        );
        let translation = Vec2::new(mv.translation.x, mv.translation.y);
        self.body.pos += translation;
        Moved {
            translation,
            grounded: mv.grounded && (stays || self.on_floor()),
        }
    }

    /// Whether a short cast of the current shape straight down (rapier's own reach for
    /// grounding: the offset and 0.05) meets a surface within the climbable slope. rapier's
    /// `grounded` alone also counts the corners of the tiles stacked in a wall beside the
    /// character (at a seam between two tiles, the contact normal tilts up), which would turn
    /// wall jumps into ground jumps.
    fn on_floor(&self) -> bool {
        let pose = Pose::from_translation(RVec::new(self.body.pos.x, self.body.pos.y));
        let shape = if self.body.crouching {
            &self.crouch
        } else {
            &self.stand
        };
        let floor_cos = self.controller.max_slope_climb_angle.cos();
        self.queries
            .cast_shape(
                &pose,
                -RVec::Y,
                shape,
                ShapeCastOptions::with_max_time_of_impact(SKIN + 0.05),
            )
            .is_some_and(|(_, hit)| hit.normal1.y >= floor_cos)
    }

    /// Whether the standing box fits where the crouching one is (its bottom kept): a cast of
    /// the crouching box straight up by the difference of heights hits nothing.
    fn room_to_stand(&self) -> bool {
        let pose = Pose::from_translation(RVec::new(self.body.pos.x, self.body.pos.y));
        let rise = 2.0 * (STAND.y - CROUCH.y);
        self.queries
            .cast_shape(
                &pose,
                RVec::Y,
                &self.crouch,
                ShapeCastOptions::with_max_time_of_impact(rise),
            )
            .is_none()
    }

    /// Crouches (on the ground, crouch held) or stands up (released, with room), keeping the
    /// bottom of the box where it was.
    fn crouch_or_stand(&mut self, crouch: bool) {
        let drop = STAND.y - CROUCH.y;
        if crouch && self.body.grounded && !self.body.crouching {
            self.body.crouching = true;
            self.body.pos.y -= drop;
        } else if !crouch && self.body.crouching && self.room_to_stand() {
            self.body.crouching = false;
            self.body.pos.y += drop;
        }
    }

    /// Starts a dash on a fresh press, when allowed.
    fn start_dash(&mut self, input: PlatformerInput, held: f32) {
        let (c, b) = (&self.config, &mut self.body);
        let pressed = input.dash && !b.dash_was_held;
        b.dash_was_held = input.dash;
        if !pressed || c.dash_distance <= 0.0 || b.dash.is_some() || b.cooldown > 0.0 {
            return;
        }
        if !b.grounded {
            if b.air_dashes_left == 0 {
                return;
            }
            b.air_dashes_left -= 1;
        }
        let aim = Vec2::new(
            held,
            f32::from(u8::from(input.up)) - f32::from(u8::from(input.down)),
        );
        let dir = if aim == Vec2::ZERO {
            Vec2::new(b.facing, 0.0)
        } else {
            aim.normalize()
        };
        b.dash = Some((dir, c.dash_time));
    }

    /// One step of a running dash: straight at the dash speed, no gravity.
    fn dash_step(&mut self, dir: Vec2, left: f32) {
        let c = &self.config;
        let speed = c.dash_distance / c.dash_time;
        let (cooldown, max_speed) = (c.dash_cooldown, c.max_speed);
        let asked = speed * left.min(DT);
        let stays = self.body.grounded && dir.y <= 0.0;
        let moved = self.move_by(dir * asked, stays);
        let left = left - DT;
        let stopped = moved.translation.length() < 0.5 * asked;
        let b = &mut self.body;
        b.grounded = moved.grounded;
        if stopped || left <= TIME_EPS {
            b.dash = None;
            b.cooldown = cooldown;
            b.velocity = dir * max_speed.min(speed);
        } else {
            b.dash = Some((dir, left));
            b.velocity = dir * speed;
        }
        self.after_move(false);
    }

    /// One ordinary step: jumps, wall jumps, steering, gravity, wall slide, then the move.
    fn walk_step(&mut self, input: PlatformerInput, held: f32) {
        let c = &self.config;
        let b = &mut self.body;
        let pressed = input.jump && !b.jump_was_held;
        let mut v = b.velocity;
        let from_ground = b.grounded && pressed;
        let off_wall = match b.grace {
            Some((side, _)) if !from_ground && pressed && c.wall_jump_speed > 0.0 => Some(side),
            _ => None,
        };
        if let Some(side) = off_wall {
            let (sin, cos) = c.wall_jump_angle.sin_cos();
            v = Vec2::new(-side.toward() * cos, sin) * c.wall_jump_speed;
            b.grace = None;
            b.lock = Some((side, c.wall_jump_lock));
        }
        if from_ground {
            v.y = c.jump_speed;
        }
        let jumped = from_ground || off_wall.is_some();
        let v0 = v;
        let locked = b
            .lock
            .is_some_and(|(side, _)| held != 0.0 && held == side.toward());
        if locked {
            // Steering back toward the wall just left: ignored.
        } else if held != 0.0 {
            v.x += held * c.acceleration * DT;
        } else {
            v.x *= (-c.friction * DT).exp();
        }
        if !b.grounded || jumped {
            let fall = -v.y;
            if fall < c.terminal_speed {
                v.y -= (c.gravity * DT).min(c.terminal_speed - fall);
            }
        }
        if let (Some(cap), Some(side)) = (c.wall_slide_speed, b.wall)
            && held == side.toward()
            && !jumped
        {
            v.y = v.y.max(-cap);
        }
        let speed = v.length();
        if speed > c.max_speed {
            v *= c.max_speed / speed;
        }
        let mean = (v0 + v) * 0.5;
        let motion = if b.grounded && !jumped {
            Vec2::new(mean.x * DT, 0.0)
        } else {
            mean * DT
        };
        let stays = b.grounded && !jumped;
        b.velocity = v;
        let moved = self.move_by(motion, stays);
        self.body.grounded = moved.grounded;
        self.after_move(jumped);
    }

    /// After a move: the velocity into each surface met removed, the wall met in the air
    /// kept, on the ground the fall stopped.
    fn after_move(&mut self, jumped: bool) {
        let wall_cos = self.controller.max_slope_climb_angle.cos();
        let b = &mut self.body;
        b.wall = None;
        for &n in &self.normals {
            let into = b.velocity.dot(n);
            if into < 0.0 {
                b.velocity -= n * into;
            }
            if n.y.abs() < wall_cos && !b.grounded {
                b.wall = Some(if n.x < 0.0 { Side::Right } else { Side::Left });
            }
        }
        if b.grounded && !jumped {
            b.velocity.y = 0.0;
        }
    }
}

impl Player for Peer<'_> {
    fn reset(&mut self) {
        self.body = self.start;
    }

    fn step(&mut self, input: PlatformerInput) -> State {
        let held = f32::from(u8::from(input.right)) - f32::from(u8::from(input.left));
        let c = &self.config;
        let b = &mut self.body;
        if held != 0.0 {
            b.facing = held;
        }
        if b.grounded {
            b.air_dashes_left = c.air_dashes;
            b.grace = None;
        }
        if let Some(side) = b.wall {
            b.grace = Some((side, c.wall_jump_grace));
        }
        self.crouch_or_stand(input.crouch);
        self.start_dash(input, held);
        match self.body.dash {
            Some((dir, left)) => self.dash_step(dir, left),
            None => self.walk_step(input, held),
        }
        let b = &mut self.body;
        b.jump_was_held = input.jump;
        b.grace = b.grace.map(|(s, t)| (s, t - DT)).filter(|g| g.1 > 0.0);
        b.lock = b.lock.map(|(s, t)| (s, t - DT)).filter(|l| l.1 > 0.0);
        b.cooldown = (b.cooldown - DT).max(0.0);
        State {
            pos: b.pos,
            grounded: b.grounded,
        }
    }
}
