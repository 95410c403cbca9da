//! The scale benchmark: a large seeded world of tiles, polygon walls and many small bodies,
//! and the time of one `move_bodies` step of all of them.

use std::hint::black_box;
use std::time::Instant;

use glissade::glam::Vec2;
use glissade::{
    Aabb, BodyMove, Circle, ColliderDesc, ConvexPolygon, MoveConfig, QueryFilter, Shape, Tile,
    TileMap, World, move_bodies,
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
    let mut unit = move || rng.unit();
    let mut map = TileMap::new(side, side, 1.0).expect("a non-empty map of unit cells is valid");
    for y in 0..side {
        for x in 0..side {
            let border = x == 0 || y == 0 || x == side - 1 || y == side - 1;
            let r = unit();
            let tile = if border || r < 0.08 {
                Tile::Solid
            } else if r < 0.09 {
                Tile::SlopeUpRight
            } else if r < 0.1 {
                Tile::SlopeUpLeft
            } else {
                Tile::Empty
            };
            map.set(x, y, tile).expect("inside the map");
        }
    }
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

/// Nanoseconds per body of one [`move_bodies`] step of every body of a [`scale_world`]: the
/// median of `rounds` steps (more for small worlds: at least about 200,000 body moves in all),
/// each from the same starting world. The median, not the fastest: the fastest of many short
/// rounds (a small world) is luckier than the fastest of a few long ones (a large world),
/// which would tilt a comparison across sizes.
#[must_use]
pub fn scale_run(world: &World, moves: &[BodyMove], rounds: u32) -> f64 {
    let config = MoveConfig::default();
    // At least about 200,000 body moves in all, so that small worlds are timed as long.
    let rounds = rounds
        .max((200_000 / moves.len().max(1)).min(200) as u32)
        .max(1);
    let mut samples: Vec<f64> = (0..rounds)
        .map(|_| {
            let mut w = world.clone();
            let started = Instant::now();
            let r = move_bodies(&mut w, black_box(moves), &config);
            let elapsed = started.elapsed();
            black_box(r.map(|r| r.len()).unwrap_or(0));
            elapsed.as_nanos() as f64 / moves.len().max(1) as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Formats the `scale` line of one run: `scale move/bodies=<N> threads=<T> ms_per_step=<f>
/// ns_per_body=<f>`, the time of one whole `move_bodies` step and its share per body. Only
/// `threads=1` is measured for now (`move_bodies` runs on the calling thread).
#[must_use]
pub fn scale_line(bodies: usize, threads: usize, ns_per_body: f64) -> String {
    format!(
        "scale move/bodies={bodies} threads={threads} ms_per_step={:.3} ns_per_body={ns_per_body:.2}",
        ns_per_body * bodies as f64 / 1e6
    )
}
