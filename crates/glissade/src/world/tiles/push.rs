//! Pushing a body out of the tiles it overlaps: each tile's own way out through its exposed
//! faces, and one push out of all of them at once.

use glam::{IVec2, Vec2};

use super::seams::{OCTANT_EDGE, Side, hypotenuse, side_normal};
use super::{Tile, TileMap, body_tolerance};
use crate::query::Penetration;
use crate::shape::Shape;
use crate::tolerance::{FACE_MATCH_COS, PUSH_SNAP_COS};
use crate::world::grid_walk::CellRect;

impl TileMap {
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
            .filter_map(|o| {
                o.push
                    .filter(|(_, direct)| *direct)
                    .map(|(p, _)| (p.normal, p.depth))
            })
            .collect();
        if !own.is_empty() {
            consider(crate::geometry::combine_pushes(&own), true);
        }
        // The pushes out of each tile alone, hidden faces or not, combined: a body a hair into
        // a concave corner, and so a hair into the tile behind it too (whose own way out is
        // through a hidden face), leaves by the hair it came in. A combined push that leaves
        // the body in tiles it was clear of (within the tolerance) before is combined again
        // with the pushes out of those, a few times.
        if cells
            .iter()
            .any(|o| o.push.is_none_or(|(_, direct)| !direct))
        {
            let mut alone: Vec<(Vec2, f32)> = cells
                .iter()
                .map(|o| (o.alone.normal, o.alone.depth))
                .collect();
            for _ in 0..=REGROW_PUSHES {
                let o = crate::geometry::combine_pushes(&alone);
                if !o.is_finite() {
                    break;
                }
                let before = alone.len();
                self.for_each_overlap(shape, q + o, |_, _, p| {
                    alone.push((p.normal, p.depth + o.dot(p.normal)));
                });
                if alone.len() == before {
                    consider(o, false);
                    break;
                }
            }
        }
        let mut dirs: Vec<Vec2> = OCTANT_EDGE.to_vec();
        dirs.extend(push_directions(cells));
        // The body's and each tile's support along a direction, once per direction.
        for n in dirs {
            // Far enough along n to clear every tile.
            let body = q.dot(n) - shape.support(-n);
            let mut d = 0.0f32;
            for o in cells {
                if let Some(cs) = self.shape(o.tile) {
                    d = d.max(self.origin(o.cell).dot(n) + cs.support(n) - body);
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

    /// The push out of a tile overlap through faces that are exposed, or `None` when the tile
    /// has no exposed way out. `true` when it is the overlap's own shortest push; `false` for
    /// a longer way out, used only when no overlapped tile has its own (a body buried where
    /// every tile's shortest way out is into its neighbour).
    pub(super) fn correct_overlap(
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
        let separation = |n: Vec2| (o.dot(n) + cs.support(n)) - (q.dot(n) - shape.support(-n));
        if let Some(n) = self.correct_normal(c, tile, p.normal, local) {
            if n.dot(p.normal) >= FACE_MATCH_COS {
                return Some((p, true));
            }
            // An allowed normal a hair off the overlap's own (a body's edge leaning a little
            // from a tile's face, met at a corner): a push along it as short as the overlap's
            // own, within the tolerance, is the overlap's own shortest push.
            let depth = separation(n);
            let (slo, shi) = shape.local_bounds();
            if n.dot(p.normal) >= PUSH_SNAP_COS
                && depth > 0.0
                && depth <= p.depth + body_tolerance(q, slo, shi)
            {
                return Some((Penetration { normal: n, depth }, true));
            }
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
            let depth = separation(n);
            if depth > 0.0 && best.is_none_or(|b| depth < b.depth) {
                best = Some(Penetration { normal: n, depth });
            }
        }
        best.map(|p| (p, false))
    }
}

/// A tile overlapped.
#[derive(Debug, Clone, Copy)]
pub(super) struct Overlapped {
    /// Its cell.
    pub cell: IVec2,
    /// What it holds.
    pub tile: Tile,
    /// The shortest push out of the tile alone (through any of its faces, hidden or not).
    pub alone: Penetration,
    /// Its own push through an exposed face (if it has one) and whether that push is the
    /// overlap's own shortest.
    pub push: Option<(Penetration, bool)>,
}

/// The tiles a body overlaps, and the pushes out of each of them alone.
#[derive(Default)]
pub(super) struct Pushes {
    /// Every tile overlapped, with its own push through an exposed face (if it has one) and
    /// whether that push is the overlap's own shortest.
    cells: Vec<Overlapped>,
}

impl Pushes {
    /// Adds the tile `tile` at `c`, overlapped with the push `alone` out of it alone, and
    /// `push` out of it through exposed faces (see [`TileMap::correct_overlap`]).
    pub(super) fn add(
        &mut self,
        c: IVec2,
        tile: Tile,
        alone: Penetration,
        push: Option<(Penetration, bool)>,
    ) {
        self.cells.push(Overlapped {
            cell: c,
            tile,
            alone,
            push,
        });
    }

    /// One push out of all the tiles at once (see [`TileMap::union_push`]); a lone tile's own
    /// shortest push as it is.
    #[inline]
    pub(super) fn finish(
        self,
        map: &TileMap,
        shape: &Shape,
        q: Vec2,
        out: &mut Vec<(IVec2, Penetration)>,
    ) {
        // Most casts start clear of every tile: nothing to do, without a call.
        if !self.cells.is_empty() {
            self.finish_overlapped(map, shape, q, out);
        }
    }

    /// [`finish`](Self::finish) for a body overlapping at least one tile.
    fn finish_overlapped(
        self,
        map: &TileMap,
        shape: &Shape,
        q: Vec2,
        out: &mut Vec<(IVec2, Penetration)>,
    ) {
        match self.cells.as_slice() {
            [] => {}
            [
                Overlapped {
                    cell,
                    push: Some((p, true)),
                    ..
                },
            ] => out.push((*cell, *p)),
            [first, ..] => {
                match map.union_push(shape, q, &self.cells) {
                    // The tiles' own pushes, together: given as they are (the mover adds its skin
                    // along each).
                    UnionPush::Own => out.extend(self.cells.iter().filter_map(|o| {
                        o.push
                            .filter(|(_, direct)| *direct)
                            .map(|(p, _)| (o.cell, p))
                    })),
                    UnionPush::Single(p) => out.push((first.cell, p)),
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

/// Most directions, besides the axes and diagonals, that a push out of several tiles tries:
/// those of the deepest tiles' own pushes. Keeps the work of a push linear in the tiles under
/// the body, however many of them have their own direction (a big round body).
const MAX_PUSH_DIRECTIONS: usize = 8;

/// The directions of the tiles' own pushes worth trying besides the axes and diagonals: at
/// most [`MAX_PUSH_DIRECTIONS`], those of the deepest pushes (ties by direction), each once.
fn push_directions(cells: &[Overlapped]) -> Vec<Vec2> {
    let mut pushes: Vec<Penetration> = cells
        .iter()
        .filter_map(|o| o.push.map(|(p, _)| p))
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

/// How many times a combined push out of tiles that leaves the body in others is combined
/// again with the pushes out of those (see [`TileMap::union_push`]).
const REGROW_PUSHES: usize = 3;

/// How far, in cells, a body buried in tiles looks for a free cell to escape to.
const ESCAPE_CELLS: i32 = 8;

#[cfg(test)]
mod tests {
    use glam::{IVec2, Vec2};

    use super::super::{Tile, TileMap};
    use crate::query::Penetration;
    use crate::shape::{Aabb, Shape};

    #[test]
    fn an_overlap_a_hair_off_an_allowed_normal_is_pushed_along_it() {
        // ##.   the lower left `#` at (0, 0): its top is hidden by the `#` above, its right
        // #..   side is exposed (the corner of the walls is the vertex (1, 1))
        //
        // A box a hair into that right side, whose push as a pair leans a hair off +x (as a
        // body's edge leaning a little from the tile's side gives): the tile's own push is
        // along +x, by the hair, as if the pair had given +x.
        let map = TileMap::from_rows(&["##.", "#.."], 1.0).unwrap();
        let body = Shape::Aabb(Aabb::from_half_extents(Vec2::splat(0.1)).unwrap());
        let q = Vec2::new(1.1 - 1.5e-5, 0.85);
        let own_push = |normal: Vec2| {
            let pair = Penetration {
                normal: normal.normalize(),
                depth: 1.5e-5,
            };
            map.correct_overlap(&body, q, IVec2::new(0, 0), Tile::Solid, pair)
                .expect("an exposed way out")
        };
        let (push, own) = own_push(Vec2::new(1.0, 0.0017));
        assert!(own, "{push:?} is the overlap's own shortest push");
        assert_eq!(push.normal, Vec2::X);
        assert!((push.depth - 1.5e-5).abs() < 1e-6, "{push:?}");
        // Ten degrees off is no hair: the push through the exposed face is only a way out,
        // not the overlap's own.
        let (push, own) = own_push(Vec2::new(1.0, 0.18));
        assert!(!own, "{push:?} stands for a push ten degrees off");
    }
}
