//! Small vector helpers in glam's voice.

use glam::Vec2;

/// Mirror image of the velocity `v` off a surface with unit normal `n` (pointing out of the
/// surface, toward the mover): `v - 2 (v·n) n`.
///
/// ```
/// use glissade::{reflect, glam::Vec2};
/// // (20, 20) off a wall facing -x becomes (-20, 20).
/// assert_eq!(reflect(Vec2::new(20.0, 20.0), Vec2::new(-1.0, 0.0)), Vec2::new(-20.0, 20.0));
/// ```
#[inline]
#[must_use]
pub fn reflect(v: Vec2, n: Vec2) -> Vec2 {
    v - 2.0 * v.dot(n) * n
}

/// Velocity after bouncing off a surface with unit normal `n` (pointing out of the surface,
/// toward the mover, as query normals do) with `restitution` `e` (0 = slide, 1 = perfect
/// mirror): `v - (1 + e)(v·n) n`. Moving away from the surface (`v·n >= 0`) leaves `v`
/// unchanged.
#[inline]
#[must_use]
pub fn bounce(v: Vec2, n: Vec2, restitution: f32) -> Vec2 {
    let vn = v.dot(n);
    if vn >= 0.0 {
        v
    } else {
        v - (1.0 + restitution) * vn * n
    }
}

/// Removes the part of `v` going into a surface with unit normal `n` (pointing toward the
/// mover): the speed projected onto the wall. Moving away leaves `v` unchanged.
#[inline]
#[must_use]
pub fn slide(v: Vec2, n: Vec2) -> Vec2 {
    bounce(v, n, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_003_reflection_worked_example() {
        assert_eq!(
            reflect(Vec2::new(20.0, 20.0), Vec2::new(-1.0, 0.0)),
            Vec2::new(-20.0, 20.0)
        );
    }

    #[test]
    fn slide_keeps_the_part_along_the_wall_and_bounce_scales_the_rest() {
        let n = Vec2::Y;
        assert_eq!(slide(Vec2::new(3.0, -4.0), n), Vec2::new(3.0, 0.0));
        assert_eq!(bounce(Vec2::new(3.0, -4.0), n, 0.5), Vec2::new(3.0, 2.0));
        assert_eq!(bounce(Vec2::new(3.0, 4.0), n, 0.5), Vec2::new(3.0, 4.0));
    }
}
