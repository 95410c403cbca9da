//! Tiled maps (`.tmx`, `.tmj`, or `.json` when it is a Tiled map): a map drawn in the Tiled
//! editor, read into the same [`Level`](crate::Level) as the JSON format and checked the same
//! way. The rules (what each layer and object becomes) are set out in `docs/tiled.md`.
//!
//! - One tile is one world unit (the map's tiles must be square); y is flipped (Tiled's y
//!   points down, glissade's up): `world = (x / tile, map_height - y / tile)`.
//! - A layer collides as a whole by its properties or its name ([`classify`]); tiles collide
//!   by their own properties and collision shapes, or as a whole layer; objects by their
//!   class, then their layer: walls, one-way walls, spawns, sensors and other entities.
//! - A map without spawn gets one at its centre, with a warning.
//!
//! Every problem names the file, the Tiled object or tile, what it is and why.
//!
//! The files: [`reader`] hands the `tiled` crate each file mended by [`fixup`] (what that
//! crate refuses but Tiled writes) and, for JSON, written as XML by [`tmj`]; [`map`] walks
//! the map's settings and layers; [`classify`] says what each layer and object is;
//! [`tiles`] turns tile layers (and the collision shapes of their tilesets) into tile rows
//! and walls; [`objects`] turns objects into walls, platforms, spawns and entities;
//! [`tile_objects`] gives a tile object its tile's shapes; [`shapes`] the shape of one object
//! as walls; [`properties`] reads custom properties; [`importer`] holds what is being filled
//! and where each part came from; [`precheck`] looks at the raw text before the `tiled`
//! crate does.

mod classify;
mod fixup;
mod importer;
mod map;
mod objects;
mod precheck;
mod properties;
mod reader;
mod shapes;
mod tile_objects;
mod tiles;
mod tmj;

pub use classify::{COLLISION_LAYER_NAMES, TiledOptions};
pub(crate) use tmj::tiled_json_kind;

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::error::{Place, Problem, Refused};
use crate::loaded::Loaded;
use precheck::{Found, MAX_GROUP_DEPTH, short_layers};

/// Loads a Tiled map.
pub(crate) fn load_tmx(path: &std::path::Path, options: &TiledOptions) -> Result<Loaded, Refused> {
    let file = path.display().to_string();
    let whole = |reason: String| {
        Refused::one(Problem {
            file: file.clone(),
            place: Place::File,
            path: String::new(),
            reason,
        })
    };
    // The tiled crate indexes a layer's data without checking its length: short layers are
    // found first, from the text.
    if let Ok(bytes) = std::fs::read(path) {
        let text = reader::mended(path, bytes).map_err(&whole)?;
        let found = short_layers(&String::from_utf8_lossy(&text));
        if !found.is_empty() {
            return Err(Refused {
                errors: found
                    .into_iter()
                    .map(|f| match f {
                        Found::Short(l) => Problem {
                            file: file.clone(),
                            place: Place::Tiled,
                            path: format!("layer {:?}", l.name),
                            reason: format!(
                                "the layer's data does not have one tile for each of its {}×{} cells",
                                l.width, l.height
                            ),
                        },
                        Found::TooDeep => Problem {
                            file: file.clone(),
                            place: Place::Tiled,
                            path: "map".to_string(),
                            reason: format!(
                                "unsupported Tiled feature: layer groups nested more than {MAX_GROUP_DEPTH} deep"
                            ),
                        },
                    })
                    .collect(),
                warnings: Vec::new(),
            });
        }
    }
    // Should the tiled crate still panic on some other bad data, that is a bad file, not a
    // crash.
    let loaded = catch_unwind(AssertUnwindSafe(|| {
        tiled::Loader::with_reader(reader::MendingReader).load_tmx_map(path)
    }));
    let map = match loaded {
        Ok(Ok(map)) => map,
        Ok(Err(e)) => return Err(whole(describe_tiled_error(path, &e))),
        Err(payload) => return Err(whole(reader_failed(path, payload.as_ref()))),
    };
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let imported = catch_unwind(AssertUnwindSafe(|| map::import(&map, options, &file, name)));
    match imported {
        Ok(result) => result,
        Err(payload) => Err(whole(reader_failed(path, payload.as_ref()))),
    }
}

/// Whether a file's text is a Tiled map at all (a `<map>` root element, or Tiled JSON of a
/// map), however broken otherwise.
fn looks_like_map(path: &std::path::Path) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    let mut reader = quick_xml::Reader::from_str(&text);
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e)) => {
                return e.name().as_ref() == b"map";
            }
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    tiled_json_kind(&text) == Some("map")
}

/// What a file the map uses is, by its extension: `as a tileset`.
fn used_as(path: &std::path::Path) -> &'static str {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("tsx" | "tsj" | "json") => " as a tileset",
        Some("tx" | "tj") => " as an object template",
        _ => "",
    }
}

/// The reason for a map the `tiled` crate (or the import) panicked on.
fn reader_failed(path: &std::path::Path, payload: &(dyn std::any::Any + Send)) -> String {
    let what = if looks_like_map(path) {
        "the Tiled map cannot be read"
    } else {
        "not a Tiled map"
    };
    format!(
        "{what}: the Tiled reader failed ({})",
        panic_message(payload)
    )
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".to_string()
    }
}

fn describe_tiled_error(map_path: &std::path::Path, e: &tiled::Error) -> String {
    match e {
        tiled::Error::ResourceLoadingError { path, err } => {
            let io = err.downcast_ref::<std::io::Error>();
            if path == map_path {
                match io.map(std::io::Error::kind) {
                    Some(std::io::ErrorKind::NotFound) => "missing file".to_string(),
                    Some(std::io::ErrorKind::PermissionDenied) => {
                        "cannot read the file: permission denied".to_string()
                    }
                    _ => format!("cannot read the file: {err}"),
                }
            } else if io.map(std::io::Error::kind) == Some(std::io::ErrorKind::NotFound) {
                format!(
                    "missing file '{}' (used by the map{}): put it there, or fix the path in the map",
                    path.display(),
                    used_as(path)
                )
            } else {
                format!(
                    "cannot read '{}' (used by the map{}): {err}",
                    path.display(),
                    used_as(path)
                )
            }
        }
        other if looks_like_map(map_path) => format!(
            "the Tiled map cannot be read: {other} (open it in Tiled and save it again, or fix it by hand)"
        ),
        other => format!("not a Tiled map: {other}"),
    }
}
