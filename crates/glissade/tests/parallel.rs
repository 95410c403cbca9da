//! The `parallel` feature: `move_bodies` on several threads gives the same results as on one,
//! to the bit.
//!
//! Seeded worlds of tiles (solid, sloped, one-way), polygon walls, sensors and many moving
//! boxes, circles and a few polygons (some still, some fast or large, some starting inside
//! one another, some on another layer), stepped several times on rayon pools of 1, 2 and 4
//! threads: every result of every step and every final position must be equal bit for bit.
//! A property test does the same on random small dense worlds, 1 thread against 3.
#![cfg(feature = "parallel")]

use glissade::glam::Vec2;
use glissade::world::Collider;
use glissade::{
    Aabb, BodyMove, Circle, ColliderDesc, ConvexPolygon, Handle, MoveConfig, MoveResult,
    QueryFilter, Response, Shape, Tile, World, move_bodies,
};
use glissade_rng::SplitMix64 as Rng;
use proptest::prelude::*;

mod common;

/// The layer of the bodies that the masked configuration does not see.
const GHOSTS: u32 = 1 << 3;

/// What a scene is built from.
#[derive(Debug, Clone, Copy)]
struct Recipe {
    seed: u64,
    /// Cells along a side of the square tile map (unit cells).
    side: u32,
    /// Polygon walls scattered over the map.
    walls: usize,
    /// Moving bodies wanted.
    bodies: usize,
    /// Largest motion along an axis per step of an ordinary body, world units.
    speed: f32,
}

/// A number in [0, 1).
fn unit(rng: &mut Rng) -> f32 {
    rng.unit() as f32
}

/// A point inside the border of a map of `span` + 2 cells a side.
fn anywhere(rng: &mut Rng, span: f32) -> Vec2 {
    Vec2::new(1.0 + unit(rng) * span, 1.0 + unit(rng) * span)
}

/// A seeded world and the moves of its bodies.
fn scene(r: Recipe) -> (World, Vec<BodyMove>) {
    let mut rng = Rng::new(r.seed);
    let map = common::seeded_map(&mut rng, r.side, |_, _, border, p| match () {
        _ if border || p < 0.05 => Tile::Solid,
        _ if p < 0.06 => Tile::SlopeUpRight,
        _ if p < 0.07 => Tile::SlopeUpLeft,
        _ if p < 0.08 => Tile::OneWay,
        _ => Tile::Empty,
    });
    let mut world = World::with_cell_size(2.0).expect("a positive cell size");
    world
        .add(ColliderDesc::tiles(map, Vec2::ZERO))
        .expect("finite origin");
    let span = r.side as f32 - 2.0;
    for i in 0..r.walls {
        let poly =
            ConvexPolygon::regular(3 + i % 4, 0.3 + 0.5 * unit(&mut rng), unit(&mut rng) * 6.0)
                .expect("a valid polygon");
        let at = anywhere(&mut rng, span);
        world.add(ColliderDesc::new(poly, at)).expect("finite");
    }
    for _ in 0..(r.walls / 8).max(1) {
        let area = Aabb::from_half_extents(Vec2::splat(0.5 + unit(&mut rng))).expect("valid");
        let at = anywhere(&mut rng, span);
        world
            .add(ColliderDesc::new(area, at).sensor())
            .expect("finite");
    }
    let mut moves = Vec::with_capacity(r.bodies);
    let mut previous = Vec2::splat(r.side as f32 * 0.5);
    for i in 0..r.bodies {
        let size = 0.15 + 0.25 * unit(&mut rng);
        let kind = unit(&mut rng);
        let shape: Shape = if kind < 0.45 {
            Circle::new(size).expect("valid").into()
        } else if kind < 0.9 {
            Aabb::from_half_extents(Vec2::new(size, size * (0.5 + unit(&mut rng))))
                .expect("valid")
                .into()
        } else if kind < 0.97 {
            ConvexPolygon::regular(5, size, unit(&mut rng))
                .expect("valid")
                .into()
        } else {
            // Large: wider than the bins of the step.
            Aabb::from_half_extents(Vec2::splat(2.5))
                .expect("valid")
                .into()
        };
        // One in ten starts right on top of the body before it.
        let at = if i > 0 && unit(&mut rng) < 0.1 {
            previous + Vec2::new(unit(&mut rng) - 0.5, unit(&mut rng) - 0.5) * size
        } else {
            anywhere(&mut rng, span)
        };
        previous = at;
        let mut desc = ColliderDesc::new(shape, at).kinematic();
        if unit(&mut rng) < 0.1 {
            desc = desc.with_layers(GHOSTS, u32::MAX);
        }
        let handle = world.add(desc).expect("finite");
        let p = unit(&mut rng);
        let motion = if p < 0.05 {
            Vec2::ZERO
        } else if p < 0.1 {
            // Fast: crosses several cells.
            Vec2::new(unit(&mut rng) - 0.5, unit(&mut rng) - 0.5) * 16.0 * r.speed
        } else {
            Vec2::new(unit(&mut rng) - 0.5, unit(&mut rng) - 0.5) * 2.0 * r.speed
        };
        moves.push(BodyMove { handle, motion });
    }
    // Not in the order they were made.
    for i in (1..moves.len()).rev() {
        let j = (unit(&mut rng) * (i + 1) as f32) as usize % (i + 1);
        moves.swap(i, j);
    }
    (world, moves)
}

/// Every number of a result as its bits, and everything else as its debug text.
fn bits(r: &MoveResult) -> (Vec<u32>, String) {
    let mut b = Vec::new();
    for v in [r.position, r.remaining, r.velocity] {
        b.extend([v.x.to_bits(), v.y.to_bits()]);
    }
    for c in &r.contacts {
        for v in [c.normal, c.point] {
            b.extend([v.x.to_bits(), v.y.to_bits()]);
        }
        b.push(c.fraction.to_bits());
    }
    (b, format!("{r:?}"))
}

/// What a run of `steps` steps yields: every step's results (as bits), the final positions
/// (as bits), or the text of the error that stopped it.
type Run = Result<(Vec<Vec<(Vec<u32>, String)>>, Vec<[u32; 2]>), String>;

/// The settings of a run. A [`MoveConfig`] holding closures may not cross to the pool's
/// threads, so each run builds its own inside the pool.
#[derive(Debug, Clone, Copy)]
enum Setup {
    /// The default settings.
    Default,
    /// Ghosts unseen, every 17th mover left out of the others' moves.
    Masked,
    /// A predicate and a response function (which keep the step on the calling thread).
    Closures,
}

/// `steps` steps of `moves` in a copy of `world`, on a rayon pool of `threads` threads. The
/// motions turn a little from step to step so that bodies keep meeting new things.
fn run(world: &World, moves: &[BodyMove], setup: Setup, threads: usize, steps: u32) -> Run {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    pool.install(|| {
        let left_out: Vec<Handle> = moves.iter().step_by(17).map(|m| m.handle).collect();
        let keep = |h: Handle, _: &Collider| !h.index().is_multiple_of(5);
        let respond = |h: Handle, _: &Collider| match h.index() % 3 {
            0 => Response::Bounce { restitution: 0.5 },
            1 => Response::Stop,
            _ => Response::Slide,
        };
        let mut config = MoveConfig::default();
        match setup {
            Setup::Default => {}
            Setup::Masked => {
                config.filter = QueryFilter::default()
                    .with_mask(!GHOSTS)
                    .excluding(&left_out);
            }
            Setup::Closures => {
                config.filter = QueryFilter::default().with_predicate(&keep);
                config.response = Some(&respond);
            }
        }
        let mut world = world.clone();
        let mut all = Vec::new();
        let mut moves = moves.to_vec();
        for _ in 0..steps {
            let results = move_bodies(&mut world, &moves, &config).map_err(|e| e.to_string())?;
            all.push(results.iter().map(bits).collect());
            for m in &mut moves {
                m.motion = m.motion.perp() * 0.5 + m.motion * 0.75;
            }
        }
        let ends = moves
            .iter()
            .map(|m| {
                let p = world.get(m.handle).expect("live").position();
                [p.x.to_bits(), p.y.to_bits()]
            })
            .collect();
        Ok((all, ends))
    })
}

/// Where two runs part, if they do: the first step and body whose results differ, the final
/// positions, or the outcomes (one failed, or both with different errors).
fn first_difference(one: &Run, other: &Run) -> Option<String> {
    match (one, other) {
        (Ok((a, ea)), Ok((b, eb))) => {
            for (s, (ra, rb)) in a.iter().zip(b).enumerate() {
                if ra.len() != rb.len() {
                    return Some(format!(
                        "step {s}: {} results against {}",
                        ra.len(),
                        rb.len()
                    ));
                }
                if let Some(i) = (0..ra.len()).find(|&i| ra[i] != rb[i]) {
                    return Some(format!(
                        "step {s}, body {i}: {:?} against {:?}",
                        ra[i], rb[i]
                    ));
                }
            }
            let i = (0..ea.len()).find(|&i| ea[i] != eb[i])?;
            Some(format!(
                "final position {i}: {:?} against {:?}",
                ea[i], eb[i]
            ))
        }
        _ => (one != other).then(|| format!("{one:?} against {other:?}")),
    }
}

/// Asserts that `threads` threads give what one gives, step by step and body by body.
fn assert_same(world: &World, moves: &[BodyMove], setup: Setup, threads: &[usize]) {
    let steps = 6;
    let one = run(world, moves, setup, 1, steps);
    for &t in threads {
        let many = run(world, moves, setup, t, steps);
        if let Some(d) = first_difference(&one, &many) {
            panic!("1 thread against {t}: {d}");
        }
    }
}

/// Enough bodies that the step reads them on the threads (from 6,000 movers on) and writes
/// their positions there (from 4,096), besides computing them there (from 256).
const BIG: Recipe = Recipe {
    seed: 0x5eed_0001,
    side: 144,
    walls: 675,
    bodies: 7_000,
    speed: 0.4,
};

#[test]
fn a_large_world_steps_the_same_on_1_2_and_4_threads() {
    let (world, moves) = scene(BIG);
    assert_same(&world, &moves, Setup::Default, &[2, 4]);
}

#[test]
fn a_filtered_step_is_the_same_on_1_2_and_4_threads() {
    let (world, moves) = scene(Recipe {
        seed: 0x5eed_0002,
        ..BIG
    });
    assert_same(&world, &moves, Setup::Masked, &[2, 4]);
}

/// With a closure in the settings the step runs on the calling thread: still the same.
#[test]
fn a_step_with_closures_is_the_same_on_1_and_4_threads() {
    let (world, moves) = scene(Recipe {
        seed: 0x5eed_0003,
        side: 96,
        walls: 300,
        bodies: 1_000,
        ..BIG
    });
    assert_same(&world, &moves, Setup::Closures, &[4]);
}

/// A tenth of `PROPTEST_CASES` (at least one; 1,000 cases in CI): each case steps some 300
/// bodies twice, on two pools, about the work of ten cases of the other property tests. Run
/// by a `TestRunner` of its own: the `proptest!` macro sets the cases of any configuration
/// it is given back to `PROPTEST_CASES` when that is set (as in CI), which made this test
/// run all 10,000 there, five of a CI run's 23 minutes on a 2-core machine.
fn heavy_config() -> ProptestConfig {
    common::config_divided(10)
}

/// Small dense random worlds (enough bodies to be spread over threads), 1 thread against 3.
#[test]
fn random_worlds_step_the_same_on_1_and_3_threads() {
    let mut runner = proptest::test_runner::TestRunner::new(heavy_config());
    let worlds = (
        any::<u64>(),
        6u32..24,
        0usize..20,
        256usize..400,
        0.05f32..1.5,
    );
    let outcome = runner.run(&worlds, |(seed, side, walls, bodies, speed)| {
        let (world, moves) = scene(Recipe {
            seed,
            side,
            walls,
            bodies,
            speed,
        });
        let one = run(&world, &moves, Setup::Default, 1, 2);
        let three = run(&world, &moves, Setup::Default, 3, 2);
        let difference = first_difference(&one, &three);
        prop_assert!(
            difference.is_none(),
            "1 thread against 3: {}",
            difference.unwrap_or_default()
        );
        Ok(())
    });
    if let Err(e) = outcome {
        panic!("{e}");
    }
}
