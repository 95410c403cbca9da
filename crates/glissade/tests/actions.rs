//! Platformer actions beyond running and jumping: stopping at a constant deceleration (and
//! what else `PlatformerConfig` adds). Each scene is drawn in ASCII; expected numbers are
//! worked out by hand in the comments. Units: world units (1 = a tile), seconds; y up.

use glissade::character::{Animation, CharacterError, Facing, PlatformerConfig};
use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, Handle, Platformer, PlatformerInput, World};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn pos(world: &World, h: Handle) -> Vec2 {
    world.get(h).unwrap().position()
}

const RIGHT: PlatformerInput = PlatformerInput {
    left: false,
    right: true,
    jump: false,
    down: false,
    ..PlatformerInput::NONE
};
const NOTHING: PlatformerInput = PlatformerInput {
    left: false,
    right: false,
    jump: false,
    down: false,
    ..PlatformerInput::NONE
};

/// A long floor, top at 0, and a 0.8 × 0.8 box standing on it at x = 0:
/// ```text
///  □
/// ##########################   from x = -10 to 200
/// ```
fn floor_scene() -> (World, Handle) {
    let mut world = World::new();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(-10.0, -1.0), v(200.0, 0.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let body = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(0.4, 0.4)).unwrap(), v(0.0, 0.41))
                .kinematic(),
        )
        .unwrap();
    (world, body)
}

// ---------------------------------------------------------------------------------------
// Stopping
// ---------------------------------------------------------------------------------------

#[test]
fn deceleration_stops_from_top_speed_in_the_stated_time_and_distance_at_30_60_and_144_hz() {
    // Deceleration 45 from the default top speed of 22.5: at rest after 22.5 / 45 = 0.5 s,
    // having slid 22.5² / (2 · 45) = 5.625. The speed drops by 45 · dt a step (1.5, 0.75 and
    // 0.3125 at 30, 60 and 144 Hz: 15, 30 and 72 steps), and the move by the mean of the
    // step's velocities is exact for a constant deceleration, so the distance is 5.625 at
    // every rate (1e-3 for rounding), and the time 0.5 s to within one step.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p) = floor_scene();
        let mut pl = Platformer::default();
        pl.config.deceleration = Some(45.0);
        let top = pl.config.max_speed;
        assert_eq!(top, 22.5);
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        for _ in 0..(hz as usize) {
            pl.update(&mut world, p, RIGHT, dt).unwrap();
        }
        assert!(
            (pl.velocity.x - top).abs() < 1e-4,
            "{hz} Hz: {}",
            pl.velocity
        );
        let x0 = pos(&world, p).x;
        let mut steps = 0;
        while pl.velocity.x > 0.0 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
            steps += 1;
            assert!(steps < 2 * hz as usize, "{hz} Hz: still moving");
            assert!(pl.velocity.x >= 0.0, "{hz} Hz: reversed");
        }
        let t = steps as f32 * dt;
        assert!((t - 0.5).abs() <= dt + 1e-5, "{hz} Hz: at rest after {t} s");
        let d = pos(&world, p).x - x0;
        assert!((d - 5.625).abs() < 1e-3, "{hz} Hz: slid {d}");
        // At rest it stays put.
        let at = pos(&world, p);
        for _ in 0..10 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
        assert_eq!(pos(&world, p), at, "{hz} Hz");
        assert!(pl.controller.state.grounded());
    }
}

#[test]
fn friction_stays_the_default_stopping_and_a_bad_deceleration_is_refused() {
    // Unset in both presets: the exponential friction, which after 0.5 s from 22.5 at 60 Hz
    // leaves 22.5 · 0.9³⁰ ≈ 0.954 (the speed × 0.9 a step), not yet at rest.
    assert_eq!(PlatformerConfig::default().deceleration, None);
    assert_eq!(PlatformerConfig::in_pixels().deceleration, None);
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    pl.update(&mut world, p, NOTHING, 1.0 / 60.0).unwrap();
    for _ in 0..60 {
        pl.update(&mut world, p, RIGHT, 1.0 / 60.0).unwrap();
    }
    for _ in 0..30 {
        pl.update(&mut world, p, NOTHING, 1.0 / 60.0).unwrap();
    }
    let expected = 22.5 * 0.9f32.powi(30);
    assert!((pl.velocity.x - expected).abs() < 1e-3, "{}", pl.velocity);

    for bad in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        let c = PlatformerConfig {
            deceleration: Some(bad),
            ..PlatformerConfig::default()
        };
        match c.validate() {
            Err(CharacterError::BadConfig { field, .. }) => assert_eq!(field, "deceleration"),
            other => panic!("{bad}: {other:?}"),
        }
        let mut pl = Platformer::new(c, PlatformerConfig::default_character());
        assert!(pl.update(&mut world, p, NOTHING, 1.0 / 60.0).is_err());
    }
}

// ---------------------------------------------------------------------------------------
// Air jumps
// ---------------------------------------------------------------------------------------

const JUMP: PlatformerInput = PlatformerInput {
    left: false,
    right: false,
    jump: true,
    down: false,
    ..PlatformerInput::NONE
};

/// Presses jump (one step held, then `gap` steps released) and returns the upward speed at
/// the end of the pressing step.
fn press(pl: &mut Platformer, world: &mut World, p: Handle, gap: usize) -> f32 {
    let dt = 1.0 / 60.0;
    pl.update(world, p, JUMP, dt).unwrap();
    let vy = pl.velocity.y;
    for _ in 0..gap {
        pl.update(world, p, NOTHING, dt).unwrap();
    }
    vy
}

#[test]
fn air_jumps_give_exactly_that_many_extra_jumps_and_come_back_on_landing() {
    // Two air jumps, no jump cut (releasing keeps the rise). On the floor (see floor_scene) a
    // press jumps: the step ends at jump_speed − gravity · dt = 18.75 − 45 / 60 = 18 up.
    // Ten steps later (still rising, off the ground and out of coyote time), each of the next
    // two presses sets it back to jump_speed, ending the step at 18 again; the third press
    // does nothing (the upward speed keeps dropping by 0.75 a step).
    // Once landed, the same again: a ground jump and two air jumps.
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    pl.config.air_jumps = 2;
    pl.config.jump_cut = 1.0;
    let dt = 1.0 / 60.0;
    let after_press = pl.config.jump_speed - pl.config.gravity * dt;
    assert!((after_press - 18.0).abs() < 1e-5);
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    for round in 0..2 {
        assert!(pl.controller.state.grounded(), "round {round}");
        let y0 = pos(&world, p).y;
        for jump in 0..3 {
            let vy = press(&mut pl, &mut world, p, 10);
            assert!(
                (vy - after_press).abs() < 1e-4,
                "round {round}, jump {jump}: {vy}"
            );
            assert!(!pl.controller.state.grounded());
        }
        let before = pl.velocity.y;
        let vy = press(&mut pl, &mut world, p, 0);
        assert!(
            (vy - (before - pl.config.gravity * dt)).abs() < 1e-4,
            "round {round}: a fourth jump in the air: {vy} after {before}"
        );
        assert!(pos(&world, p).y > y0 + 1.0);
        // Fall back down (the unused press has long expired from the buffer).
        for _ in 0..600 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
            if pl.controller.state.grounded() {
                break;
            }
        }
        for _ in 0..5 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
    }
}

#[test]
fn without_air_jumps_a_press_in_the_air_does_nothing() {
    // The default (0 air jumps): after a jump, a second press in the air keeps falling speed
    // changing by gravity alone.
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    assert_eq!(pl.config.air_jumps, 0);
    assert_eq!(PlatformerConfig::in_pixels().air_jumps, 0);
    pl.config.jump_cut = 1.0;
    let dt = 1.0 / 60.0;
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    press(&mut pl, &mut world, p, 10);
    let before = pl.velocity.y;
    let vy = press(&mut pl, &mut world, p, 0);
    assert!(
        (vy - (before - pl.config.gravity * dt)).abs() < 1e-4,
        "{vy}"
    );
}

// ---------------------------------------------------------------------------------------
// Wall slides and wall jumps
// ---------------------------------------------------------------------------------------

const LEFT: PlatformerInput = PlatformerInput {
    left: true,
    right: false,
    jump: false,
    down: false,
    ..PlatformerInput::NONE
};

/// A shaft: walls from x = -3 leftwards and from x = 3 rightwards, 100 high, a floor at 0,
/// and the 0.8 × 0.8 box in the air at (0, 50):
/// ```text
/// #|     □     |#
/// #|           |#
/// #|___________|#
///  -3    0     3
/// ```
fn shaft() -> (World, Handle) {
    let mut world = World::new();
    for (lo, hi) in [
        (v(-10.0, -1.0), v(10.0, 0.0)),
        (v(-10.0, 0.0), v(-3.0, 100.0)),
        (v(3.0, 0.0), v(10.0, 100.0)),
    ] {
        world
            .add(ColliderDesc::new(Aabb::new(lo, hi).unwrap(), Vec2::ZERO))
            .unwrap();
    }
    let body = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(0.4, 0.4)).unwrap(), v(0.0, 50.0))
                .kinematic(),
        )
        .unwrap();
    (world, body)
}

/// Wall jumps of speed 15 at atan(12 / 9) above the outward direction (9 away, 12 up),
/// sliding at most 3, no friction (the sideways speed stays 9 in the air).
fn wall_jumper() -> Platformer {
    let mut pl = Platformer::default();
    pl.config.wall_slide_speed = Some(3.0);
    pl.config.wall_jump_speed = 15.0;
    pl.config.wall_jump_angle = (12.0f32).atan2(9.0);
    pl.config.friction = 0.0;
    pl
}

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
    world
        .add(ColliderDesc::new(
            Aabb::new(v(-10.0, -1.0), v(10.0, 0.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
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

// ---------------------------------------------------------------------------------------
// Animation state and facing
// ---------------------------------------------------------------------------------------

#[test]
fn a_scripted_run_jump_and_land_reports_each_animation_in_order() {
    // On the floor of floor_scene: settle, stand 5 steps (idle, facing right by default),
    // run right 30 steps, jump holding right and jump (rising, then falling), land (exactly
    // one update), run on, then hold left (facing left) and let go (idle, still facing
    // left).
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    let dt = 1.0 / 60.0;
    assert_eq!(
        (pl.animation(), pl.facing()),
        (Animation::Idle, Facing::Right)
    );
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    let mut seen = Vec::new();
    let mut record = |pl: &Platformer| {
        let a = pl.animation();
        if seen.last().is_none_or(|(last, _)| *last != a) {
            seen.push((a, 1));
        } else {
            seen.last_mut().unwrap().1 += 1;
        }
    };
    for _ in 0..5 {
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        record(&pl);
        assert_eq!(pl.facing(), Facing::Right);
    }
    for _ in 0..30 {
        pl.update(&mut world, p, RIGHT, dt).unwrap();
        record(&pl);
    }
    let jump_right = PlatformerInput {
        jump: true,
        ..RIGHT
    };
    let mut landed = false;
    for _ in 0..120 {
        pl.update(&mut world, p, jump_right, dt).unwrap();
        record(&pl);
        if pl.animation() == Animation::Land {
            landed = true;
            break;
        }
    }
    assert!(landed);
    // Jump held still: no new press, so no jump on landing; running on.
    for _ in 0..5 {
        pl.update(&mut world, p, jump_right, dt).unwrap();
        record(&pl);
    }
    for _ in 0..3 {
        pl.update(&mut world, p, LEFT, dt).unwrap();
        record(&pl);
        assert_eq!(pl.facing(), Facing::Left);
    }
    for _ in 0..3 {
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        record(&pl);
        assert_eq!(pl.facing(), Facing::Left);
    }
    let order: Vec<Animation> = seen.iter().map(|(a, _)| *a).collect();
    assert_eq!(
        order,
        [
            Animation::Idle,
            Animation::Run,
            Animation::Jump,
            Animation::Fall,
            Animation::Land,
            Animation::Run,
            Animation::Idle,
        ],
        "{seen:?}"
    );
    let counts: Vec<u32> = seen.iter().map(|(_, n)| *n).collect();
    // 5 idle; 30 run; the jump's rise and fall (how long each lasts depends on the top speed
    // capping the whole velocity while running, so only that there are some); 1 land (the
    // update that came down); 5 + 3 run; 3 idle.
    assert_eq!(
        [counts[0], counts[1], counts[4], counts[5], counts[6]],
        [5, 30, 1, 8, 3],
        "{seen:?}"
    );
    assert!(counts[2] > 0 && counts[3] > 0);
}

#[test]
fn pressing_into_a_wall_while_falling_reports_a_wall_slide() {
    let (mut world, p) = shaft();
    let mut pl = wall_jumper();
    for _ in 0..120 {
        pl.update(&mut world, p, RIGHT, 1.0 / 60.0).unwrap();
    }
    assert_eq!(pl.animation(), Animation::WallSlide);
    assert_eq!(pl.facing(), Facing::Right);
    // Without the slide setting, the same is a fall.
    let (mut world, p) = shaft();
    let mut pl = wall_jumper();
    pl.config.wall_slide_speed = None;
    for _ in 0..60 {
        pl.update(&mut world, p, RIGHT, 1.0 / 60.0).unwrap();
    }
    assert_eq!(pl.animation(), Animation::Fall);
}

#[test]
fn settings_changed_between_updates_are_checked_again() {
    // The settings are checked when they change: a good run, then a bad gravity, a bad
    // skin, each refused by name, and the good settings again accepted.
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    let dt = 1.0 / 60.0;
    for _ in 0..5 {
        pl.update(&mut world, p, RIGHT, dt).unwrap();
    }
    let good = pl.config.clone();
    pl.config.gravity = f32::NAN;
    let e = pl.update(&mut world, p, RIGHT, dt).unwrap_err();
    assert!(
        matches!(
            e,
            CharacterError::BadConfig {
                field: "gravity",
                ..
            }
        ),
        "{e:?}"
    );
    pl.config = good;
    pl.update(&mut world, p, RIGHT, dt).unwrap();
    let skin = pl.controller.config.skin;
    pl.controller.config.skin = -1.0;
    let e = pl.update(&mut world, p, RIGHT, dt).unwrap_err();
    assert!(
        matches!(e, CharacterError::BadConfig { field: "skin", .. }),
        "{e:?}"
    );
    pl.controller.config.skin = skin;
    pl.update(&mut world, p, RIGHT, dt).unwrap();
}
