//! A compact grid of tiles, queried cell by cell, with only its exposed faces.

use glam::{IVec2, Vec2};

use super::sweep::{CellRect, sweep_cells};
use crate::shape::ShapeError;
use crate::query::{CastResult, Penetration, RayHit, cast, overlap, raycast};
use crate::shape::{Aabb, ConvexPolygon, Segment, Shape};
use crate::tolerance::{FACE_MATCH_COS, linear_tolerance};

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

/// A side of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
    Bottom,
    Top,
}

impl Side {
    fn from_normal(n: Vec2) -> Option<Side> {
        [
            (Vec2::NEG_X, Side::Left),
            (Vec2::X, Side::Right),
            (Vec2::NEG_Y, Side::Bottom),
            (Vec2::Y, Side::Top),
        ]
        .into_iter()
        .find(|(f, _)| n.dot(*f) >= FACE_MATCH_COS)
        .map(|(_, s)| s)
    }

    fn offset(self) -> IVec2 {
        match self {
            Side::Left => IVec2::NEG_X,
            Side::Right => IVec2::X,
            Side::Bottom => IVec2::NEG_Y,
            Side::Top => IVec2::Y,
        }
    }

    fn opposite(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
            Side::Bottom => Side::Top,
            Side::Top => Side::Bottom,
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
/// bottom (y up). Added to a [`World`](crate::World) as one collider whose position is the
/// map's bottom-left corner. Queries walk the cells they touch and never see a face between
/// two tiles that cover it both: a body sliding along a floor, wall or slope made of many
/// tiles meets no seam.
#[derive(Debug, Clone, PartialEq)]
pub struct TileMap {
    width: u32,
    height: u32,
    cell: f32,
    cells: Vec<u8>,
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
    /// # Ok::<(), glissade::TileMapError>(())
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
                let i = (height - 1 - row) * expected + column;
                map.cells[i] = tile as u8;
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
    /// [`World::set_tile`](crate::World::set_tile).
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

    /// Whether the local point `p` is inside a tile (one-way platforms have no inside).
    pub(crate) fn contains_point(&self, p: Vec2) -> bool {
        let Some(rect) = self.cell_rect(p, p) else {
            return false;
        };
        let mut inside = false;
        self.for_each_tile(rect, |c, t| {
            if let Some(s) = self.shape(t)
                && t != Tile::OneWay
            {
                inside |= s.contains_point(self.origin(c), p);
            }
        });
        inside
    }

    /// Whether any tile's solid part overlaps or touches the local box `[lo, hi]` (a segment
    /// or a point when flat; one-way tops count).
    pub(crate) fn any_in_box(&self, lo: Vec2, hi: Vec2) -> bool {
        // Widened by the tolerance: a box touching a tile's right or top face counts.
        let tol = linear_tolerance(lo.abs().max(hi.abs()).max_element());
        let Some(rect) = self.cell_rect(lo - tol, hi + tol) else {
            return false;
        };
        let mut any = false;
        self.for_each_tile(rect, |c, t| {
            if !any && let Some(s) = self.shape(t) {
                any = super::box_touches(lo, hi, s, self.origin(c));
            }
        });
        any
    }

    /// First contact of `shape` moving from local position `q` by `d`, and every cell it
    /// starts overlapping (pushed to `overlaps` with its corrected push).
    pub(crate) fn cast(
        &self,
        shape: &Shape,
        q: Vec2,
        d: Vec2,
        one_way: bool,
        overlaps: Option<&mut Vec<(IVec2, Penetration)>>,
    ) -> Option<TileContact> {
        let (slo, shi) = shape.local_bounds();
        let tol = linear_tolerance(q.abs().max_element() + shi.abs().max(slo.abs()).max_element());
        let mut best: Option<TileContact> = None;
        let mut pushes = Pushes::default();
        let want = overlaps.is_some();
        sweep_cells(
            q + slo,
            q + shi,
            d,
            self.cell,
            tol,
            self.all_cells(),
            |t0, rect, prev| {
                if best.is_some_and(|b| b.fraction < t0) {
                    return false;
                }
                let fresh = |c: IVec2| !prev.is_some_and(|p| p.contains(c));
                for y in rect.lo.y..=rect.hi.y {
                    let mut x = rect.lo.x;
                    while x <= rect.hi.x {
                        let c = IVec2::new(x, y);
                        let tile = self.at(c);
                        if tile == Tile::Empty || (tile == Tile::OneWay && !one_way) || !fresh(c) {
                            x += 1;
                            continue;
                        }
                        // A run of solid tiles is cast as one box: the faces between them
                        // are hidden anyway.
                        let mut end = x;
                        if tile == Tile::Solid {
                            while end < rect.hi.x {
                                let n = IVec2::new(end + 1, y);
                                if self.at(n) != Tile::Solid || !fresh(n) {
                                    break;
                                }
                                end += 1;
                            }
                        }
                        if end > x && !self.cast_run(shape, q, d, y, x, end, &mut best) {
                            // Overlapping the run: tile by tile, for the pushes.
                            for cx in x..=end {
                                self.cast_tile(
                                    shape,
                                    q,
                                    d,
                                    IVec2::new(cx, y),
                                    Tile::Solid,
                                    &mut best,
                                    &mut pushes,
                                    want,
                                );
                            }
                        } else if end == x {
                            self.cast_tile(shape, q, d, c, tile, &mut best, &mut pushes, want);
                        }
                        x = end + 1;
                    }
                }
                true
            },
        );
        if let Some(out) = overlaps {
            pushes.finish(self, shape, q, out);
        }
        best
    }

    /// Casts against the solid tiles `x0..=x1` of row `y` as one box. Returns `false` when
    /// the body starts overlapping the run (nothing recorded then).
    #[allow(clippy::too_many_arguments)]
    fn cast_run(
        &self,
        shape: &Shape,
        q: Vec2,
        d: Vec2,
        y: i32,
        x0: i32,
        x1: i32,
        best: &mut Option<TileContact>,
    ) -> bool {
        let o = self.origin(IVec2::new(x0, y));
        let size = Vec2::new((x1 - x0 + 1) as f32, 1.0) * self.cell;
        let run = Shape::Aabb(Aabb::from_ordered(Vec2::ZERO, size));
        checked(x1 - x0 + 1);
        match cast(shape, q, d, &run, o, Vec2::ZERO) {
            CastResult::Miss => true,
            CastResult::Overlapping(_) => false,
            CastResult::Hit(h) => {
                if best.is_some_and(|b| b.fraction <= h.fraction) {
                    return true;
                }
                let cx = ((h.point.x - o.x) / self.cell).floor() as i32;
                let c = IVec2::new(x0 + cx.clamp(0, x1 - x0), y);
                if let Some(normal) =
                    self.correct_normal(c, Tile::Solid, h.normal, h.point - self.origin(c))
                {
                    *best = Some(TileContact {
                        cell: c,
                        fraction: h.fraction,
                        point: h.point,
                        normal,
                    });
                }
                true
            }
        }
    }

    /// Casts against one tile.
    #[allow(clippy::too_many_arguments)]
    fn cast_tile(
        &self,
        shape: &Shape,
        q: Vec2,
        d: Vec2,
        c: IVec2,
        tile: Tile,
        best: &mut Option<TileContact>,
        pushes: &mut Pushes,
        want_overlaps: bool,
    ) {
        let Some(cs) = self.shape(tile) else {
            return;
        };
        let o = self.origin(c);
        if tile == Tile::OneWay && !self.above_one_way(shape, q, c) {
            return;
        }
        checked(1);
        match cast(shape, q, d, cs, o, Vec2::ZERO) {
            CastResult::Miss => {}
            CastResult::Overlapping(p) => {
                // One-way platforms never push.
                if want_overlaps && tile != Tile::OneWay {
                    pushes.add(c, tile, self.correct_overlap(shape, q, c, tile, p));
                }
            }
            CastResult::Hit(h) => {
                if best.is_some_and(|b| b.fraction <= h.fraction) {
                    return;
                }
                if let Some(normal) = self.correct_normal(c, tile, h.normal, h.point - o) {
                    *best = Some(TileContact {
                        cell: c,
                        fraction: h.fraction,
                        point: h.point,
                        normal,
                    });
                }
            }
        }
    }

    /// Every cell `shape` at local position `q` overlaps, with the push out through exposed
    /// faces only.
    pub(crate) fn overlaps(&self, shape: &Shape, q: Vec2, out: &mut Vec<(IVec2, Penetration)>) {
        let (slo, shi) = shape.local_bounds();
        let Some(rect) = self.cell_rect(q + slo, q + shi) else {
            return;
        };
        let mut pushes = Pushes::default();
        self.for_each_tile(rect, |c, tile| {
            let Some(cs) = self.shape(tile) else {
                return;
            };
            if tile == Tile::OneWay {
                return;
            }
            checked(1);
            if let Some(p) = overlap(shape, q, cs, self.origin(c)) {
                pushes.add(c, tile, self.correct_overlap(shape, q, c, tile, p));
            }
        });
        pushes.finish(self, shape, q, out);
    }

    /// Whether `shape` at local `q` overlaps any tile deeper than the tolerance (one-way
    /// platforms never count).
    pub(crate) fn overlaps_any(&self, shape: &Shape, q: Vec2) -> bool {
        let (slo, shi) = shape.local_bounds();
        let Some(rect) = self.cell_rect(q + slo, q + shi) else {
            return false;
        };
        let mut any = false;
        self.for_each_tile(rect, |c, tile| {
            if !any
                && tile != Tile::OneWay
                && let Some(cs) = self.shape(tile)
            {
                checked(1);
                any = overlap(shape, q, cs, self.origin(c)).is_some();
            }
        });
        any
    }

    /// The shortest push that clears `shape` at local `q` of every tile in `cells` at once
    /// without entering another: of the pushes of the tiles alone combined, and of a push
    /// along each axis, each diagonal and the directions of the deepest tiles' own pushes (at
    /// most [`MAX_PUSH_DIRECTIONS`] of them) by the distance that clears all of them, the
    /// shortest that leaves the body clear. A body with no such push nearby (buried) goes to
    /// the nearest free cell.
    ///
    /// Work: a bounded number of candidate pushes, each checked against the tiles under the
    /// body once — linear in the tiles the body covers.
    fn union_push(&self, shape: &Shape, q: Vec2, cells: &[Overlapped]) -> UnionPush {
        let mut best: Option<(Vec2, bool)> = None;
        let mut consider = |o: Vec2, own: bool| {
            if o.is_finite()
                && best.is_none_or(|(b, _)| o.length_squared() < b.length_squared())
                && !self.overlaps_any(shape, q + o)
            {
                best = Some((o, own));
            }
        };
        // The tiles' own shortest pushes, combined (a floor and a wall: both at once).
        let own: Vec<(Vec2, f32)> = cells
            .iter()
            .filter_map(|(_, _, p)| {
                p.filter(|(_, direct)| *direct)
                    .map(|(p, _)| (p.normal, p.depth))
            })
            .collect();
        if !own.is_empty() {
            consider(crate::geometry::combine_pushes(&own), true);
        }
        let mut dirs: Vec<Vec2> = OCTANT_EDGE.to_vec();
        dirs.extend(push_directions(cells));
        // The body's and each tile's support along a direction, once per direction.
        for n in dirs {
            // Far enough along n to clear every tile.
            let body = q.dot(n) - shape.support(-n);
            let mut d = 0.0f32;
            for (c, tile, _) in cells {
                if let Some(cs) = self.shape(*tile) {
                    d = d.max(self.origin(*c).dot(n) + cs.support(n) - body);
                }
            }
            consider(n * d, false);
        }
        let single = |p: Option<Penetration>| p.map_or(UnionPush::None, UnionPush::Single);
        match best {
            Some((_, true)) => UnionPush::Own,
            Some((o, false)) => {
                let depth = o.length();
                single((depth > 0.0).then(|| Penetration {
                    normal: o / depth,
                    depth,
                }))
            }
            None => single(self.escape(shape, q)),
        }
    }

    /// The shortest move (to the centre of a nearby free cell, within [`ESCAPE_CELLS`]) that
    /// frees a body buried in tiles, as a push.
    fn escape(&self, shape: &Shape, q: Vec2) -> Option<Penetration> {
        let (slo, shi) = shape.local_bounds();
        let centre = q + (slo + shi) * 0.5;
        let home = CellRect::covering(centre, centre, self.cell).lo;
        let mut best: Option<Vec2> = None;
        for r in 1..=ESCAPE_CELLS {
            for dy in -r..=r {
                for dx in -r..=r {
                    if dx.abs() != r && dy.abs() != r {
                        continue;
                    }
                    let c = home.saturating_add(IVec2::new(dx, dy));
                    if self.at(c) != Tile::Empty {
                        continue;
                    }
                    let target = (c.as_vec2() + 0.5) * self.cell;
                    let push = target - centre;
                    if best.is_some_and(|b| b.length_squared() <= push.length_squared()) {
                        continue;
                    }
                    if !self.overlaps_any(shape, q + push) {
                        best = Some(push);
                    }
                }
            }
            // Rings are squares: a ring further out can still hold a nearer centre, but not
            // once the ring's inner distance exceeds the best found.
            if best.is_some_and(|b| b.length() <= r as f32 * self.cell) {
                break;
            }
        }
        let push = best?;
        let depth = push.length();
        (depth > 0.0).then(|| Penetration {
            normal: push / depth,
            depth,
        })
    }

    /// First entry of the local ray `origin + t·dir`, `t ∈ [0, max_t]`, into a tile, walking
    /// the cells the ray crosses in order (Amanatides–Woo).
    /// One-way tiles count only when `one_way` is set (and only for rays starting above).
    pub(crate) fn raycast(
        &self,
        origin: Vec2,
        dir: Vec2,
        max_t: f32,
        one_way: bool,
    ) -> Option<(IVec2, RayHit)> {
        let mut found = None;
        let tol = linear_tolerance(origin.abs().max_element());
        // Starting inside the tiles: a hit at once, with the shortest way out as normal.
        if self.contains_point(origin) {
            let mut out = Vec::new();
            if let Ok(probe) = crate::Circle::new(tol) {
                self.overlaps(&Shape::Circle(probe), origin, &mut out);
            }
            let (cell, normal) = out.first().map_or(
                (
                    self.cell_rect(origin, origin).map_or(IVec2::ZERO, |r| r.lo),
                    -dir.normalize_or_zero(),
                ),
                |(c, p)| (*c, p.normal),
            );
            return Some((
                cell,
                RayHit {
                    fraction: 0.0,
                    point: origin,
                    normal,
                },
            ));
        }
        sweep_cells(
            origin,
            origin,
            dir * max_t,
            self.cell,
            tol,
            self.all_cells(),
            |t0, rect, prev| {
                if found.is_some_and(|(_, h): (IVec2, RayHit)| h.fraction < t0 * max_t) {
                    return false;
                }
                self.for_each_tile(rect, |c, tile| {
                    if prev.is_some_and(|p| p.contains(c)) {
                        return;
                    }
                    let Some(cs) = self.shape(tile) else {
                        return;
                    };
                    let o = self.origin(c);
                    if tile == Tile::OneWay && (!one_way || origin.y < o.y + self.cell - tol) {
                        return;
                    }
                    let Some(h) = raycast(cs, o, origin, dir, max_t) else {
                        return;
                    };
                    if found.is_some_and(|(_, b): (IVec2, RayHit)| b.fraction <= h.fraction) {
                        return;
                    }
                    // A ray is a point: its hit normal is the face's, or a corner's.
                    if let Some(normal) = self.correct_normal(c, tile, h.normal, h.point - o) {
                        found = Some((c, RayHit { normal, ..h }));
                    }
                });
                true
            },
        );
        found
    }

    /// The normal a contact on `tile` at `c` really has, seen from the union of all tiles: a
    /// face hidden by a neighbour gives `None`, a contact at a corner gets a normal allowed at
    /// that corner (a corner inside a flat run of tiles has the run's normal). `local` is the
    /// contact point in the cell's frame.
    fn correct_normal(&self, c: IVec2, tile: Tile, n: Vec2, local: Vec2) -> Option<Vec2> {
        if tile == Tile::OneWay {
            return self.one_way_normal(c, n, local);
        }
        if let Some(side) = Side::from_normal(n) {
            // A face of the tile, or a corner met by a flat face of the body along that side.
            if tile.covers(side) {
                return (!self.at(c + side.offset()).covers(side.opposite())).then_some(n);
            }
        }
        if let Some(f) = hypotenuse(tile)
            && n.dot(f) >= FACE_MATCH_COS
        {
            return Some(n);
        }
        // A corner: the grid vertex of the cell nearest the contact.
        let v = c
            + (local / self.cell)
                .round()
                .as_ivec2()
                .clamp(IVec2::ZERO, IVec2::ONE);
        corner_normal(self.solid_octants(v), n)
    }

    /// Whether `shape` at local `q` is above the top of the one-way tile `c` (within the
    /// tolerance): only then does the platform block it.
    fn above_one_way(&self, shape: &Shape, q: Vec2, c: IVec2) -> bool {
        let top = (c.y + 1) as f32 * self.cell;
        let bottom = q.y + shape.local_bounds().0.y;
        bottom >= top - linear_tolerance(top.abs().max(q.abs().max_element()))
    }

    /// A one-way platform blocks only from above; at its ends, a contact where the run of
    /// tops continues (another platform or a flush solid top) has the top's normal.
    fn one_way_normal(&self, c: IVec2, n: Vec2, local: Vec2) -> Option<Vec2> {
        if n.y <= 0.0 {
            return None;
        }
        if n.dot(Vec2::Y) >= FACE_MATCH_COS {
            return Some(Vec2::Y);
        }
        let side = if local.x < self.cell * 0.5 { -1 } else { 1 };
        let next = c + IVec2::new(side, 0);
        let flush = match self.at(next) {
            Tile::OneWay => true,
            Tile::Solid => !self.at(next + IVec2::Y).covers(Side::Bottom),
            _ => false,
        };
        Some(if flush { Vec2::Y } else { n })
    }

    /// Which of the 8 octants (45° each, counter-clockwise from +x) around the grid vertex `v`
    /// are inside tiles.
    fn solid_octants(&self, v: IVec2) -> u8 {
        // The four cells around v and the octants of v they touch.
        let around = [
            (v, 0u32),           // upper right: octants 0, 1
            (v - IVec2::X, 2),   // upper left: 2, 3
            (v - IVec2::ONE, 4), // lower left: 4, 5
            (v - IVec2::Y, 6),   // lower right: 6, 7
        ];
        let mut mask = 0u8;
        for (cell, first) in around {
            let tile = self.at(cell);
            if tile == Tile::Empty || tile == Tile::OneWay {
                continue;
            }
            // The vertex in the cell's unit frame.
            let corner = (v - cell).as_vec2();
            for k in first..first + 2 {
                let probe = corner + OCTANT_MID[k as usize] * OCTANT_PROBE;
                if tile.contains_unit(probe) {
                    mask |= 1 << k;
                }
            }
        }
        mask
    }

    /// The push out of a tile overlap through faces that are exposed, or `None` when the tile
    /// has no exposed way out. `true` when it is the overlap's own shortest push; `false` for
    /// a longer way out, used only when no overlapped tile has its own (a body buried where
    /// every tile's shortest way out is into its neighbour).
    fn correct_overlap(
        &self,
        shape: &Shape,
        q: Vec2,
        c: IVec2,
        tile: Tile,
        p: Penetration,
    ) -> Option<(Penetration, bool)> {
        if tile == Tile::OneWay {
            return None;
        }
        let o = self.origin(c);
        let cs = self.shape(tile)?;
        // The contact point is roughly the tile's point deepest toward the body.
        let local = (q - o).clamp(Vec2::ZERO, Vec2::splat(self.cell));
        if let Some(n) = self.correct_normal(c, tile, p.normal, local)
            && n.dot(p.normal) >= FACE_MATCH_COS
        {
            return Some((p, true));
        }
        // Shortest push along the tile's exposed faces.
        let mut best: Option<Penetration> = None;
        let mut faces: [Option<Vec2>; 5] = [None; 5];
        for (i, side) in [Side::Left, Side::Right, Side::Bottom, Side::Top]
            .into_iter()
            .enumerate()
        {
            if tile.covers(side) && !self.at(c + side.offset()).covers(side.opposite()) {
                faces[i] = Some(side_normal(side));
            }
        }
        faces[4] = hypotenuse(tile);
        for n in faces.into_iter().flatten() {
            // Separation along n: the tile's farthest point minus the body's nearest.
            let depth = (o.dot(n) + cs.support(n)) - (q.dot(n) - shape.support(-n));
            if depth > 0.0 && best.is_none_or(|b| depth < b.depth) {
                best = Some(Penetration { normal: n, depth });
            }
        }
        best.map(|p| (p, false))
    }
}

#[cfg(test)]
thread_local! {
    /// Tiles checked against a body by this thread's queries (tests only): a bound on the
    /// work of a query that does not depend on time.
    static CHECKED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `tiles` tiles checked against a body (tests only; nothing in a build).
#[inline(always)]
fn checked(tiles: i32) {
    #[cfg(test)]
    CHECKED.with(|c| c.set(c.get() + tiles as u64));
    #[cfg(not(test))]
    let _ = tiles;
}

/// A tile overlapped, with its own push through an exposed face (if it has one) and whether
/// that push is the overlap's own shortest.
type Overlapped = (IVec2, Tile, Option<(Penetration, bool)>);

/// The tiles a body overlaps, and the pushes out of each of them alone.
#[derive(Default)]
struct Pushes {
    /// Every tile overlapped, with its own push through an exposed face (if it has one) and
    /// whether that push is the overlap's own shortest.
    cells: Vec<Overlapped>,
}

impl Pushes {
    fn add(&mut self, c: IVec2, tile: Tile, p: Option<(Penetration, bool)>) {
        self.cells.push((c, tile, p));
    }

    /// One push out of all the tiles at once (see [`TileMap::union_push`]); a lone tile's own
    /// shortest push as it is.
    fn finish(self, map: &TileMap, shape: &Shape, q: Vec2, out: &mut Vec<(IVec2, Penetration)>) {
        match self.cells.as_slice() {
            [] => {}
            [(c, _, Some((p, true)))] => out.push((*c, *p)),
            [(c, ..), ..] => {
                match map.union_push(shape, q, &self.cells) {
                    // The tiles' own pushes, together: given as they are (the mover adds its skin
                    // along each).
                    UnionPush::Own => out.extend(self.cells.iter().filter_map(|(c, _, p)| {
                        p.filter(|(_, direct)| *direct).map(|(p, _)| (*c, p))
                    })),
                    UnionPush::Single(p) => out.push((*c, p)),
                    UnionPush::None => {}
                }
            }
        }
    }
}

/// The way out of several tiles.
enum UnionPush {
    /// The tiles' own shortest pushes, all together.
    Own,
    /// One push.
    Single(Penetration),
    /// None found.
    None,
}

/// A contact found in a tile map, local frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TileContact {
    pub cell: IVec2,
    pub fraction: f32,
    pub point: Vec2,
    pub normal: Vec2,
}

/// Unit directions through the middle of each octant (22.5° + k·45°).
const OCTANT_MID: [Vec2; 8] = {
    const C: f32 = 0.923_879_5; // cos 22.5°
    const S: f32 = 0.382_683_43; // sin 22.5°
    [
        Vec2::new(C, S),
        Vec2::new(S, C),
        Vec2::new(-S, C),
        Vec2::new(-C, S),
        Vec2::new(-C, -S),
        Vec2::new(-S, -C),
        Vec2::new(S, -C),
        Vec2::new(C, -S),
    ]
};

/// Unit directions of the octant boundaries (k·45°).
const OCTANT_EDGE: [Vec2; 8] = {
    const H: f32 = std::f32::consts::FRAC_1_SQRT_2;
    [
        Vec2::new(1.0, 0.0),
        Vec2::new(H, H),
        Vec2::new(0.0, 1.0),
        Vec2::new(-H, H),
        Vec2::new(-1.0, 0.0),
        Vec2::new(-H, -H),
        Vec2::new(0.0, -1.0),
        Vec2::new(H, -H),
    ]
};

/// Most directions, besides the axes and diagonals, that a push out of several tiles tries:
/// those of the deepest tiles' own pushes. Keeps the work of a push linear in the tiles under
/// the body, however many of them have their own direction (a big round body).
const MAX_PUSH_DIRECTIONS: usize = 8;

/// The directions of the tiles' own pushes worth trying besides the axes and diagonals: at
/// most [`MAX_PUSH_DIRECTIONS`], those of the deepest pushes (ties by direction), each once.
fn push_directions(cells: &[Overlapped]) -> Vec<Vec2> {
    let mut pushes: Vec<Penetration> = cells
        .iter()
        .filter_map(|(_, _, p)| p.map(|(p, _)| p))
        .filter(|p| !OCTANT_EDGE.contains(&p.normal))
        .collect();
    let key = |p: &Penetration| (p.normal.x.to_bits(), p.normal.y.to_bits());
    pushes.sort_by(|a, b| b.depth.total_cmp(&a.depth).then(key(a).cmp(&key(b))));
    let mut dirs: Vec<Vec2> = Vec::with_capacity(MAX_PUSH_DIRECTIONS);
    for p in pushes {
        if dirs.len() == MAX_PUSH_DIRECTIONS {
            break;
        }
        if !dirs.contains(&p.normal) {
            dirs.push(p.normal);
        }
    }
    dirs
}

/// How far, in cells, a body buried in tiles looks for a free cell to escape to.
const ESCAPE_CELLS: i32 = 8;

/// How far from a vertex, in cells, its octants are probed (any value in (0, 1) works for
/// tiles made of whole cells and 45° halves).
const OCTANT_PROBE: f32 = 0.25;

/// The normal allowed at a corner whose solid octants are `mask`, nearest to `n`: each free
/// run of octants bounded by solid ones allows the normals between its two faces' normals (a
/// single one when the run spans 180°, a flat surface).
fn corner_normal(mask: u8, n: Vec2) -> Option<Vec2> {
    if mask == 0xFF || mask == 0 {
        return (mask == 0).then_some(n);
    }
    let solid = |k: usize| mask & (1 << (k % 8)) != 0;
    let mut best: Option<(f32, Vec2)> = None;
    // Each free run starts at an octant whose clockwise neighbour is solid.
    for a in 0..8 {
        if solid(a) || !solid(a + 7) {
            continue;
        }
        let mut len = 0;
        while !solid(a + len) {
            len += 1;
        }
        // Face along direction a (solid clockwise of it) faces a + 90°; the face along
        // a + len faces a + len - 90°. In octant steps: a + 2 and a + len - 2.
        let u1 = OCTANT_EDGE[(a + 2) % 8];
        let u2 = OCTANT_EDGE[(a + len + 6) % 8];
        let candidate = if len >= 4 && u1.perp_dot(n) >= 0.0 && n.perp_dot(u2) >= 0.0 {
            n
        } else if u1.dot(n) >= u2.dot(n) {
            u1
        } else {
            u2
        };
        let score = candidate.dot(n);
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, candidate));
        }
    }
    best.map(|(_, v)| v)
}

fn side_normal(side: Side) -> Vec2 {
    match side {
        Side::Left => Vec2::NEG_X,
        Side::Right => Vec2::X,
        Side::Bottom => Vec2::NEG_Y,
        Side::Top => Vec2::Y,
    }
}

/// The outward normal of a slope's sloped face.
fn hypotenuse(tile: Tile) -> Option<Vec2> {
    const H: f32 = std::f32::consts::FRAC_1_SQRT_2;
    match tile {
        Tile::SlopeUpRight => Some(Vec2::new(-H, H)),
        Tile::SlopeUpLeft => Some(Vec2::new(H, H)),
        _ => None,
    }
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

    #[test]
    fn a_corner_inside_a_flat_run_has_the_runs_normal() {
        // ....
        // ####   the vertex between the two top tiles: solid below, free above.
        let map = TileMap::from_rows(&["....", "####"], 1.0).unwrap();
        let mask = map.solid_octants(IVec2::new(2, 1));
        assert_eq!(mask, 0b1111_0000);
        let tilted = Vec2::new(0.6, 0.8);
        assert_eq!(corner_normal(mask, tilted), Some(Vec2::Y));
    }

    #[test]
    fn an_outer_corner_keeps_normals_between_its_faces() {
        // ..
        // #.   the top-right corner of a lone block: free from -90° round to 180°.
        let map = TileMap::from_rows(&["..", "#."], 1.0).unwrap();
        let mask = map.solid_octants(IVec2::new(1, 1));
        assert_eq!(mask, 0b0011_0000);
        let diag = Vec2::new(1.0, 1.0).normalize();
        assert_eq!(corner_normal(mask, diag), Some(diag));
        // Beyond the faces' normals it is clamped to the nearer one.
        assert_eq!(corner_normal(mask, Vec2::new(-0.6, 0.8)), Some(Vec2::Y));
    }

    #[test]
    fn a_slope_meeting_a_flat_top_is_a_crest() {
        // ..
        // /#   the top of the slope meets the block's top: normals from the slope's to up.
        let map = TileMap::from_rows(&["..", "/#"], 1.0).unwrap();
        let mask = map.solid_octants(IVec2::new(1, 1));
        assert_eq!(mask, 0b1110_0000);
        let up_left = Vec2::new(-1.0, 1.0).normalize();
        assert_eq!(corner_normal(mask, Vec2::Y), Some(Vec2::Y));
        let between = Vec2::new(-0.3, 1.0).normalize();
        assert_eq!(corner_normal(mask, between), Some(between));
        assert_eq!(
            corner_normal(mask, Vec2::new(-1.0, 0.2).normalize()),
            Some(up_left)
        );
    }

    #[test]
    fn pushing_a_body_out_of_a_row_of_tiles_checks_each_tile_a_bounded_number_of_times() {
        // One row of N solid tiles of 0.25, a body 0.9 of the row wide and 0.15 tall sunk
        // into it (once 8 + N directions, each checked against every tile: quadratic).
        // Overlap, cast and move all check each tile under the body at most a fixed number of
        // times, whatever N.
        use crate::{ColliderDesc, MoveConfig, QueryFilter, World, move_and_slide};
        let mut per_tile = Vec::new();
        for n in [100u32, 400, 1600] {
            let mut world = World::new();
            let mut map = TileMap::new(n, 1, 0.25).unwrap();
            for x in 0..n {
                map.set(x, 0, Tile::Solid).unwrap();
            }
            world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
            let body: Shape = Aabb::from_half_extents(Vec2::new(n as f32 * 0.1125, 0.075))
                .unwrap()
                .into();
            let at = Vec2::new(n as f32 * 0.125, 0.125);
            CHECKED.with(|c| c.set(0));
            let pushed = world.overlap_shape(&body, at, &QueryFilter::default());
            assert!(pushed.iter().all(|o| o.normal == Vec2::Y));
            let _ = world.cast_shape(&body, at, Vec2::X, &QueryFilter::default());
            let r = move_and_slide(&mut world, (body, at), Vec2::X, &MoveConfig::default());
            assert!((r.unwrap().position.y - (0.25 + 0.075 + 0.01)).abs() < 1e-5);
            per_tile.push(CHECKED.with(|c| c.get()) as f64 / f64::from(n));
        }
        // The same few checks per tile at every size (about 7 here), not growing with N.
        assert!(per_tile.iter().all(|k| *k < 16.0), "{per_tile:?}");
        assert!(per_tile[2] < per_tile[0] * 1.25, "{per_tile:?}");
    }

    #[test]
    fn hidden_faces_are_not_contacts() {
        // ###   the middle tile's left and right faces are hidden; its top is exposed.
        let map = TileMap::from_rows(&["...", "###"], 1.0).unwrap();
        let c = IVec2::new(1, 0);
        assert_eq!(
            map.correct_normal(c, Tile::Solid, Vec2::NEG_X, Vec2::new(0.0, 0.5)),
            None
        );
        assert_eq!(
            map.correct_normal(c, Tile::Solid, Vec2::Y, Vec2::new(0.5, 1.0)),
            Some(Vec2::Y)
        );
    }
}
