//! Keeping the world in step with the entities: despawning, changing a collider and
//! teleporting through `Transform` take effect at the next step.

mod common;

use bevy_ecs::change_detection::DetectChangesMut;
use bevy_ecs::entity::Entity;
use bevy_math::Vec2;
use bevy_transform::components::Transform;
use common::{DT, app, steps, world_position, xy};
use glissade_bevy::glissade::Aabb;
use glissade_bevy::prelude::*;

const SPEED: f32 = 4.0;

/// A body moving right at `SPEED` toward a tall wall at x = 3; no gravity.
fn scene() -> (bevy_app::App, Entity, Entity) {
    let mut app = app();
    let wall = app
        .world_mut()
        .spawn((
            Collider::rectangle(Vec2::new(0.5, 5.0)).expect("box"),
            Transform::from_xyz(3.0, 0.0, 0.0),
        ))
        .id();
    let body = app
        .world_mut()
        .spawn((
            MoveAndSlide::with_velocity(Vec2::new(SPEED, 0.0)),
            Collider::rectangle(Vec2::splat(0.5)).expect("box"),
            Transform::default(),
        ))
        .id();
    // Two seconds: it reached the wall long ago and is held there.
    steps(&mut app, 128);
    let x = xy(&app, body).x;
    assert!((1.99 - 0.011..=2.0).contains(&x), "stopped at {x}");
    (app, wall, body)
}

/// Keeps the velocity the body asks for (a slide into a wall removes it).
fn push_on(app: &mut bevy_app::App, body: Entity) {
    app.world_mut()
        .get_mut::<MoveAndSlide>(body)
        .expect("mover")
        .velocity = Vec2::new(SPEED, 0.0);
}

#[test]
fn despawning_an_entity_removes_its_collider() {
    let (mut app, wall, body) = scene();
    app.world_mut().despawn(wall);
    assert_eq!(app.world().resource::<GlissadeWorld>().world().len(), 1);
    push_on(&mut app, body);
    let before = xy(&app, body).x;
    app.update();
    assert_eq!(xy(&app, body).x, before + SPEED * DT);
    steps(&mut app, 64);
    assert!(xy(&app, body).x > 4.0, "walked through: {}", xy(&app, body));
}

#[test]
fn changing_a_collider_takes_effect_the_next_step() {
    let (mut app, wall, body) = scene();
    // The wall becomes a box high above the body's path.
    let high = Aabb::new(Vec2::new(-0.5, 10.0), Vec2::new(0.5, 11.0)).expect("box");
    app.world_mut()
        .entity_mut(wall)
        .insert(Collider::shape(high));
    push_on(&mut app, body);
    let before = xy(&app, body).x;
    app.update();
    assert_eq!(xy(&app, body).x, before + SPEED * DT);
    // And the world has the new shape under the same entity.
    let gw = app.world().resource::<GlissadeWorld>();
    let c = gw
        .world()
        .get(gw.handle(wall).expect("handle"))
        .expect("collider");
    assert_eq!(c.shape().cloned(), Some(high.into()));
}

#[test]
fn removing_a_collider_component_removes_it_from_the_world() {
    let (mut app, wall, body) = scene();
    app.world_mut().entity_mut(wall).remove::<Collider>();
    assert_eq!(world_position(&app, wall), None);
    push_on(&mut app, body);
    steps(&mut app, 64);
    assert!(xy(&app, body).x > 4.0);
}

#[test]
fn teleporting_a_transform_moves_the_collider() {
    let (mut app, wall, body) = scene();
    // The wall is moved out of the way by its Transform.
    app.world_mut()
        .get_mut::<Transform>(wall)
        .expect("transform")
        .translation
        .y = 20.0;
    push_on(&mut app, body);
    let before = xy(&app, body).x;
    app.update();
    assert_eq!(world_position(&app, wall), Some(Vec2::new(3.0, 20.0)));
    assert_eq!(xy(&app, body).x, before + SPEED * DT);
    // The body itself teleported: it moves on from where it was put.
    app.world_mut()
        .get_mut::<Transform>(body)
        .expect("transform")
        .translation
        .x = -10.0;
    app.update();
    assert_eq!(xy(&app, body), Vec2::new(-10.0 + SPEED * DT, 0.0));
    assert_eq!(world_position(&app, body), Some(xy(&app, body)));
}

#[test]
fn interpolated_transform_lies_between_the_last_two_steps() {
    let mut app = app();
    let body = app
        .world_mut()
        .spawn((
            MoveAndSlide::with_velocity(Vec2::new(SPEED, 0.0)),
            Collider::rectangle(Vec2::splat(0.5)).expect("box"),
            Transform::default(),
            InterpolatedTransform::default(),
        ))
        .id();
    steps(&mut app, 10);
    // Each update runs exactly one fixed step and ends with no time left over: the transform
    // shows the step before the last (interpolation lags one step).
    let physics = world_position(&app, body).expect("collider");
    assert_eq!(physics.x, 10.0 * SPEED * DT);
    let shown = xy(&app, body);
    assert_eq!(shown.x, physics.x - SPEED * DT);
    // Teleporting an interpolated body still works, and resets its interpolation.
    app.world_mut()
        .get_mut::<Transform>(body)
        .expect("transform")
        .translation
        .x = 50.0;
    app.update();
    assert_eq!(
        world_position(&app, body),
        Some(Vec2::new(50.0 + SPEED * DT, 0.0))
    );
    assert_eq!(xy(&app, body).x, 50.0);
}

#[test]
fn a_refused_collider_is_reported_once_and_nothing_panics() {
    let mut app = app();
    common::collect::<StepFailed>(&mut app);
    // A tile map cannot be a sensor: glissade refuses it.
    let map = glissade_bevy::glissade::TileMap::from_rows(&["##"], 1.0).expect("map");
    let bad = app
        .world_mut()
        .spawn((Sensor, Collider::tile_map(map), Transform::default()))
        .id();
    steps(&mut app, 5);
    let failed = common::collected::<StepFailed>(&app);
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert_eq!(failed[0].entity, bad);
    assert_eq!(world_position(&app, bad), None);
    // Made valid, it joins the world at the next step.
    app.world_mut().entity_mut(bad).remove::<Sensor>();
    app.world_mut()
        .get_mut::<Collider>(bad)
        .expect("collider")
        .set_changed();
    app.update();
    assert_eq!(world_position(&app, bad), Some(Vec2::ZERO));
}

#[test]
fn adding_a_sensor_marker_later_makes_the_collider_a_sensor_the_next_step() {
    let (mut app, wall, body) = scene();
    app.world_mut().entity_mut(wall).insert(Sensor);
    push_on(&mut app, body);
    let before = xy(&app, body).x;
    app.update();
    assert_eq!(xy(&app, body).x, before + SPEED * DT);
    let gw = app.world().resource::<GlissadeWorld>();
    let c = gw
        .world()
        .get(gw.handle(wall).expect("handle"))
        .expect("collider");
    assert!(c.is_sensor());
}
