//! The keys a player holds, and the velocity they ask of a top-down body.

use glissade::glam::Vec2;

use crate::tuning::TOP_DOWN_SPEED;

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
    /// Dash held (platformer: a press dashes, when the feel has a dash).
    pub dash: bool,
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
            dash: self.dash || other.dash,
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

    #[test]
    fn or_combines() {
        let l = Keys {
            left: true,
            ..Keys::default()
        };
        let j = Keys {
            jump: true,
            ..Keys::default()
        };
        let both = l.or(j);
        assert!(both.left && both.jump && !both.right);
    }
}
