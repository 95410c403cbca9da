//! Falling and jumping: the integrated equations of a fall and a held jump, a released jump,
//! coyote time and a jump pressed just before landing.

use super::*;

#[test]
fn landing_is_grounded_in_the_same_step() {
    //   □        a box (bottom 2.0 above the floor) falling 0.3 a step: the gap is 2.0, so
    //            steps 1..6 fall 1.8 in the air and step 7 lands (2.0 / 0.3 = 6.7), grounded
    //  ######    in that very step.
    let mut world = World::new();
    tiles(&mut world, &["######"], v(0.0, -1.0));
    let p = body(&mut world, square(), v(3.0, 2.4));
    let mut c = CharacterController::default();
    for n in 1..=10 {
        let s = step(&mut c, &mut world, p, v(0.0, -0.3));
        assert_eq!(s.grounded(), n >= 7, "step {n}");
        if n < 7 {
            assert!((pos(&world, p).y - (2.4 - 0.3 * n as f32)).abs() < 1e-5);
        }
    }
    let y = pos(&world, p).y;
    assert!((0.4..=0.4 + 2.0 * SKIN).contains(&y), "rests at {y}");
}

/// The default platformer's numbers: the tutorial's divided by 32.
fn g() -> f32 {
    PlatformerConfig::default().gravity
}

#[test]
fn falling_follows_the_integrated_equations() {
    //   □  y0 = 10        Gravity g = 1440/32 = 45 units/s², integrated exactly (each step
    //                      moves by the mean of its start and end speeds): y = 10 − g t²/2,
    //                      until the speed reaches the maximum, 720/32 = 22.5, at t = 0.5 s
    //                      (step 30, y = 4.375); then y = 4.375 − 22.5 (t − 0.5). The bottom
    //  ______  y = 0       (y − 0.4) is 0.225 above the floor after step 40 and would be below
    //                      it after step 41: step 41 lands, grounded, a skin off the floor.
    let mut world = World::new();
    static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
    let p = body(&mut world, square(), v(0.0, 10.0));
    let mut pl = Platformer::default();
    let cfg = PlatformerConfig::default();
    let (g, vmax) = (f64::from(cfg.gravity), f64::from(cfg.max_speed));
    let t_cap = vmax / g;
    let y_cap = 10.0 - g * t_cap * t_cap / 2.0;
    assert!((t_cap - 0.5).abs() < 1e-12 && (y_cap - 4.375).abs() < 1e-12);
    for n in 1..=45u32 {
        let s = pl.update(&mut world, p, NOTHING, DT).unwrap().clone();
        let y = f64::from(pos(&world, p).y);
        let t = f64::from(n) * f64::from(DT);
        let expected = if t <= t_cap {
            10.0 - g * t * t / 2.0
        } else {
            y_cap - vmax * (t - t_cap)
        };
        if n <= 40 {
            assert!((y - expected).abs() < 1e-4, "step {n}: {y} vs {expected}");
            assert!(!s.grounded());
        } else {
            assert!(s.grounded(), "step {n} not grounded");
            assert!(
                (0.4..=0.4 + 2.0 * f64::from(SKIN)).contains(&y),
                "step {n}: {y}"
            );
        }
    }
}

#[test]
fn a_held_jump_follows_the_integrated_equations_and_lands_grounded() {
    //  □ jumps from the floor with J = 600/32 = 18.75 units/s under g = 45: the height is
    //  J t − g t²/2 exactly at every step (0.3125 n − 0.00625 n² after n steps at 60 Hz), back
    //  to the start at n = 50, where it lands.
    let mut world = World::new();
    static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
    let p = body(&mut world, square(), v(0.0, 0.41));
    let mut pl = Platformer::default();
    pl.update(&mut world, p, NOTHING, DT).unwrap();
    assert!(pl.controller.state.grounded());
    let y0 = f64::from(pos(&world, p).y);
    let g = f64::from(g());
    let j = f64::from(PlatformerConfig::default().jump_speed);
    for n in 1..=60u32 {
        let s = pl.update(&mut world, p, JUMP, DT).unwrap().clone();
        let y = f64::from(pos(&world, p).y);
        let t = f64::from(n) * f64::from(DT);
        let expected = y0 + j * t - g * t * t / 2.0;
        if n < 50 {
            assert!((y - expected).abs() < 1e-4, "step {n}: {y} vs {expected}");
            assert!(!s.grounded(), "step {n}");
        } else {
            assert!(s.grounded(), "step {n} not grounded");
            assert!((y - y0).abs() <= 2.0 * f64::from(SKIN), "step {n}: {y}");
        }
    }
}

#[test]
fn releasing_jump_early_cuts_the_rise() {
    // Held for 5 steps: the upward speed is J − 5·g·dt = 18.75 − 3.75 = 15. Released: the cut
    // halves it at the start of the step (7.5), then gravity takes 0.75: 6.75.
    let mut world = World::new();
    static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
    let p = body(&mut world, square(), v(0.0, 0.41));
    let mut pl = Platformer::default();
    pl.update(&mut world, p, NOTHING, DT).unwrap();
    for _ in 0..5 {
        pl.update(&mut world, p, JUMP, DT).unwrap();
    }
    assert!((pl.velocity.y - 15.0).abs() < 1e-4, "{}", pl.velocity.y);
    pl.update(&mut world, p, NOTHING, DT).unwrap();
    assert!((pl.velocity.y - 6.75).abs() < 1e-4, "{}", pl.velocity.y);
}

#[test]
fn coyote_time_allows_a_late_jump_and_not_a_later_one() {
    //  □->         walking off the ledge at x = 0; a jump pressed 3 steps after leaving the
    //  ####        ground (0.05 s < 0.1 s coyote time) jumps; one pressed 9 steps after (0.15 s)
    //      |       does not.
    for (late, jumps) in [(3, true), (9, false)] {
        let mut world = World::new();
        static_box(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
        static_box(&mut world, v(-20.0, -30.0), v(20.0, -29.0));
        let p = body(&mut world, square(), v(-0.5, 0.41));
        let mut pl = Platformer::default();
        pl.controller.config.snap_distance = 0.0;
        let mut since = None;
        for _ in 0..600 {
            let input = match since {
                Some(n) if n == late => PlatformerInput {
                    jump: true,
                    ..RIGHT
                },
                _ => RIGHT,
            };
            let vy_before = pl.velocity.y;
            let s = pl.update(&mut world, p, input, DT).unwrap().clone();
            if let Some(n) = since.as_mut() {
                if *n == late {
                    assert_eq!(pl.velocity.y > vy_before + 1.0, jumps, "late by {late}");
                    break;
                }
                *n += 1;
            } else if !s.grounded() {
                since = Some(1);
            }
        }
        assert!(since.is_some(), "never left the ledge");
    }
}

#[test]
fn a_jump_pressed_just_before_landing_happens_on_landing() {
    //   □      falling; jump pressed 3 steps before the landing step (within the 0.1 s buffer)
    //  ____    and held: the step after landing jumps.
    let mut world = World::new();
    static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
    let p = body(&mut world, square(), v(0.0, 3.0));
    // Find the landing step first.
    let land = {
        let mut w = world.clone();
        let mut pl = Platformer::default();
        (1..200)
            .find(|_| pl.update(&mut w, p, NOTHING, DT).unwrap().grounded())
            .unwrap()
    };
    let mut pl = Platformer::default();
    for n in 1..=land {
        let input = if n + 3 >= land { JUMP } else { NOTHING };
        pl.update(&mut world, p, input, DT).unwrap();
    }
    assert!(pl.controller.state.grounded());
    pl.update(&mut world, p, JUMP, DT).unwrap();
    assert!(!pl.controller.state.grounded());
    let c = PlatformerConfig::default();
    assert!((pl.velocity.y - (c.jump_speed - c.gravity * DT)).abs() < 1e-4);
}
