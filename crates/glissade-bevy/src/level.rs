//! Levels: a glissade level (JSON or Tiled, through `glissade-level`) spawned as entities.

use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::system::Commands;
use bevy_math::Vec2;
use bevy_transform::components::Transform;
use glissade_level::{BuildError, Level, PlatformRun, Refused};

use crate::components::{Climbable, Collider, CollisionLayers, Kinematic, OneWay, Sensor, Static};

/// Loads a level by built-in name (`platformer`, `arena`, `sandbox`) or from a file (`.json`
/// glissade level or Tiled JSON map, `.tmx`, `.tmj`), logging its warnings. Reads the file
/// system: call it at load time, not every frame.
pub fn load_level(name_or_path: &str) -> Result<Level, Refused> {
    let loaded = glissade_level::load(name_or_path)?;
    for w in &loaded.warnings {
        log::warn!("glissade level {name_or_path}: {w}");
    }
    Ok(loaded.level)
}

/// Marks every entity [`spawn_level`] made, to find or despawn a level's entities.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LevelPart;

/// A thing of the level (a `glissade_level::Entity`: a trigger, a coin, a named point)
/// with its name, class and custom properties. A sensor entity's colliders each carry it
/// (with [`Sensor`], and [`Climbable`] for a ladder); the others are spawned at their
/// position without a collider.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct LevelEntity {
    /// Its index in the level's entities.
    pub index: usize,
    /// The level's description of it: id, name, class, kind, shapes, position, properties.
    pub data: glissade_level::Entity,
}

/// A spawn point of the level (its entity's `Transform` is the point).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SpawnPoint;

/// Moves a level's moving platform along its path (in the platform stage, before the
/// characters); with [`Kinematic`], whose velocity it sets each step.
#[derive(Component, Debug, Clone, PartialEq)]
#[require(Kinematic)]
pub struct PathFollower {
    /// The path: waypoints (world units), speed (world units per second), motion.
    pub run: PlatformRun,
    /// Seconds along the path.
    pub time: f64,
}

/// What [`spawn_level`] spawned.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpawnedLevel {
    /// One entity per collider of the built level, in the order the level builds them
    /// (tile layers, walls, one-way walls, platforms, sensors).
    pub colliders: Vec<Entity>,
    /// The level's entities that have no collider, with their index in the level's entities.
    pub entities: Vec<(usize, Entity)>,
    /// The spawn points, world units, and their entities.
    pub spawns: Vec<(Vec2, Entity)>,
    /// The level's gravity, world units per second squared.
    pub gravity: Vec2,
}

/// Spawns `level` as entities: each of its colliders (tile layers as tile-map colliders,
/// walls, one-way walls with [`OneWay`], moving platforms with [`PathFollower`], sensor
/// entities' shapes with [`Sensor`] or [`Climbable`] and their [`LevelEntity`]), its other
/// entities, and its spawn points ([`SpawnPoint`]); all marked [`LevelPart`]. The colliders
/// join the world at the next step. Refuses a level that does not build.
pub fn spawn_level(commands: &mut Commands, level: &Level) -> Result<SpawnedLevel, BuildError> {
    let built = level.build()?;
    let mut out = SpawnedLevel {
        gravity: built.gravity,
        ..Default::default()
    };
    for (handle, c) in built.world.iter() {
        let p = c.position();
        let mut e = commands.spawn((
            Collider::from(c.geometry().clone()),
            Transform::from_xyz(p.x, p.y, 0.0),
            CollisionLayers::new(c.layers(), c.mask()),
            LevelPart,
        ));
        if let Some(run) = built.platforms.iter().find(|r| r.handle == handle) {
            e.insert(PathFollower {
                run: run.clone(),
                time: 0.0,
            });
        } else if c.kind() == glissade::world::BodyKind::Kinematic {
            e.insert(Kinematic::moving(c.velocity()));
        } else {
            e.insert(Static);
        }
        if c.is_one_way() {
            e.insert(OneWay);
        }
        if c.is_climbable() {
            e.insert(Climbable);
        } else if c.is_sensor() {
            e.insert(Sensor);
        }
        if let Some(index) = built.sensor_entity(handle)
            && let Some(data) = level.entities.get(index)
        {
            e.insert(LevelEntity {
                index,
                data: data.clone(),
            });
        }
        out.colliders.push(e.id());
    }
    for (index, data) in level.entities.iter().enumerate() {
        if data.sensor {
            continue;
        }
        let [x, y] = data.position;
        let e = commands.spawn((
            LevelEntity {
                index,
                data: data.clone(),
            },
            Transform::from_xyz(x, y, 0.0),
            LevelPart,
        ));
        out.entities.push((index, e.id()));
    }
    for &s in &built.spawns {
        let e = commands.spawn((SpawnPoint, Transform::from_xyz(s.x, s.y, 0.0), LevelPart));
        out.spawns.push((s, e.id()));
    }
    Ok(out)
}
