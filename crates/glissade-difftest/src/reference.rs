//! An independent, brute-force reference for the geometry, in `f64`.
//!
//! It shares no code with glissade's queries. Every shape is a *core* — 1 point (circle), 2
//! points (capsule, segment) or a convex polygon (box, polygon) — grown by a radius. The
//! signed distance between two shapes is found by brute force over features:
//!
//! - **Apart.** The distance between two disjoint convex cores is the smallest distance
//!   between a vertex of one and an edge of the other (a segment–segment distance is always
//!   reached at an endpoint when the segments do not cross). Minus the radii.
//! - **Cores overlapping** (a vertex of one inside the other, two edges crossing, or a vertex on
//!   an edge): separating-axis brute force. The depth is the smallest overlap of the two
//!   projections over all edge normals of both cores (plus the direction of 2-point cores,
//!   which is harmless: an extra axis never gives less than the true depth). Plus the radii,
//!   negated.
//!
//! Along a straight relative path the signed distance to a convex set is a convex function of
//! the fraction, so [`analyze_path`] finds its minimum by golden-section search and the first
//! contact by bisection. [`analyze_path_dense`] does the same with no convexity assumption
//! (evenly spaced samples, then local refinement); tests use it to confirm every disagreement.
//! [`ray_first_contact`] is the same analysis for the path of a single point (a ray). For
//! overlaps, [`overlapping`] decides overlap without the separating-axis depth, and
//! [`depth_by_directions`] / [`exits_within`] measure the depth by pushing along sampled
//! directions: the independent confirmation of a disputed depth.

/// A point or vector, `[x, y]`, in `f64`.
pub type P = [f64; 2];

/// A convex core (counter-clockwise when it has 3 or more points) grown by `radius`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Core {
    /// The core's points; only the first `len` are used.
    pub pts: [P; 8],
    /// 1 (a point), 2 (a segment) or 3 to 8 (a convex polygon).
    pub len: usize,
    /// The radius the core is grown by (0 for boxes, polygons and segments).
    pub radius: f64,
}

impl Core {
    /// A core from its points (collapsing a zero-length segment to a point).
    #[must_use]
    pub fn new(points: &[P], radius: f64) -> Self {
        assert!((1..=8).contains(&points.len()), "1 to 8 core points");
        let mut pts = [[0.0; 2]; 8];
        pts[..points.len()].copy_from_slice(points);
        let len = if points.len() == 2 && points[0] == points[1] {
            1
        } else {
            points.len()
        };
        Self { pts, len, radius }
    }

    /// The mean of the core's points (inside the core).
    #[must_use]
    pub fn centroid(&self) -> P {
        let mut c = [0.0; 2];
        for p in &self.pts[..self.len] {
            c[0] += p[0];
            c[1] += p[1];
        }
        [c[0] / self.len as f64, c[1] / self.len as f64]
    }

    /// Largest distance from the centroid to a point of the grown shape.
    #[must_use]
    pub fn reach(&self) -> f64 {
        let c = self.centroid();
        self.pts[..self.len]
            .iter()
            .map(|p| len(sub(*p, c)))
            .fold(0.0, f64::max)
            + self.radius
    }
}

#[inline]
fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}

#[inline]
fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

#[inline]
fn cross(a: P, b: P) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

#[inline]
fn len(a: P) -> f64 {
    dot(a, a).sqrt()
}

/// Squared distance from `p` to the segment `a`–`b` (a point when `a == b`).
#[inline]
fn point_segment_dist2(p: P, a: P, b: P) -> f64 {
    let e = sub(b, a);
    let w = sub(p, a);
    let ee = dot(e, e);
    let s = if ee > 0.0 {
        (dot(w, e) / ee).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let c = [a[0] + e[0] * s - p[0], a[1] + e[1] * s - p[1]];
    dot(c, c)
}

/// Whether the segments `a0`–`a1` and `b0`–`b1` cross at a point interior to both.
#[inline]
fn segments_cross(a0: P, a1: P, b0: P, b1: P) -> bool {
    let ea = sub(a1, a0);
    let eb = sub(b1, b0);
    let o1 = cross(ea, sub(b0, a0));
    let o2 = cross(ea, sub(b1, a0));
    let o3 = cross(eb, sub(a0, b0));
    let o4 = cross(eb, sub(a1, b0));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}

/// Whether `p` is inside (or on) the convex counter-clockwise polygon `poly`.
#[inline]
fn in_polygon(p: P, poly: &[P]) -> bool {
    let n = poly.len();
    (0..n).all(|i| cross(sub(poly[(i + 1) % n], poly[i]), sub(p, poly[i])) >= 0.0)
}

/// The edges of a core as index pairs: a point gives one degenerate edge, a segment one edge,
/// a polygon its `len` sides.
#[inline]
fn edge(len: usize, i: usize) -> (usize, usize) {
    match len {
        1 => (0, 0),
        2 => (0, 1),
        _ => (i, (i + 1) % len),
    }
}

#[inline]
fn edge_count(len: usize) -> usize {
    if len <= 2 { 1 } else { len }
}

/// Smallest vertex–edge distance (squared) between two point sets, both ways.
fn vertex_edge_dist2(a: &[P], b: &[P]) -> f64 {
    let mut best = f64::INFINITY;
    for (x, y) in [(a, b), (b, a)] {
        for k in 0..edge_count(y.len()) {
            let (i, j) = edge(y.len(), k);
            for p in x {
                best = best.min(point_segment_dist2(*p, y[i], y[j]));
            }
        }
    }
    best
}

/// Whether two cores (as world point sets) intersect: a crossing of edges or a vertex of one
/// inside the other. Touching at a point counts only through a zero vertex–edge distance.
fn cores_intersect(a: &[P], b: &[P]) -> bool {
    let bounds = |c: &[P]| {
        c.iter().fold(
            [
                f64::INFINITY,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NEG_INFINITY,
            ],
            |m, p| {
                [
                    m[0].min(p[0]),
                    m[1].min(p[1]),
                    m[2].max(p[0]),
                    m[3].max(p[1]),
                ]
            },
        )
    };
    let (ba, bb) = (bounds(a), bounds(b));
    if ba[0] > bb[2] || bb[0] > ba[2] || ba[1] > bb[3] || bb[1] > ba[3] {
        return false;
    }
    if a.len() >= 3 && b.iter().any(|p| in_polygon(*p, a)) {
        return true;
    }
    if b.len() >= 3 && a.iter().any(|p| in_polygon(*p, b)) {
        return true;
    }
    if a.len() >= 2 && b.len() >= 2 {
        for ka in 0..edge_count(a.len()) {
            let (i, j) = edge(a.len(), ka);
            for kb in 0..edge_count(b.len()) {
                let (k, l) = edge(b.len(), kb);
                if segments_cross(a[i], a[j], b[k], b[l]) {
                    return true;
                }
            }
        }
    }
    false
}

/// Separating-axis depth of two intersecting cores: the smallest projection overlap over the
/// edge normals of both (and the direction of 2-point cores). 0 when there is no axis.
fn sat_depth(a: &[P], b: &[P]) -> f64 {
    let mut depth = f64::INFINITY;
    let mut any = false;
    for c in [a, b] {
        if c.len() < 2 {
            continue;
        }
        for k in 0..edge_count(c.len()) {
            let (i, j) = edge(c.len(), k);
            let e = sub(c[j], c[i]);
            let l = len(e);
            if l == 0.0 {
                continue;
            }
            let n = [e[1] / l, -e[0] / l];
            let dir = [e[0] / l, e[1] / l];
            let axes: &[P] = if c.len() == 2 { &[n, dir] } else { &[n] };
            for &u in axes {
                let (mut amin, mut amax) = (f64::INFINITY, f64::NEG_INFINITY);
                for p in a {
                    let s = dot(*p, u);
                    amin = amin.min(s);
                    amax = amax.max(s);
                }
                let (mut bmin, mut bmax) = (f64::INFINITY, f64::NEG_INFINITY);
                for p in b {
                    let s = dot(*p, u);
                    bmin = bmin.min(s);
                    bmax = bmax.max(s);
                }
                depth = depth.min((bmax - amin).min(amax - bmin));
                any = true;
            }
        }
    }
    if any { depth.max(0.0) } else { 0.0 }
}

fn placed(core: &Core, q: P) -> ([P; 8], usize) {
    let mut out = [[0.0; 2]; 8];
    for (o, p) in out.iter_mut().zip(&core.pts[..core.len]) {
        *o = [p[0] + q[0], p[1] + q[1]];
    }
    (out, core.len)
}

/// Signed distance between `a` placed at relative position `q` (that is `pos_a - pos_b`) and
/// `b` at the origin: positive apart, negative (minus the depth) overlapping.
#[must_use]
pub fn signed_distance(a: &Core, b: &Core, q: P) -> f64 {
    let (ap, an) = placed(a, q);
    let (ap, bp) = (&ap[..an], &b.pts[..b.len]);
    let r = a.radius + b.radius;
    let d2 = vertex_edge_dist2(ap, bp);
    if d2 > 0.0 && !cores_intersect(ap, bp) {
        d2.sqrt() - r
    } else {
        -(sat_depth(ap, bp) + r)
    }
}

/// Whether the shapes overlap at `q` (signed distance below zero), decided without the
/// separating-axis depth: cores intersecting, or closer than the summed radius.
#[must_use]
pub fn overlapping(a: &Core, b: &Core, q: P) -> bool {
    let (ap, an) = placed(a, q);
    let (ap, bp) = (&ap[..an], &b.pts[..b.len]);
    let r = a.radius + b.radius;
    let d2 = vertex_edge_dist2(ap, bp);
    d2 == 0.0 || cores_intersect(ap, bp) || d2.sqrt() < r
}

/// Penetration depth at `q` by direction sampling, independent of the separating-axis code:
/// the shortest straight push out of the overlap, over `directions` directions (a
/// low-discrepancy sequence) each found by bisection on [`overlapping`], then refined by
/// golden-section search on the angle around the best one. Returns 0 when not overlapping.
#[must_use]
pub fn depth_by_directions(a: &Core, b: &Core, q: P, directions: usize) -> f64 {
    if !overlapping(a, b, q) {
        return 0.0;
    }
    let far = a.reach() + b.reach() + len(sub(sub(q, b.centroid()), a.centroid())) + 1.0;
    // Exit distance along the angle `ang`, if shorter than `limit`.
    let exit = |ang: f64, limit: f64| -> Option<f64> {
        let u = [ang.cos(), ang.sin()];
        let (mut lo, mut hi) = (0.0, limit);
        if overlapping(a, b, [q[0] + u[0] * hi, q[1] + u[1] * hi]) {
            return None;
        }
        for _ in 0..60 {
            if hi - lo <= 1e-13 * hi.max(1.0) {
                break;
            }
            let mid = 0.5 * (lo + hi);
            if overlapping(a, b, [q[0] + u[0] * mid, q[1] + u[1] * mid]) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(hi)
    };
    let golden = 0.5 * (5f64.sqrt() - 1.0);
    let (mut best, mut best_ang) = (far, 0.0);
    for k in 0..directions {
        let ang = core::f64::consts::TAU * (k as f64 * golden).fract();
        if let Some(s) = exit(ang, best) {
            best = s;
            best_ang = ang;
        }
    }
    // The samples are at most about TAU / directions apart near the best one.
    let h = 2.0 * core::f64::consts::TAU / directions as f64;
    let f = |ang: f64| exit(ang, far).unwrap_or(far);
    let (_, refined) = golden_min(&f, best_ang - h, best_ang + h, 60);
    best.min(refined)
}

/// Whether some straight push of length `dist` (over `directions` evenly spaced directions)
/// leaves the shapes not overlapping: an independent upper bound on the depth, by
/// [`overlapping`] alone.
#[must_use]
pub fn exits_within(a: &Core, b: &Core, q: P, dist: f64, directions: usize) -> bool {
    !overlapping(a, b, q)
        || (0..directions).any(|k| {
            let ang = core::f64::consts::TAU * k as f64 / directions as f64;
            !overlapping(a, b, [q[0] + ang.cos() * dist, q[1] + ang.sin() * dist])
        })
}

/// The truth about a straight relative path `q + t d`, `t` in `[0, 1]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathTruth {
    /// Signed distance at the start.
    pub sd0: f64,
    /// A fraction where the signed distance is smallest.
    pub t_min: f64,
    /// The smallest signed distance along the path (when `min_is_bound`, only a lower bound,
    /// and greater than 1).
    pub min_sd: f64,
    /// Whether `min_sd` is only a lower bound (the path provably stays more than 1 unit away).
    pub min_is_bound: bool,
    /// The first fraction where the signed distance reaches zero, if any.
    pub t_first: Option<f64>,
}

/// Signed distance along the path at fraction `t`.
#[inline]
#[must_use]
pub fn sd_at(a: &Core, b: &Core, q: P, d: P, t: f64) -> f64 {
    signed_distance(a, b, [q[0] + d[0] * t, q[1] + d[1] * t])
}

fn first_root(f: &impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    // f(lo) > 0 >= f(hi).
    for _ in 0..200 {
        if hi - lo <= 1e-15 {
            break;
        }
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

fn golden_min(f: &impl Fn(f64) -> f64, mut lo: f64, mut hi: f64, iters: usize) -> (f64, f64) {
    let g = 0.5 * (5f64.sqrt() - 1.0);
    let mut x1 = hi - g * (hi - lo);
    let mut x2 = lo + g * (hi - lo);
    let (mut f1, mut f2) = (f(x1), f(x2));
    for _ in 0..iters {
        if f1 <= f2 {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = f(x2);
        }
    }
    if f1 <= f2 { (x1, f1) } else { (x2, f2) }
}

fn finish(f: &impl Fn(f64) -> f64, sd0: f64, candidates: &[(f64, f64)]) -> PathTruth {
    let (mut t_min, mut min_sd) = (0.0, sd0);
    for &(t, v) in candidates {
        if v < min_sd {
            t_min = t;
            min_sd = v;
        }
    }
    let t_first = if sd0 <= 0.0 {
        Some(0.0)
    } else if min_sd <= 0.0 {
        Some(first_root(f, 0.0, t_min))
    } else {
        None
    };
    PathTruth {
        sd0,
        t_min,
        min_sd,
        min_is_bound: false,
        t_first,
    }
}

/// The truth about the path, using that the signed distance is convex along it: golden-section
/// search for the minimum, bisection for the first contact.
#[must_use]
pub fn analyze_path(a: &Core, b: &Core, q: P, d: P) -> PathTruth {
    let f = |t: f64| sd_at(a, b, q, d, t);
    let sd0 = f(0.0);
    let dl = len(d);
    if sd0 - dl > 1.0 {
        // The signed distance is 1-Lipschitz in position: it stays above sd0 - |d| > 1.
        return PathTruth {
            sd0,
            t_min: 0.0,
            min_sd: sd0 - dl,
            min_is_bound: true,
            t_first: None,
        };
    }
    if dl == 0.0 {
        return finish(&f, sd0, &[]);
    }
    let end = (1.0, f(1.0));
    let mid = golden_min(&f, 0.0, 1.0, 64);
    finish(&f, sd0, &[mid, end])
}

/// The truth about the path by dense sampling, with no convexity assumption: `samples` evenly
/// spaced fractions, the first sign change refined by bisection, the smallest sample refined
/// by golden section between its neighbours.
#[must_use]
pub fn analyze_path_dense(a: &Core, b: &Core, q: P, d: P, samples: usize) -> PathTruth {
    let f = |t: f64| sd_at(a, b, q, d, t);
    let sd0 = f(0.0);
    let mut best = (0.0, sd0);
    let mut first_bracket = None;
    let mut prev = (0.0, sd0);
    for i in 1..=samples {
        let t = i as f64 / samples as f64;
        let v = f(t);
        if v < best.1 {
            best = (t, v);
        }
        if first_bracket.is_none() && prev.1 > 0.0 && v <= 0.0 {
            first_bracket = Some((prev.0, t));
        }
        prev = (t, v);
    }
    let h = 1.0 / samples as f64;
    let refined = golden_min(&f, (best.0 - h).max(0.0), (best.0 + h).min(1.0), 64);
    let (t_min, min_sd) = if refined.1 < best.1 { refined } else { best };
    let t_first = if sd0 <= 0.0 {
        Some(0.0)
    } else if let Some((lo, hi)) = first_bracket {
        Some(first_root(&f, lo, hi))
    } else if min_sd <= 0.0 {
        // The dip was narrower than the sample spacing: it is around the refined minimum.
        Some(first_root(&f, (best.0 - h).max(0.0), t_min))
    } else {
        None
    };
    PathTruth {
        sd0,
        t_min,
        min_sd,
        min_is_bound: false,
        t_first,
    }
}

/// The first fraction `t` in `[0, 1]` at which the ray `origin + t dir` reaches the shape
/// `core` placed at the origin: 0 when `origin` is already inside or on it, `None` when the
/// ray passes by or stops short. A ray is the path of a single point (a core of one point and
/// no radius), so this is [`analyze_path`]'s first contact of that point.
#[must_use]
pub fn ray_first_contact(core: &Core, origin: P, dir: P) -> Option<f64> {
    let point = Core::new(&[[0.0, 0.0]], 0.0);
    analyze_path(&point, core, origin, dir).t_first
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(h: f64) -> Core {
        Core::new(&[[-h, -h], [h, -h], [h, h], [-h, h]], 0.0)
    }

    #[test]
    fn circles_boxes_and_segments() {
        let c = Core::new(&[[0.0, 0.0]], 1.0);
        assert!((signed_distance(&c, &c, [3.0, 4.0]) - 3.0).abs() < 1e-12);
        assert!((signed_distance(&c, &c, [1.5, 0.0]) + 0.5).abs() < 1e-12);
        // Circle near a box corner.
        let b = square(1.0);
        let d = signed_distance(&c, &b, [2.0, 2.0]);
        assert!((d - (2f64.sqrt() - 1.0)).abs() < 1e-12);
        // Circle centre inside the box, 0.25 from the right face: depth 1.25.
        assert!((signed_distance(&c, &b, [0.75, 0.0]) + 1.25).abs() < 1e-12);
        // Box in box, overlapping by 0.5 on x.
        assert!((signed_distance(&b, &b, [1.5, 0.2]) + 0.5).abs() < 1e-12);
        // Two crossing segments (a plus sign): the depth is the shorter way out.
        let h = Core::new(&[[-1.0, 0.0], [1.0, 0.0]], 0.0);
        let v = Core::new(&[[0.0, -2.0], [0.0, 2.0]], 0.0);
        assert!((signed_distance(&h, &v, [0.3, 0.0]) + 0.7).abs() < 1e-12);
        assert!((signed_distance(&v, &h, [0.0, 0.5]) + 1.0).abs() < 1e-12);
        // Point on a segment: touching, a circle there overlaps by its radius.
        assert_eq!(signed_distance(&c, &h, [0.5, 0.0]), -1.0);
        // Parallel segments apart.
        assert!((signed_distance(&h, &h, [0.5, 0.25]) - 0.25).abs() < 1e-12);
        // Capsule (vertical, r 0.5) over the segment h.
        let cap = Core::new(&[[0.0, -1.0], [0.0, 1.0]], 0.5);
        assert!((signed_distance(&cap, &h, [0.0, 2.0]) - 0.5).abs() < 1e-12);
        assert!((signed_distance(&cap, &h, [0.0, 1.25]) + 0.25).abs() < 1e-12);
    }

    #[test]
    fn depth_by_directions_matches_the_separating_axis_depth() {
        let b = square(1.0);
        let tri = Core::new(&[[0.0, 0.0], [2.0, 0.0], [0.0, 1.0]], 0.0);
        let c = Core::new(&[[0.0, 0.0]], 0.7);
        for (a, q) in [(&tri, [0.3, -0.4]), (&c, [0.8, 0.9]), (&b, [1.2, -0.3])] {
            let sd = signed_distance(a, &b, q);
            let dd = depth_by_directions(a, &b, q, 360);
            assert!(sd < 0.0);
            assert!((dd + sd).abs() < 1e-9, "{dd} vs {sd}");
            assert!(exits_within(a, &b, q, -sd * 1.001, 720));
            assert!(!exits_within(a, &b, q, -sd * 0.999, 720));
        }
    }

    #[test]
    fn path_analysis_finds_the_first_contact() {
        let c = Core::new(&[[0.0, 0.0]], 1.0);
        let b = square(1.0);
        // From x = -5 moving +10: touches at x = -2, t = 0.3.
        let t = analyze_path(&c, &b, [-5.0, 0.0], [10.0, 0.0]);
        assert!((t.t_first.unwrap() - 0.3).abs() < 1e-12);
        assert!((t.min_sd + 2.0).abs() < 1e-9);
        let dense = analyze_path_dense(&c, &b, [-5.0, 0.0], [10.0, 0.0], 2000);
        assert!((dense.t_first.unwrap() - 0.3).abs() < 1e-12);
        // Passing 0.5 above the corner region: no contact, min distance 0.5.
        let t = analyze_path(&c, &b, [-5.0, 2.5], [10.0, 0.0]);
        assert!(t.t_first.is_none());
        assert!((t.min_sd - 0.5).abs() < 1e-9);
        // Far away: a bound only.
        let t = analyze_path(&c, &b, [-50.0, 0.0], [10.0, 0.0]);
        assert!(t.min_is_bound && t.t_first.is_none());
    }

    #[test]
    fn rays_enter_boxes_and_circles() {
        let b = square(1.0);
        // From x = -5 along +10 at height 0.5: enters the left face x = -1 at t = 0.4.
        let t = ray_first_contact(&b, [-5.0, 0.5], [10.0, 0.0]).unwrap();
        assert!((t - 0.4).abs() < 1e-12, "{t}");
        // Diagonally onto the corner (1, 1) from (3, 3): reached halfway.
        let t = ray_first_contact(&b, [3.0, 3.0], [-4.0, -4.0]).unwrap();
        assert!((t - 0.5).abs() < 1e-12, "{t}");
        // Starting inside: contact at once.
        assert_eq!(ray_first_contact(&b, [0.2, 0.3], [5.0, 0.0]), Some(0.0));
        // Passing above, and stopping short.
        assert_eq!(ray_first_contact(&b, [-5.0, 1.5], [10.0, 0.0]), None);
        assert_eq!(ray_first_contact(&b, [-5.0, 0.0], [3.0, 0.0]), None);
        // A circle of radius 1: the ray at height 0.6 enters at x = -0.8, t = 0.42.
        let c = Core::new(&[[0.0, 0.0]], 1.0);
        let t = ray_first_contact(&c, [-5.0, 0.6], [10.0, 0.0]).unwrap();
        assert!((t - 0.42).abs() < 1e-12, "{t}");
        // The dense analysis, which assumes nothing of the path, agrees.
        let point = Core::new(&[[0.0, 0.0]], 0.0);
        let dense = analyze_path_dense(&point, &c, [-5.0, 0.6], [10.0, 0.0], 2000);
        assert!((dense.t_first.unwrap() - t).abs() < 1e-12);
    }
}
