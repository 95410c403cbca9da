//! The one exact algorithm behind every pair (DESIGN-NOTES "one exact algorithm").
//!
//! Every shape is a convex *core* (1 to 8 points, counter-clockwise) grown by a radius. For a
//! pair, `D = core(B) ⊖ core(A)` is a convex polygon of at most 16 vertices, and A at relative
//! position `q = pos_a - pos_b` overlaps B exactly when `q` lies inside `D` grown by
//! `r = r_a + r_b`. The faces of `D` are exactly the separating axes SAT would test (both
//! shapes' edge normals), and its rounded corners are the extra vertex axes a circle needs.
//! Overlap is the nearest exit from that set, a cast is a ray entering it.

use glam::Vec2;

use crate::soa::{Planes8, Soa8};
use crate::tolerance::PARALLEL_SIN;

/// Most vertices a Minkowski difference of two cores can have.
pub(crate) const MAX_DIFF: usize = 16;

/// A convex core: counter-clockwise points with outward edge normals.
///
/// `pts` and `nrm` may be padded past the `k` real entries with copies of entry 0 (polygons are
/// padded to 8): passes that only take maxima and minima over faces or vertices run over the
/// whole padded slice, so their trip count is fixed per shape kind; walks along the boundary
/// use `k`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Hull<'a> {
    pub pts: &'a [Vec2],
    pub nrm: &'a [Vec2],
    pub k: usize,
    /// The points side by side (polygons), for 4-lane supports.
    pub soa: Option<&'a Soa8>,
    /// The face planes side by side (polygons), for 4-lane clipping.
    pub planes: Option<&'a Planes8>,
}

impl<'a> Hull<'a> {
    /// A hull of exactly `pts.len()` points.
    #[inline]
    pub(crate) fn exact(pts: &'a [Vec2], nrm: &'a [Vec2]) -> Self {
        Hull {
            pts,
            nrm,
            k: pts.len(),
            soa: None,
            planes: None,
        }
    }

    /// The real points, without padding.
    #[inline]
    pub(crate) fn real_pts(&self) -> &'a [Vec2] {
        &self.pts[..self.k]
    }

    /// The real normals, without padding.
    #[inline]
    pub(crate) fn real_nrm(&self) -> &'a [Vec2] {
        &self.nrm[..self.k]
    }
}

/// The nearest feature of a rounded core to a point.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Closest {
    /// Signed distance from the point to the rounded shape: negative inside.
    pub sd: f32,
    /// Unit outward normal at the nearest boundary point.
    pub normal: Vec2,
    /// Nearest point on the core (not grown by the radius).
    pub core_point: Vec2,
    /// Edge index whose start vertex or interior holds `core_point`.
    pub edge: usize,
}

/// Closest point of a segment `a + s (b - a)`, s in [0, 1], to `q`, and the parameter.
#[inline]
pub(crate) fn closest_on_segment(a: Vec2, b: Vec2, q: Vec2) -> (Vec2, f32) {
    let e = b - a;
    let ee = e.length_squared();
    let s = if ee > 0.0 {
        ((q - a).dot(e) / ee).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + e * s, s)
}

/// Nearest feature of the core `pts`/`nrm` grown by `r` to the point `q`.
#[inline]
pub(crate) fn closest(hull: Hull, r: f32, q: Vec2, prefer: Vec2) -> Closest {
    let Hull {
        pts,
        nrm,
        k,
        planes,
        ..
    } = hull;
    if k == 1 {
        let d = q - pts[0];
        let len = d.length();
        let normal = if len > 0.0 {
            d / len
        } else {
            prefer.try_normalize().unwrap_or(Vec2::Y)
        };
        return Closest {
            sd: len - r,
            normal,
            core_point: pts[0],
            edge: 0,
        };
    }
    let (mut best, mut bi) = match planes {
        Some(pl) => pl.deepest(q, 0.0),
        None => {
            let mut best = (f32::NEG_INFINITY, 0);
            for i in 0..pts.len() {
                let s = nrm[i].dot(q - pts[i]);
                if s > best.0 {
                    best = (s, i);
                }
            }
            best
        }
    };
    if prefer != Vec2::ZERO {
        // Equally deep faces: prefer the one `prefer` points out of.
        for i in 0..pts.len() {
            if nrm[i].dot(q - pts[i]) == best && nrm[i].dot(prefer) > nrm[bi].dot(prefer) {
                (best, bi) = (nrm[i].dot(q - pts[i]), i);
            }
        }
    }
    if best <= 0.0 && k >= 3 {
        // Inside the core polygon: the nearest face is the way out.
        return Closest {
            sd: best - r,
            normal: nrm[bi],
            core_point: q - nrm[bi] * best,
            edge: bi,
        };
    }
    let a = pts[bi];
    let b = pts[(bi + 1) % k];
    let (c, s) = closest_on_segment(a, b, q);
    let d = q - c;
    let len = d.length();
    let normal = if len > 0.0 {
        d / len
    } else if k == 2 && nrm[1].dot(prefer) > nrm[0].dot(prefer) {
        nrm[1]
    } else {
        nrm[bi]
    };
    let edge = if s >= 1.0 { (bi + 1) % k } else { bi };
    Closest {
        sd: len - r,
        normal,
        core_point: c,
        edge,
    }
}

/// What a ray against a rounded core found.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Raw {
    /// No entry within `[0, max_t]`.
    Miss,
    /// Enters at `t` with outward `normal`; `core_point` is on the core, `edge` as in [`Closest`].
    Hit {
        t: f32,
        normal: Vec2,
        core_point: Vec2,
        edge: usize,
    },
    /// The start point is inside by more than the tolerance.
    Inside(Closest),
}

/// A ray `q + t d`, t in `[0, max_t]`, with the linear tolerance `tol` and the direction to
/// prefer (`prefer`, usually `-d`) when two ways out of an overlap are equally short.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RayQuery {
    pub q: Vec2,
    pub d: Vec2,
    pub max_t: f32,
    pub tol: f32,
    pub prefer: Vec2,
}

/// First entry of the ray `q + t d`, t in `[0, max_t]`, into the core grown by `r`.
///
/// `tol` is the linear tolerance: a start within `tol` of the boundary is *touching*, and is a
/// hit at t = 0 only if the motion goes on into the shape by more than `tol`.
pub(crate) fn ray_rounded(hull: Hull, r: f32, ray: RayQuery) -> Raw {
    let Hull {
        pts,
        nrm,
        k,
        planes,
        ..
    } = hull;
    let RayQuery {
        q,
        d,
        max_t,
        tol,
        prefer,
    } = ray;
    if k <= 2 {
        let c = closest(hull, r, q, prefer);
        if c.sd < -tol {
            return Raw::Inside(c);
        }
        if c.sd <= tol {
            return touching(hull, r, q, d, max_t, tol, c);
        }
        return if k == 1 {
            circle_ray(pts[0], r, q, d, max_t, 0)
        } else {
            capsule_ray(pts, nrm, r, q, d, max_t, c)
        };
    }
    // Cyrus–Beck clipping against the faces pushed out by r. A face whose half-plane the
    // motion never enters deeper than `tol` proves a miss: overlapping needs every face.
    let (t_in, face, t_out, max_s, mut max_i) = match planes {
        Some(pl) => match pl.clip(q, d, r, max_t, tol) {
            Some(c) => (c.t_in, c.face, c.t_out, c.max_s, c.max_i),
            None => return Raw::Miss,
        },
        None => match clip_scalar(pts, nrm, r, q, d, max_t, tol) {
            Some(c) => c,
            None => return Raw::Miss,
        },
    };
    if max_s < -tol || (max_s <= tol && face == usize::MAX) {
        // Equally deep faces: prefer the one the motion comes through (rare, so a second pass).
        for i in 0..pts.len() {
            let s = nrm[i].dot(q - pts[i]) - r;
            if s == max_s && nrm[i].dot(prefer) > nrm[max_i].dot(prefer) {
                max_i = i;
            }
        }
    }
    if r == 0.0 {
        if max_s < -tol {
            return Raw::Inside(Closest {
                sd: max_s,
                normal: nrm[max_i],
                core_point: q - nrm[max_i] * max_s,
                edge: max_i,
            });
        }
    } else if max_s <= tol {
        let c = closest(hull, r, q, prefer);
        if c.sd < -tol {
            return Raw::Inside(c);
        }
        if face == usize::MAX {
            // Inside every pushed-out face yet not deep in the rounded shape: a corner's wedge.
            return circle_ray(c.core_point, r, q, d, max_t, c.edge);
        }
    }
    if t_in > t_out {
        return Raw::Miss;
    }
    if face == usize::MAX {
        // Started touching (within tol) and every touched face is entered deeper than tol.
        return Raw::Hit {
            t: 0.0,
            normal: nrm[max_i],
            core_point: q - nrm[max_i] * (max_s + r),
            edge: max_i,
        };
    }
    let p = q + d * t_in;
    if r > 0.0 {
        let a = pts[face];
        let j = (face + 1) % k;
        let e = pts[j] - a;
        let u = (p - a).dot(e);
        if u < 0.0 {
            return circle_ray(a, r, q, d, max_t, face);
        }
        if u > e.length_squared() {
            return circle_ray(pts[j], r, q, d, max_t, j);
        }
    }
    Raw::Hit {
        t: t_in,
        normal: nrm[face],
        core_point: p - nrm[face] * r,
        edge: face,
    }
}

/// Cyrus–Beck clipping, one face at a time (the scalar twin of [`Planes8::clip`]):
/// `(t_in, face, t_out, max_s, max_i)`, or `None` for a proven miss.
#[inline]
fn clip_scalar(
    pts: &[Vec2],
    nrm: &[Vec2],
    r: f32,
    q: Vec2,
    d: Vec2,
    max_t: f32,
    tol: f32,
) -> Option<(f32, usize, f32, f32, usize)> {
    let (mut t_in, mut face, mut t_out) = (0.0f32, usize::MAX, max_t);
    let (mut max_s, mut max_i) = (f32::NEG_INFINITY, 0);
    for i in 0..pts.len() {
        let s = nrm[i].dot(q - pts[i]) - r;
        let dn = nrm[i].dot(d);
        if s.min(s + dn * max_t) > -tol {
            return None;
        }
        // Branch-free updates: the data decide, the predictor need not guess.
        let deeper = s > max_s;
        max_s = if deeper { s } else { max_s };
        max_i = if deeper { i } else { max_i };
        let t = s / -dn;
        let enter = (dn < 0.0) & (t > t_in);
        t_in = if enter { t } else { t_in };
        face = if enter { i } else { face };
        let exit = (dn > 0.0) & (t < t_out);
        t_out = if exit { t } else { t_out };
    }
    Some((t_in, face, t_out, max_s, max_i))
}

/// Start within `tol` of the boundary: a hit at 0 only when the motion goes deeper than `tol`.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn touching(hull: Hull, r: f32, q: Vec2, d: Vec2, max_t: f32, tol: f32, c: Closest) -> Raw {
    let Hull { pts, nrm, k, .. } = hull;
    let dn = d.dot(c.normal);
    let d_len = d.length();
    if k == 2 && r == 0.0 {
        // A point on a zero-thickness segment: crossing it is a hit, sliding along is not.
        let dn = nrm[0].dot(d);
        if dn.abs() > PARALLEL_SIN * d_len {
            let normal = if dn < 0.0 { nrm[0] } else { -nrm[0] };
            return Raw::Hit {
                t: 0.0,
                normal,
                core_point: c.core_point,
                edge: c.edge,
            };
        }
        return Raw::Miss;
    }
    if dn >= -PARALLEL_SIN * d_len {
        return Raw::Miss;
    }
    if r == 0.0 && k >= 3 {
        // A sharp polygon: every face the start touches must be entered deeper than `tol`
        // (sliding along a face, or past a corner, is not a hit).
        for i in 0..pts.len() {
            let s = nrm[i].dot(q - pts[i]);
            if s >= -tol {
                let dni = nrm[i].dot(d);
                if dni >= 0.0 || s + dni * max_t >= -tol {
                    return Raw::Miss;
                }
            }
        }
    } else if c.sd + dn * max_t >= -tol {
        // A rounded boundary: the motion must go deeper than `tol` along the normal.
        return Raw::Miss;
    }
    Raw::Hit {
        t: 0.0,
        normal: c.normal,
        core_point: c.core_point,
        edge: c.edge,
    }
}

/// Ray against a capsule (2-point core grown by r, r may be 0), start outside by more than tol.
fn capsule_ray(
    pts: &[Vec2],
    nrm: &[Vec2],
    r: f32,
    q: Vec2,
    d: Vec2,
    max_t: f32,
    c: Closest,
) -> Raw {
    let a = pts[0];
    let b = pts[1];
    let n = nrm[0];
    let s = n.dot(q - a);
    let dn = n.dot(d);
    if s.abs() > r {
        // Outside the slab: enter it through the side facing q.
        if s * dn >= 0.0 {
            return Raw::Miss;
        }
        let t = (s.abs() - r) / dn.abs();
        if t > max_t {
            return Raw::Miss;
        }
        let p = q + d * t;
        let e = b - a;
        let u = (p - a).dot(e);
        let side = if s > 0.0 { n } else { -n };
        if u >= 0.0 && u <= e.length_squared() {
            return Raw::Hit {
                t,
                normal: side,
                core_point: p - side * r,
                edge: if s > 0.0 { 0 } else { 1 },
            };
        }
        if r == 0.0 {
            return Raw::Miss;
        }
        return if u < 0.0 {
            circle_ray(a, r, q, d, max_t, 0)
        } else {
            circle_ray(b, r, q, d, max_t, 1)
        };
    }
    // Inside the slab, beyond an end: only that end's cap can be met first.
    circle_ray(c.core_point, r, q, d, max_t, c.edge)
}

/// Ray from `q` (outside) against the circle of radius `r` at `center`.
#[inline]
fn circle_ray(center: Vec2, r: f32, q: Vec2, d: Vec2, max_t: f32, edge: usize) -> Raw {
    if r <= 0.0 {
        return Raw::Miss;
    }
    let m = q - center;
    let b = m.dot(d);
    if b >= 0.0 {
        return Raw::Miss;
    }
    // Closest approach first, then back along the ray by half the chord: grazing rays keep
    // their precision (the textbook discriminant b² - a·c cancels catastrophically there).
    let dd = d.length_squared();
    let t_mid = -b / dd;
    let h = (m + d * t_mid).length();
    if h > r {
        return Raw::Miss;
    }
    let half = ((r - h) * (r + h) / dd).sqrt();
    let t = (t_mid - half).max(0.0);
    if t > max_t {
        return Raw::Miss;
    }
    let off = m + d * t;
    let normal = off
        .try_normalize()
        .unwrap_or_else(|| m.normalize_or(Vec2::Y));
    Raw::Hit {
        t,
        normal,
        core_point: center,
        edge,
    }
}

/// Which shape an edge of a Minkowski difference came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EdgeSource {
    /// An edge of B (A contributes a vertex).
    B,
    /// An edge of A, negated (B contributes a vertex).
    A,
}

/// `core(B) ⊖ core(A)`, counter-clockwise, with where each vertex came from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Diff {
    pub pts: [Vec2; MAX_DIFF],
    pub nrm: [Vec2; MAX_DIFF],
    /// For vertex k: index into B's core and into A's core (`pts[k] = b[ib] - a[ja]`).
    pub ib: [u8; MAX_DIFF],
    pub ja: [u8; MAX_DIFF],
    pub src: [EdgeSource; MAX_DIFF],
    pub len: usize,
}

impl Diff {
    fn empty() -> Self {
        Diff {
            pts: [Vec2::ZERO; MAX_DIFF],
            nrm: [Vec2::ZERO; MAX_DIFF],
            ib: [0; MAX_DIFF],
            ja: [0; MAX_DIFF],
            src: [EdgeSource::B; MAX_DIFF],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, p: Vec2, n: Vec2, ib: usize, ja: usize, src: EdgeSource) {
        let k = self.len;
        self.pts[k] = p;
        self.nrm[k] = n;
        self.ib[k] = ib as u8;
        self.ja[k] = ja as u8;
        self.src[k] = src;
        self.len = k + 1;
    }
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
    let (poly_src, seg_src) = if poly_is_b {
        (EdgeSource::B, EdgeSource::A)
    } else {
        (EdgeSource::A, EdgeSource::B)
    };
    let end_for = |n: Vec2| usize::from(n.dot(es) <= 0.0);
    let n = pp.len();
    let mut prev = end_for(pn[n - 1]);
    for i in 0..n {
        let cur = end_for(pn[i]);
        let (ib_p, ja_p, ib_c, ja_c) = if poly_is_b {
            (i, prev, i, cur)
        } else {
            (prev, i, cur, i)
        };
        if cur != prev {
            out.push(
                (pp[i] - sp[prev]) * sign,
                -sn[prev] * sign,
                ib_p,
                ja_p,
                seg_src,
            );
        }
        out.push((pp[i] - sp[cur]) * sign, pn[i] * sign, ib_c, ja_c, poly_src);
        prev = cur;
    }
    out
}

/// Angle order of edge directions on [0, 2π): true when `u` comes strictly before `v`.
#[inline]
fn lower_half(v: Vec2) -> bool {
    v.y < 0.0 || (v.y == 0.0 && v.x < 0.0)
}

/// Builds `B ⊖ A` for cores of at least 2 points each by merging edges in angle order.
///
/// Exactly parallel edges of the same direction are merged into one. Two parallel 2-point
/// cores (the difference would be flat) give a 2-point difference.
pub(crate) fn minkowski_diff(bp: &[Vec2], bn: &[Vec2], ap: &[Vec2], an: &[Vec2]) -> Diff {
    let n = bp.len();
    let m = ap.len();
    let mut out = Diff::empty();
    if n == 2 && m == 2 {
        let eb = bp[1] - bp[0];
        let ea = ap[1] - ap[0];
        if eb.perp_dot(ea).abs() <= crate::tolerance::GEOMETRY_REL * eb.length() * ea.length() {
            // Parallel: the difference is the segment between the extremes along eb.
            let mut lo = (f32::INFINITY, 0, 0);
            let mut hi = (f32::NEG_INFINITY, 0, 0);
            for (i, b) in bp.iter().enumerate() {
                for (j, a) in ap.iter().enumerate() {
                    let s = (*b - *a).dot(eb);
                    if s < lo.0 {
                        lo = (s, i, j);
                    }
                    if s > hi.0 {
                        hi = (s, i, j);
                    }
                }
            }
            out.pts[0] = bp[lo.1] - ap[lo.2];
            out.pts[1] = bp[hi.1] - ap[hi.2];
            out.nrm[0] = bn[0];
            out.nrm[1] = -bn[0];
            out.ib[0] = lo.1 as u8;
            out.ja[0] = lo.2 as u8;
            out.ib[1] = hi.1 as u8;
            out.ja[1] = hi.2 as u8;
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
    let mut len = 0;
    while ci < n || cj < m {
        out.pts[len] = bp[i] - ap[j];
        out.ib[len] = i as u8;
        out.ja[len] = j as u8;
        let i1 = if i + 1 == n { 0 } else { i + 1 };
        let j1 = if j + 1 == m { 0 } else { j + 1 };
        let eb = bp[i1] - bp[i];
        let ea = ap[j] - ap[j1]; // edge of -A
        let (take_b, take_a) = if ci == n {
            (false, true)
        } else if cj == m {
            (true, false)
        } else {
            let (hb, ha) = (lower_half(eb), lower_half(ea));
            if hb != ha {
                (!hb, hb)
            } else {
                let cr = eb.perp_dot(ea);
                if cr > 0.0 {
                    (true, false)
                } else if cr < 0.0 {
                    (false, true)
                } else {
                    (true, true)
                }
            }
        };
        if take_b {
            out.nrm[len] = bn[i];
            out.src[len] = EdgeSource::B;
            i = i1;
            ci += 1;
        }
        if take_a {
            if !take_b {
                out.nrm[len] = -an[j];
                out.src[len] = EdgeSource::A;
            }
            j = j1;
            cj += 1;
        }
        len += 1;
    }
    out.len = len;
    out
}

impl Diff {
    /// The difference as a hull (no padding).
    #[inline]
    pub(crate) fn hull(&self) -> Hull<'_> {
        Hull::exact(&self.pts[..self.len], &self.nrm[..self.len])
    }

    /// The point of B's core (B's local frame) matching `core_point` on edge `edge` of `self`.
    #[inline]
    pub(crate) fn b_point(&self, core_point: Vec2, edge: usize, ap: &[Vec2], bp: &[Vec2]) -> Vec2 {
        match self.src[edge] {
            EdgeSource::A => bp[self.ib[edge] as usize],
            EdgeSource::B => core_point + ap[self.ja[edge] as usize],
        }
    }
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

    #[test]
    fn difference_of_two_squares_is_the_summed_square() {
        let (p, n) = square(1.0);
        let (p2, n2) = square(0.5);
        let d = minkowski_diff(&p, &n, &p2, &n2);
        // Parallel edges merge: 4 vertices, not 8.
        assert_eq!(d.len, 4);
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
    fn difference_is_convex_and_counter_clockwise() {
        let tri = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, 1.0),
        ];
        let tn = [Vec2::NEG_Y, Vec2::new(1.0, 2.0).normalize(), Vec2::NEG_X];
        let (sq, sn) = square(1.0);
        let d = minkowski_diff(&tri, &tn, &sq, &sn);
        for k in 0..d.len {
            let a = d.pts[k];
            let b = d.pts[(k + 1) % d.len];
            let c = d.pts[(k + 2) % d.len];
            assert!(
                (b - a).perp_dot(c - b) > 0.0,
                "not a left turn at {k}: {:?}",
                &d.pts[..d.len]
            );
            let e = (b - a).normalize();
            assert!((Vec2::new(e.y, -e.x) - d.nrm[k]).length() < 1e-6);
        }
    }

    #[test]
    fn circle_ray_hits_at_the_exact_root() {
        // Ray from (-5, 0) along +x against the unit circle at the origin: enters at x = -1.
        match circle_ray(
            Vec2::ZERO,
            1.0,
            Vec2::new(-5.0, 0.0),
            Vec2::new(10.0, 0.0),
            1.0,
            0,
        ) {
            Raw::Hit { t, normal, .. } => {
                assert!((t - 0.4).abs() < 1e-7);
                assert_eq!(normal, Vec2::NEG_X);
            }
            other => panic!("{other:?}"),
        }
    }
}
