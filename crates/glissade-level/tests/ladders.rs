//! Ladders from Tiled maps: an object of class `ladder` (any case), or with the bool property
//! `climbable` set, becomes a climbable sensor, which a `Platformer` with a climb speed climbs.

use std::path::Path;

use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, Platformer, PlatformerInput, QueryFilter};
use glissade_level::{EntityKind, load_file, parse_json};

/// `tests/maps/ladders.tmx`, 10 × 6 tiles of 16 pixels (world units: one a tile, y up):
/// ```text
///   y
///   6 . . . . V . . . . .     L ladder     class "LADDER", x 2..3, y 1..5
///   5 . . L . V . . . . .     V vine       class "plant", climbable = true, x 4..5, y 1..6
///   4 . . L . V . R . . .     R rungs      class "Ladder" on the collision layer "walls",
///   3 . . L . V . R . . .                  x 6..7, y 1..4
///   2 . s L . V . R . D F     D door       class "trigger" (a sensor), x 8..9, y 1..3
///   1 . . L . V . R . D F     F fake       class "ladder", climbable = false, x 9..10, y 1..3
///   0 # # # # # # # # # #     the floor, y 0..1; s the spawn at (1.5, 1.5)
///     0 1 2 3 4 5 6 7 8 9 x
/// ```
fn ladders() -> glissade_level::Loaded {
    load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/ladders.tmx")).unwrap()
}

#[test]
fn ladder_objects_become_climbable_sensors() {
    let loaded = ladders();
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let level = &loaded.level;
    let found: Vec<(&str, EntityKind, bool, bool)> = level
        .entities
        .iter()
        .map(|e| (e.name.as_str(), e.kind, e.sensor, e.climbable))
        .collect();
    assert_eq!(
        found,
        [
            // The collision layer's objects come first, in map order.
            ("rungs", EntityKind::Sensor, true, true),
            ("ladder", EntityKind::Sensor, true, true),
            ("vine", EntityKind::Sensor, true, true),
            ("door", EntityKind::Sensor, true, false),
            ("fake", EntityKind::Sensor, true, false),
        ]
    );
    // The rungs are not a wall: the floor is the only one.
    assert_eq!(level.walls.len(), 1);

    let built = level.build().unwrap();
    assert_eq!(built.sensors.len(), 5);
    for run in &built.sensors {
        let e = &level.entities[run.entity];
        assert_eq!(run.handles.len(), 1, "{}", e.name);
        let c = built.world.get(run.handles[0]).unwrap();
        assert!(c.is_sensor(), "{}", e.name);
        assert_eq!(c.is_climbable(), e.climbable, "{}", e.name);
    }
    // The ladder spans x 2..3, y 1..5.
    let ladder = built.world.get(built.sensors[1].handles[0]).unwrap();
    let (lo, hi) = ladder.bounds();
    assert!((lo - Vec2::new(2.0, 1.0)).length() < 1e-5, "{lo}");
    assert!((hi - Vec2::new(3.0, 5.0)).length() < 1e-5, "{hi}");
}

#[test]
fn climbable_is_written_to_json_only_when_true_and_read_back() {
    let loaded = ladders();
    let text = serde_json::to_string(&loaded.level).unwrap();
    assert_eq!(text.matches("\"climbable\":true").count(), 3, "{text}");
    assert!(!text.contains("\"climbable\":false"), "{text}");
    let again = parse_json(&text, "ladders.json").unwrap();
    assert_eq!(again.level, loaded.level);
}

#[test]
fn climbable_without_a_sensor_is_dropped_with_a_warning() {
    let text = r#"{ "mode": "platformer", "bounds": { "min": [0, 0], "max": [10, 10] },
      "spawns": [[1, 1]], "entities": [
        { "id": 1, "name": "sign", "kind": "shape", "climbable": true,
          "shapes": [{ "box": { "min": [0, 0], "max": [1, 1] } }], "position": [0.5, 0.5] } ] }"#;
    let loaded = parse_json(text, "sign.json").unwrap();
    assert!(!loaded.level.entities[0].climbable);
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(
        loaded.warnings[0]
            .to_string()
            .contains("climbable but not a sensor"),
        "{}",
        loaded.warnings[0]
    );
}

#[test]
fn a_platformer_climbs_the_imported_ladder() {
    // A 0.8 × 0.8 body standing on the floor at the ladder's foot (x = 2.5, bottom a skin
    // above y = 1), climb speed 3: one second of up climbs 3, the ladder named as climbed.
    let loaded = ladders();
    let mut built = loaded.level.build().unwrap();
    let ladder = built.sensors[1].handles[0];
    let body = built
        .world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(Vec2::splat(0.4)).unwrap(),
                Vec2::new(2.5, 1.41),
            )
            .kinematic(),
        )
        .unwrap();
    let mut pl = Platformer::default();
    pl.config.climb_speed = 3.0;
    let dt = 1.0 / 60.0;
    pl.update(&mut built.world, body, PlatformerInput::NONE, dt)
        .unwrap();
    let y0 = built.world.get(body).unwrap().position().y;
    let up = PlatformerInput {
        up: true,
        ..PlatformerInput::NONE
    };
    for _ in 0..60 {
        pl.update(&mut built.world, body, up, dt).unwrap();
        assert_eq!(pl.climbing(), Some(ladder));
    }
    let y = built.world.get(body).unwrap().position().y;
    assert!((y - (y0 + 3.0)).abs() < 1e-4, "{y0} -> {y}");
    let own = [body];
    let c = built.world.get(body).unwrap();
    assert!(
        built
            .world
            .overlap_shape(
                c.shape().unwrap(),
                c.position(),
                &QueryFilter::default().excluding(&own)
            )
            .is_empty()
    );
}
