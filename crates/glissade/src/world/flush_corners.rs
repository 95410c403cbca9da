//! Corners hidden by a flush neighbour: a box or polygon collider whose face goes on in the
//! same line as a neighbour's (the next box of a floor, a box set into a tile floor) has a
//! corner there that no body can reach from the side it hides.
//!
//! A body gliding along such a surface, within the tolerance of its plane (touching it),
//! comes onto the next collider's corner at the corner's very edge: a round body gets the
//! corner's normal, turned from the face's by `sqrt(2·depth / r)` (0.002 rad for 5e-5 on a
//! radius of 23), and the slide along it rises off the floor; a body with flat sides may get
//! the hidden face's normal, square to the floor, and stop. The tile map hides the seams
//! between its own tiles (`tiles/seams.rs`); this hides those between separate colliders, for
//! the first contact of a sweep.

use glam::Vec2;

use super::sweep::{Found, Skip};
use super::{Geometry, QueryFilter, World};
use crate::shape::Shape;
use crate::tolerance::linear_tolerance;

/// How far past a corner, in tolerances at the corner's coordinates, a neighbour is looked
/// for: clear of the corner's own faces by more than the tolerance containment allows, and
/// small against any collider's size.
const PROBE_TOLERANCES: f32 = 8.0;

impl World {
    /// `found`, the first contact of `shape` swept from `position` by `motion`, with the
    /// normal of the face it touches when it is at a corner of a box or polygon collider
    /// whose other face there is covered by another collider the sweep could meet: the point
    /// just outside that other face, just inside the face's line, lies in the neighbour. Only
    /// a contact whose normal lies within the corner's cone of face normals (the corner's
    /// own) is changed, and only when the body reaches below the face's line by no more than
    /// the tolerance (touching it): a body riding over a step or a crest there meets the
    /// corner. Kept out of line: the sweep it ends is hot, this is looked at once per sweep.
    #[inline(never)]
    pub(crate) fn hide_flush_corner(
        &self,
        found: &mut Found,
        (shape, position, motion): (&Shape, Vec2, Vec2),
        filter: &QueryFilter,
        skip: &Skip,
    ) {
        let Some(c) = self.get(found.handle) else {
            return;
        };
        let Geometry::Shape(collider) = &c.geometry else {
            return;
        };
        // The contact point carries the rounding of world coordinates.
        let world = found.point.abs().max(c.position.abs()).max_element();
        let Some((v, (n1, n2))) = corner_at(collider, found.point - c.position, world) else {
            return;
        };
        let n = found.normal;
        // Within the corner's cone, its ends included: from n1 turning toward n2.
        let turn = n1.perp_dot(n2);
        if !(n1.perp_dot(n) * turn >= 0.0 && n.perp_dot(n2) * turn >= 0.0) {
            return;
        }
        let corner = c.position + v;
        let at = position + motion * found.fraction;
        let (lo, hi) = shape.local_bounds();
        let size = lo.abs().max(hi.abs()).max_element();
        let tol = linear_tolerance(corner.abs().max(at.abs()).max_element() + size);
        let eps = PROBE_TOLERANCES * linear_tolerance(corner.abs().max_element());
        for (face, hidden) in [(n1, n2), (n2, n1)] {
            // How far the body reaches below the face's line.
            let below = face.dot(corner - at) + shape.support(-face);
            if n == face || below > tol {
                continue;
            }
            let probe = corner + (hidden - face) * eps;
            if self.solid_at(probe, found.handle, filter, skip) {
                found.normal = face;
                return;
            }
        }
    }

    /// Whether the world point `p` lies in a collider other than `not` that blocks a sweep
    /// with `filter` and `skip` (no sensor, no one-way platform or one-way tile).
    fn solid_at(&self, p: Vec2, not: super::Handle, filter: &QueryFilter, skip: &Skip) -> bool {
        self.candidates(p, p, filter).into_iter().any(|(h, c)| {
            h != not
                && !c.sensor
                && !c.one_way
                && !skip.contains(h)
                && (!skip.kinematic || c.kind == super::BodyKind::Static)
                && match &c.geometry {
                    Geometry::Shape(s) => super::queries::box_touches(p, p, s, c.position),
                    Geometry::Tiles(t) => t.contains_point(p - c.position),
                }
        })
    }
}

/// The corner of `shape` (a box or polygon) at the local point `p`, within the tolerance of
/// coordinates of magnitude `world` (those `p` was computed from), and the outward normals of
/// its two faces there, counter-clockwise (the face ending at the corner, then the one
/// starting there); `None` when `p` is at no corner.
fn corner_at(shape: &Shape, p: Vec2, world: f32) -> Option<(Vec2, (Vec2, Vec2))> {
    let tol = linear_tolerance(p.abs().max_element().max(world));
    let near = |v: Vec2| (v - p).abs().max_element() <= tol;
    match shape {
        Shape::Aabb(b) => {
            // Which end of each axis, if any: most contacts (on a face) fail the first test.
            let (lo, hi) = (b.min(), b.max());
            let end = |p: f32, lo: f32, hi: f32| {
                if (p - lo).abs() <= tol {
                    Some(false)
                } else if (p - hi).abs() <= tol {
                    Some(true)
                } else {
                    None
                }
            };
            let (right, top) = (end(p.x, lo.x, hi.x)?, end(p.y, lo.y, hi.y)?);
            let v = Vec2::new(
                if right { hi.x } else { lo.x },
                if top { hi.y } else { lo.y },
            );
            // Counter-clockwise: the face ending at the corner, then the one starting there.
            let faces = match (right, top) {
                (false, false) => (Vec2::NEG_X, Vec2::NEG_Y),
                (true, false) => (Vec2::NEG_Y, Vec2::X),
                (true, true) => (Vec2::X, Vec2::Y),
                (false, true) => (Vec2::Y, Vec2::NEG_X),
            };
            Some((v, faces))
        }
        Shape::Polygon(poly) => {
            // The two normals of the corner found, not all of them (read from the planes).
            let vs = poly.vertices();
            let k = vs.len();
            let i = (0..k).find(|&i| near(vs[i]))?;
            let normal = |j: usize| poly.planes.normal(j);
            Some((vs[i], (normal((i + k - 1) % k), normal(i))))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{Aabb, ConvexPolygon};

    #[test]
    fn corners_come_with_the_faces_that_meet_there() {
        let b: Shape = Aabb::new(Vec2::ZERO, Vec2::new(2.0, 1.0)).unwrap().into();
        assert_eq!(
            corner_at(&b, Vec2::new(0.0, 1.0), 0.0),
            Some((Vec2::new(0.0, 1.0), (Vec2::Y, Vec2::NEG_X)))
        );
        assert_eq!(
            corner_at(&b, Vec2::new(2.0, 0.0), 0.0),
            Some((Vec2::new(2.0, 0.0), (Vec2::NEG_Y, Vec2::X)))
        );
        assert_eq!(corner_at(&b, Vec2::new(1.0, 1.0), 0.0), None);
        let tri: Shape =
            ConvexPolygon::new(&[Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(0.0, 3.0)])
                .unwrap()
                .into();
        let (v, (before, after)) = corner_at(&tri, Vec2::new(4.0, 0.0), 0.0).expect("a corner");
        assert_eq!(v, Vec2::new(4.0, 0.0));
        assert_eq!(before, Vec2::NEG_Y);
        assert!(after.abs_diff_eq(Vec2::new(0.6, 0.8), 1e-6), "{after}");
    }
}
