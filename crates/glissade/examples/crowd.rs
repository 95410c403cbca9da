//! A crowd moving together: 40 boxes walk toward a gate in one step each with `move_bodies`,
//! which moves them against each other by their relative motion, so the result does not
//! depend on the order they are listed in and none ends inside another or inside a wall. The
//! program prints how many passed the gate each second and checks that no two overlap.
//!
//! Run with `cargo run -p glissade --example crowd`.

use glissade::glam::Vec2;
use glissade::{Aabb, BodyMove, ColliderDesc, MoveConfig, QueryFilter, World, move_bodies};

/// Boxes in the crowd.
const COUNT: usize = 40;
/// Frames a second.
const FPS: u32 = 60;
/// Walking speed, units a second.
const SPEED: f32 = 3.0;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Two walls with a gate two units wide between them at x = 0, the crowd to the left:
    //
    //        ####
    //  □□□□  ####  y in [1, 20]
    //  □□□□        gate y in [-1, 1]
    //  □□□□  ####  y in [-20, -1]
    //        ####
    let mut world = World::new();
    let wall = |lo: Vec2, hi: Vec2| Aabb::new(lo, hi).map(|b| ColliderDesc::new(b, Vec2::ZERO));
    world.add(wall(Vec2::new(0.0, 1.0), Vec2::new(1.0, 20.0))?)?;
    world.add(wall(Vec2::new(0.0, -20.0), Vec2::new(1.0, -1.0))?)?;
    let unit = Aabb::from_half_extents(Vec2::splat(0.4))?;
    let crowd = (0..COUNT)
        .map(|i| {
            let at = Vec2::new(-3.0 - (i / 8) as f32 * 1.2, (i % 8) as f32 * 1.2 - 4.2);
            world.add(ColliderDesc::new(unit, at).kinematic())
        })
        .collect::<Result<Vec<_>, _>>()?;

    let config = MoveConfig::default();
    let dt = 1.0 / FPS as f32;
    let gate = Vec2::new(0.5, 0.0);
    for frame in 1..=FPS * 10 {
        // Everyone heads for the gate, then straight on to the right once through it.
        let moves: Vec<BodyMove> = crowd
            .iter()
            .map(|&handle| {
                let at = world.get(handle).map_or(Vec2::ZERO, |c| c.position());
                let target = if at.x < gate.x { gate } else { at + Vec2::X };
                let motion = (target - at).normalize_or_zero() * SPEED * dt;
                BodyMove { handle, motion }
            })
            .collect();
        move_bodies(&mut world, &moves, &config)?;
        if frame % FPS == 0 {
            let through = crowd
                .iter()
                .filter(|&&h| world.get(h).is_some_and(|c| c.position().x > 1.4))
                .count();
            println!(
                "t = {:2} s: {through:2} of {COUNT} through the gate",
                frame / FPS
            );
        }
    }
    // No box ends inside another or inside a wall (touching is allowed).
    for &h in &crowd {
        let at = world.get(h).map_or(Vec2::ZERO, |c| c.position());
        let excluded = [h];
        let others = QueryFilter {
            exclude: &excluded,
            ..QueryFilter::default()
        };
        let inside = world.overlap_shape(&unit.into(), at, &others);
        assert!(inside.is_empty(), "{h:?} overlaps {inside:?}");
    }
    println!("no box overlaps another or a wall");
    Ok(())
}

/// `cargo test` runs the program too (its checks included).
#[test]
fn runs() {
    main().unwrap();
}
