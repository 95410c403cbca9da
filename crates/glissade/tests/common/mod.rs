//! What the test files share. Each test file is its own crate and uses only some of it.
#![allow(dead_code)]

use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, Handle, PlatformerInput, QueryFilter, Tile, TileMap, World};
use glissade_rng::SplitMix64;
use proptest::prelude::ProptestConfig;

/// `PROPTEST_CASES` cases (10,000 when unset), no failure files.
pub fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000u32);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// [`config`] with a `divisor`-th of its cases (at least one), for properties whose every
/// case does the work of many. Given to the `proptest!` macro it divides only the cases of a
/// run without `PROPTEST_CASES`: the macro sets any configuration's cases to that variable
/// when it is set (as in `.ci/run`, 10,000), so there every case runs. A test that must run
/// fewer there makes its own `TestRunner` (see `tests/parallel.rs`).
pub fn config_divided(divisor: u32) -> ProptestConfig {
    let base = config();
    ProptestConfig {
        cases: (base.cases / divisor).max(1),
        ..base
    }
}

/// Whether the shape of collider `h` overlaps anything but itself deeper than the tolerance
/// (sensors are never seen by the default filter; one-way platforms are).
pub fn overlaps(world: &World, h: Handle) -> bool {
    let c = world.get(h).expect("a live collider");
    let own = [h];
    !world
        .overlap_shape(
            c.shape().expect("a shape, not a tile map"),
            c.position(),
            &QueryFilter::default().excluding(&own),
        )
        .is_empty()
}

/// A seeded `side × side` map of unit cells: the tile at `(x, y)` is `tile(x, y, border, p)`,
/// `border` whether the cell is on the map's edge and `p` a number in [0, 1) drawn from `rng`
/// for each cell, row by row from the bottom.
pub fn seeded_map(
    rng: &mut SplitMix64,
    side: u32,
    tile: impl Fn(u32, u32, bool, f32) -> Tile,
) -> TileMap {
    let mut map = TileMap::new(side, side, 1.0).expect("a valid map");
    for y in 0..side {
        for x in 0..side {
            let border = x == 0 || y == 0 || x == side - 1 || y == side - 1;
            let p = rng.unit() as f32;
            map.set(x, y, tile(x, y, border, p))
                .expect("inside the map");
        }
    }
    map
}

/// A point or vector in world units, y up.
pub fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// The world position (world units) of live collider `h`.
pub fn pos(world: &World, h: Handle) -> Vec2 {
    world.get(h).expect("a live collider").position()
}

/// Adds a static box from corner `lo` to corner `hi` (world units, `lo` below and left of
/// `hi`) at the origin; its handle.
pub fn static_box(world: &mut World, lo: Vec2, hi: Vec2) -> Handle {
    world
        .add(ColliderDesc::new(
            Aabb::new(lo, hi).expect("a valid box"),
            Vec2::ZERO,
        ))
        .expect("a finite position")
}

/// A long static floor, top at y = 0 from x = -10 to 200, and a kinematic 0.8 × 0.8 box
/// standing on it at x = 0 (its bottom at 0.01, a skin above):
/// ```text
///  □
/// ##########################   from x = -10 to 200
/// ```
pub fn floor_scene() -> (World, Handle) {
    let mut world = World::new();
    static_box(&mut world, v(-10.0, -1.0), v(200.0, 0.0));
    let body = world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(v(0.4, 0.4)).expect("positive half extents"),
                v(0.0, 0.41),
            )
            .kinematic(),
        )
        .expect("a finite position");
    (world, body)
}

/// Platformer buttons for one update: nothing held.
pub const NOTHING: PlatformerInput = PlatformerInput::NONE;
/// Left alone held.
pub const LEFT: PlatformerInput = PlatformerInput {
    left: true,
    ..PlatformerInput::NONE
};
/// Right alone held.
pub const RIGHT: PlatformerInput = PlatformerInput {
    right: true,
    ..PlatformerInput::NONE
};
/// Jump alone held.
pub const JUMP: PlatformerInput = PlatformerInput {
    jump: true,
    ..PlatformerInput::NONE
};
/// Up alone held (climbing).
pub const UP: PlatformerInput = PlatformerInput {
    up: true,
    ..PlatformerInput::NONE
};
/// Down alone held (climbing down, dropping through one-way platforms).
pub const DOWN: PlatformerInput = PlatformerInput {
    down: true,
    ..PlatformerInput::NONE
};
/// Dash alone held.
pub const DASH: PlatformerInput = PlatformerInput {
    dash: true,
    ..PlatformerInput::NONE
};
/// Crouch alone held.
pub const CROUCH: PlatformerInput = PlatformerInput {
    crouch: true,
    ..PlatformerInput::NONE
};
