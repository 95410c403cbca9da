//! Without climbing (no climb speed, or a ladder on another layer), a refused update, random
//! keys on ladders, letting go out of the bottom or the side, and the open top of a rope.

use super::*;

/// A scripted run of inputs: up, up and right, jump and up, nothing, down, left.
fn script() -> Vec<PlatformerInput> {
    let mut s = Vec::new();
    let jump_up = PlatformerInput {
        jump: true,
        up: true,
        ..NOTHING
    };
    let up_right = PlatformerInput {
        up: true,
        right: true,
        ..NOTHING
    };
    let left = PlatformerInput {
        left: true,
        ..NOTHING
    };
    for (input, n) in [
        (NOTHING, 5),
        (UP, 30),
        (up_right, 20),
        (jump_up, 10),
        (NOTHING, 40),
        (DOWN, 20),
        (left, 30),
        (jump_up, 5),
        (DOWN, 60),
    ] {
        s.extend(std::iter::repeat_n(input, n));
    }
    s
}

/// The positions, velocities and animations of `pl` along the script in `world`.
fn trajectory(mut pl: Platformer, world: &mut World, p: Handle) -> Vec<(Vec2, Vec2, Animation)> {
    script()
        .into_iter()
        .map(|input| {
            update(&mut pl, world, p, input, 1.0 / 60.0);
            assert_eq!(pl.climbing(), None);
            (pos(world, p), pl.velocity, pl.animation())
        })
        .collect()
}

#[test]
fn without_climb_speed_or_on_another_layer_a_ladder_is_only_a_sensor() {
    // The same script in the net scene (see net_scene) and on the bare floor: with climb
    // speed 0 (the default) the net changes nothing, nor does it with climb speed 3 when the
    // net's layers are not in the character's mask.
    let bare = {
        let mut world = floor();
        let p = add_body(&mut world);
        trajectory(Platformer::default(), &mut world, p)
    };
    assert!(bare.iter().all(|(_, _, a)| *a != Animation::Climb));
    assert_eq!(Platformer::default().config.climb_speed, 0.0);
    let (mut world, p, _) = net_scene();
    assert_eq!(trajectory(Platformer::default(), &mut world, p), bare);

    let mut world = floor();
    let net = boxed(v(-3.0, 0.0), v(3.0, 8.0))
        .climbable()
        .with_layers(1 << 3, u32::MAX);
    world.add(net).unwrap();
    let p = world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(v(HALF, HALF)).unwrap(),
                v(0.0, 0.41),
            )
            .kinematic()
            .with_layers(1, !(1 << 3)),
        )
        .unwrap();
    assert_eq!(trajectory(climber(), &mut world, p), bare);
}

#[test]
fn a_refused_update_leaves_the_climb_as_it_was() {
    // Climbing in the net (see net_scene), an update with a bad dt is refused and changes
    // nothing: still climbing the net, at the same place and velocity.
    let dt = 1.0 / 60.0;
    let (mut world, p, net) = net_scene();
    let mut pl = climber();
    update(&mut pl, &mut world, p, NOTHING, dt);
    for _ in 0..10 {
        update(&mut pl, &mut world, p, UP, dt);
    }
    let (at, vel) = (pos(&world, p), pl.velocity);
    assert!(pl.update(&mut world, p, UP, f32::NAN).is_err());
    let jump = PlatformerInput {
        jump: true,
        ..NOTHING
    };
    assert!(pl.update(&mut world, p, jump, -1.0).is_err());
    assert_eq!((pos(&world, p), pl.velocity), (at, vel));
    assert_eq!(pl.climbing(), Some(net));
    // A huge climb speed is refused the same way (its step overflows), keeping the climb.
    pl.config.climb_speed = f32::MAX;
    let up_right = PlatformerInput {
        up: true,
        right: true,
        ..NOTHING
    };
    assert!(pl.update(&mut world, p, up_right, dt).is_err());
    assert_eq!((pos(&world, p), pl.velocity), (at, vel));
    assert_eq!(pl.climbing(), Some(net));
}

#[test]
fn random_keys_on_ladders_never_fail_nor_leave_the_character_inside_anything() {
    // Both ladder scenes (a one-way platform at the top, see one_way_scene; and a block beside
    // the top), walled at both ends, under 3000 updates of random keys at 30, 60 and 144 Hz: every update succeeds,
    // the character is never inside anything, and it climbs exactly when the animation says.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        // xorshift64
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for scene in 0..2 {
        for hz in [30.0f32, 60.0, 144.0] {
            let (mut world, p) = if scene == 0 {
                let (world, p, _, _) = one_way_scene();
                (world, p)
            } else {
                let mut world = floor();
                world
                    .add(boxed(v(-0.5, 0.0), v(0.5, 3.0)).climbable())
                    .unwrap();
                world.add(boxed(v(0.5, 0.0), v(10.0, 3.0))).unwrap();
                let p = add_body(&mut world);
                (world, p)
            };
            // Walls at both ends of the floor keep the character on it.
            world.add(boxed(v(-11.0, -1.0), v(-10.0, 20.0))).unwrap();
            world.add(boxed(v(10.0, -1.0), v(11.0, 20.0))).unwrap();
            let mut pl = climber();
            let mut keys = NOTHING;
            let mut climbed = 0;
            for _ in 0..3000 {
                let r = next();
                // Keys change now and then, so that holds last long enough to climb.
                if r % 8 == 0 {
                    keys = PlatformerInput {
                        up: r & (1 << 8) != 0,
                        down: r & (1 << 9) != 0,
                        left: r & (1 << 10) != 0,
                        right: r & (1 << 11) != 0,
                        jump: r & (1 << 12) != 0,
                        ..NOTHING
                    };
                }
                update(&mut pl, &mut world, p, keys, 1.0 / hz);
                assert_eq!(
                    pl.climbing().is_some(),
                    pl.animation() == Animation::Climb,
                    "{hz} Hz"
                );
                assert!(pos(&world, p).y > 0.0, "{hz} Hz: fell through the floor");
                climbed += usize::from(pl.climbing().is_some());
            }
            // Some of it on the ladder (it wanders off it often).
            assert!(climbed > 20, "{hz} Hz: climbed only {climbed} updates");
        }
    }
}

#[test]
fn out_of_the_bottom_or_the_side_the_climber_lets_go_keeping_the_climbs_velocity() {
    // A net hanging above the floor, the character in it:
    // ```text
    //  :.........:   y = 8
    //  :    □    :   the character at (0, 5)
    //  :.........:   y = 2, x from -3 to 3
    //
    // ###############  floor top 0
    // ```
    // Down held in the air grabs the net at once (nothing solid below). Climbing down out of
    // its bottom (the top of the box past y = 2) lets go falling at the climb speed, (0, -3);
    // climbing right out of its side lets go at (3, 0). Either way the character then falls
    // to the floor and stands on it.
    let dt = 1.0 / 60.0;
    let ways = [(DOWN, v(0.0, -CLIMB)), (RIGHT, v(CLIMB, 0.0))];
    for (input, expected) in ways {
        let mut world = floor();
        let net = world
            .add(boxed(v(-3.0, 2.0), v(3.0, 8.0)).climbable())
            .unwrap();
        let p = world
            .add(
                ColliderDesc::new(Aabb::from_half_extents(v(HALF, HALF)).unwrap(), v(0.0, 5.0))
                    .kinematic(),
            )
            .unwrap();
        let mut pl = climber();
        update(&mut pl, &mut world, p, DOWN, dt);
        assert_eq!(pl.climbing(), Some(net));
        let mut steps = 0usize;
        while pl.climbing().is_some() {
            update(&mut pl, &mut world, p, input, dt);
            steps += 1;
            assert!(steps < 200, "{input:?}: still climbing");
        }
        // Out of the bottom: from y = 5 - 0.05 to a top below 2 (y < 1.6), 3.35 at 0.05 a
        // step: 67 steps; out of the side: from x = 0 to a left side past 3 (x > 3.4), 68.
        let expected_steps = if input == DOWN { 67 } else { 68 };
        assert!(
            steps.abs_diff(expected_steps) <= 1,
            "{input:?}: {steps} steps"
        );
        assert!((pl.velocity - expected).length() < 1e-4, "{}", pl.velocity);
        assert_eq!(pl.animation(), Animation::Fall);
        assert!(!pl.controller.state.grounded());
        for _ in 0..120 {
            update(&mut pl, &mut world, p, NOTHING, dt);
        }
        assert!(pl.controller.state.grounded(), "{input:?}");
        assert_eq!(pl.climbing(), None);
    }
}

#[test]
fn at_the_open_top_of_a_rope_the_climber_is_held_still_not_bobbing() {
    // A rope hanging in the air, nothing at its top, the character in it:
    // ```text
    //       H        y = 6: the rope's top (x from -0.5 to 0.5, y from 2 to 6)
    //       H□       the character at (0, 3)
    //       H        y = 2
    //
    // ###############  floor top 0
    // ```
    // Up held: it climbs at 3 per second until its bottom reaches the top (y = 6) and is
    // held there, one skin (0.01) inside the rope: the box's centre at 6 - 0.01 + 0.4 = 6.39,
    // still climbing, no upward speed, at any frame rate. (Letting go there would drop it
    // back into the rope, which up would grab again: a bob of a few hundredths every few
    // frames.) Released, it stays; down climbs down at the climb speed; a jump leaves it.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let mut world = floor();
        let rope = world
            .add(boxed(v(-0.5, 2.0), v(0.5, 6.0)).climbable())
            .unwrap();
        let p = world
            .add(
                ColliderDesc::new(Aabb::from_half_extents(v(HALF, HALF)).unwrap(), v(0.0, 3.0))
                    .kinematic(),
            )
            .unwrap();
        let mut pl = climber();
        update(&mut pl, &mut world, p, UP, dt);
        assert_eq!(pl.climbing(), Some(rope), "{hz} Hz");
        // From y = 3 (bottom 2.6) to a bottom at 5.99: 3.39 at 3 per second, about 1.13 s.
        // Two seconds of up: the last 0.8 s all at the top.
        let n = (2.0 * hz) as usize;
        for i in 0..n {
            update(&mut pl, &mut world, p, UP, dt);
            assert_eq!(pl.climbing(), Some(rope), "{hz} Hz: let go at update {i}");
            if i as f32 * dt > 1.2 {
                let y = pos(&world, p).y;
                assert!((y - 6.39).abs() < 1e-4, "{hz} Hz: y {y} at update {i}");
                assert_eq!(pl.velocity, Vec2::ZERO, "{hz} Hz");
                assert_eq!(pl.animation(), Animation::Climb, "{hz} Hz");
            }
        }
        for _ in 0..(hz as usize / 2) {
            update(&mut pl, &mut world, p, NOTHING, dt);
        }
        assert!(
            (pos(&world, p).y - 6.39).abs() < 1e-4,
            "{hz} Hz: stays when released"
        );
        for _ in 0..(hz as usize / 2) {
            update(&mut pl, &mut world, p, DOWN, dt);
        }
        // Half a second down: 1.5 lower.
        assert!(
            (pos(&world, p).y - 4.89).abs() < 1e-3,
            "{hz} Hz: {}",
            pos(&world, p)
        );
        let jump = PlatformerInput {
            jump: true,
            ..NOTHING
        };
        update(&mut pl, &mut world, p, jump, dt);
        assert_eq!(pl.climbing(), None, "{hz} Hz: a jump leaves the rope");
        assert!(pl.velocity.y > 0.0, "{hz} Hz");
    }
}
