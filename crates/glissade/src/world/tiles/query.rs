//! Casts, overlaps, point and box queries and rays against a tile map, walking the cells
//! they touch.

use glam::{IVec2, Vec2};

use super::push::Pushes;
use super::{Tile, TileMap, body_scale, body_tolerance};
use crate::geometry::floor_i32;
use crate::query::{CastResult, Penetration, RayHit, cast, overlap, raycast};
use crate::shape::{Aabb, Shape};
use crate::tolerance::{ONE_WAY_TOP_TOLERANCES, linear_tolerance};
use crate::world::grid_walk::{CellRect, Moving, ONE_PIECE_CELLS, sweep_cells, walk_cells};

/// One cast through a tile map: what moves (`shape` from local `q` by `d`), whether one-way
/// platforms block it and whether the overlaps at the start are wanted; and what it found so
/// far: the first contact and the pushes out of the tiles it starts in.
struct TileCast<'a> {
    shape: &'a Shape,
    q: Vec2,
    d: Vec2,
    one_way: bool,
    want: bool,
    /// Where the map's origin is in the world.
    at: Vec2,
    best: Option<TileContact>,
    pushes: Pushes,
}

impl TileCast<'_> {
    /// What the seam rules ask of the moving body for a contact at the fraction `t` of its
    /// motion, each computed only when the contact needs it: the magnitude of the
    /// coordinates its contacts are computed from, and whether a one-way platform's cell
    /// blocks it there (the cast sees platforms, and the body's lowest point is above the
    /// platform's top when it makes the contact: a body coming down beside the platform's
    /// end, below its top, meets the tile beside as a corner).
    #[inline(always)]
    fn mover<'m>(
        &'m self,
        map: &'m TileMap,
        t: f32,
    ) -> (impl FnOnce() -> f32 + 'm, impl Fn(IVec2) -> bool + 'm) {
        (
            move || coords(self.at, self.shape, self.q),
            move |cell| {
                self.one_way && map.above_one_way(self.shape, self.q + self.d * t, cell, self.at)
            },
        )
    }
}

impl TileMap {
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
                any = crate::world::box_touches(lo, hi, s, self.origin(c));
            }
        });
        any
    }

    /// First contact of `shape` moving from local position `q` by `d`, and every cell it
    /// starts overlapping (pushed to `overlaps` with its corrected push). `at` is where the
    /// map's origin is in the world (`q` was computed from world coordinates, and carries
    /// their rounding).
    pub(crate) fn cast(
        &self,
        shape: &Shape,
        q: Vec2,
        d: Vec2,
        one_way: bool,
        overlaps: Option<&mut Vec<(IVec2, Penetration)>>,
        at: Vec2,
    ) -> Option<TileContact> {
        let (slo, shi) = shape.local_bounds();
        let mut tc = TileCast {
            shape,
            q,
            d,
            one_way,
            want: overlaps.is_some(),
            at,
            best: None,
            pushes: Pushes::default(),
        };
        let moving = self.cast_box(slo, shi, q, d);
        let all = self.all_cells();
        let whole = moving.whole();
        if whole.count() <= ONE_PIECE_CELLS {
            // A short sweep (a character's step): its cells in one piece, as the walk would
            // take them (`Moving::plan`'s one-piece case), without planning the walk. Here and
            // not inside `sweep_cells`: there, the same shortcut measured 3% slower on the
            // character walk (the closure is no longer called directly), below its target.
            if let Some(rect) = whole.clamp(all.lo, all.hi) {
                self.cast_rows(&mut tc, 0.0, rect, None);
            }
        } else {
            walk_cells(moving, all, (0.0, 1.0), |t0, rect, prev| {
                self.cast_rows(&mut tc, t0, rect, prev)
            });
        }
        if let Some(out) = overlaps {
            tc.pushes.finish(self, shape, q, out);
        }
        // A sweep along a seam between covering tiles meets none of them alone: only a sweep
        // thinner than the tolerance across one axis can run along one (rare: kept apart).
        let tol = linear_tolerance(at.abs().max_element() + body_scale(q, slo, shi));
        if (shi - slo + d.abs()).min_element() <= 2.0 * tol {
            self.along_seam(&mut tc.best, (q + slo, q + shi), d, tol);
        }
        tc.best
    }

    /// Into `best`, the contact of a thin sweep running along a seam between covering tiles
    /// (see `seam_entry`): the body's box `[lo, hi]` in the map's frame moving by `d`, when
    /// it comes no later than `best` (within the tolerance `tol`: where a tile is met at the
    /// same place, its corner at the vertex entered, the union's normal there wins).
    #[cold]
    #[inline(never)]
    fn along_seam(
        &self,
        best: &mut Option<TileContact>,
        (lo, hi): (Vec2, Vec2),
        d: Vec2,
        tol: f32,
    ) {
        if let Some(e) = self.seam_entry(lo, hi, d, tol)
            && best.is_none_or(|b| (e.fraction - b.fraction) * d.length() <= tol)
        {
            *best = Some(TileContact {
                cell: e.cell,
                fraction: e.fraction,
                point: e.point,
                normal: e.normal,
            });
        }
    }

    /// Whether [`cast`](Self::cast) of a shape with local bounds `[slo, shi]` (its own
    /// frame) from `q` (the map's frame) by `d` is sure to find no contact and no starting
    /// overlap: the motion is short enough for the cast to take its cells in one piece, and
    /// none of those cells holds a tile. `false` decides nothing (the cast does).
    #[inline]
    pub(crate) fn clear_of_tiles(&self, slo: Vec2, shi: Vec2, q: Vec2, d: Vec2) -> bool {
        // The cells of the cast's one-piece case, exactly.
        let whole = self.cast_box(slo, shi, q, d).whole();
        if whole.count() > ONE_PIECE_CELLS {
            return false;
        }
        let all = self.all_cells();
        let Some(rect) = whole.clamp(all.lo, all.hi) else {
            return true;
        };
        (rect.lo.y..=rect.hi.y).all(|y| self.occupied.next(y, rect.lo.x, rect.hi.x).is_none())
    }

    /// The box a [`cast`](Self::cast) walks the cells of: a shape with local bounds
    /// `[slo, shi]` (its own frame) from `q` (the map's frame) by `d`, widened by the body's
    /// tolerance.
    #[inline(always)]
    fn cast_box(&self, slo: Vec2, shi: Vec2, q: Vec2, d: Vec2) -> Moving {
        Moving::new(q + slo, q + shi, d, self.cell, body_tolerance(q, slo, shi))
    }

    /// One piece of [`cast`](Self::cast): the tiles of `rect` (inside the map) not in the
    /// previous piece's `prev`, met no earlier than `t0`; whether to go on. Always inlined,
    /// into both of the cast's ways of walking: as a closure called from two places the
    /// compiler may keep it apart, which measured about 2% more instructions per step on the
    /// character walk.
    #[inline(always)]
    fn cast_rows(
        &self,
        tc: &mut TileCast,
        t0: f32,
        rect: CellRect,
        prev: Option<CellRect>,
    ) -> bool {
        if tc.best.is_some_and(|b| b.fraction < t0) {
            return false;
        }
        let fresh = |c: IVec2| !prev.is_some_and(|p| p.contains(c));
        // The rectangle is inside the map (clamped to `all_cells`); its empty cells are
        // skipped by the map's occupancy bits. A plain counter: an inclusive range's iterator
        // costs more per row here.
        let mut y = rect.lo.y - 1;
        while y < rect.hi.y {
            y += 1;
            let mut from = rect.lo.x;
            while let Some((x, tile)) = self.next_tile_in_row(y, from, rect.hi.x) {
                let c = IVec2::new(x, y);
                if (tile == Tile::OneWay && !tc.one_way) || !fresh(c) {
                    from = x + 1;
                    continue;
                }
                // A run of solid tiles is cast as one box: the faces between them are hidden
                // anyway.
                let mut end = x;
                if tile == Tile::Solid {
                    while end < rect.hi.x {
                        let n = IVec2::new(end + 1, y);
                        if self.at_in_map(n.x, n.y) != Tile::Solid || !fresh(n) {
                            break;
                        }
                        end += 1;
                    }
                }
                if end > x && !self.cast_run(tc, y, x, end) {
                    // Overlapping the run: tile by tile, for the pushes.
                    for cx in x..=end {
                        self.cast_tile(tc, IVec2::new(cx, y), Tile::Solid);
                    }
                } else if end == x {
                    self.cast_tile(tc, c, tile);
                }
                from = end + 1;
            }
        }
        true
    }

    /// Casts against the solid tiles `x0..=x1` of row `y` as one box. Returns `false` when
    /// the body starts overlapping the run (nothing recorded then). Always inlined: kept
    /// apart, it measured about 35 instructions more per step on a character's walk.
    #[inline(always)]
    fn cast_run(&self, tc: &mut TileCast, y: i32, x0: i32, x1: i32) -> bool {
        let (shape, q, d) = (tc.shape, tc.q, tc.d);
        let o = self.origin(IVec2::new(x0, y));
        let size = Vec2::new((x1 - x0 + 1) as f32, 1.0) * self.cell;
        let run = Shape::Aabb(Aabb::from_ordered(Vec2::ZERO, size));
        checked(x1 - x0 + 1);
        match cast(shape, q, d, &run, o, Vec2::ZERO) {
            CastResult::Miss => true,
            CastResult::Overlapping(_) => false,
            CastResult::Hit(h) => {
                if tc.best.is_some_and(|b| b.fraction <= h.fraction) {
                    return true;
                }
                let cx = floor_i32((h.point.x - o.x) / self.cell);
                let c = IVec2::new(x0 + cx.clamp(0, x1 - x0), y);
                let local = h.point - self.origin(c);
                if let Some(normal) = self.correct_hit_normal(
                    c,
                    Tile::Solid,
                    h.normal,
                    local,
                    d,
                    tc.mover(self, h.fraction),
                ) {
                    tc.best = Some(TileContact {
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
    fn cast_tile(&self, tc: &mut TileCast, c: IVec2, tile: Tile) {
        let (shape, q, d) = (tc.shape, tc.q, tc.d);
        let Some(cs) = self.shape(tile) else {
            return;
        };
        let o = self.origin(c);
        if tile == Tile::OneWay && !self.above_one_way(shape, q, c, tc.at) {
            return;
        }
        checked(1);
        match cast(shape, q, d, cs, o, Vec2::ZERO) {
            CastResult::Miss => {}
            CastResult::Overlapping(p) => {
                if tile == Tile::OneWay {
                    // One-way platforms never push. A body on this one (above its top within
                    // the tolerance of the world's coordinates, deeper than the cast's own)
                    // rests on it: moving down, it meets the top at once.
                    if d.y < 0.0 && tc.best.is_none_or(|b| b.fraction > 0.0) {
                        let top = o.y + self.cell;
                        tc.best = Some(TileContact {
                            cell: c,
                            fraction: 0.0,
                            point: Vec2::new(q.x.clamp(o.x, o.x + self.cell), top),
                            normal: Vec2::Y,
                        });
                    }
                } else if tc.want {
                    tc.pushes
                        .add(c, tile, p, self.correct_overlap(shape, q, c, tile, p));
                }
            }
            CastResult::Hit(h) => {
                if tc.best.is_some_and(|b| b.fraction <= h.fraction) {
                    return;
                }
                if let Some(normal) = self.correct_hit_normal(
                    c,
                    tile,
                    h.normal,
                    h.point - o,
                    d,
                    tc.mover(self, h.fraction),
                ) {
                    tc.best = Some(TileContact {
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
        let mut pushes = Pushes::default();
        self.for_each_overlap(shape, q, |c, tile, p| {
            pushes.add(c, tile, p, self.correct_overlap(shape, q, c, tile, p));
        });
        pushes.finish(self, shape, q, out);
    }

    /// Calls `f` with each tile (one-way platforms aside) that `shape` at local position `q`
    /// overlaps deeper than the tolerance: its cell, what it holds, and the push out of that
    /// tile alone (through any of its faces, hidden or not).
    pub(super) fn for_each_overlap(
        &self,
        shape: &Shape,
        q: Vec2,
        mut f: impl FnMut(IVec2, Tile, Penetration),
    ) {
        let (slo, shi) = shape.local_bounds();
        let Some(rect) = self.cell_rect(q + slo, q + shi) else {
            return;
        };
        self.for_each_tile(rect, |c, tile| {
            let Some(cs) = self.shape(tile) else {
                return;
            };
            if tile == Tile::OneWay {
                return;
            }
            checked(1);
            if let Some(p) = overlap(shape, q, cs, self.origin(c)) {
                f(c, tile, p);
            }
        });
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

    /// First entry of the local ray `origin + t·dir`, `t ∈ [0, max_t]`, into a tile, walking
    /// the cells the ray crosses in order (Amanatides–Woo).
    /// One-way tiles count only when `one_way` is set (and only for rays starting above).
    /// `at` is where the map's origin is in the world.
    pub(crate) fn raycast(
        &self,
        origin: Vec2,
        dir: Vec2,
        max_t: f32,
        one_way: bool,
        at: Vec2,
    ) -> Option<(IVec2, RayHit)> {
        let mut found = None;
        let tol = linear_tolerance(origin.abs().max_element());
        // Starting inside the tiles: a hit at once, with the shortest way out as normal.
        if self.contains_point(origin) {
            let mut out = Vec::new();
            if let Ok(probe) = crate::shape::Circle::new(tol) {
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
                    if tile == Tile::OneWay && (!one_way || !self.ray_above_one_way(origin, c)) {
                        return;
                    }
                    let Some(h) = raycast(cs, o, origin, dir, max_t) else {
                        return;
                    };
                    if found.is_some_and(|(_, b): (IVec2, RayHit)| b.fraction <= h.fraction) {
                        return;
                    }
                    // A ray is a point: its hit normal is the face's, or a corner's.
                    let local = h.point - o;
                    if let Some(normal) = self.correct_hit_normal(
                        c,
                        tile,
                        h.normal,
                        local,
                        dir,
                        (
                            || at.abs().max_element() + origin.abs().max_element(),
                            |cell: IVec2| one_way && self.ray_above_one_way(origin, cell),
                        ),
                    ) {
                        found = Some((c, RayHit { normal, ..h }));
                    }
                });
                true
            },
        );
        // A ray along a seam between covering tiles meets none of them alone (as for a cast).
        let seam_tol = linear_tolerance(at.abs().max_element() + origin.abs().max_element());
        if let Some(e) = self.seam_entry(origin, origin, dir * max_t, seam_tol)
            && found
                .is_none_or(|(_, h)| (e.fraction * max_t - h.fraction) * dir.length() <= seam_tol)
        {
            let hit = RayHit {
                fraction: e.fraction * max_t,
                point: e.point,
                normal: e.normal,
            };
            found = Some((e.cell, hit));
        }
        found
    }

    /// Whether a ray from the local `origin` starts above the top of the one-way tile `c`
    /// (within the tolerance): only then does the platform block it.
    fn ray_above_one_way(&self, origin: Vec2, c: IVec2) -> bool {
        let top = self.origin(c).y + self.cell;
        origin.y >= top - linear_tolerance(origin.abs().max_element())
    }

    /// Whether `shape` at local `q` is above the top of the one-way tile `c`: only then does
    /// the platform block it. Within [`ONE_WAY_TOP_TOLERANCES`] tolerances of the coordinates
    /// `q` was computed from (the map's origin is at `at` in the world: a body resting on a
    /// platform far from the world's origin is a rounding below its top in the map's frame).
    fn above_one_way(&self, shape: &Shape, q: Vec2, c: IVec2, at: Vec2) -> bool {
        let top = (c.y + 1) as f32 * self.cell;
        let bottom = q.y + shape.local_bounds().0.y;
        let scale = top.abs().max(q.abs().max_element()) + at.abs().max_element();
        bottom >= top - ONE_WAY_TOP_TOLERANCES * linear_tolerance(scale)
    }
}

#[cfg(test)]
thread_local! {
    /// Tiles checked against a body by this thread's queries (tests only): a bound on the
    /// work of a query that does not depend on time.
    pub(crate) static CHECKED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `tiles` tiles checked against a body (tests only; nothing in a build).
#[inline(always)]
pub(super) fn checked(tiles: i32) {
    #[cfg(test)]
    CHECKED.with(|c| c.set(c.get() + tiles as u64));
    #[cfg(not(test))]
    let _ = tiles;
}

/// A contact found in a tile map, local frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TileContact {
    pub cell: IVec2,
    pub fraction: f32,
    pub point: Vec2,
    pub normal: Vec2,
}

/// The magnitude of the coordinates a cast of `shape` from the map-local `q` computes its
/// contacts from, the map's origin being at `at` in the world: the world's (the local
/// coordinates carry their rounding) and the body's own in the map's frame.
#[cold]
fn coords(at: Vec2, shape: &Shape, q: Vec2) -> f32 {
    let (slo, shi) = shape.local_bounds();
    at.abs().max_element() + body_scale(q, slo, shi)
}
