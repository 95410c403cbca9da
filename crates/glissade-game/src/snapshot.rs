//! The game as it stands after a tick, in plain values: what a server sends its clients and
//! what a replay writes.

use glissade::character::{Animation, Facing};
use glissade::glam::Vec2;

/// One player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerView {
    /// The player's id.
    pub id: u32,
    /// Position (its shape's centre), world units.
    pub position: Vec2,
    /// Velocity, world units per second.
    pub velocity: Vec2,
    /// Standing on ground (platformer mode).
    pub grounded: bool,
    /// What the character is doing and which way it faces, as the library's platformer tells
    /// it (platformer mode, after its first tick; `None` otherwise).
    pub pose: Option<(Animation, Facing)>,
}

/// One bullet in flight (arena).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BulletView {
    /// The bullet's id.
    pub id: u32,
    /// The shooter's id.
    pub owner: u32,
    /// Centre, world units.
    pub position: Vec2,
    /// Velocity, world units per second.
    pub velocity: Vec2,
}

/// One player's score and health (arena).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreView {
    /// The player's id.
    pub id: u32,
    /// Kills scored this round.
    pub score: u32,
    /// Hits left before dying.
    pub health: u32,
    /// Whether hits do nothing to it now (just after a respawn).
    pub invulnerable: bool,
    /// Deaths.
    pub deaths: u32,
}

/// One movable box (sandbox).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxView {
    /// The index of its wall in the level.
    pub wall: u32,
    /// Centre, world units.
    pub position: Vec2,
    /// Half extents, world units.
    pub half: Vec2,
}

/// Everything, after `tick` ticks. Its lists are refilled in place, so one snapshot can be
/// reused every tick without allocating.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Snapshot {
    /// Ticks run.
    pub tick: u64,
    /// Every player, by id.
    pub players: Vec<PlayerView>,
    /// Every moving platform's position, in the level's order.
    pub platforms: Vec<Vec2>,
    /// Every bullet in flight, oldest first (arena).
    pub bullets: Vec<BulletView>,
    /// Every player's score, by id (arena only; empty in the other modes).
    pub scores: Vec<ScoreView>,
    /// Every movable box, in the level's order (sandbox).
    pub boxes: Vec<BoxView>,
}

impl Snapshot {
    /// The player `id`, if it is there.
    #[must_use]
    pub fn player(&self, id: u32) -> Option<&PlayerView> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The score of player `id` (arena), if it is there.
    #[must_use]
    pub fn score(&self, id: u32) -> Option<u32> {
        self.scores.iter().find(|s| s.id == id).map(|s| s.score)
    }
}
