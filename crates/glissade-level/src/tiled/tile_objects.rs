//! Tile objects (a tile placed as an object): their tile's collision shapes, scaled to the
//! object's size, flipped and rotated as placed; or their rectangle.

use tiled::{ObjectAlignment, ObjectData, ObjectShape, TilesetLocation};

use super::importer::Importer;
use super::properties::prop_bool;
use super::shapes::{Shaped, shape_walls, turned};

impl Importer<'_> {
    /// An object's class: its own, or for a tile object without one, its tile's (as Tiled
    /// does).
    pub(super) fn class_of(&self, object: &ObjectData) -> String {
        if !object.user_type.is_empty() {
            return object.user_type.clone();
        }
        let Some(data) = object.tile_data() else {
            return String::new();
        };
        let tileset = match data.tileset_location() {
            TilesetLocation::Map(n) => self.map.tilesets().get(*n).map(|t| &**t),
            TilesetLocation::Template(t) => Some(&**t),
        };
        tileset
            .and_then(|t| t.get_tile(data.id()))
            .map(|t| t.user_type.clone())
            .unwrap_or_default()
    }

    /// The collision of a tile object: its tile's collision shapes, or (when `whole`, or the
    /// tile is `solid`, or has no shapes) its rectangle. Errors name the tile.
    pub(super) fn tile_object_walls(
        &self,
        object: &ObjectData,
        whole: bool,
    ) -> Result<Shaped, String> {
        let (w, h) = match object.shape {
            ObjectShape::Rect { width, height } => (width, height),
            _ => (0.0, 0.0),
        };
        let (tile, height) = (self.tile, self.height);
        // The object's pixels (x, y) as placed on the map to world units.
        let world = move |x: f32, y: f32| [x / tile, height - y / tile];
        let alignment = object
            .tile_data()
            .and_then(|data| match data.tileset_location() {
                TilesetLocation::Map(n) => self.map.tilesets().get(*n).map(|t| t.object_alignment),
                TilesetLocation::Template(t) => Some(t.object_alignment),
            })
            .unwrap_or(ObjectAlignment::Unspecified);
        // The object's top-left corner from its origin, before rotation: by its tileset's
        // object alignment, bottom-left (hanging above the origin) when not said.
        let (ax, ay) = anchor(alignment, w, h);
        let rect = || {
            let corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)];
            let mut pts: Vec<_> = corners
                .iter()
                .map(|(dx, dy)| {
                    let (x, y) = turned(object, ax + dx, ay + dy);
                    world(x, y)
                })
                .collect();
            pts.reverse();
            Shaped {
                walls: vec![crate::model::Wall::Polygon(pts)],
                notes: Vec::new(),
            }
        };
        if w <= 0.0 || h <= 0.0 {
            return Err(format!(
                "a tile object of {w}×{h} pixels has no area: give it a size"
            ));
        }
        let Some(data) = object.tile_data() else {
            return Ok(rect());
        };
        let tileset = match data.tileset_location() {
            TilesetLocation::Map(n) => self.map.tilesets().get(*n).map(|t| &**t),
            TilesetLocation::Template(t) => Some(&**t),
        };
        let Some(tileset) = tileset else {
            return Ok(rect());
        };
        let found = tileset.get_tile(data.id());
        let what = format!("tile {} of {}", data.id(), self.tileset_what(tileset));
        let Some(t) = found else {
            return Ok(rect());
        };
        let solid = prop_bool(&t.properties, "solid").map_err(|e| format!("{what}: {e}"))?;
        let shapes = t.collision.as_ref().map(|c| c.object_data()).unwrap_or(&[]);
        if whole || solid == Some(true) || shapes.is_empty() {
            return Ok(rect());
        }
        // The tile's own size (its image, or the tileset's grid).
        let (tw, th) = match &t.image {
            Some(image) if image.width > 0 && image.height > 0 => {
                (image.width as f32, image.height as f32)
            }
            _ => (tileset.tile_width as f32, tileset.tile_height as f32),
        };
        let (sx, sy) = (w / tw, h / th);
        let (fh, fv, fd) = (data.flip_h, data.flip_v, data.flip_d);
        let to = move |px: f32, py: f32| {
            let (mut x, mut y) = if fd { (py, px) } else { (px, py) };
            if fh {
                x = tw - x;
            }
            if fv {
                y = th - y;
            }
            let (x, y) = turned(object, ax + x * sx, ay + y * sy);
            world(x, y)
        };
        let mut out = Shaped::default();
        for shape in shapes {
            let s = shape_walls(shape, &to, (sx * sy).sqrt() / tile)
                .map_err(|e| format!("{what}, collision shape {}: {e}", shape.id()))?;
            out.walls.extend(s.walls);
            out.notes.extend(
                s.notes
                    .into_iter()
                    .map(|n| format!("{what}, collision shape {}: {n}", shape.id())),
            );
        }
        for wall in &mut out.walls {
            if let crate::model::Wall::Polygon(p) = wall {
                let n = p.len();
                let a: f32 = (0..n)
                    .map(|i| p[i][0] * p[(i + 1) % n][1] - p[(i + 1) % n][0] * p[i][1])
                    .sum();
                if a < 0.0 {
                    p.reverse();
                }
            }
        }
        Ok(out)
    }
}

/// Where the top-left corner of a `w`×`h` tile object lies from its origin (y down), by its
/// tileset's object alignment; unspecified is bottom-left, as in orthogonal maps.
fn anchor(alignment: ObjectAlignment, w: f32, h: f32) -> (f32, f32) {
    use ObjectAlignment as A;
    let x = match alignment {
        A::Top | A::Center | A::Bottom => -w / 2.0,
        A::TopRight | A::Right | A::BottomRight => -w,
        A::Unspecified | A::TopLeft | A::Left | A::BottomLeft => 0.0,
    };
    let y = match alignment {
        A::TopLeft | A::Top | A::TopRight => 0.0,
        A::Left | A::Center | A::Right => -h / 2.0,
        A::Unspecified | A::BottomLeft | A::Bottom | A::BottomRight => -h,
    };
    (x, y)
}
