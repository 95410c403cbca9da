//! Queries between shapes: overlap with MTV, signed distance, exact swept casts, ray casts,
//! point queries and general-form segment intersection.
//!
//! Every query takes shapes with world positions (`pos`), answers in the world frame, and
//! follows the crate conventions: normals point from the other shape (`b`) toward the first or
//! moving shape (`a`), fractions are of the requested motion, depth is positive.

mod boxes;
mod cast;
mod contact;
mod far;
pub(crate) mod kernel;
mod minkowski;
mod nearest;
mod overlap;
mod path_depth;
mod point;
mod raw;
mod ray;
mod round_ray;
mod sat;
mod segment;
mod support;

pub use cast::{CastHit, CastResult, cast};
pub use overlap::{Penetration, distance, overlap};
pub use point::PointProjection;
pub use ray::{RayHit, raycast};
pub use segment::{SegmentIntersection, line_crosses_segment, segment_intersection};

use glam::{DVec2, Vec2};

use crate::shape::{Core, CoreBuf, Shape};
use boxes::{boxes_apart, boxes_miss};
use minkowski::Diff;
use nearest::Closest;
use raw::{Raw, RayQuery};
use sat::Extents;

/// `B ⊖ A` for two cores of at least 2 points each, by the cheapest construction.
#[inline]
fn build_diff(ca: &Core, cb: &Core) -> Diff {
    let (mut abuf, mut bbuf) = ([Vec2::ZERO; 8], [Vec2::ZERO; 8]);
    let (ap, an) = (
        ca.hull.real_pts(),
        &ca.hull.listed_normals(&mut abuf)[..ca.hull.k],
    );
    let (bp, bn) = (
        cb.hull.real_pts(),
        &cb.hull.listed_normals(&mut bbuf)[..cb.hull.k],
    );
    match (ap.len(), bp.len()) {
        (2, n) if n >= 3 => minkowski::diff_poly_seg(bp, bn, ap, an, true),
        (n, 2) if n >= 3 => minkowski::diff_poly_seg(ap, an, bp, bn, false),
        _ => minkowski::minkowski_diff(bp, bn, ap, an),
    }
}

/// What a cast of A against B found, in B's frame.
pub(crate) enum PairCast {
    /// No contact within the motion.
    Miss,
    /// First contact at fraction `t`, normal from B toward A, contact point in B's frame.
    Hit { t: f32, normal: Vec2, point: Vec2 },
    /// Overlapping at the start.
    Inside { depth: f32, normal: Vec2 },
}

/// The per-axis magnitudes of two cores' local coordinates.
#[inline]
fn extents(ca: &Core, cb: &Core) -> Extents {
    Extents {
        a: ca.extent(),
        b: cb.extent(),
    }
}

/// Whether both coordinates are within [`far::DIRECT_LIMIT`] (false for NaN and infinity):
/// such a point is computed with as it is.
#[inline]
pub(crate) fn direct(v: Vec2) -> bool {
    (v.x.abs() <= far::DIRECT_LIMIT) & (v.y.abs() <= far::DIRECT_LIMIT)
}

/// `a - b` for finite points, scaled by a power of two when too large to compute with as it
/// is: `(difference × s, s)`. `None` when an input is NaN or infinite.
pub(crate) fn relative(a: Vec2, b: Vec2) -> Option<(Vec2, f32)> {
    (crate::geometry::all_finite(a) & crate::geometry::all_finite(b)).then(|| far::difference(a, b))
}

/// A relative position (from [`relative`], multiplied by `s`) brought within
/// [`far::DIRECT_LIMIT`] by a further power of two: `(q, s)`.
pub(crate) fn within_direct(q: Vec2, s: f32) -> (Vec2, f32) {
    if direct(q) {
        (q, s)
    } else {
        let k = far::downscale(q.abs().max_element());
        (q * k, s * k)
    }
}

/// Calls `f` with `shape`'s core scaled by the power of two `s` (as it is when `s = 1`).
pub(crate) fn with_core<R>(shape: &Shape, s: f32, f: impl FnOnce(&Core) -> R) -> R {
    let mut buf = CoreBuf::default();
    let core = shape.core(&mut buf);
    if s == 1.0 {
        f(&core)
    } else {
        f(&far::ScaledCore::new(&core, s).core())
    }
}

/// [`pair_cast`] for a relative position and motion of any size, given in f64: the part of
/// the motion that passes near B (where every contact must be) is cast as usual, and its
/// fractions mapped back to the whole motion's.
pub(crate) fn pair_cast_far(a: &Shape, b: &Shape, q: DVec2, d: DVec2, max_t: f32) -> PairCast {
    let (ra, rb) = (a.local_bounds(), b.local_bounds());
    let size = |r: (Vec2, Vec2)| f64::from(r.0.abs().max(r.1.abs()).max_element());
    let reach = far::near_reach(size(ra) + size(rb));
    let Some((q, d, t0, span)) = far::near_part(q, d, f64::from(max_t), reach) else {
        return PairCast::Miss;
    };
    match pair_cast(a, b, q, d, 1.0) {
        PairCast::Hit { t, normal, point } => PairCast::Hit {
            t: ((t0 + f64::from(t) * span) as f32).min(max_t),
            normal,
            point,
        },
        // A start moved up to the box around the shapes is clear of them; the own start may
        // be inside.
        inside @ PairCast::Inside { .. } if t0 == 0.0 => inside,
        PairCast::Inside { .. } | PairCast::Miss => PairCast::Miss,
    }
}

/// Casts A from relative position `q` by the relative motion `d` (fractions up to `max_t`)
/// against B; `q` and `d × max_t` within [`far::DIRECT_LIMIT`].
pub(crate) fn pair_cast(a: &Shape, b: &Shape, q: Vec2, d: Vec2, max_t: f32) -> PairCast {
    // The boxes first, from what the shapes keep inline (a polygon's bounds sit beside its
    // pointer): a pair whose boxes miss reads nothing of a polygon. Its lines are asked for
    // before the test all the same, waiting for nothing, to be on their way while it runs.
    prefetch_polygons(a, b);
    if boxes_miss(a.local_bounds(), b.local_bounds(), q, d, max_t) {
        return PairCast::Miss;
    }
    let (mut ba, mut bb) = (CoreBuf::default(), CoreBuf::default());
    cast_cores(&a.core(&mut ba), &b.core(&mut bb), q, d, max_t)
}

/// Asks for the cache lines of whichever of the two shapes are polygons, without waiting
/// for them (see `ConvexPolygon::prefetch`). On x86-64 only: elsewhere a polygon's prefetch
/// reads its lines and waits for them, which a pair whose boxes miss would pay for nothing.
#[inline(always)]
fn prefetch_polygons(a: &Shape, b: &Shape) {
    #[cfg(target_arch = "x86_64")]
    for s in [a, b] {
        if let Shape::Polygon(p) = s {
            p.prefetch();
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (a, b);
}

/// [`pair_cast`] on cores whose boxes do not miss.
///
/// Whether the start overlaps is decided exactly as [`overlap`](fn@super::overlap) decides it (a start `overlap`
/// calls touching is touching here too, however the passes below would call it), so that a
/// move pushes out of what the world says it overlaps and of nothing else.
fn cast_cores(ca: &Core, cb: &Core, q: Vec2, d: Vec2, max_t: f32) -> PairCast {
    let r = ca.radius + cb.radius;
    let ext = extents(ca, cb);
    let qa = q.abs();
    let ray = |q, d, prefer, scale, clear| RayQuery {
        q,
        d,
        max_t,
        scale,
        prefer,
        clear,
    };
    let raw = if ca.hull.k == 1 || cb.hull.k == 1 {
        // A round core against a hull: its own planes and nearest feature, as `overlap`.
        let cast = |clear| {
            if ca.hull.k == 1 {
                let from_a = ray(q + ca.hull.pts[0], d, -d, qa + ext.a, clear);
                kernel::ray_rounded(cb.hull, r, from_a)
            } else {
                let from_b = ray(cb.hull.pts[0] - q, -d, d, qa + ext.b, clear);
                match kernel::ray_rounded(ca.hull, r, from_b) {
                    Raw::Hit { t, normal, face } => Raw::Hit {
                        t,
                        normal: -normal,
                        face,
                    },
                    Raw::Inside(c) => Raw::Inside(Closest {
                        normal: -c.normal,
                        ..c
                    }),
                    Raw::Miss => Raw::Miss,
                }
            }
        };
        match cast(false) {
            // Touching by `overlap`'s measure (its planes): a start that does not overlap.
            Raw::Inside(_) if overlap_cores(ca, cb, q).is_none() => cast(true),
            raw => raw,
        }
    } else {
        match sat::planes_ray(cb.hull, ca.hull, r, ray(q, d, -d, qa, false), ext) {
            // Apart at the start by a face's tolerance: `overlap` says so too.
            Some(raw) => raw,
            // Touching or overlapping: as `overlap` decides, then the difference polygon's
            // exact kernel (its vertices carry both cores' coordinates).
            None => {
                let diff = build_diff(ca, cb);
                match overlap_cores(ca, cb, q) {
                    None => kernel::ray_rounded(diff.hull(), r, ray(q, d, -d, qa, true)),
                    Some((depth, normal)) => {
                        match kernel::ray_rounded(diff.hull(), r, ray(q, d, -d, qa, false)) {
                            inside @ Raw::Inside(_) => inside,
                            _ => Raw::Inside(Closest {
                                sd: -depth,
                                normal,
                                core_point: q,
                                at_vertex: false,
                            }),
                        }
                    }
                }
            }
        }
    };
    match raw {
        Raw::Miss => PairCast::Miss,
        Raw::Inside(c) => PairCast::Inside {
            depth: -c.sd,
            normal: c.normal,
        },
        Raw::Hit { t, normal, face } => {
            let touching = contact::Touching {
                a: ca.hull,
                b: cb.hull,
                qa: q + d * t,
                ra: ca.radius,
                rb: cb.radius,
                ext_a: ext.a,
                ext_b: ext.b,
            };
            PairCast::Hit {
                t,
                normal,
                point: contact::contact_point(touching, normal, face),
            }
        }
    }
}

/// Overlap deeper than the tolerance of A at relative position `q` with B: `(depth, normal)`.
/// A relative position beyond [`far::DIRECT_LIMIT`] is apart: shapes are at most
/// `MAX_COORDINATE` in size.
// Inlined into `overlap`, its one public caller, whatever codegen unit each lands in.
#[inline]
pub(crate) fn pair_overlap(a: &Shape, b: &Shape, q: Vec2) -> Option<(f32, Vec2)> {
    if !direct(q) {
        return None;
    }
    // The boxes first, from what the shapes keep inline (as `pair_cast`).
    if boxes_apart(a.local_bounds(), b.local_bounds(), q) {
        return None;
    }
    let (mut ba, mut bb) = (CoreBuf::default(), CoreBuf::default());
    // A circle and a polygon, the overlap a game asks most among the shapes that are not
    // boxes: decided inline, where the compiler sees which core is the point and drops the
    // other branches (24% fewer instructions on `overlap/circle-polygon`; the same code, so
    // the same answers). The two arms are written apart on purpose: each is its own copy,
    // specialised to its order. Every other pair goes through `overlap_cores`.
    match (a, b) {
        (Shape::Circle(_), Shape::Polygon(_)) => {
            overlap_cores_inline(&a.core(&mut ba), &b.core(&mut bb), q)
        }
        (Shape::Polygon(_), Shape::Circle(_)) => {
            overlap_cores_inline(&a.core(&mut ba), &b.core(&mut bb), q)
        }
        _ => overlap_cores(&a.core(&mut ba), &b.core(&mut bb), q),
    }
}

/// [`pair_overlap`] on cores: the one decision of whether two shapes overlap, which casts
/// share.
fn overlap_cores(ca: &Core, cb: &Core, q: Vec2) -> Option<(f32, Vec2)> {
    overlap_cores_inline(ca, cb, q)
}

/// [`overlap_cores`], always inlined (see [`pair_overlap`]).
#[inline(always)]
fn overlap_cores_inline(ca: &Core, cb: &Core, q: Vec2) -> Option<(f32, Vec2)> {
    let ext = extents(ca, cb);
    let r = ca.radius + cb.radius;
    // The deepest face bounds the distance from below: apart or touching by that bound alone
    // is the common answer, and a sharp pair's deepest face is the exact one.
    if ca.hull.k >= 2 && cb.hull.k >= 2 {
        if let Some((s, n, inside)) = sat::deepest_face(cb.hull, ca.hull, q, r, ext) {
            if !inside {
                return None;
            }
            if r == 0.0 {
                return Some((-s, n));
            }
        }
    } else {
        let (hull, p, scale) = if ca.hull.k == 1 {
            (cb.hull, q + ca.hull.pts[0], q.abs() + ext.a)
        } else {
            (ca.hull, cb.hull.pts[0] - q, q.abs() + ext.b)
        };
        if let Some(pl) = hull.planes
            && !pl.deepest_inside(p, r, scale).2
        {
            return None;
        }
    }
    let (c, tol) = closest_of(ca, cb, q, ext);
    (c.sd < -tol).then_some((-c.sd, c.normal))
}

/// Signed distance between A at relative position `q` and B, for a relative position
/// already multiplied by the power of two `s` (from [`relative`]), however large.
pub(crate) fn pair_distance(a: &Shape, b: &Shape, q: Vec2, s: f32) -> f32 {
    let (q, s) = within_direct(q, s);
    let sd = with_core(a, s, |ca| {
        with_core(b, s, |cb| closest_of(ca, cb, q, extents(ca, cb)).0.sd)
    });
    // Beyond f32's range (positions at opposite ends of it) the distance saturates.
    (sd / s).clamp(-f32::MAX, f32::MAX)
}

/// Nearest feature between A at relative position `q` and B: signed distance and the normal
/// from B toward A, and the linear tolerance of that distance. Always inlined, so that the
/// circle–polygon overlap of [`pair_overlap`] sees which core is the point.
#[inline(always)]
fn closest_of(ca: &Core, cb: &Core, q: Vec2, ext: Extents) -> (Closest, f32) {
    let r = ca.radius + cb.radius;
    let qa = q.abs();
    if ca.hull.k == 1 {
        let c = nearest::closest_inlined(cb.hull, r, q + ca.hull.pts[0], Vec2::ZERO);
        (c, c.tolerance(qa + ext.a, r))
    } else if cb.hull.k == 1 {
        let c = nearest::closest_inlined(ca.hull, r, cb.hull.pts[0] - q, Vec2::ZERO);
        let tol = c.tolerance(qa + ext.b, r);
        (
            Closest {
                normal: -c.normal,
                ..c
            },
            tol,
        )
    } else {
        let c = nearest::closest(build_diff(ca, cb).hull(), r, q, Vec2::ZERO);
        (c, c.tolerance(qa, r))
    }
}
