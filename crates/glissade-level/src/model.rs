//! The level format: what a level file says, as Rust types (serde).
//!
//! Coordinates are world units, y up, as everywhere in glissade; a point is `[x, y]`.

use serde::{Deserialize, Serialize};

use crate::entity::Entity;
pub use crate::shape::{Point, Wall};

/// A whole level, as written in its file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// A name for people.
    #[serde(default)]
    pub name: String,
    /// The demo mode it is made for.
    pub mode: Mode,
    /// The playable area: spawns must be inside it; renderings show it.
    pub bounds: Bounds,
    /// Gravity, world units per second squared (the platformer mode uses its length,
    /// pulling down; top-down modes use none).
    #[serde(default = "default_gravity")]
    pub gravity: Point,
    /// Tile layers.
    #[serde(default)]
    pub tiles: Vec<TileLayer>,
    /// Static walls of any shape.
    #[serde(default)]
    pub walls: Vec<Wall>,
    /// Static one-way walls: passed from below, stood on from above (a concave polygon is
    /// split into convex pieces like a wall).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one_way: Vec<Wall>,
    /// Moving platforms.
    #[serde(default)]
    pub platforms: Vec<Platform>,
    /// Where bodies start, in order.
    pub spawns: Vec<Point>,
    /// Things that are not collision: points, shapes and sensors, with their properties.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entities: Vec<Entity>,
}

fn default_gravity() -> Point {
    [0.0, -45.0]
}

/// What a level is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Side view with gravity and jumps: a character runs over ground, slopes and platforms.
    Platformer,
    /// Top-down arena of polygon obstacles: no gravity, four directions.
    Arena,
    /// Boxes and tile walls, top-down too.
    Sandbox,
}

impl Mode {
    /// The name used in files.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Platformer => "platformer",
            Mode::Arena => "arena",
            Mode::Sandbox => "sandbox",
        }
    }
}

/// An axis-aligned rectangle, world units.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bounds {
    /// Lower-left corner.
    pub min: Point,
    /// Upper-right corner.
    pub max: Point,
}

/// A tile layer: ASCII rows, the first row on top.
///
/// Characters: `#` solid, `=` one-way platform, `/` 45° slope rising to the right, `\` 45°
/// slope rising to the left, `.` or space empty.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileLayer {
    /// World position of the layer's bottom-left corner.
    #[serde(default)]
    pub origin: Point,
    /// Side of a tile, world units.
    #[serde(default = "default_cell")]
    pub cell: f32,
    /// The rows, top first, all the same length.
    pub rows: Vec<String>,
}

fn default_cell() -> f32 {
    1.0
}

/// A moving platform: a shape carried along a path of waypoints at a constant speed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Platform {
    /// The shape, in the platform's frame (its origin follows the path).
    pub shape: Wall,
    /// Waypoints, world units (at least 2).
    pub path: Vec<Point>,
    /// Speed along the path, world units per second (positive).
    pub speed: f32,
    /// What happens at the end of the path.
    #[serde(default)]
    pub motion: PathMotion,
    /// Whether the platform is one-way (passed from below, stood on from above).
    #[serde(default)]
    pub one_way: bool,
}

/// How a platform goes along its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PathMotion {
    /// Back and forth (the default).
    #[default]
    PingPong,
    /// From the last waypoint straight back to the first, and on.
    Loop,
}
