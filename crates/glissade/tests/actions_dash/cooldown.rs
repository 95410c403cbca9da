//! The cooldown, the air dashes given back on landing, a jump press during a dash, and an
//! update refused in the middle of one.

use super::*;

#[test]
fn the_cooldown_counts_from_the_dashs_end_and_ground_dashes_need_nothing_else() {
    // Dashes of 0.1 s (6 steps at 60 Hz, the last ending with its step) and a cooldown of
    // 0.1 s, on the floor, no air dashes. A press in the first update after the dash, and one
    // 3 updates later (0.05 s), do nothing; one 8 updates after the dash (0.133 s) dashes.
    // So on: on the ground only the cooldown limits dashes.
    let dt = 1.0 / 60.0;
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.config.dash_time = 0.1;
    pl.config.dash_cooldown = 0.1;
    pl.config.air_dashes = 0;
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    for round in 0..4 {
        assert_eq!(dash_to_end(&mut pl, &mut world, p, DASH_RIGHT, dt), 6);
        let mut waited = 0;
        for (wait, dashes) in [(0, false), (3, false), (8, true)] {
            while waited < wait {
                pl.update(&mut world, p, NOTHING, dt).unwrap();
                waited += 1;
            }
            pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
            waited += 1;
            assert_eq!(pl.dashing(), dashes, "round {round}, after {wait}");
            if !dashes {
                pl.update(&mut world, p, NOTHING, dt).unwrap();
                waited += 1;
            }
        }
        while pl.dashing() {
            pl.update(&mut world, p, DASH, dt).unwrap();
        }
        for _ in 0..10 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
        assert!(pl.controller.state.grounded());
    }
}

#[test]
fn exactly_air_dashes_dashes_in_the_air_given_back_on_landing() {
    // Two air dashes, short (1 unit in 0.05 s: 3 steps), no cooldown. Jumping off the floor
    // (18.75 up: 3.9 high, in the air for 0.83 s), the presses 5 steps apart dash twice, the
    // third does nothing. After landing, the same again.
    let dt = 1.0 / 60.0;
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.config.dash_distance = 1.0;
    pl.config.dash_time = 0.05;
    pl.config.dash_cooldown = 0.0;
    pl.config.air_dashes = 2;
    pl.config.jump_cut = 1.0;
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    for round in 0..2 {
        assert!(pl.controller.state.grounded(), "round {round}");
        pl.update(&mut world, p, JUMP, dt).unwrap();
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        for press in 0..3 {
            assert!(
                !pl.controller.state.grounded(),
                "round {round}, press {press}"
            );
            let up = PlatformerInput { up: true, ..DASH };
            pl.update(&mut world, p, up, dt).unwrap();
            assert_eq!(pl.dashing(), press < 2, "round {round}, press {press}");
            for _ in 0..4 {
                pl.update(&mut world, p, NOTHING, dt).unwrap();
            }
            assert!(!pl.dashing());
        }
        for _ in 0..600 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
            if pl.controller.state.grounded() {
                break;
            }
        }
        assert!(
            pl.controller.state.grounded(),
            "round {round}: never landed"
        );
    }
}

#[test]
fn a_jump_press_ends_a_dash_and_jumps() {
    // A ground dash, three updates in: a jump press ends it and jumps from the floor (the
    // upward speed 18.75 − 45/60 = 18 at the end of the step); the sideways speed is the
    // dash's 20, less what the top speed of 22.5 then takes off the whole velocity.
    let dt = 1.0 / 60.0;
    let (mut world, p) = floor_scene();
    let mut pl = dasher();
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
    pl.update(&mut world, p, DASH, dt).unwrap();
    assert!(pl.dashing());
    pl.update(&mut world, p, PlatformerInput { jump: true, ..DASH }, dt)
        .unwrap();
    assert!(!pl.dashing());
    assert_eq!(pl.animation(), Animation::Jump);
    assert!(!pl.controller.state.grounded());
    assert!(
        pl.velocity.y > 10.0 && pl.velocity.x > 10.0,
        "{}",
        pl.velocity
    );
    assert!(pl.velocity.length() <= 22.5 + EXACT);
}

#[test]
fn an_update_refused_in_the_middle_of_a_dash_changes_nothing() {
    // Dashing right at 60 Hz: the update after the second step has a bad dt and is refused;
    // the body, velocity, dash and animation are as before it, and the dash goes on to the
    // same end as one never interrupted.
    let dt = 1.0 / 60.0;
    let run = |interrupt: bool| {
        let (mut world, p) = floor_scene();
        let mut pl = dasher();
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        pl.update(&mut world, p, DASH_RIGHT, dt).unwrap();
        pl.update(&mut world, p, DASH, dt).unwrap();
        if interrupt {
            let before = (pos(&world, p), pl.velocity, pl.dashing(), pl.animation());
            for bad in [f32::NAN, 0.0, -dt, f32::INFINITY] {
                assert!(pl.update(&mut world, p, DASH_RIGHT, bad).is_err());
                let after = (pos(&world, p), pl.velocity, pl.dashing(), pl.animation());
                assert_eq!(after, before, "dt {bad}");
            }
        }
        let mut trace = Vec::new();
        for _ in 0..12 {
            pl.update(&mut world, p, DASH, dt).unwrap();
            trace.push((pos(&world, p), pl.velocity, pl.dashing()));
        }
        trace
    };
    assert_eq!(run(true), run(false));
}
