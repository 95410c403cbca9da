//! Sharp pairs (no radius, at least one polygon or box): the faces of `B ⊖ A` come straight
//! from both shapes' edge normals and supports — the separating-axis test — so a cast or an
//! overlap needs no vertex list, only one pass over the axes. Exact, and the same answer as
//! the rounded kernel with `r = 0`.
//!
//! The passes are branch-free where the data decide (minima, maxima, clipping), because on
//! mixed inputs mispredicted branches cost more than the arithmetic.

use glam::Vec2;

use super::kernel::{Closest, Hull, Raw, RayQuery};

/// The face planes `normal·x <= offset` of `B ⊖ A`, numbered: B's faces `0..b.k`, then A's
/// (negated) faces `b.k..b.k + a.k`.
#[derive(Clone, Copy)]
struct Axes<'a> {
    b: Hull<'a>,
    a: Hull<'a>,
}

impl Axes<'_> {
    /// Number of faces.
    #[inline]
    fn len(&self) -> usize {
        self.b.k + self.a.k
    }

    /// Face `i`: its outward normal and offset.
    #[inline(always)]
    fn plane(&self, i: usize) -> (Vec2, f32) {
        if i < self.b.k {
            let n = self.b.nrm[i];
            let lo = match self.a.soa {
                Some(soa) => soa.min_dot(n),
                None => self
                    .a
                    .pts
                    .iter()
                    .fold(f32::INFINITY, |m, p| m.min(n.dot(*p))),
            };
            (n, n.dot(self.b.pts[i]) - lo)
        } else {
            let j = i - self.b.k;
            let n = -self.a.nrm[j];
            let hi = match self.b.soa {
                Some(soa) => soa.max_dot(n),
                None => self
                    .b
                    .pts
                    .iter()
                    .fold(f32::NEG_INFINITY, |m, p| m.max(n.dot(*p))),
            };
            (n, hi - n.dot(self.a.pts[j]))
        }
    }
}

/// Deepest overlap of A at relative position `q` with B, deeper than `tol`: `(depth, normal)`.
#[inline]
pub(crate) fn sat_overlap(b: Hull, a: Hull, q: Vec2, tol: f32) -> Option<(f32, Vec2)> {
    let axes = Axes { b, a };
    let mut best = (f32::NEG_INFINITY, Vec2::ZERO);
    for i in 0..axes.len() {
        let (n, h) = axes.plane(i);
        let s = n.dot(q) - h;
        if s >= -tol {
            return None;
        }
        best = if s > best.0 { (s, n) } else { best };
    }
    Some((-best.0, best.1))
}

/// The ray kernel (see [`super::kernel::ray_rounded`]) for a sharp pair, on the planes of
/// `B ⊖ A`.
pub(crate) fn sat_ray(b: Hull, a: Hull, ray: RayQuery) -> Raw {
    let RayQuery {
        q,
        d,
        max_t,
        tol,
        prefer,
    } = ray;
    let axes = Axes { b, a };
    let mut t_in = 0.0f32;
    let mut t_out = max_t;
    let mut face = usize::MAX;
    let mut max_s = f32::NEG_INFINITY;
    let mut max_i = 0;
    for i in 0..axes.len() {
        let (n, h) = axes.plane(i);
        let s = n.dot(q) - h;
        let dn = n.dot(d);
        // Overlapping needs every face: one never entered deeper than tol proves a miss.
        if s.min(s + dn * max_t) > -tol {
            return Raw::Miss;
        }
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
    if max_s < -tol || face == usize::MAX {
        // Equally deep faces: prefer the one the motion comes through (rare: a second pass).
        for i in 0..axes.len() {
            let (n, h) = axes.plane(i);
            if n.dot(q) - h == max_s && n.dot(prefer) > axes.plane(max_i).0.dot(prefer) {
                max_i = i;
            }
        }
    }
    if max_s < -tol {
        let n = axes.plane(max_i).0;
        return Raw::Inside(Closest {
            sd: max_s,
            normal: n,
            core_point: q - n * max_s,
            at_vertex: false,
        });
    }
    if t_in > t_out {
        return Raw::Miss;
    }
    // No face entered after the start: started touching, and goes deeper through every face.
    let f = if face == usize::MAX { max_i } else { face };
    Raw::Hit {
        t: t_in,
        normal: axes.plane(f).0,
    }
}
