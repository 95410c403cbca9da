//! Random shapes in both libraries' representations (the same local geometry), and where
//! the inputs are placed.

use glissade::glam::Vec2;
use glissade::{Aabb, Circle, ConvexPolygon, Shape};
use parry2d::math::{Pose, Vector as PVec};
use parry2d::shape::{
    Ball, Capsule as PCapsule, ConvexPolygon as PPolygon, Cuboid, Shape as PShape,
};

use crate::rng::Rng;

/// Half size of the square in which shapes (and ray origins) are placed.
pub(super) const WORLD_HALF: f32 = 10.0;
/// Longest relative motion of a cast (and longest ray).
pub(super) const MAX_MOTION: f32 = 18.0;

/// Smallest and largest half size of a shape (sizes 0.2 to 3 units).
const HALF_SIZE: (f32, f32) = (0.1, 1.5);

#[inline]
pub(super) fn pv(p: Vec2) -> PVec {
    PVec::new(p.x, p.y)
}

#[inline]
pub(super) fn pose(p: Vec2) -> Pose {
    Pose::from_translation(pv(p))
}

/// Makes one random shape in both representations (same local geometry).
pub(super) trait ShapeGen {
    /// parry's shape type.
    type P: PShape + Clone;
    fn make(rng: &mut Rng) -> (Shape, Self::P);
}

pub(super) struct AabbGen;
impl ShapeGen for AabbGen {
    type P = Cuboid;
    fn make(rng: &mut Rng) -> (Shape, Cuboid) {
        let h = Vec2::new(
            rng.range(HALF_SIZE.0, HALF_SIZE.1),
            rng.range(HALF_SIZE.0, HALF_SIZE.1),
        );
        let b = Aabb::from_half_extents(h).expect("valid box");
        (b.into(), Cuboid::new(pv(h)))
    }
}

pub(super) struct CircleGen;
impl ShapeGen for CircleGen {
    type P = Ball;
    fn make(rng: &mut Rng) -> (Shape, Ball) {
        let r = rng.range(HALF_SIZE.0, HALF_SIZE.1);
        (Circle::new(r).expect("valid circle").into(), Ball::new(r))
    }
}

/// A capsule around a random segment through the local origin.
pub(super) struct CapsuleGen;
impl ShapeGen for CapsuleGen {
    type P = PCapsule;
    fn make(rng: &mut Rng) -> (Shape, PCapsule) {
        let half = rng.direction() * rng.range(0.1, 1.2);
        let r = rng.range(HALF_SIZE.0, 0.8);
        let c = glissade::Capsule::new(-half, half, r).expect("valid capsule");
        (c.into(), PCapsule::new(pv(-half), pv(half), r))
    }
}

/// A convex polygon of `MIN..=MAX` vertices: points of a random ellipse (semi-axes 0.1 to 1.5,
/// aspect up to about 3, random rotation, centre within 0.3 of the local origin) at jittered,
/// well separated angles. Always strictly convex; never a sliver.
pub(super) struct PolyGen<const MIN: usize, const MAX: usize>;
impl<const MIN: usize, const MAX: usize> ShapeGen for PolyGen<MIN, MAX> {
    type P = PPolygon;
    fn make(rng: &mut Rng) -> (Shape, PPolygon) {
        loop {
            let n = rng.int(MIN, MAX);
            let ax = rng.range(HALF_SIZE.0, HALF_SIZE.1);
            let ay = ax * rng.range(0.35, 1.0);
            let rot = rng.direction();
            let center = rng.in_square(0.3);
            let phase = rng.range(0.0, core::f32::consts::TAU);
            let step = core::f32::consts::TAU / n as f32;
            let pts: Vec<Vec2> = (0..n)
                .map(|k| {
                    let a = phase + (k as f32 + rng.range(-0.35, 0.35)) * step;
                    center + rot.rotate(Vec2::new(ax * a.cos(), ay * a.sin()))
                })
                .collect();
            if let Ok(p) = ConvexPolygon::new(&pts) {
                let peer = PPolygon::from_convex_polyline_unmodified(
                    p.vertices().iter().copied().map(pv).collect(),
                )
                .expect("a polygon parry accepts");
                return (p.into(), peer);
            }
        }
    }
}
