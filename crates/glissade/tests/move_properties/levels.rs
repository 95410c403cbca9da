//! The random levels: shapes written so that a failing case prints as Rust that rebuilds it,
//! a tile map, the level they make and the case a property runs on.

use super::*;

/// A shape, written so that a failing case prints as something one can rebuild by hand.
#[derive(Clone, PartialEq)]
pub(super) enum Spec {
    Box { half: Vec2 },
    Circle { r: f32 },
    Capsule { a: Vec2, b: Vec2, r: f32 },
    Regular { sides: usize, r: f32, phase: f32 },
    Triangle { p: [Vec2; 3] },
    Segment { a: Vec2, b: Vec2 },
}

impl Spec {
    pub(super) fn shape(&self) -> Shape {
        match *self {
            Spec::Box { half } => Aabb::from_half_extents(half).unwrap().into(),
            Spec::Circle { r } => Circle::new(r).unwrap().into(),
            Spec::Capsule { a, b, r } => Capsule::new(a, b, r).unwrap().into(),
            Spec::Regular { sides, r, phase } => {
                ConvexPolygon::regular(sides, r, phase).unwrap().into()
            }
            Spec::Triangle { p } => ConvexPolygon::new(&p).unwrap().into(),
            Spec::Segment { a, b } => Segment::new(a, b).unwrap().into(),
        }
    }
}

/// A tile map of unit cells, drawn as in `TileMap::from_rows` (top row first).
#[derive(Clone, PartialEq)]
pub(super) struct Tiles {
    pub(super) origin: Vec2,
    pub(super) rows: Vec<String>,
}

impl Tiles {
    pub(super) fn new(origin: Vec2, rows: &[&str]) -> Tiles {
        Tiles {
            origin,
            rows: rows.iter().map(|r| r.to_string()).collect(),
        }
    }

    pub(super) fn width(&self) -> i32 {
        self.rows[0].len() as i32
    }

    pub(super) fn height(&self) -> i32 {
        self.rows.len() as i32
    }

    /// The tile of cell `c` (row 0 at the bottom); `Empty` outside.
    pub(super) fn get(&self, c: IVec2) -> Tile {
        if c.x < 0 || c.y < 0 || c.x >= self.width() || c.y >= self.height() {
            return Tile::Empty;
        }
        let row = &self.rows[(self.height() - 1 - c.y) as usize];
        Tile::from_char(row.as_bytes()[c.x as usize] as char).unwrap()
    }

    pub(super) fn clear(&mut self, c: IVec2) {
        let h = self.height();
        let row = &mut self.rows[(h - 1 - c.y) as usize];
        row.replace_range(c.x as usize..c.x as usize + 1, ".");
    }

    pub(super) fn map(&self) -> TileMap {
        let rows: Vec<&str> = self.rows.iter().map(String::as_str).collect();
        TileMap::from_rows(&rows, 1.0).unwrap()
    }

    /// The cells whose squares touch the world box `[lo, hi]`.
    pub(super) fn cells_in(&self, lo: Vec2, hi: Vec2) -> impl Iterator<Item = IVec2> + '_ {
        let a = (lo - self.origin).floor().as_ivec2().max(IVec2::ZERO);
        let b = (hi - self.origin)
            .floor()
            .as_ivec2()
            .min(IVec2::new(self.width() - 1, self.height() - 1));
        (a.y..=b.y).flat_map(move |y| (a.x..=b.x).map(move |x| IVec2::new(x, y)))
    }
}

/// The solid part of a tile in its cell's frame (a one-way tile is its top edge).
pub(super) fn tile_shape(tile: Tile) -> Option<Shape> {
    let (o, x, y, xy) = (Vec2::ZERO, Vec2::X, Vec2::Y, Vec2::ONE);
    match tile {
        Tile::Empty => None,
        Tile::Solid => Some(Aabb::new(o, xy).unwrap().into()),
        Tile::OneWay => Some(Segment::new(y, xy).unwrap().into()),
        Tile::SlopeUpRight => Some(ConvexPolygon::new(&[o, x, xy]).unwrap().into()),
        Tile::SlopeUpLeft => Some(ConvexPolygon::new(&[o, x, y]).unwrap().into()),
    }
}

#[derive(Clone, PartialEq)]
pub(super) struct Level {
    /// Shape colliders: spec and position.
    pub(super) shapes: Vec<(Spec, Vec2)>,
    pub(super) tiles: Option<Tiles>,
}

/// One piece of a level overlapped by a body (found without the world, pair by pair).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Piece {
    Shape(usize),
    Cell(IVec2),
}

impl Level {
    /// The world, with the colliders added in order or in reverse order; the handles of
    /// `shapes` in order, then the tile map's.
    pub(super) fn world(&self, reversed: bool) -> (World, Vec<Handle>) {
        let mut descs: Vec<(usize, ColliderDesc)> = self
            .shapes
            .iter()
            .map(|(s, at)| ColliderDesc::new(s.shape(), *at))
            .chain(
                self.tiles
                    .iter()
                    .map(|t| ColliderDesc::tiles(t.map(), t.origin)),
            )
            .enumerate()
            .collect();
        if reversed {
            descs.reverse();
        }
        let mut world = World::new();
        let mut handles = vec![None; descs.len()];
        for (i, d) in descs {
            handles[i] = Some(world.add(d).unwrap());
        }
        (world, handles.into_iter().map(Option::unwrap).collect())
    }

    /// Every shape and every solid (not one-way) tile cell `body` at `pos` overlaps, with the
    /// depth of that pair alone: a ground truth that does not go through the world (a cell's
    /// own depth is at most the depth in the union of tiles, so a positive one is real).
    pub(super) fn overlaps(&self, body: &Shape, pos: Vec2) -> Vec<(Piece, f32)> {
        let mut out = Vec::new();
        for (i, (s, at)) in self.shapes.iter().enumerate() {
            if let Some(p) = overlap(body, pos, &s.shape(), *at) {
                out.push((Piece::Shape(i), p.depth));
            }
        }
        if let Some(t) = &self.tiles {
            let (lo, hi) = body.local_bounds();
            for c in t.cells_in(pos + lo - 0.01, pos + hi + 0.01) {
                let tile = t.get(c);
                if tile == Tile::OneWay {
                    continue;
                }
                if let Some(s) = tile_shape(tile)
                    && let Some(p) = overlap(body, pos, &s, t.origin + c.as_vec2())
                {
                    out.push((Piece::Cell(c), p.depth));
                }
            }
        }
        out
    }

    /// Whether a tile map cell is a one-way tile.
    pub(super) fn is_one_way(&self, cell: Option<IVec2>) -> bool {
        match (&self.tiles, cell) {
            (Some(t), Some(c)) => t.get(c) == Tile::OneWay,
            _ => false,
        }
    }

    /// The level without the pieces `body` overlaps at `pos`.
    pub(super) fn cleared_around(mut self, body: &Shape, pos: Vec2) -> Level {
        let hits = self.overlaps(body, pos);
        let mut k = 0;
        self.shapes.retain(|_| {
            k += 1;
            !hits.iter().any(|(p, _)| *p == Piece::Shape(k - 1))
        });
        if let Some(t) = &mut self.tiles {
            for (p, _) in &hits {
                if let Piece::Cell(c) = p {
                    t.clear(*c);
                }
            }
        }
        self
    }
}

/// A random move: a level, a body, a start and one to three motions done one after the other
/// (each from where the previous one ended).
#[derive(Clone)]
pub(super) struct Case {
    pub(super) level: Level,
    pub(super) body: Spec,
    pub(super) start: Vec2,
    pub(super) motions: Vec<Vec2>,
}

// A failing case prints as Rust that rebuilds it (paste it into a regression test).

/// Prints a `Vec2` as `Vec2::new(x, y)`, exactly.
pub(super) struct V(Vec2);

impl std::fmt::Debug for V {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Vec2::new({:?}, {:?})", self.0.x, self.0.y)
    }
}

impl std::fmt::Debug for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Spec::Box { half } => write!(f, "Spec::Box {{ half: {:?} }}", V(half)),
            Spec::Circle { r } => write!(f, "Spec::Circle {{ r: {r:?} }}"),
            Spec::Capsule { a, b, r } => {
                write!(
                    f,
                    "Spec::Capsule {{ a: {:?}, b: {:?}, r: {r:?} }}",
                    V(a),
                    V(b)
                )
            }
            Spec::Regular { sides, r, phase } => write!(
                f,
                "Spec::Regular {{ sides: {sides}, r: {r:?}, phase: {phase:?} }}"
            ),
            Spec::Triangle { p } => write!(
                f,
                "Spec::Triangle {{ p: [{:?}, {:?}, {:?}] }}",
                V(p[0]),
                V(p[1]),
                V(p[2])
            ),
            Spec::Segment { a, b } => write!(f, "Spec::Segment {{ a: {:?}, b: {:?} }}", V(a), V(b)),
        }
    }
}

impl std::fmt::Debug for Tiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tiles::new({:?}, &[", V(self.origin))?;
        for r in &self.rows {
            write!(f, "\n        {r:?},")?;
        }
        write!(f, "\n    ])")
    }
}

impl std::fmt::Debug for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Level {{\n    shapes: vec![")?;
        for (s, at) in &self.shapes {
            write!(f, "\n        ({s:?}, {:?}),", V(*at))?;
        }
        write!(f, "\n    ],\n    tiles: {:?},\n}}", self.tiles)
    }
}

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let motions: Vec<V> = self.motions.iter().map(|m| V(*m)).collect();
        write!(
            f,
            "Case {{\nlevel: {:?},\nbody: {:?},\nstart: {:?},\nmotions: vec!{:?},\n}}",
            self.level,
            self.body,
            V(self.start),
            motions
        )
    }
}
