//! Wall slides and wall jumps in a shaft: the slide speed, the apex of a jump off either wall,
//! air jumps given back, steering locked for a moment after a jump and the grace for a late
//! one, no jump or slide off a one-way platform's edge, and bad wall settings refused by name.

use super::*;

#[test]
fn pressing_into_a_wall_while_falling_settles_at_the_slide_speed() {
    // Falling in the shaft holding toward a wall: once against it, the fall speed is capped
    // at 3 (gravity would take it to the terminal 56.25); it stays 3 to the floor.
    for (input, side) in [(RIGHT, 1.0), (LEFT, -1.0)] {
        let (mut world, p) = shaft();
        let mut pl = wall_jumper();
        let dt = 1.0 / 60.0;
        for _ in 0..120 {
            pl.update(&mut world, p, input, dt).unwrap();
        }
        assert!(pl.controller.state.wall.is_some(), "{side}");
        assert!(
            (pl.velocity.y + 3.0).abs() < 1e-4,
            "{side}: {}",
            pl.velocity
        );
        let x = pos(&world, p).x;
        assert!(
            (x - side * 2.6).abs() < 0.01,
            "{side}: against the wall at {x}"
        );
        // Letting go of the direction: the cap no longer applies.
        for _ in 0..10 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
        assert!(pl.velocity.y < -3.0 - 5.0, "{side}: {}", pl.velocity);
    }
}

#[test]
fn a_wall_jump_from_either_side_reaches_the_worked_out_apex() {
    // Against a wall, sliding: a press sets the velocity to 9 away from the wall and 12 up.
    // With gravity 45 the rise lasts 12 / 45 = 0.2667 s = 16 steps at 60 Hz, reaching
    // 12² / (2 · 45) = 1.6 above the start, 9 · 0.2667 = 2.4 away from it (the move by the
    // mean of the step's velocities is exact for constant gravity).
    for (input, side) in [(RIGHT, 1.0), (LEFT, -1.0)] {
        let (mut world, p) = shaft();
        let mut pl = wall_jumper();
        let dt = 1.0 / 60.0;
        for _ in 0..120 {
            pl.update(&mut world, p, input, dt).unwrap();
        }
        let start = pos(&world, p);
        let held_jump = PlatformerInput {
            jump: true,
            ..NOTHING
        };
        pl.update(&mut world, p, held_jump, dt).unwrap();
        for _ in 0..15 {
            pl.update(&mut world, p, held_jump, dt).unwrap();
        }
        let apex = pos(&world, p) - start;
        assert!((apex.y - 1.6).abs() < 1e-4, "{side}: {apex}");
        assert!((apex.x + side * 2.4).abs() < 1e-4, "{side}: {apex}");
        assert!(pl.velocity.y.abs() < 1e-4, "{side}: {}", pl.velocity);
        // One step later it is coming down.
        pl.update(&mut world, p, held_jump, dt).unwrap();
        assert!(pos(&world, p).y - start.y < 1.6);
    }
}

#[test]
fn a_wall_jump_gives_the_air_jumps_back_unless_told_not_to() {
    // One air jump. Sliding down the right wall, the air jump is spent (a press while not
    // against the wall: let go of right for a step, then press); back at the wall, a wall
    // jump. Refreshing (the default): the next press in the air jumps again (upward speed
    // back to the jump speed, 18.75 by default, less one step of gravity). Not refreshing: that press does nothing.
    for refresh in [true, false] {
        let (mut world, p) = shaft();
        let config = PlatformerConfig {
            air_jumps: 1,
            wall_jump_refreshes_air_jumps: refresh,
            wall_jump_grace: 0.0,
            ..wall_jumper().config
        };
        let mut pl = Platformer::new(config, PlatformerConfig::default_character());
        let dt = 1.0 / 60.0;
        for _ in 0..120 {
            pl.update(&mut world, p, RIGHT, dt).unwrap();
        }
        // Away from the wall for a moment: the press is an air jump.
        let away = PlatformerInput {
            left: true,
            ..NOTHING
        };
        for _ in 0..3 {
            pl.update(&mut world, p, away, dt).unwrap();
        }
        assert!(pl.controller.state.wall.is_none());
        pl.update(&mut world, p, PlatformerInput { jump: true, ..away }, dt)
            .unwrap();
        assert!(pl.velocity.y > 10.0, "the air jump: {}", pl.velocity);
        // Back to the wall, falling again, and a wall jump off it.
        for _ in 0..200 {
            pl.update(&mut world, p, RIGHT, dt).unwrap();
        }
        assert!(pl.controller.state.wall.is_some() && pl.velocity.y < 0.0);
        let jump_right = PlatformerInput {
            jump: true,
            ..RIGHT
        };
        pl.update(&mut world, p, jump_right, dt).unwrap();
        assert!(
            pl.velocity.x < 0.0,
            "the wall jump goes left: {}",
            pl.velocity
        );
        for _ in 0..20 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
        let before = pl.velocity.y;
        pl.update(
            &mut world,
            p,
            PlatformerInput {
                jump: true,
                ..NOTHING
            },
            dt,
        )
        .unwrap();
        if refresh {
            let jumped = pl.config.jump_speed - pl.config.gravity * dt;
            assert!((pl.velocity.y - jumped).abs() < 1e-3, "{}", pl.velocity);
        } else {
            assert!(pl.velocity.y < before, "{} then {}", before, pl.velocity);
        }
    }
}

#[test]
fn steering_back_is_locked_for_a_moment_after_a_wall_jump_and_the_grace_allows_a_late_one() {
    // Holding back toward the wall after the jump: for the 0.15 s lock (9 steps) the
    // sideways speed stays 9 away; then the acceleration (78.75) turns it around.
    let (mut world, p) = shaft();
    let mut pl = wall_jumper();
    let dt = 1.0 / 60.0;
    for _ in 0..120 {
        pl.update(&mut world, p, RIGHT, dt).unwrap();
    }
    let jump_right = PlatformerInput {
        jump: true,
        ..RIGHT
    };
    pl.update(&mut world, p, jump_right, dt).unwrap();
    assert!((pl.velocity.x + 9.0).abs() < 1e-4, "{}", pl.velocity);
    for _ in 0..8 {
        pl.update(&mut world, p, jump_right, dt).unwrap();
        assert!((pl.velocity.x + 9.0).abs() < 1e-4, "{}", pl.velocity);
    }
    for _ in 0..3 {
        pl.update(&mut world, p, jump_right, dt).unwrap();
    }
    assert!(pl.velocity.x > -9.0 + 1.0, "{}", pl.velocity);

    // The grace: leaving the wall (no direction held) and pressing 3 steps later (0.05 s,
    // within the 0.1 s) still wall jumps; 8 steps later (0.133 s) it does not.
    for (wait, jumps) in [(3, true), (8, false)] {
        let (mut world, p) = shaft();
        let mut pl = wall_jumper();
        for _ in 0..120 {
            pl.update(&mut world, p, RIGHT, dt).unwrap();
        }
        for _ in 0..wait {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
        let jump = PlatformerInput {
            jump: true,
            ..NOTHING
        };
        pl.update(&mut world, p, jump, dt).unwrap();
        assert_eq!(pl.velocity.y > 0.0, jumps, "after {wait}: {}", pl.velocity);
    }
}

#[test]
fn no_wall_jump_or_slide_off_a_one_way_platforms_edge() {
    // A thick one-way platform (x from 0.5 to 10, y from 30 to 41) beside the box, which
    // starts at (0, 39), below its top: falling while holding right, the box passes into it
    // from the side (one-way platforms block only from above), so its edge is no wall:
    // after 40 steps it falls at 11.16 (the top speed of 22.5 caps the whole velocity, 19.54
    // of it sideways), not the slide's 3, and a press does not jump.
    //   =======
    //  □=======
    //   =======
    let mut world = World::new();
    static_box(&mut world, v(-10.0, -1.0), v(10.0, 0.0));
    world
        .add(
            ColliderDesc::new(Aabb::new(v(0.5, 30.0), v(10.0, 41.0)).unwrap(), Vec2::ZERO)
                .one_way(),
        )
        .unwrap();
    let p = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(0.4, 0.4)).unwrap(), v(0.0, 39.0))
                .kinematic(),
        )
        .unwrap();
    let mut pl = wall_jumper();
    let dt = 1.0 / 60.0;
    for _ in 0..40 {
        pl.update(&mut world, p, RIGHT, dt).unwrap();
    }
    assert_eq!(pl.controller.state.wall, None);
    assert!(!pl.controller.state.grounded());
    assert!(pl.velocity.y < -11.0, "{}", pl.velocity);
    let jump = PlatformerInput {
        jump: true,
        ..RIGHT
    };
    pl.update(&mut world, p, jump, dt).unwrap();
    assert!(pl.velocity.y < 0.0, "{}", pl.velocity);
}

#[test]
fn bad_wall_settings_are_refused_by_name() {
    for (c, name) in [
        (
            PlatformerConfig {
                wall_slide_speed: Some(-1.0),
                ..PlatformerConfig::default()
            },
            "wall_slide_speed",
        ),
        (
            PlatformerConfig {
                wall_jump_speed: f32::NAN,
                ..PlatformerConfig::default()
            },
            "wall_jump_speed",
        ),
        (
            PlatformerConfig {
                wall_jump_angle: 2.0,
                ..PlatformerConfig::default()
            },
            "wall_jump_angle",
        ),
        (
            PlatformerConfig {
                wall_jump_grace: -0.1,
                ..PlatformerConfig::default()
            },
            "wall_jump_grace",
        ),
        (
            PlatformerConfig {
                wall_jump_lock: f32::INFINITY,
                ..PlatformerConfig::default()
            },
            "wall_jump_lock",
        ),
    ] {
        match c.validate() {
            Err(CharacterError::BadConfig { field, .. }) => assert_eq!(field, name),
            other => panic!("{name}: {other:?}"),
        }
    }
    let d = PlatformerConfig::default();
    assert_eq!(
        (d.wall_slide_speed, d.wall_jump_speed),
        (None, 0.0),
        "off by default"
    );
    assert_eq!(PlatformerConfig::in_pixels().wall_jump_speed, 0.0);
}
