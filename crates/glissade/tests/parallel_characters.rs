//! The `parallel` feature: `step_characters` on several threads gives the same results as on
//! one, to the bit.
//!
//! A seeded level of tiles (solid, sloped, one-way) and polygon walls with several hundred
//! characters (some crowded together, some on a moving platform, some given bad steps), each
//! walking, jumping and dropping through one-way platforms by its own seeded script, stepped in
//! batches on rayon pools of 1, 2 and 4 threads: every answer, every controller's report and
//! every body's position and velocity after every batch must be equal bit for bit.
#![cfg(feature = "parallel")]

use glissade::glam::Vec2;
use glissade::{
    Aabb, CharacterController, CharacterMove, ColliderDesc, ConvexPolygon, Handle, Step, Tile,
    World, step_characters,
};
use glissade_rng::SplitMix64 as Rng;

mod common;

/// A number in [0, 1).
fn unit(rng: &mut Rng) -> f32 {
    rng.unit() as f32
}

/// The level: a map of `side` × `side` unit cells (a border, floors every 6 rows with gaps,
/// ramps, one-way ledges), polygon walls, a moving platform, and `n` characters.
fn level(seed: u64, side: u32, n: usize) -> (World, Vec<Handle>, Handle) {
    let mut rng = Rng::new(seed);
    let map = common::seeded_map(&mut rng, side, |_, y, border, p| match () {
        _ if border => Tile::Solid,
        _ if y % 6 == 0 && p < 0.9 => Tile::Solid,
        _ if y % 6 == 1 && p < 0.04 => Tile::SlopeUpRight,
        _ if y % 6 == 1 && p < 0.08 => Tile::SlopeUpLeft,
        _ if y % 6 == 3 && p < 0.1 => Tile::OneWay,
        _ => Tile::Empty,
    });
    let mut world = World::with_cell_size(2.0).expect("a positive cell size");
    world
        .add(ColliderDesc::tiles(map, Vec2::ZERO))
        .expect("finite origin");
    let span = side as f32 - 2.0;
    for _ in 0..side as usize {
        let poly =
            ConvexPolygon::regular(3 + rng.below(4), 0.3, unit(&mut rng)).expect("a valid polygon");
        let at = Vec2::new(1.0 + unit(&mut rng) * span, 1.0 + unit(&mut rng) * span);
        world.add(ColliderDesc::new(poly, at)).expect("finite");
    }
    let platform = world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(Vec2::new(3.0, 0.25)).expect("valid"),
                Vec2::new(side as f32 * 0.5, 4.0),
            )
            .kinematic()
            .with_velocity(Vec2::new(1.5, 0.0)),
        )
        .expect("finite");
    let shape = Aabb::from_half_extents(Vec2::new(0.25, 0.45)).expect("valid");
    let mut bodies = Vec::with_capacity(n);
    let mut previous = Vec2::new(side as f32 * 0.5, 4.8);
    while bodies.len() < n {
        // One in four right beside the one before (a crowd), the rest anywhere free.
        let at = if unit(&mut rng) < 0.25 {
            previous + Vec2::new(0.55, 0.0)
        } else {
            Vec2::new(1.0 + unit(&mut rng) * span, 1.0 + unit(&mut rng) * span)
        };
        let free = world
            .overlap_shape(&shape.into(), at, &glissade::QueryFilter::default())
            .is_empty();
        if free {
            bodies.push(
                world
                    .add(ColliderDesc::new(shape, at).kinematic())
                    .expect("finite"),
            );
            previous = at;
        }
    }
    (world, bodies, platform)
}

/// Character `i`'s step `k` of a seeded script: walking either way with gravity, jumping,
/// dropping through one-way platforms, now and then a step without snapping; one character in
/// a hundred is given a refused step (no time) now and then.
fn script(seed: u64, i: usize, k: usize) -> Step {
    let mut rng = Rng::new(seed ^ ((i as u64) << 20) ^ k as u64);
    let side = (unit(&mut rng) - 0.5) * 0.2;
    let up = if unit(&mut rng) < 0.04 { 0.25 } else { -0.15 };
    let mut step = Step::new(Vec2::new(side, up), 1.0 / 60.0);
    if unit(&mut rng) < 0.05 {
        step = step.dropping_through();
    }
    if unit(&mut rng) < 0.05 {
        step = step.without_snap();
    }
    if i % 100 == 7 && k.is_multiple_of(5) {
        step.dt = 0.0;
    }
    step
}

/// Everything a batch leaves: each answer, each report, and each body's position and velocity
/// (numbers by their bits through their exact debug text).
fn run(threads: usize, seed: u64, batches: usize) -> Vec<String> {
    let (mut world, bodies, platform) = level(seed, 48, 300);
    let mut controllers = vec![CharacterController::default(); bodies.len()];
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool");
    let mut seen = Vec::new();
    for k in 0..batches {
        // The platform moves first, as a game moves its platforms before its characters.
        let at = world.get(platform).expect("live").position();
        world
            .set_position(platform, at + Vec2::new(1.5, 0.0) / 60.0)
            .expect("live");
        let mut batch: Vec<CharacterMove> = controllers
            .iter_mut()
            .zip(&bodies)
            .enumerate()
            .map(|(i, (controller, &body))| CharacterMove {
                controller,
                body,
                step: script(seed, i, k),
            })
            .collect();
        let answers = pool.install(|| step_characters(&mut world, &mut batch));
        seen.push(format!("{answers:?}"));
        for (c, &b) in controllers.iter().zip(&bodies) {
            let collider = world.get(b).expect("live");
            seen.push(format!(
                "{:?} {:?} {:?}",
                c.state,
                collider.position(),
                collider.velocity()
            ));
        }
    }
    seen
}

#[test]
fn characters_step_alike_on_any_number_of_threads() {
    for seed in [3, 11] {
        let one = run(1, seed, 40);
        // The scene is not trivial: some steps refused, some characters grounded, some not.
        let last = one.join("\n");
        assert!(last.contains("BadStep"));
        assert!(last.contains("ground: Some"));
        assert!(last.contains("ground: None"));
        for threads in [2, 4] {
            let many = run(threads, seed, 40);
            assert_eq!(one.len(), many.len());
            for (k, (a, b)) in one.iter().zip(&many).enumerate() {
                assert_eq!(a, b, "seed {seed}, {threads} threads, entry {k}");
            }
        }
    }
}
