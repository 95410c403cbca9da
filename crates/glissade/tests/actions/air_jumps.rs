//! Air jumps: exactly as many extra jumps as set, given back on landing, and none without them.

use super::*;

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
