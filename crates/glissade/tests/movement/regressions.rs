//! Regressions, each test named after the bug it pins down.

use super::*;

#[test]
fn an_idle_mover_walked_into_does_not_fail_the_step() {
    //  □ -->  □      a walker moving 4 toward a mover that stands still (motion zero)
    let mut world = World::new();
    let idle = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(3.0, 0.0)).kinematic())
        .unwrap();
    let walker = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let r = move_bodies(
        &mut world,
        &[
            BodyMove {
                handle: idle,
                motion: Vec2::ZERO,
            },
            BodyMove {
                handle: walker,
                motion: v(4.0, 0.0),
            },
        ],
        &MoveConfig::default(),
    )
    .unwrap();
    assert_eq!(r[0].position, v(3.0, 0.0));
    assert!(
        (r[1].position - v(2.0 - SKIN, 0.0)).length() < 1e-5,
        "{}",
        r[1].position
    );
}

#[test]
fn a_walker_deflected_up_a_ramp_into_a_resting_mover_stops_at_it() {
    //        □      a mover resting on top of a 45° ramp (motion zero); a walker slides up
    //      /        the ramp into it: the resting one is an obstacle, never entered.
    //    /□-->
    let mut world = World::new();
    add(
        &mut world,
        ConvexPolygon::new(&[v(0.0, 0.0), v(10.0, 0.0), v(10.0, 10.0)]).unwrap(),
        Vec2::ZERO,
    );
    let h = 0.5f32;
    let off = h * 2.0f32.sqrt() + SKIN;
    let resting = world
        .add(
            ColliderDesc::new(boxed(h, h), v(6.0, 6.0) + v(-1.0, 1.0).normalize() * off)
                .kinematic(),
        )
        .unwrap();
    let walker = world
        .add(
            ColliderDesc::new(boxed(h, h), v(3.0, 3.0) + v(-1.0, 1.0).normalize() * off)
                .kinematic(),
        )
        .unwrap();
    move_bodies(
        &mut world,
        &[
            BodyMove {
                handle: resting,
                motion: Vec2::ZERO,
            },
            BodyMove {
                handle: walker,
                motion: v(6.0, 0.0),
            },
        ],
        &MoveConfig::default(),
    )
    .unwrap();
    let (a, b) = (world.get(resting).unwrap(), world.get(walker).unwrap());
    assert!(
        overlap(
            a.shape().unwrap(),
            a.position(),
            b.shape().unwrap(),
            b.position()
        )
        .is_none()
    );
}

#[test]
fn movers_that_start_overlapping_each_push_half_way_out() {
    //  ▣     two moving boxes overlapping by 0.4 along x: each moves 0.2 + skin / 2 apart
    let mut world = World::new();
    let a = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let b = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.6, 0.0)).kinematic())
        .unwrap();
    let up = v(0.0, 0.1);
    let r = move_bodies(
        &mut world,
        &[
            BodyMove {
                handle: a,
                motion: up,
            },
            BodyMove {
                handle: b,
                motion: up,
            },
        ],
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r[0].position - v(-0.2 - SKIN / 2.0, 0.1)).length() < 1e-5,
        "{}",
        r[0].position
    );
    assert!(
        (r[1].position - v(0.8 + SKIN / 2.0, 0.1)).length() < 1e-5,
        "{}",
        r[1].position
    );
}

#[test]
fn a_mover_listed_twice_in_one_step_is_refused() {
    let mut world = World::new();
    let a = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), Vec2::ZERO).kinematic())
        .unwrap();
    let twice = [
        BodyMove {
            handle: a,
            motion: Vec2::X,
        },
        BodyMove {
            handle: a,
            motion: v(5.0, 0.0),
        },
    ];
    assert_eq!(
        move_bodies(&mut world, &twice, &MoveConfig::default()),
        Err(MoveError::DuplicateMover(a))
    );
    assert_eq!(world.get(a).unwrap().position(), Vec2::ZERO);
}

#[test]
fn a_round_body_inside_a_row_of_one_way_platforms_moves_sideways() {
    //  ===     three one-way tiles (tops at y = 1); a capsule whose lower cap is below the
    //   ()     tops (jumping through) moves sideways: nothing blocks it.
    let map = TileMap::from_rows(&["==="], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let capsule = capsule(0.5, 0.3);
    for motion in [v(1.0, 0.3), v(1.0, 0.0), v(1.0, 1.0)] {
        let r = move_and_slide(
            &mut world,
            (capsule.clone(), v(0.5, 1.6)),
            motion,
            &MoveConfig::default(),
        )
        .unwrap();
        assert_eq!(r.position, v(0.5, 1.6) + motion, "{motion}");
    }
    // From the side, below the top: passes through a lone platform's end.
    let map = TileMap::from_rows(&["=.."], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let r = move_and_slide(
        &mut world,
        (capsule, v(-0.5, 1.6)),
        v(1.0, 0.3),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!((r.position - v(0.5, 1.9)).length() < 1e-6, "{}", r.position);
}

#[test]
fn a_collider_far_beyond_the_grid_does_not_blind_the_world() {
    //  o -->  |        ...        o (at x = 1e10)
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(30.0, -5.0), v(31.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    add(&mut world, circle(1.0), v(1e10, 0.0));
    add(&mut world, circle(1.0), v(-1e12, 3e11));
    let r = move_and_slide(
        &mut world,
        (circle(0.5), Vec2::ZERO),
        v(40.0, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position.x - (29.5 - SKIN)).abs() < 1e-4,
        "{}",
        r.position
    );
}

#[test]
fn a_body_buried_in_solid_tiles_escapes_to_the_nearest_free_cell() {
    //  ######...#
    //  ######...#    a ball buried at (3.5, 3.5) in a 6 × 7 block (no tile it overlaps has
    //  ###o##...#    an exposed face): pushed out to the nearest free cell — the gap on the
    //  ######...#    right, 3 away (the map's outside is 4 away) — never through.
    //  ######...#
    let rows = ["######...#"; 7];
    let map = TileMap::from_rows(&rows, 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let ball = circle(0.3);
    assert!(
        !world
            .overlap_shape(&ball, v(3.5, 3.5), &QueryFilter::default())
            .is_empty()
    );
    let r = move_and_slide(
        &mut world,
        (ball.clone(), v(3.5, 3.5)),
        v(10.0, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        world
            .overlap_shape(&ball, r.position, &QueryFilter::default())
            .is_empty(),
        "{}",
        r.position
    );
    // Out of the block into the gap, stopped by the far wall at x = 9.
    assert!(
        (r.position - v(9.0 - 0.3 - SKIN, 3.5)).length() < 1e-4,
        "{}",
        r.position
    );
    // A ray starting inside the tiles hits at once.
    let hit = world
        .raycast(v(3.5, 3.5), v(0.0, -10.0), &QueryFilter::default())
        .unwrap();
    assert_eq!(hit.fraction, 0.0);
}

#[test]
fn a_push_out_of_a_slope_wall_notch_ends_clear() {
    //  \#     a 45° slope against a wall: a small body shallowly inside both is pushed out
    //  ##     of both at once, never from one into the other.
    let map = TileMap::from_rows(&["\\#", "##"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let f = QueryFilter::default();
    for body in [circle(0.06), capsule(0.05, 0.06), boxed(0.1, 0.1)] {
        for i in 0..40 {
            for j in 0..40 {
                let p = v(0.75 + i as f32 * 0.00625, 1.0 + j as f32 * 0.00625);
                let start = world.overlap_shape(&body, p, &f);
                if start.is_empty() || start.iter().any(|o| o.depth > 0.1) {
                    continue;
                }
                let r = move_and_slide(
                    &mut world,
                    (body.clone(), p),
                    Vec2::ZERO,
                    &MoveConfig::default(),
                )
                .unwrap();
                let end = world.overlap_shape(&body, r.position, &f);
                assert!(end.is_empty(), "{body:?} from {p}: {end:?}");
            }
        }
    }
}

#[test]
fn query_aabb_counts_a_box_touching_a_tiles_right_or_top_face() {
    //  #.    a box touching the tile's right face, and one sitting on its top
    let map = TileMap::from_rows(&["#."], 1.0).unwrap();
    let mut world = World::new();
    let tiles = world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let f = QueryFilter::default();
    assert_eq!(world.query_aabb(v(1.0, 0.2), v(1.5, 0.8), &f), vec![tiles]);
    assert_eq!(world.query_aabb(v(0.2, 1.0), v(0.8, 1.5), &f), vec![tiles]);
    assert!(world.query_aabb(v(1.01, 0.2), v(1.5, 0.8), &f).is_empty());
}

#[test]
fn a_fast_mover_meets_a_slow_one_off_the_middle_of_its_path() {
    //  o□================>      a ball moving 200 to the right (fast: it is not binned) and a
    //                           slow box 3 along its path, 97 from the path's middle, moving
    //                           a little: they meet.
    let mut world = World::new();
    let fast = world
        .add(ColliderDesc::new(circle(0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let slow = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(20.0, 0.0)).kinematic())
        .unwrap();
    // Many other slow movers far away, so that the bins are narrower than the fast path.
    let mut moves = vec![
        BodyMove {
            handle: fast,
            motion: v(200.0, 0.0),
        },
        BodyMove {
            handle: slow,
            motion: v(0.1, 0.0),
        },
    ];
    for i in 0..100 {
        let h = world
            .add(
                ColliderDesc::new(
                    boxed(0.2, 0.2),
                    v(
                        -100.0 + (i % 10) as f32 * 20.0,
                        100.0 + (i / 10) as f32 * 20.0,
                    ),
                )
                .kinematic(),
            )
            .unwrap();
        moves.push(BodyMove {
            handle: h,
            motion: v(0.1, 0.1),
        });
    }
    let r = move_bodies(&mut world, &moves, &MoveConfig::default()).unwrap();
    assert!(
        r[0].position.x < 20.0,
        "the ball passed through the box: {}",
        r[0].position
    );
    assert_eq!(r[0].contacts.first().map(|c| c.handle), Some(slow));
}

#[test]
fn point_and_flat_box_queries_find_what_they_touch() {
    //  #.    a tile map with one solid tile, and a box collider at (5, 0)-(6, 1)
    let map = TileMap::from_rows(&["#."], 1.0).unwrap();
    let mut world = World::new();
    let tiles = world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let block = add(
        &mut world,
        Aabb::new(v(5.0, 0.0), v(6.0, 1.0)).unwrap(),
        Vec2::ZERO,
    );
    let f = QueryFilter::default();
    // A point box inside, a flat box across, each.
    assert_eq!(world.query_aabb(v(0.5, 0.5), v(0.5, 0.5), &f), vec![tiles]);
    assert_eq!(world.query_aabb(v(5.5, 0.5), v(5.5, 0.5), &f), vec![block]);
    assert_eq!(
        world.query_aabb(v(0.2, 0.5), v(5.2, 0.5), &f),
        vec![tiles, block]
    );
    // Points on the tile's right and top faces and on the block's left face count.
    assert_eq!(world.query_point(v(1.0, 0.5), &f), vec![tiles]);
    assert_eq!(world.query_point(v(0.5, 1.0), &f), vec![tiles]);
    assert_eq!(world.query_point(v(5.0, 0.5), &f), vec![block]);
    assert!(world.query_point(v(3.0, 0.5), &f).is_empty());
}

#[test]
fn bisection_never_goes_past_the_motion_when_a_shift_frees_the_end() {
    //  □ -->  ▪     a unit box moving 2 right; a small block at its end overlaps it only by
    //               less than the 0.1 sideways shift: the shifted end is free.
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(2.45, 0.45), v(2.6, 0.6)).unwrap(),
        Vec2::ZERO,
    );
    let cfg = MoveConfig::default().with_strategy(MoveStrategy::BISECTION_BASELINE);
    let r = move_and_slide(&mut world, (boxed(0.5, 0.5), Vec2::ZERO), v(2.0, 0.0), &cfg).unwrap();
    assert!(r.position.x <= 2.0 + 1e-5, "{}", r.position);
    assert!(
        world
            .overlap_shape(&boxed(0.5, 0.5), r.position, &QueryFilter::default())
            .is_empty(),
        "{}",
        r.position
    );
}

#[test]
fn a_restitution_that_is_not_finite_is_refused_by_name() {
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(5.0, -5.0), v(6.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    let nan = |_: Handle, _: &glissade::world::Collider| Response::Bounce {
        restitution: f32::NAN,
    };
    let cfg = MoveConfig::default().with_response(&nan);
    let e = move_and_slide(&mut world, (circle(0.5), Vec2::ZERO), v(10.0, 0.0), &cfg).unwrap_err();
    assert!(
        matches!(
            e,
            MoveError::BadConfig {
                field: "response restitution",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn a_huge_body_buried_in_tiny_tiles_does_not_overflow() {
    //  a body far larger than the map, over tiles of 1e-6: no panic, a finite answer.
    let map = TileMap::from_rows(&["###", "###"], 1e-6).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let r = move_and_slide(
        &mut world,
        (boxed(1e6, 1e6), Vec2::ZERO),
        v(1.0, 1.0),
        &MoveConfig::default(),
    );
    if let Ok(r) = r {
        assert!(r.position.is_finite());
    }
}

#[test]
fn a_small_round_body_a_hair_off_the_middle_of_a_long_face_does_not_pass_through_it() {
    //                          ____----‾‾‾‾   the long face of a sliver 8,554 units long (its
    //              ____----‾‾‾‾               ends thousands of units away, its third corner
    //  ____----‾‾‾‾     o ↗                   42.8 behind the face), and o, a body 0.004
    //                                         across, 4e-5 off the face's middle, moving
    // into it at a slant. Against the capsule, the face is one of the difference of the two
    // shapes, whose far corners (thousands of units out) are rounded: its distance from its
    // plane and from its ends differ by about 1e-4, within the plane's tolerance (a few
    // thousandths here), more than the nearest point's (about 1e-5). Apart by the one,
    // touching by the other, the cast once met the nearest point as if it were a corner and
    // let the capsule through (0.235 deep at the end). The circle beside it, against the
    // sliver's own planes (exact at the face's middle), is met the usual way: it checks the
    // same scene by the other path.
    let sliver = ConvexPolygon::new(&[
        v(-2178.6409, -3679.7705),
        v(2178.6409, 3679.7705),
        v(-36.797703, 21.786407),
    ])
    .unwrap();
    let at = v(1.8798146, 1.628078);
    // The face through the sliver's origin: its outward normal and its direction.
    let n = v(2178.6409, 3679.7705).perp().normalize() * -1.0;
    let tangent = n.perp();
    let motion = v(0.29272857, 0.9561956);
    // Into the face by 0.2353, along it by 0.9719.
    assert!((motion.dot(n) + 0.2353).abs() < 1e-4, "{}", motion.dot(n));
    let along = motion.dot(tangent).abs();
    assert!((along - 0.9719).abs() < 1e-4, "{along}");
    let capsule: Shape = Capsule::new(
        v(-0.0010240707, 0.00034917748),
        v(0.0010240707, -0.00034917748),
        0.0009106987,
    )
    .unwrap()
    .into();
    // The capsule where the search that found the bug left it; a circle of radius 0.002,
    // 4e-5 off the face too.
    let bodies = [
        ("capsule", capsule, v(1.8774567, 1.6203305)),
        ("circle", circle(0.002), at + n * (0.002 + 4e-5)),
    ];
    for (name, body, start) in bodies {
        let sliver_shape: Shape = sliver.into();
        assert!(overlap(&body, start, &sliver_shape, at).is_none(), "{name}");
        // Met at once (it is touching by the face's plane), on the long face.
        match glissade::cast(&body, start, motion, &sliver_shape, at, Vec2::ZERO) {
            glissade::CastResult::Hit(h) => {
                assert!(h.fraction < 1e-3, "{name}: {h:?}");
                assert!((h.normal - n).length() < 1e-5, "{name}: {h:?}");
            }
            other => panic!("{name}: {other:?}"),
        }
        // The move slides along the face the whole way along it, and ends clear of it.
        let mut world = World::new();
        add(&mut world, sliver, at);
        let r = move_and_slide(
            &mut world,
            (body.clone(), start),
            motion,
            &MoveConfig::default(),
        )
        .unwrap();
        let moved = r.position - start;
        assert!(
            (moved.dot(tangent).abs() - along).abs() < 1e-3,
            "{name}: {moved}"
        );
        assert!(moved.dot(n).abs() < 1e-3, "{name}: {moved}");
        assert!(
            overlap(&body, r.position, &sliver_shape, at).is_none(),
            "{name}: {r:?}"
        );
    }
}
