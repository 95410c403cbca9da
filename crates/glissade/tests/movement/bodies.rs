//! Several bodies in one step (`move_bodies`): meeting by relative motion, whatever the order
//! of the moves, and pushing out of each other half way each.

use super::*;

#[test]
fn two_boxes_crossing_paths_meet_mid_step_in_any_order() {
    //   a  .  .  b'      a at (0, 0) moves (10, 10); b at (10, 0) moves (-10, 10). Moved one
    //    \     /        after the other they would miss; by relative motion they meet at
    //      \ /          t = 0.45 (the x gap of 9 closes at 20 per step), then slide up
    //      / \          along each other: a ends at x = 4.5 - skin, b at 5.5 + skin, both
    //   a'       b       at y = 10.
    let mut world = World::new();
    let a = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let b = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(10.0, 0.0)).kinematic())
        .unwrap();
    let moves = [
        BodyMove {
            handle: a,
            motion: v(10.0, 10.0),
        },
        BodyMove {
            handle: b,
            motion: v(-10.0, 10.0),
        },
    ];
    let mut w1 = world.clone();
    let r1 = move_bodies(&mut w1, &moves, &MoveConfig::default()).unwrap();
    assert!((r1[0].contacts[0].fraction - 0.45).abs() < 1e-6);
    assert_eq!(r1[0].contacts[0].handle, b);
    assert!(
        (r1[0].position - v(4.5 - SKIN, 10.0)).length() < 1e-4,
        "{}",
        r1[0].position
    );
    assert!(
        (r1[1].position - v(5.5 + SKIN, 10.0)).length() < 1e-4,
        "{}",
        r1[1].position
    );
    let mut w2 = world.clone();
    let r2 = move_bodies(&mut w2, &[moves[1], moves[0]], &MoveConfig::default()).unwrap();
    assert_eq!(r1[0], r2[1]);
    assert_eq!(r1[1], r2[0]);
}

#[test]
fn bodies_side_by_side_at_the_same_velocity_never_meet() {
    //  □□□□□   five touching boxes (1 apart centre to centre, half 0.5) all moving (3, 1)
    let mut world = World::new();
    let hs: Vec<Handle> = (0..5)
        .map(|i| {
            world
                .add(ColliderDesc::new(boxed(0.5, 0.5), v(i as f32, 0.0)).kinematic())
                .unwrap()
        })
        .collect();
    let moves: Vec<BodyMove> = hs
        .iter()
        .map(|&handle| BodyMove {
            handle,
            motion: v(3.0, 1.0),
        })
        .collect();
    let r = move_bodies(&mut world, &moves, &MoveConfig::default()).unwrap();
    for (i, r) in r.iter().enumerate() {
        assert_eq!(r.position, v(i as f32 + 3.0, 1.0));
        assert!(r.contacts.is_empty());
    }
}

#[test]
fn many_movers_give_the_same_result_in_shuffled_orders() {
    // 40 boxes and balls on a tile floor with walls, moving toward each other and the walls.
    let map = TileMap::from_rows(
        &[
            "#..................#",
            "#..................#",
            "####################",
        ],
        1.0,
    )
    .unwrap();
    let mut world = World::with_cell_size(2.0).unwrap();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let mut moves = Vec::new();
    let mut rnd = unit_numbers(12345);
    for i in 0..40 {
        let shape = if i % 2 == 0 {
            boxed(0.2, 0.2)
        } else {
            circle(0.2)
        };
        let at = v(1.5 + (i % 16) as f32 * 1.05, 1.3 + (i / 16) as f32 * 0.5);
        let h = world.add(ColliderDesc::new(shape, at).kinematic()).unwrap();
        moves.push(BodyMove {
            handle: h,
            motion: v(rnd() * 4.0 - 2.0, rnd() * 2.0 - 1.5),
        });
    }
    let mut w0 = world.clone();
    let base = move_bodies(&mut w0, &moves, &MoveConfig::default()).unwrap();
    for k in 1..6 {
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.rotate_left(k * 7);
        order.swap(0, k);
        let shuffled: Vec<BodyMove> = order.iter().map(|&i| moves[i]).collect();
        let mut w = world.clone();
        let r = move_bodies(&mut w, &shuffled, &MoveConfig::default()).unwrap();
        for (j, &i) in order.iter().enumerate() {
            assert_eq!(r[j], base[i], "body {i} differs in order {k}");
        }
    }
}

#[test]
fn movers_that_start_overlapping_give_the_same_result_in_shuffled_orders() {
    // 150 boxes and balls crowded into a 6 × 4 pen, most overlapping several of the others
    // (so each is pushed out of several at once, where the order of the pushes matters to the
    // bit), moving every which way for 5 steps. The order of `moves` decides nothing, even for
    // bodies in the same broadphase cell.
    //
    //   #......#
    //   #□o□o□o#   150 bodies of radius 0.3, their centres within
    //   #o□o□o□#   x in [1.5, 5.5] and y in [1.5, 4.5]
    //   #□o□o□o#
    //   ########
    let map = TileMap::from_rows(
        &["#......#", "#......#", "#......#", "#......#", "########"],
        1.0,
    )
    .unwrap();
    let mut world = World::with_cell_size(2.0).unwrap();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let mut rnd = unit_numbers(777);
    let mut moves = Vec::new();
    for i in 0..150 {
        let shape = if i % 2 == 0 {
            boxed(0.3, 0.3)
        } else {
            circle(0.3)
        };
        let at = v(1.5 + rnd() * 4.0, 1.5 + rnd() * 3.0);
        let h = world.add(ColliderDesc::new(shape, at).kinematic()).unwrap();
        moves.push(BodyMove {
            handle: h,
            motion: v(rnd() - 0.5, rnd() - 0.5) * 0.6,
        });
    }
    let steps = |moves: &[BodyMove]| {
        let mut w = world.clone();
        let mut all = Vec::new();
        for _ in 0..5 {
            all.push(move_bodies(&mut w, moves, &MoveConfig::default()).unwrap());
        }
        all
    };
    // Most bodies start inside two others or more (the tile map aside).
    let crowded = moves
        .iter()
        .filter(|m| {
            let c = world.get(m.handle).unwrap();
            let inside =
                world.overlap_shape(c.shape().unwrap(), c.position(), &QueryFilter::default());
            inside.iter().filter(|o| o.handle != m.handle).count() >= 2
        })
        .count();
    assert!(crowded > 120, "{crowded} crowded bodies");
    let base = steps(&moves);
    for k in 0..4 {
        let mut order: Vec<usize> = (0..moves.len()).collect();
        if k == 0 {
            order.reverse();
        } else {
            order.rotate_left(k * 13);
            order.swap(1, 2 * k);
        }
        let shuffled: Vec<BodyMove> = order.iter().map(|&i| moves[i]).collect();
        let r = steps(&shuffled);
        for (s, (got, want)) in r.iter().zip(&base).enumerate() {
            for (j, &i) in order.iter().enumerate() {
                assert_eq!(got[j], want[i], "body {i} differs at step {s} in order {k}");
            }
        }
    }
}
