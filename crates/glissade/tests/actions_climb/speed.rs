//! Climbing at the stated speed, up, down and sideways, at 30, 60 and 144 Hz.

use super::*;

#[test]
fn climbing_moves_at_climb_speed_up_down_and_sideways_at_30_60_and_144_hz() {
    // In the net (see net_scene), at climb speed 3 with no gravity and no friction: holding up
    // for 1 s climbs exactly 3 (from y = 0.41 to 3.41); nothing held, or up and down together,
    // holds still; right for 0.5 s moves 1.5 right; down for 0.5 s climbs down 1.5 (to
    // y = 1.91). Holding down on, the character reaches the floor (its bottom from 1.51 to a
    // skin above 0, in about 0.5 s) and lets go there, standing.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let n = hz as usize;
        let (mut world, p, net) = net_scene();
        let mut pl = climber();
        update(&mut pl, &mut world, p, NOTHING, dt);
        assert!(pl.controller.state.grounded(), "{hz} Hz");
        // Inside the net without up or down held: not climbing.
        assert_eq!(pl.climbing(), None, "{hz} Hz");
        let p0 = pos(&world, p);

        for _ in 0..n {
            update(&mut pl, &mut world, p, UP, dt);
            assert_eq!(pl.climbing(), Some(net), "{hz} Hz");
            assert_eq!(pl.animation(), Animation::Climb, "{hz} Hz");
            assert!((pl.velocity - v(0.0, CLIMB)).length() < 1e-4, "{hz} Hz");
        }
        let p1 = pos(&world, p);
        assert!((p1 - (p0 + v(0.0, CLIMB))).length() < 1e-4, "{hz} Hz: {p1}");

        let both = PlatformerInput {
            up: true,
            down: true,
            ..NOTHING
        };
        for input in [NOTHING, both] {
            for _ in 0..n / 4 {
                update(&mut pl, &mut world, p, input, dt);
                assert_eq!(pl.climbing(), Some(net), "{hz} Hz");
                assert_eq!(pl.animation(), Animation::Climb, "{hz} Hz");
            }
            assert_eq!(pos(&world, p), p1, "{hz} Hz: {input:?} held still");
            assert_eq!(pl.velocity, Vec2::ZERO, "{hz} Hz");
        }

        for _ in 0..n / 2 {
            update(&mut pl, &mut world, p, RIGHT, dt);
            assert_eq!(pl.climbing(), Some(net), "{hz} Hz");
        }
        let p2 = pos(&world, p);
        assert!(
            (p2 - (p1 + v(0.5 * CLIMB, 0.0))).length() < 1e-4,
            "{hz} Hz: {p2}"
        );

        for _ in 0..n / 2 {
            update(&mut pl, &mut world, p, DOWN, dt);
            assert_eq!(pl.climbing(), Some(net), "{hz} Hz");
            assert!((pl.velocity - v(0.0, -CLIMB)).length() < 1e-4, "{hz} Hz");
        }
        let p3 = pos(&world, p);
        assert!(
            (p3 - (p2 - v(0.0, 0.5 * CLIMB))).length() < 1e-4,
            "{hz} Hz: {p3}"
        );

        // Down to the floor: 1.5 more at 3 per second, in 0.5 s and a step or two.
        let mut steps = 0;
        while pl.climbing().is_some() {
            update(&mut pl, &mut world, p, DOWN, dt);
            steps += 1;
            assert!(steps <= n / 2 + 2, "{hz} Hz: still climbing");
        }
        assert!(steps + 2 >= n / 2, "{hz} Hz: let go after {steps} steps");
        assert!(pl.controller.state.grounded(), "{hz} Hz");
        assert_eq!(pl.animation(), Animation::Land, "{hz} Hz");
        let bottom = pos(&world, p).y - HALF;
        assert!(
            (0.0..=PROBE).contains(&bottom),
            "{hz} Hz: bottom at {bottom}"
        );
        assert!(pl.velocity.y.abs() < 1e-6, "{hz} Hz: {}", pl.velocity);
        // Standing at the foot of the net, down does not climb (nowhere to go).
        let at = pos(&world, p);
        for _ in 0..10 {
            update(&mut pl, &mut world, p, DOWN, dt);
            assert_eq!(pl.climbing(), None, "{hz} Hz");
        }
        assert_eq!(pos(&world, p), at, "{hz} Hz");
        assert_eq!(pl.animation(), Animation::Idle, "{hz} Hz");
    }
}
