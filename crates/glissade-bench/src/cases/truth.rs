//! The f64 reference answers that settle a disagreement, from the independent brute-force
//! reference of `glissade-difftest` (it shares no code with glissade's queries): each shape
//! becomes a reference core, and the reference's signed distance and path analysis become an
//! [`Answer`].

use glissade::Shape;
use glissade::glam::Vec2;
use glissade_difftest::reference::{self, Core, P};

use super::answer::Answer;

fn p(v: Vec2) -> P {
    [f64::from(v.x), f64::from(v.y)]
}

/// `a - b`, subtracted in f64 (exact for f32 inputs).
fn minus(a: Vec2, b: Vec2) -> P {
    [
        f64::from(a.x) - f64::from(b.x),
        f64::from(a.y) - f64::from(b.y),
    ]
}

/// A shape as a reference core: its points in its local frame (counter-clockwise for boxes
/// and polygons) and its radius.
fn core(s: &Shape) -> Core {
    match s {
        Shape::Aabb(b) => Core::new(&b.corners().map(p), 0.0),
        Shape::Circle(c) => Core::new(&[p(c.center())], f64::from(c.radius())),
        Shape::Capsule(c) => Core::new(&[p(c.a()), p(c.b())], f64::from(c.radius())),
        Shape::Polygon(poly) => {
            let pts: Vec<P> = poly.vertices().iter().copied().map(p).collect();
            Core::new(&pts, 0.0)
        }
        Shape::Segment(s) => Core::new(&[p(s.a()), p(s.b())], 0.0),
    }
}

/// The reference answer of a cast: overlapping at the start (with the depth), else the first
/// contact along the relative motion, else a miss.
pub(super) fn cast(
    a: &Shape,
    start_a: Vec2,
    motion_a: Vec2,
    b: &Shape,
    start_b: Vec2,
    motion_b: Vec2,
) -> Answer {
    let q = minus(start_a, start_b);
    let d = minus(motion_a, motion_b);
    let truth = reference::analyze_path(&core(a), &core(b), q, d);
    if truth.sd0 < 0.0 {
        return Answer::Overlapping(-truth.sd0 as f32);
    }
    truth
        .t_first
        .map_or(Answer::Miss, |t| Answer::Hit(t as f32))
}

/// The reference answer of a ray cast up to `max_t` lengths of `dir`: the first contact (0
/// from inside), else a miss.
pub(super) fn ray(shape: &Shape, pos: Vec2, origin: Vec2, dir: Vec2, max_t: f32) -> Answer {
    let q = minus(origin, pos);
    let m = f64::from(max_t);
    let d = [f64::from(dir.x) * m, f64::from(dir.y) * m];
    reference::ray_first_contact(&core(shape), q, d)
        .map_or(Answer::Miss, |t| Answer::Hit((t * m) as f32))
}

/// The reference answer of an overlap query: overlapping with the depth, or a miss.
pub(super) fn overlap(a: &Shape, pos_a: Vec2, b: &Shape, pos_b: Vec2) -> Answer {
    let sd = reference::signed_distance(&core(a), &core(b), minus(pos_a, pos_b));
    if sd < 0.0 {
        Answer::Overlapping(-sd as f32)
    } else {
        Answer::Miss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glissade::{Aabb, Circle};

    #[test]
    fn box_lands_on_floor() {
        let floor: Shape = Aabb::new(Vec2::new(-50.0, -1.0), Vec2::new(50.0, 0.0))
            .unwrap()
            .into();
        let player: Shape = Aabb::from_half_extents(Vec2::new(0.4, 0.9)).unwrap().into();
        let a = cast(
            &player,
            Vec2::new(0.0, 2.0),
            Vec2::new(0.0, -3.0),
            &floor,
            Vec2::ZERO,
            Vec2::ZERO,
        );
        let Answer::Hit(t) = a else { panic!("{a:?}") };
        assert!((t - 1.1 / 3.0).abs() < 1e-6);
    }

    #[test]
    fn ball_hits_wall_and_circles_overlap() {
        let wall: Shape = Aabb::new(Vec2::new(10.0, -5.0), Vec2::new(11.0, 5.0))
            .unwrap()
            .into();
        let ball: Shape = Circle::new(1.0).unwrap().into();
        let a = cast(
            &ball,
            Vec2::ZERO,
            Vec2::new(100.0, 0.0),
            &wall,
            Vec2::ZERO,
            Vec2::ZERO,
        );
        assert_eq!(a, Answer::Hit(0.09));
        let o = overlap(&ball, Vec2::new(1.5, 0.0), &ball, Vec2::ZERO);
        assert_eq!(o, Answer::Overlapping(0.5));
        assert_eq!(
            overlap(&ball, Vec2::new(2.5, 0.0), &ball, Vec2::ZERO),
            Answer::Miss
        );
        // A ball passing a box's corner diagonally: enters the corner's circle.
        let unit: Shape = Aabb::from_half_extents(Vec2::ONE).unwrap().into();
        let a = cast(
            &ball,
            Vec2::new(-3.0, 3.0),
            Vec2::new(6.0, 0.0),
            &unit,
            Vec2::ZERO,
            Vec2::ZERO,
        );
        assert_eq!(a, Answer::Miss);
        let a = cast(
            &ball,
            Vec2::new(-3.0, 1.5),
            Vec2::new(6.0, 0.0),
            &unit,
            Vec2::ZERO,
            Vec2::ZERO,
        );
        let Answer::Hit(t) = a else { panic!("{a:?}") };
        // Enters the circle of radius 1 around (-1, 1) at x = -1 - sqrt(0.75).
        assert!((t - (2.0 - 0.75f32.sqrt()) / 6.0).abs() < 1e-6);
    }
}
