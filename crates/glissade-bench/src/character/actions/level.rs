//! The level of the actions course and the settings both sides play it with: one tile map of
//! unit cells (a [`Course`] with no ramps and no stairs, so both worlds are built by the
//! character/walk code), a standing box and a crouching box, and the platformer's numbers.
//!
//! ```text
//!  y
//! 13       #
//!          #                              (tunnel ceiling, row 9: y in [8, 9])
//!  8       #                              ########
//!  7       #  ####...............................................  (upper floor, y = 7)
//!          #  ####
//!  2       #  ####          the shaft: x in [28, 30], between the hanging wall
//!             ####          (x in [27, 28], y in [2, 13]) and the tower (x in [30, 34])
//!  0 ##################################################################  (ground, y = 0)
//!    0        27  30  34                     60      68           90   x
//! ```

use glissade::character::{CharacterConfig, PlatformerConfig};
use glissade::glam::Vec2;
use glissade::{Aabb, Shape};

use crate::character::{Course, MAX_STEP_HEIGHT, SKIN, SNAP};

/// Cells across the level.
const WIDTH: u32 = 90;
/// Cells up the level.
const HEIGHT: u32 = 16;
/// The hanging wall, left side of the shaft: its column and its rows (bottom, top).
const HANGING_WALL: (u32, u32, u32) = (27, 3, 13);
/// The tower, right side of the shaft: its columns (from, to) and its top row.
const TOWER: (u32, u32, u32) = (30, 34, 7);
/// The tunnel's ceiling: its columns (from, to) and its row.
const TUNNEL: (u32, u32, u32) = (60, 68, TOWER.2 + 2);

/// Half extents of the standing character: 0.8 wide, 1.6 tall.
pub const STAND: Vec2 = Vec2::new(0.4, 0.8);
/// Half extents of the crouching character: 0.8 wide, 0.8 tall (fits the 1-high tunnel).
pub const CROUCH: Vec2 = Vec2::new(0.4, 0.4);

/// The height of the tower's top and of the upper floor (world y).
pub const UPPER_FLOOR: f32 = TOWER.2 as f32;
/// Where the shaft's tower starts (world x): past it and above [`UPPER_FLOOR`], the wall
/// jumps are done.
pub const TOWER_LEFT: f32 = TOWER.0 as f32;
/// Where the tunnel starts and ends (world x).
pub const TUNNEL_SPAN: (f32, f32) = (TUNNEL.0 as f32, TUNNEL.1 as f32);
/// The bottom of the tunnel's ceiling (world y): 1 above the upper floor.
pub const TUNNEL_CEILING: f32 = TUNNEL.2 as f32 - 1.0;

/// Length of a dash (world units).
pub const DASH_DISTANCE: f32 = 3.6;
/// Duration of a dash (seconds): 9 steps at 60 Hz, 24 units/s.
pub const DASH_TIME: f32 = 0.15;

/// The actions level as a [`Course`]: ground along the whole width, the hanging wall and the
/// tower either side of the shaft, the upper floor from the tower to the right end, the
/// tunnel's ceiling over it; the character standing on the ground at x = 3.
#[must_use]
pub fn level() -> Course {
    let mut tiles: Vec<(u32, u32)> = (0..WIDTH).map(|x| (x, 0)).collect();
    let (wall, wall_from, wall_to) = HANGING_WALL;
    tiles.extend((wall_from..=wall_to).map(|y| (wall, y)));
    let (tower_from, tower_to, top) = TOWER;
    for x in tower_from..tower_to {
        tiles.extend((1..=top).map(|y| (x, y)));
    }
    tiles.extend((tower_to..WIDTH).map(|x| (x, top)));
    let (tunnel_from, tunnel_to, ceiling) = TUNNEL;
    tiles.extend((tunnel_from..tunnel_to).map(|x| (x, ceiling)));
    let start = Vec2::new(3.0, STAND.y + 0.005);
    Course {
        map_width: WIDTH,
        map_height: HEIGHT,
        map_origin: Vec2::new(0.0, -1.0),
        tiles,
        ramps: Vec::new(),
        boxes: Vec::new(),
        stairs: Vec::new(),
        left_end: 0.0,
        right_end: WIDTH as f32,
        half_extents: STAND,
        start,
        walk_steps: 0,
    }
}

/// The platformer's numbers, in world units of one tile, both sides: run up to 15 units/s,
/// jump 13 units/s up under a gravity of 45, wall slide at 3, wall jump at 14 units/s 45° off
/// the wall, dash [`DASH_DISTANCE`] in [`DASH_TIME`], crouch to [`CROUCH`]. Bounces, coyote
/// time, jump buffering and the jump cut are off, so that the peer's hand-written actions
/// need not copy them.
#[must_use]
pub fn platformer_config() -> PlatformerConfig {
    PlatformerConfig {
        acceleration: 50.0,
        jump_speed: 13.0,
        gravity: 45.0,
        steep_gravity: 45.0,
        terminal_speed: 15.0,
        max_speed: 15.0,
        bounce_speed: 1.0e6,
        coyote_time: 0.0,
        jump_buffer: 0.0,
        jump_cut: 1.0,
        air_jumps: 0,
        wall_slide_speed: Some(3.0),
        wall_jump_speed: 14.0,
        wall_jump_angle: std::f32::consts::FRAC_PI_4,
        wall_jump_grace: 0.1,
        wall_jump_lock: 0.15,
        dash_distance: DASH_DISTANCE,
        dash_time: DASH_TIME,
        dash_cooldown: 0.3,
        air_dashes: 1,
        crouch_shape: Some(crouch_shape()),
        ..PlatformerConfig::default()
    }
}

/// The crouching shape, a box of [`CROUCH`] half extents.
///
/// # Panics
/// Never: the half extents are positive.
#[must_use]
pub fn crouch_shape() -> Shape {
    Aabb::from_half_extents(CROUCH)
        .expect("positive half extents")
        .into()
}

/// The controller under the platformer: the character/walk settings (skin, step height, snap
/// distance, 45° slopes), which rapier's controller is configured to match.
#[must_use]
pub fn character_config() -> CharacterConfig {
    CharacterConfig {
        skin: SKIN,
        max_step_height: MAX_STEP_HEIGHT,
        snap_distance: SNAP,
        ..CharacterConfig::default()
    }
}
