//! Stairs: low ones climbed at full speed, high ones blocking, the level's stairs run up
//! without being thrown back, fine stairs run down on the ground. And around them: steep
//! slopes not climbed from the air either, the seed preset up every walkable slope, jumps as
//! high at 30, 60 and 1000 Hz, a corner of tiles reporting its floor and its wall, and a
//! character wedged between two steep slopes standing and jumping.

use super::*;

/// Ten steps of height `rise` and tread 1 starting at x = 0.
///
/// ```text
///            __
///         __|
///      __|
///  ___|          rise each, tread 1
/// ```
fn stairs(rise: f32) -> World {
    let mut world = World::new();
    static_box(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
    for i in 0..10 {
        let x = i as f32;
        static_box(&mut world, v(x, -1.0), v(x + 1.0, rise * (i + 1) as f32));
    }
    static_box(&mut world, v(10.0, -1.0), v(30.0, rise * 10.0));
    world
}

#[test]
fn low_stairs_are_climbed_at_full_speed() {
    // Steps of 0.15 (half the 0.3 maximum): walking right at 0.1 a step pressing down, every
    // step moves exactly 0.1 to the right, and after 150 steps (15 units from x = -3) it
    // stands on the top (bottom at 1.5).
    for (name, shape) in shapes() {
        let mut world = stairs(0.15);
        let p = body(&mut world, shape, v(-3.0, 0.41));
        let mut c = CharacterController::default();
        step(&mut c, &mut world, p, v(0.0, -0.1));
        for n in 0..150 {
            let x0 = pos(&world, p).x;
            step(&mut c, &mut world, p, v(0.1, -0.1));
            let dx = pos(&world, p).x - x0;
            assert!((dx - 0.1).abs() < 1e-4, "{name} step {n} moved {dx}");
            assert!(!common::overlaps(&world, p), "{name} sank at step {n}");
        }
        let bottom = pos(&world, p).y - 0.4;
        assert!(
            (1.5..=1.5 + 2.0 * SKIN).contains(&bottom),
            "{name} at {bottom}"
        );
        assert!(c.state.grounded());
    }
}

#[test]
fn high_stairs_block() {
    // Steps of 0.45 (1.5 × the maximum): the walk stops at the first riser, x = -0.4 − skin
    // for the box (its right side at the riser, less the skin), and never rises.
    for (name, shape) in shapes() {
        let mut world = stairs(0.45);
        let p = body(&mut world, shape, v(-3.0, 0.41));
        let mut c = CharacterController::default();
        step(&mut c, &mut world, p, v(0.0, -0.1));
        for _ in 0..100 {
            step(&mut c, &mut world, p, v(0.1, -0.1));
        }
        let at = pos(&world, p);
        assert!(at.x < 0.0 && at.y < 0.45, "{name} climbed to {at}");
        assert!(at.x > -0.45, "{name} stopped early at {at}");
        assert_eq!(c.state.wall, Some(WallSide::Right), "{name}");
    }
}

#[test]
fn the_platformer_runs_up_stairs_without_being_thrown_back() {
    // Stairs of 0.15 (under the platformer's 0.25 step height), at 6 units/s and at the top
    // speed of 22.5: every frame moves right (a climbed riser is not a wall to bounce off or
    // stop at), and it reaches the top (bottom at 1.5).
    for (name, shape) in shapes() {
        for top_speed in [6.0, 22.5] {
            let mut world = stairs(0.15);
            let p = body(&mut world, shape.clone(), v(-3.0, 0.41));
            let mut pl = Platformer::default();
            pl.config.max_speed = top_speed;
            pl.update(&mut world, p, NOTHING, DT).unwrap();
            for n in 0..300 {
                let x0 = pos(&world, p).x;
                let s = pl.update(&mut world, p, RIGHT, DT).unwrap().clone();
                assert!(
                    pos(&world, p).x > x0,
                    "{name} at {top_speed}: frame {n} did not advance"
                );
                assert_eq!(s.wall, None, "{name} at {top_speed}: frame {n}");
                if pos(&world, p).x > 12.0 {
                    break;
                }
            }
            let bottom = pos(&world, p).y - 0.4;
            assert!(
                (1.5..=1.5 + 2.0 * SKIN).contains(&bottom),
                "{name} at {top_speed}: {bottom}"
            );
        }
    }
}

/// The built-in platformer level's run-up and staircase: a 30° ramp from x = 16 up to 3
/// at x = 19.46 (a drop behind it), then treads of 0.5 rising 0.2 each (under the 0.25 step
/// height), twenty separate boxes from x = 26 up to a landing at height 5:
/// ```text
///                                    ____
///          /|                     __|
///        /  |            ...   __|
/// ______/___|_________________|        a floor of tiles, top at 1
///      16   19.46            26
/// ```
fn level_stairs() -> World {
    let mut world = World::new();
    let floor = "#".repeat(46);
    tiles(&mut world, &[floor.as_str()], v(-20.0, 0.0));
    let ramp = ConvexPolygon::new(&[v(16.0, 1.0), v(19.4641, 1.0), v(19.4641, 3.0)]).unwrap();
    world.add(ColliderDesc::new(ramp, Vec2::ZERO)).unwrap();
    for i in 0..20 {
        let x = 26.0 + 0.5 * i as f32;
        static_box(
            &mut world,
            v(x, 1.0),
            v(x + 0.5, 1.0 + 0.2 * (i + 1) as f32),
        );
    }
    static_box(&mut world, v(36.0, 0.0), v(200.0, 5.0));
    world
}

#[test]
fn running_up_the_level_stairs_at_full_speed_never_throws_back() {
    // The level's player (a 0.6 × 0.9 box) runs from x = 5 and x = 10, reaching the top
    // speed of 22.5 before the ramp; it flies off the ramp's top and comes down onto the
    // stairs, meeting a riser in the air head-on at about 22.5 (more than the bounce speed of
    // 16.875) with its bottom less than the step height under the riser's top. A riser it can
    // step onto is not a wall to bounce off: the x velocity never goes negative while right
    // is held, and it ends on the landing (bottom at 5).
    for gravity in [PlatformerConfig::default().gravity, 45.0] {
        for start in [5.0, 10.0] {
            let mut world = level_stairs();
            let shape: Shape = Aabb::from_half_extents(v(0.3, 0.45)).unwrap().into();
            let p = body(&mut world, shape, v(start, 1.46));
            let mut pl = Platformer::default();
            pl.config.gravity = gravity;
            for n in 0..240 {
                pl.update(&mut world, p, RIGHT, DT).unwrap();
                assert!(
                    pl.velocity.x >= 0.0,
                    "gravity {gravity}, from {start}: frame {n} thrown back at {} ({})",
                    pl.velocity.x,
                    pos(&world, p)
                );
            }
            let at = pos(&world, p);
            assert!(at.x > 40.0, "gravity {gravity}, from {start}: at {at}");
            let bottom = at.y - 0.45;
            assert!(
                (5.0..=5.0 + 2.0 * SKIN).contains(&bottom),
                "gravity {gravity}, from {start}: bottom at {bottom}"
            );
        }
    }
}

#[test]
fn slopes_too_steep_are_not_climbed_from_the_air_either() {
    // Holding right against a 50°–75° ramp for 5 s: the platformer presses into it in the air
    // (its slide on the slope gives no height), never rising more than a skin above the foot
    // of the ramp; the bare controller, falling sideways into a 60° ramp, slides down it.
    for (name, shape) in shapes() {
        for deg in [50.0, 55.0, 60.0, 70.0, 75.0] {
            let mut world = ramp_world(deg);
            let p = body(&mut world, shape.clone(), v(-1.0, 0.41));
            let mut pl = Platformer::default();
            let mut top = f32::MIN;
            for _ in 0..300 {
                pl.update(&mut world, p, RIGHT, DT).unwrap();
                top = top.max(pos(&world, p).y);
            }
            assert!(top < 0.4 + 0.3, "{name} climbed {deg}° to {top}");
        }
        // Clear of the ramp (its surface is at 1.04 under the box's right side, x = 0.6).
        let mut world = ramp_world(60.0);
        let p = body(&mut world, shape, v(0.2, 3.0));
        let mut c = CharacterController::default();
        let mut y = pos(&world, p).y;
        for n in 0..60 {
            step(&mut c, &mut world, p, v(0.2, -0.05));
            let now = pos(&world, p).y;
            assert!(now <= y + 1e-5, "{name} step {n}: rose from {y} to {now}");
            y = now;
        }
    }
}

#[test]
fn the_seed_preset_walks_up_every_walkable_slope() {
    // In pixels: ramps of 30° to 45° (the tutorial's rule must not stop a walk onto them).
    for deg in [30.0f32, 31.0, 33.0, 35.0, 37.0, 40.0, 45.0] {
        let mut world = World::new();
        let run = 96.0 / deg.to_radians().tan();
        static_box(&mut world, v(-2000.0, -32.0), v(0.0, 0.0));
        let ramp =
            ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, -32.0), v(run, -32.0), v(run, 96.0)]).unwrap();
        world.add(ColliderDesc::new(ramp, Vec2::ZERO)).unwrap();
        static_box(&mut world, v(run, -32.0), v(run + 3000.0, 96.0));
        let p = body(
            &mut world,
            Aabb::from_half_extents(v(8.0, 16.0)).unwrap().into(),
            v(-100.0, 16.005),
        );
        let mut pl = Platformer::new(
            PlatformerConfig::in_pixels(),
            PlatformerConfig::in_pixels_character(),
        );
        for _ in 0..240 {
            pl.update(&mut world, p, RIGHT, DT).unwrap();
        }
        let bottom = pos(&world, p).y - 16.0;
        assert!(
            (96.0..=96.0 + 2.0 * SKIN).contains(&bottom),
            "{deg}°: bottom at {bottom}"
        );
    }
}

#[test]
fn jumps_reach_the_same_height_at_30_60_and_1000_hz() {
    // The apex of a held jump is J²/(2g) = 18.75² / 90 = 3.906 at every rate (to within what
    // the last step before the apex misses, under 1%), and there is no second jump in the air.
    for hz in [30.0f32, 60.0, 144.0, 1000.0] {
        let dt = 1.0 / hz;
        let mut world = World::new();
        static_box(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
        let p = body(&mut world, square(), v(0.0, 0.41));
        let mut pl = Platformer::default();
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        let y0 = pos(&world, p).y;
        let mut apex = y0;
        let frames = (2.0 * hz) as usize;
        for n in 0..frames {
            // Held, then released and pressed again in the air (no double jump).
            let input = if n < frames / 4 || n > frames / 4 + 2 {
                JUMP
            } else {
                NOTHING
            };
            pl.update(&mut world, p, input, dt).unwrap();
            apex = apex.max(pos(&world, p).y);
        }
        let h = apex - y0;
        assert!((h - 3.906).abs() < 0.01 * 3.906, "{hz} Hz: rose {h}");
    }
}

#[test]
fn a_corner_of_tiles_reports_both_the_floor_and_the_wall() {
    //  □ ↘      falling right into the inside corner of a tile floor and wall: the floor
    //     #     grounds it and the wall is reported on the right.
    //  ####
    let mut world = World::new();
    tiles(&mut world, &["....#", "....#", "#####"], v(0.0, -1.0));
    let p = body(&mut world, square(), v(3.0, 1.0));
    let mut c = CharacterController::default();
    let s = step(&mut c, &mut world, p, v(1.0, -1.0));
    assert!(s.grounded());
    assert_eq!(s.wall, Some(WallSide::Right));
}

#[test]
fn wedged_between_two_steep_slopes_it_stands_and_can_jump() {
    //  \    //     two 60° slopes meeting in a V: the character slides into it, stands there
    //   \□ //      (grounded), and a jump takes it up.
    //    \//
    for (name, shape) in shapes() {
        let mut world = World::new();
        let t = 60f32.to_radians().tan();
        let left = ConvexPolygon::new(&[v(-3.0, 0.0), v(0.0, 0.0), v(-3.0, 3.0 * t)]).unwrap();
        let right = ConvexPolygon::new(&[v(0.0, 0.0), v(3.0, 0.0), v(3.0, 3.0 * t)]).unwrap();
        world.add(ColliderDesc::new(left, Vec2::ZERO)).unwrap();
        world.add(ColliderDesc::new(right, Vec2::ZERO)).unwrap();
        static_box(&mut world, v(-3.0, -1.0), v(3.0, 0.0));
        let p = body(&mut world, shape, v(0.3, 3.0));
        let mut pl = Platformer::default();
        for _ in 0..120 {
            pl.update(&mut world, p, NOTHING, DT).unwrap();
        }
        assert!(
            pl.controller.state.grounded(),
            "{name} not standing in the V"
        );
        let y0 = pos(&world, p).y;
        for _ in 0..10 {
            pl.update(&mut world, p, JUMP, DT).unwrap();
        }
        assert!(pos(&world, p).y > y0 + 1.0, "{name} could not jump out");
    }
}

#[test]
fn fine_stairs_down_are_run_down_on_the_ground() {
    // A 45° staircase of 0.1 × 0.1 steps, run down at the platformer's top speed (0.375 a
    // frame, four steps at once): each drop is within a step height, so it stays grounded.
    for (name, shape) in shapes() {
        let mut world = World::new();
        static_box(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
        for i in 0..40 {
            let x = i as f32 * 0.1;
            let top = -0.1 * (i + 1) as f32;
            static_box(&mut world, v(x, top - 1.0), v(x + 0.1, top));
        }
        static_box(&mut world, v(4.0, -6.0), v(30.0, -4.0));
        let p = body(&mut world, shape, v(-3.0, 0.41));
        let mut pl = Platformer::default();
        pl.update(&mut world, p, NOTHING, DT).unwrap();
        for n in 0..90 {
            let s = pl.update(&mut world, p, RIGHT, DT).unwrap();
            assert!(s.grounded(), "{name} frame {n} at {}", pos(&world, p));
        }
    }
}
