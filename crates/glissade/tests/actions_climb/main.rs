//! Climbing ladders (climbable sensors) with `PlatformerConfig::climb_speed`. Each scene is
//! drawn in ASCII (`H` a ladder, `:` a climbing net, `#` solid, `=` a one-way platform, `□`
//! the character); expected numbers are worked out by hand in the comments. Units: world
//! units (1 = a tile), seconds; y up. The character is a 0.8 × 0.8 box (half extents 0.4),
//! climbing at 3 units per second.

use glissade::character::Animation;
use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, Handle, Platformer, PlatformerInput, World};

#[path = "../common/mod.rs"]
mod common;

use common::{DOWN, NOTHING, RIGHT, UP, pos, static_box, v};

/// Climbing speed of every test, world units per second.
const CLIMB: f32 = 3.0;
/// Half height of the character's box.
const HALF: f32 = 0.4;
/// The default ground probe (4 × the default skin of 0.01): how far above a floor a standing
/// character's bottom may be.
const PROBE: f32 = 0.04;

fn climber() -> Platformer {
    let mut pl = Platformer::default();
    pl.config.climb_speed = CLIMB;
    pl
}

/// One update that must succeed and leave the character outside everything.
fn update(pl: &mut Platformer, world: &mut World, p: Handle, input: PlatformerInput, dt: f32) {
    pl.update(world, p, input, dt).unwrap();
    assert!(
        !common::overlaps(world, p),
        "inside something at {}",
        pos(world, p)
    );
}

/// A floor, top at 0, from x = -10 to 10, and the character standing on it at x = 0 (its
/// bottom a skin above, at 0.01).
fn floor() -> World {
    let mut world = World::new();
    static_box(&mut world, v(-10.0, -1.0), v(10.0, 0.0));
    world
}

fn add_body(world: &mut World) -> Handle {
    world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(v(HALF, HALF)).unwrap(),
                v(0.0, 0.41),
            )
            .kinematic(),
        )
        .unwrap()
}

/// A box from `lo` to `hi`, to add to a world.
fn boxed(lo: Vec2, hi: Vec2) -> ColliderDesc {
    ColliderDesc::new(Aabb::new(lo, hi).unwrap(), Vec2::ZERO)
}

/// A climbing net 6 wide and 8 high standing on the floor, the character at its foot:
/// ```text
///  :.........:   y = 8
///  :         :
///  :    □    :
/// ###############  floor top 0, x from -10 to 10; net x from -3 to 3
/// ```
fn net_scene() -> (World, Handle, Handle) {
    let mut world = floor();
    let net = boxed(v(-3.0, 0.0), v(3.0, 8.0)).climbable();
    let net = world.add(net).unwrap();
    let body = add_body(&mut world);
    (world, body, net)
}

/// A ladder up to a one-way platform whose top is level with the ladder's:
/// ```text
///   ====H====     one-way platform x from -2 to 2, y from 2.75 to 3
///       H         ladder x from -0.5 to 0.5, y from 0 to 3
///       H□
/// ###############  floor top 0
/// ```
fn one_way_scene() -> (World, Handle, Handle, Handle) {
    let mut world = floor();
    let ladder = boxed(v(-0.5, 0.0), v(0.5, 3.0)).climbable();
    let ladder = world.add(ladder).unwrap();
    let platform = boxed(v(-2.0, 2.75), v(2.0, 3.0)).one_way();
    let platform = world.add(platform).unwrap();
    let p = add_body(&mut world);
    (world, p, ladder, platform)
}

mod jumping_off;
mod speed;
mod top;
mod without;
