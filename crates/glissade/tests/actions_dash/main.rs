//! Platformer dashes and knockback. Each scene is drawn in ASCII; expected numbers are worked
//! out by hand in the comments. Units: world units (1 = a tile), seconds; y up.

use glissade::character::{Animation, PlatformerConfig};
use glissade::glam::Vec2;
use glissade::{
    Aabb, ColliderDesc, Handle, Platformer, PlatformerInput, Segment, Shape, TileMap, World,
};

#[path = "../common/mod.rs"]
mod common;

use common::{DASH, JUMP, LEFT, NOTHING, floor_scene, pos, static_box, v};

/// Positions worked out exactly (sums of f32 steps) agree to this, world units.
const EXACT: f32 = 1e-4;

fn body(world: &mut World, half: Vec2, at: Vec2) -> Handle {
    world
        .add(ColliderDesc::new(Aabb::from_half_extents(half).unwrap(), at).kinematic())
        .unwrap()
}

const DASH_RIGHT: PlatformerInput = PlatformerInput {
    dash: true,
    right: true,
    ..PlatformerInput::NONE
};

/// The default platformer with dashes of 3 units in 0.15 s (20 units/s, under the top speed
/// of 22.5), no bounces (so that the velocity into a surface is removed, not reflected).
fn dasher() -> Platformer {
    let mut pl = Platformer::default();
    pl.config.dash_distance = 3.0;
    pl.config.bounce_speed = 1e6;
    pl
}

/// Runs a dash pressed with `press` to its end (dash kept held, nothing else): the number of
/// updates it took, each checked to report [`Animation::Dash`].
fn dash_to_end(
    pl: &mut Platformer,
    world: &mut World,
    p: Handle,
    press: PlatformerInput,
    dt: f32,
) -> usize {
    pl.update(world, p, press, dt).unwrap();
    let mut n = 1;
    assert_eq!(pl.animation(), Animation::Dash);
    while pl.dashing() {
        pl.update(world, p, DASH, dt).unwrap();
        assert_eq!(pl.animation(), Animation::Dash);
        n += 1;
        assert!(n < 1000, "never ended");
    }
    n
}

mod cooldown;
mod distance;
mod knockback;
mod stopping;
