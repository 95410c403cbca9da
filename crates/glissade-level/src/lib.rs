//! # glissade-level
//!
//! Levels for glissade: the JSON level format (see `docs/levels.md`), Tiled maps, checks
//! whose every message names the file, the place, the field and the reason, and the built-in
//! levels `platformer`, `arena` and `sandbox`.
//!
//! ```
//! let loaded = glissade_level::load("platformer")?;
//! let built = loaded.level.build()?;
//! assert!(built.world.len() > 10);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

mod build;
mod builtin;
mod check;
pub(crate) mod convex;
mod entity;
mod error;
mod field_path;
mod json;
mod loaded;
mod model;
mod shape;

pub use build::{BuildError, Built, PlatformRun, SensorRun};
pub use builtin::{BUILTIN, builtin_source};
pub use entity::{Entity, EntityKind, PropertyValue};
pub use error::{Place, Problem, Refused};
pub use json::parse_json;
pub use loaded::Loaded;
pub use model::{Bounds, Level, Mode, PathMotion, Platform, Point, TileLayer, Wall};
pub use tiled::{COLLISION_LAYER_NAMES, TiledOptions};

/// Loads a level by built-in name (`platformer`, `arena`, `sandbox`) or from a file: `.json`
/// as the level format (or a Tiled map, when it is one), `.tmx` and `.tmj` as a Tiled map.
pub fn load(name_or_path: &str) -> Result<Loaded, Refused> {
    if let Some(text) = builtin_source(name_or_path) {
        return parse_json(text, &format!("<builtin {name_or_path}>"));
    }
    load_file(std::path::Path::new(name_or_path))
}

/// Loads a level file: `.json` as the level format (or a Tiled map, when it is one), `.tmx`
/// and `.tmj` as a Tiled map.
pub fn load_file(path: &std::path::Path) -> Result<Loaded, Refused> {
    load_file_with(path, &TiledOptions::default())
}

/// Loads a level file as [`load_file`] does, reading Tiled maps with `options`.
pub fn load_file_with(path: &std::path::Path, options: &TiledOptions) -> Result<Loaded, Refused> {
    let file = path.display().to_string();
    let problem = |reason: String| {
        Refused::one(Problem {
            file: file.clone(),
            place: Place::File,
            path: String::new(),
            reason,
        })
    };
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("json") => {
            let bytes = std::fs::read(path).map_err(|e| problem(describe_io(&e)))?;
            let text = String::from_utf8(bytes)
                .map_err(|e| problem(format!("not JSON: not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))?;
            match tiled::tiled_json_kind(&text) {
                Some("map") => return tiled::load_tmx(path, options),
                Some(kind) => {
                    return Err(problem(format!(
                        "a Tiled {kind}, not a map: load the map (.tmx or .tmj) that uses it"
                    )));
                }
                None => {}
            }
            parse_json(&text, &file)
        }
        Some("tsx" | "tsj") => Err(problem(
            "a Tiled tileset, not a map: load the map (.tmx or .tmj) that uses it".to_string(),
        )),
        Some("tmx" | "tmj") => {
            if !path.exists() {
                return Err(problem("missing file".to_string()));
            }
            tiled::load_tmx(path, options)
        }
        Some(other) => Err(problem(format!(
            "unknown kind of level file '.{other}': expected .json (a glissade level or a Tiled JSON map), .tmx or .tmj (a Tiled map)"
        ))),
        None => Err(problem(
            "no file extension: expected .json (a glissade level or a Tiled JSON map), .tmx or .tmj (a Tiled map), or a built-in level name (platformer, arena, sandbox)".to_string(),
        )),
    }
}

fn describe_io(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "missing file".to_string(),
        std::io::ErrorKind::PermissionDenied => {
            "cannot read the file: permission denied".to_string()
        }
        _ => format!("cannot read the file: {e}"),
    }
}

mod tiled;
