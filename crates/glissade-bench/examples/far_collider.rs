//! Times long casts before, while and after one collider sits far away: a far
//! collider must not slow casts elsewhere, and once removed it must leave no trace.
//!
//! Run with `cargo run --release -p glissade-bench --example far_collider`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use glissade::glam::Vec2;
use glissade::{Aabb, Circle, ColliderDesc, QueryFilter, Shape, World};

/// Side of the boxes of the field near the origin.
const BOX_SIDE: f32 = 1.0;
/// Distance between neighbouring boxes of the field.
const SPACING: f32 = 16.0;
/// The field is this many boxes on a side.
const FIELD: i32 = 64;
/// Where the far box sits (on both axes).
const FAR: f32 = 1e6;
/// Radius of the cast circle.
const RADIUS: f32 = 0.25;
/// Each case is timed for at least this long.
const TIME_PER_CASE: Duration = Duration::from_millis(300);

/// Mean time of one cast of `shape` from `from` by `motion`, over at least [`TIME_PER_CASE`].
fn time_cast(world: &World, shape: &Shape, from: Vec2, motion: Vec2) -> Duration {
    let filter = QueryFilter::default();
    let start = Instant::now();
    let mut n = 0u32;
    while start.elapsed() < TIME_PER_CASE || n < 3 {
        black_box(world.cast_shape(shape, black_box(from), black_box(motion), &filter));
        n += 1;
    }
    start.elapsed() / n
}

fn report(scene: &str, world: &mut World) -> Result<(), Box<dyn std::error::Error>> {
    let shape = Shape::from(Circle::new(RADIUS)?);
    // Half way between two columns of the field: the diagonal from here misses every box.
    let from = Vec2::new(SPACING / 2.0, 0.0);
    let short = Vec2::splat(1e5);
    let long = Vec2::splat(FAR);
    let before = time_cast(world, &shape, from, short);
    let far = world.add(ColliderDesc::new(
        Aabb::new(Vec2::ZERO, Vec2::splat(BOX_SIDE))?,
        Vec2::splat(FAR),
    ))?;
    let with_far = time_cast(world, &shape, from, long);
    world.remove(far)?;
    let after = time_cast(world, &shape, from, short);
    println!(
        "{scene}: cast by 1e5 before the far box {before:?}; by 1e6 with a box at 1e6 \
         {with_far:?}; by 1e5 after removing it {after:?}"
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let unit = Aabb::new(Vec2::ZERO, Vec2::splat(BOX_SIDE))?;
    let mut one = World::new();
    one.add(ColliderDesc::new(unit, Vec2::new(0.0, -4.0)))?;
    report("one box near the origin", &mut one)?;
    let mut field = World::new();
    for i in 0..FIELD {
        for j in 0..FIELD {
            let p = Vec2::new(i as f32, j as f32) * SPACING;
            field.add(ColliderDesc::new(unit, p))?;
        }
    }
    report("64 x 64 boxes near the origin", &mut field)?;
    Ok(())
}
