//! The one exact algorithm behind every pair of shapes.
//!
//! Every shape is a convex *core* (1 to 8 points, counter-clockwise) grown by a radius. For a
//! pair, `D = core(B) ⊖ core(A)` is a convex polygon of at most 16 vertices, and A at relative
//! position `q = pos_a - pos_b` overlaps B exactly when `q` lies inside `D` grown by
//! `r = r_a + r_b`. The faces of `D` are exactly the separating axes SAT would test (both
//! shapes' edge normals), and its rounded corners are the extra vertex axes a circle needs.
//! Overlap is the nearest way out of that set, a cast is a ray entering it.

use glam::Vec2;

use super::nearest::{Closest, closest, next_of, prev_of};
use super::path_depth::segment_core_distance;
use super::raw::{Face, Raw, RayQuery};
use super::round_ray::{capsule_ray, circle_ray, onto_face};
use crate::geometry::Clip;
use crate::shape::{Hull, MAX_POLYGON_VERTICES};
use crate::tolerance::tolerance_along;

/// The start of a cast against a rounded shape: `Err` with the answer when it starts inside
/// (deeper than the nearest feature's tolerance, unless `clear`) or touching (a hit only if
/// the motion goes in deeper than the tolerance, else a miss); `Ok` with the nearest feature
/// when it starts apart.
#[inline(always)]
fn rounded_start(hull: Hull, r: f32, ray: RayQuery) -> Result<Closest, Raw> {
    let c = closest(hull, r, ray.q, ray.prefer);
    let tol = c.tolerance(ray.scale, r);
    if c.sd < -tol && !ray.clear {
        return Err(Raw::Inside(c));
    }
    if c.sd <= tol {
        return Err(touching_rounded(hull, r, ray, c, tol));
    }
    Ok(c)
}

/// First entry of the ray into the core grown by `r`.
///
/// A start within the linear tolerance of the boundary (that of the nearest feature) is
/// *touching*: it is a hit at t = 0 only if the motion goes on into the shape deeper than the
/// tolerance; otherwise it slides along or leaves (a miss).
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
        scale,
        prefer,
        clear,
    } = ray;
    if k <= 2 {
        let c = match rounded_start(hull, r, ray) {
            Ok(c) => c,
            Err(answer) => return answer,
        };
        return if k == 1 {
            circle_ray(pts[0], r, q, d, max_t)
        } else {
            capsule_ray(pts, nrm, r, q, d, max_t, c)
        };
    }
    // Cyrus–Beck clipping against the faces pushed out by r. A face whose half-plane the
    // motion never enters deeper than its tolerance proves a miss: overlapping needs every face.
    let clipped = match planes {
        Some(pl) => pl.clip(q, d, r, max_t, scale),
        None => clip_scalar(pts, nrm, r, q, d, max_t, scale),
    };
    let Some(Clip {
        t_in,
        face,
        t_out,
        tol_in,
        max_s,
        apart,
        inside,
    }) = clipped
    else {
        return Raw::Miss;
    };
    // The deepest face at the start, only where needed (touching or inside: rare). Among
    // equally deep faces, the one the motion comes through.
    let deepest = || match planes {
        Some(pl) => pl.deepest_preferring(q, r, prefer),
        None => {
            let mut best = (f32::NEG_INFINITY, f32::NEG_INFINITY, 0);
            for i in 0..pts.len() {
                let key = (nrm[i].dot(q - pts[i]) - r, nrm[i].dot(prefer), i);
                if key.0 > best.0 || (key.0 == best.0 && key.1 > best.1) {
                    best = key;
                }
            }
            best.2
        }
    };
    // The face a rounded start touches by the planes while apart by its nearest point (see
    // below), if so.
    let mut touching_face = None;
    if r == 0.0 {
        if inside && !clear {
            let max_i = deepest();
            return Raw::Inside(Closest {
                sd: max_s,
                normal: hull.normal(max_i),
                core_point: q - hull.normal(max_i) * max_s,
                at_vertex: false,
            });
        }
    } else if !apart {
        let c = match rounded_start(hull, r, ray) {
            Ok(c) => c,
            Err(answer) => return answer,
        };
        if face == usize::MAX {
            if c.at_vertex {
                // Apart, inside every pushed-out face: a corner's wedge, where that corner's
                // circle is the first thing the ray can meet (see `from_corner`).
                return from_corner(hull, r, (q, d, max_t), c.core_point, t_out);
            }
            // Apart by the nearest point, touching by the planes, and near a face, no corner:
            // the two measures of a long face's distance, one from its plane, the other from
            // its ends (both rounded far from here), differ within the plane's tolerance.
            // Touching, then, as the planes say (a circle at the nearest point, which is no
            // corner, could let a slanted motion pass through the face): a hit from the start
            // unless the motion grazes, below, on the nearest point's face.
            touching_face = Some(c.normal);
        }
    }
    // A motion that starts touching (inside by no more than the tolerance) and ends deeper
    // than the tolerance inside every face goes in, however short: calling it a graze would
    // let a body that creeps a little further each step sink by many tolerances.
    let ends_inside = || {
        let end = q + d * max_t;
        match planes {
            Some(pl) => pl.deepest_inside(end, r, scale).2,
            None => (0..pts.len())
                .all(|i| nrm[i].dot(end - pts[i]) - r < -face_tolerance(pts, nrm, i, scale, r)),
        }
    };
    // (Rounded cores are left out: inside their pushed-out faces is not inside them.)
    if grazes(t_in, t_out, d, tol_in) && !(r == 0.0 && t_out >= max_t && ends_inside()) {
        return Raw::Miss;
    }
    if face == usize::MAX {
        // Started touching, and the motion stays inside every touched face for longer than
        // tol. At a corner it may still leave at once through the other face it touches,
        // never deeper than tol: only touching, a miss. (Leaving through a face it did not
        // touch, it ran along the face it touched, as a body sliding along a floor: a hit,
        // whose plane the slide keeps to.)
        if r == 0.0
            && !(t_out >= max_t && ends_inside())
            && leaves_where_touching(hull, q, d, t_out.min(max_t), tol_in)
        {
            return Raw::Miss;
        }
        return Raw::Hit {
            t: 0.0,
            normal: touching_face.unwrap_or_else(|| hull.normal(deepest())),
            face: Face::Some,
        };
    }
    if r > 0.0 {
        // Entering a face's pushed-out plane beyond the face's ends means meeting the rounded
        // corner there first, or a nearly parallel neighbour (see `corner_or_beside`).
        let p = q + d * t_in;
        let a = pts[face];
        let e = pts[next_of(face, k)] - a;
        let u = (p - a).dot(e);
        if u < 0.0 || u > e.length_squared() {
            return corner_or_beside(hull, r, (q, d, max_t), (face, t_in, t_out), u < 0.0);
        }
    }
    Raw::Hit {
        t: t_in,
        normal: hull.normal(face),
        face: Face::Some,
    }
}

/// The first contact of the ray `(q, d, max_t)` with the core `hull` grown by `r`, when the
/// pushed-out plane it entered last is face `face`'s and it entered it beyond the face's
/// start (`before`) or end.
///
/// Exactly, such a ray is in the wedge of the corner at that end and meets the corner's
/// circle first. But between two nearly parallel faces, which plane is entered last is
/// decided by rounding: the ray may truly enter the neighbour beyond that corner anywhere
/// along it, and the corner's circle then misses, or is met late. So the corners and faces
/// beyond are walked that way while each face's entry lies beyond it on the same side, and
/// the earliest contact met is the one (a face entered within its extent, or a corner). And a
/// ray that runs nearly along the face, inside its pushed-out plane (until `t_out`), onto the
/// face itself passes through the corner's circle at its very edge, which rounding may miss:
/// then it meets the face where it comes over the face's end. Likewise a neighbour whose plane
/// the ray enters beyond the corner just met, running nearly along it: exactly, the ray then
/// passes through that corner's circle (or enters the neighbour within its extent, the
/// crossing of its plane being ill-conditioned), and it meets the neighbour where it comes
/// over the neighbour's end at that corner, once inside every plane (after `t_in`). Rare: kept
/// out of line.
#[cold]
#[inline(never)]
fn corner_or_beside(
    hull: Hull,
    r: f32,
    (q, d, max_t): (Vec2, Vec2, f32),
    (face, t_in, t_out): (usize, f32, f32),
    before: bool,
) -> Raw {
    let (pts, k) = (hull.pts, hull.k);
    let mut first = Raw::Miss;
    // A neighbour entered beyond the corner it shares with the face before it in the walk.
    let mut entered_past_corner = None;
    let mut i = face;
    for _ in 1..k {
        // The corner at that end of face `i`, then the face beyond it (from `pts[n]` on).
        let corner = pts[if before { i } else { next_of(i, k) }];
        first = first.earlier(circle_ray(corner, r, q, d, max_t));
        let n = if before { prev_of(i, k) } else { next_of(i, k) };
        let normal = hull.normal(n);
        let (s, dn) = (normal.dot(q - pts[n]) - r, normal.dot(d));
        // Not entered along the ray (the start is within its plane, or the ray runs along it
        // or away): the walk ends at the corner.
        if s <= 0.0 || dn >= 0.0 || -s / dn > max_t {
            break;
        }
        let t = -s / dn;
        let a = pts[n];
        let e = pts[next_of(n, k)] - a;
        let u = (q + d * t - a).dot(e);
        if (0.0..=e.length_squared()).contains(&u) {
            first = first.earlier(Raw::Hit {
                t,
                normal,
                face: Face::Some,
            });
            break;
        }
        // Entered beyond its end at the corner just met: in that corner's wedge, done (the
        // corner's circle is met first, unless rounding missed it at its very edge).
        if (u < 0.0) != before {
            entered_past_corner = Some(n);
            break;
        }
        i = n;
    }
    if matches!(first, Raw::Miss)
        && let Some((t, from_start)) = onto_face(pts[face], pts[next_of(face, k)], q, d)
        && from_start == before
        && (0.0..=t_out.min(max_t)).contains(&t)
    {
        first = Raw::Hit {
            t,
            normal: hull.normal(face),
            face: Face::Some,
        };
    }
    if matches!(first, Raw::Miss)
        && let Some(n) = entered_past_corner
    {
        first = over_face(hull, r, (q, d), n, (t_in, t_out.min(max_t)));
    }
    first
}

/// The first contact of the ray `(q, d, max_t)` with the core `hull` grown by `r` from a
/// start in the wedge of the core's vertex `corner` (apart from it, inside every pushed-out
/// plane but within their tolerances; clipping leaves the ray inside them until `t_out`).
/// Exactly, the corner's circle is met first. But a ray running nearly along one of the two
/// faces there, inside its pushed-out plane or entering it, passes the circle at its very
/// edge, which rounding may miss: it then meets that face where it comes over the face's end
/// (see [`over_face`]). The earliest of the three.
#[cold]
#[inline(never)]
fn from_corner(
    hull: Hull,
    r: f32,
    (q, d, max_t): (Vec2, Vec2, f32),
    corner: Vec2,
    t_out: f32,
) -> Raw {
    let circle = circle_ray(corner, r, q, d, max_t);
    let k = hull.k;
    let Some(i) = vertex_at(hull, corner) else {
        return circle;
    };
    let within = (0.0, t_out.min(max_t));
    circle
        .earlier(over_face(hull, r, (q, d), prev_of(i, k), within))
        .earlier(over_face(hull, r, (q, d), i, within))
}

/// The first time in `(t_lo, t_hi)` at which the ray `q + t d`, going deeper into face
/// `face`'s plane pushed out by `r`, is within `r` of the face's line and over the face
/// (between its ends): a contact with the face itself, as a hit with the face's normal. A
/// miss when the ray is not going into the plane, or is never both that near the line and
/// over the face in that interval (touching at a single instant is not overlapping).
fn over_face(
    hull: Hull,
    r: f32,
    (q, d): (Vec2, Vec2),
    face: usize,
    (t_lo, t_hi): (f32, f32),
) -> Raw {
    let (a, b) = (hull.pts[face], hull.pts[next_of(face, hull.k)]);
    let e = b - a;
    let normal = hull.normal(face);
    // The plane's distance from its end nearer the start: the rounding of the normal counts
    // for the short way from there, not for the face's whole length.
    let end = if (q - a).length_squared() <= (q - b).length_squared() {
        a
    } else {
        b
    };
    let (s, dn) = (normal.dot(q - end) - r, normal.dot(d));
    if dn >= 0.0 {
        return Raw::Miss;
    }
    // Within `r` of the face's line from when it enters the pushed-out plane (-s / dn) until
    // it leaves the plane pushed in by `r` on the far side ((s + 2r) / -dn).
    let mut lo = t_lo.max(-s / dn);
    let mut hi = t_hi.min((s + 2.0 * r) / -dn);
    // Over the face while the projection on it lies between its ends.
    let (u0, de, e2) = ((q - a).dot(e), d.dot(e), e.length_squared());
    if de == 0.0 {
        if !(0.0..=e2).contains(&u0) {
            return Raw::Miss;
        }
    } else {
        let (t0, t1) = (-u0 / de, (e2 - u0) / de);
        lo = lo.max(t0.min(t1));
        hi = hi.min(t0.max(t1));
    }
    if lo < hi {
        Raw::Hit {
            t: lo,
            normal,
            face: Face::Some,
        }
    } else {
        Raw::Miss
    }
}

/// How deep, in tolerances, a start that touches may be in the face it leaves through for
/// that face to count as one it touches (see [`leaves_where_touching`]). The start was judged
/// touching by its least depth, that in the face it is nearest; at a corner it touches two
/// faces, and the other's depth carries the rounding of the corner: 1.77e-5 against a
/// tolerance of 1.6e-5 in `tests/touching_starts.rs`, where the least depth is 1.3e-5.
const LEFT_FACE_TOLERANCES: f32 = 2.0;

/// Whether the path `q + t d` from a start touching the core `hull` (not grown), inside
/// it until `t_end`, leaves first through a face it touches at the start (within
/// [`LEFT_FACE_TOLERANCES`] times `tol`) and is nowhere deeper inside than `tol`. The depth inside every face at once is the
/// least of the faces' depths; each is a line in `t`, so their least is concave, greatest at
/// an end or where a line rising meets one falling. Rare (starts that touch): kept out of
/// line.
#[cold]
#[inline(never)]
fn leaves_where_touching(hull: Hull, q: Vec2, d: Vec2, t_end: f32, tol: f32) -> bool {
    // The difference of two cores has at most twice a polygon's vertices.
    let mut lines = [(0.0f32, 0.0f32); 2 * MAX_POLYGON_VERTICES];
    let k = hull.k.min(lines.len());
    for (i, line) in lines.iter_mut().enumerate().take(k) {
        let n = hull.normal(i);
        *line = (-n.dot(q - hull.pts[i]), -n.dot(d));
    }
    let lines = &lines[..k];
    // The face left first: of those the path goes out of, the one whose depth reaches 0
    // first.
    let first_out = lines
        .iter()
        .filter(|l| l.1 < 0.0)
        .min_by(|l, m| (l.0 / -l.1).total_cmp(&(m.0 / -m.1)));
    if !first_out.is_some_and(|&(a, _)| a <= LEFT_FACE_TOLERANCES * tol) {
        return false;
    }
    let depth = |t: f32| {
        lines
            .iter()
            .fold(f32::INFINITY, |m, &(a, b)| m.min(a + b * t))
    };
    let mut deepest = depth(0.0).max(depth(t_end));
    for &(a, b) in lines.iter().filter(|l| l.1 > 0.0) {
        for &(c, e) in lines.iter().filter(|l| l.1 < 0.0) {
            let t = (c - a) / (b - e);
            if t > 0.0 && t < t_end {
                deepest = deepest.max(depth(t));
            }
        }
    }
    deepest <= tol
}

/// Whether a ray that is inside a convex set from `t_in` to `t_out` (after clipping) misses
/// it or only grazes it: it travels no further inside than the tolerance `tol` of the face it
/// enters — through a corner and out again, say. Touching is not overlapping: such a ray is a
/// miss. (A ray entering a face head-on and ending deeper than `tol` inside travels more than
/// `tol` inside, so this never turns a real entry into a miss.)
#[inline]
pub(crate) fn grazes(t_in: f32, t_out: f32, d: Vec2, tol: f32) -> bool {
    // Both sides computed, no short cut: one branch on the answer where it is used.
    (t_in > t_out) | ((t_out - t_in) * d.length() <= tol)
}

/// The linear tolerance of the signed distance to face `i` (pushed out by `r`) at a point
/// whose coordinates have the per-axis magnitudes `scale`: that of the numbers it is computed
/// from, the point's and the face's vertex's.
#[inline]
fn face_tolerance(pts: &[Vec2], nrm: &[Vec2], i: usize, scale: Vec2, r: f32) -> f32 {
    tolerance_along(nrm[i], scale + pts[i].abs(), r)
}

/// Cyrus–Beck clipping one face at a time (the scalar twin of [`Planes8::clip`](crate::geometry::Planes8::clip)); `None` for
/// a proven miss. A face's tolerance comes from `scale` and the coordinates of its vertex.
#[inline]
fn clip_scalar(
    pts: &[Vec2],
    nrm: &[Vec2],
    r: f32,
    q: Vec2,
    d: Vec2,
    max_t: f32,
    scale: Vec2,
) -> Option<Clip> {
    let mut c = Clip {
        t_in: 0.0,
        face: usize::MAX,
        t_out: max_t,
        tol_in: 0.0,
        max_s: f32::NEG_INFINITY,
        apart: false,
        inside: true,
    };
    for i in 0..pts.len() {
        let s = nrm[i].dot(q - pts[i]) - r;
        let dn = nrm[i].dot(d);
        let tol = face_tolerance(pts, nrm, i, scale, r);
        if s.min(s + dn * max_t) > -tol {
            return None;
        }
        // Branch-free updates: the data decide, the predictor need not guess.
        c.apart |= s > tol;
        c.inside &= s < -tol;
        c.max_s = c.max_s.max(s);
        let t = s / -dn;
        let enter = (dn < 0.0) & (t > c.t_in);
        c.t_in = if enter { t } else { c.t_in };
        c.face = if enter { i } else { c.face };
        // The entered face's tolerance, or the largest while none is entered.
        c.tol_in = if enter || c.face == usize::MAX {
            if enter { tol } else { c.tol_in.max(tol) }
        } else {
            c.tol_in
        };
        let exit = (dn > 0.0) & (t < c.t_out);
        c.t_out = if exit { t } else { c.t_out };
    }
    Some(c)
}

/// A start within `tol` of the rounded boundary (or of a zero-thickness segment).
fn touching_rounded(hull: Hull, r: f32, ray: RayQuery, c: Closest, tol: f32) -> Raw {
    let RayQuery { d, max_t, .. } = ray;
    if hull.k == 2 && r == 0.0 {
        // A point on a zero-thickness segment: a motion that leaves the touching band
        // crosses the segment (a hit), one that stays in it runs along (a miss). At an end,
        // a motion outward past that end crosses the segment's line beyond it, if at all: it
        // only touches the end (a miss).
        let n = hull.normal(0);
        let dn = n.dot(d);
        // Which end, by the side of the start's projection (not by the nearest point, which
        // is rebuilt from the segment and may differ from the end it stands for by a hair).
        let past_end = c.at_vertex && {
            let e = hull.pts[1] - hull.pts[0];
            let outward = if (ray.q - hull.pts[0]).dot(e) <= 0.0 {
                -e
            } else {
                e
            };
            d.dot(outward) > 0.0
        };
        if (dn * max_t).abs() > tol && !past_end {
            let normal = if dn < 0.0 { n } else { -n };
            return Raw::Hit {
                t: 0.0,
                normal,
                face: Face::Some,
            };
        }
        return Raw::Miss;
    }
    // At a vertex, a direction outside the vertex's cone of face normals stands for the face
    // it passed (see `in_vertex_cone`).
    let (normal, corner) = if c.at_vertex && hull.k >= 3 {
        in_vertex_cone(hull, c)
    } else {
        (c.normal, c.at_vertex)
    };
    // Deeper than `tol` along the normal by the end of the motion, or a miss.
    if c.sd + d.dot(normal) * max_t >= -tol {
        return Raw::Miss;
    }
    // That straight line bounds the distance from below, and is the distance while the
    // motion stays over the start's face; past the face's end, or around a rounded corner,
    // the shape falls away from it (a motion along a corner's tangent comes no nearer). The
    // least distance along the motion decides (a core the motion meets is deeper than r).
    if r > tol
        && let Some(gap) = segment_core_distance(hull, ray.q, ray.q + d * max_t)
        && gap - r >= -tol
    {
        return Raw::Miss;
    }
    Raw::Hit {
        t: 0.0,
        normal,
        face: if corner { Face::Corner } else { Face::Some },
    }
}

/// The normal of a start touching a polygon core's vertex (`c`, nearest point a vertex), and
/// whether it is the vertex's: the direction from the vertex when it lies within the cone of
/// the two faces' normals there, else the normal of the face it passed. Outside the cone the
/// nearest point is really on that face, a hair from the vertex (rounding of the nearest
/// point on a long face chose the vertex): its normal is the one along which the straight
/// line of [`touching_rounded`] bounds the distance. Off by a hair, the vertex's direction can
/// call a motion nearly along the face, going into it, one that leaves.
#[cold]
#[inline(never)]
fn in_vertex_cone(hull: Hull, c: Closest) -> (Vec2, bool) {
    let k = hull.k;
    let Some(i) = vertex_at(hull, c.core_point) else {
        return (c.normal, true);
    };
    let (before, after) = (hull.normal(prev_of(i, k)), hull.normal(i));
    if before.perp_dot(c.normal) < 0.0 {
        (before, false)
    } else if c.normal.perp_dot(after) < 0.0 {
        (after, false)
    } else {
        (c.normal, true)
    }
}

/// The index of the vertex of `hull` that is exactly `p` (a nearest point or contact taken
/// at a vertex is that vertex, bit for bit), if any.
fn vertex_at(hull: Hull, p: Vec2) -> Option<usize> {
    hull.pts[..hull.k].iter().position(|&v| v == p)
}
