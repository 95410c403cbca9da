//! The scale benchmark: a large seeded world of tiles, polygon walls and many small bodies,
//! and the time of one `move_bodies` step of all of them, on one thread and on several.

use std::hint::black_box;
use std::time::Instant;

use glissade::glam::Vec2;
use glissade::{
    Aabb, BodyMove, Circle, ColliderDesc, ConvexPolygon, MoveConfig, MoveResult, QueryFilter,
    Shape, Tile, World, move_bodies,
};

use crate::rng::Rng;

/// The world of the scale benchmark: a `side × side` tile map of unit cells (a border, and a
/// solid or sloped cell in about one cell in ten), `walls` convex polygons (triangles and
/// hexagons of radius 0.3 to 1) scattered over it as separate colliders, and `bodies` small
/// kinematic boxes and circles (radius 0.2 to 0.4) placed in free space. Seeded, so every run
/// builds the same world.
#[must_use]
pub fn scale_world(side: u32, walls: usize, bodies: usize, seed: u64) -> (World, Vec<BodyMove>) {
    let mut rng = Rng::new(seed);
    let map = rng.tile_map(side, |_, _, border, r| {
        if border || r < 0.08 {
            Tile::Solid
        } else if r < 0.09 {
            Tile::SlopeUpRight
        } else if r < 0.1 {
            Tile::SlopeUpLeft
        } else {
            Tile::Empty
        }
    });
    let mut unit = move || rng.unit();
    let mut world = World::with_cell_size(2.0).expect("a positive cell size");
    let span = side as f32 - 2.0;
    for i in 0..walls {
        let sides = if i % 2 == 0 { 3 } else { 6 };
        let poly = ConvexPolygon::regular(sides, 0.3 + 0.7 * unit(), unit() * 6.0)
            .expect("a regular polygon of positive radius is valid");
        let at = Vec2::new(1.0 + unit() * span, 1.0 + unit() * span);
        world
            .add(ColliderDesc::new(poly, at))
            .expect("finite position");
    }
    world
        .add(ColliderDesc::tiles(map, Vec2::ZERO))
        .expect("finite origin");
    let mut moves = Vec::with_capacity(bodies);
    let mut attempts = 0;
    while moves.len() < bodies && attempts < bodies * 20 {
        attempts += 1;
        let r = 0.2 + 0.2 * unit();
        let shape: Shape = if attempts % 2 == 0 {
            Circle::new(r).expect("positive radius").into()
        } else {
            Aabb::from_half_extents(Vec2::splat(r))
                .expect("positive")
                .into()
        };
        let at = Vec2::new(1.0 + unit() * span, 1.0 + unit() * span);
        if !world
            .overlap_shape(&shape, at, &QueryFilter::default())
            .is_empty()
            || !world
                .query_aabb(at - 0.5, at + 0.5, &QueryFilter::default())
                .is_empty()
        {
            continue;
        }
        let handle = world
            .add(ColliderDesc::new(shape, at).kinematic())
            .expect("finite position");
        let motion = Vec2::new(unit() - 0.5, unit() - 0.8) * 0.5;
        moves.push(BodyMove { handle, motion });
    }
    (world, moves)
}

/// Nanoseconds per body of one [`move_bodies`] step of every body of a [`scale_world`], on
/// one thread: [`scale_run_on`] with a pool of one.
#[must_use]
pub fn scale_run(world: &World, moves: &[BodyMove], rounds: u32) -> f64 {
    scale_run_on(world, moves, rounds, 1).0
}

/// Nanoseconds per body of one [`move_bodies`] step of every body of a [`scale_world`], run in
/// a rayon pool of `threads` threads (glissade's `parallel` feature spreads the bodies over
/// it), and the results of the first timed step. After two untimed steps (`WARM_UP_STEPS`), the
/// median of `rounds` steps (more for small worlds: at least about 200,000 body moves in all),
/// each from the same starting world. The median, not the fastest: the fastest of many short
/// rounds (a small world) is luckier than the fastest of a few long ones (a large world), which
/// would tilt a comparison across sizes.
///
/// A pool of one runs on the core the calling thread is pinned to (if it is); the threads of
/// a larger pool may use every core.
///
/// # Panics
///
/// If the pool cannot be made, or the step is refused (the scale world's moves are valid).
#[must_use]
pub fn scale_run_on(
    world: &World,
    moves: &[BodyMove],
    rounds: u32,
    threads: usize,
) -> (f64, Vec<MoveResult>) {
    let mut pool = rayon::ThreadPoolBuilder::new().num_threads(threads);
    if threads > 1 {
        pool = pool.start_handler(|_| {
            crate::unpin_current_thread();
        });
    }
    let pool = pool.build().expect("a thread pool");
    // At least about 200,000 body moves in all, so that small worlds are timed as long.
    let rounds = rounds
        .max((200_000 / moves.len().max(1)).min(200) as u32)
        .max(1);
    // Untimed steps first, as the compare lines warm up: a game's pool has stepped before,
    // while a new pool's threads meet their first allocations (fresh memory) in its first
    // steps.
    for _ in 0..WARM_UP_STEPS {
        let mut w = world.clone();
        let r = pool.install(|| move_bodies(&mut w, black_box(moves), &MoveConfig::default()));
        black_box(r.map(|r| r.len()).ok());
    }
    let mut first = None;
    let mut samples: Vec<f64> = (0..rounds)
        .map(|_| {
            let mut w = world.clone();
            let started = Instant::now();
            // The settings are made on the pool's side: a `MoveConfig` may hold closures that
            // cannot cross threads, so it is not `Sync`. The time includes handing the step to
            // the pool and back (microseconds).
            let r = pool.install(|| move_bodies(&mut w, black_box(moves), &MoveConfig::default()));
            let elapsed = started.elapsed();
            let r = r.expect("the scale world's moves are valid");
            black_box(r.len());
            if first.is_none() {
                first = Some(r);
            }
            elapsed.as_nanos() as f64 / moves.len().max(1) as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    (samples[samples.len() / 2], first.unwrap_or_default())
}

/// Untimed steps of [`scale_run_on`] on its pool before the timed ones.
const WARM_UP_STEPS: u32 = 2;

/// Whether two runs' results are the same to the bit: every position, remaining motion,
/// velocity and contact (normal, point, fraction) compared by the bits of its numbers, the
/// rest (handles, responses, cells, sensors, pinned) by value.
#[must_use]
pub fn same_results(a: &[MoveResult], b: &[MoveResult]) -> bool {
    fn v(p: Vec2) -> [u32; 2] {
        [p.x.to_bits(), p.y.to_bits()]
    }
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            v(x.position) == v(y.position)
                && v(x.remaining) == v(y.remaining)
                && v(x.velocity) == v(y.velocity)
                && x.pinned == y.pinned
                && x.sensors == y.sensors
                && x.contacts.len() == y.contacts.len()
                && x.contacts.iter().zip(&y.contacts).all(|(c, d)| {
                    c.handle == d.handle
                        && v(c.normal) == v(d.normal)
                        && v(c.point) == v(d.point)
                        && c.fraction.to_bits() == d.fraction.to_bits()
                        && c.response == d.response
                        && c.cell == d.cell
                })
        })
}

/// Formats the `scale` line of one run: `scale move/bodies=<N> threads=<T> ms_per_step=<f>
/// ns_per_body=<f>`, the time of one whole `move_bodies` step on `T` threads and its share
/// per body.
#[must_use]
pub fn scale_line(bodies: usize, threads: usize, ns_per_body: f64) -> String {
    format!(
        "scale move/bodies={bodies} threads={threads} ms_per_step={:.3} ns_per_body={ns_per_body:.2}",
        ns_per_body * bodies as f64 / 1e6
    )
}
