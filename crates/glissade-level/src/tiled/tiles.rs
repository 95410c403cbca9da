//! Tile layers: each tile, flipped as placed, becomes a tile character (solid, one-way, a full
//! square or a lower slope) or walls at its cell, from its tileset's properties and collision
//! shapes.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use tiled::FiniteTileLayer;

use super::importer::{Importer, Source};
use super::properties::prop_bool;
use super::shapes::{kind, shape_walls, translate};
use crate::error::Place;
use crate::model::{Point, TileLayer, Wall};

/// How close (in tiles) a collision shape must be to a tile's corners to count as one.
const SNAP: f32 = 1e-4;

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
    pub(super) fn tile_layer(
        &mut self,
        name: &str,
        layer: FiniteTileLayer<'_>,
        offset: (f32, f32),
    ) {
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
}
