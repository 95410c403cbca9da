//! Seams made invisible: the normal a contact with one tile really has, seen from the union of
//! all tiles. A face between two tiles is no face; a corner inside a flat run of tiles has the
//! run's normal; a corner elsewhere allows only the normals between its faces.

use glam::{IVec2, Vec2};

use super::{Tile, TileMap};
use crate::tolerance::{FACE_MATCH_COS, linear_tolerance};

/// A side of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Left,
    Right,
    Bottom,
    Top,
}

impl Side {
    pub(super) fn from_normal(n: Vec2) -> Option<Side> {
        // Floors first: most contacts are with the top of a tile. A unit normal matches one
        // side at most, so the order changes nothing but the time.
        [
            (Vec2::Y, Side::Top),
            (Vec2::NEG_Y, Side::Bottom),
            (Vec2::X, Side::Right),
            (Vec2::NEG_X, Side::Left),
        ]
        .into_iter()
        .find(|(f, _)| n.dot(*f) >= FACE_MATCH_COS)
        .map(|(_, s)| s)
    }

    pub(super) fn offset(self) -> IVec2 {
        match self {
            Side::Left => IVec2::NEG_X,
            Side::Right => IVec2::X,
            Side::Bottom => IVec2::NEG_Y,
            Side::Top => IVec2::Y,
        }
    }

    pub(super) fn opposite(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
            Side::Bottom => Side::Top,
            Side::Top => Side::Bottom,
        }
    }
}

impl TileMap {
    /// The normal a contact on `tile` at `c` really has, seen from the union of all tiles: a
    /// face hidden by a neighbour gives `None`, a contact at a corner gets a normal allowed at
    /// that corner (a corner inside a flat run of tiles has the run's normal). `local` is the
    /// contact point in the cell's frame.
    pub(super) fn correct_normal(
        &self,
        c: IVec2,
        tile: Tile,
        n: Vec2,
        local: Vec2,
    ) -> Option<Vec2> {
        self.correct_normal_at(c, tile, n, local, |_| false).0
    }

    /// [`correct_normal`](Self::correct_normal), and the grid vertex and its solid octants
    /// when the contact is at a corner (its normal then one allowed at that vertex).
    /// `on_one_way(cell)` says whether the one-way platform in `cell` blocks the moving body
    /// (it starts above its top): then the platform's top counts as the top of a solid tile
    /// at a vertex it ends at, and a side face of the tile beside it is met as a corner there.
    #[inline]
    fn correct_normal_at(
        &self,
        c: IVec2,
        tile: Tile,
        n: Vec2,
        local: Vec2,
        on_one_way: impl Fn(IVec2) -> bool,
    ) -> (Option<Vec2>, Option<(IVec2, u8)>) {
        if tile == Tile::OneWay {
            let m = self.one_way_normal(c, n, local);
            // Met on the top nearer an end where the run of tops goes on flush: that end is a
            // vertex inside a flat run (see `corner_met`), solid below and free above.
            let end = i32::from(local.x >= self.cell * 0.5);
            let flush_end = (m == Some(Vec2::Y) && self.tops_go_on(c + IVec2::new(2 * end - 1, 0)))
                .then(|| (c + IVec2::new(end, 1), FLAT_TOP));
            return (m, flush_end);
        }
        if let Some(side) = Side::from_normal(n) {
            // A face of the tile, or a corner met by a flat face of the body along that side.
            if tile.covers(side) {
                let next = self.at(c + side.offset());
                let open = !next.covers(side.opposite());
                // The top met at its end, the normal leaning over a one-way platform that
                // goes on flush from there (the body on it): the run's top.
                if side == Side::Top && n.x != 0.0 && open {
                    let beside = c + IVec2::new(if n.x < 0.0 { -1 } else { 1 }, 0);
                    if self.at(beside) == Tile::OneWay && on_one_way(beside) {
                        return (Some(Vec2::Y), None);
                    }
                }
                // A side beside a one-way platform: a body on the platform meets it only at
                // the platform's top, a corner seen from there (below).
                if !(open && next == Tile::OneWay && matches!(side, Side::Left | Side::Right)) {
                    return (open.then_some(n), None);
                }
            }
        }
        if let Some(f) = hypotenuse(tile)
            && n.dot(f) >= FACE_MATCH_COS
        {
            return (Some(n), None);
        }
        // A corner: the grid vertex of the cell nearest the contact.
        let v = c
            + (local / self.cell)
                .round()
                .as_ivec2()
                .clamp(IVec2::ZERO, IVec2::ONE);
        let mask = self.solid_octants(v) | self.one_way_tops(v, on_one_way);
        (corner_normal(mask, n), Some((v, mask)))
    }

    /// The octants around the grid vertex `v` below the tops of one-way platforms ending
    /// there that block the moving body (`on_one_way` of their cells): seen from above their
    /// tops, a platform is as solid as a tile. Two lookups, and `on_one_way` only when a
    /// platform is there.
    #[cold]
    fn one_way_tops(&self, v: IVec2, on_one_way: impl Fn(IVec2) -> bool) -> u8 {
        // The cells below the vertex (whose tops end at it) and the octants of `v` they fill.
        [(v - IVec2::ONE, 0b0011_0000u8), (v - IVec2::Y, 0b1100_0000)]
            .into_iter()
            .filter(|&(cell, _)| self.at(cell) == Tile::OneWay && on_one_way(cell))
            .fold(0, |mask, (_, octants)| mask | octants)
    }

    /// The normal of a cast's or a ray's contact on `tile` at `c`, the body (or ray) moving
    /// along `d` relative to the map: as [`correct_normal`](Self::correct_normal), and a
    /// contact on a hidden face at one of its ends (a grid vertex: the contact, or its path
    /// along `d`, within the linear tolerance of the coordinates the contact was computed
    /// from, whose magnitude `coords` gives when asked: where the map's origin is in the
    /// world, since the local coordinates were computed from world ones and carry their
    /// rounding, plus the body's own magnitude in the map's frame, as the cast's tolerance of
    /// a graze counts it) counts as a contact with that vertex when the vertex's allowed
    /// normal nearest to `n` stands against the motion. A body moving exactly through the
    /// vertex of a concave corner meets the union of tiles only there, and the cell it would
    /// enter next has only hidden faces there; a body moving exactly through the vertex
    /// between two tiles of a wall enters the tile whose face toward it there is the hidden
    /// one between the two. Without this, either contact would be dropped and the body would
    /// pass into the tiles. A vertex inside a flat run allows only the run's normal, so a body
    /// moving along the run (square to that normal) meets nothing there: seams stay
    /// invisible. `on_one_way(cell)` says whether the one-way platform in `cell` blocks the
    /// body (see [`correct_normal_at`](Self::correct_normal_at)): a body on a platform that
    /// runs flush into solid tiles slides on past the vertex where they meet, as along tiles.
    #[inline]
    pub(super) fn correct_hit_normal(
        &self,
        c: IVec2,
        tile: Tile,
        n: Vec2,
        local: Vec2,
        d: Vec2,
        (coords, on_one_way): (impl FnOnce() -> f32, impl Fn(IVec2) -> bool),
    ) -> Option<Vec2> {
        match self.correct_normal_at(c, tile, n, local, on_one_way) {
            (Some(m), None) => Some(m),
            (Some(m), Some((v, mask))) => {
                let off = local - (v - c).as_vec2() * self.cell;
                self.corner_met((v, mask), m, off, d, coords)
            }
            (None, _) => self.hidden_face_end(c, tile, n, local, d, coords()),
        }
    }

    /// A contact `off` from the grid vertex `v` (its solid octants `mask`) with its allowed normal
    /// `m`, the body moving along `d`: no contact when it is at the vertex, the vertex lies inside
    /// a flat run of tiles as seen from the body's side (the free octants around it on that side
    /// span exactly 180°, bounded by two faces on one line, whose normal `m` is), and the motion
    /// goes no deeper into that half-plane than the tolerance (of coordinates as large as `coords`
    /// and the cell's, for all three). From that side such a vertex is no feature of the union of
    /// tiles: the run's faces on either side meet the body themselves, and a body sliding along the
    /// run passes the vertex at the depth it already has. A circle touching a staircase of slope
    /// tiles passes, on the slope's line, the corner of the solid tile under each next slope tile;
    /// that corner's contact, with the slope's normal square to the motion, stopped it (the
    /// back-off along a motion that grazes leaves no room), a snag; so did the joint of two slope
    /// tiles with no tile under the upper one (a notch on the far side). A corner of any other
    /// shape (convex or concave) is kept whatever the motion: a body's face meeting it head on may
    /// be about to pass into the tiles even when the normal allowed there does not stand against
    /// the motion. Rare: kept out of the way of the common contacts.
    #[cold]
    #[inline(never)]
    fn corner_met(
        &self,
        (v, mask): (IVec2, u8),
        m: Vec2,
        off: Vec2,
        d: Vec2,
        coords: impl FnOnce() -> f32,
    ) -> Option<Vec2> {
        if !in_flat_run(mask, m) {
            return Some(m);
        }
        let tol = linear_tolerance(coords() + self.origin(v).abs().max_element() + self.cell);
        // Only a contact at the vertex itself (`off` from it, in the cell's frame) is the
        // vertex's: the nearest vertex of a contact elsewhere says nothing of it.
        (off.length() > tol || m.dot(d) < -tol).then_some(m)
    }

    /// The allowed normal at the grid vertex ending the hidden face of `tile` at `c` that `n`
    /// matches (the one nearest to `n`), when the contact at `local` is at that vertex (within
    /// the tolerance of coordinates as large as `coords` and the cell's) and the normal stands
    /// against the motion `d`.
    /// A contact on a hidden face away from its ends is behind an exposed face (met earlier),
    /// or behind a tile the path grazed past the end within the tolerance (then the path passes
    /// the end within the tolerance: that is a contact at the end), or starts inside the tiles
    /// (an overlap, not a contact), so only the ends matter. Rare: kept out of the way of the
    /// common contacts.
    #[cold]
    #[inline(never)]
    fn hidden_face_end(
        &self,
        c: IVec2,
        tile: Tile,
        n: Vec2,
        local: Vec2,
        d: Vec2,
        coords: f32,
    ) -> Option<Vec2> {
        let side = Side::from_normal(n)?;
        if tile == Tile::OneWay || !tile.covers(side) {
            return None;
        }
        let corner = (local / self.cell)
            .round()
            .as_ivec2()
            .clamp(IVec2::ZERO, IVec2::ONE);
        let scale = coords + self.origin(c).abs().max_element() + self.cell;
        let tol = linear_tolerance(scale);
        // At the vertex: the contact point within the tolerance of it, or the path through the
        // point passing it within the tolerance. A path that grazes the tile past the vertex
        // within the tolerance (no contact there) meets the hidden face beyond the vertex by up
        // to the tolerance over the motion's slope to that face.
        let off = local - corner.as_vec2() * self.cell;
        if off.length() > tol && off.perp_dot(d.normalize_or_zero()).abs() > tol {
            return None;
        }
        corner_normal(self.solid_octants(c + corner), n).filter(|m| m.dot(d) < 0.0)
    }

    /// A one-way platform blocks only from above; at its ends, a contact where the run of
    /// tops continues (another platform or a flush solid top) has the top's normal.
    pub(super) fn one_way_normal(&self, c: IVec2, n: Vec2, local: Vec2) -> Option<Vec2> {
        if n.y <= 0.0 {
            return None;
        }
        if n.dot(Vec2::Y) >= FACE_MATCH_COS {
            return Some(Vec2::Y);
        }
        let side = if local.x < self.cell * 0.5 { -1 } else { 1 };
        let flush = self.tops_go_on(c + IVec2::new(side, 0));
        Some(if flush { Vec2::Y } else { n })
    }

    /// Whether the run of tops of a one-way platform goes on flush into the cell `next`
    /// beside it: another platform, or a solid tile with its top free.
    fn tops_go_on(&self, next: IVec2) -> bool {
        match self.at(next) {
            Tile::OneWay => true,
            Tile::Solid => !self.at(next + IVec2::Y).covers(Side::Bottom),
            _ => false,
        }
    }

    /// Which of the 8 octants (45° each, counter-clockwise from +x) around the grid vertex `v`
    /// are inside tiles.
    pub(super) fn solid_octants(&self, v: IVec2) -> u8 {
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
}

/// The solid octants of a vertex inside a flat run of tops: the lower four.
const FLAT_TOP: u8 = 0b1111_0000;

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
pub(super) const OCTANT_EDGE: [Vec2; 8] = {
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

/// How far from a vertex, in cells, its octants are probed (any value in (0, 1) works for
/// tiles made of whole cells and 45° halves).
const OCTANT_PROBE: f32 = 0.25;

/// Whether the normal `m` allowed at a vertex whose solid octants are `mask` is that of a
/// free run of exactly four octants (180°): a flat surface as seen from that side, whatever
/// lies on the other side of the solid octants bounding it.
fn in_flat_run(mask: u8, m: Vec2) -> bool {
    let solid = |k: usize| mask & (1 << (k % 8)) != 0;
    (0..8).any(|a| {
        solid(a + 7)
            && (a..a + 4).all(|k| !solid(k))
            && solid(a + 4)
            && OCTANT_EDGE[(a + 2) % 8].dot(m) >= FACE_MATCH_COS
    })
}

/// The normal allowed at a corner whose solid octants are `mask`, nearest to `n`: each free
/// run of octants bounded by solid ones allows the normals between its two faces' normals (a
/// single one when the run spans 180°, a flat surface).
pub(super) fn corner_normal(mask: u8, n: Vec2) -> Option<Vec2> {
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

pub(super) fn side_normal(side: Side) -> Vec2 {
    match side {
        Side::Left => Vec2::NEG_X,
        Side::Right => Vec2::X,
        Side::Bottom => Vec2::NEG_Y,
        Side::Top => Vec2::Y,
    }
}

/// The outward normal of a slope's sloped face.
pub(super) fn hypotenuse(tile: Tile) -> Option<Vec2> {
    const H: f32 = std::f32::consts::FRAC_1_SQRT_2;
    match tile {
        Tile::SlopeUpRight => Some(Vec2::new(-H, H)),
        Tile::SlopeUpLeft => Some(Vec2::new(H, H)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_flat_run_is_four_free_octants_between_solid_ones_on_the_bodys_side() {
        let h = std::f32::consts::FRAC_1_SQRT_2;
        // A floor: solid below (octants 4 to 7), free above; the run's normal is up, and no
        // other normal is the run's.
        let floor = 0b1111_0000;
        assert!(in_flat_run(floor, Vec2::Y));
        assert!(!in_flat_run(floor, Vec2::new(h, h)));
        // ./     the joint of two rising slope tiles with nothing under the upper one: solid
        // /.     in octants 0 and 5 only. Seen from above, the slope's line (normal up-left);
        //        the notch below (octants 6 and 7, 90°) is no flat run.
        let map = TileMap::from_rows(&["./", "/."], 1.0).unwrap();
        let joint = map.solid_octants(IVec2::new(1, 1));
        assert_eq!(joint, 0b0010_0001);
        assert!(in_flat_run(joint, Vec2::new(-h, h)));
        assert!(!in_flat_run(joint, Vec2::NEG_Y));
        assert!(!in_flat_run(joint, Vec2::new(h, -h)));
        // The top-right corner of a lone block (free over 270°) and a concave corner (free
        // over 90°): no flat run, whatever the normal.
        for mask in [0b0011_0000u8, 0b1111_1100] {
            for m in [Vec2::X, Vec2::Y, Vec2::new(h, h), Vec2::new(-h, h)] {
                assert!(!in_flat_run(mask, m), "{mask:#010b} {m}");
            }
        }
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
    fn a_hidden_face_met_at_a_concave_corner_is_met_at_the_corner() {
        // .##.   the upper right `#` at (2, 1): its bottom is hidden by the `#` below, its left
        // ..#.   side by the `#` beside; both end at the vertex (2, 1), the corner of the walls
        //        bottom of (1, 1) and left side of (2, 0), open toward the lower left
        let map = TileMap::from_rows(&[".##.", "..#."], 1.0).unwrap();
        let c = IVec2::new(2, 1);
        let at_vertex = Vec2::ZERO;
        let into_corner = Vec2::new(1.0, 1.0);
        let hit = |n: Vec2, local: Vec2, at: Vec2, d: Vec2| {
            map.correct_hit_normal(
                c,
                Tile::Solid,
                n,
                local,
                d,
                (|| at.abs().max_element(), |_| false),
            )
        };
        // Met at the vertex through either hidden face, moving into the corner: the wall there
        // that faces the same way.
        for n in [Vec2::NEG_Y, Vec2::NEG_X] {
            assert_eq!(map.correct_normal(c, Tile::Solid, n, at_vertex), None);
            assert_eq!(hit(n, at_vertex, Vec2::ZERO, into_corner), Some(n));
            // A hair off the vertex, within the tolerance, likewise.
            let hair = (n.perp() * 5e-6).abs();
            assert_eq!(hit(n, at_vertex + hair, Vec2::ZERO, into_corner), Some(n));
            // Moving along that wall, or away from it, it stands against nothing.
            assert_eq!(hit(n, at_vertex, Vec2::ZERO, n.perp().abs()), None);
            assert_eq!(hit(n, at_vertex, Vec2::ZERO, -into_corner), None);
        }
        // Away from the vertex, a hidden face is still no contact.
        let mid = Vec2::new(0.5, 0.0);
        assert_eq!(hit(Vec2::NEG_Y, mid, Vec2::ZERO, into_corner), None);
        // Far from the origin of the world, rounding is coarser: a point further off the
        // vertex still counts.
        let off = Vec2::new(4e-5, 0.0);
        assert_eq!(hit(Vec2::NEG_Y, off, Vec2::ZERO, into_corner), None);
        assert_eq!(
            hit(Vec2::NEG_Y, off, Vec2::splat(100.0), into_corner),
            Some(Vec2::NEG_Y)
        );
    }

    #[test]
    fn a_hidden_face_between_two_tiles_of_a_wall_is_met_as_the_wall() {
        // #.   the lower `#` at (0, 0): its top is hidden by the `#` above; it ends at the
        // #.   vertex (1, 1) on the wall's flat right side, whose only normal is +x
        let map = TileMap::from_rows(&["#.", "#."], 1.0).unwrap();
        let c = IVec2::new(0, 0);
        let top_end = Vec2::new(1.0, 1.0);
        let hit = |d: Vec2| {
            map.correct_hit_normal(c, Tile::Solid, Vec2::Y, top_end, d, (|| 0.0, |_| false))
        };
        // Moving down and left into the wall: the wall's side.
        assert_eq!(hit(Vec2::new(-0.3, -0.2)), Some(Vec2::X));
        // Moving down along it: nothing.
        assert_eq!(hit(Vec2::NEG_Y), None);
    }

    #[test]
    fn a_hidden_face_ending_inside_a_flat_run_stays_hidden() {
        // ...
        // ###   the middle tile's left side ends at the vertex (1, 1), in the run's flat top:
        //       the only normal there is the top's, square to the side, so a body moving
        //       along the top meets nothing there
        let map = TileMap::from_rows(&["...", "###"], 1.0).unwrap();
        let c = IVec2::new(1, 0);
        let top_end = Vec2::new(0.0, 1.0);
        let hit = |d: Vec2| {
            map.correct_hit_normal(c, Tile::Solid, Vec2::NEG_X, top_end, d, (|| 0.0, |_| false))
        };
        assert_eq!(hit(Vec2::X), None);
        // Pressing into the top as well: the top.
        assert_eq!(hit(Vec2::new(1.0, -0.5)), Some(Vec2::Y));
    }

    #[test]
    fn a_platform_flush_with_a_solid_tile_is_flat_seen_from_above_it() {
        // ...
        // =#.   the platform's top and the solid tile's top meet at the vertex (1, 1)
        let map = TileMap::from_rows(&["...", "=#."], 1.0).unwrap();
        let c = IVec2::new(1, 0);
        let top_end = Vec2::new(0.0, 1.0);
        let on = |_: IVec2| true;
        let below = |_: IVec2| false;
        // A body on the platform: the vertex lies in a flat run of tops.
        let v = IVec2::new(1, 1);
        assert_eq!(map.one_way_tops(v, on), 0b0011_0000);
        assert_eq!(map.solid_octants(v) | map.one_way_tops(v, on), FLAT_TOP);
        // Seen from inside the platform (it does not block the body), only the tile's corner.
        assert_eq!(map.one_way_tops(v, below), 0);
        // The tile's left side met at its top end, the body moving right along the tops:
        // nothing there for a body on the platform; a wall for one inside it.
        let hit = |on_one_way: &dyn Fn(IVec2) -> bool, n: Vec2, d: Vec2| {
            map.correct_hit_normal(c, Tile::Solid, n, top_end, d, (|| 0.0, on_one_way))
        };
        assert_eq!(hit(&on, Vec2::NEG_X, Vec2::X), None);
        assert_eq!(hit(&below, Vec2::NEG_X, Vec2::X), Some(Vec2::NEG_X));
        // Landing there: the top.
        assert_eq!(hit(&on, Vec2::NEG_X, Vec2::new(1.0, -0.5)), Some(Vec2::Y));
        // The corner's rounded edge (a normal leaning a hair over the platform, within the
        // tolerance of a face): the top's own normal for a body on the platform.
        let leaning = Vec2::new(-1e-3, 1.0).normalize();
        assert_eq!(hit(&on, leaning, Vec2::X), Some(Vec2::Y));
        assert_eq!(hit(&below, leaning, Vec2::X), Some(leaning));
    }

    #[test]
    fn a_run_of_platforms_is_flat_at_the_ends_of_each() {
        // ==   a body moving along the run, touching it, meets the second platform's left end
        //      (a vertex of the flat run): nothing there; landing there, the top
        let map = TileMap::from_rows(&["==", "##"], 1.0).unwrap();
        let c = IVec2::new(1, 1);
        let left_end = Vec2::new(0.0, 1.0);
        let hit = |d: Vec2| {
            map.correct_hit_normal(c, Tile::OneWay, Vec2::Y, left_end, d, (|| 0.0, |_| true))
        };
        assert_eq!(hit(Vec2::X), None);
        assert_eq!(hit(Vec2::new(1.0, -0.5)), Some(Vec2::Y));
        // Away from the end, the top as ever.
        let middle = Vec2::new(0.5, 1.0);
        assert_eq!(
            map.correct_hit_normal(
                c,
                Tile::OneWay,
                Vec2::Y,
                middle,
                Vec2::X,
                (|| 0.0, |_| true)
            ),
            Some(Vec2::Y)
        );
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
