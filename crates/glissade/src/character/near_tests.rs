//! The colliders a controller keeps gathered around its body decide nothing: random worlds
//! changed at random between steps, stepped by controllers with the list and without it
//! (every sweep then walks the grid), give the same positions, velocities and states.

use glam::Vec2;
use proptest::prelude::*;

use crate::shape::{Aabb, Capsule, Circle, ConvexPolygon, Shape};
use crate::world::{ColliderDesc, Handle, World};
use crate::{CharacterController, Step};

/// A change made to the world between two steps: `kind` picks what, `k` which collider,
/// `at` where.
#[derive(Debug, Clone, Copy)]
struct Change {
    kind: u8,
    k: usize,
    at: (f32, f32),
}

fn shape_of(k: usize, size: f32) -> Shape {
    match k % 4 {
        0 => Aabb::from_half_extents(Vec2::new(size, 0.3 * size + 0.1))
            .expect("a box")
            .into(),
        1 => ConvexPolygon::regular(3 + k % 4, size, 0.4 * k as f32)
            .expect("a polygon")
            .into(),
        2 => Circle::new(0.5 * size).expect("a circle").into(),
        _ => Capsule::new(Vec2::ZERO, Vec2::new(size, 0.2), 0.2)
            .expect("a capsule")
            .into(),
    }
}

/// Applies `change` to `world` (the level's colliders are `level`, the characters `bodies`).
fn apply(world: &mut World, level: &mut Vec<Handle>, bodies: &[Handle], change: Change) {
    let at = Vec2::new(change.at.0, change.at.1);
    let pick = |level: &[Handle]| level.get(change.k % level.len().max(1)).copied();
    match change.kind % 6 {
        // A new collider, maybe right next to a character.
        0 => {
            let near = bodies[change.k % bodies.len()];
            let base = world.get(near).map_or(Vec2::ZERO, |c| c.position());
            let desc = ColliderDesc::new(shape_of(change.k, 0.4), base + at * 0.2);
            level.push(world.add(desc).expect("a finite position"));
        }
        1 => {
            if let Some(h) = pick(level) {
                world.remove(h).expect("a live collider");
                level.retain(|&x| x != h);
            }
        }
        2 => {
            if let Some(h) = pick(level) {
                world.set_position(h, at).expect("a live collider");
            }
        }
        3 => {
            if let Some(h) = pick(level) {
                world
                    .set_shape(h, shape_of(change.k + 1, 0.6))
                    .expect("a live collider");
            }
        }
        4 => {
            if let Some(h) = pick(level) {
                world
                    .set_layers(h, 1 + change.k as u32 % 2, u32::MAX)
                    .expect("a live collider");
            }
        }
        _ => *world = world.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_gathered_colliders_change_no_step(
        level in prop::collection::vec((-8.0f32..8.0, -6.0f32..2.0, 0.2f32..2.5), 4..24),
        chars in prop::collection::vec((-6.0f32..6.0, 0.5f32..5.0, 0usize..3), 1..4),
        steps in prop::collection::vec(
            ((-0.3f32..0.3, -0.4f32..0.2), prop::option::of((0u8..6, 0usize..64, (-6.0f32..6.0, -4.0f32..4.0)))),
            1..40,
        ),
    ) {
        let mut world = World::new();
        let mut handles = Vec::new();
        // A long floor, then the random level.
        handles.push(
            world
                .add(ColliderDesc::new(
                    Aabb::new(Vec2::new(-12.0, -8.0), Vec2::new(12.0, -7.0)).expect("a box"),
                    Vec2::ZERO,
                ))
                .expect("a finite position"),
        );
        for (k, &(x, y, size)) in level.iter().enumerate() {
            let desc = ColliderDesc::new(shape_of(k, size), Vec2::new(x, y));
            handles.push(world.add(desc).expect("a finite position"));
        }
        let mut bodies = Vec::new();
        for &(x, y, kind) in &chars {
            let shape: Shape = match kind {
                0 => Aabb::from_half_extents(Vec2::splat(0.3)).expect("a box").into(),
                1 => Circle::new(0.3).expect("a circle").into(),
                _ => Capsule::new(Vec2::new(0.0, -0.15), Vec2::new(0.0, 0.15), 0.2)
                    .expect("a capsule")
                    .into(),
            };
            bodies.push(
                world
                    .add(ColliderDesc::new(shape, Vec2::new(x, y)).kinematic())
                    .expect("a finite position"),
            );
        }
        let mut with = (world.clone(), handles.clone(), vec![CharacterController::default(); bodies.len()]);
        let mut without = (world, handles, vec![CharacterController::default(); bodies.len()]);
        for c in &mut without.2 {
            c.near.off = true;
        }
        for ((mx, my), change) in steps {
            for side in [&mut with, &mut without] {
                let (world, level, controllers) = side;
                for (c, &b) in controllers.iter_mut().zip(&bodies) {
                    // A start inside something is refused or pushed out alike on both sides.
                    let _ = c.step(world, b, Step::new(Vec2::new(mx, my), 1.0 / 60.0));
                }
                if let Some((kind, k, at)) = change {
                    apply(world, level, &bodies, Change { kind, k, at });
                }
            }
            for (k, &b) in bodies.iter().enumerate() {
                let p = |w: &World| w.get(b).map(|c| (c.position(), c.velocity()));
                prop_assert_eq!(
                    format!("{:?}", p(&with.0)),
                    format!("{:?}", p(&without.0))
                );
                prop_assert_eq!(
                    format!("{:?}", with.2[k].state),
                    format!("{:?}", without.2[k].state)
                );
            }
        }
        // The list was looked through (this says something only if it was).
        prop_assert!(
            with.2
                .iter()
                .any(|c| c.near.used.load(std::sync::atomic::Ordering::Relaxed) > 0)
        );
    }
}
