//! glissade's side of the tile-floor walk: the floor as one tile map, walked with
//! `move_and_slide`.

use glissade::glam::Vec2;
use glissade::{
    Aabb, ColliderDesc, MoveConfig, Shape, Tile, TileMap, World, motion::MoveStrategy,
    move_and_slide,
};

use super::walk::{TileFloor, WalkRun, walk_with};

/// The same floor for glissade: one [`TileMap`] of `tiles × 1` solid cells with its top at
/// y = 0 (a tile map is how a game gives glissade a tile floor: one collider, walked cell by
/// cell, with no faces between tiles).
#[must_use]
pub fn glissade_floor(floor: &TileFloor) -> World {
    let width = u32::try_from(floor.tiles).unwrap_or(u32::MAX);
    let mut map = TileMap::new(width, 1, 1.0).expect("a non-empty map of unit cells is valid");
    for x in 0..width {
        map.set(x, 0, Tile::Solid).expect("x is inside the map");
    }
    let mut world = World::new();
    world
        .add(ColliderDesc::tiles(map, Vec2::new(0.0, -1.0)))
        .expect("a finite origin is valid");
    world
}

/// glissade's `move_and_slide` walking the floor with `strategy` (default skin 0.01); the body
/// is a shape (not a collider), like rapier's `move_shape`.
#[must_use]
pub fn walk_glissade(floor: &TileFloor, strategy: MoveStrategy) -> WalkRun {
    let mut world = glissade_floor(floor);
    let shape: Shape = Aabb::from_half_extents(floor.half_extents)
        .expect("positive half extents")
        .into();
    let config = MoveConfig::default().with_strategy(strategy);
    let desired = floor.desired;
    walk_with(floor, |pos| {
        move_and_slide(&mut world, (shape.clone(), pos), desired, &config)
            .map_or(pos, |r| r.position)
    })
}
