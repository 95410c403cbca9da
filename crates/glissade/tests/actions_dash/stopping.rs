//! A dash stops at what it meets: a skin before a wall, through a gap its body's height, and
//! before a zero-thickness segment at ten thousand units a second.

use super::*;

#[test]
fn a_dash_into_a_wall_stops_a_skin_before_it() {
    //  □ ---->   |#|       the floor of floor_scene, a wall from x = 2 to 3, 10 high.
    // A dash of 5 to the right (33.3 units/s, 0.556 a step at 60 Hz) meets the wall in its
    // third step: it ends there, the box's right side a skin from the wall, x = 2 − 0.4 −
    // 0.01 = 1.59, with nothing left of the velocity into the wall. In the air (the box at
    // y = 5) the same, and gravity takes over at the next update.
    for y in [0.41f32, 5.0] {
        let dt = 1.0 / 60.0;
        let (mut world, p) = floor_scene();
        static_box(&mut world, v(2.0, 0.0), v(3.0, 10.0));
        world.set_position(p, v(0.0, y)).unwrap();
        let mut pl = dasher();
        pl.config.dash_distance = 5.0;
        let skin = pl.controller.config.skin;
        let n = dash_to_end(&mut pl, &mut world, p, DASH_RIGHT, dt);
        assert_eq!(n, 3, "y {y}");
        let at = pos(&world, p);
        assert!((at.x - (2.0 - 0.4 - skin)).abs() < EXACT, "y {y}: {at}");
        assert!((at.y - y).abs() < EXACT, "y {y}: {at}");
        assert!(!common::overlaps(&world, p));
        assert!(pl.velocity.x.abs() < EXACT, "y {y}: {}", pl.velocity);
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        assert!(pos(&world, p).x <= 2.0 - 0.4, "y {y}");
    }
}

#[test]
fn a_dash_passes_through_a_gap_exactly_the_bodys_height() {
    // A slot from x = 2 to 10 between a block below (top at 0) and one above (bottom at 1):
    // exactly the height of a 0.8 × 1 box, which starts in the air at (0, 0.5), flush with
    // both faces, and dashes 12 to the right (80 units/s):
    // ```text
    //            ########
    //   □ --->                --->
    //            ########
    //   0        2      10
    // ```
    // Touching both faces all along, it meets nothing head-on: it comes out at x = 12, y = 0.5,
    // and never overlaps either block.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let mut world = World::new();
        static_box(&mut world, v(2.0, -5.0), v(10.0, 0.0));
        static_box(&mut world, v(2.0, 1.0), v(10.0, 5.0));
        let p = body(&mut world, v(0.4, 0.5), v(0.0, 0.5));
        let mut pl = dasher();
        pl.config.dash_distance = 12.0;
        pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
        while pl.dashing() {
            assert!(
                !common::overlaps(&world, p),
                "{hz} Hz at {}",
                pos(&world, p)
            );
            pl.update(&mut world, p, DASH, dt).unwrap();
        }
        let at = pos(&world, p);
        assert!((at - v(12.0, 0.5)).length() < EXACT, "{hz} Hz: {at}");
    }
}

#[test]
fn a_dash_at_ten_thousand_units_a_second_stops_before_a_zero_thickness_segment() {
    //  □ ------------>  |      a segment from (3, 0) to (3, 5) standing on the floor of
    // ##################|####  floor_scene, the 0.8 box on the floor at x = 0, dashing 1500
    //  0                3      in 0.15 s (1e4 units/s, 167 a step at 60 Hz). The first step
    // meets the segment: the dash ends with the box's right side a skin before it (within the
    // two skins a move may keep), never past it; nor do the dashes pressed after.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p) = floor_scene();
        world
            .add(ColliderDesc::new(
                Shape::from(Segment::new(v(3.0, 0.0), v(3.0, 5.0)).unwrap()),
                Vec2::ZERO,
            ))
            .unwrap();
        let mut pl = dasher();
        pl.config.dash_distance = 1500.0;
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        let skin = pl.controller.config.skin;
        let n = dash_to_end(&mut pl, &mut world, p, DASH_RIGHT, dt);
        assert_eq!(n, 1, "{hz} Hz");
        let right_side = pos(&world, p).x + 0.4;
        assert!(
            (3.0 - 2.0 * skin..=3.0 - skin + EXACT).contains(&right_side),
            "{hz} Hz: right side at {right_side}"
        );
        // Pressing on into it with more dashes never passes it either.
        for _ in 0..5 {
            for _ in 0..30 {
                pl.update(&mut world, p, NOTHING, dt).unwrap();
            }
            pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
            assert!(pos(&world, p).x + 0.4 < 3.0, "{hz} Hz");
            assert!(!common::overlaps(&world, p), "{hz} Hz");
        }
    }
}
