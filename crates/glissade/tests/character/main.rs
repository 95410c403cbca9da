//! Character controller and platformer scenarios. Each scene is drawn in ASCII; expected
//! numbers are worked out by hand in the comments. Units: world units (1 = a tile), seconds.
//! `□` is the character, `#` solid, `=` one-way, `/` and `\` 45° slopes.

use glissade::glam::Vec2;
use glissade::{
    Aabb, Capsule, CharacterController, CharacterState, Circle, ColliderDesc, ConvexPolygon,
    Handle, Platformer, PlatformerInput, QueryFilter, Shape, Step, TileMap, World,
    character::CharacterConfig, character::CharacterError, character::PlatformerConfig,
    character::WallSide,
};

#[path = "../common/mod.rs"]
mod common;

use common::{JUMP, NOTHING, RIGHT, pos, static_box, v};

const DT: f32 = 1.0 / 60.0;
const SKIN: f32 = glissade::motion::DEFAULT_SKIN;

fn square() -> Shape {
    Aabb::from_half_extents(v(0.4, 0.4)).unwrap().into()
}

fn ball() -> Shape {
    Circle::new(0.4).unwrap().into()
}

fn pill() -> Shape {
    // Half height 0.4 overall: segment from -0.2 to 0.2, radius 0.2.
    Capsule::new(v(0.0, -0.2), v(0.0, 0.2), 0.2).unwrap().into()
}

/// The three character shapes, each 0.4 from its centre to its bottom.
fn shapes() -> [(&'static str, Shape); 3] {
    [("box", square()), ("circle", ball()), ("capsule", pill())]
}

fn body(world: &mut World, shape: Shape, at: Vec2) -> Handle {
    world.add(ColliderDesc::new(shape, at).kinematic()).unwrap()
}

fn tiles(world: &mut World, rows: &[&str], origin: Vec2) -> Handle {
    world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(rows, 1.0).unwrap(),
            origin,
        ))
        .unwrap()
}

fn step(c: &mut CharacterController, world: &mut World, h: Handle, m: Vec2) -> CharacterState {
    c.step(world, h, Step::new(m, DT)).unwrap().clone()
}

/// A floor up to x = 0, a ramp rising at `deg` from x = 0 to height 3, and a plateau.
///
/// ```text
///            ________ y = 3
///           /
///          / deg
///  _______/          y = 0
///        x=0
/// ```
fn ramp_world(deg: f32) -> World {
    let mut world = World::new();
    let run = 3.0 / deg.to_radians().tan();
    static_box(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
    let ramp = ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, -1.0), v(run, -1.0), v(run, 3.0)]).unwrap();
    world.add(ColliderDesc::new(ramp, Vec2::ZERO)).unwrap();
    static_box(&mut world, v(run, -1.0), v(run + 100.0, 3.0));
    world
}

mod bad_input;
mod flicker;
mod jumping;
mod platforms;
mod slopes;
mod stairs;
mod together;
mod walls;
