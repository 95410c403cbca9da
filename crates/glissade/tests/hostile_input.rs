//! Long colliders, huge maps and extreme values: precision comes from where a contact is, not
//! from how long a shape is; work stays bounded; values beyond the supported range are refused
//! by name. Each case that once tunnelled, sank, hung or gave NaN has its regression test here
//! with its numbers, named by the kind of failure (l1 long colliders … l7 far colliders).

use glissade::glam::Vec2;
use glissade::{
    Aabb, CastResult, ColliderDesc, ConvexPolygon, Platformer, PlatformerInput, Segment, Shape,
    World, cast, overlap,
};

fn unit_box() -> Shape {
    Aabb::from_half_extents(Vec2::splat(0.5)).unwrap().into()
}

fn hit(r: CastResult) -> glissade::CastHit {
    match r {
        CastResult::Hit(h) => h,
        other => panic!("expected a hit, got {other:?}"),
    }
}

#[test]
fn l1_a_box_thrown_at_a_wall_twenty_million_units_tall_stops_at_it() {
    //        x = 0   1
    //   a -->  |####|   the wall runs from y = -1e7 to 1e7
    //          |####|
    // The box (half 0.5) starts at x = -5 and moves 10: its right side, at -4.5, meets the
    // wall's face x = 0 after 4.5 of the 10 units.
    let wall: Shape = Aabb::new(Vec2::new(0.0, -1e7), Vec2::new(1.0, 1e7))
        .unwrap()
        .into();
    let h = hit(cast(
        &unit_box(),
        Vec2::new(-5.0, 0.0),
        Vec2::new(10.0, 0.0),
        &wall,
        Vec2::ZERO,
        Vec2::ZERO,
    ));
    assert_eq!(h.fraction, 0.45);
    assert_eq!(h.normal, Vec2::NEG_X);
    // The same wall as a zero-thickness segment, and as a polygon.
    let seg: Shape = Segment::new(Vec2::new(0.0, -1e7), Vec2::new(0.0, 1e7))
        .unwrap()
        .into();
    let poly: Shape = ConvexPolygon::new(
        &Aabb::new(Vec2::new(0.0, -1e7), Vec2::new(1.0, 1e7))
            .unwrap()
            .corners(),
    )
    .unwrap()
    .into();
    for wall in [seg, poly] {
        let h = hit(cast(
            &unit_box(),
            Vec2::new(-5.0, 0.0),
            Vec2::new(10.0, 0.0),
            &wall,
            Vec2::ZERO,
            Vec2::ZERO,
        ));
        assert!((h.fraction - 0.45).abs() < 1e-6, "{h:?}");
        assert_eq!(h.normal, Vec2::NEG_X);
    }
}

#[test]
fn l1_a_box_sunk_into_a_two_million_unit_floor_is_pushed_up_by_its_depth() {
    //   +---+      box (half 0.5) at y = 0.2: its bottom at -0.3, 0.3 into the floor
    // ==|===|==== y = 0, the floor from x = -1e6 to 1e6
    let floor: Shape = Aabb::new(Vec2::new(-1e6, -1.0), Vec2::new(1e6, 0.0))
        .unwrap()
        .into();
    let p = overlap(&unit_box(), Vec2::new(0.0, 0.2), &floor, Vec2::ZERO).unwrap();
    assert_eq!(p.normal, Vec2::Y);
    assert!((p.depth - 0.3).abs() < 1e-6, "{p:?}");
    // Touching stays touching: a box resting a hair above is not overlapping.
    assert_eq!(
        overlap(&unit_box(), Vec2::new(0.0, 0.5 + 1e-6), &floor, Vec2::ZERO),
        None
    );
    // The same floor as a polygon.
    let poly: Shape = ConvexPolygon::new(
        &Aabb::new(Vec2::new(-1e6, -1.0), Vec2::new(1e6, 0.0))
            .unwrap()
            .corners(),
    )
    .unwrap()
    .into();
    let p = overlap(&unit_box(), Vec2::new(0.0, 0.2), &poly, Vec2::ZERO).unwrap();
    assert_eq!(p.normal, Vec2::Y);
    assert!((p.depth - 0.3).abs() < 1e-6, "{p:?}");
}

#[test]
fn l1_a_platformer_lands_on_floors_two_and_twenty_million_units_wide() {
    // The character (half 0.3 × 0.45) falls from y = 2 for 2 s onto the floor's top y = 0:
    // it rests a skin (0.01) above it, at y = 0.46, within the 2 × skin a move may end away.
    for half_width in [1e6f32, 1e7] {
        let mut world = World::new();
        world
            .add(ColliderDesc::new(
                Aabb::new(Vec2::new(-half_width, -1.0), Vec2::new(half_width, 0.0)).unwrap(),
                Vec2::ZERO,
            ))
            .unwrap();
        let body = world
            .add(
                ColliderDesc::new(
                    Aabb::from_half_extents(Vec2::new(0.3, 0.45)).unwrap(),
                    Vec2::new(0.0, 2.0),
                )
                .kinematic(),
            )
            .unwrap();
        let mut player = Platformer::default();
        for _ in 0..120 {
            player
                .update(&mut world, body, PlatformerInput::default(), 1.0 / 60.0)
                .unwrap();
        }
        let y = world.get(body).unwrap().position().y;
        assert!(
            (0.45..=0.47).contains(&y),
            "half width {half_width}: y = {y}"
        );
        assert!(player.controller.state.grounded());
    }
}

#[test]
fn l1_a_slanted_floor_twenty_million_units_long_is_exact_near_the_origin() {
    //            /   the segment from (-1e7, -1e7) to (1e7, 1e7), through the origin
    //     a     /
    //     |    /     the box (half 0.5) falls from (-3, 5): its corner (-2.5, 4.5) is
    //     v   /      7 above the line y = x, so it lands after 7 units of a 10-unit fall.
    let slope: Shape = Segment::new(Vec2::splat(-1e7), Vec2::splat(1e7))
        .unwrap()
        .into();
    let h = hit(cast(
        &unit_box(),
        Vec2::new(-3.0, 5.0),
        Vec2::new(0.0, -10.0),
        &slope,
        Vec2::ZERO,
        Vec2::ZERO,
    ));
    assert!((h.fraction - 0.7).abs() < 1e-5, "{h:?}");
    let n = Vec2::new(-1.0, 1.0).normalize();
    assert!((h.normal - n).length() < 1e-5, "{h:?}");
}

#[test]
fn l1_a_box_larger_than_the_supported_range_is_refused_by_name() {
    // A ±3.4e38 box (once silently "not overlapping" a unit box inside it) is beyond
    // MAX_COORDINATE: refused, naming the field and the limit.
    let err = Aabb::new(Vec2::splat(-3.4e38), Vec2::splat(3.4e38)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "min.x = -340000000000000000000000000000000000000 is too large: at most 1000000000000000 in magnitude"
    );
    // At the limit, a box still contains a unit box: overlapping, pushed out the shortest way.
    let max = glissade::tolerance::MAX_COORDINATE;
    let huge: Shape = Aabb::new(Vec2::splat(-max), Vec2::splat(max))
        .unwrap()
        .into();
    let p = overlap(&unit_box(), Vec2::ZERO, &huge, Vec2::ZERO).unwrap();
    assert!((p.depth - (max + 0.5)).abs() <= max * 1e-6, "{p:?}");
}

#[test]
fn l6_values_beyond_the_range_are_refused_by_name_and_far_queries_stay_finite() {
    use glissade::glam::Vec3;
    use glissade::{
        Capsule, Circle, MoveConfig, Tile, TileMap, dim3::Aabb as Aabb3,
        dim3::MoveConfig as MoveConfig3, dim3::move_and_slide as move_and_slide_aabb3,
        dim3::overlap as overlap_aabb3, motion::MoveError, move_and_slide,
        query::segment_intersection, raycast,
    };
    // Shapes whose squared edge lengths once overflowed: refused by name.
    let e = Segment::new(Vec2::new(-1e19, 0.0), Vec2::new(1e19, 0.0)).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("a.x = -10000000000000000000 is too large"),
        "{e}"
    );
    let e = Capsule::new(Vec2::ZERO, Vec2::X, 3.4e38).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("radius = 340000000000000000000000000000000000000 is too large"),
        "{e}"
    );
    assert!(Circle::new(2e15).is_err());
    assert!(TileMap::new(100_000, 1, 1e11).is_err());

    // Free queries with points far beyond the range: finite, and right to f32's precision.
    let b = unit_box();
    let far = Vec2::new(1e30, 0.0);
    assert_eq!(glissade::distance(&b, far, &b, Vec2::ZERO), 1e30);
    let proj = b.project_point(Vec2::ZERO, far);
    assert_eq!((proj.point, proj.normal), (Vec2::new(0.5, 0.0), Vec2::X));
    assert_eq!(proj.signed_distance, 1e30);
    assert_eq!(b.closest_point(Vec2::ZERO, far), Vec2::new(0.5, 0.0));
    assert_eq!(b.distance_to_point(Vec2::ZERO, Vec2::new(0.0, -3e38)), 3e38);
    // A bullet from -1e30 moving 2e30 meets the box at the origin half way.
    let h = hit(cast(&b, -far, far * 2.0, &b, Vec2::ZERO, Vec2::ZERO));
    assert!(
        (h.fraction - 0.5).abs() < 1e-6 && h.normal == Vec2::NEG_X,
        "{h:?}"
    );
    let r = raycast(&b, Vec2::ZERO, -far, Vec2::X, 2e30).unwrap();
    assert_eq!((r.fraction, r.normal), (1e30, Vec2::NEG_X));
    let glissade::query::SegmentIntersection::Crossing { point, t, u } = segment_intersection(
        Vec2::new(-3e38, -3e38),
        Vec2::new(3e38, 3e38),
        Vec2::new(-3e38, 3e38),
        Vec2::new(3e38, -3e38),
    ) else {
        panic!("the diagonals of f32's range cross");
    };
    assert_eq!((point, t, u), (Vec2::ZERO, 0.5, 0.5));

    // 3D boxes: NaN or infinite positions overlap nothing; moves beyond the range are refused.
    let cube = Aabb3::from_half_extents(Vec3::splat(0.5)).unwrap();
    for bad in [Vec3::NAN, Vec3::INFINITY] {
        assert_eq!(overlap_aabb3(&cube, bad, &cube, Vec3::ZERO), None);
    }
    let e = move_and_slide_aabb3(
        &cube,
        Vec3::ZERO,
        Vec3::new(0.0, 1e20, 0.0),
        Vec3::ZERO,
        &[],
        &MoveConfig3::default(),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("motion = [0, 100000000000000000000, 0] is too large"),
        "{e}"
    );

    // A move by (1e20, 0) into a tile map (once "NotFinite position NaN" from finite
    // input) is refused before anything moves; at the limit it stops at the wall.
    let mut world = World::new();
    let mut map = TileMap::new(4, 1, 1.0).unwrap();
    map.set(3, 0, Tile::Solid).unwrap();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let body = world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(Vec2::splat(0.25)).unwrap(),
                Vec2::new(0.5, 0.5),
            )
            .kinematic(),
        )
        .unwrap();
    let e = move_and_slide(
        &mut world,
        body,
        Vec2::new(1e20, 0.0),
        &MoveConfig::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            MoveError::TooLarge {
                field: "motion",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(world.get(body).unwrap().position(), Vec2::new(0.5, 0.5));
    let max = glissade::tolerance::MAX_COORDINATE;
    let r = move_and_slide(
        &mut world,
        body,
        Vec2::new(max, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    // Against the tile at x = 3: the body's right side a skin short of it.
    assert!((r.position.x - (3.0 - 0.25 - 0.01)).abs() < 0.011, "{r:?}");
}

/// A world with a platform (4 × 0.2, top at y = 0.1) moving at `velocity` at `at`, and a
/// character (half 0.3 × 0.45) standing on it, stepped once so that it knows its ground.
fn rider(at: Vec2, velocity: Vec2) -> (World, glissade::Handle, glissade::CharacterController) {
    use glissade::{CharacterController, Step};
    let mut world = World::new();
    world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(Vec2::new(2.0, 0.1)).unwrap(), at)
                .kinematic()
                .with_velocity(velocity),
        )
        .unwrap();
    let body = world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(Vec2::new(0.3, 0.45)).unwrap(),
                at + Vec2::new(0.0, 0.56),
            )
            .kinematic(),
        )
        .unwrap();
    let mut c = CharacterController::default();
    c.step(
        &mut world,
        body,
        Step::new(Vec2::new(0.0, -0.01), 1.0 / 60.0),
    )
    .unwrap();
    assert!(c.state.grounded());
    (world, body, c)
}

#[test]
fn l5_a_refused_character_step_changes_nothing() {
    use glissade::Step;
    // Riding a platform moving at (3, 0): a step with motion (0, 2e19) once moved the body
    // by the ride (0.05) and cleared the contacts before it was refused.
    let (mut world, body, mut c) = rider(Vec2::ZERO, Vec2::new(3.0, 0.0));
    let (at, state) = (world.get(body).unwrap().position(), c.state.clone());
    let e = c
        .step(
            &mut world,
            body,
            Step::new(Vec2::new(0.0, 2e19), 1.0 / 60.0),
        )
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("motion = [0, 20000000000000000000] is too large"),
        "{e}"
    );
    assert_eq!(world.get(body).unwrap().position(), at);
    assert_eq!(c.state, state);
    // A step that fails half way — after the ride, its own move would end beyond the range
    // (the platform, 1e8 out, moves 10 units a step) — is taken back whole.
    let (mut world, body, mut c) = rider(Vec2::new(1e8, 0.0), Vec2::new(600.0, 0.0));
    let (mut world2, mut c2) = (world.clone(), c.clone());
    let (at, v, state) = (
        world.get(body).unwrap().position(),
        world.get(body).unwrap().velocity(),
        c.state.clone(),
    );
    let max = glissade::tolerance::MAX_COORDINATE;
    let e = c
        .step(&mut world, body, Step::new(Vec2::new(max, 0.0), 1.0 / 60.0))
        .unwrap_err();
    assert!(
        e.to_string().starts_with("position after the move = "),
        "{e}"
    );
    assert_eq!(world.get(body).unwrap().position(), at);
    assert_eq!(world.get(body).unwrap().velocity(), v);
    assert_eq!(c.state, state);
    // It goes on as if the refused step never happened: as a copy that never took it.
    for _ in 0..3 {
        let small = Step::new(Vec2::new(0.1, -0.01), 1.0 / 60.0);
        c.step(&mut world, body, small).unwrap();
        c2.step(&mut world2, body, small).unwrap();
        assert_eq!(
            world.get(body).unwrap().position(),
            world2.get(body).unwrap().position()
        );
        assert_eq!(c.state, c2.state);
    }
}

#[test]
fn l5_a_platformer_update_refused_after_its_move_is_taken_back() {
    // A bounce with an absurd restitution overflows the velocity after the controller has
    // moved: the whole update is taken back (body, velocity, timers, state).
    let mut world = World::new();
    world
        .add(ColliderDesc::new(
            Aabb::new(Vec2::new(1.0, -5.0), Vec2::new(2.0, 5.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let body = world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(Vec2::new(0.3, 0.45)).unwrap(),
                Vec2::new(0.5, 0.0),
            )
            .kinematic(),
        )
        .unwrap();
    let mut p = Platformer::default();
    p.config.restitution = 1e38;
    p.config.bounce_speed = 0.0;
    p.velocity = Vec2::new(30.0, 0.0);
    let before = (
        world.get(body).unwrap().position(),
        p.velocity,
        p.controller.state.clone(),
    );
    let e = p
        .update(&mut world, body, PlatformerInput::default(), 1.0 / 60.0)
        .unwrap_err();
    assert!(e.to_string().contains("the velocity overflows f32"), "{e}");
    let after = (
        world.get(body).unwrap().position(),
        p.velocity,
        p.controller.state.clone(),
    );
    assert_eq!(before, after);
}

#[test]
fn l4_a_body_pushed_out_of_another_never_sinks_into_a_wall() {
    use glissade::{BodyMove, MoveConfig, move_and_slide, move_bodies};
    //   ########   wall: half 2 at (0, 6.3), its bottom at y = 4.3
    //   ########
    //     +--+     a: unit box (half 1) at y = 2.99, top at 3.99 (0.31 below the wall)
    //     |a |
    //     +==+     b: unit box at y = 1.5, top at 2.5: a overlaps it 0.51 deep
    //     |b |
    // Pushed out of b by 0.51 + skin, a would end 0.21 inside the wall. It stops a skin
    // below the wall instead (y = 4.3 - 1 - 0.01 = 3.29), pinned, and reports the wall.
    for alone in [false, true] {
        let mut world = World::new();
        let wall = world
            .add(ColliderDesc::new(
                Aabb::from_half_extents(Vec2::splat(2.0)).unwrap(),
                Vec2::new(0.0, 6.3),
            ))
            .unwrap();
        let unit = Aabb::from_half_extents(Vec2::splat(1.0)).unwrap();
        let a = world
            .add(ColliderDesc::new(unit, Vec2::new(0.0, 2.99)).kinematic())
            .unwrap();
        let b = world
            .add(ColliderDesc::new(unit, Vec2::new(0.0, 1.5)).kinematic())
            .unwrap();
        let r = if alone {
            move_and_slide(&mut world, a, Vec2::ZERO, &MoveConfig::default()).unwrap()
        } else {
            let moves = [
                BodyMove {
                    handle: a,
                    motion: Vec2::ZERO,
                },
                BodyMove {
                    handle: b,
                    motion: Vec2::ZERO,
                },
            ];
            move_bodies(&mut world, &moves, &MoveConfig::default())
                .unwrap()
                .remove(0)
        };
        assert!((r.position.y - 3.29).abs() < 1e-5, "{r:?}");
        assert!(r.pinned);
        assert!(
            r.contacts
                .iter()
                .any(|c| c.handle == wall && c.normal == Vec2::NEG_Y)
        );
        assert!(r.contacts.iter().any(|c| c.handle == b));
        let in_wall =
            world.overlap_shape(&unit.into(), r.position, &glissade::QueryFilter::default());
        assert!(in_wall.iter().all(|o| o.handle != wall), "{in_wall:?}");
    }
}

#[test]
fn l2_a_body_sunk_across_sixteen_thousand_tiles_is_pushed_out_in_one_pass() {
    use glissade::{Circle, MoveConfig, QueryFilter, Tile, TileMap, move_and_slide};
    //   +------------------------------------+   body: 0.9 of the row wide, 0.15 tall,
    // ##|####################################|## its centre 0.125 up: 0.1 into the row
    // The push out of all N tiles at once once tried N directions against every tile
    // (7.5 s at N = 16,000); it is linear now (the work per tile is counted in the
    // library's own tests). The body goes up to rest a skin above the row: y = 0.335.
    let n = 16_000u32;
    let mut world = World::new();
    let mut map = TileMap::new(n, 1, 0.25).unwrap();
    for x in 0..n {
        map.set(x, 0, Tile::Solid).unwrap();
    }
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let body: Shape = Aabb::from_half_extents(Vec2::new(n as f32 * 0.1125, 0.075))
        .unwrap()
        .into();
    let at = Vec2::new(n as f32 * 0.125, 0.125);
    let pushed = world.overlap_shape(&body, at, &QueryFilter::default());
    assert!(!pushed.is_empty() && pushed.iter().all(|o| o.normal == Vec2::Y));
    let r = move_and_slide(&mut world, (body, at), Vec2::ZERO, &MoveConfig::default()).unwrap();
    assert!((r.position.y - 0.335).abs() < 1e-5, "{r:?}");
    // A circle of radius 1e6 over a 100,000 × 1 map (once over 10 s): pushed up, clear.
    let mut world = World::new();
    let row = "#".repeat(100_000);
    world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(&[&row], 1.0).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let ball: Shape = Circle::new(1e6).unwrap().into();
    let out = world.overlap_shape(&ball, Vec2::new(5e4, 0.5), &QueryFilter::default());
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].normal, Vec2::Y);
    assert!((out[0].depth - 1_000_000.5).abs() < 0.1, "{out:?}");
}

#[test]
fn l3_a_fast_box_stops_at_a_map_of_huge_cells() {
    use glissade::{MoveConfig, Tile, TileMap, move_and_slide};
    //  origin (-7, -9.71)
    //      v
    //  a   ######## ... 40 × 8 cells of 1e5 (or 1e6), all solid
    //  |-> ########
    // The box (half 0.3 × 0.5) 3.5 left of the map, moved by 1e7: it stops at the map's
    // left face x = -7, a skin short: x = -7 - 0.3 - 0.01. Also when every other column is
    // empty (the solid runs of a row are cast as one box each) and from other heights (at
    // y = 3.5e5 a move keeps 4 units in the last place of its coordinates, 0.167, instead).
    for cell in [1e5f32, 1e6] {
        for gaps in [false, true] {
            let mut map = TileMap::new(40, 8, cell).unwrap();
            for x in 0..40 {
                for y in 0..8 {
                    if !gaps || x % 2 == 0 {
                        map.set(x, y, Tile::Solid).unwrap();
                    }
                }
            }
            let mut world = World::new();
            world
                .add(ColliderDesc::tiles(map, Vec2::new(-7.0, -9.71)))
                .unwrap();
            let body: Shape = Aabb::from_half_extents(Vec2::new(0.3, 0.5)).unwrap().into();
            for y in [0.0f32, 1234.5, cell * 3.5] {
                let r = move_and_slide(
                    &mut world,
                    (body.clone(), Vec2::new(-7.0 - 3.5, y)),
                    Vec2::new(1e7, 0.0),
                    &MoveConfig::default(),
                )
                .unwrap();
                let skin = glissade::tolerance::skin_at(0.01, y.abs() + 3.2);
                assert!(
                    (r.position.x - (-7.3 - skin)).abs() < 1e-3,
                    "cell {cell}, gaps {gaps}, y {y}: {r:?}"
                );
            }
        }
    }
}

#[test]
fn l7_a_far_collider_is_found_by_a_long_cast_and_forgotten_once_removed() {
    use glissade::QueryFilter;
    // A box near the origin and one at (1e6, 1e6). A cast by (1e6, 1e6) from the origin
    // once scanned every bucket of the broadphase for each of its 65,536 pieces (77 ms), and
    // after the far box was removed a cast by (1e5, 1e5) still cost 20 times what it did
    // before it was added. The work is now bounded by the coarse cells along the path and the
    // cells of the non-empty ones (counted in the library's own tests, `world::coarse`); here,
    // that the answers are right before, with and after the far box.
    let mut world = World::new();
    let near = world
        .add(ColliderDesc::new(unit_box(), Vec2::new(-3.0, 0.0)))
        .unwrap();
    let probe: Shape = Aabb::from_half_extents(Vec2::splat(0.25)).unwrap().into();
    let filter = QueryFilter::default();
    assert_eq!(
        world.cast_shape(&probe, Vec2::ZERO, Vec2::splat(1e5), &filter),
        None
    );
    let far = world
        .add(ColliderDesc::new(
            Aabb::from_half_extents(Vec2::splat(5.0)).unwrap(),
            Vec2::splat(1e6),
        ))
        .unwrap();
    // From (3, 0) the probe's top (0.25 up) meets the far box's bottom face (1e6 - 5) after
    // (1e6 - 5.25) / 1e6 of the motion, 2.25 left of the box's centre (at 1e6 the precision
    // of a point is about 1: the box is larger than that, as the size contract asks).
    let h = world
        .cast_shape(&probe, Vec2::new(3.0, 0.0), Vec2::splat(1e6), &filter)
        .unwrap();
    assert_eq!((h.handle, h.normal), (far, Vec2::NEG_Y));
    assert!((h.fraction - (1.0 - 5.25e-6)).abs() < 1e-6, "{h:?}");
    world.remove(far).unwrap();
    assert_eq!(
        world.cast_shape(&probe, Vec2::ZERO, Vec2::splat(1e5), &filter),
        None
    );
    assert_eq!(
        world.cast_shape(&probe, Vec2::ZERO, Vec2::splat(1e6), &filter),
        None
    );
    let back = world
        .cast_shape(&probe, Vec2::ZERO, Vec2::new(-1e6, 0.0), &filter)
        .unwrap();
    assert_eq!(back.handle, near);
}
