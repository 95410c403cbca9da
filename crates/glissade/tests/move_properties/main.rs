//! Property tests for `move_and_slide` in random 2D levels: boxes, polygons, circles, capsules
//! and segments scattered within about ±20 units (half of them near the body), plus a random
//! tile map of up to 16 × 16 unit cells (solid, slope and one-way tiles), crossed by bodies of
//! sizes 0.1 to 2 with one to three chained motions, each from zero up to 1e5 units
//! (log-uniform). Failing cases print as Rust that rebuilds them.
//!
//! Every property runs `PROPTEST_CASES` cases (10,000 when unset). After them, the failures
//! these properties found in the library, shrunk by hand and kept as regression tests: each
//! scene's comment tells what went wrong before the fix.

use std::f32::consts::{PI, TAU};

use glissade::glam::{IVec2, Vec2};
use glissade::{
    Aabb, Capsule, Circle, ColliderDesc, ConvexPolygon, Handle, MoveConfig, MoveResult,
    QueryFilter, Response, Segment, Shape, Tile, TileMap, World, distance,
    motion::DEFAULT_MAX_ITERATIONS, motion::DEFAULT_SKIN, move_and_slide, overlap, world::Geometry,
    world::WorldCastHit,
};
use proptest::prelude::*;

#[path = "../common/mod.rs"]
mod common;
use common::config;

/// Deepest overlap accepted at the end of a move, world units.
const MAX_DEPTH: f32 = 1e-4;

const SKIN: f32 = DEFAULT_SKIN;

/// 1e-4 plus the f32 resolution of coordinates of size `scale`.
fn tol(scale: f32) -> f32 {
    1e-4 + 16.0 * f32::EPSILON * scale
}

// The helpers of the properties and of the regressions, in modules of their own.
mod cases;
mod checks;
mod levels;
mod running;
use cases::*;
use checks::*;
use levels::*;
use running::*;

mod properties;
mod regressions;
