//! Slopes: those up to the limit are climbed and steeper ones block; standing still on a
//! walkable one, sliding down a steep one; sticking to the ground down ramps, over crests and
//! down stairs, and letting go at a ledge.

use super::*;

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
    static_box(&mut world, v(-10.0, -1.0), v(0.0, 0.0));
    let ramp = ConvexPolygon::new(&[
        v(0.0, 0.0),
        v(0.0, -1.0 - 5.0 * t30),
        v(5.0, -1.0 - 5.0 * t30),
        v(5.0, -5.0 * t30),
    ])
    .unwrap();
    world.add(ColliderDesc::new(ramp, Vec2::ZERO)).unwrap();
    let low = -5.0 * t30;
    static_box(&mut world, v(5.0, low - 1.0), v(10.0, low));
    static_box(&mut world, v(10.0, low - 4.0), v(20.0, low - 3.0));
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
        static_box(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
        static_box(&mut world, v(0.0, -1.45), v(20.0, -0.45));
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
        static_box(&mut world, v(-20.0, -1.0), v(0.0, 0.0));
        for i in 0..6 {
            let x = i as f32;
            let top = -0.15 * (i + 1) as f32;
            static_box(&mut world, v(x, top - 1.0), v(x + 1.0, top));
        }
        static_box(&mut world, v(6.0, -2.0), v(30.0, -0.9));
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
