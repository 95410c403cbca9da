//! A map as a whole: its settings (tile size, orientation, properties) and its layers, groups
//! opened, walked in order to fill the level.

use std::collections::{HashMap, HashSet};

use tiled::{LayerType, Map, Orientation, PropertyValue};

use super::classify::{TiledOptions, layer_role};
use super::importer::Importer;
use super::properties::{prop_number, prop_string};
use crate::error::{Place, Problem, Refused};
use crate::loaded::Loaded;
use crate::model::{Bounds, Level, Mode};

/// Default vertical gravity, world units per second squared.
const DEFAULT_GRAVITY_Y: f32 = -45.0;

/// A layer with the pixel offset of it and its groups.
struct Flat<'m> {
    layer: tiled::Layer<'m>,
    offset: (f32, f32),
}

pub(super) fn import(
    map: &Map,
    options: &TiledOptions,
    file: &str,
    name: String,
) -> Result<Loaded, Refused> {
    let map_problem = |reason: String| {
        Refused::one(Problem {
            file: file.to_string(),
            place: Place::Tiled,
            path: String::new(),
            reason,
        })
    };
    if map.orientation != Orientation::Orthogonal {
        return Err(map_problem(format!(
            "unsupported Tiled feature: {} map (only orthogonal maps are read; make an orthogonal copy of it in Tiled)",
            map.orientation
        )));
    }
    if map.tile_width != map.tile_height {
        return Err(map_problem(format!(
            "the map's tiles are {}×{} pixels: tiles must be square (one tile is one world unit)",
            map.tile_width, map.tile_height
        )));
    }
    if map.tile_width == 0 {
        return Err(map_problem("the map's tiles are 0 pixels wide".to_string()));
    }
    let tile = map.tile_width as f32;
    let width = map.width as f32;
    let height = map.height as f32;
    let mut im = Importer {
        map,
        file: file.to_string(),
        tile,
        height,
        level: Level {
            name,
            mode: Mode::Platformer,
            bounds: Bounds {
                min: [0.0, 0.0],
                max: [width, height],
            },
            gravity: [0.0, DEFAULT_GRAVITY_Y],
            tiles: Vec::new(),
            walls: Vec::new(),
            one_way: Vec::new(),
            platforms: Vec::new(),
            spawns: Vec::new(),
            entities: Vec::new(),
        },
        errors: Vec::new(),
        warnings: Vec::new(),
        wall_src: Vec::new(),
        one_way_src: Vec::new(),
        platform_src: Vec::new(),
        spawn_src: Vec::new(),
        tiles_src: Vec::new(),
        objects: HashMap::new(),
        path_objects: HashSet::new(),
    };
    im.map_properties();

    let mut layers = Vec::new();
    flatten(map.layers(), (0.0, 0.0), &mut layers);
    for flat in &layers {
        if let LayerType::Objects(objects) = flat.layer.layer_type() {
            for object in objects.object_data() {
                im.objects
                    .insert(object.id(), (object.clone(), flat.offset));
                if let Some(PropertyValue::ObjectValue(id)) = object.properties.get("path") {
                    im.path_objects.insert(*id);
                }
            }
        }
    }
    for flat in &layers {
        let name = &flat.layer.name;
        let role = match layer_role(name, &flat.layer.properties, options) {
            Ok(role) => role,
            Err(e) => {
                im.error(Place::Tiled, format!("layer \"{name}\""), e);
                continue;
            }
        };
        match flat.layer.layer_type() {
            LayerType::Tiles(tiles) => {
                im.tile_layer(name, role, &tiles, flat.offset);
            }
            LayerType::Objects(objects) => {
                for object in objects.object_data() {
                    im.object(name, role, object, flat.offset);
                }
            }
            // Pictures, no collision; groups are flattened.
            LayerType::Image(_) | LayerType::Group(_) => {}
        }
    }
    im.finish()
}

/// Every layer, groups opened, in map order, with its total pixel offset.
fn flatten<'m>(
    layers: impl Iterator<Item = tiled::Layer<'m>>,
    offset: (f32, f32),
    out: &mut Vec<Flat<'m>>,
) {
    for layer in layers {
        let offset = (offset.0 + layer.offset_x, offset.1 + layer.offset_y);
        if let LayerType::Group(group) = layer.layer_type() {
            flatten(group.layers(), offset, out);
        } else {
            out.push(Flat { layer, offset });
        }
    }
}

impl Importer<'_> {
    fn map_properties(&mut self) {
        let props = &self.map.properties;
        let mut problems = Vec::new();
        match prop_string(props, "mode") {
            Ok(None) => {}
            Ok(Some("platformer")) => self.level.mode = Mode::Platformer,
            Ok(Some("arena")) => self.level.mode = Mode::Arena,
            Ok(Some("sandbox")) => self.level.mode = Mode::Sandbox,
            Ok(Some(other)) => problems.push(format!(
                "property \"mode\" is {other:?}: expected \"platformer\", \"arena\" or \"sandbox\""
            )),
            Err(e) => problems.push(e),
        }
        match prop_number(props, "gravity_y") {
            Ok(Some(g)) => self.level.gravity[1] = g,
            Ok(None) => {}
            Err(e) => problems.push(e),
        }
        match prop_number(props, "gravity_x") {
            Ok(Some(g)) => self.level.gravity[0] = g,
            Ok(None) => {}
            Err(e) => problems.push(e),
        }
        match prop_string(props, "name") {
            Ok(Some(name)) => self.level.name = name.to_string(),
            Ok(None) => {}
            Err(e) => problems.push(e),
        }
        for reason in problems {
            self.error(Place::Tiled, "map".to_string(), reason);
        }
    }
}
