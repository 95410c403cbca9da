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

/// Runs the ray kernel for A at relative position `q` moving by `d` (relative) against B.
/// Returns the raw answer with normals already pointing from B toward A, and the contact's
/// point on B's core (B's local frame) in `core_point`.
pub(crate) fn pair_ray(a: &Shape, b: &Shape, q: Vec2, d: Vec2, max_t: f32) -> (Raw, f32) {
    let (mut ba, mut bb) = (CoreBuf::default(), CoreBuf::default());
    let ca = a.core(&mut ba);
    let cb = b.core(&mut bb);
    let r = ca.radius + cb.radius;
    let tol = pair_tolerance(&ca, &cb, q, d * max_t);
    let prefer = -d;
    let ray = |q, d, prefer| kernel::RayQuery {
        q,
        d,
        max_t,
        tol,
        prefer,
    };
    let raw = if ca.pts.len() == 1 {
        let a0 = ca.pts[0];
        kernel::ray_rounded(cb.pts, cb.nrm, r, ray(q + a0, d, prefer))
    } else if cb.pts.len() == 1 {
        let b0 = cb.pts[0];
        flip(
            kernel::ray_rounded(ca.pts, ca.nrm, r, ray(b0 - q, -d, -prefer)),
            b0,
        )
    } else {
        let diff = kernel::minkowski_diff(cb.pts, cb.nrm, ca.pts, ca.nrm);
        let (p, n) = (&diff.pts[..diff.len], &diff.nrm[..diff.len]);
        match kernel::ray_rounded(p, n, r, ray(q, d, prefer)) {
            Raw::Hit {
                t,
                normal,
                core_point,
                edge,
            } => Raw::Hit {
                t,
                normal,
                core_point: diff.b_point(core_point, edge, ca.pts, cb.pts),
                edge,
            },
            Raw::Inside(c) => Raw::Inside(Closest {
                core_point: diff.b_point(c.core_point, c.edge, ca.pts, cb.pts),
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

/// Nearest feature between A at relative position `q` and B: signed distance, normal from B
/// toward A, and the nearest point on B's core (B's local frame). Also returns B's radius.
pub(crate) fn pair_closest(a: &Shape, b: &Shape, q: Vec2) -> (Closest, f32, f32) {
    let (mut ba, mut bb) = (CoreBuf::default(), CoreBuf::default());
    let ca = a.core(&mut ba);
    let cb = b.core(&mut bb);
    let r = ca.radius + cb.radius;
    let tol = pair_tolerance(&ca, &cb, q, Vec2::ZERO);
    let c = if ca.pts.len() == 1 {
        kernel::closest(cb.pts, cb.nrm, r, q + ca.pts[0], Vec2::ZERO)
    } else if cb.pts.len() == 1 {
        let b0 = cb.pts[0];
        let c = kernel::closest(ca.pts, ca.nrm, r, b0 - q, Vec2::ZERO);
        Closest {
            normal: -c.normal,
            core_point: b0,
            ..c
        }
    } else {
        let diff = kernel::minkowski_diff(cb.pts, cb.nrm, ca.pts, ca.nrm);
        let c = kernel::closest(
            &diff.pts[..diff.len],
            &diff.nrm[..diff.len],
            r,
            q,
            Vec2::ZERO,
        );
        Closest {
            core_point: diff.b_point(c.core_point, c.edge, ca.pts, cb.pts),
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
