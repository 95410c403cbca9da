//! Bodies in a gap their own width. No place leaves them a skin from both sides, so a body a
//! hair into one side is pushed out of it until it touches, and the skin is added only as far
//! as the other side allows: it ends touching both, never a skin into the far side (which
//! the next move would push it back out of, a skin into the first: a jitter).

use glissade::glam::Vec2;
use glissade::{
    Aabb, ColliderDesc, ConvexPolygon, MoveConfig, QueryFilter, Shape, TileMap, World,
    move_and_slide,
};
use proptest::prelude::*;

mod common;

/// Deepest overlap a move may end in: well below the default skin.
const MAX_DEPTH: f32 = 1e-4;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// The deepest overlap of `body` at `at` in `world`.
fn depth(world: &World, body: &Shape, at: Vec2) -> f32 {
    world
        .overlap_shape(body, at, &QueryFilter::default())
        .iter()
        .map(|o| o.depth)
        .fold(0.0, f32::max)
}

fn moved(world: &mut World, body: &Shape, at: Vec2, motion: Vec2) -> Vec2 {
    move_and_slide(world, (body.clone(), at), motion, &MoveConfig::default())
        .expect("a valid move")
        .position
}

#[test]
fn a_box_in_a_shaft_its_own_width_ends_touching_both_sides() {
    //   y
    //  12  #.#     a shaft one tile wide (x from 1 to 2, the map at the origin), and a box
    //  11  #.#     1 wide and 0.25 tall in it, 1.4e-5 into the left side: pushed right by
    //  10  #.#     the hair it is in, it touches the right side, and the skin it would add
    //              beyond that is not free, so it stays there (x = 1.5), clear of both
    let mut world = World::new();
    let map = TileMap::from_rows(&["#.#"; 13], 1.0).unwrap();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let body: Shape = Aabb::from_half_extents(v(0.5, 0.125)).unwrap().into();
    let start = v(1.5 - 1.4e-5, 11.0);
    assert!(
        depth(&world, &body, start) > 1e-5,
        "starts a hair into the left side"
    );
    let end = moved(&mut world, &body, start, Vec2::ZERO);
    assert!((end.x - 1.5).abs() < 1e-5, "ends at {end}");
    assert!(
        depth(&world, &body, end) <= MAX_DEPTH,
        "ends inside at {end}"
    );
    // Falling down the shaft from there: it stays put across, never into either side.
    let mut at = end;
    for _ in 0..20 {
        at = moved(&mut world, &body, at, v(0.0, -0.3));
        assert!(
            depth(&world, &body, at) <= MAX_DEPTH,
            "falls into a side at {at}"
        );
        assert!((at.x - 1.5).abs() < 1e-4, "jitters across to {at}");
    }
}

#[test]
fn a_push_out_of_the_floor_beside_a_slope_keeps_its_skin() {
    // Cells 0.37 wide, the map's origin at (0.03125, 0.859375); rows top first:
    //
    //   .=.../.#
    //   .#=.\.\.
    //   .#...=..
    //   .#\..\.#      a small triangle stands 2.7e-5 into the top of the `#` at (5, 3),
    //   /#.\###.      at the foot of the `\` slope at (5, 4) above and left of it
    //   /\.#\.#\
    //   ##...#..
    //   ..#./...
    //
    // Pushed up out of the floor, the skin beyond the way out sweeps along the slope's foot,
    // which stands across the push's way rather than against it (its normal is square to the
    // skin's direction or turned with it): the skin is taken in full. Stopped there, exactly
    // on the floor with no skin, the next move would pass into the floor (a move starting
    // touching is fragile). Both moves end clear, and the first slides.
    let rows = [
        ".=.../.#",
        ".#=.\\.\\.",
        ".#...=..",
        ".#\\..\\.#",
        "/#.\\###.",
        "/\\.#\\.#\\",
        "##...#..",
        "..#./...",
    ];
    let mut world = World::new();
    let map = TileMap::from_rows(&rows, 0.37).unwrap();
    world
        .add(ColliderDesc::tiles(map, v(0.03125, 0.859375)))
        .unwrap();
    let body: Shape = ConvexPolygon::new(&[
        Vec2::ZERO,
        v(-0.057_631_76, -0.016_720_327),
        v(-0.127_684_97, -0.053_514_194),
    ])
    .unwrap()
    .into();
    let start = v(2.378_916_3, 2.392_862);
    assert!(
        depth(&world, &body, start) > 1e-5,
        "starts a hair into the floor"
    );
    let motion = v(-0.011_260_639, -0.007_205_067_7);
    let first = move_and_slide(
        &mut world,
        (body.clone(), start),
        motion,
        &MoveConfig::default(),
    )
    .expect("a valid move");
    assert!(
        depth(&world, &body, first.position) <= MAX_DEPTH,
        "{first:?}"
    );
    assert!(
        first.remaining.length() < 1e-4,
        "stuck with {} left",
        first.remaining
    );
    let second = moved(&mut world, &body, first.position, motion * 0.5);
    assert!(
        depth(&world, &body, second) <= MAX_DEPTH,
        "ends inside at {second}"
    );
}

proptest! {
    #![proptest_config(common::config())]

    /// A box between two walls exactly its width apart (tiles of its width, or two boxes),
    /// anywhere on the plane, starting a hair into either wall, never ends a move inside
    /// either, whatever the motion.
    #[test]
    fn a_box_wedged_between_walls_never_ends_inside_one(
        width in 0.25f32..3.0,
        height in 0.05f32..0.5,
        origin in (-500.0f32..500.0, -500.0f32..500.0),
        hair in -3e-5f32..3e-5,
        motion in (-0.5f32..0.5, -0.5f32..0.5),
        tiles in any::<bool>(),
    ) {
        let mut world = World::new();
        let (left, right) = (origin.0, origin.0 + 2.0 * width);
        if tiles {
            // A shaft one cell wide, cells as wide as the box, the shaft's left side at
            // `left + width`.
            let map = TileMap::from_rows(&["#.#"; 5], width).unwrap();
            world.add(ColliderDesc::tiles(map, v(left, origin.1 - 2.5 * width))).unwrap();
        } else {
            let wall: Shape = Aabb::from_half_extents(v(width * 0.5, 3.0 * width)).unwrap().into();
            world.add(ColliderDesc::new(wall.clone(), v(left + 0.5 * width, origin.1))).unwrap();
            world.add(ColliderDesc::new(wall, v(right + 0.5 * width, origin.1))).unwrap();
        }
        let body: Shape = Aabb::from_half_extents(v(0.5 * width, height * width)).unwrap().into();
        let start = v(left + 1.5 * width + hair, origin.1);
        let mut at = start;
        for (k, m) in [Vec2::ZERO, v(motion.0, motion.1) * width, v(0.0, motion.1) * width]
            .into_iter()
            .enumerate()
        {
            at = moved(&mut world, &body, at, m);
            let d = depth(&world, &body, at);
            prop_assert!(d <= MAX_DEPTH, "from {} ends {} deep at {}", start, d, at);
            // Standing still, it ends where it touches both sides (a skin, 0.01, off that
            // would be a skin into one), give or take the rounding of its place.
            if k == 0 {
                prop_assert!((at.x - (left + 1.5 * width)).abs() < 1e-3, "ends at {}", at);
            }
        }
    }
}
