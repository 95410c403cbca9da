//! Where two touching shapes meet: the contact point of a cast.

use glam::Vec2;

use super::raw::Face;
use super::support::feature;
use crate::shape::Hull;
use crate::tolerance::{CONTACT_SNAP_COS, tolerance_along};

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
/// [`CONTACT_SNAP_COS`] of it is taken as B's or A's feature, if any; and so is such a face
/// when the features found by support share nothing (a face met by the other's face at a hair
/// of an angle, whose support is then one of its ends).
///
/// Inlined into its one caller, the pair cast, whatever the compiler's split of the crate into
/// units (left to it, the split once put it apart: 3% more instructions a circle–polygon cast).
#[inline]
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
    let edge = |h: Hull, i: usize| edge_along(h, i, tan);
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
    if lo > hi
        && face != Face::Corner
        && let Some(p) = faces_met(
            (a, b),
            qa,
            dir,
            face,
            ((b_lo, b_hi), (a_lo, a_hi)),
            ext_a.max(ext_b),
        )
    {
        return p + n * rb;
    }
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

/// The contact point, on B, of a contact at a face's normal `dir` (from B toward A) whose
/// features found by support, `((b_lo, b_hi), (a_lo, a_hi))`, share nothing along the plane:
/// a face met by the other shape's face at a hair of an angle, whose support feature the
/// tolerance cut down to one end (a point past the face's end, off the other surface), or a
/// corner met on a face. A face within [`CONTACT_SNAP_COS`] of the normal is its shape's
/// feature (the face the hit names stays); `None` when the features still share nothing. (A
/// rounded corner's normal was snapped to such a face before, if any: most of its contacts
/// share nothing, truly.) Rare: kept out of line.
///
/// Two such faces lean apart by up to the snap angle, which on long faces opens a gap along
/// `dir` far wider than the tolerance at one end of what they share: they touch at the end
/// where the gap is least, and the point is there. It is the middle of what they share only
/// when the gap is the same at both ends within the tolerance of coordinates as large as
/// `extent` (the larger of the two cores' per-axis magnitudes): faces parallel as far as can
/// be told.
#[cold]
#[inline(never)]
fn faces_met(
    (a, b): (Hull, Hull),
    qa: Vec2,
    dir: Vec2,
    face: Face,
    ((b_lo, b_hi), (a_lo, a_hi)): ((Vec2, Vec2), (Vec2, Vec2)),
    extent: Vec2,
) -> Option<Vec2> {
    let tan = dir.perp();
    let near = |h: Hull, sign: f32| {
        (0..h.k)
            .find(|&j| sign * h.normal(j).dot(dir) > CONTACT_SNAP_COS)
            .map(|j| edge_along(h, j, tan))
    };
    let (b_lo, b_hi) = match face {
        Face::B(_) => (b_lo, b_hi),
        _ => near(b, 1.0).unwrap_or((b_lo, b_hi)),
    };
    let (a_lo, a_hi) = match face {
        Face::A(_) => (a_lo, a_hi),
        _ => near(a, -1.0).unwrap_or((a_lo, a_hi)),
    };
    // In f64, as in `contact_point`: A's face is moved to where A is (by `qa`).
    let (t, d) = (tan.as_dvec2(), dir.as_dvec2());
    let along_tan = |p: Vec2| t.dot(p.as_dvec2());
    let (bl, bh) = (along_tan(b_lo), along_tan(b_hi));
    let shift = along_tan(qa);
    let (lo, hi) = (
        bl.max(along_tan(a_lo) + shift),
        bh.min(along_tan(a_hi) + shift),
    );
    if lo > hi {
        return None;
    }
    // How high along `dir` a face (its ends, and where it starts along the plane) is at `s`
    // along the plane; a face of no length is as high everywhere.
    let height = |(p, q): (Vec2, Vec2), from: f64, s: f64| {
        let (hp, hq) = (d.dot(p.as_dvec2()), d.dot(q.as_dvec2()));
        let span = along_tan(q) - along_tan(p);
        if span > 0.0 {
            hp + (hq - hp) * ((s - from) / span)
        } else {
            hp
        }
    };
    let lift = d.dot(qa.as_dvec2());
    let gap = |s: f64| {
        height((a_lo, a_hi), along_tan(a_lo) + shift, s) + lift - height((b_lo, b_hi), bl, s)
    };
    let (gap_lo, gap_hi) = (gap(lo), gap(hi));
    let parallel = f64::from(tolerance_along(dir, extent, 0.0));
    let s = if (gap_lo - gap_hi).abs() <= parallel {
        0.5 * (lo + hi)
    } else if gap_lo < gap_hi {
        lo
    } else {
        hi
    };
    let f = if bh > bl {
        ((s - bl) / (bh - bl)).clamp(0.0, 1.0)
    } else {
        0.0
    };
    Some(b_lo.as_dvec2().lerp(b_hi.as_dvec2(), f).as_vec2())
}

/// Face `i` of `h` as its two ends, ordered along `tan`.
#[inline(always)]
fn edge_along(h: Hull, i: usize, tan: Vec2) -> (Vec2, Vec2) {
    let (p, q) = (h.pts[i], h.pts[(i + 1) % h.k]);
    if tan.dot(p) <= tan.dot(q) {
        (p, q)
    } else {
        (q, p)
    }
}

#[cfg(test)]
mod tests {
    use crate::query::{CastResult, cast};
    use crate::shape::{Aabb, ConvexPolygon, Shape};
    use glam::Vec2;

    #[test]
    fn faces_met_at_a_hair_of_an_angle_share_their_contact_point() {
        // A hexagon whose right face leans 1.5e-4 rad from the vertical meets the left face of
        // a box, moving right and down: its face's top end touches first.
        //
        //       ____            +-------+
        //      /    |  →        |       |      the hexagon's right face, 3.9 tall, against
        //     /     |           |  box  |      the box's left face, 4.6 tall: the box's
        //     \     |           |       |      top corner is 0.0035 above the face's top
        //      \____|           +-------+
        //
        // The box's support along the hexagon's normal is its top corner alone (the face
        // leans by more than the tolerance), past the hexagon's face: the point must still
        // lie on both surfaces.
        let a: Shape = ConvexPolygon::new(&[
            Vec2::new(0.5917903, -2.1893344),
            Vec2::new(0.9587971, -1.953027),
            Vec2::new(1.1711056, -1.6666722),
            Vec2::new(1.1716802, 2.2685223),
            Vec2::new(-0.29553804, 2.261775),
            Vec2::new(-0.7365043, 0.32754204),
        ])
        .unwrap()
        .into();
        let b: Shape = Aabb::new(
            Vec2::new(-0.97920036, -2.421569),
            Vec2::new(1.6598997, 2.1762865),
        )
        .unwrap()
        .into();
        let (pa, pb) = (
            Vec2::new(-6.7587166, 2.7154903),
            Vec2::new(7.726163, -3.9869373),
        );
        let motion = (pb - pa) * 0.8940865 + Vec2::new(-0.43262124, -0.9071245);
        let CastResult::Hit(h) = cast(&a, pa, motion, &b, pb, Vec2::ZERO) else {
            panic!("a hit");
        };
        let at = pa + motion * h.fraction;
        let on_a = a.project_point(at, h.point).signed_distance;
        let on_b = b.project_point(pb, h.point).signed_distance;
        // The faces are 5.7e-4 apart at the far end of what they share.
        assert!(
            on_a.abs() < 1e-3 && on_b.abs() < 1e-3,
            "{h:?}: {on_a}, {on_b}"
        );
    }
    /// The bottom face of A, 100 long, leans `lean` rad from B's top face: A comes down on
    /// B and touches it at the faces' left ends (x ≈ 0), where the gap between them closes.
    ///
    ///        +--------------------------+
    ///        |            A             |    A's bottom face: (0, 0) to (100, 100 × lean)
    ///        o___________________------'     (lean up to 9e-4 rad: 0.09 high at its right
    ///   =====o=======================        end), within the snap angle of B's face
    ///        |            B          |
    ///        +-----------------------+
    ///
    /// The point must lie on both surfaces (within 1e-3). Put in the middle of what the faces
    /// share, it was 50 × lean off A (0.045 at 9e-4 rad).
    fn lean_hit(lean: f32, x: f32) -> Option<(f32, f32)> {
        let b: Shape = Aabb::new(Vec2::new(0.0, -10.0), Vec2::new(100.0, 0.0))
            .unwrap()
            .into();
        let a: Shape = ConvexPolygon::new(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(100.0, 100.0 * lean),
            Vec2::new(100.0, 20.0),
            Vec2::new(0.0, 20.0),
        ])
        .unwrap()
        .into();
        let (pa, motion) = (Vec2::new(x, 5.0), Vec2::new(0.0, -10.0));
        let CastResult::Hit(h) = cast(&a, pa, motion, &b, Vec2::ZERO, Vec2::ZERO) else {
            return None;
        };
        let at = pa + motion * h.fraction;
        Some((
            a.project_point(at, h.point).signed_distance,
            b.project_point(Vec2::ZERO, h.point).signed_distance,
        ))
    }

    #[test]
    fn long_faces_at_a_hair_of_an_angle_meet_where_their_gap_closes() {
        // The case found: the faces' supports share nothing (A's is its left corner, a hair
        // left of B's face).
        let (on_a, on_b) = lean_hit(9e-4, -2.639_221_5e-4).expect("a hit");
        assert!(on_a.abs() < 1e-3 && on_b.abs() < 1e-3, "{on_a}, {on_b}");
        // Around the faces' left ends, at several leans.
        let mut met = 0;
        for lean in [1e-4, 2e-4, 5e-4, 9e-4] {
            for k in -200..200 {
                if let Some((on_a, on_b)) = lean_hit(lean, k as f32 * 1e-4) {
                    met += 1;
                    assert!(
                        on_a.abs() < 1e-3 && on_b.abs() < 1e-3,
                        "lean {lean}, x {}: {on_a}, {on_b}",
                        k as f32 * 1e-4
                    );
                }
            }
        }
        assert_eq!(met, 4 * 400, "every cast meets B");
    }
}
