//! Queries between shapes: overlap with MTV, signed distance, exact swept casts, ray casts,
//! point queries and general-form segment intersection.
//!
//! Every query takes shapes with world positions (`pos`), answers in the world frame, and
//! follows the crate conventions: normals point from the other shape (`b`) toward the first or
//! moving shape (`a`), fractions are of the requested motion, depth is positive.

mod cast;
pub(crate) mod kernel;
mod overlap;
mod point;
mod ray;
mod sat;
mod segment;

pub use cast::{CastHit, CastResult, cast};
pub use overlap::{Penetration, distance, overlap};
pub use point::PointProjection;
pub use ray::{RayHit, raycast};
pub use segment::{SegmentIntersection, line_crosses_segment, segment_intersection};

use glam::Vec2;

use crate::shape::{Core, CoreBuf, Shape};
use crate::tolerance::linear_tolerance;
use kernel::{Closest, Raw};

/// `B ⊖ A` for two cores of at least 2 points each, by the cheapest construction.
#[inline]
fn build_diff(ca: &Core, cb: &Core) -> kernel::Diff {
    let (ap, an) = (ca.hull.real_pts(), ca.hull.real_nrm());
    let (bp, bn) = (cb.hull.real_pts(), cb.hull.real_nrm());
    match (ap.len(), bp.len()) {
        (2, n) if n >= 3 => kernel::diff_poly_seg(bp, bn, ap, an, true),
        (n, 2) if n >= 3 => kernel::diff_poly_seg(ap, an, bp, bn, false),
        _ => kernel::minkowski_diff(bp, bn, ap, an),
    }
}

/// Whether the pair is sharp (no radius) with a difference of positive area: the
/// separating-axis planes alone answer it.
#[inline]
fn is_sharp(ca: &Core, cb: &Core) -> bool {
    ca.radius == 0.0 && cb.radius == 0.0 && (ca.hull.k >= 3 || cb.hull.k >= 3)
}

/// Runs the ray kernel for A at relative position `q` moving by `d` (relative) against B.
/// Normals point from B toward A; `core_point` is the contact on B's core (B's frame).
/// Also returns B's radius.
pub(crate) fn pair_ray(a: &Shape, b: &Shape, q: Vec2, d: Vec2, max_t: f32) -> (Raw, f32) {
    let (mut ba, mut bb) = (CoreBuf::default(), CoreBuf::default());
    let ca = a.core(&mut ba);
    let cb = b.core(&mut bb);
    let r = ca.radius + cb.radius;
    let tol = pair_tolerance(&ca, &cb, q, d * max_t);
    let ray = |q, d, prefer| kernel::RayQuery {
        q,
        d,
        max_t,
        tol,
        prefer,
    };
    let raw = if ca.hull.k == 1 {
        kernel::ray_rounded(cb.hull, r, ray(q + ca.hull.pts[0], d, -d))
    } else if cb.hull.k == 1 {
        let b0 = cb.hull.pts[0];
        flip(kernel::ray_rounded(ca.hull, r, ray(b0 - q, -d, d)), b0)
    } else if is_sharp(&ca, &cb) {
        sat::sat_ray(cb.hull, ca.hull, ray(q, d, -d))
    } else {
        let diff = build_diff(&ca, &cb);
        match kernel::ray_rounded(diff.hull(), r, ray(q, d, -d)) {
            Raw::Hit {
                t,
                normal,
                core_point,
                edge,
            } => Raw::Hit {
                t,
                normal,
                core_point: diff.b_point(core_point, edge, ca.hull.pts, cb.hull.pts),
                edge,
            },
            Raw::Inside(c) => Raw::Inside(Closest {
                core_point: diff.b_point(c.core_point, c.edge, ca.hull.pts, cb.hull.pts),
                ..c
            }),
            Raw::Miss => Raw::Miss,
        }
    };
    (raw, cb.radius)
}

/// Maps an answer on A's core (queried at `b0 - q`) back: normals flip, B's point is `b0`.
fn flip(raw: Raw, b0: Vec2) -> Raw {
    match raw {
        Raw::Hit {
            t, normal, edge, ..
        } => Raw::Hit {
            t,
            normal: -normal,
            core_point: b0,
            edge,
        },
        Raw::Inside(c) => Raw::Inside(Closest {
            normal: -c.normal,
            core_point: b0,
            ..c
        }),
        Raw::Miss => Raw::Miss,
    }
}

/// Overlap deeper than the tolerance of A at relative position `q` with B: `(depth, normal)`.
pub(crate) fn pair_overlap(a: &Shape, b: &Shape, q: Vec2) -> Option<(f32, Vec2)> {
    let (mut ba, mut bb) = (CoreBuf::default(), CoreBuf::default());
    let ca = a.core(&mut ba);
    let cb = b.core(&mut bb);
    if is_sharp(&ca, &cb) {
        let tol = pair_tolerance(&ca, &cb, q, Vec2::ZERO);
        return sat::sat_overlap(cb.hull, ca.hull, q, tol);
    }
    let (c, _, tol) = closest_of(&ca, &cb, q);
    (c.sd < -tol).then_some((-c.sd, c.normal))
}

/// Nearest feature between A at relative position `q` and B: signed distance, normal from B
/// toward A, and the nearest point on B's core (B's local frame). Also returns B's radius and
/// the pair's tolerance.
pub(crate) fn pair_closest(a: &Shape, b: &Shape, q: Vec2) -> (Closest, f32, f32) {
    let (mut ba, mut bb) = (CoreBuf::default(), CoreBuf::default());
    let ca = a.core(&mut ba);
    let cb = b.core(&mut bb);
    closest_of(&ca, &cb, q)
}

fn closest_of(ca: &Core, cb: &Core, q: Vec2) -> (Closest, f32, f32) {
    let r = ca.radius + cb.radius;
    let tol = pair_tolerance(ca, cb, q, Vec2::ZERO);
    let c = if ca.hull.k == 1 {
        kernel::closest(cb.hull, r, q + ca.hull.pts[0], Vec2::ZERO)
    } else if cb.hull.k == 1 {
        let b0 = cb.hull.pts[0];
        let c = kernel::closest(ca.hull, r, b0 - q, Vec2::ZERO);
        Closest {
            normal: -c.normal,
            core_point: b0,
            ..c
        }
    } else {
        let diff = build_diff(ca, cb);
        let c = kernel::closest(diff.hull(), r, q, Vec2::ZERO);
        Closest {
            core_point: diff.b_point(c.core_point, c.edge, ca.hull.pts, cb.hull.pts),
            ..c
        }
    };
    (c, cb.radius, tol)
}

/// The linear tolerance for a pair at relative position `q` with relative motion `d`.
#[inline]
fn pair_tolerance(ca: &Core, cb: &Core, q: Vec2, d: Vec2) -> f32 {
    let scale = q
        .abs()
        .max_element()
        .max(d.abs().max_element())
        .max(ca.bound + cb.bound);
    linear_tolerance(scale)
}
