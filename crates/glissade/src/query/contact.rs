//! Where two touching shapes meet: the contact point of a cast.

use glam::Vec2;

use super::kernel::Hull;
use crate::tolerance::CONTACT_SNAP_COS;

/// A core's support feature along `dir`: its two extreme points along `tan` among the points
/// within `tol` of the support height (one vertex, or the two ends of a face facing `dir`).
#[inline]
pub(crate) fn feature(pts: &[Vec2], dir: Vec2, tan: Vec2, tol: f32) -> (Vec2, Vec2) {
    let h = pts
        .iter()
        .fold(f32::NEG_INFINITY, |m, p| m.max(dir.dot(*p)));
    let (mut lo, mut hi) = (pts[0], pts[0]);
    let (mut lo_t, mut hi_t) = (f32::INFINITY, f32::NEG_INFINITY);
    for p in pts {
        if dir.dot(*p) >= h - tol {
            let s = tan.dot(*p);
            if s < lo_t {
                (lo, lo_t) = (*p, s);
            }
            if s > hi_t {
                (hi, hi_t) = (*p, s);
            }
        }
    }
    (lo, hi)
}

/// The contact point, in B's frame, of A (core `a`, at relative position `qa`) touching B
/// (core `b`, radius `rb`) with unit normal `n` from B toward A.
///
/// It lies on B's surface, in the middle of the part that the two touching features share
/// along the contact plane: a vertex for a vertex contact, the middle of the overlap for two
/// parallel faces; where they share nothing (a rounded or sharp corner), at B's point nearest
/// A's feature. A normal equal to a face's normal picks that face; otherwise the face whose
/// normal is nearest within [`CONTACT_SNAP_COS`], if any.
pub(crate) fn contact_point(a: Hull, b: Hull, qa: Vec2, n: Vec2, rb: f32, tol: f32) -> Vec2 {
    let mut dir = n;
    let mut best = CONTACT_SNAP_COS;
    let faces_b = b.nrm.iter().take(b.k).copied();
    let faces_a = a.nrm.iter().take(a.k).map(|m| -*m);
    for m in faces_b.chain(faces_a) {
        if m == n {
            // The kernels report face normals exactly as stored: that face it is.
            dir = m;
            break;
        }
        let c = m.dot(n);
        if c > best {
            (best, dir) = (c, m);
        }
    }
    let tan = dir.perp();
    let (b_lo, b_hi) = feature(b.real_pts(), dir, tan, tol);
    let (a_lo, a_hi) = feature(a.real_pts(), -dir, tan, tol);
    let (bl, bh) = (tan.dot(b_lo), tan.dot(b_hi));
    let shift = tan.dot(qa);
    let (al, ah) = (tan.dot(a_lo) + shift, tan.dot(a_hi) + shift);
    let (lo, hi) = (bl.max(al), bh.min(ah));
    let along = if lo <= hi {
        0.5 * (lo + hi)
    } else if ah < bl {
        bl
    } else {
        bh
    };
    let on_b = if bh > bl {
        b_lo.lerp(b_hi, ((along - bl) / (bh - bl)).clamp(0.0, 1.0))
    } else {
        b_lo
    };
    on_b + n * rb
}
