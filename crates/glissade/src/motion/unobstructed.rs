//! A move that meets nothing: the whole motion made, as the move through the world would
//! make it, without its sweep. A crowd moving through open space is mostly such moves; the
//! world decides cheaply that a sweep would meet nothing
//! ([`World::sweep_meets_nothing`](crate::world::World)), and the result is written here.

use glam::Vec2;

use super::{MoveConfig, MoveError, MoveResult, MoveStrategy, check_start, check_vector};
use crate::world::World;

/// Whether [`unobstructed_move`] gives what
/// [`plan_move_with_planes`](super::plan_move_with_planes) gives (with no planes and no hook)
/// when the world's first sweep meets nothing: `config` is valid, casts exactly and sweeps at
/// least once, and `world` holds no sensor (no path to report).
pub(crate) fn unobstructed_moves_apply(config: &MoveConfig, world: &World) -> bool {
    config.validate().is_ok()
        && config.strategy == MoveStrategy::Exact
        && config.max_iterations >= 1
        && !world.has_sensors()
}

/// [`plan_move_with_planes`](super::plan_move_with_planes) of a move whose first sweep meets
/// nothing, where [`unobstructed_moves_apply`]: the same checks of the same numbers, then the
/// whole motion made (`position + motion`, as the move adds it), nothing left, the velocity
/// kept.
#[inline]
pub(crate) fn unobstructed_move(
    position: Vec2,
    motion: Vec2,
    velocity: Vec2,
) -> Result<MoveResult, MoveError> {
    check_start(position, motion, velocity)?;
    let to = position + motion;
    check_vector("position after the move", to)?;
    Ok(MoveResult {
        position: to,
        remaining: Vec2::ZERO,
        velocity,
        contacts: Vec::new(),
        pinned: false,
        sensors: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    use super::*;
    use crate::motion::plan_move_with_planes;
    use crate::shape::{Aabb, Capsule, Circle, ConvexPolygon, Shape};
    use crate::world::{
        ColliderDesc, Handle, QueryFilter, Skip, Tile, TileMap, no_slot_bits, set_live_slot_bit,
    };

    /// A small level: a 16 × 16 map of unit tiles (each set with the chance `density`, of any
    /// kind) whose origin is `origin`, static shapes, one static box large enough for the
    /// grid's list of large colliders, and kinematic boxes; the moving body is the first of
    /// those.
    #[derive(Debug, Clone)]
    struct Level {
        origin: Vec2,
        tiles: Vec<(u32, u32, u8)>,
        statics: Vec<(Shape, Vec2)>,
        large_at: Option<Vec2>,
        bodies: Vec<Vec2>,
    }

    /// A size: quarter units half of the time (faces on the lattice of [`place`]).
    fn size() -> impl Strategy<Value = f32> + Clone {
        prop_oneof![(1i32..=4).prop_map(|k| k as f32 * 0.25), 0.1f32..1.2]
    }

    fn shape() -> impl Strategy<Value = Shape> {
        let size = size();
        prop_oneof![
            (size.clone(), size.clone()).prop_map(|(w, h)| Aabb::from_half_extents(Vec2::new(
                w, h
            ))
            .expect("positive")
            .into()),
            size.clone()
                .prop_map(|r| Circle::new(r).expect("positive").into()),
            (3usize..=8, size.clone(), 0.0f32..6.3).prop_map(|(n, r, a)| {
                ConvexPolygon::regular(n, r, a).expect("positive").into()
            }),
            (size.clone(), size).prop_map(|(l, r)| Capsule::new(
                Vec2::new(-l, 0.0),
                Vec2::new(l, 0.0),
                r * 0.5
            )
            .expect("valid")
            .into()),
        ]
    }

    /// A place in and around the map: on a lattice of quarter units (faces that touch tiles
    /// and boxes exactly), a hair off it (apart by less than the tolerance, or by a little
    /// more), or anywhere.
    fn place() -> impl Strategy<Value = Vec2> {
        let lattice =
            (-8i32..72, -8i32..72).prop_map(|(x, y)| Vec2::new(x as f32, y as f32) * 0.25);
        let hair = prop_oneof![
            Just(2e-6f32),
            Just(-2e-6),
            Just(6e-6),
            Just(-6e-6),
            Just(3e-5)
        ];
        prop_oneof![
            lattice.clone(),
            (lattice, hair, any::<bool>()).prop_map(|(p, h, along_x)| if along_x {
                p + Vec2::new(h, 0.0)
            } else {
                p + Vec2::new(0.0, h)
            }),
            (-2.0f32..18.0, -2.0f32..18.0).prop_map(|(x, y)| Vec2::new(x, y)),
        ]
    }

    fn level() -> impl Strategy<Value = Level> {
        (
            prop_oneof![Just(Vec2::ZERO), Just(Vec2::new(-0.5, 0.75))],
            prop::collection::vec((0u32..16, 0u32..16, 1u8..=5), 0..40),
            prop::collection::vec((shape(), place()), 0..8),
            prop::option::of(place()),
            prop::collection::vec(place(), 1..10),
        )
            .prop_map(|(origin, tiles, statics, large_at, bodies)| Level {
                origin,
                tiles,
                statics,
                large_at,
                bodies,
            })
    }

    /// A motion: short (the common step) most of the time, long sometimes, or along an axis.
    fn motion() -> impl Strategy<Value = Vec2> {
        prop_oneof![
            4 => (-1.0f32..1.0, -1.0f32..1.0).prop_map(|(x, y)| Vec2::new(x, y)),
            1 => (-9.0f32..9.0, -9.0f32..9.0).prop_map(|(x, y)| Vec2::new(x, y)),
            1 => (-2i32..=2, -2i32..=2).prop_map(|(x, y)| Vec2::new(x as f32, y as f32) * 0.25),
        ]
    }

    /// The level built, and the handles of its kinematic bodies.
    fn build(level: &Level, mover: &Shape) -> (World, Vec<Handle>) {
        let mut world = World::with_cell_size(2.0).expect("positive");
        let mut map = TileMap::new(16, 16, 1.0).expect("valid");
        let kinds = [
            Tile::Solid,
            Tile::OneWay,
            Tile::SlopeUpRight,
            Tile::SlopeUpLeft,
            Tile::Solid,
        ];
        for &(x, y, k) in &level.tiles {
            map.set(x, y, kinds[usize::from(k - 1)]).expect("inside");
        }
        world
            .add(ColliderDesc::tiles(map, level.origin))
            .expect("finite");
        for (s, at) in &level.statics {
            world
                .add(ColliderDesc::new(s.clone(), *at))
                .expect("finite");
        }
        if let Some(at) = level.large_at {
            let wide = Aabb::from_half_extents(Vec2::new(20.0, 6.0)).expect("positive");
            world.add(ColliderDesc::new(wide, at)).expect("finite");
        }
        let bodies = level
            .bodies
            .iter()
            .enumerate()
            .map(|(k, &at)| {
                let s: Shape = if k == 0 {
                    mover.clone()
                } else {
                    Aabb::from_half_extents(Vec2::splat(0.3))
                        .expect("positive")
                        .into()
                };
                world
                    .add(ColliderDesc::new(s, at).kinematic())
                    .expect("finite")
            })
            .collect();
        (world, bodies)
    }

    /// Whether the world finds the first body's move unobstructed (the even bodies are moving
    /// too, left out by their slots as in a step of many); and, if so, the checks below.
    fn check(level: &Level, mover: &Shape, motion: Vec2) -> Result<bool, TestCaseError> {
        let (world, bodies) = build(level, mover);
        let mut bits = no_slot_bits(&world);
        for h in bodies.iter().step_by(2) {
            set_live_slot_bit(&mut bits, *h);
        }
        let own = bodies[0];
        let skip = Skip {
            slots: &bits,
            sorted: std::slice::from_ref(&own),
            ..Skip::default()
        };
        let at = level.bodies[0];
        if !world.sweep_meets_nothing(mover.local_bounds(), at, motion, &skip) {
            return Ok(false);
        }
        // The sweep meets nothing indeed, and starts in nothing.
        let mut overlaps = Vec::new();
        let filter = QueryFilter::default();
        let hit = world.sweep(mover, at, motion, &filter, &skip, Some(&mut overlaps));
        prop_assert_eq!(hit, None);
        prop_assert!(overlaps.is_empty(), "{overlaps:?}");
        // And the move through the world gives what the unobstructed move gives, to the bit.
        let config = MoveConfig::default();
        prop_assert!(unobstructed_moves_apply(&config, &world));
        let full =
            plan_move_with_planes(&world, mover, at, motion, motion, &config, skip, &[], None);
        let short = unobstructed_move(at, motion, motion);
        match (full, short) {
            (Ok(a), Ok(b)) => {
                let bits = |v: Vec2| [v.x.to_bits(), v.y.to_bits()];
                prop_assert_eq!(bits(a.position), bits(b.position));
                prop_assert_eq!(bits(a.remaining), bits(b.remaining));
                prop_assert_eq!(bits(a.velocity), bits(b.velocity));
                prop_assert_eq!(a, b);
            }
            (a, b) => prop_assert_eq!(a, b),
        }
        Ok(true)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Whenever the world says a sweep meets nothing, it does, and the move it stands for
        /// is the unobstructed one.
        #[test]
        fn a_move_the_world_finds_unobstructed_is_made_whole(
            level in level(),
            mover in shape(),
            motion in motion(),
        ) {
            check(&level, &mover, motion)?;
        }
    }

    /// Far from the origin cell coordinates reach the ends of `i32` (the grid's dense array
    /// stays near the origin, where the level is): the world's answer holds there too, and
    /// counting cells from the array's origin does not overflow.
    #[test]
    fn far_from_the_origin_the_answer_still_holds() {
        let max = crate::tolerance::MAX_COORDINATE;
        let mover: Shape = Aabb::from_half_extents(Vec2::splat(0.4))
            .expect("positive")
            .into();
        for far in [max * 0.999, -max * 0.999, max * 1e-6] {
            let level = Level {
                origin: Vec2::ZERO,
                tiles: vec![(3, 3, 1), (4, 3, 1)],
                statics: vec![(mover.clone(), Vec2::new(8.0, 8.0))],
                large_at: None,
                bodies: vec![Vec2::new(far, -far), Vec2::new(2.0, 2.0)],
            };
            for motion in [Vec2::new(0.5, -0.25), Vec2::ZERO, Vec2::new(-3.0, 2.0)] {
                check(&level, &mover, motion).expect("holds");
            }
        }
    }

    /// The property above is not empty: the levels it draws give both answers often.
    #[test]
    fn the_drawn_levels_give_both_answers() {
        let mut runner = TestRunner::deterministic();
        let cases = (level(), shape(), motion());
        let mut clear = 0;
        for _ in 0..400 {
            let (level, mover, motion) = cases.new_tree(&mut runner).expect("a case").current();
            if check(&level, &mover, motion).expect("holds") {
                clear += 1;
            }
        }
        assert!((60..=340).contains(&clear), "{clear} of 400 clear");
    }
}
