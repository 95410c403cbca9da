//! Character controller scenarios (work in progress for issue 4).

use glissade::glam::Vec2;
use glissade::{
    Aabb, CharacterConfig, CharacterController, ColliderDesc, ConvexPolygon, TileMap, World,
};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn player(world: &mut World, at: Vec2) -> glissade::Handle {
    world
        .add(ColliderDesc::new(Aabb::from_half_extents(v(0.4, 0.4)).unwrap(), at).kinematic())
        .unwrap()
}

#[test]
fn landing_is_grounded_in_the_same_step() {
    //   □        a box 2 above a tile floor, falling 0.3 a step: it lands on step 7
    //            (2 / 0.3 = 6.7) and is grounded in that step.
    //  ######
    let mut world = World::new();
    world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(&["######"], 1.0).unwrap(),
            v(0.0, -1.0),
        ))
        .unwrap();
    let p = player(&mut world, v(3.0, 2.4));
    let mut c = CharacterController::new(CharacterConfig::default());
    for step in 1..=10 {
        let s = c.step(&mut world, p, v(0.0, -0.3)).unwrap();
        assert_eq!(s.grounded(), step >= 7, "step {step}");
    }
}

#[test]
fn walking_across_many_tiles_never_flickers() {
    //  □ -->
    //  ##########...   2000 steps of 0.2 along 1000 tiles, pressing down: always grounded
    let mut map = TileMap::new(1000, 1, 1.0).unwrap();
    for x in 0..1000 {
        map.set(x, 0, glissade::Tile::Solid).unwrap();
    }
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, v(0.0, -1.0))).unwrap();
    let p = player(&mut world, v(1.0, 0.41));
    let mut c = CharacterController::new(CharacterConfig::default());
    c.step(&mut world, p, v(0.0, -0.1)).unwrap();
    for step in 0..2000 {
        let s = c.step(&mut world, p, v(0.2, -0.05)).unwrap();
        assert!(s.grounded(), "step {step}");
    }
}

#[test]
fn walking_down_a_30_degree_ramp_sticks_and_a_cliff_lets_go() {
    //  □___            flat, then a 30° ramp down 5 units long, then flat; then a cliff 3
    //      \           high. Walking right at 0.2 a step with no gravity: grounded all the
    //       \___       way down the ramp, not grounded past the cliff.
    //           |
    //           |___
    let mut world = World::new();
    let t30 = 30f32.to_radians().tan();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(-10.0, -1.0), v(0.0, 0.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let ramp = ConvexPolygon::new(&[
        v(0.0, 0.0),
        v(0.0, -1.0 - 5.0 * t30),
        v(5.0, -1.0 - 5.0 * t30),
        v(5.0, -5.0 * t30),
    ])
    .unwrap();
    world.add(ColliderDesc::new(ramp, Vec2::ZERO)).unwrap();
    let low = -5.0 * t30;
    world
        .add(ColliderDesc::new(
            Aabb::new(v(5.0, low - 1.0), v(10.0, low)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(10.0, low - 4.0), v(20.0, low - 3.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let p = player(&mut world, v(-3.0, 0.41));
    let mut c = CharacterController::new(CharacterConfig::default());
    c.step(&mut world, p, v(0.0, -0.1)).unwrap();
    let mut x = -3.0;
    while x < 11.0 {
        let s = c.step(&mut world, p, v(0.2, 0.0)).unwrap().clone();
        x = world.get(p).unwrap().position().x;
        if x < 10.3 {
            assert!(s.grounded(), "left the ground at x = {x}");
        } else if x > 10.6 {
            assert!(!s.grounded(), "stuck to the cliff at x = {x}");
        }
    }
}
