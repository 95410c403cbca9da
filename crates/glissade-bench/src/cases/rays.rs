//! Ray cases: a ray from a point against one shape.

use glissade::glam::Vec2;
use glissade::{RayHit, Shape, raycast};
use parry2d::bounding_volume::Aabb as PAabb;
use parry2d::math::Pose;
use parry2d::query::{Ray, RayCast};

use super::answer::Answer;
use super::shapes::{MAX_MOTION, ShapeGen, WORLD_HALF, pose, pv};
use super::suite::{Case, Describe, Query, Unshared, suite, unshared_shape};
use super::truth;
use crate::config::Config;
use crate::describe;
use crate::rng::Rng;

/// Half size of the square around the shape's position that rays aim at (a ray meets a
/// single shape, smaller than the Minkowski difference a cast meets).
const RAY_AIM_HALF: f32 = 0.8;

/// glissade's side of a ray input.
#[derive(Clone)]
pub struct OursRay {
    shape: Shape,
    pos: Vec2,
    origin: Vec2,
    dir: Vec2,
}

/// parry's side of a ray input.
#[derive(Clone)]
pub struct PeerRay<P> {
    shape: P,
    pose: Pose,
    ray: Ray,
    /// The shape's local box, kept for the box-first path as glissade's shapes keep theirs.
    local_box: PAabb,
}

/// Rays are cast up to one length of their direction.
const RAY_MAX: f32 = 1.0;

impl Unshared for OursRay {
    fn unshared(&self) -> Self {
        OursRay {
            shape: unshared_shape(&self.shape),
            ..*self
        }
    }
}

impl<P: Clone> Unshared for PeerRay<P> {}

impl Query for OursRay {
    type Raw = Option<RayHit>;
    #[inline]
    fn run(&self) -> Option<RayHit> {
        raycast(&self.shape, self.pos, self.origin, self.dir, RAY_MAX)
    }
    #[inline]
    fn answer(raw: Option<RayHit>) -> Answer {
        raw.map_or(Answer::Miss, |h| Answer::Hit(h.fraction))
    }
}

impl<P: RayCast> Query for PeerRay<P> {
    type Raw = Option<f32>;
    #[inline]
    fn run(&self) -> Option<f32> {
        self.shape.cast_ray(&self.pose, &self.ray, RAY_MAX, true)
    }
    const BOXED: bool = true;
    /// parry2d's ray test on the shape's box first (`Aabb::intersects_ray`), then the cast.
    #[inline]
    fn run_boxed(&self) -> Option<f32> {
        if !self
            .local_box
            .intersects_ray(&self.pose, &self.ray, RAY_MAX)
        {
            return None;
        }
        self.run()
    }
    #[inline]
    fn answer(raw: Option<f32>) -> Answer {
        raw.map_or(Answer::Miss, Answer::Hit)
    }
}

impl Describe for OursRay {
    fn describe(&self) -> String {
        format!(
            "shape={} pos={} origin={} direction={} max_fraction={RAY_MAX:?}",
            describe::shape(&self.shape),
            describe::v(self.pos),
            describe::v(self.origin),
            describe::v(self.dir),
        )
    }

    fn reference(&self) -> Answer {
        truth::ray(&self.shape, self.pos, self.origin, self.dir, RAY_MAX)
    }
}

/// The shape anywhere in the world square, the origin too; the ray aims near the shape with a
/// length from 0 to [`MAX_MOTION`].
pub(super) fn ray_suite<G: ShapeGen>(name: &'static str, salt: u64, cfg: &Config) -> Box<dyn Case>
where
    G::P: RayCast,
{
    let mut rng = Rng::new(cfg.seed).fork(salt);
    let (mut ours, mut peer) = (Vec::new(), Vec::new());
    for _ in 0..cfg.check_len {
        let (shape, p) = G::make(&mut rng);
        let pos = rng.in_square(WORLD_HALF);
        let origin = rng.in_square(WORLD_HALF);
        let aim = pos + rng.in_square(RAY_AIM_HALF);
        let dir = (aim - origin).normalize_or(Vec2::X) * rng.range(0.0, MAX_MOTION);
        ours.push(OursRay {
            shape,
            pos,
            origin,
            dir,
        });
        peer.push(PeerRay {
            local_box: parry2d::shape::Shape::compute_local_aabb(&p),
            shape: p,
            pose: pose(pos),
            ray: Ray::new(pv(origin), pv(dir)),
        });
    }
    suite(name, ours, peer, cfg)
}

// ---------------------------------------------------------------------------------------------
