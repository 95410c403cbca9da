//! What a move does at a contact: the responses, and the velocity helpers behind them.

use glam::Vec2;

use crate::world::{Collider, Handle};

/// What a move does when it meets a collider. Chosen per contact by
/// [`MoveConfig::response`](super::MoveConfig::response).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Response {
    /// Keep the part of the motion (and of the velocity) along the surface: the part going
    /// into it is removed (the speed projected onto the wall). With several surfaces touched, the
    /// motion is clipped against all of them at once.
    #[default]
    Slide,
    /// Reflect the motion and the velocity: `v' = v − (1 + e)(v·n)n` (`e` = restitution: 0
    /// slides, 1 mirrors).
    Bounce {
        /// Restitution, usually in [0, 1].
        restitution: f32,
    },
    /// Stop at the contact; the velocity becomes zero.
    Stop,
    /// Stop at the contact and keep the velocity (the game decides what happens next).
    Touch,
    /// Pass through and report it (triggers, pickups).
    Cross,
}

/// A caller's choice of response for a collider met.
pub type ResponseFn<'a> = &'a dyn Fn(Handle, &Collider) -> Response;

/// Mirror image of the velocity `v` off a surface with unit normal `n` (pointing out of the
/// surface, toward the mover): `v - 2 (v·n) n`.
///
/// ```
/// use glissade::{motion::reflect, glam::Vec2};
/// // (20, 20) off a wall facing -x becomes (-20, 20).
/// assert_eq!(reflect(Vec2::new(20.0, 20.0), Vec2::new(-1.0, 0.0)), Vec2::new(-20.0, 20.0));
/// ```
#[inline]
#[must_use]
pub fn reflect(v: Vec2, n: Vec2) -> Vec2 {
    v - 2.0 * v.dot(n) * n
}

/// Velocity after bouncing off a surface (what [`Response::Bounce`] does) with unit normal `n` (pointing out of the surface,
/// toward the mover, as query normals do) with `restitution` `e` (0 = slide, 1 = perfect
/// mirror): `v - (1 + e)(v·n) n`. Moving away from the surface (`v·n >= 0`) leaves `v`
/// unchanged.
#[inline]
#[must_use]
pub fn bounce_velocity(v: Vec2, n: Vec2, restitution: f32) -> Vec2 {
    let vn = v.dot(n);
    if vn >= 0.0 {
        v
    } else {
        v - (1.0 + restitution) * vn * n
    }
}

/// Removes the part of `v` going into a surface with unit normal `n` (pointing toward the
/// mover): the speed projected onto the wall (what [`Response::Slide`] does to a velocity). Moving away leaves `v` unchanged.
#[inline]
#[must_use]
pub fn slide_velocity(v: Vec2, n: Vec2) -> Vec2 {
    bounce_velocity(v, n, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ball_hitting_a_wall_on_its_right_bounces_back_left_keeping_its_rise() {
        assert_eq!(
            reflect(Vec2::new(20.0, 20.0), Vec2::new(-1.0, 0.0)),
            Vec2::new(-20.0, 20.0)
        );
    }

    #[test]
    fn slide_keeps_the_part_along_the_wall_and_bounce_scales_the_rest() {
        let n = Vec2::Y;
        assert_eq!(slide_velocity(Vec2::new(3.0, -4.0), n), Vec2::new(3.0, 0.0));
        assert_eq!(
            bounce_velocity(Vec2::new(3.0, -4.0), n, 0.5),
            Vec2::new(3.0, 2.0)
        );
        assert_eq!(
            bounce_velocity(Vec2::new(3.0, 4.0), n, 0.5),
            Vec2::new(3.0, 4.0)
        );
    }
}
