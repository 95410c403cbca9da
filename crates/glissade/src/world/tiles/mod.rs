//! A compact grid of tiles, queried cell by cell, with only its exposed faces: the map and its
//! storage here; casts, overlaps and rays in `query`; the normals at seams and corners (why
//! nothing snags on a tile seam) in `seams`; the push out of many tiles at once in `push`.

use glam::{IVec2, Vec2};

use super::grid_walk::CellRect;
use crate::shape::{Aabb, ConvexPolygon, Segment, Shape, ShapeError};

mod occupied;
mod push;
mod query;
mod seam_paths;
mod seams;

#[cfg(test)]
pub(crate) use query::CHECKED;

use occupied::Occupied;
use seams::Side;

/// What fills one cell of a [`TileMap`]. One byte per cell.
///
/// Slopes are 45° right triangles filling the lower half of their cell; their sloped face
/// joins the neighbouring tiles with no seam.
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tile {
    /// Nothing: passes everything.
    #[default]
    Empty = 0,
    /// A full square.
    Solid = 1,
    /// A platform: its top edge blocks bodies coming down onto it from above; bodies pass
    /// through it from below and from the sides, and a body that overlaps it is not pushed.
    OneWay = 2,
    /// A floor rising to the right (`◢`): solid below the diagonal from the cell's bottom-left
    /// to its top-right corner.
    SlopeUpRight = 3,
    /// A floor rising to the left (`◣`): solid below the diagonal from the cell's top-left to
    /// its bottom-right corner.
    SlopeUpLeft = 4,
}

impl Tile {
    const ALL: [Tile; 5] = [
        Tile::Empty,
        Tile::Solid,
        Tile::OneWay,
        Tile::SlopeUpRight,
        Tile::SlopeUpLeft,
    ];

    /// The character used for this tile by [`TileMap::from_rows`].
    #[must_use]
    pub fn to_char(self) -> char {
        match self {
            Tile::Empty => '.',
            Tile::Solid => '#',
            Tile::OneWay => '=',
            Tile::SlopeUpRight => '/',
            Tile::SlopeUpLeft => '\\',
        }
    }

    /// The tile drawn by `c` in [`TileMap::from_rows`], if any.
    #[must_use]
    pub fn from_char(c: char) -> Option<Tile> {
        Tile::ALL
            .into_iter()
            .find(|t| t.to_char() == c || (c == ' ' && *t == Tile::Empty))
    }

    /// Whether this tile fills the whole of its side `side` (so that a full neighbour there
    /// hides the face between them).
    #[inline]
    fn covers(self, side: Side) -> bool {
        match self {
            Tile::Solid => true,
            Tile::SlopeUpRight => matches!(side, Side::Bottom | Side::Right),
            Tile::SlopeUpLeft => matches!(side, Side::Bottom | Side::Left),
            Tile::Empty | Tile::OneWay => false,
        }
    }

    /// Whether the point `p`, in units of the cell (`[0, 1]²`), is inside the solid part.
    fn contains_unit(self, p: Vec2) -> bool {
        let inside = (0.0..=1.0).contains(&p.x) && (0.0..=1.0).contains(&p.y);
        inside
            && match self {
                Tile::Solid => true,
                Tile::SlopeUpRight => p.y <= p.x,
                Tile::SlopeUpLeft => p.x + p.y <= 1.0,
                Tile::Empty | Tile::OneWay => false,
            }
    }
}

/// Why a tile map could not be built or changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TileMapError {
    /// The cell size is zero, negative or not finite.
    #[error("cell_size must be positive and finite, got {value}")]
    CellSize {
        /// The value given.
        value: f32,
    },
    /// The map has no cells, or more than `u32::MAX` of them, or a side over `i32::MAX`.
    #[error(
        "a tile map of {width} × {height} cells is not supported (1 to 2^31 - 1 per side, at most 2^32 - 1 cells)"
    )]
    Dimensions {
        /// Cells across.
        width: u32,
        /// Cells up.
        height: u32,
    },
    /// The map is larger than [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE) across.
    #[error(
        "a tile map of {width} × {height} cells of {cell_size} units is too large: at most {max} units across"
    )]
    TooLarge {
        /// Cells across.
        width: u32,
        /// Cells up.
        height: u32,
        /// Side of a cell, world units.
        cell_size: f32,
        /// The largest extent accepted, world units.
        max: f32,
    },
    /// A cell outside the map was addressed.
    #[error("cell ({x}, {y}) is outside the {width} × {height} map")]
    OutOfBounds {
        /// Column asked for.
        x: u32,
        /// Row asked for (0 is the bottom row).
        y: u32,
        /// Cells across.
        width: u32,
        /// Cells up.
        height: u32,
    },
    /// A row of [`TileMap::from_rows`] has a character that is not a tile.
    #[error("row {row} (from the top), column {column}: {found:?} is not a tile (use . # = / \\)")]
    UnknownTile {
        /// Row, counted from the top of the text.
        row: usize,
        /// Column (character index).
        column: usize,
        /// The character found.
        found: char,
    },
    /// The rows of [`TileMap::from_rows`] differ in length.
    #[error("row {row} (from the top) has {found} cells, the first row has {expected}")]
    RaggedRows {
        /// Row, counted from the top of the text.
        row: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },
}

/// A grid of [`Tile`]s, one byte per cell: a 1000 × 1000 map takes 1 MB.
///
/// Local frame: cell `(x, y)` covers `[x, x + 1] × [y, y + 1]` times the cell size, row 0 at the
/// bottom (y up). Added to a [`World`](crate::world::World) as one collider whose position is the
/// map's bottom-left corner. Queries walk the cells they touch and never see a face between
/// two tiles that cover it both: a body sliding along a floor, wall or slope made of many
/// tiles meets no seam.
#[derive(Debug, Clone, PartialEq)]
pub struct TileMap {
    width: u32,
    height: u32,
    cell: f32,
    cells: Vec<u8>,
    /// Which cells hold a tile (kept with `cells`): what queries skip empty cells by.
    occupied: Occupied,
    /// Shapes of the tiles in a cell's frame (`[0, cell]²`), by tile byte.
    shapes: [Option<Shape>; 5],
}

impl TileMap {
    /// An empty map of `width × height` cells of side `cell_size` (world units), at most
    /// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE) across.
    pub fn new(width: u32, height: u32, cell_size: f32) -> Result<Self, TileMapError> {
        if !(cell_size.is_finite() && cell_size > 0.0) {
            return Err(TileMapError::CellSize { value: cell_size });
        }
        let count = u64::from(width) * u64::from(height);
        if count == 0
            || count > u64::from(u32::MAX)
            || width > i32::MAX as u32
            || height > i32::MAX as u32
        {
            return Err(TileMapError::Dimensions { width, height });
        }
        let max = crate::tolerance::MAX_COORDINATE;
        if f64::from(width.max(height)) * f64::from(cell_size) > f64::from(max) {
            return Err(TileMapError::TooLarge {
                width,
                height,
                cell_size,
                max,
            });
        }
        let shapes =
            tile_shapes(cell_size).map_err(|_| TileMapError::CellSize { value: cell_size })?;
        Ok(TileMap {
            width,
            height,
            cell: cell_size,
            cells: vec![Tile::Empty as u8; count as usize],
            occupied: Occupied::new(width, height),
            shapes,
        })
    }

    /// A map drawn as text, one string per row, **top row first**: `#` solid, `.` or space
    /// empty, `=` one-way, `/` slope rising to the right, `\` slope rising to the left.
    ///
    /// ```
    /// use glissade::{Tile, TileMap};
    /// let map = TileMap::from_rows(&[
    ///     "....",
    ///     "../#",
    ///     "####",
    /// ], 1.0)?;
    /// assert_eq!(map.get(2, 1), Some(Tile::SlopeUpRight));
    /// assert_eq!(map.get(0, 0), Some(Tile::Solid));
    /// # Ok::<(), glissade::world::TileMapError>(())
    /// ```
    pub fn from_rows(rows: &[&str], cell_size: f32) -> Result<Self, TileMapError> {
        let expected = rows.first().map_or(0, |r| r.chars().count());
        let height = rows.len();
        let mut map = TileMap::new(
            u32::try_from(expected).unwrap_or(u32::MAX),
            u32::try_from(height).unwrap_or(u32::MAX),
            cell_size,
        )?;
        for (row, text) in rows.iter().enumerate() {
            let found = text.chars().count();
            if found != expected {
                return Err(TileMapError::RaggedRows {
                    row,
                    found,
                    expected,
                });
            }
            for (column, c) in text.chars().enumerate() {
                let tile = Tile::from_char(c).ok_or(TileMapError::UnknownTile {
                    row,
                    column,
                    found: c,
                })?;
                // Bounds were checked by `new`.
                let y = height - 1 - row;
                map.cells[y * expected + column] = tile as u8;
                map.occupied
                    .set(column as u32, y as u32, tile != Tile::Empty);
            }
        }
        Ok(map)
    }

    /// Cells across.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Cells up.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Side of a cell, world units.
    #[must_use]
    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    /// The tile at column `x`, row `y` (0 is the bottom row); `None` outside the map.
    #[must_use]
    pub fn get(&self, x: u32, y: u32) -> Option<Tile> {
        (x < self.width && y < self.height)
            .then(|| Tile::ALL[usize::from(self.cells[self.index(x, y)])])
    }

    /// Sets the tile at column `x`, row `y`. A map already in a world is changed with
    /// [`World::set_tile`](crate::world::World::set_tile).
    pub fn set(&mut self, x: u32, y: u32, tile: Tile) -> Result<(), TileMapError> {
        if x >= self.width || y >= self.height {
            return Err(TileMapError::OutOfBounds {
                x,
                y,
                width: self.width,
                height: self.height,
            });
        }
        let i = self.index(x, y);
        self.cells[i] = tile as u8;
        self.occupied.set(x, y, tile != Tile::Empty);
        Ok(())
    }

    /// The map's extent in its local frame: `(0, 0)` to `(width, height) × cell_size`.
    #[must_use]
    pub fn local_bounds(&self) -> (Vec2, Vec2) {
        (
            Vec2::ZERO,
            Vec2::new(self.width as f32, self.height as f32) * self.cell,
        )
    }

    #[inline]
    fn index(&self, x: u32, y: u32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// The tile at a cell given by signed coordinates: `Empty` outside the map.
    #[inline]
    fn at(&self, c: IVec2) -> Tile {
        if c.x < 0 || c.y < 0 || c.x as u32 >= self.width || c.y as u32 >= self.height {
            return Tile::Empty;
        }
        Tile::ALL[usize::from(self.cells[self.index(c.x as u32, c.y as u32)])]
    }

    /// The tile at a cell known to be inside the map (a rectangle already clamped to it).
    #[inline]
    fn at_in_map(&self, x: i32, y: i32) -> Tile {
        debug_assert!(
            self.get(x as u32, y as u32).is_some(),
            "({x}, {y}) outside the map"
        );
        Tile::ALL[usize::from(self.cells[self.index(x as u32, y as u32)])]
    }

    /// The first column in `x..=x1` of row `y` that holds a tile, with that tile; the cells
    /// are inside the map (a rectangle already clamped to it).
    #[inline]
    fn next_tile_in_row(&self, y: i32, x: i32, x1: i32) -> Option<(i32, Tile)> {
        let x = self.occupied.next(y, x, x1)?;
        Some((x, self.at_in_map(x, y)))
    }

    /// The range of cells `[lo, hi]` (inclusive) a local box touches, clamped to the map.
    pub(crate) fn cell_rect(&self, lo: Vec2, hi: Vec2) -> Option<CellRect> {
        let all = self.all_cells();
        CellRect::covering(lo, hi, self.cell).clamp(all.lo, all.hi)
    }

    /// Every cell of the map.
    fn all_cells(&self) -> CellRect {
        CellRect {
            lo: IVec2::ZERO,
            hi: IVec2::new(self.width as i32 - 1, self.height as i32 - 1),
        }
    }

    fn origin(&self, c: IVec2) -> Vec2 {
        c.as_vec2() * self.cell
    }

    /// Visits the non-empty cells in `rect` (row by row, bottom first).
    pub(crate) fn for_each_tile(&self, rect: CellRect, mut f: impl FnMut(IVec2, Tile)) {
        for y in rect.lo.y..=rect.hi.y {
            for x in rect.lo.x..=rect.hi.x {
                let c = IVec2::new(x, y);
                let t = self.at(c);
                if t != Tile::Empty {
                    f(c, t);
                }
            }
        }
    }

    /// The shape of `tile`, in the frame of its cell.
    fn shape(&self, tile: Tile) -> Option<&Shape> {
        self.shapes[tile as usize].as_ref()
    }
}

/// The linear tolerance of a body whose local bounds are `[slo, shi]` at the map-local
/// position `q`: from the largest magnitude of its position plus its extent (map units), as
/// its contacts with the tiles are computed from those coordinates.
#[inline]
pub(super) fn body_tolerance(q: Vec2, slo: Vec2, shi: Vec2) -> f32 {
    crate::tolerance::linear_tolerance(body_scale(q, slo, shi))
}

/// The magnitude of the coordinates a body whose local bounds are `[slo, shi]` at the
/// map-local position `q` brings to its contacts with the tiles (map units): the largest
/// magnitude of its position plus its extent.
#[inline]
pub(super) fn body_scale(q: Vec2, slo: Vec2, shi: Vec2) -> f32 {
    q.abs().max_element() + shi.abs().max(slo.abs()).max_element()
}

/// The shapes of the tiles in a cell's frame.
fn tile_shapes(s: f32) -> Result<[Option<Shape>; 5], ShapeError> {
    let (o, x, y, xy) = (
        Vec2::ZERO,
        Vec2::new(s, 0.0),
        Vec2::new(0.0, s),
        Vec2::splat(s),
    );
    Ok([
        None,
        Some(Aabb::new(o, xy)?.into()),
        Some(Segment::new(y, xy)?.into()),
        Some(ConvexPolygon::new(&[o, x, xy])?.into()),
        Some(ConvexPolygon::new(&[o, x, y])?.into()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thousand_by_thousand_map_takes_one_byte_per_cell() {
        let map = TileMap::new(1000, 1000, 1.0).unwrap();
        assert_eq!(map.cells.len(), 1_000_000);
        assert_eq!(std::mem::size_of::<Tile>(), 1);
    }

    #[test]
    fn rows_are_read_top_first() {
        let map = TileMap::from_rows(&["#..", "=/\\"], 2.0).unwrap();
        assert_eq!(map.get(0, 1), Some(Tile::Solid));
        assert_eq!(map.get(0, 0), Some(Tile::OneWay));
        assert_eq!(map.get(1, 0), Some(Tile::SlopeUpRight));
        assert_eq!(map.get(2, 0), Some(Tile::SlopeUpLeft));
        assert_eq!(map.get(3, 0), None);
        assert_eq!(
            TileMap::from_rows(&["#x"], 1.0),
            Err(TileMapError::UnknownTile {
                row: 0,
                column: 1,
                found: 'x'
            })
        );
        assert!(matches!(
            TileMap::from_rows(&["##", "#"], 1.0),
            Err(TileMapError::RaggedRows { row: 1, .. })
        ));
        assert!(matches!(
            TileMap::new(0, 3, 1.0),
            Err(TileMapError::Dimensions { .. })
        ));
        assert!(matches!(
            TileMap::new(3, 3, f32::NAN),
            Err(TileMapError::CellSize { .. })
        ));
    }
}
