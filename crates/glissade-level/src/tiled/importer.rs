//! The importer's state while it reads a map: the level being filled, where each of its
//! parts came from in the map, and the problems found; how it reports a problem, and how it
//! checks the level at the end and names each problem by its place in the map.

use std::collections::{HashMap, HashSet};

use tiled::{Map, ObjectData};

use crate::check::check;
use crate::entity::EntityKind;
use crate::error::{Place, Problem, Refused};
use crate::field_path::{Path, Seg};
use crate::loaded::Loaded;
use crate::model::{Bounds, Level, Mode, Point};

/// Where a wall, platform, spawn or tile layer of the level came from in the map.
#[derive(Debug, Clone)]
pub(super) struct Source {
    pub(super) place: Place,
    /// What it is, for a problem's path: `polygon in layer "walls"`.
    pub(super) what: String,
}

pub(super) struct Importer<'m> {
    pub(super) map: &'m Map,
    pub(super) file: String,
    /// Tile side, pixels.
    pub(super) tile: f32,
    /// Map height, tiles.
    pub(super) height: f32,
    pub(super) level: Level,
    pub(super) errors: Vec<Problem>,
    pub(super) warnings: Vec<Problem>,
    pub(super) wall_src: Vec<Source>,
    pub(super) one_way_src: Vec<Source>,
    pub(super) platform_src: Vec<Source>,
    pub(super) spawn_src: Vec<Source>,
    pub(super) tiles_src: Vec<Source>,
    /// Every object of the map by id, with its layer's offset.
    pub(super) objects: HashMap<u32, (ObjectData, (f32, f32))>,
    /// Objects used as a platform's path (not walls themselves).
    pub(super) path_objects: HashSet<u32>,
}

impl Importer<'_> {
    pub(super) fn error(&mut self, place: Place, path: String, reason: String) {
        self.errors.push(Problem {
            file: self.file.clone(),
            place,
            path,
            reason,
        });
    }

    pub(super) fn warning(&mut self, place: Place, path: String, reason: String) {
        self.warnings.push(Problem {
            file: self.file.clone(),
            place,
            path,
            reason,
        });
    }

    /// A tileset, for messages: `tileset "ground"`, and its file when it is not the map.
    pub(super) fn tileset_what(&self, tileset: &tiled::Tileset) -> String {
        if tileset.source.as_path() == std::path::Path::new(&self.file) {
            format!("tileset \"{}\"", tileset.name)
        } else {
            format!(
                "tileset \"{}\" (file '{}')",
                tileset.name,
                tileset.source.display()
            )
        }
    }

    /// A map pixel point (with a layer offset) in world units.
    pub(super) fn world(&self, offset: (f32, f32), px: f32, py: f32) -> Point {
        [
            (px + offset.0) / self.tile,
            self.height - (py + offset.1) / self.tile,
        ]
    }

    /// Where a field of the level came from in the map: a place and a path.
    fn locate(&self, path: &Path) -> (Place, String) {
        let from = |sources: &[Source], i: usize| {
            sources
                .get(i)
                .map(|s| (s.place.clone(), format!("{} (as {path})", s.what)))
        };
        let found = match path.0.as_slice() {
            [Seg::Key("walls"), Seg::Index(i), ..] => from(&self.wall_src, *i),
            [Seg::Key("one_way"), Seg::Index(i), ..] => from(&self.one_way_src, *i),
            [Seg::Key("platforms"), Seg::Index(i), ..] => from(&self.platform_src, *i),
            [Seg::Key("spawns"), Seg::Index(i), ..] => from(&self.spawn_src, *i),
            [Seg::Key("tiles"), Seg::Index(i), ..] => from(&self.tiles_src, *i),
            [Seg::Key("gravity"), ..] => Some((Place::Tiled, "map".to_string())),
            [Seg::Key("bounds"), ..] => Some((Place::Tiled, "map size".to_string())),
            [Seg::Key("spawns")] => Some((Place::Tiled, String::new())),
            _ => None,
        };
        found.unwrap_or_else(|| (Place::Tiled, path.to_string()))
    }

    pub(super) fn finish(mut self) -> Result<Loaded, Refused> {
        if !self.errors.is_empty() {
            return Err(Refused {
                errors: self.errors,
                warnings: self.warnings,
            });
        }
        if self.level.spawns.is_empty()
            && let Some(e) = self
                .level
                .entities
                .iter_mut()
                .find(|e| is_player_name(&e.name))
        {
            // Many maps name the player's start rather than class it: take the first such
            // object, and say how to make it explicit. It marks a start, not a zone to report.
            e.sensor = false;
            e.climbable = false;
            if e.kind == EntityKind::Sensor {
                e.kind = EntityKind::Shape;
            }
            let at = e.position;
            let what = format!("object {} \"{}\"", e.id, e.name);
            self.level.spawns.push(at);
            self.spawn_src.push(Source {
                place: Place::Tiled,
                what: what.clone(),
            });
            self.warning(
                Place::Tiled,
                "map".to_string(),
                format!(
                    "no object of class \"spawn\": bodies start at {what} ({}, {}) in world units, taken by its name; give it the class \"spawn\" to say so",
                    at[0], at[1]
                ),
            );
        }
        if self.level.spawns.is_empty() {
            let b = self.level.bounds;
            let at = [(b.min[0] + b.max[0]) / 2.0, (b.min[1] + b.max[1]) / 2.0];
            self.level.spawns.push(at);
            self.spawn_src.push(Source {
                place: Place::Tiled,
                what: "default spawn point".to_string(),
            });
            self.warning(
                Place::Tiled,
                "map".to_string(),
                format!(
                    "no spawn point: bodies start at the map's centre ({}, {}) in world units; add an object of class \"spawn\" (or \"player\", \"start\") where they should start",
                    at[0], at[1]
                ),
            );
        }
        let level = std::mem::replace(
            &mut self.level,
            Level {
                name: String::new(),
                mode: Mode::Platformer,
                bounds: Bounds {
                    min: [0.0; 2],
                    max: [0.0; 2],
                },
                gravity: [0.0; 2],
                tiles: Vec::new(),
                walls: Vec::new(),
                one_way: Vec::new(),
                platforms: Vec::new(),
                spawns: Vec::new(),
                entities: Vec::new(),
            },
        );
        let (level, found) = check(level);
        for (is_error, path, mut reason) in found {
            let (place, where_) = self.locate(&path);
            if matches!(path.0.as_slice(), [Seg::Key("spawns")]) {
                reason.push_str(" (a point object, or an object of class \"spawn\")");
            }
            if is_error {
                self.error(place, where_, reason);
            } else {
                self.warning(place, where_, reason);
            }
        }
        if self.errors.is_empty() {
            Ok(Loaded {
                level,
                warnings: self.warnings,
            })
        } else {
            Err(Refused {
                errors: self.errors,
                warnings: self.warnings,
            })
        }
    }
}

/// Whether an object's name says it is where the player starts (`player`, `mainPlayer`,
/// `player_start`, `spawn`, `start`, any case, `-` and spaces as `_`): used when no object
/// has a spawn class.
fn is_player_name(name: &str) -> bool {
    let key = super::classify::class_key(name);
    matches!(
        key.as_str(),
        "spawn" | "start" | "player_start" | "playerstart" | "player_spawn"
    ) || key.ends_with("player")
}
