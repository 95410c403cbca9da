//! rapier2d's side of the tile-floor walk: one cuboid collider per tile in a BVH broad phase,
//! and its character controller configured as a game would for walking on a floor.

use glissade::glam::Vec2;
use rapier2d::control::{CharacterLength, KinematicCharacterController};
use rapier2d::geometry::{BroadPhaseBvh, ColliderBuilder, ColliderHandle, ColliderSet, Cuboid};
use rapier2d::math::{Pose, Vector as RVec};
use rapier2d::parry::query::DefaultQueryDispatcher;
use rapier2d::pipeline::QueryFilter as RapierFilter;
use rapier2d::prelude::{IntegrationParameters, RigidBodySet};

use super::walk::{RAPIER_DEFAULT_OFFSET, TileFloor, WalkRun, walk_with};

/// The rapier2d world of a tile floor: one standalone cuboid collider per tile, registered in
/// a BVH broad phase that the query pipeline reads.
struct RapierFloor {
    bodies: RigidBodySet,
    colliders: ColliderSet,
    broad_phase: BroadPhaseBvh,
}

impl RapierFloor {
    fn new(floor: &TileFloor) -> Self {
        let bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::with_capacity(floor.tiles);
        let handles: Vec<ColliderHandle> = (0..floor.tiles)
            .map(|i| {
                colliders.insert(
                    ColliderBuilder::cuboid(0.5, 0.5).translation(RVec::new(i as f32 + 0.5, -0.5)),
                )
            })
            .collect();
        let broad_phase = rapier_broad_phase(&colliders, &bodies, &handles);
        Self {
            bodies,
            colliders,
            broad_phase,
        }
    }
}

/// A BVH broad phase holding `handles` of `colliders`, as rapier2d's query pipeline reads it.
pub(crate) fn rapier_broad_phase(
    colliders: &ColliderSet,
    bodies: &RigidBodySet,
    handles: &[ColliderHandle],
) -> BroadPhaseBvh {
    let mut broad_phase = BroadPhaseBvh::new();
    let mut events = Vec::new();
    broad_phase.update(
        &IntegrationParameters::default(),
        colliders,
        bodies,
        handles,
        &[],
        &mut events,
    );
    broad_phase
}

/// The controller as a game would configure it for walking on a floor: rapier2d's default
/// offset (1% of the character's height, 0.008 here) and normal nudge factor (1e-4),
/// `slide = true`, no autostep, **no snap to ground** (the desired motion presses the
/// character down on the floor instead), climbable slopes up to 45°, up = +y.
fn walking_controller() -> KinematicCharacterController {
    KinematicCharacterController {
        up: RVec::Y,
        offset: CharacterLength::Relative(RAPIER_DEFAULT_OFFSET),
        slide: true,
        autostep: None,
        max_slope_climb_angle: 45f32.to_radians(),
        min_slope_slide_angle: 45f32.to_radians(),
        snap_to_ground: None,
        ..KinematicCharacterController::default()
    }
}

/// rapier2d 0.36's `KinematicCharacterController::move_shape` over a `QueryPipeline` with one
/// cuboid collider per unit tile (tile i occupies x in [i, i+1], y in [-1, 0]).
///
/// The character is a cuboid of `floor.half_extents` starting at `floor.start` (resting on the
/// floor at its left end, with rapier's default offset as gap), moved by `desired` at each
/// step; the returned translation is applied to its position at each step, as a game would.
/// The controller (see `walking_controller`): default offset and normal nudge factor,
/// `slide = true`, no autostep, no snap to ground, max slope 45°, up = +y. `dt` is 1/60 (it
/// only matters for moving platforms, of which there are none).
///
/// Building the 10,000 colliders and the broad phase is not timed; timing and snags are
/// [`walk_with`]'s.
#[must_use]
pub fn walk_rapier(floor: &TileFloor) -> WalkRun {
    with_rapier_step(floor, |step| walk_with(floor, step))
}

/// Builds rapier2d's side of the scenario (outside any timing) and hands `f` the step: from a
/// position, the position after one `move_shape` of `desired`.
pub fn with_rapier_step<R>(
    floor: &TileFloor,
    f: impl FnOnce(&mut dyn FnMut(Vec2) -> Vec2) -> R,
) -> R {
    let world = RapierFloor::new(floor);
    let dispatcher = DefaultQueryDispatcher;
    let queries = world.broad_phase.as_query_pipeline(
        &dispatcher,
        &world.bodies,
        &world.colliders,
        RapierFilter::default(),
    );
    let controller = walking_controller();
    let shape = Cuboid::new(RVec::new(floor.half_extents.x, floor.half_extents.y));
    let desired = RVec::new(floor.desired.x, floor.desired.y);
    f(&mut |pos: Vec2| {
        let pose = Pose::from_translation(RVec::new(pos.x, pos.y));
        let mv = controller.move_shape(1.0 / 60.0, &queries, &shape, &pose, desired, |_| {});
        Vec2::new(pos.x + mv.translation.x, pos.y + mv.translation.y)
    })
}
