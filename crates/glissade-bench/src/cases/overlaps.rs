//! Overlap cases: two shapes near each other; whether they overlap, and how deep.

use glissade::glam::Vec2;
use glissade::{Penetration, Shape, overlap};
use parry2d::bounding_volume::{Aabb as PAabb, BoundingVolume};
use parry2d::math::Pose;
use parry2d::query::{self, Contact, Unsupported};
use parry2d::shape::Shape as PShape;

use super::answer::Answer;
use super::shapes::{ShapeGen, WORLD_HALF, pose};
use super::suite::{Case, Describe, Query, Unshared, suite, unshared_shape};
use super::truth;
use crate::config::Config;
use crate::describe;
use crate::rng::Rng;

/// Half size of the square of offsets between the two shapes of an overlap case.
const OVERLAP_HALF: f32 = 1.5;

/// glissade's side of an overlap input.
#[derive(Clone)]
pub struct OursOverlap {
    a: Shape,
    pos_a: Vec2,
    b: Shape,
    pos_b: Vec2,
}

/// parry's side of an overlap input.
#[derive(Clone)]
pub struct PeerOverlap<A, B> {
    a: A,
    pose_a: Pose,
    b: B,
    pose_b: Pose,
    /// The shapes' local boxes, kept for the box-first path as glissade's shapes keep theirs.
    boxes: (PAabb, PAabb),
}

impl Unshared for OursOverlap {
    fn unshared(&self) -> Self {
        OursOverlap {
            a: unshared_shape(&self.a),
            b: unshared_shape(&self.b),
            ..*self
        }
    }
}

impl<A: Clone, B: Clone> Unshared for PeerOverlap<A, B> {}

impl Query for OursOverlap {
    type Raw = Option<Penetration>;
    #[inline]
    fn run(&self) -> Option<Penetration> {
        overlap(&self.a, self.pos_a, &self.b, self.pos_b)
    }
    #[inline]
    fn answer(raw: Option<Penetration>) -> Answer {
        raw.map_or(Answer::Miss, |p| Answer::Overlapping(p.depth))
    }
}

impl<A: PShape, B: PShape> Query for PeerOverlap<A, B> {
    type Raw = Result<Option<Contact>, Unsupported>;
    #[inline]
    fn run(&self) -> Self::Raw {
        query::contact(&self.pose_a, &self.a, &self.pose_b, &self.b, 0.0)
    }
    #[inline]
    fn answer(raw: Self::Raw) -> Answer {
        match raw {
            Ok(Some(c)) if c.dist < 0.0 => Answer::Overlapping(-c.dist),
            Ok(_) => Answer::Miss,
            Err(Unsupported) => Answer::Unsupported,
        }
    }
    const BOXED: bool = true;
    /// parry2d's box overlap test first (`BoundingVolume::intersects` of the boxes placed),
    /// then the contact.
    #[inline]
    fn run_boxed(&self) -> Self::Raw {
        let a = self.boxes.0.translated(self.pose_a.translation);
        let b = self.boxes.1.translated(self.pose_b.translation);
        if !a.intersects(&b) {
            return Ok(None);
        }
        self.run()
    }
}

impl Describe for OursOverlap {
    fn describe(&self) -> String {
        format!(
            "a={} pos_a={} b={} pos_b={}",
            describe::shape(&self.a),
            describe::v(self.pos_a),
            describe::shape(&self.b),
            describe::v(self.pos_b),
        )
    }

    fn reference(&self) -> Answer {
        truth::overlap(&self.a, self.pos_a, &self.b, self.pos_b)
    }
}

/// `a` anywhere in the world square, `b` within [`OVERLAP_HALF`] of it on each axis.
pub(super) fn overlap_suite<GA: ShapeGen, GB: ShapeGen>(
    name: &'static str,
    salt: u64,
    cfg: &Config,
) -> Box<dyn Case> {
    let mut rng = Rng::new(cfg.seed).fork(salt);
    let (mut ours, mut peer) = (Vec::new(), Vec::new());
    for _ in 0..cfg.check_len {
        let (a, pa) = GA::make(&mut rng);
        let (b, pb) = GB::make(&mut rng);
        let pos_a = rng.in_square(WORLD_HALF);
        let pos_b = pos_a + rng.in_square(OVERLAP_HALF);
        ours.push(OursOverlap { a, pos_a, b, pos_b });
        peer.push(PeerOverlap {
            boxes: (pa.compute_local_aabb(), pb.compute_local_aabb()),
            a: pa,
            pose_a: pose(pos_a),
            b: pb,
            pose_b: pose(pos_b),
        });
    }
    suite(name, ours, peer, cfg)
}

// ---------------------------------------------------------------------------------------------
