//! Sliding along tiles, separate boxes, walls, ceilings, segment chains and ramps of
//! triangles or slope tiles: no seam ever stops a body.

use super::*;

#[test]
fn sliding_along_ten_thousand_floor_tiles_never_snags() {
    // ...........................   a body resting on the floor, pressed down while walking
    // ###########################   10,000 unit tiles (one tile map), top at y = 0
    let mut map = TileMap::new(10_000, 1, 1.0).unwrap();
    for x in 0..10_000 {
        map.set(x, 0, Tile::Solid).unwrap();
    }
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, v(0.0, -1.0))).unwrap();
    for (name, body) in movers() {
        for step in STEPS {
            let start = v(1.0, 0.4 + SKIN);
            let n = (400.0 / step).min(2000.0) as usize;
            walk(
                &world,
                &body,
                start,
                Vec2::X,
                Vec2::NEG_Y,
                n,
                step,
                &format!("tiles {name} {step}"),
            );
        }
    }
}

#[test]
fn sliding_along_separate_boxes_walls_ceilings_and_segment_chains_never_snags() {
    //  ##########    ceiling: 200 separate unit boxes, bottom at y = 2
    //
    //  ##########    floor: 200 separate unit boxes, top at y = 0
    //  ----------    (another world: a chain of 200 unit segments along y = 0)
    let mut floor = World::new();
    let mut ceiling = World::new();
    let mut wall = World::new();
    let mut chain = World::new();
    for i in 0..200 {
        let x = i as f32;
        add(
            &mut floor,
            Aabb::new(v(x, -1.0), v(x + 1.0, 0.0)).unwrap(),
            Vec2::ZERO,
        );
        add(
            &mut ceiling,
            Aabb::new(v(x, 2.0), v(x + 1.0, 3.0)).unwrap(),
            Vec2::ZERO,
        );
        add(
            &mut wall,
            Aabb::new(v(1.0, x), v(2.0, x + 1.0)).unwrap(),
            Vec2::ZERO,
        );
        add(
            &mut chain,
            Segment::new(v(x, 0.0), v(x + 1.0, 0.0)).unwrap(),
            Vec2::ZERO,
        );
    }
    for (name, body) in movers() {
        let h = body.local_bounds().1;
        for step in STEPS {
            let n = (150.0 / step) as usize;
            walk(
                &floor,
                &body,
                v(1.0, h.y + SKIN),
                Vec2::X,
                Vec2::NEG_Y,
                n,
                step,
                &format!("boxes {name} {step}"),
            );
            walk(
                &ceiling,
                &body,
                v(1.0, 2.0 - h.y - SKIN),
                Vec2::X,
                Vec2::Y,
                n,
                step,
                &format!("ceiling {name} {step}"),
            );
            walk(
                &wall,
                &body,
                v(1.0 - h.x - SKIN, 1.0),
                Vec2::Y,
                Vec2::X,
                n,
                step,
                &format!("wall {name} {step}"),
            );
            walk(
                &chain,
                &body,
                v(1.0, h.y + SKIN),
                Vec2::X,
                Vec2::NEG_Y,
                n,
                step,
                &format!("chain {name} {step}"),
            );
        }
    }
}

#[test]
fn sliding_up_a_ramp_of_triangles_and_of_slope_tiles_never_snags() {
    //        /|
    //      /__|     100 triangles (0,0)-(1,0)-(1,1) shifted by (i, i): a 45° ramp whose
    //    /|         hypotenuses join end to end; the same ramp as slope tiles
    //  /__|
    let mut tris = World::new();
    let mut rows = Vec::new();
    for i in 0..100 {
        let x = i as f32;
        let t = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0)]).unwrap();
        add(&mut tris, t, v(x, x));
    }
    for y in (0..100).rev() {
        let row: String = (0..100)
            .map(|x| match x.cmp(&y) {
                std::cmp::Ordering::Less => '.',
                std::cmp::Ordering::Equal => '/',
                std::cmp::Ordering::Greater => '#',
            })
            .collect();
        rows.push(row);
    }
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut tiles = World::new();
    tiles
        .add(ColliderDesc::tiles(
            TileMap::from_rows(&rows, 1.0).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let up = v(1.0, 1.0).normalize();
    let n = v(-1.0, 1.0).normalize();
    for (name, body) in movers() {
        // Start resting on the ramp near (5, 5): move the body out along n until it is clear.
        let d = -body.support_distance_hint();
        let start = v(5.0, 5.0) + n * (d + SKIN);
        for step in STEPS {
            let steps = (60.0 / step) as usize;
            walk(
                &tris,
                &body,
                start,
                up,
                -n,
                steps,
                step,
                &format!("triangles {name} {step}"),
            );
            walk(
                &tiles,
                &body,
                start,
                up,
                -n,
                steps,
                step,
                &format!("slope tiles {name} {step}"),
            );
        }
    }
}

#[test]
fn a_circle_sliding_along_slope_tiles_it_touches_passes_every_vertex() {
    //          /#
    //        /##      a staircase of slope tiles, solid below: the top-left corner of each
    //      /###       solid tile under the next slope tile lies on the slope's line; a
    //    o/####       circle touching the slope (within the precision) passes those corners
    //    /#####       at the touching distance, where a contact with the slope's normal,
    //                 square to the motion, stopped it (the skin's back-off leaves no room)
    let staircase = |cell: f32| {
        map_of_cells((12, 12), cell, Vec2::ZERO, |x, y| match x.cmp(&y) {
            std::cmp::Ordering::Less => '.',
            std::cmp::Ordering::Equal => '/',
            std::cmp::Ordering::Greater => '#',
        })
    };
    // Down the slope, going 0.01 into it over the move (the first contact slides it along),
    // touching it 1e-4 off; and up it from exactly touching.
    for (cell, radius, start, motion) in [
        (
            32.0,
            4.123_407_4,
            v(157.08424, 162.91576),
            v(-45.24776, -45.261906),
        ),
        (45.3053, 6.0, v(251.36533, 259.8506), v(64.07137, 64.07137)),
    ] {
        let mut world = staircase(cell);
        let body = circle(radius);
        let r = move_and_slide(&mut world, (body, start), motion, &MoveConfig::default()).unwrap();
        // The whole way along the slope (the motion less its part into the slope).
        let along = motion.dot(v(1.0, 1.0).normalize()).abs();
        let went = (r.position - start).dot(v(1.0, 1.0).normalize()).abs();
        assert!(
            went > along - 0.05,
            "cell {cell}: went {went} of {along} along the slope, to {} ({:?})",
            r.position,
            r.contacts
        );
    }
}

#[test]
fn a_body_touching_a_ceiling_and_moving_a_hair_into_it_slides_along_it() {
    //  ##############   a ceiling of tiles 41.5 units high, its map's origin at (-573, -14);
    //    <- A ->        a triangle whose top vertex touches it exactly, moving 57.6 along
    //                   it (either way) and 1e-5 up into it. The cast meets the ceiling at
    //                   once (its tolerance comes from the small numbers of the tile's
    //                   frame); the clip of the motion, whose slack is a share of its length,
    //                   kept the 1e-5, so every iteration met the ceiling again at once and
    //                   the body did not move at all. It slides the whole way, no higher.
    let cell = 41.495_155;
    let origin = v(-573.443_05, -13.861_713);
    let mut world = map_of_cells((14, 8), cell, origin, |_, y| if y == 7 { '#' } else { '.' });
    let body: Shape = ConvexPolygon::new(&[
        v(-0.257_966_64, -2.331_729_4),
        v(4.383_208, -0.070_881_96),
        v(-3.359_422_7, 2.975_144_4),
    ])
    .unwrap()
    .into();
    // The top vertex on the ceiling's underside, y = origin.y + 7 cells = 276.60437.
    let start = v(-259.409_88, 273.629_24);
    for along in [57.637_672, -57.637_672] {
        let motion = v(along, 1e-5);
        let r = move_and_slide(
            &mut world,
            (body.clone(), start),
            motion,
            &MoveConfig::default(),
        )
        .unwrap();
        assert!(
            (r.position.x - start.x - along).abs() < 1e-3 && r.position.y <= start.y,
            "moving {along}: went {} ({:?})",
            r.position - start,
            r.contacts
        );
    }
}

#[test]
fn a_circle_sliding_up_slope_tiles_passes_a_joint_with_no_tile_under_the_upper_one() {
    //           /#
    //          /#     slope tiles of 64 units up a diagonal, solid under each but one: under
    //       o /.      the upper tile of one joint there is nothing (a notch below the slope's
    //        /#       line). A circle touching the slope, pressed into it by 0.001 over its
    //                 move, met that joint with the slope's normal, square to its motion, and
    //                 stopped (10 of 93 units): seen from above, the joint is flat.
    let cell = 64.0;
    let origin = v(922.083_2, 285.203_28);
    let mut world = map_of_cells((14, 14), cell, origin, |x, y| match () {
        () if x == y && (4..=11).contains(&x) => '/',
        () if x == y + 1 && (4..=11).contains(&x) && x != 7 => '#',
        () => '.',
    });
    let start = v(1_348.847_4, 740.153_93);
    let motion = v(65.621_84, 65.620_42);
    let r = move_and_slide(
        &mut world,
        (circle(19.930_822), start),
        motion,
        &MoveConfig::default(),
    )
    .unwrap();
    // The whole way along the slope, less the 0.001 into it.
    let up = v(1.0, 1.0).normalize();
    let went = (r.position - start).dot(up);
    assert!(
        went > motion.dot(up) - 0.01,
        "went {went} of {} along the slope, to {} ({:?})",
        motion.dot(up),
        r.position,
        r.contacts
    );
}

#[test]
fn a_circle_sliding_along_tiles_onto_a_box_set_flush_into_them_stays_on_the_floor() {
    //        ( )  ->                 a circle touching the floor (or 1e-5 above it),
    //   ####[box]#######             moving 60 right and 1e-4 down into it
    //   0   64  80     192           tiles of 16 (one missing at 64..80, where a separate
    //                                box collider of 16 x 16 sits, its top flush at y = 0)
    //
    // Each tile alone sees the circle graze it (never deeper than the tolerance), so it
    // comes to the box's corner up to 1e-4 below the top and meets the corner's rounded
    // edge: a normal turned sqrt(2 * 1e-4 / r) from the vertical (0.007 rad for r = 4),
    // along which the rest of the slide rose 0.16. The tiles on the left hide that corner's
    // side: it is met as the box's top, and the circle ends on the floor.
    let mut world = map_of_cells(
        (12, 1),
        16.0,
        v(0.0, -16.0),
        |x, _| {
            if x == 4 { '.' } else { '#' }
        },
    );
    let block = Aabb::new(Vec2::ZERO, v(16.0, 16.0)).unwrap();
    world.add(ColliderDesc::new(block, v(64.0, -16.0))).unwrap();
    for r in [4.0, 8.0] {
        for above in [0.0, 1e-5] {
            let body: Shape = Circle::new(r).unwrap().into();
            let start = v(50.0, r + above);
            let res = move_and_slide(
                &mut world,
                (body, start),
                v(60.0, -1e-4),
                &MoveConfig::default(),
            )
            .unwrap();
            let rise = res.position.y - r;
            assert!(
                (res.position.x - 110.0).abs() < 1e-3 && rise.abs() < 1e-4,
                "r = {r}, {above} above: ended at {} ({rise} above the floor), {:?}",
                res.position,
                res.contacts
            );
        }
    }
    // The same box alone, with nothing beside it: its corner is a corner, met at its edge
    // with the normal turned from the vertical.
    let mut alone = World::new();
    let handle = alone.add(ColliderDesc::new(block, v(64.0, -16.0))).unwrap();
    let ball: Shape = Circle::new(4.0).unwrap().into();
    let hit = alone
        .cast_shape(
            &ball,
            v(50.0, 4.0 - 1e-4),
            v(60.0, 0.0),
            &QueryFilter::default(),
        )
        .expect("the corner is met");
    assert_eq!(hit.handle, handle);
    assert!(hit.normal.x < -1e-3, "{hit:?}");
    // A box standing 3e-4 above the floor beside it (four times the tolerance here): a real
    // step, whose corner a body on the floor meets and rides over. Taken for flush, the
    // corner's normal became the top's at every iteration, against a motion the corner's
    // edge still stopped: the body stayed put.
    let mut step = map_of_cells((4, 1), 16.0, v(0.0, -16.0), |_, _| '#');
    step.add(ColliderDesc::new(block, v(64.0, -16.0 + 3e-4)))
        .unwrap();
    let res = move_and_slide(
        &mut step,
        (ball, v(50.0, 4.0)),
        v(40.0, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    // Over the step's corner it goes on along the corner's tangent, above the box's top.
    assert!(
        res.position.x > 89.9 && res.position.y > 4.0 + 3e-4 - 1e-4,
        "{res:?}"
    );
}

/// A world of one tile map `w` cells wide and `h` high, of cells `cell` wide, its origin at
/// `origin`, cell `(x, y)` (y up) holding the tile `tile(x, y)` writes as
/// `TileMap::from_rows` reads it.
fn map_of_cells(
    (w, h): (usize, usize),
    cell: f32,
    origin: Vec2,
    tile: impl Fn(usize, usize) -> char,
) -> World {
    let rows: Vec<String> = (0..h)
        .rev()
        .map(|y| (0..w).map(|x| tile(x, y)).collect())
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut world = World::new();
    world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(&rows, cell).unwrap(),
            origin,
        ))
        .unwrap();
    world
}
