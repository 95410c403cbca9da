//! Characters together: blocking each other, standing on heads, groups that do not interact,
//! and settings changed between steps.

use super::*;

#[test]
fn characters_block_each_other_and_stand_on_heads() {
    //  □ -->  □      A walks right into B (standing): stops against it.
    //  ___________
    let mut world = World::new();
    static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
    let a = body(&mut world, square(), v(0.0, 0.41));
    let b = body(&mut world, square(), v(2.0, 0.41));
    let (mut ca, mut cb) = (
        CharacterController::default(),
        CharacterController::default(),
    );
    for _ in 0..30 {
        step(&mut ca, &mut world, a, v(0.1, -0.1));
        step(&mut cb, &mut world, b, v(0.0, -0.1));
    }
    let gap = pos(&world, b).x - pos(&world, a).x - 0.8;
    assert!((-1e-5..=2.0 * SKIN).contains(&gap), "gap {gap}");
    assert_eq!(ca.state.wall, Some(WallSide::Right));

    //   □ C       C falls onto A's head, stands on it, and rides it when A walks left.
    //   □ A
    let ax = pos(&world, a).x;
    let c = body(&mut world, square(), v(ax, 3.0));
    let mut cc = CharacterController::default();
    for _ in 0..40 {
        step(&mut ca, &mut world, a, v(0.0, -0.1));
        step(&mut cc, &mut world, c, v(0.0, -0.1));
    }
    assert_eq!(cc.state.ground.map(|g| g.handle), Some(a));
    let rel = pos(&world, c) - pos(&world, a);
    for _ in 0..20 {
        step(&mut ca, &mut world, a, v(-0.1, -0.1));
        step(&mut cc, &mut world, c, v(0.0, -0.1));
    }
    let now = pos(&world, c) - pos(&world, a);
    assert!((now - rel).length() < 1e-3, "{rel} -> {now}");
    assert!(cc.state.grounded());
}

#[test]
fn characters_in_groups_that_do_not_interact_pass_through_each_other() {
    //  □ -->  □      both on layer 2 seeing only layer 1 (the level): A walks through B.
    const LEVEL: u32 = 1;
    const PLAYERS: u32 = 2;
    let mut world = World::new();
    world
        .add(
            ColliderDesc::new(Aabb::new(v(-20.0, -1.0), v(20.0, 0.0)).unwrap(), Vec2::ZERO)
                .with_layers(LEVEL, u32::MAX),
        )
        .unwrap();
    let mk = |world: &mut World, x: f32| {
        world
            .add(
                ColliderDesc::new(square(), v(x, 0.41))
                    .kinematic()
                    .with_layers(PLAYERS, LEVEL),
            )
            .unwrap()
    };
    let a = mk(&mut world, 0.0);
    let b = mk(&mut world, 2.0);
    let (mut ca, mut cb) = (
        CharacterController::default(),
        CharacterController::default(),
    );
    for _ in 0..40 {
        step(&mut ca, &mut world, a, v(0.1, -0.1));
        step(&mut cb, &mut world, b, v(0.0, -0.1));
    }
    assert!((pos(&world, a).x - 4.0).abs() < 1e-4);
    assert!(ca.state.grounded() && cb.state.grounded());
}

#[test]
fn changing_the_settings_takes_effect_at_the_next_step() {
    // Standing on a 30° ramp (walkable under the default 45°), then lowering the limit to
    // 20°: the next step is no longer grounded, though nothing in the world changed.
    let mut world = ramp_world(30.0);
    let shape = square();
    let x = 1.5 / 30f32.to_radians().tan();
    let hit = world
        .cast_shape(&shape, v(x, 3.5), v(0.0, -3.5), &QueryFilter::default())
        .unwrap();
    let p = body(
        &mut world,
        shape,
        v(x, 3.5 - 3.5 * hit.fraction) + hit.normal * 0.02,
    );
    let mut c = CharacterController::default();
    assert!(step(&mut c, &mut world, p, v(0.0, -0.1)).grounded());
    assert!(step(&mut c, &mut world, p, Vec2::ZERO).grounded());
    c.config.max_slope = 20f32.to_radians();
    assert!(!step(&mut c, &mut world, p, Vec2::ZERO).grounded());
}
