//! What each layer and object of a map is: collision (solid or one-way), a spawn point, a
//! sensor or another entity, by its class, its properties and its layer's name.

use std::collections::BTreeMap;

use tiled::{ObjectData, ObjectShape, Properties};

use super::properties::prop_bool;
use crate::entity::PropertyValue;

/// Names of layers that collide as a whole when nothing else says so (compared without
/// regard to case): their tiles are solid and their objects walls.
pub const COLLISION_LAYER_NAMES: &[&str] = &[
    "collision",
    "collisions",
    "solid",
    "walls",
    "ground",
    "platforms",
];

/// How Tiled maps are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiledOptions {
    /// Names of layers that collide as a whole (compared without regard to case); see
    /// [`COLLISION_LAYER_NAMES`] for the default.
    pub collision_layer_names: Vec<String>,
}

impl Default for TiledOptions {
    fn default() -> Self {
        TiledOptions {
            collision_layer_names: COLLISION_LAYER_NAMES
                .iter()
                .map(|s| (*s).to_string())
                .collect(),
        }
    }
}

/// How a layer collides as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LayerRole {
    /// Not as a whole: its tiles by their own collision, its objects by their class.
    Plain,
    /// Solid: every tile and every object without a class of its own.
    Solid,
    /// One-way: passed from below, stood on from above.
    OneWay,
}

/// What a layer is, from its properties `collision`/`solid`/`one_way` (bool) and its name.
pub(super) fn layer_role(
    name: &str,
    props: &Properties,
    options: &TiledOptions,
) -> Result<LayerRole, String> {
    if prop_bool(props, "one_way")? == Some(true) {
        return Ok(LayerRole::OneWay);
    }
    let collision = prop_bool(props, "collision")?;
    let solid = prop_bool(props, "solid")?;
    match collision.or(solid) {
        Some(true) => return Ok(LayerRole::Solid),
        Some(false) => return Ok(LayerRole::Plain),
        None => {}
    }
    let named = options
        .collision_layer_names
        .iter()
        .any(|n| n.eq_ignore_ascii_case(name.trim()));
    Ok(if named {
        LayerRole::Solid
    } else {
        LayerRole::Plain
    })
}

/// What an object is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ObjectRole {
    /// A static wall.
    Wall,
    /// A static one-way wall.
    OneWay,
    /// A spawn point.
    Spawn,
    /// A sensor entity.
    Sensor,
    /// An entity that is not a sensor (a point, a text).
    Entity,
}

/// The class of an object, lower case, with `-` and spaces as `_`.
pub(super) fn class_key(class: &str) -> String {
    class.trim().to_ascii_lowercase().replace(['-', ' '], "_")
}

/// What an object of class `class` on a layer of `layer` role is, by its class first.
pub(super) fn object_role(object: &ObjectData, class: &str, layer: LayerRole) -> ObjectRole {
    match class_key(class).as_str() {
        "solid" | "wall" => return ObjectRole::Wall,
        "one_way" | "oneway" | "platform" => return ObjectRole::OneWay,
        "spawn" | "player" | "start" => return ObjectRole::Spawn,
        "sensor" | "trigger" | "ladder" => return ObjectRole::Sensor,
        _ => {}
    }
    let has_shape = object.tile_data().is_some()
        || !matches!(
            object.shape,
            ObjectShape::Point(..) | ObjectShape::Text { .. }
        );
    match (has_shape, layer) {
        (false, _) => ObjectRole::Entity,
        (true, LayerRole::Solid) => ObjectRole::Wall,
        (true, LayerRole::OneWay) => ObjectRole::OneWay,
        (true, LayerRole::Plain) => ObjectRole::Sensor,
    }
}

/// Custom properties, typed; a class property's members are named `class.member`.
pub(super) fn typed_properties(props: &Properties) -> BTreeMap<String, PropertyValue> {
    let mut out = BTreeMap::new();
    for (name, value) in props {
        add(&mut out, name.clone(), value);
    }
    out
}

fn add(out: &mut BTreeMap<String, PropertyValue>, name: String, value: &tiled::PropertyValue) {
    use tiled::PropertyValue as T;
    let typed = match value {
        T::BoolValue(b) => PropertyValue::Bool(*b),
        T::FloatValue(f) => PropertyValue::Float(f64::from(*f)),
        T::IntValue(i) => PropertyValue::Int(i64::from(*i)),
        T::ColorValue(c) => PropertyValue::Color([c.red, c.green, c.blue, c.alpha]),
        T::StringValue(s) => PropertyValue::String(s.clone()),
        T::FileValue(s) => PropertyValue::File(s.clone()),
        T::ObjectValue(id) => PropertyValue::Object(*id),
        T::ListValue(items) => {
            for (k, item) in items.iter().enumerate() {
                add(out, format!("{name}[{k}]"), item);
            }
            return;
        }
        T::ClassValue { properties, .. } => {
            for (member, v) in properties {
                add(out, format!("{name}.{member}"), v);
            }
            return;
        }
    };
    out.insert(name, typed);
}
