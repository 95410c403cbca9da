//! Pairs of cores with 2 or more points each (boxes, polygons, capsules, segments): the faces
//! of `B ⊖ A` come straight from both shapes' face planes — B's faces lowered by A's support,
//! A's faces lowered by B's — so a cast needs no vertex list: two 4-lane clipping passes, and
//! for rounded pairs the ends of the one face the ray enters. This is the separating-axis test
//! over time, exact and without branches for the data to mispredict.
//!
//! Starts that touch or overlap (rare in a game, where bodies keep a skin) are left to the
//! exact difference-polygon kernel, which breaks ties and finds rounded corners from inside.

use glam::Vec2;

use super::kernel::grazes;
use super::raw::{Face, Raw, RayQuery};
use super::round_ray::circle_ray;
use super::support::feature;
use crate::shape::Hull;
use crate::tolerance::{GEOMETRY_REL, tolerance_along};

/// Whether both cores are parallel segments: their difference is flat, and its two end caps
/// are no face of either shape (the planes alone would describe an endless strip).
#[inline]
fn flat(b: Hull, a: Hull) -> bool {
    b.k == 2 && a.k == 2 && b.normal(0).perp_dot(a.normal(0)).abs() <= GEOMETRY_REL
}

/// Whether the face of `B ⊖ A` with outward normal `n` may have a neighbour, on the side
/// `side` (a unit vector along the face), that a ray entering the face's plane pushed out by
/// `r` a distance `beyond` past that end enters first. Exactly, such a ray is in the corner's
/// wedge, and the neighbour's normal turns from `n` by at least `2·atan(beyond / r)` (the
/// wedge between the two pushed-out planes reaches `r·tan(θ/2)` past the end, for faces `θ`
/// apart); a face normal of either shape turned less than that toward `side` means rounding
/// picked the face, and the ray may enter the neighbour first, anywhere along it. The faces
/// of the difference are both shapes' faces (A's turned around), so both are looked at.
#[cold]
#[inline(never)]
fn parallel_beside((b, a): (Hull, Hull), n: Vec2, side: Vec2, beyond: f32, r: f32) -> bool {
    // cos(2·atan(x)) = (1 - x²) / (1 + x²), with x = beyond / r.
    let x2 = (beyond / r) * (beyond / r);
    let wedge_cos = (1.0 - x2) / (1.0 + x2);
    let turned_less = |m: Vec2| m.dot(side) > 0.0 && m.dot(n) > wedge_cos;
    (0..b.k).any(|i| turned_less(b.normal(i))) || (0..a.k).any(|i| turned_less(-a.normal(i)))
}

/// The per-axis magnitudes of a pair's local coordinates (radius included): with the
/// relative position, the size of the numbers a pair query computes with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Extents {
    /// A's.
    pub a: Vec2,
    /// B's.
    pub b: Vec2,
}

/// The deepest face of `B ⊖ A` (pushed out by `r`) at A's relative position `q`: the signed
/// distance to it, its normal (from B toward A), and whether `q` is inside every face by
/// more than its tolerance (the pair overlaps when `r = 0`). The distance is a lower bound of
/// the signed distance between the shapes, and the exact one when `r = 0` and it is not
/// positive (the separating-axis answer). `None` when a core lacks its planes or the
/// difference is flat.
#[inline]
pub(crate) fn deepest_face(
    b: Hull,
    a: Hull,
    q: Vec2,
    r: f32,
    ext: Extents,
) -> Option<(f32, Vec2, bool)> {
    if flat(b, a) {
        return None;
    }
    // B's faces lowered by A's support; A's faces lowered by B's bound `B ⊖ A` as `-n·x <= h`.
    let qa = q.abs();
    let (sb, ib, in_b) = b
        .planes?
        .minus(a.real_pts())
        .deepest_inside(q, r, qa + ext.a);
    let (sa, ia, in_a) = a
        .planes?
        .minus(b.real_pts())
        .deepest_inside(-q, r, qa + ext.b);
    let inside = in_b & in_a;
    // Field by field with selects: which side's face is deepest is a coin toss per query.
    let from_b = sb >= sa;
    let s = if from_b { sb } else { sa };
    let (hull, i, sign) = if from_b { (b, ib, 1.0) } else { (a, ia, -1.0) };
    Some((s, hull.normal(i) * sign, inside))
}

/// First entry of A (relative position `q`, relative motion `d`) into B grown by `r`, from a
/// start apart by more than the tolerance. `None` when the start touches or overlaps (or a
/// core lacks its planes): the caller then asks the exact difference-polygon kernel.
#[inline]
pub(crate) fn planes_ray(b: Hull, a: Hull, r: f32, ray: RayQuery, ext: Extents) -> Option<Raw> {
    let RayQuery { q, d, max_t, .. } = ray;
    if flat(b, a) {
        return None;
    }
    // `q ∈ B ⊖ A` exactly when `-q ∈ A ⊖ B`: A's faces clip the reversed ray. Each side's
    // planes were lowered by the other core's points, whose coordinates count in their
    // tolerances. Both sides are clipped before either's miss is looked at: whether a side
    // proves a miss is a coin toss from one query to the next, and one branch on both answers
    // is guessed wrong less often than two (measured 2–3% faster on polygon pairs than
    // clipping B's side alone first, to skip A's on a miss).
    // Every core of two or more points has its planes; without them, the exact kernel.
    let (planes_b, planes_a) = (b.planes?, a.planes?);
    let qa = q.abs();
    let cb = planes_b
        .minus(a.real_pts())
        .clip(q, d, r, max_t, qa + ext.a);
    let ca = planes_a
        .minus(b.real_pts())
        .clip(-q, -d, r, max_t, qa + ext.b);
    let (Some(cb), Some(ca)) = (cb, ca) else {
        return Some(Raw::Miss);
    };
    if !(cb.apart || ca.apart) {
        return None;
    }
    // The later entry is B's face or A's about as often as not: picked field by field with
    // selects rather than by a branch.
    let from_b = cb.t_in >= ca.t_in;
    let t_in = if from_b { cb.t_in } else { ca.t_in };
    let tol_in = if from_b { cb.tol_in } else { ca.tol_in };
    let face = if from_b { cb.face } else { ca.face };
    let (hull, sign) = if from_b { (b, 1.0) } else { (a, -1.0) };
    // A's face normals point out of A, so from B toward A is their negation.
    let n = hull.get_normal(face).map(|n| n * sign);
    let which = if from_b { Face::B(face) } else { Face::A(face) };
    if grazes(t_in, cb.t_out.min(ca.t_out), d, tol_in) {
        return Some(Raw::Miss);
    }
    // Apart at the start, so some face is entered after it and `n` is found.
    let n = n?;
    if r > 0.0 || (a.k == 2 && b.k == 2) {
        // The face of B ⊖ A with normal n is B's feature minus A's: it runs from
        // b_lo - a_hi to b_hi - a_lo along the tangent. Entering its pushed-out plane beyond
        // an end means meeting the rounded corner there first (for rounded cores), and no
        // entry at all (for two segments).
        let tan = n.perp();
        let (b_lo, b_hi) = feature(b.real_pts(), n, tan, ext.b);
        let (a_lo, a_hi) = feature(a.real_pts(), -n, tan, ext.a);
        let (v_lo, v_hi) = (b_lo - a_hi, b_hi - a_lo);
        let u = tan.dot(q + d * t_in);
        let (lo, hi) = (tan.dot(v_lo), tan.dot(v_hi));
        if (u < lo || u > hi) && r == 0.0 {
            // Two segments nearly parallel (just above the angle at which `flat` calls them
            // parallel: their planes bound a strip whose ends rounding smears far along it):
            // an entry past the face's ends is no entry of the difference, which the kernel,
            // on the difference polygon, decides.
            let tol = tolerance_along(tan, q.abs() + ext.a + ext.b, 0.0);
            if u < lo - tol || u > hi + tol {
                return None;
            }
        } else if u < lo || u > hi {
            let (v, side, beyond) = if u < lo {
                (v_lo, -tan, lo - u)
            } else {
                (v_hi, tan, u - hi)
            };
            // A nearly parallel neighbour there may be entered first (see the exact kernel's
            // `corner_or_beside`): the kernel, on the difference polygon, decides.
            if parallel_beside((b, a), n, side, beyond, r) {
                return None;
            }
            // A miss there is checked on the difference polygon too: the ends of the face
            // come from features found within the tolerance, and a face of the other shape
            // within it (turned by less than its tolerance over its length) is folded into
            // this one, its true corner a little off `v`.
            return match circle_ray(v, r, q, d, max_t) {
                Raw::Miss => None,
                hit => Some(hit),
            };
        }
    }
    Some(Raw::Hit {
        t: t_in,
        normal: n,
        face: which,
    })
}
