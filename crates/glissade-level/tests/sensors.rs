//! Sensor entities become sensor colliders: they block nothing, and the moves report them.

use std::path::Path;

use glissade::glam::Vec2;
use glissade::{Aabb, MoveConfig, QueryFilter, Shape, move_and_slide};
use glissade_level::{EntityKind, load_file, parse_json};

fn trigger_map() -> glissade_level::Loaded {
    load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/trigger.tmx")).unwrap()
}

fn body() -> Shape {
    Aabb::from_half_extents(Vec2::splat(0.4)).unwrap().into()
}

#[test]
fn a_trigger_rectangle_is_reported_by_a_move_through_it() {
    let loaded = trigger_map();
    let level = &loaded.level;
    let names: Vec<(&str, EntityKind, bool)> = level
        .entities
        .iter()
        .map(|e| (e.name.as_str(), e.kind, e.sensor))
        .collect();
    assert_eq!(
        names,
        [
            ("door", EntityKind::Sensor, true),
            ("zone", EntityKind::Sensor, true),
            ("coin", EntityKind::Point, false),
        ]
    );
    let mut built = level.build().unwrap();
    // One entry per sensor entity: the door is one box, the concave zone several pieces.
    assert_eq!(built.sensors.len(), 2);
    assert_eq!(built.sensors[0].entity, 0);
    assert_eq!(built.sensors[0].handles.len(), 1);
    assert_eq!(built.sensors[1].entity, 1);
    assert!(
        built.sensors[1].handles.len() >= 2,
        "{:?}",
        built.sensors[1]
    );
    let door = built.sensors[0].handles[0];
    assert!(built.world.get(door).unwrap().is_sensor());
    assert_eq!(built.sensor_entity(door), Some(0));
    assert_eq!(built.sensor_entity(built.walls[0][0]), None);

    // The door spans x 4..5, y 1..3 in world units; a body walking right through it at
    // y = 1.5 is not stopped and reports it.
    let start = Vec2::new(1.0, 1.5);
    let r = move_and_slide(
        &mut built.world,
        (body(), start),
        Vec2::new(5.0, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert_eq!(r.position, Vec2::new(6.0, 1.5));
    assert_eq!(r.sensors.len(), 1, "{:?}", r.sensors);
    assert_eq!(r.sensors[0].handle, door);
    assert!(r.sensors[0].crossed());
    assert_eq!(
        level.entities[built.sensor_entity(door).unwrap()].name,
        "door"
    );

    // Stopping inside it: entered, not left.
    let r = move_and_slide(
        &mut built.world,
        (body(), start),
        Vec2::new(3.5, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert_eq!(r.sensors.len(), 1);
    assert!(r.sensors[0].entered() && !r.sensors[0].left());

    // Scene queries see the sensors only when asked.
    let inside = Vec2::new(4.5, 2.0);
    assert!(
        built
            .world
            .query_point(inside, &QueryFilter::default())
            .is_empty()
    );
    assert_eq!(
        built
            .world
            .query_point(inside, &QueryFilter::default().with_sensors()),
        vec![door]
    );
}

#[test]
fn sensors_never_block_and_land_where_without_them() {
    let loaded = trigger_map();
    let mut with = loaded.level.build().unwrap();
    let mut without_level = loaded.level.clone();
    without_level.entities.clear();
    let mut without = without_level.build().unwrap();
    assert_eq!(
        with.world.len(),
        without.world.len() + 1 + with.sensors[1].handles.len()
    );
    // Falling from above into the zone's pieces and walking into the door: same end.
    for (from, by) in [
        (Vec2::new(8.5, 3.5), Vec2::new(0.0, -5.0)),
        (Vec2::new(1.0, 1.5), Vec2::new(10.0, 0.0)),
        (Vec2::new(0.5, 3.5), Vec2::new(9.0, -3.0)),
    ] {
        let config = MoveConfig::default();
        let a = move_and_slide(&mut with.world, (body(), from), by, &config).unwrap();
        let b = move_and_slide(&mut without.world, (body(), from), by, &config).unwrap();
        assert_eq!(a.position, b.position, "from {from} by {by}");
        assert!(b.sensors.is_empty());
    }
}

#[test]
fn a_sensor_whose_shape_cannot_be_a_collider_stays_an_entity_with_a_warning() {
    let text = r#"{ "mode": "platformer", "bounds": { "min": [0, 0], "max": [10, 10] },
      "spawns": [[1, 1]],
      "entities": [
        { "id": 7, "name": "flat", "kind": "sensor", "sensor": true, "position": [2, 2],
          "shapes": [{ "polygon": [[0, 0], [1, 1], [2, 2]] }] },
        { "id": 8, "kind": "sensor", "sensor": true, "position": [5, 5],
          "shapes": [{ "box": { "min": [4, 4], "max": [6, 6] } }] }
      ] }"#;
    let loaded = parse_json(text, "flat.json").unwrap();
    let flat = &loaded.level.entities[0];
    assert!(!flat.sensor);
    assert_eq!(flat.kind, EntityKind::Shape);
    let warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert!(
        warnings.iter().any(|w| w.contains("entities[0]")
            && w.contains("entity 7 \"flat\"")
            && w.contains("no area")),
        "{warnings:?}"
    );
    let built = loaded.level.build().unwrap();
    assert_eq!(built.sensors.len(), 1);
    assert_eq!(built.sensors[0].entity, 1);
}
