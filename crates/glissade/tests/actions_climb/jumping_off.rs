//! Jumping off a ladder, and jumping rather than climbing at its foot.

use super::*;

#[test]
fn a_jump_press_leaves_the_ladder_with_a_normal_jump_and_it_is_not_grabbed_again_while_rising() {
    // In the net (see net_scene), 1 s up (y = 3.41), then jump with right held, at 60 Hz: the
    // step sets the upward speed to jump_speed (18.75) and gravity (45) takes 0.75 off it,
    // while right accelerates at 78.75 (the default in the air): velocity (1.3125, 18).
    // The step moves by the mean of its start and end velocities: (0.65625, 18.375) / 60.
    // Holding jump and up after it, the character rises (no cut) without grabbing the net; at
    // the top of the jump (18.75 / 45 ≈ 0.417 s, 18.75² / 90 ≈ 3.9 higher, still in the net,
    // whose top is at 8) it grabs it again and climbs.
    let dt = 1.0 / 60.0;
    let (mut world, p, net) = net_scene();
    let mut pl = climber();
    update(&mut pl, &mut world, p, NOTHING, dt);
    for _ in 0..60 {
        update(&mut pl, &mut world, p, UP, dt);
    }
    assert_eq!(pl.climbing(), Some(net));
    let before = pos(&world, p);
    let jump_right = PlatformerInput {
        jump: true,
        right: true,
        ..NOTHING
    };
    update(&mut pl, &mut world, p, jump_right, dt);
    assert_eq!(pl.climbing(), None);
    assert_eq!(pl.animation(), Animation::Jump);
    assert!(
        (pl.velocity - v(1.3125, 18.0)).length() < 1e-4,
        "{}",
        pl.velocity
    );
    let moved = pos(&world, p) - before;
    assert!(
        (moved - v(0.65625, 18.375) * dt).length() < 1e-4,
        "moved {moved}"
    );

    let jump_up = PlatformerInput {
        jump: true,
        up: true,
        ..NOTHING
    };
    let mut steps = 0;
    while pl.velocity.y > 0.0 {
        update(&mut pl, &mut world, p, jump_up, dt);
        steps += 1;
        assert!(steps < 60);
        if pl.velocity.y > 0.0 {
            assert_eq!(pl.climbing(), None, "grabbed while rising, step {steps}");
        }
    }
    // 18 / 0.75 = 24 more steps to the top of the jump.
    assert_eq!(steps, 24);
    assert!(pos(&world, p).y > before.y + 3.5);
    update(&mut pl, &mut world, p, jump_up, dt);
    assert_eq!(pl.climbing(), Some(net));
    assert_eq!(pl.animation(), Animation::Climb);
    assert!(
        (pl.velocity - v(0.0, CLIMB)).length() < 1e-4,
        "{}",
        pl.velocity
    );
}

#[test]
fn at_the_foot_of_a_ladder_a_jump_press_jumps_rather_than_climbs() {
    // Standing in the net (see net_scene), jump and up pressed together: a normal jump (the
    // step ends at 18.75 - 0.75 = 18 up), not a climb.
    let dt = 1.0 / 60.0;
    let (mut world, p, _) = net_scene();
    let mut pl = climber();
    update(&mut pl, &mut world, p, NOTHING, dt);
    let jump_up = PlatformerInput {
        jump: true,
        up: true,
        ..NOTHING
    };
    update(&mut pl, &mut world, p, jump_up, dt);
    assert_eq!(pl.climbing(), None);
    assert_eq!(pl.animation(), Animation::Jump);
    assert!(
        (pl.velocity - v(0.0, 18.0)).length() < 1e-4,
        "{}",
        pl.velocity
    );
}
