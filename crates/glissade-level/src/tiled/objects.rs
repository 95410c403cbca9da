//! Objects of object layers: walls, one-way walls, spawn points, entities (sensors, points,
//! shapes), and moving platforms with their paths, speeds and motions read from the object's
//! properties.

use tiled::{ObjectData, ObjectShape, PropertyValue};

use super::classify::{LayerRole, ObjectRole, class_key, object_role, typed_properties};
use super::importer::{Importer, Source};
use super::properties::{prop_bool, prop_number, prop_string, type_name};
use super::shapes::{Shaped, centre, is_empty_rect, kind, shape_walls, translate};
use crate::entity::{Entity, EntityKind};
use crate::error::Place;
use crate::model::{PathMotion, Platform, Point, Wall};

/// Default platform speed, world units per second.
const DEFAULT_SPEED: f32 = 2.0;

/// A moving platform's settings, read from an object's properties.
struct PlatformProps {
    path: Vec<Point>,
    speed: f32,
    motion: PathMotion,
    one_way: bool,
}

impl Importer<'_> {
    /// Reads one object of a layer whose role is `role`.
    pub(super) fn object(
        &mut self,
        layer: &str,
        role: LayerRole,
        object: &ObjectData,
        offset: (f32, f32),
    ) {
        let id = object.id();
        if self.path_objects.contains(&id) {
            return;
        }
        let place = Place::TiledObject { id };
        let what = object_what(object, layer);
        let source = Source {
            place: place.clone(),
            what: what.clone(),
        };
        let empty = is_empty_rect(object);
        if empty {
            self.warning(
                place.clone(),
                what.clone(),
                "a rectangle of zero width and height: read as a point (give it a size to make it a shape)".to_string(),
            );
        }
        let class = self.class_of(object);
        let mut object_role = object_role(object, &class, role);
        // A ladder: of class `ladder`, or with the bool property `climbable` set, wherever it
        // is (a climbable sensor, even on a layer that collides).
        let climbable = match prop_bool(&object.properties, "climbable") {
            Ok(c) => c.unwrap_or(class_key(&class) == "ladder"),
            Err(e) => {
                self.error(place.clone(), what.clone(), e);
                false
            }
        };
        if climbable && object_role != ObjectRole::Spawn {
            object_role = ObjectRole::Sensor;
        }
        if empty && object_role != ObjectRole::Spawn {
            object_role = ObjectRole::Entity;
        }
        let is_platform = object.properties.contains_key("path")
            && matches!(
                object_role,
                ObjectRole::Wall | ObjectRole::OneWay | ObjectRole::Sensor
            );
        // The shape, in world units.
        let shaped = if empty
            || matches!(
                object.shape,
                ObjectShape::Point(..) | ObjectShape::Text { .. }
            ) && object.tile_data().is_none()
        {
            Ok(Shaped::default())
        } else if object.tile_data().is_some() {
            let whole =
                !matches!(object_role, ObjectRole::Wall | ObjectRole::OneWay) || is_platform;
            self.tile_object_walls(&offset_object(object, offset), whole)
        } else {
            let (tile, height) = (self.tile, self.height);
            let to =
                move |px: f32, py: f32| [(px + offset.0) / tile, height - (py + offset.1) / tile];
            shape_walls(object, &to, 1.0 / tile)
        };
        let shaped = match shaped {
            Ok(s) => s,
            Err(reason) => {
                self.error(place, what, reason);
                return;
            }
        };
        for note in &shaped.notes {
            self.warning(place.clone(), what.clone(), note.clone());
        }
        let walls = shaped.walls;
        let position = match object.shape {
            _ if walls.is_empty() => self.world(offset, object.x, object.y),
            _ => centre(&walls).unwrap_or_else(|| self.world(offset, object.x, object.y)),
        };
        if is_platform {
            self.moving_platform(
                object,
                offset,
                walls,
                object_role == ObjectRole::OneWay,
                source,
            );
            return;
        }
        match object_role {
            ObjectRole::Spawn => {
                self.level.spawns.push(position);
                self.spawn_src.push(source);
            }
            ObjectRole::Wall | ObjectRole::OneWay if !walls.is_empty() => {
                if object_role == ObjectRole::Wall {
                    match prop_bool(&object.properties, "one_way") {
                        Ok(Some(true)) => object_role = ObjectRole::OneWay,
                        Ok(_) => {}
                        Err(e) => self.error(place.clone(), what.clone(), e),
                    }
                }
                for wall in walls {
                    if object_role == ObjectRole::OneWay {
                        self.level.one_way.push(wall);
                        self.one_way_src.push(source.clone());
                    } else {
                        self.level.walls.push(wall);
                        self.wall_src.push(source.clone());
                    }
                }
            }
            _ => {
                let sensor = object_role == ObjectRole::Sensor && !walls.is_empty();
                let kind = if sensor {
                    EntityKind::Sensor
                } else if walls.is_empty() {
                    EntityKind::Point
                } else {
                    EntityKind::Shape
                };
                self.level.entities.push(Entity {
                    id,
                    name: object.name.clone(),
                    class,
                    kind,
                    sensor,
                    climbable: sensor && climbable,
                    shapes: walls,
                    position,
                    properties: typed_properties(&object.properties),
                });
            }
        }
    }

    /// A moving platform from an object with a `path` property.
    fn moving_platform(
        &mut self,
        object: &ObjectData,
        offset: (f32, f32),
        walls: Vec<Wall>,
        one_way: bool,
        source: Source,
    ) {
        let (place, what) = (source.place.clone(), source.what.clone());
        match self.platform_props(object, offset) {
            Ok(props) => {
                if walls.len() != 1 {
                    self.error(
                        place,
                        what,
                        format!(
                            "a moving platform is one shape, and this {} makes {} segments",
                            kind(object),
                            walls.len()
                        ),
                    );
                    return;
                }
                let Some(shape) = walls.into_iter().next() else {
                    return;
                };
                let start = props.path.first().copied().unwrap_or([0.0, 0.0]);
                self.level.platforms.push(Platform {
                    shape: translate(&shape, [-start[0], -start[1]]),
                    path: props.path,
                    speed: props.speed,
                    motion: props.motion,
                    one_way: props.one_way || one_way,
                });
                self.platform_src.push(source);
            }
            Err(reasons) => {
                for reason in reasons {
                    self.error(place.clone(), what.clone(), reason);
                }
            }
        }
    }

    /// A platform's path, speed, motion and one-way flag from its object's properties.
    fn platform_props(
        &self,
        object: &ObjectData,
        offset: (f32, f32),
    ) -> Result<PlatformProps, Vec<String>> {
        let props = &object.properties;
        let mut problems = Vec::new();
        let path = match props.get("path") {
            Some(PropertyValue::StringValue(s)) => self.parse_waypoints(s, offset),
            Some(PropertyValue::ObjectValue(id)) => self.path_object(*id),
            Some(other) => Err(format!(
                "property \"path\" must be a string of waypoints \"x1,y1 x2,y2 ...\" (pixels) or a polyline object, found {}",
                type_name(other)
            )),
            None => Ok(Vec::new()),
        };
        let path = path.unwrap_or_else(|e| {
            problems.push(e);
            Vec::new()
        });
        let speed = prop_number(props, "speed").unwrap_or_else(|e| {
            problems.push(e);
            None
        });
        let motion = match prop_string(props, "motion") {
            Ok(None | Some("ping-pong")) => PathMotion::PingPong,
            Ok(Some("loop")) => PathMotion::Loop,
            Ok(Some(other)) => {
                problems.push(format!(
                    "property \"motion\" is {other:?}: expected \"ping-pong\" or \"loop\""
                ));
                PathMotion::PingPong
            }
            Err(e) => {
                problems.push(e);
                PathMotion::PingPong
            }
        };
        let one_way = prop_bool(props, "one_way").unwrap_or_else(|e| {
            problems.push(e);
            None
        });
        if problems.is_empty() {
            Ok(PlatformProps {
                path,
                speed: speed.unwrap_or(DEFAULT_SPEED),
                motion,
                one_way: one_way.unwrap_or(false),
            })
        } else {
            Err(problems)
        }
    }

    /// Waypoints `"x1,y1 x2,y2 ..."`, Tiled pixels, in world units.
    fn parse_waypoints(&self, text: &str, offset: (f32, f32)) -> Result<Vec<Point>, String> {
        text.split_whitespace()
            .enumerate()
            .map(|(k, pair)| {
                let parsed = pair.split_once(',').and_then(|(x, y)| {
                    Some((x.trim().parse::<f32>().ok()?, y.trim().parse::<f32>().ok()?))
                });
                match parsed {
                    Some((x, y)) if x.is_finite() && y.is_finite() => Ok(self.world(offset, x, y)),
                    _ => Err(format!(
                        "property \"path\": waypoint {k} {pair:?} is not \"x,y\" (two numbers, pixels)"
                    )),
                }
            })
            .collect()
    }

    /// The points of a polyline object used as a path, in world units.
    fn path_object(&self, id: u32) -> Result<Vec<Point>, String> {
        let Some((object, offset)) = self.objects.get(&id) else {
            return Err(format!(
                "property \"path\" refers to object {id}, which is not in the map"
            ));
        };
        match &object.shape {
            ObjectShape::Polyline { points } if object.rotation == 0.0 => Ok(points
                .iter()
                .map(|(px, py)| self.world(*offset, object.x + px, object.y + py))
                .collect()),
            ObjectShape::Polyline { .. } => Err(format!(
                "property \"path\" refers to object {id}, a rotated polyline (unsupported Tiled feature: rotated object)"
            )),
            _ => Err(format!(
                "property \"path\" refers to object {id}, a {}: it must be a polyline",
                kind(object)
            )),
        }
    }
}

/// What an object is, for messages: `rectangle "door" in layer "things"`.
fn object_what(object: &ObjectData, layer: &str) -> String {
    if object.name.is_empty() {
        format!("{} in layer \"{layer}\"", kind(object))
    } else {
        format!("{} {:?} in layer \"{layer}\"", kind(object), object.name)
    }
}

/// The object with its layer's offset added to its position.
fn offset_object(object: &ObjectData, offset: (f32, f32)) -> ObjectData {
    let mut o = object.clone();
    o.x += offset.0;
    o.y += offset.1;
    o
}
