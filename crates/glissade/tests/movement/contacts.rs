//! Exact contacts: a corner hit, a V crevice, a gap as wide as the body, thin and
//! overlapping walls, starting inside, buried in tiles, the responses, contacts reported once,
//! and the bisection strategy beside the exact one.

use super::*;

#[test]
fn an_exact_corner_hit_stops_at_the_corner_less_the_skin() {
    //      ####
    //      ####    a unit box at (3, 3)-(4, 4); a unit box (half 0.5) from (0.5, 0.5) moving
    //   /          (3, 3): its top-right corner meets the wall's bottom-left corner at t = 2/3,
    //  □           exactly diagonal. It stops short by the skin along the normal.
    let mut world = World::new();
    let wall = add(
        &mut world,
        Aabb::new(v(3.0, 3.0), v(4.0, 4.0)).unwrap(),
        Vec2::ZERO,
    );
    let r = move_and_slide(
        &mut world,
        (boxed(0.5, 0.5), v(0.5, 0.5)),
        v(3.0, 3.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert_eq!(r.contacts.len(), 1);
    assert_eq!(r.contacts[0].handle, wall);
    assert!(
        (r.contacts[0].fraction - 2.0 / 3.0).abs() < 1e-5,
        "{:?}",
        r.contacts[0]
    );
    // Corner to corner: whatever axis the tie picks, the body is clear of the wall.
    assert!(
        r.position.x <= 2.5 + 1e-5 || r.position.y <= 2.5 + 1e-5,
        "{}",
        r.position
    );
    assert!(
        overlap(
            &boxed(0.5, 0.5),
            r.position,
            &Aabb::new(v(3.0, 3.0), v(4.0, 4.0)).unwrap().into(),
            Vec2::ZERO
        )
        .is_none()
    );
}

#[test]
fn a_body_in_a_v_crevice_rests_without_jitter() {
    //  \        /
    //   \      /     two 45° planks meeting at (0, 0); a ball of radius 0.5 dropped in
    //    \    /      falls and rests: over 600 steps of gravity its position changes by
    //     \  /       less than 1e-5 once it has settled.
    //      \/
    let mut world = World::new();
    add(
        &mut world,
        Segment::new(v(-10.0, 10.0), v(0.0, 0.0)).unwrap(),
        Vec2::ZERO,
    );
    add(
        &mut world,
        Segment::new(v(0.0, 0.0), v(10.0, 10.0)).unwrap(),
        Vec2::ZERO,
    );
    for body in [circle(0.5), boxed(0.5, 0.5), capsule(0.2, 0.3)] {
        let mut pos = v(0.3, 4.0);
        for _ in 0..200 {
            pos = move_and_slide(
                &mut world,
                (body.clone(), pos),
                v(0.0, -0.2),
                &MoveConfig::default(),
            )
            .unwrap()
            .position;
        }
        let settled = pos;
        for _ in 0..600 {
            let r = move_and_slide(
                &mut world,
                (body.clone(), pos),
                v(0.0, -0.2),
                &MoveConfig::default(),
            )
            .unwrap();
            assert!(
                world
                    .overlap_shape(&body, r.position, &QueryFilter::default())
                    .is_empty()
            );
            pos = r.position;
        }
        assert!(
            (pos - settled).length() < 1e-5,
            "{body:?}: drifted from {settled} to {pos}"
        );
        // It sits in the middle of the V.
        assert!(pos.x.abs() < 1e-3, "{pos}");
    }
}

#[test]
fn a_one_unit_body_fits_a_one_unit_gap() {
    //  ####.####    a gap exactly 1 unit wide between two blocks; a 1-unit box (0.98 with
    //  ####.####    the skins) falls straight in.
    //  #########
    let map = TileMap::from_rows(&["####.####", "####.####", "#########"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let body = boxed(0.5 - SKIN, 0.5 - SKIN);
    let r = move_and_slide(
        &mut world,
        (body, v(4.5, 5.0)),
        v(0.0, -5.0),
        &MoveConfig::default(),
    )
    .unwrap();
    // Lands on the bottom row (top at y = 1) and stays centred.
    assert!((r.position.x - 4.5).abs() < 1e-6, "{}", r.position);
    assert!(
        r.position.y >= 1.0 + 0.5 - SKIN && r.position.y <= 1.5 + SKIN,
        "{}",
        r.position
    );
}

#[test]
fn paper_thin_and_overlapping_walls_stop_a_fast_body() {
    //  |   a zero-thickness wall at x = 10, a 0.001-thick box at x = 20, and two boxes
    //  |   overlapping each other at x = 30: a ball at 1000 units per step stops at each.
    for wall in [
        vec![Shape::from(
            Segment::new(v(10.0, -5.0), v(10.0, 5.0)).unwrap(),
        )],
        vec![Aabb::new(v(10.0, -5.0), v(10.001, 5.0)).unwrap().into()],
        vec![
            Aabb::new(v(10.0, -5.0), v(11.0, 5.0)).unwrap().into(),
            Aabb::new(v(10.5, -3.0), v(12.0, 3.0)).unwrap().into(),
        ],
    ] {
        let mut world = World::new();
        for s in wall {
            add(&mut world, s, Vec2::ZERO);
        }
        let r = move_and_slide(
            &mut world,
            (circle(0.5), v(0.0, 0.0)),
            v(1000.0, 0.0),
            &MoveConfig::default(),
        )
        .unwrap();
        assert!(
            (r.position.x - (10.0 - 0.5 - SKIN)).abs() < 1e-4,
            "{}",
            r.position
        );
        assert_eq!(r.velocity, Vec2::ZERO);
    }
}

#[test]
fn starting_inside_pushes_out_once_the_shortest_way() {
    //  ..□..     a unit box sunk 0.25 into a floor of two tiles (it straddles the seam):
    //  ##|##     pushed up once by 0.25 + skin, not twice.
    let map = TileMap::from_rows(&["....", "####"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let body = boxed(0.5, 0.5);
    let r = move_and_slide(
        &mut world,
        (body.clone(), v(2.0, 1.25)),
        Vec2::ZERO,
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(2.0, 1.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );
    // Moving further in is blocked, moving out is free.
    let r = move_and_slide(
        &mut world,
        (body.clone(), v(2.0, 1.25)),
        v(0.3, -1.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(2.3, 1.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );
    // (Pushed out first, then the whole motion: 1.5 + skin + 1.)
    let r = move_and_slide(
        &mut world,
        (body.clone(), v(2.0, 1.25)),
        v(0.0, 1.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(2.0, 2.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );

    //  #.        in a corner: 0.25 into the floor and 0.125 into the wall on the left:
    //  #□.       pushed by both at once, (0.125 + skin, 0.25 + skin).
    //  ###
    let map = TileMap::from_rows(&["#..", "#..", "###"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let r = move_and_slide(
        &mut world,
        (body, v(1.375, 1.25)),
        Vec2::ZERO,
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(1.5 + SKIN, 1.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );
}

#[test]
fn a_body_buried_in_a_block_of_tiles_leaves_through_an_exposed_face() {
    //  .....
    //  ##□##     a unit box whose centre is 0.1 below the top of a long block: the faces
    //  #####     between tiles are hidden, so the only way out is up (0.6 + skin).
    let map = TileMap::from_rows(&[".....", "#####", "#####"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let r = move_and_slide(
        &mut world,
        (boxed(0.5, 0.5), v(2.5, 1.9)),
        Vec2::ZERO,
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(2.5, 2.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );
}

#[test]
fn responses_bounce_stop_touch_and_cross() {
    //  o -->  |  ¦      a ball moving right meets a trigger (¦, at x = 5) and a wall (|, at
    //                   x = 10). Wall response decides what happens.
    let mut world = World::new();
    let trigger = add(
        &mut world,
        Aabb::new(v(5.0, -1.0), v(6.0, 1.0)).unwrap(),
        Vec2::ZERO,
    );
    let wall = add(
        &mut world,
        Aabb::new(v(10.0, -5.0), v(11.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    let ball = circle(0.5);
    let run = |wall_response: Response| {
        let respond = move |h: Handle, _: &glissade::world::Collider| {
            if h == trigger {
                Response::Cross
            } else {
                wall_response
            }
        };
        let cfg = MoveConfig::default().with_response(&respond);
        let mut w = world.clone();
        move_and_slide(&mut w, (ball.clone(), v(0.0, 0.0)), v(12.0, 0.0), &cfg).unwrap()
    };
    // Bounce with e = 1: reaches x = 9.5 - skin at 9.49/12 of the step, comes back the rest.
    let r = run(Response::Bounce { restitution: 1.0 });
    let at_wall = 9.5 - SKIN;
    assert!(
        (r.position.x - (at_wall - (12.0 - at_wall))).abs() < 1e-4,
        "{}",
        r.position
    );
    assert_eq!(r.velocity, v(-12.0, 0.0));
    assert_eq!(
        r.contacts.iter().map(|c| c.handle).collect::<Vec<_>>(),
        vec![trigger, wall]
    );
    assert_eq!(r.contacts[0].response, Response::Cross);
    assert!((r.contacts[0].fraction - 4.5 / 12.0).abs() < 1e-6);
    // Stop: at the wall, velocity zero. Touch: at the wall, velocity kept.
    let r = run(Response::Stop);
    assert!((r.position.x - at_wall).abs() < 1e-4);
    assert_eq!(r.velocity, Vec2::ZERO);
    let r = run(Response::Touch);
    assert!((r.position.x - at_wall).abs() < 1e-4);
    assert_eq!(r.velocity, v(12.0, 0.0));
    // Cross everything: the ball ends where it was asked to, having reported each once.
    let r = run(Response::Cross);
    assert_eq!(r.position, v(12.0, 0.0));
    assert_eq!(r.contacts.len(), 2);
}

#[test]
fn one_move_never_reports_a_collider_twice() {
    //  |□   |    a ball bouncing between two walls 3 units apart with a motion of 20 hits
    //            each wall several times but reports each once.
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(-1.0, -5.0), v(0.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    add(
        &mut world,
        Aabb::new(v(3.0, -5.0), v(4.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    let bounce = |_: Handle, _: &glissade::world::Collider| Response::Bounce { restitution: 1.0 };
    let cfg = MoveConfig::default()
        .with_response(&bounce)
        .with_max_iterations(8);
    let r = move_and_slide(&mut world, (circle(0.5), v(1.5, 0.0)), v(20.0, 0.0), &cfg).unwrap();
    assert_eq!(r.contacts.len(), 2);
    assert!(r.position.x > 0.5 && r.position.x < 2.5);
    assert!(
        r.remaining.length() > 0.0,
        "8 bounces cannot use 20 units in a 2-unit corridor"
    );
}

#[test]
fn the_bisection_moves_about_as_far_but_not_exactly() {
    //  □ -->   |     a unit box at x = 0 moving 10 toward a wall at x = 5.
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(5.0, -5.0), v(6.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    let body = boxed(0.5, 0.5);
    let exact = move_and_slide(
        &mut world,
        (body.clone(), Vec2::ZERO),
        v(10.0, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    let cfg = MoveConfig::default().with_strategy(MoveStrategy::BISECTION_BASELINE);
    let bis = move_and_slide(&mut world, (body, Vec2::ZERO), v(10.0, 0.0), &cfg).unwrap();
    assert!((exact.position.x - (4.5 - SKIN)).abs() < 1e-5);
    // Bisection stops within its 0.05 minimum step of the wall, never inside it.
    assert!(
        bis.position.x <= 4.5 && bis.position.x > 4.5 - 0.05 - 1e-5,
        "{}",
        bis.position
    );
    assert_eq!(bis.contacts.len(), 1);
    assert_eq!(bis.contacts[0].normal, Vec2::NEG_X);
}
