//! The nearest feature of a rounded convex core to a point: the signed distance, the outward
//! normal there and the point of the core it comes from. Overlap, distance, point queries and
//! the start of every cast ask this first.

use glam::Vec2;

use super::path_depth::closest_on_segment;
use crate::geometry::Planes8;
use crate::shape::Hull;
use crate::tolerance::{linear_tolerance, tolerance_along};

/// The nearest feature of a rounded core to a point.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Closest {
    /// Signed distance from the point to the rounded shape: negative inside.
    pub sd: f32,
    /// Unit outward normal at the nearest boundary point.
    pub normal: Vec2,
    /// Nearest point on the core (not grown by the radius).
    pub core_point: Vec2,
    /// Whether `core_point` is a vertex of the core (else it lies inside a face or the core).
    pub at_vertex: bool,
}

impl Closest {
    /// The linear tolerance of `sd`, for a query point whose terms have the per-axis
    /// magnitudes `scale`, with the rounded core grown by `r`: the contact is at
    /// `core_point`, and the distance along `normal` is computed from the coordinates there.
    #[inline]
    pub(crate) fn tolerance(&self, scale: Vec2, r: f32) -> f32 {
        tolerance_along(self.normal, scale + self.core_point.abs(), r)
    }
}

/// The vertex after vertex `i` of a hull of `k` vertices, wrapping: `(i + 1) % k` without
/// the division (an integer division costs as much as the rest of a face test).
#[inline(always)]
pub(crate) fn next_of(i: usize, k: usize) -> usize {
    debug_assert!(i < k, "vertex {i} of a hull of {k}");
    if i + 1 < k { i + 1 } else { 0 }
}

/// The vertex before vertex `i` of a hull of `k` vertices, wrapping: `(i + k - 1) % k`.
#[inline(always)]
pub(crate) fn prev_of(i: usize, k: usize) -> usize {
    debug_assert!(i < k, "vertex {i} of a hull of {k}");
    if i == 0 { k - 1 } else { i - 1 }
}

/// Nearest feature of the core grown by `r` to the point `q`. On exact ties between faces,
/// the one `prefer` points out of the most wins (`prefer` may be zero).
#[inline]
pub(crate) fn closest(hull: Hull, r: f32, q: Vec2, prefer: Vec2) -> Closest {
    closest_inlined(hull, r, q, prefer)
}

/// [`closest`], always inlined: for the nearest feature between a point-like core (a circle)
/// and another, in `closest_of` (itself always inlined, so this lands in every overlap
/// decision, the start test of casts and `distance`), where the compiler then drops what a
/// zero `prefer` never uses. Measured: 5% fewer instructions on `overlap/circle-polygon`;
/// inlined for every caller (the difference polygon's too), it cost 2% more on
/// `overlap/polygon-polygon`.
#[inline(always)]
pub(crate) fn closest_inlined(hull: Hull, r: f32, q: Vec2, prefer: Vec2) -> Closest {
    let Hull {
        pts,
        nrm,
        k,
        planes,
        ..
    } = hull;
    if k == 1 {
        let d = q - pts[0];
        let len = d.length();
        let normal = if len > 0.0 {
            d / len
        } else {
            prefer.try_normalize().unwrap_or(Vec2::Y)
        };
        return Closest {
            sd: len - r,
            normal,
            core_point: pts[0],
            at_vertex: true,
        };
    }
    let (mut best, mut bi) = match planes {
        Some(pl) => pl.deepest(q, 0.0),
        None => {
            let mut best = (f32::NEG_INFINITY, 0);
            for i in 0..pts.len() {
                let s = nrm[i].dot(q - pts[i]);
                if s > best.0 {
                    best = (s, i);
                }
            }
            best
        }
    };
    if prefer != Vec2::ZERO {
        // Equally deep faces: the one `prefer` points out of the most. Distances are compared
        // as computed above (4-lane or scalar), never across the two ways of computing them.
        match planes {
            Some(pl) => bi = pl.deepest_preferring(q, 0.0, prefer),
            None => {
                for i in 0..pts.len() {
                    let s = nrm[i].dot(q - pts[i]);
                    if s == best && nrm[i].dot(prefer) > nrm[bi].dot(prefer) {
                        (best, bi) = (s, i);
                    }
                }
            }
        }
    }
    if best <= 0.0 && k >= 3 {
        // Inside the core polygon: the nearest face is the way out.
        return Closest {
            sd: best - r,
            normal: hull.normal(bi),
            core_point: q - hull.normal(bi) * best,
            at_vertex: false,
        };
    }
    // Outside: the nearest point lies on the deepest face or on one of its two neighbours
    // (checking the neighbours keeps nearly collinear faces from choosing the wrong piece).
    let edge = |i: usize| closest_on_segment(pts[i], pts[next_of(i, k)], q);
    let (mut c, mut at_vertex) = edge(bi);
    let mut face = bi;
    if k >= 3 {
        for j in [prev_of(bi, k), next_of(bi, k)] {
            let (cj, vj) = edge(j);
            if (q - cj).length_squared() < (q - c).length_squared() {
                (c, at_vertex, face) = (cj, vj, j);
            }
        }
    }
    let d = q - c;
    let len = d.length();
    // Inside a face the normal is the face's own (exact); at a vertex it is the direction
    // from the vertex, unless the point is too close to tell a direction.
    let normal = if !at_vertex || len <= linear_tolerance(q.abs().max_element()) {
        let n = |i: usize| hull.normal(i);
        let on_face =
            if k == 2 && n(0).dot(q - pts[0]) == 0.0 && n(1).dot(prefer) > n(0).dot(prefer) {
                n(1)
            } else {
                n(face)
            };
        if on_face.dot(d) < 0.0 {
            facing_away((face, on_face), d, q, (pts, k), (nrm, planes))
        } else {
            on_face
        }
    } else {
        d / len
    };
    Closest {
        sd: len - r,
        normal,
        core_point: c,
        at_vertex,
    }
}

/// The normal at a nearest point on face `face` of `hull` (with normal `on_face`) that the
/// point `q` is behind (`d` from the nearest point to it): when by more than the face's own
/// precision, two nearly parallel faces folded back at a sharp vertex (a sliver, the
/// difference of two nearly parallel segments), where rounding made the far side's piece the
/// nearer. The nearest point then really lies on a neighbouring face that `q` is in front of,
/// between its ends, as near within that precision: that face's normal (exact, where the
/// direction from the nearest point is off by the sliver's angle); else the direction from
/// the nearest point. Within that precision, the face's normal stands: the nearest point on a
/// long face carries the rounding of its far ends, and so does the direction from it. Rare:
/// kept out of line.
#[cold]
#[inline(never)]
fn facing_away(
    (face, on_face): (usize, Vec2),
    d: Vec2,
    q: Vec2,
    (pts, k): (&[Vec2], usize),
    (nrm, planes): (&[Vec2], Option<&Planes8>),
) -> Vec2 {
    // Taken apart by the caller: a whole `Hull` handed over (by value or by reference) kept
    // the inlined nearest-point search from holding its fields in registers (4% more
    // instructions an `overlap` of a circle and a polygon).
    let hull = Hull {
        pts,
        nrm,
        k,
        planes,
    };
    let (a, b) = (pts[face], pts[next_of(face, k)]);
    let tol = linear_tolerance(q.abs().max(a.abs()).max(b.abs()).max_element());
    if on_face.dot(d) >= -tol {
        return on_face;
    }
    // A segment's two faces are its two sides: no neighbour to look at.
    if k >= 3 {
        let len = d.length();
        for j in [prev_of(face, k), next_of(face, k)] {
            let n = hull.normal(j);
            let (c, at_vertex) = closest_on_segment(pts[j], pts[next_of(j, k)], q);
            if !at_vertex && n.dot(q - c) > tol && (q - c).length() <= len + tol {
                return n;
            }
        }
    }
    d.normalize_or(on_face)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_picks_the_right_piece_of_two_collinear_faces() {
        // A hexagon whose left side is two collinear faces meeting at (-1, 0):
        // from (-4, -4) the nearest point is the corner (-1, -2), not the middle (-1, 0).
        let pts = [
            Vec2::new(1.0, 2.0),
            Vec2::new(-1.0, 2.0),
            Vec2::new(-1.0, 0.0),
            Vec2::new(-1.0, -2.0),
            Vec2::new(1.0, -2.0),
            Vec2::new(1.0, 0.0),
        ];
        let nrm = [
            Vec2::Y,
            Vec2::NEG_X,
            Vec2::NEG_X,
            Vec2::NEG_Y,
            Vec2::X,
            Vec2::X,
        ];
        let c = closest(
            Hull::exact(&pts, &nrm),
            0.0,
            Vec2::new(-4.0, -4.0),
            Vec2::ZERO,
        );
        assert_eq!(c.core_point, Vec2::new(-1.0, -2.0));
        assert!((c.sd - 13f32.sqrt()).abs() < 1e-6);
    }
}
