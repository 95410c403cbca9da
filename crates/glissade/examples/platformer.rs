//! A platformer character on a tile map: it runs right under a one-way ledge, jumps, runs up a
//! slope onto a step and against the far wall, and jumps once more against it; the program
//! prints its state each second of game time.
//!
//! Run with `cargo run -p glissade --example platformer`.

use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, Platformer, PlatformerInput, TileMap, World};

/// Frames a second of game time.
const FPS: u32 = 60;
/// Seconds simulated.
const SECONDS: u32 = 5;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // `#` solid, `=` one-way (passable from below), `/` a 45° slope; one unit per tile, the
    // bottom-left corner at (0, 0).
    let map = TileMap::from_rows(
        &[
            "#......................................#",
            "#......................................#",
            "#......................................#",
            "#......................................#",
            "#......................................#",
            "#..........======......................#",
            "#......................................#",
            "#.........................../###########",
            "#........................../############",
            "########################################",
        ],
        1.0,
    )?;
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO))?;
    let body = Aabb::from_half_extents(Vec2::new(0.3, 0.45))?;
    let player = world.add(ColliderDesc::new(body, Vec2::new(2.0, 1.5)).kinematic())?;

    let mut feel = Platformer::default();
    let dt = 1.0 / FPS as f32;
    for frame in 1..=FPS * SECONDS {
        // Hold right; jump for a fifth of a second at 0.4 s and at 2.5 s.
        let t = frame as f32 * dt;
        let input = PlatformerInput {
            right: true,
            jump: (0.4..0.6).contains(&t) || (2.5..2.7).contains(&t),
            ..Default::default()
        };
        let state = feel.update(&mut world, player, input, dt)?.clone();
        if frame % FPS == 0 {
            let at = world.get(player).map_or(Vec2::NAN, |c| c.position());
            let ground = match state.ground {
                Some(g) => format!("on ground of normal ({:.2}, {:.2})", g.normal.x, g.normal.y),
                None => "in the air".to_string(),
            };
            println!(
                "t = {t:.0} s: at ({:6.2}, {:5.2}), velocity ({:5.2}, {:5.2}), {ground}, wall: {:?}",
                at.x, at.y, feel.velocity.x, feel.velocity.y, state.wall
            );
        }
    }
    // It ends against the far wall (x = 39), a skin from it, standing on the step (top y = 3).
    let at = world.get(player).map_or(Vec2::NAN, |c| c.position());
    assert!((at.x - (39.0 - 0.3 - 0.01)).abs() < 0.011, "{at}");
    assert!((at.y - (3.0 + 0.45 + 0.01)).abs() < 0.011, "{at}");
    Ok(())
}

/// `cargo test` runs the program too (its checks included).
#[test]
fn runs() {
    main().unwrap();
}
