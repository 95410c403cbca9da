//! A plain `CharacterController` moved by its velocity: walks along a floor, writes its
//! state and velocity, and stops at a wall.

mod common;

use bevy_math::Vec2;
use bevy_transform::components::Transform;
use common::{DT, app, steps, xy};
use glissade_bevy::glissade::TileMap;
use glissade_bevy::prelude::*;

#[test]
fn character_controller_walks_by_its_velocity_and_stops_at_a_wall() {
    let mut app = app();
    let map = TileMap::from_rows(&["#.........#", "#.........#", "###########"], 1.0)
        .expect("a valid map");
    app.world_mut()
        .spawn((Collider::tile_map(map), Transform::default()));
    let e = app
        .world_mut()
        .spawn((
            CharacterController::default().with_velocity(Vec2::new(2.0, -1.0)),
            Collider::rectangle(Vec2::new(0.4, 0.5)).expect("box"),
            Transform::from_xyz(3.0, 1.51, 0.0),
        ))
        .id();
    steps(&mut app, 32);
    // Half a second at 2 units/s along the floor.
    let at = xy(&app, e);
    assert!((at.x - 4.0).abs() < 1e-3, "at {at}");
    let state = app.world().get::<CharacterState>(e).expect("state");
    assert!(state.grounded());
    let v = app.world().get::<Kinematic>(e).expect("kinematic").velocity;
    assert!((v.x - 2.0).abs() < 1e-3 && v.y.abs() < 1e-3, "velocity {v}");
    // Five more seconds: held by the right wall (x = 10), a skin away.
    steps(&mut app, (5.0 / DT) as usize);
    let at = xy(&app, e);
    assert!(at.x <= 9.6 && at.x > 9.57, "at {at}");
    let state = app.world().get::<CharacterState>(e).expect("state");
    assert!(state.wall.is_some());
}
