//! Bullets of a top-down shooter against walls: each frame every bullet is cast along its
//! whole motion with one exact query, so a bullet crossing a wall thinner than its step (here
//! a zero-thickness segment and a wall a tenth of a unit thick, bullets moving 8 units a
//! frame) still stops on it. Bullets that hit a wall bounce once off it and disappear at the
//! second hit; the program prints every hit and checks that no bullet got through.
//!
//! Run with `cargo run -p glissade --example shooter`.

use glissade::glam::Vec2;
use glissade::motion::reflect;
use glissade::{Aabb, Circle, ColliderDesc, QueryFilter, Segment, Shape, World};

/// Frames simulated (a second at 60 frames a second).
const FRAMES: u32 = 60;
/// Length of a frame, seconds.
const DT: f32 = 1.0 / 60.0;
/// Bullet speed, units a second: 8 units a frame.
const SPEED: f32 = 480.0;

/// One bullet in flight.
struct Bullet {
    at: Vec2,
    velocity: Vec2,
    bounces_left: u32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The arena, seen from above (one character = 2 units):
    //
    //   +--------------------------------------+  y = 20
    //   |                 |                    |
    //   |  >>  gun        | thin wall x = 10   |  segment x = -10, y in [-20, 20]
    //   |                 |                    |  wall x in [9.95, 10.05]
    //   +--------------------------------------+  y = -20
    let mut world = World::new();
    let thin = Aabb::new(Vec2::new(9.95, -20.0), Vec2::new(10.05, 20.0))?;
    let thin_wall = world.add(ColliderDesc::new(thin, Vec2::ZERO))?;
    let line = Segment::new(Vec2::new(-10.0, -20.0), Vec2::new(-10.0, 20.0))?;
    let segment_wall = world.add(ColliderDesc::new(line, Vec2::ZERO))?;
    let floor = Aabb::new(Vec2::new(-30.0, -21.0), Vec2::new(30.0, -20.0))?;
    world.add(ColliderDesc::new(floor, Vec2::ZERO))?;
    let ceiling = Aabb::new(Vec2::new(-30.0, 20.0), Vec2::new(30.0, 21.0))?;
    world.add(ColliderDesc::new(ceiling, Vec2::ZERO))?;

    let round: Shape = Circle::new(0.1)?.into();
    // A fan of five bullets fired from the middle toward the thin wall.
    let mut bullets: Vec<Bullet> = (-2..=2)
        .map(|i| Bullet {
            at: Vec2::ZERO,
            velocity: Vec2::from_angle(i as f32 * 0.3) * SPEED,
            bounces_left: 1,
        })
        .collect();

    let filter = QueryFilter::default();
    let mut hits = 0;
    for frame in 0..FRAMES {
        bullets.retain_mut(|b| {
            let motion = b.velocity * DT;
            let Some(hit) = world.cast_shape(&round, b.at, motion, &filter) else {
                b.at += motion;
                return true;
            };
            hits += 1;
            let wall = if hit.handle == thin_wall {
                "the thin wall"
            } else if hit.handle == segment_wall {
                "the segment"
            } else {
                "the floor or ceiling"
            };
            let at = b.at + motion * hit.fraction;
            println!(
                "frame {frame:2}: bullet at ({:6.2}, {:6.2}) hit {wall} after {:.3} of its motion, normal ({}, {})",
                at.x,
                at.y,
                hit.fraction,
                hit.normal.x + 0.0,
                hit.normal.y + 0.0
            );
            if b.bounces_left == 0 {
                return false;
            }
            b.bounces_left -= 1;
            b.at = at;
            b.velocity = reflect(b.velocity, hit.normal);
            true
        });
    }
    println!("{hits} hits, {} bullets still flying", bullets.len());
    // Every bullet is stopped twice: by the thin wall, then by the segment (or, for the
    // widest ones, the floor or ceiling on the way back).
    assert!(bullets.is_empty(), "a bullet passed a wall");
    Ok(())
}

/// `cargo test` runs the program too (its checks included).
#[test]
fn runs() {
    main().unwrap();
}
