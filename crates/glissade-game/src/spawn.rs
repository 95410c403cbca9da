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
    /// of `world` there: up to six steps of its size right, left or up.
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
        for k in 1..=6 {
            let k = k as f32;
            for offset in [
                Vec2::new(step.x * k, 0.0),
                Vec2::new(-step.x * k, 0.0),
                Vec2::new(0.0, step.y * k),
            ] {
                if free(base + offset) {
                    return base + offset;
                }
            }
        }
        base
    }
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
        world.add(ColliderDesc::new(shape, Vec2::ZERO)).unwrap();
        let aside = spawns.next_point(&world, &shape);
        assert_eq!(aside, Vec2::new(1.05, 0.0));
        let mut none = Spawns::new(Vec::new(), Vec2::new(3.0, 4.0));
        assert_eq!(none.next_point(&world, &shape), Vec2::new(3.0, 4.0));
    }
}
