//! Motion along a walkable surface: how a sideways step becomes a step up or down a slope.

use glam::Vec2;

/// The sideways part of `motion` walked along the ground of normal `n` (walkable, so
/// `n·up > 0`): the same sideways progress, up or down the slope; the downward part is held by
/// the ground.
pub(super) fn along_ground(motion: Vec2, up: Vec2, n: Vec2) -> Vec2 {
    let right = Vec2::new(up.y, -up.x);
    let side = motion.dot(right);
    if side == 0.0 {
        return Vec2::ZERO;
    }
    // The tangent pointing the way of `right`; its sideways part is `n·up` long.
    let t = Vec2::new(n.y, -n.x);
    let t = if t.dot(right) < 0.0 { -t } else { t };
    t * (side / n.dot(up))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sideways_step_on_a_45_degree_slope_keeps_its_sideways_progress() {
        //    /
        //   /  n = (-1, 1)/√2: the ground rises to the right
        //  /
        let n = Vec2::new(-1.0, 1.0).normalize();
        let d = along_ground(Vec2::new(2.0, -5.0), Vec2::Y, n);
        assert!((d - Vec2::new(2.0, 2.0)).length() < 1e-6, "{d}");
        let back = along_ground(Vec2::new(-2.0, 0.0), Vec2::Y, n);
        assert!((back - Vec2::new(-2.0, -2.0)).length() < 1e-6, "{back}");
        assert_eq!(along_ground(Vec2::new(0.0, -3.0), Vec2::Y, n), Vec2::ZERO);
    }
}
