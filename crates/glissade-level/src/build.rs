//! Building a checked level into a glissade [`World`], and moving its platforms.

use glissade::glam::Vec2;
use glissade::{
    Aabb, Capsule, Circle, ColliderDesc, ConvexPolygon, Handle, Segment, Shape, TileMap, World,
    shape::MAX_POLYGON_VERTICES,
};

use crate::convex;
use crate::model::{Level, PathMotion, Wall};

/// A level built into a world.
#[derive(Debug, Clone)]
pub struct Built {
    /// The world: tile layers, walls (a concave polygon as several convex colliders),
    /// platforms at their first waypoint, then the sensors of the sensor entities.
    pub world: World,
    /// The collider of each tile layer, in order.
    pub tiles: Vec<Handle>,
    /// The colliders of each wall, in order (several for a split polygon).
    pub walls: Vec<Vec<Handle>>,
    /// The colliders of each static one-way wall, in order.
    pub one_way: Vec<Vec<Handle>>,
    /// The moving platforms, in order.
    pub platforms: Vec<PlatformRun>,
    /// The sensor colliders, one entry for each entity of the level that is a sensor (its
    /// [`Entity::sensor`](crate::Entity::sensor) is set), in the order of the level's
    /// entities. Sensors never block a move; the moves report the ones they touch. Those of
    /// an entity with [`Entity::climbable`](crate::Entity::climbable) set are climbable
    /// ([`ColliderDesc::climbable`](glissade::ColliderDesc::climbable)).
    pub sensors: Vec<SensorRun>,
    /// The spawn points, world units.
    pub spawns: Vec<Vec2>,
    /// Gravity, world units per second squared.
    pub gravity: Vec2,
}

/// A moving platform of a built level: its collider and its path.
#[derive(Debug, Clone, PartialEq)]
pub struct PlatformRun {
    /// The platform's collider (kinematic).
    pub handle: Handle,
    /// Waypoints, world units.
    pub path: Vec<Vec2>,
    /// World units per second along the path.
    pub speed: f32,
    /// Back and forth, or around.
    pub motion: PathMotion,
}

/// The sensor colliders of one sensor entity of a built level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SensorRun {
    /// The entity's index in [`Level::entities`].
    pub entity: usize,
    /// Its colliders (sensors), one for each of its shapes, several for a concave polygon
    /// split into convex pieces.
    pub handles: Vec<Handle>,
}

/// Why a level could not be built (it passed its checks, so this is a bug report).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError {
    /// The field, for example `walls[3]`.
    pub path: String,
    /// Why.
    pub reason: String,
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.reason)
    }
}

impl std::error::Error for BuildError {}

fn v(p: [f32; 2]) -> Vec2 {
    Vec2::new(p[0], p[1])
}

/// The collider descriptions of a shape placed at `at`: one, or several convex pieces.
fn descs(wall: &Wall, at: Vec2) -> Result<Vec<ColliderDesc>, String> {
    let one = |s: Shape, p: Vec2| Ok(vec![ColliderDesc::new(s, p)]);
    match wall {
        Wall::Box { min, max } => one(
            Aabb::new(v(*min), v(*max))
                .map_err(|e| e.to_string())?
                .into(),
            at,
        ),
        Wall::Circle { center, radius } => one(
            Circle::new(*radius).map_err(|e| e.to_string())?.into(),
            at + v(*center),
        ),
        Wall::Capsule { a, b, radius } => one(
            Capsule::new(v(*a), v(*b), *radius)
                .map_err(|e| e.to_string())?
                .into(),
            at,
        ),
        Wall::Segment { a, b } => one(
            Segment::new(v(*a), v(*b))
                .map_err(|e| e.to_string())?
                .into(),
            at,
        ),
        Wall::Polygon(points) => {
            let pts: Vec<Vec2> = points.iter().map(|p| v(*p)).collect();
            convex::split_convex(&pts, MAX_POLYGON_VERTICES)?
                .into_iter()
                .map(|piece| {
                    ConvexPolygon::new(&piece)
                        .map(|poly| ColliderDesc::new(poly, at))
                        .map_err(|e| e.to_string())
                })
                .collect()
        }
    }
}

impl Level {
    /// Builds the level (checked by [`crate::parse_json`] or [`crate::load`]) into a world.
    pub fn build(&self) -> Result<Built, BuildError> {
        let mut world = World::new();
        let fail = |path: String| move |reason: String| BuildError { path, reason };
        let mut tiles = Vec::new();
        for (i, layer) in self.tiles.iter().enumerate() {
            let rows: Vec<String> = layer.rows.iter().map(|r| r.replace(' ', ".")).collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let map = TileMap::from_rows(&rows, layer.cell)
                .map_err(|e| e.to_string())
                .map_err(fail(format!("tiles[{i}]")))?;
            let h = world
                .add(ColliderDesc::tiles(map, v(layer.origin)))
                .map_err(|e| e.to_string())
                .map_err(fail(format!("tiles[{i}]")))?;
            tiles.push(h);
        }
        let mut walls = Vec::new();
        for (i, wall) in self.walls.iter().enumerate() {
            let mut handles = Vec::new();
            for d in descs(wall, Vec2::ZERO).map_err(fail(format!("walls[{i}]")))? {
                handles.push(
                    world
                        .add(d)
                        .map_err(|e| e.to_string())
                        .map_err(fail(format!("walls[{i}]")))?,
                );
            }
            walls.push(handles);
        }
        let mut one_way = Vec::new();
        for (i, wall) in self.one_way.iter().enumerate() {
            let mut handles = Vec::new();
            for d in descs(wall, Vec2::ZERO).map_err(fail(format!("one_way[{i}]")))? {
                handles.push(
                    world
                        .add(d.one_way())
                        .map_err(|e| e.to_string())
                        .map_err(fail(format!("one_way[{i}]")))?,
                );
            }
            one_way.push(handles);
        }
        let mut platforms = Vec::new();
        for (i, p) in self.platforms.iter().enumerate() {
            let path: Vec<Vec2> = p.path.iter().map(|q| v(*q)).collect();
            let start = path.first().copied().unwrap_or(Vec2::ZERO);
            let mut d = descs(&p.shape, start).map_err(fail(format!("platforms[{i}]")))?;
            if d.len() != 1 {
                return Err(BuildError {
                    path: format!("platforms[{i}].shape"),
                    reason: "a platform is one convex shape".to_string(),
                });
            }
            let mut desc = d.remove(0).kinematic();
            if p.one_way {
                desc = desc.one_way();
            }
            let handle = world
                .add(desc)
                .map_err(|e| e.to_string())
                .map_err(fail(format!("platforms[{i}]")))?;
            platforms.push(PlatformRun {
                handle,
                path,
                speed: p.speed,
                motion: p.motion,
            });
        }
        let mut sensors = Vec::new();
        for (i, entity) in self.entities.iter().enumerate() {
            if !entity.sensor {
                continue;
            }
            let mut handles = Vec::new();
            for (k, shape) in entity.shapes.iter().enumerate() {
                let path = format!("entities[{i}].shapes[{k}]");
                for d in descs(shape, Vec2::ZERO).map_err(fail(path.clone()))? {
                    let d = if entity.climbable {
                        d.climbable()
                    } else {
                        d.sensor()
                    };
                    handles.push(
                        world
                            .add(d)
                            .map_err(|e| e.to_string())
                            .map_err(fail(path.clone()))?,
                    );
                }
            }
            sensors.push(SensorRun { entity: i, handles });
        }
        Ok(Built {
            world,
            tiles,
            walls,
            one_way,
            platforms,
            sensors,
            spawns: self.spawns.iter().map(|s| v(*s)).collect(),
            gravity: v(self.gravity),
        })
    }
}

impl PlatformRun {
    /// Where the platform is `t` seconds after the start, world units.
    #[must_use]
    pub fn position_at(&self, t: f64) -> Vec2 {
        let n = self.path.len();
        if n < 2 {
            return self.path.first().copied().unwrap_or(Vec2::ZERO);
        }
        let legs: Vec<(Vec2, Vec2)> = match self.motion {
            PathMotion::PingPong => self.path.windows(2).map(|w| (w[0], w[1])).collect(),
            PathMotion::Loop => (0..n)
                .map(|i| (self.path[i], self.path[(i + 1) % n]))
                .collect(),
        };
        let total: f64 = legs.iter().map(|(a, b)| f64::from(a.distance(*b))).sum();
        if total <= 0.0 || !t.is_finite() {
            return self.path[0];
        }
        let mut s = (f64::from(self.speed) * t.max(0.0)).rem_euclid(match self.motion {
            PathMotion::PingPong => 2.0 * total,
            PathMotion::Loop => total,
        });
        if s > total {
            s = 2.0 * total - s;
        }
        for (a, b) in &legs {
            let len = f64::from(a.distance(*b));
            if s <= len {
                let f = if len > 0.0 { (s / len) as f32 } else { 0.0 };
                return a.lerp(*b, f);
            }
            s -= len;
        }
        legs.last().map_or(self.path[0], |(_, b)| *b)
    }
}

impl Built {
    /// The index in [`Level::entities`] of the sensor entity whose collider is `handle`, if
    /// it is one.
    #[must_use]
    pub fn sensor_entity(&self, handle: Handle) -> Option<usize> {
        self.sensors
            .iter()
            .find(|s| s.handles.contains(&handle))
            .map(|s| s.entity)
    }

    /// Moves every platform to where it is at `t + dt` seconds and sets its velocity to its
    /// displacement over `dt`: what a game does before stepping its characters.
    pub fn move_platforms(&mut self, t: f64, dt: f32) {
        for p in &self.platforms {
            let from = p.position_at(t);
            let to = p.position_at(t + f64::from(dt));
            let velocity = if dt > 0.0 {
                (to - from) / dt
            } else {
                Vec2::ZERO
            };
            // Handles are the world's own and every value is finite: nothing to refuse.
            let _ = self.world.set_position(p.handle, to);
            let _ = self.world.set_velocity(p.handle, velocity);
        }
    }
}
