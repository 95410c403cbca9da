//! Entities: the things of a level that are not collision, such as coins, enemies, doors,
//! triggers and named points, kept with their shape and custom properties for the game to use.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::shape::{Point, Wall};

/// A thing of the level that is not collision: a named point, a shape, or a sensor (a shape
/// that only reports what enters it: [`Level::build`](crate::Level::build) adds it to the
/// world as sensor colliders, which block nothing, listed in
/// [`Built::sensors`](crate::Built::sensors)).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entity {
    /// The id it had in its file (a Tiled object's id), 0 if none.
    #[serde(default)]
    pub id: u32,
    /// Its name, possibly empty.
    #[serde(default)]
    pub name: String,
    /// Its class (Tiled's class or type), possibly empty.
    #[serde(default)]
    pub class: String,
    /// What it is.
    pub kind: EntityKind,
    /// Whether it is a sensor (only [`EntityKind::Sensor`] entities are): built into sensor
    /// colliders.
    #[serde(default)]
    pub sensor: bool,
    /// Whether its sensor colliders are climbable (ladders, vines: see
    /// [`ColliderDesc::climbable`](glissade::ColliderDesc::climbable)); only a sensor is.
    /// Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub climbable: bool,
    /// Its shape, world units y up, as walls (a polyline is several segments; none for a
    /// point).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<Wall>,
    /// Where it is, world units y up: a point's position, a shape's centre.
    pub position: Point,
    /// Its custom properties, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub properties: BTreeMap<String, PropertyValue>,
}

/// What an entity is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntityKind {
    /// A shape that reports what enters it (a trigger, a zone).
    Sensor,
    /// A point (or an object without a usable shape): a named place.
    Point,
    /// A shape that is neither collision nor a sensor (a coin, an enemy, a text, a tile).
    Shape,
}

/// The value of a custom property, typed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "lowercase")]
pub enum PropertyValue {
    /// Text.
    String(String),
    /// A whole number.
    Int(i64),
    /// A number.
    Float(f64),
    /// True or false.
    Bool(bool),
    /// A colour, `[red, green, blue, alpha]`, each 0–255.
    Color([u8; 4]),
    /// A file path, as written (relative to the map).
    File(String),
    /// Another object, by its id (0 for none).
    Object(u32),
}
