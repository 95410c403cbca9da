//! Character controller and platformer scenarios. Each scene is drawn in ASCII; expected
//! numbers are worked out by hand in the comments. Units: world units (1 = a tile), seconds.
//! `□` is the character, `#` solid, `=` one-way, `/` and `\` 45° slopes.

use glissade::glam::Vec2;
use glissade::{
    Aabb, Capsule, CharacterController, CharacterState, Circle, ColliderDesc, ConvexPolygon,
    Handle, Platformer, PlatformerInput, QueryFilter, Shape, Step, TileMap, World,
    character::CharacterConfig, character::CharacterError, character::PlatformerConfig,
    character::WallSide,
};

mod common;

const DT: f32 = 1.0 / 60.0;
const SKIN: f32 = glissade::motion::DEFAULT_SKIN;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn square() -> Shape {
    Aabb::from_half_extents(v(0.4, 0.4)).unwrap().into()
}

fn ball() -> Shape {
    Circle::new(0.4).unwrap().into()
}

fn pill() -> Shape {
    // Half height 0.4 overall: segment from -0.2 to 0.2, radius 0.2.
    Capsule::new(v(0.0, -0.2), v(0.0, 0.2), 0.2).unwrap().into()
}

/// The three character shapes, each 0.4 from its centre to its bottom.
fn shapes() -> [(&'static str, Shape); 3] {
    [("box", square()), ("circle", ball()), ("capsule", pill())]
}

fn body(world: &mut World, shape: Shape, at: Vec2) -> Handle {
    world.add(ColliderDesc::new(shape, at).kinematic()).unwrap()
}

fn pos(world: &World, h: Handle) -> Vec2 {
    world.get(h).unwrap().position()
}

fn wall(world: &mut World, lo: Vec2, hi: Vec2) -> Handle {
    world
        .add(ColliderDesc::new(Aabb::new(lo, hi).unwrap(), Vec2::ZERO))
        .unwrap()
}

fn tiles(world: &mut World, rows: &[&str], origin: Vec2) -> Handle {
    world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(rows, 1.0).unwrap(),
            origin,
        ))
        .unwrap()
}

fn step(c: &mut CharacterController, world: &mut World, h: Handle, m: Vec2) -> CharacterState {
    c.step(world, h, Step::new(m, DT)).unwrap().clone()
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
const JUMP: PlatformerInput = PlatformerInput {
    left: false,
    right: false,
    jump: true,
    down: false,
    ..PlatformerInput::NONE
};

// ---------------------------------------------------------------------------------------
// Falling and jumping
// ---------------------------------------------------------------------------------------

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
    wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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
    wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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
    wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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
        wall(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
        wall(&mut world, v(-20.0, -30.0), v(20.0, -29.0));
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
    wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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

// ---------------------------------------------------------------------------------------
// Slopes
// ---------------------------------------------------------------------------------------

/// A floor up to x = 0, a ramp rising at `deg` from x = 0 to height 3, and a plateau.
///
/// ```text
///            ________ y = 3
///           /
///          / deg
///  _______/          y = 0
///        x=0
/// ```
fn ramp_world(deg: f32) -> World {
    let mut world = World::new();
    let run = 3.0 / deg.to_radians().tan();
    wall(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
    let ramp = ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, -1.0), v(run, -1.0), v(run, 3.0)]).unwrap();
    world.add(ColliderDesc::new(ramp, Vec2::ZERO)).unwrap();
    wall(&mut world, v(run, -1.0), v(run + 100.0, 3.0));
    world
}

#[test]
fn slopes_up_to_the_limit_are_climbed_and_steeper_ones_block() {
    // Every 5° from 5° to 75°, each shape walks right at 0.1 a step pressing down (0.1)
    // for 600 steps (60 units): at most 45° it reaches the plateau (bottom at y = 3), steeper
    // it never rises above the foot (bottom below 0.4: a box stops against the ramp, round
    // shapes at most ride up its rounded contact a little).
    for (name, shape) in shapes() {
        for deg in (5..=75).step_by(5) {
            let mut world = ramp_world(deg as f32);
            let p = body(&mut world, shape.clone(), v(-3.0, 0.41));
            let mut c = CharacterController::default();
            let mut top = f32::MIN;
            for _ in 0..600 {
                step(&mut c, &mut world, p, v(0.1, -0.1));
                top = top.max(pos(&world, p).y);
                assert!(!common::overlaps(&world, p), "{name} {deg}° sank");
            }
            let bottom = pos(&world, p).y - 0.4;
            if deg <= 45 {
                assert!(
                    (3.0..=3.0 + 2.0 * SKIN).contains(&bottom),
                    "{name} did not climb {deg}°: bottom at {bottom}"
                );
            } else {
                assert!(
                    top - 0.4 < 0.4,
                    "{name} climbed {deg}°: bottom rose to {}",
                    top - 0.4
                );
            }
        }
    }
}

#[test]
fn standing_on_a_walkable_slope_does_not_drift_and_a_steep_one_slides() {
    // Resting on the ramp halfway up, pressing down (gravity, 0.1 a step) for 600 steps:
    // at most 45° it stays put (drift < 1e-4); steeper it slides down to the foot.
    for (name, shape) in shapes() {
        for deg in (5..=75).step_by(5) {
            let d = (deg as f32).to_radians();
            let mut world = ramp_world(deg as f32);
            // A point of the ramp at height 1.5, and the shape placed 0.02 off it along the
            // normal after touching it from above.
            let x = 1.5 / d.tan();
            let start = {
                let own = world.clone();
                let hit = own
                    .cast_shape(&shape, v(x, 3.5), v(0.0, -3.5), &QueryFilter::default())
                    .unwrap();
                v(x, 3.5 - 3.5 * hit.fraction) + hit.normal * 0.02
            };
            let p = body(&mut world, shape.clone(), start);
            let mut c = CharacterController::default();
            let first = step(&mut c, &mut world, p, v(0.0, -0.1));
            let rest = pos(&world, p);
            for _ in 0..600 {
                step(&mut c, &mut world, p, v(0.0, -0.1));
            }
            let end = pos(&world, p);
            if deg <= 45 {
                assert!(c.state.grounded(), "{name} {deg}° not grounded");
                assert!(
                    (end - rest).length() < 1e-4,
                    "{name} drifted {} on {deg}°",
                    (end - rest).length()
                );
            } else {
                // Not standing on it: sliding, down to the foot (where it stands on the floor).
                assert!(!first.grounded(), "{name} stands on {deg}°");
                assert!(first.sliding.is_some(), "{name} {deg}° not sliding");
                assert!(
                    end.y < rest.y - 1.0,
                    "{name} did not slide down {deg}°: {rest} -> {end}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Sticking to the ground
// ---------------------------------------------------------------------------------------

/// ```text
///  □___                flat to x = 0, a 30° ramp down to x = 5 (y = -5·tan30 = -2.89),
///      \               flat to x = 10, then a cliff 3 deep.
///       \___
///           |
///           |___
/// ```
fn ramp_down_world() -> World {
    let mut world = World::new();
    let t30 = 30f32.to_radians().tan();
    wall(&mut world, v(-10.0, -1.0), v(0.0, 0.0));
    let ramp = ConvexPolygon::new(&[
        v(0.0, 0.0),
        v(0.0, -1.0 - 5.0 * t30),
        v(5.0, -1.0 - 5.0 * t30),
        v(5.0, -5.0 * t30),
    ])
    .unwrap();
    world.add(ColliderDesc::new(ramp, Vec2::ZERO)).unwrap();
    let low = -5.0 * t30;
    wall(&mut world, v(5.0, low - 1.0), v(10.0, low));
    wall(&mut world, v(10.0, low - 4.0), v(20.0, low - 3.0));
    world
}

#[test]
fn walking_down_a_ramp_and_over_a_crest_sticks_and_a_cliff_lets_go() {
    // Walking right at 0.2 a step with no gravity at all: the crest at x = 0 and the ramp
    // would throw it into the air; snapping keeps it grounded all the way (it snaps down at
    // most 3 × 0.2 = 0.6 > 0.2·tan30 = 0.115 a step). At the cliff (a drop of 3, far more
    // than 3 × 0.2) it lets go.
    for (name, shape) in shapes() {
        let mut world = ramp_down_world();
        let p = body(&mut world, shape, v(-3.0, 0.41));
        let mut c = CharacterController::default();
        step(&mut c, &mut world, p, v(0.0, -0.1));
        let mut left_at = None;
        for _ in 0..200 {
            let s = step(&mut c, &mut world, p, v(0.2, 0.0));
            let x = pos(&world, p).x;
            if !s.grounded() && left_at.is_none() {
                left_at = Some(x);
            }
            if x > 12.0 {
                break;
            }
        }
        let left_at = left_at.expect("never left the ground");
        // The bottom's edge passes the cliff edge at x = 10 when the centre is at 10 (round
        // shapes) or 10.4 (the box): it leaves then, within a step.
        assert!(
            (10.0..=10.4 + 0.2 + 0.01).contains(&left_at),
            "{name} left at {left_at}"
        );
    }
}

#[test]
fn walking_up_a_ramp_and_over_its_top_sticks() {
    // Up a 30° ramp from flat ground and over its top onto the plateau at 0.2 a step: the
    // walk along the ramp would lift it off at the top; it stays grounded throughout.
    for (name, shape) in shapes() {
        let mut world = ramp_world(30.0);
        let p = body(&mut world, shape, v(-3.0, 0.41));
        let mut c = CharacterController::default();
        step(&mut c, &mut world, p, v(0.0, -0.1));
        // 100 steps: from x = -3 to 17, the plateau runs from 5.2 to 25.2.
        for n in 0..100 {
            let s = step(&mut c, &mut world, p, v(0.2, 0.0));
            assert!(
                s.grounded(),
                "{name} left the ground at step {n}, {}",
                pos(&world, p)
            );
        }
        assert!(pos(&world, p).y > 3.0, "{name} did not reach the top");
    }
}

#[test]
fn a_ledge_is_not_snapped_down_even_within_reach() {
    //  □ -->
    //  ######|         a drop of 0.45 at x = 0: walking at 0.2 a step the snap could reach
    //        |         3 × 0.2 = 0.6, but the drop is a vertical face (steeper than the maximum
    //        |_____    slope change) higher than a step (0.3): the character leaves the ground
    //                  and falls.
    for (name, shape) in shapes() {
        let mut world = World::new();
        wall(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
        wall(&mut world, v(0.0, -1.45), v(20.0, -0.45));
        let p = body(&mut world, shape, v(-3.0, 0.41));
        let mut c = CharacterController::default();
        step(&mut c, &mut world, p, v(0.0, -0.1));
        let mut airborne = 0;
        for _ in 0..40 {
            if !step(&mut c, &mut world, p, v(0.2, -0.05)).grounded() {
                airborne += 1;
            }
        }
        // It falls 0.05 a step: the box about 0.45 / 0.05 = 9 steps in the air; round shapes
        // first roll over the edge on the ground (a circle of radius 0.4 down to its 45°
        // point, 0.4 (1 − cos 45°) = 0.12), so about 0.33 / 0.05 = 7 steps.
        assert!(
            (5..=11).contains(&airborne),
            "{name}: {airborne} steps in the air"
        );
        let y = pos(&world, p).y;
        assert!((y + 0.05).abs() <= 2.0 * SKIN + 1e-4, "{name}: {y}");
    }
}

#[test]
fn stairs_down_are_walked_down_on_the_ground() {
    //  □ -->
    //  ###|_              steps of 0.15 down (half the step height), tread 1: walking right
    //       |_            at 0.1 a step, each drop is snapped: grounded all the way down.
    //         |_
    for (name, shape) in shapes() {
        let mut world = World::new();
        wall(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
        for i in 0..6 {
            let x = i as f32;
            let top = -0.15 * (i + 1) as f32;
            wall(&mut world, v(x, top - 1.0), v(x + 1.0, top));
        }
        wall(&mut world, v(6.0, -2.0), v(30.0, -0.9));
        let p = body(&mut world, shape, v(-2.0, 0.41));
        let mut c = CharacterController::default();
        step(&mut c, &mut world, p, v(0.0, -0.1));
        for n in 0..100 {
            let s = step(&mut c, &mut world, p, v(0.1, -0.1));
            assert!(s.grounded(), "{name} step {n} at {}", pos(&world, p));
        }
        assert!(
            (pos(&world, p).y - (0.4 - 0.9)).abs() <= 2.0 * SKIN + 1e-4,
            "{name}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Stairs
// ---------------------------------------------------------------------------------------

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
    wall(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
    for i in 0..10 {
        let x = i as f32;
        wall(&mut world, v(x, -1.0), v(x + 1.0, rise * (i + 1) as f32));
    }
    wall(&mut world, v(10.0, -1.0), v(30.0, rise * 10.0));
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
        wall(
            &mut world,
            v(x, 1.0),
            v(x + 0.5, 1.0 + 0.2 * (i + 1) as f32),
        );
    }
    wall(&mut world, v(36.0, 0.0), v(200.0, 5.0));
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
        wall(&mut world, v(-2000.0, -32.0), v(0.0, 0.0));
        let ramp =
            ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, -32.0), v(run, -32.0), v(run, 96.0)]).unwrap();
        world.add(ColliderDesc::new(ramp, Vec2::ZERO)).unwrap();
        wall(&mut world, v(run, -32.0), v(run + 3000.0, 96.0));
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
        wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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
        wall(&mut world, v(-3.0, -1.0), v(3.0, 0.0));
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
        wall(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
        for i in 0..40 {
            let x = i as f32 * 0.1;
            let top = -0.1 * (i + 1) as f32;
            wall(&mut world, v(x, top - 1.0), v(x + 0.1, top));
        }
        wall(&mut world, v(4.0, -6.0), v(30.0, -4.0));
        let p = body(&mut world, shape, v(-3.0, 0.41));
        let mut pl = Platformer::default();
        pl.update(&mut world, p, NOTHING, DT).unwrap();
        for n in 0..90 {
            let s = pl.update(&mut world, p, RIGHT, DT).unwrap();
            assert!(s.grounded(), "{name} frame {n} at {}", pos(&world, p));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Moving platforms
// ---------------------------------------------------------------------------------------

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
    wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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
        wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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
    wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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

// ---------------------------------------------------------------------------------------
// Starting inside, walls, ceilings, bounces
// ---------------------------------------------------------------------------------------

#[test]
fn starting_inside_a_wall_is_pushed_out_the_shortest_way_in_one_step() {
    //  |###□##      the box overlaps the wall's right face by 0.1 (wall to x = 0, box centre
    //  |###         at 0.3): the shortest way out is right, 0.1 + skin, so x = 0.41.
    let mut world = World::new();
    wall(&mut world, v(-5.0, -5.0), v(0.0, 5.0));
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
    wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
    wall(&mut world, v(-20.0, 2.0), v(20.0, 3.0));
    wall(&mut world, v(2.0, 0.0), v(3.0, 2.0));
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
    wall(&mut world, v(2.0, -10.0), v(3.0, 10.0));
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
    wall(&mut world, v(-1000.0, -32.0), v(1000.0, 0.0));
    wall(&mut world, v(200.0, 0.0), v(232.0, 200.0));
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
        wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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

// ---------------------------------------------------------------------------------------
// Flicker
// ---------------------------------------------------------------------------------------

/// A long course of continuous ground: tile flats, 45° tile slopes up and down, and a run of
/// separate boxes (seams between colliders).
///
/// ```text
///            /##\                     /##\
///  ________/######\___[][][][][][]___/####\____ ...
/// ```
pub fn course(world: &mut World) {
    let mut rows = [String::new(), String::new(), String::new()];
    for _ in 0..8 {
        rows[2].push_str("#######/##\\######");
        rows[1].push_str("........##........");
        rows[0].push_str("..................");
    }
    // Hand-built 3-row strip: bottom row solid with a two-high hill of slopes.
    let w = rows[2].chars().count();
    let mut map = TileMap::new(w as u32, 3, 1.0).unwrap();
    for x in 0..w as u32 {
        map.set(x, 0, glissade::Tile::Solid).unwrap();
    }
    let mut x = 6;
    while x + 6 < w as u32 {
        map.set(x, 1, glissade::Tile::SlopeUpRight).unwrap();
        map.set(x + 1, 1, glissade::Tile::Solid).unwrap();
        map.set(x + 1, 2, glissade::Tile::SlopeUpRight).unwrap();
        map.set(x + 2, 1, glissade::Tile::Solid).unwrap();
        map.set(x + 2, 2, glissade::Tile::SlopeUpLeft).unwrap();
        map.set(x + 3, 1, glissade::Tile::SlopeUpLeft).unwrap();
        x += 17;
    }
    world.add(ColliderDesc::tiles(map, v(0.0, -1.0))).unwrap();
    // Separate boxes continuing the floor to the right.
    let w = w as f32;
    for i in 0..100 {
        let x = w + i as f32 * 0.7;
        wall(world, v(x, -1.0), v(x + 0.7, 0.0));
    }
}

#[test]
fn grounded_never_flickers_over_seams_and_slope_joints() {
    // 10,000 steps of walking right and left over the course at 0.08 a step, pressing down:
    // 0 changes of the grounded state, for each shape.
    for (name, shape) in shapes() {
        let mut world = World::new();
        course(&mut world);
        let p = body(&mut world, shape, v(1.0, 0.41));
        let mut c = CharacterController::default();
        step(&mut c, &mut world, p, v(0.0, -0.1));
        assert!(c.state.grounded());
        let end = 136.0 + 100.0 * 0.7 - 1.0;
        let mut dir = 1.0;
        let mut changes = 0;
        for n in 0..10_000 {
            let x = pos(&world, p).x;
            if x > end {
                dir = -1.0;
            } else if x < 1.0 {
                dir = 1.0;
            }
            let s = step(&mut c, &mut world, p, v(0.08 * dir, -0.1));
            if !s.grounded() {
                changes += 1;
                eprintln!("{name}: step {n} at {} not grounded", pos(&world, p));
            }
        }
        assert_eq!(changes, 0, "{name}");
    }
}

#[test]
fn a_running_platformer_never_flickers_over_seams_and_slope_joints() {
    // The same course run by the platformer at its top speed (22.5 units/s, 0.375 a step at
    // 60 Hz, 0.75 at 30 Hz), turning at the ends: 10,000 steps at each rate, 0 changes of the
    // grounded state.
    for (hz, (name, shape)) in [30.0f32, 60.0, 144.0]
        .into_iter()
        .flat_map(|hz| shapes().map(|s| (hz, s)))
    {
        let dt = 1.0 / hz;
        let mut world = World::new();
        course(&mut world);
        let p = body(&mut world, shape, v(1.0, 0.41));
        let mut pl = Platformer::default();
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        assert!(pl.controller.state.grounded());
        // Turning takes 22.5² / (2 × 78.75) = 3.2 units at the platformer's acceleration:
        // turn 5 units before each end.
        let end = 136.0 + 100.0 * 0.7 - 5.0;
        let mut right = true;
        let mut changes = 0;
        for n in 0..10_000 {
            let x = pos(&world, p).x;
            if x > end {
                right = false;
            } else if x < 5.0 {
                right = true;
            }
            let input = PlatformerInput {
                right,
                left: !right,
                ..NOTHING
            };
            if !pl.update(&mut world, p, input, dt).unwrap().grounded() {
                changes += 1;
                eprintln!(
                    "{name} at {hz} Hz: step {n} at {} not grounded",
                    pos(&world, p)
                );
            }
        }
        assert_eq!(changes, 0, "{name} at {hz} Hz");
    }
}

// ---------------------------------------------------------------------------------------
// Characters together
// ---------------------------------------------------------------------------------------

#[test]
fn characters_block_each_other_and_stand_on_heads() {
    //  □ -->  □      A walks right into B (standing): stops against it.
    //  ___________
    let mut world = World::new();
    wall(&mut world, v(-20.0, -1.0), v(20.0, 0.0));
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

// ---------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------

#[test]
fn bad_input_is_refused_by_name_and_moves_nothing() {
    let mut world = World::new();
    let p = body(&mut world, square(), v(0.0, 1.0));
    let map = tiles(&mut world, &["##"], v(5.0, 0.0));
    let mut c = CharacterController::default();
    let e = c
        .step(&mut world, p, Step::new(v(f32::NAN, 0.0), DT))
        .unwrap_err();
    assert!(e.to_string().contains("motion"), "{e}");
    let e = c
        .step(&mut world, p, Step::new(v(0.1, 0.0), 0.0))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Step.dt = 0: must be positive and finite (seconds)"
    );
    let e = c
        .step(&mut world, map, Step::new(v(0.1, 0.0), DT))
        .unwrap_err();
    assert!(e.to_string().contains("tile map"), "{e}");
    c.config.max_slope = 2.0;
    let e = c
        .step(&mut world, p, Step::new(v(0.1, 0.0), DT))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "CharacterConfig.max_slope = 2: must be in [0, π/2 - 1e-5] radians (below vertical)"
    );
    c.config = CharacterConfig {
        up: v(0.0, 2.0),
        ..CharacterConfig::default()
    };
    let e = c
        .step(&mut world, p, Step::new(v(0.1, 0.0), DT))
        .unwrap_err();
    assert!(matches!(e, CharacterError::BadUp(_)));
    c.config = CharacterConfig {
        ground_probe: SKIN,
        ..CharacterConfig::default()
    };
    let e = c
        .step(&mut world, p, Step::new(v(0.1, 0.0), DT))
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("CharacterConfig.ground_probe = 0.01"),
        "{e}"
    );
    assert_eq!(pos(&world, p), v(0.0, 1.0));
    // A motion beyond the supported range, a slope limit whose cosine is under the slack,
    // and a step so short that the velocity would overflow.
    let mut ramp = ramp_world(30.0);
    let q = body(&mut ramp, square(), v(-1.0, 0.41));
    let mut c = CharacterController::default();
    step(&mut c, &mut ramp, q, v(0.0, -0.1));
    let e = c
        .step(&mut ramp, q, Step::new(v(f32::MAX, 0.0), DT))
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("motion = [340282350000000000000000000000000000000, 0] is too large"),
        "{e}"
    );
    c.config.max_slope = std::f32::consts::FRAC_PI_2 - 1e-7;
    let e = c.step(&mut ramp, q, Step::new(Vec2::ZERO, DT)).unwrap_err();
    assert!(
        e.to_string().starts_with("CharacterConfig.max_slope"),
        "{e}"
    );
    c.config.max_slope = 0.7;
    c.step(&mut ramp, q, Step::new(v(1.0, 0.0), 1e-39)).unwrap();
    assert!(ramp.get(q).unwrap().velocity().is_finite());
    let mut pl = Platformer::default();
    pl.config.gravity = f32::INFINITY;
    let e = pl.update(&mut world, p, NOTHING, DT).unwrap_err();
    assert!(
        e.to_string().starts_with("PlatformerConfig.gravity = inf"),
        "{e}"
    );
}
