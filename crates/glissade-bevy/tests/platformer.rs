//! Characters in the plugin: a platformer on a tile map moves exactly as through the library,
//! and a moving platform carries a character standing on it.

mod common;

use bevy_math::Vec2;
use bevy_transform::components::Transform;
use common::{DT, app, steps, xy};
use glissade::{Aabb, ColliderDesc, TileMap, World};
use glissade_bevy::glissade;
use glissade_bevy::prelude::*;

/// A long floor with a few slope bumps and a wall at the left end, 1-unit cells.
fn level_map() -> TileMap {
    let width = 260;
    let mut bumps = vec![b'.'; width];
    bumps[..3].copy_from_slice(b"###");
    for at in [40, 100, 170] {
        bumps[at..at + 4].copy_from_slice(b"/##\\");
    }
    let rows = [
        ".".repeat(width),
        ".".repeat(width),
        String::from_utf8(bumps).expect("ascii"),
        "#".repeat(width),
    ];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    TileMap::from_rows(&rows, 1.0).expect("a valid map")
}

fn body() -> Aabb {
    Aabb::from_half_extents(Vec2::new(0.4, 0.5)).expect("a valid box")
}

const START: Vec2 = Vec2::new(5.0, 1.6);

#[test]
fn platformer_on_tile_map_walks_600_steps_bit_for_bit_as_the_library() {
    // The library directly.
    let mut world = World::new();
    world
        .add(ColliderDesc::tiles(level_map(), Vec2::ZERO))
        .expect("map");
    let h = world
        .add(ColliderDesc::new(body(), START).kinematic())
        .expect("body");
    let mut player = glissade::Platformer::default();
    let right = glissade::PlatformerInput {
        right: true,
        ..Default::default()
    };
    let mut expected = Vec::new();
    for _ in 0..600 {
        player.update(&mut world, h, right, DT).expect("a step");
        expected.push(world.get(h).expect("body").position());
    }

    // The same through the plugin.
    let mut app = app();
    app.world_mut()
        .spawn((Collider::tile_map(level_map()), Transform::default()));
    let input = PlatformerInput(right);
    let e = app
        .world_mut()
        .spawn((
            Platformer::default(),
            input,
            Collider::shape(body()),
            Transform::from_xyz(START.x, START.y, 0.0),
        ))
        .id();
    for (i, want) in expected.iter().enumerate() {
        app.update();
        let got = xy(&app, e);
        assert_eq!(
            (got.x.to_bits(), got.y.to_bits()),
            (want.x.to_bits(), want.y.to_bits()),
            "step {i}: plugin {got} vs library {want}"
        );
    }
    // It went over the bumps.
    assert!(expected[599].x > 175.0, "ended at {}", expected[599]);
    let state = app.world().get::<CharacterState>(e).expect("state");
    assert!(state.grounded());
    let p = app.world().get::<Platformer>(e).expect("platformer");
    assert_eq!(p.velocity, player.velocity);
}

#[test]
fn moving_platform_carries_a_character_standing_on_it() {
    let mut app = app();
    let platform = app
        .world_mut()
        .spawn((
            Collider::rectangle(Vec2::new(3.0, 0.25)).expect("box"),
            Kinematic::moving(Vec2::new(2.0, 0.0)),
            Transform::default(),
        ))
        .id();
    let e = app
        .world_mut()
        .spawn((
            Platformer::default(),
            Collider::shape(body()),
            Transform::from_xyz(0.0, 0.76, 0.0),
        ))
        .id();
    steps(&mut app, 10);
    let (p0, c0) = (xy(&app, platform), xy(&app, e));
    steps(&mut app, 64);
    let (p1, c1) = (xy(&app, platform), xy(&app, e));
    // The platform moved 2 units in the second (64 steps of 1/64 s)...
    assert!((p1.x - p0.x - 2.0).abs() < 1e-3, "platform {p0} -> {p1}");
    // ...and the character with it, still standing on it.
    assert!((c1.x - c0.x - 2.0).abs() < 1e-3, "character {c0} -> {c1}");
    let state = app.world().get::<CharacterState>(e).expect("state");
    let gw = app.world().resource::<GlissadeWorld>();
    let ground = state.ground.expect("standing");
    assert_eq!(gw.entity(ground.handle), Some(platform));
    assert!((c1.y - 0.75).abs() < 0.03, "height {}", c1.y);
}
