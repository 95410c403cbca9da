//! Moving and one-way platforms: riding, being lifted and pushed, what is kept of a platform's
//! velocity on leaving it, and one-way platforms passed from below and from the side.

use super::*;

/// Moves a platform by its velocity for one step, as a game does before its characters.
fn move_platform(world: &mut World, h: Handle, vel: Vec2) {
    let p = pos(world, h);
    world.set_position(h, p + vel * DT).unwrap();
    world.set_velocity(h, vel).unwrap();
}

#[test]
fn platforms_carry_their_riders_in_every_direction() {
    //   □          a 4 × 0.5 platform moving at 12 units/s (0.2 a step, twice the
    //  ====        character's 6 units/s walk) up, down, left, right and diagonally for 60
    //              steps; the rider presses down (0.1 a step) and never walks. It is carried
    //              the platform's whole displacement, stays grounded on it, and never
    //              overlaps it (gap between 0 and 2 skins).
    let dirs = [
        v(0.0, 1.0),
        v(0.0, -1.0),
        v(1.0, 0.0),
        v(-1.0, 0.0),
        v(1.0, 1.0).normalize(),
        v(-1.0, -1.0).normalize(),
    ];
    for (name, shape) in shapes() {
        for dir in dirs {
            let mut world = World::new();
            let plat = world
                .add(
                    ColliderDesc::new(Aabb::from_half_extents(v(2.0, 0.25)).unwrap(), v(0.0, 0.0))
                        .kinematic(),
                )
                .unwrap();
            let p = body(&mut world, shape.clone(), v(0.0, 0.25 + 0.4 + 0.005));
            let mut c = CharacterController::default();
            step(&mut c, &mut world, p, v(0.0, -0.1));
            assert!(c.state.grounded());
            let offset = pos(&world, p) - pos(&world, plat);
            for n in 0..60 {
                move_platform(&mut world, plat, dir * 12.0);
                let s = step(&mut c, &mut world, p, v(0.0, -0.1));
                let rel = pos(&world, p) - pos(&world, plat);
                assert!(s.grounded(), "{name} {dir} step {n}: not grounded");
                assert_eq!(s.ground.unwrap().handle, plat);
                assert!(
                    (rel.x - offset.x).abs() < 1e-3,
                    "{name} {dir} step {n}: slid {rel}"
                );
                let gap = rel.y - 0.25 - 0.4;
                assert!(
                    (-1e-4..=2.0 * SKIN + 1e-4).contains(&gap),
                    "{name} {dir} step {n}: gap {gap}"
                );
            }
        }
    }
}

#[test]
fn a_rising_platform_lifts_a_falling_character_and_never_swallows_it() {
    //   □  falling at 0.1 a step          The platform rises at 0.3 a step (18 units/s) into
    //                                     the falling character: they meet, and from then on
    //  ====  rising at 0.3 a step         the character rides on its top, never inside it.
    for (name, shape) in shapes() {
        let mut world = World::new();
        let plat = world
            .add(
                ColliderDesc::new(Aabb::from_half_extents(v(2.0, 0.1)).unwrap(), v(0.0, 0.0))
                    .kinematic(),
            )
            .unwrap();
        let p = body(&mut world, shape, v(0.3, 3.0));
        let mut c = CharacterController::default();
        let mut landed = false;
        for n in 0..60 {
            move_platform(&mut world, plat, v(0.0, 18.0));
            let s = step(&mut c, &mut world, p, v(0.0, -0.1));
            let gap = pos(&world, p).y - 0.4 - (pos(&world, plat).y + 0.1);
            assert!(gap >= -1e-4, "{name} step {n}: inside by {gap}");
            landed |= s.grounded();
            if landed {
                assert!(s.grounded(), "{name} step {n}: fell off");
                assert!(gap <= 2.0 * SKIN + 1e-4, "{name} step {n}: gap {gap}");
            }
        }
        assert!(landed, "{name} never landed");
    }
}

#[test]
fn a_platform_moving_sideways_pushes_a_character_standing_in_its_way() {
    //   ==>  □      a 1 × 1 block moving right at 0.2 a step over the floor; the character
    //  ___________  stands in its way and is pushed along, never inside it.
    let mut world = World::new();
    static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
    let block = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(0.5, 0.5)).unwrap(), v(-2.0, 0.52))
                .kinematic(),
        )
        .unwrap();
    let p = body(&mut world, square(), v(0.0, 0.41));
    let mut c = CharacterController::default();
    for n in 0..50 {
        move_platform(&mut world, block, v(12.0, 0.0));
        step(&mut c, &mut world, p, v(0.0, -0.1));
        let gap = pos(&world, p).x - 0.4 - (pos(&world, block).x + 0.5);
        assert!(gap >= -1e-4, "step {n}: inside by {gap}");
    }
    // The block moved 10; the character was pushed from 0 to 10 − 2 + 0.9 (+ skin).
    assert!(pos(&world, p).x > 8.8, "{}", pos(&world, p).x);
}

#[test]
fn leaving_a_platform_keeps_its_velocity_as_configured() {
    //  □ on a platform moving right at 6 units/s jumps: the jump keeps the platform's 6.
    for (leave, kept) in [
        (glissade::character::PlatformLeave::KeepAll, 6.0),
        (glissade::character::PlatformLeave::KeepNothing, 0.0),
    ] {
        let mut world = World::new();
        let plat = world
            .add(
                ColliderDesc::new(Aabb::from_half_extents(v(2.0, 0.25)).unwrap(), v(0.0, 0.0))
                    .kinematic(),
            )
            .unwrap();
        let p = body(&mut world, square(), v(0.0, 0.655));
        let mut pl = Platformer::default();
        pl.controller.config.leave_platform = leave;
        for _ in 0..3 {
            move_platform(&mut world, plat, v(6.0, 0.0));
            pl.update(&mut world, p, NOTHING, DT).unwrap();
        }
        assert!(pl.controller.state.grounded());
        move_platform(&mut world, plat, v(6.0, 0.0));
        pl.update(&mut world, p, JUMP, DT).unwrap();
        assert!(!pl.controller.state.grounded());
        assert!(
            (pl.velocity.x - kept).abs() < 1e-4,
            "{leave:?}: {}",
            pl.velocity.x
        );
    }
}

#[test]
fn a_jump_off_a_moving_platform_keeps_moving_with_it_in_the_air() {
    //   □        a jump in place from a platform moving right at 6 units/s: friction slows only
    //  ====>     the character's own speed, so it lands back on the platform where it left.
    let mut world = World::new();
    let plat = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(2.0, 0.25)).unwrap(), v(0.0, 0.0))
                .kinematic(),
        )
        .unwrap();
    let p = body(&mut world, square(), v(0.0, 0.655));
    let mut pl = Platformer::default();
    for _ in 0..3 {
        move_platform(&mut world, plat, v(6.0, 0.0));
        pl.update(&mut world, p, NOTHING, DT).unwrap();
    }
    let rel0 = pos(&world, p).x - pos(&world, plat).x;
    let mut left = false;
    for _ in 0..120 {
        move_platform(&mut world, plat, v(6.0, 0.0));
        let s = pl.update(&mut world, p, JUMP, DT).unwrap().clone();
        left |= !s.grounded();
        if left && s.grounded() {
            break;
        }
    }
    assert!(left && pl.controller.state.grounded());
    let rel = pos(&world, p).x - pos(&world, plat).x;
    assert!(
        (rel - rel0).abs() < 0.15,
        "landed {} from where it jumped",
        rel - rel0
    );
}

#[test]
fn leaving_a_falling_platform_keeps_no_downward_speed_when_so_configured() {
    //   □        walking off a platform falling at 3 units/s with `KeepUnlessDownward`: the
    //  ====↓     character keeps nothing of the fall.
    let mut world = World::new();
    let plat = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(0.5, 0.25)).unwrap(), v(0.0, 0.0))
                .kinematic(),
        )
        .unwrap();
    let p = body(&mut world, square(), v(0.0, 0.655));
    let mut c = CharacterController::new(CharacterConfig {
        leave_platform: glissade::character::PlatformLeave::KeepUnlessDownward,
        snap_distance: 0.0,
        ..CharacterConfig::default()
    });
    let mut inherited = None;
    for _ in 0..60 {
        move_platform(&mut world, plat, v(0.0, -3.0));
        let s = step(&mut c, &mut world, p, v(0.1, 0.0));
        if !s.grounded() {
            inherited = Some(s.inherited_velocity);
            break;
        }
    }
    assert_eq!(inherited, Some(Vec2::ZERO));
}

// ---------------------------------------------------------------------------------------
// One-way platforms
// ---------------------------------------------------------------------------------------

#[test]
fn one_way_platforms_pass_from_below_land_on_top_and_drop_through() {
    //      ======      y = 2 (a one-way collider 0.2 thick, and the same as a tile row)
    //
    //  □               jump from the floor: passes up through it, lands on top (bottom at
    //  ____________    2.2 for the collider), then holding down drops through to the floor.
    for as_tiles in [false, true] {
        let mut world = World::new();
        static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
        let top = if as_tiles {
            tiles(&mut world, &["======"], v(-3.0, 1.0));
            2.0
        } else {
            world
                .add(
                    ColliderDesc::new(Aabb::new(v(-3.0, 1.8), v(3.0, 2.0)).unwrap(), Vec2::ZERO)
                        .one_way(),
                )
                .unwrap();
            2.0
        };
        let p = body(&mut world, square(), v(0.0, 0.41));
        let mut pl = Platformer::default();
        pl.update(&mut world, p, NOTHING, DT).unwrap();
        let mut best = 0.0f32;
        for _ in 0..120 {
            pl.update(&mut world, p, JUMP, DT).unwrap();
            best = best.max(pos(&world, p).y);
        }
        // Passed through: went higher than the platform's top plus the half height.
        assert!(
            best > top + 0.4,
            "tiles {as_tiles}: never got above, best {best}"
        );
        let y = pos(&world, p).y;
        assert!(
            pl.controller.state.grounded(),
            "tiles {as_tiles}: not on top, at {y}"
        );
        assert!(
            (top + 0.4..=top + 0.4 + 2.0 * SKIN).contains(&y),
            "tiles {as_tiles}: at {y}"
        );
        // Drop through.
        let down = PlatformerInput {
            down: true,
            ..NOTHING
        };
        for _ in 0..120 {
            pl.update(&mut world, p, down, DT).unwrap();
        }
        let y = pos(&world, p).y;
        assert!(
            (0.4..=0.4 + 2.0 * SKIN).contains(&y),
            "tiles {as_tiles}: did not drop, at {y}"
        );
    }
}

#[test]
fn one_way_platforms_are_passed_from_the_side() {
    //  □ -->  ====      walking right at the platform's height: walks through it.
    //  _______====____
    let mut world = World::new();
    static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
    world
        .add(ColliderDesc::new(Aabb::new(v(2.0, 0.0), v(4.0, 0.6)).unwrap(), Vec2::ZERO).one_way())
        .unwrap();
    let p = body(&mut world, square(), v(0.0, 0.41));
    let mut c = CharacterController::default();
    for _ in 0..60 {
        step(&mut c, &mut world, p, v(0.1, -0.1));
    }
    assert!((pos(&world, p).x - 6.0).abs() < 1e-3, "{}", pos(&world, p));
}
