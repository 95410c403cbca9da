//! The numbers the rules are made of: the tick rate, the bodies' sizes and speeds, the
//! bullets' and the drags'. Clients are told the ones they draw with.

use glissade::glam::Vec2;

/// The size of the view a client shows, world units (across, up).
pub const VIEW: [u32; 2] = [32, 18];
/// Simulation ticks per second.
pub const TICK_HZ: u32 = 60;
/// The fixed step, seconds.
pub const DT: f32 = 1.0 / TICK_HZ as f32;
/// Half extents of a body's box in platformer and sandbox mode, world units (0.6 × 0.9).
pub const BODY_HALF_EXTENTS: Vec2 = Vec2::new(0.3, 0.45);
/// Hits an arena player takes to die.
pub const MAX_HEALTH: u32 = 3;
/// Radius of an arena player's circle, world units.
pub const ARENA_RADIUS: f32 = 0.45;
/// Speed of a top-down body, world units per second (diagonals too).
pub const TOP_DOWN_SPEED: f32 = 8.0;
/// Radius of a bullet's circle, world units.
pub const BULLET_RADIUS: f32 = 0.1;
/// Speed of a bullet, world units per second.
pub const BULLET_SPEED: f32 = 30.0;
/// Ticks between two shots of one player (0.25 s).
pub const FIRE_EVERY_TICKS: u32 = TICK_HZ / 4;
/// Ticks a bullet lives at most (2 s).
pub const BULLET_LIFE_TICKS: u32 = 2 * TICK_HZ;
/// Top speed of a dragged sandbox box, world units per second.
pub const DRAG_SPEED: f32 = 12.0;
/// How far outside the level's bounds a player may go before it is put back at a spawn point.
pub const OUT_OF_BOUNDS: f32 = 10.0;
/// The size of the broadphase cells a level's world is built with, world units (the web
/// client's debug overlay draws this grid).
pub const GRID_CELL: f32 = glissade::world::DEFAULT_CELL_SIZE;
