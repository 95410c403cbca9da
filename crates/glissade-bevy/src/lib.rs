#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod character;
mod components;
mod events;
mod level;
mod mover;
mod plugin;
mod query;
mod step;
mod sync;
mod world;

pub use character::{CharacterController, CharacterState, Platformer, PlatformerInput};
pub use components::{
    Climbable, Collider, ColliderHandle, CollisionLayers, Kinematic, OneWay, Sensor, Static,
};
pub use events::{BodyContact, SensorEntered, SensorLeft, StepFailed};
pub use level::{
    LevelEntity, LevelPart, PathFollower, SpawnPoint, SpawnedLevel, load_level, spawn_level,
};
pub use mover::{ContactResponse, MoveAndSlide};
pub use plugin::{GlissadePlugin, GlissadeSystems};
pub use query::{OverlapHit, RayHit, ShapeHit, SpatialQuery, SpatialQueryFilter};
pub use sync::InterpolatedTransform;
pub use world::GlissadeWorld;

/// The glissade library, re-exported (shapes, configs, responses: `glissade::...`).
pub use glissade;
/// The level crate, re-exported (`Level`, loading, Tiled options).
pub use glissade_level;

/// Everything a game usually needs: `use glissade_bevy::prelude::*;`.
pub mod prelude {
    pub use crate::{
        BodyContact, CharacterController, CharacterState, Climbable, Collider, CollisionLayers,
        ContactResponse, GlissadePlugin, GlissadeSystems, GlissadeWorld, InterpolatedTransform,
        Kinematic, LevelEntity, MoveAndSlide, OneWay, Platformer, PlatformerInput, Sensor,
        SensorEntered, SensorLeft, SpatialQuery, SpatialQueryFilter, Static, StepFailed,
        load_level, spawn_level,
    };
    pub use glissade::character::{CharacterConfig, PlatformerConfig};
    pub use glissade::motion::Response;
}

// Bevy's Vec2 and glissade's are one type (both glam 0.33): no conversion anywhere.
const _: fn(glissade::glam::Vec2) -> bevy_math::Vec2 = |v| v;
