//! Levels as entities: every collider of a built level becomes an entity, with its sensors,
//! ladders, platforms and the level entities' properties; a platformer climbs a Tiled ladder.

mod common;

use std::path::Path;

use bevy_ecs::entity::Entity;
use bevy_ecs::system::{Commands, RunSystemOnce};
use bevy_math::Vec2;
use bevy_transform::components::Transform;
use common::{DT, app, steps, world_position, xy};
use glissade_bevy::glissade_level::{self, Level};
use glissade_bevy::prelude::*;
use glissade_bevy::{LevelPart, PathFollower, SpawnPoint, SpawnedLevel};

fn spawn(app: &mut bevy_app::App, level: &Level) -> SpawnedLevel {
    let level = level.clone();
    app.world_mut()
        .run_system_once(move |mut commands: Commands| spawn_level(&mut commands, &level))
        .expect("the system runs")
        .expect("the level builds")
}

fn ladders() -> Level {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../glissade-level/tests/maps/ladders.tmx");
    load_level(path.to_str().expect("utf-8 path")).expect("the ladders map loads")
}

#[test]
fn a_level_spawns_one_entity_per_collider_with_its_flags_and_properties() {
    let level = ladders();
    let built = level.build().expect("builds");
    let mut app = app();
    let spawned = spawn(&mut app, &level);
    app.update();
    assert_eq!(spawned.colliders.len(), built.world.len());
    let gw = app.world().resource::<GlissadeWorld>();
    assert_eq!(gw.world().len(), built.world.len());
    // Same colliders, same order, same places and flags.
    for ((h, c), e) in built.world.iter().zip(&spawned.colliders) {
        let mine = gw
            .world()
            .get(gw.handle(*e).expect("added"))
            .expect("collider");
        assert_eq!(gw.handle(*e), Some(h));
        assert_eq!(mine.position(), c.position());
        assert_eq!(mine.geometry(), c.geometry());
        assert_eq!(
            (mine.is_sensor(), mine.is_climbable(), mine.is_one_way()),
            (c.is_sensor(), c.is_climbable(), c.is_one_way())
        );
    }
    let world = app.world_mut();
    let mut names: Vec<(String, bool)> = world
        .query::<(&LevelEntity, bevy_ecs::query::Has<Climbable>)>()
        .iter(world)
        .map(|(l, climbable)| (l.data.name.clone(), climbable))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ("door".to_string(), false),
            ("fake".to_string(), false),
            ("ladder".to_string(), true),
            ("rungs".to_string(), true),
            ("vine".to_string(), true),
        ]
    );
    let spawns: Vec<Vec2> = world
        .query_filtered::<&Transform, bevy_ecs::query::With<SpawnPoint>>()
        .iter(world)
        .map(|t| t.translation.truncate())
        .collect();
    assert_eq!(spawns, built.spawns);
    assert_eq!(spawned.spawns[0].0, built.spawns[0]);
    let parts = world
        .query_filtered::<Entity, bevy_ecs::query::With<LevelPart>>()
        .iter(world)
        .count();
    assert_eq!(
        parts,
        spawned.colliders.len() + spawned.entities.len() + spawned.spawns.len()
    );
}

#[test]
fn a_platformer_climbs_a_tiled_ladder() {
    let level = ladders();
    let mut app = app();
    let spawned = spawn(&mut app, &level);
    let start = spawned.spawns[0].0;
    let config = PlatformerConfig {
        climb_speed: 3.0,
        ..PlatformerConfig::default()
    };
    let player = app
        .world_mut()
        .spawn((
            Platformer::new(config, PlatformerConfig::default_character()),
            Collider::rectangle(Vec2::new(0.3, 0.5)).expect("box"),
            Transform::from_xyz(start.x, start.y + 0.01, 0.0),
        ))
        .id();
    steps(&mut app, 30);
    // Walk right into the ladder (x 2..3).
    app.world_mut()
        .get_mut::<PlatformerInput>(player)
        .expect("input")
        .right = true;
    for _ in 0..120 {
        app.update();
        if xy(&app, player).x > 2.4 {
            break;
        }
    }
    let mut input = app
        .world_mut()
        .get_mut::<PlatformerInput>(player)
        .expect("input");
    input.right = false;
    input.up = true;
    steps(&mut app, 64);
    let at = xy(&app, player);
    assert!(at.y > 3.0, "climbed to {at}");
    let climbing = app
        .world()
        .get::<Platformer>(player)
        .expect("platformer")
        .climbing()
        .expect("on the ladder");
    let gw = app.world().resource::<GlissadeWorld>();
    let ladder = gw.entity(climbing).expect("an entity");
    let data = &app
        .world()
        .get::<LevelEntity>(ladder)
        .expect("a level entity")
        .data;
    assert_eq!(data.name, "ladder");
}

#[test]
fn level_platforms_follow_their_paths() {
    let level = glissade_level::load("platformer").expect("built-in").level;
    let built = level.build().expect("builds");
    assert!(!built.platforms.is_empty());
    let mut app = app();
    let spawned = spawn(&mut app, &level);
    steps(&mut app, 100);
    for run in &built.platforms {
        let e = spawned.colliders[run.handle.index() as usize];
        assert!(app.world().get::<PathFollower>(e).is_some());
        // The sync step puts it at the start, then 100 steps move it along.
        let want = run.position_at(100.0 * f64::from(DT));
        assert_eq!(world_position(&app, e), Some(want));
        assert_eq!(xy(&app, e), want);
    }
}
