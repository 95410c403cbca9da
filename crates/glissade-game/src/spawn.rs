//! Where players enter and come back: the level's spawn points in turn, one moved aside
//! when something stands there.

use glissade::glam::Vec2;
use glissade::{QueryFilter, Shape, World};

/// The spawn points and whose turn is next.
#[derive(Debug, Clone)]
pub struct Spawns {
    points: Vec<Vec2>,
    /// Used when the level has no spawn point: the middle of its bounds.
    centre: Vec2,
    next: usize,
}

impl Spawns {
    /// The level's spawn points; `centre` when it has none.
    #[must_use]
    pub fn new(points: Vec<Vec2>, centre: Vec2) -> Self {
        Spawns {
            points,
            centre,
            next: 0,
        }
    }

    /// The next spawn point (round-robin), moved aside if `shape` would overlap something
    /// of `world` there: to the nearest free place on a grid of steps of its size around it,
    /// up to [`ASIDE_STEPS`] steps right, left and up (nearest first: fewest steps, then
    /// lowest, then right before left). A crowd joining at once spreads out there instead
    /// of piling up on the point (where pushing them apart would cost many ticks).
    pub fn next_point(&mut self, world: &World, shape: &Shape) -> Vec2 {
        let base = if self.points.is_empty() {
            self.centre
        } else {
            self.points[self.next % self.points.len()]
        };
        self.next = self.next.wrapping_add(1);
        let filter = QueryFilter::default();
        let free = |p: Vec2| world.overlap_shape(shape, p, &filter).is_empty();
        if free(base) {
            return base;
        }
        let (lo, hi) = shape.local_bounds();
        let step = hi - lo + Vec2::splat(0.05);
        aside_steps()
            .map(|(i, j)| base + Vec2::new(step.x * i as f32, step.y * j as f32))
            .find(|&p| free(p))
            .unwrap_or(base)
    }
}

/// Farthest a spawn point is moved aside, in steps of the body's size.
pub const ASIDE_STEPS: i32 = 8;

/// The steps `(right, up)` a spawn point may be moved aside by, nearest first: fewest steps
/// in all, then lowest, then right before left (the point itself left out).
fn aside_steps() -> impl Iterator<Item = (i32, i32)> {
    let mut steps: Vec<(i32, i32)> = (0..=ASIDE_STEPS)
        .flat_map(|j| (-ASIDE_STEPS..=ASIDE_STEPS).map(move |i| (i, j)))
        .filter(|&(i, j)| (i, j) != (0, 0))
        .collect();
    steps.sort_by_key(|&(i, j)| (i.abs() + j, j, -i));
    steps.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use glissade::{Aabb, ColliderDesc};

    #[test]
    fn points_in_turn_and_aside_when_taken() {
        let shape = Shape::from(Aabb::from_half_extents(Vec2::splat(0.5)).unwrap());
        let mut world = World::new();
        let mut spawns = Spawns::new(vec![Vec2::ZERO, Vec2::new(10.0, 0.0)], Vec2::ZERO);
        assert_eq!(spawns.next_point(&world, &shape), Vec2::ZERO);
        assert_eq!(spawns.next_point(&world, &shape), Vec2::new(10.0, 0.0));
        world
            .add(ColliderDesc::new(shape.clone(), Vec2::ZERO))
            .unwrap();
        let aside = spawns.next_point(&world, &shape);
        assert_eq!(aside, Vec2::new(1.05, 0.0));
        let mut none = Spawns::new(Vec::new(), Vec2::new(3.0, 4.0));
        assert_eq!(none.next_point(&world, &shape), Vec2::new(3.0, 4.0));
    }

    #[test]
    fn a_crowd_at_one_point_spreads_out_without_overlapping() {
        // 100 bodies (unit boxes) joining at one point in open space each find a place of
        // their own: nearest first (right, left, up, ...), none overlapping another.
        let shape = Shape::from(Aabb::from_half_extents(Vec2::splat(0.5)).unwrap());
        let mut world = World::new();
        let mut spawns = Spawns::new(vec![Vec2::ZERO], Vec2::ZERO);
        let mut placed = Vec::new();
        for _ in 0..100 {
            let at = spawns.next_point(&world, &shape);
            world
                .add(ColliderDesc::new(shape.clone(), at).kinematic())
                .unwrap();
            placed.push(at);
        }
        assert_eq!(
            &placed[..4],
            &[
                Vec2::ZERO,
                Vec2::new(1.05, 0.0),
                Vec2::new(-1.05, 0.0),
                Vec2::new(0.0, 1.05)
            ]
        );
        for (k, a) in placed.iter().enumerate() {
            for b in &placed[k + 1..] {
                let d = (*a - *b).abs();
                assert!(d.x >= 1.0 || d.y >= 1.0, "{a} and {b} overlap");
            }
        }
    }
}
