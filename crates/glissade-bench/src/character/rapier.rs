//! rapier2d's side of the character benchmark: the course as rapier colliders, the controller
//! configured like glissade's, and the walker that moves a shape with it.

use glissade::glam::Vec2;
use rapier2d::control::{CharacterAutostep, CharacterLength, KinematicCharacterController};
use rapier2d::geometry::{BroadPhaseBvh, ColliderBuilder, ColliderHandle, ColliderSet, Cuboid};
use rapier2d::math::{Pose, Vector as RVec};
use rapier2d::parry::query::DefaultQueryDispatcher;
use rapier2d::pipeline::{QueryFilter as RapierFilter, QueryPipeline};
use rapier2d::prelude::RigidBodySet;

use super::course::{Course, DT, MAX_STEP_HEIGHT, PRESS, SKIN, SNAP};
use super::walker::Walker;

/// rapier2d's world of a course: one cuboid collider per tile, one triangle collider per
/// ramp (a convex polyline, centred like glissade's), one cuboid per stair box, registered in
/// a BVH broad phase that the query pipeline reads.
pub struct RapierCourse {
    bodies: RigidBodySet,
    colliders: ColliderSet,
    broad_phase: BroadPhaseBvh,
}

impl RapierCourse {
    /// Builds the colliders and the broad phase of `course`.
    ///
    /// # Panics
    /// If a ramp is degenerate (not for [`Course::standard`]).
    #[must_use]
    pub fn new(course: &Course) -> Self {
        let bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        let mut handles: Vec<ColliderHandle> = Vec::new();
        for &(x, y) in &course.tiles {
            let c = course.map_origin + Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
            handles.push(
                colliders
                    .insert(ColliderBuilder::cuboid(0.5, 0.5).translation(RVec::new(c.x, c.y))),
            );
        }
        for i in 0..course.ramps.len() {
            let (c, local) = course.ramp_local(i);
            let points = local.iter().map(|v| RVec::new(v.x, v.y)).collect();
            let builder = ColliderBuilder::convex_polyline(points)
                .expect("a non-degenerate triangle")
                .translation(RVec::new(c.x, c.y));
            handles.push(colliders.insert(builder));
        }
        for &(min, max) in &course.boxes {
            let c = (min + max) * 0.5;
            let h = (max - min) * 0.5;
            handles.push(
                colliders
                    .insert(ColliderBuilder::cuboid(h.x, h.y).translation(RVec::new(c.x, c.y))),
            );
        }
        let broad_phase = crate::moves::rapier_broad_phase(&colliders, &bodies, &handles);
        RapierCourse {
            bodies,
            colliders,
            broad_phase,
        }
    }

    /// The query pipeline over the course (no filter).
    #[must_use]
    pub fn queries<'a>(&'a self, dispatcher: &'a DefaultQueryDispatcher) -> QueryPipeline<'a> {
        self.broad_phase.as_query_pipeline(
            dispatcher,
            &self.bodies,
            &self.colliders,
            RapierFilter::default(),
        )
    }
}

/// rapier2d's controller configured like glissade's default one: up +y, an absolute offset of
/// [`SKIN`], sliding, autostep up to [`MAX_STEP_HEIGHT`] (min width 0.05, not over dynamic
/// bodies), slopes climbable and not slid down up to 45°, snap to ground within [`SNAP`];
/// rapier's default normal nudge factor (1e-4).
#[must_use]
pub fn rapier_controller() -> KinematicCharacterController {
    KinematicCharacterController {
        up: RVec::Y,
        offset: CharacterLength::Absolute(SKIN),
        slide: true,
        autostep: Some(CharacterAutostep {
            max_height: CharacterLength::Absolute(MAX_STEP_HEIGHT),
            min_width: CharacterLength::Absolute(0.05),
            include_dynamic_bodies: false,
        }),
        max_slope_climb_angle: 45f32.to_radians(),
        min_slope_slide_angle: 45f32.to_radians(),
        snap_to_ground: Some(CharacterLength::Absolute(SNAP)),
        ..KinematicCharacterController::default()
    }
}

/// rapier2d's side: `move_shape` over the course's query pipeline, the returned translation
/// applied to the position.
pub(super) struct Peer<'a> {
    queries: QueryPipeline<'a>,
    controller: KinematicCharacterController,
    shape: Cuboid,
    pub(super) settled: (Vec2, bool),
    pos: Vec2,
}

impl<'a> Peer<'a> {
    pub(super) fn new(course: &Course, queries: QueryPipeline<'a>) -> Self {
        let mut peer = Peer {
            queries,
            controller: rapier_controller(),
            shape: Cuboid::new(RVec::new(course.half_extents.x, course.half_extents.y)),
            settled: (course.start, false),
            pos: course.start,
        };
        let grounded = peer.move_by(Vec2::new(0.0, -PRESS));
        peer.settled = (peer.pos, grounded);
        peer
    }

    fn move_by(&mut self, desired: Vec2) -> bool {
        let pose = Pose::from_translation(RVec::new(self.pos.x, self.pos.y));
        let mv = self.controller.move_shape(
            DT,
            &self.queries,
            &self.shape,
            &pose,
            RVec::new(desired.x, desired.y),
            |_| {},
        );
        self.pos += Vec2::new(mv.translation.x, mv.translation.y);
        mv.grounded
    }
}

impl Walker for Peer<'_> {
    fn reset(&mut self) {
        self.pos = self.settled.0;
    }

    fn step(&mut self, dir: f32) -> (Vec2, bool) {
        let grounded = self.move_by(Course::motion(dir));
        (self.pos, grounded)
    }
}
