//! Cast cases: two shapes, both moving; the first contact along the motion.

use glissade::glam::Vec2;
use glissade::{CastResult, Shape, cast};
use parry2d::bounding_volume::Aabb as PAabb;
use parry2d::math::{Pose, Vector as PVec};
use parry2d::query::{self, ShapeCastHit, ShapeCastOptions, ShapeCastStatus, Unsupported};
use parry2d::shape::Shape as PShape;

use super::answer::Answer;
use super::shapes::{MAX_MOTION, ShapeGen, WORLD_HALF, pose, pv};
use super::suite::{Case, Describe, Query, Unshared, suite, unshared_shape};
use super::truth;
use crate::config::Config;
use crate::describe;
use crate::rng::Rng;

/// Longest motion of the second shape of a cast (the first shape's motion adds it).
const MAX_MOTION_B: f32 = 2.0;
/// Half size of the square around the target's position that cast motions aim at.
const AIM_HALF: f32 = 1.5;

/// glissade's side of a cast input.
#[derive(Clone)]
pub struct OursCast {
    pub(super) a: Shape,
    pub(super) start_a: Vec2,
    pub(super) motion_a: Vec2,
    pub(super) b: Shape,
    pub(super) start_b: Vec2,
    pub(super) motion_b: Vec2,
}

/// parry's side of a cast input.
#[derive(Clone)]
pub struct PeerCast<A, B> {
    a: A,
    pose_a: Pose,
    vel_a: PVec,
    b: B,
    pose_b: Pose,
    vel_b: PVec,
    /// The shapes' local boxes, kept for the box-first path as glissade's shapes keep theirs.
    boxes: (PAabb, PAabb),
}

impl Unshared for OursCast {
    fn unshared(&self) -> Self {
        OursCast {
            a: unshared_shape(&self.a),
            b: unshared_shape(&self.b),
            ..*self
        }
    }
}

impl<A: Clone, B: Clone> Unshared for PeerCast<A, B> {}

impl Query for OursCast {
    type Raw = CastResult;
    #[inline]
    fn run(&self) -> CastResult {
        cast(
            &self.a,
            self.start_a,
            self.motion_a,
            &self.b,
            self.start_b,
            self.motion_b,
        )
    }
    #[inline]
    fn answer(raw: CastResult) -> Answer {
        match raw {
            CastResult::Miss => Answer::Miss,
            CastResult::Hit(h) => Answer::Hit(h.fraction),
            CastResult::Overlapping(p) => Answer::Overlapping(p.depth),
        }
    }
}

/// parry's options: the motion is the velocity over one unit of time; stop at a starting
/// overlap (reported with time of impact 0).
fn cast_options() -> ShapeCastOptions {
    ShapeCastOptions {
        max_time_of_impact: 1.0,
        stop_at_penetration: true,
        ..ShapeCastOptions::default()
    }
}

impl<A: PShape, B: PShape> Query for PeerCast<A, B> {
    type Raw = Result<Option<ShapeCastHit>, Unsupported>;
    #[inline]
    fn run(&self) -> Self::Raw {
        query::cast_shapes(
            &self.pose_a,
            self.vel_a,
            &self.a,
            &self.pose_b,
            self.vel_b,
            &self.b,
            cast_options(),
        )
    }
    #[inline]
    fn answer(raw: Self::Raw) -> Answer {
        match raw {
            Ok(None) => Answer::Miss,
            Ok(Some(h)) if h.status == ShapeCastStatus::PenetratingOrWithinTargetDist => {
                Answer::Overlapping(f32::NAN)
            }
            Ok(Some(h)) => Answer::Hit(h.time_of_impact),
            Err(Unsupported) => Answer::Unsupported,
        }
    }
    const BOXED: bool = true;
    /// parry2d's own swept box test first (`Aabb::intersects_moving_aabb`, B's box still and
    /// A's moving by the relative motion), then the cast.
    #[inline]
    fn run_boxed(&self) -> Self::Raw {
        let a = self.boxes.0.translated(self.pose_a.translation);
        let b = self.boxes.1.translated(self.pose_b.translation);
        if !b.intersects_moving_aabb(&a, self.vel_a - self.vel_b) {
            return Ok(None);
        }
        self.run()
    }
}

impl Describe for OursCast {
    fn describe(&self) -> String {
        format!(
            "a={} start_a={} motion_a={} b={} start_b={} motion_b={}",
            describe::shape(&self.a),
            describe::v(self.start_a),
            describe::v(self.motion_a),
            describe::shape(&self.b),
            describe::v(self.start_b),
            describe::v(self.motion_b),
        )
    }

    fn reference(&self) -> Answer {
        truth::cast(
            &self.a,
            self.start_a,
            self.motion_a,
            &self.b,
            self.start_b,
            self.motion_b,
        )
    }
}

/// Both shapes anywhere in the world square; `b` drifts a little, and the relative motion aims
/// at a point near `b`, with a length from 0 to [`MAX_MOTION`].
pub(super) fn cast_suite<GA: ShapeGen, GB: ShapeGen>(
    name: &'static str,
    salt: u64,
    cfg: &Config,
) -> Box<dyn Case> {
    let (ours, peer) = cast_inputs::<GA, GB>(salt, cfg);
    suite(name, ours, peer, cfg)
}

/// Both sides' inputs of a cast case, in the same order.
pub(super) type CastInputs<A, B> = (Vec<OursCast>, Vec<PeerCast<A, B>>);

/// Both sides' inputs of a cast case (see [`cast_suite`]).
pub(super) fn cast_inputs<GA: ShapeGen, GB: ShapeGen>(
    salt: u64,
    cfg: &Config,
) -> CastInputs<GA::P, GB::P> {
    let mut rng = Rng::new(cfg.seed).fork(salt);
    let (mut ours, mut peer) = (Vec::new(), Vec::new());
    for _ in 0..cfg.check_len {
        let (a, pa) = GA::make(&mut rng);
        let (b, pb) = GB::make(&mut rng);
        let start_a = rng.in_square(WORLD_HALF);
        let start_b = rng.in_square(WORLD_HALF);
        let aim = start_b + rng.in_square(AIM_HALF);
        let rel = (aim - start_a).normalize_or(Vec2::X) * rng.range(0.0, MAX_MOTION);
        let motion_b = rng.direction() * rng.range(0.0, MAX_MOTION_B);
        let motion_a = rel + motion_b;
        ours.push(OursCast {
            a,
            start_a,
            motion_a,
            b,
            start_b,
            motion_b,
        });
        let boxes = (pa.compute_local_aabb(), pb.compute_local_aabb());
        peer.push(PeerCast {
            a: pa,
            pose_a: pose(start_a),
            vel_a: pv(motion_a),
            b: pb,
            pose_b: pose(start_b),
            vel_b: pv(motion_b),
            boxes,
        });
    }
    (ours, peer)
}
