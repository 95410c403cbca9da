//! Tiled maps (`.tmx`): a map drawn in the Tiled editor, read into the same [`Level`] as the
//! JSON format and checked the same way.
//!
//! - One tile is one world unit (the map's tiles must be square); y is flipped (Tiled's y
//!   points down, glissade's up): `world = (x / tile, map_height - y / tile)`.
//! - Tile layers: a tile whose tile has the bool property `solid` is `#`, `one_way` is `=`; a
//!   tile with collision shapes is `#` for one full rectangle, `/` or `\` for a right
//!   triangle filling the lower half, and otherwise its shapes become walls at that cell.
//!   Flipped tiles are flipped first (a horizontally flipped `/` is a `\`).
//! - Object layers: rectangles are boxes, ellipses circles (width = height), capsules
//!   capsules, polygons polygons, polylines chains of segments, points spawn points (as are
//!   objects of class `spawn`). An object with a `path` property is a moving platform.
//! - Map properties: `mode` (string), `gravity_y` and `gravity_x` (float), `name` (string).
//!
//! Every problem names the file, the Tiled object or tile, what it is and why.

use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};

use tiled::{
    FiniteTileLayer, LayerType, Map, ObjectData, ObjectShape, Orientation, Properties,
    PropertyValue, TileLayer as TiledTileLayer,
};

use crate::check::check;
use crate::json::{Path, Seg};
use crate::model::{Bounds, Level, Mode, PathMotion, Platform, Point, TileLayer, Wall};
use crate::{Loaded, Place, Problem, Refused};

/// Default platform speed, world units per second.
const DEFAULT_SPEED: f32 = 2.0;
/// Default vertical gravity, world units per second squared.
const DEFAULT_GRAVITY_Y: f32 = -45.0;
/// How close (in tiles) a collision shape must be to a tile's corners to count as one.
const SNAP: f32 = 1e-4;

/// Loads a Tiled map.
pub(crate) fn load_tmx(path: &std::path::Path) -> Result<Loaded, Refused> {
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
        use crate::tiled_precheck::{Found, MAX_GROUP_DEPTH, short_layers};
        let found = short_layers(&String::from_utf8_lossy(&bytes));
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
    let loaded = catch_unwind(AssertUnwindSafe(|| tiled::Loader::new().load_tmx_map(path)));
    let map = match loaded {
        Ok(Ok(map)) => map,
        Ok(Err(e)) => return Err(whole(describe_tiled_error(path, &e))),
        Err(payload) => {
            return Err(whole(format!(
                "not a Tiled map: the Tiled reader failed ({})",
                panic_message(payload.as_ref())
            )));
        }
    };
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let imported = catch_unwind(AssertUnwindSafe(|| import(&map, &file, name)));
    match imported {
        Ok(result) => result,
        Err(payload) => Err(whole(format!(
            "not a Tiled map: the Tiled reader failed ({})",
            panic_message(payload.as_ref())
        ))),
    }
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
                format!("missing file '{}' (used by the map)", path.display())
            } else {
                format!("cannot read '{}' (used by the map): {err}", path.display())
            }
        }
        other => format!("not a Tiled map: {other}"),
    }
}

/// Where a wall, platform, spawn or tile layer of the level came from in the map.
#[derive(Debug, Clone)]
struct Source {
    place: Place,
    /// What it is, for a problem's path: `polygon in layer "walls"`.
    what: String,
}

/// A moving platform's settings, read from an object's properties.
struct PlatformProps {
    path: Vec<Point>,
    speed: f32,
    motion: PathMotion,
    one_way: bool,
}

/// How a tile of a tileset (flipped some way) turns into collision.
#[derive(Debug, Clone)]
enum TileKind {
    /// A tile character: `.`, `#`, `=`, `/` or `\`.
    Char(char),
    /// Walls in the cell's frame (the cell is the unit square `[0, 1]²`).
    Walls(Vec<Wall>),
    /// Refused (the problem was reported at its first cell).
    Bad,
}

/// A layer with the pixel offset of it and its groups.
struct Flat<'m> {
    layer: tiled::Layer<'m>,
    offset: (f32, f32),
}

struct Importer<'m> {
    map: &'m Map,
    file: String,
    /// Tile side, pixels.
    tile: f32,
    /// Map height, tiles.
    height: f32,
    level: Level,
    errors: Vec<Problem>,
    warnings: Vec<Problem>,
    wall_src: Vec<Source>,
    platform_src: Vec<Source>,
    spawn_src: Vec<Source>,
    tiles_src: Vec<Source>,
    /// Every object of the map by id, with its layer's offset.
    objects: HashMap<u32, (ObjectData, (f32, f32))>,
    /// Objects used as a platform's path (not walls themselves).
    path_objects: HashSet<u32>,
}

fn import(map: &Map, file: &str, name: String) -> Result<Loaded, Refused> {
    let map_problem = |reason: String| {
        Refused::one(Problem {
            file: file.to_string(),
            place: Place::Tiled,
            path: String::new(),
            reason,
        })
    };
    if map.infinite() {
        return Err(map_problem(
            "unsupported Tiled feature: infinite map".to_string(),
        ));
    }
    if map.orientation != Orientation::Orthogonal {
        return Err(map_problem(format!(
            "unsupported Tiled feature: {} map (only orthogonal maps are read)",
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
            platforms: Vec::new(),
            spawns: Vec::new(),
        },
        errors: Vec::new(),
        warnings: Vec::new(),
        wall_src: Vec::new(),
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
        match flat.layer.layer_type() {
            LayerType::Tiles(TiledTileLayer::Finite(tiles)) => {
                im.tile_layer(name, tiles, flat.offset);
            }
            LayerType::Tiles(TiledTileLayer::Infinite(_)) => {
                // Only in infinite maps, refused above.
                im.error(
                    Place::Tiled,
                    format!("layer \"{name}\""),
                    "unsupported Tiled feature: infinite map".to_string(),
                );
            }
            LayerType::Objects(objects) => {
                for object in objects.object_data() {
                    im.object(name, object, flat.offset);
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

/// What a value of a property is, for messages.
fn type_name(v: &PropertyValue) -> String {
    match v {
        PropertyValue::BoolValue(b) => format!("a bool ({b})"),
        PropertyValue::FloatValue(f) => format!("a float ({f})"),
        PropertyValue::IntValue(i) => format!("an int ({i})"),
        PropertyValue::ColorValue(_) => "a color".to_string(),
        PropertyValue::StringValue(s) => format!("a string ({s:?})"),
        PropertyValue::FileValue(s) => format!("a file ({s:?})"),
        PropertyValue::ObjectValue(id) => format!("an object ({id})"),
        PropertyValue::ListValue(_) => "a list".to_string(),
        PropertyValue::ClassValue { .. } => "a class".to_string(),
    }
}

fn prop_bool(props: &Properties, name: &str) -> Result<Option<bool>, String> {
    match props.get(name) {
        None => Ok(None),
        Some(PropertyValue::BoolValue(b)) => Ok(Some(*b)),
        Some(other) => Err(format!(
            "property \"{name}\" must be a bool, found {}",
            type_name(other)
        )),
    }
}

fn prop_number(props: &Properties, name: &str) -> Result<Option<f32>, String> {
    match props.get(name) {
        None => Ok(None),
        Some(PropertyValue::FloatValue(f)) => Ok(Some(*f)),
        Some(PropertyValue::IntValue(i)) => Ok(Some(*i as f32)),
        Some(other) => Err(format!(
            "property \"{name}\" must be a float, found {}",
            type_name(other)
        )),
    }
}

fn prop_string<'p>(props: &'p Properties, name: &str) -> Result<Option<&'p str>, String> {
    match props.get(name) {
        None => Ok(None),
        Some(PropertyValue::StringValue(s)) => Ok(Some(s)),
        Some(other) => Err(format!(
            "property \"{name}\" must be a string, found {}",
            type_name(other)
        )),
    }
}

/// What an object is, in words.
fn kind(object: &ObjectData) -> &'static str {
    if object.tile_data().is_some() {
        return "tile object";
    }
    match object.shape {
        ObjectShape::Rect { .. } => "rectangle",
        ObjectShape::Ellipse { .. } => "ellipse",
        ObjectShape::Capsule { .. } => "capsule",
        ObjectShape::Polyline { .. } => "polyline",
        ObjectShape::Polygon { .. } => "polygon",
        ObjectShape::Point(..) => "point",
        ObjectShape::Text { .. } => "text object",
    }
}

fn is_spawn(object: &ObjectData) -> bool {
    matches!(object.shape, ObjectShape::Point(..)) || object.user_type == "spawn"
}

/// The walls of an object's shape; `to` maps a pixel point of the object's frame to the
/// level's frame, and `scale` is the level units per pixel (for radii).
fn shape_walls(
    object: &ObjectData,
    to: &dyn Fn(f32, f32) -> Point,
    scale: f32,
) -> Result<Vec<Wall>, String> {
    if object.rotation != 0.0 {
        return Err("unsupported Tiled feature: rotated object".to_string());
    }
    if object.tile_data().is_some() {
        return Err("unsupported Tiled feature: tile object".to_string());
    }
    let (x, y) = (object.x, object.y);
    let shape = match &object.shape {
        ObjectShape::Rect { width, height } => {
            let a = to(x, y);
            let b = to(x + width, y + height);
            Wall::Box {
                min: [a[0].min(b[0]), a[1].min(b[1])],
                max: [a[0].max(b[0]), a[1].max(b[1])],
            }
        }
        ObjectShape::Ellipse { width, height } => {
            if width != height {
                return Err(format!(
                    "ellipse {} is not a circle (width {width}, height {height})",
                    object.id()
                ));
            }
            Wall::Circle {
                center: to(x + width / 2.0, y + height / 2.0),
                radius: width / 2.0 * scale,
            }
        }
        ObjectShape::Capsule { width, height } => {
            let r = width.min(*height) / 2.0;
            let (a, b) = if width >= height {
                (to(x + r, y + r), to(x + width - r, y + r))
            } else {
                (to(x + r, y + r), to(x + r, y + height - r))
            };
            if a == b {
                Wall::Circle {
                    center: a,
                    radius: r * scale,
                }
            } else {
                Wall::Capsule {
                    a,
                    b,
                    radius: r * scale,
                }
            }
        }
        ObjectShape::Polygon { points } => {
            Wall::Polygon(points.iter().map(|(px, py)| to(x + px, y + py)).collect())
        }
        ObjectShape::Polyline { points } => {
            if points.len() < 2 {
                return Err(format!(
                    "a polyline needs at least 2 points, found {}",
                    points.len()
                ));
            }
            return Ok(points
                .windows(2)
                .map(|w| Wall::Segment {
                    a: to(x + w[0].0, y + w[0].1),
                    b: to(x + w[1].0, y + w[1].1),
                })
                .collect());
        }
        ObjectShape::Point(..) => {
            return Err("a point is not a wall (points are spawn points)".to_string());
        }
        ObjectShape::Text { .. } => {
            return Err("unsupported Tiled feature: text object".to_string());
        }
    };
    Ok(vec![shape])
}

fn translate(wall: &Wall, d: Point) -> Wall {
    let t = |p: &Point| [p[0] + d[0], p[1] + d[1]];
    match wall {
        Wall::Box { min, max } => Wall::Box {
            min: t(min),
            max: t(max),
        },
        Wall::Circle { center, radius } => Wall::Circle {
            center: t(center),
            radius: *radius,
        },
        Wall::Capsule { a, b, radius } => Wall::Capsule {
            a: t(a),
            b: t(b),
            radius: *radius,
        },
        Wall::Polygon(points) => Wall::Polygon(points.iter().map(t).collect()),
        Wall::Segment { a, b } => Wall::Segment { a: t(a), b: t(b) },
    }
}

fn near(a: Point, b: Point) -> bool {
    (a[0] - b[0]).abs() <= SNAP && (a[1] - b[1]).abs() <= SNAP
}

/// Whether `points` are the corners `want`, in any order.
fn same_corners(points: &[Point], want: &[Point]) -> bool {
    points.len() == want.len()
        && want.iter().all(|w| points.iter().any(|p| near(*p, *w)))
        && points.iter().all(|p| want.iter().any(|w| near(*p, *w)))
}

/// The tile character that walls in the unit cell make, if they are one full square or one
/// lower slope.
fn tile_char(walls: &[Wall]) -> Option<char> {
    const SQUARE: [Point; 4] = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
    const UP_RIGHT: [Point; 3] = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]];
    const UP_LEFT: [Point; 3] = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]];
    match walls {
        [Wall::Box { min, max }] if near(*min, [0.0, 0.0]) && near(*max, [1.0, 1.0]) => Some('#'),
        [Wall::Polygon(p)] if same_corners(p, &SQUARE) => Some('#'),
        [Wall::Polygon(p)] if same_corners(p, &UP_RIGHT) => Some('/'),
        [Wall::Polygon(p)] if same_corners(p, &UP_LEFT) => Some('\\'),
        _ => None,
    }
}

/// Twice the signed area of a polygon (positive counter-clockwise).
fn area2(points: &[Point]) -> f32 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum()
}

/// What a tile of a layer is, for a problem's path.
fn tile_what(layer: &str, cell: &tiled::LayerTile<'_>) -> String {
    format!(
        "layer \"{layer}\", tile {} of tileset \"{}\"",
        cell.id(),
        cell.get_tileset().name
    )
}

impl Importer<'_> {
    fn error(&mut self, place: Place, path: String, reason: String) {
        self.errors.push(Problem {
            file: self.file.clone(),
            place,
            path,
            reason,
        });
    }

    fn warning(&mut self, place: Place, path: String, reason: String) {
        self.warnings.push(Problem {
            file: self.file.clone(),
            place,
            path,
            reason,
        });
    }

    /// A map pixel point (with a layer offset) in world units.
    fn world(&self, offset: (f32, f32), px: f32, py: f32) -> Point {
        [
            (px + offset.0) / self.tile,
            self.height - (py + offset.1) / self.tile,
        ]
    }

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

    fn tile_layer(&mut self, name: &str, layer: FiniteTileLayer<'_>, offset: (f32, f32)) {
        let what = format!("layer \"{name}\"");
        let (w, h) = (layer.width(), layer.height());
        let (Ok(wi), Ok(hi)) = (i32::try_from(w), i32::try_from(h)) else {
            self.error(
                Place::Tiled,
                what,
                format!("a tile layer of {w}×{h} tiles is too large"),
            );
            return;
        };
        if w == 0 || h == 0 {
            return;
        }
        // The tiled crate indexes the layer's data without checking its length: try the last
        // cell (the largest index) first.
        if catch_unwind(AssertUnwindSafe(|| {
            layer.get_tile(wi - 1, hi - 1).is_some()
        }))
        .is_err()
        {
            self.error(
                Place::Tiled,
                what,
                format!("the layer's data does not have one tile for each of its {w}×{h} cells"),
            );
            return;
        }
        // Bottom-left corner of the layer, world units.
        let origin = [
            offset.0 / self.tile,
            self.height - (h as f32 + offset.1 / self.tile),
        ];
        let mut kinds: HashMap<(usize, u32, u8), TileKind> = HashMap::new();
        let mut rows = Vec::new();
        for y in 0..hi {
            let mut row = String::new();
            for x in 0..wi {
                let Some(cell) = layer.get_tile(x, y) else {
                    row.push('.');
                    continue;
                };
                let flips =
                    u8::from(cell.flip_h) | u8::from(cell.flip_v) << 1 | u8::from(cell.flip_d) << 2;
                let key = (cell.tileset_index(), cell.id(), flips);
                // x and y are within the layer: both fit u32.
                let place = Place::TiledTile {
                    x: x.unsigned_abs(),
                    y: y.unsigned_abs(),
                };
                let kind = match kinds.get(&key) {
                    Some(k) => k.clone(),
                    None => {
                        let k = self.tile_kind(name, &cell, place.clone());
                        kinds.insert(key, k.clone());
                        k
                    }
                };
                match kind {
                    TileKind::Char(c) => row.push(c),
                    TileKind::Bad => row.push('.'),
                    TileKind::Walls(walls) => {
                        row.push('.');
                        let at = [origin[0] + x as f32, origin[1] + (hi - 1 - y) as f32];
                        for wall in &walls {
                            self.level.walls.push(translate(wall, at));
                            self.wall_src.push(Source {
                                place: place.clone(),
                                what: tile_what(name, &cell),
                            });
                        }
                    }
                }
            }
            rows.push(row);
        }
        if rows.iter().any(|r| r.chars().any(|c| c != '.')) {
            self.level.tiles.push(TileLayer {
                origin,
                cell: 1.0,
                rows,
            });
            self.tiles_src.push(Source {
                place: Place::Tiled,
                what,
            });
        }
    }

    /// What a tile (flipped as in `cell`) is; a problem is reported at `place`.
    fn tile_kind(&mut self, layer: &str, cell: &tiled::LayerTile<'_>, place: Place) -> TileKind {
        let Some(tile) = cell.get_tile() else {
            return TileKind::Char('.');
        };
        let what = tile_what(layer, cell);
        let solid = prop_bool(&tile.properties, "solid");
        let one_way = prop_bool(&tile.properties, "one_way");
        let (solid, one_way) = match (solid, one_way) {
            (Ok(s), Ok(o)) => (s == Some(true), o == Some(true)),
            (Err(e), _) | (_, Err(e)) => {
                self.error(place, what, e);
                return TileKind::Bad;
            }
        };
        if solid && one_way {
            self.error(
                place,
                what,
                "properties \"solid\" and \"one_way\" are both true: a tile is one or the other"
                    .to_string(),
            );
            return TileKind::Bad;
        }
        if solid {
            return TileKind::Char('#');
        }
        if one_way {
            return TileKind::Char('=');
        }
        let Some(collision) = &tile.collision else {
            return TileKind::Char('.');
        };
        let shapes = collision.object_data();
        if shapes.is_empty() {
            return TileKind::Char('.');
        }
        let tileset = cell.get_tileset();
        if tileset.tile_width != self.map.tile_width || tileset.tile_height != self.map.tile_height
        {
            self.error(
                place,
                what,
                format!(
                    "unsupported Tiled feature: collision shapes on tiles of {}×{} pixels in a map of {}×{} tiles",
                    tileset.tile_width,
                    tileset.tile_height,
                    self.map.tile_width,
                    self.map.tile_height
                ),
            );
            return TileKind::Bad;
        }
        let side = self.tile;
        let (fh, fv, fd) = (cell.flip_h, cell.flip_v, cell.flip_d);
        // Tile pixels (y down) to the unit cell (y up); Tiled flips diagonally first.
        let to = move |px: f32, py: f32| {
            let (mut x, mut y) = if fd { (py, px) } else { (px, py) };
            if fh {
                x = side - x;
            }
            if fv {
                y = side - y;
            }
            [x / side, 1.0 - y / side]
        };
        let mut walls = Vec::new();
        let mut bad = false;
        for shape in shapes {
            match shape_walls(shape, &to, 1.0 / side) {
                Ok(w) => walls.extend(w),
                Err(reason) => {
                    self.error(
                        place.clone(),
                        what.clone(),
                        format!("collision shape {} ({}): {reason}", shape.id(), kind(shape)),
                    );
                    bad = true;
                }
            }
        }
        if bad {
            return TileKind::Bad;
        }
        // Flips and Tiled's y-down editor make any winding: make each polygon counter-clockwise
        // here rather than warn at every cell.
        for wall in &mut walls {
            if let Wall::Polygon(points) = wall
                && area2(points) < 0.0
            {
                points.reverse();
            }
        }
        match tile_char(&walls) {
            Some(c) => TileKind::Char(c),
            None => TileKind::Walls(walls),
        }
    }

    fn object(&mut self, layer: &str, object: &ObjectData, offset: (f32, f32)) {
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

    /// Where a field of the level came from in the map: a place and a path.
    fn locate(&self, path: &Path) -> (Place, String) {
        let from = |sources: &[Source], i: usize| {
            sources
                .get(i)
                .map(|s| (s.place.clone(), format!("{} (as {path})", s.what)))
        };
        let found = match path.0.as_slice() {
            [Seg::Key("walls"), Seg::Index(i), ..] => from(&self.wall_src, *i),
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

    fn finish(mut self) -> Result<Loaded, Refused> {
        if !self.errors.is_empty() {
            return Err(Refused {
                errors: self.errors,
                warnings: self.warnings,
            });
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
                platforms: Vec::new(),
                spawns: Vec::new(),
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
