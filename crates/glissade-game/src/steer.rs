//! Directions and bounded steps between two points, worked out in f64.

use glissade::glam::Vec2;

/// The direction from `from` toward `to` (unit long), zero where they meet. Worked out in
/// f64, where the square of any f32 distance fits: in f32 the squared length of a distance
/// over about 1.8e19 overflows, and a far aim point fired nothing.
#[must_use]
pub fn direction(from: Vec2, to: Vec2) -> Vec2 {
    (to.as_dvec2() - from.as_dvec2())
        .normalize_or_zero()
        .as_vec2()
}

/// The motion from `from` toward `to`, at most `max` long (in f64, as [`direction`]: a far
/// drag point moves a box at full speed, not at all).
#[must_use]
pub fn step_toward(from: Vec2, to: Vec2, max: f32) -> Vec2 {
    (to.as_dvec2() - from.as_dvec2())
        .clamp_length_max(f64::from(max))
        .as_vec2()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_points_still_give_a_direction() {
        assert_eq!(direction(Vec2::ZERO, Vec2::new(1e30, 0.0)), Vec2::X);
        assert_eq!(direction(Vec2::ONE, Vec2::ONE), Vec2::ZERO);
        let s = step_toward(Vec2::ZERO, Vec2::new(0.0, f32::MAX), 0.2);
        assert!((s - Vec2::new(0.0, 0.2)).length() < 1e-7, "{s}");
        assert_eq!(
            step_toward(Vec2::ZERO, Vec2::new(0.1, 0.0), 0.2),
            Vec2::new(0.1, 0.0)
        );
    }
}
