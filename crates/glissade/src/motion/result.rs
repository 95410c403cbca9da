//! What a move reports: where the body ended, its velocity, what it met and the sensors its
//! path touched.

use glam::Vec2;

use super::{Response, SensorContact};
use crate::world::Handle;

/// One collider met during a move (each at most once per move).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveContact {
    /// The collider.
    pub handle: Handle,
    /// Unit normal, world frame, from the collider toward the body.
    pub normal: Vec2,
    /// Contact point, world frame (the body's position for a body that started overlapping).
    pub point: Vec2,
    /// When, as a share of the step's time, in [0, 1] (0 for a body that started overlapping).
    pub fraction: f32,
    /// How the move responded.
    pub response: Response,
    /// The tile map cell, when the collider is a tile map.
    pub cell: Option<glam::IVec2>,
}

/// The outcome of a move. The default is a body at the world origin that met nothing, with
/// nothing left to do.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MoveResult {
    /// Final world position of the body.
    pub position: Vec2,
    /// The part of the requested motion left undone when the iterations ran out (zero
    /// otherwise), after the responses redirected it.
    pub remaining: Vec2,
    /// The velocity after the responses (the requested motion, redirected, when the move was
    /// given no velocity).
    pub velocity: Vec2,
    /// The colliders met, in the order met.
    pub contacts: Vec<MoveContact>,
    /// Whether the body started overlapping something it could not be pushed all the way
    /// out of without entering a static collider (pressed between a mover and a wall): it was
    /// pushed up to that collider, less the skin, and still overlaps what it was pushed out
    /// of. Pushes out of overlaps never enter static colliders.
    pub pinned: bool,
    /// The sensors the body's path touched this move (overlapped deeper than the tolerance
    /// somewhere between its start and its end, the path being the straight segments between
    /// its start, each stop, slide and push, and its end), in the order first touched, ties
    /// by handle; with whether it was inside each at the start and at the end. Only sensors
    /// passing the move's [filter](super::MoveConfig::filter) (its `sensors` field aside) count;
    /// empty when the world holds none.
    pub sensors: Vec<SensorContact>,
}
