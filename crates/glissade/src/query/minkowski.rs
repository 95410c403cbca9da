//! Minkowski differences `core(B) ⊖ core(A)` of two cores with 2 or more points each.

use glam::Vec2;

use crate::shape::Hull;
use crate::tolerance::GEOMETRY_REL;

/// Most vertices a Minkowski difference of two cores can have.
pub(crate) const MAX_DIFF: usize = 16;

/// `core(B) ⊖ core(A)`: counter-clockwise, no two consecutive faces collinear.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Diff {
    pts: [Vec2; MAX_DIFF],
    nrm: [Vec2; MAX_DIFF],
    len: usize,
}

impl Diff {
    fn empty() -> Self {
        Diff {
            pts: [Vec2::ZERO; MAX_DIFF],
            nrm: [Vec2::ZERO; MAX_DIFF],
            len: 0,
        }
    }

    /// Appends the vertex `p`, whose outgoing edge has the outward normal `n`. A face
    /// collinear with the previous one extends it instead (ties between collinear faces
    /// would send a ray to the wrong corner).
    #[inline]
    fn push(&mut self, p: Vec2, n: Vec2) {
        let k = self.len;
        if k > 0 && collinear(self.nrm[k - 1], n) {
            return;
        }
        self.pts[k] = p;
        self.nrm[k] = n;
        self.len = k + 1;
    }

    /// Closes the loop: a last face collinear with the first one is merged into it.
    fn close(mut self) -> Self {
        while self.len > 2 && collinear(self.nrm[self.len - 1], self.nrm[0]) {
            self.pts[0] = self.pts[self.len - 1];
            self.len -= 1;
        }
        self
    }

    /// The difference as a hull (no padding).
    #[inline]
    pub(crate) fn hull(&self) -> Hull<'_> {
        Hull::exact(&self.pts[..self.len], &self.nrm[..self.len])
    }
}

/// Whether two unit normals point the same way (within [`GEOMETRY_REL`]).
#[inline]
fn collinear(a: Vec2, b: Vec2) -> bool {
    a.perp_dot(b).abs() <= GEOMETRY_REL && a.dot(b) > 0.0
}

/// `B ⊖ A` when one core is a polygon (3+ points) and the other a segment (2 points).
///
/// Each polygon face meets the segment end that is lowest along its normal; where that end
/// changes between two faces, the segment's own edge joins them. `poly_is_b` says which of
/// the two the polygon is.
pub(crate) fn diff_poly_seg(
    pp: &[Vec2],
    pn: &[Vec2],
    sp: &[Vec2],
    sn: &[Vec2],
    poly_is_b: bool,
) -> Diff {
    // Built as E = P ⊖ S; when the polygon is A, B ⊖ A = -E (a half turn keeps the order).
    let mut out = Diff::empty();
    let es = sp[1] - sp[0];
    let sign = if poly_is_b { 1.0 } else { -1.0 };
    let end_for = |n: Vec2| usize::from(n.dot(es) <= 0.0);
    let n = pp.len();
    let mut prev = end_for(pn[n - 1]);
    for i in 0..n {
        let cur = end_for(pn[i]);
        if cur != prev {
            out.push((pp[i] - sp[prev]) * sign, -sn[prev] * sign);
        }
        out.push((pp[i] - sp[cur]) * sign, pn[i] * sign);
        prev = cur;
    }
    out.close()
}

/// Angle order of edge directions on [0, 2π): the lower half-plane comes second.
#[inline]
fn lower_half(v: Vec2) -> bool {
    v.y < 0.0 || (v.y == 0.0 && v.x < 0.0)
}

/// `B ⊖ A` for any two cores of at least 2 points each, by merging edges in angle order.
/// Two parallel 2-point cores (the difference would be flat) give a 2-point difference.
pub(crate) fn minkowski_diff(bp: &[Vec2], bn: &[Vec2], ap: &[Vec2], an: &[Vec2]) -> Diff {
    let n = bp.len();
    let m = ap.len();
    let mut out = Diff::empty();
    if n == 2 && m == 2 {
        let eb = bp[1] - bp[0];
        let ea = ap[1] - ap[0];
        if eb.perp_dot(ea).abs() <= GEOMETRY_REL * eb.length() * ea.length() {
            // Parallel: the difference is the segment between the extremes along eb.
            let mut lo = (f32::INFINITY, Vec2::ZERO);
            let mut hi = (f32::NEG_INFINITY, Vec2::ZERO);
            for b in bp {
                for a in ap {
                    let p = *b - *a;
                    let s = p.dot(eb);
                    if s < lo.0 {
                        lo = (s, p);
                    }
                    if s > hi.0 {
                        hi = (s, p);
                    }
                }
            }
            out.pts[0] = lo.1;
            out.pts[1] = hi.1;
            out.nrm[0] = bn[0];
            out.nrm[1] = -bn[0];
            out.len = 2;
            return out;
        }
    }
    // Lowest (then leftmost) vertex of B, and of -A (the highest, then rightmost, of A).
    let mut i = 0;
    for k in 1..n {
        if bp[k].y < bp[i].y || (bp[k].y == bp[i].y && bp[k].x < bp[i].x) {
            i = k;
        }
    }
    let mut j = 0;
    for k in 1..m {
        if ap[k].y > ap[j].y || (ap[k].y == ap[j].y && ap[k].x > ap[j].x) {
            j = k;
        }
    }
    let (mut ci, mut cj) = (0, 0);
    while ci < n || cj < m {
        let p = bp[i] - ap[j];
        let i1 = if i + 1 == n { 0 } else { i + 1 };
        let j1 = if j + 1 == m { 0 } else { j + 1 };
        let eb = bp[i1] - bp[i];
        let ea = ap[j] - ap[j1]; // edge of -A
        let take_b = if ci == n {
            false
        } else if cj == m {
            true
        } else {
            let (hb, ha) = (lower_half(eb), lower_half(ea));
            if hb != ha {
                !hb
            } else {
                eb.perp_dot(ea) >= 0.0
            }
        };
        if take_b {
            out.push(p, bn[i]);
            i = i1;
            ci += 1;
        } else {
            out.push(p, -an[j]);
            j = j1;
            cj += 1;
        }
    }
    out.close()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(h: f32) -> ([Vec2; 4], [Vec2; 4]) {
        (
            [
                Vec2::new(-h, -h),
                Vec2::new(h, -h),
                Vec2::new(h, h),
                Vec2::new(-h, h),
            ],
            [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X],
        )
    }

    fn check_convex_ccw(d: &Diff) {
        let h = d.hull();
        let k = h.k;
        for i in 0..k {
            let (a, b, c) = (h.pts[i], h.pts[(i + 1) % k], h.pts[(i + 2) % k]);
            assert!(
                (b - a).perp_dot(c - b) > 0.0,
                "not a strict left turn at {i}: {:?}",
                h.pts
            );
            let e = (b - a).normalize();
            assert!(
                (Vec2::new(e.y, -e.x) - h.nrm[i]).length() < 1e-6,
                "normal {i}"
            );
        }
    }

    #[test]
    fn difference_of_two_squares_is_the_summed_square() {
        let (p, n) = square(1.0);
        let (p2, n2) = square(0.5);
        let d = minkowski_diff(&p, &n, &p2, &n2);
        // Parallel edges merge: 4 vertices, not 8.
        assert_eq!(d.len, 4);
        check_convex_ccw(&d);
        let mut pts: Vec<_> = d.pts[..4].to_vec();
        pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        assert_eq!(
            pts,
            vec![
                Vec2::new(-1.5, -1.5),
                Vec2::new(-1.5, 1.5),
                Vec2::new(1.5, -1.5),
                Vec2::new(1.5, 1.5)
            ]
        );
    }

    #[test]
    fn triangle_minus_square_is_convex_and_counter_clockwise() {
        let tri = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, 1.0),
        ];
        let tn = [Vec2::NEG_Y, Vec2::new(1.0, 2.0).normalize(), Vec2::NEG_X];
        let (sq, sn) = square(1.0);
        let d = minkowski_diff(&tri, &tn, &sq, &sn);
        assert_eq!(d.len, 5);
        check_convex_ccw(&d);
    }

    #[test]
    fn box_minus_an_axis_aligned_segment_has_no_collinear_faces() {
        // Box ±1 minus the vertical segment (0,-1)–(0,1): the box ±1 × ±2, 4 corners only
        // (the segment's edges are collinear with the box's sides and merge into them).
        let (p, n) = square(1.0);
        let s = [Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0)];
        let sn = [Vec2::X, Vec2::NEG_X];
        for poly_is_b in [true, false] {
            let d = diff_poly_seg(&p, &n, &s, &sn, poly_is_b);
            assert_eq!(d.len, 4, "{:?}", d.hull().pts);
            check_convex_ccw(&d);
            for v in d.hull().pts {
                assert_eq!(v.abs(), Vec2::new(1.0, 2.0));
            }
        }
        let general = minkowski_diff(&p, &n, &s, &sn);
        assert_eq!(general.len, 4);
        check_convex_ccw(&general);
    }
}
