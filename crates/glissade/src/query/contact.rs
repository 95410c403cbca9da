//! Where two touching shapes meet: the contact point of a cast.

use glam::Vec2;

use super::kernel::Face;
use super::support::feature;
use crate::shape::Hull;
use crate::tolerance::CONTACT_SNAP_COS;

/// Where two touching cores are: A's core `a` at relative position `qa` with radius `ra`, B's
/// core `b` with radius `rb`, in B's frame; `ext_a` and `ext_b` are the per-axis magnitudes
/// of the cores' local coordinates.
#[derive(Clone, Copy)]
pub(crate) struct Touching<'a> {
    pub a: Hull<'a>,
    pub b: Hull<'a>,
    pub qa: Vec2,
    pub ra: f32,
    pub rb: f32,
    pub ext_a: Vec2,
    pub ext_b: Vec2,
}

/// The contact point, in B's frame, of A touching B with unit normal `n` from B toward A.
///
/// It lies on B's surface, in the middle of the part that the two touching features share
/// along the contact plane: a vertex for a vertex contact, the middle of the overlap for two
/// parallel faces; where they share nothing (a rounded or sharp corner), at B's point nearest
/// A's feature. For a rounded corner's normal, a face whose normal is within
/// [`CONTACT_SNAP_COS`] of it is taken as B's or A's feature, if any.
pub(crate) fn contact_point(t: Touching, n: Vec2, face: Face) -> Vec2 {
    let Touching {
        a,
        b,
        qa,
        ra,
        rb,
        ext_a,
        ext_b,
    } = t;
    if a.k == 1 {
        // A round: its point nearest B.
        return qa + a.pts[0] - n * ra;
    }
    if b.k == 1 {
        return b.pts[0] + n * rb;
    }
    let mut dir = n;
    if face == Face::Corner {
        let mut best = CONTACT_SNAP_COS;
        let faces_b = (0..b.k).map(|i| b.normal(i));
        let faces_a = (0..a.k).map(|i| -a.normal(i));
        for m in faces_b.chain(faces_a) {
            let c = m.dot(n);
            if c > best {
                (best, dir) = (c, m);
            }
        }
    }
    let tan = dir.perp();
    // A known face is its own feature; the other shape's is found by its support.
    let edge = |h: Hull, i: usize| {
        let (p, q) = (h.pts[i], h.pts[(i + 1) % h.k]);
        if tan.dot(p) <= tan.dot(q) {
            (p, q)
        } else {
            (q, p)
        }
    };
    let (b_lo, b_hi) = match face {
        Face::B(i) => edge(b, i),
        _ => feature(b.pts, dir, tan, ext_b),
    };
    let (a_lo, a_hi) = match face {
        Face::A(i) => edge(a, i),
        _ => feature(a.pts, -dir, tan, ext_a),
    };
    // Along the contact plane, in f64: on a long face (a floor a million units long) the
    // point is as precise as its own coordinates, not as the face's far ends.
    let t = tan.as_dvec2();
    let along_tan = |p: Vec2| t.dot(p.as_dvec2());
    let (bl, bh) = (along_tan(b_lo), along_tan(b_hi));
    let shift = along_tan(qa);
    let (al, ah) = (along_tan(a_lo) + shift, along_tan(a_hi) + shift);
    let (lo, hi) = (bl.max(al), bh.min(ah));
    let along = if lo <= hi {
        0.5 * (lo + hi)
    } else if ah < bl {
        bl
    } else {
        bh
    };
    let on_b = if bh > bl {
        let f = ((along - bl) / (bh - bl)).clamp(0.0, 1.0);
        b_lo.as_dvec2().lerp(b_hi.as_dvec2(), f).as_vec2()
    } else {
        b_lo
    };
    on_b + n * rb
}
