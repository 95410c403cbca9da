//! Paths that run along a grid line between two rows (or columns) of tiles. Seen alone, each
//! tile beside the line is only touched by such a path (it grazes the tile's face, which is
//! no contact), yet where tiles on both sides cover the line the path runs inside the union of
//! tiles. A ray at exactly the height of the seam between two stacked rows of a wall, or a
//! segment lying along it, passed through the wall. Here such a path meets the union at the
//! grid vertex where it first comes between two covering tiles.

use glam::{IVec2, Vec2};

use super::seams::corner_normal;
use super::{Side, TileMap};

/// Where a path along a seam first enters the union of tiles: the fraction of the motion, the
/// cell entered (the one on the lower or left side of the line), the grid vertex (local
/// frame) and the normal there, standing against the motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct SeamEntry {
    pub(super) fraction: f32,
    pub(super) cell: IVec2,
    pub(super) point: Vec2,
    pub(super) normal: Vec2,
}

impl TileMap {
    /// The first entry into the union of tiles of a body whose box (local frame) is
    /// `[lo, hi]` moving by `d`, when its whole sweep lies within `tol` of one grid line (a
    /// ray, or a segment along the line moving along it): at the first grid vertex on the
    /// line, ahead of the body's leading edge and within the motion, where the cells on both
    /// sides of the line cover it (after cells that do not, so a start already between
    /// covering cells enters nothing there). `None` for every other sweep, at the cost of a
    /// few comparisons.
    pub(super) fn seam_entry(&self, lo: Vec2, hi: Vec2, d: Vec2, tol: f32) -> Option<SeamEntry> {
        [0usize, 1]
            .into_iter()
            .filter_map(|along| self.seam_entry_along(along, lo, hi, d, tol))
            .min_by(|a, b| a.fraction.total_cmp(&b.fraction))
    }

    /// [`seam_entry`](Self::seam_entry) for a line along the axis `along` (0: a row line,
    /// the path moving along x; 1: a column line, moving along y).
    fn seam_entry_along(
        &self,
        along: usize,
        lo: Vec2,
        hi: Vec2,
        d: Vec2,
        tol: f32,
    ) -> Option<SeamEntry> {
        let across = 1 - along;
        if d[along] == 0.0 {
            return None;
        }
        // The sweep's extent across the line: within the tolerance of one grid line.
        let a_lo = lo[across].min(lo[across] + d[across]);
        let a_hi = hi[across].max(hi[across] + d[across]);
        if a_hi - a_lo > 2.0 * tol {
            return None;
        }
        let k = ((a_lo + a_hi) * 0.5 / self.cell).round();
        let line = k * self.cell;
        if a_lo < line - tol || a_hi > line + tol {
            return None;
        }
        let k = k as i32;
        // The leading edge along the line, and the cells it passes the entry boundaries of.
        let forward = d[along] > 0.0;
        let lead = if forward { hi[along] } else { lo[along] };
        let extent = if along == 0 { self.width } else { self.height } as i32;
        let reach = (lead + d[along]) / self.cell;
        // Cells whose entry boundary lies ahead of the leading edge (within the tolerance)
        // and within the motion, inside the map.
        let (first, last, step) = if forward {
            let first = ((lead - tol) / self.cell).ceil().max(0.0);
            (first, reach.floor().min(extent as f32 - 1.0), 1)
        } else {
            let first = ((lead + tol) / self.cell).floor() - 1.0;
            (first.min(extent as f32 - 1.0), reach.ceil() - 1.0, -1)
        };
        if (forward && first > last) || (!forward && first < last.max(0.0)) {
            return None;
        }
        let (first, last) = (first as i32, last.max(0.0) as i32);
        let cell_at = |j: i32, side: i32| {
            if along == 0 {
                IVec2::new(j, k + side)
            } else {
                IVec2::new(k + side, j)
            }
        };
        // Both cells across the line at position `j` along it cover the line.
        let covered = |j: i32| {
            let (near, far) = if along == 0 {
                (Side::Top, Side::Bottom)
            } else {
                (Side::Right, Side::Left)
            };
            self.at(cell_at(j, -1)).covers(near) && self.at(cell_at(j, 0)).covers(far)
        };
        let mut j = first;
        let mut before = covered(j - step);
        loop {
            let now = covered(j);
            if now && !before {
                let boundary = if forward { j } else { j + 1 };
                let mut v = IVec2::splat(k);
                v[along] = boundary;
                let point = v.as_vec2() * self.cell;
                let fraction = ((point[along] - lead) / d[along]).clamp(0.0, 1.0);
                let dir = d.normalize_or_zero();
                let normal = corner_normal(self.solid_octants(v), -dir)?;
                return (normal.dot(d) < 0.0).then_some(SeamEntry {
                    fraction,
                    cell: cell_at(j, -1),
                    point,
                    normal,
                });
            }
            if j == last {
                return None;
            }
            before = now;
            j += step;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_along_the_seam_of_a_wall_enters_it_at_the_wall() {
        // ..##..   cells of 16; the seam between the two rows at y = 16 runs into the wall
        // ..##..   at the vertex (32, 16) and out at (64, 16)
        let map = TileMap::from_rows(&["..##..", "..##.."], 16.0).unwrap();
        let tol = 1e-5;
        // A ray (a point) from x = 0 along the seam, 100 units.
        let p = Vec2::new(0.0, 16.0);
        let hit = map.seam_entry(p, p, Vec2::new(100.0, 0.0), tol).unwrap();
        assert_eq!(hit.point, Vec2::new(32.0, 16.0));
        assert_eq!(hit.normal, Vec2::NEG_X);
        assert!((hit.fraction - 0.32).abs() < 1e-6);
        // From the right, moving left: the wall's right side.
        let p = Vec2::new(90.0, 16.0);
        let hit = map.seam_entry(p, p, Vec2::new(-80.0, 0.0), tol).unwrap();
        assert_eq!((hit.point, hit.normal), (Vec2::new(64.0, 16.0), Vec2::X));
        assert!((hit.fraction - 26.0 / 80.0).abs() < 1e-6);
        // A segment lying along the seam, its right end 2 units short of the wall.
        let (lo, hi) = (Vec2::new(10.0, 16.0), Vec2::new(30.0, 16.0));
        let hit = map.seam_entry(lo, hi, Vec2::new(4.0, 0.0), tol).unwrap();
        assert!((hit.fraction - 0.5).abs() < 1e-6);
        // Touching the wall already: met at once.
        let hit = map.seam_entry(lo, hi + Vec2::X * 2.0, Vec2::new(4.0, 0.0), tol);
        assert_eq!(hit.map(|h| h.fraction), Some(0.0));
        // Short of it, or moving away: nothing.
        assert_eq!(map.seam_entry(lo, hi, Vec2::new(1.5, 0.0), tol), None);
        assert_eq!(map.seam_entry(lo, hi, Vec2::new(-4.0, 0.0), tol), None);
        // Off the seam by more than the tolerance, or along a line with tiles on one side
        // only (the top of the wall): nothing here (the tiles' own casts see those).
        let p = Vec2::new(0.0, 16.001);
        assert_eq!(map.seam_entry(p, p, Vec2::new(100.0, 0.0), tol), None);
        let p = Vec2::new(0.0, 32.0);
        assert_eq!(map.seam_entry(p, p, Vec2::new(100.0, 0.0), tol), None);
        // Within the tolerance of the seam, drifting within it: still the wall.
        let p = Vec2::new(0.0, 16.0 + 5e-6);
        let hit = map.seam_entry(p, p, Vec2::new(100.0, -1e-5), tol);
        assert_eq!(hit.map(|h| h.point), Some(Vec2::new(32.0, 16.0)));
    }

    #[test]
    fn a_path_along_a_column_seam_enters_where_both_columns_cover_it() {
        // .#    a column line at x = 1 between a slope (its right side covers the line) and a
        // /#    solid column: covered in row 0 only, entered from above at (1, 1)
        let map = TileMap::from_rows(&[".#", "/#"], 1.0).unwrap();
        let p = Vec2::new(1.0, 3.0);
        let hit = map.seam_entry(p, p, Vec2::new(0.0, -3.0), 1e-5).unwrap();
        assert_eq!(hit.point, Vec2::new(1.0, 1.0));
        assert!((hit.fraction - 2.0 / 3.0).abs() < 1e-6);
        // Down the wall's side into the notch between it and the slope's top: the allowed
        // normal there nearest to straight up is the slope's.
        let h = std::f32::consts::FRAC_1_SQRT_2;
        assert_eq!(hit.normal, Vec2::new(-h, h));
        // Up from below the map along the line: into the covered row at once (y = 0).
        let p = Vec2::new(1.0, -1.0);
        let hit = map.seam_entry(p, p, Vec2::new(0.0, 3.0), 1e-5).unwrap();
        assert_eq!(hit.point, Vec2::new(1.0, 0.0));
        assert_eq!(hit.normal, Vec2::NEG_Y);
    }
}
