//! How a body is moved by keys: the platformer character in platformer mode, a top-down walk
//! (keys as a velocity, moved and slid) in the other modes.

use glissade::character::{Animation, Facing};
use glissade::glam::Vec2;
use glissade::motion::move_and_slide_with_velocity;
use glissade::{Handle, MoveConfig, Platformer, PlatformerInput, World};
use glissade_level::Mode;

use crate::error::DriveError;
use crate::feel::Feel;
use crate::keys::Keys;

/// How a body moves.
#[derive(Debug, Clone)]
pub enum Driver {
    /// The platformer character (platformer mode).
    Platformer(Box<Platformer>),
    /// Keys as a velocity, moved and slid (arena and sandbox modes).
    TopDown,
}

/// A body's state after a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Moved {
    /// Velocity, world units per second.
    pub velocity: Vec2,
    /// Standing on walkable ground (always `false` top-down).
    pub grounded: bool,
    /// What the platformer character is doing and which way it faces (`None` top-down).
    pub pose: Option<(Animation, Facing)>,
}

impl Driver {
    /// The driver of a body in `mode`; a platformer has the settings of `feel` and falls
    /// with the length of `gravity` (world units per second squared), pulling down — or with
    /// the feel's own when the level has none (a top-down level played as a platformer).
    #[must_use]
    pub fn new(mode: Mode, gravity: Vec2, feel: Feel) -> Self {
        match mode {
            Mode::Platformer => {
                let mut p = feel.platformer();
                let g = gravity.length();
                if g.is_finite() && g > 0.0 {
                    p.config.gravity = g;
                }
                Driver::Platformer(Box::new(p))
            }
            Mode::Arena | Mode::Sandbox => Driver::TopDown,
        }
    }

    /// Moves the collider `body` of `world` by one step of `dt` seconds with `keys` held, and
    /// `push` (world units per second) on top of the keys' velocity for a top-down body (a
    /// knockback; a platformer leaves it).
    pub fn step(
        &mut self,
        world: &mut World,
        body: Handle,
        keys: Keys,
        push: Vec2,
        dt: f32,
    ) -> Result<Moved, DriveError> {
        match self {
            Driver::Platformer(p) => {
                let input = PlatformerInput {
                    left: keys.left,
                    right: keys.right,
                    up: keys.up,
                    jump: keys.jump,
                    down: keys.down,
                    dash: keys.dash,
                    ..PlatformerInput::NONE
                };
                let grounded = p.update(world, body, input, dt)?.grounded();
                Ok(Moved {
                    velocity: p.velocity,
                    grounded,
                    pose: Some((p.animation(), p.facing())),
                })
            }
            Driver::TopDown => {
                let v = keys.top_down_velocity() + push;
                let r =
                    move_and_slide_with_velocity(world, body, v * dt, v, &MoveConfig::default())?;
                Ok(Moved {
                    velocity: r.velocity,
                    grounded: false,
                    pose: None,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glissade::{Aabb, ColliderDesc};

    #[test]
    fn a_top_down_body_walks_at_its_speed() {
        let mut world = World::new();
        let body = world
            .add(
                ColliderDesc::new(
                    Aabb::from_half_extents(Vec2::splat(0.5)).unwrap(),
                    Vec2::ZERO,
                )
                .kinematic(),
            )
            .unwrap();
        let mut d = Driver::new(Mode::Arena, Vec2::ZERO, Feel::Demo);
        let keys = Keys {
            right: true,
            ..Keys::default()
        };
        let moved = d.step(&mut world, body, keys, Vec2::ZERO, 0.5).unwrap();
        assert_eq!(moved.velocity, Vec2::new(8.0, 0.0));
        assert!(!moved.grounded);
        assert_eq!(world.get(body).unwrap().position(), Vec2::new(4.0, 0.0));
    }

    #[test]
    fn a_platformer_takes_the_level_gravity() {
        for feel in Feel::ALL {
            let level = Vec2::new(0.0, -20.0);
            let Driver::Platformer(p) = Driver::new(Mode::Platformer, level, feel) else {
                panic!("not a platformer");
            };
            assert_eq!(p.config.gravity, 20.0);
            assert_eq!(p.config.max_speed, feel.platformer_config().max_speed);
            let Driver::Platformer(p) = Driver::new(Mode::Platformer, Vec2::ZERO, feel) else {
                panic!("not a platformer");
            };
            assert_eq!(p.config.gravity, feel.platformer_config().gravity);
        }
    }
}
