//! How a level's bodies are driven by keys, the same for `glissade replay` and the game
//! server: the platformer character in platformer mode, a top-down walk in the other modes.

use glissade::glam::Vec2;
use glissade::{
    Handle, MoveConfig, Platformer, PlatformerInput, World, motion::move_and_slide_with_velocity,
};

use crate::model::Mode;

/// Half extents of a body's box, world units (0.6 × 0.9).
pub const BODY_HALF_EXTENTS: Vec2 = Vec2::new(0.3, 0.45);

/// Speed of a top-down body, world units per second (diagonals too).
pub const TOP_DOWN_SPEED: f32 = 8.0;

/// The keys held during one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Keys {
    /// Left held.
    pub left: bool,
    /// Right held.
    pub right: bool,
    /// Up held.
    pub up: bool,
    /// Down held.
    pub down: bool,
    /// Jump held.
    pub jump: bool,
}

impl Keys {
    /// The keys held in either.
    #[must_use]
    pub fn or(self, other: Keys) -> Keys {
        Keys {
            left: self.left || other.left,
            right: self.right || other.right,
            up: self.up || other.up,
            down: self.down || other.down,
            jump: self.jump || other.jump,
        }
    }

    /// The velocity these keys ask of a top-down body, world units per second: the four
    /// directions at [`TOP_DOWN_SPEED`], diagonals normalised.
    #[must_use]
    pub fn top_down_velocity(self) -> Vec2 {
        let axis = |plus: bool, minus: bool| f32::from(u8::from(plus)) - f32::from(u8::from(minus));
        Vec2::new(axis(self.right, self.left), axis(self.up, self.down)).normalize_or_zero()
            * TOP_DOWN_SPEED
    }
}

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
}

impl Driver {
    /// The driver of a body in `mode`; a platformer falls with the length of `gravity`
    /// (world units per second squared), pulling down — or with the platformer's own when
    /// the level has none (a top-down level played as a platformer).
    #[must_use]
    pub fn new(mode: Mode, gravity: Vec2) -> Self {
        match mode {
            Mode::Platformer => {
                let mut p = Platformer::default();
                let g = gravity.length();
                if g.is_finite() && g > 0.0 {
                    p.config.gravity = g;
                }
                Driver::Platformer(Box::new(p))
            }
            Mode::Arena | Mode::Sandbox => Driver::TopDown,
        }
    }

    /// Moves the collider `body` of `world` by one step of `dt` seconds with `keys` held.
    pub fn step(
        &mut self,
        world: &mut World,
        body: Handle,
        keys: Keys,
        dt: f32,
    ) -> Result<Moved, String> {
        match self {
            Driver::Platformer(p) => {
                let input = PlatformerInput {
                    left: keys.left,
                    right: keys.right,
                    jump: keys.jump,
                    down: keys.down,
                };
                let grounded = p
                    .update(world, body, input, dt)
                    .map_err(|e| e.to_string())?
                    .grounded();
                Ok(Moved {
                    velocity: p.velocity,
                    grounded,
                })
            }
            Driver::TopDown => {
                let v = keys.top_down_velocity();
                let r =
                    move_and_slide_with_velocity(world, body, v * dt, v, &MoveConfig::default())
                        .map_err(|e| e.to_string())?;
                Ok(Moved {
                    velocity: r.velocity,
                    grounded: false,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_down_diagonals_are_normalised() {
        let k = Keys {
            right: true,
            up: true,
            ..Keys::default()
        };
        let v = k.top_down_velocity();
        assert!((v.length() - TOP_DOWN_SPEED).abs() < 1e-5);
        assert!(v.x > 0.0 && v.y > 0.0);
        let both = Keys {
            left: true,
            right: true,
            ..Keys::default()
        };
        assert_eq!(both.top_down_velocity(), Vec2::ZERO);
        let down = Keys {
            down: true,
            ..Keys::default()
        };
        assert_eq!(down.top_down_velocity(), Vec2::new(0.0, -TOP_DOWN_SPEED));
    }
}
