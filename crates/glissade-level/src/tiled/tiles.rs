//! Tile layers: each tile, flipped as placed, becomes a tile character (solid, one-way, a full
//! square or a lower slope) or walls at its cell, from its tileset's properties and collision
//! shapes.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::classify::LayerRole;
use super::importer::{Importer, Source};
use super::properties::prop_bool;
use super::shapes::{kind, shape_walls, translate};
use crate::error::Place;
use crate::model::{Point, TileLayer, Wall};

/// The most cells a tile layer may span (an infinite map's chunks included).
const MAX_CELLS: i64 = 4_000_000;

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

impl Importer<'_> {
    /// What a tile of a layer is, for a problem's path.
    fn tile_what(&self, layer: &str, cell: &tiled::LayerTile<'_>) -> String {
        format!(
            "layer \"{layer}\", tile {} of {}",
            cell.id(),
            self.tileset_what(cell.get_tileset())
        )
    }

    /// Reads a tile layer (finite, or the chunks of an infinite map) whose role is `role`.
    pub(super) fn tile_layer(
        &mut self,
        name: &str,
        role: LayerRole,
        layer: &tiled::TileLayer<'_>,
        offset: (f32, f32),
    ) {
        let what = format!("layer \"{name}\"");
        // The layer's cells, in tiles: column, row, width, height.
        let rect = match layer {
            tiled::TileLayer::Finite(f) => {
                match (i32::try_from(f.width()), i32::try_from(f.height())) {
                    (Ok(w), Ok(h)) => Some((0, 0, w, h)),
                    _ => None,
                }
            }
            tiled::TileLayer::Infinite(inf) => chunk_rect(inf),
        };
        let Some((x0, y0, wi, hi)) = rect else {
            self.error(
                Place::Tiled,
                what,
                "the tile layer reaches beyond 2³¹ tiles from the origin: too large".to_string(),
            );
            return;
        };
        if i64::from(wi) * i64::from(hi) > MAX_CELLS {
            self.error(
                Place::Tiled,
                what,
                format!(
                    "the tile layer spans {wi}×{hi} tiles: more than {MAX_CELLS} cells is too large"
                ),
            );
            return;
        }
        if wi <= 0 || hi <= 0 {
            return;
        }
        // The tiled crate indexes a finite layer's data without checking its length: try the
        // last cell (the largest index) first.
        if catch_unwind(AssertUnwindSafe(|| {
            layer.get_tile(x0 + wi - 1, y0 + hi - 1).is_some()
        }))
        .is_err()
        {
            self.error(
                Place::Tiled,
                what,
                format!("the layer's data does not have one tile for each of its {wi}×{hi} cells"),
            );
            return;
        }
        // Bottom-left corner of the layer, world units.
        let origin = [
            x0 as f32 + offset.0 / self.tile,
            self.height - ((y0 + hi) as f32 + offset.1 / self.tile),
        ];
        let top = [origin[0] + wi as f32, origin[1] + hi as f32];
        let b = &mut self.level.bounds;
        b.min = [b.min[0].min(origin[0]), b.min[1].min(origin[1])];
        b.max = [b.max[0].max(top[0]), b.max[1].max(top[1])];
        let mut kinds: HashMap<(usize, u32, u8), TileKind> = HashMap::new();
        let mut rows = Vec::new();
        for y in y0..y0 + hi {
            let mut row = String::new();
            for x in x0..x0 + wi {
                let Some(cell) = layer.get_tile(x, y) else {
                    row.push('.');
                    continue;
                };
                let flips =
                    u8::from(cell.flip_h) | u8::from(cell.flip_v) << 1 | u8::from(cell.flip_d) << 2;
                let key = (cell.tileset_index(), cell.id(), flips);
                let place = Place::TiledTile { x, y };
                let kind = match kinds.get(&key) {
                    Some(k) => k.clone(),
                    None => {
                        let k = self.tile_kind(name, role, &cell, place.clone());
                        kinds.insert(key, k.clone());
                        k
                    }
                };
                match kind {
                    TileKind::Char(c) => row.push(c),
                    TileKind::Bad => row.push('.'),
                    TileKind::Walls(walls) => {
                        row.push('.');
                        let at = [
                            origin[0] + (x - x0) as f32,
                            origin[1] + (y0 + hi - 1 - y) as f32,
                        ];
                        for wall in &walls {
                            self.level.walls.push(translate(wall, at));
                            self.wall_src.push(Source {
                                place: place.clone(),
                                what: self.tile_what(name, &cell),
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
    fn tile_kind(
        &mut self,
        layer: &str,
        role: LayerRole,
        cell: &tiled::LayerTile<'_>,
        place: Place,
    ) -> TileKind {
        // On a layer that collides as a whole, a tile without collision of its own fills its
        // cell.
        let whole = match role {
            LayerRole::Plain => '.',
            LayerRole::Solid => '#',
            LayerRole::OneWay => '=',
        };
        let Some(tile) = cell.get_tile() else {
            return TileKind::Char(whole);
        };
        let what = self.tile_what(layer, cell);
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
            return TileKind::Char(whole);
        };
        let shapes = collision.object_data();
        if shapes.is_empty() {
            return TileKind::Char(whole);
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
            if matches!(
                shape.shape,
                tiled::ObjectShape::Point(..) | tiled::ObjectShape::Text { .. }
            ) {
                self.warning(
                    place.clone(),
                    what.clone(),
                    format!(
                        "collision shape {} ({}) has no area: ignored (remove it, or draw a shape)",
                        shape.id(),
                        kind(shape)
                    ),
                );
                continue;
            }
            match shape_walls(shape, &to, 1.0 / side) {
                Ok(s) => {
                    walls.extend(s.walls);
                    for note in s.notes {
                        self.warning(
                            place.clone(),
                            what.clone(),
                            format!("collision shape {} ({}): {note}", shape.id(), kind(shape)),
                        );
                    }
                }
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
        // Only shapes without area (ignored above): as a tile without shapes.
        if walls.is_empty() {
            return TileKind::Char(whole);
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

/// The cells an infinite layer's chunks cover: column, row, width, height (none if too
/// large to count).
fn chunk_rect(layer: &tiled::InfiniteTileLayer<'_>) -> Option<(i32, i32, i32, i32)> {
    let (cw, ch) = (
        i64::from(tiled::ChunkData::WIDTH),
        i64::from(tiled::ChunkData::HEIGHT),
    );
    let mut rect: Option<(i64, i64, i64, i64)> = None;
    for ((cx, cy), _) in layer.chunks() {
        let (x, y) = (i64::from(cx) * cw, i64::from(cy) * ch);
        rect = Some(match rect {
            None => (x, y, x + cw, y + ch),
            Some((a, b, c, d)) => (a.min(x), b.min(y), c.max(x + cw), d.max(y + ch)),
        });
    }
    let (a, b, c, d) = rect.unwrap_or((0, 0, 0, 0));
    // Both corners must be cells an i32 can name.
    i32::try_from(c).ok()?;
    i32::try_from(d).ok()?;
    Some((
        i32::try_from(a).ok()?,
        i32::try_from(b).ok()?,
        i32::try_from(c - a).ok()?,
        i32::try_from(d - b).ok()?,
    ))
}
