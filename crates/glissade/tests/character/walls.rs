//! Starting inside, walls, ceilings and bounces, and the seed preset's per-frame numbers.

use super::*;

#[test]
fn starting_inside_a_wall_is_pushed_out_the_shortest_way_in_one_step() {
    //  |###□##      the box overlaps the wall's right face by 0.1 (wall to x = 0, box centre
    //  |###         at 0.3): the shortest way out is right, 0.1 + skin, so x = 0.41.
    let mut world = World::new();
    static_box(&mut world, v(-5.0, -5.0), v(0.0, 5.0));
    let p = body(&mut world, square(), v(0.3, 1.0));
    let mut c = CharacterController::default();
    step(&mut c, &mut world, p, Vec2::ZERO);
    let at = pos(&world, p);
    assert!(
        (at.x - (0.4 + SKIN)).abs() < 1e-5 && (at.y - 1.0).abs() < 1e-6,
        "{at}"
    );
    assert!(!common::overlaps(&world, p));
}

#[test]
fn walls_and_ceilings_are_reported_and_a_ceiling_stops_the_rise() {
    //  ##########  ceiling at y = 2
    //  □       #   jump under a low ceiling: the rise stops at it (speed up removed) and
    //  ________#   the state says ceiling; walking into the wall says wall on the right.
    let mut world = World::new();
    static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
    static_box(&mut world, v(-20.0, 2.0), v(20.0, 3.0));
    static_box(&mut world, v(2.0, 0.0), v(3.0, 2.0));
    let p = body(&mut world, square(), v(0.0, 0.41));
    let mut pl = Platformer::default();
    pl.update(&mut world, p, NOTHING, DT).unwrap();
    let mut hit_ceiling = false;
    for _ in 0..30 {
        let s = pl.update(&mut world, p, JUMP, DT).unwrap();
        if s.ceiling {
            hit_ceiling = true;
            assert!(pl.velocity.y <= 0.0, "still rising: {}", pl.velocity.y);
            assert!(pos(&world, p).y <= 1.6);
            break;
        }
    }
    assert!(hit_ceiling);
    let mut c = CharacterController::default();
    let p2 = body(&mut world, square(), v(1.0, 0.41));
    let mut saw = None;
    for _ in 0..20 {
        saw = saw.or(step(&mut c, &mut world, p2, v(0.1, -0.1)).wall);
    }
    assert_eq!(saw, Some(WallSide::Right));
    // Stopped with its right side (x + 0.4) within 0 to 2 skins of the wall at 2.
    let gap = 2.0 - (pos(&world, p2).x + 0.4);
    assert!((-1e-5..=2.0 * SKIN).contains(&gap), "gap {gap}");
}

#[test]
fn a_hard_hit_on_a_wall_bounces_with_restitution() {
    //  □ --> 30 units/s   |    in the air, hitting a wall faster than the bounce speed
    //                     |    (9·60/32 = 16.9): the velocity is reflected keeping 0.4.
    let mut world = World::new();
    static_box(&mut world, v(2.0, -10.0), v(3.0, 10.0));
    let p = body(&mut world, square(), v(0.0, 0.0));
    let mut pl = Platformer::default();
    pl.config.gravity = 0.0;
    pl.config.friction = 0.0;
    pl.config.max_speed = 100.0;
    pl.velocity = v(30.0, 0.0);
    for _ in 0..20 {
        pl.update(&mut world, p, NOTHING, DT).unwrap();
        if pl.velocity.x < 0.0 {
            break;
        }
    }
    assert!((pl.velocity.x + 12.0).abs() < 1e-3, "{}", pl.velocity);
    // A soft touch slides instead: 10 units/s stops against the wall.
    let mut pl = Platformer::default();
    pl.config.gravity = 0.0;
    pl.config.friction = 0.0;
    pl.velocity = v(10.0, 0.0);
    let p2 = body(&mut world, square(), v(0.0, 5.0));
    for _ in 0..20 {
        pl.update(&mut world, p2, NOTHING, DT).unwrap();
    }
    assert!(pl.velocity.x.abs() < 1e-4, "{}", pl.velocity);
}

#[test]
fn the_seed_preset_reproduces_the_tutorials_per_frame_numbers() {
    // In pixels at 60 Hz. A jump of 10 a frame under gravity 0.4 a frame, integrated
    // exactly: frame k moves 10 − 0.4 (k + ½) = 9.8 − 0.4 k (the tutorial moves 10 − 0.4 k,
    // its first frame without gravity). Running: 0.7 more a frame; letting go: 0.9 of the
    // speed each frame. A hit on a wall at 12 a frame (over 9) bounces back at 0.4 × 12 = 4.8.
    let mut world = World::new();
    static_box(&mut world, v(-1000.0, -32.0), v(1000.0, 0.0));
    static_box(&mut world, v(200.0, 0.0), v(232.0, 200.0));
    let p = body(
        &mut world,
        Aabb::from_half_extents(v(8.0, 16.0)).unwrap().into(),
        v(0.0, 16.005),
    );
    let mut pl = Platformer::new(
        PlatformerConfig::in_pixels(),
        PlatformerConfig::in_pixels_character(),
    );
    pl.config.coyote_time = 0.0;
    pl.config.jump_buffer = 0.0;
    pl.config.jump_cut = 1.0;
    pl.update(&mut world, p, NOTHING, DT).unwrap();
    assert!(pl.controller.state.grounded());
    let mut y = pos(&world, p).y;
    for k in 0..10 {
        pl.update(&mut world, p, JUMP, DT).unwrap();
        let now = pos(&world, p).y;
        assert!(
            (now - y - (9.8 - 0.4 * k as f32)).abs() < 1e-3,
            "frame {k}: {}",
            now - y
        );
        y = now;
    }
    let mut pl = Platformer::new(
        PlatformerConfig::in_pixels(),
        PlatformerConfig::in_pixels_character(),
    );
    let q = body(
        &mut world,
        Aabb::from_half_extents(v(8.0, 16.0)).unwrap().into(),
        v(-500.0, 16.005),
    );
    pl.update(&mut world, q, NOTHING, DT).unwrap();
    for k in 1..=5 {
        pl.update(&mut world, q, RIGHT, DT).unwrap();
        assert!(
            (pl.velocity.x / 60.0 - 0.7 * k as f32).abs() < 1e-3,
            "{}",
            pl.velocity.x / 60.0
        );
    }
    pl.update(&mut world, q, NOTHING, DT).unwrap();
    assert!(
        (pl.velocity.x / 60.0 - 3.5 * 0.9).abs() < 1e-3,
        "{}",
        pl.velocity.x / 60.0
    );
    // The bounce, in the air: 12 a frame into the wall at x = 200.
    let r = body(
        &mut world,
        Aabb::from_half_extents(v(8.0, 16.0)).unwrap().into(),
        v(150.0, 100.0),
    );
    let mut pl = Platformer::new(
        PlatformerConfig::in_pixels(),
        PlatformerConfig::in_pixels_character(),
    );
    pl.config.friction = 0.0;
    pl.config.gravity = 0.0;
    pl.velocity = v(12.0 * 60.0, 0.0);
    for _ in 0..10 {
        pl.update(&mut world, r, NOTHING, DT).unwrap();
    }
    assert!(
        (pl.velocity.x / 60.0 + 4.8).abs() < 1e-3,
        "{}",
        pl.velocity.x / 60.0
    );
}

#[test]
fn the_seed_slide_rule_stops_a_steep_landing_where_always_slides_on() {
    //  □            falling (1, -3) a step from 1.0 above the floor: the contact comes at a
    //   \          third of the motion. Sliding goes on with the rest (x + 1 in all); the
    //  ____\___     tutorial's rule stops (|d·n| = 3/√10 = 0.95 > 0.9): x + 1/3 at most.
    for (rule, dx) in [
        (glissade::character::SlideRule::Always, 1.0),
        (glissade::character::SlideRule::StopOnImpact, 1.0 / 3.0),
    ] {
        let mut world = World::new();
        static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
        let p = body(&mut world, square(), v(0.0, 1.4));
        let mut c = CharacterController::new(CharacterConfig {
            slide_rule: rule,
            ..CharacterConfig::default()
        });
        step(&mut c, &mut world, p, v(1.0, -3.0));
        let x = pos(&world, p).x;
        assert!(x <= dx + 1e-5 && x > dx - 0.01, "{rule:?}: x = {x}");
        assert!(c.state.grounded());
    }
}
