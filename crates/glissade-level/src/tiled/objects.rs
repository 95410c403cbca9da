//! Objects of object layers: walls, spawn points, and moving platforms with their paths,
//! speeds and motions read from the object's properties.

use tiled::{ObjectData, ObjectShape, PropertyValue};

use super::importer::{Importer, Source};
use super::properties::{prop_bool, prop_number, prop_string, type_name};
use super::shapes::{is_spawn, kind, shape_walls, translate};
use crate::error::Place;
use crate::model::{PathMotion, Platform, Point};

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
    pub(super) fn object(&mut self, layer: &str, object: &ObjectData, offset: (f32, f32)) {
        let id = object.id();
        if self.path_objects.contains(&id) {
            return;
        }
        let place = Place::TiledObject { id };
        let what = format!("{} in layer \"{layer}\"", kind(object));
        let source = Source {
            place: place.clone(),
            what: what.clone(),
        };
        if object.rotation != 0.0 {
            self.error(
                place,
                what,
                "unsupported Tiled feature: rotated object".to_string(),
            );
            return;
        }
        if is_spawn(object) {
            let (x, y) = (object.x, object.y);
            let at = match object.shape {
                ObjectShape::Point(..) => Some(self.world(offset, x, y)),
                ObjectShape::Rect { width, height } | ObjectShape::Ellipse { width, height }
                    if object.tile_data().is_none() =>
                {
                    Some(self.world(offset, x + width / 2.0, y + height / 2.0))
                }
                _ => None,
            };
            match at {
                Some(at) => {
                    self.level.spawns.push(at);
                    self.spawn_src.push(source);
                }
                None => self.error(
                    place,
                    what,
                    "a spawn object must be a point, a rectangle or an ellipse (at its centre)"
                        .to_string(),
                ),
            }
            return;
        }
        let (tile, height) = (self.tile, self.height);
        let to = move |px: f32, py: f32| [(px + offset.0) / tile, height - (py + offset.1) / tile];
        let walls = match shape_walls(object, &to, 1.0 / tile) {
            Ok(walls) => walls,
            Err(reason) => {
                self.error(place, what, reason);
                return;
            }
        };
        if object.properties.contains_key("path") {
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
                        one_way: props.one_way,
                    });
                    self.platform_src.push(source);
                }
                Err(reasons) => {
                    for reason in reasons {
                        self.error(place.clone(), what.clone(), reason);
                    }
                }
            }
            return;
        }
        match prop_bool(&object.properties, "one_way") {
            Ok(Some(true)) => self.warning(
                place.clone(),
                what.clone(),
                "property \"one_way\" only applies to moving platforms (objects with a \"path\" property) and tiles: ignored".to_string(),
            ),
            Ok(_) => {}
            Err(e) => self.error(place.clone(), what.clone(), e),
        }
        for wall in walls {
            self.level.walls.push(wall);
            self.wall_src.push(source.clone());
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
