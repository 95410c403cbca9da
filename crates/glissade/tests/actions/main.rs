//! Platformer actions beyond running and jumping: stopping at a constant deceleration, air
//! jumps, wall slides and wall jumps, the animation state, and settings checked again when they
//! change (a module each). Each scene is drawn in ASCII; expected numbers are worked out by
//! hand in the comments. Units: world units (1 = a tile), seconds; y up.

use glissade::character::{Animation, CharacterError, Facing, PlatformerConfig};
use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, Handle, Platformer, PlatformerInput, World};

#[path = "../common/mod.rs"]
mod common;

use common::{JUMP, LEFT, NOTHING, RIGHT, floor_scene, pos, static_box, v};

/// Presses jump (one step held, then `gap` steps released) and returns the upward speed at
/// the end of the pressing step.
fn press(pl: &mut Platformer, world: &mut World, p: Handle, gap: usize) -> f32 {
    let dt = 1.0 / 60.0;
    pl.update(world, p, JUMP, dt).unwrap();
    let vy = pl.velocity.y;
    for _ in 0..gap {
        pl.update(world, p, NOTHING, dt).unwrap();
    }
    vy
}

/// A shaft: walls from x = -3 leftwards and from x = 3 rightwards, 100 high, a floor at 0,
/// and the 0.8 × 0.8 box in the air at (0, 50):
/// ```text
/// #|     □     |#
/// #|           |#
/// #|___________|#
///  -3    0     3
/// ```
fn shaft() -> (World, Handle) {
    let mut world = World::new();
    for (lo, hi) in [
        (v(-10.0, -1.0), v(10.0, 0.0)),
        (v(-10.0, 0.0), v(-3.0, 100.0)),
        (v(3.0, 0.0), v(10.0, 100.0)),
    ] {
        world
            .add(ColliderDesc::new(Aabb::new(lo, hi).unwrap(), Vec2::ZERO))
            .unwrap();
    }
    let body = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(0.4, 0.4)).unwrap(), v(0.0, 50.0))
                .kinematic(),
        )
        .unwrap();
    (world, body)
}

/// Wall jumps of speed 15 at atan(12 / 9) above the outward direction (9 away, 12 up),
/// sliding at most 3, no friction (the sideways speed stays 9 in the air).
fn wall_jumper() -> Platformer {
    let mut pl = Platformer::default();
    pl.config.wall_slide_speed = Some(3.0);
    pl.config.wall_jump_speed = 15.0;
    pl.config.wall_jump_angle = (12.0f32).atan2(9.0);
    pl.config.friction = 0.0;
    pl
}

mod air_jumps;
mod animation;
mod settings;
mod stopping;
mod walls;
