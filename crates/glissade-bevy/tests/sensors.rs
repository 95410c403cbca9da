//! Sensor messages and observers: entered and left once each, however fast the body.

mod common;

use bevy_ecs::observer::On;
use bevy_ecs::resource::Resource;
use bevy_ecs::system::ResMut;
use bevy_math::Vec2;
use bevy_transform::components::Transform;
use common::{app, collect, collected, steps};
use glissade_bevy::prelude::*;

#[derive(Resource, Default)]
struct Observed(Vec<(&'static str, bevy_ecs::entity::Entity)>);

#[test]
fn sensor_crossed_at_1e4_units_per_second_fires_entered_and_left_once_each() {
    let mut app = app();
    collect::<SensorEntered>(&mut app);
    collect::<SensorLeft>(&mut app);
    app.init_resource::<Observed>()
        .add_observer(|e: On<SensorEntered>, mut seen: ResMut<Observed>| {
            seen.0.push(("entered", e.sensor));
        })
        .add_observer(|e: On<SensorLeft>, mut seen: ResMut<Observed>| {
            seen.0.push(("left", e.sensor));
        });
    // A 1-unit sensor 100 units ahead; the body covers 156.25 units per step.
    let sensor = app
        .world_mut()
        .spawn((
            Sensor,
            Collider::rectangle(Vec2::splat(0.5)).expect("box"),
            Transform::from_xyz(100.0, 0.0, 0.0),
        ))
        .id();
    let body = app
        .world_mut()
        .spawn((
            MoveAndSlide::with_velocity(Vec2::new(1e4, 0.0)),
            Collider::rectangle(Vec2::splat(0.25)).expect("box"),
            Transform::default(),
        ))
        .id();
    steps(&mut app, 10);
    let entered = collected::<SensorEntered>(&app);
    let left = collected::<SensorLeft>(&app);
    assert_eq!(
        entered,
        vec![SensorEntered {
            entity: body,
            sensor
        }]
    );
    assert_eq!(
        left,
        vec![SensorLeft {
            entity: body,
            sensor
        }]
    );
    // Observers on the body saw the same, entered first.
    assert_eq!(
        app.world().resource::<Observed>().0,
        vec![("entered", sensor), ("left", sensor)]
    );
    // The sensor blocked nothing: 10 steps of 156.25.
    let x = app.world().get::<Transform>(body).expect("t").translation.x;
    assert_eq!(x, 1562.5);
}

#[test]
fn a_body_inside_a_sensor_for_several_steps_enters_once_and_leaves_once() {
    let mut app = app();
    collect::<SensorEntered>(&mut app);
    collect::<SensorLeft>(&mut app);
    let sensor = app
        .world_mut()
        .spawn((
            Sensor,
            Collider::rectangle(Vec2::new(2.0, 2.0)).expect("box"),
            Transform::from_xyz(5.0, 0.0, 0.0),
        ))
        .id();
    // A mover at 4 units/s: inside the sensor from about 0.6 s to 2.1 s.
    let body = app
        .world_mut()
        .spawn((
            MoveAndSlide::with_velocity(Vec2::new(4.0, 0.0)),
            Collider::rectangle(Vec2::splat(0.5)).expect("box"),
            Transform::default(),
        ))
        .id();
    steps(&mut app, 64);
    assert_eq!(
        collected::<SensorEntered>(&app),
        vec![SensorEntered {
            entity: body,
            sensor
        }]
    );
    assert!(collected::<SensorLeft>(&app).is_empty());
    steps(&mut app, 128);
    assert_eq!(
        collected::<SensorEntered>(&app),
        vec![SensorEntered {
            entity: body,
            sensor
        }]
    );
    assert_eq!(
        collected::<SensorLeft>(&app),
        vec![SensorLeft {
            entity: body,
            sensor
        }]
    );
}

#[test]
fn contacts_name_both_entities() {
    let mut app = app();
    collect::<BodyContact>(&mut app);
    let wall = app
        .world_mut()
        .spawn((
            Collider::rectangle(Vec2::new(0.5, 5.0)).expect("box"),
            Transform::from_xyz(3.0, 0.0, 0.0),
            ContactResponse(Response::Bounce { restitution: 1.0 }),
        ))
        .id();
    let body = app
        .world_mut()
        .spawn((
            MoveAndSlide::with_velocity(Vec2::new(4.0, 0.0)),
            Collider::rectangle(Vec2::splat(0.5)).expect("box"),
            Transform::default(),
        ))
        .id();
    steps(&mut app, 64);
    let contacts = collected::<BodyContact>(&app);
    assert_eq!(contacts.len(), 1, "{contacts:?}");
    let c = contacts[0];
    assert_eq!((c.entity, c.other), (body, wall));
    assert_eq!(c.normal, Vec2::NEG_X);
    assert_eq!(c.response, Response::Bounce { restitution: 1.0 });
    // The wall's own response bounced the body back.
    let v = app
        .world()
        .get::<MoveAndSlide>(body)
        .expect("mover")
        .velocity;
    assert_eq!(v, Vec2::new(-4.0, 0.0));
}
